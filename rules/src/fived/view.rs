//! The multiverse as 5D players read it (`docs/rendering.md`, 5D): a
//! [`Layout::Timelines`] view with one row a timeline (the lowest L on
//! top) and one column a board, `column = 2 * (T - first T)`, plus one on
//! Black's board; rows named `L-1`, turns `T5` over White's column; the
//! present's column; the boards the player moves on `current`, those
//! still owing a move `owed`, the last turn's `touched`, inactive
//! timelines' boards `inactive` (F-4, F-5); the last turn's (and a
//! draft's) moves highlighted and their jumps drawn as arrows from the
//! man's cell to where he stands now.

use std::collections::HashMap;

use super::board::{Board, Size};
use super::man::{Man, Piece};
use super::position::{FiveD, Mark, step_color, step_turn};
use crate::view::{
    Arrow, ArrowKind, BoardCell, BoardView, CELLS, Figure, Highlight, HighlightKind, Layout, Shape,
    View,
};
use crate::{Status, view};

/// How many turns before the present the compact view keeps (besides
/// every timeline's last board).
const RECENT_TURNS: i32 = 4;

/// What a picture shows besides the multiverse: a draft's moves and the
/// boards the player is moving on.
pub(crate) struct Drafted<'a> {
    /// The drafted moves, in play order.
    pub marks: &'a [Mark],
    /// The boards the player moves on this turn, as `(line, step)`: the
    /// present boards, or the boards the draft's moves made of them.
    pub current: Vec<(i32, i32)>,
}

impl FiveD {
    /// The timelines whose last board is the mover's and in the present:
    /// the boards the player moves on (F-5), owed or not.
    pub(crate) fn present_boards(&self) -> Vec<(i32, i32)> {
        let present = self.present();
        if step_color(present) != self.to_move {
            return Vec::new();
        }
        self.timelines()
            .filter(|(_, t)| t.end() == present)
            .map(|(line, _)| (line, present))
            .collect()
    }

    /// The picture: every board (`full`) or the recent turns and every
    /// timeline's last board; a draft's moves marked besides the last
    /// turn's when `drafted` is given.
    pub(crate) fn picture(&self, full: bool, drafted: Option<&Drafted<'_>>) -> View {
        self.picture_indexed(full, drafted).0
    }

    /// [`FiveD::picture`], and where each board `(line, step)` is in it.
    pub(crate) fn picture_indexed(
        &self,
        full: bool,
        drafted: Option<&Drafted<'_>>,
    ) -> (View, HashMap<(i32, i32), usize>) {
        let present = self.present();
        let current = match drafted {
            Some(d) => d.current.clone(),
            None => self.present_boards(),
        };
        let owed = self.owed();
        let (lo, _) = self.line_range();
        let keep = |step: i32, end: i32| {
            full || step == end || step_turn(step) >= step_turn(present) - RECENT_TURNS
        };
        let shown_first = self
            .timelines()
            .flat_map(|(_, t)| (t.start..=t.end()).filter(|&s| keep(s, t.end())).take(1))
            .min()
            .unwrap_or(present);
        let first_turn = self
            .timelines()
            .map(|(_, t)| step_turn(t.start))
            .min()
            .unwrap_or(0);
        let column = |step: i32| (step - 2 * first_turn).max(0) as u32;
        let touched = made_boards(&self.last, self);
        let mut boards = Vec::new();
        let mut index: HashMap<(i32, i32), usize> = HashMap::new();
        for (line, t) in self.timelines() {
            let end = t.end();
            let inactive = !self.is_active(line);
            for (i, board) in t.boards.iter().enumerate() {
                let step = t.start + i as i32;
                if !keep(step, end) {
                    continue;
                }
                index.insert((line, step), boards.len());
                boards.push(BoardView {
                    shape: shape(self.setup.size),
                    cells: cells(board, self.setup.size),
                    label: Some(format!("L{} T{}", self.line_name(line), step_turn(step))),
                    caption: None,
                    row: (line - lo) as u32,
                    column: column(step),
                    highlights: Vec::new(),
                    to_move: Some(step_color(step)),
                    owed: step == end && owed.contains(&line),
                    touched: touched.contains(&(line, step)),
                    current: current.contains(&(line, step)),
                    ended: None,
                    inactive,
                });
            }
        }
        let mut arrows = self.mark_moves(&self.last, &index, &mut boards);
        // Looked for once, for the highlight and the title.
        let check = match (drafted, self.status) {
            (None, Status::Ongoing) => self.check(self.to_move),
            _ => None,
        };
        if let Some(d) = drafted {
            arrows.extend(self.mark_moves(d.marks, &index, &mut boards));
        } else if let Some(c) = &check {
            let step = self.end(c.to.line).map_or(c.to.step, |e| e.min(c.to.step));
            if let Some(b) = index
                .get(&(c.to.line, step))
                .and_then(|&i| boards.get_mut(i))
            {
                b.highlights.push(Highlight {
                    cell: c.to.cell,
                    kind: HighlightKind::Check,
                });
            }
        }
        let last_column = boards.iter().map(|b| b.column).max().unwrap_or(0);
        let column_names = (step_turn(shown_first)..)
            .map(|turn| (column(2 * turn), format!("T{turn}")))
            .take_while(|(c, _)| *c <= last_column)
            .collect();
        let row_names = self
            .timelines()
            .map(|(line, _)| ((line - lo) as u32, format!("L{}", self.line_name(line))))
            .collect();
        let view = View {
            title: Some(self.title(drafted.map(|d| d.marks.len()), check.is_some())),
            perspective: Some(self.to_move),
            layout: Layout::Timelines,
            boards,
            arrows,
            hands: Vec::new(),
            pending: Vec::new(),
            notes: self.notes(drafted.map(|d| d.marks.len())),
            present: Some(column(present)),
            row_names,
            column_names,
        };
        (view, index)
    }

