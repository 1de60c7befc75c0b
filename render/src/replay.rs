//! Animated replays: one frame per view, drawn like the still images with
//! the theme's indexed palette (the GIF's global colour table: frames are
//! never quantised), each frame after the first carrying only the rectangle
//! that changed, with unchanged pixels inside it transparent.
//!
//! A replay always fits [`GifOptions::max_bytes`]: when a pass runs over,
//! the boards are drawn smaller (down to a floor) and then frames are
//! sampled (every k-th view, the first and the last always), and
//! [`Gif`] says so.

use chronomate_rules::view::View;

use crate::canvas::Canvas;
use crate::palette::{self, Indexed};
use crate::{MAX_BYTES, MAX_SIDE, RenderError, RenderOptions, draw_view, prepare};

/// How to draw a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GifOptions {
    /// How each frame is drawn: theme, flip, square sizes, coordinates,
    /// and the longest side of a frame (`max_side`). `max_bytes` does not
    /// apply to frames (the whole GIF has [`GifOptions::max_bytes`]).
    pub frame: RenderOptions,
    /// How long each frame shows, in milliseconds (GIFs count in steps of
    /// 10 ms; at least 20). Default 800.
    pub delay_ms: u32,
    /// How long the last frame is held before the replay starts again.
    /// Default 3000.
    pub hold_ms: u32,
    /// Largest GIF in bytes, at most [`MAX_BYTES`] (Discord's upload limit).
    pub max_bytes: usize,
}

impl Default for GifOptions {
    fn default() -> GifOptions {
        GifOptions {
            frame: RenderOptions {
                max_side: 1600,
                ..RenderOptions::default()
            },
            delay_ms: 800,
            hold_ms: 3000,
            max_bytes: MAX_BYTES,
        }
    }
}

/// An animated replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gif {
    /// The GIF file.
    pub bytes: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Frames in the GIF.
    pub frames_used: usize,
    /// Views the replay offered (actions + 1 for a whole game).
    pub frames_total: usize,
    /// Views were left out to fit `max_bytes`: every `step`-th was kept,
    /// with the first and the last.
    pub sampled: bool,
    /// The boards were drawn smaller than asked to fit `max_bytes`.
    pub shrunk: bool,
    /// 1 unless sampled.
    pub step: usize,
    /// The options the frames were drawn with: the caller's, with smaller
    /// squares when shrunk.
    pub frame: RenderOptions,
}

/// Draws a replay of `frames` as an animated GIF.
///
/// `frames` yields the views in order: the start position, then the view
/// after each action. It is called once, or again (yielding the same views)
/// when the GIF has to be drawn smaller or sampled to fit `max_bytes`, so
/// the host can replay a record instead of holding every view:
///
/// ```
/// use chronomate_render::{GifOptions, replay_gif};
/// use chronomate_rules::{Game, Variant};
///
/// let record = ["e4", "e5", "Nf3"];
/// let views = || {
///     let mut game = Game::new(Variant::Standard, 0);
///     let start = game.view();
///     std::iter::once(start).chain(record.iter().map(move |a| {
///         game.play(a).unwrap();
///         game.view()
///     }))
/// };
/// let gif = replay_gif(views, &GifOptions::default()).unwrap();
/// assert_eq!(gif.frames_used, 4);
/// assert!(!gif.sampled);
/// ```
pub fn replay_gif<F, I>(mut frames: F, options: &GifOptions) -> Result<Gif, RenderError>
where
    F: FnMut() -> I,
    I: IntoIterator<Item = View>,
{
    let max_bytes = options.max_bytes.min(MAX_BYTES);
    // A first look at the views: the one with the most boards sets the
    // layout of every multi-board frame.
    let mut largest: Option<View> = None;
    for view in frames() {
        let n = view.boards.len();
        if n > 1 && largest.as_ref().is_none_or(|l| n > l.boards.len()) {
            largest = Some(view);
        }
    }
    let mut plan = Pass {
        scale: 1.0,
        step: 1,
        largest,
    };
    let floor = options.frame.min_square.clamp(8, 256) as f32;
    for _ in 0..8 {
        match encode_pass(&mut frames, options, &plan, max_bytes)? {
            Outcome::Done(gif) => return Ok(gif),
            Outcome::Over(o) => {
                // Project the whole replay from what was written, then ask
                // for smaller boards first and fewer frames after.
                let later = (o.bytes.saturating_sub(o.first)) as f64
                    / (o.frames.saturating_sub(1).max(1)) as f64;
                let kept = o.total.div_ceil(plan.step).max(1);
                let projected = o.first as f64 + later * (kept.saturating_sub(1)) as f64;
                let mut ratio = (projected / (max_bytes as f64 * 0.9)).max(1.05);
                let square = options.frame.square.min(options.frame.multi_square) as f32;
                let now = square * plan.scale;
                if now > floor {
                    let f = (1.0 / ratio.sqrt() as f32).max(floor / now).max(0.6);
                    plan.scale *= f;
                    ratio /= (f * f) as f64;
                }
                if ratio > 1.0 || plan.scale * square <= floor {
                    plan.step = ((plan.step as f64 * ratio).ceil() as usize).max(plan.step + 1);
                }
                if plan.step >= o.total.max(2) {
                    plan.step = o.total.max(2);
                }
            }
        }
    }
    Err(RenderError::TooLarge(max_bytes))
}

