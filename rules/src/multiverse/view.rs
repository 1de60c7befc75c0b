//! Pictures of the multiverse for the renderer.
//!
//! - [`crate::Rules::snapshot`]: the whole multiverse in
//!   [`Layout::Timelines`]: one row a branch (L1 on row 0), one column a
//!   time step; each branch shows its own boards only, from its fork on
//!   (the boards it shares are drawn once, in the row of the branch that
//!   owns them). Arrows join a traveller's board to the board it landed
//!   on ([`ArrowKind::Travel`] opening a branch, [`ArrowKind::TransUniverse`]).
//!   Latest boards still owed a move this turn are `owed`; every board of
//!   an ended branch carries its result in `ended`.
//! - [`crate::Rules::view`]: what a player needs to move: the latest board
//!   of every active branch, in branch order, in [`Layout::Grid`]; those
//!   still owed a move this turn are `owed`, the others say they have
//!   moved (they are the targets of trans-universe travel).

use super::action::{Action, Destination};
use super::history::{Branch, Record, side_at};
use super::position::{Multiverse, label};
use crate::Color;
use crate::chess::{Piece, Role};
use crate::click::{Stroke, Strokes};
use crate::geometry::Square;
use crate::view::{
    Arrow, ArrowKind, BoardCell, BoardView, Highlight, HighlightKind, Layout, Man, Shape, View,
};

fn board_view(record: &Record, time: u32) -> BoardView {
    let pos = record.position(time);
    let mut board = BoardView::empty(Shape::Square8);
    for (square, piece) in pos.board().pieces() {
        board.cells[square.index()] = Some(Man::new(piece.color, piece.role.figure()));
    }
    if let Some((from, to)) = record.last() {
        board.highlights.push(Highlight {
            cell: from.index() as u8,
            kind: HighlightKind::LastMoveFrom,
        });
        board.highlights.push(Highlight {
            cell: to.index() as u8,
            kind: HighlightKind::LastMoveTo,
        });
    }
    if pos.is_check() {
        for king in pos
            .board()
            .by_piece(Piece::new(pos.turn(), Role::King))
            .into_iter()
        {
            let king: Square = king;
            board.highlights.push(Highlight {
                cell: king.index() as u8,
                kind: HighlightKind::Check,
            });
        }
    }
    board
}

impl Multiverse {
    /// The result, or that the side to move has already moved here this
    /// turn; the label line shows the side to move itself.
    fn caption(&self, branch: &Branch) -> Option<String> {
        match branch.ended {
            Some(outcome) => Some(outcome.to_string()),
            None if branch.moved && !branch.owed => Some(format!("{} has moved", self.to_move)),
            None => None,
        }
    }

    fn title(&self) -> String {
        match self.status {
            crate::Status::Finished(outcome) => format!("Turn {} · {outcome}", self.turn),
            crate::Status::Ongoing => {
                let owed = self.branches.iter().filter(|b| b.owed).count();
                format!(
                    "Turn {} · {} to move on {owed} of {} branches",
                    self.turn,
                    self.to_move,
                    self.branches.iter().filter(|b| b.is_active()).count()
                )
            }
        }
    }

    fn notes(&self) -> Vec<String> {
        let wins = |c: Color| {
            self.branches
                .iter()
                .filter(|b| b.ended.is_some_and(|o| o.winner == Some(c)))
                .count()
        };
        let mut notes = vec![
            format!(
                "branch wins: white {}, black {}",
                wins(Color::White),
                wins(Color::Black)
            ),
            format!(
                "{} of {} branches{}",
                self.branches.len(),
                self.limit,
                if self.branches.len() >= usize::from(self.limit) {
                    ": no time travel, the multiverse collapses"
                } else {
                    ""
                }
            ),
        ];
        if let Some(c) = &self.last_collapse {
            notes.push(format!("last {c}"));
        }
        notes
    }

