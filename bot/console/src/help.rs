//! `/help`: the console's commands, as [`crate::parse_line`] reads them,
//! then the variants.

use chronomate_host::{levels_help, variants_help};

/// The commands, as the console reads them.
pub(crate) const HELP: &str = "\
Commands:
/challenge [@user] VARIANT [days:N] [colour:white|black|random] [options]  challenge someone (or anyone)
/challenge [@user] VARIANT record:FILE   start from a record's position (a 5DPGN puzzle: its headers, no moves)
/challenge @chronomate VARIANT [level:1-8] [colour:...]   play Chronomate itself (level 3 unless you say; unrated)
/accept [ID]  /decline [ID]  /cancel [ID]  answer or withdraw a challenge
/move [game:ID] ACTION   play an action (e4, Nf3, O-O, ...); in 5D chess, add a board move to your turn's draft
/move [game:ID]          pick an action step by step (choice: lines; /choose ID)
/undo [game:ID]  /draft [game:ID]  /submit [game:ID]   a drafted turn: take back its last move, show it, play it
/moves [game:ID] [TEXT]  what TEXT finds (e4, Nf3, >>, L3): actions, or groups to narrow to
/board [game:ID]         the board now
/snapshot [game:ID] [full]  every branch or timeline (full: every board of the history)
/games                   your games and open challenges
/resign [game:ID] [confirm]   /abort [game:ID]   /draw offer|accept|decline [game:ID]
/history [game:ID]       the record with headers
/analyse [game:ID]       a finished game's evaluation chart and its three biggest swings
/rules [VARIANT]         the rules in short
/settings [days:N] [reminder:HOURS]   this server's defaults
/choose ID               press a button (challenge:1:accept, game:1:draw:accept, ...)";

/// The community commands, for `/help`.
pub(crate) const COMMUNITY_HELP: &str = "\
/rating [@user] [VARIANT]     Glicko-2 ratings (? = provisional)   /leaderboard VARIANT
/tournament create VARIANT [format:roundrobin|double|swiss] [rounds:N] [days:N] [players:N] [start:YYYY-MM-DDTHH:MM|+2d] [name:Spring_Cup]
/tournament join|leave|start|standings|pairings|withdraw|cancel [ID]   /tournament list
/export pgn [game:ID]          a standard game as PGN    /export csv tournament:ID   results as CSV";

/// What only the console has.
const CONSOLE_ONLY: &str = "In this console: /as NAME (switch player), /images on|off, /wait (until Chronomate has answered), /quit";

/// The help text.
pub(crate) fn help_text() -> String {
    format!(
        "{HELP}\n{COMMUNITY_HELP}\n{}\n{}\n{CONSOLE_ONLY}",
        levels_help(),
        variants_help()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_names_each_level_with_its_elo() {
        let text = help_text();
        assert!(text.contains(&levels_help()), "{text}");
        assert!(levels_help().contains(" 1: ") && levels_help().contains(" 8: "));
    }
}
