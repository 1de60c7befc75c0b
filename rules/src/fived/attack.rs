//! Check across time and timelines (F-10): can a man on one of a side's
//! playable boards capture a royal man of the other side in one move?

use super::action::Spot;
use super::board::Cell;
use super::man::{
    KNIGHT_LEAPS, Man, Piece, UNIT_STEPS, Vector, axes_changed, brawn_captures, code_is_royal_of,
    pawn_time_captures, rank_forward,
};
use super::movegen::{self, Boards};
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

/// Which captures a search for one looks at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Reach {
    /// Every capture.
    All,
    /// Only captures that leave the capturing man's board (across time or
    /// timelines): where every attacker's board is already known to hold
    /// no capture within itself, as the boards a candidate turn adds are
    /// (each is checked on its own when the turn search lists it).
    AcrossBoards,
}

/// A capture of one of `victim`'s royal men by a man of the other side
/// standing on one of that side's playable boards (active or not).
pub(crate) fn royal_capture<B: Boards>(b: &B, victim: Color) -> Option<Capture> {
    royal_capture_reaching(b, victim, Reach::All)
}

/// [`royal_capture`], among the captures `reach` names.
pub(crate) fn royal_capture_reaching<B: Boards>(
    b: &B,
    victim: Color,
    reach: Reach,
) -> Option<Capture> {
    let attacker = victim.other();
    let (lo, hi) = b.lines();
    for line in lo..=hi {
        let Some(step) = b.end_of(line) else { continue };
        if step_color(step) != attacker {
            continue;
        }
        if let Some(c) = capture_from_board(b, line, step, victim, reach) {
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
    reach: Reach,
) -> Option<Capture> {
    let board = b.board_at(line, step)?;
    let mut men = board.of(victim.other());
    while men != 0 {
        let cell = men.trailing_zeros() as Cell;
        men &= men - 1;
        let man = board.man(cell)?;
        let from = Spot { line, step, cell };
        if let Some(c) = capture_by(b, from, man, victim, reach) {
            return Some(c);
        }
    }
    None
}

/// Whether `reach` looks along `v`.
fn looks_along(reach: Reach, v: &Vector) -> bool {
    reach == Reach::All || v[0] != 0 || v[1] != 0
}

/// A royal capture by one man.
fn capture_by<B: Boards>(
    b: &B,
    from: Spot,
    man: Man,
    victim: Color,
    reach: Reach,
) -> Option<Capture> {
    let hit = |v: &Vector| -> Option<Capture> {
        let (to, code) = movegen::reach(b, from, *v, 1)?;
        code_is_royal_of(code, victim).then(|| found(b, from, man, to, *v, 1))?
    };
    let leaps = |vs: &[Vector]| vs.iter().filter(|v| looks_along(reach, v)).find_map(hit);
    match man.piece {
        Piece::Pawn | Piece::Brawn => {
            let r = rank_forward(man.color);
            leaps(&[[0, 0, 1, r], [0, 0, -1, r]])
                .or_else(|| leaps(&pawn_time_captures(man.color)))
                .or_else(|| {
                    (man.piece == Piece::Brawn)
                        .then(|| leaps(&brawn_captures(man.color)))
                        .flatten()
                })
        }
        Piece::Knight => leaps(&KNIGHT_LEAPS),
        Piece::King | Piece::CommonKing => leaps(&UNIT_STEPS),
        piece => {
            let axes = piece.slide_axes();
            UNIT_STEPS
                .iter()
                .filter(|v| axes & (1 << axes_changed(**v)) != 0 && looks_along(reach, v))
                .find_map(|v| slide_hit(b, from, man, *v, victim))
        }
    }
}

fn slide_hit<B: Boards>(b: &B, from: Spot, man: Man, v: Vector, victim: Color) -> Option<Capture> {
    let mut k = 1;
    while let Some((to, code)) = movegen::reach(b, from, v, k) {
        if code == 0 {
            k += 1;
            continue;
        }
        return code_is_royal_of(code, victim).then(|| found(b, from, man, to, v, k))?;
    }
    None
}

/// The capture of the royal man on `to`, `k` steps of `v` from `from`,
/// with the empty cells crossed on the way (walked again: only a capture
/// found needs them).
fn found<B: Boards>(b: &B, from: Spot, man: Man, to: Spot, v: Vector, k: i32) -> Option<Capture> {
    let royal = b.board_at(to.line, to.step)?.man(to.cell)?;
    let path = (1..k)
        .filter_map(|i| movegen::reach(b, from, v, i).map(|(spot, _)| spot))
        .collect();
    Some(Capture {
        from,
        man,
        to,
        royal,
        path,
    })
}
