//! The list of variants, and what follows from it: [`Variant`], the
//! variant-erased [`Action`] and the erased state behind [`crate::Game`].
//!
//! Adding a variant is a folder with a type that implements [`Rules`] and
//! one line in the list below; the host, the console, the CLI, the images,
//! `/rules` and `/help` read everything else from [`Rules::ABOUT`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::face::{About, Rules};
use crate::{ActionError, Color, Event, Played, Status, Turn, VariantOptions, View};

/// Writes [`Variant`], [`Action`] and the erased state from the list.
macro_rules! variants {
    ($($(#[$doc:meta])* $name:ident => $rules:ty,)*) => {
        /// The games Chronomate hosts.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Variant {
            $($(#[$doc])* $name,)*
        }

        impl Variant {
            /// Every variant, in the order they are offered.
            pub const ALL: &'static [Variant] = &[$(Variant::$name),*];

            /// The variant's id, name, summary, options and record format.
            pub const fn about(self) -> &'static About {
                match self {
                    $(Variant::$name => &<$rules as Rules>::ABOUT,)*
                }
            }

            /// The names of the variant's options, each with its spellings.
            pub(crate) fn option_names(self) -> &'static [&'static [&'static str]] {
                match self {
                    $(Variant::$name => <<$rules as Rules>::Options as VariantOptions>::NAMES,)*
                }
            }
        }

        /// A game's options: one variant's own options type
        /// ([`Rules::Options`]), read once by [`Options::parse`].
        ///
        /// Stored as that type's fields (`{"branches":31}`, `{}` for none).
        #[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
        #[serde(untagged)]
        pub enum Options {
            $(
                #[doc = concat!("The options of [`Variant::", stringify!($name), "`].")]
                $name(<$rules as Rules>::Options),
            )*
        }

        impl Options {
            /// The variant played as it comes: no option set.
            pub fn none(variant: Variant) -> Options {
                match variant {
                    $(Variant::$name => Options::$name(Default::default()),)*
                }
            }

            /// The variant the options are for.
            pub fn variant(&self) -> Variant {
                match self {
                    $(Options::$name(_) => Variant::$name,)*
                }
            }

            /// Reads `variant`'s options from words already checked to be
            /// its own, each once.
            pub(crate) fn read(
                variant: Variant,
                words: &[(&'static str, &str)],
            ) -> Result<Options, crate::OptionError> {
                Ok(match variant {
                    $(Variant::$name => Options::$name(VariantOptions::read(words)?),)*
                })
            }
        }

        impl fmt::Display for Options {
            /// The canonical `key:value` words, empty for none.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(Options::$name(o) => o.fmt(f),)*
                }
            }
        }

        /// A variant's action, erased.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "variant", content = "action", rename_all = "lowercase")]
        pub enum Action {
            $(
                #[doc = concat!("An action of [`Variant::", stringify!($name), "`].")]
                $name(<$rules as Rules>::Action),
            )*
        }

        /// A game's state as its own variant's type, borrowed
        /// ([`crate::Game::state`]): for code that needs more of each
        /// variant than [`Rules`] gives (an engine's own trait, implemented
        /// for each rules type), by a `match` with one arm a variant, which
        /// a new variant makes incomplete.
        #[derive(Clone, Copy, Debug)]
        pub enum VariantState<'a> {
            $(
                #[doc = concat!("A state of [`Variant::", stringify!($name), "`].")]
                $name(&'a $rules),
            )*
        }

        /// A variant's state, erased.
        #[derive(Clone, Debug, Serialize, Deserialize)]
        #[serde(tag = "variant", content = "state", rename_all = "lowercase")]
        pub(crate) enum State {
            $($name($rules),)*
        }

        impl State {
            pub(crate) fn new(options: &Options, seed: u64) -> State {
                match options {
                    $(Options::$name(o) => State::$name(<$rules as Rules>::new(o, seed)),)*
                }
            }

            pub(crate) fn variant(&self) -> Variant {
                match self {
                    $(State::$name(_) => Variant::$name,)*
                }
            }

            pub(crate) fn borrow(&self) -> VariantState<'_> {
                match self { $(State::$name(g) => VariantState::$name(g),)* }
            }

            pub(crate) fn visit<V: Visitor>(&self, visitor: V) -> V::Output {
                match self { $(State::$name(g) => visitor.visit(g),)* }
            }

            pub(crate) fn opening_events(&self) -> Vec<Event> {
                match self { $(State::$name(g) => g.opening_events(),)* }
            }

            pub(crate) fn turn(&self) -> Turn {
                match self { $(State::$name(g) => g.turn(),)* }
            }

            pub(crate) fn status(&self) -> Status {
                match self { $(State::$name(g) => g.status(),)* }
            }

            pub(crate) fn legal_actions(&self) -> Vec<String> {
                match self {
                    $(State::$name(g) => g.legal_actions().iter().map(|a| g.notation(a)).collect(),)*
                }
            }

            pub(crate) fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
                match self { $(State::$name(g) => g.suggest(typed, limit),)* }
            }

            pub(crate) fn count_actions(&self, cap: usize) -> usize {
                match self { $(State::$name(g) => g.count_actions(cap),)* }
            }

            pub(crate) fn draft_move(&self, draft: &[String], text: &str) -> Result<String, ActionError> {
                match self { $(State::$name(g) => g.draft_move(draft, text),)* }
            }

            pub(crate) fn draft_moves(&self, draft: &[String]) -> Result<Vec<String>, ActionError> {
                match self { $(State::$name(g) => g.draft_moves(draft),)* }
            }

            pub(crate) fn draft_turn(&self, draft: &[String]) -> Result<Action, ActionError> {
                match self { $(State::$name(g) => g.draft_turn(draft).map(Action::$name),)* }
            }

            pub(crate) fn draft_view(&self, draft: &[String]) -> Result<View, ActionError> {
                match self { $(State::$name(g) => g.draft_view(draft),)* }
            }

            pub(crate) fn parse(&self, text: &str) -> Result<Action, ActionError> {
                match self { $(State::$name(g) => g.parse(text).map(Action::$name),)* }
            }

            /// `None` when the action is another variant's.
            pub(crate) fn notation(&self, action: &Action) -> Option<String> {
                match (self, action) {
                    $((State::$name(g), Action::$name(a)) => Some(g.notation(a)),)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// `None` when the action is another variant's.
            pub(crate) fn play(&mut self, action: &Action) -> Option<Result<Played, ActionError>> {
                match (self, action) {
                    $((State::$name(g), Action::$name(a)) => Some(g.play(a)),)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            pub(crate) fn view(&self) -> View {
                match self { $(State::$name(g) => g.view(),)* }
            }

            pub(crate) fn snapshot(&self) -> View {
                match self { $(State::$name(g) => g.snapshot(),)* }
            }

            pub(crate) fn can_win(&self, color: Color) -> bool {
                match self { $(State::$name(g) => g.can_win(color),)* }
            }

            pub(crate) fn history_table(&self) -> Option<String> {
                match self { $(State::$name(g) => g.history_table(),)* }
            }
        }
    };
}

/// Work done on a game's own variant type, whichever it is: what an
/// engine or a tool generic over [`Rules`] hands to [`crate::Game::visit`].
pub trait Visitor {
    /// What the work yields.
    type Output;
    /// Does the work on `state`, the game's state as its own variant type.
    fn visit<R: Rules>(self, state: &R) -> Self::Output;
}

// The variant list: one line a variant.
variants! {
    /// FIDE chess.
    Standard => crate::standard::Chess,
    /// Time Traveler's Chess: explosions, annihilations, stages.
    Traveler => crate::traveler::TravelerChess,
    /// G. K. Gifford's Time Travel Chess: forward travel, kings back in time.
    Gifford => crate::gifford::Gifford,
    /// Time Travel Chess in the Everett interpretation: branching multiverse.
    Multiverse => crate::multiverse::Multiverse,
    /// L. Lynn Smith's Temporal Chess on a 4x4x4 field.
    Temporal => crate::temporal::TemporalChess,
    /// Adrian King's Many Worlds Chess: splits, merges, transfers.
    ManyWorlds => crate::manyworlds::ManyWorlds,
    /// 5D Chess With Multiverse Time Travel: drafted turns, exact mates.
    FiveD => crate::fived::FiveD,
}

impl Variant {
    /// The id used in commands, records and the database.
    pub const fn id(self) -> &'static str {
        self.about().id
    }

    /// The name players know the game by.
    pub const fn title(self) -> &'static str {
        self.about().title
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let wanted = s.trim().to_ascii_lowercase().replace(['-', '_', ' '], "");
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.id() == wanted)
            .ok_or_else(|| UnknownVariant(crate::error::quote(s)))
    }
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Variant, D::Error> {
        let id = String::deserialize(deserializer)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}

/// A variant id that names none of the variants.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {0:?}: choose one of {ids}", ids = ids())]
pub struct UnknownVariant(pub String);

/// Every variant id, comma-separated.
fn ids() -> String {
    let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
    ids.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_ids_round_trip() {
        for &v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::from_str::<Variant>(&json).unwrap(), v);
        }
        assert_eq!("Many-Worlds".parse::<Variant>(), Ok(Variant::ManyWorlds));
        assert_eq!("5D".parse::<Variant>(), Ok(Variant::FiveD));
        assert!("chess960".parse::<Variant>().is_err());
    }

    #[test]
    fn each_variant_names_itself() {
        for &v in Variant::ALL {
            let state = State::new(&Options::none(v), 0);
            assert_eq!(state.variant(), v);
            assert!(!v.about().summary.is_empty());
        }
    }
}
