//! The multiverse: branches, turns, board moves with travel, branch ends,
//! the collapse and the game's result.

use serde::{Deserialize, Serialize};

use super::action::{Action, BoardMove, BranchId, Destination, When};
use super::collapse::uniform;
use super::history::{Branch, Fork, Record, back_from, owner, record_at, side_at};
use super::travel::{follow, landing_refusal, moved_men, price_queen};
use crate::chess::{Board, Move, Piece, Position, Role};
use crate::geometry::{Bitboard, Square};
use crate::{ActionError, Color, Outcome, Reason, Status};

/// A travel drawn as an arrow in the snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TravelMark {
    pub from_branch: u16,
    pub from_time: u32,
    pub from: Square,
    pub to_branch: u16,
    pub to_time: u32,
    pub square: Square,
    pub trans: bool,
}

/// A game of multiverse time travel chess.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Multiverse {
    pub(crate) limit: u16,
    pub(crate) seed: u64,
    pub(crate) branches: Vec<Branch>,
    pub(crate) to_move: Color,
    /// The turn number, from 1; a turn is one side's board moves.
    pub(crate) turn: u32,
    /// Collapse draws made so far (E-9): draw `n` depends only on the seed
    /// and `n`.
    pub(crate) draws: u64,
    /// The collapse owed before the next board move has been made.
    pub(crate) collapsed: bool,
    pub(crate) travels: Vec<TravelMark>,
    /// The latest collapse, in words.
    pub(crate) last_collapse: Option<String>,
    /// The branch the last action was on (index).
    pub(crate) touched: Option<u16>,
    pub(crate) status: Status,
}

/// A checked board move, ready to be committed.
struct Plan {
    origin: usize,
    record: Record,
    arrival: Option<Arrival>,
}

struct Arrival {
    /// A new branch forking at `time`, or the index of the branch whose
    /// latest board receives the man.
    to: Result<u32, usize>,
    record: Record,
    mark: TravelMark,
}

fn illegal(text: impl Into<String>) -> ActionError {
    ActionError::illegal_untagged(text)
}

/// `L3` for branch index 2.
pub(crate) fn label(index: usize) -> String {
    format!("L{}", index + 1)
}

impl Multiverse {
    /// A new game with branch limit `limit` (E-6) and collapse seed `seed`.
    pub fn new(limit: u16, seed: u64) -> Multiverse {
        let mut game = Multiverse {
            limit: limit.max(1),
            seed,
            branches: vec![Branch::original()],
            to_move: Color::White,
            turn: 1,
            draws: 0,
            collapsed: false,
            travels: Vec::new(),
            last_collapse: None,
            touched: None,
            status: Status::Ongoing,
        };
        game.settle(&mut Vec::new());
        game
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// The side whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The branch limit (E-6).
    pub fn limit(&self) -> u16 {
        self.limit
    }

    /// How many branches exist, ended or not.
    pub fn branch_count(&self) -> usize {
        self.branches.len()
    }

    /// The numbers of the branches still owed a board move this turn.
    pub fn owed(&self) -> Vec<BranchId> {
        self.branches
            .iter()
            .enumerate()
            .filter(|(_, b)| b.owed)
            .map(|(i, _)| i as BranchId + 1)
            .collect()
    }

    /// The numbers of the branches not yet ended.
    pub fn active(&self) -> Vec<BranchId> {
        self.branches
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_active())
            .map(|(i, _)| i as BranchId + 1)
            .collect()
    }

    /// How branch `id` ended, if it has.
    pub fn branch_result(&self, id: BranchId) -> Option<Outcome> {
        self.branch(id).ok().and_then(|i| self.branches[i].ended)
    }

    /// The time step of branch `id`'s latest board.
    pub fn branch_now(&self, id: BranchId) -> Option<u32> {
        self.branch(id).ok().map(|i| self.branches[i].now())
    }

    /// The board at time step `time` of branch `id`'s history.
    pub fn board_at(&self, id: BranchId, time: u32) -> Option<Position> {
        let index = self.branch(id).ok()?;
        record_at(&self.branches, index, time).map(|r| r.position(time))
    }

    /// The latest board of branch `id`.
    pub fn latest(&self, id: BranchId) -> Option<Position> {
        let index = self.branch(id).ok()?;
        Some(self.position(index))
    }

