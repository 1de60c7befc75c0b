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
mod witness;

pub use brute::{brute_force_some, brute_force_turns};

use super::action::Action;
use super::position::FiveD;

/// Whether the side to move has a legal turn.
pub(crate) fn has_legal_turn(game: &FiveD) -> bool {
    witness::plain_turn_exists(game) || hypercuboid::Search::new(game).next().is_some()
}

/// What a search for a legal turn held to a number of steps found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decided {
    /// Whether the side to move has a legal turn; `None` where the search
    /// gave up.
    pub any: Option<bool>,
    /// The steps it took, one more for laying out the space where it had
    /// to search at all: none where a turn of one plain move a board
    /// showed at once that a turn exists.
    pub steps: usize,
}

/// Whether the side to move has a legal turn, where the search decides it
/// within `steps` steps (points of the space it takes), and what that
/// took. For a program that may not wait: a position of many timelines in
/// check can take the search seconds and gigabytes to prove that no turn
/// is left.
pub(crate) fn has_legal_turn_within(game: &FiveD, steps: usize) -> Decided {
    if witness::plain_turn_exists(game) {
        return Decided {
            any: Some(true),
            steps: 0,
        };
    }
    let mut turns = TurnsWithin::new(game, steps);
    let any = if turns.next().is_some() {
        Some(true)
    } else {
        (!turns.gave_up()).then_some(false)
    };
    Decided {
        any,
        steps: turns.steps().saturating_add(1),
    }
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

/// The legal turns of [`legal_turns`], in the same order, from a search
/// held to a number of steps (counted as [`has_legal_turn_within`] counts
/// them): past them it ends, and [`TurnsWithin::gave_up`] tells that end
/// from the last turn. For a program that may not wait: in a multiverse of
/// many timelines in check, listing a few hundred turns can take seconds.
pub struct TurnsWithin<'a> {
    search: hypercuboid::Search<'a>,
    limit: usize,
}

impl<'a> TurnsWithin<'a> {
    pub(crate) fn new(game: &'a FiveD, steps: usize) -> TurnsWithin<'a> {
        TurnsWithin {
            search: hypercuboid::Search::new(game).within(steps),
            limit: steps,
        }
    }

    /// The steps taken so far.
    pub fn steps(&self) -> usize {
        self.limit - self.search.steps_left().unwrap_or(0)
    }

    /// Whether the search ended by its limit of steps, with turns it had
    /// not reached.
    pub fn gave_up(&self) -> bool {
        self.search.gave_up()
    }
}

impl Iterator for TurnsWithin<'_> {
    type Item = Action;

    fn next(&mut self) -> Option<Action> {
        self.search.next()
    }
}

#[cfg(test)]
mod tests {
    use super::hypercuboid::Search;
    use crate::{Game, Options, Variant, VariantState};

    /// The 136 turns of a ladder game of the engine at levels 4 and 5
    /// against each other (2026-12-07), after which White is in check
    /// over 16 of 88 playable boards, and has a legal turn.
    const SLOW_JUDGEMENT: &str =
        include_str!("../../../tests/fived/data/regress/slow-judgement.txt");

    #[test]
    fn a_man_that_captures_whatever_the_other_boards_do_is_ruled_out_of_every_piece() {
        use super::super::position::FiveD;
        use crate::face::Rules;
        let mut turns: Vec<&str> = SLOW_JUDGEMENT
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect();
        let last = turns.pop().expect("the last turn");
        let mut before = FiveD::new(&Default::default(), 0);
        for text in turns {
            let action = before.parse(text).expect("a legal turn");
            before.apply(&action).expect("applies");
        }
        // The last turn made unjudged: judging it is what took minutes.
        let action = before.parse(last).expect("a legal turn");
        let mut draft = before.draft();
        for mv in &action.moves {
            draft.make(mv).expect("its moves");
        }
        let state = draft.submit_judging_mates(0).expect("submits");
        assert!(state.is_check() && !super::witness::plain_turn_exists(&state));
        // A man standing on one board where it captures whatever the other
        // boards do failed each of some 28,000 pieces of the space on its
        // own: the search ran through 300 million steps (10,000 points)
        // without a turn, and for minutes unbounded. Ruled out of every
        // piece once, 19 points found one, in 230,000 steps while every
        // failing point was tried on 4,096 pieces waiting, and in 8,259
        // now that it is tried on 64 (`STACK_CUT`).
        let mut turns = super::TurnsWithin::new(&state, 1 << 16);
        assert!(turns.next().is_some(), "no turn within {} steps", 1 << 16);
    }

    /// The first 70 turns of a ladder game of Chronomate's engine at level
    /// 2 against itself (2026-12-03). The search for the legal turn that
    /// the side to move has after them cut every piece of the space
    /// waiting with each failing point's slice, splitting them again and
    /// again: past 225,000 pieces and gigabytes, until the process was
    /// killed.
    const MANY_PIECES: &str = include_str!("../../../tests/fived/data/regress/many-pieces.txt");

    #[test]
    fn the_pieces_waiting_stay_few_where_cutting_them_would_split_them_without_end() {
        let options = Options::parse(Variant::FiveD, "").expect("the default options");
        let mut game = Game::new(options, 0);
        for turn in MANY_PIECES.lines().filter(|l| !l.starts_with('#')) {
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
