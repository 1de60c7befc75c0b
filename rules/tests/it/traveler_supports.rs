//! TT-1: the fast support search agrees with the brute-force search of
//! every sequence of up to three hypothetical moves, on 2,000+ positions
//! reached by random legal play (explosions favoured, so traveling men
//! stand about).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::traveler::{Action, TravelerChess};
use chronomate_rules::{Color, Rules};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal action: an explosion one time in three when there is one.
fn random_action(g: &TravelerChess, rng: &mut Rng) -> Option<Action> {
    let actions = g.legal_actions();
    if actions.is_empty() {
        return None;
    }
    let explosions: Vec<&Action> = actions
        .iter()
        .filter(|a| matches!(a, Action::Explosion { .. }))
        .collect();
    if !explosions.is_empty() && rng.below(3) == 0 {
        return Some(*explosions[rng.below(explosions.len())]);
    }
    Some(actions[rng.below(actions.len())])
}

#[test]
fn tt1_fast_supports_agree_with_brute_force_on_2000_positions() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    let mut with_traveling = 0;
    let mut game = 0;
    while positions < 2000 {
        game += 1;
        let mut g = TravelerChess::new();
        for ply in 0..40 {
            for color in Color::ALL {
                let (fast, brute, same) = g.supports_pair(color);
                assert!(
                    same,
                    "game {game} ply {ply} {color}:\nfast  {fast}\nbrute {brute}"
                );
            }
            positions += 1;
            if !g.is_resolved(Color::White) || !g.is_resolved(Color::Black) {
                with_traveling += 1;
            }
            let Some(a) = random_action(&g, &mut rng) else {
                break;
            };
            g.apply(&a).unwrap();
            if g.status().is_over() {
                break;
            }
        }
    }
    assert!(
        with_traveling > 500,
        "only {with_traveling} positions had traveling men"
    );
}
