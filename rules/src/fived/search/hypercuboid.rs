//! The hypercuboid search for legal turns (F-10), after the method
//! described in cwmtt's notes (`FastCheckmate.lhs`) and ported by
//! ftxi/5dchess_engine; written anew here.
//!
//! A turn chooses one *entry* on every *axis*: an axis for each playable
//! board (pass, a move on the board, a man leaving it, or a man arriving
//! from another board) and one for each timeline the turn could open, in
//! order (nothing, or a man arriving on an earlier board). The moves of a
//! turn never change the boards the mover moves across (every board a move
//! makes is the opponent's), so every entry is known before the search,
//! and a point of the product is a turn when its arrivals match its
//! departures. The search takes a point, and either finds it legal or
//! finds why not (a jump made in an impossible order, a present that does
//! not pass, a royal man capturable) and cuts every point failing for the
//! same reason out of the space at once: out of the pieces near it, and,
//! where the reason lies in one board's entries alone, out of every piece
//! as it is reached ([`Dead`]).

mod check;

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::super::action::{Action, Move};
use super::super::action::{MoveKind, standard_order};
use super::super::board::{Board, Cell};
use super::super::movegen::royal_attacked_on_board;
use super::super::position::{FiveD, active_range};
use super::space::{Dead, Hc, Set, Shared, Slice, cut, overlaps};
use crate::Color;

/// What an entry does on its axis.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// No board added.
    Pass,
    /// A move on the board.
    Physical(Move),
    /// A man leaves the board (for wherever an arrival says).
    Leave,
    /// A man arrives: the jump, its axis of departure and the departure's
    /// entry there.
    Arrive {
        mv: Move,
        from_axis: usize,
        leave: usize,
    },
}

#[derive(Clone, Debug)]
struct Entry {
    kind: Kind,
    /// The board the entry adds (none for a pass): held by value, as a
    /// search makes hundreds and keeps each no longer than itself.
    board: Option<Board>,
    /// Its step.
    step: i32,
}

#[derive(Clone, Debug)]
struct Axis {
    line: i32,
    /// A playable timeline (else a timeline the turn may open).
    playable: bool,
    /// A playable timeline's last step before the turn.
    end: i32,
    entries: Arc<Vec<Entry>>,
}

/// Pieces of the space waiting past which a failing point's slice is no
/// longer tried on the others (`Search::next`): each cut can split a piece
/// into as many as the slice has axes, and a ladder game's position grew
/// them past 225,000 and gigabytes (`search::tests`). Since a slice of one
/// axis leaves every piece anyway ([`Dead`]), trying the others on more
/// pieces than this costs more than it saves: at 4,096, judging every turn
/// of two ladder records took 1.5 and 5 times as long, and the corpus's
/// counts the same (docs/engine-journal.md, issue 49, "A man that captures
/// whatever").
const STACK_CUT: usize = 64;

/// A way onto an axis: the axis left, the departure there, the arrival.
type Witness = (usize, usize, usize);

/// The arrivals that any of the new timelines' `slots` still holds (they
/// share the list `entries`): (the entry, its axis of departure, its
/// departure). `held` is scratch space.
fn slot_arrivals(
    hc: &Hc,
    slots: &[usize],
    entries: &[Entry],
    held: &mut Set,
) -> Vec<(usize, usize, usize)> {
    held.clear();
    for &b in slots {
        held.union_with(hc.get(b));
    }
    held.bits()
        .iter()
        .filter_map(|i| match entries.get(i)?.kind {
            Kind::Arrive {
                from_axis, leave, ..
            } => Some((i, from_axis, leave)),
            _ => None,
        })
        .collect()
}

