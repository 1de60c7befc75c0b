//! The rule text's sample opening, through the face (`Game::replay`) and the
//! record reader.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::view::{Figure, Layout};
use chronomate_rules::{Color, Game, Status, Variant, record};

const SAMPLE: [&str; 4] = [
    "(0) e4 (=I) d4 (=II)",
    "(I) Nf6 (=III) e5 (=IV)",
    "(II) Nf3 (=V) e4 (=VI)",
    "Nf6 III-IV",
];

fn labels(game: &Game) -> Vec<String> {
    game.view()
        .boards
        .iter()
        .map(|b| b.label.clone().unwrap_or_default())
        .collect()
}

fn black_knights(game: &Game, label: &str) -> usize {
    let view = game.view();
    let board = view
        .boards
        .iter()
        .find(|b| b.label.as_deref() == Some(label))
        .expect("board");
    board
        .cells
        .iter()
        .flatten()
        .filter(|m| m.color == Color::Black && m.figure == Figure::Knight)
        .count()
}

fn check(game: &Game) {
    assert_eq!(game.record(), SAMPLE);
    assert_eq!(labels(game), ["III", "IV", "V", "VI"]);
    assert_eq!(black_knights(game, "IV"), 3);
    assert_eq!(black_knights(game, "III"), 1);
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.turn().color, Color::White);
    let view = game.view();
    assert_eq!(view.layout, Layout::Grid);
    let touched: Vec<_> = view
        .boards
        .iter()
        .filter(|b| b.touched)
        .map(|b| b.label.clone().unwrap_or_default())
        .collect();
    assert_eq!(touched, ["III", "IV"]);
}

#[test]
fn the_sample_opening_replays_to_boards_iii_iv_v_vi() {
    let game = Game::replay(Variant::ManyWorlds, 0, SAMPLE).unwrap();
    check(&game);
}

#[test]
fn after_move_one_the_boards_are_ii_iii_iv() {
    let game = Game::replay(Variant::ManyWorlds, 0, &SAMPLE[..2]).unwrap();
    assert_eq!(labels(&game), ["II", "III", "IV"]);
}

#[test]
fn the_sample_opening_reads_from_a_record_file() {
    let text = "\
{ Adrian King's sample opening }
1. (0) e4 (=I) d4 (=II)
1... (I) Nf6 (=III) e5 (=IV)
2. (II) Nf3 (=V) e4 (=VI)
2... Nf6 III-IV
";
    let actions = record::actions(Variant::ManyWorlds, text);
    assert_eq!(actions, SAMPLE);
    let game = Game::replay(Variant::ManyWorlds, 0, &actions).unwrap();
    check(&game);
}

#[test]
fn lenient_input_gives_the_canonical_record() {
    let typed = [
        "(0)e4 d4",
        " ( i ) nf6 (= iii) e7e5",
        "(2) Ng1f3, e4",
        "nf6 iii -> iv",
    ];
    let game = Game::replay(Variant::ManyWorlds, 0, typed).unwrap();
    check(&game);
}

#[test]
fn no_transfer_on_the_first_turns() {
    // Rule text: no square holds a man of the mover on one board and is
    // empty on another on either side's first turn.
    let mut game = Game::new(Variant::ManyWorlds, 0);
    assert!(game.legal_actions().iter().all(|a| a.starts_with("(0) ")));
    game.play("(0) e4 d4").unwrap();
    assert!(game.legal_actions().iter().all(|a| a.starts_with('(')));
}
