//! Where everything goes: the square size, which boards are shown (cropped
//! to the recent past when a view is too big), and the text around them.

use chronomate_rules::Color;
use chronomate_rules::view::{BoardView, Hand, Layout, Man, Shape, View};

use crate::Limits;
use crate::board::Geo;
use crate::font;

/// Longest text we lay out from any one string of the view.
const MAX_CHARS: usize = 300;
/// At most this many lines of title and of notes.
const MAX_TITLE_LINES: usize = 3;
const MAX_NOTE_LINES: usize = 10;
/// At most this many rows of men in one hand or in the pending list.
const MAX_FLOW_ROWS: usize = 3;

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
}

/// The slot every tile gets: the largest tile of the boards present.
fn slot(view: &View, geo: &Geo) -> (i32, i32) {
    let mut shapes = [false; 2];
    for b in &view.boards {
        shapes[(b.shape == Shape::Cube4) as usize] = true;
    }
    let mut s = (0, 0);
    for (i, shape) in [Shape::Square8, Shape::Cube4].into_iter().enumerate() {
        if shapes[i] {
            let t = geo.tile(shape);
            s = (s.0.max(t.0), s.1.max(t.1));
        }
    }
    s
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
    let timelines = view.layout == Layout::Timelines && n > 1;
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
        };
    }
    let fit = |avail: i32, slot: i32| -> usize { (((avail + g) / (slot + g)).max(1)) as usize };
    if timelines {
        let cmin = view.boards.iter().map(|b| b.column).min().unwrap_or(0) as u64;
        let cmax = view.boards.iter().map(|b| b.column).max().unwrap_or(0) as u64;
        let ncols = cmax - cmin + 1;
        let mut rows: Vec<u32> = view.boards.iter().map(|b| b.row).collect();
        rows.sort_unstable();
        rows.dedup();
        let nrows = rows.len();
        let (kc, kr) = (fit(max_w, sw) as u64, fit(max_h, sh));
        let complete = ncols <= kc && nrows <= kr;
        let (kc, kr) = if crop && !complete {
            (kc.min(ncols), kr.min(nrows))
        } else {
            (ncols, nrows)
        };
        // The most recent columns; the rows that matter most in them.
        let c0 = cmax + 1 - kc;
        let row_of = |r: u32| rows.binary_search(&r).unwrap_or(0);
        let mut scores = vec![0u64; nrows];
        for b in &view.boards {
            if b.column as u64 >= c0 {
                scores[row_of(b.row)] += weight(b);
            }
        }
        let r0 = best_window(&scores, kr, false);
        let mut origin = Vec::with_capacity(n);
        let mut shown = Vec::new();
        for (i, b) in view.boards.iter().enumerate() {
            let col = b.column as f64 - c0 as f64;
            let row = row_of(b.row) as f64 - r0 as f64;
            origin.push((
                clamp_pos(col * (sw + g) as f64),
                clamp_pos(row * (sh + g) as f64),
            ));
            if col >= 0.0 && row >= 0.0 && (row as usize) < kr {
                shown.push(i);
            }
        }
        // Threads join each board to the next one along its row.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (view.boards[i].row, view.boards[i].column, i));
        let threads = order
            .windows(2)
            .filter(|w| view.boards[w[0]].row == view.boards[w[1]].row)
            .filter(|w| view.boards[w[0]].column < view.boards[w[1]].column)
            .map(|w| (w[0], w[1]))
            .collect();
        let mut notice = Vec::new();
        if kc < ncols {
            notice.push(format!(
                "columns {}–{} of {} (the most recent)",
                c0 - cmin + 1,
                ncols,
                ncols
            ));
        }
        if kr < nrows {
            notice.push(format!("rows {}–{} of {}", r0 + 1, r0 + kr, nrows));
        }
        let span =
            |k: u64, slot: i32| (k as i64 * (slot + g) as i64 - g as i64).min(1 << 30) as i32;
        Arrangement {
            w: span(kc, sw),
            h: span(kr as u64, sh),
            origin,
            shown,
            threads,
            notice: (!notice.is_empty()).then(|| format!("Showing {}", notice.join(", "))),
            complete,
            spot: None,
            cols: 0,
        }
    } else {
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
        }
    }
}

