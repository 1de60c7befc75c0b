//! Many Worlds Chess: a test per house rule (M-1 … M-6 of docs/variants/manyworlds.md),
//! merging and numbering, the `turns` option, notation and refusals.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::manyworlds::{Action, ManyWorlds, ManyWorldsOptions, Numeral};
use chronomate_rules::{
    ActionError, Color, FenError, Game, Options, Outcome, Reason, Rule, Rules, Status, Variant,
};

fn game(actions: &[&str]) -> Game {
    Game::replay(Variant::ManyWorlds, 0, actions).unwrap()
}

fn turns_game(actions: &[&str]) -> Game {
    let options = ManyWorldsOptions { turns: true };
    Game::replay(Options::ManyWorlds(options), 0, actions).unwrap()
}

fn labels(game: &Game) -> Vec<String> {
    game.view()
        .boards
        .iter()
        .map(|b| b.label.clone().unwrap_or_default())
        .collect()
}

/// The words of a refusal by `rule`.
fn refused(result: Result<impl std::fmt::Debug, ActionError>, rule: Rule) -> String {
    match result {
        Err(ActionError::Illegal { rule: r, reason }) => {
            assert_eq!(r, rule, "{reason}");
            reason
        }
        other => panic!("expected an illegal action, got {other:?}"),
    }
}

fn play(mw: &mut ManyWorlds, text: &str) -> String {
    let action = mw.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    mw.play(&action).unwrap().notation
}

const SAMPLE3: [&str; 3] = [
    "(0) e4 (=I) d4 (=II)",
    "(I) Nf6 (=III) e5 (=IV)",
    "(II) Nf3 (=V) e4 (=VI)",
];

// ---- M-1 -------------------------------------------------------------

#[test]
fn m1_boards_are_numbered_in_creation_order_from_0() {
    let mut g = game(&[]);
    assert_eq!(labels(&g), ["0"]);
    g.play("(0) e4 d4").unwrap();
    assert_eq!(labels(&g), ["I", "II"]);
    g.play("(II) e5 d5").unwrap();
    assert_eq!(labels(&g), ["I", "III", "IV"]);
    assert_eq!(g.record()[1], "(II) e5 (=III) d5 (=IV)");
}

#[test]
fn m1_identical_means_placement_castling_and_en_passant() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    // The side to move is not part of a board: these two are one board.
    let also_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -";
    assert_eq!(
        ManyWorlds::from_fens(false, Color::White, &[start, also_start]),
        Err(FenError::IdenticalBoards {
            first: 1,
            second: 2
        })
    );
    // Castling rights tell boards apart.
    let no_castling = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq -";
    let mw = ManyWorlds::from_fens(false, Color::White, &[start, no_castling]).unwrap();
    assert_eq!(mw.board_count(), 2);
    // So does an en passant square where a capture is possible.
    let ep = "4k3/8/8/8/3pP3/8/8/4K3 b - e3";
    let no_ep = "4k3/8/8/8/3pP3/8/8/4K3 b - -";
    let mw = ManyWorlds::from_fens(false, Color::Black, &[ep, no_ep]).unwrap();
    assert_eq!(mw.board_count(), 2);
    // An en passant square no pawn can use is no difference.
    let useless = "4k3/8/8/8/4P3/8/8/4K3 b - e3";
    let plain = "4k3/8/8/8/4P3/8/8/4K3 b - -";
    assert!(ManyWorlds::from_fens(false, Color::Black, &[useless, plain]).is_err());
}

// ---- M-2: splits, merges, numbering -----------------------------------

#[test]
fn m2_a_result_identical_to_a_live_board_merges_into_it() {
    let mut g = game(&MERGE_SETUP);
    assert_eq!(labels(&g), ["I", "VI", "VII", "VIII", "IX", "X"]);
    // Board IX is Nf3 Nf6: Ng8 gives back board I (Nf3 alone).
    let played = g.play("(IX) Ng8 Nc6").unwrap();
    assert_eq!(played.notation, "(IX) Ng8 (=I) Nc6 (=XI)");
    assert_eq!(played.events.len(), 1);
    assert!(
        played.events[0].to_string().contains("board I:"),
        "{:?}",
        played.events
    );
    // The merged result takes I's numeral; the new one the next numeral.
    assert_eq!(labels(&g), ["I", "VI", "VII", "VIII", "X", "XI"]);
    let touched: Vec<_> = g
        .view()
        .boards
        .iter()
        .filter(|b| b.touched)
        .map(|b| b.label.clone().unwrap_or_default())
        .collect();
    assert_eq!(touched, ["I", "XI"]);
    // Numerals are never reused: the next new boards are XII and XIII.
    let played = g.play("(I) e4 d4").unwrap();
    assert_eq!(played.notation, "(I) e4 (=XII) d4 (=XIII)");
    assert_eq!(labels(&g), ["VI", "VII", "VIII", "X", "XI", "XII", "XIII"]);
}

