//! Whether turns drafted from one state leave a royal man of the mover
//! capturable (F-10), or check the opponent, asked of many drafts at once.
//!
//! An engine drafts dozens of turns from each state it expands, and most
//! share their boards: the timelines the mover leaves alone, and the
//! board each of its favourite board moves makes. Looking at the whole
//! multiverse for every draft walks every line of attack of every board
//! again. [`Exposure`] walks each attacker's board's lines of attack once,
//! as far as the boards are the same whatever the turn (the way the
//! rules' turn search does, `search/hypercuboid/check.rs`), and only the
//! rest of each line again for each draft.

use std::cell::{OnceCell, RefCell};

use rustc_hash::FxHashMap;

use super::attack::{Ray, rays, takes_past_entry};
use super::board::{Board, Cell};
use super::man::code_is_royal_of;
use super::movegen::{Boards, royal_attacked_on_board};
use super::play::CopiedForward;
use super::position::{FiveD, step_color};
use crate::Color;

/// F-10 for the turns drafted from one state: see the module's text.
pub struct Exposure<'s> {
    state: &'s FiveD,
    /// The mover's royal men, attacked from the opponent's boards.
    mover: Looks,
    /// The opponent's royal men, attacked from the mover's boards with
    /// the opponent's copied forward ([`FiveD::check`]).
    opponent: Looks,
}

impl FiveD {
    /// F-10 for the turns drafted from this state ([`Exposure`]).
    pub fn exposure(&self) -> Exposure<'_> {
        Exposure {
            state: self,
            mover: Looks::default(),
            opponent: Looks::default(),
        }
    }
}

impl<'s> Exposure<'s> {
    /// The state whose drafts this answers for.
    pub fn state(&self) -> &'s FiveD {
        self.state
    }

    /// Whether a royal man of the side to move could be captured in
    /// `drafted`, a draft of this state's side to move (F-10): the same
    /// answer as a look at the whole multiverse.
    pub(crate) fn royal_capturable(&self, drafted: &FiveD) -> bool {
        let state = self.state;
        let mover = state.to_move;
        let added = |l: i32, s: i32| self.added(l, s, 1);
        self.mover.capturable(state, added, drafted, mover)
    }

    /// Whether `drafted`, a draft of this state's side to move, puts the
    /// opponent in check (F-10: [`FiveD::check`]): the same answer as a
    /// look at the whole multiverse.
    pub(crate) fn checks_opponent(&self, drafted: &FiveD) -> bool {
        let state = self.state;
        let mover = state.to_move;
        let opponent = mover.other();
        // The copy that follows each board a turn adds changes with it;
        // the opponent's last boards stay, and so do their copies.
        let added = |l: i32, s: i32| self.added(l, s, 2);
        let before = CopiedForward {
            game: state,
            color: opponent,
        };
        let after = CopiedForward {
            game: drafted,
            color: opponent,
        };
        self.opponent.capturable(&before, added, &after, opponent)
    }
}

impl Exposure<'_> {
    /// Whether a turn from this state may add or change the board of
    /// timeline `l` at step `s`: one of the `after` steps that follow one
    /// of the mover's last boards, or any board of a timeline the turn
    /// opens.
    fn added(&self, l: i32, s: i32, after: i32) -> bool {
        let state = self.state;
        let (lo, hi) = state.line_range();
        l < lo
            || l > hi
            || state.end(l).is_some_and(|end| {
                step_color(end) == state.to_move && (end + 1..=end + after).contains(&s)
            })
    }
}

/// The lines of attack of one attacker's board, walked over the boards
/// every turn from the state keeps: whether the board takes a royal man
/// whatever the turn (within itself, or along a line over boards every
/// turn keeps), and the lines that go on to a board not known yet.
struct Walked {
    takes: bool,
    waiting: Vec<Entering>,
}

impl Walked {
    /// The board `board` of the attacker, standing at `line` and `step`,
    /// walked over `before` up to the boards `added` names.
    fn board<F: Boards>(
        before: &F,
        board: &Board,
        (line, step): (i32, i32),
        victim: Color,
        added: impl Fn(i32, i32) -> bool,
    ) -> Walked {
        let rays = rays(before, board, (line, step), victim, added);
        let takes =
            royal_attacked_on_board(board, victim) || rays.iter().any(|r| r.open_board().is_none());
        Walked {
            takes,
            waiting: Entering::grouped(rays),
        }
    }