    /// The squares of the men that arrived by travel on branch `id`'s
    /// latest board (E-4).
    pub fn arrived(&self, id: BranchId) -> Bitboard {
        self.branch(id)
            .map_or(Bitboard::EMPTY, |i| self.branches[i].latest().arrived())
    }

    /// The number of collapse draws made (two a collapse).
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// Boards stored, over all branches (shared boards once).
    pub fn stored_boards(&self) -> usize {
        self.branches.iter().map(|b| b.boards.len()).sum()
    }

    /// Bytes the state holds on the heap and inline, roughly.
    pub fn footprint(&self) -> usize {
        std::mem::size_of::<Multiverse>()
            + self.branches.capacity() * std::mem::size_of::<Branch>()
            + self
                .branches
                .iter()
                .map(|b| b.boards.capacity() * std::mem::size_of::<Record>())
                .sum::<usize>()
            + self.travels.capacity() * std::mem::size_of::<TravelMark>()
    }

    pub(crate) fn position(&self, index: usize) -> Position {
        let branch = &self.branches[index];
        branch.latest().position(branch.now())
    }

    /// The index of branch `id`, if it exists.
    pub(crate) fn branch(&self, id: BranchId) -> Result<usize, ActionError> {
        let index = usize::from(id).wrapping_sub(1);
        if index < self.branches.len() {
            Ok(index)
        } else {
            Err(illegal(format!(
                "there is no branch L{id}: the branches are L1 to L{}",
                self.branches.len()
            )))
        }
    }

