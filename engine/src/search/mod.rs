//! The search: negamax alpha-beta with iterative deepening, over any
//! [`Domain`] (a game seen as states, moves and an evaluation).
//!
//! - Turns need not alternate: a child whose side to act is the parent's
//!   (the multiverse, where a side moves on every branch in turn) is
//!   searched with the same window and its score kept; otherwise the
//!   window and the score are negated.
//! - A transposition table (`table.rs`) keyed by the domain's key (Zobrist for FIDE
//!   chess, the state's keys through the face: `hash.rs`) keeps scores, bounds and the best
//!   move's index in the (deterministic) move list; a UCI session keeps
//!   one from move to move (`Memory`).
//! - Move ordering: the table's move, winning captures by most valuable
//!   victim and least valuable attacker, two killer moves a ply, the
//!   history heuristic, then captures that lose material by the static
//!   exchange; where moves are expensive and evaluation cheap by
//!   comparison (the time-travel variants), every child is made and
//!   ordered by its static evaluation instead.
//! - Domains that can (FIDE chess) add a quiescence search of captures
//!   (losing ones skipped), a check extension, null-move pruning,
//!   reverse futility, futility and late-move pruning, pruning by the
//!   static exchange near the horizon, and reductions by
//!   a logarithmic table (`node.rs`); the root's first move is searched in
//!   an aspiration window around the last iteration's score.
//! - Where a state has more actions than the level's width, the domain
//!   samples them (seeded by the state's key, so a state always gets the
//!   same sample) and the static evaluation stands in for what was left
//!   out.
//! - Limits: a node budget (deterministic), a deadline, a soft deadline
//!   past which no iteration starts, and a stop flag (which only shorten).
//!   The node budget counts from the start but ends the search only after
//!   the first iteration (every root move searched one ply and its
//!   captures), so that even the smallest budget weighs every candidate; a
//!   deadline or stop flag may cut even that short, and the best so far
//!   (at worst the best by static evaluation) is the answer.
//! - The choice at the root is the level's ([`choice`]): the best, or one
//!   drawn by their scores at the level's temperature, or a glance by
//!   static evaluation, in both among the few moves the first iteration
//!   (one ply and its captures) ranks best ([`choice::Look`]) and the
//!   search's best. Where the level
//!   watches (5D chess), a move that wins at once among all the rules list
//!   comes first, and the move chosen is checked against every reply the
//!   rules list, for one that wins at once ([`guard`]).

pub(crate) mod choice;
pub(crate) mod face;
pub(crate) mod fide;
pub(crate) mod fived;
mod guard;
pub(crate) mod multiverse;
mod node;
mod quiescence;
mod table;

pub(crate) use table::Table;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chronomate_rules::{Color, Rules};

use crate::level::Settings;
use crate::rng::Rng;
use crate::score::{INFINITY, MATE_BOUND, terminal};

/// A quarter of the time left before `deadline`, from now: what a look
/// before the search (the root's mate at once, 5D's mate in two) may take
/// of a turn, so that the search has the rest.
pub(crate) fn quarter_of_time_left(deadline: Option<Instant>) -> Option<Instant> {
    deadline.map(|deadline| {
        let now = Instant::now();
        now + deadline.saturating_duration_since(now) / 4
    })
}

/// A game as the search sees it.
pub(crate) trait Domain {
    type State;
    type Move: Clone + PartialEq;

    /// The side to act in `s`.
    fn side(&self, s: &Self::State) -> Color;
    /// The result if play is over in `s`: `Some(None)` for a draw.
    fn outcome(&self, s: &Self::State) -> Option<Option<Color>>;
    /// A key identifying `s` (equal states, equal keys), for the
    /// transposition table.
    fn key(&self, s: &Self::State) -> u64;
    /// The key for repetitions: equal for states the variant's rules count
    /// as the same position (without what only names a board, such as its
    /// label); `key`, the state's [`Domain::key`], where nothing needs
    /// leaving out.
    fn repetition_key(&self, s: &Self::State, key: u64) -> u64 {
        let _ = s;
        key
    }
    /// The moves in `s` (at `ply` from the root), in a fixed order; with
    /// `truncated` set when the domain kept only a sample.
    fn moves(&mut self, s: &Self::State, ply: usize, out: &mut Vec<Self::Move>) -> bool;
    /// The state after `m`; `None` if the rules refused it.
    fn play(&mut self, s: &Self::State, m: &Self::Move) -> Option<Self::State>;
    /// The static evaluation for the side to act (the search holds it
    /// within [`crate::score::EVALUATION_BOUND`]).
    fn evaluate(&mut self, s: &Self::State) -> i32;
    /// The score of a state with no moves (checkmate or stalemate).
    fn no_moves(&self, s: &Self::State, ply: usize) -> i32 {
        let _ = (s, ply);
        0
    }
    /// Whether the side to act is in check (extends the search).
    fn in_check(&self, _s: &Self::State) -> bool {
        false
    }

