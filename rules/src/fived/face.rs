//! 5D chess behind the one face every variant shows: an action is a
//! whole turn; drafting builds it a board move at a time.

use std::collections::HashMap;

use super::FiveDOptions;
use super::action::{Action, Move, Spot};
use super::attack::royal_capture;
use super::movegen::royal_attacked_on_board;
use super::notation::split_turn;
use super::position::FiveD;
use super::search::{TurnsWithin, count_turns, legal_turns};
use super::view::Drafted;
use crate::click::{DraftClicks, Stroke};
use crate::view::{BoardCell, Highlight, HighlightKind};
use crate::{
    About, ActionError, Event, RecordFormat, Rule, Rules, Status, Turn, TurnShape, View,
    filter_suggestions,
};

/// How many legal turns [`Rules::suggest`] looks through at most.
const SUGGEST_SCAN: usize = 2_000;

/// How many legal turns [`Rules::legal_actions`] lists at most: a 5D
/// position can have millions, and a list is for showing or sampling,
/// never for deciding (the count and the end of the game come from the
/// search itself). The cap peers count to.
pub const LISTED_TURNS: usize = 1_000;

impl Rules for FiveD {
    type Options = FiveDOptions;
    type Action = Action;

    const ABOUT: About = About {
        id: "5d",
        title: "5D Chess With Multiverse Time Travel",
        summary: "5D Chess With Multiverse Time Travel (5d): chess on timelines of boards. \
             A man moves on its board or jumps to another board of your colour, in the \
             past ((0T5)Nb1>>(0T3)b3, which opens a new timeline) or on another timeline \
             ((0T5)Nb1>(1T5)b3). Rooks, bishops, queens, knights and kings move along \
             four axes: file, rank, turn (T) and timeline (L); unicorns and dragons too. \
             A turn is several board moves, drafted one by one and submitted together: \
             move on every active timeline whose last board is yours and in the present, \
             so that the present passes to your opponent, and leave no king capturable \
             by any man on your opponent's boards. No legal turn: checkmate if in check, \
             else stalemate. Records are 5DPGN.",
        options: "board:NAME, a named board (Standard by default; Turn Zero, Princess, \
             Two Timelines, Defended Pawn, Reversed Royalty, Half Reflected, Small, \
             Very Small, Simple, Misc, Focused and Checkmate Practice boards: \
             board:turn-zero); fen:[5DFEN], a custom start, its boards without spaces \
             (fen:[4k/5/5/5/K1R2:0:1:w]); promotions:QNRB, what pawns promote to \
             (a queen by default) (F-12, F-9)",
        record: RecordFormat::FivedPgn,
        turns: TurnShape::Drafted,
    };

    fn new(options: &FiveDOptions, _seed: u64) -> Self {
        FiveD::from_setup(options.setup().clone())
    }

    /// The side to move, and the present boards still owed a move, named
    /// like `(0T5)`.
    fn turn(&self) -> Turn {
        let present = self.present();
        Turn {
            color: self.to_move,
            boards: self
                .owed()
                .into_iter()
                .map(|line| self.board_label(line, present))
                .collect(),
        }
    }

    fn status(&self) -> Status {
        self.status
    }

    /// The legal turns, the first [`LISTED_TURNS`] the search finds
    /// where there are more: 5D positions can have millions.
    /// [`FiveD::legal_turns`] walks them all lazily and
    /// [`Rules::count_actions`] counts them up to a cap; empty exactly
    /// when there is no legal turn.
    fn legal_actions(&self) -> Vec<Action> {
        legal_turns(self).take(LISTED_TURNS).collect()
    }

