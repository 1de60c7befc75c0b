//! The commands every adapter gives the host: one typed [`Command`] a
//! command (read from a slash command's options, a console line, a web
//! page's request), carried out by [`Host::execute`], and the catalogue
//! that describes them all ([`catalogue`]).
//!
//! An adapter maps its input into a [`Command`] and shows the reply as
//! the catalogue says ([`Command::presentation`]); what each command does
//! is the host's business, here, once.

pub mod catalogue;

use chronomate_rules::Variant;

use super::{
    ChallengeId, ChallengeTerms, DrawMove, GameId, Host, Player, Reply, SettingsChange,
    TournamentId, TournamentTerms, Work,
};
use catalogue::{Answered, Name, Shown};

/// How many actions or groups `/moves` lists.
pub const MOVES_LISTED: usize = 25;

/// A command, as any adapter gives it, its arguments read and typed.
/// What each does is its catalogue entry's `about` ([`Command::name`]).
#[allow(missing_docs)] // documented once, in the catalogue
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Challenge someone (an opponent in the terms) or anyone.
    Challenge(ChallengeTerms),
    Accept(Option<ChallengeId>),
    Decline(Option<ChallengeId>),
    Cancel(Option<ChallengeId>),
    /// Play `action`, or, without one, pick it step by step.
    Move {
        game: Option<GameId>,
        action: Option<String>,
    },
    /// What `typed` finds among the legal actions.
    Moves {
        game: Option<GameId>,
        typed: String,
    },
    Undo(Option<GameId>),
    Draft(Option<GameId>),
    Submit(Option<GameId>),
    Board(Option<GameId>),
    Web(Option<GameId>),
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
        answer: DrawMove,
    },
    Abort(Option<GameId>),
    History(Option<GameId>),
    Analyse(Option<GameId>),
    Rules(Option<Variant>),
    Settings(SettingsChange),
    /// Press the button whose id this is.
    Choose(String),
    Rating {
        who: Option<Player>,
        variant: Option<Variant>,
    },
    Leaderboard(Variant),
    TournamentCreate(TournamentTerms),
    TournamentJoin(Option<TournamentId>),
    TournamentLeave(Option<TournamentId>),
    TournamentStart(Option<TournamentId>),
    TournamentStandings(Option<TournamentId>),
    TournamentPairings {
        id: Option<TournamentId>,
        round: Option<i64>,
    },
    TournamentWithdraw(Option<TournamentId>),
    TournamentCancel(Option<TournamentId>),
    TournamentList,
    ExportPgn(Option<GameId>),
    ExportCsv(Option<TournamentId>),
}

impl Command {
    /// Its name in the catalogue. (`/help` is no host command: each
    /// adapter tells its own commands.)
    pub fn name(&self) -> Name {
        match self {
            Command::Challenge(_) => Name::Challenge,
            Command::Accept(_) => Name::Accept,
            Command::Decline(_) => Name::Decline,
            Command::Cancel(_) => Name::Cancel,
            Command::Move { .. } => Name::Move,
            Command::Moves { .. } => Name::Moves,
            Command::Undo(_) => Name::Undo,
            Command::Draft(_) => Name::Draft,
            Command::Submit(_) => Name::Submit,
            Command::Board(_) => Name::Board,
            Command::Web(_) => Name::Web,
            Command::Snapshot { .. } => Name::Snapshot,
            Command::Games => Name::Games,
            Command::Resign { .. } => Name::Resign,
            Command::Draw { .. } => Name::Draw,
            Command::Abort(_) => Name::Abort,
            Command::History(_) => Name::History,
            Command::Analyse(_) => Name::Analyse,
            Command::Rules(_) => Name::Rules,
            Command::Settings(_) => Name::Settings,
            Command::Choose(_) => Name::Choose,
            Command::Rating { .. } => Name::Rating,
            Command::Leaderboard(_) => Name::Leaderboard,
            Command::TournamentCreate(_) => Name::TournamentCreate,
            Command::TournamentJoin(_) => Name::TournamentJoin,
            Command::TournamentLeave(_) => Name::TournamentLeave,
            Command::TournamentStart(_) => Name::TournamentStart,
            Command::TournamentStandings(_) => Name::TournamentStandings,
            Command::TournamentPairings { .. } => Name::TournamentPairings,
            Command::TournamentWithdraw(_) => Name::TournamentWithdraw,
            Command::TournamentCancel(_) => Name::TournamentCancel,
            Command::TournamentList => Name::TournamentList,
            Command::ExportPgn(_) => Name::ExportPgn,
            Command::ExportCsv(_) => Name::ExportCsv,
        }
    }

    /// Who sees its answer and where it goes: as the catalogue says of
    /// its name, but for `/move` without an action, whose picker is for
    /// the player's eyes alone, where they asked.
    pub fn presentation(&self) -> (Shown, Answered) {
        match self {
            Command::Move { action: None, .. } => (Shown::Private, Answered::Here),
            other => {
                let spec = other.name().spec();
                (spec.shown, spec.answered)
            }
        }
    }
}

