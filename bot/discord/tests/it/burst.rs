//! A burst: 300 moves typed over 3 seconds across 30 games, through the
//! real client. Every interaction gets its first answer within Discord's 3
//! seconds (the fake refuses a later one), none is lost or answered twice,
//! and the database holds exactly the moves the players were told stood.

use crate::support;

use std::time::{Duration, Instant};

use support::*;

const GAMES: usize = 30;
const INTERACTIONS: usize = 300;
const OVER: Duration = Duration::from_secs(3);
/// Ten plies of an Italian game, both sides castling.
const LINE: [&str; 10] = [
    "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "Nf6", "O-O", "O-O",
];

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[at]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_moves_in_three_seconds_are_all_answered_in_time() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        // 30 games, each between two players of its own, each in its thread.
        let mut games = Vec::new();
        for g in 0..GAMES as u64 {
            let white = Player::new(3_000_000_000_000_000_000 + 2 * g, &format!("w{g}"));
            let black = Player::new(3_000_000_000_000_000_001 + 2 * g, &format!("b{g}"));
            let (game, thread, _) = new_game(&fake, &white, &black, LOBBY_ID).await;
            fake.wait_call("the game in its thread", |calls| {
                calls
                    .iter()
                    .find(|c| c.is("POST", &format!("/channels/{thread}/messages")))
                    .cloned()
            })
            .await;
            games.push((game, thread, white, black));
        }

        // The burst: one move every 10 ms, each game's in turn.
        let start = Instant::now();
        let mut sent = Vec::with_capacity(INTERACTIONS);
        for i in 0..INTERACTIONS {
            let (game, thread, white, black) = &games[i % GAMES];
            let ply = i / GAMES;
            let who = if ply.is_multiple_of(2) { white } else { black };
            tokio::time::sleep_until((start + OVER * i as u32 / INTERACTIONS as u32).into()).await;
            let s = fake
                .command(who, *thread, "move", &[Opt::str("action", LINE[ply])])
                .await;
            sent.push((*game, s));
        }
        let pushed = start.elapsed();

        // Every interaction answered once, in time.
        let mut latencies = Vec::with_capacity(INTERACTIONS);
        let mut played: Vec<Vec<(usize, String)>> = vec![Vec::new(); GAMES + 1];
        let mut deferred = 0;
        for (game, s) in &sent {
            let took = tokio::time::timeout(Duration::from_secs(20), fake.wait_answered(s))
                .await
                .unwrap_or_else(|_| panic!("interaction {} was never answered", s.id));
            latencies.push(took);
            let reply = fake.reply(s).await;
            let text = reply.content();
            if let Some(at) = text.find("played ") {
                let action = text[at + 7..].split(' ').next().unwrap().to_owned();
                // "alice played e4 in game #1 (ply 1)."
                let at = text.find("(ply ").expect("the ply") + 5;
                let ply: usize = text[at..].split(')').next().unwrap().parse().unwrap();
                played[game.0 as usize].push((ply, action));
            } else {
                assert!(reply.is_ephemeral() || fake.answered_privately(s).await, "{text}");
            }
            let callbacks: Vec<(Option<u64>, u16)> = fake
                .responses(s)
                .iter()
                .filter(|c| c.callback_type().is_some())
                .map(|c| (c.callback_type(), c.status))
                .collect();
            assert_eq!(callbacks.len(), 1, "one first answer for {}: {callbacks:?}", s.id);
            assert_eq!(callbacks[0].1, 204);
            if callbacks[0].0 == Some(5) {
                deferred += 1;
            }
        }
        latencies.sort();
        let (p50, p99, max) = (
            percentile(&latencies, 0.50),
            percentile(&latencies, 0.99),
            latencies[latencies.len() - 1],
        );
        eprintln!(
            "burst: {INTERACTIONS} interactions over {GAMES} games pushed in {pushed:?}; first answer p50 {p50:?}, p99 {p99:?}, max {max:?}; {deferred} deferred"
        );
        assert!(max < ANSWER_WITHIN, "an answer came after Discord's 3 s: {max:?}");

        // The database holds exactly the moves the players were told stood,
        // each once, at the ply they were told.
        let mut total = 0;
        for (game, _, _, _) in &games {
            let record = host.games().load(*game).await.unwrap().game.record().to_vec();
            let mut told = played[game.0 as usize].clone();
            told.sort();
            let told: Vec<String> = told
                .iter()
                .enumerate()
                .map(|(i, (ply, action))| {
                    assert_eq!(*ply, i + 1, "game {game}: plies told {told:?}");
                    action.clone()
                })
                .collect();
            assert_eq!(record, told, "game {game}");
            total += record.len();
        }
        eprintln!("burst: {total} of {INTERACTIONS} moves stood (the rest were answered as out of turn)");

        bot.shutdown().await;
    })
    .await;
}
