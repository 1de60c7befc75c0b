//! Many Worlds games grown by seeded random splits, shared by the benches
//! (`benches/manyworlds.rs`, `benches/find.rs`).
#![allow(dead_code)]

use chronomate_rules::Rules;
use chronomate_rules::chess::Role;
use chronomate_rules::manyworlds::{Action, ManyWorlds, Numeral};
use chronomate_rules::rng::SplitMix64;

pub struct Pick(pub SplitMix64);

impl Pick {
    pub fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }
}

/// A game with `boards` live boards, reached by random splits.
pub fn many_boards(boards: usize) -> ManyWorlds {
    many_boards_recorded(boards).0
}

/// [`many_boards`] and the notation of every split that made it (the
/// default options and seed 0 make the same game).
pub fn many_boards_recorded(boards: usize) -> (ManyWorlds, Vec<String>) {
    let mut pick = Pick(SplitMix64::new(7));
    let mut mw = ManyWorlds::new(&Default::default(), 0);
    let mut record = Vec::new();
    while mw.board_count() < boards {
        let numerals: Vec<Numeral> = mw.boards().map(|(n, _)| n).collect();
        let board = numerals[pick.below(numerals.len())];
        let Some(world) = mw.board(board) else {
            continue;
        };
        let moves: Vec<_> = world
            .moves(mw.to_move())
            .into_iter()
            .filter(|m| m.capture() != Some(Role::King))
            .collect();
        if moves.len() < 2 {
            continue;
        }
        let first = moves[pick.below(moves.len())];
        let second = moves[pick.below(moves.len())];
        if first == second {
            continue;
        }
        let action = Action::Split {
            board,
            first,
            second,
        };
        record.push(mw.notation(&action));
        mw.play(&action).expect("a legal split");
        assert!(!mw.status().is_over());
    }
    (mw, record)
}
