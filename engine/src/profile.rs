//! How the engine plays each variant: [`Profiled`], implemented for each
//! variant's rules type. The search it runs, the evaluation, what it
//! counts as forcing, whether states can repeat, and how its levels are
//! tuned. Nothing else in the engine names a variant to decide how to play
//! it.
//!
//! The trait's defaults are the generic profile: searched through the
//! rules face, keyed and evaluated (material) from its view, no forcing
//! actions, FIDE chess's level chances at a middling node cost
//! ([`GENERIC`]). Every variant hosted today evaluates its states itself
//! ([`Profiled::evaluate`]) and keys them itself ([`Profiled::keys`]), but
//! the multiverse, which is never keyed: no state of it repeats, and its
//! search has no table over whole states. So no search makes a view; the
//! view's keys (`hash.rs`) and material remain the generic profile's, for
//! a new variant until it has its own. The engine's entry
//! points take `R: Profiled`, so a variant whose rules type has no impl
//! does not compile, and [`visit`] reaches a game's state as its own type
//! by one arm a variant.

use std::hash::Hasher;

use chronomate_rules::fived::FiveD;
use chronomate_rules::gifford::Gifford;
use chronomate_rules::manyworlds::ManyWorlds;
use chronomate_rules::multiverse::Multiverse;
use chronomate_rules::standard::Chess;
use chronomate_rules::temporal::TemporalChess;
use chronomate_rules::traveler::TravelerChess;
use chronomate_rules::{Color, Game, Rules, Turn, VariantState};

use crate::Thought;
use crate::eval;
use crate::hash::{KeyHasher, Keys, view_keys};
use crate::level::{self, Levels};
use crate::owed_moves;
use crate::search::Job;
use crate::search::choice::Look;

/// How the engine plays a variant, implemented for its rules type. Every
/// item has a default, the generic profile: a variant plays with it until
/// it has its own.
pub trait Profiled: Rules {
    /// What a level does differently in the variant ([`GENERIC`] by
    /// default).
    const TUNING: Tuning = GENERIC;

    /// How level 1 plays: it thinks by default ([`Learner::GENERIC`]).
    const LEARNER: Learner<Self> = Learner::GENERIC;

    /// Whether forcing actions are searched past the horizon (the face
    /// search; FIDE chess and the multiverse's branch chess always search
    /// captures to the end). Measured (same level and depth, with and
    /// without, 40 games): Gifford 78-89% with it; Temporal 50% (kept: its
    /// actions list in microseconds); Many Worlds 55% over 20 games, and
    /// its top level then took 2.6 s a move (left out); Traveler left out,
    /// as listing a state's actions costs milliseconds there (its
    /// explosions), which a search can afford at a few nodes, not at every
    /// capture's leaf. Off by default.
    const QUIESCENCE: bool = false;

    /// Whether a state can come again, so that the search must know the
    /// game's earlier states (not in the multiverse: every action adds a
    /// board). Yes by default.
    const REPEATS: bool = true;

    /// The search's choice in this state. By default through the rules
    /// face (clone, apply, the state's keys: `search/face.rs`), which
    /// works for any variant; a variant whose states the face cannot
    /// search well runs its own (FIDE chess on its positions, the
    /// multiverse one board move at a time).
    fn search(&self, job: Job<'_, Self>) -> Option<Thought<Self::Action>> {
        job.face(self)
    }

    /// A static evaluation of this state for `turn.color` (its turn), in
    /// centipawns. By default the material on its view (`eval::generic`),
    /// which makes the view: a variant's own reads the state.
    fn evaluate(&self, turn: &Turn) -> i32 {
        eval::generic(&self.view(), turn)
    }

    /// Whether `action` of `side` is forcing in this state, and if so how
    /// urgently it must be looked at (the value of what it captures): kept
    /// first whenever a state is sampled, and searched past the horizon
    /// where [`Profiled::QUIESCENCE`] holds. By default no action is.
    fn forcing(&self, side: Color, action: &Self::Action) -> Option<i32> {
        let _ = (side, action);
        None
    }

