//! Making board moves on a draft of the turn (F-2, F-3), submitting it
//! (F-5, F-10) and judging the game (F-10).

use super::action::{Action, Move, MoveKind, Spot, standard_order};
use super::attack::{Capture, royal_capture};
use super::board::{Board, Size, cell, file_of, rank_of};
use super::man::Piece;
use super::movegen::{Boards, castling_rook, man_moves, moves_from};
use super::position::{FiveD, Mark, Timeline, step_color};
use crate::{ActionError, Color, Outcome, Reason, Rule, Status};

impl FiveD {
    /// Every board move the side to move may make now from its playable
    /// boards, royal safety aside (a draft's used boards are no longer
    /// playable).
    pub(crate) fn board_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for line in self.playable(self.to_move) {
            moves_from(self, &self.setup.promotions, line, &mut out);
        }
        out
    }

    /// The board moves from the last board of `line`.
    pub(crate) fn board_moves_from(&self, line: i32) -> Vec<Move> {
        let mut out = Vec::new();
        if self
            .end(line)
            .is_some_and(|e| step_color(e) == self.to_move)
        {
            moves_from(self, &self.setup.promotions, line, &mut out);
        }
        out
    }

    /// The moves of the man on `from`, if it is the side to move's and
    /// `from` is on the last board of its timeline (as
    /// [`FiveD::make_move`] has checked), royal safety aside: what one
    /// move is checked against, without listing the whole board's.
    fn man_moves_from(&self, from: Spot) -> Vec<Move> {
        let mut out = Vec::new();
        if let Some(man) = self
            .board(from.line, from.step)
            .and_then(|b| b.man(from.cell))
            .filter(|m| m.color == self.to_move)
        {
            man_moves(self, &self.setup.promotions, from, man, &mut out);
        }
        out
    }

    /// What `mv` would do now: stay on its board, hop or branch.
    pub(crate) fn kind_of(&self, mv: &Move) -> MoveKind {
        if !mv.is_jump() {
            MoveKind::Physical
        } else if self.end(mv.to.line) == Some(mv.to.step) {
            MoveKind::Hop
        } else {
            MoveKind::Branch {
                line: self.next_line(self.to_move),
            }
        }
    }

    /// Makes one board move of the side to move on this draft, checking
    /// that it moves a man of a playable board as that man moves (F-2,
    /// F-6 to F-9). The turn is judged when it is submitted.
    pub(crate) fn make_move(&mut self, mv: &Move) -> Result<MoveKind, ActionError> {
        if let Some(problem) = self.unplayable(mv.from.line, mv.from.step) {
            return Err(problem);
        }
        if !self.man_moves_from(mv.from).contains(mv) {
            return Err(ActionError::illegal(
                Rule::F_6,
                "no man of yours moves that way",
            ));
        }
        Ok(self.apply_unchecked(mv))
    }

    /// Why the side to move may not move from the board of `line` at
    /// `step` now (F-2), or `None` when it may.
    pub(crate) fn unplayable(&self, line: i32, step: i32) -> Option<ActionError> {
        let name = self.board_name(line, step);
        let reason = match self.end(line) {
            None => format!("there is no timeline {}", self.line_name(line)),
            Some(end) if end == step && step_color(end) == self.to_move => return None,
            Some(end) if step_color(end) == self.to_move && step < end => format!(
                "{name} is not the last board of its timeline: move on {}",
                self.board_name(line, end)
            ),
            Some(end) if step_color(end) == self.to_move => format!(
                "{name} does not exist yet: the last board of its timeline is {}",
                self.board_name(line, end)
            ),
            Some(end) => format!(
                "{name} is not a board {} may move on now: the last board of its timeline is {}, {}'s",
                self.to_move,
                self.board_name(line, end),
                step_color(end)
            ),
        };
        Some(ActionError::illegal(Rule::F_2, reason))
    }

    /// Applies a board move known to be one of [`FiveD::board_moves`].
    pub(crate) fn apply_unchecked(&mut self, mv: &Move) -> MoveKind {
        let kind = self.kind_of(mv);
        let Some((left, landed)) = self.move_boards(mv) else {
            return kind;
        };
        self.push_board(mv.from.line, left);
        if let Some(landed) = landed {
            match kind {
                MoveKind::Branch { line } => self.open_line(line, mv.to.step + 1, landed),
                _ => self.push_board(mv.to.line, landed),
            }
        }
        kind
    }

    /// The boards a move makes: its own board after it, and for a jump
    /// the target board with the man landed (F-2, F-7 to F-9).
    pub(crate) fn move_boards(&self, mv: &Move) -> Option<(Board, Option<Board>)> {
        let size = self.setup.size;
        let source = self.board(mv.from.line, mv.from.step)?;
        let man = source.man(mv.from.cell)?;
        let mut arriving = man.moved();
        if let Some(p) = mv.promotion {
            arriving.piece = p;
        }
        if mv.is_jump() {
            let dest = self.board(mv.to.line, mv.to.step)?;
            return Some((
                source.with(mv.from.cell, None),
                Some(dest.with(mv.to.cell, Some(arriving))),
            ));
        }
        let mut next = source.clone();
        next.put(mv.from.cell, None);
        let df = i32::from(file_of(mv.to.cell)) - i32::from(file_of(mv.from.cell));
        if man.piece == Piece::King && df.abs() == 2 {
            let dir = df.signum();
            if let Some(rook) = castling_rook(source, size, mv.from.cell, dir) {
                let rook_man = source.man(rook).map(|m| m.moved());
                next.put(rook, None);
                if let Some(crossed) = size.at(
                    i32::from(file_of(mv.from.cell)) + dir,
                    i32::from(rank_of(mv.from.cell)),
                ) {
                    next.put(crossed, rook_man);
                }
            }
        }
        if man.piece.is_pawnlike() && df != 0 && source.code(mv.to.cell) == 0 {
            next.put(cell(file_of(mv.to.cell), rank_of(mv.from.cell)), None);
        }
        next.put(mv.to.cell, Some(arriving));
        Some((next, None))
    }

    fn push_board(&mut self, line: i32, board: Board) {
        let first = self.first;
        if let Some(t) = usize::try_from(line - first)
            .ok()
            .and_then(|i| self.lines.get_mut(i))
        {
            t.push(board);
        }
    }

    /// Adds timeline `line` (one below the lowest or above the highest)
    /// with its first board at `start`.
    fn open_line(&mut self, line: i32, start: i32, board: Board) {
        let t = Timeline::new(start, board);
        if line < self.first {
            self.lines.insert(0, t);
            self.first = line;
        } else {
            self.lines.push(t);
        }
    }

    /// Why the moves made on this draft cannot be submitted, or `None`:
    /// the present must pass to the opponent (F-5) and no royal man of
    /// the mover may be capturable (F-10).
    pub(crate) fn submit_problem(&self) -> Option<ActionError> {
        let present = self.present();
        if step_color(present) == self.to_move {
            let owed: Vec<String> = self
                .owed()
                .into_iter()
                .map(|l| self.board_name(l, present))
                .collect();
            return Some(ActionError::illegal(
                Rule::F_5,
                format!(
                    "the present is still yours: {} still owe{} a move",
                    owed.join(", "),
                    if owed.len() == 1 { "s" } else { "" }
                ),
            ));
        }
        royal_capture(self, self.to_move).map(|c| {
            ActionError::illegal(
                Rule::F_10,
                format!(
                    "your {} on {}{} could be captured by the {} {} from {}{}",
                    c.royal.piece.name(),
                    self.board_name(c.to.line, c.to.step),
                    super::board::cell_name(c.to.cell),
                    c.man.color,
                    c.man.piece.name(),
                    self.board_name(c.from.line, c.from.step),
                    super::board::cell_name(c.from.cell),
                ),
            )
        })
    }

    /// Hands the turn to the opponent after a submitted turn and judges
    /// the game.
    pub(crate) fn finish_turn(&mut self, marks: Vec<Mark>) {
        self.hand_over(marks);
        self.status = self.judge();
    }

    /// Hands the turn to the opponent after a submitted turn, unjudged.
    pub(super) fn hand_over(&mut self, marks: Vec<Mark>) {
        self.to_move = self.to_move.other();
        self.turns += 1;
        self.last = marks;
    }

    /// Whether the whole turn `action` checkmates (F-10): the only way a
    /// turn wins. A turn that leaves the opponent out of check cannot,
    /// legal or not, so that is asked first (most turns give no check);
    /// only after a check are the turn's legality and the search for the
    /// opponent's legal turn (what [`FiveD::judge`] costs) looked at.
    /// Illegal turns mate nothing.
    pub(crate) fn mates(&self, action: &Action) -> bool {
        let Ok((mut next, _, marks)) = self.drafted(&action.moves) else {
            return false;
        };
        // Whose turn it is does not change a check (`CopiedForward` copies
        // `color`'s boards forward whoever is to move).
        if !next.in_check(self.to_move.other()) || next.submit_problem().is_some() {
            return false;
        }
        next.hand_over(marks);
        !super::search::has_legal_turn(&next)
    }

    /// Whether the whole turn `action` checkmates, as
    /// [`crate::Rules::wins_at_once`] says (F-10), where the search for the
    /// opponent's legal turn decides it within `steps` steps; `None` where
    /// it gave up. For a program that may not wait: proving that no turn
    /// is left can take that search seconds in a position of many
    /// timelines.
    pub fn mates_within(&self, action: &Action, steps: usize) -> Option<bool> {
        let Ok((mut next, _, marks)) = self.drafted(&action.moves) else {
            return Some(false);
        };
        if !next.in_check(self.to_move.other()) || next.submit_problem().is_some() {
            return Some(false);
        }
        next.hand_over(marks);
        super::search::has_legal_turn_within(&next, steps)
            .any
            .map(|any| !any)
    }

    /// Plays a whole turn: each move in order, then the submit (F-5,
    /// F-10). Returns the turn in the standard order.
    pub(crate) fn play_turn(&mut self, action: &Action) -> Result<Action, ActionError> {
        let (draft, ordered, marks) = self.drafted(&action.moves)?;
        if let Some(problem) = draft.submit_problem() {
            return Err(problem);
        }
        let mut next = draft;
        next.finish_turn(marks);
        *self = next;
        Ok(ordered)
    }

    /// The turn drafted so far: this state with the side to move's board
    /// `moves` made in order, each checked as it is made (F-2, F-6 to
    /// F-9). Nothing is submitted: the turn is judged whole when it is
    /// played ([`crate::Rules::apply`]). For hosts that receive a turn a
    /// board move at a time by coordinates (5DUCI).
    ///
    /// # Errors
    /// The first move that is not a board move of the side to move where
    /// it comes, or a game already over.
    pub fn draft_of(&self, moves: &[Move]) -> Result<FiveD, ActionError> {
        self.drafted(moves).map(|(draft, _, _)| draft)
    }

    /// The draft after `moves` in order, the moves in the standard order,
    /// and the marks they leave.
    pub(crate) fn drafted(
        &self,
        moves: &[Move],
    ) -> Result<(FiveD, Action, Vec<Mark>), ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let mut draft = self.clone();
        let mut kinds = Vec::with_capacity(moves.len());
        for mv in moves {
            kinds.push(draft.make_move(mv)?);
        }
        let marks = moves
            .iter()
            .zip(&kinds)
            .map(|(mv, kind)| mark(mv, *kind))
            .collect();
        Ok((draft, standard_order(self.to_move, moves, &kinds), marks))
    }

    /// Whether the side to move is in check (F-10): were its playable
    /// boards copied forward unchanged, a royal man of it could be
    /// captured.
    pub fn is_check(&self) -> bool {
        self.in_check(self.to_move)
    }

    /// A capture that puts the side to move in check (F-10), as the
    /// capturing man's cell and the royal man's: the royal man may stand
    /// on a copy of a playable board, one step after that board.
    pub fn checking_capture(&self) -> Option<(Spot, Spot)> {
        self.check(self.to_move).map(|c| (c.from, c.to))
    }

    /// Whether `color` is in check (F-10): with every playable board of
    /// `color` copied forward unchanged, could a royal man be captured?
    pub(crate) fn in_check(&self, color: Color) -> bool {
        self.check(color).is_some()
    }

    /// A capture that puts `color` in check (F-10), if any: found with
    /// `color`'s playable boards copied forward unchanged, so the royal
    /// man may stand on such a copy, one step after its board.
    pub(crate) fn check(&self, color: Color) -> Option<Capture> {
        royal_capture(&CopiedForward { game: self, color }, color)
    }

    /// The status after a submitted turn: checkmate or stalemate when the
    /// side to move has no legal turn (F-10), found exactly.
    pub(crate) fn judge(&self) -> Status {
        if super::search::has_legal_turn(self) {
            return Status::Ongoing;
        }
        if self.in_check(self.to_move) {
            Status::Finished(Outcome::win(self.to_move.other(), Reason::Checkmate))
        } else {
            Status::Finished(Outcome::draw(Reason::Stalemate))
        }
    }
}

