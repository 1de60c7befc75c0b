//! Fancy magic bitboards: slider attacks by table lookup.
//!
//! For each square and slider, the occupied squares that can block it (its
//! rays without the board's edge) are multiplied by a magic factor; the top
//! bits of the product index that square's slice of one shared table. A
//! factor is magic when no two blocker sets with different attacks land on
//! the same slot.
//!
//! The factors are searched for at first use with a fixed-seed generator,
//! so every run finds the same ones; the search takes a few milliseconds.

use std::sync::LazyLock;

use super::rays::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS, walk_rays};
use super::{Bitboard, File, Rank, Square};

/// The slider tables, found on first use.
pub(super) static SLIDERS: LazyLock<Sliders> = LazyLock::new(Sliders::find);

/// One square's key into the shared table.
#[derive(Clone, Copy, Debug, Default)]
struct Magic {
    /// The squares whose occupancy can change the attacks.
    mask: u64,
    factor: u64,
    /// 64 minus the number of mask squares.
    shift: u32,
    /// Where this square's slice of the table starts.
    offset: u32,
}

impl Magic {
    #[inline]
    fn slot(&self, occupied: Bitboard) -> usize {
        self.offset as usize
            + ((occupied.0 & self.mask).wrapping_mul(self.factor) >> self.shift) as usize
    }
}

pub(super) struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Box<[Bitboard]>,
}

impl Sliders {
    #[inline]
    pub(super) fn rook(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let slot = self.rook[square.index()].slot(occupied);
        self.attacks.get(slot).copied().unwrap_or_default()
    }

    #[inline]
    pub(super) fn bishop(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let slot = self.bishop[square.index()].slot(occupied);
        self.attacks.get(slot).copied().unwrap_or_default()
    }

    fn find() -> Sliders {
        let mut random = SplitMix64(0x0c4e_0ba7_e5ee_d5ee);
        let mut attacks = Vec::new();
        let mut rook = [Magic::default(); 64];
        let mut bishop = [Magic::default(); 64];
        for square in Square::ALL {
            rook[square.index()] = find_magic(square, &ROOK_DIRECTIONS, &mut random, &mut attacks);
            bishop[square.index()] =
                find_magic(square, &BISHOP_DIRECTIONS, &mut random, &mut attacks);
        }
        Sliders {
            rook,
            bishop,
            attacks: attacks.into_boxed_slice(),
        }
    }
}

/// Finds a magic for a slider moving in `directions` from `square` and
/// appends its slice to `table`.
fn find_magic(
    square: Square,
    directions: &[(i32, i32)],
    random: &mut SplitMix64,
    table: &mut Vec<Bitboard>,
) -> Magic {
    let mask = relevant_blockers(square, directions);
    let bits = mask.count();
    let size = 1usize << bits;
    let blockers: Vec<Bitboard> = mask.subsets().collect();
    let reference: Vec<Bitboard> = blockers
        .iter()
        .map(|&occupied| walk_rays(square, occupied, directions))
        .collect();

    let offset = table.len();
    table.resize(offset + size, Bitboard::EMPTY);
    // Which attempt last wrote each slot, so slots need no clearing.
    let mut written = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        // Sparse factors work best.
        let factor = random.next() & random.next() & random.next();
        if (mask.0.wrapping_mul(factor) >> 56).count_ones() < 6 {
            continue;
        }
        let magic = Magic {
            mask: mask.0,
            factor,
            shift: 64 - bits,
            offset: 0,
        };
        let slice = &mut table[offset..];
        let fits = blockers
            .iter()
            .zip(&reference)
            .all(|(&occupied, &attacks)| {
                let slot = magic.slot(occupied);
                if written[slot] != attempt {
                    written[slot] = attempt;
                    slice[slot] = attacks;
                    true
                } else {
                    slice[slot] == attacks
                }
            });
        if fits {
            return Magic {
                offset: offset as u32,
                ..magic
            };
        }
    }
}

/// The squares whose occupancy matters to a slider on `square`: its rays,
/// less the last square of each (a man there changes nothing). The edges
/// the slider stands on stay in: a rook on a1 still needs b1..g1.
fn relevant_blockers(square: Square, directions: &[(i32, i32)]) -> Bitboard {
    let rays = walk_rays(square, Bitboard::EMPTY, directions);
    let mut edges = Bitboard::EMPTY;
    if square.file() != File::A {
        edges |= File::A.bitboard();
    }
    if square.file() != File::H {
        edges |= File::H.bitboard();
    }
    if square.rank() != Rank::First {
        edges |= Rank::First.bitboard();
    }
    if square.rank() != Rank::Eighth {
        edges |= Rank::Eighth.bitboard();
    }
    rays - edges
}

/// A small, fixed-seed generator (SplitMix64): the search must find the same
/// magics on every run.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocker_masks_have_the_usual_sizes() {
        assert_eq!(relevant_blockers(Square::A1, &ROOK_DIRECTIONS).count(), 12);
        assert_eq!(relevant_blockers(Square::E4, &ROOK_DIRECTIONS).count(), 10);
        assert_eq!(relevant_blockers(Square::D1, &ROOK_DIRECTIONS).count(), 11);
        assert_eq!(relevant_blockers(Square::A1, &BISHOP_DIRECTIONS).count(), 6);
        assert_eq!(relevant_blockers(Square::E4, &BISHOP_DIRECTIONS).count(), 9);
        let total: usize = Square::ALL
            .into_iter()
            .map(|sq| {
                (1usize << relevant_blockers(sq, &ROOK_DIRECTIONS).count())
                    + (1usize << relevant_blockers(sq, &BISHOP_DIRECTIONS).count())
            })
            .sum();
        assert_eq!(SLIDERS.attacks.len(), total);
        assert_eq!(total, 102_400 + 5_248);
    }
}
