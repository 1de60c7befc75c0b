//! Timelines laid out to read in a chat: long histories wrapped into rows
//! of bands, the present boards larger beside them, within an aspect ratio
//! near 16:9 (a compact snapshot) or whole up to the size limit (full).

use super::*;

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
    // The present column: a band behind it in each group of rows.
    let mut present = Vec::new();
    if let Some(p) = view.present.map(u64::from)
        && p >= b.c0
        && p <= span.cmax
    {
        let j = (p - b.c0) as i64;
        let groups = b.rows.div_ceil(group_rows(b)).max(1) as i64;
        for group in 0..groups {
            let rows = (b.rows as i64 - group * rg).clamp(1, rg);
            present.push((
                group * group_step + (j % wrap) * (sw + g) - g / 2,
                (j / wrap) * band_step - g / 2,
                sw + g,
                rows * (sh + g),
            ));
        }
    }
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
        present,
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
