//! A PostgreSQL server for the tests, and a fresh database on it per test.
//!
//! Where the server comes from, in order:
//!
//! 1. `TEST_DATABASE_URL`: a server where the tests may create databases
//!    (`.ci/run` starts a throwaway cluster and sets it; so can you, e.g.
//!    `postgres://postgres@127.0.0.1:5432/postgres`). Each test creates its
//!    own database there, named `chronomate_test_*`.
//! 2. Otherwise a throwaway cluster started here, once per test binary:
//!    `initdb` from PATH, `PG_BIN`, or Debian's `/usr/lib/postgresql/*/bin`,
//!    in a temporary directory, listening on loopback on a free port, run as
//!    the `postgres` user when the tests run as root (PostgreSQL refuses
//!    root). It stops and its directory is removed when the test binary
//!    exits (a shell holds it and ends it when its stdin, held by this
//!    process, closes).
//! 3. Otherwise no server, and a PostgreSQL test that runs fails, saying
//!    why ([`require`]). The PostgreSQL tests are `#[ignore]`d (the
//!    crate's doc), so without a server they are reported as ignored, not
//!    passed, unless asked for; `.ci/run` asks for them.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use chronomate_host::{GameId, Timestamp};
use sqlx::Connection;

/// How the throwaway cluster treats durability: the tests' cluster skips
/// fsync (a test's data is thrown away); a benchmark's keeps PostgreSQL's
/// defaults (`fsync`, `synchronous_commit` on), to compare fairly with
/// SQLite's `synchronous = FULL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// No fsync: for tests.
    Fast,
    /// PostgreSQL's defaults: for benchmarks.
    Durable,
}

/// A server the tests may create databases on.
pub struct Server {
    /// `postgres://postgres@127.0.0.1:PORT` (no database).
    pub base: String,
    /// The shell that holds a cluster started here (none for
    /// `TEST_DATABASE_URL`); its stdin closes when this process exits.
    _holder: Option<Child>,
}

static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
static NEXT: AtomicU32 = AtomicU32::new(0);

/// The tests' server, started on first use.
pub fn server() -> Result<&'static Server, String> {
    SERVER
        .get_or_init(|| match std::env::var("TEST_DATABASE_URL") {
            Ok(url) if !url.trim().is_empty() => Ok(Server {
                base: without_database(url.trim()),
                _holder: None,
            }),
            _ => start_cluster(Durability::Fast),
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The tests' server, or a panic that says why there is none: a
/// PostgreSQL test that runs without one fails, never passes unrun.
pub fn require() -> &'static Server {
    server().unwrap_or_else(|why| {
        panic!(
            "PostgreSQL is needed and could not be started: {why} \
             (run .ci/run, or set TEST_DATABASE_URL)"
        )
    })
}

/// A new, empty database for one test: its URL (`None` without a server).
pub async fn database() -> Option<String> {
    let server = server().ok()?;
    Some(create_database(&server.base).await)
}

/// Creates a database named uniquely on the server at `base`.
pub async fn create_database(base: &str) -> String {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() % 1_000_000_000);
    let name = format!(
        "chronomate_test_{}_{}_{stamp}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst),
    );
    let mut admin = sqlx::PgConnection::connect(&format!("{base}/postgres"))
        .await
        .unwrap_or_else(|e| panic!("cannot reach PostgreSQL at {base}: {e}"));
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut admin)
        .await
        .unwrap_or_else(|e| panic!("cannot create database {name}: {e}"));
    let _ = admin.close().await;
    format!("{base}/{name}")
}

/// Moves live games' reminders and deadlines (game, remind at, deadline),
/// behind the store's back: deadlines that come within a test's
/// seconds.
pub async fn set_deadlines(url: &str, games: &[(GameId, Timestamp, Timestamp)]) {
    let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
    for &(game, remind_at, deadline) in games {
        sqlx::query(
            "UPDATE games SET remind_at = $2, deadline = $3, reminder_sent = 0
             WHERE id = $1 AND status = 'live'",
        )
        .bind(game.0)
        .bind(remind_at.millis())
        .bind(deadline.millis())
        .execute(&mut conn)
        .await
        .unwrap();
    }
    let _ = conn.close().await;
}

