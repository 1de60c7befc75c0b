//! Many Worlds Chess, from the state: every live board.
//!
//! Capturing a king on any board wins at once (M-4), so a king the side to
//! move can capture is decisive, and kings of the side to move that the
//! opponent attacks on several boards cannot all be saved by one action.
//! Otherwise the boards count by their average quality (the FIDE board
//! evaluation) and by how many of them each side leads on.

use chronomate_rules::chess::{Board, Role};
use chronomate_rules::manyworlds::{Action, ManyWorlds};
use chronomate_rules::{Color, Turn};

use super::{DECISIVE_SHARE, attacks_king, fide, for_side, victim};
use crate::score::DECISIVE;

pub(crate) fn evaluate(state: &ManyWorlds, turn: &Turn) -> i32 {
    // With `turns` (M-6) a board says whose move it is there.
    let boards = state.boards().map(|(_, w)| (*w.board(), w.to_move()));
    score(boards, turn.color)
}

/// The boards, each with whose move it is there where it says, scored for
/// `mover`.
fn score(boards: impl Iterator<Item = (Board, Option<Color>)>, mover: Color) -> i32 {
    let mut total = 0i64;
    let mut count = 0i64;
    let mut leads = 0;
    let mut exposed = 0;
    let mut best_threat = 0;
    for (board, to_move) in boards {
        // Only the side to move on a board can act on it.
        let mover_acts = to_move.is_none_or(|c| c == mover);
        let opponent_acts = to_move.is_none_or(|c| c != mover);
        if mover_acts && attacks_king(&board, mover.other(), mover) {
            return DECISIVE;
        }
        if opponent_acts && attacks_king(&board, mover, mover.other()) {
            exposed += 1;
        }
        let score = fide::board_white(&board);
        total += i64::from(score);
        count += 1;
        leads += match score {
            s if s >= 100 => 1,
            s if s <= -100 => -1,
            _ => 0,
        };
        if mover_acts {
            best_threat = best_threat.max(fide::threat(&board, mover, &fide::VALUE));
        }
    }
    if count == 0 {
        return 0;
    }
    let white = (total / count) as i32 + 25 * leads;
    let mut score = for_side(white, mover) + best_threat / 2 + 10;
    score -= match exposed {
        0 => 0,
        1 => 300,
        _ => DECISIVE_SHARE,
    };
    score
}

/// Forcing: splits with a capture in either move.
pub(crate) fn forcing(a: &Action) -> Option<i32> {
    match a {
        Action::Split { first, second, .. } => {
            let first = first.capture().map(victim);
            let second = second.capture().map(victim);
            first.max(second)
        }
        Action::Transfer { .. } => None,
    }
}

/// Whether an action captures a king: it wins at once (M-4), so when one
/// exists nothing else is worth a look.
pub(crate) fn takes_king(a: &Action) -> bool {
    match a {
        Action::Split { first, second, .. } => {
            first.capture() == Some(Role::King) || second.capture() == Some(Role::King)
        }
        Action::Transfer { .. } => false,
    }
}

/// The evaluation and forcing test as they read the state's view before
/// the search keyed states itself (issue 47): the reference the state's
/// must equal.
#[cfg(test)]
pub(crate) mod by_view {
    use chronomate_rules::manyworlds::Action;
    use chronomate_rules::view::View;
    use chronomate_rules::{Color, Turn};

    use super::super::board_of;

    /// The boards read from the view, scored by the state's scoring.
    pub(crate) fn evaluate(view: &View, turn: &Turn) -> i32 {
        let boards = view
            .boards
            .iter()
            .filter_map(|b| Some((board_of(b, |_| true)?, b.to_move)));
        super::score(boards, turn.color)
    }

    /// Forcing reads the action alone, as it did.
    pub(crate) fn forcing(_view: &View, _side: Color, a: &Action) -> Option<i32> {
        super::forcing(a)
    }
}

#[cfg(test)]
mod tests {
    use chronomate_rules::manyworlds::{ManyWorlds, ManyWorldsOptions};
    use chronomate_rules::{Color, Rules, View};
    use proptest::prelude::*;

    use super::{Action, by_view};
    use crate::eval::proof::{keys_after, keys_follow_the_play, random_game, same_as_view};
    use crate::profile::Profiled;

    fn forcing(view: &View, side: Color, a: &Action) -> Option<i32> {
        by_view::forcing(view, side, a)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn the_state_scores_as_its_view_did_and_keys_follow_it(seed in any::<u64>(), turns in any::<bool>()) {
            let options = ManyWorldsOptions { turns };
            let game = random_game::<ManyWorlds>(&options, seed, 24);
            same_as_view(&game, by_view::evaluate, forcing);
            keys_follow_the_play(&options, seed, &game);
        }
    }

    #[test]
    fn repetitions_set_numerals_aside() {
        // One split written in both orders: the same boards (M-2), their
        // numerals swapped. The same position for repetitions (M-5), not
        // for the table, whose moves name boards by numeral.
        let start = ManyWorlds::new(&Default::default(), 0);
        let actions = start.legal_actions();
        let (one, other) = actions
            .iter()
            .find_map(|a| {
                let Action::Split {
                    board,
                    first,
                    second,
                } = *a
                else {
                    return None;
                };
                let swapped = Action::Split {
                    board,
                    first: second,
                    second: first,
                };
                actions.contains(&swapped).then_some((*a, swapped))
            })
            .expect("a split in both orders");
        let after = |action: &Action| {
            let mut game = start.clone();
            game.apply(action).unwrap();
            game
        };
        let (a, b) = (after(&one), after(&other));
        let (ka, kb) = (a.keys().unwrap(), b.keys().unwrap());
        assert_eq!(ka.repetition, kb.repetition);
        assert_ne!(ka.table, kb.table);
        assert_ne!(ka.repetition, start.keys().unwrap().repetition);
        // The keys for repetitions are the rules' own (M-5).
        assert_eq!(ka.repetition, a.repetition_key());
        assert_eq!(keys_after::<ManyWorlds>(&[]), start.keys().unwrap());
    }
}
