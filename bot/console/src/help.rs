//! `/help`: the console's commands, written from the host's catalogue
//! (each command's headline) and the console's own syntax for each
//! ([`usage`], as [`crate::parse_line`] reads it), then the levels and
//! the variants.

use chronomate_host::commands::catalogue::{Name, headline};
use chronomate_host::{levels_help, variants_help};

/// How the console reads command `name`; `None`: the console does not
/// offer it. Every command of the catalogue is named here: a new one does
/// not compile until the console says how it reads it.
pub(crate) fn usage(name: Name) -> Option<&'static str> {
    Some(match name {
        Name::Challenge => {
            "/challenge [@user] VARIANT [days:N] [colour:white|black|random] [level:1-8] [record:FILE] [options]"
        }
        Name::Accept => "/accept [ID]",
        Name::Decline => "/decline [ID]",
        Name::Cancel => "/cancel [ID]",
        Name::Move => "/move [game:ID] [ACTION]",
        Name::Moves => "/moves [game:ID] [TEXT]",
        Name::Undo => "/undo [game:ID]",
        Name::Draft => "/draft [game:ID]",
        Name::Web => "/web [game:ID]",
        Name::Submit => "/submit [game:ID]",
        Name::Board => "/board [game:ID]",
        Name::Snapshot => "/snapshot [game:ID] [full]",
        Name::Games => "/games",
        Name::Resign => "/resign [game:ID] [confirm]",
        Name::Draw => "/draw offer|accept|decline [game:ID]",
        Name::Abort => "/abort [game:ID]",
        Name::History => "/history [game:ID]",
        Name::Analyse => "/analyse [game:ID]",
        Name::Rules => "/rules [VARIANT]",
        Name::Settings => "/settings [days:N] [reminder:HOURS]",
        Name::Choose => "/choose ID",
        Name::Help => "/help",
        Name::Rating => "/rating [@user] [VARIANT]",
        Name::Leaderboard => "/leaderboard VARIANT",
        Name::TournamentCreate => {
            "/tournament create VARIANT [format:roundrobin|double|swiss] [rounds:N] [days:N] [players:N] [start:YYYY-MM-DDTHH:MM|+2d] [name:Spring_Cup]"
        }
        Name::TournamentJoin => "/tournament join [ID]",
        Name::TournamentLeave => "/tournament leave [ID]",
        Name::TournamentStart => "/tournament start [ID]",
        Name::TournamentStandings => "/tournament standings [ID]",
        Name::TournamentPairings => "/tournament pairings [ID] [round:N]",
        Name::TournamentWithdraw => "/tournament withdraw [ID]",
        Name::TournamentCancel => "/tournament cancel [ID]",
        Name::TournamentList => "/tournament list",
        Name::ExportPgn => "/export pgn [game:ID]",
        Name::ExportCsv => "/export csv tournament:ID",
    })
    .filter(|_| name.spec().offered.console)
}

/// What only the console has.
const CONSOLE_ONLY: &str = "In this console: /as NAME (switch player), /images on|off, /wait (until Chronomate has answered), /quit";

/// The help text.
pub(crate) fn help_text() -> String {
    let mut lines = vec!["Commands:".to_owned()];
    for &name in Name::ALL {
        if let Some(usage) = usage(name) {
            lines.push(format!("{usage}  {}", headline(name.spec().about)));
        }
    }
    lines.push(CONSOLE_ONLY.to_owned());
    lines.push(levels_help());
    lines.push(variants_help());
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_line;

    #[test]
    fn help_names_each_level_with_its_elo() {
        let text = help_text();
        assert!(text.contains(&levels_help()), "{text}");
        assert!(levels_help().contains(" 1: ") && levels_help().contains(" 8: "));
    }

    /// The console and the catalogue agree: every command the catalogue
    /// offers on the console has a usage, which names it as the catalogue
    /// does, and the console reads that name (no "unknown command").
    #[test]
    fn the_console_reads_every_command_the_catalogue_offers_it() {
        for &name in Name::ALL {
            let offered = name.spec().offered.console;
            assert_eq!(usage(name).is_some(), offered, "{name:?}");
            let Some(usage) = usage(name) else { continue };
            let typed = format!("/{}", name.spec().name);
            assert!(
                usage == typed || usage.starts_with(&format!("{typed} ")),
                "{name:?}: {usage:?} does not start with {typed:?}"
            );
            if let Err(e) = parse_line(&typed) {
                assert!(
                    !e.to_string().starts_with("unknown command"),
                    "{typed}: {e}"
                );
                assert!(!e.to_string().starts_with("unknown /"), "{typed}: {e}");
            }
        }
        let text = help_text();
        assert!(text.contains("/challenge [@user"), "{text}");
    }
}