/// Leads to a board (IX: Nf3 Nf6) one knight move away from a live board
/// (I: Nf3).
const MERGE_SETUP: [&str; 5] = [
    "(0) Nf3 (=I) Nc3 (=II)",
    "(II) Nf6 (=III) Nc6 (=IV)",
    "(III) Nb1 (=V) Nf3 (=VI)",
    "(IV) e5 (=VII) d5 (=VIII)",
    "(V) Nf3 (=IX) Nc3 (=X)",
];

#[test]
fn m2_a_written_result_must_be_the_right_one() {
    let g = game(&MERGE_SETUP);
    let m = refused(g.parse("(IX) Ng8 (=XI) Nc6"), Rule::M_2);
    assert!(m.contains("makes board I, not XI"), "{m}");
    assert!(g.parse("(IX) Ng8 (=I) Nc6 (=XI)").is_ok());
    assert!(g.parse("(ix) ng8 =i nc6").is_ok());
}

#[test]
fn m2_the_order_of_the_moves_decides_the_numbering() {
    let mut a = game(&[]);
    let mut b = game(&[]);
    assert_eq!(
        a.play("(0) e4 d4").unwrap().notation,
        "(0) e4 (=I) d4 (=II)"
    );
    assert_eq!(
        b.play("(0) d4 e4").unwrap().notation,
        "(0) d4 (=I) e4 (=II)"
    );
    // Both orders are legal actions.
    let all = game(&[]).legal_actions();
    assert_eq!(all.len(), 20 * 19);
    assert!(all.contains(&"(0) e4 (=I) d4 (=II)".to_owned()));
    assert!(all.contains(&"(0) d4 (=I) e4 (=II)".to_owned()));
}

#[test]
fn m2_split_refusals() {
    let g = game(&SAMPLE3);
    refused(g.parse("(III) Nd5 Nd5"), Rule::M_2);
    // M-1: no such board; the refusal lists the live ones.
    let m = refused(g.parse("(IX) e5 d5"), Rule::M_1);
    assert!(m.contains("there is no board IX"), "{m}");
    assert!(m.contains("III, IV, V, VI"), "{m}");
    refused(g.parse("(0) e5 d5"), Rule::M_1);
    // M-3: a move the board does not have; the refusal names the board.
    let m = refused(g.parse("(III) Ng4 Nb4"), Rule::M_3);
    assert!(m.contains("on board III"), "{m}");
    assert!(matches!(
        g.parse("(III) e5"),
        Err(ActionError::Syntax { .. })
    ));
    assert!(matches!(g.parse("e5"), Err(ActionError::Syntax { .. })));
    assert!(matches!(
        g.parse("(IIII) e5 d5"),
        Err(ActionError::Syntax { .. })
    ));
    // Only one move on a board: no split there (M-2).
    let one_move = "4k3/8/8/8/7P/p7/P7/8 w - -";
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let mw = ManyWorlds::from_fens(false, Color::White, &[one_move, start]).unwrap();
    let m = refused(mw.parse("(0) h5 a3"), Rule::M_2);
    assert!(m.contains("only one move (h5)"), "{m}");
}

