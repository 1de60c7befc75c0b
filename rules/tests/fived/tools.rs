//! 5dchess-tools v2's test games (`tests/games/`, MIT): checkmate,
//! stalemate and no mate exactly as its `tests/mate.rs` expects, the checks
//! of its `tests/bitboard.rs`, and the men's moves of
//! `tests/movements.rs`. Its `.5dpgn` games are read as they are; the
//! `.alexbay` ones were converted from its `.json` twins (their moves in
//! full coordinates, `data/tools/README.md`).

use chronomate_rules::fived::FiveD;
use chronomate_rules::{Outcome, Reason, Rules, Status};

use crate::support::{data, last, positions};

fn game(name: &str) -> FiveD {
    last(&data(&format!("tools/{name}.5dpgn")))
}

/// `tests/mate.rs`: the last position of each game.
#[test]
fn mates_and_non_mates_as_tools_expects() {
    let checkmates = [
        "defended-pawn-checkmate",
        "standard-checkmate",
        "standard-checkmate-2",
        "standard-checkmate-3",
        "standard-checkmate-4",
        "dead-timeline",
        "princess-checkmate",
    ];
    for name in checkmates {
        let g = game(name);
        assert_eq!(g.count_actions(1), 0, "{name}: no legal turn");
        assert!(
            matches!(
                g.status(),
                Status::Finished(Outcome {
                    reason: Reason::Checkmate,
                    ..
                })
            ),
            "{name}: {:?}",
            g.status()
        );
    }
    let g = game("standard-stalemate");
    assert_eq!(g.count_actions(1), 0);
    assert!(!g.is_check());
    assert_eq!(
        g.status(),
        Status::Finished(Outcome::draw(Reason::Stalemate))
    );
    for name in [
        "tricky-nonmate",
        "standard-nonmate",
        "standard-nonmate-2",
        "issue-1",
        "dead-timeline-2",
    ] {
        let g = game(name);
        assert_eq!(g.status(), Status::Ongoing, "{name}");
        let turn = g.legal_turns().next().unwrap_or_else(|| panic!("{name}"));
        let mut next = g.clone();
        next.apply(&turn).unwrap();
    }
}

/// `tests/bitboard.rs`: the side to move is in check, by the man and
/// across the boards tools names.
#[test]
fn checks_as_tools_finds_them() {
    for (name, from, to) in [
        ("pawn-check", "(0T5)f2", "(0T5)e1"),
        ("queen-check", "(0T3)h4", "(0T3)e1"),
        ("rook-check", "(0T4)e6", "(0T4)e1"),
        ("knight-check", "(0T4)f3", "(0T4)e1"),
        ("bishop-timecheck", "(0T6)e6", "(0T1)e1"),
        ("unicorn-timecheck", "(0T5)a5", "(0T1)e1"),
        ("unicorn-dimension-check", "(-1T4)h4", "(2T4)e1"),
    ] {
        let g = game(&format!("bitboard/{name}"));
        assert!(g.is_check(), "{name}");
        let (by, royal) = g.checking_capture().unwrap();
        assert_eq!(
            (g.spot_name(by), g.spot_name(royal)),
            (from.to_owned(), to.to_owned()),
            "{name}"
        );
    }
}

/// `tests/bitboard.rs`: castling out of check (Black's bishop took on d2)
/// is refused (F-8); castling elsewhere is played.
#[test]
fn castling_as_tools_expects() {
    let games = positions(&data("tools/bitboard/white-castle.5dpgn"));
    assert_eq!(games.len(), 8);
    let text = data("tools/bitboard/white-castle-illegal.5dpgn");
    let before: String = text
        .lines()
        .filter(|l| !l.contains("O-O"))
        .collect::<Vec<_>>()
        .join("\n");
    let g = last(&before);
    let refused = g.parse("(0T4)O-O").unwrap_err();
    assert_eq!(
        refused.rule(),
        Some(chronomate_rules::Rule::F_6),
        "{refused}"
    );
}

