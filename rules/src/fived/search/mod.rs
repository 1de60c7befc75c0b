//! Finding legal turns (F-10): whether one exists (mate and stalemate),
//! how many there are (the 5D perft), and each of them, lazily.
//!
//! [`hypercuboid`](self) is the search the game uses; [`brute_force_turns`]
//! tries every order of every board move and is the reference the tests
//! hold it to on small positions (`rules/tests/fived/reference.rs`).

mod brute;
mod hypercuboid;
mod matching;
mod space;

pub use brute::{brute_force_some, brute_force_turns};

use super::action::Action;
use super::position::FiveD;

/// Whether the side to move has a legal turn.
pub(crate) fn has_legal_turn(game: &FiveD) -> bool {
    hypercuboid::Search::new(game).next().is_some()
}

/// Whether the side to move has a legal turn, where the search decides it
/// within `steps` steps (points of the space it takes); `None` where it
/// gave up. For a program that may not wait: a position of many
/// timelines in check can take the search seconds and gigabytes to prove
/// that no turn is left.
pub(crate) fn has_legal_turn_within(game: &FiveD, steps: usize) -> Option<bool> {
    let mut search = hypercuboid::Search::new(game).within(steps);
    if search.next().is_some() {
        return Some(true);
    }
    (!search.gave_up()).then_some(false)
}

/// The number of distinct legal turns of the side to move, counting no
/// further than `cap`. Two turns are the same when they have the same
/// moves, in any order of the moves that open no timeline; the order of
/// branching jumps counts, as it numbers the new timelines, even where
/// two orders leave alike multiverses (two like men jumping onto one
/// cell of one past board).
pub fn count_turns(game: &FiveD, cap: usize) -> usize {
    hypercuboid::Search::new(game).take(cap).count()
}

/// Every distinct legal turn, lazily, in the standard order of its moves.
pub fn legal_turns(game: &FiveD) -> impl Iterator<Item = Action> + '_ {
    hypercuboid::Search::new(game)
}

#[cfg(test)]
mod tests {
    use super::hypercuboid::Search;
    use crate::{Game, Options, Variant, VariantState};

