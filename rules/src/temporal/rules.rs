//! [`TemporalChess`]: the game as the host sees it, through [`Rules`].

use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::movement::{Kind, attacks, between};
use super::notation::{self, Pattern};
use super::state::{Action, Event, MAX_CHECKERS, Position, Transition, Warp};
use crate::view::{
    BoardView, Counter, CounterKind, Hand, Highlight, HighlightKind, Man, Pending, Shape,
};
use crate::{About, Options, RecordFormat, Rules};
use crate::{ActionError, Color, Outcome, Played, Reason, Status, Turn, View};

/// Plies without a capture, drop or warp that draw (T-9): fifty moves each.
pub const FIFTY_MOVES_PLIES: u32 = 100;

/// A game of Temporal Chess: the position plus what the record adds (the
/// move count, the fifty-move clock, the positions that may repeat, the last
/// action for highlights, the result).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemporalChess {
    pos: Position,
    /// Actions played so far.
    ply: u32,
    /// Plies since the last capture, drop or warp (T-9).
    quiet: u32,
    /// Positions since the last capture, drop or warp, this one included
    /// (T-9 repetition).
    seen: Vec<Position>,
    last: Option<Last>,
    status: Status,
}

/// The last action, for highlights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Last {
    action: Action,
    event: Option<Event>,
}

impl Default for TemporalChess {
    fn default() -> TemporalChess {
        TemporalChess::new()
    }
}

impl TemporalChess {
    /// The empty field, every man in hand, White to place its king (T-2).
    pub fn new() -> TemporalChess {
        let pos = Position::default();
        TemporalChess {
            pos,
            ply: 0,
            quiet: 0,
            seen: vec![pos],
            last: None,
            status: Status::Ongoing,
        }
    }

    /// The side to act.
    pub fn to_move(&self) -> Color {
        self.pos.to_move
    }

    /// Actions played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The result so far.
    pub fn result(&self) -> Status {
        self.status
    }

    /// The present man on `cell`: colour and kind.
    pub fn man_at(&self, cell: Cell) -> Option<(Color, Kind)> {
        self.pos.man_at(cell)
    }

    /// How many men of `kind` `color` holds in hand.
    pub fn in_hand(&self, color: Color, kind: Kind) -> u8 {
        self.pos.hands[color.index()][kind.index()]
    }

    /// `color`'s warp in existence, with its checkers (T-7: at most one).
    pub fn warp(&self, color: Color) -> Option<Warp> {
        self.pos.warps[color.index()]
    }

    /// The cell of `color`'s king in check, if the side to move is in check
    /// (T-8).
    pub fn check(&self) -> Option<Cell> {
        self.pos.in_check(self.pos.to_move)
    }

    /// Plies since the last capture, drop or warp (T-9).
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Every legal action now; empty once the game is over.
    pub fn actions(&self) -> Vec<Action> {
        if self.status.is_over() {
            return Vec::new();
        }
        self.pos.legal_actions()
    }

    /// Checks that the state is consistent: every man on one cell, counts
    /// within the initial set, warps where their men are, a king for each
    /// side once placed. For tests; returns what is wrong.
    pub fn audit(&self) -> Result<(), String> {
        let p = &self.pos;
        if p.colors[0].intersects(p.colors[1]) {
            return Err("a cell holds men of both colours".into());
        }
        let mut all = crate::geometry::Bitboard::EMPTY;
        for k in Kind::ALL {
            if p.kinds[k.index()].intersects(all) {
                return Err(format!("a {k} shares a cell with another kind"));
            }
            all |= p.kinds[k.index()];
        }
        if all != p.occupied() {
            return Err("kinds and colours disagree".into());
        }
        for color in Color::ALL {
            let away = p.away(color);
            for kind in Kind::ALL {
                let field = p.men(color, kind).count() as u8;
                let ghost = u8::from(away.is_some_and(|a| a.1 == kind));
                let hand = p.hands[color.index()][kind.index()];
                let limit = kind.initial() + u8::from(p.original(color).is_some());
                if field + ghost + hand > limit {
                    return Err(format!("{color} has too many {kind}s"));
                }
            }
            match p.warps[color.index()] {
                Some(Warp::Original { cell, count }) => {
                    if !p.colors[color.index()].contains(cell) {
                        return Err(format!("{color}'s original is not on {cell}"));
                    }
                    if !(1..=MAX_CHECKERS).contains(&count) {
                        return Err(format!("{color}'s original has {count} checkers"));
                    }
                }
                Some(Warp::Away { cell, count, .. }) => {
                    if !(1..=MAX_CHECKERS).contains(&count) {
                        return Err(format!("{color}'s disappeared man has {count} checkers"));
                    }
                    if p.away(!color).is_some_and(|a| a.0 == cell) {
                        return Err(format!("two disappeared men on {cell}"));
                    }
                }
                None => {}
            }
            let kings = p.men(color, Kind::King).count()
                + u32::from(away.is_some_and(|a| a.1 == Kind::King));
            if !p.placing_king(color) && kings == 0 && !self.status.is_over() {
                return Err(format!("{color} has no king"));
            }
        }
        if !self.status.is_over() && p.exposed(!p.to_move).is_some() {
            return Err("the side that just moved is in check".into());
        }
        Ok(())
    }

