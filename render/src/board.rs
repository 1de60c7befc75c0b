//! One board as a tile: label line, rings, squares, highlights, coordinates,
//! men, caption, and the veil of an ended board.

use chronomate_rules::Color;
use chronomate_rules::view::{BoardView, Figure, HighlightKind, Man, Shape};

use crate::canvas::{self, Canvas};
use crate::font;
use crate::theme::Palette;
use crate::tiles::{Square, Tiles};

/// Sizes shared by every tile of one image.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Geo {
    /// Pixels per square.
    pub s: i32,
    /// Coordinate margin (0 without coordinates).
    pub cm: i32,
    /// Band around the board for the owed/current/touched rings.
    pub ring: i32,
    /// Height of the label line (0 if no board has a label).
    pub label_h: i32,
    /// Height of the caption line (0 if no board has a caption).
    pub caption_h: i32,
    /// Height of the level-letter line of 4x4x4 boards.
    pub level_h: i32,
    /// Gap between two levels of a 4x4x4 board.
    pub level_gap: i32,
    pub label_font: f32,
    pub coord_font: f32,
}

impl Geo {
    pub(crate) fn new(s: i32, coords: bool, labels: bool, captions: bool) -> Geo {
        let s = s.max(4);
        let sf = s as f32;
        let coords = coords && s >= 24;
        let coord_font = (sf * 0.27).clamp(9.0, 20.0);
        let cm = if coords {
            (coord_font * 1.35).ceil() as i32
        } else {
            0
        };
        let label_font = (sf * 0.5).clamp(11.0, 26.0);
        let line = |f: f32| (f * 1.45).ceil() as i32;
        Geo {
            s,
            cm,
            ring: ((sf * 0.16).round() as i32).max(5),
            label_h: if labels { line(label_font) } else { 0 },
            caption_h: if captions { line(label_font) } else { 0 },
            level_h: line(label_font),
            level_gap: cm.max((sf * 0.25) as i32) + ((sf * 0.3) as i32).max(4),
            label_font,
            coord_font,
        }
    }

    /// Width and height of the playing area (all levels of a cube).
    pub(crate) fn block(&self, shape: Shape) -> (i32, i32) {
        let (files, ranks) = dims(shape);
        match shape {
            Shape::Cube4 => (16 * self.s + 3 * self.level_gap, 4 * self.s),
            Shape::Square8 | Shape::Rect { .. } => (files * self.s, ranks * self.s),
        }
    }

    /// Where the playing area starts inside the tile.
    pub(crate) fn block_origin(&self, shape: Shape) -> (i32, i32) {
        let level = if shape == Shape::Cube4 {
            self.level_h
        } else {
            0
        };
        (self.cm + self.ring, self.label_h + level + self.ring)
    }

    /// The tile's size.
    pub(crate) fn tile(&self, shape: Shape) -> (i32, i32) {
        let (bw, bh) = self.block(shape);
        let (ox, oy) = self.block_origin(shape);
        (
            ox + bw + self.ring + self.cm / 3,
            oy + bh + self.ring + self.cm + self.caption_h,
        )
    }

    /// Top-left of `cell` relative to the tile, the side `bottom` nearest.
    /// `None` for a cell outside the board.
    pub(crate) fn cell_xy(&self, shape: Shape, cell: u8, bottom: Color) -> Option<(i32, i32)> {
        if !shape.contains(cell) {
            return None;
        }
        let (ox, oy) = self.block_origin(shape);
        let c = cell as i32;
        let (files, ranks) = dims(shape);
        let (level, rank, file) = match shape {
            Shape::Cube4 => (c / 16, (c % 16) / 4, c % 4),
            Shape::Square8 | Shape::Rect { .. } => (0, c / 8, c % 8),
        };
        let (col, row) = match bottom {
            Color::White => (file, ranks - 1 - rank),
            Color::Black => (files - 1 - file, rank),
        };
        let lx = level * (4 * self.s + self.level_gap);
        Some((ox + lx + col * self.s, oy + row * self.s))
    }
}

/// Files and ranks of one level of `shape`, clamped to a drawable 1 to 8
/// (views with other sizes are refused before drawing).
pub(crate) fn dims(shape: Shape) -> (i32, i32) {
    let (files, ranks) = shape.size();
    (files.clamp(1, 8) as i32, ranks.clamp(1, 8) as i32)
}

