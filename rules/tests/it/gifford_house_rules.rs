//! One test (or a few) per house rule of `gifford` (docs/variants/gifford.md, G-1 … G-8).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::collections::BTreeSet;

use chronomate_rules::chess::{Piece, Role};
use chronomate_rules::geometry::Square;
use chronomate_rules::gifford::{Action, Gifford};
use chronomate_rules::{ActionError, Color, Outcome, Played, Reason, Rule, Rules, Status};

fn game(actions: &[&str]) -> Gifford {
    let mut g = Gifford::default();
    play(&mut g, actions);
    g
}

fn play(g: &mut Gifford, actions: &[&str]) {
    for a in actions {
        play_one(g, a);
    }
}

/// Reads and plays one action through the face.
fn play_one(g: &mut Gifford, text: &str) -> Played {
    let action = g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.play(&action).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn fen(fen: &str) -> Gifford {
    Gifford::from_fen(fen).unwrap()
}

/// The refusal of `text`.
fn refusal(g: &Gifford, text: &str) -> ActionError {
    match g.parse(text) {
        Ok(a) => panic!("{text} was accepted as {}", g.notation(&a)),
        Err(e) => e,
    }
}

/// `text` is refused as breaking `rule`; gives the refusal.
fn assert_refused(g: &Gifford, text: &str, rule: Rule) -> ActionError {
    let why = refusal(g, text);
    assert_eq!(why.rule(), Some(rule), "{text}: {why:?}");
    why
}

/// Plays one knight move of the mover (a quiet move that changes nothing
/// else).
fn knight_move(g: &mut Gifford) {
    let mv = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move { mv } if mv.role() == Role::Knight))
        .expect("a knight move");
    g.play(&mv).unwrap();
}

fn kings(g: &Gifford, color: Color) -> u32 {
    g.board().by_piece(Piece::new(color, Role::King)).count()
}

// ------------------------------------------------------------------ G-1

#[test]
fn g1_only_men_next_to_a_king_travel_forward_at_most_ten_moves() {
    let g = Gifford::default();
    let mut froms = BTreeSet::new();
    let mut arrivals = BTreeSet::new();
    for a in g.legal_actions() {
        if let Action::Forward { from, arrival } = a {
            froms.insert(from);
            arrivals.insert(arrival);
        }
    }
    // The rule text: "on the first move you could send ... Queen-Pawn,
    // King-Pawn, King-Bishop-Pawn, Queen, King-Bishop, or the King".
    let expected: BTreeSet<Square> = [
        Square::D1,
        Square::F1,
        Square::D2,
        Square::E2,
        Square::F2,
        Square::E1,
    ]
    .into();
    assert_eq!(froms, expected);
    assert_eq!(arrivals, (2..=11).collect());
    assert_refused(&g, "Nb1// to 5", Rule::G_1);
    assert_refused(&g, "d2// to 12", Rule::G_1);
    assert_refused(&g, "d2// to 1", Rule::G_1);
    assert_refused(&g, "d7// to 5", Rule::G_1);
    assert_refused(&g, "Nd2// to 5", Rule::G_1);
    assert!(g.parse("d2// to 11").is_ok());
}

#[test]
fn g1_one_arrival_per_player_per_move_number_kings_included() {
    let g = game(&["d2// to 5", "e5"]);
    assert_refused(&g, "e2// to 5", Rule::G_1);
    assert_refused(&g, "Ke1// to 5", Rule::G_1);
    assert!(g.parse("Ke1// to 6").is_ok());
    // The opponent's arrivals do not count: Black may use move 5.
    let g = game(&["d2// to 5"]);
    assert!(g.parse("e7// to 5").is_ok());
}

#[test]
fn g1_no_travel_while_a_king_is_in_check() {
    let g = game(&["e4", "f6", "Qh5+"]);
    assert!(g.in_check());
    assert_refused(&g, "e7// to 5", Rule::G_1);
    assert_refused(&g, "Ke8// to 5", Rule::G_3);
    assert!(
        g.legal_actions()
            .iter()
            .all(|a| matches!(a, Action::Move { .. }))
    );
}

#[test]
fn g1_a_pinned_man_cannot_leave() {
    // The knight on e2 shields its king from the rook on e8.
    let g = fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_refused(&g, "Ne2// to 4", Rule::FIDE_CHECK);
}

