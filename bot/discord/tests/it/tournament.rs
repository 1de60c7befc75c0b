//! A whole tournament through Discord: `/tournament create`, four players
//! `/tournament join`, the organiser `/tournament start`; every round's
//! games are announced with pings, opened in threads by their first
//! `/move` and played out by the right players (fool's mates, resignations
//! by button, a time forfeit found by the scheduler); each round starts by
//! itself when its last game ends; the bot is restarted in the middle of
//! round 2; `/tournament standings` shows the final table (text and image)
//! and `/rating` the ratings the games changed.

use chronomate_host::{GameId, Span};
use chronomate_testkit::replies::{assert_contains, assert_lacks};

use crate::support;

use chronomate_rules::Color;
use support::*;

/// A board of a round, as the announcement names it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Board {
    white: String,
    black: String,
    game: GameId,
}

/// The boards in a round's announcement: `Board 1: alice (white) vs dave
/// (black), game #1`.
fn boards(text: &str) -> Vec<Board> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("Board ")?;
            let (_, rest) = rest.split_once(": ")?;
            let (white, rest) = rest.split_once(" (white) vs ")?;
            let (black, _) = rest.split_once(" (black)")?;
            Some(Board {
                white: white.to_owned(),
                black: black.to_owned(),
                game: number_after(line, "game")?,
            })
        })
        .collect()
}

fn board(white: &str, black: &str, game: i64) -> Board {
    Board {
        white: white.to_owned(),
        black: black.to_owned(),
        game: GameId(game),
    }
}

fn by_name(name: &str) -> Player {
    match name {
        "alice" => alice(),
        "bob" => bob(),
        "carol" => carol(),
        "dave" => dave(),
        other => panic!("no player {other}"),
    }
}

/// `name before → after (±n)` in a `Ratings (...)` line: `after`.
fn rating_after(text: &str, name: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.starts_with("Ratings ("))
        .unwrap_or_else(|| panic!("no ratings line in {text}"));
    let at = line
        .find(&format!(" {name} "))
        .unwrap_or_else(|| panic!("{name} not in {line}"));
    let rest = &line[at..];
    let arrow = rest.find("→ ").expect("an arrow") + "→ ".len();
    rest[arrow..]
        .split(" (")
        .next()
        .expect("the new rating")
        .to_owned()
}

/// A `/tournament <sub>` and its reply.
async fn tournament(fake: &FakeDiscord, who: &Player, sub: &str, options: &[Opt]) -> Call {
    let sent = fake
        .subcommand(who, LOBBY_ID, "tournament", sub, options)
        .await;
    fake.reply(&sent).await
}

/// White's first move, typed in the lobby: the game's thread is opened in
/// the lobby and the move posted there, pinging black. Returns the thread.
async fn first_move(fake: &FakeDiscord, b: &Board, action: &str) -> u64 {
    let (white, black) = (by_name(&b.white), by_name(&b.black));
    let mark = fake.mark();
    let sent = fake
        .command(&white, LOBBY_ID, "move", &[Opt::str("action", action)])
        .await;
    let pointer = fake.reply(&sent).await;
    assert!(
        fake.answered_privately(&sent).await,
        "{}",
        pointer.content()
    );
    let thread = channel_in(pointer.content()).expect("a pointer to the game's thread");
    let opened = fake
        .wait_call_after("the game's thread", mark, |c| {
            c.is("POST", &format!("/channels/{LOBBY_ID}/threads"))
        })
        .await;
    let name = opened.json.as_ref().unwrap()["name"].as_str().unwrap();
    assert!(
        name.contains(&format!("Game #{}", b.game))
            && name.contains(&format!("{} vs {}", b.white, b.black)),
        "{name}"
    );
    let posted = fake
        .wait_call_after("the first move in the thread", mark, |c| {
            c.is("POST", &format!("/channels/{thread}/messages"))
        })
        .await;
    assert_contains(posted.content(), &format!("played {action}"));
    assert!(
        posted.content().contains(&black.mention()),
        "black is pinged: {}",
        posted.content()
    );
    assert_board_png(&posted);
    thread
}

