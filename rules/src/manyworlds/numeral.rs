//! Board numerals (M-1): the first board is `0`, the next ones `I`, `II`,
//! `III`, ... in creation order, written in Roman numerals.
//!
//! Read leniently: any case (`iv`), and Arabic digits (`4` for IV); a
//! Roman numeral must be written the usual way (`IV`, not `IIII`).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::quote;

/// The largest board number read: far beyond any game, small enough that
/// its numeral stays short.
pub const MAX_NUMERAL: u32 = 99_999;

/// The longest Roman numeral read: the usual spelling of any number up to
/// [`MAX_NUMERAL`] is shorter (98,888 takes 110 letters). A longer text is
/// refused before it is looked at letter by letter.
const MAX_ROMAN_LEN: usize = 128;

/// A board's number, shown as a Roman numeral (0 for the first board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Numeral(pub u32);

const TABLE: [(u32, &str); 13] = [
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
];

impl fmt::Display for Numeral {
    /// `0`, `I`, `II`, ..., `MMXXV`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut n = self.0;
        if n == 0 {
            return f.write_str("0");
        }
        for (value, letters) in TABLE {
            while n >= value {
                f.write_str(letters)?;
                n -= value;
            }
        }
        Ok(())
    }
}

/// Why a text is not a board numeral. The texts kept are cut short
/// ([`crate::quote`]): a 5 MB numeral is answered with its first letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumeralError {
    /// Nothing is written.
    Empty,
    /// Not made of Roman letters or digits.
    Letters(String),
    /// Roman letters in an unusual order: the usual spelling.
    Unusual {
        /// The numeral as written.
        written: String,
        /// The same number, spelt as usual.
        usual: String,
    },
    /// A number beyond any board (M-1).
    TooLarge(String),
}

impl fmt::Display for NumeralError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumeralError::Empty => f.write_str("a board is named by its numeral, like 0, I or XII"),
            NumeralError::Letters(s) => write!(
                f,
                "{s:?} is not a board numeral: boards are 0, I, II, III, IV, ..."
            ),
            NumeralError::Unusual { written, usual } => {
                write!(
                    f,
                    "{written} is not how Roman numerals are written: write {usual}"
                )
            }
            NumeralError::TooLarge(s) => write!(f, "there is no board {s}"),
        }
    }
}

impl Numeral {
    /// Reads `0`, a Roman numeral in any case, or Arabic digits.
    pub fn parse(text: &str) -> Result<Numeral, NumeralError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NumeralError::Empty);
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            // Leading zeros aside, more than a few digits is too large, and
            // is not read any further.
            let digits = text.trim_start_matches('0');
            return match digits.parse::<u32>() {
                _ if digits.is_empty() => Ok(Numeral(0)),
                Ok(n) if n <= MAX_NUMERAL => Ok(Numeral(n)),
                _ => Err(NumeralError::TooLarge(quote(text))),
            };
        }
        if text.len() > MAX_ROMAN_LEN {
            return Err(if text.chars().all(|c| "IVXLCDMivxlcdm".contains(c)) {
                NumeralError::TooLarge(quote(text))
            } else {
                NumeralError::Letters(quote(text))
            });
        }
        let upper = text.to_ascii_uppercase();
        let value = |c: char| match c {
            'I' => Some(1u32),
            'V' => Some(5),
            'X' => Some(10),
            'L' => Some(50),
            'C' => Some(100),
            'D' => Some(500),
            'M' => Some(1000),
            _ => None,
        };
        let values: Option<Vec<u32>> = upper.chars().map(value).collect();
        let Some(values) = values else {
            return Err(NumeralError::Letters(quote(text)));
        };
        let mut total = 0i64;
        for (i, &v) in values.iter().enumerate() {
            if values.get(i + 1).is_some_and(|&next| next > v) {
                total -= i64::from(v);
            } else {
                total += i64::from(v);
            }
        }
        let total = match u32::try_from(total) {
            Ok(total) if total > 0 && total <= MAX_NUMERAL => total,
            _ => return Err(NumeralError::TooLarge(quote(text))),
        };
        let usual = Numeral(total).to_string();
        if usual != upper {
            return Err(NumeralError::Unusual {
                written: text.to_owned(),
                usual,
            });
        }
        Ok(Numeral(total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numerals_round_trip() {
        for n in 0..=3000 {
            let text = Numeral(n).to_string();
            assert_eq!(Numeral::parse(&text), Ok(Numeral(n)), "{text}");
            assert_eq!(Numeral::parse(&text.to_ascii_lowercase()), Ok(Numeral(n)));
        }
        assert_eq!(Numeral(0).to_string(), "0");
        assert_eq!(Numeral(14).to_string(), "XIV");
        assert_eq!(Numeral::parse("12"), Ok(Numeral(12)));
        assert!(matches!(
            Numeral::parse("IIII"),
            Err(NumeralError::Unusual { .. })
        ));
        assert!(Numeral::parse("e4").is_err());
        assert!(Numeral::parse("").is_err());
        assert!(Numeral::parse("99999999999999999999").is_err());
        assert_eq!(Numeral::parse("000"), Ok(Numeral(0)));
        assert_eq!(Numeral::parse("007"), Ok(Numeral(7)));
        let largest = Numeral(MAX_NUMERAL).to_string();
        assert_eq!(Numeral::parse(&largest), Ok(Numeral(MAX_NUMERAL)));
        assert_eq!(Numeral::parse("98888"), Ok(Numeral(98_888)));
        let longest = Numeral(98_888).to_string();
        assert!(longest.len() <= MAX_ROMAN_LEN, "{}", longest.len());
    }

    #[test]
    fn huge_numerals_are_refused_quickly_and_briefly() {
        let start = std::time::Instant::now();
        for text in [
            "9".repeat(3_000_000),
            format!("1{}", "0".repeat(3_000_000)),
            "M".repeat(5_000_000),
            "x".repeat(5_000_000),
        ] {
            let e = Numeral::parse(&text).unwrap_err();
            assert!(
                e.to_string().chars().count() < 200,
                "{}",
                e.to_string().len()
            );
        }
        assert!(start.elapsed().as_secs() < 2, "{:?}", start.elapsed());
    }
}
