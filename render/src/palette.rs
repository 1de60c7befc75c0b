//! One fixed indexed palette per theme, shared by the PNG and GIF encoders.
//!
//! Images are drawn as palette indices, one byte a pixel. A theme's palette
//! is built once per process, deterministically, from its colours: every
//! key colour (squares, ink, rings, marks) exactly, then the colours that
//! anti-aliasing produces between the pairs that touch in an image (a white
//! man's edge on a dark square, text on the card, the veil over an ended
//! board), chosen farthest-point first so that no blend lands far from an
//! entry. Nothing is quantised per image: drawing a blend looks its colour
//! up in a table memoised per theme.

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::theme::{Rgb, Theme};

/// Colours in a palette, at most. Index [`TRANSPARENT`] is never a colour:
/// GIF frames use it for "unchanged".
pub(crate) const COLORS: usize = 255;
/// The index GIF frames use for pixels that did not change.
pub(crate) const TRANSPARENT: u8 = 255;

/// Steps of the lookup table per channel (6 bits).
const LUT_BITS: u32 = 6;

/// A theme's indexed palette.
pub(crate) struct Indexed {
    /// The colours, index order.
    pub colors: Vec<Rgb>,
    /// Indices of the theme's key colours.
    pub key: Keys,
    /// For each index, the index of its colour under the ended-board veil.
    pub veil: [u8; 256],
    /// Nearest index for each 18-bit colour, plus one; 0 = not looked up yet.
    lut: Vec<AtomicU8>,
    /// The index of each colour in the palette.
    exact: HashMap<Rgb, u8>,
}

/// Indices of the colours drawn solid.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Keys {
    pub bg: u8,
    pub light: u8,
    pub dark: u8,
    pub frame: u8,
    pub owed: u8,
    pub current: u8,
    pub touched: u8,
}

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t + 0.5) as u8;
    Rgb(m(a.0, b.0), m(a.1, b.1), m(a.2, b.2))
}

fn dist2(a: Rgb, b: Rgb) -> u32 {
    let d = |x: u8, y: u8| (x as i32 - y as i32).pow(2) as u32;
    // Green weighs most, blue least, roughly as eyes do.
    3 * d(a.0, b.0) + 4 * d(a.1, b.1) + 2 * d(a.2, b.2)
}

impl Indexed {
    fn build(theme: Theme) -> Indexed {
        let p = theme.palette();
        let white = Rgb(255, 255, 255);
        let lm = |c: Rgb| mix(c, p.last_move.0, p.last_move.1);
        let veil = |c: Rgb| mix(c, p.dim.0, p.dim.1);
        let (light_last, dark_last) = (lm(p.light), lm(p.dark));
        // Solid colours, in a fixed order: the first ones are the keys.
        let mut keys = vec![
            p.bg, p.text, p.text_dim, p.light, p.dark, light_last, dark_last, p.frame, p.owed,
            p.current, p.touched,
        ];
        keys.extend([
            p.check,
            p.travel,
            p.trans,
            p.halo,
            p.white_fill,
            p.white_line,
            p.black_fill,
            p.black_rim,
            p.counter_red,
            p.counter_black,
            p.traveling,
            p.traveled,
            p.banner,
            p.banner_text,
            white,
        ]);
        for c in [p.light, p.dark, light_last, dark_last, p.frame] {
            keys.push(veil(c));
        }
        for c in [p.white_fill, p.white_line, p.black_fill, p.black_rim] {
            keys.push(veil(c));
        }
        keys.push(mix(veil(p.light), p.banner, 0.92));
        keys.push(mix(veil(p.dark), p.banner, 0.92));

        // Pairs whose blends are common, with how finely to sample them.
        let squares = [p.light, p.dark, light_last, dark_last];
        let inks = [p.white_fill, p.white_line, p.black_rim, p.black_fill];
        let mut pairs: Vec<(Rgb, Rgb)> = Vec::new();
        for &s in &squares {
            for &i in &inks {
                pairs.push((s, i));
            }
        }
        pairs.push((p.white_fill, p.white_line));
        pairs.push((p.black_rim, p.black_fill));
        for &s in &[p.light, p.dark] {
            pairs.push((s, p.check));
            // A king on the check glow.
            for t in [0.4, 0.8] {
                for &i in &inks {
                    pairs.push((mix(s, p.check, t), i));
                }
            }
            for &i in &inks {
                pairs.push((veil(s), veil(i)));
            }
        }
        for ink in [p.text, p.text_dim, p.current, p.light, p.halo] {
            pairs.push((p.bg, ink));
        }
        // The men on the label line's light chip.
        pairs.push((p.bg, p.light));
        pairs.push((p.banner, p.banner_text));
        for fill in [p.traveling, p.traveled, p.counter_red, p.counter_black] {
            pairs.push((fill, white));
            for &s in &squares[..2] {
                pairs.push((s, fill));
            }
        }
        for arrow in [p.travel, p.trans] {
            pairs.push((p.halo, arrow));
            pairs.push((p.bg, arrow));
            for &s in &squares[..2] {
                pairs.push((mix(s, p.halo, 0.7), arrow));
            }
        }
        for &s in &squares[..2] {
            pairs.push((s, p.halo));
            pairs.push((s, p.current));
        }
        let mut candidates = Vec::new();
        for &(a, b) in &pairs {
            for k in 1..24 {
                candidates.push(mix(a, b, k as f32 / 24.0));
            }
        }

        // Keys first (deduplicated), then farthest-point picks.
        let mut colors: Vec<Rgb> = Vec::with_capacity(COLORS);
        for c in keys {
            if !colors.contains(&c) {
                colors.push(c);
            }
        }
        let mut nearest: Vec<u32> = candidates
            .iter()
            .map(|&c| {
                colors
                    .iter()
                    .map(|&k| dist2(c, k))
                    .min()
                    .unwrap_or(u32::MAX)
            })
            .collect();
        while colors.len() < COLORS {
            let Some((i, &d)) = nearest
                .iter()
                .enumerate()
                .max_by_key(|&(i, &d)| (d, usize::MAX - i))
            else {
                break;
            };
            if d == 0 {
                break;
            }
            let c = candidates[i];
            colors.push(c);
            for (n, &cand) in nearest.iter_mut().zip(&candidates) {
                *n = (*n).min(dist2(cand, c));
            }
        }

        let index = |c: Rgb| colors.iter().position(|&k| k == c).unwrap_or(0) as u8;
        let key = Keys {
            bg: index(p.bg),
            light: index(p.light),
            dark: index(p.dark),
            frame: index(p.frame),
            owed: index(p.owed),
            current: index(p.current),
            touched: index(p.touched),
        };
        let lut = (0..1usize << (3 * LUT_BITS))
            .map(|_| AtomicU8::new(0))
            .collect();
        let exact = colors
            .iter()
            .enumerate()
            .rev()
            .map(|(i, &c)| (c, i as u8))
            .collect();
        let mut pal = Indexed {
            colors,
            key,
            veil: [0; 256],
            lut,
            exact,
        };
        let mut veil_map = [0u8; 256];
        for (i, v) in veil_map.iter_mut().enumerate() {
            *v = match pal.colors.get(i) {
                Some(&c) => pal.search(veil(c)),
                None => i as u8,
            };
        }
        pal.veil = veil_map;
        pal
    }

