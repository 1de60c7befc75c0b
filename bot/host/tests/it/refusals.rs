//! Every refusal the host gives: each says why, and changes nothing.

use crate::common;
use chronomate_host::{
    Caller, ChallengeId, ChallengeTerms, DrawMove, GameId, HostError, Place, Refusal, Reply,
    SettingsChange,
};

use chronomate_rules::{ActionError, Color, Options, Variant};
use common::{World, caller};

/// Runs `op`, expects a refusal, and checks the database is untouched.
async fn refused<F, Fut>(w: &World, op: F) -> Refusal
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = Result<Reply, HostError>>,
{
    let before = w.store().dump().await.unwrap();
    let r = common::refusal(op().await);
    assert_eq!(
        w.store().dump().await.unwrap(),
        before,
        "refusal {r:?} changed the database"
    );
    assert!(!r.to_string().is_empty());
    r
}

async fn refusals_about_games_and_actions() {
    let w = World::new().await;
    let h = &w.host;
    let (alice, bob, carol) = (caller("alice"), caller("bob"), caller("carol"));

    assert_eq!(
        refused(&w, || h.games().act(&alice, None, "e4")).await,
        Refusal::NoGame
    );
    assert_eq!(
        refused(&w, || h.games().board(&alice, None)).await,
        Refusal::NoGame
    );
    assert_eq!(
        refused(&w, || h.games().act(&alice, Some(GameId(9)), "e4")).await,
        Refusal::NoSuchGame(GameId(9))
    );
    assert_eq!(
        refused(&w, || h.games().history(&alice, Some(GameId(9)))).await,
        Refusal::NoSuchGame(GameId(9))
    );

    let g = w.start(&alice, &bob).await;
    assert_eq!(
        refused(&w, || h.games().act(&alice, None, "   ")).await,
        Refusal::EmptyAction
    );
    assert_eq!(
        refused(&w, || h.games().act(&carol, Some(g), "e4")).await,
        Refusal::NotParticipant(g)
    );
    let r = refused(&w, || h.games().act(&bob, None, "e5")).await;
    assert_eq!(
        r,
        Refusal::NotYourTurn {
            game: g,
            name: "alice".into(),
            side: Color::White
        }
    );
    assert_eq!(
        r.to_string(),
        "it is not your turn in game #1: alice (white) is to move"
    );
    // Illegal and unreadable actions: the rules' reason, and what is legal.
    match refused(&w, || h.games().act(&alice, None, "e5")).await {
        Refusal::Action { game, error, .. } => {
            assert_eq!(game, g);
            assert!(!matches!(error, ActionError::GameOver), "{error}");
        }
        other => panic!("{other:?}"),
    }
    match refused(&w, || h.games().act(&alice, None, "Zz9")).await {
        Refusal::Action { error, .. } => {
            assert!(matches!(error, ActionError::Syntax { .. }), "{error}")
        }
        other => panic!("{other:?}"),
    }
    match refused(&w, || h.games().act(&alice, None, "N")).await {
        Refusal::Action { suggestions, .. } => {
            assert!(
                suggestions.iter().any(|s| s.starts_with('N')),
                "{suggestions:?}"
            )
        }
        other => panic!("{other:?}"),
    }
    // Not a participant: no resigning, drawing or aborting others' games.
    assert_eq!(
        refused(&w, || h.games().resign(&carol, Some(g), true)).await,
        Refusal::NotParticipant(g)
    );
    assert_eq!(
        refused(&w, || h.games().draw(&carol, Some(g), DrawMove::Offer)).await,
        Refusal::NotParticipant(g)
    );
    assert_eq!(
        refused(&w, || h.games().draw(&bob, None, DrawMove::Accept)).await,
        Refusal::NoDrawOffer(g)
    );

    // Two live games where alice is to move: which one?
    let g2 = w.start(&alice, &carol).await;
    assert_eq!(
        refused(&w, || h.games().act(&alice, None, "e4")).await,
        Refusal::WhichGame(vec![g, g2])
    );
    assert_eq!(
        refused(&w, || h.games().resign(&alice, None, true)).await,
        Refusal::WhichGame(vec![g, g2])
    );

    // Over: nothing more.
    h.games().resign(&carol, Some(g2), true).await.unwrap();
    h.games().resign(&bob, Some(g), true).await.unwrap();
    assert_eq!(
        refused(&w, || h.games().act(&alice, None, "e4")).await,
        Refusal::NoLiveGame
    );
    for r in [
        refused(&w, || h.games().act(&alice, Some(g), "e4")).await,
        refused(&w, || h.games().resign(&alice, Some(g), true)).await,
        refused(&w, || h.games().draw(&alice, Some(g), DrawMove::Offer)).await,
        refused(&w, || h.games().abort(&alice, Some(g))).await,
    ] {
        assert!(
            matches!(r, Refusal::GameOver { game, .. } if game == g),
            "{r:?}"
        );
    }
    // Looking still works, at the latest game.
    assert!(h.games().board(&alice, None).await.is_ok());
}

