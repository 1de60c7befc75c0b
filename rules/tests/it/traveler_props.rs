//! Property tests for `traveler`: random legal play keeps the state
//! consistent; the replay of the record equals the game; every printed
//! action reads back to itself; no text makes the parser panic, and text
//! it accepts round-trips through the canonical notation.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::time::{Duration, Instant};

use chronomate_rules::traveler::{Action, TravelerChess};
use chronomate_rules::{ActionError, Color, Game, QUOTE_LIMIT, Rules, Variant};
use proptest::prelude::*;

fn new_game() -> Game {
    Game::new(Variant::Traveler, 0)
}

/// Plays the actions chosen by `picks` (explosions favoured by the odd
/// picks), checking the state after each. The shadow game is played
/// through the typed face (`play`), the engine game through `apply`,
/// which writes no notation; both must end in the same state.
fn play_out(picks: &[(u16, bool)]) -> (Game, TravelerChess) {
    let mut game = new_game();
    let mut shadow = TravelerChess::new();
    let mut engine = TravelerChess::new();
    for &(pick, explode) in picks {
        if game.status().is_over() {
            break;
        }
        let actions = game.legal_actions();
        let typed = shadow.legal_actions();
        assert_eq!(actions.len(), typed.len());
        assert!(!actions.is_empty(), "an ongoing game has a legal action");
        // TT-3, TT-5: every annihilation possible now starts from a
        // resonator: the two use one geometry.
        let us = shadow.turn().color;
        for a in &typed {
            if let Action::Annihilation { from, .. } = a {
                assert!(shadow.resonators(us).contains(*from), "{a:?}");
            }
        }
        let explosions: Vec<&String> = actions
            .iter()
            .filter(|a| a.contains('/') && !a.contains("//"))
            .collect();
        let text = if explode && !explosions.is_empty() {
            explosions[pick as usize % explosions.len()].clone()
        } else {
            actions[pick as usize % actions.len()].clone()
        };
        let played = game.play(&text).unwrap();
        assert_eq!(played.notation, text, "the listed notation is canonical");
        let action = shadow.parse(&text).unwrap();
        assert_eq!(engine.parse(&text).unwrap(), action);
        assert_eq!(shadow.play(&action).unwrap().notation, text);
        assert_eq!(engine.apply(&action).unwrap(), Vec::<String>::new());
        shadow.consistency().unwrap();
        assert_eq!(
            serde_json::to_string(&engine).unwrap(),
            serde_json::to_string(&shadow).unwrap(),
            "apply and play agree"
        );
    }
    (game, shadow)
}

/// If `text` reads as an action, its notation reads back as the same
/// action and is stable.
fn round_trips<R: Rules>(g: &R, text: &str) -> Result<(), TestCaseError> {
    if let Ok(a) = g.parse(text) {
        let printed = g.notation(&a);
        let again = g.parse(&printed);
        prop_assert_eq!(again.as_ref(), Ok(&a), "{:?} -> {}", text, printed);
        prop_assert_eq!(g.notation(&a), printed);
    }
    Ok(())
}

