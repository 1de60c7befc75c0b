//! Hand-built views shared by the golden tests, the benchmark and the
//! sample generator (`cargo run -p chronomate-render --example samples`).
#![allow(dead_code)]

pub mod fived;

use chronomate_rules::Color;
use chronomate_rules::view::{
    Arrow, ArrowKind, BoardCell, BoardView, Counter, CounterKind, Figure, Hand, Highlight,
    HighlightKind, Layout, Man, Pending, Shape, Stage, View,
};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// A square name such as "e4" as a Square8 cell.
pub fn sq(name: &str) -> u8 {
    let b = name.as_bytes();
    (b[1] - b'1') * 8 + (b[0] - b'a')
}

/// A cube cell such as "Bc3" (level, file, rank) as a Cube4 cell.
pub fn cube(name: &str) -> u8 {
    let b = name.as_bytes();
    (b[0] - b'A') * 16 + (b[2] - b'1') * 4 + (b[1] - b'a')
}

pub fn figure(c: char) -> Figure {
    match c.to_ascii_lowercase() {
        'k' => Figure::King,
        'q' => Figure::Queen,
        'r' => Figure::Rook,
        'b' => Figure::Bishop,
        'n' => Figure::Knight,
        'u' => Figure::Unicorn,
        _ => Figure::Pawn,
    }
}

pub fn man(c: char) -> Man {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Man::new(color, figure(c))
}

/// An 8x8 board from the placement field of a FEN.
pub fn board(placement: &str) -> BoardView {
    let mut b = BoardView::empty(Shape::Square8);
    for (i, rank) in placement.split('/').enumerate() {
        let r = 7 - i as u8;
        let mut f = 0u8;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                f += d as u8;
            } else {
                b.cells[(r * 8 + f) as usize] = Some(man(c));
                f += 1;
            }
        }
    }
    b
}

fn hl(cell: u8, kind: HighlightKind) -> Highlight {
    Highlight { cell, kind }
}

pub fn last_move(b: &mut BoardView, from: &str, to: &str) {
    b.highlights.push(hl(sq(from), HighlightKind::LastMoveFrom));
    b.highlights.push(hl(sq(to), HighlightKind::LastMoveTo));
}

/// One board, the starting position.
pub fn start() -> View {
    let mut b = board(START);
    b.to_move = Some(Color::White);
    View {
        title: Some("Standard · move 1 · white to move".into()),
        perspective: Some(Color::White),
        boards: vec![b],
        ..View::default()
    }
}

/// An Italian game after 4...Nf6? 5.Ng5 ... with check: last move and
/// check highlights, a caption and a label.
pub fn middlegame() -> View {
    let mut b = board("r1bqk2r/pppp1Bpp/2n2n2/2b1p3/4P3/5N2/PPPP1PPP/RNBQK2R");
    last_move(&mut b, "c4", "f7");
    b.highlights.push(hl(sq("e8"), HighlightKind::Check));
    b.label = Some("Standard".into());
    b.caption = Some("4. Bxf7+ · black to move".into());
    b.to_move = Some(Color::Black);
    View {
        title: Some("Italian game · black is in check".into()),
        perspective: Some(Color::Black),
        boards: vec![b],
        ..View::default()
    }
}

/// Every man mark on one board: stages, counters, ghosts, pending men,
/// hands and notes.
pub fn marks() -> View {
    let mut b = board("r3k2r/ppp2ppp/2n5/3qp3/3P4/2N2N2/PPP2PPP/R2QK2R");
    let set = |b: &mut BoardView, s: &str, f: &dyn Fn(&mut Man)| {
        if let Some(m) = b.cells[sq(s) as usize].as_mut() {
            f(m);
        }
    };
    set(&mut b, "d5", &|m| m.stage = Some(Stage::Traveling));
    set(&mut b, "c3", &|m| m.stage = Some(Stage::Traveled));
    set(&mut b, "f3", &|m| {
        m.counter = Some(Counter {
            kind: CounterKind::Red,
            count: 2,
        })
    });
    set(&mut b, "c6", &|m| {
        m.counter = Some(Counter {
            kind: CounterKind::Black,
            count: 1,
        })
    });
    set(&mut b, "d4", &|m| m.ghost = true);
    b.cells[sq("b5") as usize] = Some(Man {
        ghost: true,
        ..Man::new(Color::Black, Figure::Bishop)
    });
    b.cells[sq("g5") as usize] = Some(Man {
        counter: Some(Counter {
            kind: CounterKind::Black,
            count: 12,
        }),
        ..Man::new(Color::White, Figure::Bishop)
    });
    last_move(&mut b, "d8", "d5");
    b.label = Some("Present · move 9".into());
    b.to_move = Some(Color::White);
    b.current = true;
    let traveled_knight = Man {
        stage: Some(Stage::Traveled),
        ..Man::new(Color::White, Figure::Knight)
    };
    View {
        title: Some("Every mark".into()),
        perspective: Some(Color::White),
        boards: vec![b],
        hands: vec![
            Hand {
                color: Color::White,
                men: vec![(man('P'), 2), (man('N'), 1)],
            },
            Hand {
                color: Color::Black,
                men: vec![(man('q'), 1), (man('p'), 3)],
            },
        ],
        pending: vec![
            Pending {
                man: traveled_knight,
                label: "move 9".into(),
            },
            Pending {
                man: man('b'),
                label: "move 12 · dark squares".into(),
            },
        ],
        notes: vec![
            "d5: traveling (faded, ↶ badge) · c3: traveled (★ badge)".into(),
            "f3, c6, g5: counters · d4, b5: ghosts (disappeared)".into(),
            "white: 1 backward travel left".into(),
        ],
        ..View::default()
    }
}

