//! How often a session may act: [`PER_WINDOW`] requests every [`WINDOW`],
//! past which it is told to slow down (429), so that a runaway page or a
//! script cannot flood a game or the database.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::WebError;

/// The window requests are counted over.
pub(crate) const WINDOW: Duration = Duration::from_secs(10);

/// Requests a session may make in one window: far more than a person
/// clicks.
pub(crate) const PER_WINDOW: u32 = 40;

/// Requests counted by who made them (a session's token, a page's
/// secret for the trade of a link).
#[derive(Default)]
pub(crate) struct Limits {
    counts: Mutex<HashMap<String, (Instant, u32)>>,
}

impl Limits {
    /// Counts one request of `who`; refused past the window's allowance.
    pub(crate) fn spend(&self, who: &str) -> Result<(), WebError> {
        let now = Instant::now();
        let mut counts = self
            .counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if counts.len() > 10_000 {
            counts.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let entry = counts.entry(who.to_owned()).or_insert((now, 0));
        if now.duration_since(entry.0) >= WINDOW {
            *entry = (now, 0);
        }
        entry.1 += 1;
        if entry.1 > PER_WINDOW {
            return Err(WebError::TooMany);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_is_refused_past_its_allowance_and_others_are_not() {
        let limits = Limits::default();
        for _ in 0..PER_WINDOW {
            limits.spend("a").unwrap();
        }
        assert!(matches!(limits.spend("a"), Err(WebError::TooMany)));
        limits.spend("b").unwrap();
    }
}