#[test]
fn g1_forward_travel_is_read_leniently_and_written_canonically() {
    let g = Gifford::default();
    let want = Action::Forward {
        from: Square::D2,
        arrival: 8,
    };
    for text in [
        "d2// to 8",
        "d2//to8",
        "d2 // To 8",
        "Pd2// to 8",
        "P(d2)// to 8",
        "D2//TO8",
        "d2// to 8!?",
        "d2// to move 8",
    ] {
        assert_eq!(g.parse(text), Ok(want), "{text}");
    }
    assert_eq!(g.notation(&want), "d2// to 8");
    let g = game(&["e4"]);
    let want = Action::Forward {
        from: Square::F8,
        arrival: 5,
    };
    for text in ["Bf8// to 5", "B(f8)// to 5", "B (f8)// to 5", "bf8//to5"] {
        assert_eq!(g.parse(text), Ok(want), "{text}");
    }
    assert_eq!(g.notation(&want), "Bf8// to 5");
    assert_eq!(
        g.notation(&Action::Forward {
            from: Square::E8,
            arrival: 17
        }),
        "Ke8// to 17"
    );
}

/// Issue 15: a number too long to be a move number is refused as out of
/// range, by the rule of the travel written (G-1 forward, G-4 back), and
/// the refusal does not repeat it.
#[test]
fn g1_g4_a_move_number_too_long_is_out_of_range() {
    let g = Gifford::default();
    for text in [
        "Bf1// to 99999999999999999999999",
        "d2// to 4294967296",
        "Ke1// to 99999999999999999999999",
    ] {
        let words = assert_refused(&g, text, Rule::G_1).to_string();
        assert!(words.contains("out of range"), "{text}: {words}");
        assert!(!words.contains("99999") && !words.contains("4294967296"));
    }
    // One that fits is judged by the range itself.
    assert_refused(&g, "d2// to 4294967295", Rule::G_1);
    let mut g = Gifford::default();
    for _ in 0..6 {
        knight_move(&mut g);
    }
    let words = assert_refused(&g, "K// back to 99999999999999999999999", Rule::G_4).to_string();
    assert!(words.contains("out of range"), "{words}");
    // Three million digits: refused at once, in a few words.
    let huge = format!("Bf1// to {}", "9".repeat(3_000_000));
    let start = std::time::Instant::now();
    let words = assert_refused(&Gifford::default(), &huge, Rule::G_1).to_string();
    assert!(words.len() < 200, "{} bytes", words.len());
    assert!(start.elapsed().as_secs() < 2);
}

// ------------------------------------------------------------------ G-2

#[test]
fn g2_an_arrival_that_can_be_placed_is_the_move() {
    let mut g = game(&["d2// to 2", "Nf6"]);
    let actions = g.legal_actions();
    assert!(!actions.is_empty());
    assert!(actions.iter().all(|a| matches!(
        a,
        Action::Arrive { role: Role::Pawn, to } if !matches!(to.rank().index(), 0 | 7)
    )));
    assert_refused(&g, "e4", Rule::G_2);
    assert_refused(&g, "[P] g8", Rule::G_2);
    assert_refused(&g, "[N] e4", Rule::G_2);
    assert_refused(&g, "[P] e2", Rule::G_2);
    let played = play_one(&mut g, "[p]e4");
    assert_eq!(played.notation, "[P] e4");
    assert!(g.pending().is_empty());
}

#[test]
fn g2_a_bishop_keeps_its_square_colour() {
    let mut g = game(&["Bf1// to 2", "e5"]);
    let due = g.due().unwrap();
    assert_eq!(due.tag(), "[Bw]");
    assert!(g.legal_actions().iter().all(|a| matches!(
        a,
        Action::Arrive { to, .. } if to.is_light()
    )));
    assert_refused(&g, "[B] c3", Rule::G_2);
    assert_refused(&g, "[Bb] c4", Rule::G_2);
    assert_eq!(play_one(&mut g, "[B] c4").notation, "[Bw] c4");
}

#[test]
fn g2_a_man_that_cannot_be_placed_is_lost_in_time_and_the_mover_moves() {
    // A knight's check cannot be blocked: the pawn due at move 4 is lost.
    let mut g = game(&["e2// to 4", "Nc6", "Nf3", "Nd4", "Ng1"]);
    let played = play_one(&mut g, "Nf3+");
    assert_eq!(
        played.events,
        vec!["white's pawn due at move 4 cannot be placed: it is lost in time (G-2)"]
    );
    assert!(g.due().is_none() && g.pending().is_empty());
    assert!(g.parse("gxf3").is_ok());
}

