//! Hand-built 5D views, laid out as the 5d rules describe their snapshot:
//! one row a timeline (ordered by L, most negative on top), one column a
//! board, `column = 2 * (T - first T) + (1 on Black's board)`, labels
//! `L0 T5`, the present's column in `View::present`.

use chronomate_rules::Color;
use chronomate_rules::view::{
    Arrow, ArrowKind, BoardCell, BoardView, Figure, Layout, Man, Shape, View,
};

use super::{board, last_move, line_position, sq};

/// The side to move on the board at `column`.
pub fn side(column: u32) -> Color {
    if column.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// `L0`, `L-1`, `L+0`... as 5DPGN writes timelines.
pub fn timeline_name(l: i32) -> String {
    format!("L{l}")
}

/// A board of timeline `l` (its `row`) at `column`, labelled.
pub fn at(mut b: BoardView, row: u32, l: i32, column: u32, first_turn: u32) -> BoardView {
    b.row = row;
    b.column = column;
    b.label = Some(format!("{} T{}", timeline_name(l), first_turn + column / 2));
    b.to_move = Some(side(column));
    b
}

/// Names the rows (`L-1`...) and the turns (`T1` over columns 0-1...) of
/// `view`, timelines `ls` top to bottom, the first column turn
/// `first_turn`.
pub fn name(view: &mut View, ls: &[i32], first_turn: u32) {
    view.row_names = ls
        .iter()
        .enumerate()
        .map(|(row, &l)| (row as u32, timeline_name(l)))
        .collect();
    let last = view.boards.iter().map(|b| b.column).max().unwrap_or(0);
    view.column_names = (0..=last / 2)
        .map(|t| (2 * t, format!("T{}", first_turn + t)))
        .collect();
}

fn cell(board: usize, name: &str) -> BoardCell {
    BoardCell {
        board,
        cell: sq(name),
    }
}

fn arrow(from: BoardCell, to: BoardCell, kind: ArrowKind) -> Arrow {
    Arrow { from, to, kind }
}

/// A 5D Standard middlegame at turn 6, white to move: five timelines.
///
/// - L0 from T1; L1 opened by White's knight jumping from L0 T3 to T2
///   (`>>`); L-1 opened by Black's bishop from L0 T4 to T3; L2 opened by
///   White from L1 T5 to L0 T4, active (Black has opened one); L3 opened
///   by White the same turn, inactive (White has opened two more than
///   Black): shaded.
/// - Last turn Black's rook jumped from L-1 T5 onto L0's last board (`>`,
///   no new timeline).
/// - The present is T6 White (column 10): L-1, L0 and L1 owe a move there;
///   L2 is a turn ahead (Black's board), L3 lags behind, inactive.
pub fn standard_middlegame() -> View {
    let mut boards = Vec::new();
    // (row, L, first column, last column)
    let lines = [
        (0, -1, 6, 10),
        (1, 0, 0, 10),
        (2, 1, 3, 10),
        (3, 2, 7, 11),
        (4, 3, 5, 8),
    ];
    let mut first = Vec::new();
    let index = |row: u32, column: u32| -> usize {
        let l = lines[row as usize];
        let start: u32 = lines[..row as usize]
            .iter()
            .map(|&(_, _, a, b)| b - a + 1)
            .sum();
        start as usize + (column - l.2) as usize
    };
    for &(row, l, a, b) in &lines {
        first.push(boards.len());
        for column in a..=b {
            let mut board = line_position(column as usize + row as usize);
            // The travellers: a white knight on L1 and L2, a black bishop
            // on L-1.
            match l {
                1 | 2 => {
                    board.cells[sq("e5") as usize] = Some(Man::new(Color::White, Figure::Knight))
                }
                -1 => board.cells[sq("d4") as usize] = Some(Man::new(Color::Black, Figure::Bishop)),
                3 => board.inactive = true,
                _ => {}
            }
            boards.push(at(board, row, l, column, 1));
        }
    }
    // The present boards owe White a move; last turn's boards were touched.
    for row in 0..3 {
        let i = index(row, 10);
        boards[i].owed = true;
        boards[i].current = true;
        boards[i].touched = true;
    }
    let l0 = index(1, 10);
    boards[l0].cells[sq("d4") as usize] = Some(Man::new(Color::Black, Figure::Rook));
    last_move(&mut boards[l0], "d5", "d4");
    let lm1 = index(0, 10);
    last_move(&mut boards[lm1], "c8", "f5");
    let l1 = index(2, 10);
    last_move(&mut boards[l1], "f8", "c5");
    let l2 = index(3, 11);
    boards[l2].touched = true;
    last_move(&mut boards[l2], "g1", "f3");
    let arrows = vec![
        // L1: White's knight from L0 T3 to L0 T2 (>>), now on L1 T2.
        arrow(
            cell(index(1, 4), "g1"),
            cell(index(2, 3), "e5"),
            ArrowKind::Travel,
        ),
        // L-1: Black's bishop from L0 T4 to L0 T3 (>>), now on L-1 T4.
        arrow(
            cell(index(1, 7), "f8"),
            cell(index(0, 6), "d4"),
            ArrowKind::Travel,
        ),
        // L2 and L3, both White's at T5.
        arrow(
            cell(index(2, 8), "e5"),
            cell(index(3, 7), "e5"),
            ArrowKind::Travel,
        ),
        arrow(
            cell(index(1, 8), "b1"),
            cell(index(4, 5), "c3"),
            ArrowKind::Travel,
        ),
        // Last turn: Black's rook from L-1 T5 onto L0 T5 (>).
        arrow(cell(index(0, 9), "a8"), cell(l0, "d4"), ArrowKind::Jump),
    ];
    let mut view = View {
        title: Some("5D Standard · turn 6 · white to move on L-1, L0, L1".into()),
        perspective: Some(Color::White),
        layout: Layout::Timelines,
        boards,
        arrows,
        notes: vec!["L3 is inactive (White has opened two more timelines than Black)".into()],
        present: Some(10),
        ..View::default()
    };
    name(&mut view, &[-1, 0, 1, 2, 3], 1);
    view
}

/// Every 5D man beside his FIDE relative, both colours: White on ranks 1-2,
/// Black on ranks 7-8, each new man on the square after his relative.
pub fn figures() -> View {
    let mut b = BoardView::empty(Shape::Square8);
    let pairs = [
        (Figure::Pawn, Figure::Brawn),
        (Figure::Queen, Figure::RoyalQueen),
        (Figure::King, Figure::CommonKing),
        (Figure::Bishop, Figure::Unicorn),
    ];
    let tokens = [
        Figure::Unicorn,
        Figure::Dragon,
        Figure::Princess,
        Figure::Rook,
    ];
    for (color, home, second) in [(Color::White, 0u8, 1u8), (Color::Black, 7, 6)] {
        for (i, &(old, new)) in pairs.iter().enumerate() {
            let f = 2 * i as u8;
            b.cells[(home * 8 + f) as usize] = Some(Man::new(color, old));
            b.cells[(home * 8 + f + 1) as usize] = Some(Man::new(color, new));
        }
        for (i, &t) in tokens.iter().enumerate() {
            b.cells[(second * 8 + 2 * i as u8) as usize] = Some(Man::new(color, t));
        }
        for (i, &t) in tokens.iter().enumerate() {
            let f = 2 * i as u8 + 1;
            b.cells[(second * 8 + f) as usize] = Some(Man {
                ghost: true,
                ..Man::new(color, t)
            });
        }
    }
    b.label = Some("5D men".into());
    b.caption = Some("W brawn · Y royal queen · C common king · U D S tokens".into());
    View {
        title: Some("5D men beside their FIDE relatives".into()),
        perspective: Some(Color::White),
        boards: vec![b],
        ..View::default()
    }
}

/// A rectangle of `files` x `ranks` with kings, rooks and pawns (a 5D
/// small board), from a FEN-like placement cut to its size.
pub fn small_board(files: u8, ranks: u8, placement: &str) -> BoardView {
    let full = board(placement);
    let mut b = BoardView::empty(Shape::Rect { files, ranks });
    for rank in 0..ranks {
        for file in 0..files {
            let c = (rank * 8 + file) as usize;
            b.cells[c] = full.cells[c];
        }
    }
    b
}

/// Small boards of every size mixed in one timelines view: 4x4, 5x5, 6x6,
/// 7x7 and 8x8 rows, and a 5x5 board alone.
pub fn small_boards() -> View {
    let placements = [
        (4, 4, "8/8/8/8/nkrq4/pppp4/PPPP4/NKRQ4"),
        (5, 5, "8/8/8/rnbkq3/ppppp3/5/PPPPP3/RNBKQ3"),
        (6, 6, "8/8/rnbqkr2/pppppp2/8/8/PPPPPP2/RNBQKR2"),
        (7, 7, "8/rnbqkbn1/ppppppp1/8/8/8/PPPPPPP1/RNBQKBN1"),
    ];
    let mut boards = Vec::new();
    for (row, &(files, ranks, placement)) in placements.iter().enumerate() {
        for column in 0..3 {
            let b = small_board(files, ranks, placement);
            boards.push(at(b, row as u32, row as i32, column, 1));
        }
    }
    for column in 0..3 {
        boards.push(at(line_position(column as usize), 4, 4, column, 1));
    }
    let last = boards.len() - 1;
    boards[last].current = true;
    let mut view = View {
        title: Some("Boards of every size".into()),
        perspective: Some(Color::White),
        layout: Layout::Timelines,
        boards,
        present: Some(2),
        ..View::default()
    };
    name(&mut view, &[0, 1, 2, 3, 4], 1);
    view
}

/// A 5x5 board alone (5D's "Small" family).
pub fn five_by_five() -> View {
    let mut b = small_board(5, 5, "8/8/8/nbrkq3/ppppp3/8/PPPPP3/NBRKQ3");
    b.label = Some("L0 T1".into());
    b.to_move = Some(Color::White);
    View {
        title: Some("5D Small · 5x5".into()),
        perspective: Some(Color::White),
        boards: vec![b],
        ..View::default()
    }
}

/// A long 5D game: `timelines` timelines over `turns` turns, White's
/// present at the last turn. L0 runs from turn 1; the others branch off
/// in turn, alternately White's (L1, L2, ...) and Black's (L-1, ...), each
/// starting a few turns back from the turn it was opened, with the branch
/// drawn as travel; White opens two more than Black, so White's last two
/// are inactive and stop early. Last turn Black jumped (`>`) between the
/// first two timelines.
pub fn big_multiverse(timelines: u32, turns: u32) -> View {
    let timelines = timelines.max(1);
    let last = 2 * (turns.max(2) - 1); // White's board of the last turn.
    // L of each timeline in the order they were opened.
    let black = (timelines - 1).saturating_sub(2) / 2;
    let white = timelines - 1 - black;
    let mut opened: Vec<i32> = vec![0];
    let (mut w, mut b) = (0, 0);
    while w < white || b < black {
        if w < white {
            w += 1;
            opened.push(w as i32);
        }
        if b < black {
            b += 1;
            opened.push(-(b as i32));
        }
    }
    let mut ls = opened.clone();
    ls.sort_unstable();
    let row_of = |l: i32| ls.iter().position(|&x| x == l).unwrap_or(0) as u32;
    let inactive = |l: i32| l > black as i32 + 1;
    let mut boards = Vec::new();
    let mut spans = Vec::new(); // (l, first column, last column, first board)
    for (k, &l) in opened.iter().enumerate() {
        let opened_at = (k as u32 * last / timelines.max(1)) & !1;
        let first = if l == 0 {
            0
        } else {
            opened_at.saturating_sub(6) | if l > 0 { 1 } else { 0 }
        };
        let end = if inactive(l) {
            (opened_at + 8).min(last)
        } else if k % 3 == 1 {
            last + 1
        } else {
            last
        };
        spans.push((l, first, end, boards.len(), opened_at));
        for column in first..=end {
            let mut board = line_position((column as usize + k) % 9);
            board.inactive = inactive(l);
            let mut board = at(board, row_of(l), l, column, 1);
            if column == last && !inactive(l) {
                board.current = true;
                board.owed = true;
                board.touched = true;
            }
            boards.push(board);
        }
    }
    let board_at = |l: i32, column: u32| -> Option<usize> {
        let &(_, first, end, start, _) = spans.iter().find(|s| s.0 == l)?;
        (first..=end)
            .contains(&column)
            .then(|| start + (column - first) as usize)
    };
    let mut arrows = Vec::new();
    for (k, &(_, first, _, start, opened_at)) in spans.iter().enumerate().skip(1) {
        // Opened from the timeline opened just before, at its turn.
        let from_l = spans[k - 1].0;
        let from = board_at(from_l, opened_at.max(spans[k - 1].1)).or(board_at(0, opened_at));
        if let Some(from) = from {
            let _ = first;
            arrows.push(arrow(
                cell(from, "g1"),
                cell(start, "f3"),
                ArrowKind::Travel,
            ));
        }
    }
    if let (Some(a), Some(b)) = (board_at(-1, last - 1), board_at(0, last)) {
        arrows.push(arrow(cell(a, "a8"), cell(b, "d4"), ArrowKind::Jump));
        last_move(&mut boards[b], "d5", "d4");
    }
    let mut view = View {
        title: Some(format!(
            "5D · {timelines} timelines · turn {turns} · white to move"
        )),
        perspective: Some(Color::White),
        layout: Layout::Timelines,
        boards,
        arrows,
        present: Some(last),
        ..View::default()
    };
    name(&mut view, &ls, 1);
    view
}

/// White's draft of turn 6 of [`standard_middlegame`], not yet submitted:
/// a knight move on L0 and the knight of L1 jumping (`>`) onto L-1's
/// present board. The drafted moves are last-move highlights and an
/// arrow on the new boards; the title and a note say it is a draft.
pub fn draft() -> View {
    let mut view = standard_middlegame();
    let find = |view: &View, row: u32, column: u32| {
        view.boards
            .iter()
            .position(|b| b.row == row && b.column == column)
            .unwrap_or(0)
    };
    let mut added = Vec::new();
    for (row, l) in [(0u32, -1i32), (1, 0), (2, 1)] {
        let i = find(&view, row, 10);
        view.boards[i].owed = false;
        view.boards[i].current = false;
        view.boards[i].touched = false;
        let mut next = view.boards[i].clone();
        next.highlights.clear();
        next = at(next, row, l, 11, 1);
        next.current = true;
        next.touched = true;
        view.boards.push(next);
        added.push(view.boards.len() - 1);
    }
    let (lm1, l0, l1) = (added[0], added[1], added[2]);
    // L0: Nf3-e5.
    view.boards[l0].cells[sq("f3") as usize] = None;
    view.boards[l0].cells[sq("e5") as usize] = Some(Man::new(Color::White, Figure::Knight));
    last_move(&mut view.boards[l0], "f3", "e5");
    // L1's knight on e5 jumps to L-1's e5... landing on d6 there.
    view.boards[l1].cells[sq("e5") as usize] = None;
    view.boards[l1]
        .highlights
        .push(chronomate_rules::view::Highlight {
            cell: sq("e5"),
            kind: chronomate_rules::view::HighlightKind::LastMoveFrom,
        });
    view.boards[lm1].cells[sq("d6") as usize] = Some(Man::new(Color::White, Figure::Knight));
    view.boards[lm1]
        .highlights
        .push(chronomate_rules::view::Highlight {
            cell: sq("d6"),
            kind: chronomate_rules::view::HighlightKind::LastMoveTo,
        });
    view.arrows
        .push(arrow(cell(l1, "e5"), cell(lm1, "d6"), ArrowKind::Jump));
    view.present = Some(11);
    view.title = Some("Draft · turn 6 · white · 2 moves, not yet submitted".into());
    view.notes = vec![
        "Your draft: (0T6)Ne5 (1T6)Ne5>(-1T6)d6 · only you see it · /submit plays it, /undo takes back the last move".into(),
    ];
    view
}

/// `view` as it was when `column` was the present: the boards up to it,
/// the arrows between them, the last boards of the active timelines in
/// that column owed and current (a replay's frame, one a whole turn).
pub fn at_present(view: &View, column: u32) -> View {
    let keep: Vec<usize> = (0..view.boards.len())
        .filter(|&i| view.boards[i].column <= column)
        .collect();
    let new_index = |i: usize| keep.binary_search(&i).ok();
    let mut boards: Vec<BoardView> = keep.iter().map(|&i| view.boards[i].clone()).collect();
    let last_of = |row: u32, boards: &[BoardView]| {
        boards
            .iter()
            .filter(|b| b.row == row)
            .map(|b| b.column)
            .max()
    };
    let lasts: Vec<Option<u32>> = boards.iter().map(|b| last_of(b.row, &boards)).collect();
    for (b, last) in boards.iter_mut().zip(lasts) {
        let now = b.column == column && last == Some(column) && !b.inactive;
        (b.current, b.owed, b.touched) = (now, now, now);
    }
    let arrows = view
        .arrows
        .iter()
        .filter_map(|a| {
            let from = new_index(a.from.board)?;
            let to = new_index(a.to.board)?;
            Some(Arrow {
                from: BoardCell {
                    board: from,
                    ..a.from
                },
                to: BoardCell { board: to, ..a.to },
                kind: a.kind,
            })
        })
        .collect();
    let mut out = View {
        title: Some(format!("5D · turn {} · white to move", column / 2 + 1)),
        boards,
        arrows,
        present: Some(column),
        ..view.clone()
    };
    let last = out.boards.iter().map(|b| b.column).max().unwrap_or(0);
    out.column_names.retain(|&(c, _)| c <= last);
    let rows: Vec<u32> = out.boards.iter().map(|b| b.row).collect();
    out.row_names.retain(|(r, _)| rows.contains(r));
    out
}
