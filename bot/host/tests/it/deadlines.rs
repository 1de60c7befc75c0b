//! Deadlines, reminders and timeouts, with a clock the test moves. The
//! scheduler works from the database, so restarts change nothing.

use crate::common;
use chronomate_host::{
    ChallengeId, ChallengeTerms, DAY, EndReason, GameResult, GameStatus, HOUR, NoticeKind, Refusal,
    Span,
};

use chronomate_rules::{Reason, Variant};
use common::{T0, World, caller};

fn one_day() -> ChallengeTerms {
    let mut t = ChallengeTerms::new(Variant::Standard);
    t.days = Some(1);
    t
}

async fn one_reminder_then_the_side_to_move_loses_on_time() {
    let mut w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start_with(&alice, &bob, one_day()).await;
    let row = w.store().game(g).await.unwrap().unwrap();
    assert_eq!(row.deadline, Some(T0 + DAY));
    // 24 h reminders, but at most half of a 1-day move: 12 h before.
    assert_eq!(row.remind_at, Some(T0 + 12 * HOUR));

    assert!(
        w.host
            .upkeep()
            .tick(T0 + 11 * HOUR)
            .await
            .unwrap()
            .is_empty()
    );
    let notices = w.host.upkeep().tick(T0 + 12 * HOUR).await.unwrap();
    assert_eq!(notices.len(), 1);
    let n = &notices[0];
    assert_eq!(n.kind, NoticeKind::Reminder);
    assert_eq!(n.game, Some(g));
    assert_eq!(n.recipients, ["console:alice"]);
    assert_eq!(n.place.channel.as_deref(), Some("channel"));
    assert!(
        n.reply.text.starts_with(
            "Reminder: your move in game #1 against bob (standard) is due in 12 hours"
        ),
        "{}",
        n.reply.text
    );
    // Once only, also after a restart.
    assert!(
        w.host
            .upkeep()
            .tick(T0 + 13 * HOUR)
            .await
            .unwrap()
            .is_empty()
    );
    w.restart().await;
    assert!(
        w.host
            .upkeep()
            .tick(T0 + 14 * HOUR)
            .await
            .unwrap()
            .is_empty()
    );

    // Alice moves: Bob gets a fresh day and, later, his own reminder.
    w.clock.set(T0 + 20 * HOUR);
    w.host.games().act(&alice, None, "e4").await.unwrap();
    let row = w.store().game(g).await.unwrap().unwrap();
    assert_eq!(row.deadline, Some(T0 + 44 * HOUR));
    assert!(!row.reminder_sent);
    let notices = w.host.upkeep().tick(T0 + 32 * HOUR).await.unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].recipients, ["console:bob"]);

    // Bob lets it run out.
    w.restart().await;
    assert!(
        w.host
            .upkeep()
            .tick(T0 + 44 * HOUR - Span::MILLISECOND)
            .await
            .unwrap()
            .is_empty()
    );
    let notices = w.host.upkeep().tick(T0 + 44 * HOUR).await.unwrap();
    assert_eq!(notices.len(), 1);
    let n = &notices[0];
    assert_eq!(n.kind, NoticeKind::TimeForfeit);
    assert_eq!(n.recipients, ["console:alice", "console:bob"]);
    assert_eq!(
        n.reply.text,
        "Game #1: bob (black) ran out of time. 1-0 (time forfeit): alice wins.\n\
         Ratings (standard, this server): alice 1500? → 1662? (+162), bob 1500? → 1338? (-162)."
    );
    let row = w.store().game(g).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished);
    assert_eq!(
        (row.result, row.reason),
        (
            Some(GameResult::WhiteWins),
            Some(EndReason::Rules(Reason::TimeForfeit))
        )
    );
    assert!(
        w.host
            .upkeep()
            .tick(T0 + 50 * HOUR)
            .await
            .unwrap()
            .is_empty()
    );
    w.clock.set(T0 + 50 * HOUR);
    assert!(matches!(
        common::refusal(w.host.games().act(&bob, Some(g), "e5").await),
        Refusal::GameOver { .. }
    ));
    w.check_consistent(g).await;
}

async fn a_game_nobody_started_is_aborted_at_its_deadline() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start_with(&alice, &bob, one_day()).await;
    let notices = w.host.upkeep().tick(T0 + 2 * DAY).await.unwrap();
    // The reminder moment passed too, but the game is over: only the abort.
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].kind, NoticeKind::Aborted);
    let row = w.store().game(g).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Aborted);
    assert_eq!(row.result, None);
}

async fn a_move_just_before_the_deadline_wins_the_race() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start_with(&alice, &bob, one_day()).await;
    w.clock.set(T0 + DAY - Span::MILLISECOND);
    w.host.games().act(&alice, None, "e4").await.unwrap();
    // The old deadline passed, but the move renewed it.
    assert!(
        w.host
            .upkeep()
            .tick(T0 + DAY)
            .await
            .unwrap()
            .iter()
            .all(|n| n.kind == NoticeKind::Reminder)
    );
    assert_eq!(
        w.store().game(g).await.unwrap().unwrap().status,
        GameStatus::Live
    );
}

async fn reminders_can_be_switched_off_and_challenges_expire() {
    let w = World::new().await;
    let (mut admin, bob) = (caller("admin"), caller("bob"));
    admin.manager = true;
    let off = chronomate_host::SettingsChange::parse("reminder:0").unwrap();
    w.host.players().settings(&admin, off).await.unwrap();
    let g = w.start_with(&admin, &bob, one_day()).await;
    assert_eq!(w.store().game(g).await.unwrap().unwrap().remind_at, None);
    assert!(
        w.host
            .upkeep()
            .tick(T0 + DAY - Span::MILLISECOND)
            .await
            .unwrap()
            .is_empty()
    );

    // An unanswered challenge is withdrawn after a week.
    let mut t = ChallengeTerms::new(Variant::Standard);
    t.opponent = Some(admin.player.clone());
    w.host.challenges().challenge(&bob, t).await.unwrap();
    let notices = w.host.upkeep().tick(T0 + 8 * DAY).await.unwrap();
    let expired: Vec<_> = notices
        .iter()
        .filter(|n| n.kind == NoticeKind::ChallengeExpired)
        .collect();
    assert_eq!(expired.len(), 1);
    assert_eq!(expired[0].recipients, ["console:bob"]);
    assert!(matches!(
        common::refusal(
            w.host
                .challenges()
                .accept(&admin, Some(ChallengeId(2)))
                .await
        ),
        Refusal::ChallengeClosed {
            state: "expired",
            ..
        }
    ));
}

on_both_backends!(
    one_reminder_then_the_side_to_move_loses_on_time,
    a_game_nobody_started_is_aborted_at_its_deadline,
    a_move_just_before_the_deadline_wins_the_race,
    reminders_can_be_switched_off_and_challenges_expire,
);