/// A move in the game's thread, answered publicly there.
async fn moves(fake: &FakeDiscord, who: &Player, thread: u64, action: &str) -> Call {
    let reply = play(fake, who, thread, action).await;
    assert!(!reply.is_ephemeral(), "{}", reply.content());
    assert!(
        reply
            .content()
            .contains(&format!("played {}", action.trim_end_matches('#'))),
        "{}",
        reply.content()
    );
    reply
}

/// The fool's mate on board `b`: black wins. Returns the mating reply.
async fn fools_mate(fake: &FakeDiscord, b: &Board) -> Call {
    let (white, black) = (by_name(&b.white), by_name(&b.black));
    let thread = first_move(fake, b, "f3").await;
    moves(fake, &black, thread, "e5").await;
    moves(fake, &white, thread, "g4").await;
    let mate = moves(fake, &black, thread, "Qh4#").await;
    assert_contains(mate.content(), "0-1");
    mate
}

/// Black resigns in its thread by `/resign` and the confirm button; the
/// announcement (a follow-up of the press) is returned.
async fn resign(fake: &FakeDiscord, who: &Player, thread: u64, game: GameId) -> Call {
    let mark = fake.mark();
    let asked = fake.command(who, thread, "resign", &[]).await;
    let ask = fake.reply(&asked).await;
    assert!(ask.is_ephemeral());
    let confirm = format!("game:{game}:resign:confirm");
    assert_eq!(ask.custom_ids(), std::slice::from_ref(&confirm));
    let on = fake.message_with_button(&confirm).await;
    let press = fake.click(who, on, &confirm).await;
    let closed = fake.callback(&press).await;
    assert!(closed.custom_ids().is_empty(), "the buttons are gone");
    // This game's: an earlier round's resignation is in the calls too.
    let announced = fake
        .wait_call_after("the resignation, announced", mark, |c| {
            c.method == "POST"
                && c.path.ends_with("/messages")
                && c.content().contains(&format!("resigned game #{game}."))
        })
        .await;
    assert!(!announced.is_ephemeral());
    announced
}

/// A round that began when a game ended (its announcement is the
/// tournament's own post, after the game's): its players told by direct
/// message, and the channel shown the same words once, the boards listed.
async fn assert_round_told(fake: &FakeDiscord, round: i64, expected: &[Board]) {
    let begins = format!("round {round} begins");
    let players = 2 * expected.len();
    let told = fake
        .wait_call(&begins, |calls| {
            let told: Vec<Call> = calls
                .iter()
                .filter(|c| c.method == "POST" && c.content().contains(&begins))
                .cloned()
                .collect();
            (told.len() > players).then_some(told)
        })
        .await;
    assert_eq!(
        told.len(),
        players + 1,
        "a DM to each player, one channel post"
    );
    for post in &told {
        assert_eq!(boards(post.content()), expected, "{}", post.content());
    }
}

