//! [`ManyWorlds`]: the set of boards, whose turn it is, and how actions
//! change them (M-1 … M-6).

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::notation::{self, Text};
use super::{Action, Numeral, World};
use crate::chess::{CastlingRefusal, CastlingSide, Move, Role};
use crate::geometry::Square;
use crate::{ActionError, Color, Outcome, Played, Reason, Status, Turn};

/// A game of Many Worlds Chess.
///
/// The live boards are kept by numeral, and indexed by their contents
/// (hashed by Zobrist key) so that a board identical to a new one is found
/// at once, however many boards there are. The whole set of boards has a
/// key too, the sum of its boards' mixed keys, kept up to date as boards
/// come and go, for the repetition rule (M-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Saved", into = "Saved")]
pub struct ManyWorlds {
    /// The `turns` option (M-6).
    turns: bool,
    /// The side to act.
    to_move: Color,
    boards: BTreeMap<Numeral, World>,
    index: HashMap<World, Numeral>,
    /// The numeral the next new board gets.
    next: u32,
    /// Actions played.
    ply: u32,
    /// The key of the set of boards (without the side to move).
    set_key: u64,
    /// How often each (set of boards, side to act) has occurred (M-5).
    seen: BTreeMap<u64, u8>,
    last: Option<Last>,
    status: Status,
}

/// What the last action did, for the view: the boards it left changed and
/// where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Last {
    pub action: Action,
    pub marks: Vec<Mark>,
}

/// A board the last action touched, with the squares a man left and
/// reached there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    pub board: Numeral,
    pub from: Option<Square>,
    pub to: Option<Square>,
}

