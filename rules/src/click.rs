//! Moves by click: where each legal action is made on the game's
//! picture, so that a page can light up a man's destinations and make the
//! action a click names.
//!
//! A variant says where one of its actions is made ([`crate::Rules::strokes`]):
//! the cell its man leaves and the cell it reaches on
//! [`crate::Rules::snapshot`], for its main part and for a second part
//! where it has one (a multiverse travel, a Many Worlds split's second
//! move or transfer target). On that alone, [`Clicks`] offers the legal
//! actions as the finder's families ([`crate::find::Family`]) do: each
//! family's head (board and main part) once, and a head's second parts
//! only when asked, so a position of a million actions costs its heads.
//! An action is named by its head and second part's indices, which hold
//! for the position they were listed in (the host keys them by the
//! game's ply).
//!
//! Variants whose turn is drafted board move by board move (5D chess)
//! offer the moves that may be added to a draft instead
//! ([`crate::Rules::draft_clicks`]), located on the draft's own picture.

use serde::Serialize;

use crate::Rules;
use crate::find::Family;
use crate::view::{BoardCell, View};

/// Where one part of an action is made on the picture: the cell its man
/// leaves (`None` for a man from hand or from the future) and the cell
/// it reaches (`None` where it reaches a whole board, not a cell).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Stroke {
    /// The cell the man leaves.
    pub from: Option<BoardCell>,
    /// The cell the man reaches.
    pub to: Option<BoardCell>,
}

impl Stroke {
    /// From `from` to `to`.
    pub const fn between(from: BoardCell, to: BoardCell) -> Stroke {
        Stroke {
            from: Some(from),
            to: Some(to),
        }
    }
}

/// Where an action's parts are made ([`crate::Rules::strokes`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Strokes {
    /// The main part: the board move, the drop, a split's first move, a
    /// transfer's man.
    pub main: Stroke,
    /// The second part, where the action has one: a travel, a split's
    /// second move, the board a transferred man reaches.
    pub also: Option<Stroke>,
}

/// A family's head as a click: its stroke, how the notation writes it,
/// and whether it is a whole action or needs a second part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Head {
    /// Where it is made.
    pub stroke: Stroke,
    /// The main part as the notation writes it (`Nf3`, `e8=Q`).
    pub text: String,
    /// What it does, in a word (`move`, `travel`, `drop`).
    pub kind: &'static str,
    /// Whether it needs a second part ([`Clicks::tails`]) to be an
    /// action.
    pub needs_second: bool,
}

/// A second part that completes a head.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tail {
    /// Its index, to name the action by ([`Clicks::action`]).
    pub index: usize,
    /// Where it is made.
    pub stroke: Stroke,
    /// How the notation writes it.
    pub text: String,
    /// What it does, in a word.
    pub kind: &'static str,
}

/// Every legal action of one position as clicks ([`crate::Game::clicks`]).
pub struct Clicks {
    heads: Vec<Head>,
    source: Box<dyn Source>,
}

impl std::fmt::Debug for Clicks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clicks")
            .field("heads", &self.heads.len())
            .finish()
    }
}

impl Clicks {
    /// Every family's head, in the finder's order.
    pub fn heads(&self) -> &[Head] {
        &self.heads
    }

    /// The second parts that complete head `head` (none for a whole
    /// action or an unknown head).
    pub fn tails(&self, head: usize) -> Vec<Tail> {
        self.source.tails(head)
    }

    /// The action head `head` makes with second part `tail`, in
    /// notation; `None` where they make none (a head that needs a second
    /// part given none, a second part that does not go with it, an index
    /// out of range).
    pub fn action(&self, head: usize, tail: Option<usize>) -> Option<String> {
        self.source.action(head, tail)
    }
}

/// The families of one position and the state they were listed in,
/// their action type hidden.
trait Source: Send + Sync {
    fn tails(&self, head: usize) -> Vec<Tail>;
    fn action(&self, head: usize, tail: Option<usize>) -> Option<String>;
}

struct Listed<R: Rules> {
    state: R,
    families: Vec<Family<R::Action>>,
}

impl<R: Rules> Source for Listed<R> {
    fn tails(&self, head: usize) -> Vec<Tail> {
        let Some(family) = self.families.get(head) else {
            return Vec::new();
        };
        let Some(tails) = &family.tails else {
            return Vec::new();
        };
        family
            .tail_indices()
            .filter_map(|i| {
                let action = family.action_with(Some(i))?;
                let part = &tails.list.get(i)?.part;
                Some(Tail {
                    index: i,
                    stroke: self.state.strokes(&action).also.unwrap_or_default(),
                    text: part.text.as_str().to_owned(),
                    kind: part.kind.word(),
                })
            })
            .collect()
    }

    fn action(&self, head: usize, tail: Option<usize>) -> Option<String> {
        let action = self.families.get(head)?.action_with(tail)?;
        Some(self.state.notation(&action))
    }
}

/// Lists `state`'s legal actions as clicks ([`crate::Game::clicks`] on
/// a game of any variant).
pub fn clicks<R: Rules>(state: &R) -> Clicks {
    let families = if state.status().is_over() {
        Vec::new()
    } else {
        state.families()
    };
    let heads = families
        .iter()
        .map(|f| Head {
            stroke: state.strokes(&f.action).main,
            text: f.main.text.as_str().to_owned(),
            kind: f.main.kind.word(),
            needs_second: f.tails.is_some(),
        })
        .collect();
    Clicks {
        heads,
        source: Box::new(Listed {
            state: state.clone(),
            families,
        }),
    }
}

/// A drafted turn's next board moves as clicks, on the draft's picture
/// ([`crate::Rules::draft_clicks`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DraftClicks {
    /// The game with the draft's moves made and marked, every board
    /// shown.
    pub view: View,
    /// The board moves that may be added next, each with where it is
    /// made.
    pub moves: Vec<(Stroke, String)>,
}

/// [`crate::Game::clicks`] on the game's own variant.
pub(crate) struct Clicking;

impl crate::Visitor for Clicking {
    type Output = Clicks;
    fn visit<R: Rules>(self, state: &R) -> Clicks {
        clicks(state)
    }
}

/// A square of 8x8 chess as a cell of board `board` of a picture.
pub(crate) fn cell(board: usize, square: crate::geometry::Square) -> BoardCell {
    BoardCell {
        board,
        cell: square.index() as u8,
    }
}
