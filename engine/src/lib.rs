//! Chronomate's engine: an opponent and an analyst for every variant,
//! through the rules face alone. Pure like the rules: no IO, no async (a
//! time budget reads the clock, nothing else).
//!
//! # For the host
//!
//! - [`choose`]: the action the engine plays in a game, in canonical
//!   notation; `None` once the game is over.
//! - [`think`]: the same with its score, depth and node count, and finer
//!   [`Limits`] (a stop flag, a node or depth limit).
//! - [`analyse`]: an [`Evaluation`] of every position of a record, for a
//!   chart of the game.
//! - [`self_play`]: a whole game between two levels, for matches and tests.
//! - [`elo`]: the Elo difference a match's score shows, with its error.
//! - [`Player`], [`play_game`]: a level or a baseline ([`random_action`],
//!   [`greedy_action`]) on each side, to measure the levels against.
//!
//! Searches are CPU-bound and take up to a few seconds at level 8: run them
//! off the async runtime (`spawn_blocking`), one per core.
//!
//! # Reproducible
//!
//! A level fixes a depth, a node budget and a temperature, how far it
//! strays from the best move ([`Level`]); a seed fixes its choices, the
//! samples and level 1's moves at random. The same state, level and seed give the same action
//! whenever no time limit (`millis`) cuts the search short: a time limit
//! only ever shortens it.
//!
//! # How it plays each variant
//!
//! Each variant has one profile, [`Profiled`] implemented for its rules
//! type (`engine/src/profile.rs`): the search it runs, its evaluation, its
//! forcing actions, whether its states repeat, and its level tuning (node
//! cost, depths and budgets, temperatures, and whether level 1 plays at
//! random). What a profile does not say is the trait's default, the
//! generic profile.
//!
//! | variant | search | evaluation |
//! |---|---|---|
//! | standard | alpha-beta on FIDE positions: quiescence, null move, LMR, Zobrist table | material, piece-square tables, mobility, king safety, pawns |
//! | traveler, gifford, temporal | alpha-beta through the face, children ordered by evaluation, table and repetitions keyed by the state (the rules' own keys where they keep them), a beam of the best root actions past the first ply, captures kept first by victim where sampled; in Gifford and Temporal a quiescence search of forcing actions after a capture | per variant, from the state (engine/src/eval) |
//! | manyworlds | the same, with the actions sampled to the level's width (a turn has thousands) and king captures first | boards' quality and count, king exposure |
//! | multiverse | one board move at a time: the owed branch's chess searched as a FIDE position, travel sampled and judged by the whole multiverse | branch wins and every branch's board |
//! | any other | alpha-beta through the face, keyed by a hash of the view, sampled where wide | material from the view |
//!
//! ## Adding a variant
//!
//! 1. Implement [`Profiled`] for its rules type in
//!    `engine/src/profile.rs`, and give it its arm in `profile::visit`
//!    (neither compiles until both are there): a search (the face's, the
//!    default, works for any variant; a variant whose states the face
//!    cannot search, as the multiverse's million-action turns, overrides
//!    `Profiled::search` with one of its own, written in
//!    `engine/src/search/` and run by a `search::Job` method below), an
//!    evaluation (`eval/`, from the state; `eval::generic` counts
//!    material on the view), its keys (`Profiled::keys`, from the state:
//!    without them the face search makes and hashes a view at every node),
//!    its forcing actions, whether its states repeat, and its
//!    tuning: the node cost (measure it with `examples/ladder.rs
//!    --timing`), the levels' temperatures and whether level 1 plays at
//!    random (a rules learner; built move by move where the rules can list
//!    millions of actions).
//! 2. Measure its ladder (`examples/ladder.rs --variants ID`, players such
//!    as `4@120` for level 4 at temperature 120) and set the temperatures
//!    so that each level scores at least 65% against the one below.
//!
//! An impl that overrides nothing plays with the generic profile: searched
//! through the face, keyed by a hash of its view and material from it.
#![warn(missing_docs, unreachable_pub)]

mod baseline;
mod eval;
pub mod fiveduci;
mod hash;
mod learner;
mod level;
mod matches;
mod owed_moves;
mod profile;
mod rng;
mod score;
mod search;
pub mod texel;
pub mod uci;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chronomate_rules::fived::FiveD;
use chronomate_rules::multiverse::Multiverse;
use chronomate_rules::standard::Chess;
use chronomate_rules::{Color, Game, Options, Outcome, ReplayError, Status};
use serde::{Deserialize, Serialize};

