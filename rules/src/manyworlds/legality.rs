//! Which actions are legal (M-2, M-3, M-6): generating them, and the
//! checks that refuse an action, each naming its rule.

use super::notation;
use super::{Action, ManyWorlds, Numeral, World};
use crate::chess::{Move, Role};
use crate::geometry::Square;
use crate::{ActionError, Color, Rule};

/// Every legal action: on each board the side may split, every ordered
/// pair of different moves (the order decides which result is numbered
/// first, decision 5), then every transfer.
pub(super) fn legal_actions(game: &ManyWorlds) -> Vec<Action> {
    if game.status.is_over() {
        return Vec::new();
    }
    let us = game.to_move;
    let mut actions = Vec::new();
    for (&board, world) in &game.boards {
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
    if !game.turns {
        game.for_each_transfer(|a| {
            actions.push(a);
            true
        });
    }
    actions
}

impl ManyWorlds {
    /// The moves of the side to act on board `n`, in SAN, in the
    /// generator's order; refused if the board is not live (M-1) or, with
    /// `turns`, it is not that side's move there (M-6).
    pub fn moves_on(&self, n: Numeral) -> Result<Vec<String>, ActionError> {
        let world = self.splittable(n)?;
        let moves = world.moves(self.to_move);
        Ok(moves
            .iter()
            .map(|m| notation::san(&moves, m).to_string())
            .collect())
    }

    /// M-1: there is no board `n` (the live boards are listed, a few).
    pub(super) fn no_board(&self, n: Numeral) -> ActionError {
        let live: Vec<String> = self.boards.keys().take(12).map(|n| n.to_string()).collect();
        let more = if self.boards.len() > 12 { ", ..." } else { "" };
        ActionError::illegal(
            Rule::M_1,
            format!(
                "there is no board {n}: the boards are {}{more}",
                live.join(", ")
            ),
        )
    }

    /// Board `n`, if the side to act may split it: it is live (M-1) and,
    /// with `turns`, it is that side's move there (M-6).
    pub(super) fn splittable(&self, n: Numeral) -> Result<&World, ActionError> {
        let world = self.boards.get(&n).ok_or_else(|| self.no_board(n))?;
        if let Some(side) = world.to_move()
            && side != self.to_move
        {
            return Err(ActionError::illegal(
                Rule::M_6,
                format!(
                    "it is {side}'s move on board {n}: with turns on, {} splits only boards where it is {}'s move (M-6)",
                    self.to_move, self.to_move
                ),
            ));
        }
        Ok(world)
    }

    /// Board `n` and the side's moves there, if it may split it: it is
    /// live, (with `turns`) it is the side's move there, and there are two
    /// different moves (M-2).
    pub(super) fn split_moves(&self, board: Numeral) -> Result<(&World, Vec<Move>), ActionError> {
        let us = self.to_move;
        let world = self.splittable(board)?;
        let moves = world.moves(us);
        if moves.len() < 2 {
            return Err(ActionError::illegal(
                Rule::M_2,
                format!(
                    "{us} has {} on board {board}: a split needs two different moves (M-2)",
                    match moves.first() {
                        Some(m) => format!("only one move ({})", notation::san(&moves, m)),
                        None => "no move".to_owned(),
                    }
                ),
            ));
        }
        Ok((world, moves))
    }

    /// Checks that `action` is legal now.
    pub(super) fn check(&self, action: &Action) -> Result<(), ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        match *action {
            Action::Split {
                board,
                first,
                second,
            } => self.check_split(board, &first, &second),
            Action::Transfer {
                role,
                square,
                from,
                to,
            } => self.check_transfer(role, square, from, to),
        }
    }

    /// M-2: two different moves (M-3) of the side on a board it may split.
    fn check_split(&self, board: Numeral, first: &Move, second: &Move) -> Result<(), ActionError> {
        let us = self.to_move;
        let (_, moves) = self.split_moves(board)?;
        for mv in [first, second] {
            if !moves.contains(mv) {
                return Err(ActionError::illegal(
                    Rule::M_3,
                    format!("{} is not a move of {us} on board {board}", mv.uci()),
                ));
            }
        }
        if first == second {
            return Err(ActionError::illegal(
                Rule::M_2,
                format!(
                    "the two moves are the same ({}): a split needs two different moves (M-2)",
                    notation::san(&moves, first)
                ),
            ));
        }
        Ok(())
    }

    /// M-2: a man of the side, not a king, to the same empty square of
    /// another live board; never with `turns` (M-6).
    fn check_transfer(
        &self,
        role: Role,
        square: Square,
        from: Numeral,
        to: Numeral,
    ) -> Result<(), ActionError> {
        let us = self.to_move;
        if self.turns {
            return Err(ActionError::illegal(
                Rule::M_6,
                "with turns on, only splits are allowed: no transfers (M-6)",
            ));
        }
        let source = self.boards.get(&from).ok_or_else(|| self.no_board(from))?;
        let target = self.boards.get(&to).ok_or_else(|| self.no_board(to))?;
        let refuse = |reason: String| Err(ActionError::illegal(Rule::M_2, reason));
        if from == to {
            return refuse(format!(
                "a transfer goes to another board, not from {from} to {from}"
            ));
        }
        let Some(man) = source.board().piece_at(square) else {
            return refuse(format!("there is no man on {square} of board {from}"));
        };
        if man.color != us {
            return refuse(format!(
                "the {} on {square} of board {from} is {}'s: you transfer only your own men",
                man.role, man.color
            ));
        }
        if man.role != role {
            return refuse(format!(
                "the man on {square} of board {from} is a {}, not a {role}",
                man.role
            ));
        }
        if role == Role::King {
            return refuse("a king cannot transfer (M-2)".to_owned());
        }
        if let Some(there) = target.board().piece_at(square) {
            return refuse(format!(
                "{square} of board {to} is taken by a {} {}: a transfer goes to an empty square (M-2)",
                there.color, there.role
            ));
        }
        Ok(())
    }

    /// Whether `color` has a split or a transfer (M-4).
    pub(super) fn has_action(&self, color: Color) -> bool {
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

    /// Calls `f` with every transfer (sources by numeral, then squares,
    /// then targets) until it returns false.
    fn for_each_transfer(&self, mut f: impl FnMut(Action) -> bool) {
        for (&from, source) in &self.boards {
            if !self.transfers_from(from, source, &mut f) {
                return;
            }
        }
    }

    /// The transfers from board `from`; false once `f` has had enough.
    fn transfers_from(
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
}
