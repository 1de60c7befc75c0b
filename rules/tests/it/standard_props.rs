//! Properties of standard chess over generated inputs: no text makes a
//! parser panic, and what a parser accepts prints canonically and reads
//! back the same; what it refuses, even 5 MB of it, it refuses quickly and
//! in a few words; records replay to the same game, and every move's
//! notation reads back as the same move.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::time::{Duration, Instant};

use chronomate_rules::chess::{Board, Position, San, SanPlus, Setup, Uci};
use chronomate_rules::standard::Chess;
use chronomate_rules::{Game, Rules, Variant};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A game of `plies` random legal moves (fewer if it ends), from `seed`.
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(Variant::Standard, seed);
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

/// Text made of the characters moves are written with, and a few others
/// (NUL among them).
fn move_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-hKQRBNPkqrbnOo0-9xX:=+#!?()/ .\\x00-]{0,10}").unwrap()
}

/// Bytes of any kind, decoded as a host would decode invalid UTF-8.
fn lossy() -> impl Strategy<Value = String> {
    proptest::collection::vec(any::<u8>(), 0..16)
        .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

/// What any text must do in a game: no panic; if accepted, the move prints
/// canonically and the canonical text reads back as the same move, and
/// prints the same again; if refused, in a few words.
fn reads_back_or_refuses_briefly(game: &Game, text: &str) -> Result<(), TestCaseError> {
    match game.parse(text) {
        Ok(action) => {
            let canonical = game.notation(&action);
            prop_assert_eq!(game.parse(&canonical), Ok(action.clone()), "{:?}", text);
            prop_assert_eq!(game.notation(&action), canonical);
        }
        Err(e) => {
            let words = e.to_string();
            prop_assert!(words.chars().count() < 300, "{} chars", words.len());
        }
    }
    Ok(())
}

fn fen_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[rnbqkpRNBQKP1-9/]{0,40} [wbx-]{0,2} [KQkqA-H-]{0,5} [a-h1-8-]{0,3} [0-9-]{0,4} [0-9-]{0,4}")
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn no_text_makes_the_move_parsers_panic(
        text in prop_oneof![any::<String>(), move_like(), lossy()],
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
    fn no_text_makes_the_fen_parser_panic(
        text in prop_oneof![any::<String>(), fen_like(), lossy()],
    ) {
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
        text in prop_oneof![any::<String>(), move_like(), lossy()],
        seed in any::<u64>(),
        plies in 0usize..60,
    ) {
        let mut game = random_game(seed, plies);
        reads_back_or_refuses_briefly(&game, &text)?;
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
        let replayed = Game::replay(Variant::Standard, seed, game.record())
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
        for mv in chess.legal_actions() {
            let san = chess.notation(&mv);
            prop_assert_eq!(chess.parse(&san), Ok(mv), "{}", san);
            let uci = mv.uci().to_string();
            prop_assert_eq!(chess.parse(&uci), Ok(mv), "{}", uci);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A pawn capture written by files alone (`ef`) is the capture SAN
    /// writes in full, where exactly one fits; where none or several do,
    /// it is refused (never another move).
    #[test]
    fn pawn_captures_by_files_name_the_one_capture(seed in any::<u64>(), plies in 0usize..120) {
        let chess = Chess::from_position(random_position(seed, plies));
        if chess.status().is_over() {
            return Ok(());
        }
        let moves = chess.legal_actions();
        for from in 'a'..='h' {
            for to in 'a'..='h' {
                let text = format!("{from}{to}");
                let fits: Vec<_> = moves
                    .iter()
                    .filter(|m| {
                        m.is_capture()
                            && m.role() == chronomate_rules::chess::Role::Pawn
                            && m.from().file().char() == from
                            && m.to().file().char() == to
                    })
                    .collect();
                let squares: std::collections::BTreeSet<_> = fits.iter().map(|m| m.to()).collect();
                match chess.parse(&text) {
                    Ok(mv) => {
                        prop_assert!(fits.contains(&&mv), "{} read as {:?}", text, mv);
                        prop_assert_eq!(squares.len(), 1);
                    }
                    Err(_) => prop_assert!(squares.len() != 1 || fits.len() > 1, "{}", text),
                }
            }
        }
    }
}

#[test]
fn huge_inputs_are_answered_quickly_and_briefly() {
    let game = random_game(7, 30);
    let texts = [
        "e".repeat(5_000_000),
        format!("e4{}", "!".repeat(5_000_000)),
        format!("Nf3{}", "\0".repeat(5_000_000)),
        "\0".repeat(5_000_000),
        "e4 ".repeat(1_700_000),
        String::from_utf8_lossy(&vec![0xc3; 5_000_000]).into_owned(),
        format!("e2e4{}", "9".repeat(3_000_000)),
        format!("Ra{}", "1".repeat(3_000_000)),
    ];
    for text in &texts {
        let start = Instant::now();
        reads_back_or_refuses_briefly(&game, text).unwrap();
        let took = start.elapsed();
        let head: String = text.chars().take(10).collect();
        eprintln!("{head:?}...: {took:?}");
        assert!(took < Duration::from_secs(2), "{head:?}... took {took:?}");
    }
    // A FEN whose counters have 3 million digits.
    let huge = "9".repeat(3_000_000);
    let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - {huge} {huge}");
    let start = Instant::now();
    let e = Chess::from_fen(&fen).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(2));
    assert!(e.to_string().len() < 300, "{}", e.to_string().len());
}
