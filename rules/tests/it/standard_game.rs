//! Standard chess through the face the host uses: records, results,
//! refusals and their messages.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::chess::{Piece, Role};
use chronomate_rules::geometry::Square;
use chronomate_rules::standard::Chess;
use chronomate_rules::{
    ActionError, Color, Game, Outcome, Reason, Rule, Rules, Status, Variant, record,
};

fn new_game() -> Game {
    Game::new(Variant::Standard, 0)
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for mv in moves {
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

/// A game from a FEN, driven through the same trait the host uses.
struct FenGame(Chess);

impl FenGame {
    fn new(fen: &str) -> FenGame {
        FenGame(Chess::from_fen(fen).unwrap())
    }

    fn play(&mut self, text: &str) -> Result<String, ActionError> {
        let mv = self.0.parse(text)?;
        Ok(self.0.play(&mv)?.notation)
    }

    fn error(&mut self, text: &str) -> ActionError {
        match self.play(text) {
            Ok(san) => panic!("{text} was accepted as {san}"),
            Err(e) => e,
        }
    }

    fn refusal(&mut self, text: &str) -> String {
        self.error(text).to_string()
    }

    /// The rule the refusal of `text` names, and its words.
    fn refused(&mut self, text: &str) -> (Option<Rule>, String) {
        let e = self.error(text);
        (e.rule(), e.to_string())
    }

    fn status(&self) -> Status {
        self.0.status()
    }
}

#[test]
fn the_opera_game_replays_to_mate() {
    let pgn = r#"[Event "Paris"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
"#;
    let actions = record::actions(Variant::Standard, pgn);
    let game = Game::replay(Variant::Standard, 0, &actions).unwrap();
    assert_eq!(
        game.status().outcome().unwrap().to_string(),
        "1-0 (checkmate)"
    );
    assert_eq!(game.record(), actions.as_slice());
    assert!(game.legal_actions().is_empty());
    let view = game.view();
    assert_eq!(view.title.as_deref(), Some("Move 17 · 1-0 (checkmate)"));
    assert_eq!(view.boards[0].caption.as_deref(), Some("1-0 (checkmate)"));
    let mut over = game.clone();
    assert_eq!(over.play("a6"), Err(ActionError::GameOver));
}

#[test]
fn fools_mate_is_black_s_win_and_records_canonical_san() {
    let mut game = new_game();
    play_all(&mut game, &["f2f3", "e5", "g2-g4", "qh4"]);
    assert_eq!(game.record(), ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        game.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::Checkmate))
    );
    assert_eq!(
        game.status().outcome().unwrap().to_string(),
        "0-1 (checkmate)"
    );
}

#[test]
fn threefold_repetition_draws_at_once() {
    let mut game = new_game();
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play_all(&mut game, &shuffle);
    play_all(&mut game, &shuffle[..3]);
    assert_eq!(game.status(), Status::Ongoing);
    play_all(&mut game, &shuffle[3..]);
    assert_eq!(
        game.status(),
        Status::Finished(Outcome::draw(Reason::Repetition))
    );
    assert_eq!(
        game.status().outcome().unwrap().to_string(),
        "1/2-1/2 (repetition)"
    );
}

#[test]
fn a_position_with_en_passant_possible_is_not_the_same() {
    let mut game = new_game();
    play_all(&mut game, &["e4", "Nf6", "e5", "d5"]);
    // White could take en passant now; after the shuffles it cannot, so
    // this position does not count with theirs.
    let shuffle = ["Nf3", "Nc6", "Ng1", "Nb8"];
    play_all(&mut game, &shuffle);
    play_all(&mut game, &shuffle);
    assert_eq!(game.status(), Status::Ongoing);
    // Each position inside the shuffle is met a third time now.
    play_all(&mut game, &shuffle[..1]);
    assert_eq!(
        game.status(),
        Status::Finished(Outcome::draw(Reason::Repetition))
    );
}

