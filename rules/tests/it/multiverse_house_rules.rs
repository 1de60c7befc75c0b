//! The multiverse house rules, one test each (E-1 to E-11), the collapse's
//! replays and the edges of the early decision.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::chess::{Piece, Role};
use chronomate_rules::geometry::Square;
use chronomate_rules::multiverse::{
    Action, BoardMove, Destination, Multiverse, MultiverseOptions, Travel, When,
};
use chronomate_rules::{
    ActionError, Color, Game, Options, Outcome, Reason, Rule, Rules, Status, Variant,
};

/// Parses, prints and applies `text`, checking the notation round trip.
fn play(m: &mut Multiverse, text: &str) -> Vec<String> {
    let action = m.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let canonical = m.notation(&action);
    assert_eq!(m.parse(&canonical).as_ref(), Ok(&action), "{canonical}");
    m.apply(&action)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn refused(m: &Multiverse, text: &str) -> ActionError {
    match m.parse(text) {
        Ok(a) => panic!("{text} was accepted as {a:?}"),
        Err(e) => e,
    }
}

/// The rule `text` is refused for.
fn rule(m: &Multiverse, text: &str) -> Option<Rule> {
    refused(m, text).rule()
}

/// Plays a whole record, each action checked as in [`play`].
fn record(limit: u16, actions: &[&str]) -> Multiverse {
    let mut m = Multiverse::with_limit(limit, 0);
    for a in actions {
        play(&mut m, a);
    }
    m
}

fn piece(m: &Multiverse, branch: u16, square: Square) -> Option<Piece> {
    m.latest(branch).unwrap().board().piece_at(square)
}

/// 1. e4 e5 2. Nf3 with the b1 knight sent to T1 c3: L2 opens.
fn two_branches(limit: u16) -> Multiverse {
    let mut m = Multiverse::with_limit(limit, 1);
    for a in ["(L1)e4", "(L1)e5", "(L1)Nf3 Nb1>>(T1)c3"] {
        play(&mut m, a);
    }
    m
}

#[test]
fn e1_branches_share_their_parents_history() {
    let mut m = two_branches(21);
    assert_eq!(m.branch_count(), 2);
    play(&mut m, "(L2)d6");
    // L2 is L1's T0 plus its own T1 (with the knight) and T2.
    assert_eq!(m.branch_now(2), Some(2));
    assert_eq!(m.board_at(2, 0), m.board_at(1, 0));
    let l2_t1 = m.board_at(2, 1).unwrap();
    let l1_t1 = m.board_at(1, 1).unwrap();
    assert_eq!(
        l2_t1.board().piece_at(Square::C3),
        Some(Piece::new(Color::White, Role::Knight))
    );
    assert_eq!(l1_t1.board().piece_at(Square::C3), None);
    // Each move adds one board; shared boards are stored once.
    assert_eq!(m.branch_now(1), Some(3));
    assert_eq!(m.stored_boards(), 4 + 2);
}

#[test]
fn e2_every_active_branch_is_moved_once_a_turn_and_new_branches_are_owed_nothing() {
    let mut m = two_branches(21);
    // L2 opened during White's turn: Black moves first there.
    assert_eq!(m.turn().color, Color::Black);
    assert_eq!(m.owed(), vec![1, 2]);
    play(&mut m, "(L2)d6");
    // TURN: L2 is no longer owed a move this turn.
    assert_eq!(rule(&m, "(L2)d5"), Some(Rule::TURN));
    // With one branch owed, the prefix may be left out.
    play(&mut m, "Nc6");
    assert_eq!(m.turn().color, Color::White);
    assert_eq!(m.owed(), vec![1, 2]);
    let mut g = Game::new(Variant::Multiverse, 0);
    for a in ["e4", "e5", "(L1)Nf3 Nb1>>(T1)c3"] {
        g.play(a).unwrap();
    }
    assert_eq!(g.turn().boards, vec!["L1", "L2"]);
    let mut m = two_branches(21);
    play(&mut m, "(L1)Nc6");
    // A travel this turn opens a branch the mover owes nothing on.
    play(&mut m, "(L2)d6");
    play(&mut m, "(L2)Nf3 Pa2>>(T1)e2");
    assert_eq!(m.branch_count(), 3);
    assert_eq!(m.owed(), vec![1]);
    assert_eq!(rule(&m, "(L3)Nf3"), Some(Rule::TURN));
}

#[test]
fn e3_one_travel_before_or_after_and_the_king_safe_afterwards() {
    let mut m = Multiverse::with_limit(21, 0);
    for a in ["e4", "e6", "d4", "Bb4+", "c3", "Ba5"] {
        play(&mut m, a);
    }
    // The c3 pawn shields nothing now; play Nf3 and send a3? No: pin it.
    let mut m = Multiverse::with_limit(21, 0);
    for a in ["e4", "e6", "d4", "Bb4+", "c3", "Nf6"] {
        play(&mut m, a);
    }
    // c3 blocks the bishop's check: sending it away after a3 leaves the
    // king in check.
    assert_eq!(rule(&m, "(L1)a3 Pc3>>(T1)c3"), Some(Rule::E_3));
    // Before the move, the check may be answered by the move itself.
    play(&mut m, "(L1)Pc3>>(T1)c3 Nc3");
    assert_eq!(m.branch_count(), 2);
    assert_eq!(
        piece(&m, 1, Square::C3),
        Some(Piece::new(Color::White, Role::Knight))
    );
    // Lenient spacing and order read the same.
    let m = two_branches(21);
    let mut again = Multiverse::with_limit(21, 1);
    for a in ["e4", "e5"] {
        play(&mut again, a);
    }
    let lenient = again.parse("(l1) Nf3 , b1 >> ( T1 ) c3").unwrap();
    assert_eq!(again.notation(&lenient), "(L1)Nf3 Nb1>>(T1)c3");
    again.apply(&lenient).unwrap();
    assert_eq!(again, m);
    // Only one FIDE move per board move.
    assert!(matches!(
        refused(&again, "(L1)Nc6 Nb8>>(T2)c6 d6"),
        ActionError::Syntax { .. }
    ));
}

#[test]
fn e4_moved_and_arrived_men_do_not_travel() {
    let mut m = Multiverse::with_limit(21, 0);
    for a in ["e4", "e5"] {
        play(&mut m, a);
    }
    assert_eq!(rule(&m, "(L1)Nf3 Ng1>>(T1)e3"), Some(Rule::E_4));
    play(&mut m, "(L1)Nf3 Nb1>>(T1)c3");
    play(&mut m, "(L1)Nc6");
    play(&mut m, "(L2)d6");
    assert_eq!(m.arrived(2), Square::C3.bitboard());
    assert_eq!(rule(&m, "(L2)d3 Nc3>>(T1)a3"), Some(Rule::E_4));
    // It stays an arrival as it moves.
    play(&mut m, "(L2)Nd5");
    assert_eq!(m.arrived(2), Square::D5.bitboard());
    // Castling moves both king and rook.
    let mut c = Multiverse::with_limit(21, 0);
    for a in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
        play(&mut c, a);
    }
    assert_eq!(rule(&c, "(L1)O-O Rh1>>(T1)h3"), Some(Rule::E_4));
}