    /// The first 70 turns of a ladder game of Chronomate's engine at level
    /// 2 against itself (2026-12-03). The search for the legal turn that
    /// the side to move has after them cut every piece of the space
    /// waiting with each failing point's slice, splitting them again and
    /// again: past 225,000 pieces and gigabytes, until the process was
    /// killed.
    const MANY_PIECES: &[&str] = &[
        "(0T1)Na3",
        "(0T1)a5",
        "(0T2)g3",
        "(0T2)Nc6",
        "(0T3)f3",
        "(0T3)h5",
        "(0T4)d3",
        "(0T4)Nf6",
        "(0T5)Nh3",
        "(0T5)Ne5",
        "(0T6)b3",
        "(0T6)g5",
        "(0T7)Nf4",
        "(0T7)gxf4",
        "(0T8)b4",
        "(0T8)Nf6>>x(0T7)f4",
        "(-1T8)gxf4",
        "(-1T8)Nxd3",
        "(-1T9)cxd3 (0T9)Bxf4",
        "(-1T9)Nf6>x(0T9)f4",
        "(-1T10)e4 (0T10)gxf4",
        "(0T10)d5 (-1T10)gxf4",
        "(0T11)fxe5 (-1T11)Qd1>>(-1T10)d2",
        "(1T10)e5",
        "(1T11)Rb1",
        "(1T11)Bxa3 (0T11)Bd7 (-1T11)Pf4>>x(0T10)f4",
        "(-2T11)Qd1>>(1T11)a4",
        "(2T11)Bxa3 (-2T11)Ne5>>(-1T11)c5",
        "(-3T12)Bxf4 (-2T12)Na3>x(-1T12)a5 (0T12)Qd1>>(1T11)c2 (1T12)Bc1>>(1T11)c2 (2T12)Qa4>>x(1T11)a5",
        "(4T11)Bxa3 (3T11)Bxa3",
        "(3T12)Bc1>>(2T12)c2 (4T12)Bc2>>(2T12)c4",
        "(4T12)Pa5>x(5T11)a5 (3T12)exf4 (2T12)Bxc1 (0T12)axb4 (1T12)Ba3>x(-1T12)a5 (-3T12)Nxe4 (-2T12)Bc8>>(-2T11)b8",
        "(-4T12)c4 (5T12)Na3>>(3T12)a4",
        "(5T12)Ke8>(6T12)e7 (-4T12)Ne5>>(-2T12)d5",
        "(-5T13)bxa5 (-4T13)bxa5 (-3T13)fxe4 (-2T13)bxa5 (-1T13)Ke1>>(0T12)d2 (0T13)Na3>>x(2T12)a3 (1T13)Ke1>>(2T12)f2 (2T13)Ke1>>(3T12)f2 (3T13)Ke1>>(2T12)f2 (4T13)Ke1>>(3T12)f2 (5T13)Ke1>>(4T12)f2 (6T13)Ke1>>(5T12)f2",
        "(-4T13)Bb8>>(-2T11)b8",
        "(-6T12)d4",
        "(7T12)Ke8>(8T12)e7 (2T13)Bc1>x(1T13)d1 (-6T12)Ne5>>(-4T12)d5",
        "(-7T13)cxd5 (-6T13)Rb1 (7T13)Ke1>>(6T13)f2 (8T13)Na4>>x(6T13)a3",
        "(6T13)Ba3>x(7T13)a4 (5T13)gxf4 (4T13)Bxc1 (-7T13)Nxf3 (8T13)Ba3>>x(7T13)a4 (-6T13)Bf8>>(-6T12)g8 (-5T13)Nd5>>x(-4T13)d3 (-3T13)Bf8>>(-4T13)g8 (-2T13)Bf8>>(-2T12)g8 (-1T13)Ba5>>(-4T13)d5 (0T13)Bd7>>x(-4T13)d3 (3T13)Qd8>>(0T10)g5",
        "(-15T11)fxg5",
        "(-15T11)axb4",
        "(-15T12)Kf2",
        "(16T12)Bxa3 (15T12)Bxc1 (14T12)Ba3>x(13T12)a4 (9T12)Bd7>(12T12)d4 (11T12)Ba3>x(10T12)a4 (-15T12)bxa3",
        "(-15T13)e4 (-12T13)bxa5 (-9T13)dxe5 (12T13)e3 (13T13)bxa4 (15T13)Q1xc1 (16T13)Bxa3 (9T13)Kd2>>(8T13)c3 (10T13)Qd2>>x(7T13)a5 (11T13)Bc1>>(7T13)c5 (14T13)Bc1>>x(8T13)c7",
        "(-15T13)Ne5>>x(-15T12)g5",
        "(-16T13)Nc4",
        "(-16T13)Ng5>>x(-15T11)g5",
        "(-17T12)e3",
        "(-17T12)f5",
        "(-17T13)h3",
        "(-17T13)Ne5>>x(-17T12)e3",
        "(-17T14)Pe3>x(-18T13)e3 (-15T14)Qd1>(-16T14)c1 (-13T14)Ke1>(-14T14)d1 (-10T14)Ke1>(-11T14)d2 (-7T14)Ke1>(-8T14)e1 (-5T14)Ra1>(-6T14)a1 (-3T14)Ke1>(-4T14)d1 (-1T14)Bc1>(-2T14)b1 (0T14)Ke1>(1T14)e1 (3T14)Qd1>(2T14)c1 (5T14)Bc1>(4T14)b1 (7T14)Bc1>(6T14)b1 (8T14)a3",
        "(10T13)Bc8>>(9T12)c8",
        "(-19T13)Qc1",
        "(19T13)Ba3>x(20T13)a4 (17T13)Ba3>x(18T13)a4 (16T13)exf4 (15T13)gxf4 (14T13)exf4 (13T13)Bxc1 (12T13)Ba3>x(11T13)a4 (9T13)axb4 (-9T13)axb4 (-12T13)Rxa5 (-18T13)Ng5>x(-19T13)e5",
        "(-19T14)bxa5 (-18T14)bxa5 (-12T14)a4 (19T14)fxg5 (20T14)Qxa8 (-9T14)Ke1>>(-8T14)e1 (9T14)Na3>>x(7T13)a3 (10T14)Na3>>x(8T13)a3 (11T14)Kf2>>(11T13)g2 (12T14)Bc1>>x(6T14)c7 (13T14)Kf2>>(14T13)g2 (14T14)Kf2>>(14T13)g2 (15T14)Kf2>>(14T13)g2 (16T14)Kf2>>(15T13)g2 (17T14)Kf2>>(16T13)g1 (18T14)Na3>>x(16T13)a3",
        "(18T14)Bc8>x(20T14)a8 (17T14)exf4 (16T14)f5 (15T14)b5 (14T14)b5 (13T14)Bxd2 (12T14)Bxa1 (9T14)Rxa2 (8T14)exf4 (7T14)Ba3>x(6T14)a4 (5T14)Bd6 (4T14)Bxd2 (1T14)Bd1>x(2T14)d2 (0T14)Rxa2 (-1T14)Rxa3 (-3T14)b5 (-4T14)Rxa5 (-10T14)Nd3>x(-8T14)d2 (-15T14)b5 (-14T14)Bd3>x(-16T14)d1 (-17T14)axb4 (-18T14)Rxa5 (-19T14)Rxa5 (3T14)Ba3>>x(2T14)b3 (10T14)Ba4>>x(7T14)a1 (11T14)Ba4>>x(6T14)f4 (19T14)Ra8>>x(20T14)a8 (-13T14)Bd5>>(-12T13)d5 (-12T14)Ra5>>x(-12T13)a5 (-11T14)Bb8>>(-12T13)b8 (-9T14)Bg8>>(-9T13)g7 (-7T14)Nf3>>x(-7T13)f1 (-6T14)Pa5>>x(-5T13)a5 (-5T14)Bc8>>(-5T13)b8 (-2T14)Qd8>>(-2T12)b8",
        "(-31T13)Rb1",
        "(33T13)exf4 (32T13)Ba3>x(31T13)a2 (30T13)Bc8>(29T13)b8 (28T13)Qd8>x(27T14)c7 (26T13)Bc8>(25T13)b8 (24T13)Qd8>(23T14)e8 (22T13)Ba3>x(21T13)a2 (-31T13)a4",
        "(-31T14)c4 (-30T14)a4 (-29T14)Ke1>x(-28T14)f1 (-26T14)a4 (-25T14)a4 (-24T14)c4 (24T14)Qa4>x(23T15)a4 (26T14)fxg5 (28T14)fxe5 (29T14)Qc2>x(31T14)a2 (-27T14)Ke1>>x(-28T14)f1 (25T14)Na4>>x(23T15)a4 (30T14)Qc2>>x(31T14)c1 (32T14)Qd1>>x(31T14)c1 (21T14)Bc5>>x(19T14)e5 (22T14)Bc1>>(17T14)c6",
        "(32T14)exf4 (31T14)Bxd2 (30T14)gxf4 (29T14)gxf4 (28T14)b5 (26T14)Qxg5 (25T14)exf4 (21T14)Ba2>x(24T14)d2 (22T14)Qxc7 (-24T14)Rxa5 (-25T14)Ra5>x(-26T14)a5 (-27T14)Bxe5 (-28T14)axb4 (-30T14)Rxa5 (-31T14)Qb8>>(-31T13)a7 (-29T14)Nd5>>(-31T13)d5",
        "(-33T14)h3 (-32T14)bxa5 (33T14)Bc1>>(28T14)c6",
        "(34T14)axb4 (33T14)d5 (-33T14)Nd5>>(-31T13)d5 (-32T14)Qa7>>(-31T13)a7",
        "(-35T14)bxa5 (-34T14)h4",
        "(40T14)bxc6 (39T14)e4 (38T14)Ke7>(37T14)e7 (36T14)Ba2>x(35T15)a2 (-34T14)Nd5>(-35T14)f5",
        "(-34T15)Ke1>(-35T15)d1 (-32T15)Ke1>(-33T15)d1 (-30T15)Ra1>(-31T15)a1 (-28T15)Ke1>(-29T15)e1 (-26T15)Ke1>(-27T15)e1 (-24T15)Ke1>(-25T15)d1 (-22T15)Bb1>(-23T15)b2 (-20T15)Ra1>x(-21T15)a1 (-18T15)Qd1>(-19T15)d1 (-17T15)Ke1>(-16T15)e1 (-14T15)Kd1>(-15T15)d1 (-12T15)Ke1>(-13T15)e1 (-10T15)Bf1>(-11T15)g1 (-8T15)Bc1>(-9T15)b1 (-6T15)Rb1>(-7T15)b1 (-4T15)Ra1>(-5T15)a1 (-2T15)Bb1>(-3T15)c1 (0T15)Bf1>(-1T15)e1 (2T15)Ra1>(1T15)a1 (4T15)Bb1>(3T15)c1 (6T15)Bb1>(5T15)c1 (8T15)Bc1>(7T15)b1 (10T15)Bc1>(9T15)b1 (12T15)Qd1>(11T15)c1 (14T15)Qd1>x(13T15)d2 (16T15)Qd1>(15T15)d1 (18T15)Bc1>(17T15)b1 (20T15)Bc1>(19T15)b1 (22T15)Qd1>(21T15)c2 (25T15)Qd1>x(24T15)d2 (26T15)Kg2>(27T15)g2 (29T15)Kg2>(28T15)g1 (32T15)Qd2>(30T15)b4 (31T15)Qxd2 (34T15)Kf1>(33T15)g1 (36T15)Qc1>(35T16)b1 (38T15)Bc1>(37T15)b1 (39T15)Bc1>(40T15)b1",
        "(36T15)exf4 (32T15)b5 (31T15)exf4 (30T15)axb4 (28T15)c5 (26T15)Qxd2 (25T15)b5 (27T15)Qc7>x(24T15)c4 (23T15)Bxc1 (22T15)Qxc2 (21T15)Bxc1 (18T15)Ba4>x(20T15)c4 (19T15)b5 (17T15)b5 (16T15)b5 (15T15)c5 (14T15)c5 (8T15)Qd8>x(13T15)d3 (11T15)exf4 (10T15)exf4 (6T15)Ba4>x(9T15)a1 (4T15)Bd2>x(5T15)d1 (2T15)Bd2>x(3T15)c2 (0T15)Rxa1 (-2T15)Rxa5 (-1T15)Ra3>x(-3T15)a3 (-4T15)Rxa3 (-18T15)Rxa3 (-19T15)Rxa3 (-20T15)Bxd1 (-23T15)Ba3>x(-22T15)a4 (-21T15)Ba3>>x(-22T15)a4 (7T15)Ba4>>x(2T15)f4 (12T15)Ba1>>x(9T15)d1 (29T15)Bb8>>x(24T15)b3 (-35T15)Nf5>>x(-35T14)f3 (-34T15)Qb8>>(-33T14)a7",
        "(-41T15)b5 (-40T15)exf3",
        "(40T15)gxf4 (37T15)Ba2>x(39T15)a4 (38T15)gxf4 (-41T15)Nd5>x(-40T15)d3 (-33T15)Pa5>>x(-32T14)a5 (-32T15)Bf8>>(-32T14)g8 (-31T15)Bf8>>(-31T14)g8 (-30T15)Nd5>>(-32T14)d5 (-29T15)Bf8>>(-29T14)g8 (-28T15)Pb4>>x(-27T14)b4 (-27T15)Bg8>>(-34T15)g1 (-26T15)Bb8>>(-25T14)b8 (-25T15)Bg8>>(-25T14)g7 (-24T15)Bd5>>(-25T14)d5 (-17T15)Ng5>>x(-15T14)g5 (-16T15)Ne5>>(-14T14)e5 (-15T15)Pa3>>x(-14T14)a3 (-14T15)Bf8>>(-14T14)g8 (-13T15)Bb8>>(-12T14)b8 (-12T15)Bg8>>(-12T14)g7 (-11T15)Bg8>>(-10T14)g8 (-10T15)Bf8>>(-10T14)g8 (-9T15)Qd8>>(-7T13)f6 (-8T15)Ba3>>x(-9T14)a3 (-7T15)Bf8>>(-7T14)g8 (-6T15)Bb8>>(-5T14)b8 (-5T15)Bf8>>(-5T14)g8 (1T15)Ke8>>(0T15)d7 (33T15)Pd5>>x(34T14)d5 (34T15)Ne5>>(34T14)e3",
    ];

    #[test]
    fn the_pieces_waiting_stay_few_where_cutting_them_would_split_them_without_end() {
        let options = Options::parse(Variant::FiveD, "").expect("the default options");
        let mut game = Game::new(options, 0);
        for turn in MANY_PIECES {
            game.play(turn).expect("a legal turn");
        }
        let VariantState::FiveD(state) = game.state() else {
            panic!("a 5D game");
        };
        let mut search = Search::new(state);
        assert!(search.next().is_some());
        assert!(search.peak() < 50_000, "{} pieces", search.peak());
    }
}