pub use baseline::{GREEDY_WIDTH, Player, Tuned, greedy_action, random_action};
pub use chronomate_rules::{Level, LevelError};
pub use matches::{Elo, MatchGame, Thinking, elo, play_game, self_play};
pub use score::Score;

pub use hash::Keys;
use profile::ProfileVisitor;
pub use profile::Profiled;
use search::choice::Pick;
use search::face::Face;
use search::fide::Fide;
use search::{Found, Job, Search};

/// Keeps the draws of a level's chances (a glance, seeing a threat) apart
/// from the search's choice and samples, which use the same seed.
const CHANCES_SALT: u64 = 0x9a4c_e0d1;

/// How a search stands after an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The iteration just completed, in actions.
    pub depth: u32,
    /// For the side to act.
    pub score: Score,
    /// States visited so far.
    pub nodes: u64,
    /// Time spent so far, in milliseconds.
    pub millis: u64,
    /// The best action so far, in canonical notation.
    pub best: String,
}

/// Called after each completed iteration of a search (UCI prints `info`
/// lines with it).
#[derive(Clone)]
pub struct OnProgress(pub Arc<dyn Fn(&Progress) + Send + Sync>);

impl std::fmt::Debug for OnProgress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OnProgress")
    }
}

/// How hard and how long to think.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The level: depth, node budget and temperature.
    pub level: Level,
    /// Stop after this many milliseconds (only ever shortens the search).
    pub millis: Option<u64>,
    /// Start no new iteration after this many milliseconds (a clock's
    /// share of time for a move; `millis` is then the most it may take).
    pub soft_millis: Option<u64>,
    /// A node budget instead of the level's.
    pub nodes: Option<u64>,
    /// A depth limit instead of the level's.
    pub depth: Option<u32>,
    /// Set from another thread to stop the search now (UCI `stop`); the
    /// best action found so far is returned.
    pub stop: Option<Arc<AtomicBool>>,
    /// Told after each completed iteration.
    pub progress: Option<OnProgress>,
    /// Judging a position (a draw offer, an analysis), not choosing a move
    /// to play: the search's best move and its score, without the level's
    /// temperature or its moves at random.
    pub judging: bool,
    /// A temperature instead of the level's, in centipawns (0: the best
    /// move alone), for tuning the levels.
    pub temperature: Option<u32>,
    /// A share of glances per mille instead of the level's, for tuning
    /// the levels (a glance: the move chosen by the root moves' static
    /// evaluations alone; see `profile::Tuning::glance`).
    pub glance: Option<u16>,
    /// A temperature of glances instead of the variant's, in centipawns,
    /// for tuning the levels.
    pub glance_temperature: Option<u32>,
    /// A chance per mille that the level watches instead of the level's
    /// (plays a listed move that wins at once, checks the move chosen
    /// against every listed reply), for tuning the levels (see
    /// `profile::Tuning::watch`).
    pub watch: Option<u16>,
    /// A shallow look instead of the level's, for tuning the levels: the
    /// level chooses among the `count` best root moves one ply deep (with
    /// their captures), those within `reach` centipawns of the best (`count`
    /// 0: among every move; see `profile::Tuning::look`).
    pub look: Option<(u16, u32)>,
    /// Turns of captures searched past the horizon instead of the level's,
    /// for tuning the levels, where the variant searches them (see
    /// `profile::Profiled::QUIESCENCE`).
    pub quiescence: Option<u32>,
    /// A transposition table kept from the last search of the same game
    /// (FIDE chess; a UCI session keeps one).
    pub memory: Option<Memory>,
}

/// A transposition table kept between the searches of one game: the
/// positions searched for the last move come again, and what was found
/// about them need not be found twice. FIDE chess only (elsewhere each
/// search has its own).
#[derive(Clone, Default)]
pub struct Memory(Arc<Mutex<Option<search::Table>>>);

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memory")
    }
}

impl Memory {
    /// The table kept, if it has `2^bits` entries; a new one otherwise.
    fn take(&self, bits: u32) -> search::Table {
        let kept = self.0.lock().ok().and_then(|mut t| t.take());
        match kept {
            Some(table) if table.len() == 1 << bits.clamp(8, 24) => table,
            _ => search::Table::new(bits),
        }
    }

