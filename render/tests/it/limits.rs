//! Size limits on huge views, refusals of broken views, and a property test:
//! random views never panic and always respect the limits.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_render::{MAX_BYTES, MAX_SIDE, RenderError, RenderOptions, Theme, render_png};
use chronomate_rules::Color;
use chronomate_rules::view::{
    Arrow, ArrowKind, BoardCell, BoardView, Counter, CounterKind, Figure, Hand, Highlight,
    HighlightKind, Layout, Man, Pending, Shape, Stage, View,
};
use proptest::prelude::*;

/// Width and height from the PNG header.
fn dims(png_bytes: &[u8]) -> (u32, u32) {
    let reader = png::Decoder::new(std::io::Cursor::new(png_bytes))
        .read_info()
        .expect("a PNG header");
    let info = reader.info();
    (info.width, info.height)
}

fn assert_within(png_bytes: &[u8], side: u32, bytes: usize) {
    let (w, h) = dims(png_bytes);
    assert!(w <= side && h <= side, "{w}x{h} is over {side} px");
    assert!(w > 0 && h > 0);
    assert!(png_bytes.len() <= bytes, "{} bytes", png_bytes.len());
}

#[test]
fn a_thousand_worlds_fit() {
    let png_bytes = render_png(&crate::common::big_grid(1000), &RenderOptions::default()).unwrap();
    assert_within(&png_bytes, MAX_SIDE, MAX_BYTES);
}

#[test]
fn a_thousand_timeline_boards_fit() {
    // 25 timelines of up to 52 steps: 1,000 boards.
    let view = crate::common::big_timelines(25, 52);
    assert!(view.boards.len() >= 1000);
    let png_bytes = render_png(&view, &RenderOptions::default()).unwrap();
    assert_within(&png_bytes, MAX_SIDE, MAX_BYTES);
}

#[test]
fn a_long_5d_game_fits_compact_and_full() {
    // 12 timelines over 30 turns: 60 columns, some 450 boards.
    let view = crate::common::fived::big_multiverse(12, 30);
    assert!(view.boards.len() >= 450, "{} boards", view.boards.len());
    let compact = render_png(&view, &RenderOptions::default()).unwrap();
    assert_within(&compact, 2048, MAX_BYTES);
    let (w, h) = dims(&compact);
    assert!(
        h <= 1280 && (1.0..=2.0).contains(&(w as f64 / h as f64)),
        "{w}x{h}"
    );
    let full = RenderOptions {
        full: true,
        ..RenderOptions::default()
    };
    let png_bytes = render_png(&view, &full).unwrap();
    assert_within(&png_bytes, MAX_SIDE, MAX_BYTES);
}

/// Two names given for one column (the first column, where a name's span
/// once ended one column before it) draw the last, without a panic.
#[test]
fn two_names_for_one_column_draw() {
    let mut view = crate::common::fived::big_multiverse(2, 3);
    view.column_names.insert(0, (0, "first".to_owned()));
    view.column_names.push((0, "again".to_owned()));
    let png_bytes = render_png(&view, &RenderOptions::default()).unwrap();
    assert_within(&png_bytes, 2048, MAX_BYTES);
}

#[test]
fn tighter_limits_are_respected() {
    let o = RenderOptions {
        max_side: 700,
        max_bytes: 400_000,
        ..RenderOptions::default()
    };
    for view in [
        crate::common::big_grid(300),
        crate::common::big_timelines(12, 30),
        crate::common::cube4(),
    ] {
        let png_bytes = render_png(&view, &o).unwrap();
        assert_within(&png_bytes, 700, 400_000);
    }
}

#[test]
fn huge_squares_are_scaled_to_fit() {
    let o = RenderOptions {
        square: 256,
        max_side: 1200,
        ..RenderOptions::default()
    };
    let png_bytes = render_png(&crate::common::cube4(), &o).unwrap();
    assert_within(&png_bytes, 1200, MAX_BYTES);
    let (w, _) = dims(&png_bytes);
    assert!(w > 1000, "the cube should shrink only as needed, got {w}");
}

#[test]
fn a_single_board_is_512_px_across_by_default() {
    let png_bytes = render_png(&crate::common::start(), &RenderOptions::default()).unwrap();
    let (w, h) = dims(&png_bytes);
    assert!(
        (512..700).contains(&w) && (512..800).contains(&h),
        "{w}x{h}"
    );
    assert!(png_bytes.len() < 150_000);
}

#[test]
fn long_texts_and_many_notes_stay_inside() {
    let mut view = crate::common::marks();
    view.title = Some("A very long title ".repeat(200));
    view.notes = (0..500).map(|i| format!("note {i} ").repeat(30)).collect();
    view.pending = (0..300)
        .map(|i| Pending {
            man: Man::new(Color::Black, Figure::Queen),
            label: format!("move {i}"),
        })
        .collect();
    view.boards[0].label = Some("label ".repeat(100));
    view.boards[0].caption = Some("caption ".repeat(100));
    view.boards[0].ended = Some("ended ".repeat(100));
    let png_bytes = render_png(&view, &RenderOptions::default()).unwrap();
    assert_within(&png_bytes, MAX_SIDE, MAX_BYTES);
}

