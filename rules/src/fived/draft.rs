//! A turn drafted a board move at a time by a program (an engine), then
//! submitted without drafting it again (F-2, F-5, F-10).

use super::action::{Action, Move, MoveKind, standard_order};
use super::exposure::Exposure;
use super::play::mark;
use super::position::{FiveD, step_color};
use crate::{ActionError, Outcome, Reason, Status};

/// A turn in progress: the multiverse with the side to move's board moves
/// made so far, and those moves. Each move is checked as it is made
/// ([`Draft::make`]); the turn is judged whole when it is submitted.
#[derive(Clone, Debug)]
pub struct Draft {
    state: FiveD,
    moves: Vec<Move>,
    kinds: Vec<MoveKind>,
    /// Whether the moves so far may be submitted, once asked.
    submittable: Option<bool>,
    /// Whether the moves so far check the opponent, once asked of an
    /// [`Exposure`].
    checks: Option<bool>,
}

impl FiveD {
    /// A draft of the side to move's turn, nothing moved yet.
    pub fn draft(&self) -> Draft {
        Draft {
            state: self.clone(),
            moves: Vec::new(),
            kinds: Vec::new(),
            submittable: None,
            checks: None,
        }
    }

    /// The board moves the side to move may make from the last board of
    /// `line` now, royal safety aside (F-2, F-6 to F-9): none where that
    /// board is not theirs. A move that leaves a royal man capturable on a
    /// board it makes ([`FiveD::exposes_royal`]) is never part of a legal
    /// turn.
    pub fn moves_on(&self, line: i32) -> Vec<Move> {
        self.board_moves_from(line)
    }

    /// Each of [`FiveD::moves_on`]`(line)` with the draft after it alone:
    /// the drafts [`Draft::make`] would give, without checking again moves
    /// just listed (an engine weighs every board move of a state this way,
    /// and checking each against its man's moves was a tenth of its work).
    pub fn drafts_on(&self, line: i32) -> Vec<(Move, Draft)> {
        self.board_moves_from(line)
            .into_iter()
            .map(|mv| {
                let mut draft = self.draft();
                let kind = draft.state.apply_unchecked(&mv);
                draft.made(mv, kind);
                (mv, draft)
            })
            .collect()
    }
}

impl Draft {
    /// The multiverse as drafted so far (the side to move unchanged): its
    /// boards, what is still owed, the moves of the boards still playable.
    pub fn state(&self) -> &FiveD {
        &self.state
    }

    /// The moves made so far, in the order they were made.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Makes one board move of the side to move, checked as
    /// [`FiveD::draft_of`] checks each (F-2, F-6 to F-9).
    ///
    /// # Errors
    /// The move is not one the side to move may make here now; the draft
    /// is left as it was.
    pub fn make(&mut self, mv: &Move) -> Result<MoveKind, ActionError> {
        let kind = self.state.make_move(mv)?;
        self.made(*mv, kind);
        Ok(kind)
    }

    /// Records `mv`, made on the state as `kind`: what was known of the
    /// moves before it no longer holds.
    fn made(&mut self, mv: Move, kind: MoveKind) {
        self.moves.push(mv);
        self.kinds.push(kind);
        self.submittable = None;
        self.checks = None;
    }

    /// Whether the moves so far make a turn that may be submitted: the
    /// present has passed to the opponent (F-5) and no royal man of the
    /// mover is capturable (F-10). Remembered until the next move.
    pub fn submittable(&mut self) -> bool {
        *self
            .submittable
            .get_or_insert_with(|| self.state.submit_problem().is_none())
    }

    /// [`Draft::submittable`], with F-10 asked of `exposure`, which must be
    /// the exposure of the state this draft started from
    /// ([`FiveD::exposure`]): the same answer, for less where many drafts
    /// of one state are asked.
    pub fn submittable_under(&mut self, exposure: &Exposure<'_>) -> bool {
        let state = &self.state;
        *self.submittable.get_or_insert_with(|| {
            step_color(state.present()) != state.to_move && !exposure.royal_capturable(state)
        })
    }

    /// Whether the opponent would be in check after these moves (F-10):
    /// its playable boards copied forward, a royal man of it could be
    /// captured.
    pub fn checks_opponent(&self) -> bool {
        self.state.in_check(self.state.to_move.other())
    }