#[test]
fn m2_ambiguous_moves_name_the_choices() {
    let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[fen]).unwrap();
    match mw.parse("(0) Nd2 Ke2") {
        Err(ActionError::Ambiguous(m)) => assert!(m.contains("Nbd2") && m.contains("Nfd2"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(play(&mut mw, "(0) Nbd2 Nfd2"), "(0) Nbd2 (=I) Nfd2 (=II)");
}

// ---- M-2: transfers ---------------------------------------------------

#[test]
fn m2_a_transfer_moves_a_man_to_the_same_empty_square_of_another_board() {
    let mut g = game(&SAMPLE3);
    let played = g.play("Nf6 III-IV").unwrap();
    assert_eq!(played.notation, "Nf6 III-IV");
    assert!(played.events.is_empty());
    // The boards keep their numerals.
    assert_eq!(labels(&g), ["III", "IV", "V", "VI"]);
    // A pawn is written without a letter.
    let played = g.play("d4 V-III").unwrap();
    assert_eq!(played.notation, "d4 V-III");
}

#[test]
fn m2_transfer_refusals() {
    let g = game(&SAMPLE3);
    // A king, an occupied target square, the same board, the opponent's
    // man, the wrong man, no man: each against M-2.
    for text in [
        "Ke8 III-IV",
        "Nb8 III-IV",
        "Nf6 III-III",
        "e4 III-V",
        "Bf6 III-IV",
        "Nf5 III-IV",
    ] {
        refused(g.parse(text), Rule::M_2);
    }
    refused(g.parse("Nf6 III-IX"), Rule::M_1);
    assert!(matches!(
        g.parse("Nf6 III"),
        Err(ActionError::Syntax { .. })
    ));
}

#[test]
fn m2_a_transfer_that_makes_two_boards_identical_merges_them() {
    // Board I is the start with an extra white knight on e4; board II lacks
    // White's g1 knight. Taking the knight off I leaves the start: board 0.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let extra = "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let short = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[start, extra, short]).unwrap();
    let action = mw.parse("Ne4 I-II").unwrap();
    let played = mw.play(&action).unwrap();
    assert_eq!(played.notation, "Ne4 I-II");
    assert_eq!(
        played.events,
        ["board I is now identical to board 0: they merge"]
    );
    // The unchanged board keeps its numeral; I is gone; II has the knight.
    let numerals: Vec<u32> = mw.boards().map(|(n, _)| n.0).collect();
    assert_eq!(numerals, [0, 2]);
    mw.consistency().unwrap();
    let marked: Vec<_> = mw
        .view()
        .boards
        .iter()
        .filter(|b| b.touched)
        .map(|b| b.label.clone().unwrap_or_default())
        .collect();
    assert_eq!(marked, ["0", "II"]);
}

#[test]
fn m2_a_transferred_rook_brings_no_castling_right() {
    let a = "4k3/8/8/8/8/8/8/4K2R w K -";
    let b = "4k3/8/8/8/8/8/8/4K3 w - -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[a, b]).unwrap();
    play(&mut mw, "Rh1 0-I");
    let rights: Vec<String> = mw.boards().map(|(_, w)| w.castling().to_string()).collect();
    assert_eq!(rights, ["-", "-"]);
}

// ---- M-3 --------------------------------------------------------------

#[test]
fn m3_a_king_may_move_into_check() {
    // The black rook on f8 guards f1 and f2.
    let fen = "k4r2/8/8/8/8/8/8/4K2R w K -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[fen]).unwrap();
    assert_eq!(play(&mut mw, "(0) Kf1 Kf2"), "(0) Kf1 (=I) Kf2 (=II)");
    // ... and may stay in check: Black's reply ignores White's danger too.
    let view = mw.view();
    assert!(view.boards.iter().all(|b| {
        b.highlights
            .iter()
            .any(|h| h.kind == chronomate_rules::view::HighlightKind::Check)
    }));
}

#[test]
fn m3_castling_through_and_out_of_check() {
    let through = "k4r2/8/8/8/8/8/8/4K2R w K -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[through]).unwrap();
    assert_eq!(play(&mut mw, "(0) 0-0 Kd1"), "(0) O-O (=I) Kd1 (=II)");
    let out_of = "k3rr2/8/8/8/8/8/8/4K2R w K -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[out_of]).unwrap();
    assert_eq!(play(&mut mw, "(0) O-O Kd1"), "(0) O-O (=I) Kd1 (=II)");
    // Without the right, or with a man between, no castling.
    let no_right = "k4r2/8/8/8/8/8/8/4K2R w - -";
    let mw = ManyWorlds::from_fens(false, Color::White, &[no_right]).unwrap();
    let m = refused(mw.parse("(0) O-O Kd1"), Rule::M_3);
    assert!(m.contains("already moved"), "{m}");
    let blocked = "k4r2/8/8/8/8/8/8/4KN1R w K -";
    let mw = ManyWorlds::from_fens(false, Color::White, &[blocked]).unwrap();
    let m = refused(mw.parse("(0) O-O Kd1"), Rule::M_3);
    assert!(m.contains("between"), "{m}");
}

#[test]
fn m3_promotion_and_en_passant_as_fide() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[fen]).unwrap();
    refused(mw.parse("(0) a8 Kd1"), Rule::FIDE_PROMOTION);
    assert_eq!(play(&mut mw, "(0) a8Q a8=N"), "(0) a8=Q (=I) a8=N (=II)");

    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[fen]).unwrap();
    play(&mut mw, "(0) e4 Kd1");
    // The en passant chance on board I lasts until board I is split, while
    // the players act elsewhere (decision 3).
    play(&mut mw, "(II) Kd7 Ke7");
    play(&mut mw, "(III) Kc1 Kc2");
    assert_eq!(play(&mut mw, "(I) dxe3 Kd7"), "(I) dxe3 (=VII) Kd7 (=VIII)");
    let (_, vi) = mw.boards().find(|(n, _)| n.0 == 7).unwrap();
    assert_eq!(vi.board().occupied().count(), 3, "the e4 pawn was taken");
    let (_, vii) = mw.boards().find(|(n, _)| n.0 == 8).unwrap();
    assert!(vii.ep_square().is_none(), "Kd7 was a move on that board");
}

