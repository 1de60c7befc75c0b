//! Renders rules views to PNG.
//!
//! [`render_png`] draws a [`View`] into an indexed image, mostly by copying
//! precomposed tiles and glyph sprites (DejaVu Sans embedded: no system
//! fonts needed), and writes the PNG itself around its own deflate stream
//! (the `png` crate's zlib only where that is not small enough); plotters
//! draws the RGB tables and charts. The renderer knows views, never
//! variants: boards of 8x8, smaller rectangles or 4x4x4 cells, men with
//! marks, labels, highlights and arrows.
//!
//! Images never exceed [`MAX_SIDE`] pixels a side nor [`MAX_BYTES`] bytes:
//! big multi-board views are scaled down, then cropped to their most recent
//! part with a line saying what is shown. See `docs/rendering.md`.
#![warn(missing_docs, unreachable_pub)]

mod arrows;
mod board;
mod canvas;
mod chart;
mod deflate;
mod encode;
mod fairy;
mod font;
mod layout;
mod look;
mod lzw;
mod palette;
mod replay;
mod sprites;
mod table;
mod theme;
mod tiles;

use chronomate_rules::Color;
use chronomate_rules::view::View;

pub use chart::{Chart, render_chart};
pub use replay::{Gif, GifOptions, replay_gif};
pub use table::{Table, render_table};
pub use theme::{Theme, UnknownTheme};

use crate::canvas::Canvas;
use crate::layout::{BlockKind, Item, Plan, Tone};
use crate::palette::Indexed;
use crate::tiles::Tiles;

/// The longest side of any image, in pixels.
pub const MAX_SIDE: u32 = 4096;
/// The largest PNG, in bytes (Discord's historical upload limit).
pub const MAX_BYTES: usize = 8 * 1024 * 1024;

/// How to draw a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Show the side opposite to `view.perspective` at the bottom.
    pub flip: bool,
    /// The colours of squares, marks and text.
    pub theme: Theme,
    /// Pixels per square of a one-board view (8 to 256; default 64, so an
    /// 8x8 board is 512 px across).
    pub square: u32,
    /// Pixels per square of a view with several boards, at most (8 to 256;
    /// default 32).
    pub multi_square: u32,
    /// Multi-board views shrink down to this square size before they are
    /// cropped to their most recent part (default 12: boards 96 px across).
    pub min_square: u32,
    /// Longest side of the image in pixels, at most [`MAX_SIDE`].
    pub max_side: u32,
    /// Largest PNG in bytes, at most [`MAX_BYTES`].
    pub max_bytes: usize,
    /// Draw file and rank letters beside the boards.
    pub coordinates: bool,
    /// Show a whole snapshot (every board of a timelines view, up to
    /// `max_side`) instead of the compact one that reads in a chat: about
    /// 2048 x 1280 at most, the present boards large beside the recent
    /// history.
    pub full: bool,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            flip: false,
            theme: Theme::default(),
            square: 64,
            multi_square: 32,
            min_square: 12,
            max_side: MAX_SIDE,
            max_bytes: MAX_BYTES,
            coordinates: true,
            full: false,
        }
    }
}

/// Why a view could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The view has no boards.
    #[error("the view has no boards")]
    NoBoards,
    /// A replay was asked for with no views.
    #[error("a replay needs at least one view")]
    NoFrames,
    /// A highlighted cell lies outside its board.
    #[error("board {board} highlights cell {cell}, which is not on the board")]
    HighlightCell {
        /// The board, by its index in the view.
        board: usize,
        /// The cell, by its index on that board.
        cell: u8,
    },
    /// A board is larger than 8x8 or empty.
    #[error("board {board} is {files}x{ranks}; boards have 1 to 8 files and ranks")]
    Shape {
        /// The board, by its index in the view.
        board: usize,
        /// Its files.
        files: u8,
        /// Its ranks.
        ranks: u8,
    },
    /// An arrow starts or ends off the view.
    #[error("arrow {arrow} points at a missing board or cell")]
    Arrow {
        /// The arrow, by its index in the view.
        arrow: usize,
    },
    /// The embedded font is unreadable (a build defect, not an input).
    #[error("the embedded font could not be loaded")]
    Font,
    /// The encoder failed, with its reason.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
    /// The image is larger than the byte limit given.
    #[error("the image does not fit in {0} bytes")]
    TooLarge(usize),
}

