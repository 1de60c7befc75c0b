//! Autocomplete that finds: typed text against every legal action,
//! answered with at most `limit` entries that each lead somewhere.
//!
//! Actions the text begins ([`Fit::Start`]) come first; those it appears
//! in ([`Fit::Inside`]) after them, or alone when none begins with it.
//! When more than `limit` actions fit, they are grouped at the first step
//! ([`Level`]) where they differ (the board, the man, the move, the second
//! part's man, its board, the second part), each group offered as the
//! text that narrows to it with its count. A group of one is offered as
//! its action.
//!
//! The work is done per family ([`Family`]): a family's head is read once,
//! each shared list of second parts once, and the pairs are counted by
//! the few ways their second parts meet the text, so that a 21-branch
//! multiverse turn (1.2 million actions) is looked at in milliseconds.

use std::sync::Arc;

use rustc_hash::FxHashMap as FastMap;

use super::levels::{Level, key, label, value};
use super::matcher::{Fit, Info, Orders, Reading, Typed, fit_pair};
use super::parts::{Family, Tail};
use super::text::Line;

/// What the finder offers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The suggestions, at most `limit`: actions and groups to narrow to.
    pub entries: Vec<Entry>,
    /// How many legal actions the text fits: those it begins, or where
    /// none, those it appears in.
    pub total: usize,
}

/// One suggestion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What choosing it puts in the text box: an action's notation, or the
    /// text that narrows to a group.
    pub value: String,
    /// How it is shown: the notation, or the group's text with its count.
    pub label: String,
    /// How many actions it stands for (1: it is an action).
    pub count: usize,
    /// Whether the text begins its actions or only appears in them.
    pub fit: Fit,
}

impl Entry {
    /// Whether it is a whole action (not a group to narrow to).
    pub fn is_action(&self) -> bool {
        self.count == 1
    }
}

/// A family's head, read against the text.
struct Head {
    after_board: Reading,
    main: Info,
    after_main: Reading,
}

/// A shared list of second parts, read once: each tail's reading, by
/// index into the distinct readings.
struct ListReading {
    each: Vec<u32>,
    kinds: Vec<Info>,
}

/// How a family's tails are read: its list, how many of the list's tails
/// that go with it have each reading, and the orders of its two parts.
#[derive(Clone, Copy)]
struct TailsReading {
    list: usize,
    tally: usize,
    orders: Orders,
}

/// The families, read against one text.
struct Reader<'a, A> {
    families: &'a [Family<A>],
    /// Each family's head reading, by index into `head_readings`.
    heads: Vec<u32>,
    head_readings: Vec<Head>,
    tails: Vec<Option<TailsReading>>,
    lists: Vec<ListReading>,
    /// For each list and subset of it ([`super::Tails::only`]), how many
    /// tails have each reading.
    tallies: Vec<Vec<usize>>,
}

