//! Whether typed text fits an action, decided part by part.
//!
//! An action is read as the concatenation of its parts' spellings (its
//! board, main part and second part, in the order the notation writes
//! them, or either order where [`super::Tails::either_order`] allows).
//! Each part has several spellings: its notation, its man's key followed
//! by the destination (`ng1-f3`), the squares alone (`g1f3`), a capture
//! without its `x`; a board is written `(l3)`, `l3` or not at all. Typed
//! text, folded ([`super::fold`]), fits an action:
//!
//! - from its start ([`Fit::Start`]) when it begins some concatenation of
//!   spellings, one spelling a part;
//! - inside it ([`Fit::Inside`]) when it appears anywhere in one.
//!
//! Sets of positions in the typed text are bit sets, so that the spellings
//! of a part are looked at once for every action sharing it: a family's
//! head once, each second part of a shared list once, and a pair of them
//! costs a few operations on bits.

use super::parts::{Board, Part};
use super::text::Line;

/// Longest typed text looked at (folded); longer text fits nothing (no
/// action is written that long).
pub const MAX_TYPED: usize = 126;

/// How typed text fits an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fit {
    /// It begins the action.
    Start,
    /// It appears in the action.
    Inside,
}

/// Positions in the typed text: bit `j` for "the first `j` bytes".
type Spots = u128;

/// The typed text, folded.
#[derive(Clone, Debug)]
pub(super) struct Typed {
    bytes: Vec<u8>,
    /// The bytes it has, as a set (bit `b` for byte `b`).
    has: u128,
}

impl Typed {
    /// `None` when the text is too long to fit anything (also before it
    /// is folded: no one types marks by the hundred).
    pub(super) fn new(typed: &str) -> Option<Typed> {
        if typed.len() > 4 * MAX_TYPED {
            return None;
        }
        let bytes = super::fold(typed).into_bytes();
        let has = bytes.iter().fold(0, |acc, &b| acc | 1u128 << (b & 127));
        (bytes.len() <= MAX_TYPED).then_some(Typed { bytes, has })
    }

    pub(super) fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Every position, `0..=len`.
    fn all(&self) -> Spots {
        if self.len() + 1 >= 128 {
            Spots::MAX
        } else {
            (1 << (self.len() + 1)) - 1
        }
    }
}

/// What one spelling does to positions in the typed text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Step {
    /// Positions from which the spelling is the next stretch of the text.
    whole: Spots,
    len: u8,
}

/// A part's spellings, measured against the typed text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Info {
    /// Positions `j` where the rest of the text, from `j`, begins a
    /// spelling: reading from `j`, the text ends inside this part.
    ends: Spots,
    /// The text lies inside a spelling.
    contains: bool,
    /// Positions `k` such that a spelling ends with the text's first `k`
    /// bytes: the text may begin inside this part.
    begins: Spots,
    steps: [Step; 6],
    count: u8,
}

impl Info {
    fn add(&mut self, typed: &Typed, spelling: &[u8]) {
        let t = &typed.bytes;
        let n = t.len();
        let m = spelling.len();
        if m == 0 {
            // Nothing written: every position passes through.
            self.push_step(Step {
                whole: typed.all(),
                len: 0,
            });
            return;
        }
        // The text meets the spelling from its start only where the
        // spelling's first byte is in the text, and begins inside it only
        // where the text's first byte is in the spelling.
        let from_start = typed.has & (1u128 << (spelling[0] & 127)) != 0;
        let inside = n > 0 && spelling.contains(&t[0]);
        let mut whole = 0;
        for j in (0..n).filter(|_| from_start) {
            let rest = &t[j..];
            if rest.len() <= m {
                if same(&spelling[..rest.len()], rest) {
                    self.ends |= 1 << j;
                }
            } else if same(&rest[..m], spelling) {
                whole |= 1 << j;
            }
        }
        for k in (1..n.min(m + 1)).filter(|_| inside) {
            if same(&spelling[m - k..], &t[..k]) {
                self.begins |= 1 << k;
            }
        }
        if inside && m >= n && spelling.windows(n).any(|w| same(w, t)) {
            self.contains = true;
        }
        if whole != 0 {
            self.push_step(Step {
                whole,
                len: m as u8,
            });
        }
    }

