//! 5D chess (`docs/variants/fived.md`): what the timelines hold now.
//!
//! Men move only from a timeline's last board (F-2), so a timeline's
//! earlier boards are its history: only last boards are counted, each
//! side's men on every one, a little for pawns that advanced and for men
//! near the centre, on the active timelines alone (F-4): an inactive one
//! no longer holds the present back, and a side ahead on a board gained
//! by copying it onto a timeline it opens past the active ones. A side
//! that may still open an active timeline while the other
//! may not (it opened fewer) holds the timeline advantage: its next branch
//! draws the present back and must be answered, the other's would not.
//! Royal men count nothing (they are never taken), but two of one side on
//! one board cost it: one check can fork them.
//! Which turns are forcing: those that capture, by what they take.

use chronomate_rules::fived::board::{Board, Cell, Size};
use chronomate_rules::fived::man::Piece;
use chronomate_rules::fived::{Action, FiveD};
use chronomate_rules::{Color, Turn};

use super::{for_side, sign};

/// What a man is worth, in centipawns. A man moves along up to four axes
/// here, so the long-range men are worth more against the pawn than on
/// one board (a queen along any number of axes at once most of all); the
/// royal men are never taken (F-10) and count nothing.
pub(crate) fn value(piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => 100,
        Piece::Brawn => 130,
        Piece::Knight => 350,
        Piece::Bishop => 380,
        Piece::Rook => 450,
        Piece::Unicorn => 260,
        Piece::Dragon => 220,
        Piece::Queen => 1100,
        Piece::Princess => 800,
        Piece::CommonKing => 300,
        Piece::King | Piece::RoyalQueen => 0,
    }
}

/// Centipawns a pawn gains for each rank it advanced.
const PAWN_STEP: i32 = 6;
/// Centipawns a knight, bishop, unicorn or dragon gains for each step
/// nearer the centre than the board's edge.
const CENTRE_STEP: i32 = 5;

/// Centipawns a side loses for each of its royal men beyond the first on
/// one board. A king that travels onto a board where its other self
/// stands (or onto a past board of its own timeline, where it stood)
/// leaves two royal men to guard on one board, which one check can fork
/// and no move can shelter both from; the evaluation counted a royal man
/// as nothing, so such a jump opened a timeline as cheaply as any other.
/// In 422 decided games of the 5D ladder the loser had made 1.3 times
/// as many king jumps as the winner in the first half of the game (the
/// other men's jumps about even), and 7.3 against 4.5 over whole games
/// (docs/engine-journal.md, issue 49, "Two kings on a board").
const ROYAL_CROWD: i32 = 150;

/// Centipawns for the timeline advantage: a branch that must be answered
/// is a tempo in hand, about what a developed minor man is worth.
const TIMELINE_EDGE: i32 = 40;

/// The evaluation for the side to move, `turn.color`.
pub(crate) fn evaluate(state: &FiveD, turn: &Turn) -> i32 {
    for_side(for_white(state), turn.color)
}

/// The evaluation from White's side, of a state or of a turn's draft.
pub(crate) fn for_white(state: &FiveD) -> i32 {
    LastBoards::default().for_white(state)
}

/// The men of each timeline's last board, from White's side, as one state
/// has them, so that its drafts are evaluated by the boards they made
/// alone: a move never changes a board, it makes new ones, so a timeline
/// whose last board is at the same step holds the same board. A state of
/// 80 timelines weighs thousands of moves a node, each once counting
/// every timeline's men.
#[derive(Default)]
pub(crate) struct LastBoards {
    first: i32,
    /// By `line - first`: the last board's step and its men's worth.
    ends: Vec<Option<(i32, i32)>>,
}

impl LastBoards {
    /// The last boards of `state`'s active timelines (a draft that opens
    /// a timeline can make an inactive one active: its board is counted
    /// afresh).
    pub(crate) fn of(state: &FiveD) -> LastBoards {
        let size = state.size();
        let (lo, hi) = state.active_range();
        let ends = (lo..=hi)
            .map(|line| {
                let end = state.end(line)?;
                Some((end, board_for_white(state.board(line, end)?, size)))
            })
            .collect();
        LastBoards { first: lo, ends }
    }

