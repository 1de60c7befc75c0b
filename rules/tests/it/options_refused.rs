//! A variant's rules are made only with options that hold for it:
//! `Rules::new` refuses another variant's options, or options that do not
//! hold, with the reason, and never swaps them for the defaults.

use chronomate_rules::fived::FiveD;
use chronomate_rules::multiverse::Multiverse;
use chronomate_rules::standard::Chess;
use chronomate_rules::{OptionError, Options, Rules, Variant};

fn options(variant: Variant, words: &str) -> Options {
    Options::parse(variant, words).unwrap()
}

#[test]
fn another_variant_s_options_are_refused() {
    let branches = options(Variant::Multiverse, "branches:3");
    assert!(Multiverse::new(&branches, 0).is_ok());
    let err = Chess::new(&branches, 0).unwrap_err();
    assert!(err.to_string().contains("branches"), "{err}");
    assert!(FiveD::new(&branches, 0).is_err());
}

#[test]
fn a_5d_start_that_does_not_hold_is_refused_not_swapped_for_the_standard_board() {
    // Parsing keeps the text; the setup is read when the game is made.
    let bad = Options {
        fen: Some("[nonsense]".to_owned()),
        ..Options::default()
    };
    let err = FiveD::new(&bad, 0).unwrap_err();
    assert!(matches!(err, OptionError::Fen(_)), "{err:?}");
    let good = options(Variant::FiveD, "board:turn-zero");
    assert!(FiveD::new(&good, 0).is_ok());
}