#[test]
fn broken_views_are_refused_not_panicked_on() {
    let o = RenderOptions::default();
    assert!(matches!(
        render_png(&View::default(), &o),
        Err(RenderError::NoBoards)
    ));

    // A board of another number of cells cannot be built: `cells` is an
    // array of 64.

    let mut view = crate::common::start();
    view.boards[0].highlights.push(Highlight {
        cell: 64,
        kind: HighlightKind::Check,
    });
    assert!(matches!(
        render_png(&view, &o),
        Err(RenderError::HighlightCell { board: 0, cell: 64 })
    ));

    let mut view = crate::common::timelines();
    view.arrows.push(Arrow {
        from: BoardCell { board: 0, cell: 0 },
        to: BoardCell { board: 99, cell: 0 },
        kind: ArrowKind::Travel,
    });
    assert!(matches!(
        render_png(&view, &o),
        Err(RenderError::Arrow { arrow: 2 })
    ));

    // A 5x5 board has no e6 or f1.
    let mut view = crate::common::start();
    view.boards[0].shape = Shape::Rect { files: 5, ranks: 5 };
    view.boards[0].highlights.push(Highlight {
        cell: crate::common::sq("e6"),
        kind: HighlightKind::Check,
    });
    assert!(matches!(
        render_png(&view, &o),
        Err(RenderError::HighlightCell { board: 0, cell: 44 })
    ));
    view.boards[0].highlights.clear();
    assert!(render_png(&view, &o).is_ok());
    view.arrows.push(Arrow {
        from: BoardCell { board: 0, cell: 0 },
        to: BoardCell {
            board: 0,
            cell: crate::common::sq("f1"),
        },
        kind: ArrowKind::Jump,
    });
    assert!(matches!(
        render_png(&view, &o),
        Err(RenderError::Arrow { arrow: 0 })
    ));

    for (files, ranks) in [(0, 5), (5, 0), (9, 8), (8, 200)] {
        let mut view = crate::common::start();
        view.boards[0].shape = Shape::Rect { files, ranks };
        let e = render_png(&view, &o).unwrap_err();
        assert!(
            matches!(e, RenderError::Shape { board: 0, .. }),
            "{files}x{ranks}: {e}"
        );
    }
}

#[test]
fn errors_read_well() {
    let e = RenderError::HighlightCell { board: 3, cell: 70 };
    assert_eq!(
        e.to_string(),
        "board 3 highlights cell 70, which is not on the board"
    );
    let e = RenderError::Shape {
        board: 1,
        files: 9,
        ranks: 8,
    };
    assert_eq!(
        e.to_string(),
        "board 1 is 9x8; boards have 1 to 8 files and ranks"
    );
}

#[test]
fn themes_by_name() {
    for t in Theme::ALL {
        assert_eq!(t.name().parse::<Theme>(), Ok(t));
        assert_eq!(t.to_string(), t.name());
    }
    assert_eq!(" Wood ".parse::<Theme>(), Ok(Theme::Wood));
    assert_eq!(Theme::default(), Theme::Calm);
    assert_eq!(Theme::names()[0], "calm");
    let err = "neon".parse::<Theme>().unwrap_err();
    assert!(err.to_string().contains("calm, wood, ocean, contrast"));
}

#[test]
fn same_view_same_bytes() {
    let a = render_png(&crate::common::marks(), &RenderOptions::default()).unwrap();
    let b = render_png(&crate::common::marks(), &RenderOptions::default()).unwrap();
    assert_eq!(a, b);
}

fn arb_man() -> impl Strategy<Value = Man> {
    (
        any::<bool>(),
        0..Figure::ALL.len(),
        0..4usize,
        proptest::option::of((any::<bool>(), any::<u8>())),
        any::<bool>(),
    )
        .prop_map(|(white, f, stage, counter, ghost)| Man {
            color: if white { Color::White } else { Color::Black },
            figure: Figure::ALL[f],
            stage: [
                None,
                Some(Stage::Untraveled),
                Some(Stage::Traveling),
                Some(Stage::Traveled),
            ][stage],
            counter: counter.map(|(red, count)| Counter {
                kind: if red {
                    CounterKind::Red
                } else {
                    CounterKind::Black
                },
                count,
            }),
            ghost,
        })
}

fn arb_text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(prop_oneof![
        "[a-zA-Z0-9 ·½–-]{0,40}",
        ".{0,12}",
        Just(String::new()),
    ])
}

/// `cell` moved onto a board of `shape` (a rectangle's cells are a corner
/// of the 8x8 numbering).
fn on(shape: Shape, cell: u8) -> u8 {
    let (files, ranks) = shape.size();
    match shape {
        Shape::Rect { .. } => (cell / 8 % ranks) * 8 + cell % 8 % files,
        Shape::Square8 | Shape::Cube4 => cell,
    }
}

