//! 5DUCI's board moves, in long algebraic notation: `(0T1)e2e4` on one
//! board, `(0T3)b1(-1T2)b3` from board to board, a piece letter after a
//! pawn's or brawn's move to its last rank (`(0T9)e7e8Q`).
//!
//! A board is `(LTt)`: the timeline as the integer L the game counts by
//! (after a start of two timelines `-0` is -1 and `-1` is -2), and the
//! turn. Both boards are the mover's colour (F-2), which the position
//! says. Read leniently, as 5DUCI's hosts write: a piece letter after the
//! first board (`(0T1)Ng1f3`), `>` or `>>` before the second, the second
//! board given for a move on one board, a promotion letter in either case
//! (ignored where nothing promotes).

use chronomate_rules::fived::board::{Size, cell_name, rank_of};
use chronomate_rules::fived::man::Piece;
use chronomate_rules::fived::{FiveD, Move, Spot, step};

/// The largest timeline number or turn a move may name.
const MAX_COORDINATE: u32 = 1 << 20;

/// Why a move's text is not a 5DUCI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LanError {
    /// A board is not written `(LTt)`.
    #[error("a board is written (LTt), like (0T1) or (-1T4)")]
    Board,
    /// A cell is not a file letter and a rank digit on the board.
    #[error("no cell {0:?} on a {1} board")]
    Cell(String, Size),
    /// The letter after the first board names no man, or not the man there.
    #[error("{0}")]
    Piece(String),
    /// A promotion letter that names no man.
    #[error("{0:?} names no man to promote to")]
    Promotion(char),
    /// A timeline or a turn beyond what any game reaches.
    #[error("({0}T{1}) is beyond every game's timelines and turns")]
    Range(i32, i32),
    /// Something follows the move.
    #[error("{0:?} follows the move")]
    Trailing(String),
}

/// Reads one board move of the side to move in `state` (the turn's draft
/// so far). A pawn or brawn moving to its last rank promotes to the piece
/// its letter names, or without one to the game's first promotion (a
/// queen, a princess on the princess board). Only the text is checked
/// here; whether the move is legal, [`FiveD::draft_of`] says.
///
/// # Errors
/// A text that is not `(LTt)` and a cell, an optional second board, a
/// cell and an optional promotion letter.
pub fn read(state: &FiveD, text: &str) -> Result<Move, LanError> {
    let size = state.size();
    let color = state.to_move();
    let (from_board, rest) = board(text)?;
    let (letter, rest) = match rest.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (Some(c), &rest[1..]),
        _ => (None, rest),
    };
    let (from_cell, rest) = square(rest, size)?;
    let rest = rest.trim_start_matches('>');
    let (to_board, rest) = if rest.starts_with('(') {
        board(rest)?
    } else {
        (from_board, rest)
    };
    let (to_cell, rest) = square(rest, size)?;
    let mut chars = rest.chars();
    let promotion = match (chars.next(), chars.as_str()) {
        (None, _) => None,
        (Some(c), "") if c.is_ascii_alphabetic() => {
            Some(Piece::from_letter(c).ok_or(LanError::Promotion(c))?)
        }
        _ => return Err(LanError::Trailing(rest.to_owned())),
    };
    let spot = |(line, turn): (i32, i32), cell| {
        // Far past any game, and where the rules' names and steps of a
        // board would overflow.
        if line.unsigned_abs() > MAX_COORDINATE || turn.unsigned_abs() > MAX_COORDINATE {
            return Err(LanError::Range(line, turn));
        }
        Ok(Spot {
            line,
            step: step(turn, color),
            cell,
        })
    };
    let from = spot(from_board, from_cell)?;
    let to = spot(to_board, to_cell)?;
    let man = state
        .board(from.line, from.step)
        .and_then(|b| b.man(from.cell));
    if let (Some(c), Some(man)) = (letter, man)
        && Piece::from_letter(c) != Some(man.piece)
    {
        return Err(LanError::Piece(format!(
            "{c} names no {} on {}",
            man.piece.name(),
            state.spot_name(from)
        )));
    }
    let promotes =
        man.is_some_and(|m| m.piece.is_pawnlike()) && rank_of(to.cell) == size.last_rank(color);
    let promotion = if promotes {
        promotion.or_else(|| state.setup().promotions.first().copied())
    } else {
        None
    };
    Ok(Move {
        from,
        to,
        promotion,
    })
}