    /// Whether a line of attack takes a royal man of `victim` in `after`,
    /// whose timelines `touched` alone have boards the state has not: a
    /// line that goes on to another timeline finds no board there.
    fn capture_in<A: Boards>(&self, after: &A, touched: &Touched, victim: Color) -> bool {
        self.takes
            || self
                .waiting
                .iter()
                .any(|e| touched.contains(e.board.0) && e.takes(after, victim))
    }
}

/// The lines of attack from one timeline's board that go on to the same
/// board not known yet, with the cells by which they enter it. Where a
/// draft makes that board, a line takes a royal man in its entry cell
/// only where one stands there, so the cells answer for all the lines at
/// once, and only a slider entering an empty cell is walked on.
struct Entering {
    /// The timeline of the board the lines start from.
    source: i32,
    /// The board not known yet: its timeline and step.
    board: (i32, i32),
    /// The cells by which the lines enter it.
    cells: u64,
    /// The sliders among the lines.
    sliders: Vec<Ray>,
}

impl Entering {
    /// The lines among `rays` that go on to a board not known yet,
    /// grouped by where they start and that board.
    fn grouped(rays: impl IntoIterator<Item = Ray>) -> Vec<Entering> {
        let mut groups: Vec<Entering> = Vec::new();
        for ray in rays {
            let (Some(board), Some(entry)) = (ray.open_board(), ray.entry()) else {
                continue;
            };
            let source = ray.source_line();
            let i = match groups
                .iter()
                .position(|g| g.source == source && g.board == board)
            {
                Some(i) => i,
                None => {
                    groups.push(Entering {
                        source,
                        board,
                        cells: 0,
                        sliders: Vec::new(),
                    });
                    groups.len() - 1
                }
            };
            let group = &mut groups[i];
            group.cells |= 1 << entry;
            if ray.slides() {
                group.sliders.push(ray);
            }
        }
        groups
    }

    /// Whether one of the lines takes a royal man of `victim` over the
    /// boards of `after`: a royal man in an entry cell, or further on past
    /// an empty one.
    fn takes<A: Boards>(&self, after: &A, victim: Color) -> bool {
        let Some(board) = after.board_at(self.board.0, self.board.1) else {
            return false;
        };
        let mut hit = self.cells & board.of(victim);
        while hit != 0 {
            let cell = hit.trailing_zeros() as Cell;
            hit &= hit - 1;
            if code_is_royal_of(board.code(cell), victim) {
                return true;
            }
        }
        let empty = !board.occupied();
        self.sliders.iter().any(|ray| {
            ray.entry().is_some_and(|cell| empty & (1 << cell) != 0)
                && takes_past_entry(after, ray, victim)
        })
    }
}

/// The timelines whose last board a draft changed, as a set: every line
/// of attack asks it, so it answers without a search.
struct Touched {
    lo: i32,
    bits: Vec<u64>,
    lines: Vec<i32>,
}

impl Touched {
    /// The timelines of `after` whose last board is not `before`'s (a
    /// board was added, or the timeline opened): boards are only ever
    /// added.
    fn between<F: Boards, A: Boards>(before: &F, after: &A) -> Touched {
        let (lo, hi) = after.lines();
        let span = usize::try_from(hi - lo + 1).unwrap_or(0);
        let mut touched = Touched {
            lo,
            bits: vec![0; span.div_ceil(64)],
            lines: Vec::new(),
        };
        for line in lo..=hi {
            if after.end_of(line) != before.end_of(line) {
                let i = (line - lo) as usize;
                touched.bits[i / 64] |= 1 << (i % 64);
                touched.lines.push(line);
            }
        }
        touched
    }

    fn contains(&self, line: i32) -> bool {
        usize::try_from(line - self.lo).is_ok_and(|i| {
            self.bits
                .get(i / 64)
                .is_some_and(|word| word & (1 << (i % 64)) != 0)
        })
    }
}

/// The attacker's boards every draft keeps as the state has them (its
/// last boards on the timelines a draft leaves alone), walked once: the
/// timelines whose board takes a royal man whatever the turn, and the
/// other lines of attack by the timeline of the board not known yet that
/// each goes on to. A draft then completes only the lines that go on to a
/// timeline it adds to.
#[derive(Default)]
struct Standing {
    takes: Vec<i32>,
    waiting: FxHashMap<i32, Vec<Entering>>,
}

/// Attackers' boards walked so far: those every draft keeps, and the
/// boards drafts made, by board (its timeline, its step and its men).
#[derive(Default)]
struct Looks {
    standing: OnceCell<Standing>,
    walked: RefCell<FxHashMap<(i32, i32, Board), Walked>>,
}

