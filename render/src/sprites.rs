//! Men as pre-composed sprites: DejaVu Sans chess glyphs, our own tokens
//! for the men Unicode has no glyph for, and the marks variants need
//! (see `fairy` for 5D's men).

use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use chronomate_rules::Color;
use chronomate_rules::view::{CounterKind, Figure, Man, Stage};

use crate::canvas::{self, Sprite, badge};
use crate::fairy::{self, Token};
use crate::font::{self, Mask};
use crate::look::{Look, SOLID};
use crate::theme::{Palette, Rgb, Theme};

/// Sprites of one size and theme for one render, backed by a process-wide
/// cache so repeated renders (the bot redraws the same men all day) skip the
/// composing.
pub(crate) struct Sprites {
    size: i32,
    theme: Theme,
    local: HashMap<Man, Arc<Sprite>>,
}

type Key = (Man, i32, Theme);

fn shared() -> &'static Mutex<HashMap<Key, Arc<Sprite>>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Sprite>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::default()))
}

impl Sprites {
    pub(crate) fn new(size: i32, theme: Theme) -> Sprites {
        Sprites {
            size: size.max(4),
            theme,
            local: HashMap::default(),
        }
    }

    pub(crate) fn get(&mut self, man: Man) -> Arc<Sprite> {
        if let Some(sp) = self.local.get(&man) {
            return sp.clone();
        }
        let key = (man, self.size, self.theme);
        let cached = shared().lock().ok().and_then(|c| c.get(&key).cloned());
        let sp = cached.unwrap_or_else(|| {
            let sp = Arc::new(compose(man, self.size, &self.theme.palette()));
            if let Ok(mut c) = shared().lock() {
                // Bounded: men x marks x a few sizes in practice.
                if c.len() >= 4096 {
                    c.clear();
                }
                c.insert(key, sp.clone());
            }
            sp
        });
        self.local.insert(man, sp.clone());
        sp
    }
}

/// Index in the Unicode chess block (king first) of the glyph a figure is
/// drawn with: 5D's brawn, royal queen and common king are the pawn, queen
/// and king with an emblem; the tokens have none.
fn glyph_index(f: Figure) -> Option<u32> {
    match f {
        Figure::King | Figure::CommonKing => Some(0),
        Figure::Queen | Figure::RoyalQueen => Some(1),
        Figure::Rook => Some(2),
        Figure::Bishop => Some(3),
        Figure::Knight => Some(4),
        Figure::Pawn | Figure::Brawn => Some(5),
        Figure::Unicorn | Figure::Dragon | Figure::Princess => None,
    }
}

/// The solid (black) and outline (white) glyphs of a figure.
fn glyphs(f: Figure) -> Option<(char, char)> {
    let i = glyph_index(f)?;
    Some((
        char::from_u32(0x265A + i).unwrap_or('?'),
        char::from_u32(0x2654 + i).unwrap_or('?'),
    ))
}

/// Font size at which a king's ink is `frac` of `s` tall.
fn glyph_size(s: i32, frac: f32) -> f32 {
    static KING_AT_100: OnceLock<f32> = OnceLock::new();
    let h = *KING_AT_100.get_or_init(|| {
        let m = font::text_mask("\u{265A}", 100.0, false);
        if m.h > 0 { m.h as f32 } else { 80.0 }
    });
    s as f32 * frac * 100.0 / h
}

/// A man of figure and colour, no marks, on an `s`-pixel square.
fn plain(figure: Figure, color: Color, s: i32, pal: &Palette, look: Look) -> Sprite {
    let mut sp = Sprite::new(s, s);
    let Some((solid, outline)) = glyphs(figure) else {
        Token::of(figure).draw(&mut sp, color, s, pal, look);
        return sp;
    };
    let size = glyph_size(s, 0.80);
    let king = font::glyph_mask('\u{265A}', size, false);
    let solid = font::glyph_mask(solid, size, false);
    let line = font::glyph_mask(outline, size, false);
    // A shared baseline that centres the king's ink; each man is centred
    // horizontally on its outline glyph's ink.
    let baseline = (s - king.h) / 2 - king.oy + (s as f32 * 0.01) as i32;
    let place = |m: &Mask| {
        let pen = (s - line.w) / 2 - line.ox;
        (pen + m.ox, baseline + m.oy)
    };
    let (sx, sy) = place(&solid);
    let (lx, ly) = place(&line);
    // The solid glyph has its details cut out; its silhouette has them
    // filled, so a white man's body is white all over.
    let body = fill_holes(&solid);
    match color {
        Color::White => {
            canvas::draw_mask(&mut sp, &body, sx, sy, pal.white_fill, look.fill);
            canvas::draw_mask(&mut sp, &line, lx, ly, pal.white_line, look.line);
        }
        Color::Black => {
            if look.rim {
                // A thin light rim keeps the silhouette on dark squares, and
                // the details read light on any square.
                let rim = dilate(&body, (s as f32 / 40.0).clamp(0.8, 2.0));
                canvas::draw_mask(&mut sp, &rim, sx - rim.ox, sy - rim.oy, pal.black_rim, 0.85);
                canvas::draw_mask(&mut sp, &body, sx, sy, pal.black_rim, 1.0);
                canvas::draw_mask(&mut sp, &solid, sx, sy, pal.black_fill, 1.0);
            } else {
                canvas::draw_mask(&mut sp, &body, sx, sy, pal.black_fill, look.fill);
            }
        }
    }
    if let Some(letter) = fairy::emblem_letter(figure) {
        fairy::emblem(&mut sp, letter, color, pal, look);
    }
    sp
}