/// A bijective mix of a board key, so that the set key (a sum) is not
/// linear in the men: moving a man from one board to another changes it.
fn mix(key: u64) -> u64 {
    let mut z = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn side_key(color: Color) -> u64 {
    color.fold(0, 0x6a09_e667_f3bc_c909)
}

impl ManyWorlds {
    /// A new game: board 0 in the starting position, White to act.
    pub fn new(turns: bool) -> ManyWorlds {
        let mut game = ManyWorlds::empty(turns, Color::White);
        game.insert_new(World::start(turns));
        game.seen.insert(game.repetition_key(), 1);
        game
    }

    /// A game from given boards, numbered 0, I, II, ... in order (FEN
    /// placement, side, castling, en passant; the side to move counts only
    /// with `turns`), with `to_move` to act. For tests and puzzles.
    pub fn from_fens(turns: bool, to_move: Color, fens: &[&str]) -> Result<ManyWorlds, String> {
        let worlds = fens
            .iter()
            .map(|fen| World::from_fen(fen, turns))
            .collect::<Result<Vec<_>, _>>()?;
        ManyWorlds::from_worlds(turns, to_move, worlds)
    }

    fn from_worlds(turns: bool, to_move: Color, worlds: Vec<World>) -> Result<ManyWorlds, String> {
        if worlds.is_empty() {
            return Err("a game needs at least one board".into());
        }
        let mut game = ManyWorlds::empty(turns, to_move);
        for world in worlds {
            if let Some(n) = game.index.get(&world) {
                return Err(format!("two boards are identical to board {n}"));
            }
            game.insert_new(world);
        }
        game.seen.insert(game.repetition_key(), 1);
        game.status = game.judge(false);
        Ok(game)
    }

    /// Whether the `turns` option is on (M-6).
    pub fn turns(&self) -> bool {
        self.turns
    }

    /// The side to act.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Actions played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The numeral the next new board will get.
    pub fn next_numeral(&self) -> Numeral {
        Numeral(self.next)
    }

    /// The live boards, by numeral.
    pub fn boards(&self) -> impl Iterator<Item = (Numeral, &World)> + '_ {
        self.boards.iter().map(|(n, w)| (*n, w))
    }

    /// How many boards are live.
    pub fn board_count(&self) -> usize {
        self.boards.len()
    }

    /// The board numbered `n`, if live.
    pub fn board(&self, n: Numeral) -> Option<&World> {
        self.boards.get(&n)
    }

    /// The live board identical to `world`, found by its key.
    pub fn find(&self, world: &World) -> Option<Numeral> {
        self.index.get(world).copied()
    }

    /// What the last action did.
    pub fn last(&self) -> Option<&Last> {
        self.last.as_ref()
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// Whose turn it is; with `turns`, the boards where that side may split.
    pub fn turn(&self) -> Turn {
        let boards = if self.turns {
            self.boards
                .iter()
                .filter(|(_, w)| w.to_move() == Some(self.to_move))
                .map(|(n, _)| n.to_string())
                .collect()
        } else {
            Vec::new()
        };
        Turn {
            color: self.to_move,
            boards,
        }
    }

    /// The moves of the side to act on board `n`, in SAN, in the
    /// generator's order; refused if the board is not live or, with
    /// `turns`, it is not that side's move there.
    pub fn moves_on(&self, n: Numeral) -> Result<Vec<String>, ActionError> {
        let world = self.splittable(n)?;
        let moves = world.moves(self.to_move);
        Ok(moves
            .iter()
            .map(|m| notation::san(&moves, m).to_string())
            .collect())
    }

    fn repetition_key(&self) -> u64 {
        self.set_key ^ side_key(self.to_move)
    }

    /// Adds a board not identical to any live one under the next numeral.
    fn insert_new(&mut self, world: World) -> Numeral {
        let n = Numeral(self.next);
        self.next += 1;
        self.insert_as(n, world);
        n
    }

    fn insert_as(&mut self, n: Numeral, world: World) {
        self.set_key = self.set_key.wrapping_add(mix(world.key()));
        self.index.insert(world, n);
        self.boards.insert(n, world);
    }

    fn remove(&mut self, n: Numeral) -> Option<World> {
        let world = self.boards.remove(&n)?;
        self.index.remove(&world);
        self.set_key = self.set_key.wrapping_sub(mix(world.key()));
        Some(world)
    }

    /// A new board: it merges into a live identical board (M-2), whose
    /// numeral it takes, or gets the next numeral.
    fn place_new(&mut self, world: World) -> (Numeral, bool) {
        match self.index.get(&world) {
            Some(&n) => (n, true),
            None => (self.insert_new(world), false),
        }
    }

    /// A changed board keeping its numeral `n`, unless it is now identical
    /// to another live board: then it merges into that one.
    fn place_changed(&mut self, n: Numeral, world: World) -> (Numeral, bool) {
        match self.index.get(&world) {
            Some(&m) => (m, true),
            None => {
                self.insert_as(n, world);
                (n, false)
            }
        }
    }

    fn no_board(&self, n: Numeral) -> ActionError {
        let live: Vec<String> = self.boards.keys().take(12).map(|n| n.to_string()).collect();
        let more = if self.boards.len() > 12 { ", ..." } else { "" };
        ActionError::illegal_untagged(format!(
            "there is no board {n}: the boards are {}{more}",
            live.join(", ")
        ))
    }

    /// Board `n`, if the side to act may split it.
    fn splittable(&self, n: Numeral) -> Result<&World, ActionError> {
        let world = self.boards.get(&n).ok_or_else(|| self.no_board(n))?;
        if let Some(side) = world.to_move()
            && side != self.to_move
        {
            return Err(ActionError::illegal_untagged(format!(
                "it is {side}'s move on board {n}: with turns on, {} splits only boards where it is {}'s move (M-6)",
                self.to_move, self.to_move
            )));
        }
        Ok(world)
    }

    /// Board `n` and the side's moves there, if it may split it: it is
    /// live, (with `turns`) it is the side's move there, and there are two
    /// different moves (M-2).
    fn split_moves(&self, board: Numeral) -> Result<(&World, Vec<Move>), ActionError> {
        let us = self.to_move;
        let world = self.splittable(board)?;
        let moves = world.moves(us);
        if moves.len() < 2 {
            return Err(ActionError::illegal_untagged(format!(
                "{us} has {} on board {board}: a split needs two different moves (M-2)",
                match moves.first() {
                    Some(m) => format!("only one move ({})", notation::san(&moves, m)),
                    None => "no move".to_owned(),
                }
            )));
        }
        Ok((world, moves))
    }

    /// Checks that `action` is legal now.
    fn check(&self, action: &Action) -> Result<(), ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let us = self.to_move;
        match *action {
            Action::Split {
                board,
                first,
                second,
            } => {
                let (_, moves) = self.split_moves(board)?;
                for mv in [first, second] {
                    if !moves.contains(&mv) {
                        return Err(ActionError::illegal_untagged(format!(
                            "{} is not a move of {us} on board {board}",
                            mv.uci()
                        )));
                    }
                }
                if first == second {
                    return Err(ActionError::illegal_untagged(format!(
                        "the two moves are the same ({}): a split needs two different moves (M-2)",
                        notation::san(&moves, &first)
                    )));
                }
                Ok(())
            }
            Action::Transfer {
                role,
                square,
                from,
                to,
            } => {
                if self.turns {
                    return Err(ActionError::illegal_untagged(
                        "with turns on, only splits are allowed: no transfers (M-6)",
                    ));
                }
                let source = self.boards.get(&from).ok_or_else(|| self.no_board(from))?;
                let target = self.boards.get(&to).ok_or_else(|| self.no_board(to))?;
                if from == to {
                    return Err(ActionError::illegal_untagged(format!(
                        "a transfer goes to another board, not from {from} to {from}"
                    )));
                }
                let man = source.board().piece_at(square).ok_or_else(|| {
                    ActionError::illegal_untagged(format!(
                        "there is no man on {square} of board {from}"
                    ))
                })?;
                if man.color != us {
                    return Err(ActionError::illegal_untagged(format!(
                        "the {} on {square} of board {from} is {}'s: you transfer only your own men",
                        man.role, man.color
                    )));
                }
                if man.role != role {
                    return Err(ActionError::illegal_untagged(format!(
                        "the man on {square} of board {from} is a {}, not a {role}",
                        man.role
                    )));
                }
                if role == Role::King {
                    return Err(ActionError::illegal_untagged(
                        "a king cannot transfer (M-2)",
                    ));
                }
                if let Some(there) = target.board().piece_at(square) {
                    return Err(ActionError::illegal_untagged(format!(
                        "{square} of board {to} is taken by a {} {}: a transfer goes to an empty square (M-2)",
                        there.color, there.role
                    )));
                }
                Ok(())
            }
        }
    }

    /// The numerals the two results of a split get (merged into a live
    /// board, or new), before it is played.
    fn results(&self, board: Numeral, first: &Move, second: &Move) -> Option<(Numeral, Numeral)> {
        let world = self.boards.get(&board)?;
        let us = self.to_move;
        let (r1, r2) = (world.after(us, first), world.after(us, second));
        let (n1, new1) = match self.index.get(&r1) {
            Some(&n) => (n, false),
            None => (Numeral(self.next), true),
        };
        let n2 = match self.index.get(&r2) {
            Some(&n) => n,
            None if r2 == r1 => n1,
            None => Numeral(self.next + u32::from(new1)),
        };
        Some((n1, n2))
    }

    /// Reads an action leniently (see [`notation`]), refusing what is not
    /// legal with the reason.
    pub fn parse(&self, text: &str) -> Result<Action, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let us = self.to_move;
        let action = match notation::read(text)? {
            Text::Split(split) => {
                let board = split.board;
                let (world, moves) = self.split_moves(board)?;
                let castle = |side: CastlingSide| {
                    if world.castling().has(us, side) {
                        CastlingRefusal::Blocked
                    } else {
                        CastlingRefusal::NoRight
                    }
                };
                let on_board = |e: ActionError| match e {
                    ActionError::Illegal { rule, reason } => {
                        ActionError::illegal(rule, format!("on board {board}: {reason}"))
                    }
                    ActionError::Ambiguous(m) => {
                        ActionError::Ambiguous(format!("on board {board}: {m}"))
                    }
                    other => other,
                };
                let first =
                    notation::resolve(&moves, &split.moves[0].0, castle).map_err(on_board)?;
                let second =
                    notation::resolve(&moves, &split.moves[1].0, castle).map_err(on_board)?;
                let action = Action::Split {
                    board,
                    first,
                    second,
                };
                self.check(&action)?;
                if let Some((n1, n2)) = self.results(board, &first, &second) {
                    for ((written, result), actual) in split.moves.iter().zip([n1, n2]) {
                        if let Some(result) = result
                            && *result != actual
                        {
                            return Err(ActionError::illegal_untagged(format!(
                                "{written} on board {board} makes board {actual}, not {result}"
                            )));
                        }
                    }
                }
                action
            }
            Text::Transfer(t) => {
                let role = match t.role {
                    Some(role) => role,
                    None => self
                        .boards
                        .get(&t.from)
                        .and_then(|w| w.board().role_at(t.square))
                        .unwrap_or(Role::Pawn),
                };
                let action = Action::Transfer {
                    role,
                    square: t.square,
                    from: t.from,
                    to: t.to,
                };
                self.check(&action)?;
                action
            }
        };
        Ok(action)
    }

    /// The canonical notation of `action`, a legal action now:
    /// `(0) e4 (=I) d4 (=II)` or `Nf6 III-IV`.
    pub fn notation(&self, action: &Action) -> String {
        match *action {
            Action::Split {
                board,
                first,
                second,
            } => {
                let moves = self
                    .boards
                    .get(&board)
                    .map(|w| w.moves(self.to_move))
                    .unwrap_or_default();
                let (s1, s2) = (
                    notation::san(&moves, &first),
                    notation::san(&moves, &second),
                );
                match self.results(board, &first, &second) {
                    Some((n1, n2)) => format!("({board}) {s1} (={n1}) {s2} (={n2})"),
                    None => format!("({board}) {s1} {s2}"),
                }
            }
            Action::Transfer {
                role,
                square,
                from,
                to,
            } => {
                let letter = if role == Role::Pawn {
                    String::new()
                } else {
                    role.upper_char().to_string()
                };
                format!("{letter}{square} {from}-{to}")
            }
        }
    }

    /// Applies `action` if it is legal now, then judges the game.
    pub fn play(&mut self, action: &Action) -> Result<Played, ActionError> {
        self.check(action)?;
        let notation = self.notation(action);
        let us = self.to_move;
        let mut events = Vec::new();
        let mut king_captured = false;
        let marks = match *action {
            Action::Split {
                board,
                first,
                second,
            } => {
                let world = self.remove(board).ok_or_else(|| self.no_board(board))?;
                let mut marks = Vec::with_capacity(2);
                for mv in [first, second] {
                    king_captured |= mv.capture() == Some(Role::King);
                    let (n, merged) = self.place_new(world.after(us, &mv));
                    if merged {
                        events.push(format!(
                            "{} on board {board} gives a board identical to board {n}: they merge",
                            notation::san(&world.moves(us), &mv)
                        ));
                    }
                    marks.push(Mark {
                        board: n,
                        from: Some(mv.from()),
                        to: Some(mv.to()),
                    });
                }
                marks
            }
            Action::Transfer {
                square, from, to, ..
            } => {
                let source = self.remove(from).ok_or_else(|| self.no_board(from))?;
                let target = self.remove(to).ok_or_else(|| self.no_board(to))?;
                let Some(man) = source.board().piece_at(square) else {
                    return Err(ActionError::illegal_untagged("nothing to transfer"));
                };
                let (s, s_merged) = self.place_changed(from, source.without(square));
                let (t, t_merged) = self.place_changed(to, target.with(square, man));
                for (before, after, merged) in [(from, s, s_merged), (to, t, t_merged)] {
                    if merged {
                        events.push(format!(
                            "board {before} is now identical to board {after}: they merge"
                        ));
                    }
                }
                vec![
                    Mark {
                        board: s,
                        from: Some(square),
                        to: None,
                    },
                    Mark {
                        board: t,
                        from: None,
                        to: Some(square),
                    },
                ]
            }
        };
        self.ply += 1;
        self.to_move = us.other();
        *self.seen.entry(self.repetition_key()).or_insert(0) += 1;
        self.last = Some(Last {
            action: *action,
            marks,
        });
        self.status = self.judge(king_captured);
        Ok(Played { notation, events })
    }

    /// M-4: a king captured wins at once; a side with no split and no
    /// transfer loses. M-5: the third occurrence of the same set of boards
    /// with the same side to act draws.
    fn judge(&self, king_captured: bool) -> Status {
        let mover = self.to_move.other();
        if king_captured {
            return Status::Finished(Outcome::win(mover, Reason::KingCaptured));
        }
        if !self.has_action(self.to_move) {
            return Status::Finished(Outcome::win(mover, Reason::NoActionLeft));
        }
        if self.seen.get(&self.repetition_key()).copied().unwrap_or(0) >= 3 {
            return Status::Finished(Outcome::draw(Reason::Repetition));
        }
        Status::Ongoing
    }

    /// Whether `color` has a split or a transfer.
    fn has_action(&self, color: Color) -> bool {
        let may_split = |w: &World| w.to_move().is_none_or(|c| c == color);
        if self
            .boards
            .values()
            .any(|w| may_split(w) && w.can_split(color))
        {
            return true;
        }
        !self.turns && self.boards.len() >= 2 && {
            // A square holding a man of ours (not a king) on one board and
            // empty on another.
            let mut empty_on = [0u32; 64];
            for w in self.boards.values() {
                for sq in !w.board().occupied() {
                    empty_on[sq.index()] += 1;
                }
            }
            self.boards.values().any(|w| {
                let men = w.board().by_color(color) - w.board().by_role(Role::King);
                // The square is occupied here, so every board counted empty
                // there is another board.
                men.into_iter().any(|sq: Square| empty_on[sq.index()] > 0)
            })
        }
    }

    /// Every legal action: on each board the side may split, every ordered
    /// pair of different moves (the order decides which result is numbered
    /// first), then every transfer.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.status.is_over() {
            return Vec::new();
        }
        let us = self.to_move;
        let mut actions = Vec::new();
        for (&board, world) in &self.boards {
            if world.to_move().is_some_and(|c| c != us) {
                continue;
            }
            let moves = world.moves(us);
            for &first in &moves {
                for &second in &moves {
                    if first != second {
                        actions.push(Action::Split {
                            board,
                            first,
                            second,
                        });
                    }
                }
            }
        }
        if !self.turns {
            self.for_each_transfer(|a| {
                actions.push(a);
                true
            });
        }
        actions
    }

    /// Calls `f` with every transfer (sources by numeral, then squares,
    /// then targets) until it returns false.
    pub(crate) fn for_each_transfer(&self, mut f: impl FnMut(Action) -> bool) {
        for (&from, source) in &self.boards {
            if !self.transfers_from(from, source, &mut f) {
                return;
            }
        }
    }

    /// The transfers from board `from`; false once `f` has had enough.
    pub(crate) fn transfers_from(
        &self,
        from: Numeral,
        source: &World,
        f: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        let b = source.board();
        let men = b.by_color(self.to_move) - b.by_role(Role::King);
        for square in men {
            let role = b.role_at(square).unwrap_or(Role::Pawn);
            for (&to, target) in &self.boards {
                if to != from
                    && !target.board().occupied().contains(square)
                    && !f(Action::Transfer {
                        role,
                        square,
                        from,
                        to,
                    })
                {
                    return false;
                }
            }
        }
        true
    }

    /// Checks the invariants (for tests): no two live boards identical, the
    /// index and the set key match the boards, numerals below the next one.
    pub fn audit(&self) -> Result<(), String> {
        if self.index.len() != self.boards.len() {
            return Err("two live boards are identical".into());
        }
        let mut key = 0u64;
        for (n, w) in &self.boards {
            if self.index.get(w) != Some(n) {
                return Err(format!("board {n} is not indexed"));
            }
            if n.0 >= self.next {
                return Err(format!("board {n} is numbered beyond {}", self.next));
            }
            if w.to_move().is_some() != self.turns {
                return Err(format!("board {n} does not match the turns option"));
            }
            key = key.wrapping_add(mix(w.key()));
        }
        if key != self.set_key {
            return Err("the set key is stale".into());
        }
        Ok(())
    }
}

