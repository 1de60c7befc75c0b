//! Whether a candidate turn leaves the mover's royal man capturable (F-10),
//! and every turn failing the same way.
//!
//! The search checks thousands of candidate turns made of the same few
//! entries, so each attacker's board has its lines of attack walked once
//! ([`Rays`]): as far as the boards are known whatever the turn, and only
//! the rest (the walk onto a board the turn decides) again for each turn.

use std::cell::OnceCell;

use super::super::super::attack::{Capture, Ray, complete, rays};
use super::super::super::board::{Board, Cell, Size};
use super::super::super::movegen::Boards;
use super::super::super::position::step_color;
use super::super::space::{Set, Slice};
use super::Search;
use crate::Color;

/// The lines of attack of the boards the attacker may hold after a turn,
/// each walked once a search, when first needed.
#[derive(Default)]
pub(super) struct Rays {
    /// By axis, then entry: those of the board the entry adds.
    added: Vec<Vec<OnceCell<Vec<Ray>>>>,
    /// By timeline from the first: those of an attacker's board that no
    /// turn changes (a timeline the mover does not play).
    standing: Vec<OnceCell<Vec<Ray>>>,
}

impl Rays {
    /// Room for the rays of every entry of axes of `lens` entries, and of
    /// `lines` timelines' standing boards.
    pub(super) fn new(lens: impl Iterator<Item = usize>, lines: usize) -> Rays {
        Rays {
            added: lens
                .map(|n| (0..n).map(|_| OnceCell::new()).collect())
                .collect(),
            standing: (0..lines).map(|_| OnceCell::new()).collect(),
        }
    }
}

impl Search<'_> {
    /// A royal man of the mover capturable after the turn (F-10): the
    /// slice keeps the boards of the capture as they are.
    pub(super) fn check(&self, point: &[usize]) -> Option<Slice> {
        let after = After::new(self, point);
        let c = self.capture_after(&after)?;
        let mut cells: Vec<(i32, i32, Cell, u8)> = vec![
            (c.from.line, c.from.step, c.from.cell, c.man.code()),
            (c.to.line, c.to.step, c.to.cell, c.royal.code()),
        ];
        cells.extend(c.path.iter().map(|s| (s.line, s.step, s.cell, 0)));
        let mut slice: Slice = Vec::new();
        for (line, step, cell, code) in cells {
            let Some(a) = after.axis_adding(line, step) else {
                continue;
            };
            let entries = &self.axes[a].entries;
            let mut s = Set::empty(entries.len());
            for (i, e) in entries.iter().enumerate() {
                if e.step == step && e.board.as_ref().is_some_and(|b| b.code(cell) == code) {
                    s.insert(i);
                }
            }
            match slice.iter_mut().find(|(x, _)| *x == a) {
                Some((_, old)) => old.intersect_with(&s),
                None => slice.push((a, s)),
            }
        }
        Some(slice)
    }

    /// The first capture of a royal man of the mover after the turn, in
    /// the order [`royal_capture`] finds it (timelines upward, men
    /// by cell, lines of attack in order), looking only across boards:
    /// every board a turn adds was checked on its own when listed, and the
    /// boards it leaves alone were legal before it.
    ///
    /// [`royal_capture`]: super::super::super::attack::royal_capture
    fn capture_after(&self, after: &After) -> Option<Capture> {
        let attacker = self.color.other();
        let (lo, hi) = after.lines;
        for line in lo..=hi {
            let rays = match after.added(line) {
                Some(added) => self.rays.added[added.axis][added.entry]
                    .get_or_init(|| self.rays_of(added.board, line, added.step)),
                None => {
                    let Some(step) = self.game.end(line) else {
                        continue;
                    };
                    let (Some(board), Some(cell)) = (
                        self.game.board(line, step),
                        usize::try_from(line - self.first)
                            .ok()
                            .and_then(|i| self.rays.standing.get(i)),
                    ) else {
                        continue;
                    };
                    if step_color(step) != attacker {
                        continue;
                    }
                    cell.get_or_init(|| self.rays_of(board, line, step))
                }
            };
            if let Some(c) = rays.iter().find_map(|r| complete(after, r, self.color)) {
                return Some(c);
            }
        }
        None
    }

    /// The lines of attack of the attacker's men on `board`, standing on
    /// timeline `line` at `step`, walked over the boards every turn keeps:
    /// those of the timelines before the turn, but for the board each
    /// playable timeline may add and every timeline a turn may open.
    fn rays_of(&self, board: &Board, line: i32, step: i32) -> Vec<Ray> {
        let (lo, hi) = self.game.line_range();
        let decided = |l: i32, s: i32| {
            l < lo
                || l > hi
                || self
                    .axis_of_line(l)
                    .is_some_and(|a| self.axes[a].end + 1 == s)
        };
        rays(self.game, board, (line, step), self.color, decided)
    }
}

