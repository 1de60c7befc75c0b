//! One test per house rule of `traveler` (docs/variants/traveler.md: TT-1 … TT-10,
//! TT-7a). Positions in extended FEN: `*` after a letter marks a traveling
//! man, `^` a traveled one.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::chess::{FenError, PositionError, Role};
use chronomate_rules::geometry::Square;
use chronomate_rules::traveler::{Stage, TravelerChess};
use chronomate_rules::{ActionError, Color, Outcome, Reason, Rule, Rules, Status};

/// Reads and plays `text`, giving its canonical notation.
fn play(g: &mut TravelerChess, text: &str) -> Result<String, ActionError> {
    let action = g.parse(text)?;
    Ok(g.play(&action)?.notation)
}

fn game(moves: &[&str]) -> TravelerChess {
    let mut g = TravelerChess::new();
    for m in moves {
        play(&mut g, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn fen(f: &str) -> TravelerChess {
    TravelerChess::from_fen(f).unwrap()
}

/// The rule `text` is refused by, and the reason given.
fn refused(g: &TravelerChess, text: &str) -> (Rule, String) {
    match g.parse(text) {
        Err(ActionError::Illegal { rule, reason }) => (rule, reason),
        other => panic!("{text}: expected a refusal, got {other:?}"),
    }
}

fn rule(g: &TravelerChess, text: &str) -> Rule {
    refused(g, text).0
}

fn stage(g: &TravelerChess, sq: Square) -> Option<Stage> {
    g.man_at(sq).map(|m| m.stage)
}

/// TT-1: supports within three hypothetical moves, other men's moves
/// included; none farther.
#[test]
fn tt1_supports_reach_within_three_moves() {
    let g = TravelerChess::new();
    // The queen reaches h5 after e2-e4: two moves.
    assert!(g.parse("Qh5/xh7").is_ok());
    // The a1 rook cannot reach a5: its own a-pawn is in the way.
    assert_eq!(rule(&g, "Ra5/a6"), Rule::TT_1);
    // A pawn supports a piece it can promote to within three moves.
    let g = fen("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
    assert!(g.parse("Qc8/c7").is_ok(), "b6-b7, b8=Q, Qc8");
    assert!(g.parse("Nd7/f6").is_ok(), "b7, b8=N, Nd7");
    assert_eq!(rule(&g, "Rh8/h7"), Rule::TT_1);
}

/// TT-2: each explosion needs its own support from its recorded set.
#[test]
fn tt2_an_explosion_needs_a_support_of_its_own() {
    let mut g = fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    play(&mut g, "Nh3/f4").unwrap();
    assert_eq!(g.explosions(Color::White)[0].supports, [Square::G1]);
    play(&mut g, "Kd8").unwrap();
    assert_eq!(rule(&g, "Ne2/c3"), Rule::TT_2);
    // With a second knight the second explosion has a support of its own.
    let mut g = fen("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1");
    play(&mut g, "Nh3/f4").unwrap();
    play(&mut g, "Kd8").unwrap();
    assert!(g.parse("Nc3/b5").is_ok());
}

/// TT-3: resonators are the untraveled men that could ever annihilate a
/// traveling man: bishops on its square colour, pawns it stands strictly
/// ahead of with fewer files aside than ranks ahead (any pawn for a
/// traveling piece).
#[test]
fn tt3_resonators_follow_the_geometry() {
    // White traveling bishop on b5 (light); bishops on d3 (light), c1
    // (dark); a pawn on h2.
    let g = fen("4k3/8/8/1B*6/8/3B4/7P/2B1K3 w - - 0 1");
    let r = g.resonators(Color::White);
    assert!(r.contains(Square::D3) && r.contains(Square::H2));
    assert!(!r.contains(Square::C1) && !r.contains(Square::E1));
    // A traveling pawn on d4: pawns on c2 and d3 can reach it (c2xd3,
    // d3-d4); f2 stands on the edge of the cone (two files aside, two
    // ranks behind: f2xe3xd4 ends beside it, never behind it), a2 is
    // farther aside, e5 is ahead.
    let g = fen("4k3/8/8/4P3/3P*4/3P4/P1P2P2/4K3 w - - 0 1");
    let r = g.resonators(Color::White);
    assert!(r.contains(Square::C2) && r.contains(Square::D3));
    assert!(
        !r.contains(Square::F2),
        "TT-3: the edge of the cone is out of reach"
    );
    assert!(!r.contains(Square::A2) && !r.contains(Square::E5));
}

/// TT-4: an explosion's traveled man may not capture an enemy traveling
/// man or resonator; notation `h3/h4`, `Bb5/xe8`.
#[test]
fn tt4_the_traveled_man_spares_traveling_men_and_resonators() {
    let g = fen("4k3/8/3p4/8/3p*4/8/8/4K1N1 w - - 0 1");
    assert_eq!(rule(&g, "Nf3/xd4"), Rule::TT_4, "an enemy traveling man");
    assert_eq!(rule(&g, "Nf5/xd6"), Rule::TT_4, "an enemy resonator");
    let mut g = TravelerChess::new();
    assert_eq!(play(&mut g, "h3/h4").unwrap(), "h3/h4");
    assert_eq!(stage(&g, Square::H3), Some(Stage::Traveling));
    assert_eq!(stage(&g, Square::H4), Some(Stage::Traveled));
    assert_eq!(stage(&g, Square::H2), Some(Stage::Untraveled));
    // A traveled pawn promotes to a traveled piece.
    let mut g = fen("4k3/8/7P/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(play(&mut g, "h7/h8Q").unwrap(), "h7/h8=Q");
    let man = g.man_at(Square::H8).unwrap();
    assert_eq!((man.role, man.stage), (Role::Queen, Stage::Traveled));
    // A pawn explosion square is never on the last rank.
    let g = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(rule(&g, "a8/a7"), Rule::TT_4);
}

/// TT-5: an annihilation `d2//d4`; only the same kind, with a move it
/// could make onto the square if it were empty; pawns push straight and
/// promote to the traveling man's kind.
#[test]
fn tt5_annihilations() {
    let mut g = game(&["d4/d5", "e5"]);
    assert_eq!(play(&mut g, "d2//d4").unwrap(), "d2//d4");
    assert_eq!(g.man_at(Square::D2), None);
    assert_eq!(g.man_at(Square::D4), None);
    assert!(g.is_resolved(Color::White));
    let g = fen("4k3/8/8/8/3P*4/8/2P5/4K1N1 w - - 0 1");
    assert_eq!(rule(&g, "g1//d4"), Rule::TT_5);
    assert_eq!(rule(&g, "c2//d4"), Rule::TT_5);
    let mut g = fen("k7/4Q*3/4P3/8/8/8/8/4K3 w - - 0 1");
    let g2 = fen("k3Q*3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert!(
        g.parse("e6//e7").is_err(),
        "a pawn cannot annihilate a queen off the last rank"
    );
    let mut g2 = g2;
    assert_eq!(play(&mut g2, "e7//e8").unwrap(), "e7//e8=Q");
    assert!(g2.is_resolved(Color::White));
    play(&mut g, "Kd2").unwrap();
}

/// TT-6: an action may not leave its mover incorrect; one that leaves the
/// opponent incorrect wins.
#[test]
fn tt6_grammatical_correctness() {
    // d2 is White's only resonator for the traveling pawn on d3.
    let g = fen("4k3/8/8/8/8/3P*n3/3P4/4K3 w - - 0 1");
    assert_eq!(rule(&g, "dxe3"), Rule::TT_6);
    // Taking the last resonator wins at once.
    let mut g = fen("4k3/8/8/2n5/3P*4/3P4/8/4K3 b - - 0 1");
    play(&mut g, "Nxd3").unwrap();
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::GrammaticalIncorrectness))
    );
}

/// TT-7: check is a one-action threat of making P kingless while the
/// opponent is resolved. Both directions.
#[test]
fn tt7_check_in_both_directions() {
    // A resolved opponent attacking the king: check.
    let g = fen("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1");
    assert!(g.is_check(Color::Black));
    // The same attack by an unresolved side: no check.
    let g = fen("4k3/4R3/8/8/8/8/N*6P/4K3 b - - 0 1");
    assert!(!g.is_check(Color::Black));
    // Kingless, the opponent unresolved and unable to resolve in one
    // action: not in check (Game 1).
    let g = game(&["Nf6/e8"]);
    assert!(g.is_kingless(Color::Black) && !g.is_check(Color::Black));
    // Kingless, and the opponent can resolve in one action: check (Game 2).
    let g = game(&["e4", "d6", "Bb5/e8"]);
    assert!(g.is_kingless(Color::Black) && g.is_check(Color::Black));
    // No action may leave its mover in check.
    let g = fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(rule(&g, "Kf2"), Rule::TT_7);
}

/// TT-7a: the order of judging: leaving the opponent incorrect wins even
/// when the mover is then kingless and the opponent resolved (Game 1), and
/// a resolving annihilation that leaves the opponent kingless wins.
#[test]
fn tt7a_order_of_judging() {
    let mut g = game(&["Nf6/e8"]);
    play(&mut g, "gxf6").unwrap();
    assert!(g.is_kingless(Color::Black) && g.is_resolved(Color::White));
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::GrammaticalIncorrectness))
    );
    let mut g = fen("rnbq1bnr/ppp1pppp/3p4/1B*6/2B5/8/PPPP1PPP/RNBQK1NR w KQkq - 0 1");
    assert_eq!(play(&mut g, "c4//b5").unwrap(), "c4//b5");
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::win(Color::White, Reason::KingCaptured))
    );
}

