//! Check across time and timelines (F-10): can a man on one of a side's
//! playable boards capture a royal man of the other side in one move?

use super::action::Spot;
use super::board::Cell;
use super::man::{
    KNIGHT_LEAPS, Man, Piece, UNIT_STEPS, Vector, axes_changed, brawn_captures, code_is_royal_of,
    pawn_time_captures, rank_forward,
};
use super::movegen::{Boards, reach};
use super::position::step_color;
use crate::Color;

/// A royal man that could be captured, and by whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Capture {
    /// The capturing man and where it stands.
    pub from: Spot,
    pub man: Man,
    /// The royal man's cell.
    pub to: Spot,
    pub royal: Man,
    /// The empty cells a slider crosses on the way.
    pub path: Vec<Spot>,
}

/// A capture of one of `victim`'s royal men by a man of the other side
/// standing on one of that side's playable boards (active or not).
pub(crate) fn royal_capture<B: Boards>(b: &B, victim: Color) -> Option<Capture> {
    let attacker = victim.other();
    let (lo, hi) = b.lines();
    for line in lo..=hi {
        let Some(step) = b.end_of(line) else { continue };
        if step_color(step) != attacker {
            continue;
        }
        if let Some(c) = capture_from_board(b, line, step, victim) {
            return Some(c);
        }
    }
    None
}

/// A capture of a royal man of `victim` by a man on the board of `line`
/// at `step` (one of the attacker's boards).
pub(crate) fn capture_from_board<B: Boards>(
    b: &B,
    line: i32,
    step: i32,
    victim: Color,
) -> Option<Capture> {
    let board = b.board_at(line, step)?;
    let mut men = board.of(victim.other());
    while men != 0 {
        let cell = men.trailing_zeros() as Cell;
        men &= men - 1;
        let man = board.man(cell)?;
        let from = Spot { line, step, cell };
        if let Some(c) = capture_by(b, from, man, victim) {
            return Some(c);
        }
    }
    None
}

/// A royal capture by one man.
fn capture_by<B: Boards>(b: &B, from: Spot, man: Man, victim: Color) -> Option<Capture> {
    let hit = |v: Vector| -> Option<Capture> {
        let (to, code) = reach(b, from, v, 1)?;
        code_is_royal_of(code, victim).then(|| found(b, from, man, to, Vec::new()))?
    };
    match man.piece {
        Piece::Pawn | Piece::Brawn => {
            let r = rank_forward(man.color);
            let mut vs: Vec<Vector> = vec![[0, 0, 1, r], [0, 0, -1, r]];
            vs.extend(pawn_time_captures(man.color));
            if man.piece == Piece::Brawn {
                vs.extend(brawn_captures(man.color));
            }
            vs.into_iter().find_map(hit)
        }
        Piece::Knight => KNIGHT_LEAPS.into_iter().find_map(hit),
        Piece::King | Piece::CommonKing => UNIT_STEPS.into_iter().find_map(hit),
        piece => {
            let axes = piece.slide_axes();
            UNIT_STEPS
                .into_iter()
                .filter(|v| axes & (1 << axes_changed(*v)) != 0)
                .find_map(|v| slide_hit(b, from, man, v, victim))
        }
    }
}

fn slide_hit<B: Boards>(b: &B, from: Spot, man: Man, v: Vector, victim: Color) -> Option<Capture> {
    let mut k = 1;
    let mut path = Vec::new();
    while let Some((to, code)) = reach(b, from, v, k) {
        if code == 0 {
            path.push(to);
            k += 1;
            continue;
        }
        return code_is_royal_of(code, victim).then(|| found(b, from, man, to, path))?;
    }
    None
}

fn found<B: Boards>(b: &B, from: Spot, man: Man, to: Spot, path: Vec<Spot>) -> Option<Capture> {
    let royal = b.board_at(to.line, to.step)?.man(to.cell)?;
    Some(Capture {
        from,
        man,
        to,
        royal,
        path,
    })
}
