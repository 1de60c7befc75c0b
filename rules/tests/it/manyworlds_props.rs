//! Many Worlds property tests: random legal play keeps the state consistent
//! (no two identical boards, numerals increasing, M-1, M-2), the record
//! replays to the state, printed actions read back to themselves, and no
//! text panics the parser: what it accepts prints canonically and reads
//! back as the same action; what it refuses, even 5 MB of it, it refuses
//! quickly and in a few words.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::time::{Duration, Instant};

use chronomate_rules::manyworlds::{Action, ManyWorlds, ManyWorldsOptions};
use chronomate_rules::rng::SplitMix64;
use chronomate_rules::{Game, Options, Rules, Variant};
use proptest::prelude::*;

/// A small deterministic generator for picking actions.
struct Pick(SplitMix64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }
}

fn play_randomly(seed: u64, steps: usize, turns: bool) -> Result<(), TestCaseError> {
    let mut pick = Pick(SplitMix64::new(seed));
    let options = ManyWorldsOptions { turns };
    let mut mw = ManyWorlds::new(&options, 0);
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
        mw.consistency()
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
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
    let game = Game::replay(Options::ManyWorlds(options), 0, &record)
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

/// The game the text tests read in: four boards after the sample opening.
fn sample_game() -> Game {
    Game::replay(
        Variant::ManyWorlds,
        0,
        [
            "(0) e4 (=I) d4 (=II)",
            "(I) Nf6 (=III) e5 (=IV)",
            "(II) Nf3 (=V) e4 (=VI)",
        ],
    )
    .unwrap()
}

/// What any text must do: no panic; if accepted, the action prints
/// canonically, the canonical text reads back as the same action, and
/// prints the same again; if refused, in a few words.
fn reads_back_or_refuses_briefly(game: &Game, text: &str) -> Result<(), TestCaseError> {
    match game.parse(text) {
        Ok(action) => {
            let canonical = game.notation(&action);
            let again = game.parse(&canonical);
            prop_assert_eq!(again.as_ref(), Ok(&action), "{:?} -> {}", text, canonical);
            prop_assert_eq!(game.notation(&action), canonical);
        }
        Err(e) => {
            let words = e.to_string();
            prop_assert!(words.chars().count() < 400, "{} chars", words.len());
        }
    }
    let _ = game.suggest(text, 5);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn no_text_panics_the_parser(text in any::<String>()) {
        reads_back_or_refuses_briefly(&sample_game(), &text)?;
    }

    #[test]
    fn no_action_like_text_panics_the_parser(
        text in r"[ (=)IVXivx0-9a-hNBRQKOo+#,;>\x00-]{0,24}"
    ) {
        reads_back_or_refuses_briefly(&sample_game(), &text)?;
    }

    #[test]
    fn no_bytes_panic_the_parser(bytes in proptest::collection::vec(any::<u8>(), 0..32)) {
        // Invalid UTF-8, decoded as a host would (lossily).
        let text = String::from_utf8_lossy(&bytes);
        reads_back_or_refuses_briefly(&sample_game(), &text)?;
        let mut split = b"(III) ".to_vec();
        split.extend(&bytes);
        reads_back_or_refuses_briefly(&sample_game(), &String::from_utf8_lossy(&split))?;
    }
}

#[test]
fn huge_inputs_are_answered_quickly_and_briefly() {
    let game = sample_game();
    let digits = "9".repeat(3_000_000);
    let roman = "M".repeat(5_000_000);
    let texts = [
        // A 5 MB line of moves, of NULs, of annotations.
        format!("(III) {}", "e5 ".repeat(1_700_000)),
        "\0".repeat(5_000_000),
        format!("(III) Nd5\0 e5{}", "\0".repeat(5_000_000)),
        format!("(III) Nd5 e5{}", "!".repeat(5_000_000)),
        String::from_utf8_lossy(&vec![0xff; 5_000_000]).into_owned(),
        // Board numerals of 3 million digits and 5 MB of Roman letters (M-1).
        format!("({digits}) e5 d5"),
        format!("({roman}) e5 d5"),
        format!("(III) Nd5 (={digits}) e5"),
        format!("(III) Nd5 (={roman}) e5"),
        format!("Nf6 III-{digits}"),
        format!("Nf6 {roman}-IV"),
        format!("({}3) Nd5 e5", "0".repeat(3_000_000)),
    ];
    for text in &texts {
        let start = Instant::now();
        reads_back_or_refuses_briefly(&game, text).unwrap();
        let took = start.elapsed();
        let head: String = text.chars().take(20).collect();
        eprintln!("{head:?}...: {took:?}");
        assert!(took < Duration::from_secs(2), "{head:?}... took {took:?}");
    }
    // Leading zeros are read as the number they write (board III).
    assert!(game.parse(texts.last().unwrap()).is_ok());
}
