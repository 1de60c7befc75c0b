//! How solid a man is drawn: shared by the glyph men and the tokens.

/// How solid a man is drawn: fill and line opacity, and whether black men
/// get their light rim (faded men do not: a faded rim reads as a white man).
#[derive(Clone, Copy)]
pub(crate) struct Look {
    pub fill: f32,
    pub line: f32,
    pub rim: bool,
}

pub(crate) const SOLID: Look = Look {
    fill: 1.0,
    line: 1.0,
    rim: true,
};
