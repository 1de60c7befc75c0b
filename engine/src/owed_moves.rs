//! The multiverse's board moves of the branch owed a move first, and a
//! rules learner's draw among them: what the multiverse's search and its
//! level-1 profile both use, apart from either so that neither imports
//! the other.

use chronomate_rules::Rules;
use chronomate_rules::multiverse::{Action, BoardMove, BranchId, Multiverse};

use crate::rng::Rng;

/// The branch owed a move first this turn.
fn owed_branch(state: &Multiverse) -> Option<BranchId> {
    state.turn().boards.first().and_then(|label| label.branch())
}

/// The board moves of the branch owed a move first (those of the owed
/// branch alone: never the whole turn's list, which can run to a
/// million).
pub(crate) fn board_moves(state: &Multiverse) -> Vec<BoardMove> {
    let Some(branch) = owed_branch(state) else {
        return Vec::new();
    };
    state
        .board_moves(branch)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move(m) => Some(m),
            Action::Resign { .. } => None,
        })
        .collect()
}

/// Level 1's move, as a rules learner plays: a board move of the owed
/// branch drawn uniformly (with or without travel), never a resignation.
pub(crate) fn random_move(state: &Multiverse, seed: u64) -> Option<Action> {
    let moves = board_moves(state);
    let mv = *moves.get(Rng::new(seed).below(moves.len()))?;
    Some(Action::Move(mv))
}
