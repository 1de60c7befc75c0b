//! The multiverse, from its state: branch wins so far, and each active
//! branch's latest board as a chess position of its own.
//!
//! Every active board counts with the FIDE board evaluation, turned into
//! a share of a branch win ([`branch_share`]); the side to move on a board
//! (the view says which) that can capture a king there wins that branch
//! (E-8), and can cash in a hanging man. A branch already won is worth
//! [`BRANCH`] (more than a queen): branch wins decide the game (E-10).

use chronomate_rules::chess::Board;
use chronomate_rules::multiverse::{BranchId, Multiverse};
use chronomate_rules::{Color, Turn};

use super::{attacks_king, fide, for_side, sign};

/// A won branch, in centipawns.
pub(crate) const BRANCH: i32 = 1_500;

/// The state for `turn.color`: branch wins and every active branch's
/// latest board.
pub(crate) fn evaluate(state: &Multiverse, turn: &Turn) -> i32 {
    let mut wins = [0, 0];
    for id in 1..=state.branch_count() as BranchId {
        if let Some(winner) = state.branch_result(id).and_then(|o| o.winner) {
            wins[winner.index()] += 1;
        }
    }
    let boards = state
        .active()
        .into_iter()
        .filter_map(|id| state.latest(id))
        .map(|position| (*position.board(), position.turn()));
    score(wins, boards, turn)
}

/// White's branch wins and boards (each with its side to move), scored
/// for `turn.color`.
fn score(wins: [i32; 2], boards: impl Iterator<Item = (Board, Color)>, turn: &Turn) -> i32 {
    let mut white = (wins[0] - wins[1]) * BRANCH;
    for (board, to_move) in boards {
        let mut board_score = fide::board_white(&board);
        if attacks_king(&board, to_move.other(), to_move) {
            board_score += sign(to_move) * BRANCH;
        } else {
            board_score += sign(to_move) * fide::threat(&board, to_move, &fide::VALUE) / 2;
        }
        white += branch_share(board_score);
    }
    for_side(white, turn.color) + 10
}

/// A board's score as a share of a branch win: about linear near an even
/// board (a pawn is about 125), saturating towards [`BRANCH`] as the board
/// is won, so that a man is worth more on a balanced board than on one
/// already decided.
fn branch_share(score: i32) -> i32 {
    (f64::from(BRANCH) * (f64::from(score) / 1_200.0).tanh()) as i32
}

/// The evaluation the profile used before, from the view: branch wins
/// read from its note (`branch wins: white 2, black 1`), boards from its
/// cells. The reference the state's evaluation is tested against.
#[cfg(test)]
mod by_view {
    use chronomate_rules::view::View;
    use chronomate_rules::{Color, Turn};

    use crate::eval::board_of;

    pub(super) fn evaluate(view: &View, turn: &Turn) -> i32 {
        let boards = view
            .boards
            .iter()
            .filter(|b| b.ended.is_none())
            .filter_map(|b| Some((board_of(b, |_| true)?, b.to_move.unwrap_or(turn.color))));
        super::score(branch_wins(view), boards, turn)
    }

    fn branch_wins(view: &View) -> [i32; 2] {
        for note in &view.notes {
            let Some(rest) = note.strip_prefix("branch wins: ") else {
                continue;
            };
            let mut wins = [0, 0];
            for part in rest.split(", ") {
                let mut words = part.split_whitespace();
                let (Some(color), Some(n)) = (words.next(), words.next()) else {
                    continue;
                };
                let (Ok(color), Ok(n)) = (color.parse::<Color>(), n.parse::<i32>()) else {
                    continue;
                };
                wins[color.index()] = n;
            }
            return wins;
        }
        [0, 0]
    }
}

#[cfg(test)]
mod tests {
    use chronomate_rules::multiverse::MultiverseOptions;
    use chronomate_rules::{Color, Rules};
    use proptest::prelude::*;

    use super::*;
    use crate::eval::proof::random_game;
    use crate::profile::Profiled;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

        /// The state scores as its view did, on every state of random
        /// games, branch limits 1 (collapses at once) to 5 (travel).
        #[test]
        fn the_state_scores_as_its_view_did(seed in any::<u64>(), limit in prop::sample::select(vec![1u16, 3, 5])) {
            let options = MultiverseOptions::with_limit(limit).unwrap();
            for (state, _) in random_game::<Multiverse>(&options, seed, 60) {
                let turn = state.turn();
                prop_assert_eq!(state.evaluate(&turn), by_view::evaluate(&state.view(), &turn));
                for color in Color::ALL {
                    let turn = chronomate_rules::Turn { color, ..turn.clone() };
                    prop_assert_eq!(evaluate(&state, &turn), by_view::evaluate(&state.view(), &turn));
                }
            }
        }
    }
}