impl Host {
    /// Carries out `command` for `caller`: the reply to show (as the
    /// catalogue says) or why it was refused.
    ///
    /// # Errors
    /// A refusal (the caller may not, the game is over, the text is no
    /// action, ...) or a failure of the store.
    pub fn execute<'a>(&'a self, caller: &'a super::Caller, command: Command) -> Work<'a> {
        // Each command's work is boxed on its own: one arm's future, not
        // the sum of every arm's, is what the caller's stack holds
        // (debug builds gave this match a frame of 340 KB).
        match command {
            Command::Challenge(terms) => {
                Box::pin(async move { self.challenges().challenge(caller, terms).await })
            }
            Command::Accept(id) => {
                Box::pin(async move { self.challenges().accept(caller, id).await })
            }
            Command::Decline(id) => {
                Box::pin(async move { self.challenges().decline(caller, id).await })
            }
            Command::Cancel(id) => {
                Box::pin(async move { self.challenges().cancel(caller, id).await })
            }
            Command::Move {
                game,
                action: Some(action),
            } => Box::pin(async move { self.games().act(caller, game, &action).await }),
            Command::Move { game, action: None } => {
                Box::pin(async move { self.games().pick(caller, game).await })
            }
            Command::Moves { game, typed } => Box::pin(async move {
                let found = self
                    .games()
                    .find(caller, game, &typed, MOVES_LISTED)
                    .await?;
                Ok(Reply::text(if found.entries.is_empty() {
                    "No legal action matches.".to_owned()
                } else {
                    let lines: Vec<String> = found.entries.into_iter().map(|e| e.label).collect();
                    lines.join("\n")
                }))
            }),
            Command::Undo(game) => Box::pin(async move { self.games().undo(caller, game).await }),
            Command::Draft(game) => Box::pin(async move { self.games().draft(caller, game).await }),
            Command::Submit(game) => {
                Box::pin(async move { self.games().submit(caller, game).await })
            }
            Command::Board(game) => Box::pin(async move { self.games().board(caller, game).await }),
            Command::Web(game) => Box::pin(async move { self.web().play_link(caller, game).await }),
            Command::Snapshot { game, full } => {
                Box::pin(async move { self.games().snapshot(caller, game, full).await })
            }
            Command::Games => Box::pin(async move { self.games().list(caller).await }),
            Command::Resign { game, confirm } => {
                Box::pin(async move { self.games().resign(caller, game, confirm).await })
            }
            Command::Draw { game, answer } => {
                Box::pin(async move { self.games().draw(caller, game, answer).await })
            }
            Command::Abort(game) => Box::pin(async move { self.games().abort(caller, game).await }),
            Command::History(game) => {
                Box::pin(async move { self.games().history(caller, game).await })
            }
            Command::Analyse(game) => {
                Box::pin(async move { self.games().analyse(caller, game).await })
            }
            Command::Rules(variant) => Box::pin(async move { Ok(self.games().rules(variant)) }),
            Command::Settings(change) => {
                Box::pin(async move { self.players().settings(caller, change).await })
            }
            Command::Choose(id) => Box::pin(async move { self.choose(caller, &id).await }),
            Command::Rating { who, variant } => {
                Box::pin(async move { self.players().rating(caller, who, variant).await })
            }
            Command::Leaderboard(variant) => {
                Box::pin(async move { self.players().leaderboard(caller, variant).await })
            }
            Command::TournamentCreate(terms) => {
                Box::pin(async move { self.tournaments().create(caller, terms).await })
            }
            Command::TournamentJoin(id) => {
                Box::pin(async move { self.tournaments().join(caller, id).await })
            }
            Command::TournamentLeave(id) => {
                Box::pin(async move { self.tournaments().leave(caller, id).await })
            }
            Command::TournamentStart(id) => {
                Box::pin(async move { self.tournaments().start(caller, id).await })
            }
            Command::TournamentStandings(id) => {
                Box::pin(async move { self.tournaments().standings(caller, id).await })
            }
            Command::TournamentPairings { id, round } => {
                Box::pin(async move { self.tournaments().pairings(caller, id, round).await })
            }
            Command::TournamentWithdraw(id) => {
                Box::pin(async move { self.tournaments().withdraw(caller, id).await })
            }
            Command::TournamentCancel(id) => {
                Box::pin(async move { self.tournaments().cancel(caller, id).await })
            }
            Command::TournamentList => {
                Box::pin(async move { self.tournaments().list(caller).await })
            }
            Command::ExportPgn(game) => {
                Box::pin(async move { self.games().export_pgn(caller, game).await })
            }
            Command::ExportCsv(id) => {
                Box::pin(async move { self.tournaments().export_csv(caller, id).await })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picker_is_private_and_an_action_public_in_the_game() {
        let pick = Command::Move {
            game: None,
            action: None,
        };
        assert_eq!(pick.presentation(), (Shown::Private, Answered::Here));
        let play = Command::Move {
            game: None,
            action: Some("e4".into()),
        };
        assert_eq!(play.presentation(), (Shown::Public, Answered::InGame));
        assert_eq!(
            Command::History(None).presentation(),
            (Shown::Public, Answered::AsFile)
        );
    }
}