/// Where a compact snapshot aims: what reads when Discord shows it about
/// 550 px wide (16:10 at most this size; the full snapshot has `max_side`).
const COMPACT: (i32, i32) = (2048, 1280);
/// The widest and tallest a view of several boards may be, width over
/// height.
const MAX_ASPECT: f64 = 2.0;
/// At most this many present boards are drawn large beside the history.
const MAX_SPOT: usize = 4;

/// A view's timeline grid: its columns and rows.
struct Span {
    cmin: u64,
    cmax: u64,
    rows: Vec<u32>,
}

impl Span {
    fn of(view: &View) -> Span {
        let cmin = view.boards.iter().map(|b| b.column).min().unwrap_or(0) as u64;
        let cmax = view.boards.iter().map(|b| b.column).max().unwrap_or(0) as u64;
        let mut rows: Vec<u32> = view.boards.iter().map(|b| b.row).collect();
        rows.sort_unstable();
        rows.dedup();
        Span { cmin, cmax, rows }
    }

    fn columns(&self) -> u64 {
        self.cmax - self.cmin + 1
    }

    fn row_of(&self, r: u32) -> usize {
        self.rows.binary_search(&r).unwrap_or(0)
    }
}

/// Which part of the timeline grid is shown and how it wraps.
#[derive(Clone, Copy, Debug)]
struct Bands {
    /// Columns per band: a long timeline continues in the band below.
    wrap: u64,
    /// The first column shown (the latest columns are kept).
    c0: u64,
    /// The first row shown, and how many.
    r0: usize,
    rows: usize,
    /// Groups of rows side by side: many timelines of few steps spread
    /// sideways.
    split: usize,
}

fn band_gap(geo: &Geo) -> i32 {
    gap(geo) * 2
}

/// Rows per group of `b`.
fn group_rows(b: &Bands) -> usize {
    b.rows.div_ceil(b.split.max(1)).max(1)
}

/// Width and height of the history at `geo` shown as `b`.
fn bands_size(span: &Span, slot: (i32, i32), geo: &Geo, b: &Bands) -> (i64, i64) {
    let g = gap(geo) as i64;
    let k = (span.cmax + 1).saturating_sub(b.c0).max(1);
    let wrap = b.wrap.clamp(1, k);
    let nb = k.div_ceil(wrap) as i64;
    let groups = b.rows.div_ceil(group_rows(b)).max(1) as i64;
    let band_h = group_rows(b) as i64 * (slot.1 as i64 + g) - g;
    let band_w = wrap as i64 * (slot.0 as i64 + g) - g;
    (
        groups * band_w + (groups - 1) * band_gap(geo) as i64,
        nb * band_h + (nb - 1) * band_gap(geo) as i64,
    )
}

