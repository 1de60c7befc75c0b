//! The rule text's sample game (Gifford's own, 2003; the record is
//! rules/tests/data/gifford/sample.txt), in all three timelines, and the
//! facts its notes state.
//!
//! Where the sample and the house rules part, the house rules win; nothing
//! of substance differs, only notation and one gap:
//! - Timeline 1, Black's move 5 is written `[Bb]*`: the bishop is lost in
//!   time, but the move that got Black out of check is not given. The
//!   record supplies `Kxf7` (G-2: the mover then moves normally).
//! - The rule text writes a king's trip back `K // to 6` and its placing
//!   `K f3 // FTF`; the house notation is `K// back to 6` and `K [FTF] f3`.
//!   Both are read (see `sample_as_written.txt`).
//! - `13. Nbd2` in timeline 3: White's other knight was taken on f3, so
//!   canonical SAN is `Nd2`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::chess::{CastlingSide, Role};
use chronomate_rules::geometry::Square;
use chronomate_rules::gifford::Gifford;
use chronomate_rules::record;
use chronomate_rules::view::Layout;
use chronomate_rules::{Color, Game, Outcome, Played, Reason, Rule, Rules, Status, Variant};

const SAMPLE: &str = include_str!("../data/gifford/sample.txt");
const AS_WRITTEN: &str = include_str!("../data/gifford/sample_as_written.txt");

fn actions(text: &str) -> Vec<String> {
    record::actions(Variant::Gifford, text)
}

/// Plays the sample's actions up to (not including) the one at `index`.
fn play_until(index: usize) -> Gifford {
    let mut g = Gifford::default();
    for a in &actions(SAMPLE)[..index] {
        play_one(&mut g, a);
    }
    g
}

/// Reads and plays one action through the face.
fn play_one(g: &mut Gifford, text: &str) -> Played {
    let action = g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.play(&action).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn index_of(action: &str, nth: usize) -> usize {
    actions(SAMPLE)
        .iter()
        .enumerate()
        .filter(|(_, a)| *a == action)
        .nth(nth)
        .map(|(i, _)| i)
        .unwrap_or_else(|| panic!("{action} #{nth} is not in the sample"))
}

#[test]
fn the_sample_replays_to_a_loss_by_a_king_lost_in_time() {
    let game = Game::replay(Variant::Gifford, 0, actions(SAMPLE)).unwrap();
    assert_eq!(
        game.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::LostInTime))
    );
    // The record file is canonical: the game writes it back unchanged.
    assert_eq!(game.record(), actions(SAMPLE).as_slice());
}

#[test]
fn the_rule_texts_own_spellings_read_to_the_same_record() {
    let written = Game::replay(Variant::Gifford, 0, actions(AS_WRITTEN));
    let written = written.unwrap();
    assert_eq!(written.record(), actions(SAMPLE).as_slice());
}

#[test]
fn timeline_1_the_bishop_is_lost_in_time_at_move_5() {
    let mut g = play_until(index_of("[P] f7+", 0));
    assert_eq!((g.turn().color, g.move_number()), (Color::White, 5));
    let played = play_one(&mut g, "[P] f7+");
    assert_eq!(played.events.len(), 1);
    assert!(
        played.events[0]
            .to_string()
            .contains("black's bishop (dark squares) due at move 5")
            && played.events[0].to_string().contains("lost in time"),
        "{:?}",
        played.events
    );
    // Black moves normally: the bishop is gone from the men away in time.
    assert!(g.due().is_none());
    assert!(g.pending().iter().all(|a| a.color != Color::Black));
    assert!(g.in_check());
    assert!(
        g.legal_actions()
            .iter()
            .all(|a| matches!(a, chronomate_rules::gifford::Action::Move { .. }))
    );
}

#[test]
fn timeline_2_starts_from_blacks_move_2_as_it_stood_then() {
    let at_move_2 = play_until(index_of("f7// to 3", 0));
    let mut g = play_until(index_of("K// back to 2", 0));
    let played = play_one(&mut g, "K// back to 2");
    assert!(played.events[0].to_string().contains("timeline 2 begins"));
    assert_eq!(g.timeline_count(), 2);
    assert!(g.placing());
    assert_eq!((g.turn().color, g.move_number()), (Color::Black, 2));
    // Board, rights, counters and the men away in time as they were then:
    // White's pawns due at 8 and 5, Black's bishop due at 5 again ("move 5
    // in this reality has not yet happened and the Bishop should appear").
    assert_eq!(g.position(), at_move_2.position());
    assert_eq!(g.pending(), at_move_2.pending());
    let due: Vec<(Color, Role, u32)> = g
        .pending()
        .iter()
        .map(|a| (a.color, a.role, a.due))
        .collect();
    assert_eq!(
        due,
        vec![
            (Color::White, Role::Pawn, 5),
            (Color::Black, Role::Bishop, 5),
            (Color::White, Role::Pawn, 8)
        ]
    );
    // The traveller is placed as Black's move 2 of the new timeline: two
    // black kings, e8 (the one that was there) and f8 (from the future).
    assert!(g.parse("Nf6").is_err());
    play_one(&mut g, "K [FTF] f8");
    let kings = g.board().by_piece(chronomate_rules::chess::Piece::new(
        Color::Black,
        Role::King,
    ));
    assert_eq!(kings.count(), 2);
    assert!(kings.contains(Square::E8) && kings.contains(Square::F8));
    assert_eq!(g.backward_travels(Color::Black), 1);
}

