//! The multiverse, from the view: branch wins so far (the notes), and each
//! active branch's latest board as a chess position of its own.
//!
//! Every active board counts with the FIDE board evaluation, turned into
//! a share of a branch win ([`branch_share`]); the side to move on a board
//! (the view says which) that can capture a king there wins that branch
//! (E-8), and can cash in a hanging man. A branch already won is worth
//! [`BRANCH`] (more than a queen): branch wins decide the game (E-10).

use chronomate_rules::view::View;
use chronomate_rules::{Color, Turn};

use super::{attacks_king, board_of, fide, for_side, sign};

/// A won branch, in centipawns.
pub(crate) const BRANCH: i32 = 1_500;

pub(crate) fn evaluate(view: &View, turn: &Turn) -> i32 {
    let (wins_white, wins_black) = branch_wins(view);
    let mut white = (wins_white - wins_black) * BRANCH;
    for board_view in &view.boards {
        if board_view.ended.is_some() {
            continue;
        }
        let Some(board) = board_of(board_view, |_| true) else {
            continue;
        };
        let to_move = board_view.to_move.unwrap_or(turn.color);
        let mut board_score = fide::board_white(&board);
        if attacks_king(&board, to_move.other(), to_move) {
            board_score += sign(to_move) * BRANCH;
        } else {
            board_score += sign(to_move) * fide::threat(&board, to_move, &fide::VALUE) / 2;
        }
        white += branch_share(board_score);
    }
    for_side(white, turn.color) + 10
}

/// A board's score as a share of a branch win: about linear near an even
/// board (a pawn is about 125), saturating towards [`BRANCH`] as the board
/// is won, so that a man is worth more on a balanced board than on one
/// already decided.
fn branch_share(score: i32) -> i32 {
    (f64::from(BRANCH) * (f64::from(score) / 1_200.0).tanh()) as i32
}

/// Branch wins by colour, from the note `branch wins: white 2, black 1`.
pub(crate) fn branch_wins(view: &View) -> (i32, i32) {
    for note in &view.notes {
        let Some(rest) = note.strip_prefix("branch wins: ") else {
            continue;
        };
        let mut wins = [0, 0];
        for part in rest.split(", ") {
            let mut words = part.split_whitespace();
            let (Some(color), Some(n)) = (words.next(), words.next()) else {
                continue;
            };
            let (Ok(color), Ok(n)) = (color.parse::<Color>(), n.parse::<i32>()) else {
                continue;
            };
            wins[color.index()] = n;
        }
        return (wins[0], wins[1]);
    }
    (0, 0)
}
