//! Standard chess: all of FIDE's rules, with draws claimed by the game
//! itself as on lichess.
//!
//! The game ends at once on checkmate, stalemate, insufficient material
//! (king against king, king and one minor piece against king, or kings and
//! bishops all on squares of one colour), the third occurrence of a
//! position (same men on the same squares, same side to move, same
//! castling and en passant captures possible), or after 100 half-moves
//! without a capture or a pawn move; a move that mates on that 100th
//! half-move wins instead.
//!
//! Moves are read as SAN, leniently, or UCI; they are written as SAN.

use serde::{Deserialize, Serialize};

use crate::chess::{IllegalMove, Piece, Position, Role, San, SanPlus, Uci};
use crate::geometry::Square;
use crate::view::{BoardView, Highlight, HighlightKind, Man, Shape};
use crate::{About, Options, RecordFormat, Rules};
use crate::{ActionError, Color, Outcome, Played, Reason, Status, Turn, View};

pub use crate::chess::Move;

/// A game of chess: the position, the positions since the last capture or
/// pawn move (for repetition), the last move and whether play goes on.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Chess {
    position: Position,
    /// Zobrist keys of the positions since the last capture or pawn move,
    /// the current one last. Earlier positions can never recur.
    history: Vec<u64>,
    last_move: Option<Move>,
    status: Status,
}

impl Default for Chess {
    /// A new game from the starting position.
    fn default() -> Chess {
        Chess::from_position(Position::new())
    }
}

impl Chess {
    /// A game going on from `position` (already finished if it is mate,
    /// stalemate, insufficient material, or past the fifty-move limit).
    pub fn from_position(position: Position) -> Chess {
        let mut chess = Chess {
            position,
            history: vec![position.zobrist_hash()],
            last_move: None,
            status: Status::Ongoing,
        };
        chess.status = chess.judge();
        chess
    }

    /// A game going on from the position in `fen`.
    pub fn from_fen(fen: &str) -> Result<Chess, crate::chess::FenError> {
        Ok(Chess::from_position(Position::from_fen(fen)?))
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// How the game stands after the last move.
    fn judge(&self) -> Status {
        let pos = &self.position;
        let mover = pos.turn();
        if pos.count_legal_moves() == 0 {
            return Status::Finished(if pos.is_check() {
                Outcome::win(mover.other(), Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if pos.is_insufficient_material() {
            return Status::Finished(Outcome::draw(Reason::InsufficientMaterial));
        }
        let now = pos.zobrist_hash();
        if self.history.iter().filter(|&&key| key == now).count() >= 3 {
            return Status::Finished(Outcome::draw(Reason::Repetition));
        }
        if pos.halfmove_clock() >= 100 {
            return Status::Finished(Outcome::draw(Reason::FiftyMoves));
        }
        Status::Ongoing
    }

    /// The number of the move the last move belongs to.
    fn last_move_number(&self) -> u32 {
        let pos = &self.position;
        match pos.turn() {
            Color::White => pos.fullmove_number().saturating_sub(1).max(1),
            Color::Black => pos.fullmove_number(),
        }
    }
}

/// The refusal a player sees for a move that cannot be played.
fn refusal(error: IllegalMove) -> ActionError {
    match error {
        IllegalMove::Ambiguous { .. } => ActionError::Ambiguous(error.to_string()),
        _ => ActionError::illegal_untagged(error.to_string()),
    }
}

impl Chess {
    /// Whether play goes on, and if not, the result.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Every legal move; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status.is_over() {
            return Vec::new();
        }
        self.position.legal_moves()
    }

    /// Reads a move in SAN, leniently, or UCI (`e2e4`, `e7e8q`), refusing
    /// it with the reason if it is not legal now.
    pub fn parse(&self, text: &str) -> Result<Move, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        if let Ok(uci) = Uci::from_ascii(text) {
            return uci.to_move(&self.position).map_err(refusal);
        }
        let san = San::from_ascii(text).map_err(|e| ActionError::syntax(text, e.to_string()))?;
        san.to_move(&self.position).map_err(refusal)
    }

    /// `mv`, a legal move now, in SAN with its check or mate mark.
    pub fn san(&self, mv: &Move) -> String {
        SanPlus::from_move(&self.position, mv).to_string()
    }

    /// Plays `mv` if it is legal now, and judges the game after it.
    pub fn play(&mut self, mv: &Move) -> Result<Played, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        if !self.position.is_legal(mv) {
            return Err(ActionError::illegal_untagged(format!(
                "{} is not a legal move now",
                mv.uci()
            )));
        }
        let notation = self.san(mv);
        self.position.play_unchecked(mv);
        if mv.is_zeroing() {
            self.history.clear();
        }
        self.history.push(self.position.zobrist_hash());
        self.last_move = Some(*mv);
        self.status = self.judge();
        Ok(Played {
            notation,
            events: Vec::new(),
        })
    }

    /// Reads and plays a move, giving its SAN.
    pub fn play_text(&mut self, text: &str) -> Result<String, ActionError> {
        let mv = self.parse(text)?;
        Ok(self.play(&mv)?.notation)
    }

    /// The board as it stands, for the renderer: the men, the last move,
    /// a king in check, whose move it is or the result.
    pub fn view(&self) -> View {
        let pos = &self.position;
        let mut board = BoardView::empty(Shape::Square8);
        for (square, piece) in pos.board().pieces() {
            board.cells[square.index()] = Some(Man::new(piece.color, piece.role.figure()));
        }
        let mut mark = |cell: Square, kind| {
            board.highlights.push(Highlight {
                cell: cell.index() as u8,
                kind,
            })
        };
        if let Some(mv) = self.last_move {
            mark(mv.from(), HighlightKind::LastMoveFrom);
            mark(mv.to(), HighlightKind::LastMoveTo);
        }
        if pos.is_check() {
            for king in pos.board().by_piece(Piece::new(pos.turn(), Role::King)) {
                mark(king, HighlightKind::Check);
            }
        }
        let title = match self.status {
            // The board's own label line shows the side to move.
            Status::Ongoing => format!("Move {}", pos.fullmove_number()),
            Status::Finished(outcome) => format!("Move {} · {outcome}", self.last_move_number()),
        };
        board.caption = self.status.outcome().map(|outcome| outcome.to_string());
        board.to_move = (!self.status.is_over()).then_some(pos.turn());
        board.touched = self.last_move.is_some();
        board.current = true;
        View {
            title: Some(title),
            perspective: Some(Color::White),
            boards: vec![board],
            ..View::default()
        }
    }
}

/// The face the host sees, through [`crate::Game`].
impl Rules for Chess {
    type Action = Move;

