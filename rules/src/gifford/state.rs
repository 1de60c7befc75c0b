//! The state of a Gifford game: the present, every timeline, and the rules
//! that say what may be done (G-1 … G-8).

use serde::{Deserialize, Serialize};

use super::action::{Action, Arrival, Shade, tag};
use crate::chess::{Board, Move, Piece, Position, Role};
use crate::geometry::attacks::king_attacks;
use crate::geometry::{Bitboard, DARK_SQUARES, LIGHT_SQUARES, Rank, Square};
use crate::{ActionError, Color, Outcome, Reason, Status};

/// G-1: a man travels forward at most ten of its owner's moves.
pub const MAX_AHEAD: u32 = 10;
/// G-4: a king travels back at most five of its owner's moves.
pub const MAX_BACK: u32 = 5;
/// G-4: backward travels per player per game.
pub const BACK_TRAVELS: u8 = 2;
/// G-4: at most five timelines arise.
pub const MAX_TIMELINES: usize = 5;

/// The index of the half-move in which `color` makes its move `number`:
/// White's move 1 is 0, Black's move 1 is 1, White's move 2 is 2.
pub const fn ply_of(number: u32, color: Color) -> u32 {
    number
        .saturating_sub(1)
        .saturating_mul(2)
        .saturating_add(color as u32)
}

/// A moment of a timeline: the position (men, side to move, castling, en
/// passant, move counters) and the men away in time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    #[serde(with = "lenient_fen")]
    pub(super) pos: Position,
    /// Sorted by move number, then colour.
    pub(super) pending: Vec<Arrival>,
}

/// One action of a timeline, with the moment before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ply {
    pub(super) before: Node,
    pub(super) action: Action,
    pub(super) notation: String,
    /// What the rules did by themselves after it (a man lost in time).
    pub(super) events: Vec<String>,
}

/// A timeline: the line of play it branched from, where it begins, and
/// its actions. Timeline 1 begins at White's first move; a timeline opened
/// by a king going back to its owner's move n begins with that move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timeline {
    /// The timeline it branched from (an index into the list).
    pub(super) parent: Option<usize>,
    /// The half-move index ([`ply_of`]) of its first action.
    pub(super) start: u32,
    pub(super) plies: Vec<Ply>,
    /// The moment after its last action, once a king has left it (G-4).
    pub(super) end: Option<Node>,
}

/// A game of Gifford's Time Travel Chess.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gifford {
    /// Every timeline, in the order they arose; the last holds the present.
    pub(super) timelines: Vec<Timeline>,
    /// The present.
    pub(super) node: Node,
    /// A king has just come back from the future: its owner must place it
    /// (`K [FTF] f8`) before anything else (G-4).
    pub(super) placing: bool,
    /// Backward travels made by White and Black; never rolled back (G-4).
    pub(super) backs_used: [u8; 2],
    pub(super) status: Status,
}

impl Default for Gifford {
    fn default() -> Gifford {
        Gifford::new()
    }
}

// ---------------------------------------------------------------- helpers

/// The squares of `color`'s kings.
fn kings(board: &Board, color: Color) -> Bitboard {
    board.by_piece(Piece::new(color, Role::King))
}

/// Whether none of `color`'s kings is attacked (G-5; true with no king).
pub(super) fn kings_safe(board: &Board, color: Color) -> bool {
    let occupied = board.occupied();
    kings(board, color)
        .into_iter()
        .all(|k: Square| !board.is_attacked(k, color.other(), occupied))
}

/// The first of `color`'s kings that is attacked.
fn attacked_king(board: &Board, color: Color) -> Option<Square> {
    let occupied = board.occupied();
    kings(board, color)
        .into_iter()
        .find(|&k: &Square| board.is_attacked(k, color.other(), occupied))
}

/// Whether `color` has a pawn or piece (not a king) on the board.
fn has_man(board: &Board, color: Color) -> bool {
    (board.by_color(color) - kings(board, color)).any()
}