async fn refusals_about_challenges() {
    let w = World::new().await;
    let h = &w.host;
    let (alice, bob, carol) = (caller("alice"), caller("bob"), caller("carol"));
    let to = |who: &Caller| {
        let mut t = ChallengeTerms::new(Variant::Standard);
        t.opponent = Some(who.player.clone());
        t
    };

    assert_eq!(
        refused(&w, || h.challenges().accept(&bob, None)).await,
        Refusal::NoChallenge(" to accept")
    );
    assert_eq!(
        refused(&w, || h.challenges().decline(&bob, None)).await,
        Refusal::NoChallenge(" to decline")
    );
    assert_eq!(
        refused(&w, || h.challenges().cancel(&bob, None)).await,
        Refusal::NoChallenge(" to cancel")
    );
    assert_eq!(
        refused(&w, || h.challenges().accept(&bob, Some(ChallengeId(5)))).await,
        Refusal::NoSuchChallenge(ChallengeId(5))
    );
    assert_eq!(
        refused(&w, || h.challenges().challenge(&alice, to(&alice))).await,
        Refusal::SelfChallenge
    );
    let mut long = to(&bob);
    long.days = Some(20);
    assert!(matches!(
        refused(&w, || h.challenges().challenge(&alice, long)).await,
        Refusal::Terms(_)
    ));
    let mut bad_options = to(&bob);
    // The multiverse's options on a standard challenge.
    bad_options.options = Options::parse(Variant::Multiverse, "branches:21").unwrap();
    assert_eq!(
        refused(&w, || h.challenges().challenge(&alice, bad_options)).await,
        Refusal::Terms("the options \"branches:21\" are multiverse's, not standard's".to_owned())
    );

    h.challenges().challenge(&alice, to(&bob)).await.unwrap(); // #1
    assert_eq!(
        refused(&w, || h.challenges().accept(&alice, Some(ChallengeId(1)))).await,
        Refusal::OwnChallenge(ChallengeId(1))
    );
    assert_eq!(
        refused(&w, || h.challenges().accept(&carol, Some(ChallengeId(1)))).await,
        Refusal::NotAddressedToYou {
            id: ChallengeId(1),
            name: "bob".into()
        }
    );
    assert_eq!(
        refused(&w, || h.challenges().decline(&carol, Some(ChallengeId(1)))).await,
        Refusal::NotAddressedToYou {
            id: ChallengeId(1),
            name: "bob".into()
        }
    );
    assert!(matches!(
        refused(&w, || h.challenges().decline(&alice, Some(ChallengeId(1)))).await,
        Refusal::Terms(_)
    ));
    assert_eq!(
        refused(&w, || h.challenges().cancel(&bob, Some(ChallengeId(1)))).await,
        Refusal::NotYourChallenge {
            id: ChallengeId(1),
            name: "alice".into()
        }
    );
    h.challenges().challenge(&carol, to(&bob)).await.unwrap(); // #2
    assert_eq!(
        refused(&w, || h.challenges().accept(&bob, None)).await,
        Refusal::WhichChallenge(vec![ChallengeId(1), ChallengeId(2)])
    );
    h.challenges()
        .decline(&bob, Some(ChallengeId(2)))
        .await
        .unwrap();
    assert_eq!(
        refused(&w, || h.challenges().accept(&bob, Some(ChallengeId(2)))).await,
        Refusal::ChallengeClosed {
            id: ChallengeId(2),
            state: "declined"
        }
    );
    h.challenges().accept(&bob, None).await.unwrap();
    let r = refused(&w, || h.challenges().accept(&bob, Some(ChallengeId(1)))).await;
    assert_eq!(r.to_string(), "challenge #1 was accepted already");
    assert_eq!(
        refused(&w, || h.challenges().cancel(&alice, Some(ChallengeId(1)))).await,
        Refusal::ChallengeClosed {
            id: ChallengeId(1),
            state: "accepted"
        }
    );
    // Open challenges cannot be declined, only withdrawn by their author.
    h.challenges()
        .challenge(&alice, ChallengeTerms::new(Variant::Standard))
        .await
        .unwrap(); // #3
    assert_eq!(
        refused(&w, || h.challenges().decline(&bob, Some(ChallengeId(3)))).await,
        Refusal::DeclineOpen(ChallengeId(3))
    );
    h.challenges().cancel(&alice, None).await.unwrap();
    assert_eq!(
        refused(&w, || h.challenges().accept(&bob, Some(ChallengeId(3)))).await,
        Refusal::ChallengeClosed {
            id: ChallengeId(3),
            state: "cancelled"
        }
    );
}

