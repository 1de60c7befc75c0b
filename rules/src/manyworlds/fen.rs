//! Boards as FEN: a game set up from given boards (for tests and puzzles),
//! and the stored form of a game, its boards as FEN fields.
//!
//! A board's FEN is the placement, the side to move (kept only with
//! `turns`, M-6), castling rights and the en passant square; move counters
//! may follow and are ignored.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Last, ManyWorlds, Numeral, World};
use crate::chess::{Board, CastlingSide, FenError, Piece, PositionError, Role, Setup};
use crate::geometry::Rank;
use crate::{Color, Status};

impl World {
    /// A board from a FEN. Its side to move is kept only when `turns`.
    /// Any placement is accepted (Many Worlds has no check, M-3), but the
    /// castling rights must match kings and rooks at home and the en
    /// passant square must lie on the third or sixth rank; it is kept only
    /// while a pawn could take en passant there (decision 3).
    pub fn from_fen(fen: &str, turns: bool) -> Result<World, FenError> {
        let setup = Setup::from_fen(fen)?;
        let board: &Board = &setup.board;
        for (color, side) in setup.castling.iter() {
            if board.piece_at(CastlingSide::king_from(color)) != Some(Piece::new(color, Role::King))
                || board.piece_at(side.rook_from(color)) != Some(Piece::new(color, Role::Rook))
            {
                return Err(PositionError::CastlingRights { color, side }.into());
            }
        }
        if let Some(sq) = setup.ep_square
            && !matches!(sq.rank(), Rank::Third | Rank::Sixth)
        {
            return Err(PositionError::EnPassant(sq).into());
        }
        Ok(World::new(
            setup.board,
            setup.castling,
            setup.ep_square,
            turns.then_some(setup.turn),
        ))
    }

    /// The placement, castling rights and en passant square as the first,
    /// third and fourth fields of a FEN, with the side to move between
    /// (`w` when the board does not know it).
    pub fn fen(&self) -> String {
        let turn = self.to_move().unwrap_or(Color::White).char();
        let ep = self.ep_square().map_or("-".to_owned(), |s| s.to_string());
        format!(
            "{} {turn} {} {ep}",
            self.board().placement(),
            self.castling()
        )
    }
}

impl ManyWorlds {
    /// A game from given boards, numbered 0, I, II, ... in order (FEN
    /// placement, side, castling, en passant; the side to move counts only
    /// with `turns`), with `to_move` to act. Refused without a board, or
    /// with two identical boards (M-1). For tests and puzzles.
    pub fn from_fens(turns: bool, to_move: Color, fens: &[&str]) -> Result<ManyWorlds, FenError> {
        if fens.is_empty() {
            return Err(FenError::NoBoard);
        }
        let mut game = ManyWorlds::empty(turns, to_move);
        for (i, fen) in fens.iter().enumerate() {
            let world = World::from_fen(fen, turns)?;
            if let Some(n) = game.find(&world) {
                return Err(FenError::IdenticalBoards {
                    first: n.0 as usize + 1,
                    second: i + 1,
                });
            }
            game.insert_new(world);
        }
        game.seen.insert(game.repetition_key(), 1);
        game.status = game.judge(false);
        Ok(game)
    }
}

/// The stored form: boards as FEN fields, the index and keys rebuilt on
/// loading.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Saved {
    turns: bool,
    to_move: Color,
    boards: Vec<(Numeral, String)>,
    next: u32,
    ply: u32,
    seen: BTreeMap<u64, u8>,
    last: Option<Last>,
    status: Status,
}

/// A game is kept in its stored form.
impl Serialize for ManyWorlds {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Saved::from(self.clone()).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ManyWorlds {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ManyWorlds, D::Error> {
        ManyWorlds::try_from(Saved::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

impl From<ManyWorlds> for Saved {
    fn from(g: ManyWorlds) -> Saved {
        Saved {
            turns: g.turns,
            to_move: g.to_move,
            boards: g.boards.iter().map(|(n, w)| (*n, w.fen())).collect(),
            next: g.next,
            ply: g.ply,
            seen: g.seen,
            last: g.last,
            status: g.status,
        }
    }
}

impl TryFrom<Saved> for ManyWorlds {
    type Error = String;
    fn try_from(s: Saved) -> Result<ManyWorlds, String> {
        let mut g = ManyWorlds::empty(s.turns, s.to_move);
        g.next = s.next;
        for (n, fen) in s.boards {
            let world = World::from_fen(&fen, s.turns).map_err(|e| e.to_string())?;
            if g.index.contains_key(&world) || g.boards.contains_key(&n) || n.0 >= s.next {
                return Err(format!("board {n} is stored twice or out of order"));
            }
            g.insert_as(n, world);
        }
        g.ply = s.ply;
        g.seen = s.seen;
        g.last = s.last;
        g.status = s.status;
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_sets_of_boards_say_why() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert_eq!(
            ManyWorlds::from_fens(false, Color::White, &[]),
            Err(FenError::NoBoard)
        );
        assert_eq!(
            ManyWorlds::from_fens(false, Color::White, &[start, start]),
            Err(FenError::IdenticalBoards {
                first: 1,
                second: 2
            })
        );
        let no_rook = "4k3/8/8/8/8/8/8/4K3 w K -";
        assert!(matches!(
            World::from_fen(no_rook, false),
            Err(FenError::Position(PositionError::CastlingRights { .. }))
        ));
        let ep = "4k3/8/8/8/3pP3/8/8/4K3 b - e4";
        assert!(matches!(
            World::from_fen(ep, false),
            Err(FenError::Position(PositionError::EnPassant(_)))
        ));
    }
}
