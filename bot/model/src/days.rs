//! Days per move: the time a player has for each move of a game.

use std::fmt;

use crate::Span;

/// Days per move, from [`DaysPerMove::MIN`] to [`DaysPerMove::MAX`]: each
/// action renews the deadline by this much. Stored as the whole number of
/// days (the schema checks the same bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DaysPerMove(i64);

impl DaysPerMove {
    /// The least a game gives: one day.
    pub const MIN: DaysPerMove = DaysPerMove(1);
    /// The most a game gives: two weeks.
    pub const MAX: DaysPerMove = DaysPerMove(14);
    /// What a server gives when it has set nothing.
    pub const DEFAULT: DaysPerMove = DaysPerMove(3);

    /// `days`, if it is within the bounds.
    pub const fn new(days: i64) -> Option<DaysPerMove> {
        if days >= DaysPerMove::MIN.0 && days <= DaysPerMove::MAX.0 {
            Some(DaysPerMove(days))
        } else {
            None
        }
    }

    /// The whole number of days (what is stored).
    pub const fn get(self) -> i64 {
        self.0
    }

    /// The time for one move.
    pub const fn span(self) -> Span {
        Span::days(self.0)
    }
}

impl fmt::Display for DaysPerMove {
    /// The whole number of days (`3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_to_fourteen_days_are_days_per_move() {
        assert_eq!(DaysPerMove::new(0), None);
        assert_eq!(DaysPerMove::new(15), None);
        assert_eq!(DaysPerMove::new(-3), None);
        for n in 1..=14 {
            assert_eq!(DaysPerMove::new(n).map(DaysPerMove::get), Some(n));
        }
        assert_eq!(DaysPerMove::new(3), Some(DaysPerMove::DEFAULT));
        assert_eq!(DaysPerMove::MAX.span(), Span::days(14));
    }
}
