//! Time Traveler's Chess, from the state: its men with their stages.
//!
//! Traveled and untraveled men count as FIDE men (the board evaluation);
//! traveling men count nothing and are a debt: each must be annihilated by
//! an untraveled man of the same side (TT-3, TT-5), which leaves the board
//! with it, so an explosion borrows a man from the future at more than its
//! value (it pays only where it wins something now). A
//! capture of one, or of the last man that could resolve it, loses at
//! once (TT-6). So a traveling man costs more the fewer resonators it has,
//! and much more when the enemy attacks it or its only resonator; the side
//! to move cashing in such a capture is all but winning.

use chronomate_rules::chess::{Board, Role};
use chronomate_rules::geometry::{Bitboard, Rank, Square};
use chronomate_rules::traveler::{Action, Stage, TravelerChess};
use chronomate_rules::{Color, Turn};

use super::{DECISIVE_SHARE, fide, for_side, sign, victim};
use crate::score::DECISIVE;

/// TT-3: whether an untraveled `r_role` on `r` could ever annihilate a
/// traveling `t_role` on `t`, both of `color`.
fn could_annihilate(color: Color, r_role: Role, r: Square, t_role: Role, t: Square) -> bool {
    if r_role == t_role {
        match r_role {
            Role::Bishop => r.is_light() == t.is_light(),
            Role::Pawn => {
                let forward = match color {
                    Color::White => 1,
                    Color::Black => -1,
                };
                let ahead = (t.rank() as i32 - r.rank() as i32) * forward;
                let aside = (t.file() as i32 - r.file() as i32).abs();
                ahead > 0 && aside <= ahead && t.rank() != Rank::Eighth.relative_to(color)
            }
            _ => true,
        }
    } else {
        r_role == Role::Pawn && Role::PROMOTIONS.contains(&t_role)
    }
}

/// A traveling man (or its only resonator) attacked with its own side to
/// move: often lost all the same, as a traveling man cannot step away
/// and annihilating it needs a resonator in reach now. Counted as a
/// quarter of a decisive loss: at 2.5 pawns the search walked into
/// explosions whose traveling man was taken two plies later (5 vs 4
/// scored 22% over 40 games).
const ATTACKED_TO_MOVE: i32 = DECISIVE_SHARE / 4;

/// What a traveling man costs its side, in twentieths of its value (its
/// resonators' count and any attack on it come on top). More than the
/// man: the debt is paid with an untraveled man of the kind and a tempo,
/// and until then the traveling man is a target that cannot move, whose
/// loss loses the game. Level 8 against level 8, the share against the
/// one before (docs/engine.md): 20 against 17 won 53-0-18; 24 against 20
/// 26-0-0; 28 and 36 against 24 lost 3-0-8 and 1-0-9.
const DEBT_SHARE: i32 = 24;

pub(crate) fn evaluate(state: &TravelerChess, turn: &Turn) -> i32 {
    let traveling = state.stage_squares(Stage::Traveling);
    let untraveled = state.stage_squares(Stage::Untraveled);
    score(state.board(), traveling, untraveled, turn.color)
}

/// The men of `all`, those on `traveling` and `untraveled` at those
/// stages (the others traveled), scored for `mover`.
fn score(all: &Board, traveling: Bitboard, untraveled: Bitboard, mover: Color) -> i32 {
    let all = *all;
    let mut solid = all;
    for sq in traveling {
        solid.discard(sq);
    }
    let mut white = fide::board_white(&solid);
    for color in Color::ALL {
        let enemy_moves = mover != color;
        let mut liability = 0;
        let own = all.by_color(color);
        for t in traveling & own {
            let Some(t_role) = all.role_at(t) else {
                continue;
            };
            let mut resonators = Vec::new();
            for r in untraveled & own {
                if let Some(r_role) = all.role_at(r)
                    && could_annihilate(color, r_role, r, t_role, t)
                {
                    resonators.push(r);
                }
            }
            // The debt: resolving it spends an untraveled man of the kind
            // (the resonator leaves the board with it, TT-5); the fewer the
            // men that could, the more fragile the side.
            liability += fide::value(t_role) * DEBT_SHARE / 20
                + match resonators.len() {
                    0 => 600,
                    1 => 100,
                    2 => 40,
                    _ => 20,
                };
            let attacked = |sq: Square| attacked_by_solid(&solid, &all, sq, color.other());
            if attacked(t) || (resonators.len() == 1 && resonators.iter().all(|&r| attacked(r))) {
                liability += if enemy_moves {
                    DECISIVE_SHARE
                } else {
                    ATTACKED_TO_MOVE
                };
            }
        }
        white -= sign(color) * liability;
    }
    let threat = fide::threat(&solid, mover, &fide::VALUE) / 2;
    for_side(white, mover) + threat + 10
}

/// Whether a traveled or untraveled man of `by` attacks `sq`, with every
/// man (traveling ones too) blocking.
fn attacked_by_solid(solid: &Board, all: &Board, sq: Square, by: Color) -> bool {
    let attackers = all.attackers_to(sq, by, all.occupied());
    (attackers & solid.occupied()).any()
}

/// Forcing: captures (explosions too), promotions and annihilations.
pub(crate) fn forcing(state: &TravelerChess, side: Color, a: &Action) -> Option<i32> {
    let enemy = side.other();
    match a {
        Action::Move(mv) => victim_at(state, enemy, mv.to())
            .or(mv.is_capture().then_some(100))
            .or(mv.promotion().map(victim)),
        Action::Explosion { to, .. } => victim_at(state, enemy, *to),
        Action::Annihilation { .. } => Some(300),
    }
}