/// The multiverse with every playable board of `color` copied forward
/// unchanged, one step after its board (as [`FiveD::check`] sees it),
/// without building it.
pub(super) struct CopiedForward<'g> {
    pub(super) game: &'g FiveD,
    pub(super) color: Color,
}

impl CopiedForward<'_> {
    /// The last step of `line`'s own boards, and whether a copy follows it.
    fn end(&self, line: i32) -> Option<(i32, bool)> {
        let end = self.game.end(line)?;
        Some((end, step_color(end) == self.color))
    }
}

impl Boards for CopiedForward<'_> {
    fn size(&self) -> Size {
        self.game.setup.size
    }

    fn board_at(&self, line: i32, step: i32) -> Option<&Board> {
        // One look-up of the timeline: every step of a line of attack
        // asks for a board here.
        let timeline = self.game.timeline(line)?;
        let end = timeline.end();
        if step == end + 1 && step_color(end) == self.color {
            timeline.board(end)
        } else {
            timeline.board(step)
        }
    }

    fn end_of(&self, line: i32) -> Option<i32> {
        self.end(line).map(|(end, copied)| end + i32::from(copied))
    }

    fn lines(&self) -> (i32, i32) {
        self.game.line_range()
    }
}

/// The mark board move `mv` leaves, having done `kind`.
pub(super) fn mark(mv: &Move, kind: MoveKind) -> Mark {
    Mark {
        from: (mv.from.line, mv.from.step, mv.from.cell),
        to: (mv.to.line, mv.to.step, mv.to.cell),
        opened: match kind {
            MoveKind::Branch { line } => Some(line),
            _ => None,
        },
    }
}
