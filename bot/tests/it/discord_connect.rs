//! The bot connects to a (fake) Discord: REST base from DISCORD_API_BASE,
//! gateway from its /gateway, commands registered, interactions answered;
//! the real `chronomate serve` binary too, driven from outside.

use chronomate_testkit::replies::assert_contains;

use crate::support;

use std::process::Stdio;

use chronomate_rules::Variant;
use serde_json::Value;
use support::*;
use tokio::io::AsyncReadExt;

const COMMANDS: [&str; 15] = [
    "challenge",
    "accept",
    "decline",
    "cancel",
    "move",
    "board",
    "snapshot",
    "games",
    "resign",
    "draw",
    "abort",
    "history",
    "rules",
    "settings",
    "help",
];

fn command<'a>(registration: &'a Call, name: &str) -> &'a Value {
    registration
        .json
        .as_ref()
        .and_then(|j| j.as_array())
        .and_then(|a| a.iter().find(|c| c["name"] == name))
        .unwrap_or_else(|| panic!("/{name} is not registered"))
}

fn option<'a>(command: &'a Value, name: &str) -> &'a Value {
    command["options"]
        .as_array()
        .and_then(|a| a.iter().find(|o| o["name"] == name))
        .unwrap_or_else(|| panic!("/{} has no option {name}", command["name"]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_the_commands_in_the_guild_and_answers() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;

        let registration = wait_registered(&fake).await;
        let names = command_names(&registration);
        for name in COMMANDS {
            assert!(
                names.iter().any(|n| n == name),
                "/{name} is missing from {names:?}"
            );
        }
        assert_eq!(names.len(), chronomate_discord::all_commands().len());

        // The shape Discord is told about.
        let challenge = command(&registration, "challenge");
        let variants: Vec<&str> = option(challenge, "variant")["choices"]
            .as_array()
            .expect("variant choices")
            .iter()
            .filter_map(|c| c["name"].as_str())
            .collect();
        // Built from the rules' variant list when the commands are registered.
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        assert_eq!(variants, ids);
        assert_eq!(option(challenge, "variant")["type"], 3, "a string option");
        assert_eq!(option(challenge, "variant")["required"], true);
        assert_eq!(option(challenge, "opponent")["type"], 6);
        assert_eq!(option(challenge, "opponent")["required"], false);
        assert_eq!(option(challenge, "days")["min_value"].as_f64(), Some(1.0));
        assert_eq!(option(challenge, "days")["max_value"].as_f64(), Some(14.0));
        let action = option(command(&registration, "move"), "action");
        assert_eq!(action["autocomplete"], true);
        assert_eq!(action["required"], false, "left out, it opens the picker");
        // Manage Server (1 << 5) by default.
        assert_eq!(
            command(&registration, "settings")["default_member_permissions"],
            "32"
        );

        // Every request carried the bot token.
        assert!(
            fake.calls()
                .iter()
                .all(|c| c.authorized || c.path == "/gateway")
        );

        // An interaction is answered within the first response.
        let help = fake.command(&alice(), LOBBY_ID, "help", &[]).await;
        let reply = fake.reply(&help).await;
        assert_eq!(reply.callback_type(), Some(4));
        assert!(reply.is_ephemeral());
        assert_contains(reply.content(), "/challenge");
        // Every variant, and where to read the options a challenge may set.
        for v in Variant::ALL {
            assert!(reply.content().contains(v.id()), "{}", reply.content());
            if !v.about().options.is_empty() {
                assert_contains(reply.content(), &format!("options: /rules {}", v.id()));
            }
        }

        let rules = fake
            .command(
                &alice(),
                LOBBY_ID,
                "rules",
                &[Opt::choice("variant", "standard")],
            )
            .await;
        let reply = fake.reply(&rules).await;
        assert!(!reply.content().is_empty());
        // A variant's rules name the options a challenge may set.
        for v in Variant::ALL
            .iter()
            .filter(|v| !v.about().options.is_empty())
        {
            let rules = fake
                .command(
                    &alice(),
                    LOBBY_ID,
                    "rules",
                    &[Opt::choice("variant", v.id())],
                )
                .await;
            assert_contains(fake.reply(&rules).await.content(), v.about().options);
        }

        // A variant Discord did not offer (a stale registration, a
        // hand-made request) is refused, privately, with the list of ids.
        let unknown = fake
            .command(
                &alice(),
                LOBBY_ID,
                "challenge",
                &[Opt::str("variant", "chess960")],
            )
            .await;
        let refused = fake.reply(&unknown).await;
        assert!(refused.is_ephemeral());
        assert_contains(refused.content(), "nknown variant \"chess960\"");
        for id in &ids {
            assert_contains(refused.content(), id);
        }

        bot.shutdown().await;
    })
    .await;
}

