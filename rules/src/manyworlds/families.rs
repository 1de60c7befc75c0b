//! The legal actions as families for the finder and the picker
//! ([`crate::find`]), without making the actions: a 1,000-board game has
//! about a million splits and tens of millions of transfers.
//!
//! Board by board: each first move of a split is a head (`(XII) Nf3
//! (=XIII)`) whose tails are the board's moves as second moves, the head's
//! own move skipped; the second move's numeral depends only on whether the
//! first merged, so each board has two lists of second moves, one for each
//! case. Then each man that may be transferred from that board is a head
//! (`Nc6 XII-`) whose tails are the boards, one list for the whole game,
//! each head allowed those where its square is empty (a bit set per
//! square, shared by every board's man on it).

use std::fmt::Write;
use std::sync::Arc;

use super::{Action, ManyWorlds, Numeral, World};
use crate::chess::{Move, Role};
use crate::find::chess::{move_part, san_among, square};
use crate::find::{
    ActionParts, Also, Board, Family, Key, Kind, Line, Man, Part, Tail, Tails, Word,
};
use crate::geometry::Square;

impl ManyWorlds {
    /// Every legal action as families (see the module docs).
    pub(super) fn action_families(&self) -> Vec<Family<Action>> {
        let mut out = Vec::new();
        if self.status.is_over() {
            return out;
        }
        let names: Vec<Word> = self.boards.keys().map(|n| numeral(*n)).collect();
        let targets = (!self.turns).then(|| Targets::new(self, &names));
        for (b, (&n, world)) in self.boards.iter().enumerate() {
            let board = Board { key: names[b] };
            self.split_families(n, board, world, &mut out);
            if let Some(t) = &targets {
                self.transfer_families(n, board, world, t, &mut out);
            }
        }
        out
    }

    fn split_families(
        &self,
        n: Numeral,
        board: Board,
        world: &World,
        out: &mut Vec<Family<Action>>,
    ) {
        let us = self.to_move;
        if world.to_move().is_some_and(|c| c != us) {
            return;
        }
        let moves = world.moves(us);
        if moves.len() < 2 {
            return;
        }
        let bases: Vec<Part> = moves
            .iter()
            .map(|m| move_part(san_among(&moves, m).as_str(), m))
            .collect();
        // The live board each move's result merges into, if any.
        let merges: Vec<Option<Numeral>> = moves
            .iter()
            .map(|m| self.index.get(&world.after(us, m)).copied())
            .collect();
        let next = [numeral(Numeral(self.next)), numeral(Numeral(self.next + 1))];
        let part = |i: usize, first_new: bool| {
            let result = match merges[i] {
                Some(m) => numeral(m),
                None => next[usize::from(first_new)],
            };
            split_part(&bases[i], result, merges[i].is_some())
        };
        let tails = |first_new: bool| -> Arc<[Tail<Action>]> {
            (0..moves.len())
                .map(|i| Tail {
                    part: part(i, first_new),
                    action: split(n, moves[i], moves[i]),
                })
                .collect()
        };
        let (after_new, after_merge) = (tails(true), tails(false));
        for (i, m) in moves.iter().enumerate() {
            out.push(Family {
                board: Some(board),
                main: part(i, false),
                action: split(n, *m, *m),
                tails: Some(Tails {
                    list: if merges[i].is_some() {
                        after_merge.clone()
                    } else {
                        after_new.clone()
                    },
                    skip: Some(i),
                    only: None,
                    join: join_split,
                    first: false,
                    either_order: false,
                }),
            });
        }
    }

    fn transfer_families(
        &self,
        from: Numeral,
        board: Board,
        world: &World,
        targets: &Targets,
        out: &mut Vec<Family<Action>>,
    ) {
        let b = world.board();
        let men = b.by_color(self.to_move) - b.by_role(Role::King);
        for sq in men {
            let role = b.role_at(sq).unwrap_or(Role::Pawn);
            let only = &targets.empty[sq as usize];
            if only.iter().all(|w| *w == 0) {
                continue;
            }
            out.push(Family {
                board: Some(board),
                main: transfer_head(role, sq, &board.key),
                action: Action::Transfer {
                    role,
                    square: sq,
                    from,
                    to: from,
                },
                tails: Some(Tails {
                    list: targets.list.clone(),
                    skip: None,
                    only: Some(only.clone()),
                    join: join_transfer,
                    first: false,
                    either_order: false,
                }),
            });
        }
    }