/// Lays out a timelines view in wrapped bands, with the present boards
/// (`spot`) drawn large to the right when given.
fn arrange_bands(
    view: &View,
    geo: &Geo,
    spot: Option<(&Geo, &[bool])>,
    span: &Span,
    b: &Bands,
) -> Arrangement {
    let n = view.boards.len();
    let is_spot = |i: usize| spot.is_some_and(|(_, s)| s.get(i).copied().unwrap_or(false));
    let slot = slot(view, geo);
    let (sw, sh) = (slot.0 as i64, slot.1 as i64);
    let g = gap(geo) as i64;
    let k = (span.cmax + 1).saturating_sub(b.c0).max(1);
    let wrap = b.wrap.clamp(1, k) as i64;
    let rg = group_rows(b) as i64;
    let band_h = rg * (sh + g) - g;
    let band_step = band_h + band_gap(geo) as i64;
    let group_step = wrap * (sw + g) - g + band_gap(geo) as i64;
    let (hist_w, hist_h) = bands_size(span, slot, geo, b);
    let mut origin = Vec::with_capacity(n);
    let mut shown = Vec::new();
    for (i, board) in view.boards.iter().enumerate() {
        let j = board.column as i64 - b.c0 as i64;
        let r = span.row_of(board.row) as i64 - b.r0 as i64;
        let (group, r) = (r.div_euclid(rg), r.rem_euclid(rg));
        let (x, y) = if j >= 0 {
            (
                group * group_step + (j % wrap) * (sw + g),
                (j / wrap) * band_step + r * (sh + g),
            )
        } else {
            (group * group_step + j * (sw + g), r * (sh + g))
        };
        origin.push((clamp_pos(x as f64), clamp_pos(y as f64)));
        if !is_spot(i) && j >= 0 && r >= 0 && (r as usize) < b.rows {
            shown.push(i);
        }
    }
    let (mut w, mut h) = (hist_w, hist_h);
    if let Some((big, _)) = spot {
        let (bw, bh) = self::slot(view, big);
        let x = hist_w + 2 * g;
        let mut y = 0i64;
        for (i, o) in origin.iter_mut().enumerate() {
            if is_spot(i) {
                *o = (x as f64, y as f64);
                shown.push(i);
                y += bh as i64 + g;
            }
        }
        w = x + bw as i64;
        h = h.max(y - g);
        shown.sort_unstable();
    }
    // Threads join each board to the next one along its row, within a
    // band.
    let mut order: Vec<usize> = (0..n).filter(|&i| !is_spot(i)).collect();
    order.sort_by_key(|&i| (view.boards[i].row, view.boards[i].column, i));
    let threads = order
        .windows(2)
        .filter(|p| view.boards[p[0]].row == view.boards[p[1]].row)
        .filter(|p| view.boards[p[0]].column < view.boards[p[1]].column)
        .filter(|p| origin[p[0]].1 == origin[p[1]].1)
        .map(|p| (p[0], p[1]))
        .collect();
    let ncols = span.columns();
    let nrows = span.rows.len();
    let mut notice = Vec::new();
    if b.c0 > span.cmin {
        notice.push(format!(
            "columns {}–{} of {} (the most recent)",
            b.c0 - span.cmin + 1,
            ncols,
            ncols
        ));
    }
    if b.rows < nrows {
        notice.push(format!("rows {}–{} of {}", b.r0 + 1, b.r0 + b.rows, nrows));
    }
    Arrangement {
        w: w.min(1 << 30) as i32,
        h: h.min(1 << 30) as i32,
        origin,
        shown,
        threads,
        complete: notice.is_empty(),
        notice: (!notice.is_empty()).then(|| format!("Showing {}", notice.join(", "))),
        spot: spot.map(|(big, s)| (*big, s.to_vec())),
        cols: 0,
    }
}

/// How far `w` x `h` is from 16:9 (0 is exactly), or `None` when it is
/// wider or taller than 2:1.
fn aspect_cost(w: i64, h: i64) -> Option<f64> {
    let a = w.max(1) as f64 / h.max(1) as f64;
    (1.0 / MAX_ASPECT..=MAX_ASPECT)
        .contains(&a)
        .then(|| (a / (16.0 / 9.0)).ln().abs())
}

