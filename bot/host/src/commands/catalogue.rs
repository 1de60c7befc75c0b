//! Every command a player or an admin can give, described once for every
//! adapter (Discord, the console, the web page): its name as typed, what
//! it does, its arguments, who may give it, who sees its answer and where
//! the answer goes. Discord's slash commands take their descriptions from
//! here and are checked against it; the console's help is written from it.
//!
//! [`Name`] is the key: a command (or subcommand) added here is a new
//! variant, and every `match` over it (the console's usage, the typed
//! [`super::Command`]'s name) fails to compile until it is handled.
//!
//! Long on purpose: one entry a command, so that every command is read
//! and compared in one place.

/// A command, or a subcommand (`tournament create`), as the catalogue
/// knows it; what each is, [`Name::spec`] says.
#[allow(missing_docs)] // documented once, by `spec`
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Name {
    Challenge,
    Accept,
    Decline,
    Cancel,
    Move,
    Moves,
    Undo,
    Draft,
    Submit,
    Board,
    Web,
    Snapshot,
    Games,
    Resign,
    Draw,
    Abort,
    History,
    Analyse,
    Rules,
    Settings,
    Choose,
    Help,
    Rating,
    Leaderboard,
    TournamentCreate,
    TournamentJoin,
    TournamentLeave,
    TournamentStart,
    TournamentStandings,
    TournamentPairings,
    TournamentWithdraw,
    TournamentCancel,
    TournamentList,
    ExportPgn,
    ExportCsv,
}

/// Who may give a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// Any player.
    Anyone,
    /// Those who manage the server (Discord's Manage Server; the console's
    /// one user). The host checks it; an adapter may also hide the command
    /// from others.
    ServerManager,
}

/// Who sees a command's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Everyone where it was given (or in the game's place).
    Public,
    /// The one who gave it alone.
    Private,
}

/// Where a command's answer goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answered {
    /// In the game's own place (its thread): what the game's players and
    /// watchers follow.
    InGame,
    /// Where the command was given.
    Here,
    /// Where it was given, as a text file (a record, PGN, CSV).
    AsFile,
}

/// Which adapters offer a command. Every adapter offers every command
/// unless it has its own means for it: Discord lists legal actions as
/// autocomplete and presses buttons by click, so it has no `/moves` and
/// no `/choose`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offered {
    /// As a Discord slash command.
    pub discord: bool,
    /// As a console command.
    pub console: bool,
}

const EVERYWHERE: Offered = Offered {
    discord: true,
    console: true,
};
const CONSOLE_ONLY: Offered = Offered {
    discord: false,
    console: true,
};

/// One argument of a command (Discord's option of the same name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    /// Its name, as Discord shows it and the console reads `name:value`.
    pub name: &'static str,
    /// Whether the command needs it.
    pub required: bool,
    /// What it is, for help.
    pub about: &'static str,
}

/// What the catalogue says of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The command as typed, with its subcommand: `move`, `tournament
    /// create`.
    pub name: &'static str,
    /// What it does: its first sentence is its headline in help.
    pub about: &'static str,
    /// Its arguments, in the order Discord lists them.
    pub args: &'static [Arg],
    /// Who may give it.
    pub who: Who,
    /// Who sees its answer.
    pub shown: Shown,
    /// Where its answer goes.
    pub answered: Answered,
    /// Which adapters offer it.
    pub offered: Offered,
    /// Only in a server, never in a DM.
    pub in_server_only: bool,
}

/// The parent of subcommands (`tournament`, `export`) and what help says
/// of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its name as typed.
    pub name: &'static str,
    /// What its subcommands are about.
    pub about: &'static str,
}

/// The groups of subcommands.
pub const GROUPS: &[Group] = &[
    Group {
        name: "tournament",
        about: "Tournaments on this server.",
    },
    Group {
        name: "export",
        about: "A game as PGN, a tournament as CSV.",
    },
];