impl<'a, A: Clone> Reader<'a, A> {
    fn new(families: &'a [Family<A>], typed: &Typed) -> Reader<'a, A> {
        let mut heads = Vec::with_capacity(families.len());
        let mut head_readings: Vec<Head> = Vec::new();
        let mut tails = Vec::with_capacity(families.len());
        let mut lists: Vec<ListReading> = Vec::new();
        let mut tallies: Vec<Vec<usize>> = Vec::new();
        let mut seen_lists: FastMap<*const Tail<A>, usize> = FastMap::default();
        let mut seen_tallies: FastMap<(usize, *const u64), usize> = FastMap::default();
        let mut after_board = Reading::begin(typed);
        for (i, f) in families.iter().enumerate() {
            tails.push(f.tails.as_ref().map(|t| {
                let list = *seen_lists.entry(t.list.as_ptr()).or_insert_with(|| {
                    lists.push(read_list(&t.list, typed));
                    lists.len() - 1
                });
                let only = t.only.as_ref().map_or(std::ptr::null(), |o| o.as_ptr());
                let tally = *seen_tallies.entry((list, only)).or_insert_with(|| {
                    let r = &lists[list];
                    let mut counts = vec![0; r.kinds.len()];
                    for (j, &k) in r.each.iter().enumerate() {
                        if t.allows(j) {
                            counts[k as usize] += 1;
                        }
                    }
                    tallies.push(counts);
                    tallies.len() - 1
                });
                TailsReading {
                    list,
                    tally,
                    orders: Orders::new(t.first, t.either_order),
                }
            }));
            // Consecutive families often share their board and main part.
            let same_board = i > 0 && families[i - 1].board == f.board;
            let same = same_board && families[i - 1].main == f.main;
            if !same_board {
                after_board = Reading::begin(typed).then(&Info::of_board(typed, f.board.as_ref()));
            }
            if !same {
                let main = Info::of_part(typed, &f.main);
                head_readings.push(Head {
                    after_board,
                    main,
                    after_main: after_board.then(&main),
                });
            }
            heads.push((head_readings.len() - 1) as u32);
        }
        Reader {
            families,
            heads,
            head_readings,
            tails,
            lists,
            tallies,
        }
    }

    fn head(&self, i: usize) -> &Head {
        &self.head_readings[self.heads[i] as usize]
    }

    /// How the text fits family `i`'s action with tail `tail`.
    fn fit(&self, i: usize, tail: Option<usize>) -> Option<Fit> {
        let h = self.head(i);
        match (self.tails[i], tail) {
            (None, _) => h.after_main.fit(),
            (Some(r), Some(t)) => {
                let list = &self.lists[r.list];
                let info = list.kinds.get(*list.each.get(t)? as usize)?;
                fit_pair(h.after_board, h.after_main, &h.main, info, r.orders)
            }
            (Some(_), None) => None,
        }
    }

    /// How many of family `i`'s actions the text begins, and appears in
    /// (not beginning).
    fn count(&self, i: usize) -> [usize; 2] {
        let h = self.head(i);
        let f = &self.families[i];
        let Some(r) = self.tails[i] else {
            return match h.after_main.fit() {
                Some(Fit::Start) => [1, 0],
                Some(Fit::Inside) => [0, 1],
                None => [0, 0],
            };
        };
        let mut n = [0, 0];
        let kinds = &self.lists[r.list].kinds;
        for (info, &count) in kinds.iter().zip(&self.tallies[r.tally]) {
            if count == 0 {
                continue;
            }
            match fit_pair(h.after_board, h.after_main, &h.main, info, r.orders) {
                Some(Fit::Start) => n[0] += count,
                Some(Fit::Inside) => n[1] += count,
                None => {}
            }
        }
        if let Some(t) = &f.tails
            && let Some(skip) = t.skip
            && t.allows(skip)
        {
            match self.fit(i, Some(skip)) {
                Some(Fit::Start) => n[0] -= 1,
                Some(Fit::Inside) => n[1] -= 1,
                None => {}
            }
        }
        n
    }

    /// Family `i`'s actions the text fits as `fit`: `None` for its own
    /// action, else tail indices.
    fn members(&self, i: usize, fit: Fit) -> impl Iterator<Item = Option<usize>> + '_ {
        let f = &self.families[i];
        let own = f.tails.is_none().then_some(None);
        own.into_iter()
            .chain(f.tail_indices().map(Some))
            .filter(move |&t| self.fit(i, t) == Some(fit))
    }
}

fn read_list<A>(list: &Arc<[Tail<A>]>, typed: &Typed) -> ListReading {
    let mut index: FastMap<Info, u32> = FastMap::default();
    let mut kinds: Vec<Info> = Vec::new();
    let each = list
        .iter()
        .map(|t| {
            let info = Info::of_part(typed, &t.part);
            *index.entry(info).or_insert_with(|| {
                kinds.push(info);
                (kinds.len() - 1) as u32
            })
        })
        .collect();
    ListReading { each, kinds }
}

/// The first step at which actions differ, learnt one family at a time.
struct Divergence {
    /// The first action's key at each step but the last, once known.
    first: [Option<Option<Line>>; 6],
    at: Level,
}

