//! Which Gifford actions are legal: the list of them, and the checks that
//! refuse the others, each naming the rule it enforces (G-1 … G-8, and the
//! FIDE laws for moves).

use super::action::{Action, Arrival, Shade};
use super::position::{
    BACK_TRAVELS, Gifford, MAX_AHEAD, MAX_BACK, MAX_TIMELINES, Node, attacked_king, has_man, kings,
    kings_safe, ply_of,
};
use crate::chess::{Move, Piece, Role};
use crate::geometry::attacks::king_attacks;
use crate::geometry::{Bitboard, DARK_SQUARES, LIGHT_SQUARES, Rank, Square};
use crate::{ActionError, Rule};

impl Node {
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

    /// Whether the man on `from` may leave the board now (G-1, G-3),
    /// ignoring the arrival move; the refusal names the rule.
    pub(super) fn may_leave(&self, from: Square) -> Result<Role, ActionError> {
        let board = self.board();
        let us = self.mover();
        let Some(piece) = board.piece_at(from).filter(|p| p.color == us) else {
            return Err(ActionError::illegal(
                Rule::G_1,
                format!("you have no man on {from}"),
            ));
        };
        let king = piece.role == Role::King;
        if let Some(k) = attacked_king(board, us) {
            let rule = if king { Rule::G_3 } else { Rule::G_1 };
            return Err(ActionError::illegal(
                rule,
                format!(
                    "no time travel while a king of yours is in check (your king on {k} is) ({rule})"
                ),
            ));
        }
        if king {
            if !has_man(board, us) {
                return Err(ActionError::illegal(
                    Rule::G_3,
                    "a king travels only while you have a pawn or piece on the board (G-3)",
                ));
            }
        } else if kings(board, us).is_empty() {
            return Err(ActionError::illegal(
                Rule::G_1,
                format!(
                    "your {} on {from} cannot travel: you have no king on the board, and only a man next to a king travels (G-1)",
                    piece.role
                ),
            ));
        } else if (king_attacks(from) & kings(board, us)).is_empty() {
            return Err(ActionError::illegal(
                Rule::G_1,
                format!(
                    "your {} on {from} is not next to one of your kings: only a man beside its king travels (G-1)",
                    piece.role
                ),
            ));
        }
        // Decision 4: like any move, a departure may not leave a king of
        // the mover in check.
        let mut after = *board;
        after.discard(from);
        if let Some(k) = attacked_king(&after, us) {
            return Err(ActionError::illegal(
                Rule::FIDE_CHECK,
                format!(
                    "your {} cannot leave {from}: it would leave your king on {k} in check",
                    piece.role
                ),
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
}

/// Every legal action now, in a fixed order: placements, or the drops of
/// the man due; else moves, forward travels by square then move number,
/// backward travels.
pub(super) fn legal_actions(game: &Gifford) -> Vec<Action> {
    if game.status.is_over() {
        return Vec::new();
    }
    let node = &game.node;
    if game.placing {
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
    // G-1, G-3, G-4: no travel in check.
    if node.in_check() {
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
    let targets = game.back_targets();
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

impl Gifford {
    /// Whether the mover has any legal action, without listing them all.
    pub(super) fn has_action(&self) -> bool {
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
        if node.in_check() {
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

    /// Why the mover may not do anything but place a man now, if so: a
    /// king back from the future (G-4) or a man arriving (G-2).
    pub(super) fn phase_refusal(&self) -> Option<ActionError> {
        let m = self.node.number();
        if self.placing {
            return Some(ActionError::illegal(
                Rule::G_4,
                format!(
                    "your king is back from the future: place it first, as your move {m} of the new timeline, with K [FTF] and an empty square (G-4)"
                ),
            ));
        }
        let due = self.node.due()?;
        let example = self
            .node
            .drops(due)
            .first::<Square>()
            .map_or(String::new(), |sq| format!(", e.g. {} {sq}", due.tag()));
        Some(ActionError::illegal(
            Rule::G_2,
            format!(
                "your {} {} arrives now, at your move {m}: placing it is your move (G-2){example}",
                due.role,
                due.tag()
            ),
        ))
    }

    /// Checks that `action` is legal now, refusing it with the rule that
    /// forbids it.
    pub fn check_legal(&self, action: &Action) -> Result<(), ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let node = &self.node;
        match *action {
            Action::Place { to } if self.placing => self.check_place(to),
            Action::Arrive { role, to } if !self.placing => match node.due() {
                Some(due) => check_arrival(node, due, role, to),
                None => {
                    let m = node.number();
                    let next = node
                        .pending
                        .iter()
                        .find(|a| a.color == node.mover())
                        .map_or(String::new(), |a| {
                            format!(": your next is {} at move {}", a.tag(), a.due)
                        });
                    Err(ActionError::illegal(
                        Rule::G_2,
                        format!("nothing of yours arrives at move {m}{next}"),
                    ))
                }
            },
            _ => {
                if let Some(refusal) = self.phase_refusal() {
                    return Err(refusal);
                }
                match *action {
                    Action::Move { mv } => check_move(node, mv),
                    Action::Forward { from, arrival } => {
                        let role = node.may_leave(from)?;
                        check_arrival_move(node, role, arrival)
                    }
                    Action::Back { from, to_move } => self.check_back(from, to_move),
                    Action::Arrive { .. } | Action::Place { .. } => Err(ActionError::illegal(
                        Rule::G_4,
                        "no king from the future is waiting to be placed",
                    )),
                }
            }
        }
    }

    /// G-4: the king from the future is placed on an empty square where no
    /// king of its side is in check.
    fn check_place(&self, to: Square) -> Result<(), ActionError> {
        let node = &self.node;
        if node.board().occupied().contains(to) {
            return Err(ActionError::illegal(
                Rule::G_4,
                format!(
                    "{to} is taken: the king from the future is placed on an empty square (G-4)"
                ),
            ));
        }
        if !node.placements().contains(to) {
            return Err(ActionError::illegal(
                Rule::G_4,
                format!("on {to} a king of yours would be in check (G-4)"),
            ));
        }
        Ok(())
    }

    /// G-4: the king on `from` may go back to its owner's move `n`.
    fn check_back(&self, from: Square, n: u32) -> Result<(), ActionError> {
        let node = &self.node;
        let us = node.mover();
        let board = node.board();
        let m = node.number();
        let refuse = |rule: Rule, reason: String| Err(ActionError::illegal(rule, reason));
        if !kings(board, us).contains(from) {
            return refuse(
                Rule::G_4,
                format!("you have no king on {from}: only a king travels back in time (G-4)"),
            );
        }
        if let Some(k) = attacked_king(board, us) {
            return refuse(
                Rule::G_4,
                format!(
                    "no time travel while a king of yours is in check (your king on {k} is) (G-4)"
                ),
            );
        }
        if !has_man(board, us) {
            return refuse(
                Rule::G_4,
                "a king travels back only while you have a pawn or piece on the board (G-4)".into(),
            );
        }
        if self.backs_used[us.index()] >= BACK_TRAVELS {
            return refuse(
                Rule::G_4,
                "no backward travel left: you have made both of yours (G-4)".into(),
            );
        }
        if self.timelines.len() >= MAX_TIMELINES {
            return refuse(
                Rule::G_4,
                "five timelines have arisen: no more backward travel (G-4)".into(),
            );
        }
        if m <= 1 {
            return refuse(
                Rule::G_4,
                "there is no earlier move of yours to go back to".into(),
            );
        }
        let earliest = earliest_back(m);
        if n >= m {
            return refuse(
                Rule::G_4,
                format!(
                    "a king travels back to an earlier move: move {earliest} to {} (G-4)",
                    m - 1
                ),
            );
        }
        if n < earliest {
            return refuse(
                Rule::G_4,
                format!("at most five moves back: move {earliest} at the earliest (G-4)"),
            );
        }
        let Some(past) = self.line_node(ply_of(n, us)) else {
            return refuse(
                Rule::G_4,
                format!("move {n} is not in this timeline's past"),
            );
        };
        // Decision 3: G-1's one arrival per move number counts the king
        // from the future too.
        if let Some(a) = past.arrival(us, n) {
            return refuse(
                Rule::G_1,
                format!(
                    "move number {n} is already taken by your {} {} arriving then: one arrival per move (G-1)",
                    a.role,
                    a.tag()
                ),
            );
        }
        if past.placements().is_empty() {
            return refuse(
                Rule::G_4,
                format!(
                    "at your move {n} no empty square would keep your kings out of check: the king could not be placed"
                ),
            );
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
        (earliest_back(m)..m)
            .filter(|&n| {
                self.line_node(ply_of(n, us))
                    .is_some_and(|past| past.arrival(us, n).is_none() && past.placements().any())
            })
            .collect()
    }
}

/// G-4: the earliest move a king may go back to from move `m`.
fn earliest_back(m: u32) -> u32 {
    m.saturating_sub(MAX_BACK).max(1)
}

/// A FIDE move, legal for any number of kings; no castling in check (G-5).
fn check_move(node: &Node, mv: Move) -> Result<(), ActionError> {
    if matches!(mv, Move::Castle { .. }) && node.in_check() {
        return Err(ActionError::illegal(
            Rule::G_5,
            "no castling while a king of yours is in check (G-5)",
        ));
    }
    if node.pos.is_legal(&mv) {
        return Ok(());
    }
    // The move as its squares name it says what is wrong with it.
    Err(match mv.uci().to_move(&node.pos) {
        Err(error) => ActionError::from(error),
        Ok(_) => ActionError::illegal(
            Rule::FIDE_MOVEMENT,
            format!("{} is not a legal move now", mv.uci()),
        ),
    })
}

/// G-2: the man due now is dropped on an empty square, a pawn off the
/// first and eighth ranks, a bishop on its colour, no king of the mover in
/// check afterwards.
fn check_arrival(node: &Node, due: &Arrival, role: Role, to: Square) -> Result<(), ActionError> {
    let refuse = |reason: String| Err(ActionError::illegal(Rule::G_2, reason));
    let m = node.number();
    if role != due.role {
        return refuse(format!(
            "your arrival at move {m} is your {} {}, not a {role}",
            due.role,
            due.tag()
        ));
    }
    if node.board().occupied().contains(to) {
        return refuse(format!(
            "{to} is taken: an arrival is dropped on an empty square (G-2)"
        ));
    }
    if role == Role::Pawn && matches!(to.rank(), Rank::First | Rank::Eighth) {
        return refuse("a pawn never arrives on the first or eighth rank (G-2)".into());
    }
    if let Some(shade) = due.shade
        && Shade::of(to) != shade
    {
        return refuse(format!(
            "your bishop {} keeps to {shade}: {to} is not one (G-2)",
            due.tag()
        ));
    }
    if !node.drops(due).contains(to) {
        return refuse(format!(
            "after {} {to} a king of yours would be in check (G-2)",
            due.tag()
        ));
    }
    Ok(())
}

/// G-1: the arrival move is one of the next ten and not already taken.
fn check_arrival_move(node: &Node, role: Role, n: u32) -> Result<(), ActionError> {
    let m = node.number();
    let last = m.saturating_add(MAX_AHEAD);
    let refuse = |reason: String| Err(ActionError::illegal(Rule::G_1, reason));
    if n <= m {
        return refuse(format!(
            "a {role} travels forward to a later move: move {} to {last} (G-1)",
            m.saturating_add(1)
        ));
    }
    if n > last {
        return refuse(format!(
            "move {n} is more than ten moves ahead: at most move {last} (G-1)"
        ));
    }
    if let Some(a) = node.arrival(node.mover(), n) {
        return refuse(format!(
            "move number {n} is already taken by your {} {}: one arrival per move (G-1)",
            a.role,
            a.tag()
        ));
    }
    Ok(())
}