// ---- M-4 --------------------------------------------------------------

#[test]
fn m4_capturing_a_king_on_any_board_wins_at_once() {
    let fen = "k4r2/8/8/8/8/8/8/4K2R w K -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[fen]).unwrap();
    play(&mut mw, "(0) Kf1 Kf2");
    assert_eq!(mw.status(), Status::Ongoing);
    assert_eq!(play(&mut mw, "(I) Rxf1 Kb8"), "(I) Rxf1 (=III) Kb8 (=IV)");
    assert_eq!(
        mw.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::KingCaptured))
    );
    assert!(mw.legal_actions().is_empty());
    assert_eq!(mw.parse("(II) Rxf2 Kb8"), Err(ActionError::GameOver));
}

#[test]
fn m4_a_player_with_no_split_and_no_transfer_loses() {
    // Black's only man is a blocked pawn (no king: a puzzle setting).
    let fen = "8/p7/P7/8/8/8/8/K7 w - -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[fen]).unwrap();
    play(&mut mw, "(0) Ka2 Kb1");
    assert_eq!(
        mw.status(),
        Status::Finished(Outcome::win(Color::White, Reason::NoActionLeft))
    );
    // A transfer alone keeps a player in the game.
    let fen2 = "8/p7/P7/8/8/8/8/1K6 w - -";
    let other = "8/8/P7/8/8/8/8/K7 w - -";
    let mut mw = ManyWorlds::from_fens(false, Color::White, &[fen, fen2, other]).unwrap();
    play(&mut mw, "(0) Ka2 Kb1");
    assert_eq!(mw.status(), Status::Ongoing);
    let actions: Vec<String> = mw.legal_actions().iter().map(|a| mw.notation(a)).collect();
    assert!(!actions.is_empty());
    assert!(actions.iter().all(|a| a.starts_with("a7 ")), "{actions:?}");
}

// ---- M-5 --------------------------------------------------------------

#[test]
fn m5_the_third_repetition_of_the_set_of_boards_draws() {
    let mut g = game(&["(0) Nf3 (=I) Nc3 (=II)", "(I) Nf6 (=III) Nc6 (=IV)"]);
    let cycle = ["Nf3 III-II", "Nf6 III-IV", "Nf3 II-III", "Nf6 IV-III"];
    for text in cycle {
        g.play(text).unwrap();
        assert_eq!(g.status(), Status::Ongoing);
    }
    for (i, text) in cycle.iter().enumerate() {
        g.play(text).unwrap();
        if i < 3 {
            assert_eq!(g.status(), Status::Ongoing, "after {text}");
        }
    }
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::draw(Reason::Repetition))
    );
}

// ---- M-6 --------------------------------------------------------------

