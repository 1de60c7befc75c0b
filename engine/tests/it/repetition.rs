//! Repetitions as the rules count them: one earlier occurrence is not a
//! draw, a third is; and a variant's board labels do not keep a position
//! from repeating.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_engine::{Level, Limits, Profiled, state_key, think_about};
use chronomate_rules::Rules;
use chronomate_rules::fived::FiveD;
use chronomate_rules::gifford::Gifford;
use chronomate_rules::standard::Chess;

/// The keys of every position one action from `state`.
fn children<R: Profiled>(state: &R) -> Vec<u64> {
    state
        .legal_actions()
        .iter()
        .map(|a| {
            let mut next = state.clone();
            next.apply(a).unwrap();
            state_key(&next)
        })
        .collect()
}

#[test]
fn one_earlier_occurrence_is_not_a_draw_and_a_third_is() {
    // A queen up: every move keeps a won position.
    let chess = Chess::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    let limits = Limits {
        judging: true,
        ..Limits::level(Level::new(4).unwrap(), None)
    };
    let fresh = think_about(&chess, &limits, 0, &[]).unwrap().score;
    // Every position White could reach has been seen once before: going
    // there again is its second occurrence, and play goes on.
    let once = children(&chess);
    let seen_once = think_about(&chess, &limits, 0, &once).unwrap().score;
    assert!(seen_once.0 > 500, "{seen_once} (fresh {fresh})");
    // Seen twice: each move now makes a threefold repetition, a draw.
    let twice: Vec<u64> = once.iter().chain(&once).copied().collect();
    let seen_twice = think_about(&chess, &limits, 0, &twice).unwrap().score;
    assert_eq!(seen_twice.0, 0, "{seen_twice}");
}

#[test]
fn gifford_repeats_whatever_the_move_number() {
    // Knights out and back: the position repeats, though the board's
    // label carries the move number.
    let mut game = Gifford::new(&Default::default(), 0);
    let start = state_key(&game);
    for text in ["Nf3", "Nf6", "Ng1", "Ng8"] {
        let action = game.parse(text).unwrap();
        game.apply(&action).unwrap();
    }
    assert_eq!(state_key(&game), start);
    // Another position, another key.
    let action = game.parse("e4").unwrap();
    game.apply(&action).unwrap();
    assert_ne!(state_key(&game), start);
}

#[test]
fn fived_keys_follow_the_boards_and_their_history() {
    // 5D chess keys a state by its boards (`profile.rs`, `Profiled::keys` for `FiveD`): the
    // same play gives the same key, and knights out and back do not repeat
    // a position, as every turn adds a board that a man may travel to.
    let play = |turns: &[&str]| {
        let mut game = FiveD::new(&Default::default(), 0);
        for text in turns {
            let action = game.parse(text).unwrap();
            game.apply(&action).unwrap();
        }
        game
    };
    let start = play(&[]);
    let out_and_back = ["(0T1)Ng1f3", "(0T1)Ng8f6", "(0T2)Nf3g1", "(0T2)Nf6g8"];
    assert_eq!(
        state_key(&play(&out_and_back)),
        state_key(&play(&out_and_back))
    );
    assert_ne!(state_key(&play(&out_and_back)), state_key(&start));
    // Every turn from the start leads somewhere else.
    let mut keys = children(&start);
    let turns = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!((keys.len(), turns), (20, 20));
    assert!(!keys.contains(&state_key(&start)));
}
