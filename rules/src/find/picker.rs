//! The guided picker: the legal actions offered a step at a time ([`Level`]:
//! the board, the man, its move, then a second part's man, board and
//! square), at most [`MAX_OPTIONS`] options a step, until one action is
//! left to confirm.
//!
//! A path is the keys chosen so far, one for each step that offered a
//! choice; steps with a single option are taken without asking. Keys are
//! words of the actions themselves (`l3`, `ng1-`, `nf3`, `ra1>>`, `t1`),
//! never positions in a list, so a path read again after a restart, or
//! after the game moved on, either leads to the same action or says which
//! step names nothing now ([`Pick::Gone`]). A step with more options than
//! fit is split into ranges (`~0-40`), each a choice of its own.

use std::collections::HashMap;

use super::levels::{Level, key, label};
use super::parts::Family;
use super::text::Line;

/// The most options one step offers (Discord's select menus hold 25).
pub const MAX_OPTIONS: usize = 25;

/// Where a path leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Choose one of `options` to go on.
    Choose {
        /// The step the options are at.
        level: Level,
        /// The options, at most [`MAX_OPTIONS`].
        options: Vec<Choice>,
        /// How many actions the path still allows.
        total: usize,
        /// The options chosen so far, as shown.
        chosen: Vec<String>,
    },
    /// The path leads to one action.
    Ready {
        /// The action, in canonical notation.
        notation: String,
        /// The options chosen on the way, as shown.
        chosen: Vec<String>,
    },
    /// Key number `step` of the path names no option now.
    Gone {
        /// The key's place in the path, from 0.
        step: usize,
    },
    /// There is no legal action.
    Nothing,
}

/// One option of a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What goes into the path.
    pub key: String,
    /// How it is shown: the man, the move or the board, or a range.
    pub label: String,
    /// How many actions it leads to.
    pub count: usize,
}

/// The actions a path allows: families, each whole or some of its
/// members.
struct Selection {
    families: Vec<(usize, Option<Vec<Option<usize>>>)>,
}

impl Selection {
    fn members<'a, A: Clone>(
        &'a self,
        families: &'a [Family<A>],
    ) -> impl Iterator<Item = (usize, Option<usize>)> + 'a {
        self.families.iter().flat_map(move |(i, some)| {
            let all: Box<dyn Iterator<Item = Option<usize>>> = match some {
                Some(list) => Box::new(list.iter().copied()),
                None => {
                    let f = &families[*i];
                    if f.tails.is_none() {
                        Box::new(std::iter::once(None))
                    } else {
                        Box::new(f.tail_indices().map(Some))
                    }
                }
            };
            all.map(move |t| (*i, t))
        })
    }

    fn len<A: Clone>(&self, families: &[Family<A>]) -> usize {
        self.families
            .iter()
            .map(|(i, some)| some.as_ref().map_or_else(|| families[*i].len(), Vec::len))
            .sum()
    }
}

/// A step's options before ranges: key, first member, count.
struct Option_ {
    key: String,
    first: (usize, Option<usize>),
    count: usize,
}

/// The options at `level` of the selection, in order of first appearance.
fn options<A: Clone>(families: &[Family<A>], sel: &Selection, level: Level) -> Vec<Option_> {
    let mut out: Vec<Option_> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut add = |k: String, first: (usize, Option<usize>), n: usize| match index.get(&k) {
        Some(&o) => out[o].count += n,
        None => {
            index.insert(k.clone(), out.len());
            out.push(Option_ {
                key: k,
                first,
                count: n,
            });
        }
    };
    if level.is_head() {
        for (i, some) in &sel.families {
            let n = some.as_ref().map_or_else(|| families[*i].len(), Vec::len);
            if n > 0 {
                add(key_text(key(&families[*i], None, level)), (*i, None), n);
            }
        }
    } else if level == Level::Action {
        for (k, (i, t)) in sel.members(families).enumerate() {
            add(format!("#{k}"), (i, t), 1);
        }
    } else {
        for (i, t) in sel.members(families) {
            add(key_text(key(&families[i], t, level)), (i, t), 1);
        }
    }
    out
}

