//! Evaluations: how good a state is for the side to act, in centipawns,
//! and which actions are forcing (captures, arrivals, annihilations).
//!
//! Each variant's profile (`profile.rs`) names its own, and each reads
//! its state: FIDE chess its
//! [`Position`](chronomate_rules::chess::Position)'s bitboards, Traveler
//! its men with their stages, Gifford its present board, men away and
//! travels left, Temporal its field, hands and warps, Many Worlds its
//! boards, 5D chess its timelines' last boards. The multiverse reads its
//! [`View`], and any other variant gets the [`generic`] material count
//! from its view. Each variant's test proves its evaluation and forcing
//! test equal to the view-based ones they replaced (issue 47; `proof`).

use chronomate_rules::chess::{Board, Piece, Role};
use chronomate_rules::geometry::Square;
use chronomate_rules::view::{BoardView, Figure, Man, Shape, View};
use chronomate_rules::{Color, Turn};

use crate::score::DECISIVE;

pub(crate) mod fide;
pub(crate) mod fived;
pub(crate) mod gifford;
pub(crate) mod manyworlds;
pub(crate) mod multiverse;
mod pesto;
pub(crate) mod temporal;
pub(crate) mod terms;
pub(crate) mod traveler;

/// What an evaluation gives a loss the opponent can cash in at once (a
/// capturable king, a capturable traveling man or original): half a
/// decisive score, so that the search still prefers real mates.
pub(crate) const DECISIVE_SHARE: i32 = crate::score::DECISIVE / 2;

/// The centipawn value of a figure in the generic count (the unicorn, a
/// three-dimensional diagonal mover, about a bishop less its reach).
pub(crate) fn figure_value(figure: Figure) -> i32 {
    match figure {
        Figure::Pawn => 100,
        Figure::Knight => 320,
        Figure::Bishop => 330,
        Figure::Rook => 500,
        Figure::Queen => 900,
        Figure::King => 0,
        Figure::Unicorn => 250,
        // 5D's men as a view shows them (the greedy baseline's count;
        // 5D's own evaluation, `fived.rs`, values them by their reach
        // along four axes): a brawn about a pawn, a dragon as a unicorn, a
        // princess (rook + bishop) nearly a queen, a common king a minor
        // piece; a royal queen is royal, as the king (never counted).
        Figure::Brawn => 110,
        Figure::Dragon => 250,
        Figure::Princess => 850,
        Figure::CommonKing => 300,
        Figure::RoyalQueen => 0,
    }
}

/// Material on every board of the view (averaged over the boards, so that
/// a variant that adds boards does not inflate the count), in hand (nine
/// tenths) and away in time (three quarters), for the side to move. Works
/// for any variant, a seventh included.
pub(crate) fn generic(view: &View, turn: &Turn) -> i32 {
    let boards = view.boards.len().max(1) as i32;
    let mut on_boards = 0;
    for board in &view.boards {
        for man in board.cells.iter().flatten() {
            let v = figure_value(man.figure);
            let v = if man.ghost { v * 4 / 5 } else { v };
            on_boards += sign(man.color) * v;
        }
    }
    let mut white = on_boards / boards;
    for hand in &view.hands {
        for (man, count) in &hand.men {
            white += sign(hand.color) * figure_value(man.figure) * i32::from(*count) * 9 / 10;
        }
    }
    for pending in &view.pending {
        white += sign(pending.man.color) * figure_value(pending.man.figure) * 3 / 4;
    }
    for_side(white, turn.color)
}

/// +1 for White, -1 for Black.
pub(crate) fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// A score from White's side turned to `side`'s.
pub(crate) fn for_side(white: i32, side: Color) -> i32 {
    white * sign(side)
}

/// The FIDE role of a figure (none for the unicorn and 5D's men).
pub(crate) fn role_of(figure: Figure) -> Option<Role> {
    Some(match figure {
        Figure::Pawn => Role::Pawn,
        Figure::Knight => Role::Knight,
        Figure::Bishop => Role::Bishop,
        Figure::Rook => Role::Rook,
        Figure::Queen => Role::Queen,
        Figure::King => Role::King,
        Figure::Unicorn
        | Figure::Brawn
        | Figure::Dragon
        | Figure::Princess
        | Figure::RoyalQueen
        | Figure::CommonKing => return None,
    })
}

/// What capturing a man of `role` is worth looking at: a king above all.
pub(crate) fn victim(role: Role) -> i32 {
    match role {
        Role::King => DECISIVE,
        role => fide::value(role),
    }
}

/// The enemy man on `cell` of the first board of `view`, as a victim: a
/// traveling man (TT-6: taking it wins) or a king above all; `None` if no
/// enemy stands there. The view's reading of a victim, which the
/// evaluations' references read (each variant's forcing test reads its
/// state).
#[cfg(test)]
pub(crate) fn victim_on(view: &View, enemy: Color, cell: usize) -> Option<i32> {
    let man = view.boards.first()?.cells.get(cell)?.as_ref()?;
    if man.color != enemy || man.ghost {
        return None;
    }
    if man.stage == Some(chronomate_rules::view::Stage::Traveling) {
        return Some(DECISIVE);
    }
    Some(role_of(man.figure).map_or(0, victim))
}

