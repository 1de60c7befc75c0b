//! PLACEHOLDER so the workspace builds while the FIDE engine is written.
//! Replaced wholesale by the real engine (rules/src/standard/ and chess/).

use serde::{Deserialize, Serialize};

use crate::game::Rules;
use crate::view::{BoardView, Figure, Man, Shape};
use crate::{ActionError, Color, Played, Status, Turn, View};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Chess;

impl Rules for Chess {
    type Action = Move;
    fn turn(&self) -> Turn {
        Turn::single(Color::White)
    }
    fn status(&self) -> Status {
        Status::Ongoing
    }
    fn legal_actions(&self) -> Vec<Move> {
        Vec::new()
    }
    fn parse(&self, text: &str) -> Result<Move, ActionError> {
        Err(ActionError::syntax(text, "engine not written yet"))
    }
    fn notation(&self, _: &Move) -> String {
        String::new()
    }
    fn play(&mut self, _: &Move) -> Result<Played, ActionError> {
        Err(ActionError::illegal("engine not written yet"))
    }
    fn view(&self) -> View {
        let mut b = BoardView::empty(Shape::Square8);
        let back = [
            Figure::Rook,
            Figure::Knight,
            Figure::Bishop,
            Figure::Queen,
            Figure::King,
            Figure::Bishop,
            Figure::Knight,
            Figure::Rook,
        ];
        for f in 0..8 {
            b.cells[f] = Some(Man::new(Color::White, back[f]));
            b.cells[8 + f] = Some(Man::new(Color::White, Figure::Pawn));
            b.cells[48 + f] = Some(Man::new(Color::Black, Figure::Pawn));
            b.cells[56 + f] = Some(Man::new(Color::Black, back[f]));
        }
        View {
            boards: vec![b],
            ..View::default()
        }
    }
}