    /// The latest board of every active branch (see the module docs).
    pub(crate) fn grid(&self) -> View {
        let mut boards = Vec::new();
        for (i, branch) in self.branches.iter().enumerate() {
            if !branch.is_active() {
                continue;
            }
            let now = branch.now();
            let mut board = board_view(branch.latest(), now);
            board.label = Some(format!("{} T{now}", label(i)));
            board.caption = self.caption(branch);
            board.row = i as u32;
            board.column = now;
            board.to_move = Some(side_at(now));
            board.owed = branch.owed;
            board.touched = self.touched == Some(i as u16);
            board.current = true;
            boards.push(board);
        }
        View {
            title: Some(self.title()),
            perspective: Some(Color::White),
            layout: Layout::Grid,
            boards,
            notes: self.notes(),
            ..View::default()
        }
    }

    /// Where `square` of branch `index`'s board at `time` is drawn in
    /// [`Multiverse::timelines`]: every branch's boards in branch order,
    /// oldest first.
    pub(crate) fn timeline_cell(
        &self,
        index: usize,
        time: u32,
        square: Square,
    ) -> Option<BoardCell> {
        let branch = self.branches.get(index)?;
        let offset = time.checked_sub(branch.start)? as usize;
        if offset >= branch.boards.len() {
            return None;
        }
        let base: usize = self.branches[..index].iter().map(|b| b.boards.len()).sum();
        Some(BoardCell {
            board: base + offset,
            cell: square.index() as u8,
        })
    }

    /// Where an action's board move and travel are made on
    /// [`Multiverse::timelines`]: the move on its branch's latest board;
    /// the traveller from that board to the past board or the other
    /// branch's latest board it lands on. A resignation is made nowhere.
    pub(crate) fn action_strokes(&self, action: &Action) -> Strokes {
        let Action::Move(bm) = action else {
            return Strokes::default();
        };
        let Some(index) = self.index(bm.branch) else {
            return Strokes::default();
        };
        let now = self.branches[index].now();
        let at = |square| self.timeline_cell(index, now, square);
        let main = Stroke {
            from: at(bm.mv.from()),
            to: at(bm.mv.to()),
        };
        let also = bm.travel.map(|t| Stroke {
            from: at(t.from),
            to: match t.to {
                Destination::Past { time } => self.timeline_cell(index, time, t.square),
                Destination::Branch { branch } => self
                    .index(branch)
                    .and_then(|i| self.timeline_cell(i, self.branches[i].now(), t.square)),
            },
        });
        Strokes { main, also }
    }

    /// The whole multiverse (see the module docs).
    pub(crate) fn timelines(&self) -> View {
        let mut boards = Vec::with_capacity(self.stored_boards());
        for (i, branch) in self.branches.iter().enumerate() {
            let now = branch.now();
            for (k, record) in branch.boards.iter().enumerate() {
                let time = branch.start + k as u32;
                let mut board = board_view(record, time);
                board.label = Some(format!("{} T{time}", label(i)));
                board.row = i as u32;
                board.column = time;
                board.ended = branch.ended.map(|o| o.to_string());
                if time == now {
                    board.caption = self.caption(branch);
                    board.to_move = branch.is_active().then(|| side_at(now));
                    board.owed = branch.owed;
                    board.current = branch.is_active();
                    board.touched = self.touched == Some(i as u16);
                }
                boards.push(board);
            }
        }
        let cell =
            |branch: u16, time: u32, square| self.timeline_cell(usize::from(branch), time, square);
        let arrows = self
            .travels
            .iter()
            .filter_map(|t| {
                Some(Arrow {
                    from: cell(t.from_branch, t.from_time, t.from)?,
                    to: cell(t.to_branch, t.to_time, t.square)?,
                    kind: if t.trans {
                        ArrowKind::TransUniverse
                    } else {
                        ArrowKind::Travel
                    },
                })
            })
            .collect();
        View {
            title: Some(self.title()),
            perspective: Some(Color::White),
            layout: Layout::Timelines,
            boards,
            arrows,
            notes: self.notes(),
            ..View::default()
        }
    }
}