    /// Keeps `table` for the next search.
    fn keep(&self, table: search::Table) {
        if let Ok(mut t) = self.0.lock() {
            *t = Some(table);
        }
    }
}

impl Limits {
    /// The limits of `level`, and at most `millis` milliseconds.
    pub fn level(level: Level, millis: Option<u64>) -> Limits {
        Limits {
            level,
            millis,
            ..Limits::default()
        }
    }
}

/// What the engine chose, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thought<A> {
    /// The action chosen.
    pub action: A,
    /// How good the state is for the side to act, as far as the search saw.
    pub score: Score,
    /// The deepest completed iteration, in actions.
    pub depth: u32,
    /// States visited.
    pub nodes: u64,
}

/// The action the engine plays now, in canonical notation; `None` once
/// the game is over.
///
/// `level` sets its strength, `seed` its choices and samples (a host passes,
/// say, the game's seed mixed with the number of actions, so that the
/// engine does not repeat itself from game to game); `millis` caps the
/// time. The same game, level and seed give the same action when `millis`
/// does not cut the search short.
///
/// ```
/// use chronomate_engine::{Level, choose};
/// use chronomate_rules::{Game, Variant};
///
/// let mut game = Game::new(Variant::Traveler, 0);
/// let level = Level::new(2).unwrap();
/// let action = choose(&game, level, 0, None).unwrap();
/// assert_eq!(choose(&game, level, 0, None), Some(action.clone()));
/// game.play(&action).unwrap();
/// ```
pub fn choose(game: &Game, level: Level, seed: u64, millis: Option<u64>) -> Option<String> {
    think(game, &Limits::level(level, millis), seed).map(|t| t.action)
}

/// [`choose`], with the score, depth and nodes, and finer limits.
pub fn think(game: &Game, limits: &Limits, seed: u64) -> Option<Thought<String>> {
    think_after(game, limits, seed, &prior_keys(game))
}

/// [`think`] with the keys of the game's earlier states already known.
fn think_after(game: &Game, limits: &Limits, seed: u64, prior: &[u64]) -> Option<Thought<String>> {
    if game.status().is_over() {
        return None;
    }
    profile::visit(
        game,
        Think {
            limits,
            seed,
            prior,
        },
    )
}

/// The engine's choice in a state of a known variant, as that variant's
/// action. `prior` are the keys of earlier states (see [`state_key`]), for
/// repetitions; empty will do.
pub fn think_about<R: Profiled>(
    state: &R,
    limits: &Limits,
    seed: u64,
    prior: &[u64],
) -> Option<Thought<R::Action>> {
    if state.status().is_over() {
        return None;
    }
    think_on(state, limits, seed, prior)
}