    /// [`for_white`] of `state` (this one's state, or a draft of it).
    pub(crate) fn for_white(&self, state: &FiveD) -> i32 {
        let size = state.size();
        let (lo, hi) = state.active_range();
        let mut white = 0;
        // Inactive timelines count nothing: each side's men count again
        // on every timeline that holds them, so counting them (at half,
        // then an eighth) paid a side ahead on a board for copying it onto
        // a timeline it opened past the active ones, and level 8 opened
        // dozens instead of mating (docs/engine-journal.md, issue 49,
        // "Inactive timelines count nothing").
        for line in lo..=hi {
            let Some(end) = state.end(line) else { continue };
            let known = usize::try_from(line - self.first)
                .ok()
                .and_then(|i| *self.ends.get(i)?)
                .filter(|&(step, _)| step == end);
            let on_board = match known {
                Some((_, worth)) => worth,
                None => match state.board(line, end) {
                    Some(board) => board_for_white(board, size),
                    None => continue,
                },
            };
            white += on_board;
        }
        white + timeline_advantage(state)
    }
}

/// The timeline advantage from White's side (F-4): the n-th timeline a
/// side opens is active while the other opened at least n - 1, so only the
/// side that opened fewer may open an active one and the other may not.
fn timeline_advantage(state: &FiveD) -> i32 {
    let (white, black) = state.created();
    TIMELINE_EDGE * (black - white).clamp(-1, 1)
}

/// The men of one board, from White's side.
fn board_for_white(board: &Board, size: Size) -> i32 {
    let mut total = 0;
    // Each side's royal men, counted in the one pass over the men.
    let (mut white_royals, mut black_royals) = (0, 0);
    let mut occupied = board.occupied();
    while occupied != 0 {
        let cell = occupied.trailing_zeros() as Cell;
        occupied &= occupied - 1;
        let Some(man) = board.man(cell) else { continue };
        if man.piece.is_royal() {
            match man.color {
                Color::White => white_royals += 1,
                Color::Black => black_royals += 1,
            }
        }
        let worth = value(man.piece) + placement(man.piece, man.color, cell, size);
        total += sign(man.color) * worth;
    }
    let crowd = |royals: i32| ROYAL_CROWD * (royals - 1).max(0);
    total - crowd(white_royals) + crowd(black_royals)
}

/// What a man gains where it stands: a pawn for the ranks it advanced, a
/// minor man for being nearer the centre.
fn placement(piece: Piece, color: Color, cell: Cell, size: Size) -> i32 {
    let (file, rank) = (i32::from(cell % 8), i32::from(cell / 8));
    let (files, ranks) = (i32::from(size.files), i32::from(size.ranks));
    match piece {
        Piece::Pawn | Piece::Brawn => {
            let advanced = match color {
                Color::White => rank - 1,
                Color::Black => ranks - 2 - rank,
            };
            PAWN_STEP * advanced.max(0)
        }
        Piece::Knight | Piece::Bishop | Piece::Unicorn | Piece::Dragon => {
            let from_edge = file.min(files - 1 - file) + rank.min(ranks - 1 - rank);
            CENTRE_STEP * from_edge.max(0)
        }
        _ => 0,
    }
}

/// Whether `action` of `side` captures, and the worth of what it takes
/// (a man of the other side where a board move lands): a turn that takes
/// nothing is not forcing. En passant's empty cell counts nothing.
pub(crate) fn forcing(state: &FiveD, side: Color, action: &Action) -> Option<i32> {
    let taken: i32 = action
        .moves
        .iter()
        .filter_map(|m| state.board(m.to.line, m.to.step)?.man(m.to.cell))
        .filter(|man| man.color != side)
        .map(|man| value(man.piece).max(1))
        .sum();
    (taken > 0).then_some(taken)
}

#[cfg(test)]
mod tests {
    use chronomate_rules::Rules;

    use super::*;

    fn five_d(record: &[&str]) -> FiveD {
        let mut state = FiveD::new(&Default::default(), 0);
        for text in record {
            let action = state.parse(text).expect("legal");
            state.apply(&action).expect("applies");
        }
        state
    }

