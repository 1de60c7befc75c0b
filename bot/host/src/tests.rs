//! Races settled inside the host: two actions prepared on the same state.

use chronomate_model::Timestamp;
use std::sync::Arc;

use super::*;
use chronomate_rules::Variant;

async fn host(dir: &tempfile::TempDir) -> Host {
    let store = Store::open_path(dir.path().join("race.db")).await.unwrap();
    Host::new(
        store,
        Arc::new(ManualClock::new(Timestamp::from_millis(1_700_000_000_000))),
    )
    .with_seed(7)
}

fn caller(name: &str) -> Caller {
    Caller::new(
        Player::console(name),
        Place::new(Some("g"), Some("c"), None),
    )
}

#[tokio::test]
async fn two_actions_prepared_on_one_state_apply_once() {
    let dir = tempfile::tempdir().unwrap();
    let host = host(&dir).await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let mut terms = ChallengeTerms::new(Variant::Standard);
    terms.opponent = Some(bob.player.clone());
    terms.colour = ColourChoice::White;
    host.challenges().challenge(&alice, terms).await.unwrap();
    host.challenges().accept(&bob, None).await.unwrap();
    let first = host.prepare(&alice, Some(GameId(1)), "e4").await.unwrap();
    let second = host.prepare(&alice, Some(GameId(1)), "d4").await.unwrap();
    host.commit(&alice, first).await.unwrap();
    let err = host.commit(&alice, second).await.unwrap_err();
    assert_eq!(err.refusal(), Some(&Refusal::MovedOn(GameId(1))));
    let log = host.store().log(GameId(1)).await.unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].text, "e4");
    let loaded = host.load(GameId(1)).await.unwrap();
    assert_eq!(loaded.game.record(), ["e4"]);
}