/// A Temporal-chess style 4x4x4 field with unicorns and counters.
pub fn cube4() -> View {
    let mut b = BoardView::empty(Shape::Cube4);
    let put = |b: &mut BoardView, cell: &str, m: Man| b.cells[cube(cell) as usize] = Some(m);
    for (cell, c) in [
        ("Aa1", 'R'),
        ("Ab1", 'N'),
        ("Ac1", 'B'),
        ("Ad1", 'K'),
        ("Aa2", 'P'),
        ("Ab2", 'P'),
        ("Ac2", 'P'),
        ("Ad2", 'P'),
        ("Ba1", 'Q'),
        ("Bb1", 'U'),
        ("Bc1", 'U'),
        ("Bd1", 'R'),
        ("Ba2", 'P'),
        ("Bd2", 'P'),
        ("Dd4", 'r'),
        ("Dc4", 'n'),
        ("Db4", 'b'),
        ("Da4", 'k'),
        ("Dd3", 'p'),
        ("Dc3", 'p'),
        ("Db3", 'p'),
        ("Cd4", 'q'),
        ("Cc4", 'u'),
        ("Cb4", 'u'),
        ("Ca4", 'r'),
        ("Ca3", 'p'),
    ] {
        put(&mut b, cell, man(c));
    }
    put(
        &mut b,
        "Bb3",
        Man {
            counter: Some(Counter {
                kind: CounterKind::Red,
                count: 1,
            }),
            ..man('P')
        },
    );
    put(
        &mut b,
        "Cc2",
        Man {
            counter: Some(Counter {
                kind: CounterKind::Black,
                count: 3,
            }),
            ..man('p')
        },
    );
    put(
        &mut b,
        "Bc2",
        Man {
            ghost: true,
            ..man('P')
        },
    );
    b.highlights
        .push(hl(cube("Bc2"), HighlightKind::LastMoveFrom));
    b.highlights
        .push(hl(cube("Cc2"), HighlightKind::LastMoveTo));
    b.highlights.push(hl(cube("Ad1"), HighlightKind::Check));
    b.label = Some("Temporal · turn 7".into());
    b.to_move = Some(Color::White);
    View {
        title: Some("Temporal chess".into()),
        perspective: Some(Color::White),
        boards: vec![b],
        hands: vec![Hand {
            color: Color::White,
            men: vec![(man('U'), 1), (man('P'), 2)],
        }],
        notes: vec!["Levels A (bottom) to D (top); U = unicorn".into()],
        ..View::default()
    }
}

/// Plays a few plausible moves from the start for timeline boards: the
/// board after `n` half-moves of a fixed line.
pub fn line_position(n: usize) -> BoardView {
    const LINE: [&str; 8] = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R",
    ];
    if n == 0 {
        board(START)
    } else {
        board(LINE[(n - 1) % LINE.len()])
    }
}

/// 5D-style timelines: three timelines, travel and trans-universe arrows,
/// owed, touched, current and ended boards.
pub fn timelines() -> View {
    let mut boards = Vec::new();
    let mut add = |row: u32, col: u32, label: String| {
        let mut b = line_position(col as usize);
        b.row = row;
        b.column = col;
        b.label = Some(label);
        b.to_move = Some(if col.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        });
        boards.push(b);
        boards.len() - 1
    };
    for c in 0..6 {
        add(0, c, format!("L0 T{}", c + 1));
    }
    for c in 3..6 {
        add(1, c, format!("L1 T{}", c + 1));
    }
    for c in 4..6 {
        add(2, c, format!("L-1 T{}", c + 1));
    }
    // Present boards owe moves; the last action touched L1.
    boards[5].owed = true;
    boards[5].current = true;
    boards[8].owed = true;
    boards[8].touched = true;
    last_move(&mut boards[8], "g1", "f3");
    boards[10].ended = Some("1-0 checkmate".into());
    boards[10].caption = Some("branch ended".into());
    let arrows = vec![
        Arrow {
            from: BoardCell {
                board: 4,
                cell: sq("b1"),
            },
            to: BoardCell {
                board: 6,
                cell: sq("c3"),
            },
            kind: ArrowKind::Travel,
        },
        Arrow {
            from: BoardCell {
                board: 5,
                cell: sq("g8"),
            },
            to: BoardCell {
                board: 9,
                cell: sq("f6"),
            },
            kind: ArrowKind::TransUniverse,
        },
    ];
    View {
        title: Some("5D-style timelines · white to move on L0 and L1".into()),
        perspective: Some(Color::White),
        layout: Layout::Timelines,
        boards,
        arrows,
        notes: vec!["Arrows: travel (solid), trans-universe (dashed)".into()],
        ..View::default()
    }
}

