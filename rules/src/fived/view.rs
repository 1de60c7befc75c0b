//! The multiverse as 5D players read it: timelines as rows (the lowest L
//! on top), one column per board (White's and Black's board of each
//! turn), the boards owed a move outlined, the last turn's (or the
//! draft's) moves marked and its jumps drawn as arrows.

use std::collections::HashMap;

use super::board::{Board, Size};
use super::man::{Man, Piece};
use super::position::{FiveD, Mark, step_color, step_turn};
use crate::view::{
    Arrow, ArrowKind, BoardCell, BoardView, CELLS, Figure, Highlight, HighlightKind, Layout, Shape,
    View,
};
use crate::{Status, view};

/// How many steps before the present the compact view keeps.
const RECENT_STEPS: i32 = 6;

impl FiveD {
    /// The picture: every board (`full`) or the recent ones and every
    /// timeline's last, with `drafted` marks (of moves made on this draft)
    /// instead of the last turn's.
    pub(crate) fn picture(&self, full: bool, drafted: Option<&[Mark]>) -> View {
        let marks: &[Mark] = drafted.unwrap_or(&self.last);
        let first_step = self.timelines().map(|(_, t)| t.start).min().unwrap_or(0);
        let first_column = 2 * step_turn(first_step);
        let (lo, _) = self.line_range();
        let present = self.present();
        let owed = self.owed();
        let touched: Vec<(i32, i32)> = marks
            .iter()
            .flat_map(|m| [m.from, m.to])
            .map(|(l, s, _)| (l, s))
            .collect();
        let mut boards = Vec::new();
        let mut index: HashMap<(i32, i32), usize> = HashMap::new();
        for (line, t) in self.timelines() {
            let end = t.end();
            for (i, board) in t.boards.iter().enumerate() {
                let step = t.start + i as i32;
                if !full && step < present - RECENT_STEPS && step != end {
                    continue;
                }
                index.insert((line, step), boards.len());
                let last = step == end;
                let grew = touched.iter().any(|&(l, s)| l == line && s + 1 == step)
                    || marks
                        .iter()
                        .any(|m| m.opened == Some(line) && step == t.start);
                boards.push(BoardView {
                    shape: shape(self.setup.size),
                    cells: cells(board, self.setup.size),
                    label: Some(format!("L{} T{}", self.line_name(line), step_turn(step))),
                    caption: None,
                    row: (line - lo) as u32,
                    column: (step - first_column).max(0) as u32,
                    highlights: Vec::new(),
                    to_move: Some(step_color(step)),
                    owed: last && owed.contains(&line),
                    touched: grew,
                    current: last,
                    ended: None,
                });
            }
        }
        let arrows = self.mark_moves(marks, &index, &mut boards);
        let title = match self.status {
            Status::Finished(o) => format!("{o}"),
            Status::Ongoing => format!(
                "Turn {} · {} to move · present T{}",
                step_turn(present),
                self.to_move,
                step_turn(present)
            ),
        };
        let (white, black) = self.created();
        let (alo, ahi) = self.active_range();
        View {
            title: Some(title),
            perspective: Some(self.to_move),
            layout: Layout::Timelines,
            boards,
            arrows,
            hands: Vec::new(),
            pending: Vec::new(),
            notes: vec![format!(
                "{} timelines ({} active: L{} to L{}); created: white {white}, black {black}",
                self.lines.len(),
                ahi - alo + 1,
                self.line_name(alo),
                self.line_name(ahi)
            )],
        }
    }

    /// Highlights the moves' cells on the boards they made, and draws
    /// their jumps as arrows.
    fn mark_moves(
        &self,
        marks: &[Mark],
        index: &HashMap<(i32, i32), usize>,
        boards: &mut [BoardView],
    ) -> Vec<Arrow> {
        let mut arrows = Vec::new();
        for m in marks {
            let (fl, fs, fc) = m.from;
            let (tl, ts, tc) = m.to;
            let from_after = index.get(&(fl, fs + 1)).copied();
            let to_after = match m.opened {
                Some(line) => self
                    .timeline(line)
                    .and_then(|t| index.get(&(line, t.start)).copied()),
                None => index.get(&(tl, ts + 1)).copied(),
            };
            if let Some(b) = from_after.and_then(|i| boards.get_mut(i)) {
                b.highlights.push(Highlight {
                    cell: fc,
                    kind: HighlightKind::LastMoveFrom,
                });
            }
            if let Some(b) = to_after.and_then(|i| boards.get_mut(i)) {
                b.highlights.push(Highlight {
                    cell: tc,
                    kind: HighlightKind::LastMoveTo,
                });
            }
            if (fl, fs) != (tl, ts)
                && let (Some(from), Some(to)) = (index.get(&(fl, fs)).copied(), to_after)
            {
                arrows.push(Arrow {
                    from: BoardCell {
                        board: from,
                        cell: fc,
                    },
                    to: BoardCell {
                        board: to,
                        cell: tc,
                    },
                    kind: if m.opened.is_some() {
                        ArrowKind::Travel
                    } else {
                        ArrowKind::TransUniverse
                    },
                });
            }
        }
        arrows
    }
}

fn shape(_size: Size) -> Shape {
    Shape::Square8
}

fn cells(board: &Board, size: Size) -> [Option<view::Man>; CELLS] {
    let mut out = [None; CELLS];
    let mask = size.mask();
    for (i, slot) in out.iter_mut().enumerate() {
        if mask & (1u64 << i) != 0 {
            *slot = board.man(i as u8).map(view_man);
        }
    }
    out
}

fn view_man(man: Man) -> view::Man {
    view::Man::new(man.color, figure(man.piece))
}

fn figure(piece: Piece) -> Figure {
    match piece {
        Piece::Pawn | Piece::Brawn => Figure::Pawn,
        Piece::Knight => Figure::Knight,
        Piece::Bishop => Figure::Bishop,
        Piece::Rook => Figure::Rook,
        Piece::Unicorn | Piece::Dragon => Figure::Unicorn,
        Piece::Queen | Piece::RoyalQueen | Piece::Princess => Figure::Queen,
        Piece::King | Piece::CommonKing => Figure::King,
    }
}
