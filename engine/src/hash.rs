//! Keys for the transposition table and repetition checks of variants
//! whose state the engine sees only through the face: a hash of the
//! [`View`] (the men with their marks, hands, men away in time, board
//! labels and notes) and of the turn. A variant with a key cheaper than
//! its view keys its states itself (`Profiled::key`: FIDE chess's
//! Zobrist key; 5D chess's boards, with this module's [`KeyHasher`]),
//! and `profile::keys` chooses.
//!
//! The title is left out (it carries the move number, which would keep a
//! repeated position from matching itself). Board labels name branches,
//! timelines and board numerals, and Gifford's carry the move number: they
//! stay in the transposition table's key, and out of the key for
//! repetitions, which the rules count without them (Gifford counts the
//! board and the men away in time, whose labels carry their due move, G-7;
//! Many Worlds the set of boards, numerals aside, M-5).

use std::hash::{Hash, Hasher};

use chronomate_rules::Turn;
use chronomate_rules::view::View;

/// A fast, fixed (not randomly keyed) hasher: the same state gets the same
/// key in every run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeyHasher(u64);

impl Default for KeyHasher {
    fn default() -> KeyHasher {
        KeyHasher(0x243f_6a88_85a3_08d3)
    }
}

const K: u64 = 0x9e37_79b9_7f4a_7c15;

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(K);
    }

    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z = (z ^ (z >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        z ^ (z >> 33)
    }
}

/// The keys of a state seen through its view and turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ViewKeys {
    /// Everything the view shows but its title: for the transposition
    /// table.
    pub table: u64,
    /// The same without the board labels: for repetitions.
    pub repetition: u64,
}

/// The keys of a state seen through its view and turn.
pub(crate) fn view_keys(turn: &Turn, view: &View) -> ViewKeys {
    let mut h = KeyHasher::default();
    turn.color.hash(&mut h);
    // The labels as the text they are written as, hashed as a list of
    // strings: the same keys whatever type the labels come in.
    h.write_usize(turn.boards.len());
    for board in &turn.boards {
        board.to_string().hash(&mut h);
    }
    for board in &view.boards {
        board.shape.hash(&mut h);
        board.cells.hash(&mut h);
        board.to_move.hash(&mut h);
        board.owed.hash(&mut h);
        board.ended.hash(&mut h);
    }
    for hand in &view.hands {
        hand.color.hash(&mut h);
        hand.men.hash(&mut h);
    }
    for pending in &view.pending {
        pending.man.hash(&mut h);
        pending.label.hash(&mut h);
    }
    view.notes.hash(&mut h);
    let repetition = h.finish();
    for board in &view.boards {
        board.label.hash(&mut h);
    }
    ViewKeys {
        table: h.finish(),
        repetition,
    }
}