/// [`think_about`] whatever the rules say of the game: a draw the rules
/// declare at once (threefold repetition, fifty moves) is only claimable
/// under FIDE's rules, and a UCI GUI may play on. `None` where the
/// search finds no move.
pub(crate) fn think_on<R: Profiled>(
    state: &R,
    limits: &Limits,
    seed: u64,
    prior: &[u64],
) -> Option<Thought<R::Action>> {
    let tuning = &R::TUNING;
    let mut settings = tuning.levels[level::row(limits.level)];
    if let Some(quiescence) = limits.quiescence {
        settings.quiescence = quiescence;
    }
    let nodes = limits
        .nodes
        .unwrap_or_else(|| level::nodes(limits.level, tuning.levels, tuning.node_cost));
    // A time past what the clock can count (a GUI's `go movetime` of
    // 2^63 ms) is no time limit.
    let after = |ms: u64| Instant::now().checked_add(Duration::from_millis(ms));
    let deadline = limits.millis.and_then(after);
    let soft = limits.soft_millis.and_then(after);
    // The level's two chances: a glance, and seeing a threat. Drawn apart
    // from the search's samples, which use the same seed.
    let level = level::row(limits.level);
    let mut draw = rng::Rng::new(rng::mix(seed, CHANCES_SALT));
    let glance = draw.below(1000) < usize::from(limits.glance.unwrap_or(tuning.glance[level]));
    let seer = if limits.judging {
        Level::MAX
    } else {
        limits.level
    };
    let watched =
        draw.below(1000) < usize::from(limits.watch.unwrap_or(tuning.watch[level::row(seer)]));
    let search_limits = search::Limits {
        depth: limits.depth.unwrap_or(settings.depth).max(1),
        nodes,
        deadline,
        soft,
        stop: limits.stop.as_deref(),
        progress: None,
        // At the level's chance of seeing a threat (a judgement sees what
        // the top level sees); a rules learner's move is its own, not the
        // search's.
        guard: watched
            && (limits.judging
                || limits.level != Level::MIN
                || matches!(R::LEARNER, profile::Learner::Thinks)),
    };
    // Progress is reported in the variant's notation, where the search's
    // moves are the variant's actions (not inside the multiverse's chess:
    // `search::Limits::unreported`).
    let start = Instant::now();
    let report = |depth: u32, score: i32, nodes: u64, best: &R::Action| {
        if let Some(on) = &limits.progress {
            (on.0)(&Progress {
                depth,
                score: Score(score),
                nodes,
                millis: start.elapsed().as_millis() as u64,
                best: state.notation(best),
            });
        }
    };
    let search_limits = search::Limits {
        progress: limits
            .progress
            .as_ref()
            .map(|_| &report as search::Progress<'_, R::Action>),
        ..search_limits
    };
    // A position judged (a draw offer, an analysis) gets the search's best
    // and its score; a move played, the level's choice among the moves
    // weighed (now and then a glance), and that move's score.
    let pick = if limits.judging {
        Pick::default()
    } else {
        Pick {
            temperature: limits
                .temperature
                .unwrap_or(tuning.temperature[level])
                .min(i32::MAX as u32) as i32,
            glance: glance.then_some(
                limits
                    .glance_temperature
                    .unwrap_or(tuning.glance_temperature)
                    .min(i32::MAX as u32) as i32,
            ),
            look: limits
                .look
                .map_or(tuning.look[level], |(count, reach)| search::choice::Look {
                    count: usize::from(count),
                    reach: reach.min(i32::MAX as u32) as i32,
                    ..tuning.look[level]
                }),
        }
    };
    let mut thought = state.search(Job {
        settings: &settings,
        sight: seer,
        pick,
        memory: limits.memory.as_ref(),
        limits: search_limits,
        seed,
        prior,
    })?;
    if !limits.judging
        && limits.level == Level::MIN
        && let Some(action) = learner::action(state, seed)
    {
        // The search still ran: its score stays the position's value.
        thought.action = action;
    }
    Some(thought)
}

/// Keeps the search's choice and samples apart from the level's chances
/// and level 1's draw, which use the same seed.
const SEARCH_SALT: u64 = 0x00e1_9b1e;

impl<R: Profiled> Job<'_, R> {
    /// The search's choice in `state` through the rules face (any
    /// variant: [`Profiled::search`]'s default).
    pub(crate) fn face(self, state: &R) -> Option<Thought<R::Action>> {
        let mut rng = rng::Rng::new(rng::mix(self.seed, SEARCH_SALT));
        let face = Face::<R>::new(self.settings, self.seed);
        let root = face.node(state.clone(), false);
        let table = search::Table::new(self.settings.table_bits);
        let mut search =
            Search::new(face, self.limits, table, self.prior.to_vec()).beam(self.settings.beam);
        let found = search.run(&root, None, self.pick, &mut rng)?;
        Some(thought(found))
    }
}

impl Job<'_, Chess> {
    /// The search's choice in a FIDE position, on the position itself,
    /// with the game's kept table where there is one.
    pub(crate) fn fide(self, chess: &Chess) -> Option<Thought<chronomate_rules::chess::Move>> {
        let mut rng = rng::Rng::new(rng::mix(self.seed, SEARCH_SALT));
        let bits = self.settings.table_bits;
        let table = self
            .memory
            .map_or_else(|| search::Table::new(bits), |m| m.take(bits));
        let mut search = Search::new(
            Fide::after(chess.last_move()),
            self.limits,
            table,
            self.prior.to_vec(),
        );
        let found = search.run(chess.position(), None, self.pick, &mut rng);
        if let Some(m) = self.memory {
            m.keep(search.into_table());
        }
        Some(thought(found?))
    }
}

