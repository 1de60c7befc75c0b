//! Keys for the transposition table and repetition checks. A variant's
//! profile keys its states itself where it can (`Profiled::keys`): FIDE
//! chess by its Zobrist key, Time Traveler's Chess by the rules' TT-10
//! key, 5D chess by its boards (with this module's [`KeyHasher`]), and so
//! on: see each profile in `profile.rs` (the multiverse is never keyed:
//! no state of it repeats, and its search keeps no table of whole states).
//! A new variant whose profile names no keys yet is keyed here, by
//! [`view_keys`]: a hash of its [`View`] (the men with their marks, hands,
//! men away in time, board labels and notes) and of the turn.
//!
//! The title is left out (it carries the move number, which would keep a
//! repeated position from matching itself). Board labels name branches,
//! timelines and board numerals: they stay in the transposition table's
//! key, and out of the key for repetitions.

use std::hash::{Hash, Hasher};

use chronomate_rules::Turn;
use chronomate_rules::gifford::Gifford;
use chronomate_rules::manyworlds::ManyWorlds;
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

/// A state's two keys, as the search uses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keys {
    /// For the transposition table: everything that makes two states
    /// differ for the search, the side to move included.
    pub table: u64,
    /// For repetitions: what the rules themselves count (the same as
    /// `table`, or less: a Gifford man's due move, a Many Worlds board's
    /// numeral).
    pub repetition: u64,
}

impl Keys {
    /// One key for both, where the rules count for repetitions all that
    /// makes two states differ.
    pub fn same(key: u64) -> Keys {
        Keys {
            table: key,
            repetition: key,
        }
    }
}

/// The keys of a state seen through its view and turn: everything the
/// view shows but its title for the table, the same without the board
/// labels for repetitions.
pub(crate) fn view_keys(turn: &Turn, view: &View) -> Keys {
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
    Keys {
        table: h.finish(),
        repetition,
    }
}

/// Gifford's keys, read from the state. For repetitions, what the rules
/// compare (G-7, decision 5: `Gifford::repetition_key`): the present
/// position's Zobrist key (men, side to move, castling, en passant) and
/// the men away in time. For the table, also what else the search can
/// tell apart: the move number (the men's due moves and a king's trips
/// back count from it), a king to be placed, each side's backward
/// travels and the timelines arisen. The past of the line, which a king's
/// trip back returns to, is left out (as the view left it out).
pub(crate) fn gifford_keys(state: &Gifford) -> Keys {
    let repetition = state.repetition_key();
    let mut h = KeyHasher::default();
    h.write_u64(repetition);
    h.write_u32(state.move_number());
    state.placing().hash(&mut h);
    for color in chronomate_rules::Color::ALL {
        h.write_u8(state.backward_travels(color));
    }
    h.write_usize(state.timeline_count());
    Keys {
        table: h.finish(),
        repetition,
    }
}

/// Many Worlds' keys, read from the state. For repetitions the rules' own
/// (M-5: the set of boards, numerals aside, and the side to act), which
/// they keep as boards come and go. For the table, each board with its
/// numeral and the side to act: an action names its boards by numeral, so
/// that a move the table keeps is one of this state's.
pub(crate) fn manyworlds_keys(state: &ManyWorlds) -> Keys {
    let repetition = state.repetition_key();
    let mut h = KeyHasher::default();
    h.write_u64(repetition);
    for (numeral, world) in state.boards() {
        numeral.hash(&mut h);
        h.write_u64(world.key());
    }
    Keys {
        table: h.finish(),
        repetition,
    }
}
