//! The guided picker over a 5D draft (`Game::draft_pick`): walked to its
//! end along every path, it offers exactly the board moves the draft may
//! take next, a few at a time, and a man's jumps by board, then cell.

use std::collections::BTreeSet;

use chronomate_rules::find::{Level, MAX_OPTIONS, Pick};
use chronomate_rules::{Game, Variant};
use proptest::prelude::*;

/// Every move the picker leads to from `path`, checking each step's
/// options on the way.
fn walk(game: &Game, draft: &[String], path: &mut Vec<String>, out: &mut Vec<String>) {
    match game.draft_pick(draft, path).unwrap() {
        Pick::Choose { options, total, .. } => {
            assert!(
                options.len() > 1 && options.len() <= MAX_OPTIONS,
                "{path:?}"
            );
            assert_eq!(options.iter().map(|o| o.count).sum::<usize>(), total);
            for option in options {
                path.push(option.key);
                walk(game, draft, path, out);
                path.pop();
            }
        }
        Pick::Ready { notation, .. } => out.push(notation),
        // Nothing more to draft.
        Pick::Nothing if path.is_empty() => {}
        other => panic!("{path:?} leads to {other:?}"),
    }
}

/// Plays `turns` whole turns of random board moves, each drafted as a
/// person would, one board move at a time, until it may be submitted.
fn random_game(seed: u64, turns: usize) -> Game {
    let mut game = Game::new(Variant::FiveD, 0);
    let mut state = seed | 1;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _ in 0..turns {
        let mut draft: Vec<String> = Vec::new();
        while game.draft_turn(&draft).is_err() {
            let moves = game.draft_moves(&draft).unwrap_or_default();
            if moves.is_empty() || draft.len() > 8 {
                return game;
            }
            draft.push(moves[next(moves.len())].clone());
        }
        let Ok(turn) = game.draft_turn(&draft) else {
            return game;
        };
        if game.apply(&turn).is_err() || game.status().is_over() {
            return game;
        }
    }
    game
}

fn same_moves(game: &Game, draft: &[String]) {
    let mut picked = Vec::new();
    walk(game, draft, &mut Vec::new(), &mut picked);
    let listed: BTreeSet<String> = game.draft_moves(draft).unwrap().into_iter().collect();
    assert_eq!(picked.len(), listed.len(), "each move once");
    assert_eq!(picked.into_iter().collect::<BTreeSet<_>>(), listed);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_picker_offers_exactly_the_draft_s_next_moves(seed in any::<u64>(), turns in 0usize..9) {
        let game = random_game(seed, turns);
        if game.status().is_over() {
            return Ok(());
        }
        same_moves(&game, &[]);
        // And after one board move drafted, the moves left.
        if let Some(first) = game.draft_moves(&[]).unwrap().first() {
            same_moves(&game, std::slice::from_ref(first));
        }
    }
}

#[test]
fn a_jump_is_chosen_by_the_board_then_the_cell() {
    let mut game = Game::new(Variant::FiveD, 0);
    for turn in ["(0T1)Nf3", "(0T1)Nf6"] {
        game.play(turn).unwrap();
    }
    // The board, then the knight on f3: its moves on the board and its
    // jumps as one option.
    let Pick::Choose { level, options, .. } = game.draft_pick::<&str>(&[], &[]).unwrap() else {
        panic!("a choice of men");
    };
    assert_eq!(level, Level::Man);
    let knight = options
        .iter()
        .find(|o| o.label == "knight on f3")
        .expect("the knight on f3");
    let Pick::Choose { level, options, .. } = game.draft_pick(&[], &[&knight.key]).unwrap() else {
        panic!("a choice of moves");
    };
    assert_eq!(level, Level::Main);
    let jump = options
        .iter()
        .find(|o| o.label.ends_with("a jump to another board"))
        .expect("the knight's jumps");
    assert!(options.iter().any(|o| o.label == "Ng5"), "{options:?}");
    // Its only board back in time is (0T1): the cells it reaches there.
    let path = [knight.key.as_str(), jump.key.as_str()];
    let Pick::Choose { level, options, .. } = game.draft_pick(&[], &path).unwrap() else {
        panic!("a choice of cells");
    };
    assert_eq!(level, Level::Also);
    let landing = options
        .iter()
        .find(|o| o.label.contains(">>(0T1)"))
        .expect("a jump to (0T1)");
    let path = [knight.key.as_str(), jump.key.as_str(), landing.key.as_str()];
    let Pick::Ready { notation, .. } = game.draft_pick(&[], &path).unwrap() else {
        panic!("a move to draft");
    };
    assert!(notation.starts_with("(0T2)Nf3>>(0T1)"), "{notation}");
    assert_eq!(game.draft_move(&[], &notation).unwrap(), notation);
}

#[test]
fn a_stale_key_is_gone_and_a_draft_that_does_not_read_is_refused() {
    let game = Game::new(Variant::FiveD, 0);
    assert_eq!(
        game.draft_pick(&[], &["nope"]).unwrap(),
        Pick::Gone { step: 0 }
    );
    // One board, moved on in the draft: nothing more to draft.
    let drafted = vec!["(0T1)e4".to_owned()];
    assert_eq!(
        game.draft_pick::<&str>(&drafted, &[]).unwrap(),
        Pick::Nothing
    );
    assert!(
        game.draft_pick(&["(0T1)zz9".to_owned()], &[] as &[&str])
            .is_err()
    );
}
