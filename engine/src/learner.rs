//! Level 1 as a rules learner, in the variants whose level 1 is one: a
//! move drawn uniformly, as someone who has just read the rules plays,
//! never a resignation. Every other level thinks, and errs by its
//! temperature (`search::choice`).
//!
//! Where a variant's rules can list millions of actions (the multiverse
//! with time travel open, 5D chess), the move is drawn one board move at a
//! time, never from the whole list: by the variant's own means, or through
//! the rules face's drafting (`Rules::draft_moves`, `Rules::draft_turn`).

use chronomate_rules::Rules;

use crate::profile::{Learner, Profiled};
use crate::rng::{Rng, mix};

/// Keeps the draw apart from the search's choice and samples, which use
/// the same seed.
const SALT: u64 = 0x0b1d_0de5;

/// The action a rules learner plays in `state`, or `None` where the
/// variant's level 1 thinks (or no action was found).
pub(crate) fn action<R: Profiled>(state: &R, seed: u64) -> Option<R::Action> {
    let mut rng = Rng::new(mix(seed, SALT));
    match R::LEARNER {
        Learner::Thinks => None,
        Learner::FromList => {
            let actions = state.legal_actions();
            actions.get(rng.below(actions.len())).cloned()
        }
        Learner::Draw(draw) => draw(state, rng.next_u64()),
        Learner::Drafted => drafted_turn(state, &mut rng),
    }
}

/// Drafts tried before giving up: a draft can reach a dead end (no board
/// move left to add, and still not a turn that may be submitted).
const DRAFTS: usize = 8;

/// Board moves a draft holds at most (a turn has one a playable board).
const DRAFT_MOVES: usize = 64;

/// A turn drafted board move by board move through the rules face, each
/// drawn uniformly among the moves the draft may take next, and submitted
/// as soon as the rules accept it (a learner ends the turn once it may).
fn drafted_turn<R: Rules>(state: &R, rng: &mut Rng) -> Option<R::Action> {
    for _ in 0..DRAFTS {
        let mut draft: Vec<String> = Vec::new();
        while draft.len() < DRAFT_MOVES {
            if !draft.is_empty()
                && let Ok(turn) = state.draft_turn(&draft)
            {
                return Some(turn);
            }
            let moves = state.draft_moves(&draft).ok()?;
            let Some(next) = moves.get(rng.below(moves.len())) else {
                break;
            };
            draft.push(next.clone());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use chronomate_rules::multiverse::{Action, Multiverse};
    use chronomate_rules::{Game, Variant};

    use super::*;
    use crate::{Level, Limits, think, think_about};

    #[test]
    fn the_multiverse_never_resigns_a_branch_at_any_level() {
        let mut state = Multiverse::new(&Default::default(), 3);
        for ply in 0..12u64 {
            for level in Level::ALL {
                // Small budgets: the levels' choices, not their depth, are
                // under test.
                let limits = Limits {
                    nodes: Some(2_000),
                    ..Limits::level(level, None)
                };
                let seeds = if level == Level::MIN { 0..40 } else { 0..3 };
                for seed in seeds {
                    let t = think_about(&state, &limits, seed, &[]).expect("a move");
                    assert!(
                        matches!(t.action, Action::Move(_)),
                        "level {level}, ply {ply}, seed {seed}: {:?}",
                        t.action
                    );
                }
            }
            let t =
                think_about(&state, &Limits::level(Level::MIN, None), ply, &[]).expect("a move");
            state.apply(&t.action).expect("legal");
        }
    }

    #[test]
    fn level_one_of_5d_drafts_a_legal_turn_board_move_by_board_move() {
        let mut game = Game::new(Variant::FiveD, 0);
        let mut seen = std::collections::HashSet::new();
        for seed in 0..40 {
            let t = think(&game, &Limits::level(Level::MIN, None), seed).expect("a turn");
            let mut after = game.clone();
            after.play(&t.action).expect("legal");
            seen.insert(t.action);
        }
        // The start has 20 turns (one board, no travel yet).
        assert!(seen.len() >= 10, "{} different turns", seen.len());
        // A few turns in, every draw is still a legal turn.
        for ply in 0..8 {
            let t = think(&game, &Limits::level(Level::MIN, None), ply).expect("a turn");
            game.play(&t.action).expect("legal");
        }
    }

    #[test]
    fn level_one_of_a_learner_variant_spreads_over_the_legal_actions() {
        let game = Game::new(Variant::Traveler, 0);
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            let t = think(&game, &Limits::level(Level::MIN, None), seed).expect("an action");
            let mut after = game.clone();
            after.play(&t.action).expect("legal");
            seen.insert(t.action);
        }
        // Traveler's start has 20 moves and about as many explosions.
        assert!(seen.len() >= 25, "{} different actions", seen.len());
    }
}
