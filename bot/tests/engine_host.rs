//! Chronomate's games at the host: it declines a draw it does not need,
//! is never reminded, leaves ratings alone, and a level without it is
//! refused.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

mod common;

use chronomate::host::{ChallengeTerms, ColourChoice, DAY, DrawMove, NoticeKind, Player, Refusal};
use chronomate_rules::Variant;
use common::{T0, World, caller, refusal};

fn against_chronomate(level: u8, colour: ColourChoice) -> ChallengeTerms {
    let mut t = ChallengeTerms::new(Variant::Standard);
    t.opponent = Some(Player::chronomate());
    t.level = Some(level);
    t.colour = colour;
    t.days = Some(1);
    t
}

#[tokio::test]
async fn draws_reminders_and_ratings() {
    let w = World::new().await;
    let mut moves = w.host.start_engine().await.unwrap();
    let alice = caller("alice");
    let begun = w
        .host
        .challenge(&alice, against_chronomate(2, ColourChoice::White))
        .await
        .unwrap();
    let game = begun.game.unwrap();
    assert!(begun.text.contains("Unrated"), "{}", begun.text);
    assert_eq!(begun.pings, ["console:alice"], "Chronomate is never pinged");

    // An even position: it declines, and the game goes on without an offer.
    let reply = w
        .host
        .draw(&alice, Some(game), DrawMove::Offer)
        .await
        .unwrap();
    assert!(reply.text.contains("declines the draw"), "{}", reply.text);
    assert_eq!(w.store().draw_offer(game).await.unwrap(), None);

    // Its answer comes as a notice to post.
    w.host.act(&alice, Some(game), "e4").await.unwrap();
    let notice = moves.recv().await.unwrap();
    assert_eq!((notice.kind, notice.game), (NoticeKind::Played, Some(game)));
    assert!(
        notice
            .reply
            .text
            .starts_with("Chronomate (level 2) played "),
        "{}",
        notice.reply.text
    );
    assert_eq!(notice.reply.pings, ["console:alice"]);

    // Chronomate to move near its deadline: nobody is reminded.
    let mut t = against_chronomate(1, ColourChoice::Black);
    t.days = Some(1);
    w.host.stop_engine();
    let g2 = w.host.challenge(&alice, t).await.unwrap().game.unwrap();
    let notices = w.host.tick(T0 + DAY / 2 + 1).await.unwrap();
    assert!(notices.iter().all(|n| n.game != Some(g2)), "{notices:?}");
    assert!(
        w.host
            .tick(T0 + DAY / 2 + 2)
            .await
            .unwrap()
            .iter()
            .all(|n| n.game != Some(g2))
    );

    // Resigning ends the game unrated.
    w.host.resign(&alice, Some(game), true).await.unwrap();
    assert!(w.store().rating_changes(game).await.unwrap().is_empty());

    // A level is for Chronomate only.
    let mut t = ChallengeTerms::new(Variant::Standard);
    t.opponent = Some(Player::console("bob"));
    t.level = Some(3);
    assert_eq!(
        refusal(w.host.challenge(&alice, t).await),
        Refusal::LevelWithoutChronomate
    );
}
