//! Pixel targets: the image (palette indices, drawn mostly by copying
//! precomposed tiles), sprites (straight-alpha RGBA, composed once and
//! cached) and tables (an RGB buffer plotters draws into), with the
//! anti-aliased shapes they need.

use plotters::prelude::*;

use crate::font::{self, Mask};
use crate::palette::Indexed;
use crate::theme::Rgb;

/// Something shapes can be blended onto.
pub(crate) trait Target {
    fn size(&self) -> (i32, i32);
    /// Blends colour `c` at coverage `a` (0..=1) onto pixel (x, y), which
    /// the caller has clipped to the target.
    fn blend(&mut self, x: i32, y: i32, c: Rgb, a: f32);
}

/// The image being drawn: one palette index a pixel, rows top to bottom.
pub(crate) struct Canvas {
    pub w: i32,
    pub h: i32,
    pub px: Vec<u8>,
    pub pal: &'static Indexed,
    /// The last solid colour drawn and its index (text draws one colour
    /// many times).
    solid: (Rgb, u8),
}

impl Canvas {
    pub(crate) fn new(w: i32, h: i32, bg: u8, pal: &'static Indexed) -> Canvas {
        let (w, h) = (w.max(1), h.max(1));
        Canvas {
            w,
            h,
            px: vec![bg; (w * h) as usize],
            pal,
            solid: (pal.rgb(bg), bg),
        }
    }

    /// The rectangle clipped to the image: (x0, y0, x1, y1), or `None`.
    fn clip(&self, x: i32, y: i32, w: i32, h: i32) -> Option<(i32, i32, i32, i32)> {
        let (x0, y0) = (x.max(0), y.max(0));
        let (x1, y1) = (
            x.saturating_add(w).min(self.w),
            y.saturating_add(h).min(self.h),
        );
        (x0 < x1 && y0 < y1).then_some((x0, y0, x1, y1))
    }

    /// An opaque rectangle of colour index `c`, clipped, covering all but
    /// its last column and row: the rectangles of the plotters canvas this
    /// one replaced did, and boards keep that look (a hairline of the card
    /// between squares; 1-pixel strokes vanish).
    pub(crate) fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: u8) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, w, h) else {
            return;
        };
        let (x1, y1) = (x1 - 1, y1 - 1);
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        for yy in y0..y1 {
            let row = (yy * self.w) as usize;
            self.px[row + x0 as usize..row + x1 as usize].fill(c);
        }
    }

    /// Maps every pixel of the rectangle through `map` (a veil).
    pub(crate) fn remap_rect(&mut self, x: i32, y: i32, w: i32, h: i32, map: &[u8; 256]) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, w, h) else {
            return;
        };
        for yy in y0..y1 {
            let row = (yy * self.w) as usize;
            for p in &mut self.px[row + x0 as usize..row + x1 as usize] {
                *p = map[*p as usize];
            }
        }
    }

    /// An outline of thickness `t` inside the rectangle.
    pub(crate) fn stroke_rect(&mut self, x: i32, y: i32, w: i32, h: i32, t: i32, c: u8) {
        self.fill_rect(x, y, w, t, c);
        self.fill_rect(x, y + h - t, w, t, c);
        self.fill_rect(x, y, t, h, c);
        self.fill_rect(x + w - t, y, t, h, c);
    }

    /// A dashed outline of thickness `t` inside the rectangle.
    pub(crate) fn dashed_rect(&mut self, x: i32, y: i32, w: i32, h: i32, t: i32, c: u8) {
        let dash = (3 * t).max(4);
        let period = dash * 2 - dash / 3;
        let mut i = 0;
        while i < w {
            let len = dash.min(w - i);
            self.fill_rect(x + i, y, len, t, c);
            self.fill_rect(x + w - i - len, y + h - t, len, t, c);
            i += period;
        }
        let mut j = 0;
        while j < h {
            let len = dash.min(h - j);
            self.fill_rect(x + w - t, y + j, t, len, c);
            self.fill_rect(x, y + h - j - len, t, len, c);
            j += period;
        }
    }

    /// Copies a `w` x `h` tile of indices with its top-left at (x, y),
    /// clipped.
    pub(crate) fn copy(&mut self, tile: &[u8], w: i32, h: i32, x: i32, y: i32) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, w, h) else {
            return;
        };
        if tile.len() < (w * h) as usize {
            return;
        }
        let n = (x1 - x0) as usize;
        for yy in y0..y1 {
            let src = ((yy - y) * w + (x0 - x)) as usize;
            let dst = (yy * self.w + x0) as usize;
            self.px[dst..dst + n].copy_from_slice(&tile[src..src + n]);
        }
    }

    /// Text from glyph sprites with its baseline at `baseline`, starting
    /// at `x`.
    pub(crate) fn text(&mut self, s: &str, x: i32, baseline: i32, size: f32, bold: bool, c: Rgb) {
        draw_text(self, s, x, baseline, size, bold, c);
    }

    /// Text centred on `cx`.
    pub(crate) fn text_centered(
        &mut self,
        s: &str,
        cx: i32,
        baseline: i32,
        size: f32,
        bold: bool,
        c: Rgb,
    ) {
        let w = font::text_width(s, size, bold);
        self.text(s, cx - w / 2, baseline, size, bold, c);
    }
}

