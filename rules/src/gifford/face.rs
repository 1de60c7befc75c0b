//! The face the host sees: [`Rules`] for [`Gifford`], each method a call
//! into the files that hold the rules.

use super::action::Action;
use super::history::history_table;
use super::position::Gifford;
use super::{legality, notation, play};
use crate::click::{Stroke, Strokes, cell};
use crate::find::chess::{move_part, square};
use crate::find::{ActionParts, Key, Kind, Man, Part};
use crate::{
    About, ActionError, Event, NoOptions, Played, RecordFormat, Rules, Status, Turn, TurnShape,
    View,
};

impl Rules for Gifford {
    type Options = NoOptions;
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

    fn new(_options: &NoOptions, _seed: u64) -> Self {
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

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, ActionError> {
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

    /// A move's SAN; a man leaving forward is `Bf1//` (`d2//` for a pawn),
    /// a king going back `K// back`, a man arriving `[B]`, a king from the
    /// future `K [FTF]`.
    fn parts(&self, action: &Action) -> ActionParts {
        let node = &self.node;
        let text = notation::body(node, action);
        let figure = |sq| node.board().role_at(sq).map_or('P', |r| r.upper_char());
        let part = match *action {
            Action::Move { mv } => move_part(&text, &mv),
            Action::Forward { from, .. } => {
                let man = Man::at(figure(from), square(from).as_str(), "//");
                Part {
                    man: Some(man),
                    ..Part::text(&text, Kind::Travel)
                }
            }
            Action::Back { from, .. } => {
                let cut = text.find("back").map_or(text.len(), |i| i + 4);
                let man = Man {
                    figure: 'K',
                    at: Some(square(from)),
                    key: Key::new(&text[..cut]),
                };
                Part {
                    man: Some(man),
                    ..Part::text(&text, Kind::Travel)
                }
            }
            Action::Arrive { role, to } => arrival(&text, role.upper_char(), to),
            Action::Place { to } => arrival(&text, 'K', to),
        };
        ActionParts::single(part)
    }

    /// On the present board of the timelines' picture: a move from its
    /// square to its square; a man leaving in time from its square (to no
    /// cell: the chooser says when it arrives); a man arriving from the
    /// future onto its square.
    fn strokes(&self, action: &Action) -> Strokes {
        let present = self.present_board();
        let main = match *action {
            Action::Move { mv } => {
                Stroke::between(cell(present, mv.from()), cell(present, mv.to()))
            }
            Action::Forward { from, .. } | Action::Back { from, .. } => Stroke {
                from: Some(cell(present, from)),
                to: None,
            },
            Action::Arrive { to, .. } | Action::Place { to } => Stroke {
                from: None,
                to: Some(cell(present, to)),
            },
        };
        Strokes { main, also: None }
    }

    fn history_table(&self) -> Option<String> {
        Some(history_table(self))
    }
}

/// A man placed on the board from the future: written `[B] a5`, its key
/// the tag (`[B]`, `K [FTF]`).
fn arrival(text: &str, figure: char, to: crate::geometry::Square) -> Part {
    let key = text.rsplit_once(' ').map_or(text, |(tag, _)| tag);
    let man = Man {
        figure,
        at: None,
        key: Key::new(key),
    };
    Part::moving(text, Kind::Arrival, man, square(to).as_str())
}