    /// The index of branch `id` if the side to move owes a board move there.
    pub(crate) fn owed_branch(&self, id: BranchId) -> Result<usize, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let index = self.branch(id)?;
        let branch = &self.branches[index];
        if let Some(outcome) = branch.ended {
            return Err(illegal(format!("L{id} has ended: {outcome}")));
        }
        if !branch.owed {
            return Err(illegal(if branch.moved {
                format!("you have moved on L{id} this turn")
            } else {
                format!(
                    "L{id} opened this turn: {} moves next there",
                    self.to_move.other()
                )
            }));
        }
        Ok(index)
    }

    pub(crate) fn limit_reached(&self) -> bool {
        self.branches.len() >= usize::from(self.limit)
    }

    /// Checks a board move and works out every board it changes.
    fn plan(&self, bm: &BoardMove) -> Result<Plan, ActionError> {
        let index = self.owed_branch(bm.branch)?;
        let branch = &self.branches[index];
        let now = branch.now();
        let latest = branch.latest();
        let pos = latest.position(now);
        let us = pos.turn();
        let mv = bm.mv;
        let Some(travel) = bm.travel else {
            if !pos.is_legal(&mv) {
                return Err(illegal(format!(
                    "{} is not a legal move on L{} now",
                    mv.uci(),
                    bm.branch
                )));
            }
            let mut after = pos;
            after.play_unchecked(&mv);
            let arrived = follow(latest.arrived(), us, &mv);
            return Ok(Plan {
                origin: index,
                record: Record::pack(&after, passed(&mv), arrived, Some((mv.from(), mv.to()))),
                arrival: None,
            });
        };
        let from = travel.from;
        let Some(piece) = pos.board().piece_at(from).filter(|p| p.color == us) else {
            return Err(illegal(format!(
                "you have no man on {from} on L{} to send travelling",
                bm.branch
            )));
        };
        if latest.arrived().contains(from) {
            return Err(illegal(format!(
                "the {} on {from} arrived by travel: it may not travel again",
                piece.role
            )));
        }
        if travel.when == When::After && moved_men(&mv).contains(from) {
            return Err(illegal(format!(
                "the {} on {from} moves in this board move: it may not travel too",
                piece.role
            )));
        }
        let trans = matches!(travel.to, Destination::Branch { .. });
        // Where it lands, and on which board.
        let (target_board, target_time, to): (&Record, u32, Result<u32, usize>) = match travel.to {
            Destination::Past { time } => {
                if self.limit_reached() {
                    return Err(illegal(format!(
                        "the branch limit ({}) is reached: no more time travel, but trans-universe travel (>) still works",
                        self.limit
                    )));
                }
                if time == 0 || time >= now {
                    return Err(illegal(format!(
                        "time travel goes to a past board of L{}: T1 to T{}",
                        bm.branch,
                        now.saturating_sub(1)
                    )));
                }
                if side_at(time) == us {
                    return Err(illegal(format!(
                        "on T{time} {} had just moved: a traveller arrives on a board its side had just moved on",
                        us.other()
                    )));
                }
                let record = record_at(&self.branches, index, time)
                    .ok_or_else(|| illegal(format!("L{} has no board T{time}", bm.branch)))?;
                (record, time, Ok(time))
            }
            Destination::Branch { branch: target } => {
                let t = self.branch(target)?;
                let other = &self.branches[t];
                if t == index {
                    return Err(illegal(
                        "trans-universe travel goes to another branch; for this branch's past write >>(T3)",
                    ));
                }
                if let Some(outcome) = other.ended {
                    return Err(illegal(format!("L{target} has ended: {outcome}")));
                }
                if !other.moved {
                    return Err(illegal(format!(
                        "trans-universe travel lands on a branch you have already moved on this turn, not L{target}"
                    )));
                }
                (other.latest(), other.now(), Err(t))
            }
        };
        if trans && price_queen(pos.board(), us, from).is_none() {
            return Err(illegal(format!(
                "trans-universe travel costs your queen on L{}, and you have none there to give",
                bm.branch
            )));
        }
        let landing_board = target_board.board();
        if let Some(reason) = landing_refusal(&landing_board, piece, from, travel.square) {
            return Err(illegal(reason));
        }
        // The origin board after the move and the travel.
        let mut arrived = latest.arrived();
        let after = match travel.when {
            When::Before => {
                let Some(mut before) = without_traveller(&pos, from, trans) else {
                    return Err(illegal("the queen that pays for the travel is missing"));
                };
                if let Some(q) = trans.then(|| price_queen(pos.board(), us, from)).flatten() {
                    arrived.remove(q);
                }
                arrived.remove(from);
                if !before.is_legal(&mv) {
                    return Err(illegal(format!(
                        "{} is not a legal move on L{} once the {} has left {from}",
                        mv.uci(),
                        bm.branch,
                        piece.role
                    )));
                }
                before.play_unchecked(&mv);
                arrived = follow(arrived, us, &mv);
                before
            }
            When::After => {
                if !pos.is_legal(&mv) {
                    return Err(illegal(format!(
                        "{} is not a legal move on L{} now",
                        mv.uci(),
                        bm.branch
                    )));
                }
                let mut moved = pos;
                moved.play_unchecked(&mv);
                arrived = follow(arrived, us, &mv);
                let mut board = *moved.board();
                board.discard(from);
                arrived.remove(from);
                if trans && let Some(q) = price_queen(&board, us, from) {
                    board.discard(q);
                    arrived.remove(q);
                }
                if !kings_safe(&board, us) {
                    return Err(illegal(format!(
                        "with the {} gone from {from} your king on L{} would be in check",
                        piece.role, bm.branch
                    )));
                }
                let mut setup = moved.setup();
                setup.board = board;
                setup.ep_square = passed(&mv);
                setup.position_lenient()
            }
        };
        // The board the man arrives on.
        let mut landed = landing_board;
        landed.set(travel.square, piece);
        let target_pos = target_board.position(target_time);
        let mut setup = target_pos.setup();
        setup.board = landed;
        setup.ep_square = target_board.passed();
        let arrival_pos = setup.position_lenient();
        let arrival_record = Record::pack(
            &arrival_pos,
            target_board.passed(),
            target_board.arrived().with(travel.square),
            target_board.last(),
        );
        let to_branch = match to {
            Ok(_) => self.branches.len() as u16,
            Err(t) => t as u16,
        };
        Ok(Plan {
            origin: index,
            record: Record::pack(&after, passed(&mv), arrived, Some((mv.from(), mv.to()))),
            arrival: Some(Arrival {
                to,
                record: arrival_record,
                mark: TravelMark {
                    from_branch: index as u16,
                    from_time: now,
                    from,
                    to_branch,
                    to_time: target_time,
                    square: travel.square,
                    trans,
                },
            }),
        })
    }

    /// Checks an action without applying it.
    pub fn check(&self, action: &Action) -> Result<(), ActionError> {
        match action {
            Action::Move(bm) => self.plan(bm).map(|_| ()),
            Action::Resign { branch } => self.resignable(*branch).map(|_| ()),
        }
    }

    fn resignable(&self, id: BranchId) -> Result<usize, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let index = self.branch(id)?;
        if let Some(outcome) = self.branches[index].ended {
            return Err(illegal(format!("L{id} has ended: {outcome}")));
        }
        Ok(index)
    }

    /// The board after a board move on its branch (for check marks).
    pub(crate) fn after(&self, bm: &BoardMove) -> Option<Position> {
        let plan = self.plan(bm).ok()?;
        Some(plan.record.position(self.branches[plan.origin].now() + 1))
    }

    /// Applies an action, checking it first; the events are the branch
    /// ends and collapses it caused.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<String>, ActionError> {
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

    fn commit(&mut self, plan: Plan, events: &mut Vec<String>) {
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

    fn end(&mut self, index: usize, outcome: Outcome, events: &mut Vec<String>) {
        let branch = &mut self.branches[index];
        if branch.ended.is_none() {
            branch.ended = Some(outcome);
            branch.owed = false;
            events.push(format!("{} ends {outcome}", label(index)));
        }
    }

    /// How branch `index` stands on its latest board (E-8, E-10): a side
    /// without a king loses; the side to move wins if it can take a king;
    /// then checkmate, stalemate, insufficient material, the third
    /// repetition on the branch's history and the fifty-move rule.
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
            (true, true) => return Some(Outcome::draw(Reason::KingCaptured)),
            (false, true) => return Some(Outcome::win(x, Reason::KingCaptured)),
            (true, false) => return Some(Outcome::win(y, Reason::KingCaptured)),
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

    /// After an action: decides the game, passes the turn when nothing is
    /// owed, and makes the collapse owed before the next board move.
    fn settle(&mut self, events: &mut Vec<String>) {
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
    fn collapse(&mut self, events: &mut Vec<String>) {
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
        let text = if men.is_empty() {
            self.draws += 2;
            format!("collapse: {} has only kings, nothing is lost", label(pick))
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
            let what = piece.map_or_else(|| "man".to_owned(), |p| p.to_string());
            format!("collapse: {} loses the {what} on {square}", label(pick))
        };
        events.push(text.clone());
        self.last_collapse = Some(text);
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

    /// The branch that owns time step `time` of branch `index`'s history.
    pub(crate) fn owner_of(&self, index: usize, time: u32) -> Option<usize> {
        owner(&self.branches, index, time)
    }
}

/// The square a double step passed over.
fn passed(mv: &Move) -> Option<Square> {
    mv.is_double_step()
        .then(|| Square::from_index((mv.from() as u32 + mv.to() as u32) / 2))
}

/// Whether no king of `color` on `board` is attacked.
fn kings_safe(board: &Board, color: Color) -> bool {
    board
        .by_piece(Piece::new(color, Role::King))
        .into_iter()
        .all(|king| !board.is_attacked(king, color.other(), board.occupied()))
}

/// The position with the traveller on `from` gone (and, for trans-universe
/// travel, the queen that pays): where a move after a travel before it is
/// played. None if no queen can pay.
pub(crate) fn without_traveller(pos: &Position, from: Square, trans: bool) -> Option<Position> {
    let us = pos.turn();
    let mut board = *pos.board();
    if trans {
        let queen = price_queen(&board, us, from)?;
        board.discard(queen);
    }
    board.discard(from);
    let mut setup = pos.setup();
    setup.board = board;
    Some(setup.position_lenient())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Setup;

    #[test]
    fn e8_the_side_to_move_that_can_take_a_king_wins_the_branch() {
        let mut m = Multiverse::new(21, 0);
        // As after a collapse: Black's king stands in the white rook's line
        // with White to move.
        let pos = Setup::from_fen("4k3/8/8/8/8/8/8/K3R3 w - - 0 1")
            .unwrap()
            .position_lenient();
        m.branches[0].boards[0] = Record::pack(&pos, None, Bitboard::EMPTY, None);
        assert_eq!(
            m.judge(0),
            Some(Outcome::win(Color::White, Reason::KingCaptured))
        );
        // The rook's line blocked: play goes on.
        let pos = Setup::from_fen("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1")
            .unwrap()
            .position_lenient();
        m.branches[0].boards[0] = Record::pack(&pos, None, Bitboard::EMPTY, None);
        assert_eq!(m.judge(0), None);
    }
}
