//! The hypercuboid search held to the reference search
//! (`fived::search::brute_force_turns`, every order of every board move)
//! on small positions: the same set of legal turns, each once, in the
//! canonical form (the moves in the standard order); the same count; the
//! same verdict where there is none, checkmate in check and stalemate out
//! of it (F-10).

use std::collections::BTreeSet;
use std::path::PathBuf;

use chronomate_rules::fived::search::brute_force_turns;
use chronomate_rules::fived::{Action, FiveD, FiveDOptions, LISTED_TURNS, Move};
use chronomate_rules::{Outcome, Reason, Rules, Status};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

use crate::support::{data, published, states};

/// The turns of `list` in the canonical form, checked listed once each.
fn canonical(list: &[Action], who: &str, what: &str) -> BTreeSet<Vec<Move>> {
    let set: BTreeSet<Vec<Move>> = list.iter().map(|t| t.moves.clone()).collect();
    assert_eq!(set.len(), list.len(), "{what}: {who} lists a turn twice");
    set
}

/// Holds the game's legal turns (`legal_actions`, `count_actions`) and
/// its status to the reference search's; returns the reference's turns,
/// sorted. `None`, comparing nothing, where the game lists
/// [`LISTED_TURNS`] or more: too many for the reference.
fn compared(game: &FiveD, what: &str) -> Option<Vec<Action>> {
    let listed = game.legal_actions();
    if listed.len() >= LISTED_TURNS {
        return None;
    }
    let reference = brute_force_turns(game);
    let fast = canonical(&listed, "the hypercuboid search", what);
    let slow = canonical(&reference, "the reference search", what);
    if fast != slow {
        let texts = |a: &BTreeSet<Vec<Move>>, b: &BTreeSet<Vec<Move>>| -> Vec<String> {
            a.difference(b)
                .take(5)
                .map(|moves| {
                    game.notation(&Action {
                        moves: moves.clone(),
                    })
                })
                .collect()
        };
        panic!(
            "{what}: {} turns against the reference's {}; missing {:?}, extra {:?}",
            fast.len(),
            slow.len(),
            texts(&slow, &fast),
            texts(&fast, &slow)
        );
    }
    assert_eq!(
        game.count_actions(LISTED_TURNS),
        slow.len(),
        "{what}: count"
    );
    let verdict = match (slow.is_empty(), game.is_check()) {
        (false, _) => Status::Ongoing,
        (true, true) => Status::Finished(Outcome::win(game.to_move().other(), Reason::Checkmate)),
        (true, false) => Status::Finished(Outcome::draw(Reason::Stalemate)),
    };
    assert_eq!(game.status(), verdict, "{what}: verdict");
    Some(slow.into_iter().map(|moves| Action { moves }).collect())
}

/// Timelines the side to move may move on: the reference search tries
/// every order of their moves, so positions are chosen with few.
fn playable(game: &FiveD) -> usize {
    game.playable(game.to_move()).len()
}

/// Two men jump onto the same cell of the same past board, each opening
/// a timeline: the two orders leave alike multiverses (the new timelines'
/// boards are the same) yet are two turns, as ftxi counts them
/// (`own/counts.txt`) and the hypercuboid search lists them. The
/// reference search once took turns leaving the same multiverse for one
/// and found one fewer. Looked for on every position of the corpus's
/// kings-only game small enough for the reference.
#[test]
fn swapped_branching_jumps_are_two_turns() {
    let mut found = 0;
    for (i, game) in states(&data("own/just-kings.5dpgn")).iter().enumerate() {
        if playable(game) > 3 {
            continue;
        }
        let Some(turns) = compared(game, &format!("just-kings, position {i}")) else {
            continue;
        };
        let listed: BTreeSet<&[Move]> = turns.iter().map(|t| &t.moves[..]).collect();
        for turn in &turns {
            let [a, b] = &turn.moves[..] else { continue };
            if a.to != b.to || !a.is_jump() || !b.is_jump() {
                continue;
            }
            let swapped = [*b, *a];
            assert!(
                listed.contains(&swapped[..]),
                "position {i}: {} is listed, the other order not",
                game.notation(turn)
            );
            found += 1;
        }
    }
    assert!(found >= 2, "{found} turns of two jumps onto one cell");
}

