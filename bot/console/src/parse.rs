//! Reads one console line into a command. Never panics; a line it cannot
//! read gets a message that says what was expected.

use chronomate_rules::{Variant, quote};

use chronomate_host::{
    ChallengeId, ChallengeTerms, Command as HostCommand, DrawMove, GameId, Player, SettingsChange,
    TournamentId,
};

use crate::words::{
    ParseError, err, is_chronomate, leading_game, only_id, read_name, read_variant_word,
};

/// A console command: the Discord slash commands plus `/as` (hot-seat),
/// `/choose` (press a button) and `/quit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    Help,
    /// Switch who is typing.
    As(String),
    Challenge(ChallengeTerms),
    /// `/challenge ... record:PATH`: the terms, starting from the
    /// position of the record in that file.
    ChallengeFrom {
        terms: ChallengeTerms,
        record: std::path::PathBuf,
    },
    Accept(Option<ChallengeId>),
    Decline(Option<ChallengeId>),
    Cancel(Option<ChallengeId>),
    Move {
        game: Option<GameId>,
        text: String,
    },
    /// `/move` with no action: the guided picker.
    Pick(Option<GameId>),
    Moves {
        game: Option<GameId>,
        typed: String,
    },
    Board(Option<GameId>),
    /// `/snapshot [game:ID] [full]`.
    Snapshot {
        game: Option<GameId>,
        full: bool,
    },
    Games,
    Resign {
        game: Option<GameId>,
        confirm: bool,
    },
    Draw {
        game: Option<GameId>,
        what: DrawMove,
    },
    Abort(Option<GameId>),
    /// A drafted turn (5D chess): take back its last move.
    Undo(Option<GameId>),
    /// A drafted turn: play it.
    Submit(Option<GameId>),
    /// A drafted turn: show it.
    Draft(Option<GameId>),
    Web(Option<GameId>),
    History(Option<GameId>),
    /// A finished game's evaluation chart and biggest swings.
    Analyse(Option<GameId>),
    /// Console only: wait until Chronomate has answered (for scripts).
    Wait,
    Rules(Option<Variant>),
    Settings(SettingsChange),
    Choose(String),
    /// Console only: draw board images or not (text-only play is faster).
    Images(bool),
    /// A player's ratings (the caller's by default).
    Rating {
        who: Option<Player>,
        variant: Option<Variant>,
    },
    Leaderboard(Variant),
    Tournament(TournamentCommand),
    /// A standard game as PGN.
    ExportPgn(Option<GameId>),
    /// A tournament's results as CSV.
    ExportCsv(Option<TournamentId>),
    Quit,
}

/// `/tournament SUBCOMMAND ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TournamentCommand {
    /// The terms as typed (read by the host, which knows the time).
    Create(String),
    Join(Option<TournamentId>),
    Leave(Option<TournamentId>),
    Start(Option<TournamentId>),
    Standings(Option<TournamentId>),
    Pairings {
        id: Option<TournamentId>,
        round: Option<i64>,
    },
    Withdraw(Option<TournamentId>),
    Cancel(Option<TournamentId>),
    List,
}

