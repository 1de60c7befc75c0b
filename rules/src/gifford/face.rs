//! The face the host sees: [`Rules`] for [`Gifford`], each method a call
//! into the files that hold the rules.

use super::action::Action;
use super::history::history_table;
use super::position::Gifford;
use super::{legality, notation, play};
use crate::{
    About, ActionError, Options, Played, RecordFormat, Rules, Status, Turn, TurnShape, View,
};

impl Rules for Gifford {
    type Action = Action;

    const ABOUT: About = About {
        id: "gifford",
        title: "Gifford's Time Travel Chess",
        summary: "Gifford's Time Travel Chess (gifford): men next to your king may travel forward \
             1 to 10 moves (Bf1// to 9) and arrive later as a drop ([B] a5). A king may travel \
             forward too, or back 1 to 5 moves twice per game (K// back to 6), which opens a new \
             timeline. A man that cannot land is lost in time; a king lost in time loses. \
             Checkmate wins.",
        options: "",
        record: RecordFormat::Lines,
        turns: TurnShape::Single,
    };

    fn new(_options: &Options, _seed: u64) -> Self {
        Gifford::default()
    }

    fn turn(&self) -> Turn {
        Turn::single(self.node.mover())
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_actions(&self) -> Vec<Action> {
        legality::legal_actions(self)
    }

    fn parse(&self, text: &str) -> Result<Action, ActionError> {
        notation::parse(self, text)
    }

    fn notation(&self, action: &Action) -> String {
        notation::write(&self.node, action)
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, ActionError> {
        play::apply(self, action)
    }

    /// Checks once, then writes the notation in the moment before the
    /// action (the check marks need the moment after, so writing costs
    /// about one more application) and applies it.
    fn play(&mut self, action: &Action) -> Result<Played, ActionError> {
        self.check_legal(action)?;
        let notation = notation::write(&self.node, action);
        let events = play::apply_legal(self, action)?;
        Ok(Played { notation, events })
    }

    fn view(&self) -> View {
        self.present_view()
    }

    fn snapshot(&self) -> View {
        self.timelines_view()
    }

    fn history_table(&self) -> Option<String> {
        Some(history_table(self))
    }
}