const GAME: Arg = Arg {
    name: "game",
    required: false,
    about: "The game's number (default: this thread's game, or your only one)",
};
const TOURNAMENT_ID: Arg = Arg {
    name: "id",
    required: false,
    about: "The tournament's number",
};
const VARIANT: Arg = Arg {
    name: "variant",
    required: true,
    about: "Which game",
};
const OPTIONS: Arg = Arg {
    name: "options",
    required: false,
    about: "The variant's own options as key:value words (/help lists them)",
};
const DAYS: Arg = Arg {
    name: "days",
    required: false,
    about: "Days per move, 1 to 14 (default: the server's)",
};

/// A command about one game, answered as `shown` where `answered` says.
const fn about_a_game(
    name: &'static str,
    about: &'static str,
    shown: Shown,
    answered: Answered,
) -> Spec {
    Spec {
        name,
        about,
        args: &[GAME],
        who: Who::Anyone,
        shown,
        answered,
        offered: EVERYWHERE,
        in_server_only: false,
    }
}

/// A tournament's subcommand naming it by `id`.
const fn about_a_tournament(name: &'static str, about: &'static str, id: &'static Arg) -> Spec {
    Spec {
        name,
        about,
        args: std::slice::from_ref(id),
        who: Who::Anyone,
        shown: Shown::Public,
        answered: Answered::Here,
        offered: EVERYWHERE,
        in_server_only: true,
    }
}