    /// One action taken apart (as [`ManyWorlds::action_families`] does).
    pub(super) fn action_parts(&self, action: &Action) -> ActionParts {
        match *action {
            Action::Split {
                board,
                first,
                second,
            } => {
                let moves = self
                    .board(board)
                    .map(|w| w.moves(self.to_move))
                    .unwrap_or_default();
                let (n1, n2) = self
                    .results(board, &first, &second)
                    .unwrap_or((Numeral(self.next), Numeral(self.next + 1)));
                let merged = |n: Numeral| n.0 < self.next;
                let base = |m: &Move| move_part(san_among(&moves, m).as_str(), m);
                ActionParts {
                    board: Some(Board {
                        key: numeral(board),
                    }),
                    main: split_part(&base(&first), numeral(n1), merged(n1)),
                    also: Some(Also {
                        part: split_part(&base(&second), numeral(n2), merged(n2)),
                        first: false,
                        either_order: false,
                    }),
                }
            }
            Action::Transfer {
                role,
                square: sq,
                from,
                to,
            } => {
                let from = numeral(from);
                ActionParts {
                    board: Some(Board { key: from }),
                    main: transfer_head(role, sq, &from),
                    also: Some(Also {
                        part: target_part(&numeral(to)),
                        first: false,
                        either_order: false,
                    }),
                }
            }
        }
    }
}

/// Every live board as a transfer's target, and for each square the
/// boards where it is empty.
struct Targets {
    list: Arc<[Tail<Action>]>,
    empty: Vec<Arc<[u64]>>,
}

impl Targets {
    fn new(game: &ManyWorlds, names: &[Word]) -> Targets {
        let list = game
            .boards
            .keys()
            .zip(names)
            .map(|(&to, name)| Tail {
                part: target_part(name),
                action: Action::Transfer {
                    role: Role::Pawn,
                    square: Square::A1,
                    from: to,
                    to,
                },
            })
            .collect();
        let words = names.len().div_ceil(64);
        let mut empty = vec![vec![0u64; words]; 64];
        for (b, world) in game.boards.values().enumerate() {
            for sq in !world.board().occupied() {
                empty[sq as usize][b / 64] |= 1 << (b % 64);
            }
        }
        Targets {
            list,
            empty: empty.into_iter().map(Arc::from).collect(),
        }
    }
}

/// A board numeral as a word: `XII`.
fn numeral(n: Numeral) -> Word {
    let mut w = Word::default();
    let _ = write!(w, "{n}");
    w
}

/// A split's move (`base`, its SAN) as a part: `Nf3 (=XIII)`, a merge
/// where its board is already live.
fn split_part(base: &Part, result: Word, merged: bool) -> Part {
    let mut part = *base;
    part.text.push_str(" (=");
    part.text.push_bytes(result.as_bytes());
    part.text.push(b')');
    if merged {
        part.kind = Kind::Merge;
    }
    part
}

/// A transfer's target board.
fn target_part(name: &Word) -> Part {
    let mut part = Part::text(name.as_str(), Kind::Transfer);
    part.target = Some(*name);
    part
}

/// A transfer's man leaving its board: `Nc6 IV-` (`c6 IV-` for a pawn),
/// which is also its key.
fn transfer_head(role: Role, sq: Square, from: &Word) -> Part {
    let mut text = Line::default();
    if role != Role::Pawn {
        text.push(role.upper_char() as u8);
    }
    let _ = write!(text, "{sq} {from}-");
    Part {
        text,
        kind: Kind::Transfer,
        man: Some(Man {
            figure: role.upper_char(),
            at: Some(square(sq)),
            key: Key::new(text.as_str()),
        }),
        to: None,
        target: None,
    }
}

fn split(board: Numeral, first: Move, second: Move) -> Action {
    Action::Split {
        board,
        first,
        second,
    }
}

fn join_split(head: &Action, tail: &Action) -> Action {
    match (*head, *tail) {
        (Action::Split { board, first, .. }, Action::Split { second, .. }) => {
            split(board, first, second)
        }
        _ => *head,
    }
}

fn join_transfer(head: &Action, tail: &Action) -> Action {
    match (*head, *tail) {
        (
            Action::Transfer {
                role, square, from, ..
            },
            Action::Transfer { to, .. },
        ) => Action::Transfer {
            role,
            square,
            from,
            to,
        },
        _ => *head,
    }
}