    #[test]
    fn the_start_is_even_and_a_won_man_counts_for_its_taker() {
        let start = five_d(&[]);
        assert_eq!(evaluate(&start, &start.turn()), 0);
        // 1. e4 d5 2. exd5: White is a pawn up, on the only timeline.
        let taken = five_d(&["(0T1)e2e4", "(0T1)d7d5", "(0T2)e4d5"]);
        let black = evaluate(&taken, &taken.turn());
        assert!(black < -80, "{black}");
        // The turn that takes is forcing; a quiet one is not.
        let before = five_d(&["(0T1)e2e4", "(0T1)d7d5"]);
        let side = before.turn().color;
        let take = before.parse("(0T2)e4d5").expect("legal");
        assert_eq!(forcing(&before, side, &take), Some(100));
        let quiet = before.parse("(0T2)g1f3").expect("legal");
        assert_eq!(forcing(&before, side, &quiet), None);
    }

    #[test]
    fn a_draft_counted_from_its_states_last_boards_counts_as_afresh() {
        let state = five_d(&["(0T1)Nf3", "(0T1)Nf6", "(0T2)Nf3>>(0T1)f5"]);
        let last = LastBoards::of(&state);
        assert_eq!(last.for_white(&state), for_white(&state));
        for line in state.playable(state.to_move()) {
            for mv in state.moves_on(line) {
                let mut draft = state.draft();
                if draft.make(&mv).is_ok() {
                    let after = draft.state();
                    assert_eq!(last.for_white(after), for_white(after), "{mv:?}");
                }
            }
        }
    }

    #[test]
    fn a_king_that_travels_onto_its_other_self_s_board_costs_its_side() {
        // White's king steps a turn back onto the board it left: the new
        // timeline's board holds that board's king and the traveller.
        let state = five_d(&["(0T1)e3", "(0T1)e6", "(0T2)Ke2", "(0T2)Ke7"]);
        let jump = state.parse("(0T3)Ke2>>(0T2)e2").expect("legal");
        let mut after = state.clone();
        after.apply(&jump).expect("applies");
        let (_, hi) = after.line_range();
        let (line, end) = (hi, after.end(hi).expect("the new timeline"));
        assert_eq!(line, 1);
        let branched = after.board(line, end).expect("its board");
        assert_eq!(branched.royals(Color::White).count_ones(), 2);
        let left = state
            .board(0, chronomate_rules::fived::step(2, Color::White))
            .expect("the board it travelled to");
        assert_eq!(left.royals(Color::White).count_ones(), 1);
        // The same men but a royal one, which counts nothing but the crowd.
        let size = state.size();
        assert_eq!(
            board_for_white(branched, size) - board_for_white(left, size),
            -ROYAL_CROWD
        );
    }

    #[test]
    fn a_timeline_opened_past_the_active_ones_counts_nothing() {
        // White opens two timelines and Black none: White's second is not
        // active (F-4), since Black opened fewer than one.
        let mut state = FiveD::new(&Default::default(), 0);
        while state.created() != (2, 0) {
            let (before, mover) = (state.created(), state.to_move());
            let after = |turn: Action| {
                let mut after = state.clone();
                after.apply(&turn).ok()?;
                Some(after)
            };
            let opening = |opens: bool| {
                state
                    .legal_turns()
                    .filter_map(after)
                    .find(|next| (next.created() != before) == opens)
            };
            // White's first turn has no past to open a timeline from.
            let next = (mover == Color::White)
                .then(|| opening(true))
                .flatten()
                .or_else(|| opening(false))
                .expect("a turn");
            state = next;
        }
        let (lo, hi) = state.line_range();
        assert!((lo..hi).all(|line| state.is_active(line)) && !state.is_active(hi));
        let size = state.size();
        let men = |line: i32| {
            let end = state.end(line).expect("a last board");
            board_for_white(state.board(line, end).expect("its board"), size)
        };
        let active: i32 = (lo..hi).map(men).sum();
        assert_ne!(men(hi), 0);
        assert_eq!(for_white(&state), active + timeline_advantage(&state));
    }

    #[test]
    fn the_side_that_opened_fewer_timelines_holds_the_advantage() {
        let start = five_d(&[]);
        assert_eq!(timeline_advantage(&start), 0);
        // White's knight jumps a turn back and opens a timeline: Black may
        // now open an active one and White may not.
        let branched = five_d(&["(0T1)Nf3", "(0T1)Nf6", "(0T2)Nf3>>(0T1)f5"]);
        assert_eq!(branched.created(), (1, 0));
        assert_eq!(timeline_advantage(&branched), -TIMELINE_EDGE);
    }
}
