//! An action taken apart: what the finder matches typed text against and
//! what the picker asks for, step by step.

use std::sync::Arc;

use super::text::{Key, Line, Spot, Word};

/// What a part of an action does. Plain chess moves are [`Kind::Move`],
/// [`Kind::Capture`], [`Kind::Castle`] and [`Kind::Promotion`]; the others
/// are the variants' own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A man moves to an empty square.
    Move,
    /// A man takes an enemy man.
    Capture,
    /// The king castles.
    Castle,
    /// A pawn reaches the last rank and becomes another man.
    Promotion,
    /// To a past board: a new branch or timeline (multiverse `>>`,
    /// Gifford's `// to 9` forward and `// back to 2`).
    Travel,
    /// To another board's present (multiverse `>`).
    Jump,
    /// Traveler's `Nf6/e8`.
    Explosion,
    /// Traveler's `d2//d4`.
    Annihilation,
    /// One of a Many Worlds split's two moves, when its board merges into
    /// another.
    Merge,
    /// A Many Worlds man sent to another board.
    Transfer,
    /// A man from hand (Temporal `N@Bc3`).
    Drop,
    /// A man come from the future placed on the board (Gifford `[P] e6`,
    /// `K [FTF] f8`).
    Arrival,
    /// Temporal's warps (`NAb1~Cc2/3`, `NBb2^4`).
    Warp,
    /// Giving up (a multiverse branch).
    Resign,
    /// Anything else (a variant that describes its actions by notation
    /// alone).
    Other,
}

impl Kind {
    /// Whether this is a plain chess move.
    pub const fn is_plain(self) -> bool {
        matches!(
            self,
            Kind::Move | Kind::Capture | Kind::Castle | Kind::Promotion
        )
    }

    /// A word for people: `travel`, `explosion`.
    pub const fn word(self) -> &'static str {
        match self {
            Kind::Move | Kind::Castle | Kind::Promotion | Kind::Merge => "move",
            Kind::Capture => "capture",
            Kind::Travel => "travel",
            Kind::Jump => "jump",
            Kind::Explosion => "explosion",
            Kind::Annihilation => "annihilation",
            Kind::Transfer => "transfer",
            Kind::Drop => "drop",
            Kind::Arrival => "arrival",
            Kind::Warp => "warp",
            Kind::Resign => "resignation",
            Kind::Other => "action",
        }
    }
}

/// The man that acts in a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    /// Its letter: `K Q R B N P`, Temporal's `U`.
    pub figure: char,
    /// Where it stands, or appears (an explosion's square); `None` for a
    /// man from hand or from the future.
    pub at: Option<Spot>,
    /// What a person types to mean this man doing this kind of thing:
    /// `Ng1-`, `e2-`, `N@`, `Nf6/`, `Ra1>>`, `[P]`, `Nc6 IV-`. Folded
    /// ([`super::fold`]), it begins one of the part's spellings (its
    /// notation, or the key followed by the destination), so typing the
    /// key finds this man's parts and no other.
    pub key: Key,
}

impl Man {
    /// A man at a square: `figure`, `at`, and the key `{figure}{at}{mark}`
    /// (a pawn's without its letter: `e2-`).
    pub fn at(figure: char, at: &str, mark: &str) -> Man {
        let mut key = Key::default();
        if figure != 'P' {
            key.push(figure as u8);
        }
        key.push_str(at);
        key.push_str(mark);
        Man {
            figure,
            at: Some(Spot::new(at)),
            key,
        }
    }

    /// The figure's name: `knight`.
    pub fn figure_name(&self) -> &'static str {
        figure_name(self.figure)
    }
}

/// A figure's name: `K` is `king`; unknown letters are `man`.
pub fn figure_name(figure: char) -> &'static str {
    match figure.to_ascii_uppercase() {
        'K' => "king",
        'Q' => "queen",
        'R' => "rook",
        'B' => "bishop",
        'N' => "knight",
        'P' => "pawn",
        'U' => "unicorn",
        _ => "man",
    }
}

/// One part of an action: a board move, a travel, a drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    /// How the action's notation writes this part, without check marks:
    /// `Nf3`, `Ra1>>(T1)e2`, `Nxe4 (=XII)`, `N@Bc3`.
    pub text: Line,
    /// What the part does.
    pub kind: Kind,
    /// The man that acts; `None` where the part is known by its notation
    /// alone.
    pub man: Option<Man>,
    /// The square or cell it reaches.
    pub to: Option<Spot>,
    /// Another board it reaches (`T1`, `L2`, `VII`).
    pub target: Option<Word>,
}

impl Part {
    /// A part known by its notation alone.
    pub fn text(text: &str, kind: Kind) -> Part {
        Part {
            text: Line::new(text),
            kind,
            man: None,
            to: None,
            target: None,
        }
    }

    /// A man's move: `text` as the notation writes it, the man, and where
    /// it goes.
    pub fn moving(text: &str, kind: Kind, man: Man, to: &str) -> Part {
        Part {
            text: Line::new(text),
            kind,
            man: Some(man),
            to: Some(Spot::new(to)),
            target: None,
        }
    }

    /// The same part reaching board `target` too.
    pub fn reaching(mut self, target: &str) -> Part {
        self.target = Some(Word::new(target));
        self
    }
}

/// The board (branch, timeline) an action is made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Its name as the notation writes it inside parentheses: `L3`, `XII`,
    /// `0`.
    pub key: Word,
}

impl Board {
    /// The board the notation names `key`.
    pub fn new(key: &str) -> Board {
        Board {
            key: Word::new(key),
        }
    }
}

