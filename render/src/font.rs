//! The embedded font (DejaVu Sans, registered with plotters) and glyph masks.
//!
//! plotters' ab_glyph backend draws a string with its baseline at
//! `pos.y + size / 2` (it ignores the font's ascent), so we place text by
//! baseline and measure ink ourselves instead of trusting `VPos::Center`.
//!
//! Images draw text from glyph sprites: each glyph is rasterised once per
//! size by ab_glyph (the rasteriser plotters uses) and placed exactly where
//! plotters would place it, so drawing text is copying coverage. Tables and
//! the masks men are composed from still go through plotters.

use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, ScaleFont};
use plotters::prelude::*;
use plotters::style::{FontDesc, FontFamily, FontStyle, register_font};

use crate::RenderError;

/// Our own family name, so nothing else registered under "sans-serif" can
/// change what we draw.
const FAMILY: &str = "chronomate-dejavu-sans";

/// Registers DejaVu Sans (regular and bold) once per process.
pub(crate) fn ensure_fonts() -> Result<(), RenderError> {
    static DONE: OnceLock<bool> = OnceLock::new();
    let ok = *DONE.get_or_init(|| {
        register_font(FAMILY, FontStyle::Normal, dejavu::sans::regular()).is_ok()
            && register_font(FAMILY, FontStyle::Bold, dejavu::sans::bold()).is_ok()
            && faces().is_some()
    });
    if ok { Ok(()) } else { Err(RenderError::Font) }
}

pub(crate) fn font(size: f32, bold: bool) -> FontDesc<'static> {
    let style = if bold {
        FontStyle::Bold
    } else {
        FontStyle::Normal
    };
    FontDesc::new(FontFamily::Name(FAMILY), size.max(1.0) as f64, style)
}

/// DejaVu Sans regular and bold, parsed once for metrics and glyph sprites.
struct Faces {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

fn faces() -> Option<&'static Faces> {
    static FACES: OnceLock<Option<Faces>> = OnceLock::new();
    FACES
        .get_or_init(|| {
            Some(Faces {
                regular: FontRef::try_from_slice(dejavu::sans::regular()).ok()?,
                bold: FontRef::try_from_slice(dejavu::sans::bold()).ok()?,
            })
        })
        .as_ref()
}

fn face(bold: bool) -> Option<&'static FontRef<'static>> {
    faces().map(|f| if bold { &f.bold } else { &f.regular })
}

/// The size plotters would draw `size` at (its font sizes are whole
/// numbers of pixels at least 1).
fn px(size: f32) -> f32 {
    size.max(1.0) as f64 as f32
}

/// The advance width of `text` in pixels: advances plus kerning, as
/// plotters' ab_glyph backend measures it.
pub(crate) fn text_width(text: &str, size: f32, bold: bool) -> i32 {
    let Some(face) = face(bold) else { return 0 };
    let font = face.as_scaled(px(size));
    let mut x = 0f32;
    let mut prev = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        x += font.h_advance(id);
        if let Some(p) = prev {
            x += font.kern(p, id);
        }
        prev = Some(id);
    }
    x as i32
}

/// A glyph rasterised once: coverage, placed as plotters places it (the
/// coverage box's left edge at the pen, its top `dy` below the text's top).
#[derive(Debug, Default)]
pub(crate) struct Glyph {
    pub w: i32,
    pub h: i32,
    pub dy: i32,
    pub a: Vec<u8>,
}

/// The sprite of `c` at `size`, cached across renders.
pub(crate) fn glyph(c: char, size: f32, bold: bool) -> Arc<Glyph> {
    type Key = (char, u32, bool);
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Glyph>>>> = OnceLock::new();
    let size = px(size);
    let key = (c, size.to_bits(), bold);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::default()));
    if let Some(g) = cache.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return g;
    }
    let g = Arc::new(rasterise(c, size, bold));
    if let Ok(mut m) = cache.lock() {
        // Bounded: a few sizes of a few hundred characters in practice.
        if m.len() > 8192 {
            m.clear();
        }
        m.insert(key, g.clone());
    }
    g
}

