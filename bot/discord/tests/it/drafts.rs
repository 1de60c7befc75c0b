//! A 5D game through Discord: `/move` drafts privately with the draft's
//! image, autocomplete offers the draft's next board moves, `/submit`
//! refused with the owed board, `/undo`, a restart mid-draft, then the
//! whole turn submitted and posted in the game's thread.

use chronomate_testkit::replies::assert_contains;

use crate::support;
use chronomate_host::{ChallengeId, GameId};

use support::*;

/// The names autocomplete offers for `/move` as `who` types `typed`.
async fn offered(fake: &FakeDiscord, who: &Player, thread: u64, typed: &str) -> Vec<String> {
    let asked = fake
        .autocomplete(who, thread, "move", &[Opt::str("action", typed).focused()])
        .await;
    let answer = fake.callback(&asked).await;
    answer.json.as_ref().unwrap()["data"]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .filter_map(|c| c["name"].as_str().map(str::to_owned))
        .collect()
}

/// alice (white) challenges bob to 5D in the lobby, with `options`, and
/// bob accepts: the game's thread and number.
async fn five_d_game(fake: &FakeDiscord, options: Option<&str>) -> (u64, GameId) {
    let mut choices = vec![
        Opt::choice("variant", "5d"),
        Opt::user("opponent", &bob()),
        Opt::choice("colour", "white"),
    ];
    choices.extend(options.map(|o| Opt::str("options", o)));
    let sent = fake
        .command(&alice(), LOBBY_ID, "challenge", &choices)
        .await;
    let reply = fake.reply(&sent).await;
    let id: ChallengeId = number_after(reply.content(), "Challenge").expect("the challenge number");
    let message = id_of(&fake.original(&sent).await);
    accept(fake, id, message).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_drafted_undone_refused_restarted_and_submitted() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        let (thread, game) = five_d_game(&fake, Some("board:two-timelines")).await;

        // Autocomplete: every first board move of both timelines.
        let first = offered(&fake, &alice(), thread, "(-0T1)e").await;
        assert!(first.contains(&"(-0T1)e4".to_owned()), "{first:?}");

        // A move drafts: privately, with the draft's image.
        let drafted = play(&fake, &alice(), thread, "(-0T1)e4").await;
        assert!(drafted.is_ephemeral());
        assert_contains(drafted.content(), "Drafted (-0T1)e4.");
        assert_contains(drafted.content(), "(only you see it)");
        let pngs = drafted.pngs();
        assert_eq!(pngs.len(), 1, "the draft's image");
        assert!(
            pngs[0].filename.ends_with("-draft.png"),
            "{}",
            pngs[0].filename
        );

        // Now only the other timeline's board moves are offered.
        let next = offered(&fake, &alice(), thread, "").await;
        assert!(!next.is_empty());
        assert!(next.iter().all(|m| m.starts_with("(+0T1)")), "{next:?}");

        // Submitting with a board owed: refused, privately, naming it.
        let sent = fake.command(&alice(), thread, "submit", &[]).await;
        let refused = fake.reply(&sent).await;
        assert!(refused.is_ephemeral());
        assert_contains(refused.content(), "(+0T1)");

        // Undo, then draft the turn again.
        let sent = fake.command(&alice(), thread, "undo", &[]).await;
        let undone = fake.reply(&sent).await;
        assert!(undone.is_ephemeral());
        assert_contains(undone.content(), "Took back (-0T1)e4.");
        play(&fake, &alice(), thread, "(-0T1)d4").await;
        play(&fake, &alice(), thread, "(+0T1)e4").await;

        // The bot restarts mid-draft: the draft is still there.
        bot.shutdown().await;
        host.store().close().await;
        drop(host);
        let (bot, host) = world.start_bot(&fake).await;
        let sent = fake.command(&alice(), thread, "draft", &[]).await;
        let shown = fake.reply(&sent).await;
        assert!(shown.is_ephemeral());
        assert_contains(shown.content(), "(-0T1)d4 (+0T1)e4");
        assert_contains(shown.content(), "Ready");

        // Submitted: the whole turn, in public, bob pinged.
        let sent = fake.command(&alice(), thread, "submit", &[]).await;
        let played = fake.reply(&sent).await;
        assert!(!played.is_ephemeral());
        assert_contains(played.content(), "alice played (-0T1)d4 (+0T1)e4");
        assert!(played.content().contains(&bob().mention()));
        assert_board_png(&played);
        let loaded = host.games().load(game).await.expect("the game loads");
        assert_eq!(loaded.game.record(), ["(-0T1)d4 (+0T1)e4"]);

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_published_game_drafted_and_submitted_to_checkmate() {
    use chronomate_rules::{Game, Variant, record};
    // The rules' corpus game standard-black-mates.5dpgn: 44 whole turns,
    // Black mates.
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../rules/tests/fived/data/own/standard-black-mates.5dpgn"
    );
    let variant: Variant = "5d".parse().unwrap();
    let read = record::read(variant, &std::fs::read_to_string(file).unwrap()).unwrap();
    let game = Game::replay(read.options, 0, &read.actions).unwrap();
    let turns = game.record().to_vec();
    assert_eq!(turns.len(), 44);
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (thread, _) = five_d_game(&fake, None).await;
        let mut last = None;
        for (i, turn) in turns.iter().enumerate() {
            let who = if i % 2 == 0 { alice() } else { bob() };
            for board_move in turn.split(' ') {
                let drafted = play(&fake, &who, thread, board_move).await;
                assert_contains(drafted.content(), "Drafted");
            }
            let sent = fake.command(&who, thread, "submit", &[]).await;
            let played = fake.reply(&sent).await;
            assert_contains(played.content(), &format!("played {turn}"));
            last = Some(played);
        }
        let last = last.unwrap();
        assert_contains(last.content(), "Game over: 0-1 (checkmate): bob wins.");
        bot.shutdown().await;
    })
    .await;
}

