//! Any variant as a search domain, through the rules face alone: states
//! are cloned and [`Rules::apply`]d; each node keeps its turn, its keys
//! (the variant's own, read from the state: [`Profiled::keys`]; a hash of
//! its view where the profile names none, see [`crate::hash`]), its
//! result and its evaluation, worked out once when it is made. Children are ordered by their
//! evaluation; states with more actions than the level's width are
//! sampled, seeded by their key.
//!
//! A variant's profile (`profile.rs`) may narrow the actions worth
//! searching: in Many Worlds a king capture wins at once (M-4), so when one exists only king
//! captures are searched. And it may say which actions are forcing
//! (captures, annihilations), with what they capture: where a state is
//! sampled, its forcing actions are kept first, the most valuable victims
//! first (up to the width), and the sample fills the rest, so that a
//! refutation by capture is not left out by chance. Where listing actions
//! is cheap, a forcing action that reaches the horizon is answered by the
//! forcing actions after it (a quiescence search, a few plies deep by
//! level), so that a capture is not counted as won when it can be taken
//! back.

use std::time::Instant;

use chronomate_rules::{Color, Rules};

use super::Domain;
use crate::level::Settings;
use crate::profile::{self, Profiled};
use crate::rng::{Rng, mix};

/// A state with what the search needs of it, worked out once.
pub(crate) struct Node<R: Rules> {
    pub state: R,
    /// Whether the action that made this state was forcing (a capture):
    /// only then is the horizon searched further.
    pub forced: bool,
    pub side: Color,
    /// For the transposition table.
    pub key: u64,
    /// For repetitions (without board labels).
    pub repetition: u64,
    pub outcome: Option<Option<Color>>,
    pub eval: i32,
}

pub(crate) struct Face<R: Profiled> {
    pub width: usize,
    pub root_width: usize,
    /// Plies of forcing actions searched past the horizon: the level's,
    /// where the variant's profile allows a quiescence search; else none.
    pub quiescence: usize,
    pub seed: u64,
    kind: std::marker::PhantomData<fn() -> R>,
}

/// Forcing actions searched at a quiescence node, the best by their
/// child's evaluation: a handful finds the exchange that matters, and a
/// Many Worlds state can have hundreds.
const QUIESCENCE_WIDTH: usize = 6;

impl<R: Profiled> Face<R> {
    pub(crate) fn new(settings: &Settings, seed: u64) -> Face<R> {
        let quiescence = if R::QUIESCENCE {
            settings.quiescence as usize
        } else {
            0
        };
        Face {
            width: settings.width.max(1),
            root_width: settings.root_width.max(1),
            quiescence,
            seed,
            kind: std::marker::PhantomData,
        }
    }

    /// Narrows `actions` to the decisive ones where any exists.
    fn narrow(&self, actions: &mut Vec<R::Action>) {
        if actions.iter().any(R::decisive) {
            actions.retain(R::decisive);
        }
    }

    /// `actions` split into the forcing ones, each with its priority, and
    /// the quiet ones.
    fn split_forcing(
        &self,
        s: &Node<R>,
        actions: Vec<R::Action>,
    ) -> (Vec<Prioritised<R::Action>>, Vec<R::Action>) {
        let mut forcing = Vec::new();
        let mut quiet = Vec::new();
        for a in actions {
            match s.state.forcing(s.side, &a) {
                Some(priority) => forcing.push((priority, a)),
                None => quiet.push(a),
            }
        }
        (forcing, quiet)
    }

    /// A node for `state`, made by a forcing action or not.
    pub(crate) fn node(&self, state: R, forced: bool) -> Node<R> {
        let turn = state.turn();
        // Where the variant keys and evaluates a state by itself, its view
        // is never made.
        let keys = profile::keys(&state);
        let outcome = state.status().outcome().map(|o| o.winner);
        let eval = if outcome.is_some() {
            0
        } else {
            state.evaluate(&turn)
        };
        Node {
            state,
            forced,
            side: turn.color,
            key: keys.table,
            repetition: keys.repetition,
            outcome,
            eval,
        }
    }
}

impl<R: Profiled> Domain for Face<R> {
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

    fn repetition_key(&self, s: &Node<R>, _key: u64) -> u64 {
        s.repetition
    }