fn rasterise(c: char, size: f32, bold: bool) -> Glyph {
    let Some(face) = face(bold) else {
        return Glyph::default();
    };
    let font = face.as_scaled(size);
    let Some(outline) = font.outline_glyph(font.scaled_glyph(c)) else {
        return Glyph::default();
    };
    let rect = outline.px_bounds();
    let (w, h) = (rect.width() as i32, rect.height() as i32);
    if w <= 0 || h <= 0 || w > 4096 || h > 4096 {
        return Glyph::default();
    }
    let mut a = vec![0u8; (w * h) as usize];
    outline.draw(|x, y, v| {
        if let Some(p) = a.get_mut((y as i32 * w + x as i32) as usize) {
            *p = (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
        }
    });
    Glyph {
        w,
        h,
        dy: (size / 2.0 + rect.min.y) as i32,
        a,
    }
}

/// Lays out `text` as plotters does: each glyph's pen position (whole
/// pixels) with its sprite, for drawing at a text top of `baseline -
/// size / 2`.
pub(crate) fn layout(text: &str, size: f32, bold: bool, mut f: impl FnMut(i32, &Glyph)) {
    let Some(face) = face(bold) else { return };
    let size = px(size);
    let font = face.as_scaled(size);
    let mut x = 0f32;
    let mut prev: Option<char> = None;
    for c in text.chars() {
        if let Some(p) = prev {
            x += font.kern(font.glyph_id(p), font.glyph_id(c));
        }
        prev = Some(c);
        let g = glyph(c, size, bold);
        if g.w > 0 {
            f(x as i32, &g);
        }
        x += font.h_advance(font.glyph_id(c));
    }
}

/// Cuts `text` to fit `max` pixels, ending it with an ellipsis if cut.
pub(crate) fn fit_text(text: &str, size: f32, bold: bool, max: i32) -> String {
    if text_width(text, size, bold) <= max {
        return text.to_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    let (mut lo, mut hi) = (0usize, chars.len());
    // Longest prefix that fits with the ellipsis.
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        let s: String = chars[..mid].iter().chain(['…'].iter()).collect();
        if text_width(&s, size, bold) <= max {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    if lo == 0 {
        return String::new();
    }
    let mut s: String = chars[..lo].iter().collect();
    s = s.trim_end().to_owned();
    s.push('…');
    s
}

/// Breaks `text` into lines no wider than `max` pixels.
pub(crate) fn wrap_text(text: &str, size: f32, bold: bool, max: i32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if text_width(&candidate, size, bold) <= max {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if text_width(word, size, bold) <= max {
            line = word.to_owned();
        } else {
            // A word longer than the line: break it by characters.
            let mut part = String::new();
            for c in word.chars() {
                part.push(c);
                if text_width(&part, size, bold) > max && part.chars().count() > 1 {
                    part.pop();
                    lines.push(std::mem::take(&mut part));
                    part.push(c);
                }
            }
            line = part;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Coverage of drawn ink (0..=255), placed relative to a pen position on the
/// baseline: the mask's top-left pixel sits at `(pen.x + ox, baseline + oy)`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mask {
    pub w: i32,
    pub h: i32,
    pub ox: i32,
    pub oy: i32,
    pub a: Vec<u8>,
}

impl Mask {
    pub(crate) fn at(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            0
        } else {
            self.a[(y * self.w + x) as usize]
        }
    }
}

/// Rasterises `text` through plotters into a scratch RGB buffer (white on
/// black) and keeps the red channel as coverage, cropped to the ink.
pub(crate) fn text_mask(text: &str, size: f32, bold: bool) -> Mask {
    let size = size.clamp(1.0, 2000.0);
    let pad = size.ceil() as i32 + 2;
    let w = (text_width(text, size, bold) + 2 * pad).clamp(1, 16384);
    let h = 3 * pad;
    let mut buf = vec![0u8; (w * h * 3) as usize];
    {
        let mut backend = BitMapBackend::with_buffer(&mut buf, (w as u32, h as u32));
        let style = font(size, bold).color(&WHITE);
        // A font error leaves the mask empty rather than failing the image.
        let _ = backend.draw_text(text, &style, (pad, pad));
    }
    let baseline = pad + (size / 2.0) as i32;
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, -1, -1);
    for y in 0..h {
        let row = &buf[(y * w * 3) as usize..((y + 1) * w * 3) as usize];
        for x in 0..w {
            if row[(x * 3) as usize] != 0 {
                x0 = x0.min(x);
                x1 = x1.max(x);
                y0 = y0.min(y);
                y1 = y1.max(y);
            }
        }
    }
    if x1 < 0 {
        return Mask::default();
    }
    let (mw, mh) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut a = Vec::with_capacity((mw * mh) as usize);
    for y in y0..=y1 {
        for x in x0..=x1 {
            a.push(buf[((y * w + x) * 3) as usize]);
        }
    }
    Mask {
        w: mw,
        h: mh,
        ox: x0 - pad,
        oy: y0 - baseline,
        a,
    }
}

/// A glyph mask, cached across renders (sizes are quantised to 1/4 px).
pub(crate) fn glyph_mask(c: char, size: f32, bold: bool) -> Arc<Mask> {
    type Key = (char, u32, bool);
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Mask>>>> = OnceLock::new();
    let q = (size.clamp(1.0, 2000.0) * 4.0).round() as u32;
    let key = (c, q, bold);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::default()));
    if let Some(m) = cache.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return m;
    }
    let mask = Arc::new(text_mask(&c.to_string(), q as f32 / 4.0, bold));
    if let Ok(mut m) = cache.lock() {
        if m.len() > 2048 {
            m.clear();
        }
        m.insert(key, mask.clone());
    }
    mask
}
