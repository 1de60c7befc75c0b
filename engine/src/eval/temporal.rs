//! Temporal Chess on the 4x4x4 field, from the state: men on the field, in
//! hand and away (where they will reappear), and originals (T-4).
//!
//! Capturing an enemy original wins (T-8, a paradox), so an original is a
//! liability while its checkers last (and worth nothing: it leaves the game
//! with its last one, T-6; its duplicate stays), and an exposed one (attacked by the
//! side to move) is all but lost. Men in hand count nine tenths (a drop is
//! a move), men away four fifths. Central cells are worth a little: from
//! the eight inner cells a man reaches the most. Movement (T-3) is worked
//! out here from the cells: rook along 6 lines, bishop 12, unicorn 8,
//! queen 26, king one step in 26 directions, knight 24 leaps.

use chronomate_rules::temporal::{Action, Cell, Kind, TemporalChess, Warp};
use chronomate_rules::view::Figure;
use chronomate_rules::{Color, Turn};

use super::{DECISIVE_SHARE, for_side, role_of, sign, victim};

/// Centipawn values in Raumschach, where the knight's 24 leaps and the
/// rook's and bishop's long lines are worth more than on a flat board and
/// the unicorn (8 lines) less.
fn value(figure: Figure) -> i32 {
    match figure {
        Figure::Queen => 1000,
        Figure::Rook => 500,
        Figure::Bishop => 400,
        Figure::Knight => 350,
        Figure::Unicorn => 250,
        Figure::Pawn => 100,
        Figure::King => 0,
        // Not Raumschach men (5D's): their flat-board values.
        Figure::Brawn
        | Figure::Dragon
        | Figure::Princess
        | Figure::RoyalQueen
        | Figure::CommonKing => super::figure_value(figure),
    }
}

type Coord = [i8; 3];

fn coord(index: usize) -> Coord {
    [
        (index % 4) as i8,
        ((index / 4) % 4) as i8,
        (index / 16) as i8,
    ]
}

fn index(c: Coord) -> Option<usize> {
    if c.iter().all(|&x| (0..4).contains(&x)) {
        Some(c[0] as usize + 4 * c[1] as usize + 16 * c[2] as usize)
    } else {
        None
    }
}

/// Directions of one step, by how many coordinates change (1, 2 or 3).
fn directions(changes: usize) -> impl Iterator<Item = Coord> {
    (0..27)
        .map(|i| {
            [
                (i % 3) as i8 - 1,
                ((i / 3) % 3) as i8 - 1,
                (i / 9) as i8 - 1,
            ]
        })
        .filter(move |d| d.iter().filter(|&&x| x != 0).count() == changes)
}

/// The cells the man `figure` on `from` attacks, with `occupied` blocking.
fn attacks(figure: Figure, from: usize, occupied: u64) -> u64 {
    let at = coord(from);
    let mut out = 0u64;
    let mut slide = |changes: usize, far: bool| {
        for d in directions(changes) {
            let mut c = at;
            loop {
                c = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
                let Some(i) = index(c) else { break };
                out |= 1 << i;
                if !far || occupied & (1 << i) != 0 {
                    break;
                }
            }
        }
    };
    match figure {
        Figure::Rook => slide(1, true),
        Figure::Bishop => slide(2, true),
        Figure::Unicorn => slide(3, true),
        Figure::Queen => {
            slide(1, true);
            slide(2, true);
            slide(3, true);
        }
        Figure::King => {
            slide(1, false);
            slide(2, false);
            slide(3, false);
        }
        Figure::Knight => {
            for a in 0..3 {
                for b in 0..3 {
                    if a == b {
                        continue;
                    }
                    for sa in [-1i8, 1] {
                        for sb in [-2i8, 2] {
                            let mut c = at;
                            c[a] += sa;
                            c[b] += sb;
                            if let Some(i) = index(c) {
                                out |= 1 << i;
                            }
                        }
                    }
                }
            }
        }
        // 5D's men are not Raumschach men.
        Figure::Pawn
        | Figure::Brawn
        | Figure::Dragon
        | Figure::Princess
        | Figure::RoyalQueen
        | Figure::CommonKing => {}
    }
    out
}

/// An original on the field, whatever its kind and its checkers left.
const ORIGINAL: i32 = -40;

/// A man as the evaluation sees it on a cell: present, or away in time
/// (a ghost on the cell it will reappear on, where no man stands).
#[derive(Clone, Copy)]
struct Seen {
    color: Color,
    figure: Figure,
    ghost: bool,
    /// The original of its side's warp from the future (T-4).
    original: bool,
}