    fn moves(&mut self, s: &Node<R>, ply: usize, out: &mut Vec<R::Action>) -> bool {
        let mut all = s.state.legal_actions();
        self.narrow(&mut all);
        let width = if ply == 0 {
            self.root_width
        } else {
            self.width
        };
        if all.len() <= width {
            out.extend(all);
            return false;
        }
        // Forcing actions first, the most valuable victims first (ties in
        // a seeded order), up to the width; a seeded sample of the others
        // fills the rest (at least a quarter). Sampling the forcing ones
        // blindly could leave out the one capture that wins (a Traveler's
        // traveling man, a king) where there are hundreds.
        let mut rng = Rng::new(mix(self.seed, s.key));
        let (forcing, mut quiet) = self.split_forcing(s, all);
        let forcing = most_forcing(&mut rng, forcing, width);
        let room = width.saturating_sub(forcing.len()).max(width / 4);
        rng.sample(&mut quiet, room);
        out.extend(forcing);
        out.extend(quiet);
        true
    }

    /// The forcing actions past the horizon, where a forcing action led
    /// there: a capture left unanswered at the horizon would otherwise
    /// count as won. Not after a quiet action: listing a state's actions
    /// costs as much as making several of them (milliseconds in
    /// Traveler's opening), and the evaluations weigh men left attacked.
    /// Sampled to the width where there are more (seeded, as
    /// [`Domain::moves`]).
    fn captures(&mut self, s: &Node<R>, depth: usize, out: &mut Vec<R::Action>) -> bool {
        if depth >= self.quiescence || !s.forced {
            return false;
        }
        let mut all = s.state.legal_actions();
        self.narrow(&mut all);
        let (forcing, _) = self.split_forcing(s, all);
        let mut rng = Rng::new(mix(self.seed, !s.key));
        out.extend(most_forcing(&mut rng, forcing, self.width));
        true
    }

    fn quiescence_width(&self) -> usize {
        QUIESCENCE_WIDTH
    }

    fn play(&mut self, s: &Node<R>, m: &R::Action) -> Option<Node<R>> {
        let mut state = s.state.clone();
        state.apply(m).ok()?;
        let forced = s.state.forcing(s.side, m).is_some();
        Some(self.node(state, forced))
    }

    fn evaluate(&mut self, s: &Node<R>) -> i32 {
        s.eval
    }

    fn winning_move(
        &mut self,
        s: &Node<R>,
        known: &[R::Action],
        weighed: &[R::Action],
        _until: Option<Instant>,
    ) -> Option<R::Action> {
        if s.outcome.is_some() {
            return None;
        }
        if let Some(a) = known.iter().find(|a| s.state.wins_at_once(a)) {
            return Some(a.clone());
        }
        let mut all = s.state.legal_actions();
        self.narrow(&mut all);
        all.into_iter()
            .find(|a| !known.contains(a) && !weighed.contains(a) && s.state.wins_at_once(a))
    }

    fn order_by_evaluation(&self) -> bool {
        true
    }
}

/// A forcing action with its priority.
type Prioritised<A> = (i32, A);

/// The `k` forcing actions of highest priority, ties broken in a seeded
/// order.
fn most_forcing<A>(rng: &mut Rng, forcing: Vec<(i32, A)>, k: usize) -> Vec<A> {
    let mut keyed: Vec<(i32, u64, A)> = forcing
        .into_iter()
        .map(|(priority, a)| (priority, rng.next_u64(), a))
        .collect();
    keyed.sort_by_key(|&(priority, tie, _)| (std::cmp::Reverse(priority), tie));
    keyed.truncate(k);
    keyed.into_iter().map(|(_, _, a)| a).collect()
}

#[cfg(test)]
mod tests {
    use chronomate_rules::gifford::Gifford;

    use super::*;
    use crate::rng::Rng;
    use crate::score::DECISIVE;
    use crate::search::{Limits, Search};

    #[test]
    fn the_most_valuable_victims_are_kept_first() {
        let forcing = vec![
            (100, 'a'),
            (900, 'b'),
            (DECISIVE, 'c'),
            (100, 'd'),
            (320, 'e'),
        ];
        let kept = most_forcing(&mut Rng::new(7), forcing.clone(), 3);
        assert_eq!(kept, vec!['c', 'b', 'e']);
        // Ties are broken by the seed, the same way every time.
        let ties = most_forcing(&mut Rng::new(7), forcing.clone(), 5);
        assert_eq!(&ties[..3], &['c', 'b', 'e']);
        assert_eq!(ties, most_forcing(&mut Rng::new(7), forcing, 5));
    }

