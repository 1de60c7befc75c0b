//! The multiverse: a turn is a board move on every active branch (E-2),
//! so the same side acts many times in a row and a turn with time travel
//! open has up to a million actions. A tree over whole turns is out of
//! reach; instead each decision is one board move, made branch by branch:
//!
//! 1. The branch: the first still owed a move this turn (the order is
//!    free, E-2).
//! 2. Its chess: the branch's latest board, read from the view, is searched
//!    as a FIDE position (alpha-beta with quiescence, [`super::fide`]),
//!    among the plain board moves the rules allow there.
//! 3. Travel: a seeded sample of the branch's board moves with time or
//!    trans-universe travel (E-5, E-7), as many as the level weighs, is
//!    judged with the plain move by the whole multiverse's evaluation
//!    after each; a travel is chosen only if it beats the plain move by a
//!    margin.
//!
//! Branch resignations are never chosen.

use chronomate_rules::Rules;
use chronomate_rules::chess::{CastlingRights, Setup};
use chronomate_rules::multiverse::{Action, BoardMove, Multiverse};

use super::fide::Fide;
use super::{Found, Limits, Search};
use crate::eval::board_of;
use crate::level::Settings;
use crate::owed_moves::board_moves;
use crate::profile::Profiled;
use crate::rng::{Rng, mix};

/// What a travel must win over the plain move, in centipawns: opening a
/// branch also opens a board for the opponent.
const TRAVEL_MARGIN: i32 = 100;

pub(crate) fn think(
    state: &Multiverse,
    settings: &Settings,
    pick: super::choice::Pick,
    limits: Limits<'_, Action>,
    seed: u64,
) -> Option<Found<Action>> {
    let turn = state.turn();
    let (plain, mut travels): (Vec<BoardMove>, Vec<BoardMove>) = board_moves(state)
        .into_iter()
        .partition(|m| m.travel.is_none());
    let first = plain.first().or(travels.first()).copied()?;
    let branch = first.branch;

    // The branch's chess, searched on its latest board.
    let view = state.view();
    let label = format!("L{branch} ");
    let board_view = view
        .boards
        .iter()
        .find(|b| b.label.as_deref().is_some_and(|l| l.starts_with(&label)));
    let mut rng = Rng::new(mix(seed, u64::from(branch)));
    let mut nodes = 0;
    let mut depth = 0;
    let mut chosen = first;
    if let Some(board) = board_view.and_then(|b| board_of(b, |_| true)) {
        let setup = Setup {
            board,
            turn: turn.color,
            // Rights where king and rook stand at home; a castling the
            // rules refuse is never among the allowed moves.
            castling: CastlingRights::ALL,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        };
        let position = setup.position_lenient();
        let allowed = |m: &chronomate_rules::chess::Move| plain.iter().any(|p| p.mv == *m);
        let table = super::Table::new(settings.table_bits.min(18));
        let mut search = Search::new(Fide::default(), limits.unreported(), table, Vec::new());
        if let Some(found) = search.run(&position, Some(&allowed), pick, &mut rng) {
            if let Some(p) = plain.iter().find(|p| p.mv == found.best) {
                chosen = *p;
            }
            nodes += found.nodes;
            depth = found.depth;
        }
    }

    // Travel, sampled, judged by the whole multiverse after each; the
    // chosen move's score is that judgement too (the branch's chess score
    // alone would leave out every other board).
    // Each judged by the profile's evaluation alone (no keys: no search
    // through it).
    let side = turn.color;
    let mut judge = |m: &BoardMove| -> Option<i32> {
        let mut next = state.clone();
        next.apply(&Action::Move(*m)).ok()?;
        nodes += 1;
        let after = next.turn();
        Some(match next.status().outcome() {
            Some(outcome) => crate::score::terminal(outcome.winner, side, 1),
            None => {
                let e = crate::score::bounded(next.evaluate(&after));
                if after.color == side { e } else { -e }
            }
        })
    };
    let mut score = judge(&chosen).unwrap_or(0);
    if settings.travels > 0 {
        rng.sample(&mut travels, settings.travels);
        let mut best_travel: Option<(BoardMove, i32)> = None;
        for t in &travels {
            if let Some(s) = judge(t)
                && best_travel.is_none_or(|(_, b)| s > b)
            {
                best_travel = Some((*t, s));
            }
        }
        if let Some((t, s)) = best_travel
            && s > score.saturating_add(TRAVEL_MARGIN)
        {
            chosen = t;
            score = s;
        }
    }
    Some(Found {
        best: Action::Move(chosen),
        score,
        depth,
        nodes,
    })
}
