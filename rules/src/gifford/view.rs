//! Pictures of a Gifford game for the renderer: the present board with the
//! men away in time beside it, and every timeline in rows.

use super::action::Action;
use super::position::{BACK_TRAVELS, Gifford, MAX_TIMELINES, Node};
use crate::chess::{Piece, Role};
use crate::geometry::Square;
use crate::view::{
    Arrow, ArrowKind, BoardCell, BoardView, Highlight, HighlightKind, Layout, Man, Pending, Shape,
};
use crate::{Color, Status, View};

/// The cells a last action marks: where a man left, where one arrived.
fn marks(action: &Action) -> (Option<Square>, Option<Square>) {
    match *action {
        Action::Move { mv } => (Some(mv.from()), Some(mv.to())),
        Action::Forward { from, .. } | Action::Back { from, .. } => (Some(from), None),
        Action::Arrive { to, .. } | Action::Place { to } => (None, Some(to)),
    }
}

/// One board of a view: the men of `node`, the last action's squares,
/// kings in check.
fn board_view(node: &Node, last: Option<&Action>) -> BoardView {
    let mut board = BoardView::empty(Shape::Square8);
    for (square, piece) in node.board().pieces() {
        board.cells[square.index()] = Some(Man::new(piece.color, piece.role.figure()));
    }
    let mut mark = |cell: Square, kind| {
        board.highlights.push(Highlight {
            cell: cell.index() as u8,
            kind,
        })
    };
    if let Some(action) = last {
        let (from, to) = marks(action);
        if let Some(from) = from {
            mark(from, HighlightKind::LastMoveFrom);
        }
        if let Some(to) = to {
            mark(to, HighlightKind::LastMoveTo);
        }
    }
    let us = node.mover();
    let occupied = node.board().occupied();
    for king in node.board().by_piece(Piece::new(us, Role::King)) {
        if node.board().is_attacked(king, us.other(), occupied) {
            mark(king, HighlightKind::Check);
        }
    }
    board.touched = last.is_some();
    board
}

impl Gifford {
    /// The men away in time, for beside the board.
    fn pending_view(&self) -> Vec<Pending> {
        self.pending()
            .iter()
            .map(|a| Pending {
                man: Man::new(a.color, a.role.figure()),
                label: match a.shade {
                    Some(shade) => format!("move {} · {shade}", a.due),
                    None => format!("move {}", a.due),
                },
            })
            .collect()
    }

