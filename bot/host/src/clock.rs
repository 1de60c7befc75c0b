//! Time: an injectable clock and the words for moments and lengths of
//! time.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use time::{OffsetDateTime, PrimitiveDateTime};

use chronomate_model::{Span, Timestamp};

/// A second ([`Span::SECOND`]).
pub const SECOND: Span = Span::SECOND;
/// A minute ([`Span::MINUTE`]).
pub const MINUTE: Span = Span::MINUTE;
/// An hour ([`Span::HOUR`]).
pub const HOUR: Span = Span::HOUR;
/// A day of 24 hours ([`Span::DAY`]).
pub const DAY: Span = Span::DAY;

/// Where the host reads the time. Tests inject a [`ManualClock`].
pub trait Clock: Send + Sync + 'static {
    /// The moment it is.
    fn now(&self) -> Timestamp;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(Timestamp::EPOCH, |d| Timestamp::EPOCH + Span::from_std(d))
    }
}

/// A clock that moves only when told to.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock standing at `now`.
    pub fn new(now: Timestamp) -> ManualClock {
        ManualClock(AtomicI64::new(now.millis()))
    }

    /// Moves it to `now` (backwards too).
    pub fn set(&self, now: Timestamp) {
        self.0.store(now.millis(), Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_millis(self.0.load(Ordering::SeqCst))
    }
}

impl<C: Clock> Clock for std::sync::Arc<C> {
    fn now(&self) -> Timestamp {
        (**self).now()
    }
}

/// The UTC date and time of a moment (clamped to the range `time`
/// represents, far beyond any deadline).
pub(crate) fn utc(at: Timestamp) -> OffsetDateTime {
    let seconds = at.millis().div_euclid(SECOND.millis());
    OffsetDateTime::from_unix_timestamp(seconds).unwrap_or(if seconds < 0 {
        OffsetDateTime::UNIX_EPOCH
    } else {
        PrimitiveDateTime::MAX.assume_utc()
    })
}

/// `2025.11.21`, as PGN's Date tag writes it.
pub(crate) fn pgn_date(at: Timestamp) -> String {
    let t = utc(at);
    format!("{:04}.{:02}.{:02}", t.year(), u8::from(t.month()), t.day())
}

/// `2025-11-21 05:13 UTC`.
pub fn timestamp(at: Timestamp) -> String {
    let t = utc(at);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02} UTC",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute()
    )
}

/// `2 days 3 hours`, `5 hours 12 minutes`, `40 seconds`: the two largest
/// units, for a duration that is not negative. From a minute up, rounded to
/// the minute (3 days less a few milliseconds is `3 days`).
pub(crate) fn duration_words(length: Span) -> String {
    let mut length = length.max(Span::ZERO);
    if length >= MINUTE {
        length = (length + MINUTE / 2).whole(MINUTE) * MINUTE;
    }
    let units = [
        (DAY, "day"),
        (HOUR, "hour"),
        (MINUTE, "minute"),
        (SECOND, "second"),
    ];
    let plural = |n: i64, name: &str| format!("{n} {name}{}", if n == 1 { "" } else { "s" });
    for (i, (size, name)) in units.iter().enumerate() {
        let n = length.whole(*size);
        if n > 0 {
            let mut words = plural(n, name);
            if let Some((next, next_name)) = units.get(i + 1) {
                let m = (length % *size).whole(*next);
                if m > 0 {
                    words.push(' ');
                    words.push_str(&plural(m, next_name));
                }
            }
            return words;
        }
    }
    "less than a second".to_owned()
}

/// `in 2 days 3 hours (2025-11-24 08:00 UTC)` or `2 hours ago`.
pub(crate) fn due_words(deadline: Timestamp, now: Timestamp) -> String {
    if deadline >= now {
        format!(
            "in {} ({})",
            duration_words(deadline - now),
            timestamp(deadline)
        )
    } else {
        format!("{} ago", duration_words(now - deadline))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(pgn_date(Timestamp::EPOCH), "1970.01.01");
        // 2024-02-29 12:34 UTC
        assert_eq!(
            timestamp(Timestamp::from_millis(1_709_210_040_000)),
            "2024-02-29 12:34 UTC"
        );
        assert_eq!(
            pgn_date(Timestamp::from_millis(951_782_400_000)),
            "2000.02.29"
        );
    }

    #[test]
    fn durations() {
        assert_eq!(duration_words(3 * DAY), "3 days");
        assert_eq!(
            duration_words(2 * DAY + 3 * HOUR + 5 * MINUTE),
            "2 days 3 hours"
        );
        assert_eq!(duration_words(DAY + 5 * MINUTE), "1 day");
        assert_eq!(duration_words(HOUR + MINUTE), "1 hour 1 minute");
        assert_eq!(duration_words(40 * SECOND), "40 seconds");
        assert_eq!(duration_words(Span::from_millis(10)), "less than a second");
        assert_eq!(duration_words(3 * DAY - Span::from_millis(50)), "3 days");
        assert_eq!(duration_words(DAY - 29 * SECOND), "1 day");
        assert_eq!(duration_words(Span::from_millis(-5)), "less than a second");
    }
}