/// An action taken apart ([`crate::Rules::parts`]): the board it is made
/// on (in variants of several boards), its main part, and a second part
/// where it has one (a multiverse board move's travel, a Many Worlds
/// split's second move, a transfer's target board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActionParts {
    /// The board the action is made on; `None` on a single board.
    pub board: Option<Board>,
    /// The main part: the board move, the drop, the split's first move.
    pub main: Part,
    /// The second part, where the action has one.
    pub also: Option<Also>,
}

/// An action's second part, and how it is written with the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Also {
    /// The second part itself.
    pub part: Part,
    /// The notation writes it before the main part (a multiverse travel
    /// made before the board move: `(L1)Bf1>>(T5)d3 O-O`).
    pub first: bool,
    /// A person may write the two parts in either order (the finder then
    /// reads both orders).
    pub either_order: bool,
}

impl ActionParts {
    /// An action of one part on a single board.
    pub fn single(main: Part) -> ActionParts {
        ActionParts {
            board: None,
            main,
            also: None,
        }
    }

    /// The same action, made on `board`.
    pub fn on(mut self, board: Board) -> ActionParts {
        self.board = Some(board);
        self
    }
}

/// Legal actions sharing their board and main part: the head, and either
/// the one action it is or the second parts that complete it
/// ([`crate::Rules::families`]). A variant with huge listings describes
/// each main part once and shares one list of second parts among many
/// heads, so the finder looks at each only once per keystroke.
#[derive(Clone, Debug)]
pub struct Family<A> {
    /// The board the family's actions are made on; `None` on a single
    /// board.
    pub board: Option<Board>,
    /// The main part every action of the family shares.
    pub main: Part,
    /// The action itself without [`Family::tails`]; otherwise the action
    /// that [`Tails::join`] completes with each tail's.
    pub action: A,
    /// The second parts that complete the head; `None` when the head is
    /// the whole action.
    pub tails: Option<Tails<A>>,
}

/// The second parts that complete a family's head, each into a legal
/// action.
#[derive(Clone, Debug)]
pub struct Tails<A> {
    /// The second parts, shared among the heads they complete.
    pub list: Arc<[Tail<A>]>,
    /// The one of [`Tails::list`] that does not go with this head (a
    /// split's first move, which cannot be its second too).
    pub skip: Option<usize>,
    /// Where only some of the list go with this head, which (a bit set by
    /// index, shared among heads: the boards where a transferred man's
    /// square is empty).
    pub only: Option<Arc<[u64]>>,
    /// Makes the action from the head's [`Family::action`] and a tail's.
    pub join: fn(&A, &A) -> A,
    /// The notation writes the second part before the main part (a
    /// multiverse travel made before the board move).
    pub first: bool,
    /// A person may write the two parts in either order.
    pub either_order: bool,
}

impl<A> Tails<A> {
    /// Whether tail `i` is in [`Tails::only`] (all are without it).
    pub fn allows(&self, i: usize) -> bool {
        i < self.list.len()
            && self
                .only
                .as_ref()
                .is_none_or(|bits| bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0))
    }

    /// Whether tail `i` goes with the head.
    pub fn goes_with(&self, i: usize) -> bool {
        self.allows(i) && Some(i) != self.skip
    }
}

/// A second part and the action it carries (completed by [`Tails::join`]).
#[derive(Clone, Debug)]
pub struct Tail<A> {
    /// The second part, as the finder reads it.
    pub part: Part,
    /// What [`Tails::join`] joins to the head's action to make the whole
    /// action.
    pub action: A,
}

impl<A: Clone> Family<A> {
    /// The family of one action, from its parts.
    pub fn single(parts: ActionParts, action: A) -> Family<A> {
        let tails = parts.also.map(|also| Tails {
            list: Arc::from(vec![Tail {
                part: also.part,
                action: action.clone(),
            }]),
            skip: None,
            only: None,
            join: |_, tail| tail.clone(),
            first: also.first,
            either_order: also.either_order,
        });
        Family {
            board: parts.board,
            main: parts.main,
            action,
            tails,
        }
    }

    /// How many actions it makes.
    pub fn len(&self) -> usize {
        match &self.tails {
            None => 1,
            Some(t) => {
                let allowed = match &t.only {
                    None => t.list.len(),
                    Some(bits) => bits.iter().map(|w| w.count_ones() as usize).sum(),
                };
                allowed - usize::from(t.skip.is_some_and(|s| t.allows(s)))
            }
        }
    }

    /// Whether it makes no action (every tail skipped or left out).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The tails that go with this head, by index into the list.
    pub fn tail_indices(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.tails.as_ref().map_or(0, |t| t.list.len());
        (0..n).filter(move |&i| self.tails.as_ref().is_some_and(|t| t.goes_with(i)))
    }

    /// The action made with tail `i` (or the family's own action without
    /// tails).
    pub fn action_with(&self, tail: Option<usize>) -> Option<A> {
        match (&self.tails, tail) {
            (None, None) => Some(self.action.clone()),
            (Some(t), Some(i)) if t.goes_with(i) => t
                .list
                .get(i)
                .map(|tail| (t.join)(&self.action, &tail.action)),
            _ => None,
        }
    }

    /// The parts of the action made with tail `i`.
    pub fn parts_with(&self, tail: Option<usize>) -> ActionParts {
        let also = match (&self.tails, tail) {
            (Some(t), Some(i)) => t.list.get(i).map(|tail| Also {
                part: tail.part,
                first: t.first,
                either_order: t.either_order,
            }),
            _ => None,
        };
        ActionParts {
            board: self.board,
            main: self.main,
            also,
        }
    }
}
