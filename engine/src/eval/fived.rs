//! 5D chess (`docs/variants/fived.md`): what the timelines hold now.
//!
//! Men move only from a timeline's last board (F-2), so a timeline's
//! earlier boards are its history: only last boards are counted, each
//! side's men on every one, a little for pawns that advanced and for men
//! near the centre. A timeline that is not active (F-4) counts half: it no
//! longer holds the present back, so what stands there weighs less on the
//! game. A side that may still open an active timeline while the other
//! may not (it opened fewer) holds the timeline advantage: its next branch
//! draws the present back and must be answered, the other's would not.
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
    /// The last boards of `state`.
    pub(crate) fn of(state: &FiveD) -> LastBoards {
        let size = state.size();
        let (lo, hi) = state.line_range();
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
        let (lo, hi) = state.line_range();
        let mut white = 0;
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
            white += if state.is_active(line) {
                on_board
            } else {
                on_board / 2
            };
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
    let mut occupied = board.occupied();
    while occupied != 0 {
        let cell = occupied.trailing_zeros() as Cell;
        occupied &= occupied - 1;
        let Some(man) = board.man(cell) else { continue };
        let worth = value(man.piece) + placement(man.piece, man.color, cell, size);
        total += sign(man.color) * worth;
    }
    total
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

/// What the side to move in `after` takes back at once, in centipawns:
/// `after` is the state `side`'s turn `action` made of `before`, and each
/// man of that turn that captured, standing on the new last board of the
/// timeline it took on, is worth taking where a man of the other side on
/// that board attacks it: its worth, less the cheapest taker's where
/// another of `side`'s men there defends it (a royal man takes only what
/// is not defended). A man that captured on a past board (opening a
/// timeline) is not weighed, and only the board's own lines are asked
/// (not another timeline's men, not checks or pins): a look at one board,
/// for the price of an attack test, where answering the capture is a node.
pub(crate) fn recaptures(before: &FiveD, side: Color, action: &Action, after: &FiveD) -> i32 {
    action
        .moves
        .iter()
        .filter_map(|mv| {
            // A move that took (its cell held a man: never the mover's own)
            // and whose man stands on the last board it made.
            before.board(mv.to.line, mv.to.step)?.man(mv.to.cell)?;
            if before.end(mv.to.line) != Some(mv.to.step) {
                return None;
            }
            let board = after.board(mv.to.line, after.end(mv.to.line)?)?;
            let captor = board.man(mv.to.cell).filter(|m| m.color == side)?;
            let defended = board.attackers(mv.to.cell, side) != 0;
            let mut takers = board.attackers(mv.to.cell, side.other());
            let mut cheapest: Option<i32> = None;
            while takers != 0 {
                let cell = takers.trailing_zeros() as Cell;
                takers &= takers - 1;
                let cost = match board.man(cell) {
                    Some(m) if m.piece.is_royal() && defended => continue,
                    Some(m) if m.piece.is_royal() => 0,
                    Some(m) => value(m.piece),
                    None => continue,
                };
                cheapest = Some(cheapest.map_or(cost, |c| c.min(cost)));
            }
            let cheapest = cheapest?;
            let worth = value(captor.piece);
            Some(if defended {
                (worth - cheapest).max(0)
            } else {
                worth
            })
        })
        .sum()
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

    /// What the side to move takes back at once after the last turn of
    /// `record` ([`recaptures`]).
    fn taken_back(record: &[&str]) -> i32 {
        let (last, earlier) = record.split_last().expect("a turn");
        let before = five_d(earlier);
        let action = before.parse(last).expect("legal");
        let mut after = before.clone();
        after.apply(&action).expect("applies");
        recaptures(&before, before.turn().color, &action, &after)
    }

    #[test]
    fn a_man_that_took_counts_as_lost_where_it_can_be_taken_back_for_less() {
        // 4. Bxc6: Black's b- and d-pawns attack the bishop, which nothing
        // defends.
        let bxc6 = [
            "(0T1)e2e4",
            "(0T1)e7e5",
            "(0T2)g1f3",
            "(0T2)b8c6",
            "(0T3)f1b5",
            "(0T3)a7a6",
            "(0T4)b5c6",
        ];
        assert_eq!(taken_back(&bxc6), value(Piece::Bishop));
        // 3. exd6: Black's c-pawn takes back a pawn that White's queen
        // defends: a pawn for a pawn.
        let exd6 = [
            "(0T1)d2d4",
            "(0T1)e7e5",
            "(0T2)d4e5",
            "(0T2)d7d6",
            "(0T3)e5d6",
        ];
        assert_eq!(taken_back(&exd6), 0);
        // 3... Bxd6: only White's queen attacks the bishop, which Black's
        // queen and c-pawn defend: taking it loses more than it wins.
        let bxd6 = [&exd6[..], &["(0T3)f8d6"]].concat();
        assert_eq!(taken_back(&bxd6), 0);
        // 3... Qxd1+: the king takes the queen, which nothing defends.
        let qxd1 = [
            "(0T1)e2e4",
            "(0T1)d7d5",
            "(0T2)d2d3",
            "(0T2)d5e4",
            "(0T3)d3e4",
            "(0T3)d8d1",
        ];
        assert_eq!(taken_back(&qxd1), value(Piece::Queen));
        // A turn that takes nothing gives nothing back.
        assert_eq!(taken_back(&bxc6[..6]), 0);
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