/// The 8x8 board of a view's board, keeping the men `keep` accepts
/// (ghosts are never on it). `None` for a 4x4x4 field.
pub(crate) fn board_of(view: &BoardView, keep: impl Fn(&Man) -> bool) -> Option<Board> {
    if view.shape != Shape::Square8 {
        return None;
    }
    let mut board = Board::empty();
    for (i, man) in view.cells.iter().enumerate() {
        let Some(man) = man else { continue };
        if man.ghost || !keep(man) {
            continue;
        }
        let (Some(role), Some(square)) = (role_of(man.figure), Square::try_from_index(i)) else {
            continue;
        };
        board.set(square, Piece::new(man.color, role));
    }
    Some(board)
}

/// Whether `by` attacks a king of `victim` on `board`.
pub(crate) fn attacks_king(board: &Board, victim: Color, by: Color) -> bool {
    board
        .by_piece(Piece::new(victim, Role::King))
        .into_iter()
        .any(|k| board.is_attacked(k, by, board.occupied()))
}

/// White's score by the profile's evaluation after `actions` from the
/// start of `R` (for the variants' tests).
#[cfg(test)]
pub(crate) fn for_white_after<R: crate::Profiled>(actions: &[&str]) -> i32 {
    let mut state = R::new(&Default::default(), 0);
    for text in actions {
        let action = state.parse(text).expect("legal actions");
        state.apply(&action).expect("legal actions");
    }
    let turn = state.turn();
    // The score is the mover's; its sign turns it to White's either way.
    for_side(state.evaluate(&turn), turn.color)
}

/// What the variants' tests prove of a profile that keys and evaluates
/// its states itself (issue 47): the same numbers as the view gave, and
/// keys that follow the state.
#[cfg(test)]
pub(crate) mod proof {
    use chronomate_rules::view::View;
    use chronomate_rules::{Color, Turn};

    use crate::profile::{self, Profiled};
    use crate::rng::Rng;

    /// The states of a game of `R` from its start played at random,
    /// `plies` actions at most (fewer where it ends), each with the action
    /// that led to the next.
    pub(crate) fn random_game<R: Profiled>(
        options: &R::Options,
        seed: u64,
        plies: usize,
    ) -> Vec<(R, Option<R::Action>)> {
        random_game_from(R::new(options, seed), seed, plies)
    }

    /// The states of a game of `R` from `state` played at random, as
    /// [`random_game`].
    pub(crate) fn random_game_from<R: Profiled>(
        mut state: R,
        seed: u64,
        plies: usize,
    ) -> Vec<(R, Option<R::Action>)> {
        let mut rng = Rng::new(seed);
        let mut states = Vec::new();
        for _ in 0..plies {
            if state.status().is_over() {
                break;
            }
            let actions = state.legal_actions();
            if actions.is_empty() {
                break;
            }
            let action = actions[rng.below(actions.len())].clone();
            let mut next = state.clone();
            next.apply(&action).expect("a listed action is legal");
            states.push((state, Some(action)));
            state = next;
        }
        states.push((state, None));
        states
    }

    /// The state's evaluation and forcing test against the view's
    /// (`evaluate`, `forcing`: the functions the profile used before), on
    /// every state of `game` and every action listed there.
    pub(crate) fn same_as_view<R: Profiled>(
        game: &[(R, Option<R::Action>)],
        evaluate: fn(&View, &Turn) -> i32,
        forcing: fn(&View, Color, &R::Action) -> Option<i32>,
    ) {
        for (state, _) in game {
            let view = state.view();
            let turn = state.turn();
            if state.status().is_over() {
                continue;
            }
            assert_eq!(
                state.evaluate(&turn),
                evaluate(&view, &turn),
                "the evaluation of {:?}",
                view.title
            );
            for action in state.legal_actions() {
                assert_eq!(
                    state.forcing(turn.color, &action),
                    forcing(&view, turn.color, &action),
                    "{} in {:?}",
                    state.notation(&action),
                    view.title
                );
            }
        }
    }

    /// The same actions played again from the start give the same keys at
    /// every step, and the profile keys every state itself (no view).
    pub(crate) fn keys_follow_the_play<R: Profiled>(
        options: &R::Options,
        seed: u64,
        game: &[(R, Option<R::Action>)],
    ) {
        let mut again = R::new(options, seed);
        for (state, action) in game {
            let keys = state.keys().expect("keyed by the state");
            assert_eq!(again.keys(), Some(keys));
            assert_eq!(profile::keys(state), keys);
            if let Some(action) = action {
                again.apply(action).expect("legal again");
            }
        }
    }

    /// The keys after `actions` from the start (default options).
    pub(crate) fn keys_after<R: Profiled>(actions: &[&str]) -> crate::Keys {
        let mut state = R::new(&Default::default(), 0);
        for text in actions {
            let action = state.parse(text).expect("legal");
            state.apply(&action).expect("legal");
        }
        state.keys().expect("keyed by the state")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chronomate_rules::{Game, Variant};

    use crate::profile::{self, ProfileVisitor, Profiled};

    struct Eval;
    impl ProfileVisitor for Eval {
        type Output = i32;
        fn visit<R: Profiled>(self, state: &R) -> i32 {
            state.evaluate(&state.turn())
        }
    }

    #[test]
    fn every_variant_starts_near_level() {
        for &v in Variant::ALL {
            let game = Game::new(v, 0);
            let score = profile::visit(&game, Eval);
            assert!(score.abs() < 60, "{v}: {score}");
        }
    }

    #[test]
    fn the_generic_count_sees_material() {
        let game = Game::replay(Variant::Standard, 0, ["e4", "d5", "exd5"]).unwrap();
        let view = game.view();
        let turn = game.turn();
        assert_eq!(generic(&view, &turn), -100);
    }
}