/// What the audit feeds every reader: NUL bytes and the like.
fn odd_texts() -> Vec<String> {
    let mut out: Vec<String> = [
        "\0", "e4\0", "\0e4", "Nf6/\0e8", "d2//d4\0", "/\0", "e\0\0", "O-O\0", "\0//\0",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    out.push(String::from_utf8_lossy(&[0xff, b'e', b'4', 0xfe]).into_owned());
    out.push(String::from_utf8_lossy(b"Nf6/\xc3e8").into_owned());
    out.push(String::from_utf8_lossy(b"d2/\xff/d4").into_owned());
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_play_stays_consistent_and_replays(picks in prop::collection::vec((any::<u16>(), any::<bool>()), 1..40)) {
        let (game, shadow) = play_out(&picks);
        let again = Game::replay(Variant::Traveler, 0, game.record()).unwrap();
        prop_assert_eq!(serde_json::to_string(&again).unwrap(), serde_json::to_string(&game).unwrap());
        prop_assert_eq!(again.view(), game.view());
        prop_assert_eq!(again.status(), game.status());
        prop_assert_eq!(shadow.view(), game.view());
        // The state survives serialization.
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.legal_actions(), game.legal_actions());
    }

    #[test]
    fn printed_actions_read_back_to_themselves(picks in prop::collection::vec((any::<u16>(), any::<bool>()), 0..25)) {
        let (game, _) = play_out(&picks);
        let actions = game.legal_actions();
        let step = (actions.len() / 150).max(1);
        for text in actions.iter().step_by(step) {
            let action = game.parse(text).unwrap();
            prop_assert_eq!(&game.notation(&action), text);
            // Lenient forms read the same.
            let loose = text.replace('x', "").replace('#', "++");
            let again = game.parse(&loose).unwrap();
            prop_assert_eq!(&game.notation(&again), text);
        }
        for typed in ["", "N", "Q", "e", "Bb", "d2//", "Nf6/", "O-"] {
            let s = game.suggest(typed, 25);
            prop_assert!(s.len() <= 25);
            for t in &s {
                prop_assert!(actions.contains(t), "{} suggested but not legal", t);
            }
        }
    }

    #[test]
    fn no_text_makes_the_parser_panic(text in ".{0,16}", picks in prop::collection::vec((any::<u16>(), any::<bool>()), 0..12)) {
        let (game, shadow) = play_out(&picks);
        round_trips(&shadow, &text)?;
        if let Ok(a) = game.parse(&text) {
            let printed = game.notation(&a);
            let again = game.parse(&printed);
            prop_assert_eq!(again.as_ref(), Ok(&a));
        }
        let _ = game.suggest(&text, 10);
    }

    #[test]
    fn no_notation_like_text_makes_the_parser_panic(
        text in "[KQRBNPkqrbnpx0-9a-hO=+#/()-]{0,10}",
        picks in prop::collection::vec((any::<u16>(), any::<bool>()), 0..12),
    ) {
        let (_, shadow) = play_out(&picks);
        round_trips(&shadow, &text)?;
        round_trips(&TravelerChess::new(), &text)?;
    }

    #[test]
    fn no_bytes_make_the_parser_panic(
        bytes in prop::collection::vec(any::<u8>(), 0..16),
        picks in prop::collection::vec((any::<u16>(), any::<bool>()), 0..12),
    ) {
        let (_, shadow) = play_out(&picks);
        let text = String::from_utf8_lossy(&bytes);
        round_trips(&shadow, &text)?;
        let _ = shadow.suggest(&text, 10);
    }
}

/// NUL bytes and invalid UTF-8 (decoded lossily): no panic, and whatever
/// is read round-trips.
#[test]
fn nul_and_invalid_utf8_are_refused_or_round_trip() {
    let mut g = TravelerChess::new();
    for text in ["d4/d5", "e5", "a3", "e4", "d2//d4"] {
        let a = g.parse(text).unwrap();
        g.play(&a).unwrap();
    }
    for g in [TravelerChess::new(), g] {
        for text in odd_texts() {
            round_trips(&g, &text).unwrap();
            let _ = g.suggest(&text, 10);
        }
    }
}

/// The answer to `text`: quick, and short whatever the text's length; an
/// accepted text round-trips.
fn answers_quickly_and_short(g: &TravelerChess, text: &str) {
    let start = Instant::now();
    let answer = g.parse(text);
    let suggested = g.suggest(text, 10);
    let took = start.elapsed();
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert!(suggested.is_empty());
    // Lenient reading may accept it (`e4` with five million `+`).
    let err = match answer {
        Ok(a) => {
            round_trips(g, text).unwrap();
            assert!(g.notation(&a).len() < 16);
            return;
        }
        Err(err) => err,
    };
    if let ActionError::Syntax { text: quoted, .. } = &err {
        assert!(quoted.chars().count() <= QUOTE_LIMIT + 1);
    }
    let shown = err.to_string();
    assert!(shown.len() < 400, "{} bytes", shown.len());
}

/// A 5 MB line is answered at once, with a short error.
#[test]
fn a_five_megabyte_line_is_refused_quickly_and_briefly() {
    let g = TravelerChess::new();
    const MB5: usize = 5_000_000;
    for text in [
        "e".repeat(MB5),
        format!("Nf6/{}", "e".repeat(MB5)),
        format!("d2//{}", "d".repeat(MB5)),
        "/".repeat(MB5),
        format!("e4{}", "+".repeat(MB5)),
        "e.p.".repeat(MB5 / 4),
        " ".repeat(MB5) + "x",
    ] {
        answers_quickly_and_short(&g, &text);
    }
}

/// No notation of this variant takes a number, so a 3-million-digit one
/// is refused like any other text: quickly and briefly.
#[test]
fn a_three_million_digit_number_is_refused_quickly_and_briefly() {
    let g = TravelerChess::new();
    let digits = "7".repeat(3_000_000);
    for text in [
        digits.clone(),
        format!("e{digits}"),
        format!("Nf6/e{digits}"),
        format!("d2//d{digits}"),
        format!("h3/h4={digits}"),
    ] {
        answers_quickly_and_short(&g, &text);
    }
    assert_eq!(g.turn().color, Color::White);
}