/// Positions judged checkmate or stalemate by the fast search (the
/// corpus's game ends with at most three playable boards) are searched
/// again by the reference, which finds no turn.
#[test]
fn the_reference_judges_mates_afresh() {
    let (mut mates, mut stalemates) = (0, 0);
    for (name, marks) in published("own/mates.txt") {
        let game = states(&data(&format!("own/{name}"))).pop().unwrap();
        if marks.ends_with('n') || playable(&game) > 3 {
            continue;
        }
        assert!(game.status().is_over(), "{name}");
        assert_eq!(compared(&game, &name), Some(Vec::new()), "{name}");
        mates += usize::from(marks.ends_with('c'));
        stalemates += usize::from(marks.ends_with('s'));
    }
    assert!(
        mates >= 2 && stalemates >= 2,
        "{mates} mates, {stalemates} stalemates"
    );
}

/// The fixture records `tools.rs` checks are refused (an illegal castle,
/// a game under other rules).
const REFUSED: [&str; 2] = [
    "tools/bitboard/white-castle-illegal.5dpgn",
    "tools/reflected-checkmate.5dpgn",
];

/// Every fixture record but the refused, by its path under `data/`.
fn records() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fived/data");
    let mut out = Vec::new();
    for dir in [
        "own",
        "ftxi",
        "tools",
        "tools/bitboard",
        "tools/inc_timelines",
    ] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let name = format!("{dir}/{}", entry.unwrap().file_name().to_string_lossy());
            if name.ends_with(".5dpgn") && !REFUSED.contains(&name.as_str()) {
                out.push(name);
            }
        }
    }
    out.sort();
    out
}

/// Mates on three playable boards that the reference walks in about a
/// second.
const THREE_BOARD_MATES: [&str; 1] = ["tools/princess-checkmate.5dpgn"];

/// Timelines a published position may have to be compared, unless it
/// ends its game: the positions with more mostly list too many turns,
/// and finding that takes most of the time.
const MOST_LINES: i32 = 5;

/// The positions of the published games (the start, then after each
/// turn) with at most two playable boards, fewer than [`LISTED_TURNS`]
/// legal turns, and at most [`MOST_LINES`] timelines where they do not
/// end the game; and a mate on three boards.
#[test]
fn published_positions_agree() {
    let (mut positions, mut turns, mut ended) = (0, 0, 0);
    for name in records() {
        let games = states(&data(&name));
        let last = games.len() - 1;
        for (i, game) in games.iter().enumerate() {
            let (lo, hi) = game.line_range();
            let few = playable(game) <= 2 && (hi - lo < MOST_LINES || i == last);
            let mate = i == last && THREE_BOARD_MATES.contains(&name.as_str());
            if !few && !mate {
                continue;
            }
            if let Some(found) = compared(game, &format!("{name}, position {i}")) {
                positions += 1;
                turns += found.len();
                ended += usize::from(found.is_empty());
            }
        }
    }
    eprintln!("{positions} positions, {turns} turns, {ended} without one");
    assert!(positions >= 540 && turns >= 39_000 && ended >= 6);
}

/// Small starts, few men: one timeline or two, fairy men, brawns, a
/// promotion choice.
const STARTS: [&str; 8] = [
    "board:focused-just-kings",
    "board:very-small-open",
    "board:misc-timeline-tactitian",
    "board:misc-timeline-fragments",
    "board:focused-just-knights",
    "board:checkmate-practice-rook",
    "board:focused-just-unicorns promotions:QN",
    "board:focused-just-brawns",
];

/// The most playable boards a random game is compared on.
const MOST_BOARDS: usize = 3;

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: RngSeed::Fixed(0x5d),
        ..ProptestConfig::default()
    })]

    /// Random games from small starts, each turn drawn from the
    /// reference's list, compared at every position until the game ends,
    /// grows past [`MOST_BOARDS`] playable boards or lists too many turns.
    #[test]
    fn random_small_games_agree(
        start in prop::sample::select(STARTS.to_vec()),
        choices in prop::collection::vec(any::<u32>(), 4..24),
    ) {
        let options = FiveDOptions::parse(start).unwrap();
        let mut game = FiveD::new(&options, 0);
        let mut played = Vec::new();
        for choice in choices {
            if playable(&game) > MOST_BOARDS {
                break;
            }
            let what = format!("{start} after {played:?}");
            let Some(turns) = compared(&game, &what) else {
                break;
            };
            let Some(turn) = turns.get(choice as usize % turns.len().max(1)) else {
                break;
            };
            played.push(game.notation(turn));
            game.apply(turn).unwrap();
        }
    }
}
