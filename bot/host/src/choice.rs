//! Stable ids for choices (buttons): `challenge:42:accept`,
//! `game:7:resign:confirm`, `game:7:draw:accept`. They carry everything
//! needed to act, so a button pressed after a restart still works; the host
//! checks permissions when it is pressed, as for a typed command:
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
}

impl GameChoice {
    const ALL: [(GameChoice, &'static str); 9] = [
        (GameChoice::Board, "board"),
        (GameChoice::Snapshot, "snapshot"),
        (GameChoice::History, "history"),
        (GameChoice::Resign, "resign"),
        (GameChoice::ResignConfirm, "resign:confirm"),
        (GameChoice::DrawOffer, "draw:offer"),
        (GameChoice::DrawAccept, "draw:accept"),
        (GameChoice::DrawDecline, "draw:decline"),
        (GameChoice::Abort, "abort"),
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceId {
    /// `challenge:ID:accept|decline|cancel`.
    Challenge(ChallengeId, ChallengeChoice),
    /// `game:ID:board|snapshot|history|resign|...`.
    Game(GameId, GameChoice),
}

impl fmt::Display for ChoiceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceId::Challenge(id, c) => write!(f, "challenge:{id}:{}", c.text()),
            ChoiceId::Game(id, c) => write!(f, "game:{id}:{}", c.text()),
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
            assert_eq!(id.to_string().parse::<ChoiceId>(), Ok(id));
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
        ] {
            assert!(bad.parse::<ChoiceId>().is_err(), "{bad}");
        }
    }
}
