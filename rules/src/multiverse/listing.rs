//! Listing the legal actions (E-3, E-5, E-7), fast enough for a
//! 21-branch turn with time travel open (about 1.2 million actions).
//!
//! Each owed branch is worked out once into a [`Listing`]: its plain
//! moves, and for each traveller and kind of travel the landings (a
//! [`Travel`] for each destination board and square, found from that
//! board's attack sets, not square by square) and the moves it may travel
//! after and before. The actions are the products of those lists, so they
//! are counted without being made and written into a list of the exact
//! size, with no work left per action but the copy.

use std::ops::Range;

use super::action::{Action, BoardMove, BranchId, Destination, Travel, When};
use super::history::{record_at, side_at};
use super::position::Multiverse;
use super::travel::{
    attacking_squares, kings_safe, moved_men, paid_after, price_queen, shape, without_traveller,
};
use crate::Color;
use crate::chess::{Board, Move, Piece, Position, Role};
use crate::geometry::attacks::queen_attacks;
use crate::geometry::{Bitboard, Square};

/// A board a traveller may land on, as the landing rules need it.
struct Target {
    to: Destination,
    /// The empty squares.
    empty: Bitboard,
    /// By role, the squares from which the mover's man would attack an
    /// enemy man there.
    attacking: [Bitboard; 6],
}

impl Target {
    fn new(to: Destination, board: &Board, us: Color) -> Target {
        Target {
            to,
            empty: !board.occupied(),
            attacking: attacking_squares(board, us),
        }
    }

    fn is_trans(&self) -> bool {
        matches!(self.to, Destination::Branch { .. })
    }
}

/// One traveller and kind of travel: its landings and the moves it may
/// travel after and before, as ranges of the [`Listing`]'s lists.
pub(super) struct Group {
    pub(super) travels: Range<usize>,
    pub(super) after: Range<usize>,
    pub(super) before: Range<usize>,
}

/// The board moves of one branch, worked out.
#[derive(Default)]
pub(super) struct Listing {
    pub(super) branch: BranchId,
    pub(super) plain: Vec<Move>,
    pub(super) groups: Vec<Group>,
    pub(super) moves: Vec<Move>,
    /// Landings, each with `when` After (Before is written on the way).
    pub(super) travels: Vec<Travel>,
}

impl Listing {
    /// How many board moves it lists.
    fn len(&self) -> usize {
        self.plain.len()
            + self
                .groups
                .iter()
                .map(|g| (g.after.len() + g.before.len()) * g.travels.len())
                .sum::<usize>()
    }

    fn runs(&self) -> impl Iterator<Item = (Move, When, &[Travel])> {
        self.groups.iter().flat_map(move |g| {
            let travels = &self.travels[g.travels.clone()];
            let after = self.moves[g.after.clone()]
                .iter()
                .map(move |&mv| (mv, When::After, travels));
            let before = self.moves[g.before.clone()]
                .iter()
                .map(move |&mv| (mv, When::Before, travels));
            after.chain(before)
        })
    }

    /// Appends the board moves: plain ones, then for each traveller (a1
    /// first) time travel, then trans-universe travel, each after every
    /// move it may follow, then before every move it may precede.
    fn write(&self, out: &mut Vec<Action>) {
        let branch = self.branch;
        out.extend(self.plain.iter().map(|&mv| {
            Action::Move(BoardMove {
                branch,
                mv,
                travel: None,
            })
        }));
        for (mv, when, travels) in self.runs() {
            out.extend(travels.iter().map(|&t| {
                Action::Move(BoardMove {
                    branch,
                    mv,
                    travel: Some(Travel { when, ..t }),
                })
            }));
        }
    }

    /// Calls `f` with each board move, in the order of [`Listing::write`].
    fn for_each(&self, f: &mut impl FnMut(Action)) {
        let branch = self.branch;
        for &mv in &self.plain {
            f(Action::Move(BoardMove {
                branch,
                mv,
                travel: None,
            }));
        }
        for (mv, when, travels) in self.runs() {
            for &t in travels {
                f(Action::Move(BoardMove {
                    branch,
                    mv,
                    travel: Some(Travel { when, ..t }),
                }));
            }
        }
    }
}

/// The board after a plain move, and whether the traveller's leaving (and
/// the paying queen's) needs a look at the mover's kings.
struct AfterMove {
    board: Board,
    /// The squares on a line from one of the mover's kings: a man leaving
    /// any other square exposes no king. Full where a king is attacked
    /// already (never after a legal move, but then every case is checked).
    lines: Bitboard,
}

impl Multiverse {
    /// Every legal action: each owed branch's board moves with and without
    /// travel, then a resignation for each active branch.
    pub(crate) fn all_actions(&self) -> Vec<Action> {
        if self.status.is_over() {
            return Vec::new();
        }
        let listings = self.listings();
        let resigns = self.resignations();
        let len = listings.iter().map(Listing::len).sum::<usize>() + resigns.clone().count();
        let mut out = Vec::with_capacity(len);
        for listing in &listings {
            listing.write(&mut out);
        }
        out.extend(resigns);
        debug_assert_eq!(out.len(), len);
        out
    }

    /// How many legal actions there are, without making them.
    pub fn count_legal_actions(&self) -> usize {
        if self.status.is_over() {
            return 0;
        }
        self.listings().iter().map(Listing::len).sum::<usize>() + self.resignations().count()
    }

    /// Calls `f` with every legal action, in the order of
    /// [`crate::Rules::legal_actions`], making no list.
    pub fn for_each_legal_action(&self, mut f: impl FnMut(Action)) {
        if self.status.is_over() {
            return;
        }
        for (i, branch) in self.branches.iter().enumerate() {
            if branch.owed {
                self.listing(i, true).for_each(&mut f);
            }
        }
        self.resignations().for_each(f);
    }

