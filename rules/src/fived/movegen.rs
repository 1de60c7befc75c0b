//! The moves of every man in four axes (F-6 to F-9), from a playable
//! board, before the whole turn is judged (F-10).

use super::action::{Move, Spot};
use super::board::{Board, Cell, Size, file_of, rank_of};
use super::man::{
    KNIGHT_LEAPS, Man, Piece, UNIT_STEPS, Vector, brawn_captures, code_color, line_forward,
    pawn_time_captures, rank_forward, slide_steps,
};
use super::position::{FiveD, step_color};
use crate::Color;

/// Boards to move across: a game, a draft, or a candidate turn.
pub(crate) trait Boards {
    fn size(&self) -> Size;
    /// The board of timeline `line` at `step`, if it exists.
    fn board_at(&self, line: i32, step: i32) -> Option<&Board>;
    /// The step of the last board of timeline `line`.
    fn end_of(&self, line: i32) -> Option<i32>;
    /// The lowest and highest timeline.
    fn lines(&self) -> (i32, i32);
}

impl Boards for FiveD {
    fn size(&self) -> Size {
        self.setup.size
    }
    fn board_at(&self, line: i32, step: i32) -> Option<&Board> {
        self.board(line, step)
    }
    fn end_of(&self, line: i32) -> Option<i32> {
        self.end(line)
    }
    fn lines(&self) -> (i32, i32) {
        self.line_range()
    }
}

/// The cell `k` steps of `v` from `from`, with its stored byte, if that
/// board and cell exist. Boards `k` whole turns away are of the same
/// colour.
pub(crate) fn reach<B: Boards>(b: &B, from: Spot, v: Vector, k: i32) -> Option<(Spot, u8)> {
    let spot = spot_at(b.size(), from, v, k)?;
    let board = b.board_at(spot.line, spot.step)?;
    Some((spot, board.code(spot.cell)))
}

/// The spot `k` steps of `v` from `from`, if its cell is on a board of
/// `size` (whether that board exists is the multiverse's to say).
pub(crate) fn spot_at(size: Size, from: Spot, v: Vector, k: i32) -> Option<Spot> {
    let file = i32::from(file_of(from.cell)) + k * i32::from(v[2]);
    let rank = i32::from(rank_of(from.cell)) + k * i32::from(v[3]);
    Some(Spot {
        line: from.line + k * i32::from(v[0]),
        step: from.step + 2 * k * i32::from(v[1]),
        cell: size.at(file, rank)?,
    })
}

/// Every move of `color`'s men on the last board of `line` (which must be
/// `color`'s), royal safety aside.
pub(crate) fn moves_from<B: Boards>(b: &B, promotions: &[Piece], line: i32, out: &mut Vec<Move>) {
    let Some(step) = b.end_of(line) else {
        return;
    };
    let Some(board) = b.board_at(line, step) else {
        return;
    };
    let color = step_color(step);
    let mut own = board.of(color);
    while own != 0 {
        let cell = own.trailing_zeros() as Cell;
        own &= own - 1;
        if let Some(man) = board.man(cell) {
            let from = Spot { line, step, cell };
            man_moves(b, promotions, from, man, out);
        }
    }
}

/// Every move of one man.
pub(crate) fn man_moves<B: Boards>(
    b: &B,
    promotions: &[Piece],
    from: Spot,
    man: Man,
    out: &mut Vec<Move>,
) {
    let color = man.color;
    match man.piece {
        Piece::Pawn | Piece::Brawn => pawn_moves(b, promotions, from, man, out),
        Piece::Knight => {
            for v in KNIGHT_LEAPS {
                leap(b, from, color, v, out);
            }
        }
        Piece::King | Piece::CommonKing => {
            for v in UNIT_STEPS {
                leap(b, from, color, v, out);
            }
            if man.piece == Piece::King && man.unmoved {
                castlings(b, from, color, out);
            }
        }
        piece => {
            for v in slide_steps(piece) {
                slide(b, from, color, *v, out);
            }
        }
    }
}

fn plain(from: Spot, to: Spot) -> Move {
    Move {
        from,
        to,
        promotion: None,
    }
}

fn leap<B: Boards>(b: &B, from: Spot, color: Color, v: Vector, out: &mut Vec<Move>) {
    if let Some((to, code)) = reach(b, from, v, 1)
        && (code == 0 || code_color(code) != color)
    {
        out.push(plain(from, to));
    }
}