/// Options resolved and clamped.
pub(crate) struct Limits {
    pub square: i32,
    pub min_square: i32,
    pub coordinates: bool,
    pub bottom: Color,
    pub full: bool,
    /// A grid has at least this many columns, and the boards start this
    /// far down at least (replays keep their boards in place).
    pub min_cols: usize,
    pub min_top: i32,
    /// Keep room for every board's label and caption lines even where no
    /// board has one (replays).
    pub lines: bool,
}

/// Draws `view` as a PNG.
pub fn render_png(view: &View, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let limits = prepare(view, options)?;
    let max_bytes = options.max_bytes.min(MAX_BYTES);
    let mut side = options.max_side.clamp(128, MAX_SIDE) as i32;
    for _ in 0..6 {
        let (canvas, plan) = draw_view(view, &limits, options.theme, side);
        let mut png = encode::png_indexed(&canvas, plan.geo.s as usize);
        if png.len() > max_bytes {
            png = encode::png_indexed_small(&canvas, 9)?;
        }
        if png.len() <= max_bytes {
            return Ok(png);
        }
        side = side * 3 / 4;
    }
    Err(RenderError::TooLarge(max_bytes))
}

/// Checks `view` and resolves the options for it.
pub(crate) fn prepare(view: &View, options: &RenderOptions) -> Result<Limits, RenderError> {
    font::ensure_fonts()?;
    check(view)?;
    let square = if view.boards.len() > 1 {
        options.multi_square
    } else {
        options.square
    }
    .clamp(8, 256) as i32;
    Ok(Limits {
        square,
        min_square: (options.min_square.clamp(8, 256) as i32).min(square),
        coordinates: options.coordinates,
        full: options.full,
        min_cols: 0,
        min_top: 0,
        lines: false,
        bottom: {
            let p = view.perspective.unwrap_or(Color::White);
            if options.flip { p.other() } else { p }
        },
    })
}

/// Lays `view` out within `side` pixels and draws it.
pub(crate) fn draw_view(view: &View, limits: &Limits, theme: Theme, side: i32) -> (Canvas, Plan) {
    let mut plan = layout::plan(view, limits, side);
    plan.lower_to(limits.min_top);
    let canvas = draw(view, &plan, theme, side);
    (canvas, plan)
}

/// Refuses views no image can be drawn from.
fn check(view: &View) -> Result<(), RenderError> {
    if view.boards.is_empty() {
        return Err(RenderError::NoBoards);
    }
    for (i, b) in view.boards.iter().enumerate() {
        if !b.shape.is_valid() {
            let (files, ranks) = b.shape.size();
            return Err(RenderError::Shape {
                board: i,
                files,
                ranks,
            });
        }
        if let Some(h) = b.highlights.iter().find(|h| !b.shape.contains(h.cell)) {
            return Err(RenderError::HighlightCell {
                board: i,
                cell: h.cell,
            });
        }
    }
    let ok = |c: &chronomate_rules::view::BoardCell| {
        view.boards
            .get(c.board)
            .is_some_and(|b| b.shape.contains(c.cell))
    };
    if let Some(i) = view.arrows.iter().position(|a| !ok(&a.from) || !ok(&a.to)) {
        return Err(RenderError::Arrow { arrow: i });
    }
    Ok(())
}

