//! Property tests for `traveler`: random legal play keeps the state
//! consistent; the replay of the record equals the game; every printed
//! action reads back to itself; no text makes the parser panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::traveler::TravelerChess;
use chronomate_rules::{Game, Options, Variant};
use proptest::prelude::*;

fn new_game() -> Game {
    Game::new(Variant::Traveler, Options::default(), 0).unwrap()
}

/// Plays the actions chosen by `picks` (explosions favoured by the odd
/// picks), checking the state after each.
fn play_out(picks: &[(u16, bool)]) -> (Game, TravelerChess) {
    let mut game = new_game();
    let mut shadow = TravelerChess::new();
    for &(pick, explode) in picks {
        if game.status().is_over() {
            break;
        }
        let actions = game.legal_actions();
        assert_eq!(actions.len(), shadow.actions().len());
        assert!(!actions.is_empty(), "an ongoing game has a legal action");
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
        assert_eq!(shadow.play_text(&text).unwrap(), text);
        shadow.consistency().unwrap();
    }
    (game, shadow)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_play_stays_consistent_and_replays(picks in prop::collection::vec((any::<u16>(), any::<bool>()), 1..40)) {
        let (game, shadow) = play_out(&picks);
        let again = Game::replay(Variant::Traveler, Options::default(), 0, game.record()).unwrap();
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
        let (game, _) = play_out(&picks);
        let _ = game.parse(&text);
        let _ = game.suggest(&text, 10);
    }

    #[test]
    fn no_notation_like_text_makes_the_parser_panic(text in "[KQRBNPkqrbnpx0-9a-hO=+#/()-]{0,10}") {
        let game = new_game();
        let _ = game.parse(&text);
        let g = TravelerChess::new();
        let _ = g.parse(&text);
    }
}
