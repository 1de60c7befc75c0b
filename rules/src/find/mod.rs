//! Finding a move: what a person types matched against every legal action,
//! and a picker that offers them a step at a time.
//!
//! Every variant describes its actions in one shape ([`ActionParts`],
//! from [`crate::Rules::parts`]): the board it is made on (where there are
//! several), a main part (the man, where it stands, where it goes, what
//! kind of action it is, how the notation writes it) and, for actions of
//! two parts, a second one (a multiverse travel, a Many Worlds split's
//! second move or transfer target). On that shape alone:
//!
//! - [`find`] is autocomplete: the destination (`e4`), the man and square
//!   (`Nf3`, `Ra1`, `ng1-`), a travel mark (`>>`, `//`, `@`), a board
//!   (`L3`, `(II)`, `T1`), squares (`e2e4`), any case, spaces or not, with
//!   or without the board. Actions the text begins come first, then those
//!   it appears in; past `limit` they are grouped at the first step where
//!   they differ, each group offered as the text that narrows to it and
//!   its count, so a list of 25 always leads somewhere.
//! - [`pick`] is the guided picker: the board, the man, its move, and a
//!   second part's man, board and square, each a choice among at most
//!   [`MAX_OPTIONS`], by keys that stay valid across restarts.
//! - [`examples`] lists a few whole actions a text could mean, for a
//!   refusal that teaches.
//!
//! Variants whose legal actions run to millions (a 21-branch multiverse
//! turn with travel open: 1.2 million; a 1,000-board Many Worlds game)
//! describe them as families ([`crate::Rules::families`]): one head
//! (board and main part) and a list of second parts shared by many heads.
//! The finder reads each head and each shared list once per keystroke and
//! counts pairs by how their second parts meet the text
//! (`matcher`), never listing the actions; it writes notation only for the
//! entries it returns. The picker narrows families the same way.
//!
//! A variant with few actions needs only [`crate::Rules::parts`]: the
//! default [`crate::Rules::families`] makes one family of each legal
//! action. A variant that describes nothing still works, on its
//! notation alone (the default `parts`).

pub mod chess;
mod finder;
mod levels;
mod matcher;
mod parts;
mod picker;
mod text;

pub use finder::{Entry, Found, examples, find};
pub use levels::Level;
pub use matcher::{Fit, MAX_TYPED};
pub use parts::{ActionParts, Also, Board, Family, Kind, Man, Part, Tail, Tails, figure_name};
pub use picker::{Choice, MAX_OPTIONS, Pick, path_to, pick};
pub use text::{Key, Line, Spot, Text, Word, fold};

use crate::Rules;

/// One family of each legal action (the default of
/// [`crate::Rules::families`]).
pub fn one_family_each<R: Rules>(game: &R) -> Vec<Family<R::Action>> {
    game.legal_actions()
        .into_iter()
        .map(|a| Family::single(game.parts(&a), a))
        .collect()
}

/// [`crate::Game::find`] on the game's own variant.
pub(crate) struct Finding<'a> {
    pub typed: &'a str,
    pub limit: usize,
}

impl crate::Visitor for Finding<'_> {
    type Output = Found;
    fn visit<R: Rules>(self, game: &R) -> Found {
        find(&game.families(), self.typed, self.limit, |a| {
            game.notation(a)
        })
    }
}

/// [`crate::Game::pick`] on the game's own variant.
pub(crate) struct Picking<'a, S> {
    pub path: &'a [S],
}

impl<S: AsRef<str>> crate::Visitor for Picking<'_, S> {
    type Output = Pick;
    fn visit<R: Rules>(self, game: &R) -> Pick {
        pick(&game.families(), self.path, |a| game.notation(a))
    }
}

/// [`crate::Game::path_to`] on the game's own variant.
pub(crate) struct PathTo<'a> {
    pub text: &'a str,
}

impl crate::Visitor for PathTo<'_> {
    type Output = Option<Vec<String>>;
    fn visit<R: Rules>(self, game: &R) -> Option<Vec<String>> {
        let action = game.parse(self.text).ok()?;
        path_to(&game.families(), &action, |a| game.notation(a))
    }
}

/// [`crate::Game::examples`] on the game's own variant.
pub(crate) struct Examples<'a> {
    pub typed: &'a str,
    pub limit: usize,
}

impl crate::Visitor for Examples<'_> {
    type Output = (Vec<String>, usize);
    fn visit<R: Rules>(self, game: &R) -> (Vec<String>, usize) {
        examples(&game.families(), self.typed, self.limit, |a| {
            game.notation(a)
        })
    }
}