impl Divergence {
    fn new() -> Divergence {
        Divergence {
            first: [None; 6],
            at: Level::Action,
        }
    }

    /// Notes the actions of family `i` that the text fits as `fit` (`n` of
    /// them); their second parts are read only while every head so far
    /// was the same.
    fn note<A: Clone>(&mut self, reader: &Reader<'_, A>, i: usize, n: usize, fit: Fit) {
        if n == 0 {
            return;
        }
        let f = &reader.families[i];
        for level in [Level::Board, Level::Man, Level::Main] {
            if level >= self.at {
                return;
            }
            self.compare(level, key(f, None, level));
        }
        if self.at <= Level::Main {
            return;
        }
        for t in reader.members(i, fit) {
            for level in [Level::AlsoMan, Level::AlsoTarget, Level::Also] {
                self.compare(level, key(f, t, level));
            }
            if self.at <= Level::AlsoMan {
                return;
            }
        }
    }

    fn compare(&mut self, level: Level, key: Option<Line>) {
        if level >= self.at {
            return;
        }
        let slot = &mut self.first[level as usize];
        match slot {
            None => *slot = Some(key),
            Some(first) if *first != key => self.at = level,
            Some(_) => {}
        }
    }
}

/// Up to `limit` entries for `typed` among the legal actions described by
/// `families`; `write` gives an action's notation.
pub fn find<A: Clone>(
    families: &[Family<A>],
    typed: &str,
    limit: usize,
    write: impl Fn(&A) -> String,
) -> Found {
    let Some(typed) = Typed::new(typed) else {
        return Found::default();
    };
    if limit == 0 {
        return Found::default();
    }
    let reader = Reader::new(families, &typed);
    let counts: Vec<[usize; 2]> = (0..families.len()).map(|i| reader.count(i)).collect();
    let starts: usize = counts.iter().map(|c| c[0]).sum();
    let insides: usize = counts.iter().map(|c| c[1]).sum();
    let (primary, fit) = if starts > 0 {
        (0, Fit::Start)
    } else {
        (1, Fit::Inside)
    };
    let total = counts.iter().map(|c| c[primary]).sum::<usize>();
    let mut entries = Vec::new();
    let group = |mode: usize, fit: Fit, room: usize, entries: &mut Vec<Entry>| {
        let mut d = Divergence::new();
        for (i, c) in counts.iter().enumerate() {
            d.note(&reader, i, c[mode], fit);
        }
        collect_groups(&reader, &counts, mode, fit, d.at, room, &write, entries);
    };
    if total <= limit {
        collect_actions(&reader, &counts, primary, fit, total, &write, &mut entries);
        let room = limit - entries.len();
        if primary == 0 && room > 0 && insides > 0 {
            if insides <= room {
                collect_actions(
                    &reader,
                    &counts,
                    1,
                    Fit::Inside,
                    insides,
                    &write,
                    &mut entries,
                );
            } else {
                group(1, Fit::Inside, room, &mut entries);
            }
        }
    } else {
        group(primary, fit, limit, &mut entries);
    }
    Found { entries, total }
}

/// Up to `limit` whole actions the text fits, those it begins first,
/// without grouping, and how many fit in all.
pub fn examples<A: Clone>(
    families: &[Family<A>],
    typed: &str,
    limit: usize,
    write: impl Fn(&A) -> String,
) -> (Vec<String>, usize) {
    let Some(typed) = Typed::new(typed) else {
        return (Vec::new(), 0);
    };
    let reader = Reader::new(families, &typed);
    let counts: Vec<[usize; 2]> = (0..families.len()).map(|i| reader.count(i)).collect();
    let starts: usize = counts.iter().map(|c| c[0]).sum();
    let insides: usize = counts.iter().map(|c| c[1]).sum();
    let mut entries = Vec::new();
    collect_actions(
        &reader,
        &counts,
        0,
        Fit::Start,
        starts.min(limit),
        &write,
        &mut entries,
    );
    let room = limit.saturating_sub(entries.len());
    collect_actions(
        &reader,
        &counts,
        1,
        Fit::Inside,
        insides.min(room),
        &write,
        &mut entries,
    );
    let total = if starts > 0 { starts } else { insides };
    (entries.into_iter().map(|e| e.value).collect(), total)
}

