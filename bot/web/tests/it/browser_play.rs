//! Playing by click in a real browser (headless Chromium through
//! chromium-driver; ignored unless asked for, as in `browser.rs`): each
//! player opens their own link, and every move below is a pointer pressed
//! and released on the canvas where the man is drawn, as a person clicks.
//! A whole standard game in two sessions; a 5D turn with a jump that
//! makes a timeline, an undo and a refused submit; a multiverse travel; a
//! Many Worlds split; a used link refused.

use std::time::Duration;

use chronomate_host::{GameId, Head, Host, Tail};
use chronomate_rules::Variant;
use chronomate_testkit::caller;
use fantoccini::Client;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use serde_json::{Value, json};

use super::browser::{PLY, browser, eval, screenshot, session, wait_for};

const IGNORED: &str = "needs chromium and chromium-driver: .ci/run installs them and runs this (or pass --ignored browser)";
const SOON: Duration = Duration::from_secs(10);

/// `who`'s own link to game `g`.
async fn own_link(host: &Host, who: &str, g: GameId) -> String {
    host.web()
        .play_link(&caller(who), Some(g))
        .await
        .unwrap()
        .link
        .unwrap()
        .url
}

/// Opens `who`'s link and waits until the page is seated and shows ply
/// `ply`.
async fn sit(client: &Client, host: &Host, who: &str, g: GameId, ply: u64) {
    client.goto(&own_link(host, who, g).await).await.unwrap();
    wait_for(client, PLY, &json!(ply.to_string()), SOON).await;
    wait_for(
        client,
        "return ['white', 'black'].includes(document.body.dataset.seat)",
        &json!(true),
        SOON,
    )
    .await;
}

