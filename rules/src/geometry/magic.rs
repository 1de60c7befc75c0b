//! Fancy magic bitboards: slider attacks by table lookup.
//!
//! For each square and slider, the occupied squares that can block it (its
//! rays without the board's edge) are multiplied by a magic factor; the top
//! bits of the product index that square's slice of one shared table. A
//! factor is magic when no two blocker sets with different attacks land on
//! the same slot.
//!
//! The factors are stored below, as a search with a fixed-seed generator
//! found them; each is checked when the tables are filled (at first use,
//! about a millisecond), and a square whose stored factor did not fit would
//! be searched again. Searching all of them at every start took 220 ms,
//! nine tenths of a short process's time (`chronomate uci`, any command
//! that reads a chess board).

use std::sync::LazyLock;

use super::rays::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS, walk_rays};
use super::{Bitboard, File, Rank, Square};
use crate::rng::SplitMix64;

/// The slider tables, found on first use.
pub(super) static SLIDERS: LazyLock<Sliders> = LazyLock::new(Sliders::find);

/// The rooks' magic factors, by square (a1, b1, ... h8).
const ROOK_FACTORS: [u64; 64] = [
    0x8200_1042_0020_8104,
    0x0140_0020_0140_1000,
    0x5100_0840_2000_1100,
    0x2500_1000_0500_2008,
    0x1480_0280_0400_0800,
    0x0100_0a04_0088_5500,
    0x0c00_0402_0108_0090,
    0x0200_0100_4400_8022,
    0x0010_8000_8040_1020,
    0x0400_8020_0040_0080,
    0x0000_8010_0080_200a,
    0x0040_8010_0008_0082,
    0x0004_8008_0080_4400,
    0x0000_8004_0080_0200,
    0x0121_0100_0200_0104,
    0x1406_0000_8a04_4405,
    0x0080_2080_0080_4000,
    0x4004_8200_2a41_0200,
    0x0001_0500_2002_c210,
    0x0001_0100_2010_0008,
    0x042a_0200_0820_1004,
    0x1006_0101_0008_0400,
    0x4802_0400_1002_0108,
    0x04a2_0200_0100_9044,
    0x4000_4002_8000_8020,
    0x0100_8021_0040_0100,
    0x0001_2001_8010_0088,
    0x0030_0040_4008_0400,
    0x0004_0801_0011_0004,
    0x0000_0400_8080_0200,
    0x0000_0100_8080_0200,
    0x0690_0402_0000_8041,
    0x2801_4000_8280_0020,
    0x0040_0020_0080_4084,
    0x0010_0024_0020_0800,
    0x2001_0021_0900_1000,
    0x8100_0800_0500_1100,
    0x0000_0400_8080_0200,
    0x0014_2188_0400_5002,
    0x1010_0080_4200_0124,
    0x0040_3080_4000_8000,
    0x0060_0040_0081_8060,
    0x4002_0412_8042_0021,
    0x9c58_0010_0080_8008,
    0x0020_0500_0801_0011,
    0x0010_0200_0400_8080,
    0x2200_0290_0104_0008,
    0x0804_008c_4406_0001,
    0x1208_4020_8009_0100,
    0x0040_0420_4900_8300,
    0x2410_0020_0080_1080,
    0x0101_1040_2201_0a00,
    0x0800_0800_0400_8080,
    0xa808_0200_0400_8080,
    0x0400_2510_08d2_0400,
    0x2040_1541_0184_0a00,
    0x00a0_2041_0080_0011,
    0x0001_0082_0010_2042,
    0x0000_0900_2000_4411,
    0x4100_2028_5490_0101,
    0x1009_0004_1048_0003,
    0x303b_0004_0008_0201,
    0xc401_0005_9c02_0041,
    0x0000_0480_4029_0402,
];