#[test]
fn e5_landing_rules() {
    let mut m = Multiverse::with_limit(21, 0);
    for a in ["e4", "e5", "d4", "d5"] {
        play(&mut m, a);
    }
    for (text, why) in [
        // Only boards White had just moved on: T1 and T3, in the past.
        ("(L1)Nf3 Nb1>>(T2)c3", "black had just moved on T2"),
        ("(L1)Nf3 Nb1>>(T4)c3", "T4 is the present"),
        ("(L1)Nf3 Nb1>>(T1)e4", "e4 is taken"),
        ("(L1)Nf3 Bc1>>(T1)d3", "c1 is dark, d3 light"),
        ("(L1)Nf3 Pa2>>(T1)a3", "a pawn lands no further advanced"),
        ("(L1)Nf3 Nb1>>(T3)d3", "a knight on d3 attacks e5"),
    ] {
        assert_eq!(rule(&m, text), Some(Rule::E_5), "{text}: {why}");
    }
    play(&mut m, "(L1)Nf3 Nb1>>(T1)c3");
    // The copy is a new branch at T1 with the man, Black to move.
    assert_eq!(m.branch_now(2), Some(1));
    assert_eq!(
        piece(&m, 2, Square::C3),
        Some(Piece::new(Color::White, Role::Knight))
    );
    assert_eq!(m.latest(2).unwrap().turn(), Color::Black);
}

