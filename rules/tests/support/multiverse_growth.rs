//! Multiverse games grown by seeded random play, shared by the scale test
//! (`tests/multiverse_scale.rs`) and the bench (`benches/multiverse.rs`).
#![allow(dead_code)]

use chronomate_rules::chess::{Piece, Role};
use chronomate_rules::geometry::Square;
use chronomate_rules::multiverse::{Action, BoardMove, Destination, Multiverse, Travel, When};
use chronomate_rules::{Color, Rules};

/// xorshift64: enough randomness for growing games, and no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A random time travel from branch `id` after `plain`, to one of the
/// last `depth` boards the mover had just moved on, or None.
pub fn random_travel(
    m: &Multiverse,
    rng: &mut Rng,
    id: u16,
    plain: &Action,
    depth: u32,
) -> Option<Action> {
    let Action::Move(bm) = plain else { return None };
    let pos = m.latest(id)?;
    let now = m.branch_now(id)?;
    if now < 2 {
        return None;
    }
    let us = pos.turn();
    let men: Vec<Square> = (pos.board().by_color(us)
        - m.arrived(id)
        - pos.board().by_piece(Piece::new(us, Role::King)))
    .into_iter()
    .collect();
    if men.is_empty() {
        return None;
    }
    for _ in 0..8 {
        let from = men[rng.below(men.len())];
        let back = 1 + 2 * rng.below(depth as usize / 2 + 1) as u32;
        let Some(time) = now.checked_sub(back).filter(|&t| t >= 1) else {
            continue;
        };
        let square = Square::from_index(rng.below(64) as u32);
        let action = Action::Move(BoardMove {
            travel: Some(Travel {
                when: When::After,
                from,
                to: Destination::Past { time },
                square,
            }),
            ..*bm
        });
        if m.check(&action).is_ok() {
            return Some(action);
        }
    }
    None
}

/// A random plain board move of branch `id`, quiet ones preferred.
pub fn random_move(m: &Multiverse, rng: &mut Rng, id: u16) -> Action {
    let plain = m.plain_moves(id);
    let quiet: Vec<&Action> = plain
        .iter()
        .filter(|a| matches!(a, Action::Move(b) if !b.mv.is_capture()))
        .collect();
    if !quiet.is_empty() && rng.below(10) < 9 {
        *quiet[rng.below(quiet.len())]
    } else {
        plain[rng.below(plain.len())]
    }
}

/// Random board moves; a move sends a man back in time when the branch
/// count lags `target(time)`.
pub fn grow(m: &mut Multiverse, rng: &mut Rng, until_time: u32, target: impl Fn(u32) -> usize) {
    grow_recorded(m, rng, until_time, target, &mut Vec::new());
}

/// [`grow`], each action's notation added to `record`.
pub fn grow_recorded(
    m: &mut Multiverse,
    rng: &mut Rng,
    until_time: u32,
    target: impl Fn(u32) -> usize,
    record: &mut Vec<String>,
) {
    while !m.status().is_over() {
        let owed = m.owed();
        let id = owed[0];
        let present = owed
            .iter()
            .filter_map(|&b| m.branch_now(b))
            .max()
            .unwrap_or(0);
        if present >= until_time && m.branch_count() >= target(present) {
            break;
        }
        let mut action = random_move(m, rng, id);
        let lag = target(present).saturating_sub(m.branch_count());
        let near_present = m.branch_now(id).unwrap_or(0) + 6 >= present;
        if lag > 0
            && near_present
            && rng.below(m.active().len().max(1)) < lag.max(1)
            && let Some(travel) = random_travel(m, rng, id, &action, 6)
        {
            action = travel;
        }
        record.push(m.notation(&action));
        m.apply(&action).unwrap();
    }
}

/// 1,001 branches of about 100 boards.
pub fn thousand_and_one_branches() -> Multiverse {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut m = Multiverse::with_limit(1001, 7);
    grow(&mut m, &mut rng, 100, |t| {
        (1001 * (t as usize).saturating_sub(6) / 88).min(1001)
    });
    assert_eq!(m.branch_count(), 1001);
    m
}

/// 21 branches at the start of White's turn.
pub fn twenty_one_branches(limit: u16) -> Multiverse {
    twenty_one_branches_recorded(limit).0
}

/// [`twenty_one_branches`] and the notation of every action that made it
/// (the game's seed is 3: `Game::replay` with that seed and the option
/// `branches:LIMIT` makes the same game).
pub fn twenty_one_branches_recorded(limit: u16) -> (Multiverse, Vec<String>) {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut m = Multiverse::with_limit(limit, 3);
    let mut record = Vec::new();
    grow_recorded(
        &mut m,
        &mut rng,
        30,
        |t| if t > 6 { 21 } else { 1 },
        &mut record,
    );
    while m.branch_count() < 21
        || m.turn().color != Color::White
        || m.owed().len() != m.active().len()
    {
        let owed = m.owed();
        let id = owed[0];
        let mut action = random_move(&m, &mut rng, id);
        if m.branch_count() < 21
            && let Some(t) = random_travel(&m, &mut rng, id, &action, 20)
        {
            action = t;
        }
        record.push(m.notation(&action));
        m.apply(&action).unwrap();
    }
    (m, record)
}