fn draw(view: &View, plan: &Plan, theme: Theme, side: i32) -> Canvas {
    let pal = &theme.palette();
    let indexed = Indexed::of(theme);
    let mut cv = Canvas::new(plan.w.min(side), plan.h.min(side), indexed.key.bg, indexed);
    let geo = &plan.geo;
    let mut tiles = Tiles::new(geo.s, theme);

    // The present column, a band behind its boards.
    for &(x, y, w, h) in &plan.present {
        let r = (geo.s as f32 * 0.3).max(3.0);
        let rect = (x as f32, y as f32, w as f32, h as f32);
        canvas::round_rect(&mut cv, rect, r, pal.current, 0.22);
    }

    // Timeline threads under the boards.
    let tw = (geo.s as f32 * 0.09).clamp(2.0, 8.0);
    for &(a, b) in &plan.threads {
        let (pa, pb) = (plan.origin[a], plan.origin[b]);
        let (ba, bb) = (&view.boards[a], &view.boards[b]);
        let (oa, ob) = (geo.block_origin(ba.shape), geo.block_origin(bb.shape));
        let (wa, ha) = geo.block(ba.shape);
        let x1 = pa.0 + (oa.0 + wa + geo.ring) as f64;
        let x2 = pb.0 + (ob.0 - geo.ring - geo.cm) as f64;
        let y = pa.1 + (oa.1 + ha / 2) as f64;
        if x2 > x1 && (x1 < cv.w as f64 && x2 > 0.0) {
            let pts = [(x1 as f32, y as f32), (x2 as f32, y as f32)];
            canvas::polyline(&mut cv, &pts, tw, pal.text_dim, 0.55, None);
        }
    }

    let mut big = Tiles::new(plan.big.s, theme);
    for &i in &plan.shown {
        let (x, y) = plan.origin[i];
        let spot = plan.spot.get(i).copied().unwrap_or(false);
        board::draw(
            &mut cv,
            if spot { &mut big } else { &mut tiles },
            plan.geo_of(i),
            pal,
            &view.boards[i],
            (x as i32, y as i32),
            plan.bottom,
        );
    }

    // The present boards again, large, beside the history.
    for &(i, (x, y)) in &plan.copies {
        board::draw(
            &mut cv,
            &mut big,
            &plan.big,
            pal,
            &view.boards[i],
            (x as i32, y as i32),
            plan.bottom,
        );
    }
    for l in &plan.labels {
        let c = match l.tone {
            Tone::Text => pal.text,
            Tone::Dim => pal.text_dim,
            Tone::Present => pal.current,
        };
        let (x, base) = (
            l.x.clamp(-1 << 20, 1 << 20) as i32,
            l.base.clamp(-1 << 20, 1 << 20) as i32,
        );
        if l.centred {
            cv.text_centered(&l.text, x, base, l.size, l.bold, c);
        } else {
            cv.text(&l.text, x, base, l.size, l.bold, c);
        }
    }

    arrows::draw(&mut cv, view, plan, pal);

    for block in &plan.blocks {
        match &block.kind {
            BlockKind::Boards => {}
            BlockKind::Text {
                lines,
                size,
                bold,
                dim,
            } => {
                let lh = (size * 1.4).ceil() as i32;
                let c = if *dim { pal.text_dim } else { pal.text };
                for (k, l) in lines.iter().enumerate() {
                    let base = block.y + lh * k as i32 + (lh + (size * 0.73) as i32) / 2;
                    cv.text(l, plan.pad, base, *size, *bold, c);
                }
            }
            BlockKind::Flow { rows, icon, text } => {
                let mut icons = Tiles::new(*icon, theme);
                let gap = (text * 0.6) as i32;
                let rh = icon + (text * 0.3) as i32;
                for (k, row) in rows.iter().enumerate() {
                    let y = block.y + rh * k as i32;
                    let base = y + (icon + (text * 0.73) as i32) / 2;
                    let mut x = plan.pad;
                    for item in row {
                        match item {
                            Item::Heading(t) => {
                                cv.text(t, x, base, *text, true, pal.text_dim);
                                x += font::text_width(t, *text, true);
                            }
                            Item::Text(t) => {
                                cv.text(t, x, base, *text, false, pal.text);
                                x += font::text_width(t, *text, false);
                            }
                            Item::Man(man, count) => {
                                x += board::man_icon(&mut cv, &mut icons, *man, x, y);
                                if let Some(c) = count {
                                    let t = format!("×{c}");
                                    x += (text * 0.15) as i32;
                                    cv.text(&t, x, base, *text, true, pal.text);
                                    x += font::text_width(&t, *text, true);
                                }
                            }
                            Item::Labelled(man, label) => {
                                x += board::man_icon(&mut cv, &mut icons, *man, x, y);
                                x += (text * 0.3) as i32;
                                cv.text(label, x, base, *text, false, pal.text);
                                x += font::text_width(label, *text, false);
                            }
                        }
                        x += gap;
                    }
                }
            }
        }
    }
    cv
}