    /// Whether a level plays `m` by reflex wherever its search finds it
    /// about as good as the best ([`choice::REFLEX`]).
    fn reflex(&self, _s: &Self::State, _m: &Self::Move) -> bool {
        false
    }
    /// Centipawns a shallow look ([`choice::Look`]) counts against `m`
    /// beyond its one-ply score when it ranks the moves a level may choose
    /// among: what a player sees at a glance that the evaluation does not
    /// weigh. Only the ranking: the searched scores the level chooses by
    /// stay as they are.
    fn doubt(&self, _s: &Self::State, _m: &Self::Move) -> i32 {
        0
    }
    /// An ordering bonus for captures (victim first, then the cheapest
    /// attacker), below 0 for a capture that loses material (searched
    /// after the quiet moves); `None` for a quiet move.
    fn capture_order(&self, _s: &Self::State, _m: &Self::Move) -> Option<i32> {
        None
    }
    /// A slot in the history table (below [`HISTORY`]), if the domain
    /// keeps history.
    fn history_slot(&self, _s: &Self::State, _m: &Self::Move) -> Option<usize> {
        None
    }
    /// Captures (and queen promotions) for the quiescence search, `depth`
    /// plies into it; `false` if the domain has none there, and the
    /// evaluation stands.
    fn captures(&mut self, _s: &Self::State, _depth: usize, _out: &mut Vec<Self::Move>) -> bool {
        false
    }
    /// How many of a quiescence node's captures are searched, the best by
    /// their child's static evaluation (where [`Domain::order_by_evaluation`]
    /// holds).
    fn quiescence_width(&self) -> usize {
        usize::MAX
    }
    /// What `m` wins (below 0: loses) in material if both sides then take
    /// on its square (the static exchange), where the domain can tell.
    fn exchange(&self, _s: &Self::State, _m: &Self::Move) -> Option<i32> {
        None
    }
    /// Whether the quiescence search may skip capture `m` when standing
    /// pat scores `stand` against `alpha`: it cannot raise alpha, or it
    /// loses material.
    fn futile(&self, _s: &Self::State, _m: &Self::Move, _stand: i32, _alpha: i32) -> bool {
        false
    }
    /// The state with the turn passed, for null-move pruning.
    fn null_move(&self, _s: &Self::State) -> Option<Self::State> {
        None
    }
    /// An action that wins at once in `s`, where the domain checks
    /// ([`guard`]): one of `known` first, else any other the rules list
    /// but those in `weighed` (the search makes them itself). Where the
    /// look takes time (5D chess), it gives up at `until`, else at the
    /// domain's own deadline, and where the domain's work for such looks
    /// is spent.
    fn winning_move(
        &mut self,
        _s: &Self::State,
        _known: &[Self::Move],
        _weighed: &[Self::Move],
        _until: Option<Instant>,
    ) -> Option<Self::Move> {
        None
    }
    /// A move of the side to act in `s` after which every reply the
    /// domain tries has a reply that wins at once: a net, which the other
    /// side walked into with the move that made `s` (or, where the domain
    /// looks further, a move that threatens one). The guard asks it of
    /// up to [`Domain::net_checks`] moves it is about to play, once no
    /// reply wins against one at once ([`guard`]), and plays the next where
    /// one is found. Wins found go into `known`, tried first. Where the
    /// look takes time, it gives up at `until`, else at the domain's own
    /// deadline. None by default.
    fn net(
        &mut self,
        _s: &Self::State,
        _known: &mut Vec<Self::Move>,
        _until: Option<Instant>,
    ) -> Option<Self::Move> {
        None
    }
    /// How many moves the guard may ask [`Domain::net`] of in one search:
    /// none by default.
    fn net_checks(&self) -> usize {
        0
    }
    /// The longest a look for a move that wins at once
    /// ([`Domain::winning_move`]) took so far: the guard's check of the
    /// move chosen costs about as much. Nothing by default.
    fn look_time(&self) -> Duration {
        Duration::ZERO
    }
    /// Moves beyond those the search weighed, to try in this order where
    /// each of those has a reply that wins at once ([`guard`]): a defence
    /// a player looks for when every natural move loses. Made as the guard
    /// asks (it stops at the first that holds). None by default.
    fn escapes<'s>(&mut self, _s: &'s Self::State) -> Box<dyn Iterator<Item = Self::Move> + 's>
    where
        Self::Move: 's,
    {
        Box::new(std::iter::empty())
    }
    /// Whether to make every child first and order by its evaluation.
    fn order_by_evaluation(&self) -> bool {
        false
    }
    /// The nodes' worth of work the domain did past the states it made
    /// since last asked, charged to the search's budget: where one state
    /// costs a hundred times another to make (5D's mate judged in a
    /// multiverse of many timelines in check), a budget of states alone
    /// held a level-8 turn for minutes. None by default.
    fn extra_work(&mut self) -> u64 {
        0
    }
    /// How many states the search visits between looks at the clock: a
    /// look costs about what a chess node does, and where
    /// a node costs milliseconds (5D of many timelines) 256 of them ran
    /// seconds past the deadline.
    fn clock_every(&self) -> u64 {
        256
    }
    /// Whether late quiet moves may be searched shallower first.
    fn reductions(&self) -> bool {
        false
    }
    /// Whether the search may prune forward where the static evaluation
    /// says a node or a quiet move cannot matter (reverse futility,
    /// futility, late moves) and reduce by the logarithmic table: for a
    /// domain whose evaluation is cheap and trusted (FIDE chess).
    fn pruning(&self) -> bool {
        false
    }
}

