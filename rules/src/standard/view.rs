//! The board for the renderer: the men, the last move, a king in check,
//! whose move it is or the result.

use super::{Chess, play};
use crate::chess::{Piece, Role};
use crate::geometry::Square;
use crate::view::{BoardView, Highlight, HighlightKind, Man, Shape};
use crate::{Color, Status, View};

/// The board as it stands.
pub(super) fn view(game: &Chess) -> View {
    let pos = game.position();
    let mut board = BoardView::empty(Shape::Square8);
    for (square, piece) in pos.board().pieces() {
        board.cells[square.index()] = Some(Man::new(piece.color, piece.role.figure()));
    }
    let mut mark = |cell: Square, kind| {
        board.highlights.push(Highlight {
            cell: cell.index() as u8,
            kind,
        })
    };
    if let Some(mv) = game.last_move() {
        mark(mv.from(), HighlightKind::LastMoveFrom);
        mark(mv.to(), HighlightKind::LastMoveTo);
    }
    if pos.is_check() {
        for king in pos.board().by_piece(Piece::new(pos.turn(), Role::King)) {
            mark(king, HighlightKind::Check);
        }
    }
    let title = match game.status {
        // The board's own label line shows the side to move.
        Status::Ongoing => format!("Move {}", pos.fullmove_number()),
        Status::Finished(outcome) => {
            format!("Move {} · {outcome}", play::last_move_number(game))
        }
    };
    board.caption = game.status.outcome().map(|outcome| outcome.to_string());
    board.to_move = (!game.status.is_over()).then_some(pos.turn());
    board.touched = game.last_move().is_some();
    board.current = true;
    View {
        title: Some(title),
        perspective: Some(Color::White),
        boards: vec![board],
        ..View::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::view::Figure;

    #[test]
    fn a_new_game_shows_the_start() {
        let chess = Chess::default();
        let view = chess.view();
        assert_eq!(view.title.as_deref(), Some("Move 1"));
        let board = &view.boards[0];
        assert_eq!(board.cells.iter().flatten().count(), 32);
        assert_eq!(board.cells[4], Some(Man::new(Color::White, Figure::King)));
        assert!(board.highlights.is_empty());
        assert_eq!(chess.legal_actions().len(), 20);
    }

    #[test]
    fn the_view_marks_the_last_move_and_check() {
        let mut chess = Chess::default();
        for text in ["e4", "f5", "Qh5+"] {
            let mv = chess.parse(text).unwrap();
            chess.play(&mv).unwrap();
        }
        let view = chess.view();
        assert_eq!(view.title.as_deref(), Some("Move 2"));
        let kinds: Vec<(u8, HighlightKind)> = view.boards[0]
            .highlights
            .iter()
            .map(|h| (h.cell, h.kind))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (3, HighlightKind::LastMoveFrom),
                (39, HighlightKind::LastMoveTo),
                (60, HighlightKind::Check)
            ]
        );
    }
}