/// A key as it goes into a path: `-` for a step the action does not have.
fn key_text(k: Option<Line>) -> String {
    k.map_or_else(|| "-".to_owned(), |l| l.to_string())
}

/// Keeps the members whose key at `level` is `wanted`.
fn narrow<A: Clone>(
    families: &[Family<A>],
    sel: Selection,
    level: Level,
    wanted: &str,
) -> Selection {
    if level.is_head() {
        return Selection {
            families: sel
                .families
                .into_iter()
                .filter(|(i, _)| key_text(key(&families[*i], None, level)) == wanted)
                .collect(),
        };
    }
    let mut out: Vec<(usize, Option<Vec<Option<usize>>>)> = Vec::new();
    for (k, (i, t)) in sel.members(families).enumerate() {
        let hit = if level == Level::Action {
            format!("#{k}") == wanted
        } else {
            key_text(key(&families[i], t, level)) == wanted
        };
        if !hit {
            continue;
        }
        match out.last_mut() {
            Some((j, Some(list))) if *j == i => list.push(t),
            _ => out.push((i, Some(vec![t]))),
        }
    }
    Selection { families: out }
}

/// Reads `path` over the legal actions described by `families`; `write`
/// gives an action's notation.
pub fn pick<A: Clone, S: AsRef<str>>(
    families: &[Family<A>],
    path: &[S],
    write: impl Fn(&A) -> String,
) -> Pick {
    let mut sel = Selection {
        families: (0..families.len())
            .filter(|&i| !families[i].is_empty())
            .map(|i| (i, None))
            .collect(),
    };
    if sel.families.is_empty() {
        return Pick::Nothing;
    }
    let mut level = Some(Level::Board);
    let mut range: Option<(usize, usize)> = None;
    let mut step = 0;
    let mut chosen = Vec::new();
    loop {
        let total = sel.len(families);
        if total == 1
            && let Some((i, t)) = sel.members(families).next()
            && let Some(action) = families[i].action_with(t)
        {
            return if step < path.len() {
                Pick::Gone { step }
            } else {
                Pick::Ready {
                    notation: write(&action),
                    chosen,
                }
            };
        }
        let Some(l) = level else {
            return Pick::Nothing;
        };
        let opts = options(families, &sel, l);
        if opts.len() <= 1 && range.is_none() {
            level = l.next();
            continue;
        }
        let (lo, hi) = range.unwrap_or((0, opts.len()));
        let shown = &opts[lo.min(opts.len())..hi.min(opts.len())];
        let Some(wanted) = path.get(step).map(AsRef::as_ref) else {
            return Pick::Choose {
                level: l,
                options: present(families, l, shown, lo),
                total,
                chosen,
            };
        };
        step += 1;
        if let Some(r) = read_range(wanted) {
            if r.0 < lo || r.1 > hi || r.0 >= r.1 {
                return Pick::Gone { step: step - 1 };
            }
            range = Some(r);
            continue;
        }
        let Some(option) = shown.iter().find(|o| o.key == wanted) else {
            return Pick::Gone { step: step - 1 };
        };
        chosen.push(option_label(families, l, option));
        sel = narrow(families, sel, l, wanted);
        range = None;
        level = l.next();
    }
}