/// What one pass draws: boards scaled by `scale`, every `step`-th view;
/// multi-board frames laid out like `largest`, the view with the most
/// boards.
#[derive(Clone, Debug)]
struct Pass {
    scale: f32,
    step: usize,
    largest: Option<View>,
}

/// How far a pass got before it ran over the byte limit.
struct Over {
    /// Bytes written, frames written, bytes of the first frame.
    bytes: usize,
    frames: usize,
    first: usize,
    /// Views in the replay.
    total: usize,
}

enum Outcome {
    Done(Gif),
    Over(Over),
}

/// A frame ready to write: its rectangle and LZW data.
struct Encoded {
    left: u16,
    top: u16,
    width: u16,
    height: u16,
    delay: u16,
    data: Vec<u8>,
}

fn centiseconds(ms: u32) -> u16 {
    (ms.div_ceil(10)).clamp(2, u16::MAX as u32) as u16
}

fn lzw(px: &[u8]) -> Vec<u8> {
    crate::lzw::encode(px, 8)
}

/// The screen so far: the last frame shown, padded with the card colour
/// as later frames grow it.
struct Screen {
    w: usize,
    h: usize,
    px: Vec<u8>,
    bg: u8,
}

impl Screen {
    /// Grows the screen to at least `w` x `h`.
    fn grow(&mut self, w: usize, h: usize) {
        if w <= self.w && h <= self.h {
            return;
        }
        let (nw, nh) = (w.max(self.w), h.max(self.h));
        let mut px = vec![self.bg; nw * nh];
        for y in 0..self.h {
            px[y * nw..y * nw + self.w].copy_from_slice(&self.px[y * self.w..(y + 1) * self.w]);
        }
        (self.w, self.h, self.px) = (nw, nh, px);
    }

    /// Puts `cv` at the top-left of the screen (the rest the card) and
    /// returns the rectangle that changed, with unchanged pixels
    /// transparent, or `None` when nothing did.
    fn show(&mut self, cv: &Canvas) -> Option<(usize, usize, usize, usize, Vec<u8>)> {
        self.grow(cv.w as usize, cv.h as usize);
        let (cw, ch) = (cv.w as usize, cv.h as usize);
        let (sw, bg) = (self.w, self.bg);
        // Row `y` of the new screen is the canvas's row (if any), then the
        // card.
        let canvas_row = |y: usize| -> &[u8] {
            if y < ch {
                &cv.px[y * cw..(y + 1) * cw]
            } else {
                &[]
            }
        };
        // The rows that differ, and the columns within them.
        let (mut x0, mut x1, mut y0, mut y1) = (usize::MAX, 0, usize::MAX, 0);
        let blank = vec![bg; sw];
        for y in 0..self.h {
            let old = &self.px[y * sw..(y + 1) * sw];
            let a = canvas_row(y);
            let (oa, ob) = old.split_at(a.len());
            let tail = &blank[a.len()..];
            if oa == a && ob == tail {
                continue;
            }
            let first = first_diff(oa, a).or_else(|| first_diff(ob, tail).map(|x| x + a.len()));
            let last = last_diff(ob, tail)
                .map(|x| x + a.len())
                .or_else(|| last_diff(oa, a));
            if let (Some(f), Some(l)) = (first, last) {
                x0 = x0.min(f);
                x1 = x1.max(l);
                y0 = y0.min(y);
                y1 = y;
            }
        }
        if x0 == usize::MAX {
            return None;
        }
        let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
        let mut rect = vec![palette::TRANSPARENT; w * h];
        let mut new = vec![bg; w];
        for (y, out) in (y0..=y1).zip(rect.chunks_exact_mut(w)) {
            let a = canvas_row(y);
            let old = &mut self.px[y * sw + x0..y * sw + x1 + 1];
            // This row of the rectangle as it is now: canvas, then card.
            let split = a.len().clamp(x0, x1 + 1) - x0;
            if let Some(part) = a.get(x0..x0 + split) {
                new[..split].copy_from_slice(part);
            }
            new[split..].fill(bg);
            if old[..] == new[..] {
                continue;
            }
            for ((t, o), &n) in out.iter_mut().zip(old.iter()).zip(&new) {
                if *o != n {
                    *t = n;
                }
            }
            old.copy_from_slice(&new);
        }
        Some((x0, y0, w, h, rect))
    }
}

