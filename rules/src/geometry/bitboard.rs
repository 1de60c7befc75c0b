//! Sets of cells of a 64-cell board, one bit per cell.
//!
//! Nothing here knows the shape of the board: the 8x8 chessboard and the
//! 4x4x4 Temporal field both have exactly 64 cells, so both keep their sets
//! of cells in a [`Bitboard`]. A board's cell type says how its cells are
//! numbered by implementing [`Cell`].

use std::fmt;
use std::iter::FusedIterator;
use std::marker::PhantomData;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub, SubAssign,
};

use serde::{Deserialize, Serialize};

/// A cell of a 64-cell board, numbered 0 to 63.
///
/// The number is the cell's bit in a [`Bitboard`].
pub trait Cell: Copy {
    /// The cell's number, 0 to 63.
    fn index(self) -> u32;

    /// The cell numbered `index`. Only the low six bits of `index` count, so
    /// every `u32` names a cell and no call can fail.
    fn from_index(index: u32) -> Self;
}

/// Plain cell numbers, for code that has no cell type of its own.
impl Cell for u8 {
    #[inline]
    fn index(self) -> u32 {
        u32::from(self & 63)
    }

    #[inline]
    fn from_index(index: u32) -> u8 {
        (index & 63) as u8
    }
}

/// A set of cells of a 64-cell board: bit `i` is set when cell `i` is in.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No cell.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every cell.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding only the cell numbered `index` (low six bits).
    #[inline]
    pub const fn from_index(index: u32) -> Bitboard {
        Bitboard(1 << (index & 63))
    }

    /// The set holding only `cell`.
    #[inline]
    pub fn from_cell<C: Cell>(cell: C) -> Bitboard {
        Bitboard::from_index(cell.index())
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains<C: Cell>(self, cell: C) -> bool {
        self.0 & (1 << (cell.index() & 63)) != 0
    }

    /// Whether the cell numbered `index` (low six bits) is in the set.
    #[inline]
    pub const fn contains_index(self, index: u32) -> bool {
        self.0 & (1 << (index & 63)) != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert<C: Cell>(&mut self, cell: C) {
        *self = self.with(cell);
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove<C: Cell>(&mut self, cell: C) {
        *self = self.without(cell);
    }

    /// Adds `cell` if it is out, removes it if it is in.
    #[inline]
    pub fn toggle<C: Cell>(&mut self, cell: C) {
        *self ^= Bitboard::from_cell(cell);
    }

    /// The set with `cell` added.
    #[inline]
    #[must_use]
    pub fn with<C: Cell>(self, cell: C) -> Bitboard {
        self | Bitboard::from_cell(cell)
    }

    /// The set with `cell` removed.
    #[inline]
    #[must_use]
    pub fn without<C: Cell>(self, cell: C) -> Bitboard {
        self - Bitboard::from_cell(cell)
    }

    /// Whether the set holds no cell.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one cell.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// How many cells the set holds.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds two cells or more.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The only cell of the set, if it holds exactly one.
    #[inline]
    pub fn single<C: Cell>(self) -> Option<C> {
        if self.is_empty() || self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// The lowest-numbered cell.
    #[inline]
    pub fn first<C: Cell>(self) -> Option<C> {
        if self.is_empty() {
            None
        } else {
            Some(C::from_index(self.0.trailing_zeros()))
        }
    }

    /// The highest-numbered cell.
    #[inline]
    pub fn last<C: Cell>(self) -> Option<C> {
        if self.is_empty() {
            None
        } else {
            Some(C::from_index(63 - self.0.leading_zeros()))
        }
    }

    /// Removes and returns the lowest-numbered cell.
    #[inline]
    pub fn pop_first<C: Cell>(&mut self) -> Option<C> {
        let first = self.first();
        self.0 &= self.0.wrapping_sub(1);
        first
    }

    /// Whether every cell of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether the two sets share no cell.
    #[inline]
    pub const fn is_disjoint(self, other: Bitboard) -> bool {
        self.0 & other.0 == 0
    }

    /// The cells, lowest number first, as cells of type `C`.
    #[inline]
    pub fn cells<C: Cell>(self) -> Cells<C> {
        Cells {
            bits: self.0,
            cell: PhantomData,
        }
    }

    /// Every subset of the set, the empty set and the set itself included
    /// (2^count of them), in increasing order of their bits.
    pub fn subsets(self) -> Subsets {
        Subsets {
            mask: self.0,
            next: Some(0),
        }
    }
}

/// The cells of a [`Bitboard`], lowest number first.
#[derive(Clone, Debug)]
pub struct Cells<C> {
    bits: u64,
    cell: PhantomData<C>,
}

impl<C: Cell> Iterator for Cells<C> {
    type Item = C;

    #[inline]
    fn next(&mut self) -> Option<C> {
        if self.bits == 0 {
            return None;
        }
        let index = self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        Some(C::from_index(index))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count_ones() as usize;
        (n, Some(n))
    }
}

impl<C: Cell> DoubleEndedIterator for Cells<C> {
    #[inline]
    fn next_back(&mut self) -> Option<C> {
        if self.bits == 0 {
            return None;
        }
        let index = 63 - self.bits.leading_zeros();
        self.bits ^= 1 << index;
        Some(C::from_index(index))
    }
}

impl<C: Cell> ExactSizeIterator for Cells<C> {}
impl<C: Cell> FusedIterator for Cells<C> {}

/// Every subset of a [`Bitboard`] (see [`Bitboard::subsets`]).
#[derive(Clone, Debug)]
pub struct Subsets {
    mask: u64,
    next: Option<u64>,
}

impl Iterator for Subsets {
    type Item = Bitboard;

    fn next(&mut self) -> Option<Bitboard> {
        let current = self.next?;
        // The next subset in counting order, carrying through the gaps.
        let following = current.wrapping_sub(self.mask) & self.mask;
        self.next = (following != 0).then_some(following);
        Some(Bitboard(current))
    }
}

impl FusedIterator for Subsets {}

impl<C: Cell> FromIterator<C> for Bitboard {
    fn from_iter<I: IntoIterator<Item = C>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        set.extend(iter);
        set
    }
}

impl<C: Cell> Extend<C> for Bitboard {
    fn extend<I: IntoIterator<Item = C>>(&mut self, iter: I) {
        for cell in iter {
            self.insert(cell);
        }
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

impl fmt::Binary for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.0, f)
    }
}

impl From<u64> for Bitboard {
    #[inline]
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl From<Bitboard> for u64 {
    #[inline]
    fn from(set: Bitboard) -> u64 {
        set.0
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $op other.0)
            }
        }

        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, other: Bitboard) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// The cells of `self` that are not in `other`.
