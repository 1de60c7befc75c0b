//! Worked examples of the house rules F-1 to F-12
//! (`docs/variants/fived.md`): what is played, and what is refused with
//! which rule.

use chronomate_rules::fived::{FiveD, FiveDOptions};
use chronomate_rules::view::ArrowKind;
use chronomate_rules::{
    ActionError, Color, Options, Outcome, Reason, Rule, Rules, Status, Variant,
};

use crate::support::start;

/// Plays whole turns, one text each; panics on a refusal.
fn play(game: &mut FiveD, turns: &[&str]) {
    for turn in turns {
        let action = game.parse(turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
        game.apply(&action).unwrap();
    }
}

fn refused(game: &FiveD, text: &str) -> ActionError {
    game.parse(text)
        .expect_err(&format!("{text} should be refused"))
}

/// F-1: a game that starts with two timelines names them -0 and +0, and
/// keeps them apart; a board is named `(LTt)`.
#[test]
fn f1_two_timelines_are_minus_and_plus_zero() {
    let game = start("board:two-timelines");
    assert_eq!(game.turn().boards, ["(-0T1)", "(+0T1)"]);
    assert_eq!(game.line_range(), (-1, 0));
    let mut g = game.clone();
    play(&mut g, &["(-0T1)e4 (+0T1)d4"]);
    assert_eq!(g.turn().color, Color::Black);
    assert_eq!(g.turn().boards, ["(-0T1)", "(+0T1)"]);
    // Turn Zero has a T0 board (Black's) before White's first.
    let zero = start("board:turn-zero");
    assert_eq!(zero.turn().color, Color::White);
    assert_eq!(zero.turn().boards, ["(0T1)"]);
    assert!(zero.board(0, 1).is_some());
}

/// F-2: only the last board of a timeline, and only the mover's, is
/// played on.
#[test]
fn f2_only_the_last_board_is_played_on() {
    let mut game = start("");
    play(&mut game, &["(0T1)e4", "(0T1)e5"]);
    let e = refused(&game, "(0T1)d4");
    assert_eq!(e.rule(), Some(Rule::F_2), "{e}");
    assert!(e.to_string().contains("move on (0T2)"), "{e}");
    let e = game.draft_move(&[], "(0T1)Nf6").unwrap_err();
    assert_eq!(e.rule(), Some(Rule::F_2), "{e}");
}

/// F-3: a jump onto an earlier board opens a timeline numbered next for
/// its side; the board left gets a next board without the man; a jump
/// onto a last board (`>`) opens none.
#[test]
fn f3_branching_opens_the_next_timeline() {
    let mut game = start("");
    play(&mut game, &["(0T1)Nf3", "(0T1)Nf6"]);
    let action = game.parse("(0T2)Nb1>>(0T1)b3").unwrap();
    assert_eq!(game.notation(&action), "(0T2)Nb1>>(0T1)b3");
    game.apply(&action).unwrap();
    assert_eq!(game.line_range(), (0, 1));
    assert_eq!(game.created(), (1, 0));
    // The new timeline starts on T1, Black to move: the present went back.
    assert_eq!(game.turn().boards, ["(1T1)"]);
    // Black's first timeline is -1.
    play(&mut game, &["(1T1)Nb8>>(0T1)b6"]);
    assert_eq!(game.line_range(), (-1, 1));
    // A jump onto another timeline's last board (`>`) opens none.
    let hop = game
        .draft_moves(&[])
        .unwrap()
        .into_iter()
        .find(|m| m.contains('>') && !m.contains(">>"))
        .unwrap();
    let draft = vec![game.draft_move(&[], &hop).unwrap()];
    let kinds = |v: &chronomate_rules::View| -> Vec<ArrowKind> {
        v.arrows.iter().map(|a| a.kind).collect()
    };
    // The last turn's branch is drawn, and the drafted hop besides.
    assert_eq!(kinds(&game.view()), [ArrowKind::Travel]);
    assert_eq!(
        kinds(&game.draft_view(&draft).unwrap()),
        [ArrowKind::Travel, ArrowKind::Jump],
        "{hop}"
    );
}

/// F-4: a side never has more than one timeline ahead of the other
/// active: White's second new timeline is inactive until Black opens one.
#[test]
fn f4_a_second_timeline_ahead_is_inactive() {
    let mut game = start("board:two-timelines");
    play(
        &mut game,
        &[
            "(-0T1)Nf3 (+0T1)Nf3",
            "(-0T1)Nf6 (+0T1)Nf6",
            "(-0T2)Nb1>>(-0T1)b3 (+0T2)Nb1>>(+0T1)b3",
        ],
    );
    assert_eq!(game.created(), (2, 0));
    assert_eq!(game.line_range(), (-1, 2));
    assert!(game.is_active(1) && !game.is_active(2));
    // The present went back to T1, on the active timeline only.
    assert_eq!(game.turn().boards, ["(+1T1)"]);
    let view = game.view();
    let inactive: Vec<u32> = view
        .boards
        .iter()
        .filter(|b| b.inactive)
        .map(|b| b.row)
        .collect();
    assert!(
        !inactive.is_empty() && inactive.iter().all(|&r| r == 3),
        "{inactive:?}"
    );
    // Black's first timeline makes White's second active again, and its
    // board joins the present: Black owes it a move too.
    let e = refused(&game, "(+1T1)Nb8>>(+0T1)b6");
    assert_eq!(e.rule(), Some(Rule::F_5));
    assert!(e.to_string().ends_with("(+2T1) still owes a move"), "{e}");
    play(&mut game, &["(1T1)Nb8>>(+0T1)b6 (2T1)e6"]);
    assert_eq!(game.created(), (2, 1));
    assert!(game.is_active(2));
}

/// F-5: every present board must get a move, and the refusal names the
/// boards still owed; moves elsewhere are optional.
#[test]
fn f5_present_boards_owe_a_move() {
    let game = start("board:two-timelines");
    let draft = vec![game.draft_move(&[], "(-0T1)e4").unwrap()];
    let e = game.draft_turn(&draft).unwrap_err();
    assert_eq!(e.rule(), Some(Rule::F_5), "{e}");
    assert_eq!(
        e.to_string(),
        "the present is still yours: (+0T1) still owes a move"
    );
    let e = game.draft_turn(&[]).unwrap_err();
    assert_eq!(e.rule(), Some(Rule::F_5), "{e}");
    let e = refused(&game, "(-0T1)e4");
    assert_eq!(e.rule(), Some(Rule::F_5), "{e}");
    // No passing: a board moved on cannot be moved on twice.
    let e = game.draft_move(&draft, "(-0T1)d4").unwrap_err();
    assert_eq!(e.rule(), Some(Rule::F_2), "{e}");
}

/// F-6: the men move in four axes. A rook on the last of three boards of
/// one timeline goes back along T; a bishop along T and a board axis; a
/// knight leaps across turns; none onto a board that does not exist.
#[test]
fn f6_men_move_in_four_axes() {
    let fen = "fen:[4k/5/5/5/4K:0:1:w][4k/5/5/5/4K:0:1:b][4k/5/5/5/4K:0:2:w]\
               [4k/5/5/5/4K:0:2:b][4k/5/5/5/R3K:0:3:w]";
    let game = start(fen);
    let moves = game.draft_moves(&[]).unwrap();
    for jump in ["(0T3)Ra1>>(0T2)a1", "(0T3)Ra1>>(0T1)a1"] {
        assert!(moves.iter().any(|m| m == jump), "{jump} in {moves:?}");
    }
    // Rooks never change two axes at once.
    assert!(!moves.iter().any(|m| m == "(0T3)Ra1>>(0T2)a2"), "{moves:?}");
    let game = start("fen:[4k/5/5/5/4K:0:1:w][4k/5/5/5/4K:0:1:b][4k/5/5/5/B3K:0:2:w]");
    let moves = game.draft_moves(&[]).unwrap();
    assert!(moves.iter().any(|m| m == "(0T2)Ba1>>(0T1)a2"), "{moves:?}");
    assert!(!moves.iter().any(|m| m == "(0T2)Ba1>>(0T1)a1"), "{moves:?}");
    let e = refused(&game, "(0T2)Ba1>>(0T0)a3");
    assert_eq!(e.rule(), Some(Rule::F_6), "{e}");
    // The unicorn changes three axes at once, the dragon four.
    let game = start("fen:[4k/5/5/5/4K:0:1:w][4k/5/5/5/4K:0:1:b][4k/5/5/5/U3K:0:2:w]");
    let moves = game.draft_moves(&[]).unwrap();
    assert!(moves.iter().any(|m| m == "(0T2)Ua1>>(0T1)b2"), "{moves:?}");
    assert!(!moves.iter().any(|m| m == "(0T2)Ua1>>(0T1)a2"), "{moves:?}");
    assert!(!moves.iter().any(|m| m == "(0T2)Ub2"), "{moves:?}");
}

/// F-7: brawns (5d-chess-js's brawn tests): a brawn captures one rank
/// forward and one turn back, one timeline forward and one rank forward,
/// and one timeline forward and one file sideways.
#[test]
fn f7_brawns_capture_back_in_time_and_across_timelines() {
    let mut game = start("fen:[ww*2/4/4/WW2:0:1:w]");
    play(&mut game, &["Wa2", "Wa3", "Wb2"]);
    // Black's brawn on (0T2)a3 takes White's on (0T1)a2: a rank forward
    // (down, for Black), a turn back.
    play(&mut game, &["(0T2)Wa3>>x(0T1)a2~"]);
    assert_eq!(game.line_range(), (-1, 0));
    // White's brawn on (0T3)a2 takes across timelines, a turn back
    // (as a pawn does).
    let a = game.parse("(0T3)Wa2>x(-1T2)a2").unwrap();
    assert_eq!(game.notation(&a), "(0T3)Wa2>x(-1T2)a2");
    // Black's brawn on (-1T3)a3 takes one timeline forward (up, for
    // Black) and one rank forward, or one file sideways.
    let mut game = start("fen:[ww*2/4/4/WW2:0:1:w]");
    play(
        &mut game,
        &[
            "Wa2",
            "Wa3",
            "Wb2",
            "(0T2)Wa3>>x(0T1)a2~",
            "(-1T2)Wb2",
            "(-1T2)Wa3",
            "(-1T3)Wb3 (0T3)Wb3",
        ],
    );
    for capture in ["(-1T3)Wa3>x(0T3)a2", "(-1T3)Wa3>x(0T3)b3"] {
        let a = game
            .parse(capture)
            .unwrap_or_else(|e| panic!("{capture}: {e}"));
        assert_eq!(game.notation(&a), capture);
    }
}

/// F-7: a pawn steps one timeline forward (toward lower L for White) onto
/// an empty cell, and captures there a turn back or forward.
#[test]
fn f7_pawns_step_across_timelines() {
    let game = start("fen:[4k/5/5/5/4K:-1:1:w][4k/5/5/P4/4K:0:1:w]");
    let moves = game.draft_moves(&[]).unwrap();
    assert!(moves.iter().any(|m| m == "(0T1)Pa2>(-1T1)a2"), "{moves:?}");
    assert!(!moves.iter().any(|m| m.contains("(1T1)")), "{moves:?}");
}

/// F-7: en passant against a pawn that double-stepped on the board just
/// before, even where the cell it reached was held, two boards back, by a
/// man of the capturer's side that has since moved away (ftxi's 5dtools
/// lists it: 11 turns).
#[test]
fn f7_en_passant_after_the_cell_was_emptied() {
    let mut game = start("board:small");
    play(
        &mut game,
        &["(0T1)a3", "(0T1)d3", "(0T2)exd3", "(0T2)cxd3", "(0T3)c4"],
    );
    let moves = game.draft_moves(&[]).unwrap();
    assert!(moves.iter().any(|m| m == "(0T3)b4c3"), "{moves:?}");
    assert_eq!(game.count_actions(1000), 11);
}

/// F-8: castling, written `O-O`, moves the rook to the cell the king
/// crossed; never out of check (5dchess-tools' castling games cover it).
#[test]
fn f8_castling() {
    let mut game = start("");
    play(&mut game, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
    let a = game.parse("(0T4)O-O").unwrap();
    assert_eq!(game.notation(&a), "(0T4)O-O");
    assert_eq!(game.parse("Ke1g1").map(|b| b == a), Ok(true));
    assert_eq!(game.parse("0-0").map(|b| b == a), Ok(true));
}

/// F-9: promotion to what the game allows; a bare promotion is the first
/// listed; anything else is refused with F-9.
#[test]
fn f9_promotion() {
    let mut game = start("fen:[w3/4/4/WW*1Q:0:1:w]");
    play(&mut game, &["Wb3", "Wa3"]);
    let a = game.parse("Wb4").unwrap();
    assert_eq!(game.notation(&a), "(0T2)Wb4=Q");
    let e = refused(&game, "Wb4=R");
    assert_eq!(e.rule(), Some(Rule::F_9), "{e}");
    assert!(e.to_string().contains("promote to queen"), "{e}");
    let mut game = start("fen:[w3/4/4/WW*1Q:0:1:w] promotions:RQ");
    play(&mut game, &["Wb3", "Wa3"]);
    assert_eq!(
        game.parse("Wb4").map(|a| game.notation(&a)).as_deref(),
        Ok("(0T2)Wb4=R")
    );
    assert_eq!(
        game.parse("Wb4=Q").map(|a| game.notation(&a)).as_deref(),
        Ok("(0T2)Wb4=Q")
    );
    // The Princess board promotes to a princess.
    assert_eq!(start("board:princess").setup().promotions.len(), 1);
}

/// F-10: a submit that leaves a royal man capturable is refused, naming
/// the royal man, where he could be taken and by whom.
#[test]
fn f10_no_royal_left_capturable() {
    let mut game = start("");
    play(&mut game, &["e4", "f5", "Qh5"]);
    assert!(game.is_check());
    let draft = vec![game.draft_move(&[], "a6").unwrap()];
    let e = game.draft_turn(&draft).unwrap_err();
    assert_eq!(e.rule(), Some(Rule::F_10), "{e}");
    assert_eq!(
        e.to_string(),
        "your king on (0T3)e8 could be captured by the white queen from (0T3)h5"
    );
    // The autocomplete list leaves out moves that expose the king on
    // their own board.
    assert!(
        !game
            .draft_moves(&[])
            .unwrap()
            .contains(&"(0T2)a6".to_owned())
    );
    assert!(
        game.draft_moves(&[])
            .unwrap()
            .contains(&"(0T2)g6".to_owned())
    );
}

/// F-10: the fool's mate is no mate in 5D: the king escapes into the
/// past. Checkmate and stalemate are found at once, exactly.
#[test]
fn f10_mate_is_exact() {
    let mut game = start("");
    play(&mut game, &["f3", "e6", "g4", "Qh4"]);
    assert!(game.is_check());
    assert_eq!(game.status(), Status::Ongoing);
    let escapes: Vec<String> = game.legal_turns().map(|a| game.notation(&a)).collect();
    assert!(!escapes.is_empty());
    assert!(
        escapes.iter().all(|t| t.starts_with("(0T3)K")),
        "{escapes:?}"
    );
    // The corpus's standard game won by White ends in checkmate.
    let game = crate::support::last(&crate::support::data("own/standard-white-mates.5dpgn"));
    assert!(
        matches!(
            game.status(),
            Status::Finished(Outcome {
                reason: Reason::Checkmate,
                ..
            })
        ),
        "{:?}",
        game.status()
    );
    assert_eq!(game.count_actions(1000), 0);
    assert_eq!(game.parse("a3"), Err(ActionError::GameOver));
    // Global Warming: one empty cell, no royal man, no move: stalemate.
    let warm = start("board:global-warming");
    assert_eq!(
        warm.status(),
        Status::Finished(Outcome::draw(Reason::Stalemate))
    );
}

/// F-11: no repetition rule: knights dancing on one board never draw.
#[test]
fn f11_no_draw_by_repetition() {
    let mut game = start("");
    for _ in 0..4 {
        play(&mut game, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    }
    assert_eq!(game.status(), Status::Ongoing);
}

/// F-12: every named board starts, by every way of naming it; custom
/// 5DFEN starts and promotions are options of `5d` only.
#[test]
fn f12_every_named_board_starts() {
    use chronomate_rules::fived::boards::{NAMED_BOARDS, slug};
    for board in NAMED_BOARDS {
        for name in [slug(board.name), board.name.replace(' ', "")] {
            let options = FiveDOptions::parse(&format!("board:{name}"))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let game = FiveD::new(&options, 0);
            assert_eq!(game.setup().name.as_deref(), Some(board.name));
            let n = game.count_actions(1000);
            assert_eq!(n == 0, game.status().is_over(), "{}", board.name);
        }
    }
    for (variant, option) in [
        (Variant::Standard, "board:standard"),
        (Variant::Multiverse, "fen:[4k/5/5/5/K1R2:0:1:w]"),
        (Variant::Temporal, "promotions:Q"),
    ] {
        let e = Options::parse(variant, option).unwrap_err();
        assert!(e.to_string().contains("belongs to 5d"), "{e}");
    }
    let custom = start("fen:[4k/5/5/5/K1R2:0:1:w]");
    assert_eq!(custom.setup().name, None);
    assert_eq!(custom.turn().boards, ["(0T1)"]);
    for bad in [
        "fen:[4k/5/5/5/K1R2:0:1:x]",
        "fen:[9k/5:0:1:w]",
        "fen:",
        "board:",
    ] {
        assert!(Options::parse(Variant::FiveD, bad).is_err(), "{bad}");
    }
}
