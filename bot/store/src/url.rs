//! Database addresses: which backend one names, and how to show one.

/// Whether `url` names a PostgreSQL database (`postgres://` or
/// `postgresql://`); anything else is SQLite.
pub(crate) fn is_postgres_url(url: &str) -> bool {
    let lower = url.trim_start().to_ascii_lowercase();
    lower.starts_with("postgres://") || lower.starts_with("postgresql://")
}

/// A database URL without its password, for messages and logs:
/// `postgres://chronomate:***@db/chronomate`.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_print() {
        assert_eq!(
            redact_url("postgres://bot:s3cret@db:5432/chronomate"),
            "postgres://bot:***@db:5432/chronomate"
        );
        assert_eq!(redact_url("postgres://bot@db/c"), "postgres://bot@db/c");
        assert_eq!(
            redact_url("sqlite://chronomate.db"),
            "sqlite://chronomate.db"
        );
    }
}
