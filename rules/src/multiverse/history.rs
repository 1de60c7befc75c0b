//! Branches with shared history (E-1), stored compactly.
//!
//! A branch is its parent's boards up to the fork plus its own. Each branch
//! stores only its own boards, as [`Record`]s of 56 bytes (the men packed
//! four bits a square), with the index of its parent and of its first own
//! board; a board of its history before that is looked up in the parent,
//! and so on up to branch 1. No board is ever copied from one branch to
//! another, so 1,001 branches of about 100 boards stay a few megabytes.
//!
//! Boards are numbered by their time step `T`: T0 is the starting
//! position, and the move made on board `Tk` makes board `Tk+1`. White is
//! to move on even time steps and Black on odd ones, on every branch: a
//! branch opened by travel to `Tk` starts with its own board `Tk`.

use serde::{Deserialize, Serialize};

use crate::chess::{Board, CastlingRights, CastlingSide, Piece, Position, Role, Setup};
use crate::geometry::{Bitboard, Square};
use crate::{Color, Outcome};

/// No square: for the packed optional squares of a [`Record`].
const NONE: u8 = 255;

/// One board of a branch, packed: the men (a nibble a square: 0 empty,
/// 1 to 6 White's pawn to king, 9 to 14 Black's), the men that arrived by
/// travel (E-4), the repetition key, castling rights, the square a double
/// step passed (kept even where no capture en passant is legal now, since
/// an arrival may make one legal), the fifty-move count and the last move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Record {
    men: [u8; 32],
    /// Squares of men that arrived by travel, following them as they move.
    pub arrived: u64,
    /// Zobrist key of the position, for repetition.
    pub key: u64,
    castling: u8,
    passed: u8,
    pub halfmoves: u16,
    last_from: u8,
    last_to: u8,
}

fn nibble(piece: Option<Piece>) -> u8 {
    match piece {
        None => 0,
        Some(p) => 1 + p.role.index() as u8 + if p.color == Color::Black { 8 } else { 0 },
    }
}

fn unnibble(n: u8) -> Option<Piece> {
    let n = n & 15;
    if n == 0 {
        return None;
    }
    let color = if n >= 9 { Color::Black } else { Color::White };
    let role = *Role::ALL.get(usize::from((n - 1) & 7))?;
    Some(Piece::new(color, role))
}

fn pack_castling(rights: CastlingRights) -> u8 {
    let mut bits = 0;
    for (i, (color, side)) in RIGHTS.iter().enumerate() {
        if rights.has(*color, *side) {
            bits |= 1 << i;
        }
    }
    bits
}

fn unpack_castling(bits: u8) -> CastlingRights {
    let mut rights = CastlingRights::NONE;
    for (i, (color, side)) in RIGHTS.iter().enumerate() {
        if bits & (1 << i) != 0 {
            rights = rights.with(*color, *side);
        }
    }
    rights
}

const RIGHTS: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::KingSide),
    (Color::White, CastlingSide::QueenSide),
    (Color::Black, CastlingSide::KingSide),
    (Color::Black, CastlingSide::QueenSide),
];

/// The side to move on the board at time step `time`.
pub(crate) fn side_at(time: u32) -> Color {
    if time.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

fn opt_square(s: Option<Square>) -> u8 {
    s.map_or(NONE, |s| s as u8)
}

fn square_opt(b: u8) -> Option<Square> {
    (b < 64).then(|| Square::from_index(u32::from(b)))
}

impl Record {
    /// Packs a position at time step `time` (which says the side to move
    /// and the move number).
    pub(crate) fn pack(
        pos: &Position,
        passed: Option<Square>,
        arrived: Bitboard,
        last: Option<(Square, Square)>,
    ) -> Record {
        let mut men = [0u8; 32];
        for (square, piece) in pos.board().pieces() {
            let i = square.index();
            men[i / 2] |= nibble(Some(piece)) << ((i % 2) * 4);
        }
        Record {
            men,
            arrived: (arrived & pos.board().occupied()).0,
            key: pos.zobrist_hash(),
            castling: pack_castling(pos.castling()),
            passed: opt_square(passed),
            halfmoves: u16::try_from(pos.halfmove_clock()).unwrap_or(u16::MAX),
            last_from: opt_square(last.map(|l| l.0)),
            last_to: opt_square(last.map(|l| l.1)),
        }
    }

    /// The men on the board.
    pub(crate) fn board(&self) -> Board {
        let mut board = Board::empty();
        for (i, byte) in self.men.iter().enumerate() {
            for half in 0..2 {
                if let Some(piece) = unnibble(byte >> (half * 4)) {
                    board.set(Square::from_index((i * 2 + half) as u32), piece);
                }
            }
        }
        board
    }

    /// The position on this board, at time step `time`: any number of
    /// kings; castling rights only with king and rook at home; en passant
    /// only where a capture is legal now.
    pub(crate) fn position(&self, time: u32) -> Position {
        Setup {
            board: self.board(),
            turn: side_at(time),
            castling: unpack_castling(self.castling),
            ep_square: square_opt(self.passed),
            halfmoves: u32::from(self.halfmoves),
            fullmoves: time / 2 + 1,
        }
        .position_lenient()
    }

    /// The square the last double step passed over, if the last move was one.
    pub(crate) fn passed(&self) -> Option<Square> {
        square_opt(self.passed)
    }

    pub(crate) fn arrived(&self) -> Bitboard {
        Bitboard(self.arrived)
    }

    /// The last move's start and target squares.
    pub(crate) fn last(&self) -> Option<(Square, Square)> {
        Some((square_opt(self.last_from)?, square_opt(self.last_to)?))
    }
}

/// Where a branch came from: its parent and the first time step it owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Fork {
    /// The parent branch's index (0 for L1).
    pub parent: u16,
    /// The time step of the branch's first own board: boards before it
    /// are its parent's.
    pub time: u32,
}

