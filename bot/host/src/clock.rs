//! Time: an injectable clock and the words for dates and durations.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use time::{OffsetDateTime, PrimitiveDateTime};

use chronomate_model::Millis;

pub const SECOND: Millis = 1000;
pub const MINUTE: Millis = 60 * SECOND;
pub const HOUR: Millis = 60 * MINUTE;
pub const DAY: Millis = 24 * HOUR;

/// Where the host reads the time. Tests inject a [`ManualClock`].
pub trait Clock: Send + Sync + 'static {
    /// Unix time in milliseconds.
    fn now(&self) -> Millis;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as Millis)
            .unwrap_or(0)
    }
}

/// A clock that moves only when told to.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn new(now: Millis) -> ManualClock {
        ManualClock(AtomicI64::new(now))
    }

    pub fn set(&self, now: Millis) {
        self.0.store(now, Ordering::SeqCst);
    }

    pub fn advance(&self, by: Millis) {
        self.0.fetch_add(by, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

impl<C: Clock> Clock for std::sync::Arc<C> {
    fn now(&self) -> Millis {
        (**self).now()
    }
}

/// The UTC date and time of a Unix time in milliseconds (clamped to the
/// range `time` represents, far beyond any deadline).
pub(crate) fn utc(at: Millis) -> OffsetDateTime {
    let seconds = at.div_euclid(SECOND);
    OffsetDateTime::from_unix_timestamp(seconds).unwrap_or(if seconds < 0 {
        OffsetDateTime::UNIX_EPOCH
    } else {
        PrimitiveDateTime::MAX.assume_utc()
    })
}

/// `2025.11.21`, as PGN's Date tag writes it.
pub(crate) fn pgn_date(at: Millis) -> String {
    let t = utc(at);
    format!("{:04}.{:02}.{:02}", t.year(), u8::from(t.month()), t.day())
}

/// `2025-11-21 05:13 UTC`.
pub fn timestamp(at: Millis) -> String {
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
pub fn duration_words(ms: Millis) -> String {
    let mut ms = ms.max(0);
    if ms >= MINUTE {
        ms = (ms + MINUTE / 2) / MINUTE * MINUTE;
    }
    let units = [
        (DAY, "day"),
        (HOUR, "hour"),
        (MINUTE, "minute"),
        (SECOND, "second"),
    ];
    let plural = |n: Millis, name: &str| format!("{n} {name}{}", if n == 1 { "" } else { "s" });
    for (i, (size, name)) in units.iter().enumerate() {
        let n = ms / size;
        if n > 0 {
            let mut words = plural(n, name);
            if let Some((next, next_name)) = units.get(i + 1) {
                let m = (ms % size) / next;
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
pub fn due_words(deadline: Millis, now: Millis) -> String {
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
        assert_eq!(pgn_date(0), "1970.01.01");
        // 2024-02-29 12:34 UTC
        assert_eq!(timestamp(1_709_210_040_000), "2024-02-29 12:34 UTC");
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
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
        assert_eq!(duration_words(10), "less than a second");
        assert_eq!(duration_words(3 * DAY - 50), "3 days");
        assert_eq!(duration_words(DAY - 29 * SECOND), "1 day");
        assert_eq!(duration_words(-5), "less than a second");
    }
}
