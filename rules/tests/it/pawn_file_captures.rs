//! A pawn capture written by files alone (`gf`, `gxf`, `g:f`), as the Time
//! Traveler's Chess rule text writes it (`1...gf`), read by the shared SAN
//! reader in every 8x8 variant that reads SAN through it, and recorded
//! canonically (`gxf6`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::{Game, Rule, Variant};

/// Plays `moves` in a new game of `variant`, giving the record.
fn record(variant: Variant, moves: &[&str]) -> Vec<String> {
    let mut game = Game::new(variant, 0);
    for text in moves {
        game.play(text)
            .unwrap_or_else(|e| panic!("{variant} {text}: {e}"));
    }
    game.record().to_vec()
}

#[test]
fn standard_reads_captures_by_files_en_passant_included() {
    // FIDE 3.7.3: 3. ef is exf6 en passant, the only capture e to f.
    let r = record(Variant::Standard, &["e4", "d5", "e5", "f5", "ef"]);
    assert_eq!(r, ["e4", "d5", "e5", "f5", "exf6"]);
    let r = record(
        Variant::Standard,
        &["e4", "d5", "e:d", "Qxd5", "Nc3", "Qe5+"],
    );
    assert_eq!(r[2], "exd5");
}

#[test]
fn gifford_reads_captures_by_files() {
    let r = record(Variant::Gifford, &["e4", "d5", "ed"]);
    assert_eq!(r, ["e4", "d5", "exd5"]);
}

#[test]
fn multiverse_reads_captures_by_files() {
    let r = record(Variant::Multiverse, &["(L1)e4", "(L1)d5", "(L1)ed"]);
    assert_eq!(r[2], "(L1)exd5", "{r:?}");
}

#[test]
fn manyworlds_reads_captures_by_files_in_a_split() {
    // M-3: moves as FIDE, board by board.
    let r = record(
        Variant::ManyWorlds,
        &["(0) e4 (=I) d4 (=II)", "(I) d5 Nf6", "(III) ed Nc3"],
    );
    assert_eq!(r[2], "(III) exd5 (=V) Nc3 (=VI)");
}

#[test]
fn a_capture_by_files_that_fits_none_or_several_is_refused() {
    let mut game = Game::new(Variant::Standard, 0);
    let e = game.play("ed").unwrap_err();
    assert_eq!(e.rule(), Some(Rule::FIDE_MOVEMENT), "{e}");
    assert_eq!(
        e.to_string(),
        "no pawn can take from the e-file onto the d-file"
    );
    let mut game = Game::new(Variant::ManyWorlds, 0);
    let e = game.play("(0) ed e4").unwrap_err();
    // M-3: Many Worlds' own movement rule.
    assert_eq!(e.rule(), Some(Rule::M_3), "{e}");
    // Two captures that fit are ambiguous: see standard_game.rs,
    // pawn_captures_written_by_files_alone.
}

/// Time Traveler's Chess resolves SAN with its own rules (stages,
/// explosions): its reader narrows the file form with `San::narrowed` on
/// its own normal moves.
#[test]
fn traveler_reads_captures_by_files_and_replays_the_rule_text_s_game_1() {
    let r = record(Variant::Traveler, &["e4", "d5", "ed", "e5", "de"]);
    // The last is en passant.
    assert_eq!(r, ["e4", "d5", "exd5", "e5", "dxe6"]);
    // Game 1 of the rule text, as written: 1.Nf6/e8 gf 0-1 (White's
    // position is grammatically incorrect).
    let mut game = Game::new(Variant::Traveler, 0);
    game.play("Nf6/e8").unwrap();
    game.play("gf").unwrap();
    assert_eq!(game.record(), ["Nf6/xe8", "gxf6"]);
    let outcome = game.status().outcome().unwrap();
    assert_eq!(outcome.to_string(), "0-1 (grammatical incorrectness)");
}