/// The search for the legal turns of one position, lazily.
pub(crate) struct Search<'a> {
    game: &'a FiveD,
    color: Color,
    axes: Vec<Axis>,
    /// The axis of each existing timeline, by `line - first`.
    line_axis: Vec<Option<usize>>,
    first: i32,
    stack: Vec<Hc>,
    /// Entries every piece of the space is rid of as it is taken.
    dead: Dead,
    /// The attacker's lines of attack, walked once each.
    rays: check::Rays,
    /// Steps the search may still make (a point taken, and each piece of
    /// the space a failing point's slice is tried on); `None`: no limit.
    steps: Option<usize>,
    /// The most pieces that ever waited, for the tests.
    #[cfg(test)]
    peak: usize,
}

impl<'a> Search<'a> {
    pub(crate) fn new(game: &'a FiveD) -> Search<'a> {
        let color = game.to_move;
        let (first, last) = game.line_range();
        let mut line_axis = vec![None; (last - first + 1).max(0) as usize];
        let mut axes: Vec<Axis> = Vec::new();
        let mut entries: Vec<Vec<Entry>> = Vec::new();
        let mut leaves: Vec<Vec<(Cell, usize)>> = Vec::new();
        let moves = if game.status.is_over() {
            Vec::new()
        } else {
            game.board_moves()
        };
        for line in game.playable(color) {
            let end = game.end(line).unwrap_or(0);
            if let Some(slot) = line_axis.get_mut((line - first) as usize) {
                *slot = Some(axes.len());
            }
            axes.push(Axis {
                line,
                playable: true,
                end,
                entries: Arc::new(Vec::new()),
            });
            entries.push(vec![Entry {
                kind: Kind::Pass,
                board: None,
                step: end + 1,
            }]);
            leaves.push(Vec::new());
        }
        if game.status.is_over() {
            return Search {
                game,
                color,
                axes: Vec::new(),
                line_axis,
                first,
                stack: Vec::new(),
                dead: Dead::default(),
                rays: check::Rays::default(),
                steps: None,
                #[cfg(test)]
                peak: 0,
            };
        }
        let axis_of = |line: i32| -> Option<usize> {
            line_axis.get((line - first) as usize).copied().flatten()
        };
        // Moves on a board, and departures; each jump's landed board kept
        // for its arrival (a man's later jumps leave the same board).
        let mut landings: Vec<(Move, usize, Board)> = Vec::new();
        for mv in &moves {
            let Some(a) = axis_of(mv.from.line) else {
                continue;
            };
            let Some((left, landed)) = game.move_boards(mv) else {
                continue;
            };
            if let Some(landed) = landed {
                landings.push((*mv, a, landed));
            }
            if mv.is_jump() && leaves[a].iter().any(|(c, _)| *c == mv.from.cell) {
                continue;
            }
            if royal_attacked_on_board(&left, color) {
                continue;
            }
            let kind = if mv.is_jump() {
                leaves[a].push((mv.from.cell, entries[a].len()));
                Kind::Leave
            } else {
                Kind::Physical(*mv)
            };
            entries[a].push(Entry {
                kind,
                board: Some(left),
                step: axes[a].end + 1,
            });
        }
        // Arrivals: onto a playable board (no new timeline), or anywhere as
        // a branch.
        let mut branch_entries = vec![Entry {
            kind: Kind::Pass,
            board: None,
            step: 0,
        }];
        for (mv, a, landed) in landings {
            let Some(&(_, leave)) = leaves[a].iter().find(|(c, _)| *c == mv.from.cell) else {
                continue;
            };
            if royal_attacked_on_board(&landed, color) {
                continue;
            }
            let kind = Kind::Arrive {
                mv,
                from_axis: a,
                leave,
            };
            if let Some(b) = axis_of(mv.to.line)
                && axes[b].end == mv.to.step
            {
                entries[b].push(Entry {
                    kind,
                    board: Some(landed.clone()),
                    step: axes[b].end + 1,
                });
            }
            branch_entries.push(Entry {
                kind,
                board: Some(landed),
                step: mv.to.step + 1,
            });
        }
        for (axis, e) in axes.iter_mut().zip(entries) {
            axis.entries = Arc::new(e);
        }
        let branching = leaves.iter().filter(|l| !l.is_empty()).count();
        let branch_entries = Arc::new(branch_entries);
        let next = game.next_line(color);
        let sign = if color == Color::White { 1 } else { -1 };
        for j in 0..branching {
            axes.push(Axis {
                line: next + sign * j as i32,
                playable: false,
                end: 0,
                entries: branch_entries.clone(),
            });
        }
        let playable = axes.len() - branching;
        // The starting pieces differ only in how many new-timeline axes
        // hold arrivals, so they share every axis's words.
        let whole: Vec<Shared> = axes[..playable]
            .iter()
            .map(|ax| Set::range(ax.entries.len(), 0, ax.entries.len()).shared())
            .collect();
        let (arrived, passed) = {
            let len = branch_entries.len();
            (
                Set::range(len, 1, len).shared(),
                Set::single(len, 0).shared(),
            )
        };
        let mut stack = Vec::new();
        for n in (0..=branching).rev() {
            let mut sets = whole.clone();
            sets.extend(
                (0..branching)
                    .map(|j| if j < n { &arrived } else { &passed })
                    .cloned(),
            );
            let hc = Hc::of(sets);
            if !hc.any_empty() {
                stack.push(hc);
            }
        }
        let rays = check::Rays::new(axes.iter().map(|ax| ax.entries.len()), line_axis.len());
        Search {
            game,
            color,
            axes,
            line_axis,
            first,
            stack,
            dead: Dead::default(),
            rays,
            steps: None,
            #[cfg(test)]
            peak: 0,
        }
    }

    /// The most pieces of the space that waited at once so far.
    #[cfg(test)]
    pub(super) fn peak(&self) -> usize {
        self.peak
    }

    /// The same search, giving up after `steps` steps (a point taken, and
    /// each piece of the space a failing point's slice is tried on: in a
    /// position of many timelines the pieces run to thousands, and one
    /// point can cost as much as thousands of others): it then ends as if
    /// no turn were left, and [`Search::gave_up`] says so.
    pub(crate) fn within(mut self, steps: usize) -> Search<'a> {
        self.steps = Some(steps);
        self
    }