/// A Many Worlds grid of six worlds.
pub fn grid() -> View {
    let mut boards = Vec::new();
    for i in 0..6 {
        let mut b = line_position(3 + i);
        b.label = Some(format!("World {}", ["I", "II", "III", "IV", "V", "VI"][i]));
        b.to_move = Some(if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        });
        b.owed = i % 2 == 0;
        boards.push(b);
    }
    boards[1].ended = Some("½-½ stalemate".into());
    boards[2].touched = true;
    last_move(&mut boards[2], "f1", "c4");
    View {
        title: Some("Many Worlds · 6 worlds".into()),
        perspective: Some(Color::White),
        layout: Layout::Grid,
        boards,
        ..View::default()
    }
}

/// A big multiverse: `rows` timelines of up to `cols` steps, timeline r
/// starting at column r, with travel arrows between them.
pub fn big_timelines(rows: u32, cols: u32) -> View {
    let mut boards = Vec::new();
    let mut arrows = Vec::new();
    for r in 0..rows {
        let first = boards.len();
        for c in r.min(cols - 1)..cols {
            let mut b = line_position(c as usize);
            b.row = r;
            b.column = c;
            b.label = Some(format!("L{r} T{}", c + 1));
            b.to_move = Some(if c % 2 == 0 {
                Color::White
            } else {
                Color::Black
            });
            b.owed = c == cols - 1;
            boards.push(b);
        }
        if r > 0 {
            arrows.push(Arrow {
                from: BoardCell {
                    board: first - 1,
                    cell: sq("g1"),
                },
                to: BoardCell {
                    board: first,
                    cell: sq("f3"),
                },
                kind: ArrowKind::Travel,
            });
        }
    }
    View {
        title: Some(format!(
            "Multiverse snapshot · {rows} timelines × {cols} steps"
        )),
        perspective: Some(Color::White),
        layout: Layout::Timelines,
        boards,
        arrows,
        ..View::default()
    }
}

/// A big Many Worlds grid of `n` boards.
pub fn big_grid(n: usize) -> View {
    let boards = (0..n)
        .map(|i| {
            let mut b = line_position(i % 9);
            b.label = Some(format!("W{}", i + 1));
            b.owed = i % 7 == 0;
            b
        })
        .collect();
    View {
        title: Some(format!("Many Worlds · {n} worlds")),
        perspective: Some(Color::White),
        layout: Layout::Grid,
        boards,
        ..View::default()
    }
}

/// Every figure in every state, one state a rank: plain (ranks 1-2),
/// traveling (3-4), ghost (5-6), traveled with counters (7-8); white on odd
/// ranks.
pub fn gallery() -> View {
    // The first seven kinds, King to Unicorn: one a file.
    let figures = &Figure::ALL[..7];
    let mut b = BoardView::empty(Shape::Square8);
    for rank in 0..8u8 {
        let color = if rank % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        for (file, &f) in figures.iter().enumerate() {
            let mut m = Man::new(color, f);
            match rank / 2 {
                1 => m.stage = Some(Stage::Traveling),
                2 => m.ghost = true,
                3 => {
                    m.stage = Some(Stage::Traveled);
                    m.counter = Some(Counter {
                        kind: if file % 2 == 0 {
                            CounterKind::Red
                        } else {
                            CounterKind::Black
                        },
                        count: [1, 2, 3, 9, 10, 42, 255][file],
                    });
                }
                _ => {}
            }
            b.cells[(rank * 8 + file as u8) as usize] = Some(m);
        }
    }
    b.label = Some("Gallery".into());
    b.caption = Some("1-2 plain · 3-4 traveling · 5-6 ghost · 7-8 traveled + counters".into());
    View {
        title: Some("Every man, every mark".into()),
        perspective: Some(Color::White),
        boards: vec![b],
        ..View::default()
    }
}