async fn refusals_about_ending_games_settings_and_buttons() {
    let w = World::new().await;
    let h = &w.host;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;
    h.games().draw(&alice, None, DrawMove::Offer).await.unwrap();
    assert_eq!(
        refused(&w, || h.games().draw(&alice, None, DrawMove::Offer)).await,
        Refusal::OfferStands(g)
    );
    assert_eq!(
        refused(&w, || h.games().draw(&alice, None, DrawMove::Accept)).await,
        Refusal::OwnDrawOffer(g)
    );
    w.play(g, &alice, &bob, &["e4", "e5"]).await;
    assert_eq!(
        refused(&w, || h.games().abort(&bob, None)).await,
        Refusal::TooLateToAbort(g)
    );

    // Settings: only managers change them, only in a server, only sane values.
    let change = SettingsChange {
        default_days: Some(5),
        reminder_hours: None,
    };
    assert_eq!(
        refused(&w, || h.players().settings(&alice, change)).await,
        Refusal::NotManager
    );
    let mut dm = alice.clone();
    dm.place = Place::default();
    dm.manager = true;
    assert_eq!(
        refused(&w, || h.players().settings(&dm, change)).await,
        Refusal::NotInServer
    );
    let mut admin = alice.clone();
    admin.manager = true;
    let silly = SettingsChange {
        default_days: Some(40),
        reminder_hours: None,
    };
    assert!(matches!(
        refused(&w, || h.players().settings(&admin, silly)).await,
        Refusal::BadSetting(_)
    ));
    let silly = SettingsChange {
        default_days: None,
        reminder_hours: Some(-3),
    };
    assert!(matches!(
        refused(&w, || h.players().settings(&admin, silly)).await,
        Refusal::BadSetting(_)
    ));

    // Buttons: unknown ids, and real ids pressed by the wrong person.
    for id in [
        "",
        "dance",
        "game:1:fly",
        "challenge:x:accept",
        "game:0:board",
    ] {
        assert!(
            matches!(
                refused(&w, || h.choose(&alice, id)).await,
                Refusal::UnknownChoice(_)
            ),
            "{id}"
        );
    }
    let (eve, id) = (caller("eve"), format!("game:{g}:draw:accept"));
    assert_eq!(
        refused(&w, || h.choose(&eve, &id)).await,
        Refusal::NotParticipant(g)
    );
    assert_eq!(
        refused(&w, || h.choose(&alice, "challenge:77:accept")).await,
        Refusal::NoSuchChallenge(ChallengeId(77))
    );
}

on_both_backends!(
    refusals_about_games_and_actions,
    refusals_about_challenges,
    refusals_about_ending_games_settings_and_buttons,
);