impl Job<'_, FiveD> {
    /// The search's choice in 5D chess: a mate in two proved where the
    /// level looks for one, else a search of the turns built board by
    /// board (`search/fived.rs`).
    pub(crate) fn fived(self, state: &FiveD) -> Option<Thought<chronomate_rules::fived::Action>> {
        let row = level::row(self.sight);
        let (budget, nets) = (level::FIVED_MATES[row], level::FIVED_NETS[row]);
        let threats = level::FIVED_THREATS[row];
        // One domain for the turn: the looks before the search share its
        // work, and its root's look for a mate at once is not made again.
        let mut domain = search::fived::Turns::new(self.settings, self.seed, self.limits.deadline)
            .escaping(level::FIVED_ESCAPES[row])
            .netting(nets)
            .threatened(threats);
        let root = domain.node(state.clone());
        let mut spent = 0;
        if self.limits.guard && budget > 0 {
            let allowance = search::fived::Allowance {
                turns: budget,
                until: search::quarter_of_time_left(self.limits.deadline),
                stop: self.limits.stop,
            };
            let mates = search::fived::mate_in_two(state, &allowance);
            spent = mates.spent;
            if let Some((mut action, mut turns)) = mates.found {
                // A mate in one of many boards' moves, which the builder's
                // checks miss and the rules' list has, comes first.
                if turns > 1
                    && let Some(at_once) =
                        search::Domain::winning_move(&mut domain, &root, &[], &[], None)
                {
                    (action, turns) = (at_once, 1);
                }
                return Some(self.mating(state, action, turns, spent));
            }
        }
        // A net (a turn after which each reply weighed is met by a mate in
        // one) is played where the level looks for nets; its score is the
        // evaluation after it, as it proves no mate. A mate at once comes
        // first: the look for a net passes over the turns that mate, and a
        // net played in their place gives the opponent a turn to escape.
        if self.limits.guard && nets > 0 {
            let until = search::quarter_of_time_left(self.limits.deadline);
            if let Some(action) = search::Domain::winning_move(&mut domain, &root, &[], &[], until)
            {
                return Some(self.mating(state, action, 1, spent));
            }
            if let Some((action, after)) = search::fived::net_to_play(state, until) {
                let score = -eval::fived::evaluate(&after, &chronomate_rules::Rules::turn(&after));
                return Some(self.decided(action, score, 3, spent));
            }
            // A threat of a net next (a mate in three the search does not
            // see), where the level looks for them; scored as a net is.
            if threats > 0
                && let Some((action, after)) = search::fived::threat_to_play(state, threats, until)
            {
                let score = -eval::fived::evaluate(&after, &chronomate_rules::Rules::turn(&after));
                return Some(self.decided(action, score, 5, spent));
            }
        }
        let mut rng = rng::Rng::new(rng::mix(self.seed, SEARCH_SALT));
        let table = search::Table::new(self.settings.table_bits);
        let mut search =
            Search::new(domain, self.limits, table, self.prior.to_vec()).beam(self.settings.beam);
        let mut found = search.run(&root, None, self.pick, &mut rng)?;
        found.nodes += spent;
        Some(thought(found))
    }

    /// A turn that mates in `turns` turns of the side to move in `state`
    /// (2 * turns - 1 plies), decided before the search.
    fn mating(
        &self,
        state: &FiveD,
        action: chronomate_rules::fived::Action,
        turns: u32,
        nodes: u64,
    ) -> Thought<chronomate_rules::fived::Action> {
        let plies = 2 * turns - 1;
        let side = state.to_move();
        let score = score::terminal(Some(side), side, plies as usize);
        self.decided(action, score, plies, nodes)
    }

    /// A turn decided before the search (a mate, a net), reported as the
    /// search reports its own.
    fn decided(
        &self,
        action: chronomate_rules::fived::Action,
        score: i32,
        depth: u32,
        nodes: u64,
    ) -> Thought<chronomate_rules::fived::Action> {
        if let Some(report) = self.limits.progress {
            report(depth, score, nodes, &action);
        }
        Thought {
            action,
            score: Score(score),
            depth,
            nodes,
        }
    }
}

impl Job<'_, Multiverse> {
    /// The search's choice in the multiverse: one board move on the owed
    /// branch (`search/multiverse.rs`).
    pub(crate) fn multiverse(
        self,
        multiverse: &Multiverse,
    ) -> Option<Thought<chronomate_rules::multiverse::Action>> {
        let found = search::multiverse::think(
            multiverse,
            self.settings,
            self.pick,
            self.limits,
            self.seed,
        )?;
        Some(thought(found))
    }
}