    /// The steps it may still make, where it was given a limit
    /// ([`Search::within`]).
    pub(crate) fn steps_left(&self) -> Option<usize> {
        self.steps
    }

    /// Whether the search ended by its limit of steps, not by having
    /// looked everywhere.
    pub(crate) fn gave_up(&self) -> bool {
        self.steps == Some(0) && !self.stack.is_empty()
    }

    fn axis_of_line(&self, line: i32) -> Option<usize> {
        self.line_axis
            .get(usize::try_from(line - self.first).ok()?)
            .copied()
            .flatten()
    }

    fn entry(&self, axis: usize, i: usize) -> Option<&Entry> {
        self.axes.get(axis)?.entries.get(i)
    }

    /// Drops arrivals whose departure is gone and departures nothing can
    /// arrive from; `false` when an axis is left empty.
    ///
    /// The axes of new timelines share one list of entries (every jump's
    /// arrival), so they are pruned together, a word at a time: one mask
    /// of the arrivals whose departure is gone, one union of what they
    /// still hold.
    fn prune(&self, hc: &mut Hc) -> bool {
        let slots: Vec<usize> = (0..hc.axes()).filter(|&a| !self.axes[a].playable).collect();
        let shared = slots.first().map(|&a| self.axes[a].entries.clone());
        let shared_len = shared.as_ref().map_or(0, |e| e.len());
        let mut claimed: Vec<Set> = self
            .axes
            .iter()
            .map(|ax| Set::empty(ax.entries.len()))
            .collect();
        let mut gone = Set::empty(shared_len);
        let mut held = Set::empty(shared_len);
        let mut drop: Vec<usize> = Vec::new();
        loop {
            let mut changed = false;
            claimed.iter_mut().for_each(Set::clear);
            // Arrivals onto playable boards, one by one.
            for a in (0..hc.axes()).filter(|&a| self.axes[a].playable) {
                drop.clear();
                for i in hc.get(a).iter() {
                    if let Some(Kind::Arrive {
                        from_axis, leave, ..
                    }) = self.entry(a, i).map(|e| e.kind)
                    {
                        if hc.get(from_axis).contains(leave) {
                            claimed[from_axis].insert(leave);
                        } else {
                            drop.push(i);
                        }
                    }
                }
                for &i in &drop {
                    hc.remove(a, i);
                    changed = true;
                }
            }
            // Arrivals opening timelines, all slots at once.
            if let Some(entries) = &shared {
                gone.clear();
                for (i, from_axis, leave) in slot_arrivals(hc, &slots, entries, &mut held) {
                    if !hc.get(from_axis).contains(leave) {
                        gone.insert(i);
                    }
                }
                for &b in &slots {
                    changed |= hc.remove_all(b, &gone);
                }
                for (_, from_axis, leave) in slot_arrivals(hc, &slots, entries, &mut held) {
                    claimed[from_axis].insert(leave);
                }
            }
            // Departures (only boards that are played have them).
            for (a, claims) in claimed.iter().enumerate() {
                if !self.axes[a].playable {
                    continue;
                }
                drop.clear();
                drop.extend(hc.get(a).iter().filter(|&i| {
                    matches!(self.entry(a, i).map(|e| e.kind), Some(Kind::Leave))
                        && !claims.bits().contains(i)
                }));
                for &i in &drop {
                    hc.remove(a, i);
                    changed = true;
                }
            }
            if hc.any_empty() {
                return false;
            }
            if !changed {
                return true;
            }
        }
    }