/// After a click that may mean a whole action or one with a second part:
/// picks the one with a second part where the page asks which.
async fn second_part(client: &Client, head: &Head) {
    let asked = "const s = document.getElementById('said').textContent || ''; \
        return s.includes('second part') ? 'second' : Number(document.body.dataset.choices ?? 0) > 0 ? 'choose' : '';";
    let started = std::time::Instant::now();
    loop {
        match eval(client, asked).await.as_str().unwrap_or("") {
            "second" => return,
            "choose" => {
                choose(
                    client,
                    &format!("b.textContent === {}", json!(format!("{} + …", head.text))),
                )
                .await;
            }
            _ => {}
        }
        assert!(
            started.elapsed() < SOON,
            "the page never asked for the second part"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Presses and releases the pointer on cell `cell` of board `board`,
/// where the page draws it (framing that board first, as a player zooms
/// to it).
async fn click(client: &Client, board: usize, cell: u8) {
    eval(
        client,
        &format!("window.chronomate.frame({board}); return null"),
    )
    .await;
    let at = eval(
        client,
        &format!("return window.chronomate.cellPoint({board}, {cell})"),
    )
    .await;
    let (x, y) = (
        at["x"].as_f64().unwrap().round(),
        at["y"].as_f64().unwrap().round(),
    );
    let mouse = MouseActions::new("mouse".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x,
            y,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client.perform_actions(mouse).await.unwrap();
}

/// Clicks a man and then where it goes, waiting for the destinations to
/// light up between.
async fn move_by_clicks(client: &Client, board: usize, from: u8, to_board: usize, to: u8) {
    wait_for(
        client,
        "return document.body.dataset.turn ?? ''",
        &json!("yes"),
        SOON,
    )
    .await;
    click(client, board, from).await;
    wait_for(
        client,
        "return document.body.dataset.selected ?? ''",
        &json!(format!("{board}:{from}")),
        SOON,
    )
    .await;
    click(client, to_board, to).await;
}

/// Presses the page's button `id`.
async fn press(client: &Client, id: &str) {
    eval(
        client,
        &format!("document.getElementById('{id}').click(); return null"),
    )
    .await;
}

/// Waits until the draft shown reads `want`.
async fn wait_drafted(client: &Client, want: &Value) {
    let script = "return document.getElementById('drafted').textContent";
    wait_for(client, script, want, SOON).await;
}

/// Presses the chooser's button whose text `pick` accepts.
async fn choose(client: &Client, pick: &str) {
    wait_for(
        client,
        "return Number(document.body.dataset.choices ?? 0) > 0",
        &json!(true),
        SOON,
    )
    .await;
    let script = format!(
        "const b = [...document.querySelectorAll('#chooser button')].find((b) => {pick}); \
         if (!b) return [...document.querySelectorAll('#chooser button')].map((b) => b.textContent); \
         b.click(); return true;"
    );
    let pressed = eval(client, &script).await;
    assert_eq!(pressed, json!(true), "no such choice among {pressed}");
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: .ci/run installs them and runs this (or pass --ignored browser)"]
async fn browser_a_whole_standard_game_is_played_by_clicks_in_two_sessions() {
    let _ = IGNORED;
    let (w, _, url, g) = super::served_game(Variant::Standard).await;
    let (driver, white) = browser().await;
    let black = session(&driver).await;
    sit(&white, &w.host, "w", g, 0).await;
    sit(&black, &w.host, "b", g, 0).await;
    // Fool's mate: 1. f3 e5 2. g4 Qh4#, each a click on the man and one
    // on its square, on the page of the side to move.
    let moves = [
        (&white, 13, 21),
        (&black, 52, 36),
        (&white, 14, 30),
        (&black, 59, 31),
    ];
    for (i, (page, from, to)) in moves.into_iter().enumerate() {
        move_by_clicks(page, 0, from, 0, to).await;
        let ply = json!((i + 1).to_string());
        wait_for(&white, PLY, &ply, SOON).await;
        wait_for(&black, PLY, &ply, SOON).await;
    }
    let game = w.host.games().load(g).await.unwrap().game;
    assert_eq!(game.record(), ["f3", "e5", "g4", "Qh4#"]);
    assert!(game.status().is_over());
    let state = eval(&white, "return document.getElementById('you').textContent").await;
    assert!(state.as_str().unwrap().contains("over"), "{state}");
    screenshot(&black, "play-standard").await;
    // The used link: the page says so and only watches.
    let spent = own_link(&w.host, "w", g).await;
    let third = session(&driver).await;
    third.goto(&spent).await.unwrap();
    wait_for(&third, PLY, &json!("4"), SOON).await;
    // Opened again (a new page, not a jump within this one): refused.
    third.goto("about:blank").await.unwrap();
    third.goto(&spent).await.unwrap();
    wait_for(&third, PLY, &json!("4"), SOON).await;
    let said = eval(&third, "return document.getElementById('said').textContent").await;
    assert!(
        said.as_str().unwrap().contains("used or has expired"),
        "{said}"
    );
    assert_eq!(
        eval(&third, "return document.getElementById('seat').hidden").await,
        json!(true)
    );
    let _ = url;
    for c in [white, black, third] {
        c.close().await.unwrap();
    }
}

/// The first jump among `moves` that opens a timeline (`>>`), as
/// board-and-cell clicks.
fn a_jump(moves: &[(chronomate_rules::click::Stroke, String)]) -> (usize, u8, usize, u8, String) {
    let (stroke, text) = moves
        .iter()
        .find(|(s, t)| t.contains(">>") && s.from.is_some() && s.to.is_some())
        .expect("a jump into the past");
    let (from, to) = (stroke.from.unwrap(), stroke.to.unwrap());
    (from.board, from.cell, to.board, to.cell, text.clone())
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: .ci/run installs them and runs this (or pass --ignored browser)"]
async fn browser_a_5d_turn_with_a_jump_is_drafted_undone_refused_and_submitted() {
    let (w, _, _, g) = super::served_game(Variant::FiveD).await;
    // Two turns each, so that a knight may jump back to an earlier board.
    for (who, mv) in [
        ("w", "(0T1)Nf3"),
        ("b", "(0T1)Nf6"),
        ("w", "(0T2)Nc3"),
        ("b", "(0T2)Nc6"),
    ] {
        w.host.games().act(&caller(who), Some(g), mv).await.unwrap();
        w.host.games().submit(&caller(who), Some(g)).await.unwrap();
    }
    let game = w.host.games().load(g).await.unwrap().game;
    let (fb, fc, tb, tc, text) = a_jump(&game.draft_clicks(&[]).unwrap().moves);
    let (_driver, white) = browser().await;
    sit(&white, &w.host, "w", g, 4).await;
    move_by_clicks(&white, fb, fc, tb, tc).await;
    wait_drafted(&white, &json!(text)).await;
    // The whole multiverse, the drafted jump's arrow and its new timeline
    // in it.
    press(&white, "whole").await;
    screenshot(&white, "play-5d-draft").await;
    // Undo, then a submit with nothing drafted: refused, and why is shown.
    press(&white, "undo").await;
    wait_drafted(&white, &json!("(nothing drafted yet)")).await;
    press(&white, "submit").await;
    wait_for(
        &white,
        "return document.getElementById('said').textContent.includes('nothing is drafted')",
        &json!(true),
        SOON,
    )
    .await;
    move_by_clicks(&white, fb, fc, tb, tc).await;
    wait_drafted(&white, &json!(text)).await;
    press(&white, "submit").await;
    wait_for(&white, PLY, &json!("5"), SOON).await;
    let record = w.host.games().load(g).await.unwrap().game.record().to_vec();
    assert!(record[4].contains(">>"), "{record:?}");
    let timelines = eval(
        &white,
        "return document.querySelector('#boards') && window.chronomate.cellPoint(0, 0) !== null",
    )
    .await;
    assert_eq!(timelines, json!(true));
    white.close().await.unwrap();
}

/// A head that needs a second part and the first of its second parts
/// that `keep` accepts.
fn two_parts(
    host_clicks: &chronomate_rules::click::Clicks,
    keep: impl Fn(&Tail) -> bool,
) -> (Head, Tail) {
    for (i, head) in host_clicks.heads().iter().enumerate() {
        if !head.needs_second || head.stroke.from.is_none() || head.stroke.to.is_none() {
            continue;
        }
        if let Some(tail) = host_clicks.tails(i).into_iter().find(|t| keep(t)) {
            return (head.clone(), tail);
        }
    }
    panic!("no action of two parts");
}

/// Clicks an action of two parts: the head's man and square, the
/// second part where the page asks for it, then its man and square.
async fn two_part_move(client: &Client, head: &Head, tail: &Tail) {
    let (from, to) = (head.stroke.from.unwrap(), head.stroke.to.unwrap());
    move_by_clicks(client, from.board, from.cell, to.board, to.cell).await;
    second_part(client, head).await;
    let (tf, tt) = (tail.stroke.from.unwrap(), tail.stroke.to.unwrap());
    click(client, tf.board, tf.cell).await;
    let lit = "return Number(document.body.dataset.targets ?? 0) > 0";
    wait_for(client, lit, &json!(true), SOON).await;
    click(client, tt.board, tt.cell).await;
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: .ci/run installs them and runs this (or pass --ignored browser)"]
async fn browser_a_multiverse_travel_and_a_many_worlds_split_are_made_by_clicks() {
    let (_driver, client) = browser().await;
    // The multiverse: after 1. e4 e5 2. Nf3, Black's branch may send a man
    // back to the board where White had just moved.
    let (w, _, _, g) = super::served_game(Variant::Multiverse).await;
    for (who, mv) in [("w", "e4"), ("b", "e5"), ("w", "Nf3")] {
        w.host.games().act(&caller(who), Some(g), mv).await.unwrap();
    }
    let game = w.host.games().load(g).await.unwrap().game;
    let (head, tail) = two_parts(&game.clicks(), |t| {
        t.kind == "travel" && t.stroke.from.is_some() && t.stroke.to.is_some()
    });
    sit(&client, &w.host, "b", g, 3).await;
    two_part_move(&client, &head, &tail).await;
    wait_for(&client, PLY, &json!("4"), SOON).await;
    let last = w.host.games().load(g).await.unwrap().game.record()[3].clone();
    assert!(last.contains(">>"), "a travel: {last}");
    screenshot(&client, "play-multiverse").await;

    // Many Worlds: a split is two moves of one board, clicked one after
    // the other.
    let (w, _, _, g) = super::served_game(Variant::ManyWorlds).await;
    let game = w.host.games().load(g).await.unwrap().game;
    let (head, tail) = two_parts(&game.clicks(), |t| {
        t.stroke.from.is_some() && t.stroke.to.is_some()
    });
    sit(&client, &w.host, "w", g, 0).await;
    two_part_move(&client, &head, &tail).await;
    wait_for(&client, PLY, &json!("1"), SOON).await;
    let board_count = w
        .host
        .games()
        .load(g)
        .await
        .unwrap()
        .game
        .snapshot()
        .boards
        .len();
    assert_eq!(board_count, 2, "the board split in two");
    screenshot(&client, "play-manyworlds").await;
    client.close().await.unwrap();
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: .ci/run installs them and runs this (or pass --ignored browser)"]
async fn browser_a_page_whose_game_moved_on_elsewhere_shows_it_and_plays_on() {
    let (w, _, _, g) = super::served_game(Variant::Standard).await;
    let (_driver, white) = browser().await;
    sit(&white, &w.host, "w", g, 0).await;
    // White moves from the console meanwhile: the page follows within a
    // second, and it is no longer White's turn there.
    w.host
        .games()
        .act(&caller("w"), Some(g), "d4")
        .await
        .unwrap();
    wait_for(&white, PLY, &json!("1"), Duration::from_secs(2)).await;
    wait_for(
        &white,
        "return document.body.dataset.turn ?? ''",
        &json!("no"),
        SOON,
    )
    .await;
    // A click on the old position's man does nothing; Black answers, and
    // the page plays on.
    click(&white, 0, 12).await;
    assert_eq!(w.host.games().load(g).await.unwrap().game.record().len(), 1);
    w.host
        .games()
        .act(&caller("b"), Some(g), "d5")
        .await
        .unwrap();
    wait_for(&white, PLY, &json!("2"), SOON).await;
    move_by_clicks(&white, 0, 12, 0, 28).await;
    wait_for(&white, PLY, &json!("3"), SOON).await;
    assert_eq!(
        w.host.games().load(g).await.unwrap().game.record(),
        ["d4", "d5", "e4"]
    );
    let _: Value = eval(&white, "return null").await;
    white.close().await.unwrap();
}