    /// The palette of `theme`, built on first use.
    pub(crate) fn of(theme: Theme) -> &'static Indexed {
        static PALETTES: [OnceLock<Indexed>; 4] = [const { OnceLock::new() }; 4];
        let i = Theme::ALL.iter().position(|&t| t == theme).unwrap_or(0);
        PALETTES[i].get_or_init(|| Indexed::build(theme))
    }

    /// The colour of index `i` (black for an index past the palette).
    #[inline]
    pub(crate) fn rgb(&self, i: u8) -> Rgb {
        self.colors.get(i as usize).copied().unwrap_or(Rgb(0, 0, 0))
    }

    /// The index whose colour is nearest to `c`.
    #[inline]
    pub(crate) fn nearest(&self, c: Rgb) -> u8 {
        let shift = 8 - LUT_BITS;
        let slot = ((c.0 as usize >> shift) << (2 * LUT_BITS))
            | ((c.1 as usize >> shift) << LUT_BITS)
            | (c.2 as usize >> shift);
        let Some(cell) = self.lut.get(slot) else {
            return 0;
        };
        let v = cell.load(Ordering::Relaxed);
        if v != 0 {
            return v - 1;
        }
        // The cell's centre decides, so the answer never depends on which
        // colour of the cell came first.
        let half = 1u8 << (shift - 1);
        let centre = Rgb(
            (c.0 >> shift << shift) | half,
            (c.1 >> shift << shift) | half,
            (c.2 >> shift << shift) | half,
        );
        let i = self.search(centre);
        cell.store(i + 1, Ordering::Relaxed);
        i
    }

    /// Nearest index by exhaustive search; exact colours find themselves.
    fn search(&self, c: Rgb) -> u8 {
        let mut best = (u32::MAX, 0u8);
        for (i, &k) in self.colors.iter().enumerate() {
            let d = dist2(c, k);
            if d < best.0 {
                best = (d, i as u8);
                if d == 0 {
                    break;
                }
            }
        }
        best.1
    }

    /// The index of `c` if it is in the palette, else the nearest (within
    /// the lookup table's precision). Solid colours find themselves even
    /// where another entry lies as near to their table cell's centre.
    #[inline]
    pub(crate) fn index(&self, c: Rgb) -> u8 {
        match self.exact.get(&c) {
            Some(&i) => i,
            None => self.nearest(c),
        }
    }

    /// The palette as `r, g, b` bytes.
    pub(crate) fn bytes(&self) -> Vec<u8> {
        self.colors.iter().flat_map(|c| [c.0, c.1, c.2]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_has_its_keys_exactly_and_fits() {
        for theme in Theme::ALL {
            let pal = Indexed::of(theme);
            assert!(pal.colors.len() <= COLORS);
            let p = theme.palette();
            for c in [p.bg, p.text, p.light, p.dark, p.white_fill, p.black_fill] {
                assert_eq!(pal.rgb(pal.index(c)), c, "{theme}");
            }
            assert_eq!(pal.rgb(pal.key.light), p.light);
            // A blend the palette was built for lands close.
            let m = mix(p.light, p.white_line, 0.5);
            let got = pal.rgb(pal.nearest(m));
            let d = (got.0.abs_diff(m.0))
                .max(got.1.abs_diff(m.1))
                .max(got.2.abs_diff(m.2));
            assert!(d <= 12, "{theme}: {m:?} -> {got:?}");
        }
    }
}