impl Command {
    /// The host's command this is, for those every adapter shares; the
    /// console's own (and those that read a file or the clock first:
    /// `/challenge record:`, `/tournament create`) come back as they are.
    pub(crate) fn for_the_host(self) -> Result<HostCommand, Box<Command>> {
        Ok(match self {
            Command::Challenge(terms) => HostCommand::Challenge(terms),
            Command::Accept(id) => HostCommand::Accept(id),
            Command::Decline(id) => HostCommand::Decline(id),
            Command::Cancel(id) => HostCommand::Cancel(id),
            Command::Move { game, text } => HostCommand::Move {
                game,
                action: Some(text),
            },
            Command::Pick(game) => HostCommand::Move { game, action: None },
            Command::Moves { game, typed } => HostCommand::Moves { game, typed },
            Command::Board(game) => HostCommand::Board(game),
            Command::Snapshot { game, full } => HostCommand::Snapshot { game, full },
            Command::Games => HostCommand::Games,
            Command::Resign { game, confirm } => HostCommand::Resign { game, confirm },
            Command::Draw { game, what } => HostCommand::Draw { game, answer: what },
            Command::Abort(game) => HostCommand::Abort(game),
            Command::Undo(game) => HostCommand::Undo(game),
            Command::Submit(game) => HostCommand::Submit(game),
            Command::Draft(game) => HostCommand::Draft(game),
            Command::Web(game) => HostCommand::Web(game),
            Command::History(game) => HostCommand::History(game),
            Command::Analyse(game) => HostCommand::Analyse(game),
            Command::Rules(variant) => HostCommand::Rules(variant),
            Command::Settings(change) => HostCommand::Settings(change),
            Command::Choose(id) => HostCommand::Choose(id),
            Command::Rating { who, variant } => HostCommand::Rating { who, variant },
            Command::Leaderboard(variant) => HostCommand::Leaderboard(variant),
            Command::ExportPgn(game) => HostCommand::ExportPgn(game),
            Command::ExportCsv(id) => HostCommand::ExportCsv(id),
            Command::Tournament(t) => match t {
                TournamentCommand::Join(id) => HostCommand::TournamentJoin(id),
                TournamentCommand::Leave(id) => HostCommand::TournamentLeave(id),
                TournamentCommand::Start(id) => HostCommand::TournamentStart(id),
                TournamentCommand::Standings(id) => HostCommand::TournamentStandings(id),
                TournamentCommand::Pairings { id, round } => {
                    HostCommand::TournamentPairings { id, round }
                }
                TournamentCommand::Withdraw(id) => HostCommand::TournamentWithdraw(id),
                TournamentCommand::Cancel(id) => HostCommand::TournamentCancel(id),
                TournamentCommand::List => HostCommand::TournamentList,
                create @ TournamentCommand::Create(_) => {
                    return Err(Box::new(Command::Tournament(create)));
                }
            },
            own @ (Command::Help
            | Command::As(_)
            | Command::ChallengeFrom { .. }
            | Command::Wait
            | Command::Images(_)
            | Command::Quit) => return Err(Box::new(own)),
        })
    }
}

fn tournament_command(args: &[&str]) -> Result<TournamentCommand, ParseError> {
    const USAGE: &str =
        "/tournament create|join|leave|start|standings|pairings|withdraw|cancel|list [ID]";
    let Some((sub, rest)) = args.split_first() else {
        return err(format!("usage: {USAGE}"));
    };
    let id = |usage: &str| only_id(rest, usage);
    Ok(match sub.to_ascii_lowercase().as_str() {
        "create" | "new" => {
            if rest.is_empty() {
                return err(
                    "usage: /tournament create VARIANT [format:roundrobin|double|swiss] [rounds:N] [days:N] [players:N] [start:WHEN] [name:NAME]",
                );
            }
            TournamentCommand::Create(rest.join(" "))
        }
        "join" | "enter" => TournamentCommand::Join(id("/tournament join [ID]")?),
        "leave" => TournamentCommand::Leave(id("/tournament leave [ID]")?),
        "start" | "begin" => TournamentCommand::Start(id("/tournament start [ID]")?),
        "standings" | "table" | "results" => {
            TournamentCommand::Standings(id("/tournament standings [ID]")?)
        }
        "pairings" | "round" => {
            let usage = "/tournament pairings [ID] [round:N]";
            let mut tid = None;
            let mut round = None;
            for w in rest {
                let lower = w.to_ascii_lowercase();
                if let Some(r) = lower
                    .strip_prefix("round")
                    .map(|r| r.trim_start_matches([':', '=']))
                {
                    round = Some(r.parse::<i64>().ok().filter(|n| *n > 0).ok_or_else(|| {
                        ParseError(format!(
                            "cannot read {:?} as a round; usage: {usage}",
                            quote(w)
                        ))
                    })?);
                } else if tid.is_none() {
                    tid = only_id(&[*w], usage)?;
                } else {
                    return err(format!("too many words; usage: {usage}"));
                }
            }
            TournamentCommand::Pairings { id: tid, round }
        }
        "withdraw" => TournamentCommand::Withdraw(id("/tournament withdraw [ID]")?),
        "cancel" => TournamentCommand::Cancel(id("/tournament cancel [ID]")?),
        "list" => match rest {
            [] => TournamentCommand::List,
            _ => return err("usage: /tournament list"),
        },
        other => return err(format!("unknown /tournament {other}; usage: {USAGE}")),
    })
}