    /// A point of `hc` whose arrivals and departures pair up, if any: a
    /// matching between axes that leave and axes that receive, covering
    /// every new timeline and every board with nothing else left to do.
    fn take_point(&self, hc: &mut Hc) -> Option<Vec<usize>> {
        if !self.prune(hc) {
            return None;
        }
        let n = self.axes.len();
        // One witness per pair of axes, either way round: (leaving axis,
        // its leave, arriving axis, the arrival). Keyed by the pair, not a
        // table of every pair: a position of 99 timelines has about 150
        // axes, and clearing such a table for every point was a tenth of
        // a count.
        let mut pair: FxHashMap<(usize, usize), usize> = FxHashMap::default();
        let mut witness: Vec<(usize, usize, usize, usize)> = Vec::new();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        // A branch onto a playable board needs that board moved first:
        // branches into the past are preferred as witnesses.
        let onto_playable = |mv: &Move| {
            self.axis_of_line(mv.to.line)
                .is_some_and(|b| self.axes[b].end == mv.to.step)
        };
        // The witnesses of an axis: for each axis a man can leave to arrive
        // here, in the order first met, (that axis, its departure, the
        // arrival): the first arrival from there, or on a new timeline's
        // slot the first branching into the past where there is one. The
        // slots share one list of entries and often hold the same set:
        // their witnesses are found once per set.
        // `at`: where in `found` each axis's witness is, `None` between calls.
        let witnesses_of = |b: usize, at: &mut [Option<usize>]| -> Vec<Witness> {
            let mut found: Vec<(usize, usize, usize, bool)> = Vec::new();
            for i in hc.get(b).iter() {
                let Some(Kind::Arrive {
                    mv,
                    from_axis,
                    leave,
                }) = self.entry(b, i).map(|e| e.kind)
                else {
                    continue;
                };
                match at[from_axis] {
                    None => {
                        at[from_axis] = Some(found.len());
                        let onto = !self.axes[b].playable && onto_playable(&mv);
                        found.push((from_axis, leave, i, onto));
                    }
                    Some(k) if found[k].3 && !onto_playable(&mv) => {
                        found[k] = (from_axis, leave, i, false);
                    }
                    Some(_) => {}
                }
            }
            for &(f, ..) in &found {
                at[f] = None;
            }
            found
                .into_iter()
                .map(|(f, leave, i, _)| (f, leave, i))
                .collect()
        };
        let mut at: Vec<Option<usize>> = vec![None; n];
        let mut slot_witnesses: Vec<(&[u64], Vec<Witness>)> = Vec::new();
        let mut own_witnesses: Vec<Witness>;
        for b in 0..hc.axes() {
            let list: &[Witness] = if self.axes[b].playable {
                own_witnesses = witnesses_of(b, &mut at);
                &own_witnesses
            } else {
                let words = hc.get(b).words();
                let k = match slot_witnesses.iter().position(|(w, _)| *w == words) {
                    Some(k) => k,
                    None => {
                        slot_witnesses.push((words, witnesses_of(b, &mut at)));
                        slot_witnesses.len() - 1
                    }
                };
                &slot_witnesses[k].1
            };
            for &(from_axis, leave, i) in list {
                // Each pair of axes is met once: only the slot itself
                // receives on its side, and slots have no departures.
                let key = (from_axis.min(b), from_axis.max(b));
                if let std::collections::hash_map::Entry::Vacant(v) = pair.entry(key) {
                    v.insert(witness.len());
                    edges.push((from_axis, b));
                    witness.push((from_axis, leave, b, i));
                }
            }
        }
        let own = |a: usize| -> Option<usize> {
            hc.get(a).iter().find(|&i| {
                matches!(
                    self.entry(a, i).map(|e| e.kind),
                    Some(Kind::Pass | Kind::Physical(_))
                ) && (self.axes[a].playable || i == 0)
            })
        };
        let mut needed: Vec<usize> = (0..n).filter(|&a| own(a).is_none()).collect();
        needed.sort_by_key(|&a| self.axes[a].playable);
        let mate = super::matching::cover(n, &edges, &needed)?;
        let mut point = vec![0; n];
        for (a, &m) in mate.iter().enumerate() {
            if let Some(m) = m {
                let &(from, leave, to, arrival) = witness.get(*pair.get(&(a.min(m), a.max(m)))?)?;
                point[from] = leave;
                point[to] = arrival;
            }
        }
        self.order_branches(hc, &mut point);
        // Boards branched onto are moved on rather than passed, where they
        // can be.
        let mut landed: Vec<usize> = Vec::new();
        for a in (0..n).filter(|&a| !self.axes[a].playable && mate[a].is_some()) {
            if let Some(Kind::Arrive { mv, .. }) = self.entry(a, point[a]).map(|e| e.kind)
                && let Some(b) = self.axis_of_line(mv.to.line)
                && self.axes[b].end == mv.to.step
            {
                landed.push(b);
            }
        }
        for a in 0..n {
            if mate[a].is_none() {
                let physical = hc
                    .get(a)
                    .iter()
                    .find(|&i| matches!(self.entry(a, i).map(|e| e.kind), Some(Kind::Physical(_))));
                point[a] = match physical {
                    Some(i) if landed.contains(&a) => i,
                    _ => own(a)?,
                };
            }
        }
        Some(point)
    }