    /// Reads a whole turn: its moves in play order, apart by spaces.
    fn parse(&self, text: &str) -> Result<Action, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let words =
            split_turn(text).map_err(|reason| ActionError::syntax(text, reason.to_string()))?;
        if words.is_empty() {
            return Err(ActionError::syntax(
                text,
                "no move: a turn is its board moves, like (0T1)e4",
            ));
        }
        let (draft, moves) = self.replay_draft(&words)?;
        if let Some(problem) = draft.submit_problem() {
            return Err(problem);
        }
        let (_, ordered, _) = self.drafted(&moves)?;
        Ok(ordered)
    }

    /// The turn's moves in canonical 5DPGN, apart by single spaces.
    fn notation(&self, action: &Action) -> String {
        let mut draft = self.clone();
        let mut texts = Vec::with_capacity(action.moves.len());
        for (i, mv) in action.moves.iter().enumerate() {
            texts.push(draft.move_text_in_turn(mv, i + 1 == action.moves.len()));
            if draft.make_move(mv).is_err() {
                break;
            }
        }
        texts.join(" ")
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, ActionError> {
        self.play_turn(action).map(|_| Vec::new())
    }

    /// Only checkmate wins (F-10): see `FiveD::mates`.
    fn wins_at_once(&self, action: &Action) -> bool {
        self.mates(action)
    }

    fn view(&self) -> View {
        self.picture(false, None)
    }

    fn snapshot(&self) -> View {
        self.picture(true, None)
    }

    /// Legal turns matching what was typed, looking through the first
    /// few thousand only: players build turns with the drafting methods.
    fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        let all = legal_turns(self)
            .take(SUGGEST_SCAN)
            .map(|a| self.notation(&a))
            .collect();
        filter_suggestions(all, typed, limit)
    }

    fn count_actions(&self, cap: usize) -> usize {
        count_turns(self, cap)
    }

    fn draft_move(&self, draft: &[String], text: &str) -> Result<String, ActionError> {
        let (state, _) = self.replay_draft(draft)?;
        let words =
            split_turn(text).map_err(|reason| ActionError::syntax(text, reason.to_string()))?;
        let [word] = &words[..] else {
            return Err(ActionError::syntax(
                text,
                "draft one board move at a time, like (0T1)e4",
            ));
        };
        let mv = state.read_move(word)?;
        let written = state.move_text(&mv);
        state.clone().make_move(&mv)?;
        Ok(written)
    }

    /// The board moves that may come next: those of a man on a board not
    /// yet used this turn, less the ones that leave a royal man attacked
    /// on the very board they make (never legal).
    fn draft_moves(&self, draft: &[String]) -> Result<Vec<String>, ActionError> {
        let (state, _) = self.replay_draft(draft)?;
        Ok(state
            .board_moves()
            .into_iter()
            .filter(|mv| !state.exposes_royal(mv))
            .map(|mv| state.move_text(&mv))
            .collect())
    }

    fn draft_turn(&self, draft: &[String]) -> Result<Action, ActionError> {
        if draft.is_empty() {
            return Err(ActionError::illegal(
                Rule::F_5,
                "nothing is drafted yet: add a board move first",
            ));
        }
        let (state, moves) = self.replay_draft(draft)?;
        if let Some(problem) = state.submit_problem() {
            return Err(problem);
        }
        self.drafted(&moves).map(|(_, ordered, _)| ordered)
    }

    fn draft_view(&self, draft: &[String]) -> Result<View, ActionError> {
        let (_, moves) = self.replay_draft(draft)?;
        Ok(self.draft_picture(&moves, false)?.0.0)
    }

    /// Every board, the draft's moves marked, and the board moves that may
    /// come next (as [`Rules::draft_moves`] lists them) from board to
    /// board.
    /// Board, man, then its move on the board or its jumps' board and
    /// cell.
    fn draft_families(
        &self,
        draft: &[String],
    ) -> Result<Vec<crate::find::Family<String>>, ActionError> {
        self.draft_move_families(draft)
    }

    fn draft_clicks(&self, draft: &[String]) -> Result<DraftClicks, ActionError> {
        let (after, moves) = self.replay_draft(draft)?;
        let ((mut view, index), state) = self.draft_picture(&moves, true)?;
        let at = |spot: Spot| {
            let end = state.end(spot.line)?;
            // A jump may land on a board the draft has since moved on:
            // drawn as the board it reached.
            let board = *index.get(&(spot.line, spot.step.min(end)))?;
            Some(BoardCell {
                board,
                cell: spot.cell,
            })
        };
        let moves = after
            .board_moves()
            .into_iter()
            .filter(|mv| !after.exposes_royal(mv))
            .map(|mv| {
                let stroke = Stroke {
                    from: at(mv.from),
                    to: at(mv.to),
                };
                (stroke, after.move_text(&mv))
            })
            .collect();
        // Where a royal man is open to capture: in check before anything
        // is drafted, or left so by the draft (which then cannot be
        // submitted, F-10). The royal man and its attacker are marked.
        let exposed = if draft.is_empty() {
            after.check(after.to_move)
        } else {
            royal_capture(&after, after.to_move)
        };
        if let Some(c) = exposed {
            for spot in [c.to, c.from] {
                if let Some(cell) = at(spot)
                    && let Some(board) = view.boards.get_mut(cell.board)
                {
                    board.highlights.push(Highlight {
                        cell: cell.cell,
                        kind: HighlightKind::Check,
                    });
                }
            }
        }
        Ok(DraftClicks { view, moves })
    }
}