#[test]
fn g2_a_king_that_cannot_be_placed_is_lost_and_its_side_loses() {
    // Two white kings; the one on a1 travels to move 2, then the rook
    // checks the other: a king dropped between would itself be attacked.
    let mut g = fen("4k2r/8/8/8/8/8/PP6/K3K3 w - - 0 1");
    play(&mut g, &["Ka1// to 2"]);
    let played = play_one(&mut g, "Rh1+");
    assert!(
        played.events[0]
            .to_string()
            .contains("white's king due at move 2 cannot be placed")
    );
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::LostInTime))
    );
}

// ------------------------------------------------------------------ G-3

#[test]
fn g3_a_king_travels_forward_only_with_a_pawn_or_piece_on_the_board() {
    let g = fen("4k3/p7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(g.status(), Status::Ongoing);
    assert_refused(&g, "Ke1// to 5", Rule::G_3);
    let mut g = game(&["Ke1// to 3", "e5"]);
    // With no king on the board, no man of White is next to a king.
    assert_eq!(kings(&g, Color::White), 0);
    assert!(
        g.legal_actions()
            .iter()
            .all(|a| matches!(a, Action::Move { .. }))
    );
    assert_refused(&g, "d2// to 5", Rule::G_1);
    play(&mut g, &["Nf3", "Qe7"]);
    assert_eq!(g.due().map(|a| a.tag()), Some("[K]".to_owned()));
    assert_eq!(play_one(&mut g, "[K] e1").notation, "[K] e1");
}

// ------------------------------------------------------------------ G-4

#[test]
fn g4_a_king_goes_back_one_to_five_moves_and_is_placed_in_a_new_timeline() {
    let mut g = Gifford::default();
    for _ in 0..14 {
        knight_move(&mut g);
    }
    assert_eq!((g.turn().color, g.move_number()), (Color::White, 8));
    let at_3 = {
        let mut h = Gifford::default();
        for _ in 0..4 {
            knight_move(&mut h);
        }
        h
    };
    assert_refused(&g, "K// back to 8", Rule::G_4);
    assert_refused(&g, "K// back to 2", Rule::G_4);
    assert_refused(&g, "Nf3// back to 4", Rule::G_4);
    let played = play_one(&mut g, "K // to 3");
    assert_eq!(played.notation, "K// back to 3");
    assert_eq!(g.position(), at_3.position());
    assert_eq!(g.timeline_count(), 2);
    assert_refused(&g, "e4", Rule::G_4);
    assert_refused(&g, "K [FTF] e2", Rule::G_4);
    assert_eq!(play_one(&mut g, "K[FTF] e3").notation, "K [FTF] e3");
    assert_eq!(kings(&g, Color::White), 2);
    assert_eq!((g.turn().color, g.move_number()), (Color::Black, 3));
}

#[test]
fn g4_the_king_from_the_future_lands_where_no_king_of_its_side_is_in_check() {
    let mut g = game(&["e4", "e5", "Nf3", "Nc6"]);
    play(&mut g, &["K// back to 2"]);
    // At White's move 2 the pawn on e5 guards d4 and f4.
    assert_refused(&g, "K [FTF] d4", Rule::G_4);
    assert!(g.parse("K [FTF] d3").is_ok());
}

#[test]
fn g4_two_backward_travels_a_player_and_five_timelines_at_most() {
    let mut g = Gifford::default();
    for round in 0..4 {
        for _ in 0..4 {
            knight_move(&mut g);
        }
        let m = g.move_number();
        let back = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Back { to_move, .. } if *to_move == m - 1))
            .unwrap_or_else(|| panic!("round {round}: no way back"));
        g.play(&back).unwrap();
        let place = g.legal_actions()[0];
        g.play(&place).unwrap();
        assert_eq!(g.timeline_count(), round + 2);
    }
    assert_eq!(g.backward_travels(Color::White), 2);
    assert_eq!(g.backward_travels(Color::Black), 2);
    assert_eq!(g.timeline_count(), 5);
    assert_eq!(kings(&g, Color::White), 3);
    assert_eq!(kings(&g, Color::Black), 3);
    knight_move(&mut g);
    knight_move(&mut g);
    let m = g.move_number();
    let king = g
        .board()
        .by_piece(Piece::new(g.turn().color, Role::King))
        .first::<Square>()
        .unwrap();
    assert_refused(&g, &format!("K{king}// back to {}", m - 1), Rule::G_4);
    // With several kings, which one goes back must be said.
    assert!(matches!(
        g.parse(&format!("K// back to {}", m - 1)),
        Err(ActionError::Ambiguous(_))
    ));
}

