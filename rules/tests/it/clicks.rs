//! Moves by click (`chronomate_rules::click`), in every variant: from
//! positions reached by random play, every head and second part starts on
//! a man of the side to move in the snapshot the page draws, reaches a
//! board of that picture, and names a legal action; the actions the clicks
//! make are exactly the legal actions where they can be listed; and 5D's
//! draft moves are placed on the draft's own picture.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::collections::BTreeSet;

use chronomate_rules::click::Stroke;
use chronomate_rules::view::{BoardCell, View};
use chronomate_rules::{Color, Game, Options, Variant};
use proptest::prelude::*;

/// A game of `variant` after up to `plies` random legal actions.
fn random_game(variant: Variant, options: &str, seed: u64, plies: usize) -> Game {
    let options = Options::parse(variant, options).unwrap();
    let mut game = Game::new(options, seed);
    let mut state = seed | 1;
    for _ in 0..plies {
        if game.status().is_over() {
            break;
        }
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let a = actions[(state % actions.len() as u64) as usize].clone();
        game.play(&a).unwrap();
    }
    game
}

/// The man on `cell` of the picture, if any, and its side.
fn side_on(view: &View, cell: BoardCell) -> Option<Color> {
    let board = view.boards.get(cell.board).expect("a board of the picture");
    board
        .cells
        .get(usize::from(cell.cell))
        .copied()
        .flatten()
        .map(|m| m.color)
}

/// Checks `stroke` against the picture: its man is the mover's, and it
/// reaches a board of the picture.
fn check_stroke(view: &View, stroke: &Stroke, mover: Color, kind: &str, text: &str) {
    if let Some(from) = stroke.from
        // An explosion's man appears on its square: nothing stands there.
        && kind != "explosion"
    {
        assert_eq!(
            side_on(view, from),
            Some(mover),
            "{text}: its man, at {from:?}"
        );
    }
    if let Some(to) = stroke.to {
        assert!(
            to.board < view.boards.len() && to.cell < 64,
            "{text}: reaches {to:?}"
        );
    }
}

