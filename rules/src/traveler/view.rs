//! The board for the renderer: every man with its stage, the last action,
//! kings in check (TT-7), explosion records (TT-2) and who is kingless or
//! unresolved as notes.

use crate::chess::Role;
use crate::geometry::Square;
use crate::view::{BoardView, Highlight, HighlightKind, Man, Shape};
use crate::{Color, Status, View};

use super::kings::{in_check, is_kingless, is_resolved};
use super::position::TravelerChess;

impl TravelerChess {
    /// The board as it stands, for the renderer.
    pub(super) fn board_view(&self) -> View {
        let pos = &self.pos;
        let mut board = BoardView::empty(Shape::Square8);
        for sq in pos.board.occupied() {
            if let Some(m) = pos.man_at(sq) {
                let mut man = Man::new(m.color, m.role.figure());
                man.stage = Some(m.stage);
                board.cells[sq.index()] = Some(man);
            }
        }
        let mut mark = |cell: Square, kind| {
            board.highlights.push(Highlight {
                cell: cell.index() as u8,
                kind,
            })
        };
        if let Some(a) = self.last {
            let (from, to) = a.squares();
            mark(from, HighlightKind::LastMoveFrom);
            mark(to, HighlightKind::LastMoveTo);
        }
        let check = !self.status.is_over() && in_check(pos, pos.turn);
        if check {
            // Chronomate's decision: a side in check without a traveled
            // king still sees the check on whatever kings it has.
            for king in pos.board.by_role(Role::King) & pos.board.by_color(pos.turn) {
                mark(king, HighlightKind::Check);
            }
        }
        let move_number = pos.fullmove;
        let title = match self.status {
            Status::Ongoing => format!("Move {move_number} · {} to move", pos.turn),
            Status::Finished(outcome) => format!(
                "Move {} · {outcome}",
                if pos.turn == Color::White {
                    move_number.saturating_sub(1).max(1)
                } else {
                    move_number
                }
            ),
        };
        // The label line shows the side to move; the caption adds check or
        // the result.
        board.caption = match self.status {
            Status::Ongoing => check.then(|| "check".to_owned()),
            Status::Finished(outcome) => Some(outcome.to_string()),
        };
        board.to_move = (!self.status.is_over()).then_some(pos.turn);
        board.touched = self.last.is_some();
        board.current = true;
        let mut notes = Vec::new();
        for color in Color::ALL {
            for e in self.explosions(color) {
                let letter = if e.role == Role::Pawn {
                    String::new()
                } else {
                    e.role.upper_char().to_string()
                };
                let names: Vec<String> = e.supports.iter().map(|s| s.to_string()).collect();
                notes.push(format!(
                    "{color} explosion {letter}{} · supports from {}",
                    e.square,
                    names.join(" ")
                ));
            }
            let mut state = Vec::new();
            if is_kingless(pos, color) {
                state.push("kingless");
            }
            if !is_resolved(pos, color) {
                state.push("unresolved");
            }
            if !state.is_empty() {
                notes.push(format!("{color}: {}", state.join(", ")));
            }
        }
        View {
            title: Some(title),
            perspective: Some(Color::White),
            boards: vec![board],
            notes,
            ..View::default()
        }
    }
}