impl Target for Canvas {
    fn size(&self) -> (i32, i32) {
        (self.w, self.h)
    }

    #[inline]
    fn blend(&mut self, x: i32, y: i32, c: Rgb, a: f32) {
        let i = (y * self.w + x) as usize;
        if a >= 1.0 {
            if self.solid.0 != c {
                self.solid = (c, self.pal.index(c));
            }
            self.px[i] = self.solid.1;
            return;
        }
        let d = self.pal.rgb(self.px[i]);
        let m = |d: u8, s: u8| (d as f32 + (s as f32 - d as f32) * a + 0.5) as u8;
        self.px[i] = self.pal.nearest(Rgb(m(d.0, c.0), m(d.1, c.1), m(d.2, c.2)));
    }
}

/// Text from glyph sprites on any target, placed as plotters places it:
/// the text's top at `baseline - size / 2`.
pub(crate) fn draw_text<T: Target>(
    t: &mut T,
    s: &str,
    x: i32,
    baseline: i32,
    size: f32,
    bold: bool,
    c: Rgb,
) {
    if s.is_empty() || size < 1.0 {
        return;
    }
    let top = baseline - (size / 2.0) as i32;
    let (tw, th) = t.size();
    font::layout(s, size, bold, |pen, g| {
        let (gx, gy) = (x + pen, top + g.dy);
        for my in 0..g.h {
            let ty = gy + my;
            if ty < 0 || ty >= th {
                continue;
            }
            for mx in 0..g.w {
                let tx = gx + mx;
                if tx < 0 || tx >= tw {
                    continue;
                }
                let a = g.a[(my * g.w + mx) as usize];
                if a > 0 {
                    t.blend(tx, ty, c, a as f32 / 255.0);
                }
            }
        }
    });
}

/// An RGB image drawn by plotters (tables): 3 bytes a pixel.
pub(crate) struct RgbCanvas {
    pub w: i32,
    pub h: i32,
    pub px: Vec<u8>,
}

impl RgbCanvas {
    pub(crate) fn new(w: i32, h: i32, bg: Rgb) -> RgbCanvas {
        let n = (w.max(1) * h.max(1)) as usize;
        RgbCanvas {
            w: w.max(1),
            h: h.max(1),
            px: [bg.0, bg.1, bg.2].repeat(n),
        }
    }

    pub(crate) fn backend(&mut self) -> BitMapBackend<'_> {
        BitMapBackend::with_buffer(&mut self.px, (self.w as u32, self.h as u32))
    }

    /// An opaque rectangle, clipped (drawn by plotters).
    pub(crate) fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: Rgb) {
        let (x0, y0) = (x.max(0), y.max(0));
        let (x1, y1) = ((x + w).min(self.w), (y + h).min(self.h));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let mut b = self.backend();
        let style = RGBColor(c.0, c.1, c.2).filled();
        let _ = b.draw_rect((x0, y0), (x1 - 1, y1 - 1), &style, true);
    }

    /// Text drawn by plotters with its baseline at `baseline`, starting at
    /// `x`.
    pub(crate) fn text(&mut self, s: &str, x: i32, baseline: i32, size: f32, bold: bool, c: Rgb) {
        if s.is_empty() || size < 1.0 {
            return;
        }
        let y = baseline - (size / 2.0) as i32;
        let style = font::font(size, bold).color(&RGBColor(c.0, c.1, c.2));
        let mut b = self.backend();
        let _ = b.draw_text(s, &style, (x, y));
    }
}

/// A small straight-alpha RGBA picture (a man with his marks).
#[derive(Clone, Debug)]
pub(crate) struct Sprite {
    pub w: i32,
    pub h: i32,
    pub px: Vec<[u8; 4]>,
}

impl Sprite {
    pub(crate) fn new(w: i32, h: i32) -> Sprite {
        Sprite {
            w: w.max(1),
            h: h.max(1),
            px: vec![[0; 4]; (w.max(1) * h.max(1)) as usize],
        }
    }

    /// Multiplies every pixel's alpha by `f`.
    pub(crate) fn fade(&mut self, f: f32) {
        for p in &mut self.px {
            p[3] = (p[3] as f32 * f + 0.5) as u8;
        }
    }

