//! Reading the fixtures and replaying them.

use std::path::PathBuf;

use chronomate_rules::{Game, Variant, record};

pub fn data(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fived/data")
        .join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The positions of a record: the start, then after each turn.
pub fn positions(text: &str) -> Vec<Game> {
    let r = record::read(Variant::FiveD, text).unwrap();
    let mut game = Game::new(Variant::FiveD, r.options, 0).unwrap();
    let mut out = vec![game.clone()];
    for (i, turn) in r.actions.iter().enumerate() {
        game.play(turn)
            .unwrap_or_else(|e| panic!("turn {} ({turn}): {e}", i + 1));
        out.push(game.clone());
    }
    out
}

/// The published lines `name: values` of a data file.
pub fn published(path: &str) -> Vec<(String, String)> {
    data(path)
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(a, b)| (a.to_owned(), b.trim().to_owned()))
        .collect()
}