/// A reply that starts round `round` with `expected` boards: every player
/// of the round pinged, the games listed.
fn assert_round_begins(reply: &Call, round: i64, expected: &[Board]) {
    let text = reply.content();
    assert!(
        text.contains(&format!("round {round} begins")),
        "round {round} in {text}"
    );
    assert_eq!(boards(text), expected, "{text}");
    let allowed = &reply.message().unwrap()["allowed_mentions"]["users"];
    for b in expected {
        for p in [by_name(&b.white), by_name(&b.black)] {
            assert!(text.contains(&p.mention()), "{} pinged in {text}", p.name);
            assert!(
                allowed
                    .as_array()
                    .is_some_and(|a| a.contains(&p.id.to_string().into())),
                "{} allowed in {allowed}",
                p.name
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_from_create_to_ratings() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        // alice creates the tournament; everyone joins.
        let created = tournament(
            &fake,
            &alice(),
            "create",
            &[
                Opt::choice("variant", "standard"),
                Opt::choice("format", "round robin"),
                Opt::int("days", 2),
                Opt::str("name", "Discord Cup"),
            ],
        )
        .await;
        assert!(!created.is_ephemeral());
        assert!(
            created.content().contains(
                "alice created Tournament #1 Discord Cup: standard, round robin, 2 days per move."
            ),
            "{}",
            created.content()
        );
        for p in [alice(), bob(), carol(), dave()] {
            let joined = tournament(&fake, &p, "join", &[]).await;
            assert!(
                joined
                    .content()
                    .contains(&format!("{} joined tournament #1", p.name)),
                "{}",
                joined.content()
            );
        }

        // Only the organiser starts it; bob is told so, privately.
        let refused = tournament(&fake, &bob(), "start", &[Opt::int("id", 1)]).await;
        assert!(refused.is_ephemeral());
        assert!(
            refused
                .content()
                .contains("Only the organiser (alice) or a server manager"),
            "{}",
            refused.content()
        );
        let started = tournament(&fake, &alice(), "start", &[]).await;
        assert!(!started.is_ephemeral());
        // Berger pairings in join order (nobody has a rating yet).
        let round1 = [board("alice", "dave", 1), board("bob", "carol", 2)];
        assert_round_begins(&started, 1, &round1);

        // Round 1: dave mates alice; carol resigns to bob, which ends the
        // round: round 2 is announced in a post of its own (the
        // tournament's, through the outbox, after the resignation's).
        let mate = fools_mate(&fake, &round1[0]).await;
        assert!(
            !mate.content().contains("round 2"),
            "one board is still in play: {}",
            mate.content()
        );
        assert!(
            mate.content()
                .contains("Ratings (standard, this server): alice 1500? → "),
            "{}",
            mate.content()
        );
        let thread2 = first_move(&fake, &round1[1], "e4").await;
        let resigned = resign(&fake, &carol(), thread2, GameId(2)).await;
        assert_contains(resigned.content(), "1-0");
        assert!(
            resigned
                .content()
                .contains("Ratings (standard, this server): bob 1500? → "),
            "{}",
            resigned.content()
        );
        let round2 = [board("dave", "carol", 3), board("alice", "bob", 4)];
        assert_round_told(&fake, 2, &round2).await;

        // Round 2 gets under way: both games opened by white's first move.
        let thread3 = first_move(&fake, &round2[0], "f3").await;
        let thread4 = first_move(&fake, &round2[1], "e4").await;

        // The bot goes down and comes back on the same database.
        bot.shutdown().await;
        host.store().close().await;
        drop(host);
        let mark = fake.mark();
        let (bot, host) = world.start_bot(&fake).await;
        let path = format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands");
        fake.wait_call_after("the commands registered again", mark, |c| {
            c.is("PUT", &path)
        })
        .await;
        for (game, played) in [(GameId(3), "f3"), (GameId(4), "e4")] {
            let loaded = host.games().load(game).await.expect("the game loads");
            assert_eq!(loaded.game.record(), [played]);
            assert_eq!(loaded.game.turn().color, Color::Black, "game {game}");
        }

        // The games go on in their threads: carol mates dave, bob resigns
        // to alice, and round 3 begins by itself.
        let (dave, carol) = (dave(), carol());
        moves(&fake, &carol, thread3, "e5").await;
        moves(&fake, &dave, thread3, "g4").await;
        let mate = moves(&fake, &carol, thread3, "Qh4#").await;
        assert_lacks(mate.content(), "round 3");
        resign(&fake, &bob(), thread4, GameId(4)).await;
        let round3 = [board("bob", "dave", 5), board("carol", "alice", 6)];
        assert_round_told(&fake, 3, &round3).await;

        // Round 3: dave mates bob; alice never answers carol's first move.
        fools_mate(&fake, &round3[0]).await;
        let thread6 = first_move(&fake, &round3[1], "e4").await;
        let loaded = host.games().load(GameId(6)).await.unwrap();
        assert_eq!(loaded.game.turn().color, Color::Black, "alice to move");

        // Two days later the scheduler finds alice out of time: the forfeit
        // (with the rating change) reaches both players by DM and is
        // announced in the thread; the tournament ends in the same round.
        // The bot's own upkeep reads the same clock and may deliver them
        // before this tick does: the posts are the proof, not the count.
        let later = T0 + Span::from_millis(3 * 24 * 60 * 60 * 1000);
        let mark = fake.mark();
        world.clock.set(later);
        bot.tick(later).await;
        let forfeit = fake
            .wait_call_after("the forfeit in the thread", mark, |c| {
                c.is("POST", &format!("/channels/{thread6}/messages"))
            })
            .await;
        let text = forfeit.content();
        assert!(
            text.contains(
                "Game #6: alice (black) ran out of time. 1-0 (time forfeit): carol wins.\n\
                 Ratings (standard, this server): carol "
            ),
            "{text}"
        );
        for p in [&alice(), &carol] {
            let dm = fake.dm_channel(p.id).expect("a DM channel");
            assert!(
                fake.posts_in(dm)
                    .iter()
                    .any(|c| c.content().contains("ran out of time")
                        && c.content().contains("Ratings (standard, this server)")),
                "the forfeit in {}'s DMs",
                p.name
            );
        }
        let carol_now = rating_after(text, "carol");

        // The final standings: by DM to every player, and in the lobby.
        let standings_lines = [
            "1. carol 2 (SB 3) +2 =0 -1",
            "2. dave 2 (SB 2) +2 =0 -1",
            "3. bob 1 (SB 2) +1 =0 -2",
            "4. alice 1 (SB 1) +1 =0 -2",
        ];
        let over = fake
            .wait_call_after("the end of the tournament in the lobby", mark, |c| {
                c.is("POST", &format!("/channels/{LOBBY_ID}/messages"))
                    && c.content().contains("is over")
            })
            .await;
        for p in [alice(), bob(), carol.clone(), dave.clone()] {
            let dm = fake.dm_channel(p.id).expect("a DM channel");
            let told = fake
                .posts_in(dm)
                .into_iter()
                .find(|c| c.content().contains("Tournament #1 Discord Cup is over."))
                .unwrap_or_else(|| panic!("{} is told the tournament is over", p.name));
            assert_eq!(told.pngs().len(), 1, "the table as an image");
        }
        let text = over.content();
        assert!(text.contains("carol wins with 2 points."), "{text}");
        for line in standings_lines {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
        assert_eq!(over.pngs().len(), 1, "the table as an image");

        // /tournament standings: the final table, as text and image.
        let standings = tournament(&fake, &bob(), "standings", &[]).await;
        assert!(!standings.is_ephemeral());
        let text = standings.content();
        assert!(text.contains("Discord Cup"), "{text}");
        assert!(text.contains("finished after 3 rounds"), "{text}");
        for line in standings_lines {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
        let pngs = standings.pngs();
        assert_eq!(pngs.len(), 1, "the table as an image");
        assert_eq!(pngs[0].filename, "tournament-1-round-3.png");

        // /rating: carol's rating is the one the last game left her with,
        // on this server, after 3 games.
        let asked = fake.command(&carol, LOBBY_ID, "rating", &[]).await;
        let rating = fake.reply(&asked).await;
        assert!(rating.is_ephemeral());
        let text = rating.content();
        assert!(
            text.starts_with("carol's ratings (? = provisional):"),
            "{text}"
        );
        assert!(
            text.contains(&format!("standard: {carol_now} on this server")),
            "{carol_now} in {text}"
        );
        // Everyone's rating moved from the start.
        for p in [alice(), bob(), dave.clone()] {
            let asked = fake
                .command(
                    &carol,
                    LOBBY_ID,
                    "rating",
                    &[Opt::user("user", &p), Opt::choice("variant", "standard")],
                )
                .await;
            let rating = fake.reply(&asked).await;
            let text = rating.content();
            assert!(text.starts_with(&format!("{}'s ratings", p.name)), "{text}");
            assert!(text.contains("standard: "), "{text}");
            assert!(!text.contains("standard: 1500?"), "{text}");
        }

        bot.shutdown().await;
    })
    .await;
}
