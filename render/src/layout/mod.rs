//! Where everything goes: the square size, which boards are shown (cropped
//! to the recent past when a view is too big), and the text around them.

use chronomate_rules::Color;
use chronomate_rules::view::{BoardView, Hand, Layout, Man, Shape, View};

use crate::Limits;
use crate::board::Geo;
use crate::font;

mod chrome;
mod headings;
mod timelines;

pub(crate) use headings::{Label, Tone};

/// The box a compact snapshot fits in.
const COMPACT: (i32, i32) = (2048, 1280);

use chrome::{chrome, ui_size};
use timelines::plan_timelines;

/// Longest text we lay out from any one string of the view.
const MAX_CHARS: usize = 300;
/// At most this many lines of title and of notes.
const MAX_TITLE_LINES: usize = 3;
const MAX_NOTE_LINES: usize = 10;
/// At most this many rows of men in one hand or in the pending list.
const MAX_FLOW_ROWS: usize = 3;

/// A board drawn a second time: its index and tile origin.
pub(crate) type Repeated = (usize, (f64, f64));

/// A laid-out image.
pub(crate) struct Plan {
    pub w: i32,
    pub h: i32,
    pub geo: Geo,
    /// The present boards' larger geometry in a compact snapshot, and which
    /// boards use it (empty: none).
    pub big: Geo,
    pub spot: Vec<bool>,
    pub bottom: Color,
    /// Top-left of every board's tile in image coordinates; boards cropped
    /// away get where they would have been (off the image), so arrows to
    /// them run off its edge.
    pub origin: Vec<(f64, f64)>,
    /// Indices of the boards drawn.
    pub shown: Vec<usize>,
    /// Lines of text and rows of men, top to bottom, outside the board area.
    pub blocks: Vec<Block>,
    /// Timeline threads: (from board, to board) of consecutive boards of one
    /// row.
    pub threads: Vec<(usize, usize)>,
    pub pad: i32,
    /// Columns of a grid of boards (0 for other layouts).
    pub cols: usize,
    /// Rectangles (x, y, w, h) in image coordinates behind the present
    /// column's boards.
    pub present: Vec<(i32, i32, i32, i32)>,
    /// Boards drawn again, at the `big` geometry, at these tile origins:
    /// the present boards of a view with a present column.
    pub copies: Vec<Repeated>,
    /// Row and column names, in image coordinates.
    pub labels: Vec<Label>,
}

impl Plan {
    /// Where the boards start, from the top.
    pub(crate) fn top(&self) -> i32 {
        self.blocks
            .iter()
            .find(|b| matches!(b.kind, BlockKind::Boards))
            .map_or(self.pad, |b| b.y)
    }

    /// Moves the boards and everything under them down so that the boards
    /// start at `top` (or lower).
    pub(crate) fn lower_to(&mut self, top: i32) {
        let d = top - self.top();
        if d <= 0 {
            return;
        }
        let from = self.top();
        for b in &mut self.blocks {
            if b.y >= from {
                b.y += d;
            }
        }
        for o in &mut self.origin {
            o.1 += d as f64;
        }
        self.h += d;
    }

    /// The geometry board `i` is drawn at.
    pub(crate) fn geo_of(&self, i: usize) -> &Geo {
        if self.spot.get(i).copied().unwrap_or(false) {
            &self.big
        } else {
            &self.geo
        }
    }
}

/// A horizontal band of the image.
pub(crate) struct Block {
    pub y: i32,
    pub h: i32,
    pub kind: BlockKind,
}

pub(crate) enum BlockKind {
    /// The boards.
    Boards,
    /// Lines of text.
    Text {
        lines: Vec<String>,
        size: f32,
        bold: bool,
        dim: bool,
    },
    /// Rows of men and labels.
    Flow {
        rows: Vec<Vec<Item>>,
        icon: i32,
        text: f32,
    },
}

/// One thing in a flow row.
pub(crate) enum Item {
    /// A heading such as "white in hand".
    Heading(String),
    /// A man with an optional count badge.
    Man(Man, Option<u8>),
    /// A man with a label beside him ("move 9").
    Labelled(Man, String),
    /// Plain text ("+3 more").
    Text(String),
}

