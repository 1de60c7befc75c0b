//! A draft's next board moves as the picker's families
//! ([`crate::Rules::draft_families`]): the board, the man, then either a
//! move on its own board or a jump, whose board and cell are chosen next.
//! So a queen with three hundred landings across timelines is three
//! short choices, never a list of three hundred.

use std::collections::HashMap;
use std::sync::Arc;

use super::action::{Move, MoveKind, Spot};
use super::board::cell_name;
use super::position::FiveD;
use crate::ActionError;
use crate::find::{Board, Family, Kind, Man, Part, Tail, Tails};

impl FiveD {
    /// The board moves that may be added to the draft now (those
    /// [`crate::Rules::draft_moves`] lists), as families: each move on a
    /// board is one family; each man's jumps are one family whose second
    /// parts are its landings, each naming the board it reaches.
    pub(super) fn draft_move_families(
        &self,
        draft: &[String],
    ) -> Result<Vec<Family<String>>, ActionError> {
        let (after, _) = self.replay_draft(draft)?;
        let mut families: Vec<(Spot, Family<String>)> = Vec::new();
        // Each man's jumps, gathered while its board moves are listed in
        // the order the rules give them; placed after the man's own moves.
        let mut jumps: Vec<(Spot, Vec<Tail<String>>)> = Vec::new();
        let mut jump_of: HashMap<Spot, usize> = HashMap::new();
        for mv in after.board_moves() {
            if after.exposes_royal(&mv) {
                continue;
            }
            let text = after.move_text(&mv);
            let Some(parts) = after.move_parts(&mv, &text) else {
                continue;
            };
            if mv.is_jump() {
                let at = *jump_of.entry(mv.from).or_insert_with(|| {
                    jumps.push((mv.from, Vec::new()));
                    jumps.len() - 1
                });
                jumps[at].1.push(Tail {
                    part: parts.part,
                    action: text,
                });
            } else {
                families.push((
                    mv.from,
                    Family {
                        board: Some(parts.board),
                        main: parts.part,
                        action: text,
                        tails: None,
                    },
                ));
            }
        }
        for (from, landings) in jumps {
            let Some(head) = after.jump_head(from) else {
                continue;
            };
            families.push((
                from,
                Family {
                    board: Some(head.board),
                    main: head.part,
                    action: String::new(),
                    tails: Some(Tails {
                        list: Arc::from(landings),
                        skip: None,
                        only: None,
                        join: |_, landing| landing.clone(),
                        first: false,
                        either_order: false,
                    }),
                },
            ));
        }
        // Timelines in order, then each board's moves as the rules list
        // them, a man's jumps after the moves on its board.
        families.sort_by_key(|(from, _)| (from.line, from.step));
        Ok(families.into_iter().map(|(_, f)| f).collect())
    }

    /// The board `mv` is made on and its part: the move as written
    /// without the board (`Nf3`, `Ng1>>(0T1)g3`), the man and the cell it
    /// reaches, and for a jump the board it reaches.
    fn move_parts(&self, mv: &Move, text: &str) -> Option<MovePart> {
        let board = self.board_key(mv.from);
        let rest = text.strip_prefix(&self.board_name(mv.from.line, mv.from.step))?;
        let man = self.man_at(mv.from)?;
        let kind = match self.kind_of(mv) {
            MoveKind::Physical if mv.promotion.is_some() => Kind::Promotion,
            MoveKind::Physical if rest.starts_with('O') => Kind::Castle,
            MoveKind::Physical if rest.contains('x') => Kind::Capture,
            MoveKind::Physical => Kind::Move,
            MoveKind::Hop => Kind::Jump,
            MoveKind::Branch { .. } => Kind::Travel,
        };
        let mut part = Part::moving(rest, kind, man, &cell_name(mv.to.cell));
        if mv.is_jump() {
            part = part.reaching(self.board_key(mv.to).as_str());
        }
        Some(MovePart {
            board: Board::new(board.as_str()),
            part,
        })
    }

    /// The head of the jumps of the man at `from`: `Ng1>`, a part that
    /// reaches no cell of its own (its landings do).
    fn jump_head(&self, from: Spot) -> Option<MovePart> {
        let man = self.man_at(from)?;
        let text = format!("{}{}>", man.figure, cell_name(from.cell));
        Some(MovePart {
            board: Board::new(self.board_key(from).as_str()),
            part: Part {
                text: crate::find::Line::new(&text),
                kind: Kind::Jump,
                man: Some(man),
                to: None,
                target: None,
            },
        })
    }

    /// The man at `spot` as the finder names it: `Ng1-`, a pawn `e2-`.
    fn man_at(&self, spot: Spot) -> Option<Man> {
        let man = self.board(spot.line, spot.step)?.man(spot.cell)?;
        Some(Man::at(man.piece.letter(), &cell_name(spot.cell), "-"))
    }

    /// The board's name inside its parentheses: `0T3`, `-1T4`.
    fn board_key(&self, spot: Spot) -> String {
        self.board_name(spot.line, spot.step)
            .trim_start_matches('(')
            .trim_end_matches(')')
            .to_owned()
    }
}

/// A board move's board and part.
struct MovePart {
    board: Board,
    part: Part,
}
