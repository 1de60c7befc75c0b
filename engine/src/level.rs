//! Levels 1 to 8 (the type, [`Level`], is the rules'): how hard the engine
//! thinks at each, and how often it errs.

use chronomate_rules::Level;

/// `level`'s row of a table of levels.
pub(crate) fn row(level: Level) -> usize {
    usize::from(level.get().clamp(1, 8)) - 1
}

/// The node budget, by the table `levels`, in a variant whose node
/// costs `cost` FIDE nodes.
///
/// At cost 1 (FIDE chess, the multiverse's branch chess) it is the
/// table's. Elsewhere level 8 gets the table's budget over `cost` (the
/// same time as in FIDE chess) and level 1 the table's level-1 budget
/// (a few milliseconds at most), and the levels between are spaced
/// evenly on a log scale (each about 2 to 3 times the one below).
/// Dividing every level by the cost instead left levels 1 to 4 of the
/// slow variants a few dozen nodes, too few to finish a second ply:
/// they differed by their noise alone, and the ladder was flat there.
pub(crate) fn nodes(level: Level, levels: &Levels, cost: u64) -> u64 {
    let own = levels[row(level)].nodes;
    if cost <= 1 {
        return own;
    }
    let top = (levels[7].nodes / cost).max(1);
    let bottom = levels[0].nodes.min(top);
    let step = row(level) as f64 / 7.0;
    let nodes = bottom as f64 * (top as f64 / bottom as f64).powf(step);
    // Rounded to 16 nodes, so that a last-digit difference in `powf`
    // between machines cannot change a budget.
    ((nodes / 16.0).round() as u64 * 16).max(1)
}

/// What a level allows the search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    /// Deepest iteration, in plies (actions).
    pub depth: u32,
    /// Nodes (states visited) for a variant whose node costs about a
    /// microsecond (FIDE chess); slower variants scale it by their cost
    /// ([`nodes`]).
    pub nodes: u64,
    /// Actions examined at the root where a state has more (sampled).
    pub root_width: usize,
    /// Actions examined below the root where a state has more (sampled).
    pub width: usize,
    /// Root actions searched past the first ply, the best after it (the
    /// time-travel variants searched through the face; see
    /// `Search::beam`).
    pub beam: usize,
    /// Multiverse: time and trans-universe travels weighed each decision.
    pub travels: usize,
    /// log2 of the transposition table's entries.
    pub table_bits: u32,
    /// Plies of forcing actions searched past the horizon in the
    /// time-travel variants searched through the face (FIDE chess and the
    /// multiverse's branch chess always search captures to the end).
    pub quiescence: u32,
}

/// The eight levels' settings, weakest first.
pub(crate) type Levels = [Settings; 8];

/// A row of the tables below, in its column order.
#[allow(clippy::too_many_arguments)] // one argument a column
const fn s(
    depth: u32,
    nodes: u64,
    root_width: usize,
    width: usize,
    beam: usize,
    travels: usize,
    table_bits: u32,
    quiescence: u32,
) -> Settings {
    Settings {
        depth,
        nodes,
        root_width,
        width,
        beam,
        travels,
        table_bits,
        quiescence,
    }
}

/// The levels of the variants searched through the face and of the
/// multiverse, weakest first. How much a level errs is its temperature,
/// set a variant (`profile.rs`).
pub(crate) const SEARCH: Levels = [
    s(1, 300, 24, 8, 8, 0, 12, 0),
    s(2, 1_500, 48, 12, 8, 0, 14, 0),
    s(2, 6_000, 96, 16, 12, 4, 15, 1),
    s(3, 25_000, 192, 20, 16, 8, 16, 2),
    s(5, 100_000, 512, 24, 20, 16, 17, 3),
    s(7, 300_000, 2_048, 32, 24, 32, 18, 4),
    s(12, 600_000, 4_096, 40, 32, 64, 19, 4),
    s(64, 2_000_000, 4_096, 48, 40, 128, 20, 6),
];