impl ManyWorlds {
    /// No board yet.
    fn empty(turns: bool, to_move: Color) -> ManyWorlds {
        ManyWorlds {
            turns,
            to_move,
            boards: BTreeMap::new(),
            index: HashMap::new(),
            next: 0,
            ply: 0,
            set_key: 0,
            seen: BTreeMap::new(),
            last: None,
            status: Status::Ongoing,
        }
    }
}

/// The stored form: boards as FEN fields, the index and keys rebuilt on
/// loading.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Saved {
    turns: bool,
    to_move: Color,
    boards: Vec<(Numeral, String)>,
    next: u32,
    ply: u32,
    seen: BTreeMap<u64, u8>,
    last: Option<Last>,
    status: Status,
}

impl From<ManyWorlds> for Saved {
    fn from(g: ManyWorlds) -> Saved {
        Saved {
            turns: g.turns,
            to_move: g.to_move,
            boards: g.boards.iter().map(|(n, w)| (*n, w.fen())).collect(),
            next: g.next,
            ply: g.ply,
            seen: g.seen,
            last: g.last,
            status: g.status,
        }
    }
}

impl TryFrom<Saved> for ManyWorlds {
    type Error = String;
    fn try_from(s: Saved) -> Result<ManyWorlds, String> {
        let mut g = ManyWorlds::empty(s.turns, s.to_move);
        g.next = s.next;
        for (n, fen) in s.boards {
            let world = World::from_fen(&fen, s.turns)?;
            if g.index.contains_key(&world) || g.boards.contains_key(&n) || n.0 >= s.next {
                return Err(format!("board {n} is stored twice or out of order"));
            }
            g.insert_as(n, world);
        }
        g.ply = s.ply;
        g.seen = s.seen;
        g.last = s.last;
        g.status = s.status;
        Ok(g)
    }
}
