//! Legal-turn counts against cwmtt's published ones.

use crate::support::{data, positions, published};

#[test]
fn cwmtt_mates() {
    for (name, marks) in published("cwmtt/mates.txt") {
        let t = std::time::Instant::now();
        let games = positions(&data(&format!("cwmtt/{name}")));
        let got: String = games
            .iter()
            .map(|g| if g.count_actions(1) == 0 { '0' } else { '1' })
            .collect();
        println!("{name} {:?}", t.elapsed());
        if got != marks {
            println!("  got  {got}\n  want {marks}");
        }
    }
}

#[test]
fn cwmtt_counts() {
    for (name, counts) in published("cwmtt/counts.txt") {
        let want: Vec<usize> = counts
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        let t = std::time::Instant::now();
        let games = positions(&data(&format!("cwmtt/{name}")));
        let got: Vec<usize> = games.iter().map(|g| g.count_actions(1000)).collect();
        println!("{name} {:?}", t.elapsed());
        if got != want {
            println!("  got  {got:?}\n  want {want:?}");
        }
    }
}

#[test]
#[ignore]
fn profile_one() {
    let name = std::env::var("GAME").unwrap_or("ctp2.5dpgn".into());
    let games = positions(&data(&format!("cwmtt/{name}")));
    for (i, g) in games.iter().enumerate() {
        let t = std::time::Instant::now();
        let n = g.count_actions(1000);
        println!("{i}: {n} {:?}", t.elapsed());
    }
}

#[test]
#[ignore]
fn profile_replay() {
    use chronomate_rules::{Game, Variant, record};
    let name = std::env::var("GAME").unwrap_or("ctp2.5dpgn".into());
    let r = record::read(Variant::FiveD, &data(&format!("cwmtt/{name}"))).unwrap();
    let mut game = Game::new(Variant::FiveD, r.options, 0).unwrap();
    for (i, turn) in r.actions.iter().enumerate() {
        let t = std::time::Instant::now();
        let a = game.parse(turn).unwrap();
        let t1 = t.elapsed();
        game.apply(&a).unwrap();
        println!(
            "{i}: parse {t1:?} apply {:?} {:?}",
            t.elapsed() - t1,
            game.turn().boards.len()
        );
    }
}

#[test]
#[ignore]
fn profile_counts1() {
    let name = std::env::var("GAME").unwrap_or("ctp2.5dpgn".into());
    let games = positions(&data(&format!("cwmtt/{name}")));
    println!("replayed");
    for (i, g) in games.iter().enumerate() {
        let t = std::time::Instant::now();
        let n = g.count_actions(1);
        println!("{i}: {n} {:?}", t.elapsed());
    }
}
