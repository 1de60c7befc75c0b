//! What a level does differently in each variant: what a node costs
//! there, and how often each level plays a move without thought.

use std::any::TypeId;

use chronomate_rules::Rules;
use chronomate_rules::gifford::Gifford;
use chronomate_rules::manyworlds::ManyWorlds;
use chronomate_rules::multiverse::Multiverse;
use chronomate_rules::standard::Chess;
use chronomate_rules::temporal::TemporalChess;
use chronomate_rules::traveler::TravelerChess;

/// A variant's settings for the levels.
pub(crate) struct Tuning {
    /// How many FIDE-chess nodes one node costs, roughly: level 8's node
    /// budget is divided by it, so that the top level takes about as long
    /// in every variant (about a second of one core's time a move; see
    /// `Level::nodes` for the levels below). Measured in thread CPU time
    /// with `examples/ladder.rs --timing` (README, "Strength").
    pub node_cost: u64,
    /// Chances per mille, levels 1 to 8, of a move without thought (see
    /// `blunder`).
    pub chances: [u16; 8],
}

// Each variant's chances were set from its own ladder (README, "Strength
// in the time-travel variants"): how much Elo a share of moves with
// thought is worth there, measured at several shares, then the shares
// spaced so that each level gains as much on the one below. Level 1 plays
// at random, as someone who has just read the rules.
//
// How far a little thought goes depends on the variant: in Many Worlds a
// random mover never takes a king left open, and a level that thinks
// about one move in eighty already scores 88% against it, so the shares
// of moves with thought there start tiny. In Gifford and the multiverse
// the search itself separates the upper levels (deeper lines pay in long
// games), so those levels err less.

/// FIDE chess: level 8, the one measured against Stockfish, never errs.
const STANDARD: Tuning = Tuning {
    node_cost: 1,
    chances: [970, 880, 750, 600, 430, 250, 90, 0],
};
const TRAVELER: Tuning = Tuning {
    // 40 let level 8 take 2.01-2.04 s on an explosion-rich position.
    node_cost: 44,
    chances: [1000, 940, 800, 623, 436, 240, 120, 0],
};
const GIFFORD: Tuning = Tuning {
    node_cost: 5,
    chances: [1000, 830, 670, 400, 250, 160, 90, 0],
};
const TEMPORAL: Tuning = Tuning {
    node_cost: 4,
    chances: [1000, 952, 862, 722, 539, 331, 170, 0],
};
const MANY_WORLDS: Tuning = Tuning {
    node_cost: 48,
    chances: [1000, 988, 960, 895, 810, 600, 220, 0],
};
const MULTIVERSE: Tuning = Tuning {
    // Half a second a board move: a turn is a board move on every active
    // branch (up to 21 by default), each chosen apart.
    node_cost: 2,
    chances: [1000, 800, 650, 500, 350, 200, 80, 0],
};
/// A variant not listed: a middling node cost, FIDE chess's chances.
const OTHER: Tuning = Tuning {
    node_cost: 16,
    ..STANDARD
};

/// The settings for the variant `R`.
pub(crate) fn tuning<R: Rules>() -> &'static Tuning {
    let t = TypeId::of::<R>();
    if t == TypeId::of::<Chess>() {
        &STANDARD
    } else if t == TypeId::of::<TravelerChess>() {
        &TRAVELER
    } else if t == TypeId::of::<Gifford>() {
        &GIFFORD
    } else if t == TypeId::of::<TemporalChess>() {
        &TEMPORAL
    } else if t == TypeId::of::<ManyWorlds>() {
        &MANY_WORLDS
    } else if t == TypeId::of::<Multiverse>() {
        &MULTIVERSE
    } else {
        &OTHER
    }
}