/// The enemy man on `square` as a victim: a traveling man (TT-6: taking
/// it wins) or a king above all; `None` if no enemy stands there.
fn victim_at(state: &TravelerChess, enemy: Color, square: Square) -> Option<i32> {
    let man = state.man_at(square).filter(|m| m.color == enemy)?;
    Some(if man.stage == Stage::Traveling {
        DECISIVE
    } else {
        victim(man.role)
    })
}

/// The evaluation and forcing test as they read the state's view before
/// the search keyed states itself (issue 47): the reference the state's
/// must equal.
#[cfg(test)]
mod by_view {
    use chronomate_rules::traveler::Action;
    use chronomate_rules::view::{Stage, View};
    use chronomate_rules::{Color, Turn};

    use chronomate_rules::geometry::Bitboard;

    use super::super::{board_of, victim, victim_on};
    use super::Square;

    /// The men read from the view's cells, scored by the state's scoring.
    pub(super) fn evaluate(view: &View, turn: &Turn) -> i32 {
        let Some(cells) = view.boards.first() else {
            return 0;
        };
        let Some(all) = board_of(cells, |_| true) else {
            return 0;
        };
        let at_stage = |wanted: Stage| {
            let mut squares = Bitboard::EMPTY;
            for (i, man) in cells.cells.iter().enumerate() {
                if let (Some(man), Some(sq)) = (man, Square::try_from_index(i))
                    && man.stage.unwrap_or(Stage::Untraveled) == wanted
                {
                    squares.insert(sq);
                }
            }
            squares
        };
        let (traveling, untraveled) = (at_stage(Stage::Traveling), at_stage(Stage::Untraveled));
        super::score(&all, traveling, untraveled, turn.color)
    }

    /// Forcing: captures (explosions too), promotions and annihilations.
    pub(super) fn forcing(view: &View, side: Color, a: &Action) -> Option<i32> {
        let enemy = side.other();
        match a {
            Action::Move(mv) => victim_on(view, enemy, mv.to().index())
                .or(mv.is_capture().then_some(100))
                .or(mv.promotion().map(victim)),
            Action::Explosion { to, .. } => victim_on(view, enemy, to.index()),
            Action::Annihilation { .. } => Some(300),
        }
    }
}

#[cfg(test)]
mod tests {
    use chronomate_rules::traveler::TravelerChess;
    use chronomate_rules::{Outcome, Reason, Rules, Status};
    use proptest::prelude::*;

    use super::by_view;
    use crate::eval::for_white_after;
    use crate::eval::proof::{
        keys_after, keys_follow_the_play, random_game, random_game_from, same_as_view,
    };
    use crate::profile::Profiled;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn the_state_scores_as_its_view_did_and_keys_follow_it(seed in any::<u64>()) {
            let game = random_game::<TravelerChess>(&Default::default(), seed, 40);
            same_as_view(&game, by_view::evaluate, by_view::forcing);
            keys_follow_the_play(&Default::default(), seed, &game);
        }
    }

    /// Positions with traveling men that few or no men could annihilate,
    /// some attacked: random play from the start seldom reaches them (its
    /// games end in some 20 actions, a traveling man taken).
    const DEBTS: [&str; 5] = [
        "4k3/8/8/1B*6/8/3B4/7P/2B1K3 w - - 0 1",
        "4k3/8/8/1Q*6/8/8/8/4K3 w - - 0 1",
        "4k3/3r*4/8/1Q*6/8/8/7P/R3K3 b - - 0 1",
        "r3k3/1p6/2n*5/3N*4/8/5r*2/PP6/R3K2N w - - 0 1",
        "4k3/8/2p*5/3P4/8/8/1P6/4K3 b - - 0 1",
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn debts_score_as_their_view_did(seed in any::<u64>(), fen in proptest::sample::select(&DEBTS[..])) {
            let start = TravelerChess::from_fen(fen).unwrap();
            let game = random_game_from(start, seed, 16);
            same_as_view(&game, by_view::evaluate, by_view::forcing);
        }
    }

    #[test]
    fn transpositions_and_repetitions_share_keys() {
        // The same position by two move orders.
        let one = keys_after::<TravelerChess>(&["Nf3", "Nf6", "Nc3"]);
        assert_eq!(one, keys_after::<TravelerChess>(&["Nc3", "Nf6", "Nf3"]));
        assert_ne!(one, keys_after::<TravelerChess>(&["Nc3", "Nf6", "Nh3"]));
        // The same men, the other side to move.
        let keys = |fen: &str| TravelerChess::from_fen(fen).unwrap().keys().unwrap();
        let fen = "4k3/8/8/1B*6/8/3B4/7P/2B1K3";
        assert_ne!(
            keys(&format!("{fen} w - - 0 1")),
            keys(&format!("{fen} b - - 0 1"))
        );
        // Knights out and back: the start again, which the rules count.
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let mut game = TravelerChess::new();
        let start = game.keys().unwrap();
        for round in 1..=2 {
            for text in shuffle {
                assert!(!game.status().is_over());
                let action = game.parse(text).unwrap();
                game.apply(&action).unwrap();
            }
            assert_eq!(game.keys().unwrap(), start, "round {round}");
        }
        assert_eq!(
            game.status(),
            Status::Finished(Outcome::draw(Reason::Repetition))
        );
    }

    #[test]
    fn an_explosion_that_wins_nothing_scores_below_a_quiet_move() {
        // The traveled queen on f5 is a queen more on the board, but the
        // traveling one on h5 is owed: an untraveled queen and a tempo to
        // annihilate it, and the game if Black takes it first.
        let exploded = for_white_after::<TravelerChess>(&["Qh5/f5"]);
        let quiet = for_white_after::<TravelerChess>(&["e4"]);
        assert!(exploded < quiet, "Qh5/f5 {exploded} against e4 {quiet}");
        assert!(exploded < 0, "Qh5/f5 scores {exploded} for White");
    }
}
