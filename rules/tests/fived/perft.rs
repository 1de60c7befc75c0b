//! ftxi/5dchess_engine's exact legal-turn counts (`test/30134.cpp`,
//! `test/55332.cpp`): every legal turn, no cap.

use crate::support::{data, positions};

#[test]
fn thirty_thousand_one_hundred_thirty_four() {
    let games = positions(&data("ftxi/30134.5dpgn"));
    let last = games.last().unwrap();
    assert_eq!(last.count_actions(usize::MAX), 30_134);
}

#[test]
fn fifty_five_thousand_three_hundred_thirty_two() {
    let games = positions(&data("ftxi/55332.5dpgn"));
    let last = games.last().unwrap();
    assert_eq!(last.count_actions(usize::MAX), 55_332);
}
