//! The face the host sees, through [`crate::Game`].

use super::{Chess, Move, legality, notation, play, view};
use crate::chess::San;
use crate::click::{Stroke, Strokes, cell};
use crate::find::{ActionParts, chess::move_part};
use crate::{
    About, ActionError, Color, Event, NoOptions, RecordFormat, Rules, Status, Turn, TurnShape, View,
};

impl Rules for Chess {
    type Options = NoOptions;
    type Action = Move;

    const ABOUT: About = About {
        id: "standard",
        title: "Chess",
        summary: "Chess (standard): the FIDE laws. Castling, en passant, promotion, check and mate; \
             stalemate, threefold repetition, the fifty-move rule and insufficient material draw \
             at once.\nMoves in SAN (e4, Nf3, O-O, e8=Q) or UCI (e2e4).",
        options: "",
        record: RecordFormat::Pgn,
        turns: TurnShape::Single,
    };

    fn new(_options: &NoOptions, _seed: u64) -> Self {
        Chess::default()
    }

    fn turn(&self) -> Turn {
        Turn::single(self.position().turn())
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_actions(&self) -> Vec<Move> {
        legality::legal_moves(self)
    }

    fn parse(&self, text: &str) -> Result<Move, ActionError> {
        notation::read(self, text)
    }

    fn notation(&self, action: &Move) -> String {
        notation::write(self, action)
    }

    fn apply(&mut self, action: &Move) -> Result<Vec<Event>, ActionError> {
        play::apply(self, action)?;
        Ok(Vec::new())
    }

    fn view(&self) -> View {
        view::view(self)
    }

    /// The move's man, squares and SAN (without its check mark).
    fn parts(&self, action: &Move) -> ActionParts {
        let san = San::from_move(self.position(), action).to_string();
        ActionParts::single(move_part(&san, action))
    }

    /// The man's square and where it lands (castling: the king's).
    fn strokes(&self, action: &Move) -> Strokes {
        Strokes {
            main: Stroke::between(cell(0, action.from()), cell(0, action.to())),
            also: None,
        }
    }

    fn can_win(&self, color: Color) -> bool {
        self.position().can_mate(color)
    }
}