    /// Whether `action` makes every other not worth a look when one exists
    /// (Many Worlds' king captures, M-4): where any is, only those are
    /// searched. By default none does.
    fn decisive(action: &Self::Action) -> bool {
        let _ = action;
        false
    }

    /// This state's keys, read from the state itself: the table's
    /// (everything that makes two states differ for the search, the side
    /// to move included) and the repetitions' (what the rules count for
    /// repetition). Equal states get equal keys. By default none: the
    /// state is keyed by a hash of its view ([`keys`]), which a face
    /// search then makes at every node.
    fn keys(&self) -> Option<Keys> {
        None
    }
}

/// How level 1 of a variant plays where it is a rules learner: a move
/// drawn uniformly, never a resignation.
pub enum Learner<R: Rules> {
    /// Level 1 thinks, as the others do (at its temperature).
    Thinks,
    /// Uniformly among the legal actions, listed by the rules (a variant
    /// whose states have thousands at most).
    FromList,
    /// Drawn by the variant's own means (the state, a seed): a variant
    /// whose list can run to millions builds one move at a time. `None`
    /// where it finds none.
    Draw(fn(&R, u64) -> Option<R::Action>),
    /// Drafted one board move at a time through the rules face
    /// (`Rules::draft_moves`, each drawn uniformly, submitted once
    /// `Rules::draft_turn` accepts it): a variant whose turn is a set of
    /// board moves, millions of them (`TurnShape::Drafted`, 5D chess).
    Drafted,
}

impl<R: Rules> Learner<R> {
    /// The generic profile's: level 1 thinks (a variant's actions could be
    /// too many to list: nothing here ever plays from the whole list at
    /// random unless the variant says so).
    pub(crate) const GENERIC: Learner<R> = Learner::Thinks;
}

/// What a level does differently in a variant.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    /// How many FIDE-chess nodes one node costs, roughly: level 8's node
    /// budget is divided by it, so that the top level takes about as long
    /// in every variant (about a second of one core's time a move; see
    /// `Level::nodes` for the levels below). Measured in thread CPU time
    /// with `examples/ladder.rs --timing` (docs/engine.md).
    pub(crate) node_cost: u64,
    /// The levels' depths, node budgets and widths.
    pub(crate) levels: &'static Levels,
    /// The levels' temperatures, in centipawns, levels 1 to 8: each level
    /// chooses among the moves its look kept ([`Tuning::look`]) and its
    /// search weighed, with chances falling by
    /// a factor e for each `temperature` centipawns below the best (0: the
    /// best alone). See `search::choice`.
    pub(crate) temperature: [u32; 8],
    /// Chances per mille, levels 1 to 8, that a level only glances at a
    /// move: it plays by each root move's static evaluation alone, at
    /// [`Tuning::glance_temperature`] (the search runs all the same).
    pub(crate) glance: [u16; 8],
    /// The temperature of a glance, in centipawns.
    pub(crate) glance_temperature: u32,
    /// Chances per mille, levels 1 to 8, that a level watches
    /// (`search/guard.rs`): it plays a listed move that wins at once, and
    /// checks the move it chose against every reply the rules list, for
    /// one that wins at once, setting it aside if there is one. Where the
    /// search samples moves it keeps the captures, and 5D chess's mates
    /// are mostly quiet turns that the sample leaves out: level 8 walked
    /// into a mate the greedy baseline found (docs/engine.md). Each check
    /// makes every listed move, so a level watches (above 0) only where
    /// that is cheap against a move's search; 0 at every level is off. The
    /// one switch: `think_on` draws [`crate::search::Limits::guard`] from
    /// it.
    pub(crate) watch: [u16; 8],
    /// The levels' shallow looks, levels 1 to 8: the moves each may
    /// choose among, by temperature or by a glance, are the few that look
    /// good one ply deep (`search::choice::Look`). Level 8 (count 0)
    /// plays its search's best.
    pub(crate) look: [Look; 8],
}