/// TT-8: castling with untraveled king and rook, not through check in the
/// TT-7 sense; traveled kings never castle.
#[test]
fn tt8_castling() {
    let mut g = fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(play(&mut g, "0-0").unwrap(), "O-O");
    // Through check.
    let g = fen("4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(rule(&g, "O-O"), Rule::TT_8);
    // A traveled king.
    let g = fen("4k3/8/8/8/8/8/8/4K^2R w K - 0 1");
    assert_eq!(rule(&g, "O-O"), Rule::TT_8);
    // Through an attack by an unresolved side: no check, so castling is
    // allowed.
    let mut g = fen("4kr2/n*6p/8/8/8/8/8/4K2R w K - 0 1");
    assert!(play(&mut g, "O-O").is_ok());
}

/// TT-9: en passant undoes a double-step annihilation: the resonator is
/// taken on the skipped square and the traveling pawn is back.
#[test]
fn tt9_en_passant_undoes_an_annihilation() {
    let mut g = game(&["d4/d5", "e5", "a3", "e4", "d2//d4"]);
    assert_eq!(play(&mut g, "exd3").unwrap(), "exd3");
    assert_eq!(stage(&g, Square::D4), Some(Stage::Traveling));
    assert_eq!(g.man_at(Square::D4).unwrap().color, Color::White);
    assert_eq!(g.man_at(Square::D3).unwrap().color, Color::Black);
    assert_eq!(g.man_at(Square::D2), None);
    assert!(
        g.is_correct(Color::White),
        "c2 and e2 can still annihilate d4"
    );
}

/// TT-10: the fifty-move count resets on explosions and annihilations;
/// fifty moves and threefold repetition end the game at once;
/// insufficient material only once nobody can explode or is unresolved.
#[test]
fn tt10_draws() {
    let mut g = fen("4k3/8/8/8/8/8/8/4K1N1 w - - 98 60");
    play(&mut g, "Nh3/f4").unwrap();
    assert_eq!(g.halfmove_clock(), 0);
    play(&mut g, "Kd8").unwrap();
    play(&mut g, "g1//h3").unwrap();
    assert_eq!(g.halfmove_clock(), 0);
    let mut g = fen("4k3/8/8/8/8/8/8/4K1N1 w - - 99 60");
    play(&mut g, "Nf3").unwrap();
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::draw(Reason::FiftyMoves))
    );
    let mut g = TravelerChess::new();
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        play(&mut g, m).unwrap();
        assert_eq!(g.status(), Status::Ongoing);
    }
    play(&mut g, "Ng8").unwrap();
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::draw(Reason::Repetition))
    );
    let mut g = fen("4k^3/8/8/8/8/8/8/4K^2B^ w - - 0 1");
    play(&mut g, "Bg2").unwrap();
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::draw(Reason::InsufficientMaterial))
    );
    let mut g = fen("4k3/8/8/8/8/8/8/4K2B w - - 0 1");
    play(&mut g, "Bg2").unwrap();
    assert_eq!(
        g.status(),
        Status::Ongoing,
        "untraveled men can still explode"
    );
}