/// Which root moves a search may choose.
pub(crate) type Allowed<'f, M> = &'f dyn Fn(&M) -> bool;

/// Half the aspiration window, in centipawns.
const ASPIRATION_WINDOW: i32 = 40;

/// Root children kept made between iterations.
const KEPT_ROOT_CHILDREN: usize = 256;

/// A root move, its child while kept made, and the child's static
/// evaluation.
type RootMove<D> = (<D as Domain>::Move, Option<<D as Domain>::State>, i32);

/// History table slots.
pub(crate) const HISTORY: usize = 2 * 64 * 64;
const MAX_PLY: usize = 96;

/// How long a search of moves `M` may go on.
pub(crate) struct Limits<'a, M> {
    pub depth: u32,
    pub nodes: u64,
    pub deadline: Option<Instant>,
    /// No new iteration starts past this.
    pub soft: Option<Instant>,
    pub stop: Option<&'a AtomicBool>,
    /// Told after each completed iteration: depth, score, nodes and the
    /// best move so far (the domain's move).
    pub progress: Option<Progress<'a, M>>,
    /// Whether every listed root move is checked for one that wins at
    /// once, and the move chosen against every listed reply ([`guard`];
    /// not where a rules learner plays its own).
    pub guard: bool,
}

impl<'a, M> Limits<'a, M> {
    /// A search to `depth`, with no other limit (the tests').
    #[cfg(test)]
    pub(crate) fn to_depth(depth: u32) -> Limits<'a, M> {
        Limits {
            depth,
            nodes: u64::MAX,
            deadline: None,
            soft: None,
            stop: None,
            progress: None,
            guard: false,
        }
    }

    /// The same limits for a search of other moves, told nothing (the
    /// multiverse's branch chess: its board moves are not the variant's
    /// actions, which progress is reported in).
    pub(crate) fn unreported<N>(self) -> Limits<'a, N> {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            deadline: self.deadline,
            soft: self.soft,
            stop: self.stop,
            progress: None,
            guard: self.guard,
        }
    }
}

/// A report after each completed iteration.
pub(crate) type Progress<'a, M> = &'a dyn Fn(u32, i32, u64, &M);

/// A search asked of a variant's profile (`Profiled::search`), which runs
/// it on the state as its variant searches: through the rules face, or
/// its own (`lib.rs` writes each).
pub struct Job<'a, R: Rules> {
    pub(crate) settings: &'a Settings,
    /// The level whose sight the search has: the player's, the top
    /// level's for a judgement.
    pub(crate) sight: chronomate_rules::Level,
    pub(crate) pick: choice::Pick,
    /// The table kept from the last search of the game (FIDE chess).
    pub(crate) memory: Option<&'a crate::Memory>,
    pub(crate) limits: Limits<'a, R::Action>,
    /// The level's seed, for samples and the choice.
    pub(crate) seed: u64,
    /// The repetition keys of the game's states before this one.
    pub(crate) prior: &'a [u64],
}

