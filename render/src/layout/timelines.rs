//! Timelines laid out to read in a chat: long histories wrapped into rows
//! of bands, the present boards larger beside them, within an aspect ratio
//! near 16:9 (a compact snapshot) or whole up to the size limit (full).
//! Row and column names go at the left and over every band; a view with a
//! present column keeps its present boards in the history (under the
//! present's band) and repeats them large beside it.

use super::headings::{Headings, Label};
use super::*;

/// The widest and tallest a view of several boards may be, width over
/// height.
const MAX_ASPECT: f64 = 2.0;
/// At most this many present boards are drawn large beside the history
/// (taken out of it).
const MAX_SPOT: usize = 4;
/// At most this many present boards of a view with a present column are
/// repeated large beside the history, in up to three columns.
const MAX_COPIES: usize = 12;

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
fn bands_size(span: &Span, slot: (i32, i32), geo: &Geo, b: &Bands, heads: &Headings) -> (i64, i64) {
    let g = gap(geo) as i64;
    let k = (span.cmax + 1).saturating_sub(b.c0).max(1);
    let wrap = b.wrap.clamp(1, k);
    let nb = k.div_ceil(wrap) as i64;
    let groups = b.rows.div_ceil(group_rows(b)).max(1) as i64;
    let band_h = heads.head_h + group_rows(b) as i64 * (slot.1 as i64 + g) - g;
    let band_w = heads.name_w + wrap as i64 * (slot.0 as i64 + g) - g;
    (
        groups * band_w + (groups - 1) * band_gap(geo) as i64,
        nb * band_h + (nb - 1) * band_gap(geo) as i64,
    )
}

/// The present boards drawn large beside the history: which (`on`), at
/// what size, in how many columns, and whether they stay in the history
/// too (`copies`).
struct Spot<'a> {
    geo: Geo,
    on: &'a [bool],
    cols: usize,
    copies: bool,
}

impl Spot<'_> {
    /// Whether board `i` leaves the history for the spotlight.
    fn moves(&self, i: usize) -> bool {
        !self.copies && self.on.get(i).copied().unwrap_or(false)
    }
}