impl Item {
    fn width(&self, icon: i32, text: f32) -> i32 {
        match self {
            Item::Heading(t) => font::text_width(t, text, true),
            Item::Text(t) => font::text_width(t, text, false),
            Item::Man(_, None) => icon,
            Item::Man(_, Some(c)) => {
                icon + (text * 0.15) as i32 + font::text_width(&format!("×{c}"), text, true)
            }
            Item::Labelled(_, l) => icon + (text * 0.3) as i32 + font::text_width(l, text, false),
        }
    }
}

fn clip(s: &str) -> String {
    if s.chars().count() > MAX_CHARS {
        let mut t: String = s.chars().take(MAX_CHARS).collect();
        t.push('…');
        t
    } else {
        s.to_owned()
    }
}

/// Which boards go where, at one square size.
struct Arrangement {
    /// Size of the board area.
    w: i32,
    h: i32,
    origin: Vec<(f64, f64)>,
    shown: Vec<usize>,
    threads: Vec<(usize, usize)>,
    notice: Option<String>,
    /// Whether everything fits without cropping.
    complete: bool,
    /// The present boards drawn large beside the history, if any.
    spot: Option<(Geo, Vec<bool>)>,
    /// Columns of a grid (0 for other layouts).
    cols: usize,
    /// Rectangles (x, y, w, h) of the board area marking the present
    /// column.
    present: Vec<(i64, i64, i64, i64)>,
    /// Boards drawn a second time, large, beside the history, and their
    /// size.
    copies: Option<(Geo, Vec<Repeated>)>,
    /// Row and column names.
    labels: Vec<Label>,
}

/// The slot every tile gets: the largest tile of the boards present.
fn slot(view: &View, geo: &Geo) -> (i32, i32) {
    let mut shapes: Vec<Shape> = Vec::new();
    let mut s = (0, 0);
    for b in &view.boards {
        if !shapes.contains(&b.shape) {
            shapes.push(b.shape);
            let t = geo.tile(b.shape);
            s = (s.0.max(t.0), s.1.max(t.1));
        }
    }
    s
}

/// Where a board's tile sits in its slot: centred, so smaller boards mix
/// with larger ones.
fn inset(geo: &Geo, slot: (i32, i32), shape: Shape) -> (f64, f64) {
    let t = geo.tile(shape);
    (((slot.0 - t.0) / 2) as f64, ((slot.1 - t.1) / 2) as f64)
}

fn gap(geo: &Geo) -> i32 {
    ((geo.s as f32 * 0.5) as i32).max(10)
}

/// How much a board matters when choosing which timelines to keep.
fn weight(b: &BoardView) -> u64 {
    1 + if b.current { 1000 } else { 0 }
        + if b.touched { 100 } else { 0 }
        + if b.owed { 10 } else { 0 }
}

/// How much a board matters when choosing which grid boards to keep: only
/// the present and the last action's board pull the window away from the
/// most recent boards.
fn grid_weight(b: &BoardView) -> u64 {
    (if b.current { 1000 } else { 0 }) + if b.touched { 100 } else { 0 }
}

/// Start of the window of `k` of `scores` with the largest sum (ties to the
/// earliest, or the latest when `late`).
fn best_window(scores: &[u64], k: usize, late: bool) -> usize {
    if k >= scores.len() {
        return 0;
    }
    let mut sum: u64 = scores[..k].iter().sum();
    let (mut best, mut at) = (sum, 0);
    for start in 1..=scores.len() - k {
        sum = sum + scores[start + k - 1] - scores[start - 1];
        if sum > best || (late && sum == best) {
            best = sum;
            at = start;
        }
    }
    at
}

fn clamp_pos(v: f64) -> f64 {
    v.clamp(-1.0e6, 1.0e6)
}