    const ABOUT: About = About {
        id: "standard",
        title: "Chess",
        summary: "Chess (standard): the FIDE laws. Castling, en passant, promotion, check and mate; \
             stalemate, threefold repetition, the fifty-move rule and insufficient material draw \
             at once.\nMoves in SAN (e4, Nf3, O-O, e8=Q) or UCI (e2e4).",
        options: "",
        record: RecordFormat::Pgn,
    };

    fn new(_options: &Options, _seed: u64) -> Self {
        Chess::default()
    }

    fn apply(&mut self, action: &Self::Action) -> Result<Vec<String>, ActionError> {
        Rules::play(self, action).map(|played| played.events)
    }

    fn can_win(&self, color: Color) -> bool {
        self.position.can_mate(color)
    }

    fn turn(&self) -> Turn {
        Turn::single(self.position.turn())
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_actions(&self) -> Vec<Move> {
        self.legal_moves()
    }

    fn parse(&self, text: &str) -> Result<Move, ActionError> {
        Chess::parse(self, text)
    }

    fn notation(&self, action: &Move) -> String {
        self.san(action)
    }

    fn play(&mut self, action: &Move) -> Result<Played, ActionError> {
        Chess::play(self, action)
    }

    fn view(&self) -> View {
        Chess::view(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_king_cannot_win_on_time() {
        let chess = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
        assert!(Rules::can_win(&chess, Color::White));
        assert!(!Rules::can_win(&chess, Color::Black));
    }

    #[test]
    fn a_new_game_shows_the_start() {
        let chess = Chess::default();
        let view = chess.view();
        assert_eq!(view.title.as_deref(), Some("Move 1"));
        let board = &view.boards[0];
        assert_eq!(board.cells.iter().flatten().count(), 32);
        assert_eq!(
            board.cells[4],
            Some(Man::new(Color::White, crate::view::Figure::King))
        );
        assert!(board.highlights.is_empty());
        assert_eq!(chess.legal_actions().len(), 20);
    }

    #[test]
    fn the_view_marks_the_last_move_and_check() {
        let mut chess = Chess::default();
        for text in ["e4", "f5", "Qh5+"] {
            chess.play_text(text).unwrap();
        }
        let view = chess.view();
        assert_eq!(view.title.as_deref(), Some("Move 2"));
        let kinds: Vec<(u8, HighlightKind)> = view.boards[0]
            .highlights
            .iter()
            .map(|h| (h.cell, h.kind))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (3, HighlightKind::LastMoveFrom),
                (39, HighlightKind::LastMoveTo),
                (60, HighlightKind::Check)
            ]
        );
    }
}