/// One branch of the multiverse.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Branch {
    /// None for L1, the original.
    pub fork: Option<Fork>,
    /// The time step of `boards[0]`.
    pub start: u32,
    /// The branch's own boards, oldest first; never empty.
    pub boards: Vec<Record>,
    /// How the branch ended (E-10), if it has.
    pub ended: Option<Outcome>,
    /// The side to move still owes a board move here this turn (E-2).
    pub owed: bool,
    /// The side to move has made its board move here this turn (E-7).
    pub moved: bool,
}

impl Branch {
    pub(crate) fn original() -> Branch {
        let pos = Position::new();
        Branch {
            fork: None,
            start: 0,
            boards: vec![Record::pack(&pos, None, Bitboard::EMPTY, None)],
            ended: None,
            owed: true,
            moved: false,
        }
    }

    /// The time step of the latest board.
    pub(crate) fn now(&self) -> u32 {
        self.start + self.boards.len().saturating_sub(1) as u32
    }

    pub(crate) fn latest(&self) -> &Record {
        // Never empty: every branch is created with its first board.
        &self.boards[self.boards.len() - 1]
    }

    pub(crate) fn latest_mut(&mut self) -> &mut Record {
        let last = self.boards.len() - 1;
        &mut self.boards[last]
    }

    pub(crate) fn is_active(&self) -> bool {
        self.ended.is_none()
    }
}

/// The branch that owns the board at `time` in the history of branch
/// `index`: the branch itself, or an ancestor.
pub(crate) fn owner(branches: &[Branch], mut index: usize, time: u32) -> Option<usize> {
    loop {
        let branch = branches.get(index)?;
        if time >= branch.start {
            return (time <= branch.now()).then_some(index);
        }
        index = usize::from(branch.fork?.parent);
    }
}

/// The board at `time` in the history of branch `index`.
pub(crate) fn record_at(branches: &[Branch], index: usize, time: u32) -> Option<&Record> {
    let owner = owner(branches, index, time)?;
    let branch = &branches[owner];
    branch.boards.get((time - branch.start) as usize)
}

/// The boards of branch `index`'s history from `time` back to T0, newest
/// first, walking up the parents.
pub(crate) fn back_from(
    branches: &[Branch],
    index: usize,
    time: u32,
) -> impl Iterator<Item = &Record> + '_ {
    let mut cursor = owner(branches, index, time).map(|o| (o, time));
    std::iter::from_fn(move || {
        let (branch_index, t) = cursor?;
        let branch = &branches[branch_index];
        let record = branch.boards.get((t - branch.start) as usize)?;
        cursor = if t == 0 {
            None
        } else if t > branch.start {
            Some((branch_index, t - 1))
        } else {
            branch
                .fork
                .and_then(|f| owner(branches, usize::from(f.parent), t - 1))
                .map(|o| (o, t - 1))
        };
        Some(record)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_pack_and_unpack_positions() {
        let pos =
            Position::from_fen("r3k2r/pp1n1ppp/8/2pP4/8/8/PPP2PPP/R3K2R w KQkq c6 0 12").unwrap();
        let record = Record::pack(&pos, Some(Square::C6), Square::D5.bitboard(), None);
        let back = record.position(22);
        assert_eq!(back.fen(), pos.fen());
        assert_eq!(record.key, pos.zobrist_hash());
        assert_eq!(record.arrived(), Square::D5.bitboard());
        assert_eq!(std::mem::size_of::<Record>(), 56);
    }
}
