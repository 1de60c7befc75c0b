//! Stable ids for choices (buttons): `challenge:42:accept`,
//! `game:7:resign:confirm`, `game:7:draw:accept`, and the guided picker's
//! steps (`pick:7:42:l3;ng1-`, `play:7:42:l3;ng1-;nf3`: [`PickId`]). They
//! carry everything needed to act, so a button pressed after a restart
//! still works; the host checks permissions when it is pressed, as for a
//! typed command:
//! [`Host::choose`](super::Host::choose) (in `route.rs`) routes an id to
//! the command it stands for.

use std::fmt;
use std::str::FromStr;

use chronomate_model::{ChallengeId, GameId};

/// What can be done to a challenge by id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeChoice {
    /// Accept it (the one challenged, or anyone for an open one).
    Accept,
    /// Decline it (the one challenged).
    Decline,
    /// Withdraw it (its author).
    Cancel,
}

/// What can be done to a game by id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameChoice {
    /// Show the board.
    Board,
    /// Show the whole game at once (every branch or timeline).
    Snapshot,
    /// Show the record.
    History,
    /// Asks for confirmation.
    Resign,
    /// Resign, confirmed.
    ResignConfirm,
    /// Offer a draw.
    DrawOffer,
    /// Accept the opponent's draw offer.
    DrawAccept,
    /// Decline the opponent's draw offer.
    DrawDecline,
    /// Abort the game (before both sides have moved).
    Abort,
    /// Hand the presser their own link to play on the game's page.
    Web,
    /// Submit the presser's draft as their turn (drafted turns, 5D).
    Submit,
    /// Take back the last move of the presser's draft.
    Undo,
}

impl GameChoice {
    const ALL: [(GameChoice, &'static str); 12] = [
        (GameChoice::Board, "board"),
        (GameChoice::Snapshot, "snapshot"),
        (GameChoice::History, "history"),
        (GameChoice::Resign, "resign"),
        (GameChoice::ResignConfirm, "resign:confirm"),
        (GameChoice::DrawOffer, "draw:offer"),
        (GameChoice::DrawAccept, "draw:accept"),
        (GameChoice::DrawDecline, "draw:decline"),
        (GameChoice::Abort, "abort"),
        (GameChoice::Web, "web"),
        (GameChoice::Submit, "submit"),
        (GameChoice::Undo, "undo"),
    ];

    fn text(self) -> &'static str {
        GameChoice::ALL
            .iter()
            .find(|(c, _)| *c == self)
            .map(|(_, t)| *t)
            .unwrap_or("board")
    }
}

impl ChallengeChoice {
    fn text(self) -> &'static str {
        match self {
            ChallengeChoice::Accept => "accept",
            ChallengeChoice::Decline => "decline",
            ChallengeChoice::Cancel => "cancel",
        }
    }
}

/// A choice's stable id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceId {
    /// `challenge:ID:accept|decline|cancel`.
    Challenge(ChallengeId, ChallengeChoice),
    /// `game:ID:board|snapshot|history|resign|...`.
    Game(GameId, GameChoice),
    /// A step of the guided picker.
    Pick(PickId),
}

/// A step of the guided picker ([`chronomate_rules::find::pick`]): the
/// game, the ply it was opened at, and the keys chosen so far (words of
/// the actions themselves, never positions in a list). `pick:7:42:l3;ng1-`
/// offers what follows those keys; `play:7:42:l3;ng1-;nf3` plays the action
/// they lead to. Read after a restart it leads to the same step; read
/// after the game moved on (another ply) it says so and plays nothing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PickId {
    /// The game picked in.
    pub game: GameId,
    /// The ply the picker was opened at: a step read at another is stale.
    pub ply: i64,
    /// The keys chosen so far, in order.
    pub path: Vec<String>,
    /// Play the action the path leads to (the confirm button).
    pub play: bool,
}

impl PickId {
    /// The picker's first step in `game` at `ply`.
    pub fn start(game: GameId, ply: i64) -> PickId {
        PickId {
            game,
            ply,
            path: Vec::new(),
            play: false,
        }
    }

    /// The step after choosing `key` here.
    pub fn then(&self, key: &str) -> PickId {
        let mut next = self.clone();
        next.path.push(key.to_owned());
        next.play = false;
        next
    }

    /// The step before this one's last choice.
    pub fn back(&self) -> PickId {
        let mut back = self.clone();
        back.path.pop();
        back.play = false;
        back
    }

    /// Playing the action this path leads to.
    pub fn playing(&self) -> PickId {
        PickId {
            play: true,
            ..self.clone()
        }
    }
}

impl fmt::Display for PickId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.play { "play" } else { "pick" };
        write!(
            f,
            "{kind}:{}:{}:{}",
            self.game,
            self.ply,
            self.path.join(";")
        )
    }
}

