//! The legal actions as families for the finder and the picker
//! ([`crate::find`]), built from the listing without making the actions:
//! each board move is described once, each traveller's landings once as a
//! list shared by every move it may follow or precede.
//!
//! For each owed branch, in the order of its plain moves: the move alone,
//! then the same move with each traveller's landings after it, then with
//! those before it; then the moves that only a travel before them makes
//! legal; last, a resignation for each active branch.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

use super::action::{Action, BoardMove, BranchId, Destination, Travel, When};
use super::position::Multiverse;
use super::travel::without_traveller;
use crate::chess::{Board as Men, Move};
use crate::find::chess::{move_part, san_among, square};
use crate::find::{
    ActionParts, Also, Board, Family, Key, Kind, Line, Man, Part, Tail, Tails, Word,
};

impl Multiverse {
    /// Every legal action as families (see the module docs).
    pub(super) fn action_families(&self) -> Vec<Family<Action>> {
        let mut out = Vec::new();
        if self.status.is_over() {
            return out;
        }
        for (index, branch) in self.branches.iter().enumerate() {
            if branch.owed {
                self.branch_families(index, &mut out);
            }
        }
        for resign in self.resignations() {
            out.push(Family {
                board: Some(branch_board(resign.branch())),
                main: Part::text("resign", Kind::Resign),
                action: resign,
                tails: None,
            });
        }
        out
    }

    fn branch_families(&self, index: usize, out: &mut Vec<Family<Action>>) {
        let listing = self.listing(index, true);
        let branch = listing.branch;
        let board = Some(branch_board(branch));
        let pos = self.position(index);
        let head = |mv: Move| {
            Action::Move(BoardMove {
                branch,
                mv,
                travel: None,
            })
        };
        let tails: Vec<Arc<[Tail<Action>]>> = listing
            .groups
            .iter()
            .map(|g| {
                let dummy = listing
                    .moves
                    .get(g.after.start)
                    .copied()
                    .unwrap_or(Move::Castle {
                        king: crate::geometry::Square::E1,
                        rook: crate::geometry::Square::H1,
                    });
                listing.travels[g.travels.clone()]
                    .iter()
                    .map(|t| Tail {
                        part: travel_part(pos.board(), t),
                        action: Action::Move(BoardMove {
                            branch,
                            mv: dummy,
                            travel: Some(*t),
                        }),
                    })
                    .collect()
            })
            .collect();
        let with = |g: usize, when: When| Tails {
            list: tails[g].clone(),
            skip: None,
            only: None,
            join: match when {
                When::After => join_after,
                When::Before => join_before,
            },
            first: when == When::Before,
            either_order: true,
        };
        // For each move, the groups it may come after and before.
        let mut after: HashMap<Move, Vec<usize>> = HashMap::new();
        let mut before: Vec<(Move, Vec<usize>)> = Vec::new();
        let mut before_at: HashMap<Move, usize> = HashMap::new();
        for (g, group) in listing.groups.iter().enumerate() {
            for &mv in &listing.moves[group.after.clone()] {
                after.entry(mv).or_default().push(g);
            }
            for &mv in &listing.moves[group.before.clone()] {
                let at = *before_at.entry(mv).or_insert_with(|| {
                    before.push((mv, Vec::new()));
                    before.len() - 1
                });
                before[at].1.push(g);
            }
        }
        let before_families = |mv: Move, groups: &[usize], out: &mut Vec<Family<Action>>| {
            for &g in groups {
                // SAN on the board the traveller has left.
                let moves = &listing.moves[listing.groups[g].before.clone()];
                out.push(Family {
                    board,
                    main: move_part(san_among(moves, &mv).as_str(), &mv),
                    action: head(mv),
                    tails: Some(with(g, When::Before)),
                });
            }
        };
        for &mv in &listing.plain {
            let main = move_part(san_among(&listing.plain, &mv).as_str(), &mv);
            out.push(Family {
                board,
                main,
                action: head(mv),
                tails: None,
            });
            for &g in after.get(&mv).map_or(&[][..], Vec::as_slice) {
                out.push(Family {
                    board,
                    main,
                    action: head(mv),
                    tails: Some(with(g, When::After)),
                });
            }
            if let Some(&at) = before_at.get(&mv) {
                before_families(mv, &before[at].1, out);
            }
        }
        for (mv, groups) in &before {
            if !listing.plain.contains(mv) {
                before_families(*mv, groups, out);
            }
        }
    }

    /// One action taken apart (as [`Multiverse::action_families`] does).
    pub(super) fn action_parts(&self, action: &Action) -> ActionParts {
        let bm = match action {
            Action::Resign { branch } => {
                return ActionParts::single(Part::text("resign", Kind::Resign))
                    .on(branch_board(*branch));
            }
            Action::Move(bm) => bm,
        };
        let board = branch_board(bm.branch);
        let Some(index) = self.index(bm.branch) else {
            return ActionParts::single(Part::text(&bm.mv.uci().to_string(), Kind::Other))
                .on(board);
        };
        let pos = self.position(index);
        let san_pos = match bm.travel {
            Some(t) if t.when == When::Before => {
                without_traveller(&pos, t.from, matches!(t.to, Destination::Branch { .. }))
                    .unwrap_or(pos)
            }
            _ => pos,
        };
        let moves = san_pos.legal_moves();
        let main = move_part(san_among(&moves, &bm.mv).as_str(), &bm.mv);
        let also = bm.travel.map(|t| Also {
            part: travel_part(pos.board(), &t),
            first: t.when == When::Before,
            either_order: true,
        });
        ActionParts {
            board: Some(board),
            main,
            also,
        }
    }
}

/// `L3` for branch 3.
fn branch_board(branch: BranchId) -> Board {
    let mut key = Word::default();
    let _ = write!(key, "L{branch}");
    Board { key }
}

/// A travel as the notation writes it (`Ra1>>(T1)e2`, `Nc3>(L1)b5`): its
/// traveller is `Ra1>>` (the pawn's letter written too), its target board
/// `T1` or `L1`.
fn travel_part(men: &Men, t: &Travel) -> Part {
    let letter = men.role_at(t.from).map_or('?', |r| r.upper_char());
    let (mark, target, kind) = match t.to {
        Destination::Past { time } => (">>", format!("T{time}"), Kind::Travel),
        Destination::Branch { branch } => (">", format!("L{branch}"), Kind::Jump),
    };
    let from = square(t.from);
    let to = square(t.square);
    let mut key = Key::default();
    let _ = write!(key, "{letter}{from}{mark}");
    let mut text = Line::default();
    let _ = write!(text, "{key}({target}){to}");
    Part {
        text,
        kind,
        man: Some(Man {
            figure: letter,
            at: Some(from),
            key,
        }),
        to: Some(to),
        target: Some(Word::new(&target)),
    }
}

fn join_after(head: &Action, tail: &Action) -> Action {
    join(head, tail, When::After)
}

fn join_before(head: &Action, tail: &Action) -> Action {
    join(head, tail, When::Before)
}

fn join(head: &Action, tail: &Action, when: When) -> Action {
    match (head, tail) {
        (Action::Move(h), Action::Move(t)) => Action::Move(BoardMove {
            travel: t.travel.map(|tr| Travel { when, ..tr }),
            ..*h
        }),
        _ => *head,
    }
}