#[test]
fn m6_with_turns_each_board_knows_whose_move_it_is() {
    let mut g = turns_game(&["(0) e4 (=I) d4 (=II)", "(I) e5 (=III) c5 (=IV)"]);
    // III and IV are White's to move; II is still Black's.
    let view = g.view();
    let sides: Vec<_> = view
        .boards
        .iter()
        .map(|b| (b.label.clone().unwrap_or_default(), b.to_move))
        .collect();
    assert_eq!(
        sides,
        [
            ("II".to_owned(), Some(Color::Black)),
            ("III".to_owned(), Some(Color::White)),
            ("IV".to_owned(), Some(Color::White)),
        ]
    );
    assert_eq!(g.turn().boards, ["III", "IV"]);
    refused(g.parse("(II) Nf3 Nc3"), Rule::M_6);
    // Only splits: no transfers at all.
    refused(g.parse("Nb1 III-II"), Rule::M_6);
    assert!(
        g.legal_actions()
            .iter()
            .all(|a| a.starts_with("(III) ") || a.starts_with("(IV) "))
    );
    g.play("(III) Nf3 Nc3").unwrap();
    assert_eq!(g.turn().boards, ["II", "V", "VI"]);
    // Without the option every board is open to both.
    let g = game(&["(0) e4 (=I) d4 (=II)", "(I) e5 (=III) c5 (=IV)"]);
    assert!(g.parse("(II) Nf3 Nc3").is_ok());
    assert!(g.view().boards.iter().all(|b| b.to_move.is_none()));
    assert!(g.turn().boards.is_empty());
}

#[test]
fn m6_with_turns_the_side_to_move_is_part_of_a_board() {
    let white = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let black = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -";
    let mw = ManyWorlds::from_fens(true, Color::White, &[white, black]).unwrap();
    assert_eq!(mw.board_count(), 2);
    assert!(ManyWorlds::from_fens(false, Color::White, &[white, black]).is_err());
}

// ---- Notation, suggestions, view ------------------------------------

#[test]
fn actions_serialize_and_name_their_boards() {
    let g = game(&SAMPLE3);
    let action = g.parse("Nf6 III-IV").unwrap();
    let json = serde_json::to_string(&action).unwrap();
    assert!(
        json.contains("manyworlds") && json.contains("transfer"),
        "{json}"
    );
    let mw = ManyWorlds::new(&Default::default(), 0);
    assert_eq!(
        mw.parse("(0) e4 d4").map(|a| matches!(
            a,
            Action::Split {
                board: Numeral(0),
                ..
            }
        )),
        Ok(true)
    );
}

#[test]
fn a_game_survives_a_round_trip_through_json() {
    let g = game(&SAMPLE3);
    let json = serde_json::to_string(&g).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.legal_actions(), g.legal_actions());
    assert_eq!(back.view(), g.view());
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
}

#[test]
fn the_finder_offers_a_board_then_a_man_then_moves() {
    let g = game(&SAMPLE3);
    // Nothing typed: the boards, each a group to narrow to.
    let found = g.find("", 25);
    let values: Vec<&str> = found.entries.iter().map(|e| e.value.as_str()).collect();
    assert_eq!(values, ["(III)", "(IV)", "(V)", "(VI)"]);
    assert!(found.entries.iter().all(|e| e.count > 25), "{found:?}");
    // A board and a letter: that board's men of that kind.
    let knights = g.find("(III) N", 25);
    assert!(
        knights.entries.iter().any(|e| e.value == "(III) Nf6-"),
        "{knights:?}"
    );
    assert!(
        knights
            .entries
            .iter()
            .any(|e| e.value.starts_with("(III) Nf6 III-"))
    );
    // A first move: its splits, each a whole action read back as itself.
    let whole = g.suggest("(iii) nd5 ", 100);
    assert!(!whole.is_empty());
    for s in &whole {
        assert!(s.starts_with("(III) Nd5 (=VII) "), "{s}");
        assert_eq!(
            g.parse(s).map(|a| g.notation(&a)).as_deref(),
            Ok(s.as_str())
        );
    }
    let seconds = g.suggest("(III) Nd5 (=VII) e", 100);
    assert!(
        seconds.iter().all(|s| s.starts_with("(III) Nd5 (=VII) e")),
        "{seconds:?}"
    );
    assert!(seconds.contains(&"(III) Nd5 (=VII) e5 (=VIII)".to_owned()));
    // Results may be left out.
    assert_eq!(
        g.suggest("(III) Nd5 e5", 5),
        ["(III) Nd5 (=VII) e5 (=VIII)"]
    );
    assert_eq!(
        &g.suggest("Nf6 III-", 10)[..3],
        ["Nf6 III-IV", "Nf6 III-V", "Nf6 III-VI"]
    );
    assert_eq!(g.suggest("f6 iii-v", 10), ["Nf6 III-V", "Nf6 III-VI"]);
    assert!(g.suggest("(IX) ", 10).is_empty());
    assert_eq!(g.suggest("", 0), Vec::<String>::new());
}
