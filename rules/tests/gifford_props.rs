//! Properties of Gifford over random play with travel in both directions:
//! the state stays consistent, the record replays to the same game, every
//! printed action reads back as itself, and no text makes the reader panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::chess::{Piece, Role};
use chronomate_rules::geometry::Square;
use chronomate_rules::gifford::{Action, Gifford, history_table};
use chronomate_rules::{Color, Game, Options, Reason, Status, Variant};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Picks an action, favouring travel: a trip back a quarter of the time
/// when one is possible, a departure a third of the time.
fn pick(g: &Gifford, rng: &mut ChaCha8Rng) -> Option<Action> {
    let actions = g.legal_actions();
    if actions.is_empty() {
        return None;
    }
    let of =
        |f: fn(&Action) -> bool| -> Vec<Action> { actions.iter().copied().filter(&f).collect() };
    let backs = of(|a| matches!(a, Action::Back { .. }));
    let forwards = of(|a| matches!(a, Action::Forward { .. }));
    let moves = of(|a| matches!(a, Action::Move { .. }));
    let roll = rng.next_u64() % 12;
    let pool = if roll < 3 && !backs.is_empty() {
        backs
    } else if roll < 7 && !forwards.is_empty() {
        forwards
    } else if !moves.is_empty() {
        moves
    } else {
        actions
    };
    Some(pool[(rng.next_u64() % pool.len() as u64) as usize])
}

fn kings(g: &Gifford, color: Color) -> u32 {
    g.board().by_piece(Piece::new(color, Role::King)).count()
}

/// What must hold in every state.
fn check_consistent(g: &Gifford) -> Result<(), TestCaseError> {
    let us = g.mover();
    let m = g.move_number();
    prop_assert!(g.timeline_count() <= 5);
    let backs = |c| u32::from(g.backward_travels(c));
    prop_assert!(backs(Color::White) <= 2 && backs(Color::Black) <= 2);
    prop_assert_eq!(
        g.timeline_count() as u32,
        1 + backs(Color::White) + backs(Color::Black)
    );
    // Men away in time: sorted, one per player per move number, all due
    // later than their owner's last move.
    let pending = g.pending();
    prop_assert!(pending.windows(2).all(|w| w[0] < w[1]));
    for (i, a) in pending.iter().enumerate() {
        prop_assert!(
            pending[i + 1..]
                .iter()
                .all(|b| (b.color, b.due) != (a.color, a.due))
        );
        let next = if a.color == us || us == Color::White {
            m
        } else {
            m + 1
        };
        prop_assert!(a.due >= next, "{a:?} is overdue at move {m}");
        prop_assert_eq!(a.shade.is_some(), a.role == Role::Bishop);
    }
    // No pawn on a back rank; never more kings than trips back allow.
    let back_ranks = chronomate_rules::geometry::Rank::First.bitboard()
        | chronomate_rules::geometry::Rank::Eighth.bitboard();
    prop_assert!((g.board().by_role(Role::Pawn) & back_ranks).is_empty());
    for c in Color::ALL {
        let away = pending
            .iter()
            .filter(|a| a.color == c && a.role == Role::King)
            .count() as u32;
        let total = kings(g, c) + away + u32::from(g.placing() && c == us);
        prop_assert!(total <= 1 + backs(c), "{c}: {total} kings");
        let lost = matches!(g.status(), Status::Finished(o) if o.reason == Reason::LostInTime);
        prop_assert!(total >= 1 || lost, "{c} has no king");
    }
    // The side that just moved never left a king of its own in check.
    let them = us.other();
    let occupied = g.board().occupied();
    for k in g.board().by_piece(Piece::new(them, Role::King)) {
        prop_assert!(
            !g.board().is_attacked(k, us, occupied),
            "{them} king on {k}"
        );
    }
    let actions = g.legal_actions();
    if g.status().is_over() {
        prop_assert!(actions.is_empty());
    } else {
        prop_assert!(!actions.is_empty(), "ongoing with nothing to do");
        if g.placing() {
            let all_places = actions.iter().all(|a| matches!(a, Action::Place { .. }));
            prop_assert!(all_places);
        } else if g.due().is_some() {
            let all_arrivals = actions.iter().all(|a| matches!(a, Action::Arrive { .. }));
            prop_assert!(all_arrivals);
        }
    }
    Ok(())
}

/// Every legal action passes the checker, and actions made up around the
/// legal ones pass it exactly when they are in the list.
fn check_agrees_with_the_list(g: &Gifford) -> Result<(), TestCaseError> {
    let legal = g.legal_actions();
    for a in &legal {
        prop_assert!(g.check(a).is_ok(), "{a:?}: {:?}", g.check(a));
    }
    let m = g.move_number();
    let mut candidates = Vec::new();
    for from in g.board().by_color(g.mover()) {
        for n in 0..m + 13 {
            candidates.push(Action::Forward { from, arrival: n });
            candidates.push(Action::Back { from, to_move: n });
        }
    }
    for to in Square::ALL {
        candidates.push(Action::Place { to });
        for role in [Role::Pawn, Role::Bishop, Role::King] {
            candidates.push(Action::Arrive { role, to });
        }
    }
    for a in candidates {
        prop_assert_eq!(g.check(&a).is_ok(), legal.contains(&a), "{:?}", a);
    }
    Ok(())
}