/// `e8 and f8`, `a1, b2 and c3`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl Node {
    fn start() -> Node {
        Node {
            pos: Position::new(),
            pending: Vec::new(),
        }
    }

    /// The side to act.
    pub(super) fn mover(&self) -> Color {
        self.pos.turn()
    }

    /// The mover's move number (FIDE's full-move number).
    pub(super) fn number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    /// The half-move index of the action about to be made.
    pub(super) fn ply(&self) -> u32 {
        ply_of(self.number(), self.mover())
    }

    pub(super) fn board(&self) -> &Board {
        self.pos.board()
    }

    /// Whether any of the mover's kings is attacked (G-5).
    pub(super) fn in_check(&self) -> bool {
        !kings_safe(self.board(), self.mover())
    }

    /// The man of `color` due on that side's move `n`, if any.
    pub(super) fn arrival(&self, color: Color, n: u32) -> Option<&Arrival> {
        self.pending.iter().find(|a| a.color == color && a.due == n)
    }

    /// The man the mover must place now, if one is due (G-2).
    pub(super) fn due(&self) -> Option<&Arrival> {
        self.arrival(self.mover(), self.number())
    }

    /// Where `arrival` may be dropped now (G-2): an empty square, not the
    /// first or eighth rank for a pawn, its own colour of square for a
    /// bishop, and none of the mover's kings attacked afterwards.
    pub(super) fn drops(&self, arrival: &Arrival) -> Bitboard {
        let board = self.board();
        let mut squares = !board.occupied();
        if arrival.role == Role::Pawn {
            squares = squares - Rank::First.bitboard() - Rank::Eighth.bitboard();
        }
        match arrival.shade {
            Some(Shade::Light) => squares &= LIGHT_SQUARES,
            Some(Shade::Dark) => squares &= DARK_SQUARES,
            None => {}
        }
        let piece = Piece::new(arrival.color, arrival.role);
        squares
            .into_iter()
            .filter(|&sq: &Square| {
                let mut after = *board;
                after.set(sq, piece);
                kings_safe(&after, arrival.color)
            })
            .collect()
    }

    /// Where a king of the mover may be placed: an empty square after which
    /// no king of the mover is in check (G-4).
    pub(super) fn placements(&self) -> Bitboard {
        let board = self.board();
        let king = Piece::new(self.mover(), Role::King);
        (!board.occupied())
            .into_iter()
            .filter(|&sq: &Square| {
                let mut after = *board;
                after.set(sq, king);
                kings_safe(&after, king.color)
            })
            .collect()
    }

    /// FIDE's legal moves for any number of kings; no castling while any
    /// king of the mover is in check (G-5).
    pub(super) fn moves(&self) -> Vec<Move> {
        let mut moves = self.pos.legal_moves();
        if self.in_check() {
            moves.retain(|mv| !matches!(mv, Move::Castle { .. }));
        }
        moves
    }

    /// Whether the mover could, by the rules, send a man forward now: not
    /// in check (G-1, G-3).
    fn may_travel(&self) -> bool {
        !self.in_check()
    }

    /// Whether the man on `from` may leave the board now (G-1, G-3),
    /// ignoring the arrival move; `Err` says why not.
    pub(super) fn may_leave(&self, from: Square) -> Result<Role, String> {
        let board = self.board();
        let us = self.mover();
        let Some(piece) = board.piece_at(from).filter(|p| p.color == us) else {
            return Err(format!("you have no man on {from}"));
        };
        if let Some(k) = attacked_king(board, us) {
            return Err(format!(
                "no time travel while a king of yours is in check (your king on {k} is) (G-1)"
            ));
        }
        if piece.role == Role::King {
            if !has_man(board, us) {
                return Err(
                    "a king travels only while you have a pawn or piece on the board (G-3)".into(),
                );
            }
        } else if kings(board, us).is_empty() {
            return Err(format!(
                "your {} on {from} cannot travel: you have no king on the board, and only a man next to a king travels (G-1)",
                piece.role
            ));
        } else if (king_attacks(from) & kings(board, us)).is_empty() {
            return Err(format!(
                "your {} on {from} is not next to one of your kings: only a man beside its king travels (G-1)",
                piece.role
            ));
        }
        let mut after = *board;
        after.discard(from);
        if let Some(k) = attacked_king(&after, us) {
            return Err(format!(
                "your {} cannot leave {from}: it would leave your king on {k} in check",
                piece.role
            ));
        }
        Ok(piece.role)
    }

    /// The move numbers a man of the mover may travel forward to now:
    /// the next ten, less those an arrival of the mover already holds
    /// (G-1).
    pub(super) fn free_arrivals(&self) -> impl Iterator<Item = u32> + '_ {
        let m = self.number();
        let us = self.mover();
        (m.saturating_add(1)..=m.saturating_add(MAX_AHEAD))
            .filter(move |&n| self.arrival(us, n).is_none())
    }

    /// The position after `action`, which must be legal here; the turn
    /// passes. A man leaving or arriving resets the fifty-move count.
    pub(super) fn after(&self, action: &Action) -> Node {
        let us = self.mover();
        let mut next = self.clone();
        let mut setup = self.pos.setup();
        match *action {
            Action::Move { mv } => {
                next.pos.play_unchecked(&mv);
                return next;
            }
            Action::Forward { from, arrival } => {
                if let Some(piece) = setup.board.discard(from) {
                    let shade = (piece.role == Role::Bishop).then(|| Shade::of(from));
                    next.pending.push(Arrival {
                        due: arrival,
                        color: us,
                        role: piece.role,
                        shade,
                        from,
                    });
                    next.pending.sort();
                }
                // G-8: a king leaving e1 takes the castling rights with it.
                setup.castling = setup.castling.after_touching(from);
            }
            Action::Back { from, .. } => {
                setup.board.discard(from);
                setup.castling = setup.castling.after_touching(from);
            }
            Action::Arrive { role, to } => {
                let n = self.number();
                next.pending.retain(|a| !(a.color == us && a.due == n));
                setup.board.set(to, Piece::new(us, role));
            }
            Action::Place { to } => {
                setup.board.set(to, Piece::new(us, Role::King));
            }
        }
        setup.turn = us.other();
        setup.ep_square = None;
        setup.halfmoves = 0;
        if us == Color::Black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        next.pos = setup.position_lenient();
        next
    }
}