/// Checks every click of `game`; where the legal actions are few enough
/// to list (`exact`), the clicks make exactly them.
fn check(game: &Game, exact: bool) {
    let clicks = game.clicks();
    let view = game.snapshot();
    let mover = game.turn().color;
    let mut made = BTreeSet::new();
    let mut located = 0;
    for (i, head) in clicks.heads().iter().enumerate() {
        check_stroke(&view, &head.stroke, mover, head.kind, &head.text);
        located += usize::from(head.stroke.from.is_some() || head.stroke.to.is_some());
        if head.needs_second {
            assert!(
                clicks.action(i, None).is_none(),
                "{}: needs a second part",
                head.text
            );
            let tails = clicks.tails(i);
            assert!(
                !tails.is_empty(),
                "{}: no second part completes it",
                head.text
            );
            for tail in tails.iter().take(if exact { usize::MAX } else { 8 }) {
                check_stroke(&view, &tail.stroke, mover, tail.kind, &tail.text);
                let action = clicks.action(i, Some(tail.index)).expect("a tail's action");
                made.insert(action);
            }
        } else {
            made.insert(clicks.action(i, None).expect("a whole head's action"));
        }
    }
    assert!(
        clicks.action(clicks.heads().len(), None).is_none(),
        "a head past the end"
    );
    for text in &made {
        assert!(game.parse(text).is_ok(), "{text} is no legal action");
    }
    if exact {
        let legal: BTreeSet<String> = game.legal_actions().into_iter().collect();
        assert_eq!(made, legal, "the clicks make exactly the legal actions");
    }
    if !clicks.heads().is_empty() && game.variant() != Variant::Multiverse {
        assert!(
            located > 0,
            "nothing of {:?} is placed on the picture",
            game.variant()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn standard(seed in any::<u64>(), plies in 0usize..80) {
        check(&random_game(Variant::Standard, "", seed, plies), true);
    }

    #[test]
    fn traveler(seed in any::<u64>(), plies in 0usize..30) {
        check(&random_game(Variant::Traveler, "", seed, plies), true);
    }

    #[test]
    fn gifford(seed in any::<u64>(), plies in 0usize..40) {
        check(&random_game(Variant::Gifford, "", seed, plies), true);
    }

    #[test]
    fn temporal(seed in any::<u64>(), plies in 0usize..30) {
        check(&random_game(Variant::Temporal, "", seed, plies), true);
    }

    #[test]
    fn multiverse(seed in any::<u64>(), plies in 0usize..16) {
        check(&random_game(Variant::Multiverse, "branches:5", seed, plies), false);
    }

    #[test]
    fn manyworlds(seed in any::<u64>(), plies in 0usize..6) {
        check(&random_game(Variant::ManyWorlds, "", seed, plies), false);
    }
}

#[test]
fn a_pawn_on_e2_lights_e3_and_e4_and_a_promotion_asks_which_man() {
    let game = Game::new(Variant::Standard, 0);
    let clicks = game.clicks();
    let e2 = BoardCell { board: 0, cell: 12 };
    let mut reached: Vec<u8> = clicks
        .heads()
        .iter()
        .filter(|h| h.stroke.from == Some(e2))
        .map(|h| h.stroke.to.unwrap().cell)
        .collect();
    reached.sort_unstable();
    assert_eq!(reached, [20, 28]);

    let promoting = Game::replay(
        Variant::Standard,
        0,
        ["a4", "h5", "a5", "h4", "a6", "h3", "axb7", "hxg2"],
    )
    .unwrap();
    let clicks = promoting.clicks();
    let b7 = BoardCell { board: 0, cell: 49 };
    let a8 = BoardCell { board: 0, cell: 56 };
    let same: Vec<&str> = clicks
        .heads()
        .iter()
        .filter(|h| h.stroke == Stroke::between(b7, a8))
        .map(|h| h.text.as_str())
        .collect();
    assert_eq!(
        same.len(),
        4,
        "one click, four men to choose from: {same:?}"
    );
}

#[test]
fn a_many_worlds_split_is_two_clicks_on_one_board() {
    let game = Game::new(Variant::ManyWorlds, 0);
    let clicks = game.clicks();
    let (i, head) = clicks
        .heads()
        .iter()
        .enumerate()
        .find(|(_, h)| h.needs_second && h.kind == "move")
        .expect("a split's first move");
    let tail = &clicks.tails(i)[0];
    let (first, second) = (head.stroke.from.unwrap(), tail.stroke.from.unwrap());
    assert_eq!(first.board, second.board, "both moves on the board split");
    let action = clicks.action(i, Some(tail.index)).unwrap();
    assert!(game.parse(&action).is_ok(), "{action}");
}

#[test]
fn five_d_draft_moves_are_placed_on_the_draft_s_picture() {
    let game = Game::new(Variant::FiveD, 0);
    let first = game.draft_clicks(&[]).unwrap();
    let listed = game.draft_moves(&[]).unwrap();
    assert_eq!(first.moves.len(), listed.len());
    for (stroke, text) in &first.moves {
        check_stroke(&first.view, stroke, Color::White, "move", text);
        assert!(stroke.from.is_some() && stroke.to.is_some(), "{text}");
    }
    let (_, e4) = first
        .moves
        .iter()
        .find(|(_, t)| t.ends_with("e4"))
        .expect("a pawn to e4");
    let drafted = game.draft_clicks(std::slice::from_ref(e4)).unwrap();
    assert_ne!(drafted.view, first.view, "the draft's move is drawn");
    assert!(
        drafted.moves.is_empty(),
        "one board, moved on: nothing more to draft"
    );
    assert!(game.draft_turn(std::slice::from_ref(e4)).is_ok());
}

#[test]
fn a_5d_draft_that_leaves_the_king_open_marks_the_king_and_its_attacker() {
    let mut game = Game::new(Variant::FiveD, 0);
    for turn in ["(0T1)e4", "(0T1)f6", "(0T2)Qh5"] {
        game.play(turn).unwrap();
    }
    let clicks = game.draft_clicks(&[]).unwrap();
    let checked: Vec<u8> = clicks
        .view
        .boards
        .iter()
        .flat_map(|b| &b.highlights)
        .filter(|h| h.kind == chronomate_rules::view::HighlightKind::Check)
        .map(|h| h.cell)
        .collect();
    // The black king on e8 (60) and the queen on h5 (39) that attacks it.
    assert!(
        checked.contains(&60) && checked.contains(&39),
        "{checked:?}"
    );
}
