//! Gifford's Time Travel Chess, from the view: the present board, the men
//! away in time and the notes.
//!
//! A man away counts three quarters of its value (it may be lost in time,
//! G-2); a side whose king is away is safe from check but cannot castle
//! and must place it later (G-5, G-8); more than one king on the board is
//! more to defend (G-5: any king attacked is check); each backward trip
//! left (G-4) is an option worth a little.

use chronomate_rules::chess::{Piece, Role};
use chronomate_rules::gifford::Action;
use chronomate_rules::view::{Figure, View};
use chronomate_rules::{Color, Turn};

use super::{board_of, fide, figure_value, for_side, sign, victim};

pub(crate) fn evaluate(view: &View, turn: &Turn) -> i32 {
    let Some(present) = view
        .boards
        .iter()
        .find(|b| b.current)
        .or_else(|| view.boards.first())
    else {
        return 0;
    };
    let Some(board) = board_of(present, |_| true) else {
        return 0;
    };
    let mut white = fide::board_white(&board);
    for pending in &view.pending {
        white += sign(pending.man.color) * figure_value(pending.man.figure) * 3 / 4;
    }
    for color in Color::ALL {
        let kings = board.by_piece(Piece::new(color, Role::King)).count() as i32;
        let away = view
            .pending
            .iter()
            .any(|p| p.man.color == color && p.man.figure == Figure::King);
        let mut own = 0;
        if kings == 0 && away {
            own -= 40;
        }
        if kings > 1 {
            own -= 35 * (kings - 1);
        }
        own += 20 * i32::from(backward_left(view, color));
        white += sign(color) * own;
    }
    let threat = fide::threat(&board, turn.color, &fide::VALUE) / 2;
    for_side(white, turn.color) + threat + 10
}

/// Backward trips `color` has left, read from the notes
/// (`white: 1 backward travel left`); none if no note says.
fn backward_left(view: &View, color: Color) -> u8 {
    let prefix = format!("{color}: ");
    view.notes
        .iter()
        .filter_map(|n| n.strip_prefix(&prefix))
        .filter(|rest| rest.contains("backward travel"))
        .find_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Forcing: captures and promotions, and arrivals (due now).
pub(crate) fn forcing(_view: &View, _side: Color, a: &Action) -> Option<i32> {
    match a {
        Action::Move { mv } => mv.capture().map(victim).or(mv.promotion().map(victim)),
        Action::Arrive { .. } | Action::Place { .. } => Some(300),
        _ => None,
    }
}