#[test]
fn e6_no_time_travel_once_the_limit_is_reached() {
    let mut m = two_branches(3);
    play(&mut m, "(L1)Nc6");
    play(&mut m, "(L2)d6");
    play(&mut m, "(L1)Bc4 Ra1>>(T3)e3");
    assert_eq!(m.branch_count(), 3);
    assert_eq!(rule(&m, "(L2)Nf3 Pa2>>(T1)e2"), Some(Rule::E_6));
    assert!(Options::parse(Variant::Multiverse, "branches:4").is_err());
    assert!(Options::parse(Variant::Multiverse, "branches:1003").is_err());
}

#[test]
fn e7_trans_universe_travel_costs_the_queen() {
    let mut m = two_branches(21);
    play(&mut m, "(L1)Nc6");
    play(&mut m, "(L2)d6");
    // Only to a branch already moved on this turn.
    assert_eq!(rule(&m, "(L1)d3 Bf1>(L2)e2"), Some(Rule::E_7));
    play(&mut m, "(L2)Nf3");
    play(&mut m, "(L1)d3 Bf1>(L2)e2");
    assert_eq!(m.branch_count(), 2);
    assert_eq!(piece(&m, 1, Square::D1), None);
    assert_eq!(piece(&m, 1, Square::F1), None);
    assert_eq!(
        piece(&m, 2, Square::E2),
        Some(Piece::new(Color::White, Role::Bishop))
    );
    assert_eq!(m.arrived(2), Square::C3.bitboard() | Square::E2.bitboard());
    // Without a queen there is no trans-universe travel.
    play(&mut m, "(L1)Nf6");
    play(&mut m, "(L2)Nf6");
    play(&mut m, "(L2)d3");
    assert_eq!(rule(&m, "(L1)h3 Ra1>(L2)a1"), Some(Rule::E_7));
}

#[test]
fn e8_a_king_may_travel_and_a_side_without_one_loses_the_branch() {
    let mut m = Multiverse::with_limit(21, 0);
    for a in ["e4", "e5"] {
        play(&mut m, a);
    }
    let events = play(&mut m, "(L1)d3 Ke1>>(T1)e2");
    // E-8: L1 is lost because White has no king there; nothing was
    // captured, and the result says so.
    assert_eq!(
        m.branch_result(1),
        Some(Outcome::win(Color::Black, Reason::NoKing))
    );
    assert_eq!(events, vec!["L1 ends 0-1 (no king)"]);
    let kings = m
        .latest(2)
        .unwrap()
        .board()
        .by_piece(Piece::new(Color::White, Role::King));
    assert_eq!(kings.count(), 2);
    assert_eq!(m.owed(), vec![2]);
}

/// The Italian game, 1. e4 e5 2. Nf3 Bc5 3. d3 Nf6: on T5, the board
/// after d3, the c5 bishop attacks e3.
const ITALIAN: [&str; 6] = [
    "(L1)e4", "(L1)e5", "(L1)Nf3", "(L1)Bc5", "(L1)d3", "(L1)Nf6",
];

#[test]
fn e5_a_king_may_not_travel_onto_a_square_attacked_there() {
    let m = record(21, &ITALIAN);
    // Once accepted, and both branches lost at once: L1 without its king,
    // L2 with the king in the bishop's line and Black to move.
    let err = refused(&m, "(L1)Nc3 Ke1>>(T5)e3");
    assert_eq!(err.rule(), Some(Rule::E_5));
    assert_eq!(
        err.to_string(),
        "on e3 the king would stand attacked by the black bishop on c5: \
         a king may not travel onto an attacked square"
    );
    // The list of legal actions agrees.
    let Ok(Action::Move(nc3)) = m.parse("(L1)Nc3") else {
        panic!("Nc3 is legal")
    };
    let onto_e3 = Action::Move(BoardMove {
        travel: Some(Travel {
            when: When::After,
            from: Square::E1,
            to: Destination::Past { time: 5 },
            square: Square::E3,
        }),
        ..nc3
    });
    assert_eq!(m.check(&onto_e3).unwrap_err().rule(), Some(Rule::E_5));
    assert!(!m.legal_actions().contains(&onto_e3));
    // On T3 (after 2. Nf3) e3 is not attacked: the king may go.
    let mut m = m;
    play(&mut m, "(L1)Nc3 Ke1>>(T3)e3");
    assert_eq!(m.branch_count(), 2);
}

