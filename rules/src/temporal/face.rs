//! The face the host sees: [`Rules`] for [`TemporalChess`], each method a
//! call into the files that hold the rules.

use super::action::Action;
use super::position::TemporalChess;
use super::{notation, play, view};
use crate::click::{Stroke, Strokes};
use crate::find::{ActionParts, Key, Kind as PartKind, Man, Part, Spot};
use crate::{
    About, ActionError, Event, NoOptions, Played, RecordFormat, Rules, Status, Turn, TurnShape,
    View,
};

impl Rules for TemporalChess {
    type Options = NoOptions;
    type Action = Action;

    const ABOUT: About = About {
        id: "temporal",
        title: "Temporal Chess",
        summary: "Temporal Chess (temporal): a 4x4x4 field (levels A-D, cells like Bc3). Everything \
             starts in hand: place your king, then each turn drop, move (Raumschach moves, \
             unicorns on 3-D diagonals) or warp: a duplicate from the future, or a man sent \
             ahead, counted down by checkers. Capturing an enemy original, or mate, wins.",
        options: "",
        record: RecordFormat::Lines,
        turns: TurnShape::Single,
    };

    fn new(_options: &NoOptions, _seed: u64) -> Self {
        TemporalChess::default()
    }

    fn turn(&self) -> Turn {
        Turn::single(self.pos.to_move)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.status.is_over() {
            return Vec::new();
        }
        self.pos.legal_actions()
    }

    fn parse(&self, text: &str) -> Result<Action, ActionError> {
        notation::parse(self, text)
    }

    fn notation(&self, action: &Action) -> String {
        notation::write(&self.pos, *action)
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, ActionError> {
        play::apply(self, *action)
    }

    /// Judges the turn once and writes the notation from it (the check
    /// marks need the turn's outcome), then applies it.
    fn play(&mut self, action: &Action) -> Result<Played, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let action = *action;
        let turn = self.legal_turn(action)?;
        let notation = notation::write_turn(&self.pos, action, &turn);
        let events = play::apply_turn(self, action, &turn);
        Ok(Played { notation, events })
    }

    fn view(&self) -> View {
        view::view(self)
    }

    /// Cells of the one field: a drop reaches its cell from hand; a warp
    /// into the future is the man's own cell, clicked twice.
    fn strokes(&self, action: &Action) -> Strokes {
        let at = |c: super::Cell| crate::view::BoardCell {
            board: 0,
            cell: c.index(),
        };
        let main = match *action {
            Action::Drop { to, .. } => Stroke {
                from: None,
                to: Some(at(to)),
            },
            Action::Move { from, to } | Action::WarpFrom { from, to, .. } => {
                Stroke::between(at(from), at(to))
            }
            Action::WarpInto { at: c, .. } => Stroke::between(at(c), at(c)),
        };
        Strokes { main, also: None }
    }

    /// A drop's man is `N@`, a move's `NAb1-`, a warp's `NAb1~` (from the
    /// future) or `NBb2^` (into it).
    fn parts(&self, action: &Action) -> ActionParts {
        let pos = &self.pos;
        let text = notation::base(pos, *action);
        let letter = |c| pos.man_at(c).map_or('?', |m| m.1.letter());
        let cell = |c: super::cell::Cell| Spot::new(&c.to_string());
        let man = |c, mark: &str| {
            let at = cell(c);
            Man::at(letter(c), at.as_str(), mark)
        };
        let takes = |c| pos.colors[(!pos.to_move).index()].contains(c);
        let part = match *action {
            Action::Drop { kind, to } => {
                let man = Man {
                    figure: kind.letter(),
                    at: None,
                    key: Key::new(&format!("{}@", kind.letter())),
                };
                Part::moving(&text, PartKind::Drop, man, cell(to).as_str())
            }
            Action::Move { from, to } => {
                let kind = if takes(to) {
                    PartKind::Capture
                } else {
                    PartKind::Move
                };
                Part::moving(&text, kind, man(from, "-"), cell(to).as_str())
            }
            Action::WarpFrom { from, to, .. } => {
                Part::moving(&text, PartKind::Warp, man(from, "~"), cell(to).as_str())
            }
            Action::WarpInto { at, .. } => Part {
                man: Some(man(at, "^")),
                ..Part::text(&text, PartKind::Warp)
            },
        };
        ActionParts::single(part)
    }
}