    /// "Turn 5 · white to move", the result once the game is over, or
    /// "Draft · ..." while a turn is drafted; `in_check` says whether the
    /// side to move is in check (the picture looks once, for its highlight
    /// too).
    fn title(&self, drafted: Option<usize>, in_check: bool) -> String {
        let turn = step_turn(self.present());
        match (self.status, drafted) {
            (Status::Finished(o), _) => format!("{o}"),
            (Status::Ongoing, Some(n)) => format!(
                "Draft, not submitted · turn {turn} · {} · {n} move{}",
                self.to_move,
                if n == 1 { "" } else { "s" }
            ),
            (Status::Ongoing, None) => {
                let check = if in_check { " · in check" } else { "" };
                format!("Turn {turn} · {} to move{check}", self.to_move)
            }
        }
    }

    fn notes(&self, drafted: Option<usize>) -> Vec<String> {
        let (white, black) = self.created();
        let (alo, ahi) = self.active_range();
        let mut notes = vec![format!(
            "{} timelines ({} active: L{} to L{}); created: white {white}, black {black}",
            self.lines.len(),
            ahi - alo + 1,
            self.line_name(alo),
            self.line_name(ahi)
        )];
        if drafted.is_some() {
            let owed: Vec<String> = self
                .owed()
                .into_iter()
                .map(|l| self.board_name(l, self.present()))
                .collect();
            notes.push(if owed.is_empty() {
                "A draft only you see: /submit plays it".to_owned()
            } else {
                format!(
                    "A draft only you see: {} still owe{} a move",
                    owed.join(", "),
                    if owed.len() == 1 { "s" } else { "" }
                )
            });
        }
        notes
    }

    /// Highlights the moves' cells on the boards they made, and draws
    /// their jumps as arrows from the man's cell to where he stands now.
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
            let to_after = landed_board(self, m).and_then(|b| index.get(&b).copied());
            let mut mark = |board: Option<usize>, cell: u8, kind: HighlightKind| {
                if let Some(b) = board.and_then(|i| boards.get_mut(i)) {
                    b.highlights.push(Highlight { cell, kind });
                }
            };
            mark(from_after, fc, HighlightKind::LastMoveFrom);
            mark(to_after, tc, HighlightKind::LastMoveTo);
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
                        ArrowKind::Jump
                    },
                });
            }
        }
        arrows
    }
}

/// The board a move's man stands on after it: the next board of the
/// timeline it landed on, or the first board of the timeline it opened.
fn landed_board(game: &FiveD, m: &Mark) -> Option<(i32, i32)> {
    match m.opened {
        Some(line) => game.timeline(line).map(|t| (line, t.start)),
        None => Some((m.to.0, m.to.1 + 1)),
    }
}

/// The boards the moves `marks` made: the one after each move's own
/// board, and the one its man landed on.
fn made_boards(marks: &[Mark], game: &FiveD) -> Vec<(i32, i32)> {
    marks
        .iter()
        .flat_map(|m| [Some((m.from.0, m.from.1 + 1)), landed_board(game, m)])
        .flatten()
        .collect()
}

fn shape(size: Size) -> Shape {
    if size == Size::STANDARD {
        Shape::Square8
    } else {
        Shape::Rect {
            files: size.files,
            ranks: size.ranks,
        }
    }
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
        Piece::Pawn => Figure::Pawn,
        Piece::Brawn => Figure::Brawn,
        Piece::Knight => Figure::Knight,
        Piece::Bishop => Figure::Bishop,
        Piece::Rook => Figure::Rook,
        Piece::Unicorn => Figure::Unicorn,
        Piece::Dragon => Figure::Dragon,
        Piece::Queen => Figure::Queen,
        Piece::RoyalQueen => Figure::RoyalQueen,
        Piece::Princess => Figure::Princess,
        Piece::King => Figure::King,
        Piece::CommonKing => Figure::CommonKing,
    }
}