/// Lays the boards out at `geo`, cropping to fit `max_w` x `max_h` when
/// `crop` (otherwise the arrangement may be bigger and says it is complete).
fn arrange(
    view: &View,
    geo: &Geo,
    (max_w, max_h): (i32, i32),
    crop: bool,
    min_cols: usize,
) -> Arrangement {
    let n = view.boards.len();
    let (sw, sh) = slot(view, geo);
    let g = gap(geo);
    if n <= 1 {
        return Arrangement {
            w: sw,
            h: sh,
            origin: vec![(0.0, 0.0); n],
            shown: (0..n).collect(),
            threads: Vec::new(),
            notice: None,
            complete: true,
            spot: None,
            cols: 0,
            present: Vec::new(),
            copies: None,
            labels: Vec::new(),
        };
    }
    let fit = |avail: i32, slot: i32| -> usize { (((avail + g) / (slot + g)).max(1)) as usize };
    {
        // Grid: reading order, roughly square.
        let cols_max = fit(max_w, sw);
        let rows_max = fit(max_h, sh);
        let ideal = ((n as f64 * sh as f64 / sw as f64).sqrt().ceil() as usize)
            .max(min_cols)
            .clamp(1, n);
        let mut cols = ideal.min(cols_max);
        if n.div_ceil(cols) > rows_max {
            cols = cols_max.min(n);
        }
        let complete = n.div_ceil(cols) <= rows_max;
        let k = if crop && !complete {
            cols * rows_max
        } else {
            n
        };
        let scores: Vec<u64> = view.boards.iter().map(grid_weight).collect();
        let start = best_window(&scores, k, true);
        let mut origin = Vec::with_capacity(n);
        for i in 0..n {
            let j = i as i64 - start as i64;
            let (r, c) = (j.div_euclid(cols as i64), j.rem_euclid(cols as i64));
            origin.push((
                clamp_pos((c * (sw + g) as i64) as f64),
                clamp_pos((r * (sh + g) as i64) as f64),
            ));
        }
        let shown: Vec<usize> = (start..(start + k).min(n)).collect();
        let rows = shown.len().div_ceil(cols) as i64;
        let notice = (k < n).then(|| {
            format!(
                "Showing boards {}–{} of {}",
                start + 1,
                (start + k).min(n),
                n
            )
        });
        Arrangement {
            w: (cols as i64 * (sw + g) as i64 - g as i64).min(1 << 30) as i32,
            h: (rows * (sh + g) as i64 - g as i64).min(1 << 30) as i32,
            origin,
            shown,
            threads: Vec::new(),
            notice,
            complete,
            spot: None,
            cols,
            present: Vec::new(),
            copies: None,
            labels: Vec::new(),
        }
    }
}

