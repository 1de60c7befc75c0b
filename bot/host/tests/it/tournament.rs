//! Tournaments through the host on a real SQLite file: a 4-player round
//! robin with a restart (and a crash between a game's end and the next
//! round) in the middle, a 5-player Swiss with byes, refusals that change
//! nothing, exports; and a whole tournament typed into the console binary.

use chronomate_host::{
    Caller, DrawMove, EndReason, GameId, GameResult, GameStatus, NoticeKind, PairingResult,
    PlayerKey, TournamentId, TournamentStatus, TournamentTerms,
};
use chronomate_testkit::replies::assert_contains;

use crate::common;

use chronomate_rules::Reason;
use chronomate_store::{Finish, PairingRow, StoreError};
use common::{T0, World, caller, refusal};

fn who(key: &PlayerKey) -> Caller {
    match key {
        PlayerKey::Console(name) => caller(name),
        other => panic!("{other} is no console player"),
    }
}

async fn round_games(w: &World, t: TournamentId, round: i64) -> Vec<PairingRow> {
    w.store()
        .tournament_pairings(t)
        .await
        .unwrap()
        .into_iter()
        .filter(|p| p.round == round)
        .collect()
}

/// White wins on board 1 (black resigns); board 2 is drawn by agreement.
async fn play_round(w: &World, t: TournamentId, round: i64) -> Vec<String> {
    let mut texts = Vec::new();
    for p in round_games(w, t, round).await {
        let (Some(g), Some(black)) = (p.game_id, p.black.clone()) else {
            continue;
        };
        let (white, black) = (who(&p.white), who(&black));
        let reply = if p.board == 1 {
            w.host.games().resign(&black, Some(g), true).await.unwrap()
        } else {
            w.host
                .games()
                .draw(&white, Some(g), DrawMove::Offer)
                .await
                .unwrap();
            w.host
                .games()
                .draw(&black, Some(g), DrawMove::Accept)
                .await
                .unwrap()
        };
        texts.push(reply.text);
    }
    texts
}

