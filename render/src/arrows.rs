//! Travel between boards: curved arrows from a cell of one board to a cell
//! of another (solid violet for travel that branches, solid in the ink
//! colour for a jump that does not, dashed for trans-universe travel).

use chronomate_rules::view::{ArrowKind, BoardCell, View};

use crate::canvas::{self, Canvas};
use crate::layout::Plan;
use crate::theme::Palette;

/// Centre of a board's cell in image coordinates.
fn centre(view: &View, plan: &Plan, c: &BoardCell) -> Option<(f32, f32)> {
    let board = view.boards.get(c.board)?;
    let (ox, oy) = *plan.origin.get(c.board)?;
    let geo = plan.geo_of(c.board);
    let (x, y) = geo.cell_xy(board.shape, c.cell, plan.bottom)?;
    let h = geo.s as f64 / 2.0;
    Some(((ox + x as f64 + h) as f32, (oy + y as f64 + h) as f32))
}

pub(crate) fn draw(cv: &mut Canvas, view: &View, plan: &Plan, pal: &Palette) {
    let s = plan.geo.s as f32;
    let width = (s * 0.13).clamp(2.5, 12.0);
    // Halos first for all arrows, so a later arrow's halo never cuts an
    // earlier arrow.
    let mut paths = Vec::new();
    for a in &view.arrows {
        let (Some(p0), Some(p2)) = (centre(view, plan, &a.from), centre(view, plan, &a.to)) else {
            continue;
        };
        let shown = |b: usize| plan.shown.binary_search(&b).is_ok();
        let (from_shown, to_shown) = (shown(a.from.board), shown(a.to.board));
        let full = curve(p0, p2, s);
        // An arrow to or from a board cropped away is a stub pointing off
        // towards it, not a line across every board in between.
        let stub = 3.0 * s;
        let pts = match (from_shown, to_shown) {
            (true, true) => full,
            (true, false) => keep_start(&full, stub),
            (false, true) => keep_end(&full, stub),
            (false, false) => continue,
        };
        paths.push((pts, a.kind, from_shown));
    }
    let head_len = (width * 3.2).max(9.0);
    for (pts, _, dot) in &paths {
        let (line, head) = split(pts, head_len, width);
        canvas::polyline(cv, &line, width + width.max(3.0), pal.halo, 0.7, None);
        canvas::convex(cv, &canvas::grown(&head, width * 1.1), pal.halo, 0.7);
        if !dot {
            continue;
        }
        canvas::disc(
            cv,
            pts[0].0,
            pts[0].1,
            width * 1.25 + width * 0.5,
            pal.halo,
            0.7,
        );
    }
    for (pts, kind, dot) in &paths {
        let (line, head) = split(pts, head_len, width);
        let (color, dash) = match kind {
            ArrowKind::Travel => (pal.travel, None),
            ArrowKind::Jump => (pal.text, None),
            ArrowKind::TransUniverse => (pal.trans, Some((width * 2.6, width * 1.6))),
        };
        canvas::polyline(cv, &line, width, color, 0.95, dash);
        canvas::convex(cv, &head, color, 0.95);
        if !dot {
            continue;
        }
        match kind {
            ArrowKind::Travel | ArrowKind::Jump => {
                canvas::disc(cv, pts[0].0, pts[0].1, width * 1.25, color, 0.95)
            }
            ArrowKind::TransUniverse => canvas::ring(
                cv,
                pts[0].0,
                pts[0].1,
                width * 1.1,
                width * 0.7,
                color,
                0.95,
            ),
        }
    }
}

type Point = (f32, f32);

/// The first `len` pixels of a path.
fn keep_start(pts: &[Point], len: f32) -> Vec<Point> {
    let mut out = vec![pts[0]];
    let mut left = len;
    for w in pts.windows(2) {
        let d = ((w[1].0 - w[0].0).powi(2) + (w[1].1 - w[0].1).powi(2)).sqrt();
        if d >= left {
            let t = left / d.max(1e-6);
            out.push((
                w[0].0 + (w[1].0 - w[0].0) * t,
                w[0].1 + (w[1].1 - w[0].1) * t,
            ));
            return out;
        }
        left -= d;
        out.push(w[1]);
    }
    out
}

/// The last `len` pixels of a path.
fn keep_end(pts: &[Point], len: f32) -> Vec<Point> {
    let rev: Vec<Point> = pts.iter().rev().copied().collect();
    let mut out = keep_start(&rev, len);
    out.reverse();
    out
}

/// A quadratic curve from `a` to `b`, bowed to one side.
fn curve(a: (f32, f32), b: (f32, f32), s: f32) -> Vec<(f32, f32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        // Same cell: a small loop is pointless; draw a stub.
        return vec![(a.0 - s * 0.3, a.1 + s * 0.3), a];
    }
    // Bow upwards (or leftwards for vertical arrows) by a fifth of the length.
    let (mut nx, mut ny) = (-dy / len, dx / len);
    if ny > 0.0 || (ny == 0.0 && nx > 0.0) {
        nx = -nx;
        ny = -ny;
    }
    let bow = (len * 0.2).min(s * 6.0);
    let c = ((a.0 + b.0) / 2.0 + nx * bow, (a.1 + b.1) / 2.0 + ny * bow);
    let n = ((len / 10.0) as usize).clamp(6, 64);
    (0..=n)
        .map(|i| {
            let t = i as f32 / n as f32;
            let u = 1.0 - t;
            (
                u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
                u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
            )
        })
        .collect()
}

/// Cuts the last `head` pixels off the path and returns the shaft and the
/// arrowhead triangle whose tip is the path's end.
fn split(pts: &[(f32, f32)], head: f32, width: f32) -> (Vec<Point>, [Point; 3]) {
    let tip = pts[pts.len() - 1];
    let mut left = head;
    let mut shaft = pts.to_vec();
    let mut base = pts[0];
    while shaft.len() >= 2 {
        let (p, q) = (shaft[shaft.len() - 2], shaft[shaft.len() - 1]);
        let d = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
        if d >= left {
            let t = (d - left) / d.max(1e-6);
            base = (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t);
            shaft.pop();
            shaft.push(base);
            break;
        }
        left -= d;
        shaft.pop();
        base = p;
    }
    if shaft.len() < 2 {
        shaft = vec![pts[0], base];
    }
    // Overlap the shaft into the head a little so no seam shows.
    let (dx, dy) = (tip.0 - base.0, tip.1 - base.1);
    let l = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / l, dy / l);
    if let Some(last) = shaft.last_mut() {
        *last = (base.0 + ux * width * 0.5, base.1 + uy * width * 0.5);
    }
    let hw = (head * 0.55).max(width * 1.4);
    let tri = [
        tip,
        (base.0 - uy * hw, base.1 + ux * hw),
        (base.0 + uy * hw, base.1 - ux * hw),
    ];
    (shaft, tri)
}