/// The path the picker takes to `action` (one of the legal actions the
/// families make): at each step that offers a choice, the action's key,
/// or the range holding it. `None` when no family makes it.
pub fn path_to<A: Clone + PartialEq>(
    families: &[Family<A>],
    action: &A,
    write: impl Fn(&A) -> String,
) -> Option<Vec<String>> {
    let target = families.iter().enumerate().find_map(|(i, f)| {
        if f.tails.is_none() {
            (f.action == *action).then_some((i, None))
        } else {
            f.tail_indices()
                .find(|&t| f.action_with(Some(t)).as_ref() == Some(action))
                .map(|t| (i, Some(t)))
        }
    })?;
    let notation = write(action);
    let mut path: Vec<String> = Vec::new();
    loop {
        match pick(families, &path, &write) {
            Pick::Ready { notation: n, .. } => return (n == notation).then_some(path),
            Pick::Choose { level, options, .. } => {
                let wanted = if level == Level::Action {
                    // Told apart by place: the option whose action it is.
                    options.iter().map(|o| o.key.clone()).find(|k| {
                        let mut p = path.clone();
                        p.push(k.clone());
                        matches!(pick(families, &p, &write), Pick::Ready { notation: n, .. } if n == notation)
                    })?
                } else {
                    key_text(key(&families[target.0], target.1, level))
                };
                let next = options
                    .iter()
                    .find(|o| o.key == wanted)
                    .map(|o| o.key.clone());
                let next = match next {
                    Some(k) => k,
                    // A range: the one whose options hold the key.
                    None => options
                        .iter()
                        .filter(|o| o.key.starts_with('~'))
                        .find_map(|o| {
                            let mut p = path.clone();
                            p.push(o.key.clone());
                            match pick(families, &p, &write) {
                                Pick::Choose { options, .. }
                                    if options
                                        .iter()
                                        .any(|x| x.key == wanted || x.key.starts_with('~')) =>
                                {
                                    contains(families, &p, &wanted, &write).then(|| o.key.clone())
                                }
                                _ => None,
                            }
                        })?,
                };
                path.push(next);
            }
            Pick::Gone { .. } | Pick::Nothing => return None,
        }
    }
}

/// Whether the step at `path` offers `key`, directly or in a range.
fn contains<A: Clone>(
    families: &[Family<A>],
    path: &[String],
    key: &str,
    write: &impl Fn(&A) -> String,
) -> bool {
    match pick(families, path, write) {
        Pick::Choose { options, .. } => options.iter().any(|o| {
            o.key == key
                || (o.key.starts_with('~') && {
                    let mut p = path.to_vec();
                    p.push(o.key.clone());
                    contains(families, &p, key, write)
                })
        }),
        _ => false,
    }
}

/// `~3-9`: options 3 to 8 of a step.
fn read_range(key: &str) -> Option<(usize, usize)> {
    let (a, b) = key.strip_prefix('~')?.split_once('-')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// The options of a step as choices: each one, or where there are too
/// many, ranges of them.
fn present<A: Clone>(
    families: &[Family<A>],
    level: Level,
    shown: &[Option_],
    lo: usize,
) -> Vec<Choice> {
    let choice = |o: &Option_| Choice {
        key: o.key.clone(),
        label: option_label(families, level, o),
        count: o.count,
    };
    if shown.len() <= MAX_OPTIONS {
        return shown.iter().map(choice).collect();
    }
    let chunk = shown.len().div_ceil(MAX_OPTIONS);
    shown
        .chunks(chunk)
        .enumerate()
        .map(|(c, part)| {
            if let [one] = part {
                // A range of one is that option.
                return choice(one);
            }
            let start = lo + c * chunk;
            let first = part
                .first()
                .map(|o| option_label(families, level, o))
                .unwrap_or_default();
            let last = part
                .last()
                .map(|o| option_label(families, level, o))
                .unwrap_or_default();
            Choice {
                key: format!("~{start}-{}", start + part.len()),
                label: format!("{first} … {last}"),
                count: part.iter().map(|o| o.count).sum(),
            }
        })
        .collect()
}

fn option_label<A: Clone>(families: &[Family<A>], level: Level, o: &Option_) -> String {
    let (i, t) = o.first;
    let f = &families[i];
    match level {
        Level::Action => full_text(f, t),
        // The action that stops before this step (a board move without
        // travel, among those with one).
        _ if o.key == "-" => format!("{} alone", full_text(f, t)),
        _ => label(f, t, level),
    }
}

/// An action's parts written out, for a step that tells actions apart
/// only as wholes.
fn full_text<A: Clone>(f: &Family<A>, t: Option<usize>) -> String {
    let parts = f.parts_with(t);
    let mut s = String::new();
    if let Some(b) = parts.board {
        s.push_str(&format!("({}) ", b.key));
    }
    match parts.also {
        Some(a) if a.first => s.push_str(&format!("{} {}", a.part.text, parts.main.text)),
        Some(a) => s.push_str(&format!("{} {}", parts.main.text, a.part.text)),
        None => s.push_str(parts.main.text.as_str()),
    }
    s
}
