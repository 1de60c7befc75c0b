//! Applying a legal action, and judging the branches and the game after
//! it (E-8 to E-10).

use super::action::{Action, BranchId};
use super::collapse::uniform;
use super::event::Event as MultiverseEvent;
use super::history::{Branch, Fork, Record, back_from};
use super::legality::Plan;
use super::position::Multiverse;
use crate::chess::{Piece, Role};
use crate::geometry::Square;
use crate::{ActionError, Color, Event, Outcome, Reason, Status};

impl Multiverse {
    /// A new game and what the rules did as it was created: with a branch
    /// limit of 1 the limit is reached at once, so the collapse owed before
    /// the first board move is made then (E-9).
    pub(crate) fn created(limit: u16, seed: u64) -> (Multiverse, Vec<Event>) {
        let mut game = Multiverse::blank(limit, seed);
        let mut events = Vec::new();
        game.settle(&mut events);
        (game, events)
    }

    /// Applies an action, checking it first; the events are the branch
    /// ends and collapses it caused.
    pub(crate) fn apply_action(&mut self, action: &Action) -> Result<Vec<Event>, ActionError> {
        let mut events = Vec::new();
        match action {
            Action::Resign { branch } => {
                let index = self.resignable(*branch)?;
                let outcome = Outcome::win(self.to_move.other(), Reason::Resignation);
                self.end(index, outcome, &mut events);
                self.touched = Some(index as u16);
            }
            Action::Move(bm) => {
                let plan = self.plan(bm)?;
                self.commit(plan, &mut events);
            }
        }
        self.settle(&mut events);
        Ok(events)
    }

    fn commit(&mut self, plan: Plan, events: &mut Vec<Event>) {
        let origin = plan.origin;
        {
            let branch = &mut self.branches[origin];
            branch.boards.push(plan.record);
            branch.owed = false;
            branch.moved = true;
        }
        self.touched = Some(origin as u16);
        self.collapsed = false;
        let mut judge = vec![origin];
        if let Some(arrival) = plan.arrival {
            match arrival.to {
                Ok(time) => {
                    self.branches.push(Branch {
                        fork: Some(Fork {
                            parent: origin as u16,
                            time,
                        }),
                        start: time,
                        boards: vec![arrival.record],
                        ended: None,
                        owed: false,
                        moved: false,
                    });
                    judge.push(self.branches.len() - 1);
                }
                Err(t) => {
                    *self.branches[t].latest_mut() = arrival.record;
                    judge.push(t);
                }
            }
            self.travels.push(arrival.mark);
        }
        for index in judge {
            if let Some(outcome) = self.judge(index) {
                self.end(index, outcome, events);
            }
        }
    }

    fn end(&mut self, index: usize, outcome: Outcome, events: &mut Vec<Event>) {
        let branch = &mut self.branches[index];
        if branch.ended.is_none() {
            branch.ended = Some(outcome);
            branch.owed = false;
            events.push(
                MultiverseEvent::BranchEnded {
                    branch: index as BranchId + 1,
                    outcome,
                }
                .into(),
            );
        }
    }