/// The cell list's index of (level, file, rank) on `shape`.
fn cell_index(shape: Shape, level: i32, file: i32, rank: i32) -> usize {
    match shape {
        Shape::Cube4 => (level * 16 + rank * 4 + file) as usize,
        Shape::Square8 | Shape::Rect { .. } => (rank * 8 + file) as usize,
    }
}

/// Draws `board` as a tile with its top-left at (x, y).
pub(crate) fn draw(
    cv: &mut Canvas,
    tiles: &mut Tiles,
    geo: &Geo,
    pal: &Palette,
    board: &BoardView,
    (x, y): (i32, i32),
    bottom: Color,
) {
    let shape = board.shape;
    let s = geo.s;
    let (bw, bh) = geo.block(shape);
    let (ox, oy) = geo.block_origin(shape);
    let (bx, by) = (x + ox, y + oy);
    let (tw, _) = geo.tile(shape);

    // Rings: owed dashed outside, current or touched solid inside.
    let key = cv.pal.key;
    let r = geo.ring;
    let (rx, ry, rw, rh) = (bx - r, by - r, bw + 2 * r, bh + 2 * r);
    let half = ((r * 3) / 5).max(3);
    if board.current || board.touched {
        let c = if board.current {
            key.current
        } else {
            key.touched
        };
        let t = if board.current { r - half / 2 } else { half };
        cv.stroke_rect(
            rx + r - t,
            ry + r - t,
            rw - 2 * (r - t),
            rh - 2 * (r - t),
            t,
            c,
        );
    }
    if board.owed {
        cv.dashed_rect(rx, ry, rw, rh, half, key.owed);
    }

    // Squares, each level with a thin frame; highlighted or occupied
    // squares are precomposed tiles.
    let levels = if shape == Shape::Cube4 { 4 } else { 1 };
    let (files, ranks) = dims(shape);
    let mut marks = [(false, false); 64];
    for h in &board.highlights {
        if let Some(m) = marks.get_mut(h.cell as usize) {
            match h.kind {
                HighlightKind::LastMoveFrom | HighlightKind::LastMoveTo => m.0 = true,
                HighlightKind::Check => m.1 = true,
            }
        }
    }
    for l in 0..levels {
        let lx = bx + l * (4 * s + geo.level_gap);
        if s >= 12 {
            cv.stroke_rect(lx - 1, by - 1, files * s + 2, ranks * s + 2, 1, key.frame);
        }
        for row in 0..ranks {
            for col in 0..files {
                let (file, rank) = match bottom {
                    Color::White => (col, ranks - 1 - row),
                    Color::Black => (files - 1 - col, row),
                };
                // a1 (and Aa1) is dark on every board; on a cube the
                // colours alternate by level too.
                let dark = (rank + file + l) % 2 == 0;
                let cell = cell_index(shape, l, file, rank);
                let (last_move, check) = marks[cell];
                let sq = Square {
                    man: board.cells.get(cell).copied().flatten(),
                    dark,
                    last_move,
                    check,
                };
                let (x, y) = (lx + col * s, by + row * s);
                if sq.is_plain() {
                    cv.fill_rect(x, y, s, s, if dark { key.dark } else { key.light });
                } else {
                    let tile = tiles.square(sq);
                    cv.copy(&tile, s, s, x, y);
                }
            }
        }
    }

    // Coordinates.
    if geo.cm > 0 {
        let f = geo.coord_font;
        let cap = (f * 0.73) as i32;
        for l in 0..levels {
            let lx = bx + l * (4 * s + geo.level_gap);
            for i in 0..files {
                let file = match bottom {
                    Color::White => i,
                    Color::Black => files - 1 - i,
                };
                let fc = char::from(b'a' + file as u8).to_string();
                let base = by + bh + r + (geo.cm + cap) / 2;
                cv.text_centered(&fc, lx + i * s + s / 2, base, f, false, pal.text_dim);
            }
            for i in 0..ranks {
                let rank = match bottom {
                    Color::White => ranks - 1 - i,
                    Color::Black => i,
                };
                let rc = (rank + 1).to_string();
                let cx = lx - r - geo.cm / 2 - if l > 0 { 0 } else { 1 };
                let base = by + i * s + s / 2 + cap / 2;
                cv.text_centered(&rc, cx, base, f, false, pal.text_dim);
            }
        }
    }
    if shape == Shape::Cube4 {
        let f = geo.label_font;
        for l in 0..4 {
            let lx = bx + l * (4 * s + geo.level_gap);
            let name = char::from(b'A' + l as u8).to_string();
            let base = y + geo.label_h + (geo.level_h + (f * 0.73) as i32) / 2 - r / 2;
            cv.text_centered(&name, lx + 2 * s, base, f, true, pal.text);
        }
    }

    // Label line: the side to move as a small king, then the label.
    if geo.label_h > 0 {
        let f = geo.label_font;
        let base = y + (geo.label_h + (f * 0.73) as i32) / 2;
        let mut lx = bx - r;
        if let Some(c) = board.to_move {
            let k = ((geo.label_h as f32) * 0.92) as i32;
            // On a light chip, so a black king reads on a dark card too.
            let ky = y + (geo.label_h - k) / 2;
            let king = Tiles::new(k, tiles.theme()).icon(Man::new(c, Figure::King), 0.2);
            cv.copy(&king, k, k, lx, ky);
            lx += k + (f * 0.3) as i32;
        }
        let color = if board.current {
            pal.current
        } else if board.inactive {
            pal.text_dim
        } else {
            pal.text
        };
        if let Some(label) = &board.label {
            let text = font::fit_text(label, f, true, x + tw - lx);
            cv.text(&text, lx, base, f, true, color);
        } else if let Some(c) = board.to_move {
            let text = font::fit_text(&format!("{c} to move"), f, false, x + tw - lx);
            cv.text(&text, lx, base, f, false, color);
        }
    }
    if geo.caption_h > 0
        && let Some(caption) = board.caption.as_deref()
    {
        let f = geo.label_font * 0.92;
        let top = by + bh + r + geo.cm;
        let base = top + (geo.caption_h + (f * 0.73) as i32) / 2;
        let text = font::fit_text(caption, f, false, tw - geo.cm);
        cv.text(&text, bx - r, base, f, false, pal.text_dim);
    }

    if let Some(result) = &board.ended {
        ended(cv, pal, (bx, by, bw, bh), s, result);
    } else if board.inactive {
        // Shaded like an ended board, without a result across it.
        let veil = cv.pal.veil;
        cv.remap_rect(bx, by, bw, bh, &veil);
    }
}

