//! Finding a move, in every variant: from positions reached by random play
//! and from the rule texts' sample games, every legal action is reached
//! from a fragment a person would type in at most two steps of at most 25
//! suggestions, and by the picker (`tests/support/finding.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

#[path = "../support/finding.rs"]
mod finding;

use chronomate_rules::gifford::Gifford;
use chronomate_rules::manyworlds::{ManyWorlds, ManyWorldsOptions};
use chronomate_rules::multiverse::{Multiverse, MultiverseOptions};
use chronomate_rules::standard::Chess;
use chronomate_rules::temporal::TemporalChess;
use chronomate_rules::traveler::TravelerChess;
use chronomate_rules::{Rules, Variant, record};
use proptest::prelude::*;

/// Plays `plies` random legal actions (stopping at the end of the game).
fn random_play<R: Rules>(mut game: R, seed: u64, plies: usize) -> R {
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
        let a = &actions[(state % actions.len() as u64) as usize];
        game.apply(a).unwrap();
    }
    game
}

/// A multiverse game with a branch limit of 5 (so that time travel opens
/// and closes), grown by random board moves with a travel now and then.
fn multiverse(seed: u64, plies: usize) -> Multiverse {
    let options = MultiverseOptions::with_limit(5).unwrap();
    random_play(Multiverse::new(&options, seed), seed, plies)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn standard(seed in any::<u64>(), plies in 0usize..60) {
        finding::check(&random_play(Chess::new(&Default::default(), 0), seed, plies), 40, true);
    }

    #[test]
    fn traveler(seed in any::<u64>(), plies in 0usize..30) {
        finding::check(&random_play(TravelerChess::new(), seed, plies), 40, true);
    }

    #[test]
    fn gifford(seed in any::<u64>(), plies in 0usize..40) {
        finding::check(&random_play(Gifford::new(&Default::default(), 0), seed, plies), 40, true);
    }

    #[test]
    fn temporal(seed in any::<u64>(), plies in 0usize..30) {
        finding::check(&random_play(TemporalChess::new(&Default::default(), 0), seed, plies), 40, true);
    }

    #[test]
    fn manyworlds(seed in any::<u64>(), plies in 0usize..8) {
        let game = random_play(ManyWorlds::new(&Default::default(), 0), seed, plies);
        finding::check(&game, 40, plies < 5);
    }

    #[test]
    fn manyworlds_with_turns(seed in any::<u64>(), plies in 0usize..8) {
        let options = ManyWorldsOptions { turns: true };
        finding::check(&random_play(ManyWorlds::new(&options, 0), seed, plies), 40, true);
    }

    #[test]
    fn multiverse_with_travel(seed in any::<u64>(), plies in 0usize..14) {
        let game = multiverse(seed, plies);
        finding::check(&game, 40, game.count_legal_actions() < 5_000);
    }
}

/// The positions along a record, every `every` actions.
fn along<R: Rules>(mut game: R, record: &[String], every: usize, sample: usize) {
    for (i, text) in record.iter().enumerate() {
        if i % every == 0 {
            finding::check(&game, sample, false);
        }
        let a = game.parse(text).unwrap();
        game.apply(&a).unwrap();
    }
}

#[test]
fn the_rule_texts_sample_games() {
    let gifford = record::actions(Variant::Gifford, include_str!("../data/gifford/sample.txt"));
    along(Gifford::new(&Default::default(), 0), &gifford, 4, 20);
    for game in [
        include_str!("../data/traveler/game1.txt"),
        include_str!("../data/traveler/game2.txt"),
    ] {
        along(
            TravelerChess::new(),
            &record::actions(Variant::Traveler, game),
            3,
            20,
        );
    }
    let many: Vec<String> = [
        "(0) e4 (=I) d4 (=II)",
        "(I) Nf6 (=III) e5 (=IV)",
        "(II) Nf3 (=V) e4 (=VI)",
        "Nf6 III-IV",
    ]
    .map(String::from)
    .to_vec();
    along(ManyWorlds::new(&Default::default(), 0), &many, 1, 30);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any text, any path: an answer within the limits, never a panic, and
    /// never an empty list while actions fit.
    #[test]
    fn any_text_and_any_path(
        typed in "\\PC{0,40}|[a-hKQRBNLT()<>/@~^=x0-9 -]{0,30}",
        path in prop::collection::vec("[a-z0-9~#()<>=/@-]{0,8}", 0..5),
    ) {
        let game = multiverse(7, 9);
        let families = game.families();
        let found = chronomate_rules::find::find(&families, &typed, 25, |a| game.notation(a));
        prop_assert!(found.entries.len() <= 25);
        prop_assert!(found.total == 0 || !found.entries.is_empty());
        let _ = chronomate_rules::find::pick(&families, &path, |a| game.notation(a));
        let many = random_play(ManyWorlds::new(&Default::default(), 0), 3, 4);
        let found = chronomate_rules::find::find(&many.families(), &typed, 25, |a| many.notation(a));
        prop_assert!(found.entries.len() <= 25);
        prop_assert!(found.total == 0 || !found.entries.is_empty());
    }
}