    /// The board moves without travel on branch `id` (none if not owed).
    pub fn plain_moves(&self, id: BranchId) -> Vec<Action> {
        self.branch_moves(id, false)
    }

    /// Every board move on branch `id`, with and without travel.
    pub fn board_moves(&self, id: BranchId) -> Vec<Action> {
        self.branch_moves(id, true)
    }

    fn branch_moves(&self, id: BranchId, travel: bool) -> Vec<Action> {
        let Ok(index) = self.owed_branch(id) else {
            return Vec::new();
        };
        let listing = self.listing(index, travel);
        let mut out = Vec::with_capacity(listing.len());
        listing.write(&mut out);
        out
    }

    fn listings(&self) -> Vec<Listing> {
        (0..self.branches.len())
            .filter(|&i| self.branches[i].owed)
            .map(|i| self.listing(i, true))
            .collect()
    }

    pub(super) fn resignations(&self) -> impl Iterator<Item = Action> + Clone + '_ {
        self.branches
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_active())
            .map(|(i, _)| Action::Resign {
                branch: i as BranchId + 1,
            })
    }

    /// Where a man leaving branch `index` may go: the past boards the
    /// mover had just moved on while time travel is possible (E-5, E-6),
    /// then the latest boards of the branches moved on this turn (E-7).
    fn targets(&self, index: usize, us: Color) -> Vec<Target> {
        let mut out = Vec::new();
        let branch = &self.branches[index];
        let now = branch.now();
        if !self.limit_reached() {
            for time in 1..now {
                if side_at(time) == us.other()
                    && let Some(record) = record_at(&self.branches, index, time)
                {
                    out.push(Target::new(Destination::Past { time }, &record.board(), us));
                }
            }
        }
        for (t, other) in self.branches.iter().enumerate() {
            if t != index && other.is_active() && other.moved {
                out.push(Target::new(
                    Destination::Branch {
                        branch: t as BranchId + 1,
                    },
                    &other.latest().board(),
                    us,
                ));
            }
        }
        out
    }

    /// Works out the board moves of branch `index`: plain ones, and with
    /// `travel` each traveller's.
    pub(super) fn listing(&self, index: usize, travel: bool) -> Listing {
        let pos = self.position(index);
        let mut listing = Listing {
            branch: index as BranchId + 1,
            plain: pos.legal_moves(),
            ..Listing::default()
        };
        if !travel {
            return listing;
        }
        let us = pos.turn();
        let targets = self.targets(index, us);
        if targets.is_empty() {
            return listing;
        }
        let afters: Vec<AfterMove> = listing
            .plain
            .iter()
            .map(|mv| after_move(&pos, mv))
            .collect();
        let board = pos.board();
        let travellers = board.by_color(us) - self.branches[index].latest().arrived();
        for from in travellers {
            let Some(piece) = board.piece_at(from) else {
                continue;
            };
            let shape = shape(piece, from);
            let role = piece.role.index();
            for trans in [false, true] {
                let start = listing.travels.len();
                for target in targets.iter().filter(|t| t.is_trans() == trans) {
                    let squares = (target.empty & shape) - target.attacking[role];
                    listing
                        .travels
                        .extend(squares.into_iter().map(|square| Travel {
                            when: When::After,
                            from,
                            to: target.to,
                            square,
                        }));
                }
                let travels = start..listing.travels.len();
                // E-7: the queen that pays stands there as the move starts.
                let payer = if trans {
                    price_queen(board, us, from)
                } else {
                    None
                };
                if travels.is_empty() || (trans && payer.is_none()) {
                    listing.travels.truncate(start);
                    continue;
                }
                let after_start = listing.moves.len();
                for (mv, after) in listing.plain.iter().zip(&afters) {
                    if after_is_safe(after, mv, from, us, payer) {
                        listing.moves.push(*mv);
                    }
                }
                let before_start = listing.moves.len();
                if let Some(before) = without_traveller(&pos, from, trans) {
                    before.for_each_legal_move(|mv| listing.moves.push(mv));
                }
                let end = listing.moves.len();
                if after_start == end {
                    listing.travels.truncate(start);
                    continue;
                }
                listing.groups.push(Group {
                    travels,
                    after: after_start..before_start,
                    before: before_start..end,
                });
            }
        }
        listing
    }
}

fn after_move(pos: &Position, mv: &Move) -> AfterMove {
    let us = pos.turn();
    let mut board = *pos.board();
    board.play(us, mv);
    let kings = board.by_piece(Piece::new(us, Role::King));
    let lines = if kings_safe(&board, us) {
        kings.into_iter().fold(Bitboard::EMPTY, |acc, k| {
            acc | queen_attacks(k, Bitboard::EMPTY)
        })
    } else {
        Bitboard::FULL
    };
    AfterMove { board, lines }
}

/// Whether, after `mv` and the traveller on `from` leaving (with the
/// queen that pays for trans-universe travel, `payer` where it stood as
/// the board move started), the mover's kings are safe. Men leaving
/// squares off every line from a king expose none.
fn after_is_safe(
    after: &AfterMove,
    mv: &Move,
    from: Square,
    us: Color,
    payer: Option<Square>,
) -> bool {
    if moved_men(mv).contains(from) {
        return false;
    }
    let mut board = after.board;
    board.discard(from);
    let mut left = from.bitboard();
    if let Some(q) = payer.map(|q| paid_after(q, mv)) {
        board.discard(q);
        left.insert(q);
    }
    !left.intersects(after.lines) || kings_safe(&board, us)
}