impl Sub for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn sub(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }
}

impl SubAssign for Bitboard {
    #[inline]
    fn sub_assign(&mut self, other: Bitboard) {
        self.0 &= !other.0;
    }
}

/// The complement: every cell not in the set.
impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Moves every cell `n` numbers up; cells pushed past 63 fall off.
impl Shl<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0.checked_shl(n).unwrap_or(0))
    }
}

/// Moves every cell `n` numbers down; cells pushed below 0 fall off.
impl Shr<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0.checked_shr(n).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_come_out_in_order_from_both_ends() {
        let set: Bitboard = [3u8, 0, 63, 17].into_iter().collect();
        assert_eq!(set.count(), 4);
        assert_eq!(set.cells::<u8>().collect::<Vec<_>>(), vec![0, 3, 17, 63]);
        assert_eq!(
            set.cells::<u8>().rev().collect::<Vec<_>>(),
            vec![63, 17, 3, 0]
        );
        assert_eq!(set.cells::<u8>().len(), 4);
        assert_eq!(set.first::<u8>(), Some(0));
        assert_eq!(set.last::<u8>(), Some(63));
        assert_eq!(Bitboard::EMPTY.first::<u8>(), None);
    }

    #[test]
    fn set_operations() {
        let a = Bitboard(0b1100);
        let b = Bitboard(0b1010);
        assert_eq!(a & b, Bitboard(0b1000));
        assert_eq!(a | b, Bitboard(0b1110));
        assert_eq!(a ^ b, Bitboard(0b0110));
        assert_eq!(a - b, Bitboard(0b0100));
        assert!(Bitboard(0b1000).is_subset(a));
        assert!(a.intersects(b));
        assert!(a.is_disjoint(Bitboard(1)));
        assert!(a.more_than_one());
        assert!(!Bitboard(4).more_than_one());
        assert_eq!(Bitboard(4).single::<u8>(), Some(2));
        assert_eq!(a.single::<u8>(), None);
        assert_eq!(a << 62, Bitboard(0));
        assert_eq!(a << 64, Bitboard::EMPTY);
        assert_eq!(a >> 2, Bitboard(0b11));
        let mut c = a;
        assert_eq!(c.pop_first::<u8>(), Some(2));
        c.toggle(0u8);
        c.insert(5u8);
        c.remove(3u8);
        assert_eq!(c, Bitboard(0b100001));
        assert!(c.contains(5u8) && !c.contains(3u8));
    }

    #[test]
    fn subsets_are_all_enumerated_once() {
        let mask = Bitboard(0b1011_0000_0001);
        let subsets: Vec<Bitboard> = mask.subsets().collect();
        assert_eq!(subsets.len(), 16);
        assert!(subsets.iter().all(|s| s.is_subset(mask)));
        let mut sorted = subsets.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), 16);
        assert_eq!(Bitboard::EMPTY.subsets().count(), 1);
    }
}
