//! A variant's options are its own type, read once: another variant's
//! options, or options that do not hold, are refused as they are read,
//! with the reason, and never swapped for the defaults. What is read makes
//! the game without a second check.

use chronomate_rules::fived::{FiveD, FiveDOptions, Start};
use chronomate_rules::multiverse::MultiverseOptions;
use chronomate_rules::{Game, OptionError, Options, Rules, Variant};

#[test]
fn another_variant_s_options_are_refused() {
    for variant in [Variant::Standard, Variant::FiveD, Variant::ManyWorlds] {
        let err = Options::parse(variant, "branches:3").unwrap_err();
        assert!(
            matches!(
                err,
                OptionError::NotForVariant {
                    key: "branches",
                    owner: Variant::Multiverse,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("branches"), "{err}");
    }
    let branches = Options::parse(Variant::Multiverse, "branches:3").unwrap();
    assert_eq!(
        branches,
        Options::Multiverse(MultiverseOptions::with_limit(3).unwrap())
    );
    assert_eq!(Game::new(branches, 0).variant(), Variant::Multiverse);
}

#[test]
fn a_5d_start_that_does_not_hold_is_refused_not_swapped_for_the_standard_board() {
    let err = FiveDOptions::parse("fen:[nonsense]").unwrap_err();
    assert!(matches!(err, OptionError::Fen(_)), "{err:?}");
    let err = FiveDOptions::new(Start::Fen("[nonsense]".to_owned()), None).unwrap_err();
    assert!(matches!(err, OptionError::Fen(_)), "{err:?}");
    let err = Options::parse(Variant::FiveD, "fen:[nonsense]").unwrap_err();
    assert!(matches!(err, OptionError::Fen(_)), "{err:?}");
    let good = FiveDOptions::parse("board:turn-zero").unwrap();
    assert_eq!(good.setup().name.as_deref(), Some("Standard - Turn Zero"));
    let game = FiveD::new(&good, 0);
    assert_eq!(game.setup().name.as_deref(), Some("Standard - Turn Zero"));
}