/// TT-3 (amended), TT-6, TT-7a (2): a pawn on the edge of the capture cone
/// (as many files aside as ranks behind) is no resonator. After `h3/h4`
/// White's traveling pawn on h3 can be annihilated by h2 alone (g2 would
/// have to take onto h3 itself), so Black taking h2 leaves White
/// grammatically incorrect and wins at once.
#[test]
fn tt3_taking_the_last_resonator_of_a_pawn_wins_the_edge_of_the_cone_does_not_count() {
    let mut g = game(&["h3/h4", "Nf6", "a3", "Ng4", "a4"]);
    assert_eq!(
        g.resonators(Color::White),
        Square::H2.bitboard(),
        "TT-3: g2 is on the edge of h3's cone"
    );
    assert_eq!(play(&mut g, "Nxh2").unwrap(), "Nxh2");
    assert!(!g.is_correct(Color::White));
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::GrammaticalIncorrectness))
    );
    assert_eq!(
        g.status().outcome().unwrap().to_string(),
        "0-1 (grammatical incorrectness)"
    );
}

/// TT-3 with TT-4: the traveled man of an explosion may take a pawn on the
/// edge of a traveling pawn's cone, since it is no resonator.
#[test]
fn tt3_tt4_an_explosion_may_take_a_pawn_on_the_edge_of_the_cone() {
    let mut g = game(&["h3/h4", "a6", "a3"]);
    assert!(!g.resonators(Color::White).contains(Square::G2));
    assert_eq!(play(&mut g, "Bf3/xg2").unwrap(), "Bf3/xg2");
    assert_eq!(g.status(), Status::Ongoing);
    // h2 still resolves h3: White stays correct.
    assert!(g.is_correct(Color::White));
    // The resonator h2 itself stays protected.
    let g = game(&["h3/h4", "a6", "a3"]);
    assert_eq!(rule(&g, "Bg3/xh2"), Rule::TT_4);
}