/// Lays out a timelines view (a snapshot): the largest boards at which
/// everything fits, long timelines wrapped into bands so that the image
/// stays near 16:9. A compact plan (the default) fits [`COMPACT`], drawing
/// the present boards large beside a smaller history once the whole does
/// not fit at full size, and keeps the most recent part when even the
/// smallest boards do not fit; a full plan fits `max_side` and shrinks to
/// `min_square` before it crops.
fn plan_timelines(
    view: &View,
    limits: &Limits,
    max_side: i32,
    geo_of: impl Fn(i32) -> Geo,
) -> Plan {
    let bottom = limits.bottom;
    let (box_w, box_h) = if limits.full {
        (max_side, max_side)
    } else {
        (max_side.min(COMPACT.0), max_side.min(COMPACT.1))
    };
    let span = Span::of(view);
    let ncols = span.columns();
    let nrows = span.rows.len();
    let floor = limits.min_square;
    let pad_of = |s: i32| ((s as f32 * 0.4) as i32).clamp(12, 28);
    let all = Bands {
        wrap: ncols,
        c0: span.cmin,
        r0: 0,
        rows: nrows,
        split: 1,
    };
    // The text around the boards, measured once on a first try.
    let chrome_of = |geo: &Geo, arr: Arrangement, pad: i32| {
        let ah = arr.h;
        let plan = assemble(view, *geo, arr, bottom, pad);
        (plan.h - ah - 2 * pad).max(0)
    };
    let g0 = geo_of(limits.square);
    let chrome = chrome_of(
        &g0,
        arrange_bands(view, &g0, None, &span, &all),
        pad_of(limits.square),
    );
    let fits = |plan: &Plan| plan.w <= box_w && plan.h <= box_h;

    // The ways to show every column at `geo` beside a spotlight `spot_w`
    // wide and `spot_h` tall that fit the box, nearest 16:9 first: long
    // timelines wrap into bands below, many short ones spread into groups
    // side by side.
    let shapes = |geo: &Geo, spot_w: i64, spot_h: i64, pad: i32| -> Vec<Bands> {
        let slot = slot(view, geo);
        let (aw, ah) = ((box_w - 2 * pad) as i64, (box_h - 2 * pad - chrome) as i64);
        let mut found: Vec<(f64, Bands)> = Vec::new();
        let mut last_rg = 0;
        for split in 1..=nrows {
            let rg = nrows.div_ceil(split);
            if rg == last_rg {
                continue;
            }
            last_rg = rg;
            // Balanced bands only: 16 columns wrap as 8 + 8, not 11 + 5.
            let mut last_wrap = 0;
            for nb in 1..=ncols {
                let wrap = ncols.div_ceil(nb);
                // Either wrap long timelines or spread many short ones
                // sideways, not both: time should read left to right.
                if wrap == last_wrap || (split > 1 && wrap < ncols) {
                    continue;
                }
                last_wrap = wrap;
                let b = Bands { wrap, split, ..all };
                let (w, h) = bands_size(&span, slot, geo, &b);
                let (w, h) = (w + spot_w, h.max(spot_h));
                if w > aw || h > ah {
                    continue;
                }
                let iw = w + 2 * pad as i64;
                let ih = h + chrome as i64 + 2 * pad as i64;
                if let Some(cost) = aspect_cost(iw, ih) {
                    // Unwrapped and unsplit reads best: a small bonus.
                    let plain = if wrap == ncols && split == 1 {
                        0.05
                    } else {
                        0.0
                    };
                    found.push((cost - plain, b));
                }
            }
        }
        found.sort_by(|a, b| a.0.total_cmp(&b.0));
        found.into_iter().map(|(_, b)| b).take(4).collect()
    };
    let sizes = |from: i32| {
        let mut v = Vec::new();
        let mut s = from.max(floor);
        loop {
            v.push(s);
            if s <= floor {
                break v;
            }
            s = ((s as f32 * 0.9) as i32).max(floor);
        }
    };

    // The present boards, drawn large when the whole does not fit.
    let current: Vec<bool> = view.boards.iter().map(|b| b.current).collect();
    let count = current.iter().filter(|&&c| c).count();
    let spotlight = !limits.full && (1..=MAX_SPOT).contains(&count) && count < view.boards.len();

    let mut tries: Vec<(i32, Option<i32>)> = vec![(limits.square, None)];
    if spotlight {
        let hist = ((limits.square as f32 * 0.7) as i32).max(floor);
        tries.extend(sizes(hist).into_iter().map(|s| (s, Some(limits.square))));
    } else {
        tries.extend(sizes(limits.square).into_iter().skip(1).map(|s| (s, None)));
    }
    let spot_geo = |big: i32| -> (Geo, i64, i64) {
        // The spotlight stack shrinks until it fits the height.
        let mut b = big;
        loop {
            let geo = geo_of(b);
            let (bw, bh) = slot(view, &geo);
            let g = gap(&geo) as i64;
            let h = count as i64 * (bh as i64 + g) - g;
            if h <= (box_h - 2 * pad_of(b) - chrome) as i64 || b <= floor {
                return (geo, bw as i64 + 2 * g, h);
            }
            b = ((b as f32 * 0.9) as i32).max(floor);
        }
    };
    for (s, big) in tries {
        let geo = geo_of(s);
        let pad = pad_of(s);
        let spot = big.map(spot_geo);
        let (sw, sh) = spot.as_ref().map_or((0, 0), |(_, w, h)| (*w, *h));
        for bands in shapes(&geo, sw, sh, pad) {
            let arr = arrange_bands(
                view,
                &geo,
                spot.as_ref().map(|(g, _, _)| (g, current.as_slice())),
                &span,
                &bands,
            );
            let plan = assemble(view, geo, arr, bottom, pad);
            if fits(&plan) && aspect_cost(plan.w as i64, plan.h as i64).is_some() {
                return plan;
            }
        }
    }

    // Nothing fits: the smallest boards, the most recent columns and the
    // rows that matter most in them, filling the box.
    let geo = geo_of(floor);
    let pad = pad_of(floor);
    let spot = spotlight.then(|| spot_geo(limits.square));
    let (spw, sph) = spot.as_ref().map_or((0, 0), |(_, w, h)| (*w, *h));
    let slot = slot(view, &geo);
    let g = gap(&geo) as i64;
    let mut avail_h = (box_h - 2 * pad - chrome) as i64;
    loop {
        let avail_w = ((box_w - 2 * pad) as i64 - spw).max(slot.0 as i64);
        let wrap = (((avail_w + g) / (slot.0 as i64 + g)).max(1) as u64).min(ncols);
        let row_h = slot.1 as i64 + g;
        let fit_rows = ((avail_h.max(sph.min(avail_h)) + g) / row_h).max(1) as usize;
        let rows = nrows.min(fit_rows);
        let band_h = rows as i64 * row_h - g;
        let nb = if rows < nrows {
            1
        } else {
            ((avail_h + band_gap(&geo) as i64) / (band_h + band_gap(&geo) as i64)).max(1) as u64
        };
        let keep = (wrap * nb).min(ncols);
        let c0 = span.cmax + 1 - keep;
        let mut scores = vec![0u64; nrows];
        for b in &view.boards {
            if b.column as u64 >= c0 {
                scores[span.row_of(b.row)] += weight(b);
            }
        }
        let r0 = best_window(&scores, rows, false);
        let bands = Bands {
            wrap,
            c0,
            r0,
            rows,
            split: 1,
        };
        let arr = arrange_bands(
            view,
            &geo,
            spot.as_ref().map(|(g, _, _)| (g, current.as_slice())),
            &span,
            &bands,
        );
        let plan = assemble(view, geo, arr, bottom, pad);
        if plan.h <= box_h || avail_h <= row_h {
            return plan;
        }
        avail_h -= (plan.h - box_h) as i64;
    }
}

