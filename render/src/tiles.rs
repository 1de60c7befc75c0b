//! Precomposed tiles: a square of a board (its colour, last-move tint,
//! check glow and man with his marks) and a man on a light chip, composed
//! once in RGB and stored as palette indices, so drawing a board is copying
//! rows. Cached per process (the bot draws the same squares all day) and per
//! render (no lock per square).

use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use chronomate_rules::view::Man;

use crate::canvas::{self, Sprite, Target};
use crate::palette::Indexed;
use crate::sprites::Sprites;
use crate::theme::{Palette, Rgb, Theme};

/// What a square shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Square {
    pub man: Option<Man>,
    pub dark: bool,
    pub last_move: bool,
    pub check: bool,
}

impl Square {
    /// A plain square, drawn as a flat fill rather than a tile.
    pub(crate) fn is_plain(&self) -> bool {
        self.man.is_none() && !self.last_move && !self.check
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Square(Square),
    /// A man on a light chip with corners rounded by `radius` percent of
    /// the size, on the card.
    Icon(Man, u8),
}

type Key = (Theme, i32, Kind);

fn shared() -> &'static Mutex<HashMap<Key, Arc<[u8]>>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<[u8]>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::default()))
}

/// Tiles of one size and theme for one render.
pub(crate) struct Tiles {
    size: i32,
    theme: Theme,
    pal: &'static Indexed,
    colors: Palette,
    sprites: Sprites,
    local: HashMap<Kind, Arc<[u8]>>,
}

impl Tiles {
    pub(crate) fn new(size: i32, theme: Theme) -> Tiles {
        let size = size.max(4);
        Tiles {
            size,
            theme,
            pal: Indexed::of(theme),
            colors: theme.palette(),
            sprites: Sprites::new(size, theme),
            local: HashMap::default(),
        }
    }

    pub(crate) fn size(&self) -> i32 {
        self.size
    }

    pub(crate) fn theme(&self) -> Theme {
        self.theme
    }

    /// The tile of a square: `size` x `size` indices.
    pub(crate) fn square(&mut self, sq: Square) -> Arc<[u8]> {
        self.get(Kind::Square(sq))
    }

    /// A man on a light chip (hands, the label line's side to move).
    pub(crate) fn icon(&mut self, man: Man, radius: f32) -> Arc<[u8]> {
        let r = (radius * 100.0).round().clamp(0.0, 50.0) as u8;
        self.get(Kind::Icon(man, r))
    }

    fn get(&mut self, kind: Kind) -> Arc<[u8]> {
        if let Some(t) = self.local.get(&kind) {
            return t.clone();
        }
        let key = (self.theme, self.size, kind);
        let cached = shared().lock().ok().and_then(|c| c.get(&key).cloned());
        let tile = cached.unwrap_or_else(|| {
            let tile: Arc<[u8]> = self.compose(kind).into();
            if let Ok(mut c) = shared().lock() {
                // Bounded: squares x men x marks x a few sizes in practice.
                if c.len() >= 16384 {
                    c.clear();
                }
                c.insert(key, tile.clone());
            }
            tile
        });
        self.local.insert(kind, tile.clone());
        tile
    }

    fn compose(&mut self, kind: Kind) -> Vec<u8> {
        let s = self.size;
        let p = &self.colors;
        let mut rgb = Rgbs::new(s, p.bg);
        match kind {
            Kind::Square(sq) => {
                // The last column and row stay the card's: the hairline
                // between squares (see `Canvas::fill_rect`).
                let base = if sq.dark { p.dark } else { p.light };
                for y in 0..s - 1 {
                    for x in 0..s - 1 {
                        rgb.px[(y * s + x) as usize] = base;
                    }
                }
                if sq.last_move {
                    let (c, a) = p.last_move;
                    for y in 0..s {
                        for x in 0..s {
                            rgb.blend(x, y, c, a);
                        }
                    }
                }
                if sq.check {
                    check_glow(&mut rgb, s, p.check);
                }
                if let Some(man) = sq.man {
                    let sprite = self.sprites.get(man);
                    rgb.over(&sprite);
                }
            }
            Kind::Icon(man, r) => {
                let f = s as f32;
                canvas::round_rect(
                    &mut rgb,
                    (0.0, 0.0, f, f),
                    f * r as f32 / 100.0,
                    p.light,
                    1.0,
                );
                let sprite = self.sprites.get(man);
                rgb.over(&sprite);
            }
        }
        rgb.px.iter().map(|&c| self.pal.index(c)).collect()
    }
}

/// A red glow on a checked king's square.
fn check_glow<T: Target>(t: &mut T, s: i32, c: Rgb) {
    let (cx, cy) = (s as f32 / 2.0, s as f32 / 2.0);
    let reach = s as f32 * 0.72;
    for yy in 0..s {
        for xx in 0..s {
            let d = ((xx as f32 + 0.5 - cx).powi(2) + (yy as f32 + 0.5 - cy).powi(2)).sqrt();
            let a = (1.0 - d / reach).clamp(0.0, 1.0);
            if a > 0.0 {
                t.blend(xx, yy, c, (a * 1.4).min(0.95));
            }
        }
    }
}

/// An opaque RGB square being composed.
struct Rgbs {
    s: i32,
    px: Vec<Rgb>,
}

impl Rgbs {
    fn new(s: i32, c: Rgb) -> Rgbs {
        Rgbs {
            s,
            px: vec![c; (s * s) as usize],
        }
    }

    /// Draws a straight-alpha sprite of the same size over the square.
    fn over(&mut self, sp: &Sprite) {
        for y in 0..sp.h.min(self.s) {
            for x in 0..sp.w.min(self.s) {
                let p = sp.px[(y * sp.w + x) as usize];
                if p[3] == 255 {
                    self.px[(y * self.s + x) as usize] = Rgb(p[0], p[1], p[2]);
                } else if p[3] > 0 {
                    self.blend(x, y, Rgb(p[0], p[1], p[2]), p[3] as f32 / 255.0);
                }
            }
        }
    }
}

impl Target for Rgbs {
    fn size(&self) -> (i32, i32) {
        (self.s, self.s)
    }

    #[inline]
    fn blend(&mut self, x: i32, y: i32, c: Rgb, a: f32) {
        let p = &mut self.px[(y * self.s + x) as usize];
        let m = |d: u8, s: u8| (d as f32 + (s as f32 - d as f32) * a + 0.5) as u8;
        *p = Rgb(m(p.0, c.0), m(p.1, c.1), m(p.2, c.2));
    }
}
