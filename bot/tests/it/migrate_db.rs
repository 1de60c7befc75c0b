//! `chronomate migrate-db` and `chronomate serve --shards` through the real
//! binary: the lines docs/cli.md promises, and the exit codes.

use crate::common;

use std::path::Path;
use std::process::Output;

/// The binary in `dir`, with no shard settings from the environment.
fn chronomate(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut command = common::binary(Some(dir), args);
    command.env_remove("SHARDS").env_remove("SHARD_TOTAL");
    common::run(command, stdin.as_bytes())
}

/// The console in `dir` on the database at `url`.
fn console_on(dir: &Path, url: &str, script: &str) -> Output {
    let mut command = common::binary(Some(dir), &["console"]);
    command.env("DATABASE_URL", url);
    common::run(command, script.as_bytes())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A little history, played in the console on `url`.
fn some_games(dir: &Path, url: &str) {
    let script = "/images off\n/as alice\n/challenge @bob standard colour:white\n/as bob\n/accept\n\
                  /as alice\n/move f3\n/as bob\n/move e5\n/as alice\n/move g4\n/as bob\n/move Qh4#\n\
                  /as carol\n/challenge @dave traveler colour:white\n/as dave\n/accept\n/as carol\n/games\n";
    let o = console_on(dir, url, script);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!text(&o.stdout).contains("refused:"), "{}", text(&o.stdout));
}

const TABLES: [&str; 12] = [
    "players",
    "guild_settings",
    "games",
    "actions",
    "drafts",
    "challenges",
    "draw_offers",
    "ratings",
    "rating_changes",
    "tournaments",
    "tournament_players",
    "tournament_pairings",
];

fn check_lines(out: &str, games: usize) {
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), TABLES.len() + 1, "{out}");
    for (line, table) in lines.iter().zip(TABLES) {
        let (name, counts) = line.split_once(": ").unwrap();
        assert_eq!(name, table);
        let (read, written) = counts
            .strip_suffix(" on the target")
            .and_then(|c| c.split_once(" read, "))
            .unwrap_or_else(|| panic!("{line}"));
        assert_eq!(read, written, "{line}");
    }
    assert_eq!(
        lines[2],
        format!("games: {games} read, {games} on the target")
    );
    assert_eq!(lines[3], "actions: 4 read, 4 on the target");
    assert_eq!(lines[TABLES.len()], format!("ok: {games} games replayed"));
}

#[test]
fn migrate_db_copies_checks_and_refuses_a_full_target() {
    let dir = tempfile::tempdir().unwrap();
    let from = format!("sqlite://{}", dir.path().join("from.db").display());
    some_games(dir.path(), &from);

    // SQLite to SQLite needs no server.
    let to = format!("sqlite://{}", dir.path().join("to.db").display());
    let o = chronomate(
        dir.path(),
        &["migrate-db", "--from", &from, "--to", &to],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    check_lines(&text(&o.stdout), 2);

    // Again into the same target: refused, exit 2, nothing written.
    let o = chronomate(
        dir.path(),
        &["migrate-db", "--from", &from, "--to", &to],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stdout).is_empty());
    let err = text(&o.stderr);
    assert!(
        err.starts_with("error: the target is not empty (players: 4 rows)"),
        "{err}"
    );

    // The source itself, and a source that does not exist.
    let o = chronomate(
        dir.path(),
        &["migrate-db", "--from", &from, "--to", &from],
        "",
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let missing = format!("sqlite://{}", dir.path().join("missing.db").display());
    let fresh = format!("sqlite://{}", dir.path().join("fresh.db").display());
    let o = chronomate(
        dir.path(),
        &["migrate-db", "--from", &missing, "--to", &fresh],
        "",
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(!dir.path().join("missing.db").exists());
}

#[test]
#[ignore = "needs PostgreSQL: .ci/run runs it (or set TEST_DATABASE_URL, or install initdb, and pass --ignored)"]
fn migrate_db_copies_to_postgres_where_the_games_go_on() {
    common::pg::require();
    let dir = tempfile::tempdir().unwrap();
    let from = format!("sqlite://{}", dir.path().join("from.db").display());
    some_games(dir.path(), &from);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let pg = rt.block_on(common::pg::database()).unwrap();
    let o = chronomate(
        dir.path(),
        &["migrate-db", "--from", &from, "--to", &pg],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    check_lines(&text(&o.stdout), 2);
    // The games go on there.
    let o = console_on(dir.path(), &pg, "/images off\n/as carol\n/move d4\n");
    let out = text(&o.stdout);
    assert!(out.contains("carol played d4 in game #2 (ply 1)."), "{out}");
}

#[test]
fn serve_checks_its_shard_range_before_anything_else() {
    let dir = tempfile::tempdir().unwrap();
    for (args, why) in [
        (
            &["serve", "--shards", "2-1", "--shard-total", "4"][..],
            "FIRST is after LAST",
        ),
        (
            &["serve", "--shards", "0-4", "--shard-total", "4"][..],
            "numbered 0 to TOTAL-1",
        ),
        (
            &["serve", "--shards", "x", "--shard-total", "4"][..],
            "not a number",
        ),
    ] {
        let o = chronomate(dir.path(), args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
    }
    // --shards needs --shard-total (clap's usage error, also exit 2).
    let o = chronomate(dir.path(), &["serve", "--shards", "0-1"], "");
    assert_eq!(o.status.code(), Some(2));
    // From the environment too.
    let mut command = common::binary(Some(dir.path()), &["serve"]);
    command.env("SHARDS", "0-1").env_remove("SHARD_TOTAL");
    let o = common::run(command, b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("SHARDS without SHARD_TOTAL"),
        "{}",
        text(&o.stderr)
    );
}