/// A shallow look: the `count` best within `reach` centipawns, with the
/// search's best wherever it is.
const fn look(count: usize, reach: i32) -> Look {
    Look {
        count,
        reach,
        best_within_reach: false,
    }
}

/// A shallow look whose reach holds the search's best too.
const fn held(count: usize, reach: i32) -> Look {
    Look {
        count,
        reach,
        best_within_reach: true,
    }
}

/// The shallow looks of the variants searched through the face and of the
/// multiverse's board moves: wide at the low levels, whose glances stray
/// the most (their ladders were set with glances over every move, and a
/// state has hundreds of actions: 24 of them are still its best), and
/// never reaching a man lost one ply on (300 cp and more). Narrower looks
/// (12 to 4) read the same within the noise over 20 games a step (3 vs 2
/// and 5 vs 4 in each variant, beside main's levels on the same seeds;
/// docs/engine-journal.md, issue 48): these wider ones stay nearer to the
/// glances the ladders were set with.
pub(crate) const LOOK: [Look; 8] = [
    look(24, 300),
    look(24, 300),
    look(16, 300),
    look(12, 250),
    look(8, 250),
    look(6, 200),
    look(4, 150),
    look(0, 0),
];

/// A state's keys as its profile keys it ([`Profiled::keys`]), no view
/// made; else the hash of the state's view (the generic profile's).
pub(crate) fn keys<R: Profiled>(state: &R) -> Keys {
    state
        .keys()
        .unwrap_or_else(|| view_keys(&state.turn(), &state.view()))
}

/// Work done on a game's state as its own variant type, with its profile:
/// the rules' `Visitor` for what needs [`Profiled`].
pub(crate) trait ProfileVisitor {
    /// What the work yields.
    type Output;
    /// Does the work on `state`.
    fn visit<R: Profiled>(self, state: &R) -> Self::Output;
}

/// Runs `visitor` on `game`'s state as its own type: one arm a variant and
/// no other, so that a new variant does not compile until its rules type
/// has a profile and an arm here.
pub(crate) fn visit<V: ProfileVisitor>(game: &Game, visitor: V) -> V::Output {
    match game.state() {
        VariantState::Standard(state) => visitor.visit::<Chess>(state),
        VariantState::Traveler(state) => visitor.visit::<TravelerChess>(state),
        VariantState::Gifford(state) => visitor.visit::<Gifford>(state),
        VariantState::Multiverse(state) => visitor.visit::<Multiverse>(state),
        VariantState::Temporal(state) => visitor.visit::<TemporalChess>(state),
        VariantState::ManyWorlds(state) => visitor.visit::<ManyWorlds>(state),
        VariantState::FiveD(state) => visitor.visit::<FiveD>(state),
    }
}

// The temperatures and glances are set from each variant's ladder (README,
// "The ladder in the time-travel variants"; how, in docs/engine.md): each
// level at least 65% against the one below. In the time-travel variants level 1 plays at random, as someone
// who has just read the rules; in FIDE chess every level thinks, and the
// levels are calibrated in Elo against Stockfish (README, "Levels in
// Elo").

/// FIDE chess: searched on its positions (`search/fide.rs`: Zobrist keys,
/// quiescence, null move, reductions), evaluated from their bitboards.
impl Profiled for Chess {
    const TUNING: Tuning = Tuning {
        node_cost: 1,
        levels: &level::FIDE,
        // Within each level's look (below), the temperatures that keep each
        // level's strength: each new level against the old one (the
        // build before the castling doubt and looks of three,
        // `calibrate.py ab` at its node budget) within its margin, levels
        // 2 and 3 at 200 games, 4 to 6 at 60 to 100 (docs/engine-journal.md,
        // issue 48, "Looks of three").
        temperature: [250, 1000, 300, 150, 50, 30, 10, 0],
        glance: [0, 0, 0, 0, 0, 0, 0, 0],
        glance_temperature: 0,
        watch: [0; 8],
        // Issue 48: each level chooses among the few best of its one-ply
        // look (with its captures), none a piece below its best from
        // level 2 up. Three from level 4 up: the fourth to sixth by the
        // PeSTO tables are more often moves Stockfish's depth-1 look ranks
        // below its five best (docs/engine.md, "How the levels err");
        // levels 2 and 3 keep five and four, as three made them 215 and
        // 85 Elo stronger than before. Levels 1 to 4 (depth 3 at most)
        // play their search's best only where the look puts it within
        // the reach too (`held`): so shallow a search's surprise is
        // more often its horizon than a find. From level 5 the search's
        // best is always a candidate: held there, the level played a
        // look's move its deeper search scored up to four temperatures
        // lower, and the judge counted more errors outside the top 5
        // (docs/engine-journal.md, issue 48, "Looks of three").
        look: [
            held(10, 400),
            held(5, 200),
            held(4, 150),
            held(3, 120),
            look(3, 120),
            look(3, 120),
            look(3, 100),
            look(0, 0),
        ],
    };

