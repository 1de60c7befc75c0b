//! The rays a slider moves along, walked square by square: the slow,
//! obvious reference the magic tables are built from (and tested against).
//! `magic` builds its tables from it and `attacks`' tests check them
//! against it; it uses neither, so the two never import each other.

use super::{Bitboard, Square};

/// A rook's four directions, as (file, rank) steps.
pub(super) const ROOK_DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
/// A bishop's four directions, as (file, rank) steps.
pub(super) const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// What a slider moving in `directions` from `square` attacks, found by
/// walking each ray until it meets an occupied square. Slow: the reference
/// the magic tables are built from and tested against.
pub(super) fn walk_rays(square: Square, occupied: Bitboard, directions: &[(i32, i32)]) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for &(df, dr) in directions {
        let mut at = square;
        while let Some(next) = at.offset(df, dr) {
            set.insert(next);
            if occupied.contains(next) {
                break;
            }
            at = next;
        }
    }
    set
}
