//! Every timeline side by side, as the rule text's sample game prints them.

use super::position::{Gifford, ply_of};
use crate::Color;

/// One timeline's whole line of play, from White's first move: the part
/// it shares with the timeline it branched from, then its own actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based timeline number.
    pub number: usize,
    /// The move number and side of this timeline's first own action.
    pub begins: (u32, Color),
    /// `(move number, side, notation)` of every action of the line.
    pub actions: Vec<(u32, Color, String)>,
    /// Whether the present is in this timeline.
    pub current: bool,
}

impl Gifford {
    /// Every timeline's line of play, timeline 1 first.
    pub fn lines(&self) -> Vec<Line> {
        let mut lines: Vec<Line> = Vec::with_capacity(self.timelines.len());
        for (t, tl) in self.timelines.iter().enumerate() {
            let mut actions = match tl.parent {
                Some(p) => lines[p]
                    .actions
                    .iter()
                    .filter(|(n, c, _)| ply_of(*n, *c) < tl.start)
                    .cloned()
                    .collect(),
                None => Vec::new(),
            };
            actions.extend(self.own_actions(t));
            let begins = (
                tl.start / 2 + 1,
                if tl.start % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
            );
            lines.push(Line {
                number: t + 1,
                begins,
                actions,
                current: t + 1 == self.timelines.len(),
            });
        }
        lines
    }

    /// `(move number, colour, notation)` of each action of timeline `t`
    /// (0-based) alone, without the part of the line it shares with the
    /// timeline it branched from.
    pub(super) fn own_actions(&self, t: usize) -> Vec<(u32, Color, String)> {
        self.timelines.get(t).map_or_else(Vec::new, |tl| {
            tl.plies
                .iter()
                .map(|p| (p.before.number(), p.before.mover(), p.notation()))
                .collect()
        })
    }

    /// Notes for the history: each event, and how each timeline ended.
    fn history_notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        for (t, tl) in self.timelines.iter().enumerate() {
            for ply in &tl.plies {
                let n = ply.before.number();
                let dots = if ply.before.mover() == Color::White {
                    "."
                } else {
                    "..."
                };
                for event in &ply.events {
                    notes.push(format!(
                        "Timeline {}, {n}{dots} {}: {event}",
                        t + 1,
                        ply.notation()
                    ));
                }
            }
        }
        if let Some(outcome) = self.status.outcome() {
            notes.push(format!("Timeline {}: {outcome}", self.timelines.len()));
        }
        notes
    }
}

/// The whole game as text: one pair of columns (White, Black) per
/// timeline, a row per move number, as the rule text's sample game is
/// laid out; then notes on men lost in time, kings going back and the
/// result. Each timeline shows its whole line, the moves it shares with
/// the timeline it branched from included.
pub(super) fn history_table(game: &Gifford) -> String {
    let lines = game.lines();
    let rows = lines
        .iter()
        .flat_map(|l| l.actions.iter().map(|(n, _, _)| *n))
        .max()
        .unwrap_or(0);
    let cell = |line: &super::history::Line, n: u32, c: Color| -> String {
        line.actions
            .iter()
            .find(|(m, side, _)| *m == n && *side == c)
            .map_or(String::new(), |(_, _, s)| s.clone())
    };
    // Column widths: at least the header's.
    let widths: Vec<(usize, usize)> = lines
        .iter()
        .map(|l| {
            let w = |c: Color| {
                l.actions
                    .iter()
                    .filter(|(_, side, _)| *side == c)
                    .map(|(_, _, s)| s.chars().count())
                    .max()
                    .unwrap_or(0)
                    .max(5)
            };
            (w(Color::White), w(Color::Black))
        })
        .collect();
    let names: Vec<String> = lines
        .iter()
        .map(|l| {
            let mut name = format!("Timeline {}", l.number);
            if l.number > 1 {
                let (n, c) = l.begins;
                let dots = if c == Color::White { "." } else { "..." };
                name.push_str(&format!(" (from {n}{dots})"));
            }
            if l.current {
                name.push_str(" *");
            }
            name
        })
        .collect();
    // A timeline's two columns are at least as wide as its name.
    let widths: Vec<(usize, usize)> = widths
        .into_iter()
        .zip(&names)
        .map(|((ww, bw), name)| (ww, bw.max(name.chars().count().saturating_sub(ww + 1))))
        .collect();
    let num_w = rows.to_string().len().max(4);
    let mut out = String::new();
    // Heading: timeline names.
    out.push_str(&format!("{:num_w$}", ""));
    for (name, (ww, bw)) in names.iter().zip(&widths) {
        out.push_str(&format!(" | {:w$}", name, w = ww + bw + 1));
    }
    out.push('\n');
    out.push_str(&format!("{:num_w$}", "Move"));
    for (ww, bw) in &widths {
        out.push_str(&format!(" | {:ww$} {:bw$}", "White", "Black"));
    }
    out.push('\n');
    for n in 1..=rows {
        out.push_str(&format!("{:num_w$}", n));
        for (l, (ww, bw)) in lines.iter().zip(&widths) {
            out.push_str(&format!(
                " | {:ww$} {:bw$}",
                cell(l, n, Color::White),
                cell(l, n, Color::Black)
            ));
        }
        out.push('\n');
    }
    let out: String = out
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = out + "\n";
    let notes = game.history_notes();
    if !notes.is_empty() {
        out.push_str("\nNotes (* marks the present timeline):\n");
        for note in notes {
            out.push_str(&format!("- {note}\n"));
        }
    }
    out
}