    fn search(&self, job: Job<'_, Self>) -> Option<Thought<Self::Action>> {
        job.fide(self)
    }

    fn evaluate(&self, _: &Turn) -> i32 {
        eval::fide::position(self.position())
    }

    /// The Zobrist key, which FIDE chess's own search keys positions by,
    /// for both (FIDE counts the position: men, side to move, castling
    /// rights, en passant).
    fn keys(&self) -> Option<Keys> {
        Some(Keys::same(self.position().zobrist_hash()))
    }
}

impl Profiled for TravelerChess {
    const TUNING: Tuning = Tuning {
        // 40 let level 8 take 2.01-2.04 s on an explosion-rich position.
        node_cost: 44,
        levels: &level::SEARCH,
        // Glances alone spaced the middle levels too little (3 vs 2 63%,
        // 4 vs 3 56-62%, 5 vs 4 53%, 100 games): levels 3 to 4 think at
        // about the same depth here, so the lower also errs when it
        // thinks; levels 6 and 7 err only a little. Since the evaluation
        // counts an explosion's debt above the man it brings
        // (`eval/traveler.rs`), deeper thought tells the levels apart up
        // to 7 vs 6 (3 vs 2 to 7 vs 6: 71, 66, 80, 71, 72%; 8 vs 7 55%;
        // docs/engine.md).
        temperature: [0, 250, 150, 100, 10, 5, 2, 0],
        glance: [1000, 980, 650, 400, 50, 25, 10, 0],
        glance_temperature: 1000,
        watch: [0; 8],
        look: LOOK,
    };
    const LEARNER: Learner<Self> = Learner::FromList;

    fn evaluate(&self, turn: &Turn) -> i32 {
        eval::traveler::evaluate(self, turn)
    }

    fn forcing(&self, side: Color, action: &Self::Action) -> Option<i32> {
        eval::traveler::forcing(self, side, action)
    }

    /// The rules' TT-10 key for both, which they keep as they play
    /// (`TravelerChess::repetition_key`): it counts all that makes two
    /// positions play alike, the side to move included.
    fn keys(&self) -> Option<Keys> {
        Some(Keys::same(self.repetition_key()))
    }
}

impl Profiled for Gifford {
    const TUNING: Tuning = Tuning {
        node_cost: 5,
        levels: &level::SEARCH,
        // Fewer glances from level 3 up than before (670, 400, 250, 160,
        // 90): 3 vs 2 read 57% with them, 65% with 500 at level 3, which
        // took 4 vs 3 from 82% to 59% until level 4 glanced less too
        // (100 games a line; docs/engine.md).
        temperature: [0, 0, 0, 0, 0, 0, 0, 0],
        glance: [1000, 830, 500, 280, 170, 100, 50, 0],
        glance_temperature: 1000,
        watch: [0; 8],
        look: LOOK,
    };
    const LEARNER: Learner<Self> = Learner::FromList;
    const QUIESCENCE: bool = true;

    fn evaluate(&self, turn: &Turn) -> i32 {
        eval::gifford::evaluate(self, turn)
    }