impl Name {
    /// Every command, in the order help lists them.
    pub const ALL: &'static [Name] = &[
        Name::Challenge,
        Name::Accept,
        Name::Decline,
        Name::Cancel,
        Name::Move,
        Name::Moves,
        Name::Undo,
        Name::Draft,
        Name::Submit,
        Name::Board,
        Name::Web,
        Name::Snapshot,
        Name::Games,
        Name::Resign,
        Name::Draw,
        Name::Abort,
        Name::History,
        Name::Analyse,
        Name::Rules,
        Name::Settings,
        Name::Choose,
        Name::Help,
        Name::Rating,
        Name::Leaderboard,
        Name::TournamentCreate,
        Name::TournamentJoin,
        Name::TournamentLeave,
        Name::TournamentStart,
        Name::TournamentStandings,
        Name::TournamentPairings,
        Name::TournamentWithdraw,
        Name::TournamentCancel,
        Name::TournamentList,
        Name::ExportPgn,
        Name::ExportCsv,
    ];

    /// What the catalogue says of it.
    pub const fn spec(self) -> Spec {
        use Answered::{AsFile, Here, InGame};
        use Shown::{Private, Public};
        match self {
            Name::Challenge => Spec {
                name: "challenge",
                about: "Challenge someone (or anyone) to a game.",
                args: &[
                    VARIANT,
                    Arg {
                        name: "opponent",
                        required: false,
                        about: "Who you challenge (leave empty: anyone may accept)",
                    },
                    Arg {
                        name: "colour",
                        required: false,
                        about: "Your colour (default: random)",
                    },
                    DAYS,
                    OPTIONS,
                    Arg {
                        name: "level",
                        required: false,
                        about: "Against Chronomate itself: its level, 1 (weakest) to 8 (default 3)",
                    },
                    Arg {
                        name: "record",
                        required: false,
                        about: "Start from a record's position: paste its headers (a 5DPGN puzzle: Board, 5DFEN boards)",
                    },
                ],
                who: Who::Anyone,
                // A game against Chronomate begins at once: its answer
                // goes to the game's thread like an accepted challenge's.
                shown: Public,
                answered: InGame,
                offered: EVERYWHERE,
                in_server_only: true,
            },
            Name::Accept => Spec {
                name: "accept",
                about: "Accept a challenge: the game begins in a thread of its own.",
                args: &[Arg {
                    name: "challenge",
                    required: false,
                    about: "The challenge's number (default: the one for you)",
                }],
                who: Who::Anyone,
                shown: Public,
                answered: InGame,
                offered: EVERYWHERE,
                in_server_only: true,
            },
            Name::Decline => Spec {
                name: "decline",
                about: "Decline a challenge to you.",
                args: &[Arg {
                    name: "challenge",
                    required: false,
                    about: "The challenge's number (default: the one for you)",
                }],
                who: Who::Anyone,
                shown: Public,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: true,
            },
            Name::Cancel => Spec {
                name: "cancel",
                about: "Withdraw your challenge.",
                args: &[Arg {
                    name: "challenge",
                    required: false,
                    about: "The challenge's number (default: your only one)",
                }],
                who: Who::Anyone,
                shown: Public,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: true,
            },
            Name::Move => Spec {
                name: "move",
                about: "Play an action, or pick one step by step. In 5D chess, it adds a move to your draft.",
                args: &[
                    Arg {
                        name: "action",
                        required: false,
                        about: "The action (suggestions as you type), or leave it out to pick step by step",
                    },
                    GAME,
                ],
                who: Who::Anyone,
                // An action is everyone's news, in the game's place; the
                // picker (no action) is the player's alone, where asked.
                shown: Public,
                answered: InGame,
                offered: EVERYWHERE,
                in_server_only: false,
            },
            Name::Moves => Spec {
                name: "moves",
                about: "The legal actions a text finds (e4, Nf3, >>, L3), or the groups to narrow to.",
                args: &[
                    GAME,
                    Arg {
                        name: "text",
                        required: false,
                        about: "What to look for (default: everything)",
                    },
                ],
                who: Who::Anyone,
                shown: Private,
                answered: Here,
                offered: CONSOLE_ONLY,
                in_server_only: false,
            },
            Name::Undo => about_a_game("undo", "Undo your 5D draft's last move.", Private, Here),
            Name::Draft => about_a_game(
                "draft",
                "Show your 5D draft. Only you see it.",
                Private,
                Here,
            ),
            Name::Submit => about_a_game(
                "submit",
                "Play your 5D draft as your turn. If it cannot be played yet, hear why.",
                Public,
                InGame,
            ),
            Name::Board => about_a_game("board", "The board as it stands.", Public, Here),
            Name::Web => about_a_game(
                "web",
                "Play by click in a browser: your own link, only you see it.",
                Private,
                Here,
            ),
            Name::Snapshot => Spec {
                name: "snapshot",
                about: "The whole game at once: every branch or timeline.",
                args: &[
                    GAME,
                    Arg {
                        name: "full",
                        required: false,
                        about: "Every board of the whole history, as a large image to open (default: the recent history, readable in the chat)",
                    },
                ],
                who: Who::Anyone,
                shown: Public,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: false,
            },
            Name::Games => Spec {
                name: "games",
                about: "Your games and open challenges.",
                args: &[],
                who: Who::Anyone,
                shown: Private,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: false,
            },
            Name::Resign => about_a_game(
                "resign",
                "Resign a game. You will be asked to confirm.",
                Private,
                InGame,
            ),
            Name::Draw => Spec {
                name: "draw",
                about: "Offer or answer a draw.",
                args: &[
                    Arg {
                        name: "answer",
                        required: false,
                        about: "offer (default), accept or decline",
                    },
                    GAME,
                ],
                who: Who::Anyone,
                shown: Public,
                answered: InGame,
                offered: EVERYWHERE,
                in_server_only: false,
            },
            Name::Abort => about_a_game(
                "abort",
                "Abort a game before both have moved: no result.",
                Public,
                InGame,
            ),
            Name::History => about_a_game("history", "A game's record, as a file.", Public, AsFile),
            Name::Analyse => Spec {
                name: "analyse",
                about: "A finished game as Chronomate sees it: its evaluation over the game, and the three biggest swings.",
                args: &[Arg {
                    name: "game",
                    required: false,
                    about: "The game's number (default: this thread's game, or your latest)",
                }],
                who: Who::Anyone,
                shown: Public,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: false,
            },
            Name::Rules => Spec {
                name: "rules",
                about: "A variant's rules in short, or the list of variants.",
                args: &[Arg {
                    name: "variant",
                    required: false,
                    about: "Which game (default: list them all)",
                }],
                who: Who::Anyone,
                shown: Private,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: false,
            },
            Name::Settings => Spec {
                name: "settings",
                about: "This server's defaults: days per move and the reminder (Manage Server).",
                args: &[
                    Arg {
                        name: "default_days",
                        required: false,
                        about: "Days per move for new challenges, 1 to 14",
                    },
                    Arg {
                        name: "reminder_hours",
                        required: false,
                        about: "Remind the player to move this many hours before the deadline (0: never)",
                    },
                ],
                who: Who::ServerManager,
                shown: Private,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: true,
            },
            Name::Choose => Spec {
                name: "choose",
                about: "Press a button by its id (challenge:1:accept, game:1:draw:accept, ...).",
                args: &[Arg {
                    name: "id",
                    required: true,
                    about: "The button's id, as the answer that offered it lists it",
                }],
                who: Who::Anyone,
                shown: Public,
                answered: Here,
                offered: CONSOLE_ONLY,
                in_server_only: false,
            },
            Name::Help => Spec {
                name: "help",
                about: "What Chronomate can do.",
                args: &[],
                who: Who::Anyone,
                shown: Private,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: false,
            },
            Name::Rating => Spec {
                name: "rating",
                about: "Glicko-2 ratings. A ? marks a provisional one.",
                args: &[
                    Arg {
                        name: "user",
                        required: false,
                        about: "Whose ratings (default: yours)",
                    },
                    Arg {
                        name: "variant",
                        required: false,
                        about: "Which game (default: every game played)",
                    },
                ],
                who: Who::Anyone,
                shown: Private,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: false,
            },
            Name::Leaderboard => Spec {
                name: "leaderboard",
                about: "This server's best players of a game.",
                args: &[VARIANT],
                who: Who::Anyone,
                shown: Public,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: false,
            },
            Name::TournamentCreate => Spec {
                name: "tournament create",
                about: "Create a tournament, open for entries.",
                args: &[
                    VARIANT,
                    Arg {
                        name: "format",
                        required: false,
                        about: "Pairing system (default: round robin)",
                    },
                    Arg {
                        name: "rounds",
                        required: false,
                        about: "Swiss only: rounds (default 5)",
                    },
                    DAYS,
                    Arg {
                        name: "players",
                        required: false,
                        about: "Most players, 2 to 64 (default 16)",
                    },
                    Arg {
                        name: "start",
                        required: false,
                        about: "Start by itself at 2025-03-01T18:00 (UTC) or after a delay like +2d",
                    },
                    Arg {
                        name: "name",
                        required: false,
                        about: "The tournament's name",
                    },
                    OPTIONS,
                ],
                who: Who::Anyone,
                shown: Public,
                answered: Here,
                offered: EVERYWHERE,
                in_server_only: true,
            },
            Name::TournamentJoin => about_a_tournament(
                "tournament join",
                "Join a tournament.",
                &Arg {
                    name: "id",
                    required: false,
                    about: "The tournament's number (default: the only open one)",
                },
            ),
            Name::TournamentLeave => about_a_tournament(
                "tournament leave",
                "Leave a tournament that has not started.",
                &TOURNAMENT_ID,
            ),
            Name::TournamentStart => about_a_tournament(
                "tournament start",
                "Start a tournament now (its organiser, or Manage Server).",
                &TOURNAMENT_ID,
            ),
            Name::TournamentStandings => about_a_tournament(
                "tournament standings",
                "The standings, with a table image.",
                &TOURNAMENT_ID,
            ),
            Name::TournamentPairings => Spec {
                args: &[
                    TOURNAMENT_ID,
                    Arg {
                        name: "round",
                        required: false,
                        about: "Which round (default: the current one)",
                    },
                ],
                ..about_a_tournament(
                    "tournament pairings",
                    "The pairings of a round.",
                    &TOURNAMENT_ID,
                )
            },
            Name::TournamentWithdraw => about_a_tournament(
                "tournament withdraw",
                "Withdraw from a running tournament (your game in play is resigned).",
                &TOURNAMENT_ID,
            ),
            Name::TournamentCancel => about_a_tournament(
                "tournament cancel",
                "Cancel a tournament (its organiser, or Manage Server).",
                &TOURNAMENT_ID,
            ),
            Name::TournamentList => Spec {
                args: &[],
                shown: Private,
                ..about_a_tournament(
                    "tournament list",
                    "This server's tournaments.",
                    &TOURNAMENT_ID,
                )
            },
            Name::ExportPgn => about_a_game(
                "export pgn",
                "A standard game as PGN (lichess imports it).",
                Public,
                AsFile,
            ),
            Name::ExportCsv => Spec {
                name: "export csv",
                about: "A tournament's results as CSV.",
                args: &[Arg {
                    name: "tournament",
                    required: false,
                    about: "The tournament's number",
                }],
                who: Who::Anyone,
                shown: Public,
                answered: AsFile,
                offered: EVERYWHERE,
                in_server_only: true,
            },
        }
    }

    /// The command as typed, without its group (`create` of `tournament
    /// create`), and its group if it has one.
    pub fn split(self) -> (Option<&'static str>, &'static str) {
        let name = self.spec().name;
        match name.split_once(' ') {
            Some((group, sub)) => (Some(group), sub),
            None => (None, name),
        }
    }

    /// The command typed as `name` (`tournament create`), if any.
    pub fn find(name: &str) -> Option<Name> {
        Name::ALL.iter().copied().find(|n| n.spec().name == name)
    }
}