#[test]
fn timeline_2_the_pawn_sent_on_move_2_arrives_at_g5_on_move_5() {
    let g = play_until(index_of("[P] g5", 0));
    assert_eq!(
        (g.turn().color, g.move_number(), g.timeline_count()),
        (Color::White, 5, 2)
    );
    let due = g.due().unwrap();
    assert_eq!((due.role, due.from, due.due), (Role::Pawn, Square::E2, 5));
    // Only arrivals are legal: placing the pawn is White's move 5.
    assert_eq!(g.parse("d4").unwrap_err().rule(), Some(Rule::G_2));
    assert!(g.parse("[P] g5").is_ok());
}

#[test]
fn move_numbers_count_the_line_of_play_across_timelines() {
    // 1. d2// to 8 (timeline 1) arrives as White's 8th move of timeline 2.
    let g = play_until(index_of("[P] d2", 0));
    assert_eq!(
        (g.turn().color, g.move_number(), g.timeline_count()),
        (Color::White, 8, 2)
    );
    let due = g.due().unwrap();
    assert_eq!((due.from, due.due), (Square::D2, 8));
    // Timeline 2 begins with Black's move 2; timeline 3 with White's move 4.
    let lines = play_until(actions(SAMPLE).len()).lines();
    assert_eq!(lines[1].begins, (2, Color::Black));
    assert_eq!(lines[2].begins, (4, Color::White));
    assert_eq!(
        lines[2].actions[6],
        (4, Color::White, "K [FTF] f1".to_owned())
    );
}

#[test]
fn backward_travel_counts_are_not_rolled_back() {
    let mut g = play_until(index_of("K// back to 4", 0));
    assert_eq!(g.backward_travels(Color::Black), 1);
    play_one(&mut g, "K// back to 4");
    // Timeline 3 returns to White's move 4, before Black's trip back was
    // ever made in it, yet each side has one travel left (the rule text:
    // "Each player only has one backward time travel use remaining").
    assert_eq!(g.timeline_count(), 3);
    assert_eq!(g.backward_travels(Color::White), 1);
    assert_eq!(g.backward_travels(Color::Black), 1);
    assert_eq!((g.turn().color, g.move_number()), (Color::White, 4));
}

#[test]
fn timeline_3_the_king_from_the_future_and_the_king_at_home_castles() {
    let mut g = play_until(index_of("O-O", 0));
    // White's king from e1 castles although another white king (from the
    // future) left from f1: rights belong to the king that never moved.
    assert!(
        g.position()
            .castling()
            .has(Color::White, CastlingSide::KingSide)
    );
    play_one(&mut g, "O-O");
    let g = play_until(index_of("O-O-O", 0));
    assert!(g.parse("O-O-O").is_ok());
}

#[test]
fn timeline_3_white_loses_by_a_king_lost_in_time_at_move_17() {
    let mut g = play_until(index_of("Bh2+", 0));
    let played = play_one(&mut g, "Bh2+");
    assert_eq!(played.notation, "Bh2+");
    assert!(
        played.events[0]
            .to_string()
            .contains("white's king due at move 17 cannot be placed"),
        "{:?}",
        played.events
    );
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::LostInTime))
    );
    // Black's knight, sent on move 13, was still on its way to move 17.
    assert!(
        g.pending()
            .iter()
            .any(|a| a.color == Color::Black && a.role == Role::Knight && a.due == 17)
    );
    assert!(g.legal_actions().is_empty());
}

#[test]
fn every_timeline_stays_readable() {
    let g = play_until(actions(SAMPLE).len());
    let table = g.history_table().unwrap();
    for needle in [
        "Timeline 1",
        "Timeline 2 (from 2...)",
        "Timeline 3 (from 4.) *",
        "K// back to 2",
        "K [FTF] f8",
        "[Bb] a5+",
        "K// back to 4",
        "Kf1// to 17",
        "0-1 (lost in time)",
    ] {
        assert!(table.contains(needle), "{needle} missing from\n{table}");
    }
    // Row 6 shows the three timelines side by side.
    let row6 = table
        .lines()
        .find(|l| l.trim_start().starts_with("6 |"))
        .unwrap();
    for cell in ["Bd3", "K// back to 2", "b4", "Bxb4+", "c3", "h6"] {
        assert!(row6.contains(cell), "{row6}");
    }
    let snap = g.snapshot();
    assert_eq!(snap.layout, Layout::Timelines);
    let rows: std::collections::BTreeSet<u32> = snap.boards.iter().map(|b| b.row).collect();
    assert_eq!(rows.into_iter().collect::<Vec<_>>(), vec![0, 1, 2]);
    let current: Vec<_> = snap.boards.iter().filter(|b| b.current).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0].row, 2);
    assert_eq!(snap.arrows.len(), 2);
    // Timeline 2's first board is Black's move 2 (column 3).
    let first_t2 = snap.boards.iter().find(|b| b.row == 1).unwrap();
    assert_eq!(first_t2.column, 3);
}

#[test]
fn the_plain_view_shows_the_men_away_in_time() {
    let g = play_until(index_of("Bc4", 1));
    let view = g.view();
    let labels: Vec<&str> = view.pending.iter().map(|p| p.label.as_str()).collect();
    assert_eq!(labels, vec!["move 5", "move 5 · dark squares", "move 8"]);
    assert!(view.boards[0].current);
    assert!(
        view.notes
            .iter()
            .any(|n| n == "black: 1 backward travel left")
    );
}
