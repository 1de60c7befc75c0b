//! What the web page and the images are drawn from, in the largest
//! positions: the rules' view of a 1,000-board Many Worlds game and of a
//! 21-branch multiverse, and of a 5D game of 20 timelines (the whole
//! multiverse, as the page shows it), made and written as the JSON the page reads, with
//! the chess start as the peer; and the page's moves by click there: the
//! table of clicks built once per position (`Game::clicks`), and a man's
//! destinations and a second part's list read from it.
//!
//! `cargo bench -p chronomate-rules --bench view`
//!
//! Before criterion's lines, each position's JSON size is printed (`view
//! json ...`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a bench fails loudly

use chronomate_rules::click::{self, Clicks};
use chronomate_rules::{Game, Rules, Variant};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/support/multiverse_growth.rs"]
mod multiverse_growth;

#[path = "../tests/support/manyworlds_growth.rs"]
mod manyworlds_growth;

#[path = "../tests/support/fived_growth.rs"]
mod fived_growth;

fn bench(c: &mut Criterion) {
    let multiverse = multiverse_growth::twenty_one_branches(1001);
    let many = manyworlds_growth::many_boards(1000);
    let chess = Game::new(Variant::Standard, 0);
    let (fived, _) = fived_growth::many_timelines(20);
    let views = [
        ("manyworlds 1000 boards", many.view()),
        ("multiverse 21 branches", multiverse.view()),
        ("5d 20 timelines", fived.snapshot()),
        ("chess start", chess.view()),
    ];
    for (name, view) in &views {
        let json = serde_json::to_vec(view).unwrap();
        eprintln!(
            "view json {name}: {} boards, {} bytes ({:.1} KB a board)",
            view.boards.len(),
            json.len(),
            json.len() as f64 / 1024.0 / view.boards.len().max(1) as f64
        );
    }
    let mut group = c.benchmark_group("view");
    group.sample_size(20);
    group.bench_function("manyworlds 1000 boards: view and json", |b| {
        b.iter(|| serde_json::to_vec(&many.view()).unwrap().len())
    });
    group.bench_function("multiverse 21 branches: view and json", |b| {
        b.iter(|| serde_json::to_vec(&multiverse.view()).unwrap().len())
    });
    group.bench_function("5d 20 timelines: snapshot and json", |b| {
        b.iter(|| serde_json::to_vec(&fived.snapshot()).unwrap().len())
    });
    group.bench_function("chess start: view and json", |b| {
        b.iter(|| serde_json::to_vec(&chess.view()).unwrap().len())
    });
    group.finish();

    let mut group = c.benchmark_group("clicks");
    group.sample_size(10);
    let tables: [(&str, &dyn Fn() -> Clicks); 3] = [
        ("manyworlds 1000 boards", &|| click::clicks(&many)),
        ("multiverse 21 branches", &|| click::clicks(&multiverse)),
        ("chess start", &|| chess.clicks()),
    ];
    group.bench_function("5d 20 timelines: the draft's clicks", |b| {
        b.iter(|| fived.draft_clicks(&[]).unwrap().moves.len())
    });
    for (name, table) in tables {
        group.bench_function(format!("{name}: the table of clicks"), |b| {
            b.iter(|| table().heads().len())
        });
        let clicks = table();
        // The man with the most to do, and its first head with a second
        // part: what one click asks for.
        let from = clicks
            .heads()
            .iter()
            .filter_map(|h| h.stroke.from)
            .max_by_key(|f| {
                clicks
                    .heads()
                    .iter()
                    .filter(|h| h.stroke.from == Some(*f))
                    .count()
            });
        let second = clicks.heads().iter().position(|h| h.needs_second);
        eprintln!(
            "clicks {name}: {} heads; the busiest man has {} heads",
            clicks.heads().len(),
            from.map_or(0, |f| clicks
                .heads()
                .iter()
                .filter(|h| h.stroke.from == Some(f))
                .count())
        );
        group.bench_function(format!("{name}: a man's destinations"), |b| {
            b.iter(|| {
                clicks
                    .heads()
                    .iter()
                    .filter(|h| h.stroke.from == from)
                    .count()
            })
        });
        if let Some(i) = second {
            group.bench_function(format!("{name}: a second part's list"), |b| {
                b.iter(|| clicks.tails(i).len())
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