#[test]
fn g4_no_trip_back_onto_a_move_an_arrival_already_holds() {
    let mut g = game(&[
        "d2// to 3",
        "Nf6",
        "Nf3",
        "Ng8",
        "[P] d4",
        "Nf6",
        "Ng1",
        "Ng8",
    ]);
    assert_eq!(g.move_number(), 5);
    assert_refused(&g, "K// back to 3", Rule::G_1);
    play_one(&mut g, "K// back to 2");
    // The restored past holds the pawn away in time, due at move 3.
    assert_eq!(g.pending()[0].due, 3);
}

// ------------------------------------------------------------------ G-5

#[test]
fn g5_any_king_attacked_is_check() {
    // The rook checks the king on e1, not the one on a2. (With the other
    // king on a1 it would be mate: every step of e1's opens the rank.)
    let g = fen("4k3/8/8/8/8/8/K7/4K2r w - - 0 1");
    assert!(g.in_check());
    assert_refused(&g, "Ka2// to 3", Rule::G_3);
    assert!(g.parse("Kb2").is_err());
    assert!(g.parse("Kd2").is_ok());
}

#[test]
fn g5_with_no_king_on_the_board_a_player_is_never_in_check() {
    let mut g = game(&["Ke1// to 4", "e5", "Nf3", "Qh4"]);
    assert!(!g.in_check());
    assert!(g.parse("Ng5").is_ok());
    play(&mut g, &["Ng5", "Qxf2"]);
    assert!(!g.in_check());
}

#[test]
fn g5_checkmate_wins() {
    let mut g = game(&["f3", "e5", "g4"]);
    assert_eq!(play_one(&mut g, "Qh4").notation, "Qh4#");
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::Checkmate))
    );
}

// ------------------------------------------------------------------ G-6

#[test]
fn g6_no_man_on_the_board_while_the_king_is_away_loses() {
    let mut g = fen("r3k3/8/8/8/8/P7/8/4K3 w - - 0 1");
    play(&mut g, &["Ke1// to 5"]);
    let played = play_one(&mut g, "Rxa3");
    assert!(played.events[0].to_string().contains("no man on the board"));
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::LostInTime))
    );
}

#[test]
fn g6_men_but_no_legal_action_while_the_king_is_away_draws() {
    let mut g = fen("4k3/8/8/8/8/p7/P7/4K3 w - - 0 1");
    play(&mut g, &["Ke1// to 5", "Kd8"]);
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::draw(Reason::NoActionLeft))
    );
}

// ------------------------------------------------------------------ G-7

#[test]
fn g7_insufficient_material_draws_only_when_no_travel_back_is_left() {
    let g = fen("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_eq!(g.status(), Status::Ongoing);
    let g = g.with_backward_travels_made(2, 0);
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::draw(Reason::InsufficientMaterial))
    );
    // Kings alone: nobody can travel back, so it is a draw at once.
    let g = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(g.status().is_over());
}

#[test]
fn g7_repetition_draws_only_with_nothing_pending_and_no_travel_back() {
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    let g = game(&shuffle);
    assert_eq!(g.status(), Status::Ongoing);
    let mut g = Gifford::default().with_backward_travels_made(2, 2);
    play(&mut g, &shuffle);
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::draw(Reason::Repetition))
    );
    // A man away in time holds the draw off.
    let mut g = Gifford::default().with_backward_travels_made(2, 2);
    play(
        &mut g,
        &[
            "d2// to 11",
            "Nf6",
            "Nf3",
            "Ng8",
            "Ng1",
            "Nf6",
            "Nf3",
            "Ng8",
            "Ng1",
            "Nf6",
        ],
    );
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn g7_fifty_moves_draws_only_with_no_travel_back() {
    let mut g = fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut g, &["Ra2"]);
    assert_eq!(g.status(), Status::Ongoing);
    let mut g = fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").with_backward_travels_made(2, 2);
    play(&mut g, &["Ra2"]);
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::draw(Reason::FiftyMoves))
    );
}

// ------------------------------------------------------------------ G-8

#[test]
fn g8_a_king_leaving_the_board_loses_its_castling_rights() {
    let g = game(&["Ke1// to 3"]);
    assert!(!g.position().castling().has_any(Color::White));
    assert!(g.position().castling().has_any(Color::Black));
}

#[test]
fn g8_a_king_from_the_future_never_castles() {
    let mut g = game(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Ke1// to 5", "d6"]);
    play(&mut g, &["[K] e1", "Nf6"]);
    assert_refused(&g, "O-O", Rule::FIDE_CASTLING);
    // The same position without the trip: castling is legal.
    let g = game(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
    assert!(g.parse("O-O").is_ok());
}