/// The levels of 5D chess, weakest first: the node budgets are
/// [`SEARCH`]'s (divided by 5D's node cost, `profile.rs`), the widths
/// narrower: how many of the turns the builder puts together
/// (`search/fived.rs`) each level weighs at the root and below. Levels 2
/// to 6 search two turns and finish well inside their budgets. Level 6
/// answers a capture at its horizon once (the quiescence column): against
/// level 5, 21-8-11 over 40 games with it and 18-8-14 without. Level 7
/// searches a third turn on its 12 best, narrow enough to finish that
/// turn more often than not: as wide as it was (32 turns, 48 replies), it
/// mostly chose by the second turn, the third left unfinished
/// (docs/engine-journal.md, issue 49, "Level 7 finishes its third turn").
/// It answers no capture after it: once inactive timelines counted an
/// eighth, those answers took the third turn of the bench's middlegame
/// (on its 10 best) from 9,806 states to 104,479, past its budget of about
/// 17,000; without them, 15,374 on its 12 best (docs/engine-journal.md,
/// issue 49, "Inactive timelines at an eighth"). Level 8 deepens while
/// its budget lasts, its best taken from an unfinished iteration too.
pub(crate) const FIVED: Levels = [
    s(1, 300, 24, 8, 8, 0, 12, 0),
    s(2, 1_500, 24, 12, 8, 0, 14, 0),
    s(2, 6_000, 48, 16, 12, 0, 15, 0),
    s(2, 25_000, 96, 24, 16, 0, 16, 0),
    s(2, 100_000, 160, 32, 20, 0, 17, 0),
    s(2, 300_000, 256, 40, 24, 0, 18, 1),
    s(3, 600_000, 384, 32, 12, 0, 19, 0),
    s(64, 2_000_000, 512, 64, 40, 0, 20, 0),
];

/// How many turns each level of 5D chess may make or test proving a mate
/// in two at the root (`search/fived.rs`), levels 1 to 8: none below level
/// 5 (issue 49 asks it from level 6). A turn tested is one checking turn
/// judged for mate, or one reply made. Level 5 looks as level 6 does: the
/// look spaces it from level 4, which the widths, nets and threats did
/// not (5 vs 4 52.3% over 86 games without it, 14-1-5 over 20 with it;
/// 6 vs 5 11-0-5 over 16 with it; docs/engine-journal.md, issue 49,
/// "Levels 1 to 4 overlook threats").
pub(crate) const FIVED_MATES: [u64; 8] = [0, 0, 0, 0, 2_000, 2_000, 4_000, 8_000];

/// How many more turns each level of 5D chess tries, where every turn it
/// searched is mated at once, for one that is not (`search/fived.rs`,
/// `escapes`): the builder's next best, then as many of the rules' list,
/// levels 1 to 8. Levels 1 and 2 do not look past what they searched.
pub(crate) const FIVED_ESCAPES: [usize; 8] = [0, 0, 100, 150, 200, 300, 400, 500];

/// How many of the turns it would play each level of 5D chess checks for
/// a net the opponent closes after it (`search/fived.rs`, `net_in`: a turn
/// after which each of the best replies is met by a mate in one), levels 1
/// to 8, playing the next where one is found; a level that checks any
/// also plays a net of its own where it finds one. The 5D ladder's games
/// are lost so: no reply of the loser escapes a mate in one a turn before
/// the end, and the winner's turn before that closed the net
/// (docs/engine-journal.md, issue 49, "Nets").
pub(crate) const FIVED_NETS: [usize; 8] = [0, 0, 0, 4, 8, 8, 8, 8];

/// The work (counted as the search counts its nodes) of each look for a
/// threat of a net (`search/fived.rs`, `net_threat`: a turn after which
/// each of the best replies is mated at once or netted, a mate in three)
/// that each level of 5D chess makes, levels 1 to 8: at its root, to play
/// one, and against each turn it looks at for a net, playing the next
/// where one is found; none where 0. From level 5, with 8 turns looked
/// at for nets and threats: level 5 against level 4 over seeds 1 to 40
/// and 55 to 100 of the ladder, 52.3% (39-12-35), 43.0% without the
/// looks, at 2.0 s a turn against level 4's 0.5 s (docs/engine-journal.md,
/// issue 49, "Threats tried unlike", "Threats").
pub(crate) const FIVED_THREATS: [u64; 8] = [0, 0, 0, 0, 1_024, 1_024, 1_024, 1_024];

/// The levels of FIDE chess (searched on its own positions; the widths,
/// beam and travels do not apply): depth does most of the telling apart,
/// each level a ply or two deeper than the one below.
pub(crate) const FIDE: Levels = [
    s(1, 2_000, 0, 0, 0, 0, 12, 0),
    s(1, 4_000, 0, 0, 0, 0, 14, 0),
    s(2, 10_000, 0, 0, 0, 0, 15, 0),
    s(3, 25_000, 0, 0, 0, 0, 16, 0),
    s(4, 60_000, 0, 0, 0, 0, 17, 0),
    s(6, 150_000, 0, 0, 0, 0, 18, 0),
    s(9, 500_000, 0, 0, 0, 0, 19, 0),
    s(64, 2_000_000, 0, 0, 0, 0, 20, 0),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fived_levels_keep_the_search_levels_budgets() {
        // 5D's own table differs in its widths; its budgets are the
        // others' (5D's node cost scales them, `profile.rs`).
        for (fived, search) in FIVED.iter().zip(SEARCH.iter()) {
            assert_eq!(fived.nodes, search.nodes);
        }
    }
}
