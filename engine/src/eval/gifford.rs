//! Gifford's Time Travel Chess, from the state: the present board, the men
//! away in time and the backward travels left.
//!
//! A man away counts three quarters of its value (it may be lost in time,
//! G-2); a side whose king is away is safe from check but cannot castle
//! and must place it later (G-5, G-8); more than one king on the board is
//! more to defend (G-5: any king attacked is check); each backward trip
//! left (G-4) is an option worth a little.

use chronomate_rules::chess::{Piece, Role};
use chronomate_rules::gifford::{Action, BACK_TRAVELS, Gifford};
use chronomate_rules::{Color, Turn};

use super::{fide, figure_value, for_side, sign, victim};

pub(crate) fn evaluate(state: &Gifford, turn: &Turn) -> i32 {
    let board = state.board();
    let mut white = fide::board_white(board);
    for arrival in state.pending() {
        white += sign(arrival.color) * figure_value(arrival.role.figure()) * 3 / 4;
    }
    for color in Color::ALL {
        let kings = board.by_piece(Piece::new(color, Role::King)).count() as i32;
        let away = state
            .pending()
            .iter()
            .any(|a| a.color == color && a.role == Role::King);
        let mut own = 0;
        if kings == 0 && away {
            own -= 40;
        }
        if kings > 1 {
            own -= 35 * (kings - 1);
        }
        let left = BACK_TRAVELS.saturating_sub(state.backward_travels(color));
        own += 20 * i32::from(left);
        white += sign(color) * own;
    }
    let threat = fide::threat(board, turn.color, &fide::VALUE) / 2;
    for_side(white, turn.color) + threat + 10
}

/// Forcing: captures and promotions, and arrivals (due now).
pub(crate) fn forcing(a: &Action) -> Option<i32> {
    match a {
        Action::Move { mv } => mv.capture().map(victim).or(mv.promotion().map(victim)),
        Action::Arrive { .. } | Action::Place { .. } => Some(300),
        _ => None,
    }
}

/// The evaluation and forcing test as they read the state's view before
/// the search keyed states itself (issue 47): the reference the state's
/// must equal.
#[cfg(test)]
pub(crate) mod by_view {
    use chronomate_rules::chess::{Piece, Role};
    use chronomate_rules::gifford::Action;
    use chronomate_rules::view::{Figure, View};
    use chronomate_rules::{Color, Turn};

    use super::super::{board_of, fide, figure_value, for_side, sign, victim};

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
    pub(super) fn backward_left(view: &View, color: Color) -> u8 {
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
}

#[cfg(test)]
mod tests {
    use chronomate_rules::View;
    use chronomate_rules::gifford::Gifford;
    use proptest::prelude::*;

    use super::by_view;
    use crate::eval::proof::{keys_after, keys_follow_the_play, random_game, same_as_view};

    fn forcing(
        view: &View,
        side: chronomate_rules::Color,
        a: &chronomate_rules::gifford::Action,
    ) -> Option<i32> {
        by_view::forcing(view, side, a)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn the_state_scores_as_its_view_did_and_keys_follow_it(seed in any::<u64>()) {
            let game = random_game::<Gifford>(&Default::default(), seed, 60);
            same_as_view(&game, by_view::evaluate, forcing);
            keys_follow_the_play(&Default::default(), seed, &game);
        }
    }

    #[test]
    fn transpositions_and_repetitions_share_keys() {
        // The same position by two move orders.
        let one = keys_after::<Gifford>(&["Nf3", "Nf6", "Nc3"]);
        assert_eq!(one, keys_after::<Gifford>(&["Nc3", "Nf6", "Nf3"]));
        assert_ne!(one, keys_after::<Gifford>(&["Nc3", "Nf6", "Nh3"]));
        // Knights out and back: the same position as the rules count it
        // (G-7), a move later: the table tells the move numbers apart.
        let start = keys_after::<Gifford>(&[]);
        let back = keys_after::<Gifford>(&["Nf3", "Nf6", "Ng1", "Ng8"]);
        assert_eq!(start.repetition, back.repetition);
        assert_ne!(start.table, back.table);
        // The same board with a man away, due on another move: the rules
        // compare the men away with their due moves.
        // (G-1: a man beside its king travels.)
        let opening = ["e4", "e5"];
        let sent = |to: &str| keys_after::<Gifford>(&[&opening[..], &[to]].concat());
        assert_ne!(sent("d2// to 5").repetition, sent("d2// to 6").repetition);
        assert_eq!(sent("d2// to 5"), sent("d2// to 5"));
    }
}
