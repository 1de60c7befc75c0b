//! Temporal Chess move generation against a brute-force reference (T-3).
//!
//! The reference walks the field coordinate by coordinate, with its own
//! direction lists, and judges whole turns on a plain 64-cell array: no
//! bitboards, no tables shared with the engine.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::collections::HashSet;

use chronomate_rules::geometry::Bitboard;
use chronomate_rules::temporal::{Action, Cell, Kind, TemporalChess, Warp, attacks};
use chronomate_rules::{Color, Rules, Status};
use proptest::prelude::*;

type Step = (i8, i8, i8);

/// The 26 steps (level, file, rank) with `n` coordinates changing.
fn steps(n: usize) -> Vec<Step> {
    let mut out = Vec::new();
    for l in -1..=1 {
        for f in -1..=1 {
            for r in -1..=1 {
                let s: (i8, i8, i8) = (l, f, r);
                let nz = [l, f, r].iter().filter(|x| **x != 0).count();
                if nz == n {
                    out.push(s);
                }
            }
        }
    }
    out
}

fn knight_steps() -> Vec<Step> {
    let mut out = Vec::new();
    for l in -2i8..=2 {
        for f in -2i8..=2 {
            for r in -2i8..=2 {
                let mut a = [l.abs(), f.abs(), r.abs()];
                a.sort();
                if a == [0, 1, 2] {
                    out.push((l, f, r));
                }
            }
        }
    }
    out
}

fn go(c: Cell, (l, f, r): Step) -> Option<Cell> {
    let (l, f, r) = (c.level() as i8 + l, c.file() as i8 + f, c.rank() as i8 + r);
    if [l, f, r].iter().all(|x| (0..4).contains(x)) {
        Cell::new(l as u8, f as u8, r as u8)
    } else {
        None
    }
}

/// The line steps of a kind, and whether it slides.
fn movement(kind: Kind) -> (Vec<Step>, bool) {
    match kind {
        Kind::King => ([steps(1), steps(2), steps(3)].concat(), false),
        Kind::Queen => ([steps(1), steps(2), steps(3)].concat(), true),
        Kind::Rook => (steps(1), true),
        Kind::Bishop => (steps(2), true),
        Kind::Unicorn => (steps(3), true),
        Kind::Knight => (knight_steps(), false),
    }
}

/// Cells a `kind` on `from` reaches, walking step by step; `occupied(c)`
/// says whether a man stands on `c`.
fn reference(kind: Kind, from: Cell, occupied: &dyn Fn(Cell) -> bool) -> HashSet<Cell> {
    let (dirs, slides) = movement(kind);
    let mut out = HashSet::new();
    for d in dirs {
        let mut at = from;
        while let Some(next) = go(at, d) {
            out.insert(next);
            if !slides || occupied(next) {
                break;
            }
            at = next;
        }
    }
    out
}

fn set(b: Bitboard) -> HashSet<Cell> {
    b.cells::<Cell>().collect()
}

#[test]
fn t3_counts_from_an_empty_field() {
    let none = |_: Cell| false;
    for kind in Kind::ALL {
        for c in Cell::all() {
            let got = set(attacks(kind, c, Bitboard::EMPTY));
            assert_eq!(got, reference(kind, c, &none), "{kind} on {c}");
        }
    }
    let rook = |c: &str| attacks(Kind::Rook, c.parse().unwrap(), Bitboard::EMPTY).count();
    assert!(Cell::all().all(|c| attacks(Kind::Rook, c, Bitboard::EMPTY).count() == 9));
    assert_eq!(rook("Bc3"), 9);
    let count = |k: Kind, c: &str| attacks(k, c.parse().unwrap(), Bitboard::EMPTY).count();
    assert_eq!(count(Kind::King, "Aa1"), 7);
    assert_eq!(count(Kind::King, "Ab1"), 11);
    assert_eq!(count(Kind::King, "Bb2"), 26);
    assert_eq!(count(Kind::Knight, "Aa1"), 6);
    assert_eq!(count(Kind::Knight, "Bb2"), 12);
    assert_eq!(count(Kind::Unicorn, "Aa1"), 3);
    assert_eq!(count(Kind::Unicorn, "Bb2"), 9);
    assert_eq!(count(Kind::Bishop, "Aa1"), 9);
    assert_eq!(count(Kind::Bishop, "Bb2"), 15);
    assert_eq!(count(Kind::Queen, "Aa1"), 21);
    assert_eq!(count(Kind::Queen, "Bb2"), 9 + 15 + 9);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// T-3: every kind on any cell among any men, against the walk.
    #[test]
    fn t3_attacks_match_the_reference(kind in 0usize..6, from in 0u8..64, occ in any::<u64>(), sparse in any::<u64>()) {
        let kind = Kind::ALL[kind];
        let from = Cell::from_index(from).unwrap();
        // Mix dense and sparse fields.
        let occ = Bitboard(occ & (sparse | sparse.rotate_left(17)));
        let got = set(attacks(kind, from, occ));
        let want = reference(kind, from, &|c| occ.contains(c));
        prop_assert_eq!(got, want);
    }
}

