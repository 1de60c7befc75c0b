//! The layout's own tests: sizes, crops, wrapped timelines.

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
