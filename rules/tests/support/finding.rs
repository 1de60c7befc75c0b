//! The finder's and the picker's promises, checked on one position of any
//! variant (shared by `tests/find_*.rs`):
//!
//! - the families describe exactly the legal actions;
//! - for every legal action (or a sample of them), some fragment a person
//!   would type (its destination, its man and square, its notation, its
//!   second part's man and mark, each with or without the board) leads
//!   to it in at most two steps of at most 25 suggestions: it is among
//!   the suggestions, or among those of a group the suggestions offer;
//! - the picker reaches it, a step of at most 25 options at a time.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};

use chronomate_rules::Rules;
use chronomate_rules::find::{self, ActionParts, Family, Level, MAX_OPTIONS, Pick, fold};

/// Suggestions shown at once (Discord's limit).
pub const SHOWN: usize = 25;

/// Every action the families make, with its parts and notation, in order.
pub fn described<R: Rules>(game: &R, families: &[Family<R::Action>]) -> Vec<(ActionParts, String)> {
    let mut out = Vec::new();
    for f in families {
        let tails: Vec<Option<usize>> = if f.tails.is_some() {
            f.tail_indices().map(Some).collect()
        } else {
            vec![None]
        };
        for t in tails {
            let action = f.action_with(t).expect("a member makes an action");
            out.push((f.parts_with(t), game.notation(&action)));
        }
    }
    out
}

/// What a person would type to find an action.
pub fn fragments(p: &ActionParts) -> Vec<String> {
    let mut plain = Vec::new();
    if let Some(to) = p.main.to {
        plain.push(to.to_string());
    }
    if let Some(m) = p.main.man {
        let at = m.at.map(|a| a.to_string()).unwrap_or_default();
        let letter = if m.figure == 'P' {
            String::new()
        } else {
            m.figure.to_string()
        };
        plain.push(format!("{letter}{at}"));
        plain.push(m.key.to_string());
    }
    plain.push(p.main.text.to_string());
    let cut = |t: &str| t.split(" (").next().unwrap_or(t).to_owned();
    if let Some(also) = p.also {
        let main = cut(p.main.text.as_str());
        if let Some(m) = also.part.man {
            plain.push(m.key.to_string());
            plain.push(format!("{main} {}", m.key));
        }
        plain.push(also.part.text.to_string());
        plain.push(format!("{main} {}", cut(also.part.text.as_str())));
        if let Some(to) = also.part.to {
            plain.push(format!("{main} {to}"));
        }
    }
    let mut out = plain.clone();
    if let Some(b) = p.board {
        out.extend(plain.iter().map(|f| format!("({}) {f}", b.key)));
    }
    out
}

/// Every action found within two steps from `typed`, with the texts of the
/// first step (cached by text).
pub struct Reach<'a, R: Rules> {
    game: &'a R,
    families: &'a [Family<R::Action>],
    cache: HashMap<String, HashSet<String>>,
}

impl<'a, R: Rules> Reach<'a, R> {
    pub fn new(game: &'a R, families: &'a [Family<R::Action>]) -> Self {
        Reach {
            game,
            families,
            cache: HashMap::new(),
        }
    }

    fn one_step(&self, typed: &str) -> find::Found {
        let found = find::find(self.families, typed, SHOWN, |a| self.game.notation(a));
        assert!(
            found.entries.len() <= SHOWN,
            "{typed:?}: {} entries",
            found.entries.len()
        );
        assert!(
            found.total == 0 || !found.entries.is_empty(),
            "{typed:?}: {} actions fit and nothing is offered",
            found.total
        );
        found
    }

    /// The actions `typed` leads to in at most two steps.
    pub fn two_steps(&mut self, typed: &str) -> &HashSet<String> {
        if !self.cache.contains_key(typed) {
            let mut set = HashSet::new();
            for e in self.one_step(typed).entries {
                if e.is_action() {
                    set.insert(e.value);
                } else {
                    for e2 in self.one_step(&e.value).entries {
                        if e2.is_action() {
                            set.insert(e2.value);
                        }
                    }
                }
            }
            self.cache.insert(typed.to_owned(), set);
        }
        &self.cache[typed]
    }
}