#[test]
fn e5_e7_a_king_may_not_travel_to_another_branch_onto_an_attacked_square() {
    // L2 opens with a white knight on c3 and the f1 bishop's diagonal open:
    // b5 is attacked there twice, and no white man stands next to it.
    let mut m = two_branches(21);
    play(&mut m, "(L2)d6");
    let err = refused(&m, "(L1)Nc6 Ke8>(L2)b5");
    assert_eq!(err.rule(), Some(Rule::E_5));
    assert!(err.to_string().contains("attacked"), "{err}");
}

#[test]
fn e7_a_queen_promoted_in_the_board_move_never_pays() {
    // Black's b-pawn runs to a1 on L1 while L2 waits; then Black promotes
    // and sends the g8 knight to L2 in the same board move. The queen on
    // d8 stood there as the board move started: she pays; the new queen on
    // a1 (the lower square) stays.
    let mut m = record(
        21,
        &[
            "(L1)Nf3",
            "(L1)b5",
            "(L1)Ng1 Nb1>>(T1)c3",
            "(L1)b4",
            "(L2)Nc6",
            "(L1)a3",
            "(L2)e3",
            "(L1)bxa3",
            "(L2)Nb8",
            "(L1)Nf3",
            "(L2)h3",
            "(L1)axb2",
            "(L2)Nc6",
            "(L1)Ng1",
            "(L2)h4",
            "(L2)Nb8",
        ],
    );
    let black_queen = Some(Piece::new(Color::Black, Role::Queen));
    assert_eq!(piece(&m, 1, Square::D8), black_queen);
    play(&mut m, "(L1)bxa1=Q Ng8>(L2)h6");
    assert_eq!(piece(&m, 1, Square::D8), None);
    assert_eq!(piece(&m, 1, Square::A1), black_queen);
    assert_eq!(piece(&m, 1, Square::G8), None);
    assert_eq!(
        piece(&m, 2, Square::H6),
        Some(Piece::new(Color::Black, Role::Knight))
    );
    assert_eq!(m.branch_count(), 2);
}

fn limit_one(seed: u64) -> Game {
    let options = Options::parse(Variant::Multiverse, "branches:1").unwrap();
    Game::new(options, seed)
}

#[test]
fn e9_collapse_before_every_board_move_replays_from_the_seed() {
    let mut game = limit_one(42);
    let mut events = Vec::new();
    for _ in 0..12 {
        if game.status().is_over() {
            break;
        }
        let action = game.legal_actions()[0].clone();
        let played = game.play(&action).unwrap();
        let collapses: Vec<String> = played
            .events
            .iter()
            .map(ToString::to_string)
            .filter(|e| e.starts_with("collapse: L1 loses the "))
            .collect();
        if !game.status().is_over() {
            assert_eq!(collapses.len(), 1, "{:?}", played.events);
        }
        events.push(played.events);
    }
    let replayed = Game::replay(game.options().clone(), 42, game.record()).unwrap();
    assert_eq!(
        serde_json::to_string(&replayed).unwrap(),
        serde_json::to_string(&game).unwrap()
    );
    // The serialised game goes on exactly as the original.
    let mut copy: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    if !game.status().is_over() {
        let a = game.legal_actions()[0].clone();
        assert_eq!(game.play(&a), copy.play(&a));
    }
    // Another seed collapses differently.
    let mut other = limit_one(43);
    let mut other_events = Vec::new();
    for text in game.record().iter().take(6) {
        match other.play(text) {
            Ok(p) => other_events.push(p.events),
            Err(_) => break,
        }
    }
    assert_ne!(other_events, events[..other_events.len()].to_vec());
}

