//! 5D chess searched on whole turns built board by board (issue 49), not
//! on the first turns the rules' search lists.
//!
//! A 5D position can have millions of legal turns, and the rules' search
//! finds them in an order that says nothing of their worth: its first
//! thousand are mostly the variations of one board. Here each owed
//! board's moves are weighed on their own ([`Builder`]: the draft after the
//! move, evaluated; a move that leaves a royal
//! man capturable on a board it makes is never part of a legal turn), and
//! whole turns are put together best first from the best of each board,
//! each checked whole (the present passed, no royal man capturable, F-5
//! and F-10) before it is searched. A turn may end early where a jump into
//! the past has already moved the present to the opponent. Where that
//! finds no turn (in check, when only some combination of boards answers
//! it) the rules' list fills in, so a state with a legal turn always has
//! one to search.
//!
//! Past the horizon, a turn reached by a capture may be answered by the
//! builder's capturing turns ([`Turns::captures`]), as many turns deep as
//! the level's quiescence.
//!
//! Mates: the turns that check are built from every checking board move
//! ([`Builder::checks`]); the guard's mate in one tries them first, and at
//! the levels that look for one a mate in two is proved at the root
//! ([`mate_in_two`]): a checking turn against which every reply, all of
//! them as the rules list them, is met by a mate in one. Nets ([`net_in`])
//! are the same shape looked for more cheaply, against the best replies
//! only: played where a level finds one, and looked for against the turn
//! it would play.

use std::cell::Cell;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chronomate_rules::fived::{Action, Draft, Exposure, FiveD, Move};
use chronomate_rules::{Color, Rules, Status};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::Domain;
use super::face::{Face, Node};
use crate::eval::fived::{LastBoards, forcing};
use crate::eval::for_side;
use crate::level::Settings;
use crate::score::MATE;

/// What giving check adds to a board move's gain when turns are ranked:
/// about a minor man, so that checks come early without crowding out a
/// capture of a rook.
const CHECK: i32 = 150;

/// How many combinations of board moves the builder may try for each turn
/// it is asked for: most fail only where boards interact (a hop onto
/// another owed board, a check left open).
const TRIES_PER_TURN: usize = 6;

/// Replies to a checking turn past which [`mate_in_two`] does not try to
/// answer them all: a turn that leaves so many is rarely a mate.
const REPLY_CAP: usize = 64;

/// The steps the rules' search may take listing the replies to a first
/// turn of a mate in two (all of them, to prove the mate): in a
/// multiverse of many timelines in check, 250 turns took 592 million
/// steps and 4.4 s (docs/engine-journal.md, issue 49, "Looks held to
/// their work"). A first turn whose replies take more is not a mate the
/// look can prove.
const REPLY_STEPS: usize = 262_144;

/// Checking turns tried as the first turn of a mate in two, and as a mate
/// in one after each reply.
const CHECKS_CAP: usize = 48;

/// Turns of the builder's best, besides the checking turns, tried as the
/// first of a net ([`net_in`]): a net's first turn is as often quiet (a
/// man brought to bear across timelines) as checking.
const NET_QUIET: usize = 16;

/// How far a look for a net ([`net_in`]) goes.
#[derive(Clone, Copy, Debug)]
struct Net {
    /// The other side's replies to a first turn that must all be met by a
    /// mate in one: the builder's best so many...
    replies: usize,
    /// ... and the first so many the rules list besides them.
    listed: usize,
    /// The work the look may do, counted as the search counts its nodes
    /// ([`Work`]): a builder made (each weighs every board move of a state)
    /// is one, and one more for every [`MOVES_A_UNIT`] board moves it
    /// weighs or makes; every [`STEPS_A_NODE`] steps of the rules' search,
    /// judging a turn for mate or listing turns, one more (in a multiverse
    /// of many timelines in check, one judgement can cost as much as a
    /// hundred builders).
    work: u64,
    /// Whether a net found must leave the other side no mate in one among
    /// the builder's checking turns (a net to play, not one to avoid).
    safe: bool,
}

/// The guard's look for a net against the turn it would play: the
/// opponent's first turns, each against the builder's best 8 replies, as
/// a player answers a threat.
const GUARD_NET: Net = Net {
    replies: 8,
    listed: 0,
    work: 64,
    safe: false,
};

/// The look for a net to play ([`net_to_play`]): each first turn against
/// as many replies as levels 3 to 5 weigh and then look through for a
/// defence (48 of the builder's, 48 of the rules' list), so that a net
/// played holds against the defences they find.
const PLAYED_NET: Net = Net {
    replies: 48,
    listed: 48,
    work: 256,
    safe: true,
};

/// The checking turns tried as the mate in one after each reply in a net,
/// each decided within [`MATE_STEPS`]: a look for a net asks it of every
/// reply, and most replies escape, so every one is tried.
const NET_CHECKS: usize = 16;

/// How many of the turns the rules list are judged for a mate where the
/// builder's checking turns have none. Each that checks costs a search for
/// the opponent's legal turn, which in a position of many timelines takes
/// milliseconds: all 1,000 of the list, for each of the guard's replies,
/// held a level-2 turn of a ladder game for minutes; the look is held to
/// its work since ([`LISTED_WORK`]). 250 left out a quiet mate across
/// three boards, 449th in the list, after the turn level 4 chose once
/// inactive timelines counted an eighth (the test
/// `fived_levels_do_not_walk_into_a_quiet_mate_the_sample_left_out`).
const LISTED_MATES: usize = 500;

/// The work (counted as [`Net::work`] is) the look for a mate among the
/// rules' list ([`LISTED_MATES`]) may do: listing them and judging each.
/// In a multiverse of many timelines where every turn checks, the 250
/// took 3.9 s to judge (2,500 steps each) and as long again to list, and
/// the guard asks the look of each turn it checks: a level-4 turn of a
/// ladder game took 14 s (docs/engine-journal.md, issue 49, "Looks held
/// to their work"). 4,096 is 65,536 steps, about 0.4 s.
const LISTED_WORK: u64 = 4_096;

/// The work all the looks for a mate at once of one search may do
/// ([`mate_at_once`]): the guard asks one of every turn it checks, and
/// tries the mates it found against the others first, each judged
/// within [`JUDGE_STEPS`]. Where most judgements take a few steps (they
/// cost nothing, [`Work::steps`]) it is never spent; in a ladder game's
/// multiverse where a reply found mating took thousands of steps to judge
/// against each turn, a level-4 turn took 12 s (docs/engine-journal.md,
/// issue 49, "Looks held to their work"). 16,384 units is 262,144 steps.
const LOOKS_WORK: u64 = 16_384;

/// The board moves a builder weighs or makes for each unit of a look's
/// work ([`Net::work`]) past the one it costs: weighing a move drafts it,
/// which takes about a microsecond in a multiverse of a few timelines and
/// 6 in one of 163 (13,824 moves, 90 ms), where a node of the search
/// takes a hundred. A builder of fewer costs one unit, as before the
/// count: the nets of the 5D ladder's games were found so (a builder of a
/// few hundred moves charged two units lost one of them).
const MOVES_A_UNIT: u64 = 1_024;

/// The board moves a builder may make putting checking turns together
/// ([`Builder::checking_turns`]), past which it gives those it has: in a
/// multiverse of 110 timelines and about 50 boards owed, one look made 1.2
/// million (3 s), where a few thousand are usual (docs/engine-journal.md,
/// issue 49, "Looks held to their work").
const MADE_CAP: usize = 65_536;

/// The drafts a builder keeps of each board's weighed moves, the best
/// first (and the first [`CHECKS_CAP`] checking ones): turns start from
/// them. The rest are
/// dropped at once and drafted again where a turn needs one: in a
/// multiverse of 163 timelines, the 13,824 drafts of every board move
/// took longer to drop than to weigh.
const KEPT_DRAFTS: usize = 16;

/// Capturing turns made at a quiescence node, of which the search goes on
/// with the best few by their states' evaluations (`quiescence.rs`).
const CAPTURES_CAP: usize = 8;

/// The steps the rules' search may take to decide whether a turn mates
/// (`FiveD::mates_within`: points taken, and pieces of its space cut):
/// every checkmate of the corpus is decided in under 400
/// (rules/tests/fived/face.rs), and a position of many timelines in check
/// can otherwise take the search seconds and gigabytes, which held a
/// ladder game's level-3 turn for minutes. A mate left undecided is not
/// played, nor scored as one. Every child the search makes is judged so.
pub(crate) const MATE_STEPS: usize = 1_000;

/// The steps the rules' search may take listing a searched state's turns
/// where the builder's combinations find too few (in check, when only some
/// combination of boards answers it): [`Turns::moves`], [`Turns::captures`]
/// and the guard's escapes. The rules' search took minutes to find a first
/// turn where timelines were many and one was in check (the regress record
/// rules/tests/fived/data/regress/slow-judgement.txt: 117 timelines; 8,259
/// steps since 2026-12-07), and listing one such state held a level-4
/// turn without a clock for 38 minutes (docs/engine-journal.md, issue 49,
/// "Listings held to their steps"). A listing that gives up with no turn
/// leaves the state undecided, its evaluation standing (a mate left
/// undecided is not scored as one); the builder's steps are charged as
/// [`MATE_STEPS`]' are. In that game the longest listing that found its
/// turns took 34,374 steps (before 2026-12-07).
const LIST_STEPS: usize = 65_536;

/// The steps of the rules' search judging a turn made for mate
/// ([`MATE_STEPS`]) charged to the search's budget as one node more
/// (`Domain::extra_work`; the nodes it reports are the states it made):
/// a step takes about 6 microseconds, a node of a few timelines about 100.
/// There a turn made rarely needs a step (the opponent is out of check, or
/// a turn of one move a board shows at once that it has one); in a
/// multiverse of 30 timelines in check, nodes judged hundreds of steps
/// each, and level 8 with no deadline took two minutes for its budget of
/// states (the regress game after 62 turns, a ladder game after 70), 7
/// and 14 s so charged (docs/engine-journal.md, issue 49, "Turns of
/// minutes").
const STEPS_A_NODE: u64 = 16;

/// The steps the rules' search may take to decide whether a turn mates
/// where a few turns are judged, not every child the search makes: the
/// mates at once looked for at the root and against the turn chosen (the
/// guard), and the mate in two. Of 140 ladder games ended by a mate, 19
/// ended in mates that [`MATE_STEPS`] leave undecided, so the loser's
/// guard could not see them; 10,000 steps decide all but 4 of the 140, in
/// 200 ms at most. Level 5 so against level 5 as it was, 80 games: it lost
/// none to such a mate, its opponent 8 (docs/engine-journal.md, issue 49,
/// "Mates the guard could not decide").
const JUDGE_STEPS: usize = 10_000;

/// Whether `deadline` has passed (never, where there is none).
fn passed(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|t| Instant::now() >= t)
}

/// Whether `action` mates in `state`, decided within [`JUDGE_STEPS`]
/// (`FiveD::mates_within`'s answer), with F-10 asked of `exposure`, the
/// exposure of `state`: for less where many turns of one state are judged,
/// as each turn's check and royal safety no longer walk every board's
/// lines of attack again.
fn mates_under(state: &FiveD, exposure: &Exposure<'_>, action: &Action) -> bool {
    drafted(state, action).is_some_and(|draft| mated(draft, exposure))
}

/// The draft of `action`'s board moves in `state`; `None` where one is
/// refused.
fn drafted(state: &FiveD, action: &Action) -> Option<Draft> {
    let mut draft = state.draft();
    for mv in &action.moves {
        draft.make(mv).ok()?;
    }
    Some(draft)
}

/// Whether the turn drafted in `draft` (of the state `exposure` is of)
/// mates, decided within [`JUDGE_STEPS`]: it checks, may be submitted, and
/// leaves the opponent no turn.
fn mated(draft: Draft, exposure: &Exposure<'_>) -> bool {
    mated_within(draft, exposure, JUDGE_STEPS).0
}

/// [`mated`], decided within `steps`, and the steps the judgement took.
fn mated_within(mut draft: Draft, exposure: &Exposure<'_>, steps: usize) -> (bool, usize) {
    if !(draft.checks_opponent_under(exposure) && draft.submittable_under(exposure)) {
        return (false, 0);
    }
    match draft.submit_judging_mates_counted(steps) {
        Ok((next, taken)) => (next.status().is_over(), taken),
        Err(_) => (false, 0),
    }
}

/// A board move with what it gains for the mover, alone on the draft.
#[derive(Clone, Copy, Debug)]
struct Weighed {
    mv: Move,
    gain: i32,
    check: bool,
}

