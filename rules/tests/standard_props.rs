//! Properties of standard chess over generated inputs: no text makes a
//! parser panic, records replay to the same game, and every move's
//! notation reads back as the same move.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::chess::{Board, Position, San, SanPlus, Setup, Uci};
use chronomate_rules::standard::Chess;
use chronomate_rules::{Game, Options, Variant};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A game of `plies` random legal moves (fewer if it ends), from `seed`.
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(Variant::Standard, Options::default(), seed).unwrap();
    for _ in 0..plies {
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        let pick = &actions[(rng.next_u64() % actions.len() as u64) as usize];
        game.play(pick).unwrap();
    }
    game
}

/// The position a random game of `plies` moves reaches.
fn random_position(seed: u64, plies: usize) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[(rng.next_u64() % moves.len() as u64) as usize]);
    }
    pos
}

/// Text made of the characters moves are written with, and a few others.
fn move_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-hKQRBNPkqrbnOo0-9xX:=+#!?()/ .-]{0,10}").unwrap()
}

fn fen_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[rnbqkpRNBQKP1-9/]{0,40} [wbx-]{0,2} [KQkqA-H-]{0,5} [a-h1-8-]{0,3} [0-9-]{0,4} [0-9-]{0,4}")
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn no_text_makes_the_move_parsers_panic(
        text in prop_oneof![any::<String>(), move_like()],
        seed in any::<u64>(),
        plies in 0usize..80,
    ) {
        let pos = random_position(seed, plies);
        if let Ok(san) = San::from_ascii(&text) {
            let _ = san.to_move(&pos);
            // What was read prints as something that reads the same.
            prop_assert_eq!(San::from_ascii(&san.to_string()), Ok(san));
        }
        let _ = SanPlus::from_ascii(&text);
        if let Ok(uci) = Uci::from_ascii(&text) {
            let _ = uci.to_move(&pos);
            prop_assert_eq!(Uci::from_ascii(&uci.to_string()), Ok(uci));
        }
    }

    #[test]
    fn no_text_makes_the_fen_parser_panic(text in prop_oneof![any::<String>(), fen_like()]) {
        if let Ok(pos) = Position::from_fen(&text) {
            prop_assert_eq!(Position::from_fen(&pos.fen()), Ok(pos));
            let _ = pos.legal_moves();
        }
        if let Ok(setup) = Setup::from_fen(&text) {
            // Even a setup no game reaches gives moves without panicking.
            let pos = setup.position_lenient();
            let _ = pos.legal_moves();
            let _ = pos.is_checkmate();
        }
        let _ = Board::from_placement(&text);
    }

    #[test]
    fn no_text_makes_game_play_panic(
        text in prop_oneof![any::<String>(), move_like()],
        seed in any::<u64>(),
        plies in 0usize..60,
    ) {
        let mut game = random_game(seed, plies);
        let before = game.record().len();
        match game.play(&text) {
            Ok(played) => {
                prop_assert_eq!(game.record().len(), before + 1);
                prop_assert_eq!(game.record().last(), Some(&played.notation));
            }
            Err(_) => prop_assert_eq!(game.record().len(), before),
        }
    }

    #[test]
    fn replaying_the_record_gives_the_same_game(seed in any::<u64>(), plies in 0usize..200) {
        let game = random_game(seed, plies);
        let replayed = Game::replay(Variant::Standard, Options::default(), seed, game.record())
            .unwrap();
        prop_assert_eq!(replayed.record(), game.record());
        prop_assert_eq!(replayed.status(), game.status());
        prop_assert_eq!(replayed.view(), game.view());
        prop_assert_eq!(
            serde_json::to_string(&replayed).unwrap(),
            serde_json::to_string(&game).unwrap()
        );
        // And the stored form reads back as the same game.
        let stored: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        prop_assert_eq!(stored.legal_actions(), game.legal_actions());
    }

    #[test]
    fn every_move_reads_back_from_its_notation(seed in any::<u64>(), plies in 0usize..120) {
        let chess = Chess::from_position(random_position(seed, plies));
        for mv in chess.legal_moves() {
            let san = chess.san(&mv);
            prop_assert_eq!(chess.parse(&san), Ok(mv), "{}", san);
            let uci = mv.uci().to_string();
            prop_assert_eq!(chess.parse(&uci), Ok(mv), "{}", uci);
        }
    }
}
