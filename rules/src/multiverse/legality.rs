//! Which actions are legal (E-2 to E-8, E-10), and why the others are
//! refused: every refusal names the rule it enforces. Listing every legal
//! action at once is [`listing`](super::listing)'s work; here one action
//! is checked and worked out into the boards it changes.

use super::action::{Action, BoardMove, BranchId, Destination, When};
use super::history::{Record, record_at, side_at};
use super::position::{Multiverse, TravelMark};
use super::travel::{
    follow, kings_safe, landing_refusal, moved_men, paid_after, price_queen, without_traveller,
};
use crate::chess::{Move, Position, Uci};
use crate::geometry::Square;
use crate::{ActionError, Rule};

/// A checked board move, ready to be committed.
pub(crate) struct Plan {
    /// The index of the branch moved on.
    pub origin: usize,
    /// Its new latest board.
    pub record: Record,
    /// Where a traveller landed.
    pub arrival: Option<Arrival>,
}

/// A traveller's landing, worked out.
pub(crate) struct Arrival {
    /// A new branch forking at `time`, or the index of the branch whose
    /// latest board receives the man.
    pub to: Result<u32, usize>,
    pub record: Record,
    pub mark: TravelMark,
}

/// Why `mv` is no legal move on `pos` (the latest board of branch `id`,
/// perhaps without a traveller), with the FIDE rule it breaks.
fn move_refusal(pos: &Position, mv: &Move, id: BranchId) -> ActionError {
    let reason = match Uci::from_move(mv).to_move(pos) {
        Err(error) => match ActionError::from(error) {
            ActionError::Illegal { rule, reason } => (rule, reason),
            other => return other,
        },
        Ok(_) => (Rule::FIDE_MOVEMENT, format!("{} is no move here", mv.uci())),
    };
    ActionError::illegal(reason.0, format!("{} on L{id}", reason.1))
}

/// The square a double step passed over.
pub(crate) fn passed(mv: &Move) -> Option<Square> {
    mv.is_double_step()
        .then(|| Square::from_index((mv.from() as u32 + mv.to() as u32) / 2))
}

impl Multiverse {
    /// The index of branch `id`; E-1 names the branches L1 to Ln.
    pub(crate) fn branch(&self, id: BranchId) -> Result<usize, ActionError> {
        self.index(id)
            .ok_or_else(|| self.no_branch(&id.to_string()))
    }

    /// The refusal of a branch number no branch has, `digits` as written
    /// (cut short when long).
    pub(crate) fn no_branch(&self, digits: &str) -> ActionError {
        ActionError::illegal(
            Rule::E_1,
            format!(
                "there is no branch L{digits}: the branches are L1 to L{}",
                self.branches.len()
            ),
        )
    }

