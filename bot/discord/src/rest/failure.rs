//! A request that failed for good ([`Failure`]), and the codes of
//! Discord's errors the adapter reads ([`codes`]).

use std::fmt;

/// Discord's codes that this layer reads.
pub(crate) mod codes {
    /// Unknown Channel: the channel or thread was deleted.
    pub(crate) const UNKNOWN_CHANNEL: i64 = 10003;
    /// Unknown Message.
    pub(crate) const UNKNOWN_MESSAGE: i64 = 10008;
    /// Missing Access: the bot cannot see the channel.
    pub(crate) const MISSING_ACCESS: i64 = 50001;
    /// Cannot send messages to this user (DMs closed, no shared server).
    pub(crate) const CANNOT_DM: i64 = 50007;
    /// Missing Permissions.
    pub(crate) const MISSING_PERMISSIONS: i64 = 50013;
    /// Interaction has already been acknowledged.
    pub(crate) const ALREADY_ACKNOWLEDGED: i64 = 40060;
    /// Thread is archived (and locked, or the bot may not reopen it).
    pub(crate) const THREAD_ARCHIVED: i64 = 50083;
    /// A thread has already been created for this message.
    pub(crate) const THREAD_EXISTS: i64 = 160_004;
}

/// A request that failed for good (after any repeats).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    /// The route, as the log shows it.
    pub route: String,
    /// Discord's status; `None` when no answer came.
    pub status: Option<u16>,
    /// Discord's JSON error code.
    pub code: Option<i64>,
    pub message: String,
    /// Discord may have done it anyway (a 5xx, a timeout, a lost answer).
    pub maybe_landed: bool,
}

impl Failure {
    pub(crate) fn is(&self, code: i64) -> bool {
        self.code == Some(code)
    }

    /// Discord may do it later: no answer, a rate limit, or its own error
    /// (5xx). A refusal (another 4xx) stays one.
    pub(crate) fn is_transient(&self) -> bool {
        match self.status {
            None => true,
            Some(s) => s == 429 || s >= 500,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.route)?;
        match self.status {
            Some(s) => write!(f, "{s} {}", self.message)?,
            None => write!(f, "no answer ({})", self.message)?,
        }
        if let Some(code) = self.code {
            write!(f, " (code {code})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Failure {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_read_as_one_line() {
        let f = Failure {
            route: "POST /channels/1/messages".into(),
            status: Some(403),
            code: Some(50013),
            message: "Missing Permissions".into(),
            maybe_landed: false,
        };
        assert_eq!(
            f.to_string(),
            "POST /channels/1/messages: 403 Missing Permissions (code 50013)"
        );
    }
}