/// A description's headline: up to its first colon or full stop
/// (`Accept a challenge: the game begins...` is `Accept a challenge`).
pub fn headline(about: &str) -> &str {
    about.split([':', '.']).next().unwrap_or(about).trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_listed_once_and_found_by_its_name() {
        let mut seen = std::collections::HashSet::new();
        for &name in Name::ALL {
            assert!(seen.insert(name), "{name:?} listed twice");
            assert_eq!(Name::find(name.spec().name), Some(name));
        }
        // Every variant is in ALL: the match in `spec` is exhaustive, and
        // this counts its arms' names.
        let names: std::collections::HashSet<&str> =
            Name::ALL.iter().map(|n| n.spec().name).collect();
        assert_eq!(names.len(), Name::ALL.len());
    }

    #[test]
    fn every_group_has_its_subcommands_and_nothing_else_has_a_space() {
        for &name in Name::ALL {
            if let (Some(group), sub) = name.split() {
                assert!(GROUPS.iter().any(|g| g.name == group), "{name:?}");
                assert!(!sub.contains(' '), "{name:?}");
            }
        }
        for g in GROUPS {
            assert!(
                Name::ALL.iter().any(|n| n.split().0 == Some(g.name)),
                "{} has no subcommand",
                g.name
            );
        }
    }

    #[test]
    fn every_argument_is_named_once_and_required_ones_come_first() {
        for &name in Name::ALL {
            let args = name.spec().args;
            let mut names = std::collections::HashSet::new();
            for a in args {
                assert!(names.insert(a.name), "{name:?}: {} twice", a.name);
                assert!(!a.about.is_empty(), "{name:?}: {}", a.name);
            }
            // Discord lists required options before optional ones.
            let first_optional = args.iter().position(|a| !a.required).unwrap_or(args.len());
            assert!(
                args[first_optional..].iter().all(|a| !a.required),
                "{name:?}"
            );
        }
    }

    #[test]
    fn a_headline_stops_at_the_first_colon_or_full_stop() {
        assert_eq!(
            headline("Accept a challenge: the game begins in a thread of its own."),
            "Accept a challenge"
        );
        assert_eq!(
            headline("What Chronomate can do."),
            "What Chronomate can do"
        );
    }
}