/// `postgres://user@host:port/db?x` -> `postgres://user@host:port`.
fn without_database(url: &str) -> String {
    let url = url.split('?').next().unwrap_or(url);
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    match url[after_scheme..].find('/') {
        Some(slash) => url[..after_scheme + slash].to_owned(),
        None => url.to_owned(),
    }
}

/// The directory holding `initdb` and `postgres`.
pub fn pg_bin() -> Option<String> {
    if let Ok(dir) = std::env::var("PG_BIN")
        && std::path::Path::new(&dir).join("initdb").exists()
    {
        return Some(dir);
    }
    if let Ok(path) = std::env::var("PATH") {
        for dir in path.split(':') {
            let dir = std::path::Path::new(dir);
            if dir.join("initdb").exists() && dir.join("postgres").exists() {
                // Debian's /usr/local/bin links: use the real directory.
                let real = std::fs::canonicalize(dir.join("initdb")).ok()?;
                return real.parent().map(|p| p.display().to_string());
            }
        }
    }
    // Debian and Ubuntu keep the server's programs off PATH.
    let mut versions: Vec<(u32, String)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let v: u32 = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb")
                .exists()
                .then(|| (v, bin.display().to_string()))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}

/// The shell that creates, runs and finally removes a cluster. It prints
/// `ready` once the server accepts connections, then waits for its stdin to
/// close.
const HOLDER: &str = r#"
set -eu
bin="$1"; port="$2"; shift 2
dir=$(mktemp -d "${TMPDIR:-/tmp}/chronomate-pg.XXXXXX")
trap 'rm -rf "$dir"' EXIT
if ! "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2; exit 1
fi
"$bin/postgres" -D "$dir/data" -k "$dir" -h 127.0.0.1 -p "$port" -c max_connections=300 "$@" >"$dir/server.log" 2>&1 &
pid=$!
i=0
until "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; do
    i=$((i + 1))
    if [ "$i" -gt 300 ] || ! kill -0 "$pid" 2>/dev/null; then
        cat "$dir/server.log" >&2; kill "$pid" 2>/dev/null || true; exit 1
    fi
    sleep 0.1
done
echo ready
cat >/dev/null || true
kill -INT "$pid" 2>/dev/null || true
wait "$pid" || true
"#;

/// Starts a throwaway cluster on loopback: the server, or why not.
pub fn start_cluster(durability: Durability) -> Result<Server, String> {
    let bin = pg_bin().ok_or_else(|| {
        "no initdb found (install Debian's `postgresql` package, or set TEST_DATABASE_URL)"
            .to_owned()
    })?;
    let settings: &[&str] = match durability {
        Durability::Fast => &[
            "-c",
            "fsync=off",
            "-c",
            "synchronous_commit=off",
            "-c",
            "full_page_writes=off",
        ],
        Durability::Durable => &[],
    };
    let mut last = String::new();
    for _ in 0..3 {
        let port = free_port()?;
        let mut command = if running_as_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--", "sh", "-c", HOLDER, "holder"]);
            c
        } else {
            let mut c = Command::new("sh");
            c.args(["-c", HOLDER, "holder"]);
            c
        };
        command
            .arg(&bin)
            .arg(port.to_string())
            .args(settings)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {bin}/postgres: {e}"))?;
        let Some(stdout) = child.stdout.take() else {
            return Err("no stdout from the cluster's shell".into());
        };
        let mut line = String::new();
        let started = Instant::now();
        let ready = BufReader::new(stdout).read_line(&mut line).is_ok() && line.trim() == "ready";
        if ready {
            return Ok(Server {
                base: format!("postgres://postgres@127.0.0.1:{port}"),
                _holder: Some(child),
            });
        }
        let _ = child.kill();
        let output = child.wait_with_output().map_err(|e| e.to_string())?;
        last = format!(
            "the cluster did not start in {:?}: {}",
            started.elapsed(),
            String::from_utf8_lossy(&output.stderr).trim()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    Err(last)
}
