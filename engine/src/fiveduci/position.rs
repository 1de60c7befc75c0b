//! 5DUCI's `position`: `[size MxN] [odd|even] (startpos | fen BOARDS)
//! [moves MOVE...]`, where a MOVE is a board move in long algebraic
//! notation ([`super::lan`]) or `submit`, which ends a turn.
//!
//! `startpos` is Standard - Turn Zero, as 5DUCI says. `fen` takes 5DFEN
//! boards, `[pieces:L:T:w]`, spaces between them allowed; their timelines
//! are named as 5DFEN and 5DPGN name them (`-0` and `+0` after a start of
//! two timelines, `-1` below `-0`), as 5DUCI's hosts write them. `size`
//! (files x ranks) and `odd`/`even` (one or two starting timelines), when
//! given, must agree with the boards. Boards that are a named board's
//! (Standard, Princess, ...) are that board, with its promotions.

use chronomate_rules::fived::boards::{self, StartError};
use chronomate_rules::fived::{Action, FiveD, Move};
use chronomate_rules::{ActionError, Rules};

use super::lan::{self, LanError};

/// Why the arguments of `position` were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Neither `startpos` nor `fen` comes.
    #[error("position needs startpos or fen")]
    NoStart,
    /// `size` is not followed by files x ranks, 1 to 8 each.
    #[error("size {0:?} is no board size: write size 8x8 (files x ranks, 1 to 8)")]
    Size(String),
    /// `size` differs from the boards'.
    #[error("size {said} but the boards are {found}")]
    SizeDiffers {
        /// As `size` gave it.
        said: String,
        /// The boards' size.
        found: String,
    },
    /// `odd` or `even` differs from the boards' timelines.
    #[error("{said} but the boards start {found} (two starting timelines are named -0 and +0)")]
    Parity {
        /// `odd` or `even`, as given.
        said: &'static str,
        /// What the boards' timelines make it.
        found: &'static str,
    },
    /// The 5DFEN boards do not set up a game.
    #[error("bad 5DFEN: {0}")]
    Fen(#[from] StartError),
    /// A word out of place.
    #[error("unexpected {0:?} in position")]
    Unexpected(String),
    /// A move that does not read.
    #[error("move {index} {text:?}: {error}")]
    Notation {
        /// Its place among the moves, from 1.
        index: usize,
        /// The move as given.
        text: String,
        /// What could not be read.
        error: LanError,
    },
    /// A move or a submit the rules refuse where it comes.
    #[error("move {index} {text:?} is illegal: {error}")]
    Illegal {
        /// Its place among the moves, from 1.
        index: usize,
        /// The move as given (`submit` for a turn that cannot end).
        text: String,
        /// Why the rules refuse it.
        error: ActionError,
    },
}

/// A position as `position` set it: the start and the words that set it
/// (to continue from when the next `position` only adds moves), the turns
/// submitted, and a turn maybe begun.
#[derive(Clone, Debug)]
pub struct Position {
    /// The words before `moves`, as given.
    start: String,
    /// The move words, as given.
    words: Vec<String>,
    /// How many of `words` the last submitted turn ends.
    submitted: usize,
    /// The game after the last submitted turn.
    game: FiveD,
    /// The board moves since, not submitted.
    draft: Vec<Move>,
}

impl Position {
    /// Standard - Turn Zero, no move played.
    ///
    /// # Errors
    /// None for the named boards, which a rules test sets up; an error
    /// rather than a panic all the same.
    pub fn start() -> Result<Position, PositionError> {
        Position::read("startpos", None)
    }

    /// Reads the arguments of `position`. `last`, the position set
    /// before, is continued from where the same start and the same moves
    /// up to one of its submits come again (a host sends every move of the
    /// game each time: the turns already judged are not judged again).
    ///
    /// # Errors
    /// A start that does not read, a move that does not read, or one the
    /// rules refuse where it comes.
    pub fn read(args: &str, last: Option<&Position>) -> Result<Position, PositionError> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let split = words
            .iter()
            .position(|w| matches!(*w, "moves" | "move"))
            .unwrap_or(words.len());
        let (head, moves) = words.split_at(split);
        let moves: Vec<String> = moves.iter().skip(1).map(|w| (*w).to_owned()).collect();
        let start = head.join(" ");
        let mut position = match last {
            Some(p) if p.start == start && moves.starts_with(&p.words[..p.submitted]) => Position {
                start,
                words: p.words[..p.submitted].to_vec(),
                submitted: p.submitted,
                game: p.game.clone(),
                draft: Vec::new(),
            },
            _ => Position {
                game: setup(head)?,
                start,
                words: Vec::new(),
                submitted: 0,
                draft: Vec::new(),
            },
        };
        for text in &moves[position.words.len()..] {
            position.play(text)?;
        }
        Ok(position)
    }

    /// Plays one move word: a board move onto the draft, or `submit`.
    fn play(&mut self, text: &str) -> Result<(), PositionError> {
        let index = self.words.len() + 1;
        let illegal = |error| PositionError::Illegal {
            index,
            text: text.to_owned(),
            error,
        };
        if text == "submit" {
            let action = Action {
                moves: std::mem::take(&mut self.draft),
            };
            self.game.apply(&action).map_err(illegal)?;
            self.words.push(text.to_owned());
            self.submitted = self.words.len();
            return Ok(());
        }
        let draft = self.game.draft_of(&self.draft).map_err(illegal)?;
        let mv = lan::read(&draft, text).map_err(|error| PositionError::Notation {
            index,
            text: text.to_owned(),
            error,
        })?;
        draft.draft_of(&[mv]).map_err(illegal)?;
        self.draft.push(mv);
        self.words.push(text.to_owned());
        Ok(())
    }

    /// The arguments that set this position, as `position` takes them:
    /// the start, then `moves` and the move words, single spaces apart.
    pub fn text(&self) -> String {
        if self.words.is_empty() {
            self.start.clone()
        } else {
            format!("{} moves {}", self.start, self.words.join(" "))
        }
    }

    /// The game after the last submitted turn.
    pub fn game(&self) -> &FiveD {
        &self.game
    }

    /// The board moves made since the last submit.
    pub fn draft(&self) -> &[Move] {
        &self.draft
    }
}

