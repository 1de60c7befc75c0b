//! Every variant plugs into the host the same way: played through the real
//! host (on SQLite and on PostgreSQL) with images on, restarted, and its `/history` read
//! back as a record that replays to the same game.

use crate::common;
use chronomate_host::{Caller, ChallengeTerms, GameId, Host, HostConfig, ManualClock};

use std::sync::Arc;

use chronomate_render::{RenderOptions, render_png};
use chronomate_rules::{Color, Game, TurnShape, Variant, record};
use chronomate_store::Store;
use common::{T0, World, caller, check_consistent};

async fn host_with_images(url: &str, clock: Arc<ManualClock>) -> Host {
    let store = Store::open(url).await.unwrap();
    Host::new(store, clock)
        .with_seed(7)
        .with_config(HostConfig::default())
}

/// Plays `plies` actions (a deterministic choice among the legal ones) and
/// returns how many were played before the game ended, if it did.
async fn play_some(host: &Host, game: GameId, plies: usize) -> usize {
    let (white, black) = (caller("white"), caller("black"));
    for ply in 0..plies {
        let loaded = host.games().load(game).await.unwrap();
        if loaded.game.status().is_over() {
            return ply;
        }
        let legal = loaded.game.legal_actions();
        assert!(!legal.is_empty(), "an ongoing game has a legal action");
        let action = &legal[(ply * 7 + 3) % legal.len()];
        let who = match loaded.game.turn().color {
            Color::White => &white,
            Color::Black => &black,
        };
        let reply = match loaded.row.variant.about().turns {
            TurnShape::Single => host.games().act(who, Some(game), action).await,
            TurnShape::Drafted => {
                // A whole turn is drafted a board move at a time (its
                // moves are apart by spaces), then submitted.
                for one in action.split(' ') {
                    let draft = host.games().act(who, Some(game), one).await;
                    let draft = draft.unwrap_or_else(|e| panic!("{one} of {action}: {e}"));
                    assert!(draft.private, "a draft is for its player's eyes");
                }
                host.games().submit(who, Some(game)).await
            }
        }
        .unwrap_or_else(|e| panic!("{action}: {e}"));
        assert!(
            !reply.images.is_empty(),
            "an accepted action shows the board"
        );
        assert!(reply.images[0].png.starts_with(b"\x89PNG"));
    }
    plies
}

/// `/snapshot` draws the compact layout and `/snapshot full` the whole
/// history, each exactly as the renderer draws the game's snapshot from the
/// caller's side.
async fn check_snapshots(host: &Host, who: &Caller, game: GameId) {
    let loaded = host.games().load(game).await.unwrap();
    let mut view = loaded.game.snapshot();
    view.perspective = Some(Color::White);
    for full in [false, true] {
        let reply = host.games().snapshot(who, Some(game), full).await.unwrap();
        let variant = loaded.row.variant.id();
        assert_eq!(reply.images.len(), 1, "{variant}: one snapshot image");
        let image = &reply.images[0];
        let suffix = if full {
            "-snapshot-full.png"
        } else {
            "-snapshot.png"
        };
        assert!(image.name.ends_with(suffix), "{variant}: {}", image.name);
        let options = RenderOptions {
            full,
            ..RenderOptions::default()
        };
        let expected = render_png(&view, &options).unwrap();
        assert!(image.png == expected, "{variant}: full {full}: as rendered");
    }
}

async fn every_variant_plays_restarts_and_replays_its_history() {
    let world = World::new().await;
    world.host.store().close().await;
    let path = world.url.clone();
    let clock = Arc::new(ManualClock::new(T0));
    let (white, black) = (caller("white"), caller("black"));
    let mut games = Vec::new();
    {
        let host = host_with_images(&path, clock.clone()).await;
        for &variant in Variant::ALL {
            let mut terms = ChallengeTerms::new(variant);
            terms.opponent = Some(black.player.clone());
            terms.colour = chronomate_host::ColourChoice::White;
            host.challenges().challenge(&white, terms).await.unwrap();
            let game = host
                .challenges()
                .accept(&black, None)
                .await
                .unwrap()
                .game
                .unwrap();
            play_some(&host, game, 10).await;
            check_snapshots(&host, &white, game).await;
            games.push((variant, game));
        }
        host.store().close().await;
    }
    let host = host_with_images(&path, clock).await;
    for (variant, game) in games {
        check_consistent(host.store(), &host, game).await;
        let loaded = host.games().load(game).await.unwrap();
        let history = host.games().history(&white, Some(game)).await.unwrap().text;
        let replayed = Game::replay(
            loaded.row.options.clone(),
            loaded.row.seed,
            record::actions(variant, &history),
        )
        .unwrap_or_else(|e| panic!("{variant}: the history replays: {e}\n{history}"));
        assert_eq!(replayed.record(), loaded.game.record(), "{variant}");
        // The game goes on after the restart.
        play_some(&host, game, 2).await;
    }
}

on_both_backends!(multi_thread: every_variant_plays_restarts_and_replays_its_history);