#[test]
fn e9_a_limit_of_one_collapses_as_the_game_is_created() {
    let game = limit_one(42);
    let opening = game.opening_events();
    assert_eq!(opening.len(), 1, "{opening:?}");
    assert!(
        opening[0]
            .to_string()
            .starts_with("collapse: L1 loses the "),
        "{opening:?}"
    );
    // The face says the same, and the board shows it.
    let options = MultiverseOptions::with_limit(1).unwrap();
    let m = Multiverse::new(&options, 42);
    assert_eq!(m.opening_events(), opening);
    assert_eq!(m.latest(1).unwrap().board().occupied().count(), 31);
    assert!(m.view().notes.contains(&format!("last {}", opening[0])));
    // Asking again changes nothing, and a replay opens the same way.
    assert_eq!(m.opening_events(), opening);
    let replayed = Game::replay(Options::Multiverse(options), 42, game.record()).unwrap();
    assert_eq!(replayed.opening_events(), opening);
    // Below the limit nothing happens at creation.
    assert!(Multiverse::with_limit(3, 42).opening_events().is_empty());
    assert!(
        Game::new(Variant::Multiverse, 42)
            .opening_events()
            .is_empty()
    );
}

#[test]
fn e10_branch_ends_and_the_majority() {
    // Fool's mate ends L1; every branch ended: the game is over.
    let mut m = Multiverse::with_limit(21, 0);
    for a in ["f3", "e5", "g4"] {
        play(&mut m, a);
    }
    let events = play(&mut m, "Qh4#");
    assert_eq!(events, vec!["L1 ends 0-1 (checkmate)"]);
    assert_eq!(
        m.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::BranchMajority))
    );
    // Branch resignation; equal wins draw.
    let mut m = two_branches(3);
    play(&mut m, "(L1) resign");
    play(&mut m, "(L2)d6");
    assert_eq!(m.status(), Status::Ongoing);
    play(&mut m, "(L2) resign");
    assert_eq!(
        m.status(),
        Status::Finished(Outcome::draw(Reason::BranchMajority))
    );
}

/// Three branches (limit `limit`), White to move on L1 and L3, L2 owed.
fn three_branches(limit: u16) -> Multiverse {
    let mut m = two_branches(limit);
    play(&mut m, "(L1)Nc6");
    play(&mut m, "(L2)d6");
    play(&mut m, "(L1)Bc4 Ra1>>(T3)e3");
    assert_eq!(m.branch_count(), 3);
    m
}

#[test]
fn e10_the_early_decision_waits_until_the_trailer_cannot_catch_up() {
    // Limit 3, no branch left to open. White resigns L3 (0-1, L1 and L2
    // active): Black's one win can still be caught (1 <= 0 + 2). Then L2:
    // 2 > 0 + 1, over at once.
    let mut m = three_branches(3);
    play(&mut m, "(L3) resign");
    assert_eq!(m.status(), Status::Ongoing);
    play(&mut m, "(L2) resign");
    assert_eq!(
        m.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::BranchMajority))
    );
    // Limit 5: two more branches may open, so after the same two
    // resignations White could still reach 3 wins against 2.
    let mut m = three_branches(5);
    play(&mut m, "(L3) resign");
    play(&mut m, "(L2) resign");
    assert_eq!(m.status(), Status::Ongoing);
    assert_eq!(m.turn().color, Color::Black);
    // Black resigns the last branch: 1 against 2, every branch ended.
    play(&mut m, "(L1) resign");
    assert_eq!(
        m.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::BranchMajority))
    );
}

#[test]
fn e11_notation_prefix_arrows_and_resignation() {
    let mut m = Multiverse::with_limit(21, 0);
    for a in ["e4", "e5"] {
        play(&mut m, a);
    }
    let cases = [
        ("Nf3", "(L1)Nf3"),
        ("L1: g1f3", "(L1)Nf3"),
        ("(L1T2)Nf3", "(L1)Nf3"),
        ("(L1)Nf3 b1>>T1 c3", "(L1)Nf3 Nb1>>(T1)c3"),
        ("(L1)Nb1>>(L1T1)c3, Nf3", "(L1)Nb1>>(T1)c3 Nf3"),
        ("(L1) Qh5", "(L1)Qh5"),
        ("(l1) RESIGN", "(L1) resign"),
    ];
    for (input, canonical) in cases {
        let action = m.parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(m.notation(&action), canonical, "{input}");
        assert_eq!(m.parse(canonical), Ok(action));
    }
    assert!(matches!(m.parse(""), Err(ActionError::Syntax { .. })));
    assert!(matches!(m.parse("(L"), Err(ActionError::Syntax { .. })));
    assert_eq!(rule(&m, "(L9)e4"), Some(Rule::E_1));
    // A board move is made on the branch's latest board.
    assert_eq!(rule(&m, "(L1T1)Nf3"), Some(Rule::E_3));
    // Check marks come from the whole board move.
    let mut f = Multiverse::with_limit(21, 0);
    for a in ["f3", "e5", "g4"] {
        play(&mut f, a);
    }
    let mate = f.parse("Qh4").unwrap();
    assert_eq!(f.notation(&mate), "(L1)Qh4#");
    assert!(matches!(f.parse("(L1)Qh4#"), Ok(Action::Move(_))));
}