/// A state's board moves, weighed board by board, ready to be put
/// together into turns.
pub(crate) struct Builder<'s> {
    state: &'s FiveD,
    /// Each weighed move's draft, to start a turn from.
    drafts: HashMap<Move, Draft>,
    /// The owed boards' moves, best first, one list a board (F-5).
    owed: Vec<Vec<Weighed>>,
    /// The moves of the mover's other playable boards, which a turn may
    /// add (best first, all boards together).
    extra: Vec<Weighed>,
    /// F-10 for every turn drafted here, each board's lines of attack
    /// walked once.
    exposure: Exposure<'s>,
    /// When the turn's time is up: past it, no more checking turns are
    /// built or judged (in a multiverse of 40 timelines, building them
    /// took 2 s where none checked).
    until: Option<Instant>,
    /// The steps the rules' search took listing turns for [`Builder::best_within`]
    /// so far, for a look that counts its work ([`Work`]).
    listed_steps: Cell<usize>,
    /// Whether a listing of the rules' turns ran out of its steps before
    /// it ended: the turns built are then not all the state has.
    listing_gave_up: Cell<bool>,
    /// The board moves made on drafts putting turns together so far: as
    /// costly as weighing them, and where many boards are owed, a look for
    /// checking turns makes thousands.
    made: Cell<usize>,
}