/// Where a compact snapshot aims: what reads when Discord shows it about
/// 550 px wide (16:10 at most this size; the full snapshot has `max_side`).
/// Places the text blocks around the board area.
fn assemble(view: &View, geo: Geo, arr: Arrangement, bottom: Color, pad: i32) -> Plan {
    let single = view.boards.len() <= 1;
    let min_w = 240;
    let content_w = arr.w.max(min_w);
    let (above, below) = chrome(view, &geo, content_w, single, bottom, arr.notice.as_deref());
    let spacing = (ui_size(geo.s, content_w) * 0.5) as i32;
    let mut blocks = Vec::new();
    let mut y = pad;
    for mut b in above {
        b.y = y;
        y += b.h + spacing;
        blocks.push(b);
    }
    let area_y = y;
    let area_x = pad + (content_w - arr.w) / 2;
    blocks.push(Block {
        y,
        h: arr.h,
        kind: BlockKind::Boards,
    });
    y += arr.h;
    for mut b in below {
        y += spacing;
        b.y = y;
        y += b.h;
        blocks.push(b);
    }
    let (big, spot) = arr.spot.unwrap_or((geo, Vec::new()));
    let (big, copies) = match arr.copies {
        Some((big, copies)) => (big, copies),
        None => (big, Vec::new()),
    };
    let slot_copy = slot(view, &big);
    let copies = copies
        .into_iter()
        .filter_map(|(i, (x, yy))| {
            let (dx, dy) = inset(&big, slot_copy, view.boards.get(i)?.shape);
            Some((i, (x + area_x as f64 + dx, yy + area_y as f64 + dy)))
        })
        .collect();
    let labels = arr
        .labels
        .into_iter()
        .map(|l| Label {
            x: l.x + area_x as i64,
            base: l.base + area_y as i64,
            ..l
        })
        .collect();
    let (slot_small, slot_big) = (slot(view, &geo), slot(view, &big));
    let origin = arr
        .origin
        .iter()
        .zip(&view.boards)
        .enumerate()
        .map(|(i, (&(x, yy), b))| {
            let (d, sl) = if spot.get(i).copied().unwrap_or(false) {
                (&big, slot_big)
            } else {
                (&geo, slot_small)
            };
            let (dx, dy) = inset(d, sl, b.shape);
            (x + area_x as f64 + dx, yy + area_y as f64 + dy)
        })
        .collect();
    let present = arr
        .present
        .iter()
        .map(|&(x, yy, w, h)| {
            let c = |v: i64| v.clamp(-(1 << 30), 1 << 30) as i32;
            (c(x + area_x as i64), c(yy + area_y as i64), c(w), c(h))
        })
        .collect();
    let cols = arr.cols;
    Plan {
        w: content_w + 2 * pad,
        h: y + pad,
        geo,
        big,
        spot,
        bottom,
        origin,
        shown: arr.shown,
        blocks,
        threads: arr.threads,
        pad,
        cols,
        present,
        copies,
        labels,
    }
}

/// Chooses the square size and the boards shown so that the image fits the
/// limits: the largest square up to `limits.square` at which everything
/// fits, else the smallest allowed square with the view cropped to its most
/// recent part.
pub(crate) fn plan(view: &View, limits: &Limits, max_side: i32) -> Plan {
    let bottom = limits.bottom;
    let labels = limits.lines
        || view
            .boards
            .iter()
            .any(|b| b.label.is_some() || b.to_move.is_some());
    let captions = limits.lines || view.boards.iter().any(|b| b.caption.is_some());
    let single = view.boards.len() <= 1;
    if view.layout == Layout::Timelines && !single {
        let geo_of = |s: i32| Geo::new(s, limits.coordinates, labels, captions);
        return plan_timelines(view, limits, max_side, geo_of);
    }
    let floor = if single { 4 } else { limits.min_square };
    let pad_of = |s: i32| ((s as f32 * 0.4) as i32).clamp(12, 28);
    // One board fits `max_side`; a grid of several the compact box unless
    // the whole is asked for.
    let (box_w, box_h) = if single || limits.full {
        (max_side, max_side)
    } else {
        (max_side.min(COMPACT.0), max_side.min(COMPACT.1))
    };
    let mut s = limits.square.max(floor);
    loop {
        let geo = Geo::new(s, limits.coordinates, labels, captions);
        let pad = pad_of(s);
        let arr = arrange(
            view,
            &geo,
            (box_w - 2 * pad, box_h - 2 * pad),
            false,
            limits.min_cols,
        );
        if arr.complete {
            let plan = assemble(view, geo, arr, bottom, pad);
            if plan.w <= box_w && plan.h <= box_h {
                return plan;
            }
        }
        if s <= floor {
            break;
        }
        s = ((s as f32 * 0.9) as i32).max(floor);
    }
    // Crop at the floor square, shrinking the board area until the chrome
    // fits too.
    let s = floor;
    let geo = Geo::new(s, limits.coordinates, labels, captions);
    let pad = pad_of(s);
    let avail_w = box_w - 2 * pad;
    let mut avail_h = box_h - 2 * pad;
    loop {
        let arr = arrange(view, &geo, (avail_w, avail_h), true, limits.min_cols);
        let plan = assemble(view, geo, arr, bottom, pad);
        if plan.h <= box_h || avail_h <= 0 {
            return plan;
        }
        avail_h -= plan.h - box_h;
    }
}

#[cfg(test)]
mod tests;
