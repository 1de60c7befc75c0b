//! Time Traveler's Chess through the one face of every variant.

use crate::click::{Stroke, Strokes, cell};
use crate::find::chess::{move_part, square};
use crate::find::{ActionParts, Kind, Man, Part};
use crate::{
    About, ActionError, Event, NoOptions, Played, RecordFormat, Rules, Status, Turn, TurnShape,
    View,
};

use super::action::Action;
use super::position::TravelerChess;

impl Rules for TravelerChess {
    type Options = NoOptions;
    type Action = Action;

    const ABOUT: About = About {
        id: "traveler",
        title: "Time Traveler's Chess",
        summary: "Time Traveler's Chess (traveler): chess where men can arrive from the future. \
             Every man is untraveled, traveling or traveled.\n\
             - Explosion (Nf6/e8): a traveling and a traveled copy of a man appear on an empty \
             square, and the traveled one moves at once; some untraveled man of yours must be \
             able to reach that square within three moves (its support).\n\
             - Annihilation (d2//d4): an untraveled man of the same kind moves onto your \
             traveling man and both leave the board, closing the loop.\n\
             - Leave every traveling man resolvable: losing that (grammatical incorrectness) \
             loses the game. Check and mate follow from who could be left kingless.",
        options: "",
        record: RecordFormat::Lines,
        turns: TurnShape::Single,
    };

    fn new(_options: &NoOptions, _seed: u64) -> Self {
        TravelerChess::new()
    }

    fn turn(&self) -> Turn {
        Turn::single(self.pos.turn)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.collect_legal()
    }

    fn parse(&self, text: &str) -> Result<Action, ActionError> {
        self.read_action(text)
    }

    fn notation(&self, action: &Action) -> String {
        self.written(action)
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, ActionError> {
        self.advance(action).map(|_| Vec::new())
    }

    /// Judges the action once for both its notation and its effect.
    fn play(&mut self, action: &Action) -> Result<Played, ActionError> {
        self.advance_written(action)
    }

    fn view(&self) -> View {
        self.board_view()
    }

    /// The man's square and the square it reaches: an explosion's, the
    /// square it appears on and the one it explodes to; an
    /// annihilation's, the resonator's square and its target.
    fn strokes(&self, action: &Action) -> Strokes {
        let (from, to) = action.squares();
        Strokes {
            main: Stroke::between(cell(0, from), cell(0, to)),
            also: None,
        }
    }

    /// A normal move's SAN; an explosion's man appears on its square
    /// (`Nf6/`); an annihilation's resonator stands on its square (`d2//`).
    fn parts(&self, action: &Action) -> ActionParts {
        let text = self.body(action);
        let part = match *action {
            Action::Move(mv) => move_part(&text, &mv),
            Action::Explosion {
                role,
                square: at,
                to,
                ..
            } => {
                let man = Man::at(role.upper_char(), square(at).as_str(), "/");
                Part::moving(&text, Kind::Explosion, man, square(to).as_str())
            }
            Action::Annihilation { from, to, .. } => {
                let figure = self.pos.board.role_at(from).map_or('P', |r| r.upper_char());
                let man = Man::at(figure, square(from).as_str(), "//");
                Part::moving(&text, Kind::Annihilation, man, square(to).as_str())
            }
        };
        ActionParts::single(part)
    }
}
