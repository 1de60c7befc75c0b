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
fn arrange(view: &View, geo: &Geo, max_w: i32, max_h: i32, crop: bool) -> Arrangement {
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
        }
    } else {
        // Grid: reading order, roughly square.
        let cols_max = fit(max_w, sw);
        let rows_max = fit(max_h, sh);
        let ideal = ((n as f64 * sh as f64 / sw as f64).sqrt().ceil() as usize).clamp(1, n);
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
        }
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
    Plan {
        w: content_w + 2 * pad,
        h: y + pad,
        geo,
        bottom,
        origin,
        shown: arr.shown,
        blocks,
        threads: arr.threads,
        pad,
    }
}

/// Chooses the square size and the boards shown so that the image fits the
/// limits: the largest square up to `limits.square` at which everything
/// fits, else the smallest allowed square with the view cropped to its most
/// recent part.
pub(crate) fn plan(view: &View, limits: &Limits, max_side: i32) -> Plan {
    let bottom = limits.bottom;
    let labels = view
        .boards
        .iter()
        .any(|b| b.label.is_some() || b.to_move.is_some());
    let captions = view.boards.iter().any(|b| b.caption.is_some());
    let single = view.boards.len() <= 1;
    let floor = if single { 4 } else { limits.min_square };
    let pad_of = |s: i32| ((s as f32 * 0.4) as i32).clamp(12, 28);
    let mut s = limits.square.max(floor);
    loop {
        let geo = Geo::new(s, limits.coordinates, labels, captions);
        let pad = pad_of(s);
        let avail = max_side - 2 * pad;
        let arr = arrange(view, &geo, avail, avail, false);
        if arr.complete {
            let plan = assemble(view, geo, arr, bottom, pad);
            if plan.w <= max_side && plan.h <= max_side {
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
    let avail = max_side - 2 * pad;
    let mut avail_h = avail;
    loop {
        let arr = arrange(view, &geo, avail, avail_h, true);
        let plan = assemble(view, geo, arr, bottom, pad);
        if plan.h <= max_side || avail_h <= 0 {
            return plan;
        }
        avail_h -= plan.h - max_side;
    }
}
