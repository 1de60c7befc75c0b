//! The steps from the whole game down to one action, shared by the
//! finder's narrowing and the picker: the board, the man, its move, then
//! (for an action of two parts) the second part's man, the board it
//! reaches and the second part itself; last, the action.

use std::fmt::Write;

use super::parts::{Family, Kind, Part, figure_name};
use super::text::Line;

/// A step on the way to an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// The board or branch (variants of several boards).
    Board,
    /// The man that acts, and how (`Ng1-` moves, `Nf6/` explodes, `N@`
    /// drops).
    Man,
    /// Its move.
    Main,
    /// The second part's man (a traveller, a split's second mover).
    AlsoMan,
    /// The board the second part reaches (`T1`, `L2`, `VII`).
    AlsoTarget,
    /// The second part.
    Also,
    /// The action itself, where several share every step before.
    Action,
}

impl Level {
    /// Every step, from the board down to the action.
    pub const ALL: [Level; 7] = [
        Level::Board,
        Level::Man,
        Level::Main,
        Level::AlsoMan,
        Level::AlsoTarget,
        Level::Also,
        Level::Action,
    ];

    /// The step after this one; `None` after the action.
    pub fn next(self) -> Option<Level> {
        Level::ALL.iter().copied().find(|l| *l > self)
    }

    /// What a person choosing at this step is asked.
    pub fn prompt(self) -> &'static str {
        match self {
            Level::Board => "Choose a board",
            Level::Man => "Choose a man",
            Level::Main => "Choose its move",
            Level::AlsoMan => "Then: choose how to go on",
            Level::AlsoTarget => "Choose the board it reaches",
            Level::Also => "Choose where",
            Level::Action => "Choose the action",
        }
    }

    /// Whether the family's head alone decides this step.
    pub fn is_head(self) -> bool {
        self <= Level::Main
    }
}

/// The key of the action made of family `f` and tail `tail` at `level`,
/// folded; `None` where the action has no such step (one board, no second
/// part). [`Level::Action`] has no key: actions are told apart by place.
pub(super) fn key<A: Clone>(f: &Family<A>, tail: Option<usize>, level: Level) -> Option<Line> {
    let also = tail.and_then(|i| f.tails.as_ref().and_then(|t| t.list.get(i)));
    let first = f.tails.as_ref().is_some_and(|t| t.first);
    match level {
        Level::Board => f.board.map(|b| Line::new(b.key.folded().as_str())),
        Level::Man => Some(man_key(&f.main)),
        Level::Main => Some(f.main.text.folded()),
        Level::AlsoMan => also
            .and_then(|t| t.part.man)
            .map(|m| Line::new(m.key.folded().as_str())),
        Level::AlsoTarget => also
            .and_then(|t| t.part.target)
            .map(|w| Line::new(w.folded().as_str())),
        Level::Also => also.map(|t| {
            let mut k = t.part.text.folded();
            if first {
                k.push(b'<');
            }
            k
        }),
        Level::Action => None,
    }
}

/// A part's man key, folded, or its notation where no man acts (a
/// resignation).
fn man_key(part: &Part) -> Line {
    match part.man {
        Some(m) => Line::new(m.key.folded().as_str()),
        None => part.text.folded(),
    }
}

/// The text that stands for every action sharing this action's steps up
/// to `level`: typed, it finds those actions from their start
/// (`(L3) Ng1-`, `(L1)a3 Ra1>>(T1)`, `(XII) Nf3 (=XIII)`).
pub(super) fn value<A: Clone>(f: &Family<A>, tail: Option<usize>, level: Level) -> String {
    let mut out = String::new();
    if let Some(b) = f.board {
        let _ = write!(out, "({}) ", b.key);
    }
    match level {
        Level::Board => return out.trim_end().to_owned(),
        Level::Man => {
            match f.main.man {
                Some(m) => out.push_str(m.key.as_str()),
                None => out.push_str(f.main.text.as_str()),
            }
            return out;
        }
        _ => out.push_str(f.main.text.as_str()),
    }
    let also = tail.and_then(|i| f.tails.as_ref().and_then(|t| t.list.get(i)));
    let Some(also) = also else {
        return out;
    };
    if level == Level::Main {
        return out;
    }
    if !out.ends_with('-') {
        out.push(' ');
    }
    let text = also.part.text.as_str();
    match level {
        Level::AlsoMan => match also.part.man {
            Some(m) => out.push_str(m.key.as_str()),
            None => out.push_str(text),
        },
        Level::AlsoTarget => out.push_str(through_target(
            text,
            also.part.target.map(|t| t.to_string()),
        )),
        _ => out.push_str(text),
    }
    out
}

/// `text` cut just after the board `target` it names (and its closing
/// parenthesis): `Ra1>>(T1)e2` through `T1` is `Ra1>>(T1)`.
fn through_target(text: &str, target: Option<String>) -> &str {
    let Some(target) = target.filter(|t| !t.is_empty()) else {
        return text;
    };
    let lower = text.to_ascii_lowercase();
    let Some(at) = lower.find(&target.to_ascii_lowercase()) else {
        return text;
    };
    let mut end = at + target.len();
    if text[end..].starts_with(')') {
        end += 1;
    }
    &text[..end]
}

/// How a step is shown to a person choosing among several: `L3`, `knight
/// on g1`, `Nf3`.
pub(super) fn label<A: Clone>(f: &Family<A>, tail: Option<usize>, level: Level) -> String {
    let also = tail.and_then(|i| f.tails.as_ref().and_then(|t| t.list.get(i)));
    let first = f.tails.as_ref().is_some_and(|t| t.first);
    match level {
        Level::Board => f.board.map(|b| b.key.to_string()).unwrap_or_default(),
        Level::Man => man_label(&f.main),
        // A head that reaches no cell itself: its second parts are where
        // the man may land (5D's jumps).
        Level::Main if f.tails.is_some() && f.main.to.is_none() && f.main.kind == Kind::Jump => {
            format!("{}: a jump to another board", f.main.text)
        }
        Level::Main => f.main.text.to_string(),
        Level::AlsoMan => also.map(|t| man_label(&t.part)).unwrap_or_default(),
        Level::AlsoTarget => also
            .and_then(|t| t.part.target)
            .map(|w| format!("to {w}"))
            .unwrap_or_default(),
        Level::Also => also
            .map(|t| {
                if first {
                    format!("{} (before {})", t.part.text, f.main.text)
                } else {
                    t.part.text.to_string()
                }
            })
            .unwrap_or_default(),
        Level::Action => String::new(),
    }
}

/// `knight on g1`, `knight from hand (drop)`, `knight explosion on f6`.
pub(super) fn man_label(part: &Part) -> String {
    let Some(man) = part.man else {
        return part.text.to_string();
    };
    let name = figure_name(man.figure);
    let at = man.at.map(|a| a.to_string());
    match (part.kind, at) {
        (k, Some(at)) if k.is_plain() || k == Kind::Merge => format!("{name} on {at}"),
        (k, Some(at)) => format!("{name} on {at}: {}", k.word()),
        (k, None) => format!("{name} ({})", k.word()),
    }
}