/// A board a candidate turn adds: its step, and the entry that adds it.
#[derive(Clone, Copy)]
struct Added<'s> {
    step: i32,
    board: &'s Board,
    axis: usize,
    entry: usize,
}

/// The multiverse after a candidate turn, without building it.
struct After<'s, 'g> {
    search: &'s Search<'g>,
    /// The timelines after the turn, lowest first.
    lines: (i32, i32),
    /// For each timeline from the lowest, the board the turn adds there.
    added: Vec<Option<Added<'s>>>,
}

impl<'s, 'g> After<'s, 'g> {
    fn new(search: &'s Search<'g>, point: &[usize]) -> After<'s, 'g> {
        let opened = search.branches(point).count() as i32;
        let (lo, hi) = search.game.line_range();
        let lines = match search.color {
            Color::White => (lo, hi + opened),
            Color::Black => (lo - opened, hi),
        };
        let mut added = vec![None; (lines.1 - lines.0 + 1).max(0) as usize];
        for (axis, ax) in search.axes.iter().enumerate() {
            let entry = point[axis];
            let Some(e) = search.entry(axis, entry) else {
                continue;
            };
            let Some(board) = e.board.as_ref() else {
                continue;
            };
            if let Some(slot) = usize::try_from(ax.line - lines.0)
                .ok()
                .and_then(|i| added.get_mut(i))
            {
                *slot = Some(Added {
                    step: e.step,
                    board,
                    axis,
                    entry,
                });
            }
        }
        After {
            search,
            lines,
            added,
        }
    }

    /// The axis whose entry adds the board `(line, step)`, if one does.
    fn axis_adding(&self, line: i32, step: i32) -> Option<usize> {
        let s = self.search;
        if let Some(a) = s.axis_of_line(line) {
            return (s.axes[a].end + 1 == step).then_some(a);
        }
        s.axes.iter().position(|ax| !ax.playable && ax.line == line)
    }

    /// The board the turn adds on `line`.
    fn added(&self, line: i32) -> Option<Added<'s>> {
        let i = usize::try_from(line - self.lines.0).ok()?;
        *self.added.get(i)?
    }
}

impl Boards for After<'_, '_> {
    fn size(&self) -> Size {
        self.search.game.setup.size
    }

    fn board_at(&self, line: i32, step: i32) -> Option<&Board> {
        match self.added(line) {
            Some(a) if a.step == step => Some(a.board),
            _ => self.search.game.board(line, step),
        }
    }

    fn end_of(&self, line: i32) -> Option<i32> {
        self.added(line)
            .map(|a| a.step)
            .or_else(|| self.search.game.end(line))
    }

    fn lines(&self) -> (i32, i32) {
        self.lines
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::super::attack::royal_capture;
    use super::super::super::super::pgn;
    use super::super::super::super::position::FiveD;
    use super::*;

    /// Every position of a game of the corpus (tests/fived/data/own).
    fn positions(file: &str) -> Vec<FiveD> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fived/data/own")
            .join(file);
        pgn::replayed(&std::fs::read_to_string(path).expect("a game of the corpus"))
    }

    /// A candidate turn's check, from lines of attack walked once, finds
    /// the very capture a fresh look at the whole multiverse after it
    /// finds (every capture, within boards too): on points of the first
    /// pieces of each position's search, each axis's entry picked by a
    /// fixed sequence, legal or not.
    #[test]
    fn a_candidates_check_finds_what_a_fresh_look_finds() {
        let (mut points, mut captures) = (0, 0);
        let mut seed: u64 = 1;
        for file in [
            "standard-castles.5dpgn",
            "standard-en-passant.5dpgn",
            "turn-zero.5dpgn",
            "princess.5dpgn",
            "timeline-invasion.5dpgn",
        ] {
            let games = positions(file);
            assert!(!games.is_empty(), "{file} did not replay");
            for game in &games {
                let search = Search::new(game);
                for hc in &search.stack {
                    for _ in 0..40 {
                        let point: Vec<usize> = (0..hc.axes())
                            .map(|a| {
                                let entries: Vec<usize> = hc.get(a).iter().collect();
                                seed = seed
                                    .wrapping_mul(6364136223846793005)
                                    .wrapping_add(1442695040888963407);
                                entries[(seed >> 33) as usize % entries.len()]
                            })
                            .collect();
                        let after = After::new(&search, &point);
                        let fresh = royal_capture(&after, search.color);
                        assert_eq!(search.capture_after(&after), fresh, "{file}");
                        points += 1;
                        captures += usize::from(fresh.is_some());
                    }
                }
            }
        }
        assert!(
            points > 10_000 && captures > 1_000,
            "{points} points, {captures} captures"
        );
    }
}
