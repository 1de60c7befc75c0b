//! The men Unicode has no glyph for, and 5D's variants of FIDE men.
//!
//! - **Tokens**: the unicorn, dragon and princess are a piece-like token
//!   (a round body on a foot) in the man's colours, told apart by a crest
//!   (the unicorn's horn, the dragon's two wings, the princess's
//!   three-pointed tiara) and by their 5DPGN letter on the body: U, D, S.
//! - **Emblems**: the brawn, royal queen and common king are the pawn,
//!   queen and king glyphs with a small round emblem at the bottom right,
//!   in the man's colours, carrying their 5DPGN letter: W, Y, C. The top
//!   corners stay free for the stage and counter badges.
//!
//! All of it is drawn here from vector shapes and the embedded DejaVu Sans
//! letters: no outside art.

use chronomate_rules::Color;
use chronomate_rules::view::Figure;

use crate::canvas::{self, Sprite, badge};
use crate::font;
use crate::look::Look;
use crate::theme::{Palette, Rgb};

/// What sits on top of a token's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crest {
    /// One horn, up and to the right.
    Horn,
    /// Two wings, out to both sides.
    Wings,
    /// Three points on top.
    Tiara,
}

/// A token: its crest and its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    crest: Crest,
    letter: char,
}

impl Token {
    /// The token of a figure drawn as one (a figure with a glyph gets the
    /// unicorn's shape with a question mark: never drawn).
    pub(crate) fn of(figure: Figure) -> Token {
        let (crest, letter) = match figure {
            Figure::Unicorn => (Crest::Horn, 'U'),
            Figure::Dragon => (Crest::Wings, 'D'),
            Figure::Princess => (Crest::Tiara, 'S'),
            _ => (Crest::Horn, '?'),
        };
        Token { crest, letter }
    }

    /// The crest's convex pieces for a body centred at (cx, cy), radius r.
    fn crest(self, cx: f32, cy: f32, r: f32) -> Vec<[(f32, f32); 3]> {
        match self.crest {
            Crest::Horn => vec![[
                (cx + r * 0.30, cy - r * 0.80),
                (cx + r * 0.95, cy - r * 1.75),
                (cx + r * 0.78, cy - r * 0.45),
            ]],
            Crest::Wings => [-1.0f32, 1.0]
                .into_iter()
                .map(|d| {
                    [
                        (cx + d * r * 0.70, cy - r * 0.55),
                        (cx + d * r * 1.75, cy - r * 1.05),
                        (cx + d * r * 1.00, cy + r * 0.30),
                    ]
                })
                .collect(),
            Crest::Tiara => [-1.0f32, 0.0, 1.0]
                .into_iter()
                .map(|d| {
                    // Points fanned 35 degrees apart, the middle one tallest.
                    let a = d * 0.61f32;
                    let (sx, sy) = (a.sin(), -a.cos());
                    let (px, py) = (sy, -sx);
                    let (base, tip) = (r * 0.80, r * if d == 0.0 { 1.70 } else { 1.45 });
                    let half = r * 0.30;
                    [
                        (cx + sx * base + px * half, cy + sy * base + py * half),
                        (cx + sx * tip, cy + sy * tip),
                        (cx + sx * base - px * half, cy + sy * base - py * half),
                    ]
                })
                .collect(),
        }
    }

    /// Draws the token on an `s`-pixel square: outline (grown shapes) in
    /// the man's line colour, the body in his fill, the letter on it.
    pub(crate) fn draw(self, sp: &mut Sprite, color: Color, s: i32, pal: &Palette, look: Look) {
        let f = s as f32;
        let (fill, line, letter) = match color {
            Color::White => (pal.white_fill, pal.white_line, pal.white_line),
            Color::Black => (pal.black_fill, pal.black_rim, pal.black_rim),
        };
        let lw = (f * 0.055).max(1.0);
        let (cx, cy, r) = (f * 0.5, f * 0.48, f * 0.27);
        let crest = self.crest(cx, cy, r);
        let foot = (f * 0.24, f * 0.76, f * 0.52, f * 0.12);
        let neck = [
            (cx - r * 0.5, cy + r * 0.6),
            (cx + r * 0.5, cy + r * 0.6),
            (cx + r * 0.85, foot.1 + 1.0),
            (cx - r * 0.85, foot.1 + 1.0),
        ];
        // A faded black man has no light rim: his outline is his fill.
        let line = if look.rim || color == Color::White {
            line
        } else {
            fill
        };
        let mut outer = Sprite::new(s, s);
        for piece in &crest {
            canvas::convex(&mut outer, &canvas::grown(piece, lw * 1.8), line, 1.0);
        }
        canvas::round_rect(
            &mut outer,
            (
                foot.0 - lw,
                foot.1 - lw,
                foot.2 + 2.0 * lw,
                foot.3 + 2.0 * lw,
            ),
            f * 0.04 + lw,
            line,
            1.0,
        );
        canvas::disc(&mut outer, cx, cy, r + lw, line, 1.0);
        canvas::convex(&mut outer, &canvas::grown(&neck, lw * 1.08), line, 1.0);
        outer.fade(look.line);
        sp.overlay(&outer, 0, 0);
        let mut inner = Sprite::new(s, s);
        for piece in &crest {
            canvas::convex(&mut inner, piece, fill, 1.0);
        }
        canvas::round_rect(&mut inner, foot, f * 0.04, fill, 1.0);
        canvas::disc(&mut inner, cx, cy, r, fill, 1.0);
        canvas::convex(&mut inner, &neck, fill, 1.0);
        inner.fade(look.fill);
        sp.overlay(&inner, 0, 0);
        let size = f * 0.36;
        let m = font::glyph_mask(self.letter, size, true);
        let x = (cx - m.w as f32 / 2.0).round() as i32;
        let y = (cy - m.h as f32 / 2.0).round() as i32;
        canvas::draw_mask(sp, &m, x, y, letter, look.line.max(look.fill));
    }
}

/// The emblem letter of a man drawn as a FIDE glyph with an emblem.
pub(crate) fn emblem_letter(figure: Figure) -> Option<char> {
    match figure {
        Figure::Brawn => Some('W'),
        Figure::RoyalQueen => Some('Y'),
        Figure::CommonKing => Some('C'),
        _ => None,
    }
}

/// Draws the emblem at the bottom right of the man's square: a round badge
/// in his colours (a white man's is white with dark ink, a black man's
/// dark with light ink), faded as he is.
pub(crate) fn emblem(sp: &mut Sprite, letter: char, color: Color, pal: &Palette, look: Look) {
    let f = sp.w as f32;
    let (fill, ink): (Rgb, Rgb) = match color {
        Color::White => (pal.white_fill, pal.white_line),
        Color::Black => (pal.black_fill, pal.black_rim),
    };
    let d = (f * 0.38).max(6.0);
    let inset = d / 2.0 + (f * 0.02).max(0.5);
    let mut mark = Sprite::new(sp.w, sp.h);
    let text = letter.to_string();
    badge(&mut mark, (f - inset, f - inset), d, &text, fill, ink, ink);
    mark.fade(look.fill.max(look.line));
    sp.overlay(&mark, 0, 0);
}
