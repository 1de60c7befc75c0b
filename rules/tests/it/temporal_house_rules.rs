//! One test per Temporal Chess house rule (T-1 … T-9 of docs/variants/temporal.md) and per
//! decision taken where the rules are silent (numbered as in the module docs
//! of `chronomate_rules::temporal`), played through the host's face.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::view::{CounterKind, Figure, HighlightKind, Shape};
use chronomate_rules::{ActionError, Color, Game, Reason, Rule, Status, Variant};

fn game(record: &[&str]) -> Game {
    match Game::replay(Variant::Temporal, 0, record) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

fn refused(record: &[&str], action: &str) -> ActionError {
    let mut g = game(record);
    match g.play(action) {
        Ok(p) => panic!("{action} was accepted as {}", p.notation),
        Err(e) => e,
    }
}

/// `action`, after `record`, is refused as breaking `rule`.
fn illegal_because(record: &[&str], action: &str, rule: Rule) {
    let error = refused(record, action);
    assert_eq!(error.rule(), Some(rule), "{action}: {error:?}");
}

fn cell(name: &str) -> usize {
    name.parse::<chronomate_rules::temporal::Cell>()
        .unwrap()
        .index() as usize
}

fn man(g: &Game, name: &str) -> Option<chronomate_rules::view::Man> {
    g.view().boards[0].cells[cell(name)]
}

fn finished(g: &Game) -> (Option<Color>, Reason) {
    match g.status() {
        Status::Finished(o) => (o.winner, o.reason),
        Status::Ongoing => panic!("the game goes on; record {:?}", g.record()),
    }
}

/// The two kings far apart.
const KINGS: [&str; 2] = ["K@Aa1", "K@Dd4"];

fn with_kings(rest: &[&'static str]) -> Vec<&'static str> {
    let mut v = KINGS.to_vec();
    v.extend_from_slice(rest);
    v
}

#[test]
fn t1_the_field_is_four_levels_of_four_by_four() {
    let g = game(&["K@Bc3"]);
    let view = g.view();
    assert_eq!(view.boards.len(), 1);
    assert_eq!(view.boards[0].shape, Shape::Cube4);
    assert_eq!(view.boards[0].cells.len(), 64);
    // Bc3: level B = 1, rank 3, file c: 16 + 2 * 4 + 2.
    assert_eq!(cell("Bc3"), 26);
    assert_eq!(man(&g, "Bc3").unwrap().figure, Figure::King);
    assert_eq!(g.record(), ["K@Bc3"]);
}

#[test]
fn t2_kings_are_placed_first_white_then_black() {
    let g = game(&[]);
    let actions = g.legal_actions();
    assert_eq!(actions.len(), 64);
    assert!(actions.iter().all(|a| a.starts_with("K@")));
    illegal_because(&[], "Q@Bb2", Rule::T_2);
    // A bare cell places the king while kings are being placed.
    let g = game(&["Bb2"]);
    assert_eq!(g.record(), ["K@Bb2"]);
    // Black may not place its king next to White's: 64 - 1 - 26 cells.
    assert_eq!(g.legal_actions().len(), 37);
    illegal_because(&["K@Bb2"], "K@Cc3", Rule::T_2);
    // Then drops, moves and warps; the king is no longer in hand.
    let g = game(&KINGS);
    let actions = g.legal_actions();
    assert!(actions.iter().any(|a| a.starts_with("U@")));
    assert!(actions.iter().any(|a| a.starts_with("KAa1-")));
    assert!(actions.iter().any(|a| a.contains('~')));
    assert!(actions.iter().any(|a| a.contains('^')));
    illegal_because(&KINGS, "K@Bb2", Rule::T_2);
    let hands = &g.view().hands;
    let white = hands.iter().find(|h| h.color == Color::White).unwrap();
    let count = |f: Figure| white.men.iter().find(|m| m.0.figure == f).map(|m| m.1);
    assert_eq!(count(Figure::King), None);
    assert_eq!(count(Figure::Queen), Some(1));
    assert_eq!(count(Figure::Rook), Some(2));
    assert_eq!(count(Figure::Bishop), Some(2));
    assert_eq!(count(Figure::Knight), Some(2));
    assert_eq!(count(Figure::Unicorn), Some(8));
}

#[test]
fn t2_a_drop_giving_check_is_refused() {
    // A rook on Ad4 would attack the king on Dd4 up the d4 column.
    illegal_because(&KINGS, "R@Ad4", Rule::T_2);
    // Knight, unicorn and bishop checks alike.
    illegal_because(&KINGS, "N@Bd3", Rule::T_2);
    illegal_because(&KINGS, "U@Bb2", Rule::T_2);
    illegal_because(&KINGS, "B@Cd3", Rule::T_2);
    // The same men elsewhere are fine.
    game(&with_kings(&["R@Ac4"]));
    // A drop on an occupied cell is refused, naming T-2.
    illegal_because(&KINGS, "R@Dd4", Rule::T_2);
    // A move may give check.
    let mut g = game(&with_kings(&["R@Ac4", "U@Da1"]));
    let played = g.play("RAc4-Ad4").unwrap();
    assert_eq!(played.notation, "RAc4-Ad4+");
}

#[test]
fn t2_captured_men_leave_the_game() {
    let mut g = game(&with_kings(&["R@Ab2", "N@Db2"]));
    g.play("RAb2-Db2").unwrap();
    assert_eq!(g.record().last().unwrap(), "RAb2xDb2");
    // The knight is not back in Black's hand: 2 in hand minus the 1 dropped.
    let black = g
        .view()
        .hands
        .into_iter()
        .find(|h| h.color == Color::Black)
        .unwrap();
    let knights = black.men.iter().find(|m| m.0.figure == Figure::Knight);
    assert_eq!(knights.map(|m| m.1), Some(1));
}

#[test]
fn t3_each_man_moves_raumschach_style() {
    let mut g = game(&with_kings(&["U@Ab1", "U@Da1", "N@Ac1", "U@Da4"]));
    // Unicorn: three-dimensional diagonal.
    g.play("UAb1-Cd3").unwrap();
    illegal_because(&with_kings(&["U@Ab1", "U@Da1"]), "UAb1-Ab2", Rule::T_3);
    // Knight: a (0,1,2) leap across levels.
    g.play("UDa1-Cb2").unwrap();
    g.play("NAc1-Cc2").unwrap();
    // A line mover is blocked by the first man on its line.
    illegal_because(
        &with_kings(&["R@Ab1", "U@Da1", "U@Cb1", "U@Da4"]),
        "RAb1-Db1",
        Rule::T_3,
    );
}

#[test]
fn t4_warp_from_the_future_duplicates_and_marks_the_original() {
    let mut g = game(&with_kings(&["N@Ac1", "U@Da1"]));
    let played = g.play("NAc1~Bc3/2").unwrap();
    assert_eq!(played.notation, "NAc1~Bc3/2");
    let original = man(&g, "Ac1").unwrap();
    assert_eq!(original.figure, Figure::Knight);
    let counter = original.counter.unwrap();
    assert_eq!((counter.kind, counter.count), (CounterKind::Red, 2));
    let duplicate = man(&g, "Bc3").unwrap();
    assert_eq!(
        (duplicate.figure, duplicate.counter),
        (Figure::Knight, None)
    );
    // The duplicate does not come from the hand (decision 3).
    let white = g
        .view()
        .hands
        .into_iter()
        .find(|h| h.color == Color::White)
        .unwrap();
    let knights = white.men.iter().find(|m| m.0.figure == Figure::Knight);
    assert_eq!(knights.map(|m| m.1), Some(1));
    // The duplicate captures as the move would.
    let mut g = game(&with_kings(&["R@Ab2", "N@Db2"]));
    assert_eq!(g.play("RAb2~Db2/1").unwrap().notation, "RAb2~xDb2/1");
    assert_eq!(man(&g, "Db2").unwrap().color, Color::White);
    assert_eq!(man(&g, "Ab2").unwrap().counter.unwrap().count, 1);
    // Only a legal move of the man's kind.
    illegal_because(&with_kings(&["N@Ac1", "U@Da1"]), "NAc1~Bc2/2", Rule::T_3);
    illegal_because(&with_kings(&["N@Ac1", "U@Da1"]), "NAc1~Bc3/7", Rule::T_4);
}

/// T-4, decision 14 (issue 15): an original may warp a duplicate from the
/// future even while it is pinned. The original stays where it is, so
/// nothing is exposed; the same man may not step off the line.
#[test]
fn t4_decision14_a_pinned_original_may_warp_from_the_future() {
    // White's rook on Ab1 shields its king on Aa1 from Black's rook on Ad1.
    let record = ["K@Aa1", "K@Dd4", "R@Ab1", "R@Ad1"];
    illegal_because(&record, "RAb1-Bb1", Rule::T_8);
    let mut g = game(&record);
    assert!(g.legal_actions().contains(&"RAb1~Bb1/2".to_owned()));
    assert!(!g.legal_actions().contains(&"RAb1-Bb1".to_owned()));
    let played = g.play("RAb1~Bb1/2").unwrap();
    assert_eq!(played.notation, "RAb1~Bb1/2");
    // The original still shields the king, with its red checkers ...
    let original = man(&g, "Ab1").unwrap();
    assert_eq!(original.figure, Figure::Rook);
    assert_eq!(original.counter.unwrap().kind, CounterKind::Red);
    assert_eq!(man(&g, "Bb1").unwrap().figure, Figure::Rook);
    assert_eq!(man(&g, "Aa1").unwrap().figure, Figure::King);
    // ... and Black answers in the ordinary way (here by capturing the
    // original, which wins: T-8).
    g.play("RAd1-Ab1").unwrap();
    assert_eq!(finished(&g), (Some(Color::Black), Reason::Paradox));
}

#[test]
fn t5_a_man_warped_into_the_future_is_gone_until_it_returns() {
    // White's rook disappears on Bb2 under three black checkers.
    let record = with_kings(&["R@Bb2", "R@Bb4", "RBb2^3"]);
    let g = game(&record);
    let ghost = man(&g, "Bb2").unwrap();
    assert!(ghost.ghost);
    let counter = ghost.counter.unwrap();
    assert_eq!((counter.kind, counter.count), (CounterKind::Black, 3));
    assert_eq!(g.view().pending.len(), 1);
    // It blocks nothing: Black's rook passes through its cell.
    game(&[&record[..], &["RBb4-Bb1"]].concat());
    // It cannot be captured: a man may stand on its cell, capturing nothing.
    let mut g = game(&record);
    assert_eq!(g.play("RBb4-Bb2").unwrap().notation, "RBb4-Bb2");
    // It cannot move.
    illegal_because(&[&record[..], &["U@Dc4"]].concat(), "RBb2-Bb3", Rule::T_3);
    // It gives no check: Black's king may step onto its rank.
    let mut g = game(&["K@Aa1", "K@Cd2", "R@Bb2", "U@Da4", "RBb2^3"]);
    g.play("KCd2-Bd2").unwrap();
}

#[test]
fn t6_red_checkers_count_down_and_the_original_leaves() {
    let mut g = game(&with_kings(&["N@Ac1", "U@Da1", "NAc1~Bc3/2", "U@Da4"]));
    // The warp's own turn did not count down.
    assert_eq!(man(&g, "Ac1").unwrap().counter.unwrap().count, 2);
    let p = g.play("U@Aa4").unwrap();
    assert!(p.events.is_empty());
    assert_eq!(man(&g, "Ac1").unwrap().counter.unwrap().count, 1);
    g.play("U@Db4").unwrap();
    // Black's turns do not count White's checkers down.
    assert_eq!(man(&g, "Ac1").unwrap().counter.unwrap().count, 1);
    let p = g.play("U@Ab4").unwrap();
    assert_eq!(p.events.len(), 1);
    assert!(
        p.events[0].to_string().contains("left the game"),
        "{:?}",
        p.events
    );
    assert_eq!(man(&g, "Ac1"), None);
    assert_eq!(man(&g, "Bc3").unwrap().figure, Figure::Knight);
}

#[test]
fn t6_a_reappearing_man_captures_what_stands_on_its_cell() {
    let record = with_kings(&["R@Bb2", "N@Db3", "RBb2^1", "NDb3-Bb2"]);
    let mut g = game(&record);
    let p = g.play("U@Ad4").unwrap();
    assert_eq!(
        p.events,
        ["the white rook reappeared on Bb2 and captured the black knight"]
    );
    let back = man(&g, "Bb2").unwrap();
    assert_eq!(
        (back.color, back.figure, back.ghost),
        (Color::White, Figure::Rook, false)
    );
    // Its own men too, regardless of owner.
    let record = with_kings(&["R@Bb2", "U@Da1", "RBb2^2", "U@Da4", "U@Aa3", "U@Db4"]);
    let mut g = game(&record);
    let p = g.play("UAa3-Bb2").unwrap();
    assert_eq!(
        p.events,
        ["the white rook reappeared on Bb2 and captured the white unicorn"]
    );
}

#[test]
fn t7_one_warp_per_player_at_a_time() {
    let record = with_kings(&["N@Ac1", "U@Da1", "NAc1~Bc3/2", "U@Da4"]);
    illegal_because(&record, "NBc3^1", Rule::T_7);
    illegal_because(&record, "NBc3~Dd2/1", Rule::T_7);
    // The opponent may still warp.
    let mut g = game(&record);
    g.play("U@Aa4").unwrap();
    g.play("UDa4^2").unwrap();
    // On the turn the original leaves, the warp still exists ...
    illegal_because(
        &[&record[..], &["U@Aa4", "UDa4^2"]].concat(),
        "NBc3^1",
        Rule::T_7,
    );
    let mut record = [&record[..], &["U@Aa4", "UDa4^2", "U@Ab4", "U@Db4"]].concat();
    // ... and the turn after, a new warp may be made.
    record.push("NBc3^1");
    game(&record);
}

#[test]
fn t8_checkmate_wins() {
    // Black's unicorn is away, so Black cannot warp its king out of check.
    let record = ["K@Bb2", "K@Dd4", "Q@Ac3", "U@Da1", "U@Aa4", "UDa1^6"];
    let mut g = game(&record);
    let p = g.play("QAc3-Cc3").unwrap();
    assert_eq!(p.notation, "QAc3-Cc3#");
    assert_eq!(finished(&g), (Some(Color::White), Reason::Checkmate));
}

#[test]
fn t8_decision9_a_king_escapes_check_by_warping_into_the_future() {
    // Without a warp of its own running, Black's king warps away.
    let record = ["K@Bb2", "K@Dd4", "Q@Ac3", "U@Da1", "U@Aa4", "U@Da2"];
    let mut g = game(&record);
    assert_eq!(g.play("QAc3-Cc3").unwrap().notation, "QAc3-Cc3+");
    assert_eq!(g.status(), Status::Ongoing);
    let escapes = g.legal_actions();
    assert!(
        escapes.iter().all(|a| a.starts_with("KDd4^")),
        "{escapes:?}"
    );
    assert_eq!(escapes.len(), 6);
    g.play("KDd4^1").unwrap();
    let view = g.view();
    assert!(
        !view.boards[0]
            .highlights
            .iter()
            .any(|h| h.kind == HighlightKind::Check)
    );
}

#[test]
fn t8_capturing_an_original_wins_by_paradox() {
    let mut g = game(&with_kings(&["R@Ab2", "N@Db2", "U@Ca1", "NDb2~Cd2/3"]));
    // The original knight stays on Db2 with three red checkers.
    let p = g.play("RAb2-Db2").unwrap();
    assert_eq!(p.notation, "RAb2xDb2");
    assert_eq!(finished(&g), (Some(Color::White), Reason::Paradox));
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.play("U@Aa4"), Err(ActionError::GameOver));
}

#[test]
fn t8_a_reappearance_capturing_an_original_wins_by_paradox() {
    let mut g = game(&with_kings(&[
        "R@Bb2",
        "N@Db3",
        "RBb2^2",
        "NDb3-Bb2",
        "U@Ad4",
        "NBb2~Cd2/3",
    ]));
    let p = g.play("U@Aa4").unwrap();
    assert_eq!(
        p.events,
        ["the white rook reappeared on Bb2 and captured the black knight"]
    );
    assert_eq!(finished(&g), (Some(Color::White), Reason::Paradox));
}

#[test]
fn t8_a_duplicated_kings_original_does_not_count_for_check() {
    // White's king warps from the future: the duplicate steps to Ab1, the
    // original stays on Aa1 with three red checkers.
    let record = with_kings(&["KAa1~Ab1/3"]);
    let g = game(&record);
    assert_eq!(
        man(&g, "Aa1").unwrap().counter.unwrap().kind,
        CounterKind::Red
    );
    assert_eq!(man(&g, "Ab1").unwrap().figure, Figure::King);
    // Attacking the original is no check, so the rook may be dropped ...
    let mut g = game(&[&record[..], &["R@Da1"]].concat());
    assert_eq!(g.turn().color, Color::White);
    assert!(
        !g.view().boards[0]
            .highlights
            .iter()
            .any(|h| h.kind == HighlightKind::Check)
    );
    // ... White need not save it, and Black wins by capturing it.
    g.play("U@Cc4").unwrap();
    g.play("RDa1-Aa1").unwrap();
    assert_eq!(finished(&g), (Some(Color::Black), Reason::Paradox));
    // The duplicate counts: a drop attacking it gives check.
    illegal_because(&record, "R@Db1", Rule::T_2);
}

#[test]
fn t8_a_disappeared_king_cannot_be_checked() {
    let record = with_kings(&["KAa1^2"]);
    // A rook on the king's lines is no check while the king is away.
    let mut g = game(&[&record[..], &["R@Da1"]].concat());
    assert!(g.legal_actions().iter().any(|a| a.starts_with("U@")));
    g.play("U@Cc4").unwrap();
    g.play("U@Db4").unwrap();
    // This turn ends with the king's return to Aa1 under the rook's attack:
    // only actions that block or remove the rook are legal (decision 4).
    illegal_because(
        &[&record[..], &["R@Da1", "U@Cc4", "U@Db4"]].concat(),
        "U@Bd4",
        Rule::T_8,
    );
    let p = g.play("U@Ba1").unwrap();
    assert_eq!(p.events, ["the white king reappeared on Aa1"]);
}

#[test]
fn t9_threefold_repetition_draws() {
    let mut g = game(&with_kings(&[]));
    for m in ["KAa1-Ab1", "KDd4-Dc4", "KAb1-Aa1", "KDc4-Dd4"] {
        g.play(m).unwrap();
    }
    assert_eq!(g.status(), Status::Ongoing);
    for m in ["KAa1-Ab1", "KDd4-Dc4", "KAb1-Aa1"] {
        g.play(m).unwrap();
    }
    assert_eq!(g.status(), Status::Ongoing);
    g.play("KDc4-Dd4").unwrap();
    assert_eq!(finished(&g), (None, Reason::Repetition));
}

#[test]
fn t9_fifty_moves_without_capture_drop_or_warp_draw() {
    let mut g = game(&with_kings(&["R@Ab4", "R@Dc1"]));
    let mut seen = std::collections::HashSet::new();
    let mut quiet = 0;
    while g.status() == Status::Ongoing {
        // A quiet move to a position not seen before.
        let next = g
            .legal_actions()
            .into_iter()
            .filter(|a| a.contains('-') && !a.contains('~'))
            .find_map(|a| {
                let mut h = g.clone();
                h.play(&a).unwrap();
                let key = serde_json::to_string(h.view().boards[0].cells.as_slice()).unwrap();
                (!seen.contains(&key)).then_some((a, key))
            })
            .expect("a fresh quiet move");
        g.play(&next.0).unwrap();
        seen.insert(next.1);
        quiet += 1;
        assert!(quiet <= 100);
    }
    assert_eq!(quiet, 100);
    assert_eq!(finished(&g), (None, Reason::FiftyMoves));
}

#[test]
fn decision6_no_warp_into_the_future_onto_a_disappeared_man() {
    let record = with_kings(&["R@Bb2", "R@Bb4", "RBb2^3", "RBb4-Bb2"]);
    let mut g = game(&record);
    g.play("U@Ad4").unwrap();
    illegal_because(&[&record[..], &["U@Ad4"]].concat(), "RBb2^2", Rule::T_5);
}

#[test]
fn decision1_the_cell_of_a_disappeared_man_is_vacant_for_drops() {
    let mut g = game(&with_kings(&["R@Bb2", "U@Da1", "RBb2^3"]));
    g.play("N@Bb2").unwrap();
}

#[test]
fn decision5_a_king_may_not_stay_where_an_enemy_man_reappears() {
    // Black's rook disappears on Bb2 with one checker: it returns at the end
    // of Black's next turn. White's king may not end its turn on Bb2.
    let record = ["K@Ab1", "K@Dd4", "U@Ad4", "R@Bb2", "U@Ac4", "RBb2^1"];
    illegal_because(&record, "KAb1-Bb2", Rule::T_6);
    // With two checkers it may, and must leave before the return.
    let record = [
        "K@Ab1", "K@Dd4", "U@Ad4", "R@Bb2", "U@Ac4", "RBb2^2", "KAb1-Bb2", "U@Da1",
    ];
    let g = game(&record);
    assert!(
        g.view().boards[0]
            .highlights
            .iter()
            .any(|h| h.kind == HighlightKind::Check && h.cell as usize == cell("Bb2"))
    );
    // Every answer takes the king that counts for check off Bb2: a step, or
    // a warp from the future leaving the original there (decision 5, T-8).
    let answers = g.legal_actions();
    assert!(answers.iter().all(|a| a.starts_with("KBb2")), "{answers:?}");
    assert!(answers.iter().any(|a| a.starts_with("KBb2-")));
    assert!(!answers.iter().any(|a| a.starts_with("KBb2^")));
}

#[test]
fn t9_decision13_stalemate_a_king_due_back_into_check() {
    // Found by random play. Black's king is away on Bc1 with its last
    // checker; White's king steps next to that cell. Every Black action
    // would end with its king returning into check, and a disappeared king
    // is not in check (T-8): stalemate (T-9).
    let record = [
        "K@Aa4",
        "K@Ad1",
        "KAa4~Aa3/2",
        "KAd1-Ac2",
        "B@Dd1",
        "KAc2-Ad1",
        "KAa4-Ba3",
        "KAd1-Bc1",
        "B@Ba2",
        "U@Ab3",
        "BBa2~Ca1/1",
        "KBc1^3",
        "Q@Da2",
        "U@Aa1",
        "KAa3-Bb3",
        "UAa1-Cc3",
    ];
    let mut g = game(&record);
    assert_eq!(g.status(), Status::Ongoing);
    g.play("KBb3-Cb2").unwrap();
    assert_eq!(finished(&g), (None, Reason::Stalemate));
}

#[test]
fn the_view_shows_levels_hands_counters_ghosts_and_highlights() {
    let mut g = game(&with_kings(&[
        "R@Ac4",
        "U@Da1",
        "N@Ac1",
        "U@Da4",
        "NAc1~Bc3/3",
        "U@Db4",
    ]));
    g.play("RAc4-Ad4").unwrap();
    let view = g.view();
    let board = &view.boards[0];
    assert_eq!(board.shape, Shape::Cube4);
    let has = |cell_name: &str, kind: HighlightKind| {
        board
            .highlights
            .iter()
            .any(|h| h.cell as usize == cell(cell_name) && h.kind == kind)
    };
    assert!(has("Ac4", HighlightKind::LastMoveFrom));
    assert!(has("Ad4", HighlightKind::LastMoveTo));
    assert!(has("Dd4", HighlightKind::Check));
    let red = man(&g, "Ac1").unwrap().counter.unwrap();
    assert_eq!((red.kind, red.count), (CounterKind::Red, 2));
    assert!(
        view.notes
            .iter()
            .any(|n| n.contains("original knight on Ac1")),
        "{:?}",
        view.notes
    );
    assert_eq!(view.hands.len(), 2);
    assert_eq!(board.to_move, Some(Color::Black));
    assert_eq!(view.title.as_deref(), Some("Move 5 · black to move"));
    // Black answers by warping its king away: a ghost with black checkers.
    g.play("KDd4^2").unwrap();
    let ghost = man(&g, "Dd4").unwrap();
    assert!(ghost.ghost);
    assert_eq!(ghost.counter.unwrap().kind, CounterKind::Black);
    let view = g.view();
    assert_eq!(view.pending.len(), 1);
    assert!(view.pending[0].label.contains("reappears on Dd4"));
    assert!(
        !view.boards[0]
            .highlights
            .iter()
            .any(|h| h.kind == HighlightKind::Check)
    );
    assert!(
        view.boards[0]
            .highlights
            .iter()
            .any(|h| h.cell as usize == cell("Dd4") && h.kind == HighlightKind::LastMoveFrom)
    );
}