    /// Puts the branches of `point` in an order they can be made in: one
    /// onto a playable board after that board's own branch (the new
    /// timelines' slots share their entries, so branches may swap slots).
    fn order_branches(&self, hc: &Hc, point: &mut [usize]) {
        let slots: Vec<usize> = (0..self.axes.len())
            .filter(|&a| !self.axes[a].playable && point[a] != 0)
            .collect();
        let mut pending: Vec<usize> = slots.iter().map(|&a| point[a]).collect();
        let mut ordered: Vec<usize> = Vec::with_capacity(pending.len());
        while !pending.is_empty() {
            let ready = pending.iter().position(|&i| {
                let Some(Kind::Arrive { mv, .. }) = self.entry(slots[0], i).map(|e| e.kind) else {
                    return true;
                };
                let Some(b) = self.axis_of_line(mv.to.line) else {
                    return true;
                };
                self.axes[b].end != mv.to.step
                    || !pending.iter().any(|&j| {
                        matches!(self.entry(slots[0], j).map(|e| e.kind),
                            Some(Kind::Arrive { from_axis, .. }) if from_axis == b)
                    })
            });
            let Some(r) = ready else { return };
            ordered.push(pending.remove(r));
        }
        if slots
            .iter()
            .zip(&ordered)
            .all(|(&a, &i)| hc.get(a).contains(i))
        {
            for (&a, &i) in slots.iter().zip(&ordered) {
                point[a] = i;
            }
        }
    }