    fn push_step(&mut self, step: Step) {
        if let Some(slot) = self.steps.get_mut(usize::from(self.count)) {
            *slot = step;
            self.count += 1;
        }
    }

    /// Where reading can go on after this part, from positions `at`.
    fn pass(&self, at: Spots) -> Spots {
        self.steps[..usize::from(self.count)]
            .iter()
            .fold(0, |acc, s| acc | ((at & s.whole) << s.len))
    }

    /// A part's spellings: its notation (also without its parentheses,
    /// and cut before them), its man's key and destination, the squares alone, and a capture's
    /// without the `x`.
    pub(super) fn of_part(typed: &Typed, part: &Part) -> Info {
        let mut info = Info::default();
        if typed.is_empty() {
            return info;
        }
        let text = part.text.folded();
        info.add(typed, text.as_bytes());
        if let Some(open) = text.as_bytes().iter().position(|&b| b == b'(') {
            let mut bare = Line::default();
            for &b in text.as_bytes() {
                if b != b'(' && b != b')' {
                    bare.push(b);
                }
            }
            info.add(typed, bare.as_bytes());
            // Without what it adds in parentheses (a split's results).
            if open > 0 {
                info.add(typed, &text.as_bytes()[..open]);
            }
        }
        if let (Some(man), Some(to)) = (part.man, part.to) {
            let to = to.folded();
            let mut long = man.key.folded();
            long.push_bytes(to.as_bytes());
            info.add(typed, long.as_bytes());
            if let Some(at) = man.at {
                let mut squares = at.folded();
                squares.push_bytes(to.as_bytes());
                info.add(typed, squares.as_bytes());
            }
            if part.kind == super::Kind::Capture && man.figure != 'P' {
                let mut bare = Line::default();
                bare.push(man.figure.to_ascii_lowercase() as u8);
                bare.push_bytes(to.as_bytes());
                info.add(typed, bare.as_bytes());
            }
        }
        info
    }

    /// A board's spellings: `(l3)`, `l3`, or nothing.
    pub(super) fn of_board(typed: &Typed, board: Option<&Board>) -> Info {
        let mut info = Info::default();
        info.add(typed, b"");
        if let Some(b) = board {
            let key = b.key.folded();
            let mut paren = Line::default();
            paren.push(b'(');
            paren.push_bytes(key.as_bytes());
            paren.push(b')');
            info.add(typed, paren.as_bytes());
            info.add(typed, key.as_bytes());
        }
        info
    }
}

/// Whether two short byte strings are equal (quicker than `memcmp` for a
/// few bytes).
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Reading state after some parts: positions reached from the start
/// (fitting from the start), positions reached from anywhere, and whether
/// the text already fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Reading {
    start: Spots,
    inside: Spots,
    fit: Option<Fit>,
}

impl Reading {
    /// Before the first part.
    pub(super) fn begin(typed: &Typed) -> Reading {
        Reading {
            start: 1,
            inside: 1,
            fit: typed.is_empty().then_some(Fit::Start),
        }
    }

    /// After reading one more part.
    pub(super) fn then(self, part: &Info) -> Reading {
        if self.fit == Some(Fit::Start) {
            return self;
        }
        let fit = if self.start & part.ends != 0 {
            Some(Fit::Start)
        } else if self.fit.is_some() || part.contains || self.inside & part.ends != 0 {
            Some(Fit::Inside)
        } else {
            None
        };
        Reading {
            start: part.pass(self.start),
            inside: part.pass(self.inside) | part.begins | 1,
            fit,
        }
    }

    pub(super) fn fit(&self) -> Option<Fit> {
        self.fit
    }
}

/// How the text fits a head (board and main part) and a second part
/// written after it, or before it, or in either order.
pub(super) fn fit_pair(
    after_board: Reading,
    after_main: Reading,
    main: &Info,
    tail: &Info,
    orders: Orders,
) -> Option<Fit> {
    let main_first = orders.main_first.then(|| after_main.then(tail).fit());
    let tail_first = orders
        .tail_first
        .then(|| after_board.then(tail).then(main).fit());
    main_first
        .flatten()
        .into_iter()
        .chain(tail_first.flatten())
        .min()
}