/// What a search found, as the engine's thought.
fn thought<A>(found: Found<A>) -> Thought<A> {
    Thought {
        action: found.best,
        score: Score(found.score),
        depth: found.depth,
        nodes: found.nodes,
    }
}

struct Think<'a> {
    limits: &'a Limits,
    seed: u64,
    prior: &'a [u64],
}

impl ProfileVisitor for Think<'_> {
    type Output = Option<Thought<String>>;
    fn visit<R: Profiled>(self, state: &R) -> Self::Output {
        let t = think_about(state, self.limits, self.seed, self.prior)?;
        Some(Thought {
            action: state.notation(&t.action),
            score: t.score,
            depth: t.depth,
            nodes: t.nodes,
        })
    }
}

/// The key the search gives a state for repetitions: the variant's own
/// where its profile has one ([`Profiled::keys`]: FIDE chess's Zobrist
/// key, the rules' repetition keys, 5D's boards), a hash of the view (less
/// its board labels) and turn elsewhere.
pub fn state_key<R: Profiled>(state: &R) -> u64 {
    profile::keys(state).repetition
}

struct Key;

impl ProfileVisitor for Key {
    type Output = u64;
    fn visit<R: Profiled>(self, state: &R) -> u64 {
        state_key(state)
    }
}

struct Repeats;

impl ProfileVisitor for Repeats {
    type Output = bool;
    fn visit<R: Profiled>(self, _: &R) -> bool {
        R::REPEATS
    }
}

/// Whether a state of `game`'s variant can come again, so that the search
/// must know the earlier ones to see a repetition.
fn can_repeat(game: &Game) -> bool {
    profile::visit(game, Repeats)
}

/// The keys of the states a game went through before its present one
/// (none where nothing repeats).
fn prior_keys(game: &Game) -> Vec<u64> {
    if !can_repeat(game) {
        return Vec::new();
    }
    let mut replay = Game::new(game.options().clone(), game.seed());
    let mut keys = Vec::with_capacity(game.record().len());
    for action in game.record() {
        keys.push(profile::visit(&replay, Key));
        if replay.play(action).is_err() {
            break;
        }
    }
    keys
}

/// How the engine saw one position of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evaluation {
    /// Actions played before this position (0: the start).
    pub ply: usize,
    /// The action that led here, as the record writes it.
    pub played: Option<String>,
    /// The side to act here; `None` once the game is over.
    pub to_move: Option<Color>,
    /// From White's point of view; a finished game scores as a forced
    /// result (or 0 for a draw).
    pub score: Score,
    /// What the engine would play here.
    pub best: Option<String>,
    /// The result, once the game is over.
    pub result: Option<Outcome>,
}