/// The game the words before `moves` set up.
fn setup(head: &[&str]) -> Result<FiveD, PositionError> {
    let mut size: Option<&str> = None;
    let mut even: Option<bool> = None;
    let mut words = head.iter();
    let setup = loop {
        match words.next().copied() {
            Some("size") => size = Some(words.next().copied().unwrap_or("")),
            Some("odd") => even = Some(false),
            Some("even") => even = Some(true),
            Some("startpos") => {
                if let Some(w) = words.next() {
                    return Err(PositionError::Unexpected((*w).to_owned()));
                }
                let named = boards::find("Standard - Turn Zero").ok_or(PositionError::NoStart)?;
                break boards::named_setup(named)?;
            }
            Some("fen") => {
                let fen: String = words.copied().collect();
                break match boards::NAMED_BOARDS.iter().find(|b| b.fen == fen) {
                    Some(named) => boards::named_setup(named)?,
                    None => boards::custom_setup(&fen, None)?,
                };
            }
            Some(w) => return Err(PositionError::Unexpected(w.to_owned())),
            None => return Err(PositionError::NoStart),
        }
    };
    if let Some(said) = size {
        let (files, ranks) = said
            .split_once('x')
            .ok_or_else(|| PositionError::Size(said.to_owned()))?;
        let (files, ranks) = files
            .parse::<u8>()
            .ok()
            .zip(ranks.parse::<u8>().ok())
            .filter(|&(f, r)| (1..=8).contains(&f) && (1..=8).contains(&r))
            .ok_or_else(|| PositionError::Size(said.to_owned()))?;
        if (files, ranks) != (setup.size.files, setup.size.ranks) {
            return Err(PositionError::SizeDiffers {
                said: said.to_owned(),
                found: format!("{}x{}", setup.size.files, setup.size.ranks),
            });
        }
    }
    let name = |even| if even { "even" } else { "odd" };
    if let Some(said) = even
        && said != setup.even
    {
        return Err(PositionError::Parity {
            said: name(said),
            found: name(setup.even),
        });
    }
    Ok(FiveD::from_setup(setup))
}

#[cfg(test)]
mod tests {
    use chronomate_rules::Color;

    use super::*;

    const STANDARD: &str =
        "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]";

    #[test]
    fn startpos_is_turn_zero_and_fen_names_the_named_boards() {
        let p = Position::start().unwrap();
        assert_eq!(
            p.game().setup().name.as_deref(),
            Some("Standard - Turn Zero")
        );
        let p = Position::read(&format!("size 8x8 odd fen {STANDARD}"), None).unwrap();
        assert_eq!(p.game().setup().name.as_deref(), Some("Standard"));
        let p = Position::read(
            &format!("fen {STANDARD} moves (0T1)e2e4 submit (0T1)e7e5"),
            None,
        )
        .unwrap();
        assert_eq!(p.game().to_move(), Color::Black);
        assert_eq!(p.draft().len(), 1);
    }

    #[test]
    fn bad_positions_say_why() {
        for (bad, reason) in [
            ("", "needs startpos or fen"),
            ("startpos now", "unexpected \"now\""),
            ("size 9x8 startpos", "no board size"),
            ("size 5x5 startpos", "size 5x5 but the boards are 8x8"),
            ("even startpos", "even but the boards start odd"),
            ("fen [4z/5/5/5/K4:0:1:w]", "bad 5DFEN"),
            ("startpos moves e2e4", "move 1 \"e2e4\""),
            ("startpos moves (0T1)e2e5", "is illegal"),
            ("startpos moves (0T1)e2e4 (0T1)d2d4", "move 2"),
            ("startpos moves submit", "move 1 \"submit\" is illegal"),
            ("startpos moves (0T1)e2e4 submit submit", "move 3"),
        ] {
            let e = Position::read(bad, None).unwrap_err().to_string();
            assert!(e.contains(reason), "{bad}: {e}");
        }
    }

    #[test]
    fn a_position_that_adds_moves_continues_from_the_last() {
        let first = Position::read("startpos moves (0T1)e2e4 submit", None).unwrap();
        let next = Position::read(
            "startpos moves (0T1)e2e4 submit (0T1)e7e5 submit",
            Some(&first),
        )
        .unwrap();
        let whole =
            Position::read("startpos moves (0T1)e2e4 submit (0T1)e7e5 submit", None).unwrap();
        assert_eq!(next.game().present(), whole.game().present());
        assert_eq!(next.game().to_move(), Color::White);
        // Other moves, or another start, are read from the start.
        let other = Position::read("startpos moves (0T1)d2d4 submit", Some(&next)).unwrap();
        assert_eq!(other.words.len(), 2);
        assert!(Position::read("startpos moves (0T1)e2e5 submit", Some(&next)).is_err());
    }
}
