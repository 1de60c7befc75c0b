//! Check across time and timelines (F-10): can a man on one of a side's
//! playable boards capture a royal man of the other side in one move?

use super::action::Spot;
use super::board::{Board, Cell};
use super::man::{
    KNIGHT_LEAPS, Man, Piece, UNIT_STEPS, Vector, brawn_captures, code_is_royal_of,
    pawn_time_captures, rank_forward, slide_steps,
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
enum Reach {
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
fn capture_from_board<B: Boards>(b: &B, line: i32, step: i32, victim: Color) -> Option<Capture> {
    let board = b.board_at(line, step)?;
    let mut men = board.of(victim.other());
    while men != 0 {
        let cell = men.trailing_zeros() as Cell;
        men &= men - 1;
        let man = board.man(cell)?;
        let from = Spot { line, step, cell };
        let capture = lines_of_attack(man, Reach::All, |v, slides| {
            match walk(b, from, v, slides, 1, victim, |_, _| false) {
                Walk::Royal(k) => found(b, from, man, v, k),
                _ => None,
            }
        });
        if capture.is_some() {
            return capture;
        }
    }
    None
}

/// Whether `reach` looks along `v`.
fn looks_along(reach: Reach, v: &Vector) -> bool {
    reach == Reach::All || v[0] != 0 || v[1] != 0
}

/// Tries `f` on each line along which `man` captures (a vector, and
/// whether it slides along it), in a fixed order, until one gives a value.
fn lines_of_attack<T>(
    man: Man,
    reach: Reach,
    mut f: impl FnMut(Vector, bool) -> Option<T>,
) -> Option<T> {
    let mut leaps = |vs: &[Vector]| {
        vs.iter()
            .filter(|v| looks_along(reach, v))
            .find_map(|v| f(*v, false))
    };
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
        piece => slide_steps(piece)
            .filter(|v| looks_along(reach, v))
            .find_map(|v| f(*v, true)),
    }
}

/// Where a walk along a line of attack ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    /// On a royal man of the victim, this many steps away.
    Royal(i32),
    /// On a board not known yet (the spot where it enters it), this many
    /// steps away.
    Open(i32, Spot),
    /// Off the boards, or on a man it cannot take.
    Nothing,
}

/// Walks from `from` along `v`, from `k` steps away (one step only where
/// the man does not slide), over the boards of `b`, stopping before any
/// board `open` names.
fn walk<B: Boards>(
    b: &B,
    from: Spot,
    v: Vector,
    slides: bool,
    mut k: i32,
    victim: Color,
    open: impl Fn(i32, i32) -> bool,
) -> Walk {
    loop {
        let Some(spot) = movegen::spot_at(b.size(), from, v, k) else {
            return Walk::Nothing;
        };
        if open(spot.line, spot.step) {
            return Walk::Open(k, spot);
        }
        let Some(board) = b.board_at(spot.line, spot.step) else {
            return Walk::Nothing;
        };
        let code = board.code(spot.cell);
        if code == 0 && slides {
            k += 1;
            continue;
        }
        return if code_is_royal_of(code, victim) {
            Walk::Royal(k)
        } else {
            Walk::Nothing
        };
    }
}

/// A line of attack from one of the attacker's boards, walked as far as
/// the boards are known before a turn is chosen.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    from: Spot,
    man: Man,
    v: Vector,
    slides: bool,
    /// The steps walked: the royal man it takes, or the first board the
    /// turn decides.
    k: i32,
    /// Where it enters the board not known yet that it reaches, or `None`
    /// where it ends on a royal man.
    open: Option<Spot>,
}

impl Ray {
    /// The board not known yet (timeline and step) on which the ray goes
    /// on, or `None` where it takes a royal man over the known boards
    /// alone: a ray can capture only where that board exists.
    pub(crate) fn open_board(&self) -> Option<(i32, i32)> {
        self.open.map(|spot| (spot.line, spot.step))
    }

    /// The cell by which it enters the board not known yet, if any.
    pub(crate) fn entry(&self) -> Option<Cell> {
        self.open.map(|spot| spot.cell)
    }

    /// Whether it goes on past an empty cell (a slider).
    pub(crate) fn slides(&self) -> bool {
        self.slides
    }

    /// The timeline of the board it starts from.
    pub(crate) fn source_line(&self) -> i32 {
        self.from.line
    }
}

/// The lines of attack across boards (see [`Reach::AcrossBoards`]) of the
/// attacker's men on `board`, standing at `line` and `step`, walked over
/// `b` up to any board `open` names (a board the turn decides): those that
/// take a royal man of `victim` whatever the turn, and those that reach a
/// board the turn decides, in the order [`royal_capture`] tries
/// them, up to the first that takes a royal man.
pub(crate) fn rays<B: Boards>(
    b: &B,
    board: &Board,
    (line, step): (i32, i32),
    victim: Color,
    open: impl Fn(i32, i32) -> bool,
) -> Vec<Ray> {
    let mut out = Vec::with_capacity(32);
    let mut men = board.of(victim.other());
    while men != 0 {
        let cell = men.trailing_zeros() as Cell;
        men &= men - 1;
        let Some(man) = board.man(cell) else { continue };
        let from = Spot { line, step, cell };
        let royal = lines_of_attack(man, Reach::AcrossBoards, |v, slides| {
            let (k, at) = match walk(b, from, v, slides, 1, victim, &open) {
                Walk::Royal(k) => (k, None),
                Walk::Open(k, entry) => (k, Some(entry)),
                Walk::Nothing => return None,
            };
            out.push(Ray {
                from,
                man,
                v,
                slides,
                k,
                open: at,
            });
            at.is_none().then_some(())
        });
        if royal.is_some() {
            break;
        }
    }
    out
}

/// Whether `ray`, having crossed the cell by which it enters the board
/// not known yet (empty on `b`), takes a royal man of `victim` further on
/// over the boards of `b`.
pub(crate) fn takes_past_entry<B: Boards>(b: &B, ray: &Ray, victim: Color) -> bool {
    ray.slides
        && matches!(
            walk(b, ray.from, ray.v, true, ray.k + 1, victim, |_, _| false),
            Walk::Royal(_)
        )
}

/// The capture `ray` makes over the boards of `b` (with the turn's boards
/// known), if any.
pub(crate) fn complete<B: Boards>(b: &B, ray: &Ray, victim: Color) -> Option<Capture> {
    let k = if ray.open.is_none() {
        ray.k
    } else {
        match walk(b, ray.from, ray.v, ray.slides, ray.k, victim, |_, _| false) {
            Walk::Royal(k) => k,
            _ => return None,
        }
    };
    found(b, ray.from, ray.man, ray.v, k)
}

/// The capture of the royal man `k` steps of `v` from `from`, with the
/// empty cells crossed on the way (walked again: only a capture found
/// needs them).
fn found<B: Boards>(b: &B, from: Spot, man: Man, v: Vector, k: i32) -> Option<Capture> {
    let (to, _) = movegen::reach(b, from, v, k)?;
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