    /// Draws `other` over this sprite with its top-left at (x, y).
    pub(crate) fn overlay(&mut self, other: &Sprite, x: i32, y: i32) {
        for sy in 0..other.h {
            for sx in 0..other.w {
                let (tx, ty) = (x + sx, y + sy);
                if tx < 0 || ty < 0 || tx >= self.w || ty >= self.h {
                    continue;
                }
                let p = other.px[(sy * other.w + sx) as usize];
                if p[3] > 0 {
                    self.blend(tx, ty, Rgb(p[0], p[1], p[2]), p[3] as f32 / 255.0);
                }
            }
        }
    }
}

impl Target for Sprite {
    fn size(&self) -> (i32, i32) {
        (self.w, self.h)
    }

    #[inline]
    fn blend(&mut self, x: i32, y: i32, c: Rgb, a: f32) {
        let p = &mut self.px[(y * self.w + x) as usize];
        let da = p[3] as f32 / 255.0;
        let oa = a + da * (1.0 - a);
        if oa <= 0.0 {
            return;
        }
        let m = |d: u8, s: u8| ((s as f32 * a + d as f32 * da * (1.0 - a)) / oa + 0.5) as u8;
        *p = [
            m(p[0], c.0),
            m(p[1], c.1),
            m(p[2], c.2),
            (oa * 255.0 + 0.5) as u8,
        ];
    }
}

/// Draws a coverage mask in colour `c` with its top-left at (x, y).
pub(crate) fn draw_mask<T: Target>(t: &mut T, m: &Mask, x: i32, y: i32, c: Rgb, alpha: f32) {
    let (tw, th) = t.size();
    for my in 0..m.h {
        let ty = y + my;
        if ty < 0 || ty >= th {
            continue;
        }
        for mx in 0..m.w {
            let tx = x + mx;
            if tx < 0 || tx >= tw {
                continue;
            }
            let a = m.a[(my * m.w + mx) as usize];
            if a > 0 {
                t.blend(tx, ty, c, a as f32 / 255.0 * alpha);
            }
        }
    }
}

/// Blends coverage from `f(x, y)` (pixel centre) over a clipped box.
fn shade<T: Target>(
    t: &mut T,
    bx: (f32, f32, f32, f32),
    c: Rgb,
    alpha: f32,
    f: impl Fn(f32, f32) -> f32,
) {
    let (tw, th) = t.size();
    let x0 = (bx.0.floor() as i32).max(0);
    let y0 = (bx.1.floor() as i32).max(0);
    let x1 = (bx.2.ceil() as i32).min(tw - 1);
    let y1 = (bx.3.ceil() as i32).min(th - 1);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let cov = f(x as f32 + 0.5, y as f32 + 0.5);
            if cov > 0.0 {
                t.blend(x, y, c, cov.min(1.0) * alpha);
            }
        }
    }
}

/// A filled anti-aliased disc.
pub(crate) fn disc<T: Target>(t: &mut T, cx: f32, cy: f32, r: f32, c: Rgb, alpha: f32) {
    shade(
        t,
        (cx - r - 1.0, cy - r - 1.0, cx + r + 1.0, cy + r + 1.0),
        c,
        alpha,
        |x, y| {
            let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
            (r + 0.5 - d).clamp(0.0, 1.0)
        },
    );
}

/// An anti-aliased ring of width `w` centred on radius `r`.
pub(crate) fn ring<T: Target>(t: &mut T, cx: f32, cy: f32, r: f32, w: f32, c: Rgb, alpha: f32) {
    let o = r + w / 2.0;
    shade(
        t,
        (cx - o - 1.0, cy - o - 1.0, cx + o + 1.0, cy + o + 1.0),
        c,
        alpha,
        |x, y| {
            let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
            (w / 2.0 + 0.5 - (d - r).abs()).clamp(0.0, 1.0)
        },
    );
}

/// A filled anti-aliased rounded rectangle.
pub(crate) fn round_rect<T: Target>(
    t: &mut T,
    (x, y, w, h): (f32, f32, f32, f32),
    r: f32,
    c: Rgb,
    alpha: f32,
) {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let (hx, hy) = (w / 2.0 - r, h / 2.0 - r);
    shade(
        t,
        (x - 1.0, y - 1.0, x + w + 1.0, y + h + 1.0),
        c,
        alpha,
        |px, py| {
            let qx = ((px - cx).abs() - hx).max(0.0);
            let qy = ((py - cy).abs() - hy).max(0.0);
            let d = (qx * qx + qy * qy).sqrt() - r;
            (0.5 - d).clamp(0.0, 1.0)
        },
    );
}

/// A convex polygon grown for its outline or halo: every corner pushed
/// `by` pixels further from the centre.
pub(crate) fn grown(pts: &[(f32, f32)], by: f32) -> Vec<(f32, f32)> {
    let n = pts.len().max(1) as f32;
    let (cx, cy) = pts
        .iter()
        .fold((0.0, 0.0), |a, p| (a.0 + p.0 / n, a.1 + p.1 / n));
    pts.iter()
        .map(|&(x, y)| {
            let (dx, dy) = (x - cx, y - cy);
            let l = (dx * dx + dy * dy).sqrt().max(1e-3);
            (x + dx / l * by, y + dy / l * by)
        })
        .collect()
}