    fn forcing(&self, _: Color, action: &Self::Action) -> Option<i32> {
        eval::gifford::forcing(action)
    }

    /// The present position's Zobrist key and the men away in time
    /// (`hash::gifford_keys`).
    fn keys(&self) -> Option<Keys> {
        Some(crate::hash::gifford_keys(self))
    }
}

/// The multiverse: one board move at a time on the owed branch
/// (`search/multiverse.rs`); level 1 draws a board move of that branch,
/// never from the whole turn's list (a million actions with time travel
/// open).
impl Profiled for Multiverse {
    const TUNING: Tuning = Tuning {
        // Half a second a board move: a turn is a board move on every
        // active branch (up to 21 by default), each chosen apart.
        node_cost: 2,
        levels: &level::SEARCH,
        temperature: [0, 0, 0, 0, 0, 0, 0, 0],
        // Level 3 glances at 580 moves in 1000 (it was 650: 3 vs 2 read
        // 63.5%, now 65.5%; docs/engine.md).
        glance: [1000, 800, 580, 500, 350, 200, 80, 0],
        glance_temperature: 300,
        watch: [0; 8],
        look: LOOK,
    };
    const LEARNER: Learner<Self> = Learner::Draw(owed_moves::random_move);
    const REPEATS: bool = false;

    fn search(&self, job: Job<'_, Self>) -> Option<Thought<Self::Action>> {
        job.multiverse(self)
    }

    /// From its state: branch wins and the active branches' latest boards
    /// (its own search evaluates a state only to judge a travel, and never
    /// keys one: no state repeats).
    fn evaluate(&self, turn: &Turn) -> i32 {
        eval::multiverse::evaluate(self, turn)
    }
}

impl Profiled for TemporalChess {
    const TUNING: Tuning = Tuning {
        node_cost: 4,
        levels: &level::SEARCH,
        // As Traveler's: 3 vs 2 read 62.5% with glances alone (100
        // games), 70.5% with these. Levels 4 and 5 err less than they did
        // (4 vs 3 63.5%, 5 vs 4 61.5% before; 67.5% and 66% after), and
        // levels 6 and 7 only a little. Since the evaluation counts an
        // original as worth nothing (`eval/temporal.rs`), deeper thought
        // tells the levels apart up to 5 vs 4 (3 vs 2 to 5 vs 4: 70, 71,
        // 77%; 6 vs 5 63.5%); from level 6 up most games end in a
        // stalemate, a king escaping check by a warp (docs/engine.md).
        temperature: [0, 250, 150, 80, 10, 5, 2, 0],
        glance: [1000, 980, 750, 400, 50, 25, 10, 0],
        glance_temperature: 1000,
        watch: [0; 8],
        look: LOOK,
    };
    const LEARNER: Learner<Self> = Learner::FromList;
    const QUIESCENCE: bool = true;

    fn evaluate(&self, turn: &Turn) -> i32 {
        eval::temporal::evaluate(self, turn)
    }

    fn forcing(&self, side: Color, action: &Self::Action) -> Option<i32> {
        eval::temporal::forcing(self, side, action)
    }

    /// The position for both (`TemporalChess::hash_position`): all that
    /// decides play from here, which is what T-9 compares.
    fn keys(&self) -> Option<Keys> {
        let mut h = KeyHasher::default();
        self.hash_position(&mut h);
        Some(Keys::same(h.finish()))
    }
}

impl Profiled for ManyWorlds {
    const TUNING: Tuning = Tuning {
        node_cost: 48,
        levels: &level::SEARCH,
        // Levels 3 to 7 glance less than they did (960, 895, 810, 600,
        // 220), spaced wider: 3 vs 2 62% -> 66%, 4 vs 3 56% -> 71%, 5 vs 4
        // 60% -> 65%, 6 vs 5 58% -> 66% (100 games a line;
        // docs/engine.md).
        temperature: [0, 0, 0, 0, 0, 0, 0, 0],
        glance: [1000, 988, 900, 750, 550, 100, 40, 0],
        glance_temperature: 1000,
        watch: [0; 8],
        look: LOOK,
    };
    const LEARNER: Learner<Self> = Learner::FromList;