    /// The arrivals on any axis that land on the board `(line, step)`.
    fn arrivals_to(&self, axis: usize, line: i32, step: i32) -> Set {
        let entries = &self.axes[axis].entries;
        let mut s = Set::empty(entries.len());
        for (i, e) in entries.iter().enumerate() {
            if let Kind::Arrive { mv, .. } = e.kind
                && mv.to.line == line
                && mv.to.step == step
            {
                s.insert(i);
            }
        }
        s
    }

    /// The arrivals on `axis` that leave timeline axis `from`.
    fn arrivals_from(&self, axis: usize, from: usize) -> Set {
        let entries = &self.axes[axis].entries;
        let mut s = Set::empty(entries.len());
        for (i, e) in entries.iter().enumerate() {
            if let Kind::Arrive { from_axis, .. } = e.kind
                && from_axis == from
            {
                s.insert(i);
            }
        }
        s
    }

    /// Why the turn `point` is not legal, as every turn failing the same
    /// way; `None` when it is legal.
    fn problem(&self, point: &[usize]) -> Option<Slice> {
        // A check or a present that stays holds whatever order the jumps
        // were made in, so those cuts are valid first (and larger).
        self.present(point)
            .or_else(|| self.check(point))
            .or_else(|| self.jump_order(point))
    }