/// A filled anti-aliased convex polygon (points in either winding).
pub(crate) fn convex<T: Target>(t: &mut T, pts: &[(f32, f32)], c: Rgb, alpha: f32) {
    if pts.len() < 3 {
        return;
    }
    let area: f32 = (0..pts.len())
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    let sign = if area < 0.0 { -1.0 } else { 1.0 };
    let mut edges = Vec::with_capacity(pts.len());
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len > 1e-6 {
            edges.push((a, dx / len * sign, dy / len * sign));
        }
    }
    let bx = pts
        .iter()
        .fold((f32::MAX, f32::MAX, f32::MIN, f32::MIN), |b, p| {
            (b.0.min(p.0), b.1.min(p.1), b.2.max(p.0), b.3.max(p.1))
        });
    shade(
        t,
        (bx.0 - 1.0, bx.1 - 1.0, bx.2 + 1.0, bx.3 + 1.0),
        c,
        alpha,
        |x, y| {
            let mut d = f32::MAX;
            for &((ax, ay), ex, ey) in &edges {
                // Signed distance to the edge line, positive inside.
                d = d.min((y - ay) * ex - (x - ax) * ey);
            }
            (d + 0.5).clamp(0.0, 1.0)
        },
    );
}

/// An anti-aliased thick polyline, optionally dashed (`(on, off)` along its
/// length). Each pixel is blended once, by the segment covering it most
/// among its neighbours, so joints do not darken.
pub(crate) fn polyline<T: Target>(
    t: &mut T,
    pts: &[(f32, f32)],
    width: f32,
    c: Rgb,
    alpha: f32,
    dash: Option<(f32, f32)>,
) {
    if pts.len() < 2 {
        return;
    }
    let (tw, th) = t.size();
    let hw = width / 2.0;
    // Each segment with the path length before it.
    let mut segs = Vec::with_capacity(pts.len() - 1);
    let mut along = 0.0f32;
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        segs.push((a, b, along, len));
        along += len;
    }
    let cover = |i: usize, px: f32, py: f32| -> f32 {
        let (a, b, start, len) = segs[i];
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = len * len;
        let u = if len2 > 1e-6 {
            (((px - a.0) * dx + (py - a.1) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        if let Some((on, off)) = dash
            && (start + u * len).rem_euclid(on + off) > on
        {
            return 0.0;
        }
        let (qx, qy) = (a.0 + u * dx - px, a.1 + u * dy - py);
        (hw + 0.5 - (qx * qx + qy * qy).sqrt()).clamp(0.0, 1.0)
    };
    for i in 0..segs.len() {
        let (a, b, _, _) = segs[i];
        let x0 = ((a.0.min(b.0) - hw - 1.0).floor() as i32).max(0);
        let y0 = ((a.1.min(b.1) - hw - 1.0).floor() as i32).max(0);
        let x1 = ((a.0.max(b.0) + hw + 1.0).ceil() as i32).min(tw - 1);
        let y1 = ((a.1.max(b.1) + hw + 1.0).ceil() as i32).min(th - 1);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let v = cover(i, px, py);
                if v <= 0.0
                    || (i > 0 && cover(i - 1, px, py) >= v)
                    || (i + 1 < segs.len() && cover(i + 1, px, py) > v)
                {
                    continue;
                }
                t.blend(x, y, c, v * alpha);
            }
        }
    }
}

/// A round badge with a short text or symbol, centred at (cx, cy).
pub(crate) fn badge<T: Target>(
    t: &mut T,
    (cx, cy): (f32, f32),
    d: f32,
    text: &str,
    fill: Rgb,
    ink: Rgb,
    rim: Rgb,
) {
    let size = d * if text.chars().count() > 1 { 0.62 } else { 0.72 };
    let m = font::text_mask(text, size, true);
    let w = (m.w as f32 + d * 0.45).max(d);
    let rimw = (d * 0.09).max(1.0);
    round_rect(
        t,
        (
            cx - w / 2.0 - rimw,
            cy - d / 2.0 - rimw,
            w + 2.0 * rimw,
            d + 2.0 * rimw,
        ),
        d / 2.0 + rimw,
        rim,
        1.0,
    );
    round_rect(t, (cx - w / 2.0, cy - d / 2.0, w, d), d / 2.0, fill, 1.0);
    let x = (cx - m.w as f32 / 2.0).round() as i32;
    let y = (cy - m.h as f32 / 2.0).round() as i32;
    draw_mask(t, &m, x, y, ink, 1.0);
}