    fn evaluate(&self, turn: &Turn) -> i32 {
        eval::manyworlds::evaluate(self, turn)
    }

    fn forcing(&self, _: Color, action: &Self::Action) -> Option<i32> {
        eval::manyworlds::forcing(action)
    }

    /// The rules' M-5 key for repetitions (`ManyWorlds::repetition_key`:
    /// the set of boards, numerals aside, and the side to act); the
    /// boards with their numerals for the table
    /// (`hash::manyworlds_keys`).
    fn keys(&self) -> Option<Keys> {
        Some(crate::hash::manyworlds_keys(self))
    }

    fn decisive(action: &Self::Action) -> bool {
        eval::manyworlds::takes_king(action)
    }
}

/// 5D chess: a turn is a set of board moves, one on every playable board
/// in the present and more where the player likes, so a position can have
/// millions of turns. Level 1 drafts its turn board move by board move
/// ([`Learner::Drafted`]), never from a list. Levels 2 to 8 search turns
/// built board by board (`search/fived.rs`: each owed board's moves
/// weighed alone, combined best first, each turn checked whole), at widths
/// of their own ([`level::FIVED`]), never the first turns the rules' search
/// lists (not a fair sample; docs/variants/fived.md). From level 5 a mate
/// in two is looked for at the root, within a budget
/// ([`level::FIVED_MATES`]). The evaluation counts the men on every
/// timeline's last board and charges a side for two royal men on one
/// (`eval/fived.rs`). Every level watches
/// ([`Tuning::watch`]): it plays a turn that mates at once (the builder's
/// checking turns, then the rules' list), and checks the turn it chose
/// against every such reply; from level 3, where every turn it searched
/// is mated at once, it looks further for one that is not
/// ([`level::FIVED_ESCAPES`]); from level 4 it plays a net where it finds
/// one (a turn after which each reply weighed is met by a mate in one)
/// and checks its turn for one the opponent closes
/// ([`level::FIVED_NETS`]); from level 5 it does the same with threats of
/// nets, a mate in three ([`level::FIVED_THREATS`]). No level glances (neither glances nor a
/// level 2 that never watches measured weaker against level 3:
/// docs/engine.md).
impl Profiled for FiveD {
    // A turn that captures at the horizon may be answered by the builder's
    // capturing turns (`search/fived.rs`), where a level's quiescence says
    // so: levels 6 and 7 (level::FIVED). Answering once, level 6 read
    // 40-12-25 over 77 games (59.7%) against itself without and 21-8-11
    // against level 5, at 2.4 times the time a turn (docs/engine-journal.md,
    // issue 49).
    const QUIESCENCE: bool = true;
    const TUNING: Tuning = Tuning {
        // The generic temperatures but level 3's: its search's two-turn
        // scores mislead the choice (the replies weighed by the men they
        // take, none answered after), so it chooses nearly at random among
        // the 16 turns its one-turn look keeps, as standard chess's level 2
        // does among its 5. Against level 2, 100 games: 49-21-30 (59.5%),
        // where at 150 it read 14-5-21 over 40 (docs/engine-journal.md,
        // issue 49, "Level 3 chooses hot").
        temperature: [400, 250, 1000, 100, 60, 35, 15, 0],
        // Level 8 in 1.7 s on average and 3.9 s at most over the start and
        // 3 positions of greedy play (about 20 nodes a millisecond; `ladder
        // --variants 5d --timing 4`). 210 while each node listed up to
        // 1,000 turns (4.4 nodes a millisecond).
        node_cost: 60,
        levels: &level::FIVED,
        watch: [1000; 8],
        ..GENERIC
    };
    const LEARNER: Learner<Self> = Learner::Drafted;
    // Every turn adds boards: a state never comes again.
    const REPEATS: bool = false;

    fn search(&self, job: Job<'_, Self>) -> Option<Thought<Self::Action>> {
        job.fived(self)
    }

