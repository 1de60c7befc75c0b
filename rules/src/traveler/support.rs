//! TT-1 explosion supports.
//!
//! An untraveled man M of the mover supports an explosion of kind X on an
//! empty square S if some sequence of at most three hypothetical moves of
//! the mover alone ends with M on S as an untraveled X. The hypothetical
//! moves are pseudo-legal normal moves of the mover's untraveled and
//! traveled men: captures of enemy men are allowed, check is ignored, there
//! is no castling and no en passant; traveling men never move and always
//! block. A pawn counts for X other than pawn if it promotes to X within
//! the sequence (an untraveled pawn promotes to an untraveled piece).
//!
//! [`supports`] is the fast method: it walks the first two hypothetical
//! moves one by one and takes the third, which must be M's own quiet move
//! onto S, for every untraveled man at once as a set of squares.
//! [`supports_brute`] plays out every sequence of up to three moves; the
//! tests check the two agree.

use crate::Color;
use crate::chess::{Board, MoveGen, Piece, Role};
use crate::geometry::{Bitboard, Rank, Square};

use super::position::{Pos, Supports, TravelerChess};

impl TravelerChess {
    /// TT-1 supports of the side to move, computed once per position.
    pub(super) fn sup(&self) -> &Supports {
        self.supports
            .get_or_init(|| Box::new(supports(&self.pos, self.pos.turn)))
    }

    /// TT-1: the explosion squares of `role` each original man of the side
    /// to move supports now, by the square it started on.
    pub fn supports(&self, role: Role) -> Vec<(Square, Bitboard)> {
        let us = self.pos.turn;
        let sup = self.sup();
        (0..16u8)
            .filter_map(|m| {
                let squares = sup.of(m, role);
                Some((self.pos.home(us, m), squares)).filter(|_| squares.any())
            })
            .collect()
    }

    /// TT-1 by brute force, as [`TravelerChess::supports`] (for tests).
    #[doc(hidden)]
    pub fn supports_pair(&self, color: Color) -> (String, String, bool) {
        let fast = supports(&self.pos, color);
        let brute = supports_brute(&self.pos, color);
        (format!("{fast:?}"), format!("{brute:?}"), fast == brute)
    }
}

impl Supports {
    const NONE: Supports = Supports {
        reach: [[Bitboard::EMPTY; 6]; 16],
    };

    fn finish(mut self, pos: &Pos) -> Supports {
        let empty = !pos.board.occupied();
        let pawn_ok = empty - Rank::First.bitboard() - Rank::Eighth.bitboard();
        for roles in &mut self.reach {
            for role in Role::ALL {
                let mask = if role == Role::Pawn { pawn_ok } else { empty };
                roles[role.index()] &= mask;
            }
        }
        self
    }
}

/// An untraveled man being followed through the hypothetical moves.
#[derive(Clone, Copy)]
struct Tracked {
    square: Square,
    role: Role,
    local: u8,
}

/// TT-1 supports of `color`'s untraveled men, the fast way.
pub(super) fn supports(pos: &Pos, color: Color) -> Supports {
    let mut tracked = [Tracked {
        square: Square::A1,
        role: Role::Pawn,
        local: 0,
    }; 16];
    let mut n = 0;
    for sq in pos.stage_of(color, super::Stage::Untraveled) {
        if n < 16 {
            tracked[n] = Tracked {
                square: sq,
                role: pos.board.role_at(sq).unwrap_or(Role::Pawn),
                local: pos.ids[sq.index()] & 15,
            };
            n += 1;
        }
    }
    let mut out = Supports::NONE;
    walk(
        &pos.board,
        pos.movers(color),
        &tracked[..n],
        3,
        color,
        &mut out.reach,
    );
    out.finish(pos)
}

fn walk(
    board: &Board,
    movers: Bitboard,
    tracked: &[Tracked],
    left: u8,
    us: Color,
    reach: &mut [[Bitboard; 6]; 16],
) {
    for t in tracked {
        reach[t.local as usize][t.role.index()].insert(t.square);
    }
    if left == 1 {
        // The last move is a tracked man's own, onto an empty square.
        let occupied = board.occupied();
        for t in tracked {
            let slot = &mut reach[t.local as usize];
            if t.role == Role::Pawn {
                let targets = pawn_pushes(us, t.square, occupied);
                let last = Rank::Eighth.relative_to(us).bitboard();
                slot[Role::Pawn.index()] |= targets - last;
                if (targets & last).any() {
                    for role in Role::PROMOTIONS {
                        slot[role.index()] |= targets & last;
                    }
                }
            } else {
                slot[t.role.index()] |=
                    Piece::new(us, t.role).attacks(t.square, occupied) - occupied;
            }
        }
        return;
    }
    let mut next = [Tracked {
        square: Square::A1,
        role: Role::Pawn,
        local: 0,
    }; 16];
    next[..tracked.len()].copy_from_slice(tracked);
    MoveGen::new(board, us).movers(movers).for_each(|mv| {
        let (from, to) = (mv.from(), mv.to());
        let mut after = *board;
        after.play(us, &mv);
        let slot = tracked.iter().position(|t| t.square == from);
        if let Some(i) = slot {
            next[i].square = to;
            next[i].role = mv.promotion().unwrap_or(tracked[i].role);
        }
        walk(
            &after,
            movers.without(from).with(to),
            &next[..tracked.len()],
            left - 1,
            us,
            reach,
        );
        if let Some(i) = slot {
            next[i] = tracked[i];
        }
    });
}

/// A pawn's single and double pushes onto empty squares.
pub(crate) fn pawn_pushes(color: Color, from: Square, occupied: Bitboard) -> Bitboard {
    let dir = color.fold(1, -1);
    let mut out = Bitboard::EMPTY;
    if let Some(one) = from.offset(0, dir)
        && !occupied.contains(one)
    {
        out.insert(one);
        if from.rank() == Rank::Second.relative_to(color)
            && let Some(two) = one.offset(0, dir)
            && !occupied.contains(two)
        {
            out.insert(two);
        }
    }
    out
}

/// TT-1 supports by brute force: every sequence of up to three
/// hypothetical moves, each played on the board, following identities.
pub(super) fn supports_brute(pos: &Pos, color: Color) -> Supports {
    let mut out = Supports::NONE;
    let fixed = pos.traveling & pos.board.by_color(color);
    brute(
        &pos.board,
        pos.ids,
        pos.stage_of(color, super::Stage::Untraveled),
        fixed,
        3,
        color,
        &mut out.reach,
    );
    out.finish(pos)
}

fn brute(
    board: &Board,
    ids: [u8; 64],
    untraveled: Bitboard,
    fixed: Bitboard,
    left: u8,
    us: Color,
    reach: &mut [[Bitboard; 6]; 16],
) {
    for sq in untraveled {
        if let Some(role) = board.role_at(sq) {
            reach[(ids[sq.index()] & 15) as usize][role.index()].insert(sq);
        }
    }
    if left == 0 {
        return;
    }
    let movers = board.by_color(us) - fixed;
    for mv in MoveGen::new(board, us).movers(movers).moves() {
        let (from, to) = (mv.from(), mv.to());
        let mut after = *board;
        after.play(us, &mv);
        let mut ids2 = ids;
        ids2[to.index()] = ids[from.index()];
        ids2[from.index()] = super::position::NO_ID;
        let untraveled2 = if untraveled.contains(from) {
            untraveled.without(from).with(to)
        } else {
            untraveled
        };
        brute(&after, ids2, untraveled2, fixed, left - 1, us, reach);
    }
}