/// 8 bytes of `c` as a word (zeros past its end).
#[inline]
fn word(c: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w[..c.len().min(8)].copy_from_slice(&c[..c.len().min(8)]);
    u64::from_le_bytes(w)
}

/// The first index where `a` and `b` (equally long) differ.
fn first_diff(a: &[u8], b: &[u8]) -> Option<usize> {
    let mut i = 0;
    for (x, y) in a.chunks(8).zip(b.chunks(8)) {
        let d = word(x) ^ word(y);
        if d != 0 {
            return Some(i + (d.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    None
}

/// The last index where `a` and `b` (equally long) differ.
fn last_diff(a: &[u8], b: &[u8]) -> Option<usize> {
    let n = a.len().min(b.len());
    let mut end = n;
    while end > 0 {
        let start = end.saturating_sub(8);
        let d = word(&a[start..end]) ^ word(&b[start..end]);
        if d != 0 {
            return Some(start + (63 - d.leading_zeros() as usize) / 8);
        }
        end = start;
    }
    None
}

/// Draws and encodes the views `pass` keeps; stops as soon as the bytes
/// run over `max_bytes`.
fn encode_pass<F, I>(
    frames: &mut F,
    options: &GifOptions,
    pass: &Pass,
    max_bytes: usize,
) -> Result<Outcome, RenderError>
where
    F: FnMut() -> I,
    I: IntoIterator<Item = View>,
{
    let mut o = options.frame.clone();
    let scale = |v: u32| ((v as f32 * pass.scale).round() as u32).max(8);
    o.square = scale(o.square);
    o.multi_square = scale(o.multi_square);
    o.min_square = o.min_square.min(o.multi_square);
    let side = o.max_side.clamp(128, MAX_SIDE) as i32;
    let pal = Indexed::of(o.theme);
    let delay = centiseconds(options.delay_ms);

    let mut first: Option<Canvas> = None;
    let mut screen = Screen {
        w: 0,
        h: 0,
        px: Vec::new(),
        bg: pal.key.bg,
    };
    let mut encoded: Vec<Encoded> = Vec::new();
    // The GIF's header, palette and trailer, roughly.
    let overhead = 800;
    let mut bytes = overhead;
    let mut first_bytes = 0;
    let mut total = 0;
    // Multi-board frames keep one square and one grid, those of the view
    // with the most boards, and their boards only ever move down (a title
    // that grows a line), so that frames change only where the game did.
    let fixed = match &pass.largest {
        Some(v) => {
            let mut limits = prepare(v, &o)?;
            limits.lines = true;
            let plan = crate::layout::plan(v, &limits, side);
            Some((plan.geo.s, plan.cols))
        }
        None => None,
    };
    let mut top = 0;
    let mut views = frames().into_iter().enumerate().peekable();
    while let Some((i, view)) = views.next() {
        total = i + 1;
        // Every `step`-th view, and always the last.
        let last = views.peek().is_none();
        if i % pass.step != 0 && !last {
            continue;
        }
        let mut limits = prepare(&view, &o)?;
        // The last frame is the still image of the final position; the
        // ones before keep their boards in place.
        let multi = view.boards.len() > 1;
        if let Some((square, cols)) = fixed.filter(|_| multi && !last) {
            limits.square = limits.square.min(square);
            limits.min_square = limits.min_square.min(limits.square);
            limits.min_cols = cols;
            limits.min_top = top;
            limits.lines = true;
        }
        let (cv, plan) = draw_view(&view, &limits, o.theme, side);
        if multi {
            top = top.max(plan.top());
        }
        match first {
            None => {
                screen.grow(cv.w as usize, cv.h as usize);
                screen.px.copy_from_slice(&cv.px);
                first_bytes = lzw(&cv.px).len() + cv.px.len() / 255 + 24;
                bytes += first_bytes;
                first = Some(cv);
            }
            Some(_) => {
                // Nothing changed: one transparent pixel keeps the frame
                // (and its place in the count).
                let (x, y, w, h, rect) =
                    screen
                        .show(&cv)
                        .unwrap_or((0, 0, 1, 1, vec![palette::TRANSPARENT]));
                let data = lzw(&rect);
                bytes += data.len() + data.len() / 255 + 24;
                encoded.push(Encoded {
                    left: x as u16,
                    top: y as u16,
                    width: w as u16,
                    height: h as u16,
                    delay,
                    data,
                });
            }
        }
        if bytes > max_bytes {
            // Count the rest, for the next pass's estimate.
            let rest = views.count();
            return Ok(Outcome::Over(Over {
                bytes,
                frames: encoded.len() + 1,
                first: first_bytes,
                total: total + rest,
            }));
        }
    }
    let Some(first) = first else {
        return Err(RenderError::NoFrames);
    };
    let (w, h) = (
        screen.w.min(u16::MAX as usize),
        screen.h.min(u16::MAX as usize),
    );
    // The first frame covers the whole screen.
    let mut base = vec![pal.key.bg; w * h];
    let fw = first.w as usize;
    for y in 0..(first.h as usize).min(h) {
        base[y * w..y * w + fw.min(w)].copy_from_slice(&first.px[y * fw..y * fw + fw.min(w)]);
    }
    let mut out = Vec::with_capacity(bytes);
    {
        let err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
        let mut enc = gif::Encoder::new(&mut out, w as u16, h as u16, &pal.bytes()).map_err(err)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        let hold = centiseconds(options.hold_ms).max(delay);
        let n = encoded.len();
        let first_delay = if n == 0 { hold } else { delay };
        let frame = gif::Frame {
            width: w as u16,
            height: h as u16,
            delay: first_delay,
            buffer: std::borrow::Cow::Owned(lzw(&base)),
            ..gif::Frame::default()
        };
        enc.write_lzw_pre_encoded_frame(&frame).map_err(err)?;
        for (k, e) in encoded.iter().enumerate() {
            let frame = gif::Frame {
                left: e.left,
                top: e.top,
                width: e.width,
                height: e.height,
                delay: if k + 1 == n {
                    e.delay.max(hold)
                } else {
                    e.delay
                },
                transparent: Some(palette::TRANSPARENT),
                buffer: std::borrow::Cow::Borrowed(&e.data),
                ..gif::Frame::default()
            };
            enc.write_lzw_pre_encoded_frame(&frame).map_err(err)?;
        }
        enc.into_inner().map_err(err)?;
    }
    if out.len() > max_bytes {
        return Ok(Outcome::Over(Over {
            bytes: out.len(),
            frames: encoded.len() + 1,
            first: first_bytes,
            total,
        }));
    }
    let used = encoded.len() + 1;
    Ok(Outcome::Done(Gif {
        bytes: out,
        width: w as u32,
        height: h as u32,
        frames_used: used,
        frames_total: total,
        sampled: pass.step > 1,
        shrunk: pass.scale < 1.0,
        step: pass.step,
        frame: o,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_and_last_differences() {
        let mut seed = 5u32;
        for len in [0usize, 1, 7, 8, 9, 31, 64, 100] {
            for _ in 0..50 {
                let a: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 17;
                        seed ^= seed << 5;
                        (seed % 3) as u8
                    })
                    .collect();
                let b: Vec<u8> = a
                    .iter()
                    .map(|&x| {
                        seed ^= seed << 13;
                        seed ^= seed >> 17;
                        seed ^= seed << 5;
                        if seed.is_multiple_of(9) { x + 1 } else { x }
                    })
                    .collect();
                let naive_first = a.iter().zip(&b).position(|(x, y)| x != y);
                let naive_last = a.iter().zip(&b).rposition(|(x, y)| x != y);
                assert_eq!(first_diff(&a, &b), naive_first);
                assert_eq!(last_diff(&a, &b), naive_last);
            }
        }
    }
}