#[test]
fn e11_numbers_too_large_name_no_branch_and_no_board() {
    let m = record(21, &["(L1)e4", "(L1)e5"]);
    let err = refused(&m, "(L99999999999999999999)e4");
    assert_eq!(err.rule(), Some(Rule::E_1));
    assert!(err.to_string().contains("no branch"), "{err}");
    let err = refused(&m, "(L1)Nf3 Nb1>>(T123456789012345678901)c3");
    assert_eq!(err.rule(), Some(Rule::E_5));
    assert!(err.to_string().contains("no board"), "{err}");
    let err = refused(&m, "(L1)Nf3 Nb1>(L123456789012345678901)c3");
    assert_eq!(err.rule(), Some(Rule::E_1));
    let err = refused(&m, "(L1T123456789012345678901)Nf3");
    assert_eq!(err.rule(), Some(Rule::E_3));
    // Numbers that fit but name nothing say the same.
    assert_eq!(rule(&m, "(L1)Nf3 Nb1>>(T99)c3"), Some(Rule::E_5));
    assert_eq!(rule(&m, "(L70000)e4"), Some(Rule::E_1));
    // Three million digits: refused as quickly, quoted short.
    let huge = "9".repeat(3_000_000);
    for text in [
        format!("(L{huge})e4"),
        format!("(L1)Nf3 Nb1>>(T{huge})c3"),
        format!("(L1)Nf3 Nb1>(L{huge})c3"),
        format!("(L1T{huge})Nf3"),
    ] {
        let start = std::time::Instant::now();
        let err = refused(&m, &text);
        assert!(start.elapsed().as_secs() < 2);
        assert!(err.rule().is_some(), "{err}");
        assert!(err.to_string().len() < 200, "{}", err.to_string().len());
        assert!(err.to_string().contains("3000000 digits"), "{err}");
    }
    // Leading zeros read as the number.
    let zeros = format!("(L{}1)Nf3", "0".repeat(1000));
    assert_eq!(m.notation(&m.parse(&zeros).unwrap()), "(L1)Nf3");
}

#[test]
fn e11_errors_quote_the_input_once_and_short() {
    let m = record(21, &["(L1)e4", "(L1)e5"]);
    let line = format!("(L1){}", "e".repeat(5_000_000));
    let err = refused(&m, &line);
    assert!(matches!(err, ActionError::Syntax { .. }), "{err:?}");
    let shown = err.to_string();
    assert!(shown.len() < 300, "{}", shown.len());
    assert_eq!(shown.matches("(L1)eeee").count(), 1, "{shown}");
    // The text is quoted once, whatever the reason.
    for text in ["(L1)Nf3 Nb1>>(T1)c3 d6", "(L1)Nf3 Nb1>>T1", "(L1)zz", "(L"] {
        let shown = refused(&m, text).to_string();
        assert_eq!(shown.matches(&format!("{text:?}")).count(), 1, "{shown}");
    }
}

#[test]
fn the_finder_offers_branches_then_moves() {
    let m = two_branches(21);
    let found = chronomate_rules::find::find(&m.families(), "", 25, |a| m.notation(a));
    let values: Vec<&str> = found.entries.iter().map(|e| e.value.as_str()).collect();
    assert_eq!(values, ["(L1)", "(L2)"]);
    assert_eq!(found.total, m.count_legal_actions());
    let s = m.suggest("(L2)N", 50);
    assert!(s.iter().all(|a| a.starts_with("(L2)N")), "{s:?}");
    assert!(s.contains(&"(L2)Nf6".to_owned()));
    let s = m.suggest("(L1)Nf6 Nb8>", 5);
    assert!(!s.is_empty());
    assert!(s.iter().all(|a| a.contains("Nb8>")), "{s:?}");
    let s = m.suggest("resign", 5);
    assert_eq!(s, vec!["(L1) resign", "(L2) resign"]);
}
