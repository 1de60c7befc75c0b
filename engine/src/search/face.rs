//! Any variant as a search domain, through the rules face alone: states
//! are cloned and [`Rules::apply`]d; each node keeps its turn, its key (a
//! hash of its view, see [`crate::hash`]), its result and its evaluation,
//! worked out once when it is made. Children are ordered by their
//! evaluation; states with more actions than the level's width are
//! sampled, seeded by their key.
//!
//! A variant may narrow the actions worth searching ([`policy`]): in Many
//! Worlds a king capture wins at once (M-4), so when one exists only king
//! captures are searched.

use std::any::{Any, TypeId};

use chronomate_rules::chess::Role;
use chronomate_rules::manyworlds::{self, ManyWorlds};
use chronomate_rules::{Color, Rules};

use super::Domain;
use crate::eval::EvalFn;
use crate::hash::view_key;
use crate::rng::{Rng, mix};

/// A state with what the search needs of it, worked out once.
pub(crate) struct Node<R: Rules> {
    pub state: R,
    pub side: Color,
    pub key: u64,
    pub outcome: Option<Option<Color>>,
    pub eval: i32,
}

/// Narrows a state's actions to those worth searching.
pub(crate) type Policy<R> = fn(&R, &mut Vec<<R as Rules>::Action>);

pub(crate) struct Face<R: Rules> {
    pub eval: EvalFn<R>,
    pub width: usize,
    pub root_width: usize,
    pub seed: u64,
    pub policy: Policy<R>,
}

impl<R: Rules> Face<R> {
    pub(crate) fn new(eval: EvalFn<R>, width: usize, root_width: usize, seed: u64) -> Face<R> {
        Face {
            eval,
            width: width.max(1),
            root_width: root_width.max(1),
            seed,
            policy: policy::<R>(),
        }
    }

    /// A node for `state`.
    pub(crate) fn node(&self, state: R) -> Node<R> {
        let turn = state.turn();
        let view = state.view();
        let key = view_key(&turn, &view);
        let outcome = state.status().outcome().map(|o| o.winner);
        let eval = if outcome.is_some() {
            0
        } else {
            (self.eval)(&state, &view, &turn)
        };
        Node {
            state,
            side: turn.color,
            key,
            outcome,
            eval,
        }
    }
}

impl<R: Rules> Domain for Face<R> {
    type State = Node<R>;
    type Move = R::Action;

    fn side(&self, s: &Node<R>) -> Color {
        s.side
    }

    fn outcome(&self, s: &Node<R>) -> Option<Option<Color>> {
        s.outcome
    }

    fn key(&self, s: &Node<R>) -> u64 {
        s.key
    }

    fn moves(&mut self, s: &Node<R>, ply: usize, out: &mut Vec<R::Action>) -> bool {
        let mut all = s.state.legal_actions();
        (self.policy)(&s.state, &mut all);
        let width = if ply == 0 { self.root_width } else { self.width };
        let truncated = all.len() > width;
        if truncated {
            Rng::new(mix(self.seed, s.key)).sample(&mut all, width);
        }
        out.extend(all);
        truncated
    }

    fn play(&mut self, s: &Node<R>, m: &R::Action) -> Option<Node<R>> {
        let mut state = s.state.clone();
        state.apply(m).ok()?;
        Some(self.node(state))
    }

    fn evaluate(&mut self, s: &Node<R>) -> i32 {
        s.eval
    }

    fn order_by_evaluation(&self) -> bool {
        true
    }
}

/// The policy for variant `R` (none: every action).
pub(crate) fn policy<R: Rules>() -> Policy<R> {
    if TypeId::of::<R>() == TypeId::of::<ManyWorlds>() {
        king_captures_first::<R>
    } else {
        |_, _| {}
    }
}

/// Many Worlds: if a king can be captured, nothing else is worth a look.
fn king_captures_first<R: Rules>(_state: &R, actions: &mut Vec<R::Action>) {
    let takes_king = |a: &R::Action| {
        (a as &dyn Any)
            .downcast_ref::<manyworlds::Action>()
            .is_some_and(|a| match a {
                manyworlds::Action::Split { first, second, .. } => {
                    first.capture() == Some(Role::King) || second.capture() == Some(Role::King)
                }
                manyworlds::Action::Transfer { .. } => false,
            })
    };
    if actions.iter().any(takes_king) {
        actions.retain(takes_king);
    }
}
