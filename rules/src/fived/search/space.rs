//! Hypercuboids: a choice of entries on every axis, as one bit set an axis
//! (shared between copies until one changes it), and the cuts that take a
//! slice out of one.

use std::rc::Rc;

/// A set of entry indices on one axis (a slice's part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Set(Vec<u64>);

fn words(len: usize) -> usize {
    len.div_ceil(64).max(1)
}

impl Set {
    pub(super) fn empty(len: usize) -> Set {
        Set(vec![0; words(len)])
    }

    pub(super) fn single(len: usize, i: usize) -> Set {
        let mut s = Set::empty(len);
        s.insert(i);
        s
    }

    pub(super) fn insert(&mut self, i: usize) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    /// Entries `from..to` of an axis of `len` entries, put in a word at a
    /// time: a search's new-timeline axes each start with every arrival,
    /// and a bit at a time that filling cost more than the rest of making
    /// the search where jumps are many.
    pub(super) fn range(len: usize, from: usize, to: usize) -> Set {
        let mut set = Set::empty(len);
        let to = to.min(len);
        let mut i = from;
        while i < to {
            let bit = i % 64;
            let n = (64 - bit).min(to - i);
            let mask = if n == 64 {
                !0
            } else {
                ((1u64 << n) - 1) << bit
            };
            set.0[i / 64] |= mask;
            i += n;
        }
        set
    }

    /// The set as an axis that hypercuboids may share.
    pub(super) fn shared(self) -> Shared {
        Shared(self.0.into())
    }

    pub(super) fn bits(&self) -> Bits<'_> {
        Bits(&self.0)
    }

    /// Adds every entry of `other` (a set of the same axis).
    pub(super) fn union_with(&mut self, other: Bits<'_>) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    pub(super) fn clear(&mut self) {
        self.0.iter_mut().for_each(|w| *w = 0);
    }

    pub(super) fn intersect_with(&mut self, other: &Set) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
    }
}

/// A read-only view of one axis's set.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits<'a>(&'a [u64]);

impl<'a> Bits<'a> {
    pub(super) fn contains(self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// The set's words, for comparing two sets of one list of entries.
    pub(super) fn words(self) -> &'a [u64] {
        self.0
    }

    pub(super) fn is_empty(self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    pub(super) fn meets(self, other: Bits<'_>) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }

    /// The indices in the set, lowest first.
    pub(super) fn iter(self) -> impl Iterator<Item = usize> + 'a {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(i * 64 + b)
            })
        })
    }
}

/// An axis's set that several hypercuboids hold until one changes it.
#[derive(Clone, Debug)]
pub(crate) struct Shared(Rc<[u64]>);

/// One set per axis: every point whose entries are in the sets.
///
/// Each axis's words are shared between the copies of a hypercuboid and
/// copied only when one of them changes that axis (copy on write): a cut
/// makes pieces that each differ from the space in one or two axes, and a
/// position of many timelines has axes of thousands of entries, so whole
/// copies made large positions' searches slow and huge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Hc {
    axes: Vec<Rc<[u64]>>,
}

impl Hc {
    /// The hypercuboid of these sets, one an axis, shared as they are.
    pub(super) fn of(axes: Vec<Shared>) -> Hc {
        Hc {
            axes: axes.into_iter().map(|Shared(words)| words).collect(),
        }
    }

    pub(super) fn axes(&self) -> usize {
        self.axes.len()
    }

    pub(super) fn get(&self, a: usize) -> Bits<'_> {
        Bits(self.axes.get(a).map_or(&[], |words| words))
    }

    /// Axis `a`'s words, made this copy's own first if they are shared.
    fn axis_mut(&mut self, a: usize) -> &mut [u64] {
        match self.axes.get_mut(a) {
            Some(words) => Rc::make_mut(words),
            None => &mut [],
        }
    }

    /// Takes entry `i` out of axis `a`; the axis is copied only if the
    /// entry was in.
    pub(super) fn remove(&mut self, a: usize, i: usize) {
        if self.get(a).contains(i)
            && let Some(w) = self.axis_mut(a).get_mut(i / 64)
        {
            *w &= !(1 << (i % 64));
        }
    }

    /// Takes the entries of `mask` out of axis `a`; whether any were in.
    pub(super) fn remove_all(&mut self, a: usize, mask: &Set) -> bool {
        if !self.get(a).meets(mask.bits()) {
            return false;
        }
        for (w, m) in self.axis_mut(a).iter_mut().zip(&mask.0) {
            *w &= !m;
        }
        true
    }

    /// Keeps in axis `a` only the entries of `mask`; whether any remain.
    fn keep_only(&mut self, a: usize, mask: &Set) -> bool {
        let words = self.get(a).words();
        if words.iter().zip(&mask.0).all(|(w, m)| w & !m == 0) {
            return !self.get(a).is_empty();
        }
        let mut any = false;
        for (w, m) in self.axis_mut(a).iter_mut().zip(&mask.0) {
            *w &= m;
            any |= *w != 0;
        }
        any
    }

    pub(super) fn any_empty(&self) -> bool {
        (0..self.axes()).any(|a| self.get(a).is_empty())
    }
}

/// Entries that no legal turn holds, whatever the other axes hold: those
/// of every slice of one axis a failing point showed (a man of the
/// opponent left standing where it captures a royal man from a board the
/// mover plays, say). A cut takes such a slice only out of the pieces of
/// the space near the failing point; kept here, it is taken out of every
/// piece as the search reaches it, which would otherwise each fail on it
/// again (a ladder game's search failed 7,243 of 10,000 points on one).
#[derive(Debug, Default)]
pub(crate) struct Dead {
    /// The axes that have some, each with its dead entries: a handful in
    /// any search, so a list.
    axes: Vec<(usize, Set)>,
}