/// A record of up to `actions` random legal actions from the start of
/// `variant` (seeded, so the same every run). Actions that would end the
/// game are avoided while others exist, so games last; it stops early only
/// if every action ends it.
pub fn random_record(
    options: impl Into<chronomate_rules::Options>,
    seed: u64,
    actions: usize,
) -> Vec<String> {
    let mut game = chronomate_rules::Game::new(options, seed);
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut record = Vec::with_capacity(actions);
    while record.len() < actions && !game.status().is_over() {
        let mut legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let mut chosen = None;
        for _ in 0..12 {
            if legal.is_empty() {
                break;
            }
            let action = legal.swap_remove(next(legal.len()));
            let mut after = game.clone();
            after.play(&action).expect("a legal action plays");
            let over = after.status().is_over();
            if chosen.is_none() || !over {
                chosen = Some((action, after));
            }
            if !over {
                break;
            }
        }
        let Some((action, after)) = chosen else { break };
        game = after;
        record.push(action);
    }
    record
}

/// A record of up to `actions` random actions of a multiverse game,
/// chosen cheaply through the rules' face instead of listing every travel
/// of every branch: a board that owes a move, one of its moves from the
/// autocomplete (`(L3)`), and one time in six a man of the mover's on that
/// board sent back in time with it (`(L3)Nf3 Pe4>` lists his travels).
/// Mates, resignations and actions that end the game are avoided while
/// others exist, so the game lasts.
pub fn random_multiverse_record(
    options: chronomate_rules::Options,
    seed: u64,
    actions: usize,
) -> Vec<String> {
    let mut game = chronomate_rules::Game::new(options, seed);
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n.max(1) as u64) as usize
    };
    let letter = |f: Figure| match f {
        Figure::King => 'K',
        Figure::Queen => 'Q',
        Figure::Rook => 'R',
        Figure::Bishop => 'B',
        Figure::Knight => 'N',
        _ => 'P',
    };
    let mut record = Vec::with_capacity(actions);
    while record.len() < actions && !game.status().is_over() {
        let turn = game.turn();
        let Some(board) = turn.boards.get(next(turn.boards.len())).cloned() else {
            break;
        };
        let mut moves = game.suggest(&format!("({board})"), 256);
        moves.retain(|m| !m.contains("resign") && !m.ends_with('#'));
        if moves.is_empty() {
            moves = game.legal_actions();
        }
        if !moves.is_empty() && next(6) == 0 {
            // A traveller: one of the mover's men on that board.
            let view = game.view();
            let men: Vec<(char, u8)> = view
                .boards
                .iter()
                .filter(|b| {
                    b.label
                        .as_deref()
                        .is_some_and(|l| l.starts_with(&format!("{board} ")))
                })
                .flat_map(|b| b.cells.iter().enumerate())
                .filter_map(|(c, m)| {
                    m.filter(|m| m.color == turn.color)
                        .map(|m| (letter(m.figure), c as u8))
                })
                .collect();
            if let Some(&(l, c)) = men.get(next(men.len())) {
                let m = &moves[next(moves.len())];
                let sq = format!("{}{}", (b'a' + c % 8) as char, c / 8 + 1);
                let travels = game.suggest(&format!("{m} {l}{sq}>"), 64);
                if !travels.is_empty() {
                    moves = travels;
                }
            }
        }
        let mut chosen = None;
        for _ in 0..8 {
            if moves.is_empty() {
                break;
            }
            let action = moves.swap_remove(next(moves.len()));
            let mut after = game.clone();
            if after.play(&action).is_err() {
                continue;
            }
            let over = after.status().is_over();
            if chosen.is_none() || !over {
                chosen = Some((action, after));
            }
            if !over {
                break;
            }
        }
        let Some((action, after)) = chosen else { break };
        game = after;
        record.push(action);
    }
    record
}

/// The views of a replay of `record`: the start, then after each action.
pub fn replay_views(
    options: impl Into<chronomate_rules::Options>,
    seed: u64,
    record: &[String],
) -> impl Iterator<Item = View> + '_ {
    let mut game = chronomate_rules::Game::new(options, seed);
    let start = game.view();
    std::iter::once(start).chain(record.iter().map(move |a| {
        game.play(a).expect("the record replays");
        game.view()
    }))
}

/// A Gifford-style history: `rows` timelines of up to `cols` half-moves,
/// the last board of the last timeline the present (owes the next move).
pub fn history(rows: u32, cols: u32) -> View {
    let mut view = big_timelines(rows, cols);
    for b in &mut view.boards {
        b.owed = false;
    }
    if let Some(b) = view.boards.last_mut() {
        b.current = true;
        b.owed = true;
    }
    view.title = Some(format!(
        "Timeline {rows} · move {} · white to move",
        cols / 2 + 1
    ));
    view
}
