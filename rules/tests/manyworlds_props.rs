//! Many Worlds property tests: random legal play keeps the state consistent
//! (no two identical boards, numerals increasing), the record replays to
//! the state, printed actions read back to themselves, and no text panics
//! the parser.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::manyworlds::{Action, ManyWorlds};
use chronomate_rules::{Game, Options, Variant};
use proptest::prelude::*;

/// A small deterministic generator for picking actions.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

fn play_randomly(seed: u64, steps: usize, turns: bool) -> Result<(), TestCaseError> {
    let mut pick = Pick(seed);
    let mut mw = ManyWorlds::new(turns);
    let mut record = Vec::new();
    for _ in 0..steps {
        if mw.status().is_over() {
            prop_assert!(mw.legal_actions().is_empty());
            break;
        }
        let actions = mw.legal_actions();
        prop_assert!(!actions.is_empty(), "ongoing with no action");
        // Every printed action reads back to itself (a sample of them).
        for _ in 0..4 {
            let a = actions[pick.below(actions.len())];
            let text = mw.notation(&a);
            prop_assert_eq!(mw.parse(&text), Ok(a), "{}", text);
        }
        // Prefer transfers now and then so that they are exercised.
        let transfers: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Transfer { .. }))
            .collect();
        let action = if !transfers.is_empty() && pick.below(3) == 0 {
            transfers[pick.below(transfers.len())]
        } else {
            actions[pick.below(actions.len())]
        };
        let before: Vec<u32> = mw.boards().map(|(n, _)| n.0).collect();
        let next = mw.next_numeral().0;
        let played = mw
            .play(&action)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        record.push(played.notation);
        mw.audit().map_err(TestCaseError::fail)?;
        // New boards are numbered from the next numeral up, in order.
        let after: Vec<u32> = mw.boards().map(|(n, _)| n.0).collect();
        let mut fresh: Vec<u32> = after
            .iter()
            .copied()
            .filter(|n| !before.contains(n))
            .collect();
        fresh.sort_unstable();
        for (i, n) in fresh.iter().enumerate() {
            prop_assert_eq!(*n, next + i as u32);
        }
        prop_assert!(after.windows(2).all(|w| w[0] < w[1]));
        prop_assert_eq!(mw.next_numeral().0, next + fresh.len() as u32);
        prop_assert_eq!(mw.board_count(), mw.view().boards.len());
    }
    // Replaying the record gives the same state.
    let options = Options {
        turns,
        ..Options::default()
    };
    let game = Game::replay(Variant::ManyWorlds, options, 0, &record)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let replayed = serde_json::to_value(&game).unwrap();
    prop_assert_eq!(
        &replayed["inner"]["state"],
        &serde_json::to_value(&mw).unwrap()
    );
    prop_assert_eq!(game.record(), record.as_slice());
    prop_assert_eq!(game.status(), mw.status());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_play_stays_consistent(seed in any::<u64>(), steps in 1usize..14) {
        play_randomly(seed, steps, false)?;
    }

    #[test]
    fn random_play_with_turns_stays_consistent(seed in any::<u64>(), steps in 1usize..14) {
        play_randomly(seed, steps, true)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn no_text_panics_the_parser(text in any::<String>()) {
        let game = Game::replay(
            Variant::ManyWorlds,
            Options::default(),
            0,
            ["(0) e4 (=I) d4 (=II)", "(I) Nf6 (=III) e5 (=IV)", "(II) Nf3 (=V) e4 (=VI)"],
        ).unwrap();
        let _ = game.parse(&text);
        let _ = game.suggest(&text, 5);
    }

    #[test]
    fn no_action_like_text_panics_the_parser(
        text in r"[ (=)IVXivx0-9a-hNBRQKOo+#,;>-]{0,24}"
    ) {
        let game = Game::replay(
            Variant::ManyWorlds,
            Options::default(),
            0,
            ["(0) e4 (=I) d4 (=II)", "(I) Nf6 (=III) e5 (=IV)", "(II) Nf3 (=V) e4 (=VI)"],
        ).unwrap();
        if let Ok(action) = game.parse(&text) {
            // Whatever reads as an action prints canonically and reads back.
            let canonical = game.notation(&action);
            prop_assert_eq!(game.parse(&canonical), Ok(action));
        }
        let _ = game.suggest(&text, 5);
    }
}
