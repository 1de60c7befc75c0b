//! 5D games grown by seeded random play, jumps back in time preferred,
//! until they hold a number of timelines: the view bench's large 5D
//! position (`benches/view.rs`) and the web page's bench.
#![allow(dead_code)]

use chronomate_rules::rng::SplitMix64;
use chronomate_rules::{Game, Variant};

/// A number below `n` from `rng`.
fn below(rng: &mut SplitMix64, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// How many timelines the game's picture shows.
pub fn timelines(game: &Game) -> usize {
    let view = game.snapshot();
    let mut rows: Vec<u32> = view.boards.iter().map(|b| b.row).collect();
    rows.sort_unstable();
    rows.dedup();
    rows.len()
}

/// A Standard 5D game with at least `wanted` timelines, and its record:
/// each turn drafted a board move at a time, a jump that opens a
/// timeline chosen whenever one may be.
pub fn many_timelines(wanted: usize) -> (Game, Vec<String>) {
    let mut rng = SplitMix64::new(0x2545_f491_4f6c_dd1d);
    'again: loop {
        let mut game = Game::new(Variant::FiveD, 0);
        let mut record = Vec::new();
        while timelines(&game) < wanted {
            let mut draft: Vec<String> = Vec::new();
            while game.draft_turn(&draft).is_err() {
                let moves = game.draft_moves(&draft).unwrap_or_default();
                if moves.is_empty() || draft.len() > 24 {
                    continue 'again;
                }
                let jumps: Vec<&String> = moves.iter().filter(|m| m.contains(">>")).collect();
                let mv = if jumps.is_empty() || below(&mut rng, 4) == 0 {
                    &moves[below(&mut rng, moves.len())]
                } else {
                    jumps[below(&mut rng, jumps.len())]
                };
                draft.push(mv.clone());
            }
            let turn = game.draft_turn(&draft).unwrap();
            let played = game.apply(&turn).unwrap();
            if game.status().is_over() {
                continue 'again;
            }
            record.push(played.notation);
        }
        return (game, record);
    }
}