impl Dead {
    /// Adds `set`'s entries of axis `axis` to the dead ones.
    pub(super) fn add(&mut self, axis: usize, set: &Set) {
        match self.axes.iter_mut().find(|(a, _)| *a == axis) {
            Some((_, old)) => old.union_with(set.bits()),
            None => self.axes.push((axis, set.clone())),
        }
    }

    /// Takes the dead entries out of `hc`; `false` when an axis is left
    /// empty (the piece holds no legal turn).
    pub(super) fn prune(&self, hc: &mut Hc) -> bool {
        self.axes
            .iter()
            .all(|(a, set)| !hc.remove_all(*a, set) || !hc.get(*a).is_empty())
    }
}

/// A slice: the points whose entries on the listed axes are in the listed
/// sets (other axes free).
pub(crate) type Slice = Vec<(usize, Set)>;

/// Whether `hc` has a point in `slice`.
pub(crate) fn overlaps(hc: &Hc, slice: &Slice) -> bool {
    slice
        .iter()
        .all(|(axis, set)| hc.get(*axis).meets(set.bits()))
}

/// The pieces of `hc` outside `slice`, disjoint; none when `hc` lies in
/// the slice.
pub(crate) fn cut(hc: &Hc, slice: &Slice) -> Vec<Hc> {
    let mut pieces = Vec::new();
    let mut inside = hc.clone();
    for (axis, set) in slice {
        // A piece is made only where it holds a point: most axes of a
        // slice leave nothing outside.
        let held = inside.get(*axis);
        if !held.words().iter().zip(&set.0).any(|(w, s)| w & !s != 0) {
            if held.is_empty() {
                return pieces;
            }
            continue;
        }
        let mut outside = inside.clone();
        outside.remove_all(*axis, set);
        pieces.push(outside);
        if !inside.keep_only(*axis, set) {
            return pieces;
        }
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_put_in_is_the_entries_put_in_one_by_one() {
        for len in [1, 64, 65, 200] {
            for (from, to) in [
                (0, 0),
                (0, 1),
                (1, 64),
                (0, 64),
                (1, 65),
                (63, 129),
                (5, 200),
                (0, 300),
            ] {
                let mut one_by_one = Set::empty(len);
                (from..to.min(len)).for_each(|i| one_by_one.insert(i));
                assert_eq!(Set::range(len, from, to), one_by_one, "{len}: {from}..{to}");
            }
        }
    }

    #[test]
    fn copies_share_an_axis_until_one_changes_it() {
        let full = Set::range(70, 0, 70).shared();
        let a = Hc::of(vec![full.clone(), full.clone()]);
        let mut b = a.clone();
        b.remove(1, 3);
        assert!(a.get(1).contains(3) && !b.get(1).contains(3));
        assert!(a.get(0).contains(3) && b.get(0).contains(3));
        assert_eq!(Hc::of(vec![full.clone(), full]), a);
    }

    #[test]
    fn a_cut_keeps_every_point_outside_the_slice_once() {
        let lens = [3, 2, 70];
        let hc = Hc::of(
            lens.iter()
                .map(|&len| Set::range(len, 0, len).shared())
                .collect(),
        );
        let mut slice_b = Set::empty(70);
        slice_b.insert(5);
        slice_b.insert(66);
        let slice: Slice = vec![(0, Set::single(3, 1)), (2, slice_b)];
        assert!(overlaps(&hc, &slice));
        let pieces = cut(&hc, &slice);
        let mut count = 0;
        for a in 0..3 {
            for b in 0..2 {
                for c in 0..70 {
                    let n = pieces
                        .iter()
                        .filter(|p| {
                            p.get(0).contains(a) && p.get(1).contains(b) && p.get(2).contains(c)
                        })
                        .count();
                    let in_slice = a == 1 && (c == 5 || c == 66);
                    assert_eq!(n, usize::from(!in_slice), "{a} {b} {c}");
                    count += n;
                }
            }
        }
        assert_eq!(count, 3 * 2 * 70 - 2 * 2);
        assert!(pieces.iter().all(|p| !overlaps(p, &slice)));
    }

    #[test]
    fn dead_entries_leave_every_piece_and_a_piece_left_without_an_entry_is_dropped() {
        let whole = |len: usize| Set::range(len, 0, len).shared();
        let mut dead = Dead::default();
        let mut on_70 = Set::empty(70);
        on_70.insert(3);
        on_70.insert(65);
        dead.add(2, &on_70);
        dead.add(0, &Set::single(3, 1));
        dead.add(0, &Set::single(3, 2));
        let mut hc = Hc::of(vec![whole(3), whole(2), whole(70)]);
        assert!(dead.prune(&mut hc));
        let held = |hc: &Hc, a: usize| hc.get(a).iter().collect::<Vec<_>>();
        assert_eq!(held(&hc, 0), [0]);
        assert_eq!(held(&hc, 1), [0, 1]);
        assert_eq!(hc.get(2).iter().count(), 68);
        assert!(!hc.get(2).contains(3) && !hc.get(2).contains(65));
        // A piece holding only dead entries on an axis holds no turn.
        let mut only_dead = Hc::of(vec![Set::single(3, 2).shared(), whole(2), whole(70)]);
        assert!(!dead.prune(&mut only_dead));
    }
}