/// The field's cells with the men on them, present or away.
fn field(state: &TemporalChess) -> [Option<Seen>; 64] {
    let mut cells = [None; 64];
    for color in Color::ALL {
        if let Some(Warp::Away { cell, kind, .. }) = state.warp(color) {
            cells[usize::from(cell.index())] = Some(Seen {
                color,
                figure: kind.figure(),
                ghost: true,
                original: false,
            });
        }
    }
    for cell in Cell::all() {
        let Some((color, kind)) = state.man_at(cell) else {
            continue;
        };
        let original =
            matches!(state.warp(color), Some(Warp::Original { cell: c, .. }) if c == cell);
        cells[usize::from(cell.index())] = Some(Seen {
            color,
            figure: kind.figure(),
            ghost: false,
            original,
        });
    }
    cells
}

pub(crate) fn evaluate(state: &TemporalChess, turn: &Turn) -> i32 {
    let hands = Color::ALL.into_iter().flat_map(|color| {
        Kind::ALL
            .into_iter()
            .map(move |kind| (color, kind.figure(), state.in_hand(color, kind)))
    });
    score(&field(state), hands, turn.color)
}

/// The field's men and the men in hand (side, figure, count), scored for
/// `mover`.
fn score(
    cells: &[Option<Seen>; 64],
    hands: impl Iterator<Item = (Color, Figure, u8)>,
    mover: Color,
) -> i32 {
    let men: Vec<(usize, Seen)> = cells
        .iter()
        .enumerate()
        .filter_map(|(i, m)| m.map(|m| (i, m)))
        .collect();
    let present = |m: &Seen| !m.ghost;
    let occupied = men
        .iter()
        .filter(|(_, m)| present(m))
        .fold(0u64, |o, (i, _)| o | (1 << i));
    let mut attacked = [0u64; 2];
    for (i, m) in men.iter().filter(|(_, m)| present(m)) {
        attacked[m.color.index()] |= attacks(m.figure, *i, occupied);
    }
    let mut white = 0;
    let mut threat = 0;
    for (i, m) in &men {
        let v = value(m.figure);
        let c = coord(*i);
        let inner = c.iter().all(|&x| x == 1 || x == 2);
        let mut own = if m.ghost { v * 4 / 5 } else { v };
        if inner && m.figure != Figure::King && !m.ghost {
            own += 12;
        }
        let enemy = m.color.other();
        let hit = !m.ghost && attacked[enemy.index()] & (1 << i) != 0;
        if m.original {
            // It leaves the game with its last red checker (T-6), and its
            // capture loses the game until then: a liability, worth
            // nothing for the turns it has left. Counted a twenty-fourth
            // of its value a turn left, level 6 without that worth beat
            // level 6 with it 40-9-2; with a liability growing with the
            // turns left (or a quarter of its value) instead of the flat
            // one, 12-30-10 and 2-16-5 (docs/engine.md).
            own = ORIGINAL;
            if hit {
                own -= if enemy == mover { DECISIVE_SHARE } else { 200 };
            }
        } else if hit && enemy == mover {
            let defended = attacked[m.color.index()] & (1 << i) != 0;
            let gain = if defended { v / 3 } else { v };
            threat = threat.max(gain);
        }
        white += sign(m.color) * own;
    }
    for (color, figure, count) in hands {
        white += sign(color) * value(figure) * i32::from(count) * 9 / 10;
    }
    for_side(white, mover) + threat / 2 + 10
}

/// Forcing: moves and warps that capture.
pub(crate) fn forcing(state: &TemporalChess, side: Color, a: &Action) -> Option<i32> {
    match a {
        Action::Move { to, .. } | Action::WarpFrom { to, .. } => {
            let (color, kind) = state.man_at(*to)?;
            (color == side.other()).then(|| role_of(kind.figure()).map_or(0, victim))
        }
        _ => None,
    }
}

/// The evaluation and forcing test as they read the state's view before
/// the search keyed states itself (issue 47): the reference the state's
/// must equal.
#[cfg(test)]
pub(crate) mod by_view {
    use chronomate_rules::temporal::Action;
    use chronomate_rules::view::{CounterKind, Shape, View};
    use chronomate_rules::{Color, Turn};

    use super::super::victim_on;
    use super::Seen;

