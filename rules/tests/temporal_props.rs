//! Temporal Chess property tests: random legal play stays consistent, the
//! record replays to the same state, notation round-trips, and no input
//! panics the parser.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::temporal::TemporalChess;
use chronomate_rules::{Game, Options, Status, Variant};
use proptest::prelude::*;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn new_game() -> Game {
    Game::new(Variant::Temporal, Options::default(), 0).unwrap()
}

/// Picks an action text, drops often early, warps now and then.
fn pick(actions: &[String], rng: &mut Rng) -> String {
    let pools: [Vec<&String>; 3] = [
        actions.iter().filter(|a| a.contains('@')).collect(),
        actions
            .iter()
            .filter(|a| !a.contains('@') && !a.contains('~') && !a.contains('^'))
            .collect(),
        actions
            .iter()
            .filter(|a| a.contains('~') || a.contains('^'))
            .collect(),
    ];
    let roll = rng.below(10);
    let order = if roll < 4 {
        [0, 1, 2]
    } else if roll < 8 {
        [1, 0, 2]
    } else {
        [2, 1, 0]
    };
    for i in order {
        if !pools[i].is_empty() {
            return pools[i][rng.below(pools[i].len())].clone();
        }
    }
    actions[rng.below(actions.len())].clone()
}

/// Plays up to `plies` random legal actions, checking as it goes.
fn random_game(seed: u64, plies: usize) -> Result<Game, TestCaseError> {
    let mut rng = Rng(seed | 1);
    let mut g = new_game();
    let mut shadow = TemporalChess::new();
    for _ in 0..plies {
        if g.status().is_over() {
            prop_assert!(g.legal_actions().is_empty());
            break;
        }
        let actions = g.legal_actions();
        prop_assert!(!actions.is_empty(), "ongoing without an action");
        // A few listed actions read back to themselves.
        for _ in 0..8 {
            let text = &actions[rng.below(actions.len())];
            let parsed = g.parse(text);
            prop_assert!(parsed.is_ok(), "{text}: {parsed:?}");
            prop_assert_eq!(&g.notation(&parsed.unwrap()), text);
        }
        let text = pick(&actions, &mut rng);
        let played = g.play(&text);
        prop_assert!(played.is_ok(), "{}: {:?}", text, played);
        prop_assert_eq!(&played.unwrap().notation, &text);
        // The same action through the variant's own face.
        let a = shadow.parse(&text).unwrap();
        shadow.play(&a).unwrap();
        prop_assert_eq!(shadow.status(), g.status());
        prop_assert!(
            shadow.audit().is_ok(),
            "{:?} after {}",
            shadow.audit(),
            text
        );
        prop_assert_eq!(shadow.view(), g.view());
    }
    Ok(g)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random legal play never reaches an inconsistent state, and every
    /// action it plays prints and reads back the same.
    #[test]
    fn random_play_stays_consistent(seed in any::<u64>()) {
        random_game(seed, 140)?;
    }

    /// `Game::replay` of the record is the game.
    #[test]
    fn replay_of_the_record_is_the_state(seed in any::<u64>()) {
        let g = random_game(seed, 90)?;
        let again = Game::replay(Variant::Temporal, Options::default(), 0, g.record()).unwrap();
        prop_assert_eq!(serde_json::to_value(&again).unwrap(), serde_json::to_value(&g).unwrap());
        prop_assert_eq!(again.view(), g.view());
        prop_assert_eq!(again.legal_actions(), g.legal_actions());
        // And through serde.
        let json = serde_json::to_string(&g).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.legal_actions(), g.legal_actions());
    }

    /// No text panics the parser; whatever it accepts is legal and prints
    /// as text that reads back to the same action.
    #[test]
    fn no_input_panics_the_parser(
        seed in any::<u64>(),
        plies in 0usize..40,
        text in prop_oneof![
            ".{0,16}",
            "[KQRBNUkqrbnuABCDabcd0-9@*^~/x:+#!? -]{0,12}",
            "[KQRBNU]?[A-D]?[a-d]?[1-4]?[-x~]{0,2}[A-D][a-d][1-4](/[0-9])?[+#]?",
            "[KQRBNU]?[A-D][a-d][1-4]\\^[0-9]{1,2}",
            "[KQRBNU]@[A-Da-d][a-d][1-5]",
        ],
    ) {
        let g = random_game(seed, plies)?;
        if let Ok(action) = g.parse(&text) {
            let canonical = g.notation(&action);
            prop_assert!(g.legal_actions().contains(&canonical), "{text:?} -> {canonical}");
            prop_assert_eq!(&g.parse(&canonical).unwrap(), &action);
            let mut h = g.clone();
            prop_assert!(h.apply(&action).is_ok());
        }
        let _ = g.suggest(&text, 10);
    }
}

/// Long random games end, by one rule or another, and an ended game offers
/// no action.
#[test]
fn long_random_games_end_cleanly() {
    let mut reasons = Vec::new();
    for seed in 0..8u64 {
        let g = random_game(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1, 400).unwrap();
        if let Status::Finished(o) = g.status() {
            assert!(g.legal_actions().is_empty());
            reasons.push(o.reason);
        }
    }
    assert!(!reasons.is_empty(), "no random game ended");
}