    fn evaluate(&self, turn: &Turn) -> i32 {
        eval::fived::evaluate(self, turn)
    }

    fn forcing(&self, side: Color, action: &Self::Action) -> Option<i32> {
        eval::fived::forcing(self, side, action)
    }

    /// Its boards: the view draws every recent board and looks for a check
    /// twice, for its title and a highlight: hashing it took an eighth of
    /// a node's time (docs/engine.md). One key for both: a state never
    /// comes again ([`Profiled::REPEATS`]).
    fn keys(&self) -> Option<Keys> {
        let mut h = KeyHasher::default();
        self.hash_position(&mut h);
        Some(Keys::same(h.finish()))
    }
}

/// The generic profile's tuning: a middling node cost; no level glances
/// (a variant's actions could be too many to list).
pub(crate) const GENERIC: Tuning = Tuning {
    node_cost: 16,
    levels: &level::SEARCH,
    temperature: [400, 250, 150, 100, 60, 35, 15, 0],
    glance: [0, 0, 0, 0, 0, 0, 0, 0],
    glance_temperature: 0,
    watch: [0; 8],
    look: LOOK,
};

#[cfg(test)]
mod tests {
    use chronomate_rules::{TurnShape, Variant};

    use super::*;

    /// What the tests read of a variant's profile.
    struct Read {
        tuning: Tuning,
        /// Whether level 1 thinks (not a rules learner).
        thinks: bool,
        /// Whether level 1 drafts its turn board move by board move.
        drafts: bool,
        turns: TurnShape,
        id: &'static str,
    }

    struct Reader;

    impl ProfileVisitor for Reader {
        type Output = Read;
        fn visit<R: Profiled>(self, _: &R) -> Read {
            Read {
                tuning: R::TUNING,
                thinks: matches!(R::LEARNER, Learner::Thinks),
                drafts: matches!(R::LEARNER, Learner::Drafted),
                turns: R::ABOUT.turns,
                id: R::ABOUT.id,
            }
        }
    }

    /// Every variant's profile, read through its rules type.
    fn every_variant() -> Vec<(Variant, Read)> {
        Variant::ALL
            .iter()
            .map(|&v| {
                let game = Game::new(v, 0);
                (v, visit(&game, Reader))
            })
            .collect()
    }

    #[test]
    fn every_profile_errs_less_level_by_level_and_never_at_level_8() {
        let generic = (
            &GENERIC,
            matches!(Learner::<Chess>::GENERIC, Learner::Thinks),
        );
        let profiles = every_variant();
        let all = profiles
            .iter()
            .map(|(_, read)| (&read.tuning, read.thinks))
            .chain([generic]);
        for (tuning, thinks) in all {
            // Level 1 of a rules learner plays at random: its own
            // settings are not used.
            let from = if thinks { 0 } else { 1 };
            let t = &tuning.temperature[from..];
            let g = &tuning.glance[from..];
            let k = &tuning.look[from..];
            // A look is narrower than another by fewer moves, or as many
            // within less (a count of 0 is every move: only level 8's).
            let width = |l: &Look| {
                if l.narrows() {
                    (l.count, l.reach)
                } else {
                    (usize::MAX, i32::MAX)
                }
            };
            // The temperature falls level by level wherever the look stays
            // as wide (a narrower look may choose among its few at random).
            assert!(
                (1..t.len()).all(|i| t[i] <= t[i - 1] || width(&k[i]) < width(&k[i - 1]))
                    && g.windows(2).all(|w| w[0] >= w[1]),
                "{t:?} and {g:?} do not fall level by level"
            );
            // Each level's look is at most as wide as the one below, and
            // only level 8 plays its search's best among every move.
            assert!(
                k[..k.len() - 1]
                    .windows(2)
                    .all(|w| width(&w[1]).0 <= width(&w[0]).0 && width(&w[1]).1 <= width(&w[0]).1),
                "{k:?} widens"
            );
            assert!(k[..k.len() - 1].iter().all(|l| l.narrows()), "{k:?}");
            // Each level errs less than the one below by one or the
            // other: a colder choice, fewer glances or a narrower look.
            assert!(
                (1..t.len())
                    .all(|i| t[i] < t[i - 1] || g[i] < g[i - 1] || width(&k[i]) < width(&k[i - 1])),
                "{t:?}, {g:?} and {k:?}: two levels err alike"
            );
            assert_eq!((t.last(), g.last()), (Some(&0), Some(&0)), "level 8 errs");
            assert!(g.iter().all(|&c| c <= 1000));
            // A glance at temperature 0 would be no glance at all (the
            // search's choice stands).
            assert!(
                g.iter().all(|&c| c == 0) || tuning.glance_temperature > 0,
                "{g:?} at temperature 0"
            );
            // A level sees threats at least as often as the one below,
            // and level 8 always where any level looks.
            let w = &tuning.watch[from..];
            assert!(w.windows(2).all(|w| w[0] <= w[1]), "{w:?} falls");
            assert!(w.iter().all(|&c| c <= 1000), "{w:?}");
            assert!(
                w.iter().all(|&c| c == 0) || w.last() == Some(&1000),
                "{w:?}"
            );
        }
    }

