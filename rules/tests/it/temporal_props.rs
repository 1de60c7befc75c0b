//! Temporal Chess property tests: random legal play stays consistent, the
//! record replays to the same state, notation round-trips, and no input
//! panics the parser.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::temporal::TemporalChess;
use chronomate_rules::{Game, QUOTE_LIMIT, Rules, Status, Variant};
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
    Game::new(Variant::Temporal, 0)
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
    let mut shadow = TemporalChess::default();
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
            shadow.consistency().is_ok(),
            "{:?} after {}",
            shadow.consistency(),
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
        let again = Game::replay(Variant::Temporal, 0, g.record()).unwrap();
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
        read_back(&g, &text)?;
        if let Ok(action) = g.parse(&text) {
            let mut h = g.clone();
            prop_assert!(h.apply(&action).is_ok());
        }
        let _ = g.suggest(&text, 10);
    }
}

/// What the reader makes of `text`: never a panic, an answer within a
/// second or two however long the text, an error in a few words (the text
/// quoted once, cut short), and an accepted action that prints as text
/// reading back to it, the same text again.
fn read_back(g: &Game, text: &str) -> Result<Option<String>, TestCaseError> {
    let start = std::time::Instant::now();
    let answer = g.parse(text);
    prop_assert!(
        start.elapsed().as_secs() < 2,
        "{} bytes took {:?}",
        text.len(),
        start.elapsed()
    );
    match answer {
        Ok(a) => {
            let printed = g.notation(&a);
            prop_assert!(g.legal_actions().contains(&printed), "{printed}");
            let again = g.parse(&printed);
            prop_assert_eq!(again.as_ref(), Ok(&a), "{}", printed);
            prop_assert_eq!(g.notation(&a), printed.clone());
            Ok(Some(printed))
        }
        Err(e) => {
            let words = e.to_string();
            prop_assert!(
                words.chars().count() < 2 * QUOTE_LIMIT + 200,
                "{} characters: {}",
                words.chars().count(),
                chronomate_rules::quote(&words)
            );
            Ok(None)
        }
    }
}

/// White: king Aa1, knights Ac1 and Ca1, rook Ab2. Black: king Dd4,
/// unicorns Da1, Db2 and Da4. White to move, no warp running.
const SETUP: [&str; 8] = [
    "K@Aa1", "K@Dd4", "N@Ac1", "U@Da1", "N@Ca1", "U@Db2", "R@Ab2", "U@Da4",
];

fn setup() -> Game {
    Game::replay(Variant::Temporal, 0, SETUP).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any bytes, read as a player's client would send them (invalid UTF-8
    /// replaced), NUL bytes included, and listed actions with a NUL or a
    /// replacement character slipped in.
    #[test]
    fn nul_bytes_and_invalid_utf8_never_panic(
        seed in any::<u64>(),
        plies in 0usize..40,
        bytes in prop::collection::vec(
            prop_oneof![Just(0u8), Just(0xffu8), Just(0xc3u8), Just(b'@'), Just(b'^'), any::<u8>()],
            0..24,
        ),
        at in any::<prop::sample::Index>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let g = random_game(seed, plies)?;
        read_back(&g, &String::from_utf8_lossy(&bytes))?;
        let actions = g.legal_actions();
        if !actions.is_empty() {
            let text = &actions[pick.index(actions.len())];
            let cut = at.index(text.len() + 1);
            for odd in ["\0", "\u{fffd}"] {
                read_back(&g, &format!("{}{odd}{}", &text[..cut], &text[cut..]))?;
            }
        }
    }
}

/// A 5 MB line of each shape the reader knows is answered at once, in a
/// few words.
#[test]
fn a_five_megabyte_line_is_answered_quickly_and_briefly() {
    const MB5: usize = 5_000_000;
    for g in [new_game(), setup()] {
        for text in [
            "N".repeat(MB5),
            "\0".repeat(MB5),
            "NAc1-Cc2 ".repeat(MB5 / 9),
            format!("N@{}", "Bc3".repeat(MB5 / 3)),
            format!("{}@Bc3", "N".repeat(MB5)),
            format!("NCa1^{}", " ".repeat(MB5)),
            format!("{}^4", "NCa1".repeat(MB5 / 4)),
            format!("NAc1~Cc2/{}", "/".repeat(MB5)),
            "é".repeat(MB5 / 2),
        ] {
            read_back(&g, &text).unwrap();
            assert!(
                g.parse(&text).is_err(),
                "{}",
                chronomate_rules::quote(&text)
            );
        }
        // Marks are read however many there are: the move, if legal.
        for marked in [
            format!("NAc1{}Cc2", "-".repeat(MB5)),
            format!("NAc1-Cc2{}", "+".repeat(MB5)),
        ] {
            let read = read_back(&g, &marked).unwrap();
            assert_eq!(
                read.is_some(),
                g.legal_actions().contains(&"NAc1-Cc2".to_owned())
            );
        }
    }
}

/// Checker counts of three million digits (`^N`, `/N`): refused as out of
/// range by the rule of the warp (T-5, T-4), quickly and briefly; with
/// leading zeros only, the count it is.
#[test]
fn three_million_digit_checker_counts() {
    const DIGITS: usize = 3_000_000;
    let g = setup();
    let nines = "9".repeat(DIGITS);
    for (text, rule) in [
        (format!("NCa1^{nines}"), chronomate_rules::Rule::T_5),
        (format!("NAc1~Cc2/{nines}"), chronomate_rules::Rule::T_4),
        (format!("NAc1-Cc2/{nines}"), chronomate_rules::Rule::T_4),
    ] {
        assert_eq!(read_back(&g, &text).unwrap(), None);
        let error = g.parse(&text).unwrap_err();
        assert_eq!(error.rule(), Some(rule));
        assert!(error.to_string().contains("out of range"), "{error}");
    }
    // Not a count: no cell ends the move.
    assert_eq!(read_back(&g, &format!("NAc1~Cc2 {nines}")).unwrap(), None);
    let zeros = "0".repeat(DIGITS);
    assert_eq!(
        read_back(&g, &format!("NCa1^{zeros}4")).unwrap().as_deref(),
        Some("NCa1^4")
    );
    assert_eq!(
        read_back(&g, &format!("NAc1~Cc2/{zeros}3"))
            .unwrap()
            .as_deref(),
        Some("NAc1~Cc2/3")
    );
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