/// The field as a plain array, read through the public face.
#[derive(Clone)]
struct Field {
    men: [Option<(Color, Kind)>; 64],
    warps: [Option<Warp>; 2],
    hands: [[u8; 6]; 2],
    to_move: Color,
}

impl Field {
    fn of(g: &TemporalChess) -> Field {
        let mut men = [None; 64];
        for c in Cell::all() {
            men[c.index() as usize] = g.man_at(c);
        }
        let hand = |color| Kind::ALL.map(|k| g.in_hand(color, k));
        Field {
            men,
            warps: [g.warp(Color::White), g.warp(Color::Black)],
            hands: [hand(Color::White), hand(Color::Black)],
            to_move: g.turn().color,
        }
    }

    fn at(&self, c: Cell) -> Option<(Color, Kind)> {
        self.men[c.index() as usize]
    }

    fn original(&self, color: Color) -> Option<Cell> {
        match self.warps[color.index()] {
            Some(Warp::Original { cell, .. }) => Some(cell),
            _ => None,
        }
    }

    fn reach(&self, from: Cell) -> HashSet<Cell> {
        let kind = self.at(from).unwrap().1;
        reference(kind, from, &|c| self.at(c).is_some())
    }

    /// Looking outward from `cell`: does a man of `by` attack it?
    fn attacked(&self, cell: Cell, by: Color) -> bool {
        for (n, kinds) in [
            (1, [Kind::Rook, Kind::Queen]),
            (2, [Kind::Bishop, Kind::Queen]),
            (3, [Kind::Unicorn, Kind::Queen]),
        ] {
            for d in steps(n) {
                let mut at = cell;
                let mut distance = 0;
                while let Some(next) = go(at, d) {
                    distance += 1;
                    if let Some((color, kind)) = self.at(next) {
                        if color == by
                            && (kinds.contains(&kind) || (kind == Kind::King && distance == 1))
                        {
                            return true;
                        }
                        break;
                    }
                    at = next;
                }
            }
        }
        knight_steps()
            .into_iter()
            .filter_map(|d| go(cell, d))
            .any(|c| self.at(c) == Some((by, Kind::Knight)))
    }

    fn checkable_kings(&self, color: Color) -> Vec<Cell> {
        Cell::all()
            .filter(|&c| self.at(c) == Some((color, Kind::King)) && self.original(color) != Some(c))
            .collect()
    }

    fn exposed(&self, color: Color) -> bool {
        self.checkable_kings(color).into_iter().any(|k| {
            self.attacked(k, !color)
                || matches!(self.warps[(!color).index()],
                    Some(Warp::Away { cell, count: 1, .. }) if cell == k)
        })
    }

    /// Plays `a` for the side to move and judges it: `Some(true)` legal.
    fn legal(&self, a: Action) -> bool {
        let me = self.to_move;
        let mut f = self.clone();
        let mut warped = false;
        let mut taken = None;
        match a {
            Action::Drop { kind, to } => {
                f.men[to.index() as usize] = Some((me, kind));
                let r = reference(kind, to, &|c| f.at(c).is_some());
                if self.checkable_kings(!me).iter().any(|k| r.contains(k)) {
                    return false;
                }
            }
            Action::Move { from, to } => {
                taken = f.at(to).map(|_| to);
                f.men[to.index() as usize] = f.at(from);
                f.men[from.index() as usize] = None;
                if let Some(Warp::Original { cell, count }) = f.warps[me.index()]
                    && cell == from
                {
                    f.warps[me.index()] = Some(Warp::Original { cell: to, count });
                }
            }
            Action::WarpFrom { from, to, count } => {
                taken = f.at(to).map(|_| to);
                f.men[to.index() as usize] = f.at(from);
                f.warps[me.index()] = Some(Warp::Original { cell: from, count });
                warped = true;
            }
            Action::WarpInto { at, count } => {
                let kind = f.at(at).unwrap().1;
                f.men[at.index() as usize] = None;
                f.warps[me.index()] = Some(Warp::Away {
                    cell: at,
                    kind,
                    count,
                });
                warped = true;
            }
        }
        if taken.is_some() && taken == self.original(!me) {
            return true;
        }
        if !warped {
            match f.warps[me.index()] {
                Some(Warp::Original { cell, count: 1 }) => {
                    f.men[cell.index() as usize] = None;
                    f.warps[me.index()] = None;
                }
                Some(Warp::Away {
                    cell,
                    kind,
                    count: 1,
                }) => {
                    if f.at(cell) == Some((me, Kind::King)) {
                        return false;
                    }
                    f.men[cell.index() as usize] = Some((me, kind));
                    f.warps[me.index()] = None;
                }
                Some(Warp::Original { cell, count }) => {
                    f.warps[me.index()] = Some(Warp::Original {
                        cell,
                        count: count - 1,
                    })
                }
                Some(Warp::Away { cell, kind, count }) => {
                    f.warps[me.index()] = Some(Warp::Away {
                        cell,
                        kind,
                        count: count - 1,
                    })
                }
                None => {}
            }
        }
        !f.exposed(me)
    }

