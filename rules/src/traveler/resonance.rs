//! TT-3 resonators and TT-5 annihilations.
//!
//! A resonator is an untraveled man R of a player who has a traveling man T
//! that R could ever annihilate: the same kind, or R a pawn and T a piece it
//! could promote to; and T's square geometrically reachable for R (bishop:
//! same square colour; pawn for a traveling pawn: T strictly ahead of it,
//! fewer files aside than ranks ahead, and not on the last rank; a pawn for
//! a traveling piece, and every other kind: always). A pawn changes file
//! only by capturing, one rank per file, and annihilates by a straight
//! push, so a traveling pawn on the edge of its capture cone (as many
//! files aside as ranks ahead) is out of its reach.
//!
//! This one geometry ([`could_annihilate`]) decides resonators (TT-3),
//! hence the men an explosion may not take (TT-4), and grammatical
//! correctness (TT-6); every annihilation possible now (TT-5) is one it
//! allows.
//!
//! An annihilation (TT-5) is an untraveled resonator moving onto a friendly
//! traveling man of the same kind with a move it could make if that square
//! were empty: pawns push straight only (one step, or two from the second
//! rank over an empty square); a push to the last rank promotes to the
//! traveling man's kind. Both leave the board.

use crate::Color;
use crate::chess::{Piece, Role};
use crate::geometry::{Bitboard, Rank, Square};

use super::position::{Pos, Stage, TravelerChess};

/// TT-3: whether an untraveled `r_role` on `r` could ever annihilate a
/// traveling `t_role` on `t`, both of `color`: same kind (a bishop on the
/// same square colour; a pawn with `t` strictly ahead, fewer files aside
/// than ranks ahead, not on the last rank), or a pawn for a piece it can
/// promote to.
pub(super) fn could_annihilate(
    color: Color,
    r_role: Role,
    r: Square,
    t_role: Role,
    t: Square,
) -> bool {
    if r_role == t_role {
        match r_role {
            Role::Bishop => r.is_light() == t.is_light(),
            Role::Pawn => {
                let ahead = (t.rank() as i32 - r.rank() as i32) * color.fold(1, -1);
                let aside = (t.file() as i32 - r.file() as i32).abs();
                ahead > 0 && aside < ahead && t.rank() != Rank::Eighth.relative_to(color)
            }
            _ => true,
        }
    } else {
        r_role == Role::Pawn && Role::PROMOTIONS.contains(&t_role)
    }
}

impl TravelerChess {
    /// TT-3: `color`'s resonators now.
    pub fn resonators(&self, color: Color) -> Bitboard {
        resonators(&self.pos, color)
    }
}

/// TT-3: `color`'s resonators.
pub(super) fn resonators(pos: &Pos, color: Color) -> Bitboard {
    let traveling = pos.stage_of(color, Stage::Traveling);
    if traveling.is_empty() {
        return Bitboard::EMPTY;
    }
    let mut out = Bitboard::EMPTY;
    for r in pos.stage_of(color, Stage::Untraveled) {
        let Some(r_role) = pos.board.role_at(r) else {
            continue;
        };
        if traveling.into_iter().any(|t| {
            pos.board
                .role_at(t)
                .is_some_and(|t_role| could_annihilate(color, r_role, r, t_role, t))
        }) {
            out.insert(r);
        }
    }
    out
}

/// TT-5: if the untraveled man on `from` can annihilate the traveling man
/// on `to` (both the mover's) now, the promotion it makes (for a pawn
/// reaching the last rank).
pub(super) fn annihilation(
    pos: &Pos,
    color: Color,
    from: Square,
    to: Square,
) -> Option<Option<Role>> {
    let ours = pos.board.by_color(color);
    if !pos.stage_of(color, Stage::Untraveled).contains(from)
        || !(pos.traveling & ours).contains(to)
    {
        return None;
    }
    let r_role = pos.board.role_at(from)?;
    let t_role = pos.board.role_at(to)?;
    let occupied = pos.board.occupied();
    if r_role != Role::Pawn {
        return (r_role == t_role
            && Piece::new(color, r_role)
                .attacks(from, occupied)
                .contains(to))
        .then_some(None);
    }
    let dir = color.fold(1, -1);
    let one = from.offset(0, dir)?;
    let last = to.rank() == Rank::Eighth.relative_to(color);
    if one == to {
        return match (t_role, last) {
            (Role::Pawn, false) => Some(None),
            (role, true) if Role::PROMOTIONS.contains(&role) => Some(Some(role)),
            _ => None,
        };
    }
    let two = one.offset(0, dir)?;
    (t_role == Role::Pawn
        && two == to
        && from.rank() == Rank::Second.relative_to(color)
        && !occupied.contains(one))
    .then_some(None)
}

/// Every annihilation `color` can make now: (from, to, promotion).
pub(super) fn for_each_annihilation(
    pos: &Pos,
    color: Color,
    mut f: impl FnMut(Square, Square, Option<Role>),
) {
    let traveling = pos.stage_of(color, Stage::Traveling);
    if traveling.is_empty() {
        return;
    }
    let untraveled = pos.stage_of(color, Stage::Untraveled);
    for to in traveling {
        for from in untraveled {
            if let Some(promotion) = annihilation(pos, color, from, to) {
                f(from, to, promotion);
            }
        }
    }
}

/// Whether `color` can annihilate its traveling man on `to` now.
pub(super) fn can_annihilate_onto(pos: &Pos, color: Color, to: Square) -> bool {
    pos.stage_of(color, Stage::Untraveled)
        .into_iter()
        .any(|from| annihilation(pos, color, from, to).is_some())
}