fn slide<B: Boards>(b: &B, from: Spot, color: Color, v: Vector, out: &mut Vec<Move>) {
    let mut k = 1;
    while let Some((to, code)) = reach(b, from, v, k) {
        if code == 0 {
            out.push(plain(from, to));
        } else {
            if code_color(code) != color {
                out.push(plain(from, to));
            }
            return;
        }
        k += 1;
    }
}

/// A pawn's or brawn's move, one per promotion choice on the last rank.
fn push_pawn(
    out: &mut Vec<Move>,
    size: Size,
    promotions: &[Piece],
    from: Spot,
    to: Spot,
    color: Color,
) {
    if rank_of(to.cell) == size.last_rank(color) {
        for &p in promotions {
            out.push(Move {
                from,
                to,
                promotion: Some(p),
            });
        }
    } else {
        out.push(plain(from, to));
    }
}

/// Pawns and brawns (F-7): forward up the board or one timeline forward
/// onto an empty cell, two when unmoved; captures diagonally on the
/// board, one timeline forward and a turn back or forward, and for
/// brawns the extra captures of [`brawn_captures`]; en passant on the
/// board.
fn pawn_moves<B: Boards>(b: &B, promotions: &[Piece], from: Spot, man: Man, out: &mut Vec<Move>) {
    let color = man.color;
    let size = b.size();
    let l = line_forward(color);
    let r = rank_forward(color);
    for axis in [[0, 0, 0, r], [l, 0, 0, 0]] {
        if let Some((to, 0)) = reach(b, from, axis, 1) {
            push_pawn(out, size, promotions, from, to, color);
            if man.unmoved
                && let Some((to2, 0)) = reach(b, from, axis, 2)
            {
                push_pawn(out, size, promotions, from, to2, color);
            }
        }
    }
    let mut captures: Vec<Vector> = vec![[0, 0, 1, r], [0, 0, -1, r]];
    captures.extend(pawn_time_captures(color));
    if man.piece == Piece::Brawn {
        captures.extend(brawn_captures(color));
    }
    for v in captures {
        if let Some((to, code)) = reach(b, from, v, 1)
            && code != 0
            && code_color(code) != color
        {
            push_pawn(out, size, promotions, from, to, color);
        }
    }
    en_passant(b, from, man, out);
}

/// En passant (F-7): on one board, against a pawn or brawn that
/// double-stepped on the board just before this one of the timeline (the
/// opponent's, one step back: the mover's own board before it may still
/// hold a man on the cell the pawn reached, since moved away).
fn en_passant<B: Boards>(b: &B, from: Spot, man: Man, out: &mut Vec<Move>) {
    let r = i32::from(rank_forward(man.color));
    let Some(board) = b.board_at(from.line, from.step) else {
        return;
    };
    let Some(before) = b.board_at(from.line, from.step - 1) else {
        return;
    };
    let size = b.size();
    let (file, rank) = (i32::from(file_of(from.cell)), i32::from(rank_of(from.cell)));
    for side in [-1, 1] {
        let (Some(target), Some(beside), Some(origin)) = (
            size.at(file + side, rank + r),
            size.at(file + side, rank),
            size.at(file + side, rank + 2 * r),
        ) else {
            continue;
        };
        let (Some(now), Some(was)) = (board.man(beside), before.man(origin)) else {
            continue;
        };
        if now.color != man.color
            && now.piece.is_pawnlike()
            && !now.unmoved
            && was.piece == now.piece
            && was.color == now.color
            && was.unmoved
            && board.code(target) == 0
            && board.code(origin) == 0
            && before.code(beside) == 0
        {
            out.push(plain(
                from,
                Spot {
                    cell: target,
                    ..from
                },
            ));
        }
    }
}

/// Castling (F-8): an unmoved king moves two files toward an unmoved rook
/// of its colour, the first man that way and at least three files off;
/// the rook lands on the file the king crossed. The king may not stand
/// on, cross or land on a cell the opponent's men on this board attack.
fn castlings<B: Boards>(b: &B, from: Spot, color: Color, out: &mut Vec<Move>) {
    let Some(board) = b.board_at(from.line, from.step) else {
        return;
    };
    let size = b.size();
    let (file, rank) = (i32::from(file_of(from.cell)), i32::from(rank_of(from.cell)));
    for dir in [1, -1] {
        let Some(rook) = castling_rook(board, size, from.cell, dir) else {
            continue;
        };
        if (i32::from(file_of(rook)) - file).abs() < 3 {
            continue;
        }
        let safe = (0..=2).all(|k| {
            size.at(file + k * dir, rank)
                .is_some_and(|c| !board.attacked(c, color.other()))
        });
        if let (true, Some(to)) = (safe, size.at(file + 2 * dir, rank)) {
            out.push(plain(from, Spot { cell: to, ..from }));
        }
    }
}

