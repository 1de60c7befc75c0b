//! Engine against engine in every variant at tiny budgets: every action is
//! legal when it is played, nothing panics, and the record replays to the
//! same state.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_engine::{Level, self_play};
use chronomate_rules::manyworlds::ManyWorldsOptions;
use chronomate_rules::multiverse::MultiverseOptions;
use chronomate_rules::{Game, Options, Variant};
use proptest::prelude::*;

/// Plays a short game and checks it.
fn check(options: Options, seed: u64, white: u8, black: u8, actions: usize) {
    let variant = options.variant();
    let (white, black) = (Level::new(white).unwrap(), Level::new(black).unwrap());
    let played =
        self_play(options.clone(), seed, white, black, None, actions).unwrap_or_else(|e| {
            panic!("{variant} seed {seed}: the engine played an illegal action: {e}")
        });
    let record = played.game.record();
    assert!(!record.is_empty() || played.game.status().is_over());
    // Each action was among the legal ones (canonical notation) when it
    // was played; where there are too many to list, the rules' own check
    // when playing it stands.
    let mut game = Game::new(options.clone(), seed);
    for action in record {
        if !matches!(variant, Variant::Multiverse | Variant::ManyWorlds) {
            assert!(
                game.legal_actions().contains(action),
                "{variant} seed {seed}: {action} is not listed as legal"
            );
        }
        game.play(action).unwrap();
    }
    let replayed = Game::replay(options, seed, record).unwrap();
    assert_eq!(replayed.record(), record);
    assert_eq!(replayed.status(), played.game.status());
    assert_eq!(replayed.turn(), played.game.turn());
    assert_eq!(replayed.view(), played.game.view());
}

fn level() -> impl Strategy<Value = u8> {
    1u8..=3
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn standard(seed in any::<u64>(), w in level(), b in level()) {
        check(Variant::Standard.into(), seed, w, b, 80);
    }

    #[test]
    fn traveler(seed in any::<u64>(), w in level(), b in level()) {
        check(Variant::Traveler.into(), seed, w, b, 30);
    }

    #[test]
    fn gifford(seed in any::<u64>(), w in level(), b in level()) {
        check(Variant::Gifford.into(), seed, w, b, 50);
    }

    #[test]
    fn multiverse(seed in any::<u64>(), w in level(), b in level(), limit in prop::sample::select(vec![1u16, 3, 21])) {
        let options = MultiverseOptions::with_limit(limit).unwrap();
        check(Options::Multiverse(options), seed, w, b, 40);
    }

    #[test]
    fn temporal(seed in any::<u64>(), w in level(), b in level()) {
        check(Variant::Temporal.into(), seed, w, b, 50);
    }

    #[test]
    fn manyworlds(seed in any::<u64>(), w in level(), b in level(), turns in any::<bool>()) {
        check(Options::ManyWorlds(ManyWorldsOptions { turns }), seed, w, b, 30);
    }
}

/// Games played to the end (or far) between the weakest levels finish
/// with a result the rules gave.
#[test]
fn weak_standard_games_end() {
    let one = Level::MIN;
    let played = self_play(Variant::Standard, 3, one, one, None, 600).unwrap();
    assert!(played.outcome.is_some(), "{}", played.game);
}