/// The bishops' magic factors, by square.
const BISHOP_FACTORS: [u64; 64] = [
    0x9042_1828_0a8c_0842,
    0x0008_4204_0400_2012,
    0x0010_2c04_9020_0022,
    0x0004_0400_8804_1008,
    0x1001_1040_0140_2000,
    0x0401_0420_0404_0d50,
    0x6004_0422_0211_0400,
    0x0044_104c_0208_4012,
    0x4411_4033_0802_0088,
    0x1200_200c_80a0_8300,
    0x0000_1204_2242_0000,
    0x2000_0808_4100_8000,
    0x0000_9410_a800_0010,
    0x0200_0111_2010_0200,
    0x0008_0101_2860_8420,
    0x0880_8022_2a10_0400,
    0x0020_0808_4810_0088,
    0x8120_0288_0101_4200,
    0x0c10_4120_8300_4200,
    0x0005_0010_2c00_8010,
    0x1048_2004_0208_1000,
    0x1102_0001_0080_8400,
    0x0442_2000_8201_6000,
    0x0002_0800_2082_0820,
    0x0808_1a01_2020_910c,
    0x0002_1060_210c_0880,
    0x4028_0409_1811_2960,
    0x2088_0800_2282_0042,
    0x2002_0400_0200_9040,
    0x8102_0020_4210_1000,
    0x8810_8088_810c_1000,
    0x1004_0440_0029_0404,
    0x0050_0988_0060_8220,
    0xa041_0442_0020_4802,
    0x8000_1804_001a_0c00,
    0x0014_0420_0804_0100,
    0x0808_4101_400c_0040,
    0x1410_8082_0001_0122,
    0x4128_0081_0004_1132,
    0x2008_04a1_0874_2300,
    0x0284_1598_4000_4801,
    0x0a44_1898_0430_0800,
    0xca20_0c00_4800_2401,
    0x3280_0811_4800_0400,
    0x8100_2801_0040_ac00,
    0x0004_1000_4a00_0440,
    0x0120_6822_0080_d445,
    0x0110_120c_4244_2100,
    0x0210_8201_1040_0000,
    0x00c2_5404_1412_0020,
    0x0002_0442_4c30_0840,
    0x6210_0000_2088_0004,
    0x0104_40c4_1044_2040,
    0x0010_2085_1010_8200,
    0x2011_0501_0404_0080,
    0x0409_9021_0045_000c,
    0x0001_0400_4404_0400,
    0x1218_8200_6412_0820,
    0x8000_1004_4044_1080,
    0x0046_8088_2820_8810,
    0x0000_9000_0921_0100,
    0x0001_0888_3030_5080,
    0x0000_0820_0144_4500,
    0x40c8_8808_0800_2821,
];

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
        // A fixed seed: the search must find the same magics on every run.
        let mut random = SplitMix64::new(0x0c4e_0ba7_e5ee_d5ee);
        let mut attacks = Vec::new();
        let mut rook = [Magic::default(); 64];
        let mut bishop = [Magic::default(); 64];
        for square in Square::ALL {
            let i = square.index();
            rook[i] = find_magic(
                square,
                &ROOK_DIRECTIONS,
                ROOK_FACTORS[i],
                &mut random,
                &mut attacks,
            );
            bishop[i] = find_magic(
                square,
                &BISHOP_DIRECTIONS,
                BISHOP_FACTORS[i],
                &mut random,
                &mut attacks,
            );
        }
        Sliders {
            rook,
            bishop,
            attacks: attacks.into_boxed_slice(),
        }
    }
}

/// Finds a magic for a slider moving in `directions` from `square`,
/// `stored` first, and appends its slice to `table`.
fn find_magic(
    square: Square,
    directions: &[(i32, i32)],
    stored: u64,
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
        let factor = if attempt == 1 {
            stored
        } else {
            random.next_u64() & random.next_u64() & random.next_u64()
        };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stored_factor_is_magic() {
        // A stored factor that did not fit would be searched for again at
        // every start: the tables would be right, and slow to make.
        for square in Square::ALL {
            let i = square.index();
            assert_eq!(
                SLIDERS.rook[i].factor, ROOK_FACTORS[i],
                "rook on {square:?}"
            );
            assert_eq!(
                SLIDERS.bishop[i].factor, BISHOP_FACTORS[i],
                "bishop on {square:?}"
            );
        }
        // And the tables answer as walking the rays does.
        let mut random = SplitMix64::new(7);
        for _ in 0..2_000 {
            let occupied = Bitboard(random.next_u64() & random.next_u64());
            for square in Square::ALL {
                assert_eq!(
                    SLIDERS.rook(square, occupied),
                    walk_rays(square, occupied, &ROOK_DIRECTIONS)
                );
                assert_eq!(
                    SLIDERS.bishop(square, occupied),
                    walk_rays(square, occupied, &BISHOP_DIRECTIONS)
                );
            }
        }
    }

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