/// What a search found at the root.
#[derive(Clone, Debug)]
pub(crate) struct Found<M> {
    pub best: M,
    /// For the side to act at the root.
    pub score: i32,
    /// The deepest completed iteration (0 if none completed).
    pub depth: u32,
    pub nodes: u64,
}

pub(crate) struct Search<'a, D: Domain> {
    pub domain: D,
    limits: Limits<'a, D::Move>,
    /// States visited.
    nodes: u64,
    /// The domain's work past the states visited, in nodes
    /// ([`Domain::extra_work`]): the budget counts it; `nodes`, which the
    /// search reports, does not.
    charged: u64,
    aborted: bool,
    /// The node budget applies once the first iteration is complete.
    budget_armed: bool,
    table: Table,
    killers: Vec<[Option<D::Move>; 2]>,
    history: Vec<i32>,
    /// Repetition keys of the states from the root to the current node.
    path: Vec<u64>,
    /// Repetition keys of the game's states before the root.
    prior: Vec<u64>,
    /// Root moves searched past the first iteration (see [`Search::beam`]).
    beam: usize,
    spare: node::Spare<D>,
    /// The deadline the guard keeps to: the limits' own, where the
    /// search's was brought forward to leave the guard its time
    /// ([`Search::leave_time_to_guard`]).
    guard_deadline: Option<Instant>,
    /// The time the guard has after the search whenever the search ends
    /// (twice the root's look for a move that wins at once,
    /// [`Search::leave_time_to_guard`]): the search overruns its deadline
    /// by a node's time, and where that was more than what it left the
    /// guard, the guard's check of a timed 5D turn gave up before it began
    /// and the turn was played unchecked, into a mate at once
    /// (docs/engine-journal.md, issue 49, "The guard's own time").
    guard_look: Duration,
}

impl<'a, D: Domain> Search<'a, D> {
    pub(crate) fn new(
        domain: D,
        limits: Limits<'a, D::Move>,
        table: Table,
        prior: Vec<u64>,
    ) -> Self {
        Search {
            domain,
            guard_deadline: limits.deadline,
            guard_look: Duration::ZERO,
            limits,
            nodes: 0,
            charged: 0,
            aborted: false,
            budget_armed: false,
            table,
            killers: vec![[None, None]; MAX_PLY + 2],
            history: vec![0; HISTORY],
            path: Vec::with_capacity(MAX_PLY + 2),
            prior,
            beam: usize::MAX,
            spare: node::Spare::default(),
        }
    }

    /// The table, to keep for the next search.
    pub(crate) fn into_table(self) -> Table {
        self.table
    }

    /// Searches only the `beam` best root moves of the first iteration
    /// (every move one ply, then ordered by score) in the deeper ones:
    /// where a state has hundreds or thousands of actions (Traveler's
    /// explosions, Many Worlds' splits) a full-width second ply costs more
    /// than a level's whole budget, and the search would never get past
    /// one ply. The others keep their one-ply score and are not chosen.
    pub(crate) fn beam(mut self, beam: usize) -> Self {
        self.beam = beam.max(1);
        self
    }

    /// Brings the search's deadline forward by twice `check`, what the
    /// root's own look for a move that wins at once took: after the search
    /// the guard checks the chosen move against every reply, which costs
    /// about as much (seconds in a 5D multiverse of many timelines,
    /// nothing on one board), then looks for a net after it, and where it
    /// loses, at the next moves and the escapes, keeping to the limits'
    /// own deadline ([`Search::guard_out_of_time`]), or the same time after
    /// the search where the search ended later ([`Search::start_guard`]).
    fn leave_time_to_guard(&mut self, check: Duration) {
        if !self.limits.guard {
            return;
        }
        self.guard_look = check * 2;
        if let Some(deadline) = self.limits.deadline {
            let now = Instant::now();
            let early = deadline
                .checked_sub(self.guard_look)
                .map_or(now, |early| early.max(now));
            self.limits.deadline = Some(early);
            self.limits.soft = self.limits.soft.map(|soft| soft.min(early));
        }
    }

