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

/// A 5D-style view: `rows` timelines of `turns` turns (two columns a
/// turn), named, the present at White's board of the last turn, where
/// every timeline's last board is current.
fn fived(rows: u32, turns: u32) -> View {
    let mut view = timelines(rows, 2 * turns - 1, false);
    let last = 2 * turns - 2;
    for b in &mut view.boards {
        b.current = b.column == last;
    }
    view.present = Some(last);
    view.row_names = (0..rows).map(|r| (r, format!("L{r}"))).collect();
    view.column_names = (0..turns).map(|t| (2 * t, format!("T{}", t + 1))).collect();
    view
}

/// The text of the labels drawn.
fn label_texts(p: &Plan) -> Vec<&str> {
    p.labels.iter().map(|l| l.text.as_str()).collect()
}

#[test]
fn a_5d_view_keeps_its_present_in_the_grid_and_repeats_it_large() {
    crate::font::ensure_fonts().unwrap();
    let view = fived(4, 16);
    let p = plan(&view, &limits(false), 4096);
    assert!(p.w <= COMPACT.0 && p.h <= COMPACT.1, "{}x{}", p.w, p.h);
    assert!((0.5..=2.0).contains(&aspect(&p)), "{}x{}", p.w, p.h);
    let present: Vec<usize> = (0..view.boards.len())
        .filter(|&i| view.boards[i].current)
        .collect();
    assert_eq!(present.len(), 4);
    // Each present board stays in the history and is repeated, larger.
    assert!(p.spot.iter().all(|&s| !s));
    for &i in &present {
        assert!(p.shown.contains(&i), "board {i} in the grid");
        assert!(p.copies.iter().any(|&(c, _)| c == i), "board {i} repeated");
    }
    assert!(p.big.s > p.geo.s, "{} over {}", p.big.s, p.geo.s);
    // The present's band lies behind every present board of the grid.
    for &i in &present {
        let (x, y) = p.origin[i];
        let inside = p.present.iter().any(|&(bx, by, bw, bh)| {
            (bx as f64) <= x && x < (bx + bw) as f64 && (by as f64) <= y && y < (by + bh) as f64
        });
        assert!(inside, "board {i} at {x},{y} outside {:?}", p.present);
    }
    // Names: the timelines at the left, the turns along the top, the
    // present's turn in the present's colour.
    let texts = label_texts(&p);
    for name in ["L0", "L3", "T16"] {
        assert!(texts.contains(&name), "{name} in {texts:?}");
    }
    let t16 = p.labels.iter().find(|l| l.text == "T16");
    assert!(t16.is_some_and(|l| l.tone == Tone::Present));
}

#[test]
fn wrapped_and_cropped_5d_histories_start_at_a_turn() {
    crate::font::ensure_fonts().unwrap();
    for (view, full) in [
        (fived(2, 13), false),
        (fived(2, 13), true),
        (fived(9, 40), false),
    ] {
        let p = plan(&view, &limits(full), 4096);
        // The first board of every band row is White's (an even column).
        let mut firsts: std::collections::BTreeMap<i64, (f64, u32)> = Default::default();
        for &i in &p.shown {
            let (x, y) = p.origin[i];
            let e = firsts.entry(y as i64).or_insert((x, view.boards[i].column));
            if x < e.0 {
                *e = (x, view.boards[i].column);
            }
        }
        for (y, (_, column)) in firsts {
            // Timeline r starts at column r: only its own first board may
            // be Black's.
            let starts = view
                .boards
                .iter()
                .any(|b| b.column == column && b.column == b.row);
            assert!(
                column % 2 == 0 || starts,
                "full {full}: a band at y {y} starts at {column}"
            );
        }
    }
}

#[test]
fn a_cropped_5d_view_names_what_it_shows() {
    crate::font::ensure_fonts().unwrap();
    let view = fived(12, 30);
    let p = plan(&view, &limits(false), 4096);
    assert!(p.w <= COMPACT.0 && p.h <= COMPACT.1, "{}x{}", p.w, p.h);
    let notice: Vec<&String> = p
        .blocks
        .iter()
        .filter_map(|b| match &b.kind {
            BlockKind::Text { lines, .. } => Some(lines),
            _ => None,
        })
        .flatten()
        .filter(|l| l.starts_with("Showing"))
        .collect();
    assert_eq!(notice.len(), 1, "{notice:?}");
    assert!(
        notice[0].contains("–T30 (the most recent)"),
        "{}",
        notice[0]
    );
    assert!(notice[0].contains("of 12 rows"), "{}", notice[0]);
}
