//! The bot's log: shown in the test's output (filtered by `RUST_LOG`) and
//! captured, so a test can wait for a line of it.

use std::time::Duration;

/// Everything the bot logged (at debug level for our crates, info for the
/// rest), for tests that read the log.
static CAPTURED: std::sync::Mutex<Vec<u8>> = std::sync::Mutex::new(Vec::new());

struct Capture;

impl std::io::Write for Capture {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        CAPTURED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The log so far (of every test in this binary).
pub fn captured_logs() -> String {
    String::from_utf8_lossy(&CAPTURED.lock().unwrap_or_else(|e| e.into_inner())).into_owned()
}

/// Waits (a few seconds at most) for a line of the log that `f` accepts,
/// and returns it; the whole log when none comes.
pub async fn wait_log(f: impl Fn(&str) -> bool) -> Result<String, String> {
    let until = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let log = captured_logs();
        if let Some(line) = log.lines().find(|l| f(l)) {
            return Ok(line.to_owned());
        }
        if std::time::Instant::now() > until {
            return Err(log);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The bot's log in the test's output, filtered by RUST_LOG (default:
/// warnings), and captured for [`captured_logs`].
pub(crate) fn log_to_test_output() {
    use tracing_subscriber::Layer;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let shown = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let kept =
        tracing_subscriber::EnvFilter::new("chronomate=debug,serenity=debug,poise=debug,info");
    let _ = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_test_writer()
                .with_filter(shown),
        )
        .with(
            tracing_subscriber::fmt::layer()
                .with_ansi(false)
                .with_writer(|| Capture)
                .with_filter(kept),
        )
        .try_init();
}