impl Looks {
    /// Whether a royal man of `victim` could be captured in `after`, whose
    /// boards are `before`'s but for those `added` names: each attacker's
    /// board's lines of attack walked over `before` once, up to a board
    /// `added` names, and completed over `after`.
    fn capturable<F: Boards, A: Boards>(
        &self,
        before: &F,
        added: impl Fn(i32, i32) -> bool + Copy,
        after: &A,
        victim: Color,
    ) -> bool {
        let attacker = victim.other();
        let standing = self
            .standing
            .get_or_init(|| Looks::standing(before, added, victim));
        let touched = Touched::between(before, after);
        let kept = |line: i32| !touched.contains(line);
        if standing.takes.iter().any(|&line| kept(line)) {
            return true;
        }
        let mut walked = self.walked.borrow_mut();
        for &line in &touched.lines {
            let waiting = standing.waiting.get(&line).map_or(&[][..], Vec::as_slice);
            if waiting
                .iter()
                .any(|e| kept(e.source) && e.takes(after, victim))
            {
                return true;
            }
            let Some(step) = after.end_of(line) else {
                continue;
            };
            if step_color(step) != attacker {
                continue;
            }
            let Some(board) = after.board_at(line, step) else {
                continue;
            };
            let w = walked
                .entry((line, step, board.clone()))
                .or_insert_with(|| Walked::board(before, board, (line, step), victim, added));
            if w.capture_in(after, &touched, victim) {
                return true;
            }
        }
        false
    }

    /// The attacker's last boards of `before`, walked ([`Standing`]).
    fn standing<F: Boards>(
        before: &F,
        added: impl Fn(i32, i32) -> bool + Copy,
        victim: Color,
    ) -> Standing {
        let mut standing = Standing::default();
        let (lo, hi) = before.lines();
        for line in lo..=hi {
            let Some(step) = before.end_of(line) else {
                continue;
            };
            if step_color(step) != victim.other() {
                continue;
            }
            let Some(board) = before.board_at(line, step) else {
                continue;
            };
            let walked = Walked::board(before, board, (line, step), victim, added);
            if walked.takes {
                standing.takes.push(line);
            }
            for entering in walked.waiting {
                let to = entering.board.0;
                standing.waiting.entry(to).or_default().push(entering);
            }
        }
        standing
    }
}

#[cfg(test)]
mod tests {
    use super::super::attack::royal_capture;
    use super::super::pgn;
    use super::*;

    /// Every position of the corpus's games with the most timelines and
    /// jumps.
    fn positions() -> Vec<FiveD> {
        [
            include_str!("../../tests/fived/data/own/standard-many-timelines.5dpgn"),
            include_str!("../../tests/fived/data/own/two-timelines-castles.5dpgn"),
            include_str!("../../tests/fived/data/own/timeline-invasion.5dpgn"),
            include_str!("../../tests/fived/data/own/princess.5dpgn"),
        ]
        .into_iter()
        .flat_map(pgn::replayed)
        .collect()
    }

    /// The exposure of drafts answers as a fresh look at the whole
    /// multiverse does, for the mover's royal men and the opponent's, on
    /// drafts of one, two and three board moves of each position, legal
    /// turns or not, moves that expose a royal man on their own board
    /// included.
    #[test]
    fn drafts_are_judged_as_a_fresh_look_judges_them() {
        let (mut drafts, mut exposed, mut checking) = (0, 0, 0);
        let mut seed: u64 = 7;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n.max(1)
        };
        for state in positions() {
            let exposure = state.exposure();
            for _ in 0..30 {
                let mut draft = state.draft();
                for _ in 0..3 {
                    let moves = draft.state().board_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[next(moves.len())];
                    if draft.make(&mv).is_err() {
                        break;
                    }
                    let fresh = royal_capture(draft.state(), state.to_move).is_some();
                    assert_eq!(exposure.royal_capturable(draft.state()), fresh);
                    assert_eq!(
                        draft.clone().submittable_under(&exposure),
                        draft.clone().submittable()
                    );
                    let checks = draft.checks_opponent();
                    assert_eq!(exposure.checks_opponent(draft.state()), checks);
                    assert_eq!(draft.clone().checks_opponent_under(&exposure), checks);
                    drafts += 1;
                    exposed += usize::from(fresh);
                    checking += usize::from(checks);
                }
            }
        }
        assert!(
            drafts > 2_000 && exposed > 200 && checking > 100,
            "{drafts} drafts, {exposed} exposed, {checking} checking"
        );
    }
}