/// TT-4 with TT-9: after a double-step annihilation an explosion's
/// traveled pawn may not take en passant, and the refusal says why.
#[test]
fn tt4_tt9_an_explosion_cannot_take_en_passant_after_an_annihilation_and_says_why() {
    let g = game(&["d4/d5", "e5", "a3", "e4", "d2//d4"]);
    let (rule, why) = refused(&g, "c4/xd3");
    assert_eq!(rule, Rule::TT_4);
    assert!(
        why.contains("en passant") && why.contains("resonator"),
        "{why}"
    );
    // The ordinary en passant of TT-9 stays open.
    assert!(g.parse("exd3").is_ok());
}

/// Text that is no action is refused as unreadable, not as a rule broken;
/// a lone `/` is no promotion.
#[test]
fn a_lone_slash_cannot_be_read() {
    let g = TravelerChess::new();
    for text in ["/", " / ", "/+", "x/", "/e4"] {
        match g.parse(text) {
            Err(ActionError::Syntax { reason, .. }) => {
                assert!(!reason.contains("promot"), "{text}: {reason}");
                assert!(reason.contains("Nf6/e8"), "{text}: {reason}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // SAN's `e8/Q` promotion is still read.
    let mut g = fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(play(&mut g, "a8/Q").unwrap(), "a8=Q+");
}

/// The extended FEN refuses with the one `FenError`.
#[test]
fn extended_fen_errors() {
    let err = |f: &str| TravelerChess::from_fen(f).unwrap_err();
    assert_eq!(
        err("4k3/8/8/*7/8/8/8/4K3 w - - 0 1"),
        FenError::StageMark('*')
    );
    assert_eq!(
        err("4k3/8/8/B*^6/8/8/8/4K3 w - - 0 1"),
        FenError::StageMark('^')
    );
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3"), FenError::FieldCount(1));
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        FenError::Turn("x".into())
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
        FenError::Position(PositionError::PawnOnBackRank(Square::A1))
    );
    assert_eq!(
        err("4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/RNBQKBNR w - - 0 1"),
        FenError::Untraveled(Color::White)
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - e3 0 1"),
        FenError::Position(PositionError::EnPassant(Square::E3))
    );
    // Traveled and traveling men do not count as untraveled.
    let g = fen("4k3/8/8/8/8/P^P^P^P^P^P^P^P^/PPPPPPPP/RNBQKBNR w - - 0 1");
    assert_eq!(g.man_at(Square::A3).unwrap().stage, Stage::Traveled);
    assert!(
        err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x")
            .to_string()
            .contains("fields")
    );
}
