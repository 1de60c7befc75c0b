//! The face the host sees, through [`crate::Game`].

use super::{Action, ManyWorlds, ManyWorldsOptions, legality, notation, play, view};
use crate::find::{ActionParts, Family};
use crate::{
    About, ActionError, BoardLabel, Event, RecordFormat, Rules, Status, Turn, TurnShape, View,
};

impl Rules for ManyWorlds {
    type Options = ManyWorldsOptions;
    type Action = Action;

    const ABOUT: About = About {
        id: "manyworlds",
        title: "Many Worlds Chess",
        summary: "Many Worlds Chess (manyworlds): a set of boards. A turn splits one board with two \
             different moves ((VII) Nxe4 (=XII) Bd2 (=XV)); identical results merge. Or \
             transfer a man to the same empty square of another board (Nc6 IV-VII). Kings may \
             stand in check; capturing a king anywhere wins; no split and no transfer loses. \
             Option turns:on gives each board its own side to move.",
        options: "turns:on, each board knows whose move it is and only splits are allowed (M-6); off by default",
        record: RecordFormat::Lines,
        turns: TurnShape::Single,
    };

    fn new(options: &ManyWorldsOptions, _seed: u64) -> Self {
        ManyWorlds::start(options.turns)
    }

    /// Whose turn it is; with `turns`, the boards where that side may
    /// split (M-6).
    fn turn(&self) -> Turn {
        let boards = if self.turns {
            self.boards
                .iter()
                .filter(|(_, w)| w.to_move() == Some(self.to_move))
                .map(|(n, _)| BoardLabel::World(*n))
                .collect()
        } else {
            Vec::new()
        };
        Turn {
            color: self.to_move,
            boards,
        }
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_actions(&self) -> Vec<Action> {
        legality::legal_actions(self)
    }

    fn parse(&self, text: &str) -> Result<Action, ActionError> {
        notation::read(self, text)
    }

    fn notation(&self, action: &Action) -> String {
        notation::write(self, action)
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, ActionError> {
        play::apply(self, action)
    }

    fn view(&self) -> View {
        view::view(self)
    }

    /// On the grid of boards: a split's two moves on its board; a
    /// transfer's man on the board it leaves, and the same square of the
    /// board it reaches.
    fn strokes(&self, action: &Action) -> crate::click::Strokes {
        view::strokes(self, action)
    }

    fn parts(&self, action: &Action) -> ActionParts {
        self.action_parts(action)
    }

    /// A split's first move once with its board's second moves shared; a
    /// transfer's man once with the boards it may go to shared.
    fn families(&self) -> Vec<Family<Action>> {
        self.action_families()
    }
}
