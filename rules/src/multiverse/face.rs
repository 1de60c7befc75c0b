//! The multiverse behind the one face every variant shows.

use super::action::Action;
use super::options::MultiverseOptions;
use super::position::Multiverse;
use crate::find::{ActionParts, Family};
use crate::{
    About, ActionError, BoardLabel, Event, RecordFormat, Rules, Status, Turn, TurnShape, View,
};

impl Rules for Multiverse {
    type Options = MultiverseOptions;
    type Action = Action;

    const ABOUT: About = About {
        id: "multiverse",
        title: "Multiverse Time Travel Chess",
        summary: "Multiverse Time Travel Chess (multiverse): every move adds a board; a man may jump \
             back to a past board, which forks a new branch ((L1)Nf3, >> for travel). On your \
             turn you move once on every active branch. Past the branch limit (option \
             branches:N, odd, 21 by default) travel stops and each board move first makes a \
             random man vanish somewhere. Branches end like chess games; more branch wins wins.",
        options: "branches:N, the branch limit: an odd number from 1 to 1001, 21 by default (E-6)",
        record: RecordFormat::Lines,
        turns: TurnShape::Single,
    };

    fn new(options: &MultiverseOptions, seed: u64) -> Self {
        Multiverse::with_limit(options.branch_limit(), seed)
    }

    /// The collapse a branch limit of 1 makes as the game is created (E-9).
    fn opening_events(&self) -> Vec<Event> {
        Multiverse::created(self.limit, self.seed).1
    }

    fn turn(&self) -> Turn {
        Turn {
            color: self.to_move,
            boards: self.owed().into_iter().map(BoardLabel::Branch).collect(),
        }
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.all_actions()
    }

    fn parse(&self, text: &str) -> Result<Action, ActionError> {
        self.read_action(text)
    }

    fn notation(&self, action: &Action) -> String {
        self.write_action(action)
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, ActionError> {
        self.apply_action(action)
    }

    fn view(&self) -> View {
        self.grid()
    }

    fn snapshot(&self) -> View {
        self.timelines()
    }

    /// On the whole multiverse's picture (its snapshot).
    fn strokes(&self, action: &Action) -> crate::click::Strokes {
        self.action_strokes(action)
    }

    fn parts(&self, action: &Action) -> ActionParts {
        self.action_parts(action)
    }

    /// Each board move once, each traveller's landings once, shared.
    fn families(&self) -> Vec<Family<Action>> {
        self.action_families()
    }
}
