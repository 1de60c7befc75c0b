//! Colour themes.

use std::fmt;
use std::str::FromStr;

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub(crate) const fn hex(v: u32) -> Rgb {
        Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }
}

/// The colours of boards and images.
///
/// `calm` is the default: sage squares on a dark card that sits well in
/// Discord's dark mode. The others are alternatives a player can pick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Sage and cream squares on a dark slate card (default).
    #[default]
    Calm,
    /// Classic wood: tan and brown squares on a light paper card.
    Wood,
    /// Blue-grey squares on a white card.
    Ocean,
    /// High contrast: white and mid-grey squares, black ink on white.
    Contrast,
}

impl Theme {
    /// Every theme, the default first.
    pub const ALL: [Theme; 4] = [Theme::Calm, Theme::Wood, Theme::Ocean, Theme::Contrast];

    /// The names [`FromStr`] accepts, the default first (for help text).
    pub const NAMES: [&'static str; 4] = ["calm", "wood", "ocean", "contrast"];

    /// The theme's name, as [`FromStr`] reads it.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Calm => "calm",
            Theme::Wood => "wood",
            Theme::Ocean => "ocean",
            Theme::Contrast => "contrast",
        }
    }

    /// The names for help text: `calm, wood, ocean, contrast`.
    pub fn names() -> &'static [&'static str] {
        &Theme::NAMES
    }

    pub(crate) fn palette(self) -> Palette {
        match self {
            Theme::Calm => Palette {
                bg: Rgb::hex(0x2b2d31),
                text: Rgb::hex(0xe6e6e3),
                text_dim: Rgb::hex(0xa4a7ab),
                light: Rgb::hex(0xe9eadf),
                dark: Rgb::hex(0x8fa68e),
                frame: Rgb::hex(0x1e1f22),
                last_move: (Rgb::hex(0xf7d94c), 0.62),
                check: Rgb::hex(0xe8283a),
                owed: Rgb::hex(0xf59f00),
                current: Rgb::hex(0x4dabf7),
                touched: Rgb::hex(0xe6e6e3),
                travel: Rgb::hex(0xc77dff),
                trans: Rgb::hex(0x38d9a9),
                halo: Rgb::hex(0x111214),
                dim: (Rgb::hex(0x2b2d31), 0.62),
                ..Palette::BASE
            },
            Theme::Wood => Palette {
                bg: Rgb::hex(0xf6f1e7),
                text: Rgb::hex(0x2e2a24),
                text_dim: Rgb::hex(0x7a6f60),
                light: Rgb::hex(0xf0d9b5),
                dark: Rgb::hex(0xb58863),
                frame: Rgb::hex(0x7d5a3c),
                last_move: (Rgb::hex(0xcdd26a), 0.75),
                check: Rgb::hex(0xe0201c),
                owed: Rgb::hex(0xe8590c),
                current: Rgb::hex(0x1c7ed6),
                touched: Rgb::hex(0x2e2a24),
                travel: Rgb::hex(0x7b2cbf),
                trans: Rgb::hex(0x0b8f6b),
                halo: Rgb::hex(0xffffff),
                dim: (Rgb::hex(0xf6f1e7), 0.6),
                ..Palette::BASE
            },
            Theme::Ocean => Palette {
                bg: Rgb::hex(0xffffff),
                text: Rgb::hex(0x1f2933),
                text_dim: Rgb::hex(0x66727f),
                light: Rgb::hex(0xdee3e6),
                dark: Rgb::hex(0x8ca2ad),
                frame: Rgb::hex(0x52646f),
                last_move: (Rgb::hex(0x9bc700), 0.45),
                check: Rgb::hex(0xe0201c),
                owed: Rgb::hex(0xe8590c),
                current: Rgb::hex(0x1971c2),
                touched: Rgb::hex(0x1f2933),
                travel: Rgb::hex(0x9c36b5),
                trans: Rgb::hex(0x0ca678),
                halo: Rgb::hex(0xffffff),
                dim: (Rgb::hex(0xffffff), 0.6),
                ..Palette::BASE
            },
            Theme::Contrast => Palette {
                bg: Rgb::hex(0xffffff),
                text: Rgb::hex(0x000000),
                text_dim: Rgb::hex(0x444444),
                light: Rgb::hex(0xffffff),
                dark: Rgb::hex(0xa0a0a0),
                frame: Rgb::hex(0x000000),
                last_move: (Rgb::hex(0x4dabf7), 0.55),
                check: Rgb::hex(0xff0000),
                owed: Rgb::hex(0xff6a00),
                current: Rgb::hex(0x0050ff),
                touched: Rgb::hex(0x000000),
                travel: Rgb::hex(0xa000c8),
                trans: Rgb::hex(0x008a5a),
                halo: Rgb::hex(0xffffff),
                dim: (Rgb::hex(0xffffff), 0.55),
                black_fill: Rgb::hex(0x000000),
                ..Palette::BASE
            },
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        let wanted = s.trim().to_ascii_lowercase();
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == wanted)
            .ok_or_else(|| UnknownTheme(s.to_owned()))
    }
}