/// The unmoved rook a king on `king` castles with toward `dir`: the first
/// man that way on the rank, if it is one.
pub(crate) fn castling_rook(board: &Board, size: Size, king: Cell, dir: i32) -> Option<Cell> {
    let color = board.man(king)?.color;
    let (file, rank) = (i32::from(file_of(king)), i32::from(rank_of(king)));
    let mut f = file + dir;
    while let Some(c) = size.at(f, rank) {
        if let Some(man) = board.man(c) {
            return (man.piece == Piece::Rook && man.unmoved && man.color == color).then_some(c);
        }
        f += dir;
    }
    None
}

/// Whether a royal man of `color` on this board is attacked by the
/// opponent's men on it.
pub(crate) fn royal_attacked_on_board(board: &Board, color: Color) -> bool {
    let mut royals = board.royals(color);
    while royals != 0 {
        let c = royals.trailing_zeros() as Cell;
        royals &= royals - 1;
        if board.attacked(c, color.other()) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// [`Board::attacked`] as it was first written: a walk from `target`
    /// along each line a man could attack it by.
    fn attacked_by_walking(board: &Board, size: Size, target: Cell, by: Color) -> bool {
        let (file, rank) = (i32::from(file_of(target)), i32::from(rank_of(target)));
        let man_at = |df: i32, dr: i32| -> Option<Man> {
            let c = size.at(file + df, rank + dr)?;
            board.man(c).filter(|m| m.color == by)
        };
        // Pawns and brawns attack diagonally forward.
        let r = -i32::from(rank_forward(by));
        for df in [-1, 1] {
            if man_at(df, r).is_some_and(|m| m.piece.is_pawnlike()) {
                return true;
            }
        }
        for v in KNIGHT_LEAPS {
            if v[0] == 0
                && v[1] == 0
                && man_at(i32::from(v[2]), i32::from(v[3]))
                    .is_some_and(|m| m.piece == Piece::Knight)
            {
                return true;
            }
        }
        for (df, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let axes: u8 = if df == 0 || dr == 0 { 1 } else { 2 };
            let mut k = 1;
            while let Some(c) = size.at(file + k * df, rank + k * dr) {
                if let Some(m) = board.man(c) {
                    if m.color == by
                        && (m.piece.slide_axes() & (1 << axes) != 0
                            || (k == 1 && matches!(m.piece, Piece::King | Piece::CommonKing)))
                    {
                        return true;
                    }
                    break;
                }
                k += 1;
            }
        }
        false
    }

    /// The tables' answer is the walk's, on random boards of every size
    /// from 1x1 to 8x8 with men of every kind and colour, for every cell
    /// and both sides.
    #[test]
    fn the_tables_find_the_attacks_a_walk_finds() {
        let mut rng = SplitMix64::new(7);
        let (mut asked, mut attacked) = (0, 0);
        for _ in 0..3_000 {
            let files = 1 + (rng.next_u64() % 8) as u8;
            let ranks = 1 + (rng.next_u64() % 8) as u8;
            let size = Size::new(files, ranks).expect("a size up to 8x8");
            let mut board = Board::empty();
            let men = rng.next_u64() % 12;
            for _ in 0..men {
                let cell = size.at(
                    (rng.next_u64() % u64::from(files)) as i32,
                    (rng.next_u64() % u64::from(ranks)) as i32,
                );
                let piece = Piece::ALL[(rng.next_u64() % 12) as usize];
                let color = if rng.next_u64().is_multiple_of(2) {
                    Color::White
                } else {
                    Color::Black
                };
                if let Some(cell) = cell {
                    let unmoved = false;
                    board.put(
                        cell,
                        Some(Man {
                            color,
                            piece,
                            unmoved,
                        }),
                    );
                }
            }
            for file in 0..files {
                for rank in 0..ranks {
                    let target = size
                        .at(i32::from(file), i32::from(rank))
                        .expect("on the board");
                    for by in [Color::White, Color::Black] {
                        let walked = attacked_by_walking(&board, size, target, by);
                        assert_eq!(board.attacked(target, by), walked, "{board:?}");
                        asked += 1;
                        attacked += usize::from(walked);
                    }
                }
            }
        }
        assert!(
            attacked > asked / 10 && attacked < asked,
            "{attacked} of {asked}"
        );
    }
}