/// Dims an ended board and writes its result across it.
fn ended(
    cv: &mut Canvas,
    pal: &Palette,
    (bx, by, bw, bh): (i32, i32, i32, i32),
    s: i32,
    text: &str,
) {
    let veil = cv.pal.veil;
    cv.remap_rect(bx, by, bw, bh, &veil);
    if text.trim().is_empty() {
        return;
    }
    let f = (s as f32 * 0.5).clamp(9.0, 34.0);
    let pad = (f * 0.6) as i32;
    let max = (bw - 2 * pad - s / 2).max(10);
    let mut lines = font::wrap_text(text, f, true, max);
    if lines.len() > 3 {
        lines.truncate(3);
        let last = format!("{}…", lines[2]);
        lines[2] = font::fit_text(&last, f, true, max);
    }
    let lh = (f * 1.3) as i32;
    let w = lines
        .iter()
        .map(|l| font::text_width(l, f, true))
        .max()
        .unwrap_or(0)
        + 2 * pad;
    let h = lh * lines.len() as i32 + pad;
    let (x0, y0) = (bx + (bw - w) / 2, by + (bh - h) / 2);
    canvas::round_rect(
        cv,
        (x0 as f32, y0 as f32, w as f32, h as f32),
        f * 0.4,
        pal.banner,
        0.92,
    );
    for (i, l) in lines.iter().enumerate() {
        let base = y0 + pad / 2 + lh * i as i32 + (lh + (f * 0.73) as i32) / 2;
        cv.text_centered(l, bx + bw / 2, base, f, true, pal.banner_text);
    }
}

/// Draws a man (with marks) on a light chip at (x, y), the tiles' size,
/// for hands and pending lists (a black man reads on a dark card too).
/// Returns the width used.
pub(crate) fn man_icon(cv: &mut Canvas, tiles: &mut Tiles, man: Man, x: i32, y: i32) -> i32 {
    let s = tiles.size();
    let icon = tiles.icon(man, 0.18);
    cv.copy(&icon, s, s, x, y);
    s
}