/// The orders in which a head and a second part may be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Orders {
    pub main_first: bool,
    pub tail_first: bool,
}

impl Orders {
    /// The notation's order (the second part `first` or not), and the
    /// other one too when `either`.
    pub(super) fn new(first: bool, either: bool) -> Orders {
        Orders {
            main_first: !first || either,
            tail_first: first || either,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parts::{Kind, Man};
    use super::*;

    fn fits(
        typed: &str,
        board: Option<&str>,
        main: &Part,
        tail: Option<(&Part, Orders)>,
    ) -> Option<Fit> {
        let t = Typed::new(typed).unwrap();
        let b = board.map(Board::new);
        let after_board = Reading::begin(&t).then(&Info::of_board(&t, b.as_ref()));
        let m = Info::of_part(&t, main);
        let after_main = after_board.then(&m);
        match tail {
            None => after_main.fit(),
            Some((tail, orders)) => fit_pair(
                after_board,
                after_main,
                &m,
                &Info::of_part(&t, tail),
                orders,
            ),
        }
    }

    fn knight() -> Part {
        Part::moving("Nf3", Kind::Move, Man::at('N', "g1", "-"), "f3")
    }

    #[test]
    fn single_parts() {
        let n = knight();
        for typed in [
            "", "N", "nf", "Nf3", "ng1-", "Ng1-f3", "g1f3", "(L3)Nf3", "L3 N", "(l3",
        ] {
            assert_eq!(
                fits(typed, Some("L3"), &n, None),
                Some(Fit::Start),
                "{typed}"
            );
        }
        for typed in ["f3", "3)N", "g1-f", "1f3"] {
            assert_eq!(
                fits(typed, Some("L3"), &n, None),
                Some(Fit::Inside),
                "{typed}"
            );
        }
        for typed in ["e4", "Nf3x", "(L2)", "L3 e"] {
            assert_eq!(fits(typed, Some("L3"), &n, None), None, "{typed}");
        }
    }

    #[test]
    fn two_parts_in_either_order() {
        let pawn = Part::moving("a3", Kind::Move, Man::at('P', "a2", "-"), "a3");
        let travel = Part::moving("Ra1>>(T1)e2", Kind::Travel, Man::at('R', "a1", ">>"), "e2")
            .reaching("T1");
        let after = Orders::new(false, true);
        for typed in [
            "(L1)a3 Ra1>>(T1)e2",
            "(L1)a3 R",
            "(L1)Ra1>>(T1)e2 a3",
            "Ra1>>T1e2 a",
            "a3 Ra1>>",
            "Ra1>>",
        ] {
            assert_eq!(
                fits(typed, Some("L1"), &pawn, Some((&travel, after))),
                Some(Fit::Start),
                "{typed}"
            );
        }
        for typed in [">>", ">>(T1)", "t1)e2"] {
            assert_eq!(
                fits(typed, Some("L1"), &pawn, Some((&travel, after))),
                Some(Fit::Inside),
                "{typed}"
            );
        }
        let only_after = Orders::new(false, false);
        assert_eq!(
            fits(
                "(L1)Ra1>>(T1)e2 a3",
                Some("L1"),
                &pawn,
                Some((&travel, only_after))
            ),
            None
        );
        assert_eq!(
            fits(
                "L1a3Ra1>>T1e2",
                Some("L1"),
                &pawn,
                Some((&travel, only_after))
            ),
            Some(Fit::Start)
        );
        assert_eq!(
            fits(
                "L1a3Ra1>>T2",
                Some("L1"),
                &pawn,
                Some((&travel, only_after))
            ),
            None
        );
        assert_eq!(
            fits(
                "L1a3Ra1>>(T1)e2",
                Some("L1"),
                &pawn,
                Some((&travel, only_after))
            ),
            Some(Fit::Start)
        );
    }

    #[test]
    fn long_text_fits_nothing() {
        assert!(Typed::new(&"a".repeat(MAX_TYPED + 1)).is_none());
        assert!(Typed::new(&"a".repeat(MAX_TYPED)).is_some());
        let n = knight();
        assert_eq!(fits(&"a".repeat(MAX_TYPED), None, &n, None), None);
    }
}