/// The key a picker step offers for an action (see `find::Level`).
fn key_at(p: &ActionParts, level: Level) -> Option<String> {
    let also = p.also.map(|a| a.part);
    let k = match level {
        Level::Board => p.board.map(|b| fold(b.key.as_str()))?,
        Level::Man => match p.main.man {
            Some(m) => fold(m.key.as_str()),
            None => fold(p.main.text.as_str()),
        },
        Level::Main => fold(p.main.text.as_str()),
        Level::AlsoMan => also
            .and_then(|a| a.man)
            .map_or_else(|| "-".to_owned(), |m| fold(m.key.as_str())),
        Level::AlsoTarget => also
            .and_then(|a| a.target)
            .map_or_else(|| "-".to_owned(), |t| fold(t.as_str())),
        Level::Also => match p.also {
            Some(a) => fold(a.part.text.as_str()) + if a.first { "<" } else { "" },
            None => "-".to_owned(),
        },
        Level::Action => return None,
    };
    Some(k)
}

/// Follows the picker to the action with these parts and notation; the
/// number of steps it took.
pub fn pick_path<R: Rules>(
    game: &R,
    families: &[Family<R::Action>],
    parts: &ActionParts,
    notation: &str,
) -> Result<usize, String> {
    fn walk<R: Rules>(
        game: &R,
        families: &[Family<R::Action>],
        parts: &ActionParts,
        notation: &str,
        path: &mut Vec<String>,
    ) -> bool {
        if path.len() > 40 {
            return false;
        }
        match find::pick(families, path, |a| game.notation(a)) {
            Pick::Ready { notation: n, .. } => n == notation,
            Pick::Choose { level, options, .. } => {
                assert!(options.len() <= MAX_OPTIONS, "{} options", options.len());
                assert!(
                    options.len() >= 2,
                    "a step with one option is taken without asking"
                );
                let wanted = key_at(parts, level);
                for o in &options {
                    let is_range = o.key.starts_with('~');
                    let fits =
                        is_range || wanted.is_none() || wanted.as_deref() == Some(o.key.as_str());
                    if !fits {
                        continue;
                    }
                    path.push(o.key.clone());
                    if walk(game, families, parts, notation, path) {
                        return true;
                    }
                    path.pop();
                }
                false
            }
            Pick::Gone { .. } | Pick::Nothing => false,
        }
    }
    let mut path = Vec::new();
    if !walk(game, families, parts, notation, &mut path) {
        return Err(format!("the picker does not reach {notation}"));
    }
    // The picker's own way there is the same.
    let action = game.parse(notation).map_err(|e| e.to_string())?;
    let direct = find::path_to(families, &action, |a| game.notation(a));
    if direct.as_ref() != Some(&path) {
        return Err(format!(
            "{notation}: path_to gives {direct:?}, the walk {path:?}"
        ));
    }
    Ok(path.len())
}

/// Checks the promises on `game`, for at most `sample` of its actions
/// (evenly spread); with `exact`, also that the families make exactly the
/// legal actions.
pub fn check<R: Rules>(game: &R, sample: usize, exact: bool) {
    let families = game.families();
    let all = described(game, &families);
    if exact {
        let legal: Vec<String> = game
            .legal_actions()
            .iter()
            .map(|a| game.notation(a))
            .collect();
        let mut a: Vec<&String> = all.iter().map(|(_, n)| n).collect();
        let mut b: Vec<&String> = legal.iter().collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "the families make the legal actions");
    }
    let stride = all.len().div_ceil(sample.max(1)).max(1);
    let mut reach = Reach::new(game, &families);
    for (parts, notation) in all.iter().step_by(stride) {
        let frags = fragments(parts);
        let found = frags.iter().any(|f| reach.two_steps(f).contains(notation));
        assert!(
            found,
            "{notation}: no fragment of {frags:?} leads to it in two steps"
        );
        if let Err(e) = pick_path(game, &families, parts, notation) {
            panic!("{e}");
        }
    }
}
