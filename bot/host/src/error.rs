//! Why the host said no.

use std::fmt;

use chronomate_model::{ChallengeId, GameId};
use chronomate_rules::{ActionError, Color};

use chronomate_store::StoreError;

/// A refusal: the command was understood but is not allowed now. Nothing
/// was changed. The message is for the player, and says why specifically.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The game named does not exist.
    #[error("there is no game #{0}")]
    NoSuchGame(GameId),
    /// The challenge named does not exist.
    #[error("there is no challenge #{0}")]
    NoSuchChallenge(ChallengeId),
    /// The caller meant their live game, and has none (only ended ones).
    #[error("you have no live game")]
    NoLiveGame,
    /// The caller meant their game, and has never played one.
    #[error("you have no game yet: challenge someone with /challenge")]
    NoGame,
    /// The caller meant their live game and has several: these, by id.
    #[error("you have {} live games ({}): say which, e.g. game:{}", .0.len(), list(.0, "#"), first(.0))]
    WhichGame(Vec<GameId>),
    /// Only the game's players may do this.
    #[error("you are not playing in game #{0}")]
    NotParticipant(GameId),
    /// The game ended already.
    #[error("game #{game} is over: {outcome}")]
    GameOver {
        /// Which game.
        game: GameId,
        /// How it ended, in words.
        outcome: String,
    },
    /// The other side is to act.
    #[error("it is not your turn in game #{game}: {name} ({side}) is to move")]
    NotYourTurn {
        /// Which game.
        game: GameId,
        /// Who is to act.
        name: String,
        /// Their side.
        side: Color,
    },
    /// The rules refused the action.
    #[error("{}{}", error_words(.error), suggestion_words(.suggestions, *.could_mean))]
    Action {
        /// Which game.
        game: GameId,
        /// Why, as the rules say.
        error: ActionError,
        /// A few legal actions the text could mean (none when nothing is
        /// close).
        suggestions: Vec<String>,
        /// How many it could mean in all.
        could_mean: usize,
    },
    /// `/undo` or `/submit` in a game whose turn is one action, played at
    /// once: it has no drafts.
    #[error(
        "game #{0} is played one action a turn, at once with /move: it has no draft to undo or submit"
    )]
    NoDrafts(GameId),
    /// `/undo` with nothing drafted.
    #[error("nothing is drafted in game #{0}: add a board move with /move")]
    NothingDrafted(GameId),
    /// No action was written.
    #[error("write the action to play, e.g. /move e4, or /move alone to pick it step by step")]
    EmptyAction,
    #[error(
        "game #{0} moved on while you were typing: nothing was changed; look at the board and try again"
    )]
    /// The game changed between reading it and writing the action: another
    /// action (or the clock) came first.
    MovedOn(GameId),

    /// No open challenge the command could mean; the text says for what
    /// (` to accept`), or is empty.
    #[error("there is no open challenge for you{0}")]
    NoChallenge(&'static str),
    /// Several open challenges could be meant: these, by id.
    #[error("there are several challenges ({}): say which, e.g. /accept {}", list(.0, "#"), first(.0))]
    WhichChallenge(Vec<ChallengeId>),
    /// The challenge was answered, withdrawn or expired already.
    #[error("challenge #{id} was {state} already")]
    ChallengeClosed {
        /// Which challenge.
        id: ChallengeId,
        /// What became of it (`accepted`, `declined`, ...).
        state: &'static str,
    },
    /// Nobody accepts their own challenge.
    #[error("challenge #{0} is yours: you cannot accept it (cancel it with /cancel {0})")]
    OwnChallenge(ChallengeId),
    /// The challenge is addressed to someone else.
    #[error("challenge #{id} is addressed to {name}, not you")]
    NotAddressedToYou {
        /// Which challenge.
        id: ChallengeId,
        /// Whom it is addressed to.
        name: String,
    },
    /// A challenge open to anyone cannot be declined, only withdrawn by its
    /// author.
    #[error("challenge #{0} is open to anyone: only its author can withdraw it")]
    DeclineOpen(ChallengeId),
    /// Only a challenge's author withdraws it.
    #[error("challenge #{id} is {name}'s: only they can cancel it")]
    NotYourChallenge {
        /// Which challenge.
        id: ChallengeId,
        /// Its author.
        name: String,
    },
    /// Nobody plays against themself.
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    #[error(
        "level:N is for games against Chronomate: challenge it with /challenge @chronomate VARIANT level:N"
    )]
    /// A level was named for a game against a person.
    LevelWithoutChronomate,
    /// Chronomate has no such level (1 to 8).
    #[error("there is no level {0}: Chronomate plays at levels 1 (a beginner) to 8 (its best)")]
    NoSuchLevel(u8),
    #[error(
        "game #{0} is still being played: /analyse looks at finished games only (no help during correspondence play)"
    )]
    /// Analysis is for finished games only: no help during play.
    StillPlaying(GameId),
    /// Terms that cannot be played (a challenge's or a tournament's), with
    /// what is wrong.
    #[error("{0}")]
    Terms(String),

    /// Both sides have moved: the game can be resigned or drawn, not aborted.
    #[error("game #{0} cannot be aborted: both sides have moved (resign or offer a draw instead)")]
    TooLateToAbort(GameId),
    /// The caller's draw offer stands already.
    #[error("your draw offer in game #{0} stands already")]
    OfferStands(GameId),
    /// There is no draw offer to accept or decline.
    #[error("there is no draw offer to answer in game #{0}")]
    NoDrawOffer(GameId),
    /// A draw offer is answered by the other side.
    #[error("the draw offer in game #{0} is your own: your opponent answers it")]
    OwnDrawOffer(GameId),

    /// Only the server's managers change its settings.
    #[error("server settings can only be changed by its managers")]
    NotManager,
    /// Settings belong to a server; this was typed outside one.
    #[error("settings belong to a server: use this command in one")]
    NotInServer,
    /// A setting's value that cannot be used, with why.
    #[error("{0}")]
    BadSetting(String),
    /// A button this bot never showed (or no longer understands).
    #[error("{0}")]
    UnknownChoice(String),
    /// The web page is off here (`WEB_ADDR=off`): no page to link to.
    #[error("the web page is off on this bot (WEB_ADDR=off): play here with /move")]
    WebOff,
    /// A page's click names no action of the position it was made in.
    #[error("that click names no legal action here: the page shows the position again")]
    NoSuchClick,
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
    /// The machine failed us (no random bits): log it, as a broken store.
    #[error("{0}")]
    System(String),
}

impl HostError {
    /// The refusal, if this is one.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            HostError::Refused(r) => Some(r),
            HostError::Store(_) | HostError::System(_) => None,
        }
    }
}
