//! The guided picker through Discord: `/move` with no action opens a
//! select menu only its player sees, each choice replaces it in place,
//! Play closes it and posts the move in the game's thread. A whole Many
//! Worlds game and a multiverse game with time travel played that way
//! only; "Make a move" under a board post; a picker that outlives a
//! restart, and one the game moved past.

use chronomate_model::{ChallengeId, GameId};
use chronomate_rules::{Game, Variant};
use chronomate_testkit::replies::assert_contains;

use crate::support;

use support::*;

/// alice (white) challenges bob to `variant`, bob accepts: the game's
/// thread and number.
async fn start(fake: &FakeDiscord, variant: &str) -> (u64, GameId) {
    let sent = fake
        .command(
            &alice(),
            LOBBY_ID,
            "challenge",
            &[
                Opt::choice("variant", variant),
                Opt::user("opponent", &bob()),
                Opt::choice("colour", "white"),
            ],
        )
        .await;
    let reply = fake.reply(&sent).await;
    let id: ChallengeId = number_after(reply.content(), "Challenge").expect("a challenge");
    let message = id_of(&fake.original(&sent).await);
    accept(fake, id, message).await
}

/// Follows the picker in message `id` along the rules' own path to
/// `text`, each step a choice in its select menu (at most 25 options),
/// answered by replacing the message; then presses Play. The post of the
/// move.
async fn choose_and_play(
    fake: &FakeDiscord,
    who: &Player,
    thread: u64,
    id: u64,
    mirror: &mut Game,
    text: &str,
) -> Call {
    let path = mirror
        .path_to(text)
        .unwrap_or_else(|| panic!("{text} is legal"));
    let mut message = fake.message(id).expect("the picker");
    for key in &path {
        let select = select_id(&message).unwrap_or_else(|| panic!("a menu: {message}"));
        assert!(select_options(&message, &select).len() <= 25);
        let chose = fake.select(who, id, &select, key).await;
        let updated = fake.reply(&chose).await;
        assert_eq!(updated.callback_type(), Some(7), "replaced in place");
        message = fake.message(id).expect("the picker");
    }
    let play = button_ids(&message)
        .into_iter()
        .find(|b| b.starts_with("play:"))
        .unwrap_or_else(|| panic!("a Play button: {message}"));
    let mark = fake.mark();
    let press = fake.click(who, id, &play).await;
    let closed = fake.callback(&press).await;
    assert_eq!(closed.callback_type(), Some(7));
    let notation = mirror.play(text).unwrap().notation;
    let posted = fake
        .wait_call_after("the move in the thread", mark, |c| {
            c.method == "POST"
                && c.status < 300
                && c.callback_type().is_none()
                && (c.path == format!("/channels/{thread}/messages")
                    || c.path.contains(&press.token))
                && c.content().contains(&format!("played {notation}"))
        })
        .await;
    assert!(!posted.is_ephemeral(), "the move is for everyone");
    if !posted.content().contains("Game over") {
        assert_board_png(&posted);
    }
    // The picker is closed: no menu, no buttons.
    let closed = fake.message(id).unwrap();
    assert!(
        select_id(&closed).is_none() && button_ids(&closed).is_empty(),
        "{closed}"
    );
    posted
}

/// `/move` with no action, then the picker to `text`.
async fn pick_and_play(
    fake: &FakeDiscord,
    who: &Player,
    thread: u64,
    mirror: &mut Game,
    text: &str,
) -> Call {
    let sent = fake.command(who, thread, "move", &[]).await;
    let opened = fake.reply(&sent).await;
    assert!(opened.is_ephemeral(), "a picker is for its player's eyes");
    let id = id_of(&fake.original(&sent).await);
    choose_and_play(fake, who, thread, id, mirror, text).await
}

