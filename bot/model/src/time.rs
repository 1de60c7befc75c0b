//! Time as the bot keeps it: a [`Timestamp`] is a moment (milliseconds
//! since the Unix epoch, UTC), a [`Span`] a length of time (milliseconds).
//! Only the arithmetic that means something is there: a moment and a
//! length make a moment, two moments a length, two lengths a length;
//! adding two moments does not compile.
//!
//! Both are stored as the integer they were before (a `BIGINT` or
//! `INTEGER` column of milliseconds), so a row keeps its columns. The
//! arithmetic saturates at the ends of `i64` (hundreds of millions of
//! years away) rather than overflow.

use std::ops::{Add, AddAssign, Div, Mul, Neg, Rem, Sub, SubAssign};

/// A moment: milliseconds since 1970-01-01 00:00 UTC.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(i64);

/// A length of time in milliseconds; negative: backwards.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Span(i64);

impl Timestamp {
    /// 1970-01-01 00:00 UTC.
    pub const EPOCH: Timestamp = Timestamp(0);

    /// The moment `millis` milliseconds after the epoch.
    pub const fn from_millis(millis: i64) -> Timestamp {
        Timestamp(millis)
    }

    /// Milliseconds since the epoch.
    pub const fn millis(self) -> i64 {
        self.0
    }

    /// The length of time since `earlier` (negative if it is later).
    pub const fn since(self, earlier: Timestamp) -> Span {
        Span(self.0.saturating_sub(earlier.0))
    }
}

impl Span {
    /// No time.
    pub const ZERO: Span = Span(0);
    /// A millisecond.
    pub const MILLISECOND: Span = Span(1);
    /// A second.
    pub const SECOND: Span = Span(1_000);
    /// A minute.
    pub const MINUTE: Span = Span(60 * Span::SECOND.0);
    /// An hour.
    pub const HOUR: Span = Span(60 * Span::MINUTE.0);
    /// A day (24 hours: time zones and leap seconds play no part here).
    pub const DAY: Span = Span(24 * Span::HOUR.0);

    /// `millis` milliseconds.
    pub const fn from_millis(millis: i64) -> Span {
        Span(millis)
    }

    /// `n` days.
    pub const fn days(n: i64) -> Span {
        Span(n.saturating_mul(Span::DAY.0))
    }

    /// `n` hours.
    pub const fn hours(n: i64) -> Span {
        Span(n.saturating_mul(Span::HOUR.0))
    }

    /// Its length in milliseconds.
    pub const fn millis(self) -> i64 {
        self.0
    }

    /// How many whole `unit`s it holds (rounded toward zero; 0 for a
    /// zero unit).
    pub const fn whole(self, unit: Span) -> i64 {
        match self.0.checked_div(unit.0) {
            Some(n) => n,
            None => 0,
        }
    }

    /// The same length as a [`std::time::Duration`] (zero if negative),
    /// for timers.
    pub fn to_std(self) -> std::time::Duration {
        std::time::Duration::from_millis(u64::try_from(self.0).unwrap_or(0))
    }

    /// A [`std::time::Duration`] to the millisecond (saturating).
    pub fn from_std(d: std::time::Duration) -> Span {
        Span(i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    }
}

impl Add<Span> for Timestamp {
    type Output = Timestamp;
    fn add(self, by: Span) -> Timestamp {
        Timestamp(self.0.saturating_add(by.0))
    }
}

impl AddAssign<Span> for Timestamp {
    fn add_assign(&mut self, by: Span) {
        *self = *self + by;
    }
}

impl Sub<Span> for Timestamp {
    type Output = Timestamp;
    fn sub(self, by: Span) -> Timestamp {
        Timestamp(self.0.saturating_sub(by.0))
    }
}

impl SubAssign<Span> for Timestamp {
    fn sub_assign(&mut self, by: Span) {
        *self = *self - by;
    }
}

/// The length of time from `earlier` to `self` ([`Timestamp::since`]).
impl Sub<Timestamp> for Timestamp {
    type Output = Span;
    fn sub(self, earlier: Timestamp) -> Span {
        self.since(earlier)
    }
}

impl Add for Span {
    type Output = Span;
    fn add(self, other: Span) -> Span {
        Span(self.0.saturating_add(other.0))
    }
}

impl AddAssign for Span {
    fn add_assign(&mut self, other: Span) {
        *self = *self + other;
    }
}

impl Sub for Span {
    type Output = Span;
    fn sub(self, other: Span) -> Span {
        Span(self.0.saturating_sub(other.0))
    }
}

impl Neg for Span {
    type Output = Span;
    fn neg(self) -> Span {
        Span(self.0.saturating_neg())
    }
}

impl Mul<i64> for Span {
    type Output = Span;
    fn mul(self, n: i64) -> Span {
        Span(self.0.saturating_mul(n))
    }
}

impl Mul<Span> for i64 {
    type Output = Span;
    fn mul(self, span: Span) -> Span {
        span * self
    }
}

/// A part of the length (rounded toward zero; a zero divisor gives zero).
impl Div<i64> for Span {
    type Output = Span;
    fn div(self, n: i64) -> Span {
        Span(self.0.checked_div(n).unwrap_or(0))
    }
}

/// What is left over after whole `unit`s ([`Span::whole`]).
impl Rem for Span {
    type Output = Span;
    fn rem(self, unit: Span) -> Span {
        Span(self.0.checked_rem(unit.0).unwrap_or(0))
    }
}

#[cfg(feature = "sqlx")]
crate::sql::transparent!(Timestamp, i64);
#[cfg(feature = "sqlx")]
crate::sql::transparent!(Span, i64);

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = Timestamp::from_millis(1_700_000_000_000);

    #[test]
    fn moments_and_lengths_combine_as_they_should() {
        let later = T0 + 3 * Span::DAY;
        assert_eq!(later - T0, Span::days(3));
        assert_eq!(T0 - later, -Span::days(3));
        assert_eq!(later - Span::days(3), T0);
        assert_eq!(later.millis(), 1_700_259_200_000);
        assert_eq!(Span::DAY / 2, Span::hours(12));
        assert_eq!(Span::DAY.whole(Span::HOUR), 24);
        assert_eq!((Span::DAY + Span::MINUTE) % Span::HOUR, Span::MINUTE);
        assert_eq!(Span::DAY.whole(Span::ZERO), 0);
        assert_eq!(Span::DAY / 0, Span::ZERO);
        let mut t = T0;
        t += Span::SECOND;
        t -= Span::SECOND * 2;
        assert_eq!(t, T0 - Span::SECOND);
    }

    #[test]
    fn arithmetic_saturates_instead_of_overflowing() {
        let end = Timestamp::from_millis(i64::MAX);
        assert_eq!(end + Span::DAY, end);
        assert_eq!(Timestamp::from_millis(i64::MIN) - end, Span(i64::MIN));
        assert_eq!(Span::days(i64::MAX), Span(i64::MAX));
        assert_eq!(-Span(i64::MIN), Span(i64::MAX));
    }

    #[test]
    fn std_durations_are_never_negative() {
        assert_eq!(Span::SECOND.to_std(), std::time::Duration::from_secs(1));
        assert_eq!((-Span::SECOND).to_std(), std::time::Duration::ZERO);
        assert_eq!(
            Span::from_std(std::time::Duration::from_millis(1_500)),
            Span::from_millis(1_500)
        );
    }

    #[test]
    fn both_are_their_integer_to_serde() {
        assert_eq!(serde_json::to_string(&T0).unwrap(), "1700000000000");
        assert_eq!(serde_json::from_str::<Span>("86400000").unwrap(), Span::DAY);
    }
}
