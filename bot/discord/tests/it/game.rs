//! A whole game through Discord: a challenge, the accept button, a thread
//! opened from the challenge message, moves with their boards and pings,
//! autocomplete, refusals, a gateway reconnect in the middle, resignation
//! by button; and a bot restarted between two moves.

use chronomate_testkit::replies::{assert_contains, assert_lacks};

use crate::support;

use support::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_from_challenge_to_resignation() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        let (id, message) = challenge(&fake).await;

        // Only bob may accept: carol is told why, privately.
        let press = fake
            .click(&carol(), message, &format!("challenge:{id}:accept"))
            .await;
        let refused = fake.reply(&press).await;
        assert!(refused.is_ephemeral());
        assert_contains(refused.content(), "addressed to bob");

        let (thread, game) = accept(&fake, id, message).await;

        // alice moves in the thread: the board, and bob is pinged.
        let moved = play(&fake, &alice(), thread, "e4").await;
        assert_contains(moved.content(), "played e4");
        assert!(
            moved.content().contains(&bob().mention()),
            "{}",
            moved.content()
        );
        assert!(!moved.is_ephemeral());
        assert_board_png(&moved);

        // Out of turn, illegal, not a player: refused privately.
        let again = play(&fake, &alice(), thread, "d4").await;
        assert!(again.is_ephemeral());
        assert_contains(again.content(), "not your turn");
        let illegal = play(&fake, &bob(), thread, "e4").await;
        assert!(illegal.is_ephemeral());
        assert!(illegal.pngs().is_empty());
        let stranger = play(&fake, &carol(), thread, "e5").await;
        assert!(stranger.is_ephemeral());
        assert_contains(stranger.content(), "not playing");

        // Autocomplete: legal replies matching what bob types, at most 25.
        let typed = fake
            .autocomplete(&bob(), thread, "move", &[Opt::str("action", "N").focused()])
            .await;
        let answer = fake.callback(&typed).await;
        assert_eq!(answer.callback_type(), Some(8));
        let choices = answer.json.as_ref().unwrap()["data"]["choices"]
            .as_array()
            .expect("choices")
            .clone();
        let names: Vec<&str> = choices.iter().filter_map(|c| c["name"].as_str()).collect();
        assert!(
            names.contains(&"Nf6") && names.contains(&"Nc6"),
            "{names:?}"
        );
        assert!(names.iter().all(|n| n.starts_with('N')), "{names:?}");
        let everything = fake
            .autocomplete(&bob(), thread, "move", &[Opt::str("action", "").focused()])
            .await;
        let answer = fake.callback(&everything).await;
        let all = answer.json.as_ref().unwrap()["data"]["choices"]
            .as_array()
            .unwrap()
            .clone();
        assert_eq!(all.len(), 20, "black's 20 first moves");
        assert!(
            all.iter()
                .all(|c| c["value"].as_str().is_some_and(|v| v.len() <= 100))
        );

        // The gateway asks the bot to reconnect in the middle of the game.
        let sessions = fake.identifies();
        fake.reconnect().await;
        assert_eq!(fake.resumes(), 1, "the session was resumed");
        assert_eq!(fake.identifies(), sessions, "without a new IDENTIFY");

        let moved = play(&fake, &bob(), thread, "e5").await;
        assert_contains(moved.content(), "played e5");
        assert!(moved.content().contains(&alice().mention()));
        assert_board_png(&moved);

        // White has 29 replies here, more than Discord's 25: autocomplete
        // offers each man that can move, with its count, to narrow to.
        let typed = fake
            .autocomplete(
                &alice(),
                thread,
                "move",
                &[Opt::str("action", "").focused()],
            )
            .await;
        let answer = fake.callback(&typed).await;
        let offered = answer.json.as_ref().unwrap()["data"]["choices"]
            .as_array()
            .unwrap()
            .clone();
        assert!(offered.len() <= 25);
        let knight = offered
            .iter()
            .find(|c| c["value"] == "Ng1-")
            .unwrap_or_else(|| panic!("the g1 knight: {offered:?}"));
        assert_contains(knight["name"].as_str().unwrap(), "knight on g1: 3 actions");

        // From the lobby, a move goes to the game's thread; the lobby hears
        // where it went, privately.
        let mark = fake.mark();
        let elsewhere = play(&fake, &alice(), LOBBY_ID, "Nf3").await;
        assert!(elsewhere.is_ephemeral());
        assert!(elsewhere.content().contains(&format!("<#{thread}>")));
        let posted = fake
            .wait_call_after("the move in the thread", mark, |c| {
                c.is("POST", &format!("/channels/{thread}/messages"))
            })
            .await;
        assert_contains(posted.content(), "played Nf3");
        assert_board_png(&posted);

        // bob resigns: asked to confirm, privately, with a button.
        let resign = fake.command(&bob(), thread, "resign", &[]).await;
        let ask = fake.reply(&resign).await;
        assert!(ask.is_ephemeral());
        let confirm = format!("game:{game}:resign:confirm");
        assert_eq!(ask.custom_ids(), std::slice::from_ref(&confirm));
        let on = fake.message_with_button(&confirm).await;
        let press = fake.click(&bob(), on, &confirm).await;
        let closed = fake.callback(&press).await;
        assert_eq!(closed.callback_type(), Some(7));
        assert!(closed.custom_ids().is_empty());
        let announced = fake
            .wait_call("the resignation, announced in the thread", |calls| {
                calls
                    .iter()
                    .find(|c| {
                        c.is("POST", &format!("/channels/{thread}/messages"))
                            && c.content().contains("resigned")
                    })
                    .cloned()
            })
            .await;
        assert!(!announced.is_ephemeral());
        assert!(
            announced.content().contains(&alice().mention()),
            "{}",
            announced.content()
        );
        assert_contains(announced.content(), "1-0");

        // The record, as a file.
        let history = fake.command(&alice(), thread, "history", &[]).await;
        let record = fake.reply(&history).await;
        let file = record.files.first().expect("the record as a file");
        let text = String::from_utf8_lossy(&file.bytes);
        assert!(
            text.contains("e4") && text.contains("e5") && text.contains("Nf3"),
            "{text}"
        );
        assert!(file.filename.ends_with(".txt"));

        // The game is over: moves are refused.
        let late = play(&fake, &bob(), thread, "Nc6").await;
        assert!(late.is_ephemeral());
        assert_contains(late.content(), "over");

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_and_games_survive_a_restart() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (id, message) = challenge(&fake).await;
        let (thread, game) = accept(&fake, id, message).await;
        play(&fake, &alice(), thread, "e4").await;

        // alice offers a draw: buttons for bob.
        let offer = fake
            .command(&alice(), thread, "draw", &[Opt::choice("answer", "offer")])
            .await;
        let offered = fake.reply(&offer).await;
        let decline = format!("game:{game}:draw:decline");
        assert!(
            offered.custom_ids().contains(&decline),
            "{:?}",
            offered.custom_ids()
        );
        let on = fake.message_with_button(&decline).await;

        // The bot goes down and comes back on the same database.
        bot.shutdown().await;
        host.store().close().await;
        drop(host);
        let (bot, _host) = world.start_bot(&fake).await;
        assert_eq!(fake.identifies(), 2, "a new process identifies anew");

        // The button from before the restart still works.
        let press = fake.click(&bob(), on, &decline).await;
        let closed = fake.callback(&press).await;
        assert_eq!(closed.callback_type(), Some(7));
        assert_contains(closed.content(), "declined");

        // So does the game: bob's move is the second ply.
        let moved = play(&fake, &bob(), thread, "e5").await;
        assert_contains(moved.content(), "played e5");
        assert_contains(moved.content(), "ply 2");
        assert_board_png(&moved);

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_stands_when_discord_drops_the_reply() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (id, message) = challenge(&fake).await;
        let (thread, game) = accept(&fake, id, message).await;
        outbox_drained(&host).await;

        // Discord fails the interaction response: it is tried again, and
        // the player sees the move (no "This interaction failed").
        fake.fail_next(
            "POST",
            "/interactions/",
            500,
            serde_json::json!({"message": "500: Internal Server Error", "code": 0}),
            1,
        );
        let sent = fake
            .command(&alice(), thread, "move", &[Opt::str("action", "e4")])
            .await;
        let moved = fake.reply(&sent).await;
        assert_eq!(moved.callback_type(), Some(4));
        assert_contains(moved.content(), "played e4");
        assert!(moved.content().contains(&bob().mention()));
        assert_board_png(&moved);
        // The callbacks: a GET of the original (the outbox asking whether
        // the answer landed) may come between and is not a try.
        let tries: Vec<u16> = fake
            .responses(&sent)
            .iter()
            .filter(|c| c.method == "POST")
            .map(|c| c.status)
            .collect();
        assert_eq!(tries, [500, 204]);
        let loaded = host.games().load(game).await.expect("the game loads");
        assert_eq!(loaded.game.record(), ["e4"]);

        // And the game goes on.
        let moved = play(&fake, &bob(), thread, "e5").await;
        assert_contains(moved.content(), "played e5");

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_accepted_by_command() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        // No opponent: anyone may accept; nobody is pinged.
        let sent = fake
            .command(
                &alice(),
                LOBBY_ID,
                "challenge",
                &[Opt::choice("variant", "standard")],
            )
            .await;
        let open = fake.reply(&sent).await;
        assert_contains(open.content(), "anyone");
        assert_lacks(open.content(), "<@");
        let id = number_after(open.content(), "Challenge").expect("the challenge's number");
        assert!(
            open.custom_ids()
                .contains(&format!("challenge:{id}:accept"))
        );

        // A bot is no opponent.
        let mut robot = Player::new(2_000_000_000_000_000_099, "robot");
        robot.bot = true;
        let refused = fake
            .command(
                &alice(),
                LOBBY_ID,
                "challenge",
                &[
                    Opt::choice("variant", "standard"),
                    Opt::user("opponent", &robot),
                ],
            )
            .await;
        let refused = fake.reply(&refused).await;
        assert!(refused.is_ephemeral());
        assert_contains(refused.content(), "do not play");

        // carol accepts with /accept: with no message to hang it on, the
        // thread is opened in the channel, and the game starts there.
        let mark = fake.mark();
        let accepted = fake
            .command(&carol(), LOBBY_ID, "accept", &[Opt::int("challenge", id)])
            .await;
        let opened = fake
            .wait_call_after("a thread in the lobby", mark, |c| {
                c.is("POST", &format!("/channels/{LOBBY_ID}/threads"))
            })
            .await;
        assert_eq!(opened.json.as_ref().unwrap()["type"], 11, "a public thread");
        let thread = fake.threads().last().map(id_of).expect("the thread");
        let first = fake
            .wait_call_after("the game in its thread", mark, |c| {
                c.is("POST", &format!("/channels/{thread}/messages"))
            })
            .await;
        assert_contains(first.content(), "begins");
        assert_board_png(&first);
        // Acknowledged first (privately), the pointer filled in after.
        let deferred = fake.callback(&accepted).await;
        assert_eq!(deferred.callback_type(), Some(5));
        assert!(deferred.is_ephemeral());
        let pointer = fake.reply(&accepted).await;
        assert!(pointer.content().contains(&format!("<#{thread}>")));

        bot.shutdown().await;
    })
    .await;
}