    /// [`Draft::checks_opponent`], asked of `exposure`, which must be the
    /// exposure of the state this draft started from: the same answer,
    /// remembered until the next move (a submitted turn judged for mate
    /// does not ask again).
    pub fn checks_opponent_under(&mut self, exposure: &Exposure<'_>) -> bool {
        let state = &self.state;
        *self
            .checks
            .get_or_insert_with(|| exposure.checks_opponent(state))
    }

    /// The turn of the moves so far, in the standard order.
    pub fn action(&self) -> Action {
        standard_order(self.state.to_move, &self.moves, &self.kinds)
    }

    /// Submits the turn, judged as [`crate::Rules::apply`] judges it.
    ///
    /// # Errors
    /// The turn may not be submitted ([`Draft::submittable`]).
    pub fn submit(self) -> Result<FiveD, ActionError> {
        let mut next = self.handed_over()?;
        next.status = next.judge();
        Ok(next)
    }

    /// Submits the turn, judging only checkmate, and that only where the
    /// search for the opponent's legal turn decides it within `steps`
    /// steps: otherwise, and where the opponent is out of check, the
    /// status stays ongoing even if it has no legal turn (a stalemate).
    /// Proving that a legal turn exists is most of what judging a turn
    /// costs; a search that lists the turns of the states it expands finds
    /// a stalemate there anyway, and needs a mate known at its horizon,
    /// not one that takes seconds to prove. Never for a game's record,
    /// whose status must be exact.
    ///
    /// # Errors
    /// The turn may not be submitted ([`Draft::submittable`]).
    pub fn submit_judging_mates(self, steps: usize) -> Result<FiveD, ActionError> {
        self.submit_judging_mates_counted(steps)
            .map(|(next, _)| next)
    }

    /// [`Draft::submit_judging_mates`], with the steps its search for the
    /// opponent's legal turn took: none where the opponent is out of check
    /// or a turn of one plain move a board showed at once that it has a
    /// turn. A program that budgets its work by the turns it makes can so
    /// charge each by its cost: in a multiverse of many timelines in check
    /// one judgement can cost as much as a hundred turns made.
    ///
    /// # Errors
    /// The turn may not be submitted ([`Draft::submittable`]).
    pub fn submit_judging_mates_counted(self, steps: usize) -> Result<(FiveD, usize), ActionError> {
        let checks = self.checks;
        let mut next = self.handed_over()?;
        let mut taken = 0;
        if checks.unwrap_or_else(|| next.in_check(next.to_move)) {
            let decided = super::search::has_legal_turn_within(&next, steps);
            taken = decided.steps;
            if decided.any == Some(false) {
                next.status =
                    Status::Finished(Outcome::win(next.to_move.other(), Reason::Checkmate));
            }
        }
        Ok((next, taken))
    }

    /// The state after the turn, handed to the opponent, unjudged.
    fn handed_over(mut self) -> Result<FiveD, ActionError> {
        if !self.submittable() {
            return Err(self.state.submit_problem().unwrap_or(ActionError::GameOver));
        }
        let marks = self
            .moves
            .iter()
            .zip(&self.kinds)
            .map(|(mv, kind)| mark(mv, *kind))
            .collect();
        let mut next = self.state;
        next.hand_over(marks);
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use super::super::pgn;

    /// Every board's drafts, as listed, are the drafts making each listed
    /// move gives: the same moves, states and turns, on every position of
    /// games with many timelines, jumps, castling and promotion.
    #[test]
    fn a_listed_moves_draft_is_the_draft_making_it_gives() {
        let mut compared = 0;
        for text in [
            include_str!("../../tests/fived/data/own/standard-many-timelines.5dpgn"),
            include_str!("../../tests/fived/data/own/two-timelines-castles.5dpgn"),
            include_str!("../../tests/fived/data/own/princess.5dpgn"),
        ] {
            for state in pgn::replayed(text) {
                let (lo, hi) = state.line_range();
                for line in lo..=hi {
                    let listed = state.drafts_on(line);
                    let moves = state.moves_on(line);
                    assert_eq!(listed.len(), moves.len());
                    for ((mv, draft), expected) in listed.into_iter().zip(moves) {
                        let mut made = state.draft();
                        assert!(made.make(&expected).is_ok());
                        assert_eq!(mv, expected);
                        assert_eq!(draft.moves(), made.moves());
                        assert_eq!(draft.kinds, made.kinds);
                        assert_eq!(
                            serde_json::to_value(draft.state()).ok(),
                            serde_json::to_value(made.state()).ok()
                        );
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared} moves compared");
    }
}
