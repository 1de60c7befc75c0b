//! FIDE chess as a search domain: [`Position`]s copied and played
//! directly (no notation, no rules bookkeeping), Zobrist keys, legal
//! moves from the rules' bitboard generator, a quiescence search of
//! captures, null moves and late-move reductions.
//!
//! Used for `standard` games and UCI, and by the multiverse for the chess
//! on one branch.

use chronomate_rules::Color;
use chronomate_rules::chess::{Move, Piece, Position, Role, zobrist};

use super::Domain;
use crate::eval::fide;
use crate::score::MATE;

pub(crate) struct Fide;

/// [`Position::zobrist_hash`], the same key, summed by the men's bitboards
/// (several times faster than square by square).
pub(crate) fn key(pos: &Position) -> u64 {
    let mut key = zobrist::turn_key(pos.turn()) ^ zobrist::castling_key(pos.castling());
    if let Some(square) = pos.ep_square() {
        key ^= zobrist::en_passant_key(square.file());
    }
    let board = pos.board();
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for square in board.by_piece(piece) {
                key ^= zobrist::piece_key(piece, square);
            }
        }
    }
    key
}

impl Domain for Fide {
    type State = Position;
    type Move = Move;

    fn side(&self, s: &Position) -> Color {
        s.turn()
    }

    /// Insufficient material, or the hundredth half-move without a capture
    /// or pawn move, draws; but a move that mates on the hundredth
    /// half-move wins (as the rules judge it), so a mate is left to
    /// [`Domain::no_moves`].
    fn outcome(&self, s: &Position) -> Option<Option<Color>> {
        let fifty = s.halfmove_clock() >= 100 && !s.is_checkmate();
        (fifty || s.is_insufficient_material()).then_some(None)
    }

    fn key(&self, s: &Position) -> u64 {
        key(s)
    }

    fn moves(&mut self, s: &Position, _ply: usize, out: &mut Vec<Move>) -> bool {
        s.for_each_legal_move(|m| out.push(m));
        false
    }

    fn play(&mut self, s: &Position, m: &Move) -> Option<Position> {
        let mut next = *s;
        next.play_unchecked(m);
        Some(next)
    }

    fn evaluate(&mut self, s: &Position) -> i32 {
        fide::position(s)
    }

    fn no_moves(&self, s: &Position, ply: usize) -> i32 {
        if s.is_check() {
            -(MATE - ply as i32)
        } else {
            0
        }
    }

    fn in_check(&self, s: &Position) -> bool {
        s.is_check()
    }

    fn capture_order(&self, _s: &Position, m: &Move) -> Option<i32> {
        let attacker = fide::value(m.role()) / 10;
        match (m.capture(), m.promotion()) {
            (Some(victim), promotion) => {
                Some(fide::value(victim) * 10 - attacker + promotion.map_or(0, fide::value))
            }
            (None, Some(Role::Queen)) => Some(fide::value(Role::Queen) * 8),
            _ => None,
        }
    }

    fn history_slot(&self, s: &Position, m: &Move) -> Option<usize> {
        Some(s.turn().index() * 4096 + m.from().index() * 64 + m.to().index())
    }

    fn captures(&mut self, s: &Position, _depth: usize, out: &mut Vec<Move>) -> bool {
        s.for_each_legal_move(|m| {
            if m.is_capture() || m.promotion() == Some(Role::Queen) {
                out.push(m);
            }
        });
        true
    }

    fn futile(&self, s: &Position, m: &Move, stand: i32, alpha: i32) -> bool {
        let victim = m.capture().map_or(0, fide::value);
        let promotion = m
            .promotion()
            .map_or(0, |p| fide::value(p) - fide::value(Role::Pawn));
        // Delta pruning: even winning the man (and a margin) stays below
        // alpha.
        if stand + victim + promotion + 150 < alpha {
            return true;
        }
        // A capture of a cheaper man on a square the enemy guards loses
        // material (a rough static exchange).
        let attacker = fide::value(m.role());
        if promotion == 0 && victim < attacker && m.role() != Role::King {
            let board = s.board();
            let occupied = board.occupied().without(m.from());
            return board.is_attacked(m.to(), s.turn().other(), occupied);
        }
        false
    }

    fn null_move(&self, s: &Position) -> Option<Position> {
        // Not with only pawns and king: zugzwang is common there.
        let board = s.board();
        let pieces =
            board.by_color(s.turn()) & !(board.by_role(Role::Pawn) | board.by_role(Role::King));
        if pieces.is_empty() {
            return None;
        }
        let mut setup = s.setup();
        setup.turn = s.turn().other();
        setup.ep_square = None;
        Some(setup.position_lenient())
    }

    fn reductions(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_key_is_the_zobrist_key() {
        let mut pos = Position::new();
        for _ in 0..40 {
            assert_eq!(key(&pos), pos.zobrist_hash(), "{}", pos.fen());
            let moves = pos.legal_moves();
            let Some(mv) = moves.get(pos.fullmove_number() as usize % moves.len().max(1)) else {
                break;
            };
            pos.play_unchecked(mv);
        }
        let ep = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        assert_eq!(key(&ep), ep.zobrist_hash());
    }
}