impl<'s> Builder<'s> {
    /// Weighs every board move of the side to move in `state` by what it
    /// gains, for [`Builder::best_within`]. Whether a move checks is not asked:
    /// that is a search for a royal man's attackers on every board, a
    /// fifth of a node's time, and the search orders turns by their
    /// states' evaluations anyway. Where `until` passes first (weighing a
    /// large multiverse's moves can take a turn's time), it weighs
    /// nothing, and [`Builder::best_within`] gives the rules' first turns.
    pub(crate) fn within(state: &'s FiveD, until: Option<Instant>) -> Builder<'s> {
        Builder::weighing(state.exposure(), false, until)
    }

    /// Weighs every board move of the side to move in `state`, with
    /// whether it checks, for [`Builder::checking_turns`]; where `until`
    /// passes first (a large multiverse takes seconds), it builds no turn.
    pub(crate) fn checking(state: &'s FiveD, until: Option<Instant>) -> Builder<'s> {
        Builder::checking_under(state.exposure(), until)
    }

    /// [`Builder::checking`] of the state of `exposure`, going on with the
    /// lines of attack it has walked already (the mate look asks it of a
    /// few known turns first).
    pub(crate) fn checking_under(exposure: Exposure<'s>, until: Option<Instant>) -> Builder<'s> {
        Builder::weighing(exposure, true, until)
    }

    /// A builder that weighed nothing: it builds no turn.
    fn giving_up(exposure: Exposure<'s>) -> Builder<'s> {
        Builder {
            state: exposure.state(),
            drafts: HashMap::default(),
            owed: Vec::new(),
            extra: Vec::new(),
            exposure,
            until: None,
            listed_steps: Cell::new(0),
            listing_gave_up: Cell::new(false),
            made: Cell::new(0),
        }
    }

    /// Whether the turn's time is up.
    fn late(&self) -> bool {
        passed(self.until)
    }

    /// Whether the builder stops putting checking turns together: the
    /// turn's time is up, or it made [`MADE_CAP`] board moves doing so.
    /// The turns it has are judged all the same ([`Builder::mating`]).
    fn done_checking(&self) -> bool {
        self.late() || self.made.get() >= MADE_CAP
    }

    fn weighing(exposure: Exposure<'s>, checks: bool, until: Option<Instant>) -> Builder<'s> {
        let state = exposure.state();
        let side = state.to_move();
        let last = LastBoards::of(state);
        let base = for_side(last.for_white(state), side);
        let owed_lines = state.owed();
        let mut drafts = HashMap::default();
        let mut weigh_line = |line: i32| {
            let checks = checks.then_some(&exposure);
            weigh(state, line, side, (&last, base), checks, &mut drafts)
        };
        let late = || passed(until);
        let mut owed = Vec::with_capacity(owed_lines.len());
        let mut extra: Vec<Weighed> = Vec::new();
        for &line in &owed_lines {
            if late() {
                return Builder::giving_up(exposure);
            }
            owed.push(weigh_line(line));
        }
        for line in state.playable(side) {
            if !owed_lines.contains(&line) {
                if late() {
                    return Builder::giving_up(exposure);
                }
                extra.extend(weigh_line(line));
            }
        }
        extra.sort_by_key(|w| std::cmp::Reverse(w.gain));
        Builder {
            state,
            drafts,
            owed,
            extra,
            exposure,
            until,
            listed_steps: Cell::new(0),
            listing_gave_up: Cell::new(false),
            made: Cell::new(0),
        }
    }

    /// [`Builder::best_within`] with no limit on the listing's steps.
    #[cfg(test)]
    pub(crate) fn best(&self, width: usize) -> Vec<Built> {
        self.best_within(width, usize::MAX)
    }

    /// About `width` distinct legal turns, the best first by the sum of
    /// their board moves' gains: the owed boards' moves combined best
    /// first, then the best turn with a gaining move added on another
    /// playable board; the rules' list where that finds none, and in
    /// check to fill the width. A combination brings each of its
    /// submittable prefixes too (a turn that passes the present before
    /// its last board move), so the last one taken can pass the width by
    /// a few. The rules' list is walked within `steps` steps of their
    /// search ([`Builder::listed_steps`] counts them,
    /// [`Builder::listing_gave_up`] tells where they ran out): in a
    /// multiverse of many timelines in check, listing 48 escapes can take
    /// a second, and proving there are fewer much longer.
    fn best_within(&self, width: usize, steps: usize) -> Vec<Built> {
        let mut found = Found::default();
        for combo in Combinations::new(&self.owed).take(width.saturating_mul(TRIES_PER_TURN)) {
            if found.turns.len() >= width {
                break;
            }
            let moves: Vec<Move> = combo.iter().map(|w| w.mv).collect();
            self.collect(&moves, &mut found, false);
        }
        // A jump alone, where it passes the present by itself (the
        // combinations always move every owed board).
        if self.owed.len() > 1 {
            for w in self.owed.iter().flatten().filter(|w| w.mv.is_jump()) {
                if found.turns.len() >= width {
                    break;
                }
                self.collect(&[w.mv], &mut found, false);
            }
        }
        if let Some(first) = found.turns.first().map(|b| b.action.moves.clone()) {
            for w in self
                .extra
                .iter()
                .filter(|w| w.gain > 0 || w.check)
                .take(width)
            {
                if found.turns.len() >= width {
                    break;
                }
                let mut moves = first.clone();
                moves.push(w.mv);
                self.collect(&moves, &mut found, false);
            }
        }
        // In check the rules' list is all escapes: it fills the width
        // (where only some combination of boards answers a check, the
        // builder can find few or none).
        if found.turns.is_empty() || (found.turns.len() < width && self.state.is_check()) {
            let mut listed = self.state.legal_turns_within(steps);
            for action in listed.by_ref().take(width) {
                if found.turns.len() >= width {
                    break;
                }
                if found.seen.insert(action.clone()) {
                    found.turns.push(Built {
                        action,
                        draft: None,
                    });
                }
            }
            self.listed_steps
                .set(self.listed_steps.get() + listed.steps());
            if listed.gave_up() {
                self.listing_gave_up.set(true);
            }
        }
        found.turns
    }

    /// The steps the rules' search took listing turns for this builder.
    fn listed_steps(&self) -> usize {
        self.listed_steps.get()
    }

    /// Whether a listing of the rules' turns for this builder ran out of
    /// steps before it ended.
    fn listing_gave_up(&self) -> bool {
        self.listing_gave_up.get()
    }

    /// The board moves weighed: a builder's cost grows with them (in a
    /// multiverse of 163 timelines, 13,824 took 90 ms).
    fn weighed(&self) -> usize {
        self.owed.iter().map(Vec::len).sum::<usize>() + self.extra.len()
    }

    /// The turns of [`Builder::checking_turns`].
    #[cfg(test)]
    fn checks(&self, cap: usize) -> Vec<Action> {
        self.checking_turns(cap)
            .into_iter()
            .map(|built| built.action)
            .collect()
    }

    /// The first of the checking turns (up to `cap`, as
    /// [`Builder::checking_turns`] builds them) that `wanted` and that
    /// mates ([`JUDGE_STEPS`]), judged on the draft that found it checking;
    /// none once the builder's time is up (each judgement can take
    /// milliseconds in a large multiverse: a turn's time is the player's).
    fn mating(&self, cap: usize, wanted: impl Fn(&Action) -> bool) -> Option<Action> {
        self.checking_turns(cap)
            .into_iter()
            .take_while(|_| !self.late())
            .find(|built| wanted(&built.action) && self.mates(built))
            .map(|built| built.action)
    }

    /// Whether the turn `built` (of this builder's state) mates, decided
    /// within [`JUDGE_STEPS`], judged on its draft where it has one.
    fn mates(&self, built: &Built) -> bool {
        match &built.draft {
            Some(draft) => mated(draft.clone(), &self.exposure),
            None => mates_under(self.state, &self.exposure, &built.action),
        }
    }

    /// Up to `cap` distinct legal turns that check the opponent, each with
    /// its draft: each checking board move with the best moves of the
    /// other owed boards (trying the next best where a combination fails),
    /// and the best turn with a checking move added on another playable
    /// board. Those found so far once the builder's time is up.
    fn checking_turns(&self, cap: usize) -> Vec<Built> {
        let mut found = Found::default();
        // Each move that checks, or jumps (whose check may come of the
        // boards it adds or the present it moves), with the other boards'
        // moves best first; a jump alone too.
        for (i, list) in self.owed.iter().enumerate() {
            for w in list.iter().filter(|w| w.check || w.mv.is_jump()) {
                if found.turns.len() >= cap || self.done_checking() {
                    return found.turns;
                }
                if w.mv.is_jump() && self.collect(&[w.mv], &mut found, true) {
                    continue;
                }
                let mut others: Vec<Vec<Weighed>> = self.owed.clone();
                others[i] = vec![*w];
                for combo in Combinations::new(&others).take(TRIES_PER_TURN) {
                    let moves: Vec<Move> = combo.iter().map(|w| w.mv).collect();
                    if self.collect(&moves, &mut found, true) {
                        break;
                    }
                }
            }
        }
        // Checks that come of a combination alone.
        for combo in Combinations::new(&self.owed).take(cap) {
            if found.turns.len() >= cap || self.done_checking() {
                return found.turns;
            }
            let moves: Vec<Move> = combo.iter().map(|w| w.mv).collect();
            self.collect(&moves, &mut found, true);
        }
        let base: Vec<Move> = Combinations::new(&self.owed)
            .next()
            .map(|combo| combo.iter().map(|w| w.mv).collect())
            .unwrap_or_default();
        for w in self.extra.iter().filter(|w| w.check) {
            if found.turns.len() >= cap || self.done_checking() {
                break;
            }
            let mut moves = base.clone();
            moves.push(w.mv);
            self.collect(&moves, &mut found, true);
        }
        found.turns
    }

    /// Drafts `moves`, keeping each turn it makes on the way that may be
    /// submitted (where the present has passed to the opponent: a jump
    /// into the past may pass it before every owed board has moved), and
    /// where `checking`, only those that check the opponent. Hops onto
    /// another timeline's last board go first, as the board they land on
    /// then needs no move of its own; jumps into the past last, as they
    /// may pass the present. A move whose board is no longer the mover's
    /// (a hop landed on it) is left out. Whether one was kept.
    fn collect(&self, moves: &[Move], found: &mut Found, checking: bool) -> bool {
        let mut ordered = moves.to_vec();
        ordered.sort_by_key(|mv| self.rank(mv));
        // The first move's draft as weighed, the others made on it.
        let Some((first, rest)) = ordered.split_first() else {
            return false;
        };
        let mut draft = match self.drafts.get(first) {
            Some(draft) => draft.clone(),
            None => {
                let mut draft = self.state.draft();
                self.made.set(self.made.get() + 1);
                if draft.make(first).is_err() {
                    return false;
                }
                draft
            }
        };
        let mut kept = self.keep(&mut draft, found, checking);
        self.made.set(self.made.get() + rest.len());
        for mv in rest {
            if draft.make(mv).is_ok() {
                kept |= self.keep(&mut draft, found, checking);
            }
        }
        kept
    }

    /// Keeps the turn drafted so far where the present has passed, it may
    /// be submitted, and where `checking` it checks; whether it was new.
    /// Whether it checks is asked of every turn kept, so that playing it
    /// does not look again.
    fn keep(&self, draft: &mut Draft, found: &mut Found, checking: bool) -> bool {
        draft.state().owed().is_empty()
            && draft.submittable_under(&self.exposure)
            && (draft.checks_opponent_under(&self.exposure) || !checking)
            && found.add(draft)
    }

    /// Where a board move goes when a turn is drafted: a hop (onto another
    /// timeline's last board) first, a move on its board next, a jump into
    /// the past last.
    fn rank(&self, mv: &Move) -> u8 {
        if !mv.is_jump() {
            1
        } else if self.state.end(mv.to.line) == Some(mv.to.step) {
            0
        } else {
            2
        }
    }
}

/// A turn the builder found legal, with its draft where it made one (to
/// submit without drafting it again).
pub(crate) struct Built {
    pub action: Action,
    pub draft: Option<Draft>,
}

/// Turns found so far, each once.
#[derive(Default)]
struct Found {
    turns: Vec<Built>,
    seen: HashSet<Action>,
}

impl Found {
    /// Adds the turn of `draft`; whether it was new.
    fn add(&mut self, draft: &Draft) -> bool {
        let action = draft.action();
        if !self.seen.insert(action.clone()) {
            return false;
        }
        self.turns.push(Built {
            action,
            draft: Some(draft.clone()),
        });
        true
    }
}

/// The moves of the board of `line`, each weighed by the evaluation of the
/// draft after it for `side` (counted from the state's `last` boards) less
/// `base` (the state's), and where `checks` (the state's exposure, which
/// asks whether a move checks for a fraction of a look at every board)
/// [`CHECK`] more if it checks; best first. Those that leave a royal man
/// capturable on a board they make are left out.
fn weigh(
    state: &FiveD,
    line: i32,
    side: Color,
    (last, base): (&LastBoards, i32),
    checks: Option<&Exposure<'_>>,
    drafts: &mut HashMap<Move, Draft>,
) -> Vec<Weighed> {
    let mut weighed: Vec<(Weighed, Draft)> = state
        .drafts_on(line)
        .into_iter()
        .filter(|(mv, _)| !state.exposes_royal(mv))
        .map(|(mv, mut draft)| {
            let check = checks.is_some_and(|exposure| draft.checks_opponent_under(exposure));
            let gain = for_side(last.for_white(draft.state()), side) - base
                + if check { CHECK } else { 0 };
            (Weighed { mv, gain, check }, draft)
        })
        .collect();
    // Stable: equal gains keep the rules' order, so a state always gives
    // the same turns.
    weighed.sort_by_key(|(w, _)| std::cmp::Reverse(w.gain));
    let mut checking = 0;
    weighed
        .into_iter()
        .enumerate()
        .map(|(i, (w, draft))| {
            checking += usize::from(w.check);
            if i < KEPT_DRAFTS || (w.check && checking <= CHECKS_CAP) {
                drafts.insert(w.mv, draft);
            }
            w
        })
        .collect()
}

/// One move from each list, the combinations in falling order of their
/// summed gains (each list best first), each once.
struct Combinations<'l> {
    lists: &'l [Vec<Weighed>],
    heap: BinaryHeap<(i32, std::cmp::Reverse<Vec<usize>>)>,
    seen: HashSet<Vec<usize>>,
}

impl<'l> Combinations<'l> {
    fn new(lists: &'l [Vec<Weighed>]) -> Combinations<'l> {
        let mut heap = BinaryHeap::new();
        let mut seen = HashSet::default();
        if !lists.is_empty() && lists.iter().all(|l| !l.is_empty()) {
            let first = vec![0; lists.len()];
            heap.push((Self::sum(lists, &first), std::cmp::Reverse(first.clone())));
            seen.insert(first);
        }
        Combinations { lists, heap, seen }
    }

    fn sum(lists: &[Vec<Weighed>], at: &[usize]) -> i32 {
        lists
            .iter()
            .zip(at)
            .map(|(l, &i)| l[i].gain)
            .fold(0i32, i32::saturating_add)
    }
}

impl Iterator for Combinations<'_> {
    type Item = Vec<Weighed>;

    fn next(&mut self) -> Option<Vec<Weighed>> {
        let (_, std::cmp::Reverse(at)) = self.heap.pop()?;
        for k in 0..at.len() {
            if at[k] + 1 < self.lists[k].len() {
                let mut next = at.clone();
                next[k] += 1;
                if self.seen.insert(next.clone()) {
                    self.heap
                        .push((Self::sum(self.lists, &next), std::cmp::Reverse(next)));
                }
            }
        }
        Some(self.lists.iter().zip(&at).map(|(l, &i)| l[i]).collect())
    }
}

/// 5D chess as a search domain: the face's nodes (the state applied whole,
/// keyed and evaluated by the profile), with the turns searched built by
/// [`Builder`] instead of sampled from the rules' list.
pub(crate) struct Turns {
    face: Face<FiveD>,
    /// The drafts of the turns last listed, and the key of the state they
    /// were listed in: the search makes every child as soon as it lists
    /// them (`Domain::order_by_evaluation`), so each is submitted as
    /// drafted, not drafted and checked again.
    drafts: HashMap<Action, Draft>,
    listed_in: u64,
    /// When the search must end: the guard's look through the rules' list
    /// for a mate (up to 1,000 turns, each judged) stops there.
    deadline: Option<Instant>,
    /// How many turns past those searched the guard may try where each of
    /// those is mated at once ([`Domain::escapes`]).
    escapes: usize,
    /// The rules' steps judging the turns made for mate ([`MATE_STEPS`])
    /// since the search last asked ([`Domain::extra_work`]).
    judged: u64,
    /// How many of the turns the guard would play it may look at for a
    /// net ([`Domain::net_checks`]).
    nets: usize,
    /// The work of the guard's look for a threat of a net
    /// ([`net_threat`]) against each turn it looks at for a net: none
    /// where 0.
    threats: u64,
    /// The threats found so far in this search, tried first against the
    /// next turns ([`net_threat`]).
    known_threats: Vec<Action>,
    /// The work the looks for a mate at once may still do in this search
    /// ([`LOOKS_WORK`]).
    looks: u64,
    /// The longest look for a mate at once so far ([`Domain::look_time`]).
    look_time: Duration,
    /// The key of the last state a whole look for a mate at once (nothing
    /// known, nothing left out) found none in: a narrower look there finds
    /// none either (the search's own at the root, after the one made
    /// before it: `Job::fived`).
    no_mate_at: Option<u64>,
    /// The key of the last state whose listing of turns gave up before
    /// finding one ([`LIST_STEPS`]): undecided, not a mate or a stalemate
    /// ([`Domain::no_moves`]).
    unlisted: Option<u64>,
    /// The steps each listing of the rules' turns may take ([`LIST_STEPS`]).
    list_steps: usize,
}

impl Turns {
    pub(crate) fn new(settings: &Settings, seed: u64, deadline: Option<Instant>) -> Turns {
        Turns {
            face: Face::new(settings, seed),
            drafts: HashMap::default(),
            listed_in: 0,
            deadline,
            escapes: 0,
            judged: 0,
            nets: 0,
            threats: 0,
            known_threats: Vec::new(),
            looks: LOOKS_WORK,
            look_time: Duration::ZERO,
            no_mate_at: None,
            unlisted: None,
            list_steps: LIST_STEPS,
        }
    }

    /// The same, its guard trying up to `turns` more where every turn
    /// searched is mated at once ([`Domain::escapes`]).
    pub(crate) fn escaping(mut self, turns: usize) -> Turns {
        self.escapes = turns;
        self
    }

    /// The same, its guard looking at up to `moves` of the turns it would
    /// play for a net ([`Domain::net`]).
    pub(crate) fn netting(mut self, moves: usize) -> Turns {
        self.nets = moves;
        self
    }

    /// The same, its guard's look for a net also looking for a threat of
    /// one ([`net_threat`]) within `work` units (none where 0).
    pub(crate) fn threatened(mut self, work: u64) -> Turns {
        self.threats = work;
        self
    }

    /// The same, each listing of the rules' turns held to `steps`.
    #[cfg(test)]
    fn listing_within(mut self, steps: usize) -> Turns {
        self.list_steps = steps;
        self
    }

    /// The builder's best `width` turns of `s` ([`Builder::best_within`]),
    /// its listing of the rules' turns held to [`Turns::list_steps`] and
    /// its steps charged to the search; with whether that listing gave up.
    fn built(&mut self, s: &Node<FiveD>, width: usize) -> (Vec<Built>, bool) {
        let builder = Builder::within(&s.state, self.deadline);
        let turns = builder.best_within(width, self.list_steps);
        self.judged += builder.listed_steps() as u64;
        (turns, builder.listing_gave_up())
    }

    /// A node for `state`.
    pub(crate) fn node(&self, state: FiveD) -> Node<FiveD> {
        self.face.node(state, false)
    }

    /// The actions of `turns`, the builder's for `s`, each draft kept for
    /// [`Domain::play`] (the drafts of the turns listed before dropped).
    fn list(&mut self, s: &Node<FiveD>, turns: impl IntoIterator<Item = Built>) -> Vec<Action> {
        self.drafts.clear();
        self.listed_in = s.key;
        turns
            .into_iter()
            .map(|built| {
                if let Some(draft) = built.draft {
                    self.drafts.insert(built.action.clone(), draft);
                }
                built.action
            })
            .collect()
    }
}

impl Domain for Turns {
    type State = Node<FiveD>;
    type Move = Action;

    fn side(&self, s: &Node<FiveD>) -> Color {
        s.side
    }

    fn outcome(&self, s: &Node<FiveD>) -> Option<Option<Color>> {
        s.outcome
    }

    fn key(&self, s: &Node<FiveD>) -> u64 {
        s.key
    }

    fn repetition_key(&self, s: &Node<FiveD>, _key: u64) -> u64 {
        s.repetition
    }

    /// The builder's best turns, to the level's width (its root width at
    /// the root). Always a selection: the guard looks for a mate beyond it.
    fn moves(&mut self, s: &Node<FiveD>, ply: usize, out: &mut Vec<Action>) -> bool {
        let width = if ply == 0 {
            self.face.root_width
        } else {
            self.face.width
        };
        let (mut turns, gave_up) = self.built(s, width);
        if turns.is_empty() && gave_up {
            if ply == 0 {
                // The game's own state has a turn (its status was judged
                // in full): the first the rules find, which costs what
                // that judgement did, so that a level always plays.
                turns.extend(s.state.legal_turns().next().map(|action| Built {
                    action,
                    draft: None,
                }));
            } else {
                self.unlisted = Some(s.key);
            }
        }
        out.extend(self.list(s, turns));
        true
    }

    /// The builder's best turns that capture (up to [`CAPTURES_CAP`]),
    /// where the turn that made `s` captured and fewer than the level's
    /// quiescence turns were searched past the horizon (`depth`): a man
    /// taken at the horizon counts as won only where it cannot be taken
    /// back. Elsewhere the evaluation stands.
    fn captures(&mut self, s: &Node<FiveD>, depth: usize, out: &mut Vec<Action>) -> bool {
        if depth >= self.face.quiescence || !s.forced {
            return false;
        }
        let (turns, _) = self.built(s, self.face.width);
        let capturing = turns
            .into_iter()
            .filter(|built| forcing(&s.state, s.side, &built.action).is_some())
            .take(CAPTURES_CAP);
        out.extend(self.list(s, capturing));
        true
    }

    /// The state after `m`, judged for checkmate only
    /// (`Draft::submit_judging_mates`): a stalemate is found when its state
    /// is expanded and has no turn ([`Domain::no_moves`]: a draw).
    fn play(&mut self, s: &Node<FiveD>, m: &Action) -> Option<Node<FiveD>> {
        let draft = match self.drafts.remove(m).filter(|_| self.listed_in == s.key) {
            Some(draft) => draft,
            None => drafted(&s.state, m)?,
        };
        let forced = self.face.quiescence > 0 && forcing(&s.state, s.side, m).is_some();
        let (next, steps) = draft.submit_judging_mates_counted(MATE_STEPS).ok()?;
        self.judged += steps as u64;
        Some(self.face.node(next, forced))
    }

    /// A node for every [`STEPS_A_NODE`] steps judging mates.
    fn extra_work(&mut self) -> u64 {
        let nodes = self.judged / STEPS_A_NODE;
        self.judged %= STEPS_A_NODE;
        nodes
    }

    fn evaluate(&mut self, s: &Node<FiveD>) -> i32 {
        s.eval
    }

    /// A state with no legal turn: checkmate where the side to move is in
    /// check, else a stalemate (a draw). A state made by a turn is judged
    /// for mate within [`MATE_STEPS`] only, so one the judgement left
    /// undecided is found here, when its turns are listed; where the
    /// listing gave up first ([`LIST_STEPS`]), nothing is proved and its
    /// evaluation stands.
    fn no_moves(&self, s: &Node<FiveD>, ply: usize) -> i32 {
        if self.unlisted == Some(s.key) {
            s.eval
        } else if s.state.is_check() {
            -(MATE - ply as i32)
        } else {
            0
        }
    }

    /// A turn that mates ([`mate_at_once`]): one of `known`, one of the
    /// builder's checking turns, else one of the first [`LISTED_MATES`] the
    /// rules list (those the builder's checks miss: a mate of many boards'
    /// moves), while the search's looks have work left ([`LOOKS_WORK`]),
    /// until `until`, else the deadline.
    fn winning_move(
        &mut self,
        s: &Node<FiveD>,
        known: &[Action],
        weighed: &[Action],
        until: Option<Instant>,
    ) -> Option<Action> {
        if s.outcome.is_some() {
            return None;
        }
        if known.is_empty() && self.no_mate_at == Some(s.key) {
            return None;
        }
        let looked = Instant::now();
        let mut work = Work::new(self.looks, until.or(self.deadline));
        let found = mate_at_once(&s.state, known, weighed, &mut work);
        self.looks = work.left;
        self.look_time = self.look_time.max(looked.elapsed());
        if found.is_none() && known.is_empty() && weighed.is_empty() {
            self.no_mate_at = Some(s.key);
        }
        found
    }

    /// A turn after which each of the other side's best replies is met by
    /// a mate in one ([`net_in`]), while the level's looks last; else,
    /// where the level looks for them ([`Turns::threatened`]), a threat of
    /// one ([`net_threat`]): a turn found walking into either is not
    /// played while another holds.
    fn net(
        &mut self,
        s: &Node<FiveD>,
        known: &mut Vec<Action>,
        until: Option<Instant>,
    ) -> Option<Action> {
        if s.outcome.is_some() {
            return None;
        }
        let until = until.or(self.deadline);
        if let Some((first, _)) = net_in(&s.state, GUARD_NET, known, until) {
            return Some(first);
        }
        if self.threats == 0 {
            return None;
        }
        let mut work = Work::new(self.threats, until);
        net_threat(&s.state, GUARD_THREAT, &mut self.known_threats, &mut work)
            .map(|(first, _)| first)
    }

    /// The level's ([`Turns::netting`]).
    fn net_checks(&self) -> usize {
        self.nets
    }

    fn look_time(&self) -> Duration {
        self.look_time
    }

    /// The builder's best turns past the search's width, then the rules'
    /// first turns, up to [`Turns::escapes`] of each: where every turn a
    /// level searched is mated at once, a defence is mostly a turn the
    /// builder ranks lower (a king step, a block that wins nothing), and
    /// each is refuted at once by a mate already found against another.
    /// In the ladder's lost games of level 3 against level 2, a turn with
    /// no mate against it was there, past the 48 best, in 7 of 23
    /// (docs/engine-journal.md).
    /// The rules' turns are listed only once the builder's are spent, and
    /// those the builder made are not tried again. That listing is held
    /// to the listings' steps ([`LIST_STEPS`]) and not charged to the
    /// search's node budget: the guard asks for escapes after the search
    /// has spent the budget, and its own work is held to its checks and
    /// to the time the search left it, not to the budget.
    fn escapes<'s>(&mut self, s: &'s Node<FiveD>) -> Box<dyn Iterator<Item = Action> + 's>
    where
        Action: 's,
    {
        if self.escapes == 0 {
            return Box::new(std::iter::empty());
        }
        let (turns, _) = self.built(s, self.escapes);
        let built = self.list(s, turns);
        let made: HashSet<Action> = built.iter().cloned().collect();
        let listed = s
            .state
            .legal_turns_within(self.list_steps)
            .take(self.escapes)
            .filter(move |a| !made.contains(a));
        Box::new(built.into_iter().chain(listed))
    }

    fn order_by_evaluation(&self) -> bool {
        true
    }

    /// Every state: one costs tens of chess nodes at the least, and
    /// milliseconds where timelines are many.
    fn clock_every(&self) -> u64 {
        1
    }
}

/// What [`mate_in_two`] found, and what it cost.
pub(crate) struct MateSearch {
    /// The first turn of a forced mate, and in how many of the side's
    /// turns it mates (1 or 2).
    pub found: Option<(Action, u32)>,
    /// Turns made or tested.
    pub spent: u64,
}

/// How much a mate search may spend: turns made or tested, and time.
pub(crate) struct Allowance<'a> {
    pub turns: u64,
    /// No more turns are tried past this instant.
    pub until: Option<Instant>,
    /// Set from another thread to stop (5DUCI `stop`).
    pub stop: Option<&'a AtomicBool>,
}

impl Allowance<'_> {
    fn spent(&self, spent: u64) -> bool {
        spent >= self.turns
            || passed(self.until)
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// A turn of the side to move in `state` that mates at once, or after
/// which every reply the rules list (at most [`REPLY_CAP`] of them) is met
/// by a mate in one: among the builder's checking turns, within
/// `allowance`. A turn it returns is a proved mate; `None` proves nothing.
pub(crate) fn mate_in_two(state: &FiveD, allowance: &Allowance<'_>) -> MateSearch {
    let mut spent = 0u64;
    let mut known: Vec<Action> = Vec::new();
    let builder = Builder::checking(state, allowance.until);
    let firsts = builder.checking_turns(CHECKS_CAP);
    // Mates in one first: the cheaper proof, and the quicker win.
    for first in &firsts {
        if allowance.spent(spent) {
            return MateSearch { found: None, spent };
        }
        spent += 1;
        if builder.mates(first) {
            return MateSearch {
                found: Some((first.action.clone(), 1)),
                spent,
            };
        }
    }
    for first in firsts {
        if allowance.spent(spent) {
            break;
        }
        spent += 1;
        // Not judged again: the loop above judged it within JUDGE_STEPS,
        // and the listing of the replies decides the rest.
        let Some((after, _)) = submitted_within(state, &first, 0) else {
            continue;
        };
        let mut listing = after.legal_turns_within(REPLY_STEPS);
        let replies: Vec<Action> = listing.by_ref().take(REPLY_CAP + 1).collect();
        if replies.len() > REPLY_CAP || listing.gave_up() {
            continue;
        }
        if replies.is_empty() {
            // A checking turn with no reply, the whole list walked: a
            // mate JUDGE_STEPS left undecided.
            return MateSearch {
                found: Some((first.action, 1)),
                spent,
            };
        }
        let mut answered = true;
        for reply in &replies {
            // Building a state's checking turns is not cut short: past
            // the allowance, no reply is looked at.
            if allowance.spent(spent) {
                return MateSearch { found: None, spent };
            }
            spent += 1;
            // Not judged: a reply that mates leaves no turn to mate with,
            // which the look for one finds.
            let Some(next) =
                drafted(&after, reply).and_then(|draft| draft.submit_judging_mates(0).ok())
            else {
                continue;
            };
            if !mates_in_one(&next, &mut known, &mut spent, allowance) {
                answered = false;
                break;
            }
        }
        if answered {
            return MateSearch {
                found: Some((first.action, 2)),
                spent,
            };
        }
    }
    MateSearch { found: None, spent }
}

/// The state after `built` (a turn of `state`), judged for mate within
/// [`MATE_STEPS`], and the steps the judgement took.
fn submitted(state: &FiveD, built: &Built) -> Option<(FiveD, usize)> {
    submitted_within(state, built, MATE_STEPS)
}

/// [`submitted`], judged within `steps`.
fn submitted_within(state: &FiveD, built: &Built, steps: usize) -> Option<(FiveD, usize)> {
    let draft = match &built.draft {
        Some(draft) => draft.clone(),
        None => drafted(state, &built.action)?,
    };
    draft.submit_judging_mates_counted(steps).ok()
}

/// What a look may still do (counted as [`Net::work`] is), and until when.
struct Work {
    left: u64,
    until: Option<Instant>,
}

impl Work {
    /// `units` of work, until `until`.
    fn new(units: u64, until: Option<Instant>) -> Work {
        Work { left: units, until }
    }

    /// Takes `units` of the work left: whether any was left and the time
    /// has not passed.
    fn take(&mut self, units: u64) -> bool {
        let had = self.open();
        self.left = self.left.saturating_sub(units);
        had
    }

    /// Whether any work is left and the time has not passed.
    fn open(&self) -> bool {
        self.left > 0 && !passed(self.until)
    }

    /// Charges `steps` steps of the rules' search (judging a turn for
    /// mate, or listing turns) in whole units, rounded down: most
    /// judgements take a few steps and cost nothing, as they did when the
    /// nets' budgets were set.
    fn steps(&mut self, steps: usize) {
        self.left = self.left.saturating_sub(steps as u64 / STEPS_A_NODE);
    }

    /// Charges what `builder` did past the unit taken for it: a unit for
    /// every [`MOVES_A_UNIT`] board moves it weighed or made putting turns
    /// together, and the steps the rules' search took listing turns for it.
    fn built(&mut self, builder: &Builder<'_>) {
        let moves = builder.weighed() + builder.made.get();
        self.left = self.left.saturating_sub(moves as u64 / MOVES_A_UNIT);
        self.steps(builder.listed_steps());
    }

    /// `look` within `units` of the work left at most, the work it did
    /// taken from this.
    fn share<T>(&mut self, units: u64, look: impl FnOnce(&mut Work) -> T) -> T {
        let share = self.left.min(units);
        let mut part = Work::new(share, self.until);
        let found = look(&mut part);
        self.left -= share - part.left;
        found
    }

    /// The steps of the rules' search the work left allows.
    fn steps_left(&self) -> usize {
        usize::try_from(self.left.saturating_mul(STEPS_A_NODE)).unwrap_or(usize::MAX)
    }
}

/// A net: a turn of the side to move in `state` after which each of the
/// other side's replies that `net` names (the builder's best, its escapes
/// in check, and the rules' first) is met by a mate in one: one of
/// `known`, else one of the builder's first [`NET_CHECKS`] checking turns,
/// which joins `known`. Tried as such a first turn: the checking turns,
/// then the [`NET_QUIET`] best. Within the work `net` allows and
/// `until`; `None` proves nothing, and a net found (with the state after
/// it) is not a proved mate (a reply not looked at may escape).
fn net_in(
    state: &FiveD,
    net: Net,
    known: &mut Vec<Action>,
    until: Option<Instant>,
) -> Option<(Action, FiveD)> {
    net_within(state, net, known, &mut Work::new(net.work, until))
}

/// [`net_in`] within `work` (`net`'s own work ignored), the work it did
/// taken from `work`.
fn net_within(
    state: &FiveD,
    net: Net,
    known: &mut Vec<Action>,
    work: &mut Work,
) -> Option<(Action, FiveD)> {
    let until = work.until;
    if !work.take(1) {
        return None;
    }
    let builder = Builder::checking(state, until);
    let mut firsts = builder.checking_turns(CHECKS_CAP);
    work.built(&builder);
    let seen: HashSet<Action> = firsts.iter().map(|b| b.action.clone()).collect();
    if !work.take(1) {
        return None;
    }
    let builder = Builder::within(state, until);
    let quiet = builder.best_within(NET_QUIET, work.steps_left());
    work.built(&builder);
    firsts.extend(quiet.into_iter().filter(|b| !seen.contains(&b.action)));
    for first in &firsts {
        let Some((after, answers)) = replies_to(state, first, net.replies, work)? else {
            continue;
        };
        if !work.open() {
            return None;
        }
        if answers.is_empty() || !all_mated(&after, &answers, known, work) {
            continue;
        }
        // The rules' first turns only where every built reply is mated:
        // listing them can take a multiverse in check seconds.
        if net.listed > 0 {
            let built: HashSet<&Action> = answers.iter().map(|b| &b.action).collect();
            let mut turns = after.legal_turns_within(work.steps_left());
            let listed: Vec<Built> = turns
                .by_ref()
                .take(net.listed)
                .filter(|a| !built.contains(a))
                .map(|action| Built {
                    action,
                    draft: None,
                })
                .collect();
            work.steps(turns.steps());
            if !work.open() {
                return None;
            }
            if !all_mated(&after, &listed, known, work) {
                continue;
            }
        }
        // A net to play must not lose at once to a reply it did not weigh.
        if net.safe {
            if !work.take(1) {
                return None;
            }
            let builder = Builder::checking(&after, until);
            let mate = builder.mating(CHECKS_CAP, |_| true);
            work.built(&builder);
            if mate.is_some() {
                continue;
            }
        }
        return Some((first.action.clone(), after));
    }
    None
}

/// The state after `turn` (of `state`) and the builder's best `width`
/// replies to it, for a look within `work`: `Some(None)` where the turn
/// is refused or ends the game, `None` where the work ran out.
fn replies_to(
    state: &FiveD,
    turn: &Built,
    width: usize,
    work: &mut Work,
) -> Option<Option<(FiveD, Vec<Built>)>> {
    let Some((after, steps)) = submitted(state, turn) else {
        return Some(None);
    };
    work.steps(steps);
    if after.status() != Status::Ongoing {
        return Some(None);
    }
    if !work.take(1) {
        return None;
    }
    let builder = Builder::within(&after, work.until);
    let replies = builder.best_within(width, work.steps_left());
    work.built(&builder);
    Some(Some((after, replies)))
}

/// How far a look for a threat of a net goes ([`net_threat`]).
#[derive(Clone, Copy, Debug)]
struct Threats {
    /// The turns of the side to move tried: of the builder's best
    /// [`Threats::scan`], so many ([`threat_candidates`]: the captures
    /// first, the most taken first, then the jumps, none alike). The
    /// threats of the 5D ladder's lost games were mostly captures, which
    /// the builder can rank past its 20th turn behind quiet jumps.
    turns: usize,
    /// How many of the builder's best turns are looked through.
    scan: usize,
    /// The other side's replies to each that must all be lost: the
    /// builder's best so many.
    replies: usize,
}

/// The guard's look for a threat against the turn it would play: the
/// opponent's 8 turns tried, each against the builder's best 8 replies.
const GUARD_THREAT: Threats = Threats {
    turns: 8,
    scan: 128,
    replies: 8,
};

/// The look for a threat to play ([`threat_to_play`]): each turn against
/// the builder's best 16 replies, so that a threat played holds against
/// more of the defences the opponent weighs.
const PLAYED_THREAT: Threats = Threats {
    replies: 16,
    ..GUARD_THREAT
};

/// A turn of the side to move in `state` after which each of the other
/// side's best replies ([`Threats::replies`]) is met by a mate in one or
/// walks into a net (one that [`GUARD_NET`] finds): a mate in three,
/// which the guard's other looks do not see and the 5D ladder's games
/// are mostly lost to (docs/engine-journal.md, issue 49, "The two-turn
/// steps at 100 games", "Threats"). Within the `work`; `None` proves
/// nothing. Threats found go into `known`, tried first; the state after
/// the one found comes with it.
fn net_threat(
    state: &FiveD,
    threats: Threats,
    known: &mut Vec<Action>,
    work: &mut Work,
) -> Option<(Action, FiveD)> {
    if !work.take(1) {
        return None;
    }
    let builder = Builder::within(state, work.until);
    let scanned = builder.best_within(threats.scan, work.steps_left());
    work.built(&builder);
    let turns = threat_candidates(state, scanned, threats.turns);
    // The threats found against other turns first, where they can be made
    // here: turns listed together often share the flaw.
    let mut firsts: Vec<Built> = known
        .iter()
        .filter(|k| !turns.iter().any(|t| &t.action == *k) && drafted(state, k).is_some())
        .map(|k| Built {
            action: k.clone(),
            draft: None,
        })
        .collect();
    firsts.extend(turns);
    let turns = firsts;
    let mut mates: Vec<Action> = Vec::new();
    for turn in &turns {
        let Some((after, replies)) = replies_to(state, turn, threats.replies, work)? else {
            continue;
        };
        if replies.is_empty() {
            continue;
        }
        let all_lost = replies.iter().all(|reply| {
            let Some((next, steps)) = submitted(&after, reply) else {
                return false;
            };
            work.steps(steps);
            if next.status() != Status::Ongoing {
                return false;
            }
            // Each reply's look for a net held to the guard's work for one.
            mate_in_one(&next, &mut mates, work)
                || work.share(GUARD_NET.work, |look| {
                    net_within(&next, GUARD_NET, &mut mates, look).is_some()
                })
        });
        if !work.open() {
            return None;
        }
        if all_lost {
            if !known.contains(&turn.action) {
                known.push(turn.action.clone());
            }
            return Some((turn.action.clone(), after));
        }
    }
    None
}

/// The turns a look for a threat tries, of `scanned` (the builder's best,
/// best first), `count` at most: the captures first, the most taken
/// first, then the jumps (a man leaving its board), then the quiet turns,
/// each kind in the builder's order; of turns whose captures and jumps
/// are the same board moves (the rest quiet), the first, the others
/// after all the rest, in the builder's order. The builder's best turns
/// often differ in one board's quiet move alone, and as many of them
/// crowded out the threats of the 5D ladder's lost games
/// (docs/engine-journal.md, issue 49, "Threats").
fn threat_candidates(state: &FiveD, scanned: Vec<Built>, count: usize) -> Vec<Built> {
    let side = state.to_move();
    let mut seen: HashSet<Vec<Move>> = HashSet::default();
    let mut kept: Vec<(std::cmp::Reverse<i32>, bool, Built)> = Vec::new();
    let mut alike: Vec<Built> = Vec::new();
    for built in scanned {
        let loud = loud_part(state, &built.action);
        let quiet = loud.is_empty();
        // A quiet turn is its own kind: only loud moves make turns alike.
        let same = if quiet {
            built.action.moves.clone()
        } else {
            loud
        };
        if seen.insert(same) {
            let taken = forcing(state, side, &built.action).unwrap_or(0);
            kept.push((std::cmp::Reverse(taken), quiet, built));
        } else {
            alike.push(built);
        }
    }
    // A stable sort: the builder's order within each kind.
    kept.sort_by_key(|(taken, quiet, _)| (*taken, *quiet));
    kept.into_iter()
        .map(|(_, _, built)| built)
        .chain(alike)
        .take(count)
        .collect()
}

/// The board moves of `action` (a turn of `state`) that capture or jump
/// (a man leaving its board), in the turn's order: what makes two turns
/// of a threat look's alike ([`threat_candidates`]).
fn loud_part(state: &FiveD, action: &Action) -> Vec<Move> {
    action
        .moves
        .iter()
        .filter(|m| {
            m.is_jump()
                || state
                    .board(m.to.line, m.to.step)
                    .and_then(|b| b.man(m.to.cell))
                    .is_some()
        })
        .cloned()
        .collect()
}

/// A threat of a net for the side to move in `state` to play
/// ([`net_threat`], [`PLAYED_THREAT`]) found within `work` units (as
/// [`Net::work`] counts them) before `until`, that leaves the other side
/// no mate at once among the builder's checking turns, and the state
/// after it.
pub(crate) fn threat_to_play(
    state: &FiveD,
    work: u64,
    until: Option<Instant>,
) -> Option<(Action, FiveD)> {
    let mut work = Work::new(work, until);
    let (action, after) = net_threat(state, PLAYED_THREAT, &mut Vec::new(), &mut work)?;
    let builder = Builder::checking(&after, until);
    if builder.mating(CHECKS_CAP, |_| true).is_some() {
        return None;
    }
    Some((action, after))
}

/// Whether each of `answers` (turns of `state`) is met by a mate in one:
/// one of `known`, else one of the builder's first [`NET_CHECKS`]
/// checking turns, each decided within [`MATE_STEPS`], which joins
/// `known`. Where the `work` runs out first, an answer escapes.
fn all_mated(state: &FiveD, answers: &[Built], known: &mut Vec<Action>, work: &mut Work) -> bool {
    answers.iter().all(|answer| {
        let Some((next, steps)) = submitted(state, answer) else {
            return false;
        };
        work.steps(steps);
        next.status() == Status::Ongoing && mate_in_one(&next, known, work)
    })
}

/// Whether the side to move in `next` (a game going on) has a mate in
/// one, as [`all_mated`] looks for it.
fn mate_in_one(next: &FiveD, known: &mut Vec<Action>, work: &mut Work) -> bool {
    let exposure = next.exposure();
    for k in known.iter() {
        let (mates, steps) =
            drafted(next, k).map_or((false, 0), |d| mated_within(d, &exposure, MATE_STEPS));
        work.steps(steps);
        if mates {
            return true;
        }
    }
    if !work.take(1) {
        return false;
    }
    let builder = Builder::checking_under(exposure, work.until);
    let turns = builder.checking_turns(NET_CHECKS);
    work.built(&builder);
    for turn in turns {
        if !work.open() {
            return false;
        }
        let draft = turn.draft.clone().or_else(|| drafted(next, &turn.action));
        let (mates, steps) = draft.map_or((false, 0), |d| {
            mated_within(d, &builder.exposure, MATE_STEPS)
        });
        work.steps(steps);
        if mates {
            known.push(turn.action);
            return true;
        }
    }
    false
}

/// A turn of the side to move in `state` that mates at once, while the
/// `work` lasts: one of `known` (each judged within [`JUDGE_STEPS`] and
/// the steps the work has left), one of the builder's checking turns, else
/// one of the rules' list but those `weighed` ([`listed_mate`], within
/// [`LISTED_WORK`] of the work).
fn mate_at_once(
    state: &FiveD,
    known: &[Action],
    weighed: &[Action],
    work: &mut Work,
) -> Option<Action> {
    if !work.open() {
        return None;
    }
    let exposure = state.exposure();
    for a in known {
        let Some(draft) = drafted(state, a) else {
            continue;
        };
        let (mates, steps) = mated_within(draft, &exposure, JUDGE_STEPS.min(work.steps_left()));
        work.steps(steps);
        if mates {
            return Some(a.clone());
        }
        if !work.open() {
            return None;
        }
    }
    let builder = Builder::checking_under(exposure, work.until);
    if let Some(a) = builder.mating(CHECKS_CAP, |a| !weighed.contains(a)) {
        return Some(a);
    }
    work.built(&builder);
    work.share(LISTED_WORK, |listed| {
        listed_mate(state, &builder.exposure, weighed, listed)
    })
}

/// One of the first [`LISTED_MATES`] turns the rules list in `state` (of
/// `exposure`) but those `weighed` that mates, decided within
/// [`JUDGE_STEPS`] and the steps the `work` has left (listing them and
/// judging each); the work is looked at before every judgement: one can
/// take tens of milliseconds, and a turn's time is the player's.
fn listed_mate(
    state: &FiveD,
    exposure: &Exposure<'_>,
    weighed: &[Action],
    work: &mut Work,
) -> Option<Action> {
    let mut listed = state.legal_turns_within(work.steps_left());
    let mut charged = 0;
    for _ in 0..LISTED_MATES {
        let next = listed.next();
        work.steps(listed.steps() - charged);
        charged = listed.steps();
        let a = next?;
        if !work.open() {
            return None;
        }
        if weighed.contains(&a) {
            continue;
        }
        let Some(draft) = drafted(state, &a) else {
            continue;
        };
        let (mates, steps) = mated_within(draft, exposure, JUDGE_STEPS.min(work.steps_left()));
        work.steps(steps);
        if mates {
            return Some(a);
        }
    }
    None
}

/// A net for the side to move in `state` to play ([`PLAYED_NET`]), found
/// before `until`, and the state after it.
pub(crate) fn net_to_play(state: &FiveD, until: Option<Instant>) -> Option<(Action, FiveD)> {
    net_in(state, PLAYED_NET, &mut Vec::new(), until)
}

/// Whether the side to move in `state` has a turn that mates: one of
/// `known` (mates found after other replies often work again), else one of
/// the builder's checking turns, which joins `known`.
fn mates_in_one(
    state: &FiveD,
    known: &mut Vec<Action>,
    spent: &mut u64,
    allowance: &Allowance<'_>,
) -> bool {
    let exposure = state.exposure();
    for k in known.iter() {
        *spent += 1;
        if mates_under(state, &exposure, k) {
            return true;
        }
    }
    let builder = Builder::checking_under(exposure, allowance.until);
    for turn in builder.checking_turns(CHECKS_CAP) {
        if allowance.spent(*spent) {
            return false;
        }
        *spent += 1;
        if !known.contains(&turn.action) && builder.mates(&turn) {
            known.push(turn.action);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use chronomate_rules::fived::pgn;

    use super::*;
    use crate::rng::Rng;
    use crate::search::{Limits, Search, Table};

    /// The positions of the corpus game `name` (in rules/tests/fived/data/own):
    /// the start, then after each whole turn.
    fn positions(name: &str) -> Vec<FiveD> {
        let path = format!(
            "{}/../rules/tests/fived/data/own/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("the corpus game");
        let record = pgn::read(&text).expect("a record");
        let options = pgn::options(&record).expect("its options");
        let mut state = FiveD::new(&options, 0);
        let mut out = vec![state.clone()];
        for turn in &record.turns {
            let action = state.parse(turn).expect("a legal turn");
            state.apply(&action).expect("applies");
            out.push(state.clone());
        }
        out
    }

    /// The turns of the ladder record `name` in engine/tests/data, one a
    /// line (the lines starting with `#` are its note).
    fn ladder_turns(name: &str) -> Vec<String> {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the record");
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::to_owned)
            .collect()
    }

    /// The standard start with `record`'s turns played.
    fn after<'t>(record: impl IntoIterator<Item = &'t str>) -> FiveD {
        let mut state = FiveD::new(&Default::default(), 0);
        for text in record {
            let action = state.parse(text).expect("a legal turn");
            state.apply(&action).expect("applies");
        }
        state
    }

    fn unlimited(turns: u64) -> Allowance<'static> {
        Allowance {
            turns,
            until: None,
            stop: None,
        }
    }

    /// Every position of these corpus games: boards of several sizes,
    /// many timelines, jumps, checks and mates.
    const GAMES: [&str; 6] = [
        "standard-many-timelines.5dpgn",
        "standard-black-mates.5dpgn",
        "timeline-invasion.5dpgn",
        "just-kings.5dpgn",
        "just-knights.5dpgn",
        "two-timelines-castles.5dpgn",
    ];

    #[test]
    fn the_turns_built_are_legal_distinct_and_there_whenever_one_is() {
        let mut built = 0;
        for name in GAMES {
            for state in positions(name) {
                let turns: Vec<Action> = Builder::within(&state, None)
                    .best(24)
                    .into_iter()
                    .map(|built| built.action)
                    .collect();
                let ongoing = state.status() == Status::Ongoing;
                assert_eq!(!turns.is_empty(), ongoing, "{name}");
                let distinct: HashSet<&Action> = turns.iter().collect();
                assert_eq!(distinct.len(), turns.len(), "{name}");
                for turn in &turns {
                    let mut next = state.clone();
                    assert!(next.apply(turn).is_ok(), "{name}: {}", state.notation(turn));
                }
                built += turns.len();
            }
        }
        assert!(built > 1_000, "{built}");
    }

    /// The turn a search to depth 1 chooses in 5D chess after `record`,
    /// searching `quiescence` turns of captures past the horizon.
    fn best_at_depth_one(record: &[&str], quiescence: u32) -> String {
        let state = after(record.iter().copied());
        let mut settings = crate::level::FIVED[7];
        settings.quiescence = quiescence;
        let domain = Turns::new(&settings, 1, None);
        let root = domain.node(state.clone());
        let mut search = Search::new(domain, Limits::to_depth(1), Table::new(16), Vec::new());
        let found = search
            .run(&root, None, Default::default(), &mut Rng::new(1))
            .expect("a turn");
        state.notation(&found.best)
    }

    #[test]
    fn a_capture_at_the_horizon_is_answered_where_the_level_looks_past_it() {
        // White's queen may take e5 (the knight on c6 takes back) or f7
        // (the king takes back), each a pawn at a glance.
        let record = ["(0T1)e2e4", "(0T1)e7e5", "(0T2)Qd1h5", "(0T2)Nb8c6"];
        let glance = best_at_depth_one(&record, 0);
        assert!(glance.contains('x') && glance.contains('Q'), "{glance}");
        let answered = best_at_depth_one(&record, 1);
        assert!(!answered.contains("Qx"), "{answered}");
    }

    #[test]
    fn only_a_turn_that_captures_is_searched_past_the_horizon() {
        let mut settings = crate::level::FIVED[7];
        settings.quiescence = 1;
        let mut domain = Turns::new(&settings, 1, None);
        let state = after(["(0T1)e2e4", "(0T1)d7d5"]);
        let root = domain.node(state.clone());
        let take = state.parse("(0T2)e4d5").expect("legal");
        let quiet = state.parse("(0T2)g1f3").expect("legal");
        let taken = domain.play(&root, &take).expect("a state");
        let after_quiet = domain.play(&root, &quiet).expect("a state");
        let mut out = Vec::new();
        assert!(!domain.captures(&after_quiet, 0, &mut out));
        assert!(domain.captures(&taken, 0, &mut out));
        // Black's queen takes back on d5; every turn listed takes a man.
        assert!(!out.is_empty());
        for turn in &out {
            assert!(forcing(&taken.state, taken.side, turn).is_some());
        }
        // No deeper than the level's turns of captures.
        out.clear();
        assert!(!domain.captures(&taken, 1, &mut out));
    }

    #[test]
    fn the_checking_turns_check() {
        let mut checks = 0;
        for name in GAMES {
            for state in positions(name) {
                for turn in Builder::checking(&state, None).checks(8) {
                    let mut next = state.clone();
                    next.apply(&turn).expect("a legal turn");
                    assert!(
                        next.is_check() || next.status().is_over(),
                        "{name}: {}",
                        state.notation(&turn)
                    );
                    checks += 1;
                }
            }
        }
        assert!(checks > 50, "{checks}");
    }

    #[test]
    fn the_steps_judging_a_turn_for_mate_are_charged_as_nodes() {
        // The turn that mates at the end of a corpus game, made again and
        // again: each time the rules' search proves the opponent has no
        // turn, in the steps they report for it (the same each time).
        let mut all = positions("standard-white-mates.5dpgn");
        let mated = all.pop().expect("the mate");
        let before = all.pop().expect("the position before it");
        let mut domain = Turns::new(&crate::level::FIVED[7], 0, None);
        let root = domain.node(before.clone());
        let mate = before
            .legal_turns()
            .find(|a| before.wins_at_once(a))
            .expect("a mate at once");
        let mut draft = before.draft();
        for mv in &mate.moves {
            draft.make(mv).expect("its moves");
        }
        let (_, each) = draft
            .submit_judging_mates_counted(MATE_STEPS)
            .expect("submits");
        let steps = 100 * each;
        for _ in 0..100 {
            let child = Domain::play(&mut domain, &root, &mate).expect("the mate");
            assert_eq!(child.outcome, Some(Some(before.to_move())));
        }
        assert!(mated.status().is_over() && steps >= 100);
        assert_eq!(Domain::extra_work(&mut domain), steps as u64 / STEPS_A_NODE);
    }

    /// A node for the state after the mate that ends a corpus game, the
    /// mate made without judging it (a turn the search makes is judged
    /// within [`MATE_STEPS`] only, and a mate of many timelines needs
    /// more): in check with no turn, where its status does not say so.
    fn undecided_mate() -> Node<FiveD> {
        let mut all = positions("standard-white-mates.5dpgn");
        all.pop();
        let before = all.pop().expect("the position before the mate");
        let mate = before
            .legal_turns()
            .find(|a| before.wins_at_once(a))
            .expect("a mate at once");
        let (after, _) = drafted(&before, &mate)
            .expect("its moves")
            .submit_judging_mates_counted(0)
            .expect("submits");
        assert_eq!(after.status(), Status::Ongoing);
        assert!(after.is_check());
        Turns::new(&crate::level::FIVED[3], 0, None).node(after)
    }

    #[test]
    fn a_mate_the_judgement_left_undecided_is_scored_as_one_when_its_turns_are_listed() {
        let node = undecided_mate();
        let mut domain = Turns::new(&crate::level::FIVED[3], 0, None);
        let mut turns = Vec::new();
        Domain::moves(&mut domain, &node, 1, &mut turns);
        assert!(turns.is_empty());
        assert_eq!(Domain::no_moves(&domain, &node, 1), -(MATE - 1));
    }

    #[test]
    fn a_listing_that_runs_out_of_steps_leaves_its_state_to_the_evaluation() {
        // A corpus position in check that only the rules' list answers
        // (no combination of the builder's best board moves escapes), its
        // listing held to 4 steps, which find no turn: nothing is proved,
        // the evaluation stands, and the steps are charged to the search.
        let state = positions("timeline-invasion.5dpgn").swap_remove(18);
        assert!(state.is_check() && state.status() == Status::Ongoing);
        let level = &crate::level::FIVED[3];
        let mut domain = Turns::new(level, 0, None).listing_within(4);
        let node = domain.node(state.clone());
        let mut turns = Vec::new();
        Domain::moves(&mut domain, &node, 1, &mut turns);
        assert!(turns.is_empty());
        assert_eq!(Domain::no_moves(&domain, &node, 1), node.eval);
        assert_ne!(node.eval, -(MATE - 1));
        assert_eq!(domain.judged, 4);
        // At the root the first turn the rules find is listed all the
        // same: a level always has a turn to play.
        Domain::moves(&mut domain, &node, 0, &mut turns);
        assert_eq!(turns.len(), 1);
        assert!(state.clone().apply(&turns[0]).is_ok());
        // Without the bound the listing fills the width.
        let mut whole = Turns::new(level, 0, None);
        let mut all = Vec::new();
        Domain::moves(&mut whole, &node, 1, &mut all);
        assert!(all.len() > 1, "{} turns", all.len());
        let mut escapes = Turns::new(level, 0, None).escaping(100).listing_within(4);
        assert_eq!(Domain::escapes(&mut escapes, &node).count(), 0);
        let mut escapes = Turns::new(level, 0, None).escaping(100);
        assert!(Domain::escapes(&mut escapes, &node).count() > 0);
    }

    #[test]
    fn a_listing_where_the_rules_took_minutes_for_a_turn_ends_within_its_steps() {
        // A ladder game's multiverse of 117 timelines in check (the rules'
        // regress record): the rules' search for its first legal turn ran
        // for minutes before 2026-12-07, and a level-4 turn listing it
        // without a clock ran for 38. Made unjudged, as a turn the search
        // makes past its mate steps is, the state's listing now finds the
        // level's width of turns well within its steps (a listing that
        // gives up: the test above).
        let path = format!(
            "{}/../rules/tests/fived/data/regress/slow-judgement.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("the record");
        let mut turns: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        let last = turns.pop().expect("the last turn");
        let before = after(turns);
        let action = before.parse(last).expect("a legal turn");
        let (state, _) = drafted(&before, &action)
            .expect("its moves")
            .submit_judging_mates_counted(0)
            .expect("submits");
        assert!(state.is_check() && state.status() == Status::Ongoing);
        let mut domain = Turns::new(&crate::level::FIVED[3], 0, None);
        let node = domain.node(state);
        let mut listed = Vec::new();
        Domain::moves(&mut domain, &node, 1, &mut listed);
        assert_eq!(listed.len(), crate::level::FIVED[3].width);
        assert!(domain.judged < LIST_STEPS as u64 / 4, "{}", domain.judged);
    }

    #[test]
    fn checking_turns_are_built_and_judged_only_before_the_deadline() {
        // The mates the corpus ends in, each found among the checking
        // turns with time to spare, and no checking turn built or judged
        // once the time is up: the guard's look for a mate at once must
        // not run a turn over.
        let mut found = 0;
        for name in ["just-queens.5dpgn", "standard-white-mates.5dpgn"] {
            let mut all = positions(name);
            all.pop();
            let state = all.pop().expect("a position before the mate");
            let mut builder = Builder::checking(&state, None);
            if let Some(mate) = builder.mating(CHECKS_CAP, |_| true) {
                assert!(state.wins_at_once(&mate), "{name}");
                found += 1;
            }
            assert!(!builder.checking_turns(CHECKS_CAP).is_empty(), "{name}");
            builder.until = Some(Instant::now());
            assert!(builder.checking_turns(CHECKS_CAP).is_empty(), "{name}");
            assert_eq!(builder.mating(CHECKS_CAP, |_| true), None, "{name}");
        }
        assert!(found > 0, "no mate among the checking turns");
    }

    #[test]
    fn a_mate_at_once_is_looked_for_only_until_the_time_given() {
        // The root's look for a mate at once has a share of the turn of
        // its own (`Search::finish`): past it, the look gives up, even
        // where a mate is there to find with time.
        for name in ["just-queens.5dpgn", "standard-white-mates.5dpgn"] {
            let mut all = positions(name);
            all.pop();
            let state = all.pop().expect("a position before the mate");
            let mut domain = Turns::new(&crate::level::FIVED[7], 0, None);
            let root = domain.node(state.clone());
            let mate = Domain::winning_move(&mut domain, &root, &[], &[], None);
            assert!(mate.is_some_and(|m| state.wins_at_once(&m)), "{name}");
            let now = Some(Instant::now());
            assert_eq!(
                Domain::winning_move(&mut domain, &root, &[], &[], now),
                None,
                "{name}"
            );
        }
    }

    #[test]
    fn a_look_for_a_mate_among_the_rules_list_ends_when_its_work_is_spent() {
        // The mate at the end of a corpus game, among the first turns the
        // rules list: found with work enough, not with one unit.
        let mut all = positions("standard-white-mates.5dpgn");
        all.pop();
        let before = all.pop().expect("the position before the mate");
        let exposure = before.exposure();
        let look = |units: u64| {
            let mut work = Work::new(units, None);
            (listed_mate(&before, &exposure, &[], &mut work), work.open())
        };
        let (mate, _) = look(LISTED_WORK);
        let mate = mate.expect("the mate");
        assert!(before.wins_at_once(&mate));
        assert_eq!(look(1), (None, false));
        // The search's looks for a mate at once share one work: spent, not
        // even a mate known is tried.
        let known = std::slice::from_ref(&mate);
        let mut work = Work::new(LOOKS_WORK, None);
        assert_eq!(
            mate_at_once(&before, known, &[], &mut work),
            Some(mate.clone())
        );
        assert_eq!(
            mate_at_once(&before, known, &[], &mut Work::new(0, None)),
            None
        );
        // A ladder game's multiverse where the rules' search takes 5,411
        // steps to list the first turn (more than 65,536 before
        // 2026-12-07): a look held to fewer stops with its work spent,
        // having judged none; with its whole work it lists and judges the
        // turns it may, and finds no mate.
        let turns = ladder_turns("fived-listed-work.txt");
        let state = after(turns.iter().map(String::as_str));
        let exposure = state.exposure();
        let mut work = Work::new(256, None);
        assert!(work.steps_left() < 5_411);
        assert_eq!(listed_mate(&state, &exposure, &[], &mut work), None);
        assert!(!work.open());
        let mut work = Work::new(LISTED_WORK, None);
        assert_eq!(listed_mate(&state, &exposure, &[], &mut work), None);
        let mut listed = state.legal_turns_within(Work::new(LISTED_WORK, None).steps_left());
        assert!(listed.by_ref().take(LISTED_MATES).count() == LISTED_MATES);
    }

    #[test]
    fn a_look_for_a_mate_at_once_that_found_none_is_not_made_again() {
        // The ladder game's multiverse where listing turns is costly: the
        // look before the search spends work and finds no mate; the
        // search's own look at the root, leaving out what it weighs, then
        // spends none.
        let turns = ladder_turns("fived-listed-work.txt");
        let state = after(turns.iter().map(String::as_str));
        let mut domain = Turns::new(&crate::level::FIVED[3], 0, None);
        let root = domain.node(state.clone());
        assert_eq!(
            Domain::winning_move(&mut domain, &root, &[], &[], None),
            None
        );
        let left = domain.looks;
        assert!(left < LOOKS_WORK);
        // What it took stays the measure of the guard's time
        // (`Search::leave_time_to_guard`), which the search's own look,
        // made at no cost, would not give.
        let took = Domain::look_time(&domain);
        assert!(took > Duration::ZERO);
        let sample: Vec<Action> = state.legal_turns().take(1).collect();
        assert_eq!(
            Domain::winning_move(&mut domain, &root, &[], &sample, None),
            None
        );
        assert_eq!(domain.looks, left);
        assert_eq!(Domain::look_time(&domain), took);
    }

    #[test]
    fn a_look_charges_a_builder_by_the_board_moves_it_weighs() {
        // A builder of a few hundred moves costs the unit taken for it; one
        // of more (1,130 in the ladder game's 85 timelines) a unit more for
        // every 1,024.
        let small = positions("standard-white-mates.5dpgn").swap_remove(10);
        let turns = ladder_turns("fived-listed-work.txt");
        let large = after(turns.iter().map(String::as_str));
        let charged = |state: &FiveD| {
            let builder = Builder::within(state, None);
            let mut work = Work::new(1_000, None);
            work.built(&builder);
            (builder.weighed(), 1_000 - work.left)
        };
        let (weighed, units) = charged(&small);
        assert!(
            weighed < 1_024 && units == 0,
            "{weighed} moves, {units} units"
        );
        let (weighed, units) = charged(&large);
        assert!(weighed > 1_024, "{weighed} moves");
        assert_eq!(units, weighed as u64 / MOVES_A_UNIT);
        assert!(units > 0);
        // Putting checking turns together makes board moves on drafts,
        // charged alike.
        let builder = Builder::checking(&large, None);
        assert!(!builder.checking_turns(CHECKS_CAP).is_empty());
        let made = builder.made.get();
        assert!(made > 0);
        let mut work = Work::new(1_000, None);
        work.built(&builder);
        assert_eq!(
            1_000 - work.left,
            (builder.weighed() + made) as u64 / MOVES_A_UNIT
        );
    }

    #[test]
    fn the_guard_decides_a_mate_that_takes_thousands_of_steps_to_prove() {
        // A ladder game whose last turn mates where the rules' search needs
        // more than the search's 1,000 steps to show that no reply is
        // left: the guard, checking the turn that allowed it, finds it.
        let mut turns = ladder_turns("fived-slow-mate.txt");
        let last = turns.pop().expect("the mating turn");
        let state = after(turns.iter().map(String::as_str));
        let mate = state.parse(&last).expect("the mating turn");
        assert!(state.wins_at_once(&mate));
        let mut draft = state.draft();
        for mv in &mate.moves {
            draft.make(mv).expect("its moves");
        }
        let judged = draft.submit_judging_mates(MATE_STEPS).expect("submits");
        assert!(!judged.status().is_over(), "decided within MATE_STEPS");
        assert!(mates_under(&state, &state.exposure(), &mate));
        let mut domain = Turns::new(&crate::level::FIVED[4], 0, None);
        let node = domain.node(state.clone());
        let found =
            Domain::winning_move(&mut domain, &node, std::slice::from_ref(&mate), &[], None);
        assert_eq!(found, Some(mate));
    }

    #[test]
    fn a_net_the_opponent_closes_after_a_turn_is_found() {
        // A ladder game's loser, two turns before it was mated: after its
        // last turn here, a queen's jump leaves every reply it would weigh
        // mated at once, and the look finds such a turn.
        let turns = ladder_turns("fived-net.txt");
        let state = after(turns.iter().map(String::as_str));
        let mut known = Vec::new();
        let (first, _) = net_in(&state, GUARD_NET, &mut known, None).expect("a net");
        // Proved again with the rules alone: each of the replies the look
        // weighs has a turn that mates.
        let mut closed = state.clone();
        closed.apply(&first).expect("a legal turn");
        assert!(!closed.status().is_over());
        let replies = Builder::within(&closed, None).best(GUARD_NET.replies);
        assert_eq!(replies.len(), GUARD_NET.replies);
        for reply in &replies {
            let mut next = closed.clone();
            next.apply(&reply.action).expect("a legal reply");
            assert!(
                known.iter().any(|mate| next.wins_at_once(mate)),
                "{} escapes",
                closed.notation(&reply.action)
            );
        }
        // Without a look, or at the start, there is none.
        let blind = Net {
            work: 0,
            ..GUARD_NET
        };
        assert!(net_in(&state, blind, &mut Vec::new(), None).is_none());
        assert!(net_in(&after([]), GUARD_NET, &mut Vec::new(), None).is_none());
    }

    #[test]
    fn a_level_that_looks_for_nets_plays_one_and_one_that_does_not_plays_on() {
        // The same position, Black to move: the net is Black's to play.
        // Level 4 plays one (each of its replies weighed then has a mate in
        // one); level 3, which does not look for nets, plays another turn.
        let turns = ladder_turns("fived-net.txt");
        let state = after(turns.iter().map(String::as_str));
        let level =
            |n| crate::Limits::level(chronomate_rules::Level::new(n).expect("a level"), None);
        let four = crate::think_about(&state, &level(4), 1, &[]).expect("a turn");
        let net = net_to_play(&state, None).map(|(first, _)| first);
        assert_eq!(Some(&four.action), net.as_ref());
        let mut closed = state.clone();
        closed.apply(&four.action).expect("a legal turn");
        for reply in Builder::within(&closed, None).best(PLAYED_NET.replies) {
            let mut next = closed.clone();
            next.apply(&reply.action).expect("a legal reply");
            let mates = Builder::checking(&next, None).checks(CHECKS_CAP);
            assert!(
                mates.iter().any(|m| next.wins_at_once(m)),
                "{} escapes",
                closed.notation(&reply.action)
            );
        }
        let three = crate::think_about(&state, &level(3), 1, &[]).expect("a turn");
        assert_ne!(three.action, four.action);
    }

    #[test]
    fn a_level_that_looks_for_nets_mates_at_once_where_it_can() {
        // A ladder game's level 4, White to move, with a mate at once: the
        // look for a net passes over the turns that mate and finds a net
        // that is not one; the level plays the mate.
        let turns = ladder_turns("fived-mate-over-net.txt");
        let state = after(turns.iter().map(String::as_str));
        let mate = state.parse("(-1T11)Qd1>>(0T10)c2").expect("a legal turn");
        assert!(state.wins_at_once(&mate));
        let net = net_to_play(&state, None).map(|(first, _)| first);
        assert!(net.is_some_and(|n| !state.wins_at_once(&n)));
        for level in [4, 5, 8] {
            let limits =
                crate::Limits::level(chronomate_rules::Level::new(level).expect("a level"), None);
            let played = crate::think_about(&state, &limits, 1, &[]).expect("a turn");
            assert!(state.wins_at_once(&played.action), "level {level}");
        }
    }

    /// The turn a level of `settings` searching with `domain` and its
    /// guard plays in `state`, and the state after it.
    fn guarded(state: &FiveD, settings: &Settings, domain: Turns) -> (String, FiveD) {
        let root = domain.node(state.clone());
        let limits = Limits {
            guard: true,
            ..Limits::to_depth(settings.depth)
        };
        let mut search =
            Search::new(domain, limits, Table::new(16), Vec::new()).beam(settings.beam);
        let found = search
            .run(&root, None, Default::default(), &mut Rng::new(1))
            .expect("a turn");
        let mut next = state.clone();
        next.apply(&found.best).expect("a legal turn");
        (state.notation(&found.best), next)
    }

    #[test]
    fn the_guard_checks_the_turn_chosen_however_late_the_search_ends() {
        // Level 8 at 1 s a turn through 5DUCI, its search ending past the
        // deadline: its guard's look for a mate at once gave up before it
        // began, and it played a turn mated at once where the builder's
        // best holds. The guard has its time after the search, whenever
        // that ends.
        let state = after(
            ladder_turns("fived-late-guard.txt")
                .iter()
                .map(String::as_str),
        );
        let mated = state.parse("(0T13)Kxf7 (-1T13)g5").expect("a turn");
        let holds = state.parse("(-1T13)Bf8>x(0T13)f7").expect("a turn");
        let deadline = Instant::now();
        let limits = Limits {
            guard: true,
            deadline: Some(deadline),
            ..Limits::to_depth(2)
        };
        let domain = Turns::new(&crate::level::FIVED[7], 1, Some(deadline));
        let root = domain.node(state.clone());
        let mut search = Search::new(domain, limits, Table::new(8), Vec::new());
        search.guard_look = Duration::from_secs(600);
        let mut root_moves = vec![(mated, None, 0), (holds, None, 0)];
        let mut scores = vec![0, 0];
        let played = search.guard(&root, &mut root_moves, &mut scores, &[0, 1], 0);
        assert_eq!(played, Some(1));
        assert!(scores[0] < -MATE / 2);
    }

    #[test]
    fn the_guard_plays_a_turn_that_no_net_closes_on_where_the_level_looks() {
        // A ladder game's level 4, on its ninth turn: its search's turn
        // lets the opponent close a net, and looking at its turns for
        // one, it plays another that none closes on.
        let turns = ladder_turns("fived-net-guard.txt");
        let state = after(turns.iter().map(String::as_str));
        let settings = crate::level::FIVED[3];
        let chosen = |nets: usize| {
            let domain = Turns::new(&settings, 1, None).netting(nets);
            let (best, next) = guarded(&state, &settings, domain);
            let net = net_in(&next, GUARD_NET, &mut Vec::new(), None);
            (best, net.is_some())
        };
        let (blind, netted) = chosen(0);
        assert!(netted, "{blind}");
        let (looking, netted) = chosen(4);
        assert!(!netted, "{looking}");
        assert_ne!(blind, looking);
    }

    #[test]
    fn a_threat_of_a_net_after_a_turn_is_found() {
        // A ladder game's loser, two turns before it was mated: after its
        // last turn here, a rook's capture across timelines leaves each of
        // its best replies mated at once or netted, and the look finds it.
        let turns = ladder_turns("fived-threat.txt");
        let state = after(turns.iter().map(String::as_str));
        let mut known = Vec::new();
        let mut work = Work::new(crate::level::FIVED_THREATS[4], None);
        let (threat, _) =
            net_threat(&state, GUARD_THREAT, &mut known, &mut work).expect("a threat");
        assert_eq!(known, std::slice::from_ref(&threat));
        // Proved again with the rules: each reply the look weighs has a
        // turn that mates, or a net each of whose weighed replies does.
        let mut threatened = state.clone();
        threatened.apply(&threat).expect("a legal turn");
        let replies = Builder::within(&threatened, None).best(GUARD_THREAT.replies);
        assert_eq!(replies.len(), GUARD_THREAT.replies);
        let mut netted = 0;
        for reply in &replies {
            let mut next = threatened.clone();
            next.apply(&reply.action).expect("a legal reply");
            let mut mates = Vec::new();
            if mate_at_once(&next, &[], &[], &mut Work::new(LOOKS_WORK, None))
                .is_some_and(|mate| next.wins_at_once(&mate))
            {
                continue;
            }
            let (_, closed) = net_in(&next, GUARD_NET, &mut mates, None).expect("a net");
            for answer in Builder::within(&closed, None).best(GUARD_NET.replies) {
                let mut last = closed.clone();
                last.apply(&answer.action).expect("a legal answer");
                assert!(mates.iter().any(|mate| last.wins_at_once(mate)));
            }
            netted += 1;
        }
        assert!(netted > 0, "every reply mated at once: a net, not a threat");
        // Held against twice as many replies, it is still a threat, and
        // one to play: no mate at once answers it.
        let (played, _) =
            threat_to_play(&state, crate::level::FIVED_THREATS[4], None).expect("a threat to play");
        assert!(
            Builder::checking(&threatened, None)
                .mating(CHECKS_CAP, |_| true)
                .is_none()
        );
        assert_eq!(played, threat);
        // Without work, or at the start, there is none.
        let none = |state: &FiveD, units: u64| {
            net_threat(
                state,
                GUARD_THREAT,
                &mut Vec::new(),
                &mut Work::new(units, None),
            )
        };
        assert!(none(&state, 0).is_none());
        assert!(none(&after([]), 1_024).is_none());
    }

    #[test]
    fn a_threat_look_tries_unlike_turns_first_captures_then_jumps() {
        // The threat test's position: 121 of the builder's best 128 turns
        // there share their captures and jumps with a turn ranked before
        // them, differing in quiet board moves only.
        let turns = ladder_turns("fived-threat.txt");
        let state = after(turns.iter().map(String::as_str));
        let side = state.to_move();
        let scan = || Builder::within(&state, None).best(GUARD_THREAT.scan);
        let scanned = scan();
        let loud = |action: &Action| loud_part(&state, action);
        let alike = scanned
            .iter()
            .filter(|b| !loud(&b.action).is_empty())
            .count()
            - scanned
                .iter()
                .map(|b| loud(&b.action))
                .filter(|l| !l.is_empty())
                .collect::<HashSet<_>>()
                .len();
        assert!(
            alike > 0,
            "no two of the builder's turns alike: nothing to test"
        );
        let all = threat_candidates(&state, scan(), scanned.len());
        assert_eq!(all.len(), scanned.len());
        let tried = &all[..scanned.len() - alike];
        // None alike: each loud part once, each quiet turn once.
        let parts: HashSet<Vec<Move>> = tried
            .iter()
            .map(|b| {
                let part = loud(&b.action);
                if part.is_empty() {
                    b.action.moves.clone()
                } else {
                    part
                }
            })
            .collect();
        assert_eq!(parts.len(), tried.len());
        // Of each loud part, the builder's first turn.
        for b in tried {
            let part = loud(&b.action);
            if !part.is_empty() {
                let first = scanned.iter().find(|s| loud(&s.action) == part).unwrap();
                assert_eq!(first.action, b.action);
            }
        }
        // Captures (the most taken first), then jumps, then quiet turns.
        let kind = |b: &Built| match forcing(&state, side, &b.action) {
            Some(taken) => (0, -taken),
            None if !loud(&b.action).is_empty() => (1, 0),
            None => (2, 0),
        };
        let kinds: Vec<(i32, i32)> = tried.iter().map(kind).collect();
        assert!(kinds.is_sorted(), "{kinds:?}");
        assert!(kinds.iter().any(|k| k.0 == 0) && kinds.iter().any(|k| k.0 == 1));
        // Then the turns alike, in the builder's order.
        let rest: Vec<&Action> = all[tried.len()..].iter().map(|b| &b.action).collect();
        let dropped: Vec<&Action> = scanned
            .iter()
            .map(|b| &b.action)
            .filter(|a| !tried.iter().any(|t| &t.action == *a))
            .collect();
        assert_eq!(rest, dropped);
        // As many as asked, the first of the whole list.
        let eight = threat_candidates(&state, scan(), 8);
        assert_eq!(eight.len(), 8);
        assert!(eight.iter().zip(&all).all(|(a, b)| a.action == b.action));
    }

    #[test]
    fn the_guard_plays_a_turn_that_no_threat_follows_where_the_level_looks() {
        // A ladder game's level 5, on its eighth turn: its search's turn
        // allows a threat; looking at its turns for threats too, it plays
        // one that none follows.
        let turns = ladder_turns("fived-threat-guard.txt");
        let state = after(turns.iter().map(String::as_str));
        let settings = crate::level::FIVED[4];
        let threats = crate::level::FIVED_THREATS[4];
        let chosen = |threats: u64| {
            let domain = Turns::new(&settings, 1, None)
                .netting(crate::level::FIVED_NETS[4])
                .threatened(threats);
            let (best, next) = guarded(&state, &settings, domain);
            let mut work = Work::new(threats.max(1_024), None);
            let threat = net_threat(&next, GUARD_THREAT, &mut Vec::new(), &mut work);
            (best, threat.is_some())
        };
        let (blind, threatened) = chosen(0);
        assert!(threatened, "{blind}");
        let (looking, threatened) = chosen(threats);
        assert!(!threatened, "{looking}");
        assert_ne!(blind, looking);
    }

    #[test]
    fn a_turn_takes_a_man_left_hanging_where_one_board_is_owed() {
        // 1. e4 d5: exd5 is the best gain on the only board.
        let state = after(["(0T1)e2e4", "(0T1)d7d5"]);
        let best = Builder::within(&state, None).best(4);
        assert_eq!(state.notation(&best[0].action), "(0T2)exd5");
    }

    /// Whether `first`, played in `state`, mates at once or leaves a mate
    /// in one after every reply: every reply the rules list, and for each
    /// a mating turn, any that mates (the builder's checks first, being
    /// quick to try; every legal turn where none of them mates).
    fn forces_mate(state: &FiveD, first: &Action) -> bool {
        let mut after = state.clone();
        after.apply(first).expect("a legal turn");
        if after.status().is_over() {
            return after.status().outcome().and_then(|o| o.winner) == Some(state.to_move());
        }
        let replies: Vec<Action> = after.legal_turns().take(10_001).collect();
        assert!(replies.len() <= 10_000, "too many replies to check");
        replies.iter().all(|reply| {
            let mut next = after.clone();
            next.apply(reply).expect("a legal reply");
            Builder::checking(&next, None)
                .checks(CHECKS_CAP)
                .iter()
                .any(|turn| next.wins_at_once(turn))
                || next
                    .legal_turns()
                    .take(100_000)
                    .any(|turn| next.wins_at_once(&turn))
        })
    }

    #[test]
    fn level_six_plays_the_corpus_mates_in_two() {
        // Positions of the corpus games that end in checkmate, from which
        // the side to move mates in two (whoever then missed it), and
        // the checkmating turns: found by `mate_in_two`, and proved here
        // against every reply.
        let cases = [
            ("just-bishops.5dpgn", 6),
            ("just-bishops.5dpgn", 8),
            ("just-pawns-mates.5dpgn", 11),
            ("just-pawns-promotes.5dpgn", 11),
            ("just-queens.5dpgn", 6),
            ("just-unicorns.5dpgn", 6),
            ("very-small-open.5dpgn", 2),
            ("very-small-open.5dpgn", 4),
        ];
        for (name, at) in cases {
            let state = positions(name).swap_remove(at);
            for seed in 0..2 {
                let thought = crate::think_about(
                    &state,
                    &crate::Limits::level(chronomate_rules::Level::new(6).expect("a level"), None),
                    seed,
                    &[],
                )
                .expect("a turn");
                assert!(
                    forces_mate(&state, &thought.action),
                    "{name} at {at}: {}",
                    state.notation(&thought.action)
                );
                assert!(thought.score.0 > crate::score::MATE_BOUND, "{thought:?}");
            }
        }
    }

    /// A ladder game of level 3 (White) against level 2 (seed 1, game 1),
    /// before level 3's last turn: Black mates at once after every turn
    /// level 3 searches.
    const THREATENED: [&str; 24] = [
        "(0T1)Nc3",
        "(0T1)d5",
        "(0T2)e4",
        "(0T2)Nd7",
        "(0T3)exd5",
        "(0T3)a5",
        "(0T4)a4",
        "(0T4)b5",
        "(0T5)Ng1>>(0T4)g3",
        "(1T4)Ngf6",
        "(1T5)Bd3",
        "(1T5)Nxd5 (0T5)c5",
        "(1T6)Nxd5 (0T6)Ke1>>(1T5)e2",
        "(0T6)Nd7>x(1T6)d5",
        "(0T7)Bxb5 (1T7)Bxh7",
        "(1T7)Nd5>x(0T7)b5",
        "(0T8)axb5 (1T8)Bh7>>(1T5)h4",
        "(1T8)Rxh2 (0T8)Bc8>>x(0T3)c3",
        "(-1T4)bxc3 (1T9)Rxh2",
        "(-1T4)h5",
        "(-1T5)Bd3",
        "(2T5)Nxd5 (-1T5)Ne5",
        "(2T6)Nxd5 (-1T6)Bd3>>x(1T6)d5",
        "(2T6)a4 (-1T6)Qxd5",
    ];

    /// Whether the opponent has a turn that mates at once after `action`,
    /// as level 8's guard looks.
    fn mated_after(state: &FiveD, action: &Action) -> bool {
        let mut domain = Turns::new(&crate::level::FIVED[7], 0, None);
        let root = domain.node(state.clone());
        let child = domain.play(&root, action).expect("a legal turn");
        domain.winning_move(&child, &[], &[], None).is_some()
    }

    #[test]
    fn where_every_turn_searched_is_mated_level_three_looks_further() {
        let state = after(THREATENED);
        // Every turn level 3 searches here is mated at once.
        let settings = crate::level::FIVED[2];
        let mut domain = Turns::new(&settings, 0, None);
        let root = domain.node(state.clone());
        let mut searched = Vec::new();
        domain.moves(&root, 0, &mut searched);
        assert!(searched.len() >= 24, "{}", searched.len());
        let mut known = Vec::new();
        for action in &searched {
            let child = domain.play(&root, action).expect("a legal turn");
            let reply = domain.winning_move(&child, &known, &[], None);
            let reply = reply.expect("a mate at once against every turn searched");
            if !known.contains(&reply) {
                known.push(reply);
            }
        }
        // Level 3 plays one that is not; level 2, which looks no further,
        // one that is.
        let level =
            |n| crate::Limits::level(chronomate_rules::Level::new(n).expect("a level"), None);
        for seed in 0..3 {
            let three = crate::think_about(&state, &level(3), seed, &[]).expect("a turn");
            assert!(
                !mated_after(&state, &three.action),
                "level 3 (seed {seed}): {}",
                state.notation(&three.action)
            );
        }
        let two = crate::think_about(&state, &level(2), 0, &[]).expect("a turn");
        assert!(
            mated_after(&state, &two.action),
            "{}",
            state.notation(&two.action)
        );
    }

    #[test]
    fn every_corpus_mate_in_one_is_played_at_level_two() {
        for name in [
            "just-bishops.5dpgn",
            "just-kings.5dpgn",
            "just-knights.5dpgn",
            "just-pawns-mates.5dpgn",
            "just-pawns-promotes.5dpgn",
            "just-queens.5dpgn",
            "just-unicorns.5dpgn",
            "knight-practice.5dpgn",
            "pawns-practice.5dpgn",
            "standard-black-mates.5dpgn",
            "standard-white-mates.5dpgn",
            "very-small-open.5dpgn",
        ] {
            let mut all = positions(name);
            all.pop();
            let state = all.pop().expect("a position before the mate");
            let thought = crate::think_about(
                &state,
                &crate::Limits::level(chronomate_rules::Level::new(2).expect("a level"), None),
                0,
                &[],
            )
            .expect("a turn");
            assert!(
                state.wins_at_once(&thought.action),
                "{name}: {}",
                state.notation(&thought.action)
            );
        }
    }

    #[test]
    fn every_mate_in_two_claimed_is_forced() {
        // Every position of the small boards' games that end in mate: a
        // claim is proved against every reply, whichever the builder saw.
        let mut claims = 0;
        for name in [
            "just-bishops.5dpgn",
            "just-kings.5dpgn",
            "just-pawns-mates.5dpgn",
            "just-queens.5dpgn",
            "just-unicorns.5dpgn",
            "knight-practice.5dpgn",
            "very-small-open.5dpgn",
        ] {
            for (at, state) in positions(name).into_iter().enumerate() {
                if let Some((first, _)) = mate_in_two(&state, &unlimited(2_000)).found {
                    assert!(forces_mate(&state, &first), "{name} at {at}");
                    claims += 1;
                }
            }
        }
        assert!(claims >= 10, "{claims}");
    }
}
