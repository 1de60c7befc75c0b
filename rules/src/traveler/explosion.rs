//! TT-4 explosions.
//!
//! An explosion of kind X on an empty square S (never rank 1 or 8 for a
//! pawn) with a support (TT-1) that the side's explosions can still be
//! matched to (TT-2) puts a traveling X and a traveled X on S; the traveled
//! X then makes a normal move from S. That move may not capture an enemy
//! traveling man or an enemy resonator (TT-3). A traveled pawn on its own
//! second rank may double-step, takes en passant when that is available,
//! and promotes to a traveled piece. Chronomate's decision: a traveled pawn
//! may not take en passant right after a double-step annihilation (TT-9),
//! since what it would take is the enemy resonator.

use crate::Color;
use crate::chess::{Piece, Role};
use crate::geometry::attacks::pawn_attacks;
use crate::geometry::{Bitboard, Rank, Square};

use super::matching::explosion_allowed;
use super::position::{MAX_EXPLOSIONS, Pos, Stage, Supports};
use super::resonance::resonators;
use super::support::pawn_pushes;

/// The enemy men an exploding traveled man may not take: traveling men and
/// resonators (TT-4).
pub(super) fn protected(pos: &Pos, us: Color) -> Bitboard {
    let them = us.other();
    pos.stage_of(them, Stage::Traveling) | resonators(pos, them)
}

/// Every move a traveled `role` of `us` could make from `square` (where a
/// traveling man of ours now stands), protected men included:
/// `(to, promotion, en_passant)`.
pub(super) fn traveled_moves(
    pos: &Pos,
    us: Color,
    role: Role,
    square: Square,
    mut f: impl FnMut(Square, Option<Role>, bool),
) {
    let occupied = pos.board.occupied().with(square);
    let theirs = pos.board.by_color(us.other());
    let ours = pos.board.by_color(us).with(square);
    if role == Role::Pawn {
        let targets = pawn_pushes(us, square, occupied) | (pawn_attacks(us, square) & theirs);
        let last = Rank::Eighth.relative_to(us).bitboard();
        for to in targets {
            if last.contains(to) {
                for promotion in Role::PROMOTIONS {
                    f(to, Some(promotion), false);
                }
            } else {
                f(to, None, false);
            }
        }
        if let Some(ep) = pos.ep
            && ep.undo.is_none()
            && pawn_attacks(us, square).contains(ep.square)
            && !occupied.contains(ep.square)
            && (pos.board.by_color(us.other()) & pos.board.by_role(Role::Pawn)).contains(ep.victim)
        {
            f(ep.square, None, true);
        }
    } else {
        for to in Piece::new(us, role).attacks(square, occupied) - ours {
            f(to, None, false);
        }
    }
}

/// The squares an explosion of `role` may be made on now, with their
/// candidate supports, TT-1 and TT-2 both holding.
pub(super) fn squares<'a>(
    pos: &Pos,
    sup: &'a Supports,
    role: Role,
) -> impl Iterator<Item = (Square, u16)> + 'a {
    let list = pos.records(pos.turn);
    let mut records = [0u16; MAX_EXPLOSIONS];
    for (r, out) in list.iter().zip(records.iter_mut()) {
        *out = r.supports;
    }
    let len = list.len();
    sup.squares(role).into_iter().filter_map(move |square| {
        let set = sup.set_for(role, square);
        explosion_allowed(&records[..len], set).then_some((square, set))
    })
}

/// Every explosion satisfying TT-1, TT-2 and TT-4 for the side to move,
/// before TT-6 and TT-7 are asked: `(role, square, to, promotion,
/// supports)`. Only (role, square) pairs `want` accepts are expanded.
pub(super) fn for_each(
    pos: &Pos,
    sup: &Supports,
    mut want: impl FnMut(Role, Square) -> bool,
    mut f: impl FnMut(Role, Square, Square, Option<Role>, u16),
) {
    let us = pos.turn;
    let protected = protected(pos, us);
    for role in Role::ALL {
        for (square, set) in squares(pos, sup, role) {
            if !want(role, square) {
                continue;
            }
            traveled_moves(pos, us, role, square, |to, promotion, ep| {
                let victim = if ep {
                    pos.ep.map_or(to, |e| e.victim)
                } else {
                    to
                };
                if !protected.contains(victim) {
                    f(role, square, to, promotion, set);
                }
            });
        }
    }
}
