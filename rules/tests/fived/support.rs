//! Reading the fixtures and replaying them.

use std::path::PathBuf;

use chronomate_rules::fived::{FiveD, FiveDOptions};
use chronomate_rules::{Game, Options, Rules, Variant, record};

pub fn data(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fived/data")
        .join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The positions of a record: the start, then after each turn.
pub fn positions(text: &str) -> Vec<Game> {
    let r = record::read(Variant::FiveD, text).unwrap();
    let mut game = Game::new(r.options, 0);
    let mut out = vec![game.clone()];
    for (i, turn) in r.actions.iter().enumerate() {
        game.play(turn)
            .unwrap_or_else(|e| panic!("turn {} ({turn}): {e}", i + 1));
        out.push(game.clone());
    }
    out
}

/// The positions of a record as the 5D type: the start, then after each
/// turn.
pub fn states(text: &str) -> Vec<FiveD> {
    let r = record::read(Variant::FiveD, text).unwrap();
    let mut game = FiveD::new(fived(&r.options), 0);
    let mut out = vec![game.clone()];
    for (i, turn) in r.actions.iter().enumerate() {
        let action = game
            .parse(turn)
            .unwrap_or_else(|e| panic!("turn {} ({turn}): {e}", i + 1));
        game.apply(&action).unwrap();
        out.push(game.clone());
    }
    out
}

/// The game at the end of a record, as the 5D type.
pub fn last(text: &str) -> FiveD {
    states(text).pop().unwrap()
}

/// The game of a record's text, as the 5D type, at its start.
pub fn start(options: &str) -> FiveD {
    FiveD::new(&FiveDOptions::parse(options).unwrap(), 0)
}

/// A 5D record's options as 5D's own type.
pub fn fived(options: &Options) -> &FiveDOptions {
    match options {
        Options::FiveD(options) => options,
        other => panic!("not 5D's options: {other:?}"),
    }
}

/// The published lines `name: values` of a data file.
pub fn published(path: &str) -> Vec<(String, String)> {
    data(path)
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(a, b)| (a.to_owned(), b.trim().to_owned()))
        .collect()
}