    #[test]
    fn the_generic_profile_never_plays_from_a_whole_list_at_random() {
        // A variant without a profile of its own may have millions of
        // actions (5D): its level 1 thinks, and no level glances.
        assert!(matches!(Learner::<Chess>::GENERIC, Learner::Thinks));
        assert!(GENERIC.glance.iter().all(|&g| g == 0));
    }

    #[test]
    fn a_variant_of_drafted_turns_never_learns_from_a_list() {
        // Its turns can run to millions: level 1 drafts board move by
        // board move, and no level glances over a whole list.
        for (variant, read) in every_variant() {
            if read.turns == TurnShape::Drafted {
                assert!(read.drafts, "{variant}");
                assert!(read.tuning.glance.iter().all(|&g| g == 0), "{variant}");
            }
        }
    }

    #[test]
    fn each_game_is_played_with_its_own_variants_profile() {
        for (variant, read) in every_variant() {
            assert_eq!(read.id, variant.id());
        }
    }

    /// docs/engine.md's tables of temperatures, glances and looks state
    /// each variant's profile (levels 2 to 8; level 1 may be a learner,
    /// written so): a profile changed without its page fails here.
    #[test]
    fn engine_md_states_each_profiles_temperatures_glances_and_looks() {
        let path = format!("{}/../docs/engine.md", env!("CARGO_MANIFEST_DIR"));
        let doc = std::fs::read_to_string(&path).expect("docs/engine.md");
        // A row's cell for levels 2 to 8: the values, or `zero` where all
        // are 0.
        let cell = |values: Vec<u32>, zero: &str| {
            if values.iter().all(|&v| v == 0) {
                zero.to_string()
            } else {
                let written: Vec<String> = values.iter().map(u32::to_string).collect();
                written.join(", ")
            }
        };
        let has_row = |first: &str, cell: &str| {
            doc.lines()
                .any(|l| l.starts_with(&format!("| {first}")) && l.contains(cell))
        };
        for (_, read) in every_variant() {
            let t = read.tuning;
            let temperatures = cell(t.temperature[1..].to_vec(), "then 0");
            let glances = cell(
                t.glance[1..].iter().map(|&g| u32::from(g)).collect(),
                "none",
            );
            assert!(
                has_row(read.id, &temperatures),
                "{}: temperatures {temperatures}",
                read.id
            );
            assert!(has_row(read.id, &glances), "{}: glances {glances}", read.id);
            let looks: Vec<String> = t.look[..7]
                .iter()
                .map(|l| format!("{} in {}", l.count, l.reach))
                .collect();
            let looks = looks.join(", ");
            let row = if read.id == "standard" {
                "standard"
            } else {
                "the others"
            };
            assert!(has_row(row, &looks), "{}: looks {looks}", read.id);
        }
    }
}