#[test]
fn fifty_moves_draw_unless_the_hundredth_half_move_mates() {
    let mut quiet = FenGame::new("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    quiet.play("Rb1").unwrap();
    assert_eq!(
        quiet.status(),
        Status::Finished(Outcome::draw(Reason::FiftyMoves))
    );

    let mut mate = FenGame::new("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    assert_eq!(mate.play("Ra8").unwrap(), "Ra8#");
    assert_eq!(
        mate.status(),
        Status::Finished(Outcome::win(Color::White, Reason::Checkmate))
    );

    // A pawn move restarts the count.
    let mut pawn = FenGame::new("7k/8/6K1/8/8/8/P7/R7 w - - 99 80");
    pawn.play("a3").unwrap();
    assert_eq!(pawn.status(), Status::Ongoing);
}

#[test]
fn insufficient_material_draws() {
    let mut game = FenGame::new("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert_eq!(game.play("Kxd2").unwrap(), "Kxd2");
    assert_eq!(
        game.status(),
        Status::Finished(Outcome::draw(Reason::InsufficientMaterial))
    );
    // King and bishop against king is a draw from the start.
    let lone = FenGame::new("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_eq!(
        lone.status(),
        Status::Finished(Outcome::draw(Reason::InsufficientMaterial))
    );
}

#[test]
fn stalemate_draws() {
    let mut game = FenGame::new("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    assert_eq!(game.play("Qf7").unwrap(), "Qf7");
    assert_eq!(
        game.status(),
        Status::Finished(Outcome::draw(Reason::Stalemate))
    );
}

#[test]
fn castling_out_of_through_or_into_check_is_refused() {
    // FIDE 3.8.2: each refusal names the rule and says which condition
    // fails.
    let castling = |fen: &str, text: &str, why: &str| {
        let (rule, words) = FenGame::new(fen).refused(text);
        assert_eq!(rule, Some(Rule::FIDE_CASTLING), "{text}: {words}");
        assert!(words.contains(why), "{text}: {words}");
    };
    castling("k3r3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", "is in check");
    let through = "k4r2/8/8/8/8/8/8/4K2R w K - 0 1";
    castling(through, "0-0", "pass through f1");
    castling(through, "e1g1", "pass through f1");
    castling(
        "k5r1/8/8/8/8/8/8/4K2R w K - 0 1",
        "O-O",
        "land in check on g1",
    );
    castling("k7/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", "already moved");
    castling("7k/8/8/8/8/8/8/R2QK3 w Q - 0 1", "O-O-O", "men between");
    // b1 attacked does not stop queenside castling: the king never crosses it.
    let mut long = FenGame::new("1r5k/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(long.play("O-O-O").unwrap(), "O-O-O");
    let board = long.0.position().board();
    assert_eq!(
        board.piece_at(Square::C1),
        Some(Piece::new(Color::White, Role::King))
    );
    assert_eq!(
        board.piece_at(Square::D1),
        Some(Piece::new(Color::White, Role::Rook))
    );
}

#[test]
fn en_passant_is_played_and_the_horizontally_pinned_pawn_may_not_take() {
    let mut game = new_game();
    play_all(&mut game, &["e4", "a6", "e5", "d5", "exd6"]);
    assert_eq!(game.record().last().unwrap(), "exd6");

    let mut pinned = FenGame::new("7k/2p5/8/KP5r/8/8/8/8 b - - 0 1");
    pinned.play("c5").unwrap();
    // FIDE 3.9: the capture would expose the king along the rank.
    for text in ["bxc6", "b5c6", "bxc6 e.p.", "bc"] {
        let (rule, words) = pinned.refused(text);
        assert_eq!(rule, Some(Rule::FIDE_CHECK), "{text}: {words}");
        assert!(words.starts_with("bxc6 "), "{text}: {words}");
    }
    assert!(pinned.play("b6").is_ok());
}

#[test]
fn en_passant_only_right_after_the_double_step() {
    // FIDE 3.7.3: after d5, White may take on d6 at once, not later.
    let mut game = FenGame::new("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    game.play("d5").unwrap();
    game.play("Kd2").unwrap();
    game.play("Kd8").unwrap();
    for text in ["exd6", "ed6", "e5d6", "ed"] {
        let (rule, words) = game.refused(text);
        assert_eq!(rule, Some(Rule::FIDE_EN_PASSANT), "{text}: {words}");
        assert!(words.starts_with("exd6 would take en passant"), "{words}");
    }
}

#[test]
fn promotion_to_each_piece() {
    for (text, role, san) in [
        ("e8=Q", Role::Queen, "e8=Q"),
        ("e8R", Role::Rook, "e8=R"),
        ("e8(B)", Role::Bishop, "e8=B"),
        ("e7e8n", Role::Knight, "e8=N"),
    ] {
        let mut game = FenGame::new("8/4P2k/8/8/8/8/8/K7 w - - 0 1");
        assert_eq!(game.play(text).unwrap(), san, "{text}");
        assert_eq!(
            game.0.position().board().piece_at(Square::E8),
            Some(Piece::new(Color::White, role))
        );
    }
    // FIDE 3.7.5: the refusal says how to write the promotion.
    let mut game = FenGame::new("8/4P2k/8/8/8/8/8/K7 w - - 0 1");
    for (text, example) in [("e8", "write e8=Q"), ("e7e8", "write e7e8q")] {
        let (rule, words) = game.refused(text);
        assert_eq!(rule, Some(Rule::FIDE_PROMOTION), "{text}: {words}");
        assert!(words.ends_with(example), "{text}: {words}");
    }
    assert!(
        game.refusal("e8=K")
            .starts_with("cannot read \"e8=K\": a pawn promotes to")
    );
    let mut start = FenGame::new("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(start.refused("e4=Q").0, Some(Rule::FIDE_PROMOTION));
    // A promotion that gives mate.
    let mut mate = FenGame::new("k7/4P3/1K6/8/8/8/8/8 w - - 0 1");
    assert_eq!(mate.play("e8=Q").unwrap(), "e8=Q#");
}

#[test]
fn ambiguous_moves_name_the_ways_to_write_them() {
    let mut knights = FenGame::new("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let refusal = knights.play("Nd2").unwrap_err();
    assert_eq!(
        refusal,
        ActionError::Ambiguous("two knights can reach d2: write Nbd2 or Nfd2".into())
    );
    assert_eq!(knights.play("Nbd2").unwrap(), "Nbd2");

    let mut rooks = FenGame::new("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        rooks.refusal("Ra3"),
        "two rooks can reach a3: write R1a3 or R5a3"
    );
    assert_eq!(rooks.play("R5a3").unwrap(), "R5a3");

    let mut queens = FenGame::new("K7/8/1k6/8/4Q2Q/8/8/7Q w - - 0 1");
    assert_eq!(
        queens.refusal("Qe1"),
        "three queens can reach e1: write Q1e1, Qee1 or Qh4e1"
    );
    assert_eq!(queens.play("Qh4e1").unwrap(), "Qh4e1");
}

#[test]
fn illegal_moves_say_why() {
    let mut start = FenGame::new("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(start.refusal("Nf6"), "no knight can reach f6");
    assert_eq!(
        start.refusal("Nbd4"),
        "no knight on the b-file can reach d4"
    );
    assert_eq!(start.refusal("e5"), "no pawn can reach e5");
    assert_eq!(start.refusal("Ke2"), "no king can reach e2");
    assert_eq!(start.refusal("e2e5"), "your pawn on e2 cannot move to e5");
    assert_eq!(start.refusal("e7e5"), "you have no man on e7");
    assert_eq!(
        start.refusal("hello"),
        "cannot read \"hello\": a move ends on a square, like e4 or Nf3"
    );
    assert!(matches!(start.play(""), Err(ActionError::Syntax { .. })));

    for text in ["Nf6", "Nbd4", "e5", "Ke2", "e2e5", "e7e5"] {
        assert_eq!(start.refused(text).0, Some(Rule::FIDE_MOVEMENT), "{text}");
    }

    let mut exposed = FenGame::new("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_eq!(exposed.refusal("Ke2"), "Ke2 leaves your king in check");
    assert_eq!(exposed.refused("Ke2").0, Some(Rule::FIDE_CHECK));

    let mut pinned = FenGame::new("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(pinned.refusal("Nf4"), "Nf4 leaves your king in check");

    // A pawn capture written as a push gets a hint.
    let mut capture = FenGame::new("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(
        capture.refusal("d5"),
        "no pawn can reach d5: to capture, write exd5"
    );
    // Leniency: a capture without x, and x on a quiet move.
    assert_eq!(capture.play("ed5").unwrap(), "exd5");
    let mut quiet = FenGame::new("4k3/p7/8/8/8/8/8/4K1N1 w - - 0 1");
    assert_eq!(quiet.play("Nxf3").unwrap(), "Nf3");
}

#[test]
fn pawn_captures_written_by_files_alone() {
    // As the Traveler rule text writes `1...gf`: `ef` is the one pawn
    // capture from the e-file onto the f-file, en passant included, and is
    // recorded canonically.
    let mut game = new_game();
    play_all(&mut game, &["e4", "d5", "e5", "f5", "ef"]);
    assert_eq!(game.record(), ["e4", "d5", "e5", "f5", "exf6"]);
    for text in ["gf", "gxf", "g:f", "gxf+", "gf#", "gXf", "gf!?"] {
        let g = game.clone();
        assert_eq!(g.notation(&g.parse(text).unwrap()), "gxf6", "{text}");
    }
    // Two captures from the g-file onto the f-file: the player says which.
    let mut two = FenGame::new("4k3/8/5p2/6P1/5p2/6P1/8/4K3 w - - 0 1");
    match two.play("gf") {
        Err(ActionError::Ambiguous(m)) => assert_eq!(
            m,
            "two pawns can take from the g-file onto the f-file: write gxf4 or gxf6"
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(two.play("gxf6").unwrap(), "gxf6");
    // None: the refusal says so and names FIDE's movement rule.
    let mut none = FenGame::new("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    let (rule, words) = none.refused("ed");
    assert_eq!(rule, Some(Rule::FIDE_MOVEMENT));
    assert_eq!(words, "no pawn can take from the e-file onto the d-file");
    assert_eq!(
        none.refused("ac").1,
        "no pawn can take from the a-file onto the c-file"
    );
    // A capture onto the last rank promotes.
    let mut promote = FenGame::new("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let (rule, words) = promote.refused("ed");
    assert_eq!(rule, Some(Rule::FIDE_PROMOTION));
    assert_eq!(words, "the pawn must promote: write exd8=Q");
    assert_eq!(promote.play("ed=N").unwrap(), "exd8=N");
    // The form takes nothing from SAN: `Bc4` is the bishop, `bc` the
    // b-pawn's capture, `b4` a push.
    let fen = "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1";
    assert_eq!(FenGame::new(fen).play("bc").unwrap(), "bxc4");
    assert_eq!(FenGame::new(fen).play("Bc4").unwrap(), "Bxc4");
    assert_eq!(FenGame::new(fen).play("b4").unwrap(), "b4");
    assert!(matches!(
        FenGame::new(fen).play("Bc"),
        Err(ActionError::Syntax { .. })
    ));
}

#[test]
fn lenient_input_is_recorded_canonically() {
    let mut game = new_game();
    play_all(
        &mut game,
        &[
            "e2e4", "e7-e5", "Ng1f3", "nc6!", "Bc4?!", "Bc5", "0-0", "Nf6", "Re1", "O-O",
        ],
    );
    assert_eq!(
        game.record(),
        [
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "Re1", "O-O"
        ]
    );
    let replayed = Game::replay(Variant::Standard, 0, game.record()).unwrap();
    assert_eq!(replayed.view(), game.view());
}

#[test]
fn suggestions_and_legal_actions_use_san() {
    let game = new_game();
    let actions = game.legal_actions();
    assert_eq!(actions.len(), 20);
    assert!(actions.contains(&"Nf3".to_owned()));
    assert_eq!(game.suggest("N", 10).len(), 4);
    assert_eq!(game.turn().color, Color::White);
}