    /// Whether the deadline has passed or a stop was asked.
    fn out_of_time(&self) -> bool {
        self.limits.deadline.is_some_and(|d| Instant::now() >= d) || self.stopped()
    }

    /// Whether the guard's deadline has passed or a stop was asked: the
    /// limits' own, not the search's brought forward. Kept to the search's,
    /// already passed when the guard began on a clock, a timed turn was
    /// checked once for a reply that wins at once, and never for a net
    /// nor, where it lost, for another move.
    fn guard_out_of_time(&self) -> bool {
        self.guard_deadline.is_some_and(|d| Instant::now() >= d) || self.stopped()
    }

    /// Moves the guard's deadline past the limits' own where the search,
    /// ending now, left the guard less than its time
    /// ([`Search::guard_look`]).
    fn start_guard(&mut self) {
        let floor = Instant::now() + self.guard_look;
        self.guard_deadline = self.guard_deadline.map(|d| d.max(floor));
    }

    fn stopped(&self) -> bool {
        self.limits.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The node budget spent: the states visited and the work charged.
    fn spent(&self) -> u64 {
        self.nodes + self.charged
    }

    fn tick(&mut self) {
        self.nodes += 1;
        self.charged += self.domain.extra_work();
        if self.budget_armed && self.spent() >= self.limits.nodes {
            self.aborted = true;
        }
        if self.nodes.is_multiple_of(self.domain.clock_every().max(1)) && self.out_of_time() {
            self.aborted = true;
        }
    }

    /// The domain's static evaluation of `s`, held within
    /// [`crate::score::EVALUATION_BOUND`]: every score the search takes in
    /// comes through here.
    pub(super) fn static_eval(&mut self, s: &D::State) -> i32 {
        crate::score::bounded(self.domain.evaluate(s))
    }

    /// Searches `root`, choosing among `allowed` moves when given (the
    /// multiverse restricts a branch's chess search to the moves its rules
    /// allow). With a temperature (`pick`), every root move that could be
    /// chosen gets an exact score (those more than [`choice::WINDOW`]
    /// temperatures below the best only a bound), and the choice is drawn
    /// among the moves of the last completed iteration by their scores,
    /// each score once, as the first in the search's order
    /// ([`choice::choose`], [`choice::Ties::First`]); without, it is the
    /// best. A glance chooses by the root moves' static evaluations
    /// instead. Where the pick's look narrows, both choose among the moves
    /// its first iteration ranks best ([`choice::Look`]; the search's best
    /// too).
    pub(crate) fn run(
        &mut self,
        root: &D::State,
        allowed: Option<Allowed<'_, D::Move>>,
        pick: choice::Pick,
        rng: &mut Rng,
    ) -> Option<Found<D::Move>> {
        let temperature = if pick.glance.is_some() {
            0
        } else {
            pick.temperature
        };
        let mut moves = Vec::new();
        // A sample can leave out a quiet mate (`finish`); where every move
        // is searched, the first iteration finds it.
        let sampled = self.domain.moves(root, 0, &mut moves);
        if let Some(allowed) = allowed {
            moves.retain(|m| allowed(m));
        }
        let looked = Instant::now();
        if sampled && let Some(found) = self.finish(root, &moves, allowed) {
            return Some(found);
        }
        if sampled {
            // The look may have been made before the search, on the same
            // domain (`Job::fived`), and not again.
            self.leave_time_to_guard(looked.elapsed().max(self.domain.look_time()));
        }
        let side = self.domain.side(root);
        let root_key = self.domain.repetition_key(root, self.domain.key(root));
        let mut root_moves: Vec<RootMove<D>> = Vec::with_capacity(moves.len());
        for m in moves {
            // Making a child of a large 5D multiverse decides whether it
            // mates (milliseconds): past the deadline, the moves made stand.
            if !root_moves.is_empty() && self.out_of_time() {
                break;
            }
            self.nodes += 1;
            if let Some(child) = self.domain.play(root, &m) {
                let eval = self.child_eval(side, &child);
                // Past the first few hundred, children are made again when
                // searched (in Many Worlds a root has thousands).
                let keep = root_moves.len() < KEPT_ROOT_CHILDREN;
                root_moves.push((m, keep.then_some(child), eval));
            }
        }
        if root_moves.is_empty() {
            return None;
        }
        // The band below the best within which a move may be chosen.
        let window = if temperature > 0 {
            temperature.saturating_mul(choice::WINDOW)
        } else {
            0
        };
        // First order: the static evaluation of each child.
        let mut order: Vec<usize> = (0..root_moves.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(root_moves[i].2));
        // Only the most promising children stay made, to keep memory small.
        for &i in order.iter().skip(KEPT_ROOT_CHILDREN) {
            root_moves[i].1 = None;
        }
        let mut best = order[0];
        let mut best_score = root_moves[best].2;
        let mut scores: Vec<i32> = root_moves.iter().map(|r| r.2).collect();
        // Whether each score is exact (not a bound from a window).
        let mut exact = vec![true; root_moves.len()];
        let mut completed = 0;
        // The moves the level may choose among, by its shallow look (the
        // first iteration; `choice::Look`); every move where it does not
        // narrow.
        // With those within its reach, among which the search's best may be
        // chosen (`choice::Look::near`).
        let mut looked: Option<(Vec<bool>, Vec<bool>)> = None;
        self.path.clear();
        self.path.push(root_key);
        let max_depth = self.limits.depth.max(1);
        for depth in 1..=max_depth {
            let mut alpha = -INFINITY;
            let mut iteration_best: Option<(usize, i32)> = None;
            let mut iteration_scores = scores.clone();
            let mut iteration_exact = vec![false; root_moves.len()];
            let mut finished = true;
            let width = if depth >= 2 { self.beam } else { usize::MAX };
            // The shallow look scores every move within its reach exactly
            // (and a glance's search, which otherwise has no window).
            let band = if depth == 1 && pick.look.narrows() {
                window.max(pick.look.reach)
            } else {
                window
            };
            for (n, &i) in order.iter().take(width).enumerate() {
                if root_moves[i].1.is_none() {
                    let Some(c) = self.domain.play(root, &root_moves[i].0) else {
                        continue;
                    };
                    root_moves[i].1 = Some(c);
                }
                let Some(child) = root_moves[i].1.take() else {
                    continue;
                };
                let d = depth as i32 - 1;
                let (score, is_exact) = if band > 0 {
                    // A move more than the window below the best so far
                    // can never be chosen: a fail-low bound is enough.
                    let floor = iteration_best.map_or(-INFINITY, |(_, b)| {
                        b.saturating_sub(band + 1).max(-INFINITY)
                    });
                    let s = self.child_value(side, &child, d, floor, INFINITY, 1);
                    (s, s > floor)
                } else if n == 0 {
                    // An aspiration window around the last iteration's
                    // score; searched again in full where the score falls
                    // outside it.
                    let aspire = completed >= 3 && best_score.abs() < MATE_BOUND;
                    let (lo, hi) = if aspire {
                        (
                            best_score - ASPIRATION_WINDOW,
                            best_score + ASPIRATION_WINDOW,
                        )
                    } else {
                        (-INFINITY, INFINITY)
                    };
                    let mut s = self.child_value(side, &child, d, lo, hi, 1);
                    if aspire && (s <= lo || s >= hi) && !self.aborted {
                        s = self.child_value(side, &child, d, -INFINITY, INFINITY, 1);
                    }
                    (s, true)
                } else {
                    let s = self.child_value(side, &child, d, alpha, alpha + 1, 1);
                    if s > alpha && !self.aborted {
                        (self.child_value(side, &child, d, alpha, INFINITY, 1), true)
                    } else {
                        (s, false)
                    }
                };
                if n < KEPT_ROOT_CHILDREN {
                    root_moves[i].1 = Some(child);
                }
                if self.aborted {
                    finished = false;
                    break;
                }
                iteration_scores[i] = score;
                iteration_exact[i] = is_exact;
                if iteration_best.is_none_or(|(_, s)| score > s) {
                    iteration_best = Some((i, score));
                }
                alpha = alpha.max(score);
            }
            if !finished && window == 0 {
                // A partial iteration searched the old best first: the best
                // it found is at least as well founded as the old one.
                if let Some((i, s)) = iteration_best {
                    best = i;
                    best_score = s;
                }
            }
            // Once the first iteration is complete (every root move
            // scored), the node budget may end the search.
            self.budget_armed = true;
            if self.spent() >= self.limits.nodes {
                self.aborted = true;
            }
            if finished {
                completed = depth;
                scores = iteration_scores;
                exact = iteration_exact;
                // Past the first iteration only the beam was searched: it
                // stays first, ordered by its new scores.
                let searched = if depth >= 2 { self.beam } else { usize::MAX };
                let searched = searched.min(order.len());
                order[..searched].sort_by_key(|&i| std::cmp::Reverse(scores[i]));
                best = order[0];
                best_score = scores[best];
                if depth == 1 && pick.look.narrows() {
                    // The look ranks by the one-ply scores less each
                    // move's doubt (`Domain::doubt`).
                    let seen: Vec<i32> = scores
                        .iter()
                        .zip(&root_moves)
                        .map(|(&s, r)| s.saturating_sub(self.domain.doubt(root, &r.0)))
                        .collect();
                    let mut by_look = order.clone();
                    by_look.sort_by_key(|&i| std::cmp::Reverse(seen[i]));
                    looked = Some((
                        pick.look.candidates(&by_look, &seen, &exact),
                        pick.look.near(&by_look, &seen, &exact),
                    ));
                }
                if let Some(progress) = self.limits.progress {
                    progress(depth, best_score, self.nodes, &root_moves[best].0);
                }
            }
            if self.aborted || (window == 0 && best_score.abs() >= MATE_BOUND) {
                break;
            }
            // Past the soft deadline a new iteration would not finish in
            // time: the time left is kept for later moves.
            if self.limits.soft.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        if window > 0 && completed > 0 {
            // The moves of the last completed iteration (past the first,
            // the beam), scored exactly and within the window.
            let searched = if completed >= 2 {
                self.beam
            } else {
                usize::MAX
            };
            let candidates: Vec<(usize, i32)> = order
                .iter()
                .take(searched)
                .filter(|&&i| {
                    exact[i]
                        && scores[i] >= best_score.saturating_sub(window)
                        && looked
                            .as_ref()
                            .is_none_or(|(l, near)| l[i] || (i == best && near[i]))
                })
                .map(|&i| {
                    let reflex = self.domain.reflex(root, &root_moves[i].0);
                    let lift = if reflex {
                        temperature.saturating_mul(choice::REFLEX)
                    } else {
                        0
                    };
                    (i, scores[i].saturating_add(lift))
                })
                .collect();
            if let Some(chosen) = choice::choose(&candidates, temperature, choice::Ties::First, rng)
            {
                best = chosen;
                best_score = scores[chosen];
            }
        }
        if let Some(t) = pick.glance.filter(|&t| t > 0) {
            // Every root move, by its static evaluation alone.
            let top = root_moves.iter().map(|r| r.2).max().unwrap_or(0);
            let floor = top.saturating_sub(t.saturating_mul(choice::WINDOW));
            // Among the moves that looked good at the shallow look, where
            // the level narrows.
            let candidates: Vec<(usize, i32)> = (0..root_moves.len())
                .filter(|&i| root_moves[i].2 >= floor && looked.as_ref().is_none_or(|(l, _)| l[i]))
                .map(|i| (i, root_moves[i].2))
                .collect();
            if let Some(chosen) = choice::choose(&candidates, t, choice::Ties::Drawn, rng) {
                best = chosen;
                best_score = scores[chosen];
            }
        }
        if let Some(other) = self.guard(root, &mut root_moves, &mut scores, &order, best) {
            best = other;
            best_score = scores[other];
        }
        let nodes = self.nodes;
        let (mv, _, _) = root_moves.swap_remove(best);
        Some(Found {
            best: mv,
            score: best_score,
            depth: completed,
            nodes,
        })
    }

    /// A child's static evaluation, for its parent's side.
    fn child_eval(&mut self, parent: Color, child: &D::State) -> i32 {
        let side = self.domain.side(child);
        if let Some(result) = self.domain.outcome(child) {
            return terminal(result, parent, 1);
        }
        let e = self.static_eval(child);
        if side == parent { e } else { -e }
    }

    /// The value of `child` for the parent's side, searched `depth` more
    /// plies with the parent's window.
    fn child_value(
        &mut self,
        parent: Color,
        child: &D::State,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.domain.side(child) == parent {
            self.negamax(child, depth, alpha, beta, ply)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply)
        }
    }

    /// Whether the state at `ply` with repetition key `key` draws: it
    /// repeats one since the root (the search would only go round), or it
    /// is the third occurrence in the game (twice before the root). One
    /// occurrence before the root is not a draw: the game may go on from
    /// the second.
    fn is_repetition(&self, key: u64, ply: usize) -> bool {
        ply > 0
            && (self.path[..ply].contains(&key)
                || self.prior.iter().filter(|&&k| k == key).count() >= 2)
    }
}
