//! The transposition table: what the search found in a state, by its key.

use crate::score::MATE_BOUND;

#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub key: u64,
    pub score: i32,
    pub best: u16,
    pub depth: i8,
    pub bound: u8,
}

pub(super) const EXACT: u8 = 1;
pub(super) const LOWER: u8 = 2;
pub(super) const UPPER: u8 = 3;
pub(super) const NO_MOVE: u16 = u16::MAX;

/// The transposition table: scores, bounds and best moves by key, one
/// entry a slot (a new key takes the slot; the same key keeps the deeper
/// or exact result).
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (8 to 24).
    pub(crate) fn new(bits: u32) -> Table {
        let size = 1usize << bits.clamp(8, 24);
        Table {
            entries: vec![Entry::default(); size],
            mask: size - 1,
        }
    }

    /// How many entries it holds.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.bound != 0 && e.key == key).then_some(e)
    }

    #[inline]
    pub(super) fn store(&mut self, key: u64, depth: i32, score: i32, bound: u8, best: u16) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key != key || depth >= i32::from(slot.depth) || bound == EXACT {
            *slot = Entry {
                key,
                score,
                best,
                depth: depth.clamp(-1, 127) as i8,
                bound,
            };
        }
    }
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
pub(super) fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
pub(super) fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
