//! The picture of a Temporal Chess game for the renderer: the four levels
//! with ghosts for disappeared men and checkers on warped men, the hands,
//! the warps in existence beside the field.

use super::action::Action;
use super::cell::Cell;
use super::legality::plural;
use super::movement::Kind;
use super::position::{Event, TemporalChess, Warp};
use crate::view::{
    BoardView, Counter, CounterKind, Hand, Highlight, HighlightKind, Man, Pending, Shape,
};
use crate::{Color, Status, View};

/// The field as it stands, the last action and a king in check marked.
pub(super) fn view(game: &TemporalChess) -> View {
    let p = &game.pos;
    let mut board = BoardView::empty(Shape::Cube4);
    for color in Color::ALL {
        if let Some((cell, kind, count)) = p.away(color) {
            board.cells[cell.index() as usize] = Some(Man {
                counter: Some(Counter {
                    kind: CounterKind::Black,
                    count,
                }),
                ghost: true,
                ..Man::new(color, kind.figure())
            });
        }
    }
    for cell in p.occupied().cells::<Cell>() {
        let Some((color, kind)) = p.man_at(cell) else {
            continue;
        };
        let counter = match p.warps[color.index()] {
            Some(Warp::Original { cell: c, count }) if c == cell => Some(Counter {
                kind: CounterKind::Red,
                count,
            }),
            _ => None,
        };
        board.cells[cell.index() as usize] = Some(Man {
            counter,
            ..Man::new(color, kind.figure())
        });
    }
    if let Some(last) = game.last {
        let mut mark = |cell: Cell, kind| {
            board.highlights.push(Highlight {
                cell: cell.index(),
                kind,
            })
        };
        match last.action {
            Action::Drop { to, .. } => mark(to, HighlightKind::LastMoveTo),
            Action::Move { from, to } | Action::WarpFrom { from, to, .. } => {
                mark(from, HighlightKind::LastMoveFrom);
                mark(to, HighlightKind::LastMoveTo);
            }
            Action::WarpInto { at, .. } => mark(at, HighlightKind::LastMoveFrom),
        }
        if let Some(Event::Reappeared { cell, .. }) = last.event {
            mark(cell, HighlightKind::LastMoveTo);
        }
    }
    if !game.status.is_over()
        && let Some(king) = game.in_check()
    {
        board.highlights.push(Highlight {
            cell: king.index(),
            kind: HighlightKind::Check,
        });
    }
    board.to_move = Some(p.to_move);
    board.caption = game.status.outcome().map(|o| o.to_string());
    board.current = true;
    board.touched = game.last.is_some();
    let hands = Color::ALL
        .into_iter()
        .map(|color| Hand {
            color,
            men: Kind::ALL
                .into_iter()
                .filter_map(|k| {
                    let n = p.hands[color.index()][k.index()];
                    (n > 0).then(|| (Man::new(color, k.figure()), n))
                })
                .collect(),
        })
        .collect();
    let mut pending = Vec::new();
    let mut notes = Vec::new();
    for color in Color::ALL {
        match p.warps[color.index()] {
            Some(Warp::Away { cell, kind, count }) => {
                pending.push(Pending {
                    man: Man {
                        counter: Some(Counter {
                            kind: CounterKind::Black,
                            count,
                        }),
                        ghost: true,
                        ..Man::new(color, kind.figure())
                    },
                    label: format!(
                        "reappears on {cell} after {count} more {color} turn{}",
                        plural(count)
                    ),
                });
                notes.push(format!(
                    "{color}: {kind} away from {cell}, {count} black checker{}",
                    plural(count)
                ));
            }
            Some(Warp::Original { cell, count }) => {
                let kind = p.man_at(cell).map_or(Kind::King, |m| m.1);
                notes.push(format!(
                    "{color}: original {kind} on {cell}, {count} red checker{}: its capture loses (T-8)",
                    plural(count)
                ));
            }
            None => {}
        }
    }
    let title = match game.status {
        Status::Ongoing => format!("Move {} · {} to move", game.ply / 2 + 1, p.to_move),
        Status::Finished(o) => format!("Move {} · {o}", game.ply.div_ceil(2).max(1)),
    };
    View {
        title: Some(title),
        perspective: Some(Color::White),
        boards: vec![board],
        hands,
        pending,
        notes,
        ..View::default()
    }
}