    /// The index of branch `id` if the side to move owes a board move
    /// there (E-2, E-10).
    pub(crate) fn owed_branch(&self, id: BranchId) -> Result<usize, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let index = self.branch(id)?;
        let branch = &self.branches[index];
        if let Some(outcome) = branch.ended {
            return Err(ActionError::illegal(
                Rule::E_10,
                format!("L{id} has ended: {outcome}"),
            ));
        }
        if !branch.owed {
            return Err(ActionError::illegal(
                Rule::TURN,
                if branch.moved {
                    format!("you have moved on L{id} this turn")
                } else {
                    format!(
                        "L{id} opened this turn: {} moves next there",
                        self.to_move.other()
                    )
                },
            ));
        }
        Ok(index)
    }

    /// The index of branch `id` if the side to move may resign it (E-10:
    /// any active branch, in one's turn).
    pub(crate) fn resignable(&self, id: BranchId) -> Result<usize, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let index = self.branch(id)?;
        if let Some(outcome) = self.branches[index].ended {
            return Err(ActionError::illegal(
                Rule::E_10,
                format!("L{id} has ended: {outcome}"),
            ));
        }
        Ok(index)
    }

    /// Checks an action without applying it, refusing it with the rule it
    /// breaks.
    pub fn check(&self, action: &Action) -> Result<(), ActionError> {
        match action {
            Action::Move(bm) => self.plan(bm).map(|_| ()),
            Action::Resign { branch } => self.resignable(*branch).map(|_| ()),
        }
    }

    /// The board after a board move on its branch (for check marks).
    pub(crate) fn after(&self, bm: &BoardMove) -> Option<Position> {
        let plan = self.plan(bm).ok()?;
        Some(plan.record.position(self.branches[plan.origin].now() + 1))
    }

    /// Where a traveller from branch `index` (whose latest board is `now`)
    /// lands: the board, its time step, and a new branch forking there or
    /// the index of the branch receiving it. E-5, E-6 for time travel, E-7
    /// for trans-universe travel.
    fn target(
        &self,
        index: usize,
        id: BranchId,
        to: Destination,
    ) -> Result<(&Record, u32, Result<u32, usize>), ActionError> {
        let now = self.branches[index].now();
        let us = side_at(now);
        match to {
            Destination::Past { time } => {
                if self.limit_reached() {
                    return Err(ActionError::illegal(
                        Rule::E_6,
                        format!(
                            "the branch limit ({}) is reached: no more time travel, but trans-universe travel (>) still works",
                            self.limit
                        ),
                    ));
                }
                if time == 0 || time >= now {
                    return Err(ActionError::illegal(
                        Rule::E_5,
                        format!(
                            "time travel goes to a past board of L{id}: T1 to T{}",
                            now.saturating_sub(1)
                        ),
                    ));
                }
                if side_at(time) == us {
                    return Err(ActionError::illegal(
                        Rule::E_5,
                        format!(
                            "on T{time} {} had just moved: a traveller arrives on a board its side had just moved on",
                            us.other()
                        ),
                    ));
                }
                let record = record_at(&self.branches, index, time).ok_or_else(|| {
                    ActionError::illegal(Rule::E_5, format!("L{id} has no board T{time}"))
                })?;
                Ok((record, time, Ok(time)))
            }
            Destination::Branch { branch: target } => {
                let t = self.branch(target)?;
                let other = &self.branches[t];
                if t == index {
                    return Err(ActionError::illegal(
                        Rule::E_7,
                        "trans-universe travel goes to another branch; for this branch's past write >>(T3)",
                    ));
                }
                if let Some(outcome) = other.ended {
                    return Err(ActionError::illegal(
                        Rule::E_7,
                        format!(
                            "trans-universe travel lands on an active branch: L{target} has ended ({outcome})"
                        ),
                    ));
                }
                if !other.moved {
                    return Err(ActionError::illegal(
                        Rule::E_7,
                        format!(
                            "trans-universe travel lands on a branch you have already moved on this turn, not L{target}"
                        ),
                    ));
                }
                Ok((other.latest(), other.now(), Err(t)))
            }
        }
    }

    /// Checks a board move (E-3 to E-7) and works out every board it
    /// changes.
    pub(crate) fn plan(&self, bm: &BoardMove) -> Result<Plan, ActionError> {
        let index = self.owed_branch(bm.branch)?;
        let branch = &self.branches[index];
        let now = branch.now();
        let latest = branch.latest();
        let pos = latest.position(now);
        let us = pos.turn();
        let mv = bm.mv;
        let Some(travel) = bm.travel else {
            if !pos.is_legal(&mv) {
                return Err(move_refusal(&pos, &mv, bm.branch));
            }
            let mut after = pos;
            after.play_unchecked(&mv);
            let arrived = follow(latest.arrived(), &mv);
            return Ok(Plan {
                origin: index,
                record: Record::pack(&after, passed(&mv), arrived, Some((mv.from(), mv.to()))),
                arrival: None,
            });
        };
        let from = travel.from;
        let Some(piece) = pos.board().piece_at(from).filter(|p| p.color == us) else {
            return Err(ActionError::illegal(
                Rule::E_3,
                format!(
                    "you have no man on {from} on L{} to send travelling",
                    bm.branch
                ),
            ));
        };
        if latest.arrived().contains(from) {
            return Err(ActionError::illegal(
                Rule::E_4,
                format!(
                    "the {} on {from} arrived by travel: it may not travel again",
                    piece.role
                ),
            ));
        }
        if travel.when == When::After && moved_men(&mv).contains(from) {
            return Err(ActionError::illegal(
                Rule::E_4,
                format!(
                    "the {} on {from} moves in this board move: it may not travel too",
                    piece.role
                ),
            ));
        }
        let trans = matches!(travel.to, Destination::Branch { .. });
        let (target_board, target_time, to) = self.target(index, bm.branch, travel.to)?;
        // E-7: the queen that pays stands on the origin board when the
        // board move starts; a queen promoted in this board move never pays.
        let payer = match trans {
            false => None,
            true => Some(price_queen(pos.board(), us, from).ok_or_else(|| {
                ActionError::illegal(
                    Rule::E_7,
                    format!(
                        "trans-universe travel costs your queen on L{}, and you have none there to give",
                        bm.branch
                    ),
                )
            })?),
        };
        let landing_board = target_board.board();
        if let Some(reason) = landing_refusal(&landing_board, piece, from, travel.square) {
            return Err(ActionError::illegal(Rule::E_5, reason));
        }
        // The origin board after the move and the travel.
        let mut arrived = latest.arrived();
        let after = match travel.when {
            When::Before => {
                let Some(mut before) = without_traveller(&pos, from, trans) else {
                    return Err(ActionError::illegal(
                        Rule::E_7,
                        "the queen that pays for the travel is missing",
                    ));
                };
                if let Some(q) = payer {
                    arrived.remove(q);
                }
                arrived.remove(from);
                if !before.is_legal(&mv) {
                    let refusal = move_refusal(&before, &mv, bm.branch);
                    return Err(match refusal {
                        ActionError::Illegal { rule, reason } => ActionError::illegal(
                            rule,
                            format!("{reason}, once the {} has left {from}", piece.role),
                        ),
                        other => other,
                    });
                }
                before.play_unchecked(&mv);
                arrived = follow(arrived, &mv);
                before
            }
            When::After => {
                if !pos.is_legal(&mv) {
                    return Err(move_refusal(&pos, &mv, bm.branch));
                }
                let mut moved = pos;
                moved.play_unchecked(&mv);
                arrived = follow(arrived, &mv);
                let mut board = *moved.board();
                board.discard(from);
                arrived.remove(from);
                if let Some(q) = payer.map(|q| paid_after(q, &mv)) {
                    board.discard(q);
                    arrived.remove(q);
                }
                if !kings_safe(&board, us) {
                    return Err(ActionError::illegal(
                        Rule::E_3,
                        format!(
                            "with the {} gone from {from} your king on L{} would be in check",
                            piece.role, bm.branch
                        ),
                    ));
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Piece, Role, Setup};
    use crate::geometry::Bitboard;
    use crate::multiverse::history::{Branch, Fork};
    use crate::{Color, Rules};

    /// Black to move on L1 (T1) with the board `fen`; L2, forked at T1,
    /// has had Black's board move this turn (White to move on its T2).
    fn black_on_l1(fen: &str) -> Multiverse {
        let mut m = Multiverse::with_limit(21, 0);
        let pos = Setup::from_fen(fen).unwrap().position_lenient();
        let l2 = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 2")
            .unwrap()
            .position_lenient();
        let l1 = &mut m.branches[0];
        l1.start = 1;
        l1.boards = vec![Record::pack(&pos, None, Bitboard::EMPTY, None)];
        m.branches.push(Branch {
            fork: Some(Fork { parent: 0, time: 1 }),
            start: 2,
            boards: vec![Record::pack(&l2, None, Bitboard::EMPTY, None)],
            ended: None,
            owed: false,
            moved: true,
        });
        m.to_move = Color::Black;
        m
    }

    #[test]
    fn e7_without_a_queen_as_the_board_move_starts_there_is_no_price() {
        // Black's only queen would be the one the b-pawn makes: refused.
        let m = black_on_l1("4k1n1/8/8/8/8/8/1p6/2K5 b - - 0 1");
        let err = m.parse("(L1)b1=Q Ng8>(L2)h6").unwrap_err();
        assert_eq!(err.rule(), Some(Rule::E_7), "{err}");
        let trans = |a: &Action| {
            matches!(a, Action::Move(BoardMove { travel: Some(t), .. })
                if matches!(t.to, Destination::Branch { .. }))
        };
        assert!(!m.legal_actions().iter().any(trans));
        // With a queen on d8 as the move starts, she pays, not the new one.
        let mut m = black_on_l1("3qk1n1/8/8/8/8/8/1p6/2K5 b - - 0 1");
        let action = m.parse("(L1)b1=Q Ng8>(L2)h6").unwrap();
        assert!(m.legal_actions().contains(&action));
        m.apply(&action).unwrap();
        let board = *m.latest(1).unwrap().board();
        assert_eq!(board.piece_at(Square::D8), None);
        assert_eq!(
            board.piece_at(Square::B1),
            Some(Piece::new(Color::Black, Role::Queen))
        );
    }

    #[test]
    fn e7_a_queen_that_moves_in_the_board_move_pays_from_where_she_went() {
        let mut m = black_on_l1("3qk1n1/8/8/8/8/8/8/2K5 b - - 0 1");
        let action = m.parse("(L1)Qd5 Ng8>(L2)h6").unwrap();
        assert!(m.legal_actions().contains(&action));
        m.apply(&action).unwrap();
        let board = *m.latest(1).unwrap().board();
        assert_eq!(board.by_role(Role::Queen), Bitboard::EMPTY);
    }
}