/// `tests/movements.rs`: the king's moves, castling and one back in time
/// included, and the brawns' moves, en passant included.
#[test]
fn men_move_as_tools_expects() {
    let moves_of = |g: &FiveD, prefix: &str| -> Vec<String> {
        let mut m: Vec<String> = g
            .draft_moves(&[])
            .unwrap()
            .into_iter()
            .filter(|m| m.starts_with(prefix))
            .collect();
        m.sort();
        m
    };
    let g = game("standard-castle");
    let mut king = moves_of(&g, "(0T4)K");
    king.extend(moves_of(&g, "(0T4)O-O"));
    assert_eq!(king, ["(0T4)Ke1>>(0T3)e2", "(0T4)Kf1", "(0T4)O-O"]);
    // Brawns on b1, c3 (beside Black's brawn that double-stepped to b3),
    // d1 and e3: tools lists c3's b4 (en passant) and c4, d1's d2 and d3,
    // e3's e4.
    let g = game("brawns-en-passant");
    assert_eq!(
        moves_of(&g, "(0T3)W"),
        [
            "(0T3)Wb2",
            "(0T3)Wc3b4",
            "(0T3)Wc4",
            "(0T3)Wd2",
            "(0T3)Wd3",
            "(0T3)We4"
        ]
    );
}

/// `reflected-checkmate` (a chessin5d game of January 2021) cannot be
/// replayed: on turn 8 Black's pawn on (0T4)h6, which had moved, steps two
/// timelines to (2T4)h6, where F-7 allows a moved pawn one. The recording
/// client erred; the move is refused, for the reason that it is no move
/// of that man.
#[test]
fn a_recorded_illegal_pawn_move_is_refused() {
    let text = data("tools/reflected-checkmate.5dpgn");
    let record = chronomate_rules::record::read(chronomate_rules::Variant::FiveD, &text).unwrap();
    let mut g = FiveD::new(crate::support::fived(&record.options), 0);
    for turn in &record.actions[..15] {
        let action = g.parse(turn).unwrap();
        g.apply(&action).unwrap();
    }
    let turn = &record.actions[15];
    assert!(turn.contains("(0T4)h6>(2T4)h6"), "{turn}");
    let refused = g.parse(turn).unwrap_err();
    assert_eq!(
        refused.rule(),
        Some(chronomate_rules::Rule::F_6),
        "{refused}"
    );
    assert!(refused.to_string().contains("(0T4)h6>(2T4)h6"), "{refused}");
    let before_pawn = turn.split(" (0T4)h6").next().unwrap();
    let mut draft: Vec<String> = Vec::new();
    for mv in before_pawn.split(' ') {
        draft.push(g.draft_move(&draft, mv).unwrap());
    }
    assert!(g.draft_move(&draft, "(0T4)h6>(1T4)h6").is_ok());
    assert!(g.draft_move(&draft, "(0T4)h6>(2T4)h6").is_err());
}

/// Every position of every game replays, and the games that name a
/// board read its header.
#[test]
fn every_tools_game_replays() {
    let names = [
        "brawns-empty",
        "brawns-en-passant",
        "brawns-pre-en-passant",
        "standard-check",
        "standard-complex",
        "standard-complex-2",
        "standard-d4",
        "standard-d4d5",
        "standard-empty",
        "standard-t0-empty",
        "inc_timelines/1",
        "inc_timelines/2",
        "inc_timelines/3",
        "inc_timelines/4",
        "inc_timelines/5",
        "inc_timelines/6",
        "inc_timelines/8",
        "inc_timelines/9",
        "inc_timelines/10",
        "inc_timelines/12",
        "inc_timelines/13",
    ];
    for name in names {
        let games = positions(&data(&format!("tools/{name}.5dpgn")));
        assert!(games.iter().all(|g| g.count_actions(1) == 1), "{name}");
    }
}