impl FiveD {
    /// The game with the drafted `moves` made and marked (every board
    /// where `full`), where each board is in the picture, and the state
    /// after the moves.
    #[allow(clippy::type_complexity)]
    fn draft_picture(
        &self,
        moves: &[Move],
        full: bool,
    ) -> Result<((View, HashMap<(i32, i32), usize>), FiveD), ActionError> {
        let (state, _, marks) = self.drafted(moves)?;
        // The present boards, or what the draft made of them, and the
        // timelines it opened.
        let mut current: Vec<(i32, i32)> = self
            .present_boards()
            .into_iter()
            .filter_map(|(line, _)| Some((line, state.end(line)?)))
            .collect();
        current.extend(marks.iter().filter_map(|m| {
            let line = m.opened?;
            Some((line, state.timeline(line)?.start))
        }));
        let drafted = Drafted {
            marks: &marks,
            current,
        };
        let picture = state.picture_indexed(full, Some(&drafted));
        Ok((picture, state))
    }

    /// The draft after the moves `texts` (read in order), with the moves.
    pub(super) fn replay_draft(&self, texts: &[String]) -> Result<(FiveD, Vec<Move>), ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let mut state = self.clone();
        let mut moves = Vec::with_capacity(texts.len());
        for text in texts {
            let mv = state.read_move(text)?;
            state.make_move(&mv)?;
            moves.push(mv);
        }
        Ok((state, moves))
    }

    /// Whether `mv` leaves a royal man of the mover attacked on a board it
    /// makes, by a man on that same board. The boards a move makes are
    /// its own board after it and, for a jump, the board it lands on
    /// ([`FiveD::move_boards`]): those alone are looked at, without
    /// making the move on a copy of the multiverse.
    pub fn exposes_royal(&self, mv: &Move) -> bool {
        let color = self.to_move;
        self.move_boards(mv).is_some_and(|(left, landed)| {
            royal_attacked_on_board(&left, color)
                || landed.is_some_and(|b| royal_attacked_on_board(&b, color))
        })
    }

    /// Every legal turn, lazily, in the standard order of its moves.
    pub fn legal_turns(&self) -> impl Iterator<Item = Action> + '_ {
        legal_turns(self)
    }

    /// [`FiveD::legal_turns`] from a search that gives up after `steps`
    /// steps, with the steps it took ([`TurnsWithin`]).
    pub fn legal_turns_within(&self, steps: usize) -> TurnsWithin<'_> {
        TurnsWithin::new(self, steps)
    }
}

#[cfg(test)]
mod tests {
    use super::super::pgn;
    use super::*;

    /// [`FiveD::exposes_royal`] by its definition: the move made on a copy
    /// of the multiverse, then every board it added looked at.
    fn exposes_royal_on_a_copy(game: &FiveD, mv: &Move) -> bool {
        let mut next = game.clone();
        next.apply_unchecked(mv);
        let (lo, hi) = next.line_range();
        (lo..=hi).any(|line| {
            let grew = match (game.end(line), next.end(line)) {
                (Some(a), Some(b)) => b > a,
                (None, Some(_)) => true,
                _ => false,
            };
            grew && next
                .end(line)
                .and_then(|e| next.board(line, e))
                .is_some_and(|b| royal_attacked_on_board(b, game.to_move))
        })
    }

    #[test]
    fn a_royal_exposed_by_a_board_move_is_found_on_the_boards_it_makes() {
        // The corpus's games with the most timelines and jumps.
        for text in [
            include_str!("../../tests/fived/data/own/standard-many-timelines.5dpgn"),
            include_str!("../../tests/fived/data/own/two-timelines-castles.5dpgn"),
            include_str!("../../tests/fived/data/own/timeline-invasion.5dpgn"),
        ] {
            let (mut moves, mut exposing) = (0, 0);
            for game in pgn::replayed(text) {
                for mv in game.board_moves() {
                    let found = game.exposes_royal(&mv);
                    assert_eq!(found, exposes_royal_on_a_copy(&game, &mv), "{mv:?}");
                    moves += 1;
                    exposing += usize::from(found);
                }
            }
            assert!(
                moves > 100 && exposing > 0,
                "{moves} moves, {exposing} exposing"
            );
        }
    }
}
