//! Zobrist hashing: a 64-bit key per position, for repetition.
//!
//! Two positions are the same for the repetition rule when the same men
//! stand on the same squares, the same side is to move, and the same
//! castling and en passant captures are possible (FIDE 9.2.3). The key is
//! the exclusive-or of one fixed random number per fact; the numbers are
//! drawn at compile time from a fixed seed, so keys are stable across runs
//! and builds.

use super::{CastlingRights, Piece};
use crate::Color;
use crate::geometry::{File, Square};
use crate::rng::SplitMix64;

struct Keys {
    /// By colour, role, square.
    pieces: [[[u64; 64]; 6]; 2],
    black_to_move: u64,
    /// By the 16 combinations of castling rights.
    castling: [u64; 16],
    /// By the file of the en passant square.
    en_passant: [u64; 8],
}

static KEYS: Keys = {
    let mut random = SplitMix64::new(0x5eed_c0de_2b1d_7e57);
    let mut pieces = [[[0; 64]; 6]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                pieces[c][r][s] = random.next_u64();
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    let black_to_move = random.next_u64();
    // Each right has its own number; a combination is their exclusive-or.
    let mut single = [0; 4];
    let mut i = 0;
    while i < 4 {
        single[i] = random.next_u64();
        i += 1;
    }
    let mut castling = [0; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut i = 0;
        while i < 4 {
            if bits & (1 << i) != 0 {
                castling[bits] ^= single[i];
            }
            i += 1;
        }
        bits += 1;
    }
    let mut en_passant = [0; 8];
    let mut f = 0;
    while f < 8 {
        en_passant[f] = random.next_u64();
        f += 1;
    }
    Keys {
        pieces,
        black_to_move,
        castling,
        en_passant,
    }
};

/// The number for `piece` standing on `square`.
#[inline]
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    KEYS.pieces[piece.color.index()][piece.role.index()][square.index()]
}

/// The number for `color` being to move (zero for White).
#[inline]
pub fn turn_key(color: Color) -> u64 {
    color.fold(0, KEYS.black_to_move)
}

/// The number for a set of castling rights (zero for none).
#[inline]
pub fn castling_key(rights: CastlingRights) -> u64 {
    KEYS.castling[usize::from(rights.bits() & 15)]
}

/// The number for an en passant capture being possible on `file`.
#[inline]
pub fn en_passant_key(file: File) -> u64 {
    KEYS.en_passant[file.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Role;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = Square::ALL
            .into_iter()
            .flat_map(|sq| {
                Color::ALL.into_iter().flat_map(move |color| {
                    Role::ALL
                        .into_iter()
                        .map(move |role| piece_key(Piece::new(color, role), sq))
                })
            })
            .collect();
        all.push(turn_key(Color::Black));
        all.extend(File::ALL.map(en_passant_key));
        all.push(castling_key(CastlingRights::ALL));
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert_eq!(turn_key(Color::White), 0);
        assert_eq!(castling_key(CastlingRights::NONE), 0);
    }
}