    /// The branch slots in use, with their entry.
    fn branches<'b>(&'b self, point: &'b [usize]) -> impl Iterator<Item = (usize, &'b Entry)> + 'b {
        (0..self.axes.len())
            .filter(|&a| !self.axes[a].playable)
            .map_while(move |a| {
                let e = self.entry(a, point[a])?;
                (!matches!(e.kind, Kind::Pass)).then_some((a, e))
            })
    }

    /// A branch onto a playable board that was not left before it: the
    /// board must have been moved from first, or the jump is no branch.
    fn jump_order(&self, point: &[usize]) -> Option<Slice> {
        for (j, e) in self.branches(point) {
            let Kind::Arrive { mv, .. } = e.kind else {
                continue;
            };
            let Some(b) = self.axis_of_line(mv.to.line) else {
                continue;
            };
            if self.axes[b].end != mv.to.step {
                continue;
            }
            let to_board = self.arrivals_to(j, mv.to.line, mv.to.step);
            match self.entry(b, point[b]).map(|e| e.kind) {
                Some(Kind::Pass) => {
                    let len = self.axes[b].entries.len();
                    return Some(vec![(b, Set::single(len, point[b])), (j, to_board)]);
                }
                Some(Kind::Leave) => {
                    let later = self.branches(point).find(|(k, e)| {
                        *k > j && matches!(e.kind, Kind::Arrive { from_axis, .. } if from_axis == b)
                    });
                    if let Some((k, _)) = later {
                        return Some(vec![(j, to_board), (k, self.arrivals_from(k, b))]);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// A turn after which the present is still the mover's (F-5).
    fn present(&self, point: &[usize]) -> Option<Slice> {
        let base = self.game;
        let opened = self.branches(point).count() as i32;
        let (lo, hi) = base.line_range();
        let range = match self.color {
            Color::White => (lo, hi + opened),
            Color::Black => (lo - opened, hi),
        };
        let (alo, ahi) = active_range(base.setup.initial, range);
        let mut passed: Option<(usize, i32)> = None;
        let mut least_other = i32::MAX;
        for line in alo..=ahi {
            if let Some(a) = self.axis_of_line(line) {
                let end = self.axes[a].end;
                if matches!(self.entry(a, point[a]).map(|e| e.kind), Some(Kind::Pass)) {
                    if passed.is_none_or(|(_, e)| end < e) {
                        passed = Some((a, end));
                    }
                } else {
                    least_other = least_other.min(end + 1);
                }
            } else if let Some(end) = base.end(line) {
                least_other = least_other.min(end);
            }
        }
        for (j, e) in self.branches(point) {
            if (alo..=ahi).contains(&self.axes[j].line) {
                least_other = least_other.min(e.step);
            }
        }
        let (a, end) = passed?;
        if end > least_other {
            return None;
        }
        // Every timeline the turn opens, or not, stays so: the active
        // timelines stay the same.
        let mut slice = vec![(a, Set::single(self.axes[a].entries.len(), point[a]))];
        for j in (0..self.axes.len()).filter(|&j| !self.axes[j].playable) {
            let entries = &self.axes[j].entries;
            let mut s = Set::empty(entries.len());
            if point[j] == 0 {
                s.insert(0);
            } else {
                let active = (alo..=ahi).contains(&self.axes[j].line);
                for (i, e) in entries.iter().enumerate().skip(1) {
                    if !active || e.step > end {
                        s.insert(i);
                    }
                }
            }
            slice.push((j, s));
        }
        Some(slice)
    }

    /// The turn a legal point makes, in the standard order.
    fn action(&self, point: &[usize]) -> Action {
        let mut moves = Vec::new();
        let mut kinds = Vec::new();
        for (a, &i) in point.iter().enumerate() {
            let Some(e) = self.entry(a, i) else { continue };
            match e.kind {
                Kind::Physical(mv) => {
                    moves.push(mv);
                    kinds.push(MoveKind::Physical);
                }
                Kind::Arrive { mv, .. } if self.axes[a].playable => {
                    moves.push(mv);
                    kinds.push(MoveKind::Hop);
                }
                Kind::Arrive { mv, .. } => {
                    moves.push(mv);
                    kinds.push(MoveKind::Branch {
                        line: self.axes[a].line,
                    });
                }
                _ => {}
            }
        }
        standard_order(self.color, &moves, &kinds)
    }
}

impl Iterator for Search<'_> {
    type Item = Action;

    fn next(&mut self) -> Option<Action> {
        loop {
            if let Some(left) = self.steps.as_mut() {
                if *left == 0 {
                    return None;
                }
                *left -= 1;
            }
            let mut hc = self.stack.pop()?;
            if !self.dead.prune(&mut hc) {
                continue;
            }
            let Some(point) = self.take_point(&mut hc) else {
                continue;
            };
            match self.problem(&point) {
                Some(slice) => {
                    if let [(axis, dead)] = slice.as_slice() {
                        self.dead.add(*axis, dead);
                    }
                    if let Some(left) = self.steps.as_mut() {
                        *left = left.saturating_sub(self.stack.len());
                    }
                    // Every piece of the space failing the same way goes:
                    // the pieces waiting that meet the slice are cut too.
                    // An economy, not a need (a piece kept whole fails at
                    // its own point, or loses a slice of one axis to
                    // `dead` when taken), so once [`STACK_CUT`] pieces are
                    // kept, from the bottom, the rest stay whole. Cutting
                    // the top ones instead (the siblings of `hc`) split
                    // more pieces and was slower (docs/engine-journal.md,
                    // issue 49, "A man that captures whatever").
                    let mut kept = Vec::with_capacity(self.stack.len());
                    for top in self.stack.drain(..) {
                        if kept.len() < STACK_CUT && overlaps(&top, &slice) {
                            kept.extend(cut(&top, &slice));
                        } else {
                            kept.push(top);
                        }
                    }
                    self.stack = kept;
                    self.stack.extend(cut(&hc, &slice));
                    #[cfg(test)]
                    {
                        self.peak = self.peak.max(self.stack.len());
                    }
                }
                None => {
                    let single: Slice = point
                        .iter()
                        .enumerate()
                        .map(|(a, &i)| (a, Set::single(self.axes[a].entries.len(), i)))
                        .collect();
                    self.stack.extend(cut(&hc, &single));
                    return Some(self.action(&point));
                }
            }
        }
    }
}