    fn legal_actions(&self) -> HashSet<Action> {
        let me = self.to_move;
        let mut out = HashSet::new();
        let vacant: Vec<Cell> = Cell::all().filter(|&c| self.at(c).is_none()).collect();
        let kinds: Vec<Kind> = if self.hands[me.index()][0] > 0 {
            vec![Kind::King]
        } else {
            Kind::ALL
                .into_iter()
                .filter(|k| self.hands[me.index()][k.index()] > 0)
                .collect()
        };
        for kind in kinds {
            for &to in &vacant {
                out.insert(Action::Drop { kind, to });
            }
        }
        if self.hands[me.index()][0] == 0 {
            let mine: Vec<Cell> = Cell::all()
                .filter(|&c| self.at(c).is_some_and(|m| m.0 == me))
                .collect();
            let may_warp = self.warps[me.index()].is_none();
            for &from in &mine {
                for to in self.reach(from) {
                    if self.at(to).is_some_and(|m| m.0 == me) {
                        continue;
                    }
                    out.insert(Action::Move { from, to });
                    if may_warp {
                        for count in 1..=6 {
                            out.insert(Action::WarpFrom { from, to, count });
                        }
                    }
                }
                let ghost = match self.warps[(!me).index()] {
                    Some(Warp::Away { cell, .. }) => Some(cell),
                    _ => None,
                };
                if may_warp && ghost != Some(from) {
                    for count in 1..=6 {
                        out.insert(Action::WarpInto { at: from, count });
                    }
                }
            }
        }
        out.retain(|&a| self.legal(a));
        out
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Picks an action: drops often while the field fills, warps now and then.
fn pick(actions: &[Action], rng: &mut Rng) -> Action {
    let of =
        |f: fn(&Action) -> bool| -> Vec<Action> { actions.iter().copied().filter(f).collect() };
    let drops = of(|a| matches!(a, Action::Drop { .. }));
    let moves = of(|a| matches!(a, Action::Move { .. }));
    let warps = of(|a| matches!(a, Action::WarpFrom { .. } | Action::WarpInto { .. }));
    let roll = rng.below(10);
    let pool = if roll < 5 && !drops.is_empty() {
        drops
    } else if roll < 8 && !moves.is_empty() {
        moves
    } else if !warps.is_empty() {
        warps
    } else {
        actions.to_vec()
    };
    pool[rng.below(pool.len())]
}

/// T-2 … T-8: on positions of random play (warps, ghosts and originals
/// included) the engine's legal actions are exactly the reference's.
#[test]
fn legal_actions_match_the_reference() {
    let (mut positions, mut away, mut originals, mut events) = (0, 0, 0, 0);
    for seed in 1..=16u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut g = TemporalChess::default();
        for _ in 0..70 {
            if g.status() != Status::Ongoing {
                break;
            }
            let got: HashSet<Action> = g.legal_actions().into_iter().collect();
            let want = Field::of(&g).legal_actions();
            let missing: Vec<_> = want.difference(&got).collect();
            let extra: Vec<_> = got.difference(&want).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "seed {seed}: missing {missing:?}, extra {extra:?} in {:?}",
                g.view()
            );
            positions += 1;
            for color in Color::ALL {
                match g.warp(color) {
                    Some(Warp::Away { .. }) => away += 1,
                    Some(Warp::Original { .. }) => originals += 1,
                    None => {}
                }
            }
            let actions = g.legal_actions();
            let a = pick(&actions, &mut rng);
            events += g.play(&a).unwrap().events.len();
        }
    }
    // The positions cover what the reference is there to check.
    assert!(positions > 500, "{positions} positions");
    assert!(
        away > 50 && originals > 50 && events > 10,
        "{away} {originals} {events}"
    );
}