/// Writes a board move: `(LTt)` and the cell it leaves, the target board
/// for a jump, the cell it reaches, and the promotion's letter.
pub fn write(mv: &Move) -> String {
    let mut s = format!(
        "({}T{}){}",
        mv.from.line,
        mv.from.turn(),
        cell_name(mv.from.cell)
    );
    if mv.is_jump() {
        s.push_str(&format!("({}T{})", mv.to.line, mv.to.turn()));
    }
    s.push_str(&cell_name(mv.to.cell));
    if let Some(p) = mv.promotion {
        s.push(p.letter());
    }
    s
}

/// Reads `(LTt)` at the start of `text`: the timeline and the turn.
fn board(text: &str) -> Result<((i32, i32), &str), LanError> {
    let inner = text.strip_prefix('(').ok_or(LanError::Board)?;
    let close = inner.find(')').ok_or(LanError::Board)?;
    let (line, turn) = inner[..close].split_once('T').ok_or(LanError::Board)?;
    let number = |t: &str| {
        // `+1` as the host's scanf reads it; no spaces, no empty field.
        let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(LanError::Board);
        }
        t.parse::<i32>().map_err(|_| LanError::Board)
    };
    Ok(((number(line)?, number(turn)?), &inner[close + 1..]))
}

/// Reads a cell (`e4`) of a board of `size` at the start of `text`.
fn square(text: &str, size: Size) -> Result<(u8, &str), LanError> {
    let mut chars = text.chars();
    let (file, rank) = (chars.next(), chars.next());
    let shown: String = text.chars().take(2).collect();
    let (Some(f @ 'a'..='h'), Some(r @ '1'..='8')) = (file, rank) else {
        return Err(LanError::Cell(shown, size));
    };
    let cell = size
        .at(i32::from(f as u8 - b'a'), i32::from(r as u8 - b'1'))
        .ok_or(LanError::Cell(shown, size))?;
    Ok((cell, chars.as_str()))
}

#[cfg(test)]
mod tests {
    use chronomate_rules::Rules;
    use chronomate_rules::fived::board::cell;

    use super::*;

    fn standard() -> FiveD {
        FiveD::new(&Default::default(), 0)
    }

    #[test]
    fn moves_on_one_board_and_jumps_read_and_write_back() {
        let game = standard();
        let mv = read(&game, "(0T1)e2e4").unwrap();
        assert_eq!(
            mv.from,
            Spot {
                line: 0,
                step: 2,
                cell: cell(4, 1)
            }
        );
        assert_eq!(mv.to.cell, cell(4, 3));
        assert_eq!(write(&mv), "(0T1)e2e4");
        // The second board, a piece letter and a jump mark are forgiven.
        assert_eq!(
            read(&game, "(0T1)Ng1>(0T1)f3").unwrap(),
            read(&game, "(0T1)g1f3").unwrap()
        );
        let jump = read(&game, "(0T3)b1(-1T2)b3").unwrap();
        assert_eq!(
            jump.to,
            Spot {
                line: -1,
                step: 4,
                cell: cell(1, 2)
            }
        );
        assert_eq!(write(&jump), "(0T3)b1(-1T2)b3");
    }

    #[test]
    fn texts_that_are_no_move_are_refused_with_a_reason() {
        let game = standard();
        for (bad, reason) in [
            ("", "a board is written"),
            ("e2e4", "a board is written"),
            ("(0T1e2e4", "a board is written"),
            ("(xT1)e2e4", "a board is written"),
            ("(0T)e2e4", "a board is written"),
            ("(0T99999999999)e2e4", "a board is written"),
            ("(-2147483648T1)e2e4", "beyond every game"),
            ("(0T2147483647)e2e4", "beyond every game"),
            ("(0T1)e9e4", "no cell"),
            ("(0T1)e2", "no cell"),
            ("(0T1)Qe2e4", "names no pawn"),
            ("(0T1)e2e4Z", "names no man"),
            ("(0T1)e2e4xx", "follows the move"),
        ] {
            let e = read(&game, bad).unwrap_err().to_string();
            assert!(e.contains(reason), "{bad}: {e}");
        }
    }

    #[test]
    fn a_pawn_on_its_last_rank_promotes_to_a_queen_unless_told() {
        let fen = "[4k/P4/5/5/K4:0:1:w]";
        let game =
            FiveD::from_setup(chronomate_rules::fived::boards::custom_setup(fen, None).unwrap());
        let mv = read(&game, "(0T1)a4a5").unwrap();
        assert_eq!(mv.promotion, Some(Piece::Queen));
        assert_eq!(write(&mv), "(0T1)a4a5Q");
        assert_eq!(
            read(&game, "(0T1)a4a5n").unwrap().promotion,
            Some(Piece::Knight)
        );
        // A letter where nothing promotes is ignored.
        assert_eq!(read(&game, "(0T1)a1a2Q").unwrap().promotion, None);
        assert!(game.draft_of(&[mv]).is_ok());
    }
}
