//! The picture of the boards: every live board in a grid, by numeral.

use super::{Action, ManyWorlds, Numeral};
use crate::chess::{Piece, Role};
use crate::click::{Stroke, Strokes, cell};
use crate::view::{BoardView, Highlight, HighlightKind, Layout, Man, Shape};
use crate::{Status, View};

/// Where an action's parts are made on [`view`] (see
/// [`crate::Rules::strokes`]): boards are drawn in numeral order.
pub(super) fn strokes(game: &ManyWorlds, action: &Action) -> Strokes {
    let index = |n: Numeral| game.boards().position(|(m, _)| m == n);
    let at = |n: Numeral, square| index(n).map(|b| cell(b, square));
    match *action {
        Action::Split {
            board,
            first,
            second,
        } => Strokes {
            main: Stroke {
                from: at(board, first.from()),
                to: at(board, first.to()),
            },
            also: Some(Stroke {
                from: at(board, second.from()),
                to: at(board, second.to()),
            }),
        },
        Action::Transfer {
            square, from, to, ..
        } => Strokes {
            main: Stroke {
                from: at(from, square),
                to: None,
            },
            also: Some(Stroke {
                from: None,
                to: at(to, square),
            }),
        },
    }
}

/// Every live board in numeral order, labelled with its numeral
/// ([`Layout::Grid`]); the boards the last action touched are marked
/// `touched`, with the squares a man left and reached; an attacked king is
/// marked as in check (it can be captured, M-4); with `turns`, each
/// board's side to move (M-6).
pub(super) fn view(game: &ManyWorlds) -> View {
    let boards = game
        .boards()
        .map(|(n, world)| {
            let mut view = BoardView::empty(Shape::Square8);
            let board = world.board();
            for (square, piece) in board.pieces() {
                view.cells[square.index()] = Some(Man::new(piece.color, piece.role.figure()));
            }
            view.label = Some(n.to_string());
            let mut mark = |cell: crate::geometry::Square, kind| {
                view.highlights.push(Highlight {
                    cell: cell.index() as u8,
                    kind,
                })
            };
            for m in game.last().map(|l| l.marks.as_slice()).unwrap_or_default() {
                if m.board == n {
                    if let Some(from) = m.from {
                        mark(from, HighlightKind::LastMoveFrom);
                    }
                    if let Some(to) = m.to {
                        mark(to, HighlightKind::LastMoveTo);
                    }
                }
            }
            for color in crate::Color::ALL {
                for king in board.by_piece(Piece::new(color, Role::King)) {
                    if board.is_attacked(king, color.other(), board.occupied()) {
                        mark(king, HighlightKind::Check);
                    }
                }
            }
            view.touched = game
                .last()
                .is_some_and(|l| l.marks.iter().any(|m| m.board == n));
            view.to_move = world.to_move();
            view
        })
        .collect();
    let count = game.board_count();
    let plural = if count == 1 { "board" } else { "boards" };
    let number = game.ply() / 2 + 1;
    let title = match game.status {
        Status::Ongoing => format!(
            "Move {number} · {} to move · {count} {plural}",
            game.to_move()
        ),
        Status::Finished(outcome) => {
            format!(
                "Move {} · {outcome} · {count} {plural}",
                game.ply().div_ceil(2).max(1)
            )
        }
    };
    let mut notes = Vec::new();
    if game.turns() {
        notes.push("turns: each board knows whose move it is; splits only".to_owned());
    }
    View {
        title: Some(title),
        perspective: Some(crate::Color::White),
        layout: Layout::Grid,
        boards,
        notes,
        ..View::default()
    }
}
