//! The names around a timelines view: row names at the left of every band
//! ("L-1"), column names along its top ("T5" over a turn's two boards),
//! the present's name in its colour.

use super::*;

/// How a placed line of text is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tone {
    Text,
    Dim,
    /// The present's colour (the `current` ring's).
    Present,
}

/// A line of text placed by the layout, its baseline at `base`.
#[derive(Clone, Debug)]
pub(crate) struct Label {
    pub x: i64,
    pub base: i64,
    pub text: String,
    pub size: f32,
    pub bold: bool,
    pub tone: Tone,
    /// `x` is the centre (else the left end).
    pub centred: bool,
}

/// The room the names take at one square size.
#[derive(Clone, Debug)]
pub(super) struct Headings {
    /// Height of the strip of column names over each band (0: none).
    pub head_h: i64,
    /// Width of the margin of row names left of each group (0: none).
    pub name_w: i64,
    /// Columns between regular names (1 when irregular or unnamed).
    pub period: u64,
    size: f32,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The names of a view, clipped to a sensible length.
fn name(s: &str) -> String {
    s.chars().take(24).collect()
}

impl Headings {
    pub(super) fn of(view: &View, geo: &Geo) -> Headings {
        let size = (geo.label_font * 1.2).max(14.0);
        let head_h = if view.column_names.is_empty() {
            0
        } else {
            (size * 1.6).ceil() as i64
        };
        let name_w = view
            .row_names
            .iter()
            .take(1000)
            .map(|(_, n)| font::text_width(&name(n), size, true) as i64)
            .max()
            .map_or(0, |w| w + (size * 0.8) as i64);
        let mut at: Vec<u64> = view.column_names.iter().map(|&(c, _)| c as u64).collect();
        at.sort_unstable();
        at.dedup();
        let period = at.windows(2).map(|w| w[1] - w[0]).fold(0, gcd).clamp(1, 4);
        Headings {
            head_h,
            name_w,
            period,
            size,
        }
    }

    /// `c0` moved up to the next column where a named period starts.
    pub(super) fn align(&self, view: &View, c0: u64) -> u64 {
        let Some(first) = view.column_names.iter().map(|&(c, _)| c as u64).min() else {
            return c0;
        };
        let off = (c0 + self.period * 1000 - first % self.period) % self.period;
        if off == 0 { c0 } else { c0 + self.period - off }
    }

    /// The column names over the columns `from..=to` of a band whose
    /// column `from` starts at `x` (each column `step` wide, `slot_w` of it
    /// the board), baseline `base`.
    pub(super) fn columns(
        &self,
        view: &View,
        (from, to): (u64, u64),
        (x, step, slot_w): (i64, i64, i64),
        base: i64,
        out: &mut Vec<Label>,
    ) {
        let mut names: Vec<(u64, &str)> = view
            .column_names
            .iter()
            .map(|(c, n)| (*c as u64, n.as_str()))
            .collect();
        names.sort_by_key(|&(c, _)| c);
        for (k, &(c, n)) in names.iter().enumerate() {
            // A name spans the columns up to the next name's; of two names
            // given for one column, the last is shown.
            let end = match names.get(k + 1) {
                Some(&(next, _)) if next <= c => continue,
                Some(&(next, _)) => (next - 1).min(to),
                None => to,
            };
            if c > to || end < from {
                continue;
            }
            let c = c.max(from);
            let left = x + (c - from) as i64 * step;
            let right = x + (end - from) as i64 * step + slot_w;
            let present = view
                .present
                .is_some_and(|p| (c..=end).contains(&(p as u64)));
            let text = font::fit_text(&name(n), self.size, true, (right - left) as i32);
            out.push(Label {
                x: (left + right) / 2,
                base,
                text,
                size: self.size,
                bold: true,
                tone: if present { Tone::Present } else { Tone::Dim },
                centred: true,
            });
        }
    }

    /// The name standing over `column`: the last named at or before it.
    pub(super) fn column_name(&self, view: &View, column: u64) -> Option<String> {
        view.column_names
            .iter()
            .filter(|&&(c, _)| c as u64 <= column)
            .max_by_key(|&&(c, _)| c)
            .map(|(_, n)| name(n))
    }

    /// The name of `row`, if it has one.
    pub(super) fn row_name(&self, view: &View, row: u32) -> Option<String> {
        view.row_names
            .iter()
            .find(|(r, _)| *r == row)
            .map(|(_, n)| name(n))
    }

    /// The name of `row` at the left of its board line, centred on `mid`.
    pub(super) fn row(&self, view: &View, row: u32, x: i64, mid: i64, out: &mut Vec<Label>) {
        let Some(text) = self.row_name(view, row) else {
            return;
        };
        // A timeline whose latest board is inactive has its name dimmed.
        let inactive = view
            .boards
            .iter()
            .filter(|b| b.row == row)
            .max_by_key(|b| b.column)
            .is_some_and(|b| b.inactive);
        out.push(Label {
            x,
            base: mid + (self.size * 0.36) as i64,
            text,
            size: self.size,
            bold: true,
            tone: if inactive { Tone::Dim } else { Tone::Text },
            centred: false,
        });
    }
}