fn arb_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Square8),
        Just(Shape::Cube4),
        (1..=8u8, 1..=8u8).prop_map(|(files, ranks)| Shape::Rect { files, ranks }),
    ]
}

fn arb_board() -> impl Strategy<Value = BoardView> {
    (
        arb_shape(),
        proptest::collection::vec((0..64u8, arb_man()), 0..40),
        arb_text(),
        arb_text(),
        (0..30u32, 0..60u32),
        proptest::collection::vec((0..64u8, 0..3usize), 0..4),
        proptest::option::of(any::<bool>()),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        arb_text(),
    )
        .prop_map(
            |(shape, men, label, caption, (row, column), hl, to_move, flags, ended)| {
                let mut b = BoardView::empty(shape);
                for (cell, man) in men {
                    b.cells[cell as usize] = Some(man);
                }
                b.label = label;
                b.caption = caption;
                b.row = row;
                b.column = column;
                b.highlights = hl
                    .into_iter()
                    .map(|(cell, k)| Highlight {
                        cell: on(shape, cell),
                        kind: [
                            HighlightKind::LastMoveFrom,
                            HighlightKind::LastMoveTo,
                            HighlightKind::Check,
                        ][k],
                    })
                    .collect();
                b.to_move = to_move.map(|w| if w { Color::White } else { Color::Black });
                (b.owed, b.touched, b.current, b.inactive) = flags;
                b.ended = ended;
                b
            },
        )
}

fn arb_view() -> impl Strategy<Value = View> {
    (
        proptest::collection::vec(arb_board(), 1..14),
        0..3usize,
        arb_text(),
        proptest::option::of(any::<bool>()),
        proptest::collection::vec(
            (any::<usize>(), 0..64u8, any::<usize>(), 0..64u8, 0..3usize),
            0..6,
        ),
        proptest::collection::vec(
            (
                any::<bool>(),
                proptest::collection::vec((arb_man(), any::<u8>()), 0..8),
            ),
            0..3,
        ),
        proptest::collection::vec((arb_man(), "[a-z0-9 ]{0,20}"), 0..5),
        proptest::collection::vec("[a-z0-9 ]{0,60}", 0..4),
        (
            proptest::option::of(0..64u32),
            proptest::collection::vec((0..30u32, "[A-Z0-9 -]{0,8}"), 0..5),
            proptest::collection::vec((0..64u32, ".{0,8}"), 0..8),
        ),
    )
        .prop_map(
            |(boards, layout, title, perspective, arrows, hands, pending, notes, names)| {
                let (present, row_names, column_names) = names;
                let n = boards.len();
                let cell = |board: usize, c: u8| on(boards[board % n].shape, c);
                View {
                    title,
                    perspective: perspective.map(|w| if w { Color::White } else { Color::Black }),
                    layout: [Layout::Single, Layout::Timelines, Layout::Grid][layout],
                    arrows: arrows
                        .into_iter()
                        .map(|(a, ca, b, cb, kind)| Arrow {
                            from: BoardCell {
                                board: a % n,
                                cell: cell(a, ca),
                            },
                            to: BoardCell {
                                board: b % n,
                                cell: cell(b, cb),
                            },
                            kind: [ArrowKind::Travel, ArrowKind::Jump, ArrowKind::TransUniverse]
                                [kind],
                        })
                        .collect(),
                    boards,
                    hands: hands
                        .into_iter()
                        .map(|(w, men)| Hand {
                            color: if w { Color::White } else { Color::Black },
                            men,
                        })
                        .collect(),
                    pending: pending
                        .into_iter()
                        .map(|(man, label)| Pending { man, label })
                        .collect(),
                    notes,
                    present,
                    row_names,
                    column_names,
                }
            },
        )
}

fn arb_options() -> impl Strategy<Value = RenderOptions> {
    (
        any::<bool>(),
        0..4usize,
        0..300u32,
        0..300u32,
        0..300u32,
        0..5000u32,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(flip, theme, square, multi, min_square, max_side, coordinates, full)| RenderOptions {
                flip,
                theme: Theme::ALL[theme],
                square,
                multi_square: multi % 80,
                min_square: min_square % 40,
                max_side,
                max_bytes: MAX_BYTES,
                coordinates,
                full,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_views_render_within_limits(view in arb_view(), options in arb_options()) {
        let png_bytes = render_png(&view, &options).expect("valid views render");
        let side = options.max_side.clamp(128, MAX_SIDE);
        assert_within(&png_bytes, side, MAX_BYTES);
    }

    #[test]
    fn broken_views_never_panic(
        view in arb_view(),
        board in any::<usize>(),
        bad_cell in 64..=255u8,
    ) {
        let mut view = view;
        let n = view.boards.len();
        let b = &mut view.boards[board % n];
        b.highlights.push(Highlight { cell: bad_cell, kind: HighlightKind::Check });
        let o = RenderOptions { square: 16, multi_square: 12, ..RenderOptions::default() };
        // Refused or drawn, but never a panic.
        let _ = render_png(&view, &o);
    }
}