impl fmt::Display for ChoiceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceId::Challenge(id, c) => write!(f, "challenge:{id}:{}", c.text()),
            ChoiceId::Game(id, c) => write!(f, "game:{id}:{}", c.text()),
            ChoiceId::Pick(p) => p.fmt(f),
        }
    }
}

/// A string that is no choice id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a choice this bot knows")]
pub struct UnknownChoice(pub String);

impl FromStr for ChoiceId {
    type Err = UnknownChoice;

    fn from_str(s: &str) -> Result<ChoiceId, UnknownChoice> {
        let unknown = || UnknownChoice(s.to_owned());
        if let Some(pick) = read_pick(s.trim()) {
            return Ok(ChoiceId::Pick(pick));
        }
        let mut parts = s.trim().splitn(3, ':');
        let kind = parts.next().ok_or_else(unknown)?;
        let id: i64 = parts
            .next()
            .and_then(|n| n.parse().ok())
            .filter(|n| *n > 0)
            .ok_or_else(unknown)?;
        let rest = parts.next().ok_or_else(unknown)?;
        match kind {
            "challenge" => {
                let c = match rest {
                    "accept" => ChallengeChoice::Accept,
                    "decline" => ChallengeChoice::Decline,
                    "cancel" => ChallengeChoice::Cancel,
                    _ => return Err(unknown()),
                };
                Ok(ChoiceId::Challenge(ChallengeId(id), c))
            }
            "game" => GameChoice::ALL
                .iter()
                .find(|(_, t)| *t == rest)
                .map(|(c, _)| ChoiceId::Game(GameId(id), *c))
                .ok_or_else(unknown),
            _ => Err(unknown()),
        }
    }
}

/// The longest path a pick id may carry (Discord's custom ids hold 100
/// characters; a longer one is no id of ours).
const MAX_PATH: usize = 200;

/// `pick:7:42:l3;ng1-` or `play:7:42:...`.
fn read_pick(s: &str) -> Option<PickId> {
    let mut parts = s.splitn(4, ':');
    let play = match parts.next()? {
        "pick" => false,
        "play" => true,
        _ => return None,
    };
    let game: i64 = parts.next()?.parse().ok().filter(|n| *n > 0)?;
    let ply: i64 = parts.next()?.parse().ok().filter(|n| *n >= 0)?;
    let path = parts.next()?;
    if path.len() > MAX_PATH {
        return None;
    }
    let path: Vec<String> = if path.is_empty() {
        Vec::new()
    } else {
        path.split(';').map(str::to_owned).collect()
    };
    if path.iter().any(String::is_empty) {
        return None;
    }
    Some(PickId {
        game: GameId(game),
        ply,
        path,
        play,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        let all = [
            ChoiceId::Challenge(ChallengeId(42), ChallengeChoice::Accept),
            ChoiceId::Challenge(ChallengeId(42), ChallengeChoice::Decline),
            ChoiceId::Challenge(ChallengeId(1), ChallengeChoice::Cancel),
        ]
        .into_iter()
        .chain(
            GameChoice::ALL
                .iter()
                .map(|(c, _)| ChoiceId::Game(GameId(7), *c)),
        );
        for id in all {
            assert_eq!(id.to_string().parse::<ChoiceId>(), Ok(id.clone()));
        }
        let pick = PickId::start(GameId(7), 42);
        assert_eq!(pick.to_string(), "pick:7:42:");
        let deeper = pick.then("l3").then("ng1-").then("~0-3");
        assert_eq!(deeper.to_string(), "pick:7:42:l3;ng1-;~0-3");
        assert_eq!(deeper.playing().to_string(), "play:7:42:l3;ng1-;~0-3");
        assert_eq!(deeper.back().back(), pick.then("l3"));
        for id in [pick, deeper.clone(), deeper.playing()] {
            let choice = ChoiceId::Pick(id);
            assert_eq!(choice.to_string().parse::<ChoiceId>(), Ok(choice));
        }
        assert_eq!(
            ChoiceId::Game(GameId(7), GameChoice::ResignConfirm).to_string(),
            "game:7:resign:confirm"
        );
        assert_eq!(
            ChoiceId::Challenge(ChallengeId(42), ChallengeChoice::Accept).to_string(),
            "challenge:42:accept"
        );
        for bad in [
            "",
            "game",
            "game:7",
            "game:x:board",
            "game:0:board",
            "game:7:dance",
            "x:1:accept",
            "pick:7:42",
            "pick:0:42:",
            "pick:7:-1:",
            "pick:7:42:l3;;nf3",
            "play:x:1:",
        ] {
            assert!(bad.parse::<ChoiceId>().is_err(), "{bad}");
        }
    }
}
