//! Temporal Chess notation: canonical output, lenient input, precise
//! refusals.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::{ActionError, Game, Rule, Variant};

fn game(record: &[&str]) -> Game {
    match Game::replay(Variant::Temporal, 0, record) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

/// What `text` reads as, in canonical notation.
fn canonical(g: &Game, text: &str) -> String {
    match g.parse(text) {
        Ok(a) => g.notation(&a),
        Err(e) => panic!("{text:?}: {e}"),
    }
}

fn error(g: &Game, text: &str) -> ActionError {
    match g.parse(text) {
        Ok(a) => panic!("{text:?} read as {}", g.notation(&a)),
        Err(e) => e,
    }
}

/// `text` is refused as breaking `rule`.
fn illegal(g: &Game, text: &str, rule: Rule) {
    let error = error(g, text);
    assert_eq!(error.rule(), Some(rule), "{text:?}: {error:?}");
}

fn syntax(g: &Game, text: &str) {
    assert!(
        matches!(error(g, text), ActionError::Syntax { .. }),
        "{text:?}"
    );
}

/// White: king Aa1, knights Ac1 and Ca1 (both reach Cc2), rook Ab2.
/// Black: king Dd4, unicorns Da1 and Db2. White to move.
const SETUP: [&str; 8] = [
    "K@Aa1", "K@Dd4", "N@Ac1", "U@Da1", "N@Ca1", "U@Db2", "R@Ab2", "U@Da4",
];

#[test]
fn canonical_forms() {
    let g = game(&SETUP);
    assert_eq!(canonical(&g, "U@Bc3"), "U@Bc3");
    assert_eq!(canonical(&g, "NAc1-Cc2"), "NAc1-Cc2");
    assert_eq!(canonical(&g, "RAb2xDb2"), "RAb2xDb2");
    assert_eq!(canonical(&g, "NAc1~Cc2/3"), "NAc1~Cc2/3");
    assert_eq!(canonical(&g, "RAb2~xDb2/6"), "RAb2~xDb2/6");
    assert_eq!(canonical(&g, "NCa1^4"), "NCa1^4");
    // Check is marked.
    let g = game(&["K@Aa1", "K@Dd4", "R@Ac4", "U@Da1"]);
    assert_eq!(canonical(&g, "RAc4-Ad4"), "RAc4-Ad4+");
    // Every listed action is canonical and reads back to itself.
    let g = game(&SETUP);
    let all = g.legal_actions();
    assert!(all.len() > 300, "{}", all.len());
    for text in &all {
        assert_eq!(&canonical(&g, text), text);
    }
}

#[test]
fn lenient_input() {
    let g = game(&SETUP);
    for (typed, meant) in [
        ("u@bc3", "U@Bc3"),
        ("U*Bc3", "U@Bc3"),
        ("U @ Bc3", "U@Bc3"),
        // SAN-like: the origin shortened to what tells the knights apart.
        ("NACc2", "NAc1-Cc2"),
        ("NcCc2", "NAc1-Cc2"),
        ("NCCc2", "NCa1-Cc2"),
        ("NaCc2", "NCa1-Cc2"),
        ("NAcCc2", "NAc1-Cc2"),
        ("NA1Cc2", "NAc1-Cc2"),
        ("Nc1Cc2", "NAc1-Cc2"),
        // The man's letter left out when the whole origin is given.
        ("Ac1-Cc2", "NAc1-Cc2"),
        ("ac1cc2", "NAc1-Cc2"),
        ("nac1-cc2!?", "NAc1-Cc2"),
        ("N Ac1 - Cc2", "NAc1-Cc2"),
        // x is optional, : is x.
        ("RAb2-Db2", "RAb2xDb2"),
        ("RAb2:Db2", "RAb2xDb2"),
        ("RDb2", "RAb2xDb2"),
        ("RxDb2", "RAb2xDb2"),
        ("Ab2xDb2+", "RAb2xDb2"),
        // Warps.
        ("NAc1~Cc2 3", "NAc1~Cc2/3"),
        ("NA~Cc2/3", "NAc1~Cc2/3"),
        ("Ac1~Cc2/3", "NAc1~Cc2/3"),
        ("NAc1-Cc2/3", "NAc1~Cc2/3"),
        ("RAb2x~Db2/2", "RAb2~xDb2/2"),
        ("Ca1^4", "NCa1^4"),
        ("n ca1 ^ 4", "NCa1^4"),
    ] {
        assert_eq!(canonical(&g, typed), meant, "{typed:?}");
    }
    // A bare cell, or K and a cell, places the king.
    assert_eq!(canonical(&game(&[]), "bb2"), "K@Bb2");
    assert_eq!(canonical(&game(&["K@Aa1"]), "KDd4"), "K@Dd4");
}

#[test]
fn a_leading_b_is_read_both_ways() {
    // Bb1-Cc1: the bishop on file b, rank 1, or the man on Bb1. Here both
    // readings name the same move.
    let g = game(&["K@Aa1", "K@Dd4", "B@Bb1", "U@Da1"]);
    assert_eq!(canonical(&g, "Bb1-Cc1"), "BBb1-Cc1");
    assert_eq!(canonical(&g, "BBb1-Cc1"), "BBb1-Cc1");
    assert_eq!(canonical(&g, "BCc1"), "BBb1-Cc1");
    // A rook on Bb1: only the cell reading fits.
    let g = game(&["K@Aa1", "K@Dd4", "R@Bb1", "U@Da1"]);
    assert_eq!(canonical(&g, "Bb1-Cb1"), "RBb1-Cb1");
}

#[test]
fn ambiguity_is_refused_with_the_candidates() {
    let g = game(&SETUP);
    match error(&g, "NCc2") {
        ActionError::Ambiguous(why) => {
            assert!(
                why.contains("NAc1-Cc2") && why.contains("NCa1-Cc2"),
                "{why}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(error(&g, "N1Cc2"), ActionError::Ambiguous(_)));
    assert!(matches!(error(&g, "Cc2"), ActionError::Ambiguous(_)));
}

#[test]
fn syntax_errors() {
    let g = game(&SETUP);
    for text in [
        "",
        "   ",
        "hello",
        "Z@Bc3",
        "@Bc3",
        "NN@Bc3",
        "U@Bc5",
        "U@Ec3",
        "NAc1~Cc2",
        "NAc1-~Cc2/3",
        "NAc1-Cc2/x",
        "NCa1^",
        "NCa1^x",
        "Ca1^",
        "XAc1-Cc2",
        "NAc1-C",
        "N-Ac1Cc2",
        "♞Ac1-Cc2",
        "NAc1xx-Cc2x",
    ] {
        syntax(&g, text);
    }
}

#[test]
fn refusals_name_the_rule() {
    let g = game(&SETUP);
    illegal(&g, "NAc1-Cc3", Rule::T_3);
    illegal(&g, "RAa1-Ab1", Rule::T_3);
    illegal(&g, "QCc2", Rule::T_3);
    illegal(&g, "NAc1xCc2", Rule::T_3);
    illegal(&g, "NBb3-Cc2", Rule::T_3);
    illegal(&g, "UDa1-Cb2", Rule::T_3);
    illegal(&g, "NAc1-Aa1", Rule::T_3);
    illegal(&g, "NAc1~Cc2/0", Rule::T_4);
    illegal(&g, "NAc1~Cc2/7", Rule::T_4);
    illegal(&g, "NCa1^9", Rule::T_5);
    illegal(&g, "U@Ab2", Rule::T_2);
    illegal(&g, "U@Cc3", Rule::T_2);
    illegal(&g, "UCa1^2", Rule::T_5);
    illegal(&g, "K@Bb2", Rule::T_2);
    illegal(&game(&[]), "NAb1-Cc2", Rule::T_2);
    illegal(&game(&[]), "U@Bb2", Rule::T_2);
    // A line blocked.
    let g = game(&["K@Aa1", "K@Dd4", "R@Ab1", "U@Da1", "U@Cb1", "U@Da4"]);
    illegal(&g, "RAb1-Db1", Rule::T_3);
    // Self-check.
    let g = game(&["K@Aa1", "K@Dd4", "R@Ab1", "R@Ad1"]);
    illegal(&g, "RAb1-Bb1", Rule::T_8);
    assert_eq!(canonical(&g, "RAb1-Ac1"), "RAb1-Ac1");
    assert_eq!(
        Game::replay(Variant::Temporal, 0, ["K@Aa1", "K@Dd4", "X"])
            .unwrap_err()
            .to_string()
            .split(':')
            .next(),
        Some("action 3 (\"X\")")
    );
}

/// The example record of docs/variants/temporal.md replays to checkmate.
#[test]
fn the_documented_example_record_replays() {
    let doc = include_str!("../../../docs/variants/temporal.md");
    let example = doc.split("## Example").nth(1).unwrap();
    let record = example.split("```").nth(1).unwrap();
    let actions = chronomate_rules::record::actions(Variant::Temporal, record);
    assert_eq!(actions.len(), 7);
    let g = Game::replay(Variant::Temporal, 0, &actions).unwrap();
    assert_eq!(
        g.status().outcome().map(|o| o.to_string()),
        Some("1-0 (checkmate)".to_owned())
    );
    assert_eq!(g.record().last().unwrap(), "QAc3-Cc3#");
}