/// A game of `variant` played only through the picker, each action of
/// `script` by white (`true`) or black; the post of the last.
async fn a_game_through_the_picker(name: &str, variant: Variant, script: &[(&str, bool)]) -> Call {
    let fake = FakeDiscord::start().await;
    let world = BotWorld::new();
    let (bot, _host) = world.start_bot(&fake).await;
    wait_registered(&fake).await;
    let (thread, _game) = start(&fake, name).await;
    let mut mirror = Game::new(variant, 0);
    let mut last = None;
    for (text, white) in script {
        let who = if *white { alice() } else { bob() };
        last = Some(pick_and_play(&fake, &who, thread, &mut mirror, text).await);
    }
    bot.shutdown().await;
    last.expect("a script of actions")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_many_worlds_game_through_the_picker() {
    within_limit(async {
        let script = [
            ("(0) f3 f4", true),
            ("(I) e5 e6", false),
            ("(III) g4 g3", true),
            ("(V) Qh4 Qg5", false),
            ("(II) a3 a4", true),
            ("(VII) Qxe1 a6", false),
        ];
        let last = a_game_through_the_picker("manyworlds", Variant::ManyWorlds, &script).await;
        assert_contains(last.content(), "(king captured): bob wins");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_multiverse_game_with_time_travel_through_the_picker() {
    within_limit(async {
        let script = [
            ("(L1)e4", true),
            ("(L1)e5", false),
            ("(L1)Nf3", true),
            ("(L1)Nc6 Ng8>>(T2)e7", false),
            ("(L1)Bc4", true),
            ("(L2)d4", true),
            ("(L1) resign", false),
            ("(L2) resign", false),
        ];
        let last = a_game_through_the_picker("multiverse", Variant::Multiverse, &script).await;
        assert_contains(last.content(), "(branch majority): alice wins");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picker_outlives_a_restart_and_says_when_the_game_moved_on() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (thread, game) = start(&fake, "standard").await;
        let mut mirror = Game::new(Variant::Standard, 0);
        // "Make a move" under alice's board post, pressed by bob after it.
        choose_and_play_from_command(&fake, thread, &mut mirror).await;
        let make = format!("pick:{game}:1:");
        let under = fake.message_with_button(&make).await;
        let pressed = fake.click(&bob(), under, &make).await;
        let opened = fake.reply(&pressed).await;
        assert!(opened.is_ephemeral());
        let picker = id_of(&fake.original(&pressed).await);
        let select = select_id(&fake.message(picker).unwrap()).expect("a menu");
        assert_eq!(select, format!("pick:{game}:1:"));
        let knight = fake.select(&bob(), picker, &select, "ng8-").await;
        fake.reply(&knight).await;

        // The bot goes down and comes back: the picker goes on.
        bot.shutdown().await;
        host.store().close().await;
        drop(host);
        let (bot, _host) = world.start_bot(&fake).await;
        let message = fake.message(picker).unwrap();
        let select = select_id(&message).expect("a menu");
        let nf6 = fake.select(&bob(), picker, &select, "nf6").await;
        assert_eq!(fake.reply(&nf6).await.callback_type(), Some(7));
        let message = fake.message(picker).unwrap();
        let confirm = format!("play:{game}:1:ng8-;nf6");
        assert!(button_ids(&message).contains(&confirm), "{message}");

        // bob plays e5 by typing instead, alice answers: the picker's Play
        // plays nothing and says why, offering a fresh picker in its place.
        let typed = play(&fake, &bob(), thread, "e5").await;
        assert_contains(typed.content(), "played e5");
        play(&fake, &alice(), thread, "Nf3").await;
        let press = fake.click(&bob(), picker, &confirm).await;
        let stale = fake.reply(&press).await;
        assert!(
            stale.is_ephemeral() || stale.callback_type() == Some(7),
            "answered privately"
        );
        let message = fake.message(picker).unwrap();
        assert_contains(
            message["content"].as_str().unwrap_or(""),
            "moved on since this picker was opened: nothing was played",
        );
        bot.shutdown().await;
    })
    .await;
}

/// alice's first move, e4, picked from `/move`.
async fn choose_and_play_from_command(fake: &FakeDiscord, thread: u64, mirror: &mut Game) {
    pick_and_play(fake, &alice(), thread, mirror, "e4").await;
}

/// The autocomplete choices offered to `who` typing `typed` as the action.
async fn completions(fake: &FakeDiscord, who: &Player, thread: u64, typed: &str) -> Vec<String> {
    let asked = fake
        .autocomplete(who, thread, "move", &[Opt::str("action", typed).focused()])
        .await;
    let answer = fake.callback(&asked).await;
    let choices = answer.json.as_ref().expect("an answer")["data"]["choices"]
        .as_array()
        .expect("choices")
        .clone();
    assert!(choices.len() <= 25, "{choices:?}");
    choices
        .iter()
        .filter_map(|c| c["value"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_and_autocomplete_say_what_a_text_could_mean() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        // Many Worlds: `e4` alone is no action (a first move splits).
        let (thread, _game) = start(&fake, "manyworlds").await;
        let refused = play(&fake, &alice(), thread, "e4").await;
        assert!(refused.is_ephemeral());
        assert!(refused.pngs().is_empty(), "nothing was played");
        assert_contains(refused.content(), "it could mean (0) e4 (=I)");
        assert_contains(refused.content(), "/move alone lets you pick");
        let e4 = completions(&fake, &alice(), thread, "e4").await;
        assert_eq!(e4.first().map(String::as_str), Some("(0) e4 (=I) a3 (=II)"));
        assert!(e4.contains(&"(0) a2-".to_owned()), "a2 then e4: {e4:?}");
        let knight = completions(&fake, &alice(), thread, "N").await;
        assert!(!knight.is_empty(), "76 actions start with a knight's move");

        // The multiverse: a travel marker finds the travels once open.
        let (thread, _game) = start(&fake, "multiverse").await;
        assert!(completions(&fake, &alice(), thread, ">>").await.is_empty());
        for (who, text) in [(alice(), "(L1)e4"), (bob(), "(L1)e5"), (alice(), "(L1)Nf3")] {
            assert_contains(play(&fake, &who, thread, text).await.content(), "played");
        }
        let travels = completions(&fake, &bob(), thread, ">>").await;
        assert!(!travels.is_empty(), "black may travel now");
        let uci = completions(&fake, &bob(), thread, "g8f6").await;
        assert!(!uci.is_empty(), "squares as UCI writes them");
        bot.shutdown().await;
    })
    .await;
}