/// Lays out a timelines view in wrapped bands, with the present boards
/// (`spot`) drawn large to the right when given.
fn arrange_bands(
    view: &View,
    geo: &Geo,
    spot: Option<&Spot>,
    span: &Span,
    b: &Bands,
    heads: &Headings,
) -> Arrangement {
    let n = view.boards.len();
    let moved = |i: usize| spot.is_some_and(|s| s.moves(i));
    let slot = slot(view, geo);
    let (sw, sh) = (slot.0 as i64, slot.1 as i64);
    let g = gap(geo) as i64;
    let k = (span.cmax + 1).saturating_sub(b.c0).max(1);
    let wrap = b.wrap.clamp(1, k) as i64;
    let rg = group_rows(b) as i64;
    let band_h = rg * (sh + g) - g;
    let band_step = heads.head_h + band_h + band_gap(geo) as i64;
    let group_step = heads.name_w + wrap * (sw + g) - g + band_gap(geo) as i64;
    let (hist_w, hist_h) = bands_size(span, slot, geo, b, heads);
    let mut origin = Vec::with_capacity(n);
    let mut shown = Vec::new();
    // Whether board `i` lies in the rows shown.
    let in_rows = |i: usize| {
        let r = span.row_of(view.boards[i].row) as i64 - b.r0 as i64;
        (0..b.rows as i64).contains(&r)
    };
    for (i, board) in view.boards.iter().enumerate() {
        let j = board.column as i64 - b.c0 as i64;
        let r = span.row_of(board.row) as i64 - b.r0 as i64;
        let (group, r) = (r.div_euclid(rg), r.rem_euclid(rg));
        let left = group * group_step + heads.name_w;
        let (x, y) = if j >= 0 {
            (
                left + (j % wrap) * (sw + g),
                (j / wrap) * band_step + heads.head_h + r * (sh + g),
            )
        } else {
            (left + j * (sw + g), heads.head_h + r * (sh + g))
        };
        origin.push((clamp_pos(x as f64), clamp_pos(y as f64)));
        if !moved(i) && j >= 0 && in_rows(i) {
            shown.push(i);
        }
    }
    let (mut w, mut h) = (hist_w, hist_h);
    let mut copies = Vec::new();
    if let Some(spot) = spot {
        let (bw, bh) = (
            self::slot(view, &spot.geo).0 as i64,
            self::slot(view, &spot.geo).1 as i64,
        );
        let x0 = hist_w + 2 * g;
        let mut list: Vec<usize> = (0..n).filter(|&i| spot.on.get(i) == Some(&true)).collect();
        if spot.copies {
            list.sort_by_key(|&i| (span.row_of(view.boards[i].row), view.boards[i].column, i));
        }
        // Top to bottom, then the next column: the timelines' order.
        let per = list.len().div_ceil(spot.cols.max(1)).max(1);
        for (m, &i) in list.iter().enumerate() {
            let (c, r) = ((m / per) as i64, (m % per) as i64);
            let at = ((x0 + c * (bw + g)) as f64, (r * (bh + g)) as f64);
            if spot.copies {
                copies.push((i, at));
            } else {
                origin[i] = at;
                shown.push(i);
            }
            w = w.max(x0 + c * (bw + g) + bw);
            h = h.max(r * (bh + g) + bh);
        }
        shown.sort_unstable();
    }
    // Threads join each board to the next one along its row, within a
    // band.
    let mut order: Vec<usize> = (0..n).filter(|&i| !moved(i) && in_rows(i)).collect();
    order.sort_by_key(|&i| (view.boards[i].row, view.boards[i].column, i));
    let threads = order
        .windows(2)
        .filter(|p| view.boards[p[0]].row == view.boards[p[1]].row)
        .filter(|p| view.boards[p[0]].column < view.boards[p[1]].column)
        .filter(|p| origin[p[0]].1 == origin[p[1]].1)
        .map(|p| (p[0], p[1]))
        .collect();
    // Per band and group of rows: the names, and the present's band from
    // its column name down.
    let groups = b.rows.div_ceil(group_rows(b)).max(1) as i64;
    let nb = k.div_ceil(wrap as u64) as i64;
    let mut present = Vec::new();
    let mut labels: Vec<Label> = Vec::new();
    for band in 0..nb {
        let from = b.c0 + (band * wrap) as u64;
        let to = (from + wrap as u64 - 1).min(span.cmax);
        let top = band * band_step;
        for group in 0..groups {
            let rows = (b.rows as i64 - group * rg).clamp(1, rg);
            let left = group * group_step + heads.name_w;
            if let Some(p) = view.present.map(u64::from)
                && (from..=to).contains(&p)
            {
                present.push((
                    left + (p - from) as i64 * (sw + g) - g / 2,
                    top - g / 2,
                    sw + g,
                    heads.head_h + rows * (sh + g),
                ));
            }
            if heads.head_h > 0 {
                let base = top + heads.head_h * 2 / 3;
                heads.columns(view, (from, to), (left, sw + g, sw), base, &mut labels);
            }
            if heads.name_w > 0 {
                for r in 0..rows {
                    let row = (b.r0 as i64 + group * rg + r) as usize;
                    if let Some(&row) = span.rows.get(row) {
                        let mid = top + heads.head_h + r * (sh + g) + sh / 2;
                        heads.row(view, row, group * group_step, mid, &mut labels);
                    }
                }
            }
        }
    }
    let ncols = span.columns();
    let nrows = span.rows.len();
    let mut notice = Vec::new();
    if b.c0 > span.cmin {
        notice.push(
            match (
                heads.column_name(view, b.c0),
                heads.column_name(view, span.cmax),
            ) {
                (Some(a), Some(z)) => format!("{a}–{z} (the most recent)"),
                _ => format!(
                    "columns {}–{} of {} (the most recent)",
                    b.c0 - span.cmin + 1,
                    ncols,
                    ncols
                ),
            },
        );
    }
    if b.rows < nrows {
        let name = |k: usize| span.rows.get(k).and_then(|&r| heads.row_name(view, r));
        notice.push(match (name(b.r0), name(b.r0 + b.rows - 1)) {
            (Some(a), Some(z)) => format!("{a} to {z} of {nrows} rows"),
            _ => format!("rows {}–{} of {}", b.r0 + 1, b.r0 + b.rows, nrows),
        });
    }
    Arrangement {
        w: w.min(1 << 30) as i32,
        h: h.min(1 << 30) as i32,
        origin,
        shown,
        threads,
        complete: notice.is_empty(),
        notice: (!notice.is_empty()).then(|| format!("Showing {}", notice.join(", "))),
        spot: spot.filter(|s| !s.copies).map(|s| (s.geo, s.on.to_vec())),
        copies: spot.filter(|s| s.copies).map(|s| (s.geo, copies)),
        cols: 0,
        present,
        labels,
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
pub(super) fn plan_timelines(
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
        arrange_bands(view, &g0, None, &span, &all, &Headings::of(view, &g0)),
        pad_of(limits.square),
    );
    let fits = |plan: &Plan| plan.w <= box_w && plan.h <= box_h;

    // The ways to show every column at `geo` beside a spotlight `spot_w`
    // wide and `spot_h` tall that fit the box, nearest 16:9 first: long
    // timelines wrap into bands below, many short ones spread into groups
    // side by side.
    let shapes = |geo: &Geo, spot_w: i64, spot_h: i64, pad: i32| -> Vec<Bands> {
        let slot = slot(view, geo);
        let heads = Headings::of(view, geo);
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
                // Bands start at a named column (a turn's White board).
                let wrap = ncols.div_ceil(nb).next_multiple_of(heads.period);
                // Either wrap long timelines or spread many short ones
                // sideways, not both: time should read left to right.
                if wrap == last_wrap || (split > 1 && wrap < ncols) {
                    continue;
                }
                last_wrap = wrap;
                let b = Bands { wrap, split, ..all };
                let (w, h) = bands_size(&span, slot, geo, &b, &heads);
                let (w, h) = (w + spot_w, h.max(spot_h));
                if w > aw || h > ah {
                    continue;
                }
                let iw = w + 2 * pad as i64;
                let ih = h + chrome as i64 + 2 * pad as i64;
                if let Some(cost) = aspect_cost(iw, ih) {
                    // Unwrapped and unsplit reads best: a small bonus.
                    let plain = if wrap >= ncols && split == 1 {
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

    // The present boards, drawn large when the whole does not fit: taken
    // out of the history, or repeated beside it where the view has a
    // present column (the history keeps its grid).
    let current: Vec<bool> = view.boards.iter().map(|b| b.current).collect();
    let count = current.iter().filter(|&&c| c).count();
    let copies = view.present.is_some();
    let spotlight = !limits.full
        && if copies {
            (1..=MAX_COPIES).contains(&count)
        } else {
            (1..=MAX_SPOT).contains(&count) && count < view.boards.len()
        };

    let mut tries: Vec<(i32, Option<i32>)> = vec![(limits.square, None)];
    if spotlight {
        let hist = ((limits.square as f32 * 0.7) as i32).max(floor);
        tries.extend(sizes(hist).into_iter().map(|s| (s, Some(limits.square))));
    } else {
        tries.extend(sizes(limits.square).into_iter().skip(1).map(|s| (s, None)));
    }
    // The spotlight shrinks until it fits the height, in the number of
    // columns (up to three for copies) that leaves it largest.
    let spot_geo = |big: i32| -> (Spot, i64, i64) {
        // In `cols` columns: the largest boards whose stack fits the
        // height, leaving the history most of the width.
        let fit = |cols: usize| {
            let per = count.div_ceil(cols) as i64;
            let mut b = big;
            loop {
                let geo = geo_of(b);
                let (bw, bh) = slot(view, &geo);
                let g = gap(&geo) as i64;
                let h = per * (bh as i64 + g) - g;
                let w = cols as i64 * (bw as i64 + g) + g;
                let narrow = w <= box_w as i64 * 2 / 5 || cols == 1;
                if (narrow && h <= (box_h - 2 * pad_of(b) - chrome) as i64) || b <= floor {
                    let on = current.as_slice();
                    break (
                        Spot {
                            geo,
                            on,
                            cols,
                            copies,
                        },
                        w,
                        h,
                    );
                }
                b = ((b as f32 * 0.9) as i32).max(floor);
            }
        };
        let mut best = fit(1);
        for cols in 2..=if copies { 3 } else { 1 } {
            let found = fit(cols);
            // Another column only for boards a third larger: the history
            // keeps the room.
            if found.0.geo.s * 3 > best.0.geo.s * 4 {
                best = found;
            }
        }
        best
    };
    for (s, big) in tries {
        let geo = geo_of(s);
        let pad = pad_of(s);
        let heads = Headings::of(view, &geo);
        let spot = big.map(spot_geo);
        // A spotlight no larger than the history shows nothing new.
        let spot = spot.filter(|(sp, _, _)| sp.geo.s > s);
        if big.is_some() && spot.is_none() {
            continue;
        }
        let (sw, sh) = spot.as_ref().map_or((0, 0), |(_, w, h)| (*w, *h));
        for bands in shapes(&geo, sw, sh, pad) {
            let sp = spot.as_ref().map(|(sp, _, _)| sp);
            let arr = arrange_bands(view, &geo, sp, &span, &bands, &heads);
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
    let heads = Headings::of(view, &geo);
    let spot = spotlight
        .then(|| spot_geo(limits.square))
        .filter(|(sp, _, _)| sp.geo.s > floor);
    let (spw, sph) = spot.as_ref().map_or((0, 0), |(_, w, h)| (*w, *h));
    let slot = slot(view, &geo);
    let g = gap(&geo) as i64;
    let mut avail_h = (box_h - 2 * pad - chrome) as i64;
    loop {
        let avail_w = ((box_w - 2 * pad) as i64 - spw - heads.name_w).max(slot.0 as i64);
        let mut wrap = (((avail_w + g) / (slot.0 as i64 + g)).max(1) as u64).min(ncols);
        if wrap >= heads.period {
            wrap -= wrap % heads.period;
        }
        let row_h = slot.1 as i64 + g;
        let rows_h = avail_h.max(sph.min(avail_h)) - heads.head_h;
        let fit_rows = ((rows_h + g) / row_h).max(1) as usize;
        let rows = nrows.min(fit_rows);
        let band_h = heads.head_h + rows as i64 * row_h - g;
        let nb = if rows < nrows {
            1
        } else {
            ((avail_h + band_gap(&geo) as i64) / (band_h + band_gap(&geo) as i64)).max(1) as u64
        };
        let keep = (wrap * nb).min(ncols);
        let c0 = span.cmax + 1 - keep;
        let c0 = Some(heads.align(view, c0))
            .filter(|&c| c <= span.cmax)
            .unwrap_or(c0);
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
        let sp = spot.as_ref().map(|(sp, _, _)| sp);
        let arr = arrange_bands(view, &geo, sp, &span, &bands, &heads);
        let plan = assemble(view, geo, arr, bottom, pad);
        if plan.h <= box_h || avail_h <= row_h {
            return plan;
        }
        avail_h -= (plan.h - box_h) as i64;
    }
}