/// Body text size for an image of content width `w` at square `s`.
fn ui_size(s: i32, w: i32) -> f32 {
    (s as f32 * 0.36).max(w as f32 / 64.0).clamp(14.0, 60.0)
}

/// Lays out rows of items no wider than `max`, at most `rows_cap` rows.
fn flow(items: Vec<Item>, icon: i32, text: f32, max: i32, rows_cap: usize) -> Vec<Vec<Item>> {
    let gap = (text * 0.6) as i32;
    let total = items.len();
    let mut rows: Vec<Vec<Item>> = vec![Vec::new()];
    let mut x = 0;
    let mut placed = 0;
    for item in items {
        let w = item.width(icon, text);
        if x > 0 && x + w > max {
            if rows.len() == rows_cap {
                break;
            }
            rows.push(Vec::new());
            x = 0;
        }
        x += w + gap;
        if let Some(row) = rows.last_mut() {
            row.push(item);
        }
        placed += 1;
    }
    if placed < total
        && let Some(row) = rows.last_mut()
    {
        let mut more = total - placed;
        // Make room for "+N more" on the last row.
        loop {
            let used: i32 = row.iter().map(|i| i.width(icon, text) + gap).sum();
            let label = format!("+{more} more");
            if used + font::text_width(&label, text, false) <= max || row.len() <= 1 {
                row.push(Item::Text(label));
                break;
            }
            row.pop();
            more += 1;
        }
    }
    rows
}

fn hand_items(hand: &Hand) -> Vec<Item> {
    let mut items = vec![Item::Heading(format!("{} in hand", hand.color))];
    if hand.men.is_empty() {
        items.push(Item::Text("none".to_owned()));
    }
    for &(man, count) in &hand.men {
        items.push(Item::Man(man, (count != 1).then_some(count)));
    }
    items
}

