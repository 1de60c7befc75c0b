//! Analysis never lies about a finished game: its last position is charted
//! for the winner, in every variant.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_engine::{Level, Limits, Player, analyse, play_game};
use chronomate_rules::multiverse::MultiverseOptions;
use chronomate_rules::{Color, Options, Variant};

/// A search cut to a millisecond a position: only the finished position's
/// score is looked at.
fn quick() -> Limits {
    Limits {
        depth: Some(1),
        nodes: Some(1),
        ..Limits::level(Level::MIN, Some(1))
    }
}

#[test]
fn a_traveler_game_won_by_white_ends_at_one() {
    // 1-0 by grammatical incorrectness (TT-6): Black's traveling queen on
    // b6 is taken.
    let record = [
        "e4", "Qb6/e6", "Qh3/xe6", "Kd6/xe6", "Be3/c5", "Ne5/f3", "Bxb6",
    ];
    let limits = Limits::level(Level::new(4).unwrap(), None);
    let evals = analyse(Variant::Traveler, 0, &record, &limits).unwrap();
    let last = evals.last().unwrap();
    let result = last.result.expect("the game is over");
    assert_eq!(result.winner, Some(Color::White), "{result}");
    assert_eq!(last.score.expectation(), 1.0, "{last:?}");
    // White's winning move gained White something, or nothing: it is no
    // swing against White.
    let before = &evals[evals.len() - 2];
    assert_eq!(before.to_move, Some(Color::White));
    assert!(
        last.score.expectation() >= before.score.expectation(),
        "{before:?} then {last:?}"
    );
}

/// Options that keep games short to find: the multiverse with one branch
/// (no time travel, so a turn is a few dozen actions, not thousands).
fn options(variant: Variant) -> Options {
    match variant {
        Variant::Multiverse => Options::Multiverse(MultiverseOptions::with_limit(1).unwrap()),
        _ => Options::none(variant),
    }
}

/// A finished game of `variant` won by `winner`: the greedy player against
/// the random mover, the greedy one on `winner`'s side, the first seed
/// whose game it wins within `max` actions: the seed and the record.
fn won_by(variant: Variant, winner: Color, max: usize) -> (u64, Vec<String>) {
    for seed in 0..40 {
        let (white, black) = match winner {
            Color::White => (Player::Greedy, Player::Random),
            Color::Black => (Player::Random, Player::Greedy),
        };
        let played = play_game(options(variant), seed, white, black, None, max).unwrap();
        if played.outcome.is_some_and(|o| o.winner == Some(winner)) {
            return (seed, played.game.record().to_vec());
        }
    }
    panic!("{variant}: no game won by {winner} in 40 seeds");
}

#[test]
fn every_variant_charts_a_finished_game_for_its_winner() {
    // 5D chess has its own test below: its baselines weigh up to a
    // thousand whole turns a move, too slow to find a won game this way.
    for &variant in Variant::ALL.iter().filter(|&&v| v != Variant::FiveD) {
        for winner in Color::ALL {
            let (seed, record) = won_by(variant, winner, 300);
            let evals = analyse(options(variant), seed, &record, &quick()).unwrap();
            let last = evals.last().unwrap();
            assert_eq!(last.result.and_then(|o| o.winner), Some(winner));
            let expected = match winner {
                Color::White => 1.0,
                Color::Black => 0.0,
            };
            assert_eq!(
                last.score.expectation(),
                expected,
                "{variant}, won by {winner}: {last:?}"
            );
        }
    }
}

#[test]
fn a_5d_game_won_by_black_ends_at_zero() {
    // The rules' corpus game where Black mates across timelines
    // (rules/tests/fived/data/own/standard-black-mates.5dpgn).
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rules/tests/fived/data/own/standard-black-mates.5dpgn"
    ))
    .unwrap();
    let read = chronomate_rules::record::read(Variant::FiveD, &text).unwrap();
    assert_eq!(read.options, Options::none(Variant::FiveD));
    let record = read.actions;
    let evals = analyse(Variant::FiveD, 0, &record, &quick()).unwrap();
    let last = evals.last().unwrap();
    assert_eq!(
        last.result.and_then(|o| o.winner),
        Some(Color::Black),
        "{last:?}"
    );
    assert_eq!(last.score.expectation(), 0.0, "{last:?}");
}

#[test]
fn a_drawn_game_ends_even() {
    // Stalemate after ten moves (Sam Loyd).
    let record = [
        "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
        "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
    ];
    let evals = analyse(Variant::Standard, 0, &record, &quick()).unwrap();
    let last = evals.last().unwrap();
    assert!(last.result.is_some_and(|o| o.winner.is_none()), "{last:?}");
    assert_eq!(last.score.expectation(), 0.5);
}
