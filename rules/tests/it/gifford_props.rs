//! Properties of Gifford over random play with travel in both directions:
//! the state stays consistent, the record replays to the same game, every
//! printed action reads back as itself, and no text makes the reader panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::chess::{Piece, Role};
use chronomate_rules::geometry::Square;
use chronomate_rules::gifford::{Action, Gifford};
use chronomate_rules::{Color, Game, QUOTE_LIMIT, Reason, Rules, Status, Variant};
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
    let us = g.turn().color;
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
        prop_assert!(g.check_legal(a).is_ok(), "{a:?}: {:?}", g.check_legal(a));
    }
    let m = g.move_number();
    let mut candidates = Vec::new();
    for from in g.board().by_color(g.turn().color) {
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
        prop_assert_eq!(g.check_legal(&a).is_ok(), legal.contains(&a), "{:?}", a);
    }
    Ok(())
}

/// Plays a random game, checking as it goes; gives the game and the host's
/// `Game` fed the same notation.
fn random_game(seed: u64, plies: usize, thorough: bool) -> Result<(Gifford, Game), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Gifford::default();
    let mut game = Game::new(Variant::Gifford, seed);
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
        let mut again = Gifford::default();
        for text in g.record() {
            let action = again.parse(&text).unwrap();
            again.play(&action).unwrap();
        }
        prop_assert_eq!(&again, &g);
        let record = g.record();
        prop_assert_eq!(game.record(), record.as_slice());
        let replayed = Game::replay(Variant::Gifford, seed, g.record()).unwrap();
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
        let table = g.history_table().unwrap();
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
        read_back(&g, &text)?;
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
        read_back(&g, &parts.concat())?;
    }
}

/// What the reader makes of `text`: never a panic, an answer within a
/// second or two however long the text, an error in a few words (the text
/// quoted once, cut short), and an accepted action that prints as text
/// reading back to it, the same text again.
fn read_back(g: &Gifford, text: &str) -> Result<Option<Action>, TestCaseError> {
    let start = std::time::Instant::now();
    let answer = g.parse(text);
    prop_assert!(
        start.elapsed().as_secs() < 2,
        "{} bytes took {:?}",
        text.len(),
        start.elapsed()
    );
    match answer {
        Ok(a) => {
            let printed = g.notation(&a);
            prop_assert_eq!(
                g.parse(&printed),
                Ok(a),
                "{:?} -> {}",
                chronomate_rules::quote(text),
                printed
            );
            let again = g.notation(&g.parse(&printed).unwrap());
            prop_assert_eq!(again, printed);
            Ok(Some(a))
        }
        Err(e) => {
            let words = e.to_string();
            prop_assert!(
                words.chars().count() < 2 * QUOTE_LIMIT + 200,
                "{} characters: {}",
                words.chars().count(),
                chronomate_rules::quote(&words)
            );
            Ok(None)
        }
    }
}

/// A game with men away in time, where Black must now place the pawn
/// it sent to its move 3.
fn busy_game() -> Gifford {
    let mut g = Gifford::default();
    for text in ["d2// to 8", "Bf8// to 5", "e2// to 5", "f7// to 3", "Bc4"] {
        let action = g.parse(text).unwrap();
        g.play(&action).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any bytes, read as a player's client would send them (invalid UTF-8
    /// replaced), NUL bytes included, and legal actions with a NUL or a
    /// replacement character slipped in.
    #[test]
    fn nul_bytes_and_invalid_utf8_never_panic(
        seed in any::<u64>(),
        plies in 0usize..30,
        bytes in prop::collection::vec(prop_oneof![Just(0u8), Just(0xffu8), Just(0xc3u8), any::<u8>()], 0..32),
        at in any::<prop::sample::Index>(),
        pick_action in any::<prop::sample::Index>(),
    ) {
        let (g, _) = random_game(seed, plies, false)?;
        read_back(&g, &String::from_utf8_lossy(&bytes))?;
        let actions = g.legal_actions();
        if !actions.is_empty() {
            let text = g.notation(&actions[pick_action.index(actions.len())]);
            let cut = at.index(text.len() + 1);
            if text.is_char_boundary(cut) {
                for odd in ["\0", "\u{fffd}"] {
                    read_back(&g, &format!("{}{odd}{}", &text[..cut], &text[cut..]))?;
                }
            }
        }
    }
}

/// A 5 MB line of each shape the reader knows is answered at once, in a
/// few words.
#[test]
fn a_five_megabyte_line_is_refused_quickly_and_briefly() {
    const MB5: usize = 5_000_000;
    for g in [Gifford::default(), busy_game()] {
        for text in [
            "e".repeat(MB5),
            "\0".repeat(MB5),
            "Nf3 ".repeat(MB5 / 4),
            format!("d2// to {}", " ".repeat(MB5)),
            format!("d2{}// to 8", "/".repeat(MB5)),
            format!("[P] {}", "e6".repeat(MB5 / 2)),
            format!("[{}] e6", "B".repeat(MB5)),
            format!("K [FTF] {}", "f8".repeat(MB5 / 2)),
            format!("{}ftf", "K".repeat(MB5)),
            format!("Bf1{}", "+".repeat(MB5)),
            "é".repeat(MB5 / 2),
        ] {
            assert_eq!(
                read_back(&g, &text).unwrap(),
                None,
                "{}",
                chronomate_rules::quote(&text)
            );
        }
    }
}

/// Numbers of three million digits where the notation takes a number
/// (`// to N`, `back to N`): refused as out of range, quickly and briefly;
/// with leading zeros only, the number it is.
#[test]
fn three_million_digit_move_numbers() {
    const DIGITS: usize = 3_000_000;
    let nines = "9".repeat(DIGITS);
    let g = busy_game();
    let mut king_moves = Gifford::default();
    for _ in 0..6 {
        let knight = king_moves
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Move { mv } if mv.role() == Role::Knight))
            .unwrap();
        king_moves.play(&knight).unwrap();
    }
    for (game, text) in [
        (&g, format!("Bf1// to {nines}")),
        (&g, format!("Ke1//to{nines}")),
        (&king_moves, format!("K// back to {nines}")),
        (&king_moves, format!("K // to {nines}")),
        (&g, format!("[P] e{nines}")),
        (&g, format!("K [FTF] f{nines}")),
    ] {
        assert_eq!(read_back(game, &text).unwrap(), None);
        if text.contains("//") {
            let words = game.parse(&text).unwrap_err().to_string();
            assert!(words.contains("out of range"), "{words}");
        }
    }
    // With leading zeros only, it is the number: White's move 11, the
    // furthest the king may travel from move 1 (G-1, G-3).
    let g = Gifford::default();
    let zeros = format!("Ke1// to {}11", "0".repeat(DIGITS));
    let action = read_back(&g, &zeros).unwrap();
    assert_eq!(
        action.map(|a| g.notation(&a)),
        Some("Ke1// to 11".to_owned())
    );
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
        let mut g = Gifford::default();
        for _ in 0..90 {
            let Some(a) = pick(&g, &mut rng) else { break };
            arrivals += usize::from(matches!(a, Action::Arrive { .. }));
            let played = g.play(&a).unwrap();
            lost += played
                .events
                .iter()
                .filter(|e| e.to_string().contains("lost in time"))
                .count();
        }
        most_timelines = most_timelines.max(g.timeline_count());
    }
    assert!(most_timelines >= 4, "{most_timelines}");
    assert!(arrivals > 20, "{arrivals}");
    assert!(lost > 0);
}