/// The text and men around the boards, as blocks without positions yet.
fn chrome(
    view: &View,
    geo: &Geo,
    content_w: i32,
    single: bool,
    bottom: Color,
    notice: Option<&str>,
) -> (Vec<Block>, Vec<Block>) {
    let s = geo.s;
    let ui = ui_size(s, content_w);
    let icon = ((s as f32 * 0.62).max(ui * 1.7) as i32).clamp(18, 112);
    let line = |f: f32| (f * 1.4).ceil() as i32;
    let text_block = |lines: Vec<String>, size: f32, bold: bool, dim: bool| Block {
        y: 0,
        h: line(size) * lines.len() as i32,
        kind: BlockKind::Text {
            lines,
            size,
            bold,
            dim,
        },
    };
    let flow_block = |items: Vec<Item>| {
        let rows = flow(items, icon, ui, content_w, MAX_FLOW_ROWS);
        Block {
            y: 0,
            h: rows.len() as i32 * (icon + (ui * 0.3) as i32),
            kind: BlockKind::Flow {
                rows,
                icon,
                text: ui,
            },
        }
    };
    let mut above = Vec::new();
    let mut below = Vec::new();
    if let Some(title) = &view.title {
        // Never smaller than the boards' labels.
        let size = (ui * 1.25).max(geo.label_font * 1.15);
        let mut lines = font::wrap_text(&clip(title), size, true, content_w);
        cap_lines(&mut lines, MAX_TITLE_LINES, size, true, content_w);
        if !lines.is_empty() {
            above.push(text_block(lines, size, true, false));
        }
    }
    if let Some(notice) = notice {
        let size = ui;
        let lines = font::wrap_text(notice, size, false, content_w);
        above.push(text_block(lines, size, false, true));
    }
    let hands: Vec<&Hand> = view.hands.iter().take(4).collect();
    if single {
        for hand in hands.iter().filter(|h| h.color != bottom) {
            above.push(flow_block(hand_items(hand)));
        }
        for hand in hands.iter().filter(|h| h.color == bottom) {
            below.push(flow_block(hand_items(hand)));
        }
    } else {
        for hand in &hands {
            below.push(flow_block(hand_items(hand)));
        }
    }
    if !view.pending.is_empty() {
        let mut items = vec![Item::Heading("returning".to_owned())];
        for p in view.pending.iter().take(200) {
            let label = font::fit_text(&clip(&p.label), ui, false, content_w - icon);
            items.push(Item::Labelled(p.man, label));
        }
        below.push(flow_block(items));
    }
    if !view.notes.is_empty() {
        let mut lines = Vec::new();
        for note in view.notes.iter().take(MAX_NOTE_LINES + 1) {
            lines.extend(font::wrap_text(&clip(note), ui, false, content_w));
        }
        let more = view.notes.len() > MAX_NOTE_LINES + 1;
        cap_lines(&mut lines, MAX_NOTE_LINES, ui, false, content_w);
        if more
            && let Some(last) = lines.last_mut()
            && !last.ends_with('…')
        {
            *last = font::fit_text(&format!("{last} …"), ui, false, content_w);
        }
        if !lines.is_empty() {
            below.push(text_block(lines, ui, false, false));
        }
    }
    (above, below)
}

fn cap_lines(lines: &mut Vec<String>, cap: usize, size: f32, bold: bool, max: i32) {
    if lines.len() > cap {
        lines.truncate(cap);
        if let Some(last) = lines.last_mut() {
            *last = font::fit_text(&format!("{last} …"), size, bold, max);
        }
    }
}

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
    let origin = arr
        .origin
        .iter()
        .map(|&(x, yy)| (x + area_x as f64, yy + area_y as f64))
        .collect();
    let (big, spot) = arr.spot.unwrap_or((geo, Vec::new()));
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
mod tests {
    use super::*;