/// Plays a random game, checking as it goes; gives the game and the host's
/// `Game` fed the same notation.
fn random_game(seed: u64, plies: usize, thorough: bool) -> Result<(Gifford, Game), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Gifford::new();
    let mut game = Game::new(Variant::Gifford, Options::default(), seed).unwrap();
    for ply in 0..plies {
        let Some(a) = pick(&g, &mut rng) else { break };
        let text = g.notation(&a);
        prop_assert_eq!(g.parse(&text), Ok(a), "{} does not read back", text);
        let played = g.play(&a).unwrap();
        prop_assert_eq!(&played.notation, &text);
        let host = game.play(&text).unwrap();
        prop_assert_eq!(host, played);
        check_consistent(&g)?;
        if thorough && ply % 4 == 0 {
            check_agrees_with_the_list(&g)?;
        }
    }
    Ok((g, game))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_play_stays_consistent_and_replays(seed in any::<u64>(), plies in 1usize..90) {
        let (g, game) = random_game(seed, plies, false)?;
        // The record rebuilds the same game, timelines and all.
        let mut again = Gifford::new();
        for text in g.record() {
            again.play_text(&text).unwrap();
        }
        prop_assert_eq!(&again, &g);
        let record = g.record();
        prop_assert_eq!(game.record(), record.as_slice());
        let replayed = Game::replay(Variant::Gifford, Options::default(), seed, g.record()).unwrap();
        prop_assert_eq!(
            serde_json::to_string(&replayed).unwrap(),
            serde_json::to_string(&game).unwrap()
        );
        // Serde keeps every timeline, with any number of kings.
        let json = serde_json::to_string(&g).unwrap();
        let back: Gifford = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &g);
        // The views and the history can always be drawn.
        let snapshot = g.snapshot();
        prop_assert_eq!(snapshot.boards.iter().filter(|b| b.current).count(), 1);
        let table = history_table(&g);
        let heading = format!("Timeline {}", g.timeline_count());
        prop_assert!(table.contains(&heading));
        prop_assert_eq!(g.view().pending.len(), g.pending().len());
    }

    #[test]
    fn the_checker_and_the_action_list_agree(seed in any::<u64>(), plies in 1usize..50) {
        random_game(seed, plies, true)?;
    }

    #[test]
    fn no_text_makes_the_reader_panic(seed in any::<u64>(), plies in 0usize..40, text in "\\PC{0,24}") {
        let (g, _) = random_game(seed, plies, false)?;
        if let Ok(a) = g.parse(&text) {
            let printed = g.notation(&a);
            prop_assert_eq!(g.parse(&printed), Ok(a));
        }
    }

    #[test]
    fn notation_fragments_never_panic(
        seed in any::<u64>(),
        plies in 0usize..40,
        parts in prop::collection::vec(
            prop_oneof![
                Just("//".to_owned()), Just(" to ".to_owned()), Just("back".to_owned()),
                Just("[".to_owned()), Just("]".to_owned()), Just("K".to_owned()),
                Just("B".to_owned()), Just("b".to_owned()), Just("P".to_owned()),
                Just("FTF".to_owned()), Just("(".to_owned()), Just(")".to_owned()),
                Just("+".to_owned()), Just("*".to_owned()), Just(" ".to_owned()),
                Just("é".to_owned()), Just("O-O".to_owned()), Just("x".to_owned()),
                "[a-h][1-8]", "[0-9]{1,12}",
            ],
            0..8,
        ),
    ) {
        let (g, _) = random_game(seed, plies, false)?;
        let text = parts.concat();
        if let Ok(a) = g.parse(&text) {
            let printed = g.notation(&a);
            prop_assert_eq!(g.parse(&printed), Ok(a), "{} -> {}", text, printed);
        }
    }
}

/// The random games above do travel: back in time, into new timelines,
/// with men lost in time on the way.
#[test]
fn random_play_travels_through_timelines() {
    let mut most_timelines = 0;
    let mut lost = 0;
    let mut arrivals = 0;
    for seed in 0..24 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Gifford::new();
        for _ in 0..90 {
            let Some(a) = pick(&g, &mut rng) else { break };
            arrivals += usize::from(matches!(a, Action::Arrive { .. }));
            let played = g.play(&a).unwrap();
            lost += played
                .events
                .iter()
                .filter(|e| e.contains("lost in time"))
                .count();
        }
        most_timelines = most_timelines.max(g.timeline_count());
    }
    assert!(most_timelines >= 4, "{most_timelines}");
    assert!(arrivals > 20, "{arrivals}");
    assert!(lost > 0);
}
