//! Short texts kept inline, and how typed text is folded before it is
//! compared.
//!
//! The finder describes hundreds of thousands of parts per keystroke in the
//! largest games (a 21-branch multiverse turn, a 1,000-board Many Worlds
//! game), so a part's words are fixed-size arrays of ASCII, never heap
//! strings.

use std::fmt;

/// Up to `N` bytes of ASCII, kept inline.
///
/// Writing more than fits keeps what fits and marks the text as cut
/// ([`Text::is_cut`]); every text the variants write fits with room to
/// spare (the longest, a Many Worlds numeral of a game past 3,000 boards,
/// takes 15 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text<const N: usize> {
    len: u8,
    cut: bool,
    bytes: [u8; N],
}

/// A part's notation or a step's key: up to 31 bytes.
pub type Line = Text<31>;
/// A board's name or a target board: up to 15 bytes.
pub type Word = Text<15>;
/// What a person types for a man: up to 23 bytes (`Nc6 MDCCCLXXXVIII-`).
pub type Key = Text<23>;
/// A square or a cell: `e4`, `Bc3`.
pub type Spot = Text<5>;

impl<const N: usize> Default for Text<N> {
    fn default() -> Self {
        Text {
            len: 0,
            cut: false,
            bytes: [0; N],
        }
    }
}

impl<const N: usize> Text<N> {
    /// `s` (its first `N` bytes of ASCII; other characters are left out).
    pub fn new(s: &str) -> Self {
        let mut t = Self::default();
        t.push_str(s);
        t
    }

    /// Appends `s`, as much as fits.
    pub fn push_str(&mut self, s: &str) {
        self.push_bytes(s.as_bytes());
    }

    /// Appends ASCII bytes, as many as fit (others are left out).
    pub fn push_bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.push(b);
        }
    }

    /// Appends one ASCII byte, if it fits (other bytes are left out).
    pub fn push(&mut self, b: u8) {
        if !b.is_ascii() {
            return;
        }
        match self.bytes.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = b;
                self.len += 1;
            }
            None => self.cut = true,
        }
    }

    /// The text as written.
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever stored.
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// The text's ASCII bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// Whether nothing is written.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many bytes are written, at most `N`.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether something written did not fit.
    pub fn is_cut(&self) -> bool {
        self.cut
    }

    /// The text folded as typed text is ([`fold`]).
    pub fn folded(&self) -> Self {
        let mut out = Self::default();
        fold_into(self.as_bytes(), |b| out.push(b));
        out
    }
}

impl<const N: usize> fmt::Write for Text<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

impl<const N: usize> fmt::Display for Text<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<const N: usize> fmt::Debug for Text<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Text folded for comparing: lower case, without spaces, commas, check
/// and annotation marks (`+ # ! ?`), and with castling's zeros read as
/// letters (`0-0` is `o-o`). Everything else is kept: parentheses,
/// `-`, `=`, `>`, `/`, `@`, `~`, `^` tell parts apart. Non-ASCII
/// characters are left out.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    fold_into(text.as_bytes(), |b| out.push(char::from(b)));
    out
}

fn fold_into(bytes: &[u8], mut put: impl FnMut(u8)) {
    for (i, &b) in bytes.iter().enumerate() {
        if !b.is_ascii() || b.is_ascii_whitespace() || matches!(b, b',' | b'+' | b'#' | b'!' | b'?')
        {
            continue;
        }
        // Castling's zeros: a zero next to a hyphen (`0-0`, `0-0-0`).
        let castling_zero = b == b'0'
            && (bytes.get(i + 1) == Some(&b'-') || (i > 0 && bytes.get(i - 1) == Some(&b'-')));
        put(if castling_zero {
            b'o'
        } else {
            b.to_ascii_lowercase()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding() {
        assert_eq!(fold(" (L3) Nf3+ "), "(l3)nf3");
        assert_eq!(fold("0-0-0#"), "o-o-o");
        assert_eq!(fold("(0) e4 (=I)"), "(0)e4(=i)");
        assert_eq!(fold("Ra1>>(T10)e2!?"), "ra1>>(t10)e2");
        assert_eq!(fold("é4"), "4");
    }

    #[test]
    fn texts_keep_what_fits() {
        let t = Text::<4>::new("abcdef");
        assert_eq!(t.as_str(), "abcd");
        assert!(t.is_cut());
        let w = Word::new("Nf3");
        assert_eq!(w.folded().as_str(), "nf3");
        assert!(!w.is_cut());
    }
}