// ------------------------------------------------------------------ game

impl Gifford {
    /// A new game from the starting position.
    pub fn new() -> Gifford {
        Gifford {
            timelines: vec![Timeline {
                parent: None,
                start: 0,
                plies: Vec::new(),
                end: None,
            }],
            node: Node::start(),
            placing: false,
            backs_used: [0; 2],
            status: Status::Ongoing,
        }
    }

    /// A game from the position in `fen`, for studies and tests: any number
    /// of kings (none too), no man away in time, one timeline. It is judged
    /// at once (mate, G-6, G-7).
    pub fn from_fen(fen: &str) -> Result<Gifford, crate::chess::FenError> {
        let pos = crate::chess::Setup::from_fen(fen)?.position_lenient();
        let mut game = Gifford::new();
        game.node.pos = pos;
        game.timelines[0].start = game.node.ply();
        game.status = Status::Ongoing;
        game.begin_turn();
        Ok(game)
    }

    /// The game with `white` and `black` backward travels already made
    /// (at most two each), for studies and tests of G-7; judged again.
    #[must_use]
    pub fn with_backward_travels_made(mut self, white: u8, black: u8) -> Gifford {
        self.backs_used = [white.min(BACK_TRAVELS), black.min(BACK_TRAVELS)];
        if !self.status.is_over() && !self.placing {
            self.status = self.judge();
        }
        self
    }

    /// Whether play goes on, and if not, the result.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The present position (several kings a side are possible).
    pub fn position(&self) -> &Position {
        &self.node.pos
    }