/// Drafts one board move through the picker that `/move` with no action
/// opens: at each step the option whose key is `keys`' next (or, ending
/// in `*`, begins with it), each choice replacing the picker in place,
/// then the Draft button. The picker's message, now the draft.
async fn draft_by_picker(fake: &FakeDiscord, who: &Player, thread: u64, keys: &[&str]) -> u64 {
    let sent = fake.command(who, thread, "move", &[]).await;
    let opened = fake.reply(&sent).await;
    assert!(opened.is_ephemeral(), "a picker is for its player's eyes");
    let id = id_of(&fake.original(&sent).await);
    for wanted in keys {
        let message = fake.message(id).expect("the picker");
        let select = select_id(&message).unwrap_or_else(|| panic!("a menu: {message}"));
        let options = select_options(&message, &select);
        assert!(options.len() <= 25);
        let key = options
            .iter()
            .find(|k| match wanted.strip_suffix('*') {
                Some(start) => k.starts_with(start),
                None => k == wanted,
            })
            .unwrap_or_else(|| panic!("{wanted} among {options:?}"));
        let chose = fake.select(who, id, &select, key).await;
        assert_eq!(fake.reply(&chose).await.callback_type(), Some(7));
    }
    let message = fake.message(id).expect("the picker");
    let draft = button_ids(&message)
        .into_iter()
        .find(|b| b.starts_with("play:"))
        .unwrap_or_else(|| panic!("a Draft button: {message}"));
    let press = fake.click(who, id, &draft).await;
    assert_eq!(fake.callback(&press).await.callback_type(), Some(7));
    id
}

/// Presses the draft's Submit button in message `id`; the post of the
/// turn in the thread.
async fn submit_by_button(fake: &FakeDiscord, who: &Player, id: u64, game: GameId) -> Call {
    let message = fake.message(id).expect("the draft");
    let submit = format!("game:{game}:submit");
    assert!(button_ids(&message).contains(&submit), "{message}");
    let mark = fake.mark();
    let press = fake.click(who, id, &submit).await;
    fake.callback(&press).await;
    let posted = fake
        .wait_call_after("the turn in the thread", mark, |c| {
            c.method == "POST" && c.status < 300 && c.content().contains(" played ")
        })
        .await;
    assert!(!posted.is_ephemeral(), "the turn is for everyone");
    posted
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_with_a_jump_drafted_through_the_picker_and_submitted_by_button() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (thread, game) = five_d_game(&fake, None).await;

        // One board: the man, then its move; the draft is shown with its
        // buttons, and Submit plays it in public.
        let drafted = draft_by_picker(&fake, &alice(), thread, &["ng1-", "nf3"]).await;
        let message = fake.message(drafted).unwrap();
        assert_contains(message["content"].as_str().unwrap(), "Drafted (0T1)Nf3.");
        let posted = submit_by_button(&fake, &alice(), drafted, game).await;
        assert_contains(posted.content(), "alice played (0T1)Nf3");
        let drafted = draft_by_picker(&fake, &bob(), thread, &["ng8-", "nf6"]).await;
        submit_by_button(&fake, &bob(), drafted, game).await;

        // The knight's jumps are one option; its landings on the board
        // one turn back come next; the jump opens a timeline.
        let drafted =
            draft_by_picker(&fake, &alice(), thread, &["nf3-", "nf3>", "nf3>>(0t1)*"]).await;
        let message = fake.message(drafted).unwrap();
        assert!(
            !button_ids(&message).iter().any(|b| b.starts_with("pick:")),
            "nothing more to draft: {message}"
        );
        let posted = submit_by_button(&fake, &alice(), drafted, game).await;
        assert_contains(posted.content(), "alice played (0T2)Nf3>>(0T1)");
        let loaded = host.games().load(game).await.expect("the game loads");
        assert_eq!(loaded.game.record().len(), 3);
        assert!(loaded.game.record()[2].starts_with("(0T2)Nf3>>(0T1)"));
        bot.shutdown().await;
    })
    .await;
}