/// The binary, configured only by its environment.
fn chronomate(dir: &std::path::Path) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_chronomate"));
    // A directory without .env, and nothing inherited that could matter.
    cmd.current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DISCORD_API_BASE")
        .env_remove("GUILD_ID")
        .env_remove("DATABASE_URL")
        .env("WEB_ADDR", "off")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    cmd
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_runs_against_any_discord_given_by_url() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("bot.db");
        let mut child = chronomate(dir.path())
            .arg("serve")
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_BASE", fake.base_url())
            .env("DATABASE_URL", url(&db))
            .env("WEB_ADDR", "off")
            .env("RUST_LOG", "debug")
            .spawn()
            .expect("the binary starts");
        // Drain the output as it comes, so a chatty log never blocks the bot.
        let mut stderr = child.stderr.take().expect("stderr");
        let mut stdout = child.stdout.take().expect("stdout");
        let drain = tokio::spawn(async move {
            let (mut err, mut out) = (String::new(), String::new());
            let _ = tokio::join!(
                stderr.read_to_string(&mut err),
                stdout.read_to_string(&mut out)
            );
            err + &out
        });

        // No GUILD_ID: global registration.
        let path = format!("/applications/{APPLICATION_ID}/commands");
        let registration = fake
            .wait_call("the global registration", |calls| {
                calls
                    .iter()
                    .find(|c| c.method == "PUT" && c.path == path)
                    .cloned()
            })
            .await;
        assert_eq!(
            command_names(&registration).len(),
            chronomate_discord::all_commands().len()
        );

        let games = fake.command(&bob(), LOBBY_ID, "games", &[]).await;
        let reply = fake.reply(&games).await;
        assert!(reply.is_ephemeral());
        assert_contains(reply.content(), "no games");
        assert!(db.exists(), "the database file is created");

        // SIGTERM (a service manager stopping it): a clean exit.
        let pid = child.id().expect("the bot's pid");
        let killed = std::process::Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let status = child.wait().await.expect("the bot exits");
        let log = drain.await.expect("the log");
        assert!(status.success(), "{status:?}\n{log}");
        assert!(log.contains("shutting down"), "{log}");
        assert!(log.contains("registered commands"), "{log}");
        assert!(!log.contains(TOKEN), "the token reached the log:\n{log}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_without_a_token_says_how_to_get_one() {
    within_limit(async {
        let dir = tempfile::tempdir().unwrap();
        let out = chronomate(dir.path())
            .arg("serve")
            .output()
            .await
            .expect("the binary runs");
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("DISCORD_TOKEN"), "{err}");
        assert!(err.contains("discord.com/developers"), "{err}");
        assert!(err.contains("chronomate console"), "{err}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_api_base_is_refused() {
    within_limit(async {
        let dir = tempfile::tempdir().unwrap();
        let out = chronomate(dir.path())
            .arg("serve")
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_BASE", "127.0.0.1:9")
            .output()
            .await
            .expect("the binary runs");
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("DISCORD_API_BASE"), "{err}");
        assert!(!err.contains(TOKEN), "{err}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_for_server_managers() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        // Discord hides /settings from others; if one calls it anyway, the
        // host refuses a change.
        let sent = fake
            .command(&bob(), LOBBY_ID, "settings", &[Opt::int("default_days", 5)])
            .await;
        let refused = fake.reply(&sent).await;
        assert!(refused.is_ephemeral());
        assert_contains(refused.content(), "managers");

        // Manage Server, as Discord computed it for the member, may.
        let admin = alice().admin();
        let sent = fake
            .command(
                &admin,
                LOBBY_ID,
                "settings",
                &[Opt::int("default_days", 5), Opt::int("reminder_hours", 12)],
            )
            .await;
        let saved = fake.reply(&sent).await;
        assert!(saved.is_ephemeral());
        assert_contains(saved.content(), "saved");
        assert!(saved.content().contains('5'), "{}", saved.content());

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_token_stops_the_binary_with_a_reason() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let wrong = "not.the.right.token";
        let out = chronomate(dir.path())
            .arg("serve")
            .env("DISCORD_TOKEN", wrong)
            .env("DISCORD_API_BASE", fake.base_url())
            .env("DATABASE_URL", url(&dir.path().join("bot.db")))
            .output()
            .await
            .expect("the binary runs");
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.to_lowercase().contains("authentication"), "{err}");
        assert!(!err.contains(wrong), "the token reached the log:\n{err}");
    })
    .await;
}