    /// The present board.
    pub fn board(&self) -> &Board {
        self.node.board()
    }

    /// The side to act.
    pub fn mover(&self) -> Color {
        self.node.mover()
    }

    /// The mover's move number in the present timeline.
    pub fn move_number(&self) -> u32 {
        self.node.number()
    }

    /// The men away in time, by move number.
    pub fn pending(&self) -> &[Arrival] {
        &self.node.pending
    }

    /// The man the mover must place now, if any (G-2).
    pub fn due(&self) -> Option<Arrival> {
        self.node.due().copied()
    }

    /// Whether the mover must now place a king come back from the future.
    pub fn placing(&self) -> bool {
        self.placing
    }

    /// Backward travels `color` has made (G-4: at most two).
    pub fn backward_travels(&self, color: Color) -> u8 {
        self.backs_used[color.index()]
    }

    /// How many timelines have arisen (G-4: at most five).
    pub fn timeline_count(&self) -> usize {
        self.timelines.len()
    }

    /// Whether any of the mover's kings is attacked (G-5).
    pub fn in_check(&self) -> bool {
        self.node.in_check()
    }

    /// Whether `color` can still travel backward, as G-7 asks: travels
    /// left, a timeline left, and a pawn or piece on the board (the only
    /// other way to get one, an arrival, is pending and counts already).
    pub fn can_travel_back(&self, color: Color) -> bool {
        self.backs_used[color.index()] < BACK_TRAVELS
            && self.timelines.len() < MAX_TIMELINES
            && has_man(self.board(), color)
    }

    /// The moment of the present line of play at half-move `ply`: the
    /// state when the side to move was to make that move.
    pub(super) fn line_node(&self, ply: u32) -> Option<&Node> {
        let last = self.timelines.len() - 1;
        let mut t = last;
        loop {
            let tl = &self.timelines[t];
            if ply >= tl.start {
                let i = (ply - tl.start) as usize;
                return match tl.plies.get(i) {
                    Some(p) => Some(&p.before),
                    None if i == tl.plies.len() && t == last => Some(&self.node),
                    None => None,
                };
            }
            t = tl.parent?;
        }
    }

    /// Why the mover may not do anything but place a man now, if so.
    pub(super) fn phase_refusal(&self) -> Option<ActionError> {
        let m = self.node.number();
        if self.placing {
            return Some(ActionError::illegal_untagged(format!(
                "your king is back from the future: place it first, as your move {m} of the new timeline, with K [FTF] and an empty square (G-4)"
            )));
        }
        let due = self.node.due()?;
        let example = self
            .node
            .drops(due)
            .first::<Square>()
            .map_or(String::new(), |sq| format!(", e.g. {} {sq}", due.tag()));
        Some(ActionError::illegal_untagged(format!(
            "your {} {} arrives now, at your move {m}: placing it is your move (G-2){example}",
            due.role,
            due.tag()
        )))
    }