/// The mask with every hole (ink-free area not reachable from its border)
/// filled in.
fn fill_holes(m: &Mask) -> Mask {
    let (w, h) = (m.w.max(0) as usize, m.h.max(0) as usize);
    let mut outside = vec![false; w * h];
    let mut stack = Vec::new();
    for x in 0..w {
        stack.push((x, 0));
        stack.push((x, h.saturating_sub(1)));
    }
    for y in 0..h {
        stack.push((0, y));
        stack.push((w.saturating_sub(1), y));
    }
    while let Some((x, y)) = stack.pop() {
        if x >= w || y >= h {
            continue;
        }
        let i = y * w + x;
        if outside[i] || m.a[i] >= 128 {
            continue;
        }
        outside[i] = true;
        stack.push((x + 1, y));
        stack.push((x.wrapping_sub(1), y));
        stack.push((x, y + 1));
        stack.push((x, y.wrapping_sub(1)));
    }
    let a =
        m.a.iter()
            .zip(&outside)
            .map(|(&a, &o)| if o { a } else { 255 })
            .collect();
    Mask { a, ..m.clone() }
}

/// Grows a mask by `r` pixels (maximum over a disc), for rims and halos.
/// The result's `ox`/`oy` say how far it grew on each side.
fn dilate(m: &Mask, r: f32) -> Mask {
    let g = r.ceil() as i32;
    let (w, h) = (m.w + 2 * g, m.h + 2 * g);
    let mut a = vec![0u8; (w * h).max(0) as usize];
    let mut offsets = Vec::new();
    for dy in -g..=g {
        for dx in -g..=g {
            let d = ((dx * dx + dy * dy) as f32).sqrt();
            if d <= r + 0.5 {
                let f = (r + 0.5 - d).clamp(0.0, 1.0);
                offsets.push((dx, dy, f));
            }
        }
    }
    for y in 0..h {
        for x in 0..w {
            let mut best = 0f32;
            for &(dx, dy, f) in &offsets {
                let v = m.at(x - g + dx, y - g + dy) as f32 * f;
                if v > best {
                    best = v;
                }
            }
            a[(y * w + x) as usize] = best as u8;
        }
    }
    Mask {
        w,
        h,
        ox: g,
        oy: g,
        a,
    }
}

/// A man with his marks.
fn compose(man: Man, s: i32, pal: &Palette) -> Sprite {
    // Disappeared men are faint; traveling men are half there; both keep
    // a readable colour (a white man keeps his outline, a black man his
    // dark fill).
    let look = match (man.ghost, man.stage, man.color) {
        (true, _, Color::White) => Look {
            fill: 0.5,
            line: 0.4,
            rim: false,
        },
        (true, _, Color::Black) => Look {
            fill: 0.45,
            line: 0.0,
            rim: false,
        },
        (false, Some(Stage::Traveling), Color::White) => Look {
            fill: 0.85,
            line: 0.7,
            rim: false,
        },
        (false, Some(Stage::Traveling), Color::Black) => Look {
            fill: 0.7,
            line: 0.0,
            rim: false,
        },
        _ => SOLID,
    };
    let mut sp = plain(man.figure, man.color, s, pal, look);
    let f = s as f32;
    let d = (f * 0.36).max(8.0);
    let inset = d / 2.0 + (f * 0.02).max(0.5);
    match man.stage {
        Some(Stage::Traveling) => badge(
            &mut sp,
            (inset, inset),
            d,
            "\u{21B6}",
            pal.traveling,
            Rgb(255, 255, 255),
            Rgb(255, 255, 255),
        ),
        Some(Stage::Traveled) => badge(
            &mut sp,
            (inset, inset),
            d,
            "\u{2605}",
            pal.traveled,
            Rgb(255, 255, 255),
            Rgb(255, 255, 255),
        ),
        Some(Stage::Untraveled) | None => {}
    }
    if let Some(counter) = man.counter {
        let (fill, ink, rim) = match counter.kind {
            CounterKind::Red => (pal.counter_red, Rgb(255, 255, 255), Rgb(255, 255, 255)),
            CounterKind::Black => (pal.counter_black, Rgb(255, 255, 255), Rgb(255, 255, 255)),
        };
        let text = counter.count.to_string();
        let mut b = Sprite::new(s, s);
        badge(&mut b, (f - inset, inset), d, &text, fill, ink, rim);
        // Keep wide counts inside the square.
        let right = (0..s)
            .rev()
            .find(|&x| (0..s).any(|y| b.px[(y * s + x) as usize][3] > 0))
            .unwrap_or(s - 1);
        let shift = (s - 1 - right).min(0);
        sp.overlay(&b, shift, 0);
    }
    sp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_man_has_ink() {
        crate::font::ensure_fonts().unwrap();
        let pal = Theme::Calm.palette();
        for figure in Figure::ALL {
            for color in Color::ALL {
                for s in [12, 24, 64] {
                    let sp = plain(figure, color, s, &pal, SOLID);
                    let ink = sp.px.iter().filter(|p| p[3] > 128).count();
                    assert!(ink > (s * s / 12) as usize, "{figure:?} {color:?} at {s}");
                }
            }
        }
    }
}