/// A theme name that is not one of [`Theme::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme {0:?}: choose one of calm, wood, ocean, contrast")]
pub struct UnknownTheme(pub String);

/// The resolved colours of a theme.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Palette {
    /// The card behind everything.
    pub bg: Rgb,
    pub text: Rgb,
    pub text_dim: Rgb,
    pub light: Rgb,
    pub dark: Rgb,
    /// The thin line around each board.
    pub frame: Rgb,
    /// Tint of the last move's squares, with its opacity.
    pub last_move: (Rgb, f32),
    pub check: Rgb,
    /// Ring of a board that still owes a move (dashed).
    pub owed: Rgb,
    /// Ring of the present board.
    pub current: Rgb,
    /// Ring of a board the last action touched (thin, in the ink colour).
    pub touched: Rgb,
    /// Travel arrows.
    pub travel: Rgb,
    /// Trans-universe arrows (dashed).
    pub trans: Rgb,
    /// Outline under arrows so they read on any square.
    pub halo: Rgb,
    /// Veil over ended boards, with its opacity.
    pub dim: (Rgb, f32),
    pub white_fill: Rgb,
    pub white_line: Rgb,
    pub black_fill: Rgb,
    /// Thin light rim around black men, for dark squares.
    pub black_rim: Rgb,
    pub counter_red: Rgb,
    pub counter_black: Rgb,
    pub traveling: Rgb,
    pub traveled: Rgb,
    pub banner: Rgb,
    pub banner_text: Rgb,
}

impl Palette {
    const BASE: Palette = Palette {
        bg: Rgb(0, 0, 0),
        text: Rgb(0, 0, 0),
        text_dim: Rgb(0, 0, 0),
        light: Rgb(0, 0, 0),
        dark: Rgb(0, 0, 0),
        frame: Rgb(0, 0, 0),
        last_move: (Rgb(0, 0, 0), 0.0),
        check: Rgb(0, 0, 0),
        owed: Rgb(0, 0, 0),
        current: Rgb(0, 0, 0),
        touched: Rgb(0, 0, 0),
        travel: Rgb(0, 0, 0),
        trans: Rgb(0, 0, 0),
        halo: Rgb(0, 0, 0),
        dim: (Rgb(0, 0, 0), 0.0),
        white_fill: Rgb::hex(0xffffff),
        white_line: Rgb::hex(0x111111),
        black_fill: Rgb::hex(0x1c1c1c),
        black_rim: Rgb::hex(0xf2f2f2),
        counter_red: Rgb::hex(0xd6312b),
        counter_black: Rgb::hex(0x1c1c1c),
        traveling: Rgb::hex(0xf08c00),
        traveled: Rgb::hex(0x1c7ed6),
        banner: Rgb::hex(0x25262b),
        banner_text: Rgb::hex(0xffffff),
    };
}