    /// The men read from the view's field and hands, scored by the
    /// state's scoring.
    pub(crate) fn evaluate(view: &View, turn: &Turn) -> i32 {
        let Some(field) = view.boards.iter().find(|b| b.shape == Shape::Cube4) else {
            return super::super::generic(view, turn);
        };
        let mut cells = [None; 64];
        for (cell, man) in cells.iter_mut().zip(&field.cells) {
            *cell = man.map(|m| Seen {
                color: m.color,
                figure: m.figure,
                ghost: m.ghost,
                original: m
                    .counter
                    .is_some_and(|c| c.kind == CounterKind::Red && !m.ghost),
            });
        }
        let hands = view.hands.iter().flat_map(|hand| {
            hand.men
                .iter()
                .map(|(man, count)| (hand.color, man.figure, *count))
        });
        super::score(&cells, hands, turn.color)
    }

    /// Forcing: moves and warps that capture.
    pub(crate) fn forcing(view: &View, side: Color, a: &Action) -> Option<i32> {
        match a {
            Action::Move { to, .. } | Action::WarpFrom { to, .. } => {
                victim_on(view, side.other(), usize::from(to.index()))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use chronomate_rules::{Color, Rules, Status, View};
    use proptest::prelude::*;

    use super::*;
    use crate::eval::for_white_after;
    use crate::eval::proof::{keys_after, keys_follow_the_play, random_game, same_as_view};
    use crate::profile::Profiled;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn the_state_scores_as_its_view_did_and_keys_follow_it(seed in any::<u64>()) {
            // Past the placements (T-2): warps come once men stand.
            let game = random_game::<TemporalChess>(&Default::default(), seed, 120);
            let forcing = |view: &View, side, a: &Action| by_view::forcing(view, side, a);
            same_as_view(&game, by_view::evaluate, forcing);
            keys_follow_the_play(&Default::default(), seed, &game);
        }
    }

    #[test]
    fn transpositions_and_repetitions_share_keys() {
        let kings = ["K@Bc3", "K@Da3"];
        let after = |rest: &[&str]| keys_after::<TemporalChess>(&[&kings[..], rest].concat());
        // The same position by two orders of placement.
        let one = after(&["Q@Bb2", "Q@Dc2", "R@Aa1", "R@Dd4"]);
        assert_eq!(one, after(&["R@Aa1", "Q@Dc2", "Q@Bb2", "R@Dd4"]));
        assert_ne!(one, after(&["R@Aa1", "Q@Dc2", "Q@Bb2", "R@Dd3"]));
        // Queens out and back: the same position (T-9), which the rules
        // count.
        let placed = [&kings[..], &["Q@Bb2", "Q@Dc2"]].concat();
        let shuffle = ["QBb2-Bb1", "QDc2-Dd2", "QBb1-Bb2", "QDd2-Dc2"];
        let mut game = TemporalChess::new(&Default::default(), 0);
        for text in &placed {
            game.apply(&game.parse(text).unwrap()).unwrap();
        }
        let start = game.keys().unwrap();
        for round in 1..=2 {
            for text in shuffle {
                assert!(!game.status().is_over(), "round {round}");
                game.apply(&game.parse(text).unwrap()).unwrap();
            }
            assert_eq!(game.keys().unwrap(), start, "round {round}");
        }
        assert!(
            matches!(game.status(), Status::Finished(o) if o.reason == chronomate_rules::Reason::Repetition),
            "{:?}",
            game.status()
        );
    }

    #[test]
    fn an_original_is_worth_nothing_to_its_side() {
        // The queen warps from the future with six red checkers: its
        // duplicate stands on Aa3 as the moved queen would, and the
        // original left on Bb2 can only lose the game (T-6, T-8).
        let placed = ["K@Bc3", "K@Da3", "Q@Bb2", "Q@Dc2"];
        let after = |last: &str| for_white_after::<TemporalChess>(&[&placed[..], &[last]].concat());
        let (warped, moved) = (after("QBb2~Aa3/6"), after("QBb2-Aa3"));
        assert!(warped < moved, "the warp {warped} against the move {moved}");
    }

    #[test]
    fn movement_counts_match_raumschach() {
        // From a corner: the rook sees 3 lines of 3, the knight 6 leaps.
        assert_eq!(attacks(Figure::Rook, 0, 0).count_ones(), 9);
        assert_eq!(attacks(Figure::Knight, 0, 0).count_ones(), 6);
        // From an inner cell the king has all 26 neighbours.
        let inner = index([1, 1, 1]).unwrap();
        assert_eq!(attacks(Figure::King, inner, 0).count_ones(), 26);
        assert_eq!(attacks(Figure::Unicorn, 0, 0).count_ones(), 3);
        assert_eq!(Color::White.other(), Color::Black);
    }
}