    /// How branch `index` stands on its latest board (E-8, E-10): a side
    /// without a king there loses ([`Reason::NoKing`]; both without, a
    /// draw); the side to move wins if it can take a king
    /// ([`Reason::KingCaptured`]); then checkmate, stalemate, insufficient
    /// material, the third repetition on the branch's history and the
    /// fifty-move rule.
    pub(crate) fn judge(&self, index: usize) -> Option<Outcome> {
        let branch = &self.branches[index];
        let now = branch.now();
        let record = branch.latest();
        let pos = record.position(now);
        let board = pos.board();
        let x = pos.turn();
        let y = x.other();
        let kings_x = board.by_piece(Piece::new(x, Role::King));
        let kings_y = board.by_piece(Piece::new(y, Role::King));
        match (kings_x.is_empty(), kings_y.is_empty()) {
            (true, true) => return Some(Outcome::draw(Reason::NoKing)),
            (false, true) => return Some(Outcome::win(x, Reason::NoKing)),
            (true, false) => return Some(Outcome::win(y, Reason::NoKing)),
            (false, false) => {}
        }
        if kings_y
            .into_iter()
            .any(|k| board.is_attacked(k, x, board.occupied()))
        {
            return Some(Outcome::win(x, Reason::KingCaptured));
        }
        if pos.count_legal_moves() == 0 {
            return Some(if pos.is_check() {
                Outcome::win(y, Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if pos.is_insufficient_material() {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        let window = usize::from(record.halfmoves) + 1;
        let seen = back_from(&self.branches, index, now)
            .take(window)
            .filter(|r| r.key == record.key)
            .count();
        if seen >= 3 {
            return Some(Outcome::draw(Reason::Repetition));
        }
        if record.halfmoves >= 100 {
            return Some(Outcome::draw(Reason::FiftyMoves));
        }
        None
    }

    /// After an action (or the game's creation): decides the game, passes
    /// the turn when nothing is owed (E-2), and makes the collapse owed
    /// before the next board move (E-9).
    pub(crate) fn settle(&mut self, events: &mut Vec<Event>) {
        loop {
            self.status = self.decide();
            if self.status.is_over() {
                for branch in &mut self.branches {
                    branch.owed = false;
                }
                return;
            }
            if !self.branches.iter().any(|b| b.owed) {
                self.to_move = self.to_move.other();
                self.turn += 1;
                for branch in &mut self.branches {
                    branch.owed = branch.is_active();
                    branch.moved = false;
                }
            }
            if self.limit_reached() && !self.collapsed {
                self.collapsed = true;
                self.collapse(events);
                continue;
            }
            return;
        }
    }

    /// E-9: a uniformly random active branch loses a uniformly random man
    /// other than a king from its latest board. Two draws a collapse.
    fn collapse(&mut self, events: &mut Vec<Event>) {
        let active: Vec<usize> = (0..self.branches.len())
            .filter(|&i| self.branches[i].is_active())
            .collect();
        if active.is_empty() {
            return;
        }
        let pick = active[uniform(self.seed, self.draws, active.len())];
        let now = self.branches[pick].now();
        let record = self.branches[pick].latest().clone();
        let pos = record.position(now);
        let men: Vec<Square> = (pos.board().occupied() - pos.board().by_role(Role::King))
            .into_iter()
            .collect();
        let branch = pick as BranchId + 1;
        let event = if men.is_empty() {
            self.draws += 2;
            MultiverseEvent::Spared { branch }
        } else {
            let square = men[uniform(self.seed, self.draws + 1, men.len())];
            self.draws += 2;
            let mut board = *pos.board();
            let piece = board.discard(square);
            let mut setup = pos.setup();
            setup.board = board;
            setup.ep_square = record.passed();
            let after = setup.position_lenient();
            *self.branches[pick].latest_mut() = Record::pack(
                &after,
                record.passed(),
                record.arrived().without(square),
                record.last(),
            );
            MultiverseEvent::Collapsed {
                branch,
                square,
                man: piece,
            }
        };
        events.push(event.into());
        self.last_collapse = Some(event.to_string());
        if let Some(outcome) = self.judge(pick) {
            self.end(pick, outcome, events);
        }
    }

    /// E-10: over when every branch has ended, or when one side's branch
    /// wins can no longer be caught: the other side could at most win
    /// every active branch and every branch still to open (while the
    /// limit is not reached) and would still have fewer.
    fn decide(&self) -> Status {
        let (mut white, mut black, mut active) = (0usize, 0usize, 0usize);
        for branch in &self.branches {
            match branch.ended {
                None => active += 1,
                Some(o) => match o.winner {
                    Some(Color::White) => white += 1,
                    Some(Color::Black) => black += 1,
                    None => {}
                },
            }
        }
        let win = |c| Status::Finished(Outcome::win(c, Reason::BranchMajority));
        if active == 0 {
            return match white.cmp(&black) {
                std::cmp::Ordering::Greater => win(Color::White),
                std::cmp::Ordering::Less => win(Color::Black),
                std::cmp::Ordering::Equal => {
                    Status::Finished(Outcome::draw(Reason::BranchMajority))
                }
            };
        }
        let open = usize::from(self.limit).saturating_sub(self.branches.len());
        let reach = active + open;
        if white > black + reach {
            win(Color::White)
        } else if black > white + reach {
            win(Color::Black)
        } else {
            Status::Ongoing
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Setup;
    use crate::geometry::Bitboard;

    fn with_board(fen: &str) -> Multiverse {
        let mut m = Multiverse::with_limit(21, 0);
        let pos = Setup::from_fen(fen).unwrap().position_lenient();
        m.branches[0].boards[0] = Record::pack(&pos, None, Bitboard::EMPTY, None);
        m
    }

    #[test]
    fn e8_the_side_to_move_that_can_take_a_king_wins_the_branch() {
        // As after a collapse: Black's king stands in the white rook's line
        // with White to move: a real capture of a king.
        let m = with_board("4k3/8/8/8/8/8/8/K3R3 w - - 0 1");
        assert_eq!(
            m.judge(0),
            Some(Outcome::win(Color::White, Reason::KingCaptured))
        );
        // The rook's line blocked: play goes on.
        let m = with_board("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1");
        assert_eq!(m.judge(0), None);
    }

    #[test]
    fn e8_a_side_without_a_king_loses_for_having_none() {
        let m = with_board("4k3/8/8/8/8/8/8/4R3 w - - 0 1");
        assert_eq!(m.judge(0), Some(Outcome::win(Color::Black, Reason::NoKing)));
        let m = with_board("8/8/8/8/8/8/8/4R3 w - - 0 1");
        assert_eq!(m.judge(0), Some(Outcome::draw(Reason::NoKing)));
    }
}