    /// `rows` timelines of `cols` steps, timeline r starting at column r;
    /// the last board of the last timeline is the present.
    fn timelines(rows: u32, cols: u32, present: bool) -> View {
        let mut boards = Vec::new();
        for r in 0..rows {
            for c in r.min(cols - 1)..cols {
                let mut b = BoardView::empty(Shape::Square8);
                b.row = r;
                b.column = c;
                b.label = Some(format!("T{} move {}", r + 1, c + 1));
                boards.push(b);
            }
        }
        if present && let Some(b) = boards.last_mut() {
            b.current = true;
        }
        View {
            title: Some("Timeline 3 · move 12 · white to move".into()),
            layout: Layout::Timelines,
            boards,
            ..View::default()
        }
    }

    fn limits(full: bool) -> Limits {
        Limits {
            square: 32,
            min_square: 12,
            coordinates: true,
            bottom: Color::White,
            full,
            min_cols: 0,
            min_top: 0,
            lines: false,
        }
    }

    fn aspect(p: &Plan) -> f64 {
        p.w as f64 / p.h as f64
    }

    #[test]
    fn a_long_history_reads_in_the_chat_with_the_present_largest() {
        crate::font::ensure_fonts().unwrap();
        let view = timelines(3, 24, true);
        let p = plan(&view, &limits(false), 4096);
        assert!(p.w <= COMPACT.0 && p.h <= COMPACT.1, "{}x{}", p.w, p.h);
        assert!((0.5..=2.0).contains(&aspect(&p)), "{}x{}", p.w, p.h);
        assert!(p.geo.s >= 12, "history boards at least 96 px");
        let present = view.boards.len() - 1;
        assert!(
            p.spot[present] && p.big.s > p.geo.s,
            "the present is largest"
        );
        assert_eq!(p.geo_of(present).s, 32);
        assert_eq!(p.shown.len(), view.boards.len(), "all of it fits");
        // Wrapped: the history runs in more than one band of rows.
        let ys: std::collections::BTreeSet<i64> =
            p.shown.iter().map(|&i| p.origin[i].1 as i64).collect();
        assert!(ys.len() > 3, "{ys:?}");
    }

    #[test]
    fn the_full_snapshot_shows_every_board_wrapped_near_16_9() {
        crate::font::ensure_fonts().unwrap();
        let view = timelines(3, 24, true);
        let p = plan(&view, &limits(true), 4096);
        assert_eq!(p.shown.len(), view.boards.len());
        assert!(p.spot.is_empty(), "one size in the full snapshot");
        assert!(p.geo.s >= 12);
        assert!((0.5..=2.0).contains(&aspect(&p)), "{}x{}", p.w, p.h);
        assert!(p.w <= 4096 && p.h <= 4096);
    }

    #[test]
    fn a_short_wide_timeline_wraps_instead_of_running_off() {
        crate::font::ensure_fonts().unwrap();
        let view = timelines(1, 9, false);
        let p = plan(&view, &limits(false), 4096);
        assert!((0.5..=2.0).contains(&aspect(&p)), "{}x{}", p.w, p.h);
        assert_eq!(p.shown.len(), 9);
        assert_eq!(p.geo.s, 32, "small enough to keep full-size boards");
    }

    #[test]
    fn many_short_timelines_spread_sideways() {
        crate::font::ensure_fonts().unwrap();
        let view = timelines(12, 3, false);
        let p = plan(&view, &limits(false), 4096);
        assert!((0.5..=2.0).contains(&aspect(&p)), "{}x{}", p.w, p.h);
        assert!(p.w <= COMPACT.0 && p.h <= COMPACT.1, "{}x{}", p.w, p.h);
    }

    #[test]
    fn too_much_history_keeps_the_recent_part_and_says_so() {
        crate::font::ensure_fonts().unwrap();
        let view = timelines(21, 40, false);
        let p = plan(&view, &limits(false), 4096);
        assert!(p.w <= COMPACT.0 && p.h <= COMPACT.1, "{}x{}", p.w, p.h);
        assert!(p.shown.len() < view.boards.len());
        let latest = view.boards.iter().map(|b| b.column).max();
        assert!(
            p.shown
                .iter()
                .any(|&i| Some(view.boards[i].column) == latest)
        );
        let notice = p.blocks.iter().any(|b| {
            matches!(&b.kind, BlockKind::Text { lines, .. }
                if lines.iter().any(|l| l.contains("the most recent")))
        });
        assert!(notice);
    }
}