    /// Checks that `action` is legal now, saying which rule forbids it.
    pub fn check(&self, action: &Action) -> Result<(), ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let node = &self.node;
        let us = node.mover();
        let m = node.number();
        match *action {
            Action::Place { to } if self.placing => {
                if node.board().occupied().contains(to) {
                    return Err(ActionError::illegal_untagged(format!(
                        "{to} is taken: the king from the future is placed on an empty square (G-4)"
                    )));
                }
                if !node.placements().contains(to) {
                    return Err(ActionError::illegal_untagged(format!(
                        "on {to} a king of yours would be in check (G-4)"
                    )));
                }
                Ok(())
            }
            Action::Arrive { role, to } if !self.placing && node.due().is_some() => {
                let due = node.due().copied().ok_or(ActionError::GameOver)?;
                if role != due.role {
                    return Err(ActionError::illegal_untagged(format!(
                        "your arrival at move {m} is your {} {}, not a {role}",
                        due.role,
                        due.tag()
                    )));
                }
                if node.board().occupied().contains(to) {
                    return Err(ActionError::illegal_untagged(format!(
                        "{to} is taken: an arrival is dropped on an empty square (G-2)"
                    )));
                }
                if role == Role::Pawn && matches!(to.rank(), Rank::First | Rank::Eighth) {
                    return Err(ActionError::illegal_untagged(
                        "a pawn never arrives on the first or eighth rank (G-2)",
                    ));
                }
                if let Some(shade) = due.shade
                    && Shade::of(to) != shade
                {
                    return Err(ActionError::illegal_untagged(format!(
                        "your bishop {} keeps to {shade}: {to} is not one (G-2)",
                        due.tag()
                    )));
                }
                if !node.drops(&due).contains(to) {
                    return Err(ActionError::illegal_untagged(format!(
                        "after {} {to} a king of yours would be in check (G-2)",
                        due.tag()
                    )));
                }
                Ok(())
            }
            _ => {
                if let Some(refusal) = self.phase_refusal() {
                    return Err(refusal);
                }
                match *action {
                    Action::Move { mv } => {
                        if matches!(mv, Move::Castle { .. }) && node.in_check() {
                            return Err(ActionError::illegal_untagged(
                                "no castling while a king of yours is in check (G-5)",
                            ));
                        }
                        if !node.pos.is_legal(&mv) {
                            return Err(ActionError::illegal_untagged(format!(
                                "{} is not a legal move now",
                                mv.uci()
                            )));
                        }
                        Ok(())
                    }
                    Action::Forward { from, arrival } => {
                        let role = node
                            .may_leave(from)
                            .map_err(ActionError::illegal_untagged)?;
                        self.check_arrival_move(role, arrival)
                    }
                    Action::Back { from, to_move } => self.check_back(from, to_move),
                    Action::Arrive { .. } => {
                        let next = node
                            .pending
                            .iter()
                            .find(|a| a.color == us)
                            .map_or(String::new(), |a| {
                                format!(": your next is {} at move {}", a.tag(), a.due)
                            });
                        Err(ActionError::illegal_untagged(format!(
                            "nothing of yours arrives at move {m}{next}"
                        )))
                    }
                    Action::Place { .. } => Err(ActionError::illegal_untagged(
                        "no king from the future is waiting to be placed",
                    )),
                }
            }
        }
    }

    /// G-1: the arrival move is one of the next ten and not already taken.
    fn check_arrival_move(&self, role: Role, n: u32) -> Result<(), ActionError> {
        let node = &self.node;
        let m = node.number();
        let last = m.saturating_add(MAX_AHEAD);
        if n <= m {
            return Err(ActionError::illegal_untagged(format!(
                "a {role} travels forward to a later move: move {} to {last} (G-1)",
                m + 1
            )));
        }
        if n > last {
            return Err(ActionError::illegal_untagged(format!(
                "move {n} is more than ten moves ahead: at most move {last} (G-1)"
            )));
        }
        if let Some(a) = node.arrival(node.mover(), n) {
            return Err(ActionError::illegal_untagged(format!(
                "move number {n} is already taken by your {} {}: one arrival per move (G-1)",
                a.role,
                a.tag()
            )));
        }
        Ok(())
    }

    /// G-4: the king on `from` may go back to its owner's move `n`.
    fn check_back(&self, from: Square, n: u32) -> Result<(), ActionError> {
        let node = &self.node;
        let us = node.mover();
        let board = node.board();
        let m = node.number();
        if !kings(board, us).contains(from) {
            return Err(ActionError::illegal_untagged(format!(
                "you have no king on {from}: only a king travels back in time (G-4)"
            )));
        }
        if let Some(k) = attacked_king(board, us) {
            return Err(ActionError::illegal_untagged(format!(
                "no time travel while a king of yours is in check (your king on {k} is) (G-4)"
            )));
        }
        if !has_man(board, us) {
            return Err(ActionError::illegal_untagged(
                "a king travels back only while you have a pawn or piece on the board (G-4)",
            ));
        }
        if self.backs_used[us.index()] >= BACK_TRAVELS {
            return Err(ActionError::illegal_untagged(
                "no backward travel left: you have made both of yours (G-4)",
            ));
        }
        if self.timelines.len() >= MAX_TIMELINES {
            return Err(ActionError::illegal_untagged(
                "five timelines have arisen: no more backward travel (G-4)",
            ));
        }
        let earliest = m.saturating_sub(MAX_BACK).max(1);
        if m <= 1 {
            return Err(ActionError::illegal_untagged(
                "there is no earlier move of yours to go back to",
            ));
        }
        if n >= m {
            return Err(ActionError::illegal_untagged(format!(
                "a king travels back to an earlier move: move {earliest} to {} (G-4)",
                m - 1
            )));
        }
        if n < earliest {
            return Err(ActionError::illegal_untagged(format!(
                "at most five moves back: move {earliest} at the earliest (G-4)"
            )));
        }
        let Some(past) = self.line_node(ply_of(n, us)) else {
            return Err(ActionError::illegal_untagged(format!(
                "move {n} is not in this timeline's past"
            )));
        };
        if let Some(a) = past.arrival(us, n) {
            return Err(ActionError::illegal_untagged(format!(
                "move number {n} is already taken by your {} {} arriving then: one arrival per move (G-1)",
                a.role,
                a.tag()
            )));
        }
        if past.placements().is_empty() {
            return Err(ActionError::illegal_untagged(format!(
                "at your move {n} no empty square would keep your kings out of check: the king could not be placed"
            )));
        }
        Ok(())
    }

    /// The move numbers the mover's kings may go back to now (G-4).
    pub(super) fn back_targets(&self) -> Vec<u32> {
        let node = &self.node;
        let us = node.mover();
        let m = node.number();
        if self.backs_used[us.index()] >= BACK_TRAVELS
            || self.timelines.len() >= MAX_TIMELINES
            || !has_man(node.board(), us)
            || node.in_check()
            || kings(node.board(), us).is_empty()
        {
            return Vec::new();
        }
        let earliest = m.saturating_sub(MAX_BACK).max(1);
        (earliest..m)
            .filter(|&n| {
                self.line_node(ply_of(n, us))
                    .is_some_and(|past| past.arrival(us, n).is_none() && past.placements().any())
            })
            .collect()
    }

    /// Every legal action now, in a fixed order: placements, or the drops
    /// of the man due; else moves, forward travels by square then move
    /// number, backward travels.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.status.is_over() {
            return Vec::new();
        }
        let node = &self.node;
        if self.placing {
            return node
                .placements()
                .into_iter()
                .map(|to| Action::Place { to })
                .collect();
        }
        if let Some(due) = node.due() {
            return node
                .drops(due)
                .into_iter()
                .map(|to| Action::Arrive { role: due.role, to })
                .collect();
        }
        let mut actions: Vec<Action> = node
            .moves()
            .into_iter()
            .map(|mv| Action::Move { mv })
            .collect();
        if !node.may_travel() {
            return actions;
        }
        let free: Vec<u32> = node.free_arrivals().collect();
        for from in node.board().by_color(node.mover()) {
            if node.may_leave(from).is_ok() {
                actions.extend(
                    free.iter()
                        .map(|&arrival| Action::Forward { from, arrival }),
                );
            }
        }
        let targets = self.back_targets();
        if !targets.is_empty() {
            for from in kings(node.board(), node.mover()) {
                actions.extend(
                    targets
                        .iter()
                        .map(|&to_move| Action::Back { from, to_move }),
                );
            }
        }
        actions
    }

    /// Whether the mover has any legal action, without listing them all.
    fn has_action(&self) -> bool {
        let node = &self.node;
        if self.placing {
            return node.placements().any();
        }
        if let Some(due) = node.due() {
            return node.drops(due).any();
        }
        if !node.moves().is_empty() {
            return true;
        }
        if !node.may_travel() {
            return false;
        }
        let free = node.free_arrivals().next().is_some();
        (free
            && node
                .board()
                .by_color(node.mover())
                .into_iter()
                .any(|from: Square| node.may_leave(from).is_ok()))
            || !self.back_targets().is_empty()
    }

    /// Applies `action` if it is legal now: the events the rules caused
    /// by themselves come back in words.
    pub fn apply(&mut self, action: &Action) -> Result<(String, Vec<String>), ActionError> {
        self.check(action)?;
        let notation = self.notation(action);
        let us = self.node.mover();
        let before = self.node.clone();
        let last = self.timelines.len() - 1;
        if let Action::Back { to_move, .. } = *action {
            let past = self
                .line_node(ply_of(to_move, us))
                .cloned()
                .ok_or_else(|| ActionError::illegal_untagged("that move is not in the past"))?;
            let end = before.after(action);
            let number = self.timelines.len() + 1;
            let event = format!(
                "{us}'s king goes back to move {to_move}: timeline {number} begins, and {us} places the king there (K [FTF] square)"
            );
            let tl = &mut self.timelines[last];
            tl.plies.push(Ply {
                before,
                action: *action,
                notation: notation.clone(),
                events: vec![event.clone()],
            });
            tl.end = Some(end);
            self.timelines.push(Timeline {
                parent: Some(last),
                start: ply_of(to_move, us),
                plies: Vec::new(),
                end: None,
            });
            self.node = past;
            self.placing = true;
            self.backs_used[us.index()] += 1;
            return Ok((notation, vec![event]));
        }
        self.node = before.after(action);
        self.placing = false;
        let events = self.begin_turn();
        self.timelines[last].plies.push(Ply {
            before,
            action: *action,
            notation: notation.clone(),
            events: events.clone(),
        });
        Ok((notation, events))
    }

    /// What happens by itself as the next player's move begins: a side
    /// with no man left loses (G-6); a man due that cannot be placed is
    /// lost in time, and a king so lost loses the game (G-2); then the
    /// game is judged.
    fn begin_turn(&mut self) -> Vec<String> {
        let mut events = Vec::new();
        let us = self.node.mover();
        for color in [us.other(), us] {
            if self.node.board().by_color(color).is_empty() {
                events.push(format!(
                    "{color} has no man on the board while its king is away in time: {color} loses (G-6)"
                ));
                self.status = Status::Finished(Outcome::win(color.other(), Reason::LostInTime));
                return events;
            }
        }
        let m = self.node.number();
        if let Some(due) = self.node.due().copied()
            && self.node.drops(&due).is_empty()
        {
            self.node.pending.retain(|a| *a != due);
            if due.role == Role::King {
                events.push(format!(
                    "{us}'s king due at move {m} cannot be placed: it is lost in time, and {us} loses (G-2)"
                ));
                self.status = Status::Finished(Outcome::win(us.other(), Reason::LostInTime));
                return events;
            }
            events.push(format!(
                "{} due at move {m} cannot be placed: it is lost in time (G-2)",
                due.describe()
            ));
        }
        self.status = self.judge();
        events
    }

    /// How the game stands with the mover to act and no man left to lose
    /// in time: mate, stalemate, G-6's draw, and G-7's draws.
    fn judge(&self) -> Status {
        let node = &self.node;
        let us = node.mover();
        if !self.has_action() {
            if node.in_check() {
                return Status::Finished(Outcome::win(us.other(), Reason::Checkmate));
            }
            let king_away = kings(node.board(), us).is_empty()
                || node
                    .pending
                    .iter()
                    .any(|a| a.color == us && a.role == Role::King);
            return Status::Finished(Outcome::draw(if king_away {
                Reason::NoActionLeft
            } else {
                Reason::Stalemate
            }));
        }
        // G-7: the automatic draws wait while anything can still change.
        if !node.pending.is_empty() || Color::ALL.into_iter().any(|c| self.can_travel_back(c)) {
            return Status::Ongoing;
        }
        if node.pos.is_insufficient_material() {
            return Status::Finished(Outcome::draw(Reason::InsufficientMaterial));
        }
        if self.repetitions() >= 3 {
            return Status::Finished(Outcome::draw(Reason::Repetition));
        }
        if node.pos.halfmove_clock() >= 100 {
            return Status::Finished(Outcome::draw(Reason::FiftyMoves));
        }
        Status::Ongoing
    }

    /// How often the present position has stood in the present line of
    /// play since the last capture, pawn move or travel (the present
    /// included): same men, side to move, castling and en passant, and the
    /// same men away in time.
    fn repetitions(&self) -> usize {
        let node = &self.node;
        let key = node.pos.zobrist_hash();
        let now = node.ply();
        let clock = node.pos.halfmove_clock().min(now);
        (now - clock..=now)
            .filter_map(|ply| self.line_node(ply))
            .filter(|n| n.pos.zobrist_hash() == key && n.pending == node.pending)
            .count()
    }

    /// The canonical notation of `action` (legal now), with `+` when it
    /// leaves an enemy king in check and `#` when that is mate.
    pub fn notation(&self, action: &Action) -> String {
        let node = &self.node;
        let board = node.board();
        let body = match *action {
            Action::Move { mv } => crate::chess::San::from_move(&node.pos, &mv).to_string(),
            Action::Forward { from, arrival } => match board.role_at(from) {
                Some(Role::Pawn) | None => format!("{from}// to {arrival}"),
                Some(role) => format!("{}{from}// to {arrival}", role.upper_char()),
            },
            Action::Arrive { role, to } => {
                let shade = node
                    .due()
                    .filter(|a| a.role == role)
                    .and_then(|a| a.shade)
                    .or_else(|| (role == Role::Bishop).then(|| Shade::of(to)));
                format!("{} {to}", tag(role, shade))
            }
            Action::Back { from, to_move } => {
                if kings(board, node.mover()).more_than_one() {
                    format!("K{from}// back to {to_move}")
                } else {
                    format!("K// back to {to_move}")
                }
            }
            Action::Place { to } => format!("K [FTF] {to}"),
        };
        if matches!(action, Action::Back { .. }) {
            return body;
        }
        let after = node.after(action);
        if !after.in_check() {
            return body;
        }
        if mated(&after) {
            format!("{body}#")
        } else {
            format!("{body}+")
        }
    }

    /// `(move number, colour, notation)` of each action of timeline `t`
    /// (0-based) alone, without the part of the line it shares with the
    /// timeline it branched from.
    pub(super) fn own_actions(&self, t: usize) -> Vec<(u32, Color, String)> {
        let tl = &self.timelines[t];
        tl.plies
            .iter()
            .map(|p| (p.before.number(), p.before.mover(), p.notation.clone()))
            .collect()
    }

    /// Describes the kings of `color` on the board: `e8 and f8`.
    pub(super) fn king_squares(&self, color: Color) -> String {
        let squares: Vec<String> = kings(self.board(), color)
            .into_iter()
            .map(|s: Square| s.to_string())
            .collect();
        and_list(&squares)
    }
}

/// Whether the side to act in `node`, in check, is mated: no arrival it
/// can place, and no legal move (travel is barred in check). A king due
/// that cannot be placed is lost in time instead, which is not mate.
fn mated(node: &Node) -> bool {
    if let Some(due) = node.due()
        && (node.drops(due).any() || due.role == Role::King)
    {
        return false;
    }
    node.moves().is_empty()
}

/// Positions with any number of kings, (de)serialised as FEN.
mod lenient_fen {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::chess::{Position, Setup};

    pub fn serialize<S: Serializer>(pos: &Position, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&pos.fen())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Setup::from_fen(&text)
            .map(Setup::position_lenient)
            .map_err(serde::de::Error::custom)
    }
}