    /// Judges `action` for the side to move, with the rule that refuses it.
    fn judge(&self, action: Action) -> Result<Transition, ActionError> {
        let p = &self.pos;
        let me = p.to_move;
        let refuse = |why: String| Err(ActionError::illegal_untagged(why));
        if p.placing_king(me)
            && !matches!(
                action,
                Action::Drop {
                    kind: Kind::King,
                    ..
                }
            )
        {
            return Err(placement_first(me));
        }
        match action {
            Action::Drop { kind, to } => {
                if p.hands[me.index()][kind.index()] == 0 {
                    return refuse(if kind == Kind::King {
                        "your king is already on the field".into()
                    } else {
                        format!("you have no {kind} left in hand")
                    });
                }
                if let Some(man) = p.man_at(to) {
                    return refuse(format!(
                        "a man is dropped on a vacant cell (T-2): {to} holds the {}",
                        describe(man)
                    ));
                }
                if let Some(king) = p.drop_gives_check(kind, to) {
                    return refuse(format!(
                        "a drop may not give check (T-2): a {kind} on {to} would attack the {} king on {king}",
                        !me
                    ));
                }
            }
            Action::Move { from, to } | Action::WarpFrom { from, to, .. } => {
                if let Action::WarpFrom { count, .. } = action {
                    self.may_warp(count)?;
                }
                let kind = match p.man_at(from) {
                    Some((c, k)) if c == me => k,
                    Some(man) => return refuse(format!("the {} is not yours", describe(man))),
                    None => return refuse(format!("there is no man of yours on {from}")),
                };
                if from == to {
                    return refuse("a man cannot move to the cell it stands on".into());
                }
                if let Some((c, k)) = p.man_at(to)
                    && c == me
                {
                    return refuse(format!("{to} holds your own {k}"));
                }
                let occ = p.occupied();
                if !attacks(kind, from, crate::geometry::Bitboard::EMPTY).contains(to) {
                    return refuse(format!(
                        "a {kind} cannot go from {from} to {to}: it moves {} (T-3)",
                        kind.movement()
                    ));
                }
                if !attacks(kind, from, occ).contains(to) {
                    let block = (between(from, to) & occ).first::<Cell>();
                    let at = block.map(|c| format!(" at {c}")).unwrap_or_default();
                    return refuse(format!("the {kind} on {from} is blocked{at}"));
                }
            }
            Action::WarpInto { at, count } => {
                self.may_warp(count)?;
                match p.man_at(at) {
                    Some((c, _)) if c == me => {}
                    Some(man) => return refuse(format!("the {} is not yours", describe(man))),
                    None => return refuse(format!("there is no man of yours on {at}")),
                }
                if let Some((_, kind, _)) = p.away(!me).filter(|a| a.0 == at) {
                    return refuse(format!(
                        "{at} already holds a disappeared {} {kind}: two men cannot reappear on one cell",
                        !me
                    ));
                }
            }
        }
        debug_assert!(p.pseudo_legal(action));
        let t = p.transition(action);
        if t.paradox {
            return Ok(t);
        }
        if t.own_king_lost {
            return refuse(
                "your man reappearing this turn would capture your own king (T-6)".into(),
            );
        }
        if let Some(king) = t.pos.exposed(me) {
            let due = t.pos.away(!me).filter(|a| a.0 == king && a.2 == 1);
            return refuse(match due {
                Some((_, kind, _)) => format!(
                    "your king on {king} would be captured when the {} {kind} reappears there (T-6)",
                    !me
                ),
                None => format!("that would leave your king on {king} in check"),
            });
        }
        Ok(t)
    }