    /// The best action at depth 1 in Gifford's `fen`, with `quiescence`
    /// plies past the horizon, and the states visited.
    fn best_at_depth_one(fen: &str, quiescence: u32) -> (String, u64) {
        let state = Gifford::from_fen(fen).expect("a position");
        let mut settings = crate::level::SEARCH[7];
        settings.quiescence = quiescence;
        let face = Face::<Gifford>::new(&settings, 1);
        let root = face.node(state.clone(), false);
        let mut search = Search::new(
            face,
            Limits::to_depth(1),
            crate::search::Table::new(16),
            Vec::new(),
        );
        let found = search
            .run(&root, None, Default::default(), &mut Rng::new(1))
            .expect("an action");
        (state.notation(&found.best), found.nodes)
    }

    #[test]
    fn a_glance_chooses_among_the_few_a_one_ply_look_ranks_best() {
        use crate::search::choice::{Look, Pick};
        // Gifford, quiet: several moves leave a man to a capture, which the
        // one-ply look (with its captures) sees.
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
        let state = Gifford::from_fen(fen).expect("a position");
        let settings = crate::level::SEARCH[3];
        let search = |pick: Pick, allowed: Option<&dyn Fn(&_) -> bool>, seed: u64| {
            let face = Face::<Gifford>::new(&settings, 1);
            let root = face.node(state.clone(), false);
            let mut search = Search::new(
                face,
                Limits::to_depth(1),
                crate::search::Table::new(14),
                Vec::new(),
            );
            search
                .run(&root, allowed, pick, &mut Rng::new(seed))
                .expect("an action")
        };
        // Each move's one-ply score, alone.
        let mut scores: Vec<(i32, _)> = state
            .legal_actions()
            .into_iter()
            .map(|a| {
                let only = |m: &_| *m == a;
                (search(Pick::default(), Some(&only), 0).score, a)
            })
            .collect();
        scores.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let look = Look {
            count: 3,
            reach: 10_000,
            best_within_reach: false,
        };
        // The third best's score: a tie with it is as good a candidate.
        let floor = scores[look.count - 1].0;
        let mut seen = std::collections::HashSet::new();
        for seed in 0..40 {
            // A glance at a temperature that makes every move alike.
            let pick = Pick {
                temperature: 0,
                glance: Some(100_000),
                look,
            };
            let found = search(pick, None, seed);
            let score = scores
                .iter()
                .find(|(_, a)| *a == found.best)
                .map(|&(s, _)| s)
                .expect("a legal action");
            assert!(
                score >= floor,
                "{} scores {score}, below {floor}",
                state.notation(&found.best)
            );
            seen.insert(state.notation(&found.best));
        }
        // Not only the best: the glance still strays among the few.
        assert!(seen.len() >= 2, "{seen:?}");
        // Without the look the same glances range over every move.
        let mut below = 0;
        for seed in 0..40 {
            let pick = Pick {
                temperature: 0,
                glance: Some(100_000),
                look: Look::default(),
            };
            let found = search(pick, None, seed);
            let score = scores
                .iter()
                .find(|(_, a)| *a == found.best)
                .map(|&(s, _)| s);
            below += usize::from(score.is_some_and(|s| s < floor));
        }
        assert!(below > 0);
    }

    #[test]
    fn a_capture_at_the_horizon_is_answered() {
        // Qxd5 takes a pawn that e6 defends; the undefended one is free.
        let fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
        let (seen, _) = best_at_depth_one(fen, 4);
        assert_ne!(seen, "Qxd5");
        let (free, _) = best_at_depth_one("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", 4);
        assert_eq!(free, "Qxd5");
    }

    #[test]
    fn only_a_capture_is_searched_past_the_horizon() {
        let state = Gifford::from_fen("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1").expect("a position");
        let mut settings = crate::level::SEARCH[7];
        settings.quiescence = 2;
        let mut face = Face::<Gifford>::new(&settings, 1);
        let root = face.node(state.clone(), false);
        let action = |text: &str| state.parse(text).expect("legal");
        let mut out = Vec::new();
        // The root was reached by no action: nothing past it.
        assert!(!face.captures(&root, 0, &mut out));
        // After a quiet move, nothing either.
        let quiet = face.play(&root, &action("Kf2")).expect("played");
        assert!(!quiet.forced);
        assert!(!face.captures(&quiet, 0, &mut out));
        // After the capture, the recapture (and no quiet move).
        let taken = face.play(&root, &action("Qxd5")).expect("played");
        assert!(taken.forced);
        assert!(face.captures(&taken, 0, &mut out));
        let written: Vec<String> = out.iter().map(|a| taken.state.notation(a)).collect();
        assert_eq!(written, ["exd5"]);
        // Not deeper than the level allows.
        out.clear();
        assert!(!face.captures(&taken, 2, &mut out));
    }
}