fn collect_actions<A: Clone>(
    reader: &Reader<'_, A>,
    counts: &[[usize; 2]],
    mode: usize,
    fit: Fit,
    want: usize,
    write: &impl Fn(&A) -> String,
    out: &mut Vec<Entry>,
) {
    let mut found = 0;
    for (i, c) in counts.iter().enumerate() {
        if found >= want {
            return;
        }
        if c[mode] == 0 {
            continue;
        }
        let f = &reader.families[i];
        for t in reader.members(i, fit) {
            if found >= want {
                return;
            }
            if let Some(action) = f.action_with(t) {
                let notation = write(&action);
                out.push(Entry {
                    value: notation.clone(),
                    label: notation,
                    count: 1,
                    fit,
                });
                found += 1;
            }
        }
    }
}

/// A group being gathered: its size and first member.
struct Gathered {
    count: usize,
    family: usize,
    tail: Option<usize>,
}

/// Groups in order of first appearance, found by key.
#[derive(Default)]
struct Groups {
    order: Vec<Gathered>,
    index: FastMap<Option<Line>, usize>,
}

impl Groups {
    /// Adds `n` actions to the group of key `k` (made with this first
    /// member if new); the group's place.
    fn add(&mut self, k: Option<Line>, n: usize, family: usize, tail: Option<usize>) -> usize {
        match self.index.get(&k) {
            Some(&g) => {
                self.order[g].count += n;
                g
            }
            None => {
                self.index.insert(k, self.order.len());
                self.order.push(Gathered {
                    count: n,
                    family,
                    tail,
                });
                self.order.len() - 1
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn collect_groups<A: Clone>(
    reader: &Reader<'_, A>,
    counts: &[[usize; 2]],
    mode: usize,
    fit: Fit,
    level: Level,
    room: usize,
    write: &impl Fn(&A) -> String,
    out: &mut Vec<Entry>,
) {
    let mut groups = Groups::default();
    let mut last: Option<(usize, usize)> = None;
    for (i, c) in counts.iter().enumerate() {
        let n = c[mode];
        if n == 0 {
            continue;
        }
        let f = &reader.families[i];
        if level.is_head() {
            // Consecutive families of one board share the board's group.
            if level == Level::Board
                && let Some((j, g)) = last
                && reader.families[j].board == f.board
            {
                groups.order[g].count += n;
                last = Some((i, g));
                continue;
            }
            let first = reader.members(i, fit).next().flatten();
            let g = groups.add(key(f, None, level), n, i, first);
            last = Some((i, g));
        } else if level == Level::Action {
            for t in reader.members(i, fit) {
                groups.add(Some(action_key(i, t)), 1, i, t);
            }
        } else {
            for t in reader.members(i, fit) {
                groups.add(key(f, t, level), 1, i, t);
            }
        }
    }
    for g in groups.order.into_iter().take(room) {
        let f = &reader.families[g.family];
        if g.count == 1 {
            if let Some(action) = f.action_with(g.tail) {
                let notation = write(&action);
                out.push(Entry {
                    value: notation.clone(),
                    label: notation,
                    count: 1,
                    fit,
                });
            }
            continue;
        }
        let value = value(f, g.tail, level);
        let what = label(f, g.tail, level);
        let label = if level == Level::Man && !what.is_empty() {
            format!("{value} … {what}: {} actions", g.count)
        } else {
            format!("{value} … {} actions", g.count)
        };
        out.push(Entry {
            value,
            label,
            count: g.count,
            fit,
        });
    }
}

/// A key telling actions apart by place.
fn action_key(family: usize, tail: Option<usize>) -> Line {
    let mut k = Line::default();
    let _ = std::fmt::Write::write_fmt(
        &mut k,
        format_args!("#{family}.{}", tail.map_or(0, |t| t + 1)),
    );
    k
}
