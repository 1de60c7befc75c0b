//! Tables (tournament standings and the like) as PNG: a title, a header
//! row and striped rows, in the embedded font. Columns are as wide as
//! their widest cell; a table wider than [`crate::MAX_SIDE`] cuts its
//! cells with an ellipsis, and one taller lists as many rows as fit and
//! says how many were left out.

use crate::canvas::RgbCanvas as Canvas;
use crate::encode::png_rgb;
use crate::theme::Rgb;
use crate::{MAX_SIDE, RenderError, font};

/// A table to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// Above the table.
    pub title: String,
    /// The column headings.
    pub header: Vec<String>,
    /// The cells, row by row.
    pub rows: Vec<Vec<String>>,
    /// Columns aligned right (numbers); missing entries mean left.
    pub right: Vec<bool>,
}

const SIZE: f32 = 18.0;
const TITLE: f32 = 22.0;
const PAD: i32 = 12;
const ROW: i32 = 30;
const BG: Rgb = Rgb(0xff, 0xff, 0xff);
const INK: Rgb = Rgb(0x22, 0x22, 0x22);
const HEAD_BG: Rgb = Rgb(0x3b, 0x4a, 0x5a);
const HEAD_INK: Rgb = Rgb(0xff, 0xff, 0xff);
const STRIPE: Rgb = Rgb(0xee, 0xf1, 0xf4);
const RULE: Rgb = Rgb(0xc8, 0xcd, 0xd3);

fn cell(row: &[String], c: usize) -> &str {
    row.get(c).map(String::as_str).unwrap_or("")
}

/// Draws `table` as a PNG.
pub fn render_table(table: &Table) -> Result<Vec<u8>, RenderError> {
    font::ensure_fonts()?;
    let side = MAX_SIDE as i32;
    let cols = table
        .rows
        .iter()
        .map(Vec::len)
        .chain([table.header.len()])
        .max()
        .unwrap_or(0)
        .max(1);
    // Column widths: the widest cell, each at most a fair share of the side.
    let share = ((side - 2 * PAD) / cols as i32 - 2 * PAD).max(24);
    let widths: Vec<i32> = (0..cols)
        .map(|c| {
            let head = font::text_width(cell(&table.header, c), SIZE, true);
            let body = table
                .rows
                .iter()
                .map(|r| font::text_width(cell(r, c), SIZE, false))
                .max()
                .unwrap_or(0);
            head.max(body).min(share)
        })
        .collect();
    let table_w: i32 = widths.iter().map(|w| w + 2 * PAD).sum::<i32>() + 2 * PAD;
    let title_w = font::text_width(&table.title, TITLE, true) + 2 * PAD;
    let w = table_w.max(title_w).clamp(64, side);
    let title_h = if table.title.is_empty() { 0 } else { ROW + PAD };
    // Rows that fit; the last line says how many more there were.
    let room = ((side - title_h - 2 * PAD) / ROW - 1).max(1) as usize;
    let (shown, more) = if table.rows.len() > room {
        (room - 1, table.rows.len() - (room - 1))
    } else {
        (table.rows.len(), 0)
    };
    let lines = shown + usize::from(more > 0) + 1;
    let h = (title_h + 2 * PAD + lines as i32 * ROW).clamp(32, side);
    let mut cv = Canvas::new(w, h, BG);
    let baseline = |top: i32| top + ROW / 2 + (SIZE * 0.35) as i32;
    if !table.title.is_empty() {
        let t = font::fit_text(&table.title, TITLE, true, w - 2 * PAD);
        cv.text(
            &t,
            PAD,
            PAD + ROW / 2 + (TITLE * 0.35) as i32,
            TITLE,
            true,
            INK,
        );
    }
    let mut top = title_h + PAD;
    let draw_row = |cv: &mut Canvas, row: &[String], top: i32, bold: bool, ink: Rgb| {
        let mut x = PAD;
        for (c, width) in widths.iter().enumerate() {
            let text = font::fit_text(cell(row, c), SIZE, bold, *width);
            let tw = font::text_width(&text, SIZE, bold);
            let right = table.right.get(c).copied().unwrap_or(false);
            let tx = if right { x + PAD + width - tw } else { x + PAD };
            cv.text(&text, tx, baseline(top), SIZE, bold, ink);
            x += width + 2 * PAD;
        }
    };
    cv.fill_rect(PAD, top, table_w - 2 * PAD, ROW, HEAD_BG);
    draw_row(&mut cv, &table.header, top, true, HEAD_INK);
    top += ROW;
    for (i, row) in table.rows.iter().take(shown).enumerate() {
        if i % 2 == 1 {
            cv.fill_rect(PAD, top, table_w - 2 * PAD, ROW, STRIPE);
        }
        draw_row(&mut cv, row, top, false, INK);
        top += ROW;
    }
    if more > 0 {
        let t = format!("… and {more} more");
        cv.text(&t, 2 * PAD, baseline(top), SIZE, false, INK);
        top += ROW;
    }
    cv.fill_rect(PAD, top, table_w - 2 * PAD, 1, RULE);
    png_rgb(cv.w as u32, cv.h as u32, &cv.px, 6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_table_and_a_huge_one() {
        let t = Table {
            title: "Spring Cup — standings after round 3".to_owned(),
            header: ["#", "Player", "Pts", "SB"].map(String::from).to_vec(),
            rows: vec![
                ["1", "alice", "2½", "3.25"].map(String::from).to_vec(),
                ["2", "bob", "2", "1.5"].map(String::from).to_vec(),
            ],
            right: vec![true, false, true, true],
        };
        let png = render_table(&t).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        let huge = Table {
            title: "x".repeat(5000),
            header: vec!["a".repeat(3000); 40],
            rows: vec![vec!["b".repeat(100); 41]; 500],
            right: Vec::new(),
        };
        let png = render_table(&huge).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        assert!(
            render_table(&Table::default())
                .unwrap()
                .starts_with(b"\x89PNG")
        );
    }
}
