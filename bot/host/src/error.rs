//! Why the host said no.

use std::fmt;

use chronomate_model::{ChallengeId, GameId};
use chronomate_rules::{ActionError, Color};

use chronomate_store::StoreError;

/// A refusal: the command was understood but is not allowed now. Nothing
/// was changed. The message is for the player, and says why specifically.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("there is no game #{0}")]
    NoSuchGame(GameId),
    #[error("there is no challenge #{0}")]
    NoSuchChallenge(ChallengeId),
    #[error("you have no live game")]
    NoLiveGame,
    #[error("you have no game yet: challenge someone with /challenge")]
    NoGame,
    #[error("you have {} live games ({}): say which, e.g. game:{}", .0.len(), list(.0, "#"), first(.0))]
    WhichGame(Vec<GameId>),
    #[error("you are not playing in game #{0}")]
    NotParticipant(GameId),
    #[error("game #{game} is over: {outcome}")]
    GameOver { game: GameId, outcome: String },
    #[error("it is not your turn in game #{game}: {name} ({side}) is to move")]
    NotYourTurn {
        game: GameId,
        name: String,
        side: Color,
    },
    #[error("{}{}", error_words(.error), suggestion_words(.suggestions, *.could_mean))]
    Action {
        game: GameId,
        error: ActionError,
        /// A few legal actions the text could mean.
        suggestions: Vec<String>,
        /// How many it could mean in all.
        could_mean: usize,
    },
    #[error("write the action to play, e.g. /move e4, or /move alone to pick it step by step")]
    EmptyAction,
    #[error(
        "game #{0} moved on while you were typing: nothing was changed; look at the board and try again"
    )]
    MovedOn(GameId),

    #[error("there is no open challenge for you{0}")]
    NoChallenge(&'static str),
    #[error("there are several challenges ({}): say which, e.g. /accept {}", list(.0, "#"), first(.0))]
    WhichChallenge(Vec<ChallengeId>),
    #[error("challenge #{id} was {state} already")]
    ChallengeClosed {
        id: ChallengeId,
        state: &'static str,
    },
    #[error("challenge #{0} is yours: you cannot accept it (cancel it with /cancel {0})")]
    OwnChallenge(ChallengeId),
    #[error("challenge #{id} is addressed to {name}, not you")]
    NotAddressedToYou { id: ChallengeId, name: String },
    #[error("challenge #{0} is open to anyone: only its author can withdraw it")]
    DeclineOpen(ChallengeId),
    #[error("challenge #{id} is {name}'s: only they can cancel it")]
    NotYourChallenge { id: ChallengeId, name: String },
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    #[error(
        "level:N is for games against Chronomate: challenge it with /challenge @chronomate VARIANT level:N"
    )]
    LevelWithoutChronomate,
    #[error("there is no level {0}: Chronomate plays at levels 1 (a beginner) to 8 (its best)")]
    NoSuchLevel(u8),
    #[error(
        "game #{0} is still being played: /analyse looks at finished games only (no help during correspondence play)"
    )]
    StillPlaying(GameId),
    #[error("{0}")]
    Terms(String),

    #[error("game #{0} cannot be aborted: both sides have moved (resign or offer a draw instead)")]
    TooLateToAbort(GameId),
    #[error("your draw offer in game #{0} stands already")]
    OfferStands(GameId),
    #[error("there is no draw offer to answer in game #{0}")]
    NoDrawOffer(GameId),
    #[error("the draw offer in game #{0} is your own: your opponent answers it")]
    OwnDrawOffer(GameId),

    #[error("server settings can only be changed by its managers")]
    NotManager,
    #[error("settings belong to a server: use this command in one")]
    NotInServer,
    #[error("{0}")]
    BadSetting(String),
    #[error("{0}")]
    UnknownChoice(String),
}

fn list(ids: &[impl fmt::Display], prefix: &str) -> String {
    ids.iter()
        .map(|id| format!("{prefix}{id}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn first(ids: &[impl fmt::Display]) -> String {
    ids.first()
        .map_or_else(|| "N".to_owned(), ToString::to_string)
}

fn error_words(e: &ActionError) -> String {
    match e {
        ActionError::GameOver => "the game is over".to_owned(),
        ActionError::Syntax { .. } => e.to_string(),
        ActionError::Ambiguous(m) => format!("ambiguous: {m}"),
        ActionError::Illegal { reason, .. } => format!("illegal: {reason}"),
    }
}

fn suggestion_words(s: &[String], all: usize) -> String {
    if s.is_empty() {
        return String::new();
    }
    let more = all.saturating_sub(s.len());
    if more == 0 {
        format!("; it could mean {}", s.join(", "))
    } else {
        format!(
            "; it could mean {}, or {more} more (/move alone lets you pick step by step)",
            s.join(", ")
        )
    }
}

/// What a host operation can fail with.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// Not allowed: tell the player.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// Something broke: log it, and tell the player it was not their fault.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl HostError {
    /// The refusal, if this is one.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            HostError::Refused(r) => Some(r),
            HostError::Store(_) => None,
        }
    }
}