    /// Lines under the boards: travels left, timelines, what is owed now.
    fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if !self.status.is_over() {
            if self.placing() {
                notes.push(format!(
                    "{} places the king back from the future: K [FTF] square",
                    self.node.mover()
                ));
            } else if let Some(due) = self.due() {
                notes.push(format!(
                    "{} must place the {} arriving now: {} square",
                    self.node.mover(),
                    due.role,
                    due.tag()
                ));
            }
        }
        for color in Color::ALL {
            let left = BACK_TRAVELS - self.backward_travels(color).min(BACK_TRAVELS);
            let s = if left == 1 { "" } else { "s" };
            notes.push(format!("{color}: {left} backward travel{s} left"));
        }
        notes.push(format!(
            "timeline {} of at most {MAX_TIMELINES}",
            self.timeline_count()
        ));
        notes
    }

    fn title(&self) -> String {
        let t = self.timeline_count();
        match self.status {
            Status::Ongoing => format!(
                "Timeline {t} · move {} · {} to move",
                self.move_number(),
                self.node.mover()
            ),
            Status::Finished(outcome) => format!("Timeline {t} · {outcome}"),
        }
    }

    /// The present board, with the men away in time beside it.
    pub(super) fn present_view(&self) -> View {
        let last = self.timelines.last().and_then(|tl| tl.plies.last());
        let mut board = board_view(&self.node, last.map(|p| &p.action));
        board.caption = self.status.outcome().map(|o| o.to_string());
        board.label = Some(format!(
            "T{} move {}",
            self.timeline_count(),
            self.move_number()
        ));
        board.to_move = (!self.status.is_over()).then_some(self.node.mover());
        board.owed = !self.status.is_over();
        board.current = true;
        View {
            title: Some(self.title()),
            perspective: Some(Color::White),
            layout: Layout::Single,
            boards: vec![board],
            pending: self.pending_view(),
            notes: self.notes(),
            ..View::default()
        }
    }

    /// The index of the present board in [`Gifford::timelines_view`]: the
    /// last board it draws.
    pub(super) fn present_board(&self) -> usize {
        let count = self.timelines.len();
        let boards: usize = self
            .timelines
            .iter()
            .enumerate()
            .map(|(t, tl)| tl.plies.len() + usize::from(t + 1 == count || tl.end.is_some()))
            .sum();
        boards.saturating_sub(1)
    }

    /// Every timeline at once: row = timeline (timeline 1 on row 0),
    /// column = half-move (White's move 1 is column 0, Black's move 1
    /// column 1, ...). Each timeline shows the moments of its own part:
    /// the position before each of its actions, then where it stands (the
    /// present, marked `current`) or where it was left (dimmed, with the
    /// king's trip back as an arrow to the new timeline's first board).
    pub(super) fn timelines_view(&self) -> View {
        let mut boards: Vec<BoardView> = Vec::new();
        let mut arrows = Vec::new();
        // For each timeline, the index of its first board and of its last.
        let mut spans: Vec<(usize, usize)> = Vec::new();
        let count = self.timelines.len();
        for (t, tl) in self.timelines.iter().enumerate() {
            let first = boards.len();
            let mut last_action: Option<&Action> = None;
            if let Some(parent) = tl.parent {
                let ptl = &self.timelines[parent];
                let i = tl.start.saturating_sub(ptl.start) as usize;
                last_action = i
                    .checked_sub(1)
                    .and_then(|j| ptl.plies.get(j))
                    .map(|p| &p.action);
            }
            for (i, ply) in tl.plies.iter().enumerate() {
                let mut b = board_view(&ply.before, last_action);
                b.row = t as u32;
                b.column = tl.start + i as u32;
                b.label = Some(format!("T{} move {}", t + 1, ply.before.number()));
                b.to_move = Some(ply.before.mover());
                boards.push(b);
                last_action = Some(&ply.action);
            }
            let present = t + 1 == count;
            let end = if present {
                Some(&self.node)
            } else {
                tl.end.as_ref()
            };
            if let Some(node) = end {
                let mut b = board_view(node, last_action);
                b.row = t as u32;
                b.column = tl.start + tl.plies.len() as u32;
                b.label = Some(format!("T{} move {}", t + 1, node.number()));
                if present {
                    b.caption = self.status.outcome().map(|o| o.to_string());
                    b.current = true;
                    b.to_move = (!self.status.is_over()).then_some(node.mover());
                    b.owed = !self.status.is_over();
                    b.ended = self.status.outcome().map(|o| o.to_string());
                } else {
                    let why = tl.plies.last().map_or(String::from("left"), |p| {
                        format!("{}: timeline {} begins", p.notation(), t + 2)
                    });
                    b.caption = Some(why.clone());
                    b.ended = Some(why);
                }
                boards.push(b);
            }
            spans.push((first, boards.len().saturating_sub(1)));
        }
        // A king's trip back: from its square on the last board of the
        // timeline it left to where it was placed in the new one.
        for (t, tl) in self.timelines.iter().enumerate() {
            let Some(Action::Back { from, .. }) = tl.plies.last().map(|p| p.action) else {
                continue;
            };
            let Some(next) = self.timelines.get(t + 1) else {
                continue;
            };
            let (_, from_board) = spans[t];
            let (to_board, _) = spans[t + 1];
            let to = match next.plies.first().map(|p| p.action) {
                Some(Action::Place { to }) => to,
                _ => from,
            };
            // The last board of a left timeline is after the king left;
            // the arrow starts on the board before it.
            arrows.push(Arrow {
                from: BoardCell {
                    board: from_board.saturating_sub(1),
                    cell: from.index() as u8,
                },
                to: BoardCell {
                    board: to_board,
                    cell: to.index() as u8,
                },
                kind: ArrowKind::Travel,
            });
        }
        View {
            title: Some(self.title()),
            perspective: Some(Color::White),
            layout: Layout::Timelines,
            boards,
            arrows,
            pending: self.pending_view(),
            notes: self.notes(),
            ..View::default()
        }
    }
}