/// Reads one line. `Ok(None)`: nothing to do (blank, or a `#` comment).
pub(crate) fn parse_line(line: &str) -> Result<Option<Command>, ParseError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("# ") || line == "#" || line.starts_with("//") {
        return Ok(None);
    }
    let Some(body) = line.strip_prefix('/') else {
        return err(format!(
            "commands start with /, like /move {line}; /help lists them"
        ));
    };
    let words: Vec<&str> = body.split_whitespace().collect();
    let Some((name, args)) = words.split_first() else {
        return err("an empty command; /help lists them");
    };
    let rest_text = |args: &[&str]| args.join(" ");
    let command = match name.to_ascii_lowercase().as_str() {
        "help" | "h" | "?" => Command::Help,
        "quit" | "exit" => Command::Quit,
        "as" | "iam" | "user" => match args {
            [who] if is_chronomate(who) => {
                return err("chronomate is the bot's own name: pick another");
            }
            [who] => Command::As(read_name(who)?),
            _ => return err("usage: /as NAME"),
        },
        "challenge" | "c" => {
            let mut opponent = None;
            let mut terms = Vec::new();
            let mut record = None;
            for w in args {
                if let Some((key, path)) = w.split_once([':', '='])
                    && key.eq_ignore_ascii_case("record")
                {
                    record = Some(std::path::PathBuf::from(path));
                    continue;
                }
                let who = match w.split_once([':', '=']) {
                    _ if w.starts_with('@') => Some(*w),
                    Some((key, value))
                        if matches!(
                            key.to_ascii_lowercase().as_str(),
                            "opponent" | "user" | "vs"
                        ) =>
                    {
                        Some(value)
                    }
                    _ => None,
                };
                match who {
                    Some(_) if opponent.is_some() => return err("challenge one player at a time"),
                    Some(who) if is_chronomate(who) => opponent = Some(Player::chronomate()),
                    Some(who) => opponent = Some(Player::console(&read_name(who)?)),
                    None => terms.push(*w),
                }
            }
            let mut t = ChallengeTerms::parse(&terms.join(" ")).map_err(|e| {
                ParseError(format!(
                    "{e}; usage: /challenge [@user|@chronomate] VARIANT [days:N] [colour:white|black|random] [level:N]"
                ))
            })?;
            t.opponent = opponent;
            match record {
                Some(record) => Command::ChallengeFrom { terms: t, record },
                None => Command::Challenge(t),
            }
        }
        "accept" => Command::Accept(only_id(args, "/accept [ID]")?),
        "decline" => Command::Decline(only_id(args, "/decline [ID]")?),
        "cancel" => Command::Cancel(only_id(args, "/cancel [ID]")?),
        "move" | "m" | "act" | "play" => {
            let (game, rest) = leading_game(args);
            if rest.is_empty() {
                return Ok(Some(Command::Pick(game)));
            }
            Command::Move {
                game,
                text: rest_text(rest),
            }
        }
        "moves" | "legal" | "suggest" => {
            let (game, rest) = leading_game(args);
            Command::Moves {
                game,
                typed: rest_text(rest),
            }
        }
        "board" | "b" => Command::Board(only_id(args, "/board [game:ID]")?),
        "snapshot" => {
            let usage = "/snapshot [game:ID] [full]";
            let (full, rest): (Vec<&str>, Vec<&str>) =
                args.iter().partition(|w| w.eq_ignore_ascii_case("full"));
            if full.len() > 1 {
                return err(format!("\"full\" given twice; usage: {usage}"));
            }
            Command::Snapshot {
                game: only_id(&rest, usage)?,
                full: !full.is_empty(),
            }
        }
        "games" | "list" => match args {
            [] => Command::Games,
            _ => return err("usage: /games"),
        },
        "resign" => {
            let mut confirm = false;
            let mut rest = Vec::new();
            for w in args {
                if w.eq_ignore_ascii_case("confirm") || w.eq_ignore_ascii_case("yes") {
                    confirm = true;
                } else {
                    rest.push(*w);
                }
            }
            Command::Resign {
                game: only_id(&rest, "/resign [game:ID] [confirm]")?,
                confirm,
            }
        }
        "draw" => {
            let usage = "/draw offer|accept|decline [game:ID]";
            let Some((what, rest)) = args.split_first() else {
                return err(format!("usage: {usage}"));
            };
            let what = match what.to_ascii_lowercase().as_str() {
                "offer" => DrawMove::Offer,
                "accept" => DrawMove::Accept,
                "decline" | "withdraw" => DrawMove::Decline,
                other => return err(format!("cannot read {:?}; usage: {usage}", quote(other))),
            };
            Command::Draw {
                game: only_id(rest, usage)?,
                what,
            }
        }
        "abort" => Command::Abort(only_id(args, "/abort [game:ID]")?),
        "undo" => Command::Undo(only_id(args, "/undo [game:ID]")?),
        "submit" => Command::Submit(only_id(args, "/submit [game:ID]")?),
        "draft" => Command::Draft(only_id(args, "/draft [game:ID]")?),
        "web" => Command::Web(only_id(args, "/web [game:ID]")?),
        "history" | "pgn" => Command::History(only_id(args, "/history [game:ID]")?),
        "analyse" | "analyze" | "analysis" => {
            Command::Analyse(only_id(args, "/analyse [game:ID]")?)
        }
        "wait" => match args {
            [] => Command::Wait,
            _ => return err("usage: /wait"),
        },
        "rules" => match args {
            [] => Command::Rules(None),
            [v] => Command::Rules(Some(
                v.parse()
                    .map_err(|e: chronomate_rules::UnknownVariant| ParseError(e.to_string()))?,
            )),
            _ => return err("usage: /rules [VARIANT]"),
        },
        "settings" => Command::Settings(
            SettingsChange::parse(&rest_text(args)).map_err(|e| ParseError(e.to_string()))?,
        ),
        "choose" | "press" | "button" => match args {
            [id] => Command::Choose((*id).to_owned()),
            _ => return err("usage: /choose ID, like /choose challenge:1:accept"),
        },
        "rating" | "ratings" => {
            let mut who = None;
            let mut variant = None;
            for w in args {
                if w.starts_with('@') || w.to_ascii_lowercase().starts_with("user:") {
                    let name = w.strip_prefix("user:").unwrap_or(w);
                    who = Some(Player::console(&read_name(name)?));
                } else if variant.is_none() && read_variant_word(w).is_ok() {
                    variant = Some(read_variant_word(w)?);
                } else if who.is_none() {
                    who = Some(Player::console(&read_name(w)?));
                } else {
                    return err("usage: /rating [@user] [VARIANT]");
                }
            }
            Command::Rating { who, variant }
        }
        "leaderboard" | "top" => match args {
            [v] => Command::Leaderboard(read_variant_word(v)?),
            _ => return err("usage: /leaderboard VARIANT"),
        },
        "tournament" | "t" => Command::Tournament(tournament_command(args)?),
        "export" => match args.split_first() {
            Some((kind, rest)) if kind.eq_ignore_ascii_case("pgn") => {
                Command::ExportPgn(only_id(rest, "/export pgn [game:ID]")?)
            }
            Some((kind, rest)) if kind.eq_ignore_ascii_case("csv") => {
                Command::ExportCsv(only_id(rest, "/export csv tournament:ID")?)
            }
            _ => return err("usage: /export pgn [game:ID] or /export csv tournament:ID"),
        },
        "images" => match args {
            [on] if on.eq_ignore_ascii_case("on") => Command::Images(true),
            [off] if off.eq_ignore_ascii_case("off") => Command::Images(false),
            _ => return err("usage: /images on|off"),
        },
        other => {
            return err(format!(
                "unknown command /{other}; /help lists the commands"
            ));
        }
    };
    Ok(Some(command))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chronomate_host::ColourChoice;
    use proptest::prelude::*;

    fn ok(line: &str) -> Command {
        parse_line(line).unwrap().unwrap()
    }

    #[test]
    fn commands() {
        assert_eq!(ok("/as alice"), Command::As("alice".into()));
        assert_eq!(ok("/as @Bob"), Command::As("Bob".into()));
        match ok("/challenge @bob standard days:3 colour:white") {
            Command::Challenge(t) => {
                assert_eq!(t.opponent, Some(Player::console("bob")));
                assert_eq!(t.variant, Variant::Standard);
                assert_eq!(t.days, Some(3));
                assert_eq!(t.colour, ColourChoice::White);
            }
            other => panic!("{other:?}"),
        }
        match ok("/challenge multiverse branches:31 opponent:carol") {
            Command::Challenge(t) => {
                assert_eq!(t.opponent, Some(Player::console("carol")));
                assert_eq!(t.options.to_string(), "branches:31");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(ok("/accept"), Command::Accept(None));
        assert_eq!(ok("/accept #4"), Command::Accept(Some(ChallengeId(4))));
        assert_eq!(
            ok("/decline challenge:4"),
            Command::Decline(Some(ChallengeId(4)))
        );
        assert_eq!(
            ok("/move e4"),
            Command::Move {
                game: None,
                text: "e4".into()
            }
        );
        assert_eq!(
            ok("/move game:3 Bf1// to 9"),
            Command::Move {
                game: Some(GameId(3)),
                text: "Bf1// to 9".into()
            }
        );
        assert_eq!(
            ok("/move Qxf7#"),
            Command::Move {
                game: None,
                text: "Qxf7#".into()
            }
        );
        assert_eq!(ok("/move"), Command::Pick(None));
        assert_eq!(ok("/move #3"), Command::Pick(Some(GameId(3))));
        assert_eq!(ok("/board 2"), Command::Board(Some(GameId(2))));
        assert_eq!(
            ok("/snapshot"),
            Command::Snapshot {
                game: None,
                full: false
            }
        );
        for line in ["/snapshot game:2 full", "/snapshot FULL #2"] {
            assert_eq!(
                ok(line),
                Command::Snapshot {
                    game: Some(GameId(2)),
                    full: true
                },
                "{line}"
            );
        }
        assert_eq!(
            ok("/resign #2 confirm"),
            Command::Resign {
                game: Some(GameId(2)),
                confirm: true
            }
        );
        assert_eq!(
            ok("/draw offer"),
            Command::Draw {
                game: None,
                what: DrawMove::Offer
            }
        );
        assert_eq!(
            ok("/rules standard"),
            Command::Rules(Some(Variant::Standard))
        );
        assert_eq!(
            ok("/choose game:1:draw:accept"),
            Command::Choose("game:1:draw:accept".into())
        );
        assert_eq!(ok("/images off"), Command::Images(false));
        match ok("/challenge @Chronomate standard level:5") {
            Command::Challenge(t) => {
                assert_eq!(t.opponent, Some(Player::chronomate()));
                assert_eq!(t.level, Some(5));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(ok("/analyse game:3"), Command::Analyse(Some(GameId(3))));
        assert_eq!(ok("/wait"), Command::Wait);
        assert_eq!(parse_line("").unwrap(), None);
        assert_eq!(parse_line("# a comment").unwrap(), None);
        for bad in [
            "e4",
            "/",
            "/dance",
            "/as",
            "/as two words",
            "/as bad!name",
            "/board x",
            "/board 1 2",
            "/snapshot full full",
            "/snapshot whole",
            "/snapshot 1 2 full",
            "/accept -1",
            "/accept 0",
            "/draw",
            "/draw maybe",
            "/challenge",
            "/challenge @bob @carol standard",
            "/challenge chess960",
            "/rules chess960",
            "/settings days:99",
            "/choose",
            "/games now",
            "/images maybe",
            "/as chronomate",
            "/challenge @chronomate standard level:9",
            "/wait now",
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn never_panics(line in "\\PC*") {
            let _ = parse_line(&line);
        }

        #[test]
        fn never_panics_on_command_shapes(
            cmd in prop::sample::select(vec![
                "/as", "/challenge", "/accept", "/decline", "/cancel", "/move", "/moves",
                "/board", "/snapshot", "/games", "/resign", "/draw", "/abort", "/history",
                "/rules", "/settings", "/choose", "/help", "/quit", "/images", "/analyse", "/wait",
                "/undo", "/submit", "/draft",
            ]),
            args in prop::collection::vec("[@#:=a-z0-9/_. -]{0,12}|\\PC{0,6}", 0..5),
        ) {
            let line = format!("{cmd} {}", args.join(" "));
            let _ = parse_line(&line);
        }
    }
}
