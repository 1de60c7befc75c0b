//! Any variant as a search domain, through the rules face alone: states
//! are cloned and [`Rules::apply`]d; each node keeps its turn, its key (a
//! hash of its view, see [`crate::hash`]), its result and its evaluation,
//! worked out once when it is made. Children are ordered by their
//! evaluation; states with more actions than the level's width are
//! sampled, seeded by their key.
//!
//! A variant may narrow the actions worth searching ([`policy`]): in Many
//! Worlds a king capture wins at once (M-4), so when one exists only king
//! captures are searched. And it may say which actions are forcing
//! (captures, annihilations): where a state is sampled, its forcing
//! actions are all kept (up to the width) and the sample fills the rest,
//! so that a refutation by capture is not left out by chance.

use std::any::{Any, TypeId};

use chronomate_rules::chess::Role;
use chronomate_rules::gifford::{self, Gifford};
use chronomate_rules::manyworlds::{self, ManyWorlds};
use chronomate_rules::temporal::{self, TemporalChess};
use chronomate_rules::traveler::{self, TravelerChess};
use chronomate_rules::view::View;
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

/// What a variant says about its actions, beyond the face.
pub(crate) struct Policy<R: Rules> {
    /// Narrows a state's actions to those worth searching.
    pub narrow: fn(&R, &mut Vec<R::Action>),
    /// Whether an action of the side `Color` is forcing in the state the
    /// view shows (kept whenever a state is sampled).
    pub forcing: fn(&View, Color, &R::Action) -> bool,
}

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
        (self.policy.narrow)(&s.state, &mut all);
        let width = if ply == 0 {
            self.root_width
        } else {
            self.width
        };
        if all.len() <= width {
            out.extend(all);
            return false;
        }
        // Forcing actions first, all of them up to the width; a seeded
        // sample of the others fills the rest (at least a quarter).
        let view = s.state.view();
        let (mut forcing, mut quiet): (Vec<_>, Vec<_>) = all
            .into_iter()
            .partition(|a| (self.policy.forcing)(&view, s.side, a));
        let mut rng = Rng::new(mix(self.seed, s.key));
        rng.sample(&mut forcing, width);
        let room = width.saturating_sub(forcing.len()).max(width / 4);
        rng.sample(&mut quiet, room);
        out.extend(forcing);
        out.extend(quiet);
        true
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

/// The policy for variant `R`: by its type, so a new variant gets the
/// default (every action, none forcing) with no change here.
pub(crate) fn policy<R: Rules>() -> Policy<R> {
    let t = TypeId::of::<R>();
    let forcing: fn(&View, Color, &R::Action) -> bool = if t == TypeId::of::<TravelerChess>() {
        traveler_forcing::<R>
    } else if t == TypeId::of::<Gifford>() {
        gifford_forcing::<R>
    } else if t == TypeId::of::<TemporalChess>() {
        temporal_forcing::<R>
    } else if t == TypeId::of::<ManyWorlds>() {
        manyworlds_forcing::<R>
    } else {
        |_, _, _| false
    };
    let narrow: fn(&R, &mut Vec<R::Action>) = if t == TypeId::of::<ManyWorlds>() {
        king_captures_first::<R>
    } else {
        |_, _| {}
    };
    Policy { narrow, forcing }
}

/// Whether the first board of `view` has a man of `enemy` on `cell`.
fn enemy_on(view: &View, enemy: Color, cell: usize) -> bool {
    view.boards
        .first()
        .and_then(|b| b.cells.get(cell))
        .is_some_and(|m| m.is_some_and(|m| m.color == enemy && !m.ghost))
}

/// Time Traveler's Chess: captures (explosions too) and annihilations.
fn traveler_forcing<R: Rules>(view: &View, side: Color, a: &R::Action) -> bool {
    match (a as &dyn Any).downcast_ref::<traveler::Action>() {
        Some(traveler::Action::Move(mv)) => mv.is_capture() || mv.promotion().is_some(),
        Some(traveler::Action::Explosion { to, .. }) => enemy_on(view, side.other(), to.index()),
        Some(traveler::Action::Annihilation { .. }) => true,
        None => false,
    }
}

/// Gifford: captures and promotions, and arrivals (due now).
fn gifford_forcing<R: Rules>(_view: &View, _side: Color, a: &R::Action) -> bool {
    match (a as &dyn Any).downcast_ref::<gifford::Action>() {
        Some(gifford::Action::Move { mv }) => mv.is_capture() || mv.promotion().is_some(),
        Some(gifford::Action::Arrive { .. } | gifford::Action::Place { .. }) => true,
        _ => false,
    }
}

/// Temporal Chess: moves and warps that capture.
fn temporal_forcing<R: Rules>(view: &View, side: Color, a: &R::Action) -> bool {
    match (a as &dyn Any).downcast_ref::<temporal::Action>() {
        Some(temporal::Action::Move { to, .. } | temporal::Action::WarpFrom { to, .. }) => {
            enemy_on(view, side.other(), usize::from(to.index()))
        }
        _ => false,
    }
}

/// Many Worlds: splits with a capture in either move.
fn manyworlds_forcing<R: Rules>(_view: &View, _side: Color, a: &R::Action) -> bool {
    match (a as &dyn Any).downcast_ref::<manyworlds::Action>() {
        Some(manyworlds::Action::Split { first, second, .. }) => {
            first.is_capture() || second.is_capture()
        }
        _ => false,
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