async fn a_round_robin_of_four_survives_a_restart_and_a_crash() {
    let mut w = World::new().await;
    let names = ["alice", "bob", "carol", "dave"];
    let alice = caller("alice");
    let terms = TournamentTerms::parse("standard days:2 name:Winter_Cup", T0).unwrap();
    let created = w.host.tournaments().create(&alice, terms).await.unwrap();
    assert!(
        created.text.contains(
            "alice created Tournament #1 Winter Cup: standard, round robin, 2 days per move."
        ),
        "{}",
        created.text
    );
    for n in names {
        let r = w.host.tournaments().join(&caller(n), None).await.unwrap();
        assert_contains(&r.text, &format!("{n} joined tournament #1"));
    }

    // Refusals say why and change nothing.
    let before = w.store().dump().await.unwrap();
    let r = refusal(
        w.host
            .tournaments()
            .join(&caller("bob"), Some(TournamentId(1)))
            .await,
    );
    assert_eq!(r.to_string(), "you are in tournament #1 already");
    let r = refusal(
        w.host
            .tournaments()
            .start(&caller("bob"), Some(TournamentId(1)))
            .await,
    );
    assert_eq!(
        r.to_string(),
        "only the organiser (alice) or a server manager may do that to tournament #1"
    );
    let r = refusal(
        w.host
            .tournaments()
            .withdraw(&caller("bob"), Some(TournamentId(1)))
            .await,
    );
    assert!(r.to_string().contains("has not started"), "{r}");
    let r = refusal(
        w.host
            .tournaments()
            .pairings(&caller("bob"), Some(TournamentId(1)), None)
            .await,
    );
    assert!(r.to_string().contains("no pairings yet"), "{r}");
    let r = refusal(
        w.host
            .tournaments()
            .join(&caller("bob"), Some(TournamentId(9)))
            .await,
    );
    assert_eq!(r.to_string(), "there is no tournament #9");
    let mut elsewhere = caller("erin");
    elsewhere.place.guild = Some("other".to_owned());
    let r = refusal(
        w.host
            .tournaments()
            .join(&elsewhere, Some(TournamentId(1)))
            .await,
    );
    assert_eq!(r.to_string(), "tournament #1 belongs to another server");
    assert_eq!(w.store().dump().await.unwrap(), before);

    // A manager may start someone else's tournament.
    let mut manager = caller("bob");
    manager.manager = true;
    let start = w.host.tournaments().start(&manager, None).await.unwrap();
    assert_contains(&start.text, "round 1 begins");
    assert!(
        start
            .text
            .contains("Board 1: alice (white) vs dave (black), game #1"),
        "{}",
        start.text
    );
    assert!(
        start
            .text
            .contains("Board 2: bob (white) vs carol (black), game #2"),
        "{}",
        start.text
    );
    assert_eq!(start.pings.len(), 4);
    let t = w
        .store()
        .tournament(TournamentId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (t.status, t.round, t.rounds),
        (TournamentStatus::Running, 1, 3)
    );
    // Tournament games are ordinary games: anyone may look, players act.
    let g1 = w.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!([&g1.white, &g1.black], ["console:alice", "console:dave"]);
    assert_eq!(g1.guild.as_deref(), Some("guild"));
    w.host
        .games()
        .act(&caller("alice"), Some(GameId(1)), "e4")
        .await
        .unwrap();
    let r = refusal(w.host.tournaments().leave(&caller("carol"), None).await);
    assert!(r.to_string().contains("is running"), "{r}");

    // Round 1: the first game's end moves nothing on; the second's starts
    // round 2, announced in its reply.
    let texts = play_round(&w, TournamentId(1), 1).await;
    assert!(!texts[0].contains("round 2"), "{}", texts[0]);
    assert!(
        texts[0].contains("Ratings (standard, this server): alice 1500? → "),
        "{}",
        texts[0]
    );
    assert!(texts[1].contains("round 2 begins"), "{}", texts[1]);
    assert!(
        texts[1].contains("Board 1: dave (white) vs carol (black), game #3"),
        "{}",
        texts[1]
    );

    // A restart in the middle of round 2.
    w.restart().await;
    let round2 = round_games(&w, TournamentId(1), 2).await;
    assert_eq!(round2.len(), 2);
    let first = &round2[0];
    w.host
        .games()
        .resign(&who(first.black.as_ref().unwrap()), first.game_id, true)
        .await
        .unwrap();
    // The last game of the round ends, and the process dies before the
    // host moves the tournament on: the store alone records the result.
    let last = round2[1].game_id.unwrap();
    w.store()
        .finish_game(
            last,
            None,
            &Finish {
                status: GameStatus::Finished,
                result: Some(GameResult::Draw),
                reason: EndReason::Rules(Reason::Agreement),
            },
            w.host.now(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        w.store()
            .tournament(TournamentId(1))
            .await
            .unwrap()
            .unwrap()
            .round,
        2
    );
    w.restart().await;
    // The scheduler, after the restart, starts round 3 once.
    let notices = w.host.upkeep().tick(w.host.now()).await.unwrap();
    let n: Vec<_> = notices
        .iter()
        .filter(|n| n.kind == NoticeKind::Tournament)
        .collect();
    assert_eq!(n.len(), 1, "{notices:?}");
    assert!(
        n[0].reply.text.contains("round 3 begins"),
        "{}",
        n[0].reply.text
    );
    assert_eq!(n[0].place.channel.as_deref(), Some("channel"));
    assert!(w.host.upkeep().tick(w.host.now()).await.unwrap().is_empty());
    assert_eq!(
        w.store()
            .tournament(TournamentId(1))
            .await
            .unwrap()
            .unwrap()
            .round,
        3
    );

    let texts = play_round(&w, TournamentId(1), 3).await;
    let last = texts.last().unwrap();
    assert!(last.contains("Tournament #1 Winter Cup is over."), "{last}");
    assert!(
        last.contains("alice and bob share first place with 2 points."),
        "{last}"
    );
    // Hand-checked from the Berger table (round 1 alice-dave, bob-carol;
    // round 2 dave-carol, alice-bob; round 3 bob-dave, carol-alice; board
    // 1 won by white, board 2 drawn): alice beat dave, drew bob and carol;
    // bob drew carol and alice, beat dave; dave beat carol. SB: alice 1 + 1 + ½ = 2.5,
    // bob ½ + 1 + 1 = 2.5, carol 1 + 0 + 1 = 2, dave 1.
    for line in [
        "1. alice 2 (SB 2.5) +1 =2 -0",
        "1. bob 2 (SB 2.5) +1 =2 -0",
        "3. carol 1 (SB 2) +0 =2 -1",
        "4. dave 1 (SB 1) +1 =0 -2",
    ] {
        assert!(last.lines().any(|l| l == line), "{line} in\n{last}");
    }
    let t = w
        .store()
        .tournament(TournamentId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((t.status, t.round), (TournamentStatus::Finished, 3));

    // Every game rated exactly once, on the server and globally.
    let mut rated = 0;
    for g in 1..=6 {
        let changes = w.store().rating_changes(GameId(g)).await.unwrap();
        assert_eq!(changes.len(), 4, "game {g}");
        rated += changes.len();
    }
    assert_eq!(rated, 24);
    let standings = w
        .host
        .tournaments()
        .standings(&caller("carol"), None)
        .await
        .unwrap();
    assert_contains(&standings.text, "finished after 3 rounds");
    let csv = w
        .host
        .tournaments()
        .export_csv(&caller("carol"), Some(TournamentId(1)))
        .await
        .unwrap()
        .text;
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "rank,player,points,sb,games,wins,draws,losses,byes,withdrawn,round_1,round_2,round_3"
    );
    assert_eq!(
        lines[1],
        "1,alice,2,2.5,3,1,2,0,0,no,W+ dave,W= bob,B= carol"
    );
    assert_eq!(lines[4], "4,dave,1,1,3,1,0,2,0,no,B- alice,W+ carol,B- bob");
    let pgn = w
        .host
        .games()
        .export_pgn(&caller("carol"), Some(GameId(1)))
        .await
        .unwrap()
        .text;
    assert!(pgn.starts_with("[Event \"Winter Cup\"]\n[Site \"Chronomate\"]\n[Date \"2023.11.14\"]\n[Round \"1\"]\n[White \"alice\"]\n[Black \"dave\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"), "{pgn}");
    for g in 1..=6 {
        w.check_consistent(GameId(g)).await;
    }
}

async fn a_swiss_of_five_gives_each_bye_once_and_never_repeats() {
    let w = World::new().await;
    let names = ["p1", "p2", "p3", "p4", "p5"];
    let terms = TournamentTerms::parse("standard swiss rounds:9 days:1", T0).unwrap();
    w.host
        .tournaments()
        .create(&caller("p1"), terms)
        .await
        .unwrap();
    for n in names {
        w.host
            .tournaments()
            .join(&caller(n), Some(TournamentId(1)))
            .await
            .unwrap();
    }
    let start = w
        .host
        .tournaments()
        .start(&caller("p1"), Some(TournamentId(1)))
        .await
        .unwrap();
    assert_contains(&start.text, "p5 has a bye (1 point).");
    assert!(
        start
            .text
            .contains("Swiss of 5: 3 rounds, the most that can be paired"),
        "{}",
        start.text
    );
    let mut finished = false;
    for round in 1..=3 {
        for p in round_games(&w, TournamentId(1), round).await {
            if let (Some(g), Some(black)) = (p.game_id, &p.black) {
                let r = w
                    .host
                    .games()
                    .resign(&who(black), Some(g), true)
                    .await
                    .unwrap();
                finished |= r.text.contains("is over");
            }
        }
    }
    assert!(finished);
    let all = w
        .store()
        .tournament_pairings(TournamentId(1))
        .await
        .unwrap();
    let mut met = std::collections::HashSet::new();
    let mut byes = std::collections::HashSet::new();
    for p in &all {
        match &p.black {
            Some(b) => assert!(met.insert((
                p.white.clone().min(b.clone()),
                p.white.clone().max(b.clone())
            ))),
            None => {
                assert_eq!(p.result, Some(PairingResult::Bye));
                assert!(byes.insert(p.white.clone()), "two byes for {}", p.white)
            }
        }
    }
    assert_eq!(byes.len(), 3);
    let standings = w
        .host
        .tournaments()
        .standings(&caller("p2"), Some(TournamentId(1)))
        .await
        .unwrap();
    assert_contains(&standings.text, "(Buchholz ");
    assert_contains(&standings.text, ", Median ");
    // Withdrawing or joining a finished tournament is refused.
    let r = refusal(
        w.host
            .tournaments()
            .withdraw(&caller("p2"), Some(TournamentId(1)))
            .await,
    );
    assert_eq!(r.to_string(), "tournament #1 is finished already");
}

async fn withdrawal_resigns_the_game_in_play_and_forfeits_the_rest() {
    let w = World::new().await;
    let terms = TournamentTerms::parse("standard", T0).unwrap();
    w.host
        .tournaments()
        .create(&caller("a"), terms)
        .await
        .unwrap();
    for n in ["a", "b", "c"] {
        w.host
            .tournaments()
            .join(&caller(n), Some(TournamentId(1)))
            .await
            .unwrap();
    }
    let start = w
        .host
        .tournaments()
        .start(&caller("a"), Some(TournamentId(1)))
        .await
        .unwrap();
    // Three players: someone rests each round.
    assert_contains(&start.text, "rests this round");
    let round1 = round_games(&w, TournamentId(1), 1).await;
    let game = round1.iter().find(|p| p.game_id.is_some()).unwrap();
    let quitter = who(&game.white);
    let r = w.host.tournaments().withdraw(&quitter, None).await.unwrap();
    assert_contains(&r.text, "withdrew from tournament #1");
    assert_contains(&r.text, "counts as a loss");
    assert_contains(&r.text, "round 2 begins");
    // Round 2's boards are decided at once: the quitter's forfeited, the
    // odd one out resting.
    for p in round_games(&w, TournamentId(1), 2).await {
        let forfeit = if p.black.is_none() {
            PairingResult::Rest
        } else if p.white == game.white {
            PairingResult::Scored(GameResult::BlackWins)
        } else if p.black.as_ref() == Some(&game.white) {
            PairingResult::Scored(GameResult::WhiteWins)
        } else {
            continue;
        };
        assert_eq!(p.result, Some(forfeit));
    }
    // Cancelling: only the organiser or a manager.
    let r = refusal(
        w.host
            .tournaments()
            .cancel(&caller("b"), Some(TournamentId(1)))
            .await,
    );
    assert!(r.to_string().starts_with("only the organiser"), "{r}");
    let c = w
        .host
        .tournaments()
        .cancel(&caller("a"), Some(TournamentId(1)))
        .await
        .unwrap();
    assert_contains(&c.text, "Games in play go on as ordinary games.");
    let t = w
        .store()
        .tournament(TournamentId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(t.status, TournamentStatus::Cancelled);
}

/// A board result the store does not know is a damaged row, never a board
/// still in play.
async fn an_unknown_board_result_is_a_damaged_row() {
    let w = World::new().await;
    let terms = TournamentTerms::parse("standard", T0).unwrap();
    w.host
        .tournaments()
        .create(&caller("a"), terms)
        .await
        .unwrap();
    for n in ["a", "b", "c"] {
        w.host
            .tournaments()
            .join(&caller(n), Some(TournamentId(1)))
            .await
            .unwrap();
    }
    w.host
        .tournaments()
        .start(&caller("a"), Some(TournamentId(1)))
        .await
        .unwrap();
    // The schema refuses such a result: only a database edited by hand
    // could hold one (the tournament's id is bound where a game's goes).
    w.raw_unchecked(
        "UPDATE tournament_pairings SET result = 'forfeit'
         WHERE tournament_id = $1 AND black IS NULL",
        GameId(1),
    )
    .await;
    match w.store().tournament_pairings(TournamentId(1)).await {
        Err(e @ StoreError::Corrupt { .. }) => assert_eq!(
            e.to_string(),
            "tournament #1 is damaged in the database: unknown board result \"forfeit\""
        ),
        other => panic!("not a damaged row: {other:?}"),
    }
}

on_both_backends!(
    an_unknown_board_result_is_a_damaged_row,
    a_round_robin_of_four_survives_a_restart_and_a_crash,
    a_swiss_of_five_gives_each_bye_once_and_never_repeats,
    withdrawal_resigns_the_game_in_play_and_forfeits_the_rest,
);
