//! The rules of the games Chronomate hosts: pure, deterministic, no IO.
//!
//! # The face
//!
//! The host sees every variant through one type, [`Game`]:
//!
//! - [`Game::new`] creates a game from its [`Options`] (a [`Variant`] alone
//!   plays it as it comes) and a seed (used only where the rules draw at
//!   random: multiverse collapse). The options are each variant's own type
//!   ([`Rules::Options`]), read once by [`Options::parse`]: once read they
//!   hold, so creating a game cannot fail.
//! - [`Game::turn`] says whose turn it is and, in multi-board variants, on
//!   which boards that side still owes an action, each a [`BoardLabel`]
//!   (a branch, a timeline's board, a board numeral: a value, written as
//!   players write it).
//! - [`Game::legal_actions`] lists every legal action in canonical notation;
//!   [`Game::find`] is autocomplete over them and [`Game::pick`] a picker
//!   that offers them a step at a time ([`find`]).
//! - [`Game::parse`] reads text leniently into an [`Action`], or refuses it
//!   with an [`ActionError`] a player understands; [`Game::play`] parses and
//!   applies, returning the canonical notation and any [`Played::events`]
//!   the rules caused by themselves, each an [`Event`] of its variant.
//! - [`Game::status`] is [`Status::Ongoing`] or a finished [`Outcome`] with
//!   its [`Reason`].
//! - [`Game::view`] and [`Game::snapshot`] describe the state as a
//!   variant-neutral [`View`] for the renderer.
//!
//! A game is fully determined by (variant, options, seed, record):
//! [`Game::replay`] rebuilds it from the record of canonical actions, which
//! is how the host stores games. [`record::actions`] reads record files.
//!
//! # Variants
//!
//! - [`standard`]: FIDE chess, the base of every 8x8 variant.
//! - [`temporal`]: Temporal Chess on the 4x4x4 field.
//! - [`traveler`]: Time Traveler's Chess: explosions, annihilations, stages.
//! - [`gifford`]: Gifford's Time Travel Chess: men sent forward in time,
//!   kings back, every timeline kept.
//! - [`manyworlds`]: Many Worlds Chess: boards that split, merge and trade
//!   men.
//! - [`multiverse`]: Time Travel Chess in the Everett interpretation:
//!   branches played in parallel, time and trans-universe travel, collapse.
//! - [`fived`]: 5D Chess With Multiverse Time Travel: whole turns drafted
//!   move by move, exact checkmate, 5DPGN and 5DFEN.
//!
//! # Shared mechanics
//!
//! - [`geometry`]: [`Bitboard`](geometry::Bitboard), a set of cells of any
//!   64-cell board (8x8 or 4x4x4); the 8x8 board's squares, files, ranks,
//!   attack tables (magic bitboards for sliders) and rays.
//! - [`chess`]: FIDE mechanics: [`Position`](chess::Position) with its
//!   fast legal moves, FEN, SAN, UCI, Zobrist keys and
//!   [`perft`](chess::perft); [`MoveGen`](chess::MoveGen), pseudo-legal
//!   moves on any board for a chosen set of men, which the 8x8 variants
//!   build on.
//!
//! # What is where
//!
//! This crate's root holds what a host, an engine or a renderer needs:
//! the face ([`Rules`], [`Game`], [`Variant`], [`Action`], [`Turn`] with
//! its [`BoardLabel`]s, [`Played`] with its [`Event`]s, [`Status`],
//! [`Outcome`], [`Reason`]), the options ([`Options`], [`OptionError`]),
//! every variant's rules type ([`Chess`], [`TravelerChess`], [`Gifford`],
//! [`Multiverse`], [`TemporalChess`], [`ManyWorlds`], [`FiveD`]), the
//! picture ([`View`]), levels ([`Level`]) and the errors, each an enum
//! that says what went wrong ([`ActionError`], [`OptionError`],
//! [`ReplayError`], [`RecordError`], [`FenError`]). A variant's own
//! vocabulary (its actions, its events, its notation's parts) stays in
//! its module: [`multiverse::Action`], [`gifford::Event`],
//! [`fived::LineName`]. Records are read and written by [`record`],
//! views described by [`view`], actions found and picked by [`find`].
//!
//! House rules that settle what the rule texts leave open are cited by tag
//! (TT-3, G-4, E-9, T-6, M-2, F-5, ...) from the variants' pages in
//! `docs/variants/`.
#![warn(missing_docs, unreachable_pub)]

mod color;
mod error;
mod event;
mod face;
mod game;
mod level;
mod options;
mod outcome;
mod rule;
mod turn;
mod variant;

pub mod chess;
pub mod click;
pub mod find;
pub mod fived;
pub mod geometry;
pub mod gifford;
pub mod manyworlds;
pub mod multiverse;
pub mod record;
pub mod rng;
pub mod standard;
pub mod temporal;
pub mod traveler;
pub mod view;

pub use chess::FenError;
pub use color::{Color, UnknownColor};
pub use error::{ActionError, Inconsistency, QUOTE_LIMIT, ReplayError, quote};
pub use event::Event;
pub use face::{About, Played, RecordFormat, Rules, TurnShape, filter_suggestions};
pub use game::Game;
pub use level::{Level, LevelError};
pub use options::{NoOptions, OptionError, VariantOptions};
pub use outcome::{Outcome, Reason, Status};
pub use record::RecordError;
pub use rule::Rule;
pub use turn::{BoardLabel, Turn};
pub use variant::{Action, Options, UnknownVariant, Variant, VariantState, Visitor};
pub use view::View;

// Each variant's rules, by the name its module gives them.
pub use fived::FiveD;
pub use gifford::Gifford;
pub use manyworlds::ManyWorlds;
pub use multiverse::Multiverse;
pub use standard::Chess;
pub use temporal::TemporalChess;
pub use traveler::TravelerChess;