/// Evaluates every position of a record: the start, then after each
/// action. Each position is searched within `limits` (its `millis` apply
/// to each position), judged by the search alone (the best move, not a
/// level's choice).
/// Refuses a record that does not replay.
pub fn analyse<S: AsRef<str>>(
    options: impl Into<Options>,
    seed: u64,
    record: &[S],
    limits: &Limits,
) -> Result<Vec<Evaluation>, ReplayError> {
    let options = options.into();
    // An analysis judges positions: a level's choices short of the best
    // would only blur what it shows.
    let limits = &Limits {
        judging: true,
        ..limits.clone()
    };
    // The whole record must replay before anything is searched.
    Game::replay(options.clone(), seed, record.iter().map(|s| s.as_ref()))?;
    let mut game = Game::new(options, seed);
    let mut out = Vec::with_capacity(record.len() + 1);
    let mut played: Option<String> = None;
    // The keys of the states before the present one, kept as the record
    // is walked (`think` would replay the record at every position).
    let mut prior = Vec::with_capacity(record.len());
    for ply in 0..=record.len() {
        if ply > 0 {
            let text = record[ply - 1].as_ref();
            if can_repeat(&game) {
                prior.push(profile::visit(&game, Key));
            }
            match game.play(text) {
                Ok(p) => played = Some(p.notation),
                Err(_) => break,
            }
        }
        let (to_move, score, best, result) = match game.status() {
            Status::Finished(outcome) => {
                let score = match outcome.winner {
                    None => 0,
                    Some(Color::White) => score::MATE,
                    Some(Color::Black) => -score::MATE,
                };
                (None, Score(score), None, Some(outcome))
            }
            Status::Ongoing => {
                let side = game.turn().color;
                let seed_here = rng::mix(seed, ply as u64);
                match think_after(&game, limits, seed_here, &prior) {
                    Some(t) => {
                        let white = match side {
                            Color::White => t.score,
                            Color::Black => t.score.flip(),
                        };
                        (Some(side), white, Some(t.action), None)
                    }
                    None => (Some(side), Score(0), None, None),
                }
            }
        };
        out.push(Evaluation {
            ply,
            played: played.clone(),
            to_move,
            score,
            best,
            result,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chronomate_rules::Variant;

    /// What the opponent wins at once after `level` plays in the FIDE
    /// position `fen` with `seed`: the best static exchange of a capture
    /// it then has, less what the move itself took. `temperature` and
    /// `look` replace the level's where given.
    fn left_en_prise(
        fen: &str,
        level: u8,
        seed: u64,
        temperature: Option<u32>,
        look: Option<(u16, u32)>,
    ) -> i32 {
        use chronomate_rules::chess::Move;
        let chess = Chess::from_fen(fen).expect("a position");
        let limits = Limits {
            look,
            temperature,
            ..Limits::level(Level::new(level).expect("a level"), None)
        };
        let thought = think_on(&chess, &limits, seed, &[]).expect("a move");
        let taken = thought.action.capture().map_or(0, eval::fide::value);
        let mut after = *chess.position();
        after.play_unchecked(&thought.action);
        let mut worst = 0;
        after.for_each_legal_capture_or_promotion(|reply: Move| {
            if reply.is_capture() {
                worst = worst.max(search::fide::see(&after, &reply));
            }
        });
        worst - taken
    }

    /// Quiet positions, nothing en prise, where many moves leave a man
    /// to a capture.
    const QUIET: [&str; 2] = [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/3P1B2/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    ];

    #[test]
    fn no_level_from_3_up_leaves_a_man_en_prise_to_a_one_ply_look() {
        for fen in QUIET {
            for level in 3..=6 {
                for seed in 0..10 {
                    let lost = left_en_prise(fen, level, seed, None, None);
                    assert!(lost < 200, "level {level} seed {seed} in {fen}: {lost}");
                }
            }
            // Level 2 looks less far: never a piece for nothing.
            for seed in 0..10 {
                let lost = left_en_prise(fen, 2, seed, None, None);
                assert!(lost < 300, "level 2 seed {seed} in {fen}: {lost}");
            }
            // However warm: the look holds the choice to its few best.
            for seed in 0..10 {
                let lost = left_en_prise(fen, 3, seed, Some(2_000), None);
                assert!(lost < 200, "level 3 at 2000 seed {seed} in {fen}: {lost}");
            }
        }
        // Choosing among every move by the softmax alone (as every level
        // did before issue 48), a warm level leaves men en prise here
        // (pawns: these positions have few pieces to lose at once).
        let hung = QUIET
            .iter()
            .flat_map(|fen| {
                (0..10).map(move |seed| left_en_prise(fen, 3, seed, Some(2_000), Some((0, 0))))
            })
            .filter(|&lost| lost >= 100)
            .count();
        assert!(hung > 0, "the positions test nothing");
    }

    #[test]
    fn analysis_sees_each_position_as_a_search_from_the_game_does() {
        // Knights out and back: later positions repeat earlier ones, so the
        // keys of what came before matter to the search.
        let record = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
        let limits = Limits {
            judging: true,
            ..Limits::level(Level::new(4).expect("a level"), None)
        };
        for variant in [Variant::Standard, Variant::Gifford] {
            let evals = analyse(variant, 5, &record, &limits).expect("replays");
            let mut game = Game::new(variant, 5);
            for (ply, eval) in evals.iter().enumerate() {
                if ply > 0 {
                    game.play(record[ply - 1]).expect("legal");
                }
                if game.status().is_over() {
                    assert!(
                        eval.best.is_none() && eval.result.is_some(),
                        "{variant} ply {ply}"
                    );
                    continue;
                }
                let alone = think(&game, &limits, rng::mix(5, ply as u64));
                assert_eq!(
                    eval.best,
                    alone.clone().map(|t| t.action),
                    "{variant} ply {ply}"
                );
                let score = alone.map(|t| match game.turn().color {
                    Color::White => t.score,
                    Color::Black => t.score.flip(),
                });
                assert_eq!(Some(eval.score), score, "{variant} ply {ply}");
            }
        }
    }
}