    /// Why `action` is refused (it is, or this is a fallback).
    fn refusal(&self, action: Action) -> ActionError {
        match self.judge(action) {
            Err(e) => e,
            Ok(_) => ActionError::illegal_untagged("that action is not possible here"),
        }
    }

    /// T-4, T-5, T-7: the checkers are 1 to 6 and the mover has no warp.
    fn may_warp(&self, count: u8) -> Result<(), ActionError> {
        if !(1..=MAX_CHECKERS).contains(&count) {
            return Err(ActionError::illegal_untagged(format!(
                "a warp takes 1 to {MAX_CHECKERS} checkers, not {count} (T-4, T-5)"
            )));
        }
        let me = self.pos.to_move;
        match self.pos.warps[me.index()] {
            None => Ok(()),
            Some(Warp::Original { cell, count }) => Err(ActionError::illegal_untagged(format!(
                "one warp at a time (T-7): your original on {cell} still carries {count} red checker{}",
                plural(count)
            ))),
            Some(Warp::Away { cell, kind, count }) => Err(ActionError::illegal_untagged(format!(
                "one warp at a time (T-7): your {kind} that disappeared on {cell} is away for {count} more turn{}",
                plural(count)
            ))),
        }
    }

    /// The legal actions a pattern names.
    fn resolve(&self, text: &str, patterns: &[Pattern]) -> Result<Action, ActionError> {
        let mut found: Vec<Action> = Vec::new();
        let mut first_error = None;
        for &pattern in patterns {
            match self.resolve_one(pattern) {
                Ok(actions) => {
                    for a in actions {
                        if !found.contains(&a) {
                            found.push(a);
                        }
                    }
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match found.len() {
            1 => Ok(found[0]),
            0 => {
                Err(first_error.unwrap_or_else(|| ActionError::illegal_untagged("no such action")))
            }
            _ => {
                let names: Vec<String> = found.iter().map(|a| self.notation_of(*a)).collect();
                Err(ActionError::Ambiguous(format!(
                    "{:?} could be {}: say which",
                    text.trim(),
                    names.join(" or ")
                )))
            }
        }
    }

    /// The legal actions one reading names, or why there are none.
    fn resolve_one(&self, pattern: Pattern) -> Result<Vec<Action>, ActionError> {
        let p = &self.pos;
        let me = p.to_move;
        let count_u8 = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
        let king_placement = matches!(
            pattern,
            Pattern::Drop {
                kind: Kind::King,
                ..
            } | Pattern::Move {
                kind: None | Some(Kind::King),
                capture: false,
                warp: None,
                ..
            }
        );
        if p.placing_king(me) && !king_placement {
            return Err(placement_first(me));
        }
        let candidates: Vec<Action> = match pattern {
            Pattern::Drop { kind, to } => vec![Action::Drop { kind, to }],
            Pattern::Move {
                kind,
                from,
                capture: false,
                warp: None,
                to,
            } if p.placing_king(me) && from.is_any() && kind.is_none_or(|k| k == Kind::King) => {
                vec![Action::Drop {
                    kind: Kind::King,
                    to,
                }]
            }
            Pattern::Future { kind, at, count } => {
                if let (Some(k), Some((c, found))) = (kind, p.man_at(at))
                    && c == me
                    && k != found
                {
                    return Err(ActionError::illegal_untagged(format!(
                        "the man on {at} is a {found}, not a {k}"
                    )));
                }
                vec![Action::WarpInto {
                    at,
                    count: count_u8(count),
                }]
            }
            Pattern::Move {
                kind,
                from,
                capture,
                warp,
                to,
            } => {
                if let Some(n) = warp {
                    self.may_warp(count_u8(n))?;
                }
                let make = |from: Cell| match warp {
                    Some(n) => Action::WarpFrom {
                        from,
                        to,
                        count: count_u8(n),
                    },
                    None => Action::Move { from, to },
                };
                let men: Vec<Cell> = p.colors[me.index()]
                    .cells::<Cell>()
                    .filter(|&c| from.matches(c))
                    .filter(|&c| kind.is_none_or(|k| p.man_at(c).is_some_and(|m| m.1 == k)))
                    .collect();
                let reach: Vec<Cell> = men
                    .iter()
                    .copied()
                    .filter(|&c| p.pseudo_legal(Action::Move { from: c, to }))
                    .collect();
                let what = kind.map_or("man".to_owned(), |k| k.name().to_owned());
                if reach.is_empty() {
                    if let (Some(cell), Some(k)) = (from.cell(), kind)
                        && let Some((c, found)) = p.man_at(cell)
                        && c == me
                        && found != k
                    {
                        return Err(ActionError::illegal_untagged(format!(
                            "the man on {cell} is a {found}, not a {k}"
                        )));
                    }
                    return Err(match (from.cell(), men.as_slice()) {
                        (Some(cell), _) => self.refusal(make(cell)),
                        (None, [one]) => self.refusal(make(*one)),
                        (None, []) => ActionError::illegal_untagged(format!(
                            "you have no {what}{} on the field",
                            from.describe()
                        )),
                        (None, _) => ActionError::illegal_untagged(format!(
                            "none of your {what}s{} can reach {to}",
                            from.describe()
                        )),
                    });
                }
                if capture && !p.colors[(!me).index()].contains(to) {
                    return Err(ActionError::illegal_untagged(format!(
                        "there is nothing to capture on {to}"
                    )));
                }
                reach.into_iter().map(make).collect()
            }
        };
        let mut legal = Vec::new();
        let mut error = None;
        for a in candidates {
            match self.judge(a) {
                Ok(_) => legal.push(a),
                Err(e) => {
                    error.get_or_insert(e);
                }
            }
        }
        match (legal.is_empty(), error) {
            (true, Some(e)) => Err(e),
            _ => Ok(legal),
        }
    }

    /// The canonical text of a legal action, with `+` or `#`.
    fn notation_of(&self, action: Action) -> String {
        let mut s = notation::base(&self.pos, action);
        if let Some(t) = self.pos.legal_transition(action)
            && !t.paradox
            && t.pos.in_check(t.pos.to_move).is_some()
        {
            s.push(if t.pos.has_legal_action() { '+' } else { '#' });
        }
        s
    }

    /// The result at the start of a turn, after `t`.
    fn judge_end(&self, t: &Transition, repeated: usize, quiet: u32) -> Status {
        let mover = self.pos.to_move;
        if t.paradox {
            return Status::Finished(Outcome::win(mover, Reason::Paradox));
        }
        if t.king_captured {
            return Status::Finished(Outcome::win(mover, Reason::KingCaptured));
        }
        let next = &t.pos;
        if !next.has_legal_action() {
            return Status::Finished(if next.in_check(next.to_move).is_some() {
                Outcome::win(mover, Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if repeated >= 3 {
            return Status::Finished(Outcome::draw(Reason::Repetition));
        }
        if quiet >= FIFTY_MOVES_PLIES {
            return Status::Finished(Outcome::draw(Reason::FiftyMoves));
        }
        Status::Ongoing
    }
}

/// T-2: while `me`'s king is in hand, placing it is the only action.
fn placement_first(me: Color) -> ActionError {
    ActionError::illegal_untagged(format!(
        "first {me} places its king on a vacant cell (T-2), like K@Bb2"
    ))
}

fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn describe((color, kind): (Color, Kind)) -> String {
    format!("{color} {kind}")
}

/// Words for what the countdown did (T-6).
fn event_words(e: Event) -> String {
    match e {
        Event::OriginalLeft { color, kind, cell } => format!(
            "the {color} {kind} on {cell}, an original, left the game with its last red checker"
        ),
        Event::Reappeared {
            color,
            kind,
            cell,
            captured,
        } => match captured {
            Some(man) => format!(
                "the {color} {kind} reappeared on {cell} and captured the {}",
                describe(man)
            ),
            None => format!("the {color} {kind} reappeared on {cell}"),
        },
    }
}

impl Rules for TemporalChess {
    type Action = Action;

    const ABOUT: About = About {
        id: "temporal",
        title: "Temporal Chess",
        summary: "Temporal Chess (temporal): a 4x4x4 field (levels A-D, cells like Bc3). Everything \
             starts in hand: place your king, then each turn drop, move (Raumschach moves, \
             unicorns on 3-D diagonals) or warp: a duplicate from the future, or a man sent \
             ahead, counted down by checkers. Capturing an enemy original, or mate, wins.",
        options: "",
        record: RecordFormat::Lines,
    };

    fn new(_options: &Options, _seed: u64) -> Self {
        TemporalChess::new()
    }

    fn apply(&mut self, action: &Self::Action) -> Result<Vec<String>, ActionError> {
        Rules::play(self, action).map(|played| played.events)
    }

    fn turn(&self) -> Turn {
        Turn::single(self.pos.to_move)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.actions()
    }

    fn parse(&self, text: &str) -> Result<Action, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let patterns = notation::read(text)?;
        self.resolve(text, &patterns)
    }

    fn notation(&self, action: &Action) -> String {
        self.notation_of(*action)
    }

    fn play(&mut self, action: &Action) -> Result<Played, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let action = *action;
        let t = self.judge(action)?;
        let notation = self.notation_of(action);
        // T-9: a capture, a drop or a warp resets the fifty-move clock, and
        // no position before it can come back.
        let irreversible = t.captured || !matches!(action, Action::Move { .. });
        if irreversible {
            self.quiet = 0;
            self.seen.clear();
        } else {
            self.quiet += 1;
        }
        let repeated = 1 + self.seen.iter().filter(|p| **p == t.pos).count();
        let status = self.judge_end(&t, repeated, self.quiet);
        let events = t.event.map(event_words).into_iter().collect();
        self.pos = t.pos;
        self.ply += 1;
        self.seen.push(t.pos);
        self.last = Some(Last {
            action,
            event: t.event,
        });
        self.status = status;
        Ok(Played { notation, events })
    }

    fn view(&self) -> View {
        let p = &self.pos;
        let mut board = BoardView::empty(Shape::Cube4);
        for color in Color::ALL {
            if let Some((cell, kind, count)) = p.away(color) {
                board.cells[cell.index() as usize] = Some(Man {
                    counter: Some(Counter {
                        kind: CounterKind::Black,
                        count,
                    }),
                    ghost: true,
                    ..Man::new(color, kind.figure())
                });
            }
        }
        for cell in p.occupied().cells::<Cell>() {
            let Some((color, kind)) = p.man_at(cell) else {
                continue;
            };
            let counter = match p.warps[color.index()] {
                Some(Warp::Original { cell: c, count }) if c == cell => Some(Counter {
                    kind: CounterKind::Red,
                    count,
                }),
                _ => None,
            };
            board.cells[cell.index() as usize] = Some(Man {
                counter,
                ..Man::new(color, kind.figure())
            });
        }
        if let Some(last) = self.last {
            let mut mark = |cell: Cell, kind| {
                board.highlights.push(Highlight {
                    cell: cell.index(),
                    kind,
                })
            };
            match last.action {
                Action::Drop { to, .. } => mark(to, HighlightKind::LastMoveTo),
                Action::Move { from, to } | Action::WarpFrom { from, to, .. } => {
                    mark(from, HighlightKind::LastMoveFrom);
                    mark(to, HighlightKind::LastMoveTo);
                }
                Action::WarpInto { at, .. } => mark(at, HighlightKind::LastMoveFrom),
            }
            if let Some(Event::Reappeared { cell, .. }) = last.event {
                mark(cell, HighlightKind::LastMoveTo);
            }
        }
        if !self.status.is_over()
            && let Some(king) = self.check()
        {
            board.highlights.push(Highlight {
                cell: king.index(),
                kind: HighlightKind::Check,
            });
        }
        board.to_move = Some(p.to_move);
        board.caption = self.status.outcome().map(|o| o.to_string());
        board.current = true;
        board.touched = self.last.is_some();
        let hands = Color::ALL
            .into_iter()
            .map(|color| Hand {
                color,
                men: Kind::ALL
                    .into_iter()
                    .filter_map(|k| {
                        let n = p.hands[color.index()][k.index()];
                        (n > 0).then(|| (Man::new(color, k.figure()), n))
                    })
                    .collect(),
            })
            .collect();
        let mut pending = Vec::new();
        let mut notes = Vec::new();
        for color in Color::ALL {
            match p.warps[color.index()] {
                Some(Warp::Away { cell, kind, count }) => {
                    pending.push(Pending {
                        man: Man {
                            counter: Some(Counter {
                                kind: CounterKind::Black,
                                count,
                            }),
                            ghost: true,
                            ..Man::new(color, kind.figure())
                        },
                        label: format!(
                            "reappears on {cell} after {count} more {color} turn{}",
                            plural(count)
                        ),
                    });
                    notes.push(format!(
                        "{color}: {kind} away from {cell}, {count} black checker{}",
                        plural(count)
                    ));
                }
                Some(Warp::Original { cell, count }) => {
                    let kind = p.man_at(cell).map_or(Kind::King, |m| m.1);
                    notes.push(format!(
                        "{color}: original {kind} on {cell}, {count} red checker{}: its capture loses (T-8)",
                        plural(count)
                    ));
                }
                None => {}
            }
        }
        let title = match self.status {
            Status::Ongoing => format!("Move {} · {} to move", self.ply / 2 + 1, p.to_move),
            Status::Finished(o) => format!("Move {} · {o}", self.ply.div_ceil(2).max(1)),
        };
        View {
            title: Some(title),
            perspective: Some(Color::White),
            boards: vec![board],
            hands,
            pending,
            notes,
            ..View::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game at `pos`, as if it had just begun there.
    fn at(pos: Position) -> TemporalChess {
        TemporalChess {
            pos,
            seen: vec![pos],
            ..TemporalChess::new()
        }
    }

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    /// Black: king Aa1, a unicorn away on Dd4 (3 black checkers), nothing
    /// in hand. White: king Ac1, queen Ac2. White to move.
    fn lone_king(black_warp: bool) -> TemporalChess {
        let mut pos = Position {
            hands: [[0; 6]; 2],
            ..Position::default()
        };
        for (color, kind, c) in [
            (Color::White, Kind::King, "Ac1"),
            (Color::White, Kind::Queen, "Ac2"),
            (Color::Black, Kind::King, "Aa1"),
        ] {
            pos.put(color, kind, cell(c));
        }
        if black_warp {
            pos.warps[1] = Some(Warp::Away {
                cell: cell("Dd4"),
                kind: Kind::Unicorn,
                count: 3,
            });
        }
        at(pos)
    }

    #[test]
    fn t9_stalemate_draws() {
        let mut g = lone_king(true);
        let a = g.parse("QCa2").unwrap();
        assert_eq!(g.play(&a).unwrap().notation, "QAc2-Ca2");
        assert_eq!(g.status, Status::Finished(Outcome::draw(Reason::Stalemate)));
        assert_eq!(g.check(), None);
        assert!(g.actions().is_empty());
        // With no warp of its own running, Black's king can warp away.
        let mut g = lone_king(false);
        let a = g.parse("QCa2").unwrap();
        g.play(&a).unwrap();
        assert_eq!(g.status, Status::Ongoing);
        let names: Vec<String> = g.actions().iter().map(|a| g.notation_of(*a)).collect();
        assert_eq!(
            names,
            ["KAa1^1", "KAa1^2", "KAa1^3", "KAa1^4", "KAa1^5", "KAa1^6"]
        );
    }

    #[test]
    fn the_state_survives_serde() {
        let mut g = lone_king(true);
        let a = g.parse("KAc1-Bc1").unwrap();
        g.play(&a).unwrap();
        let json = serde_json::to_string(&g).unwrap();
        let back: TemporalChess = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
        assert!(json.contains("\"Dd4\""), "{json}");
    }
}
