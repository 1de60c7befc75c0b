//! Property tests: random play with time and trans-universe travel up to a
//! small branch limit and through the collapse keeps the multiverse
//! consistent; the record replays to the same state; printed actions read
//! back as themselves; no input panics, and whatever text is accepted
//! reads back from its canonical form as the same action.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::chess::{Piece, Role};
use chronomate_rules::multiverse::{Action, Multiverse, MultiverseOptions};
use chronomate_rules::{ActionError, Color, Game, Options, Rules, Status};
use proptest::prelude::*;

fn options(limit: u16) -> Options {
    Options::Multiverse(MultiverseOptions::with_limit(limit).unwrap())
}

/// Everything that must hold between actions.
fn check_consistent(m: &Multiverse) {
    let owed = m.owed();
    let active = m.active();
    assert!(m.branch_count() <= usize::from(m.limit()));
    match m.status() {
        Status::Ongoing => assert!(!owed.is_empty(), "ongoing with nothing owed"),
        Status::Finished(_) => assert!(owed.is_empty()),
    }
    for id in 1..=m.branch_count() as u16 {
        let ended = m.branch_result(id).is_some();
        assert_eq!(ended, !active.contains(&id));
        if ended {
            continue;
        }
        let pos = m.latest(id).unwrap();
        let board = pos.board();
        // Both sides have a king on an active branch (E-8), and the side
        // that just moved is not in check there (E-3).
        for color in Color::ALL {
            assert!(board.by_piece(Piece::new(color, Role::King)).any(), "L{id}");
        }
        let mover = pos.turn().other();
        for king in board.by_piece(Piece::new(mover, Role::King)) {
            assert!(
                !board.is_attacked(king, pos.turn(), board.occupied()),
                "L{id}: the side that moved is in check"
            );
        }
        assert!(m.arrived(id).is_subset(board.occupied()));
        if owed.contains(&id) {
            assert_eq!(pos.turn(), m.turn().color, "L{id} owed to the wrong side");
        }
    }
}

/// Plays `steps` random actions (travel preferred when `choices` say so),
/// through [`Multiverse`] and [`Game`] side by side.
fn random_game(limit: u16, seed: u64, choices: &[u32]) -> (Multiverse, Game) {
    let mut m = Multiverse::with_limit(limit, seed);
    let mut game = Game::new(options(limit), seed);
    for &choice in choices {
        if m.status().is_over() {
            break;
        }
        let owed = m.owed();
        let id = owed[choice as usize % owed.len()];
        let action = if choice % 53 == 0 {
            Action::Resign { branch: id }
        } else if choice % 3 != 0 {
            let all = m.board_moves(id);
            let travels: Vec<&Action> = all
                .iter()
                .filter(|a| matches!(a, Action::Move(b) if b.travel.is_some()))
                .collect();
            if travels.is_empty() {
                all[(choice as usize / 7) % all.len()]
            } else {
                *travels[(choice as usize / 7) % travels.len()]
            }
        } else {
            let plain = m.plain_moves(id);
            plain[(choice as usize / 7) % plain.len()]
        };
        let text = m.notation(&action);
        assert_eq!(m.parse(&text), Ok(action), "{text}");
        let events = m.apply(&action).unwrap();
        let played = game.play(&text).unwrap();
        assert_eq!(played.notation, text);
        assert_eq!(played.events, events);
        check_consistent(&m);
    }
    (m, game)
}

/// Whatever `text` is read as prints canonically, reads back as the same
/// action, and prints the same again; a refusal is short.
fn round_trips(m: &Multiverse, text: &str) -> Result<(), TestCaseError> {
    match m.parse(text) {
        Ok(action) => {
            let printed = m.notation(&action);
            prop_assert_eq!(m.parse(&printed), Ok(action), "{:?} -> {}", text, printed);
            prop_assert_eq!(m.notation(&action), printed);
        }
        Err(e) => prop_assert!(e.to_string().len() < 400, "{}", e),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_travel_play_stays_consistent_and_replays(
        limit in prop::sample::select(vec![1u16, 3, 5]),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u32>(), 1..60),
    ) {
        let (m, game) = random_game(limit, seed, &choices);
        prop_assert_eq!(game.status(), m.status());
        prop_assert_eq!(game.snapshot(), m.snapshot());
        prop_assert_eq!(game.view(), m.view());
        let replayed = Game::replay(
            options(limit),
            seed,
            game.record(),
        )
        .unwrap();
        prop_assert_eq!(
            serde_json::to_string(&replayed).unwrap(),
            serde_json::to_string(&game).unwrap()
        );
        let back: Multiverse = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        prop_assert_eq!(&back, &m);
        // Every printed action reads back as itself (a sample of them).
        if !m.status().is_over() {
            let all = m.legal_actions();
            let step = (all.len() / 200).max(1);
            for action in all.iter().step_by(step) {
                let text = m.notation(action);
                prop_assert_eq!(m.parse(&text), Ok(*action), "{}", text);
                prop_assert!(m.check(action).is_ok(), "{}", text);
            }
        }
    }

    #[test]
    fn no_input_panics(
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u32>(), 0..12),
        text in "\\PC{0,40}",
        noise in "[()LlTt0-9>a-hKQRBNP x+#=,\0-]{0,30}",
        bytes in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        let (m, mut game) = random_game(5, seed, &choices);
        let lossy = String::from_utf8_lossy(&bytes).into_owned();
        for input in [&text, &noise, &lossy] {
            round_trips(&m, input)?;
            let _ = m.suggest(input, 5);
        }
        let _ = game.play(&noise);
        let _ = game.play(&text);
        // Mangled canonical actions.
        if let Some(action) = m.legal_actions().first() {
            let canonical = m.notation(action);
            for cut in 0..canonical.len() {
                if canonical.is_char_boundary(cut) {
                    round_trips(&m, &canonical[..cut])?;
                    round_trips(&m, &format!("{}{}", &canonical[..cut], noise))?;
                    round_trips(&m, &format!("{}\0{}", &canonical[..cut], &canonical[cut..]))?;
                }
            }
        }
    }
}

/// Inputs from the audit, on a game with two branches (L2 opened by a
/// travel): each is answered at once, with a short error, and never
/// panics.
#[test]
fn hostile_inputs_are_refused_quickly_and_short() {
    let mut m = Multiverse::with_limit(21, 0);
    for text in ["(L1)e4", "(L1)e5", "(L1)Nf3 Nb1>>(T1)c3"] {
        let a = m.parse(text).unwrap();
        m.apply(&a).unwrap();
    }
    let huge = "7".repeat(3_000_000);
    let line = "e".repeat(5_000_000);
    let invalid = String::from_utf8_lossy(b"(L1)N\xff\xfef6 \xc3(").into_owned();
    let inputs = [
        "\0".to_owned(),
        "(L1)\0Nc6".to_owned(),
        "(L1)Nc6\0".to_owned(),
        "(L1)Nc6 Nb8>>\0(T2)c6".to_owned(),
        invalid,
        line.clone(),
        format!("(L1){line}"),
        format!("(L1)Nc6 Nb8>>(T2){line}"),
        format!("(L{huge})Nc6"),
        format!("(L1T{huge})Nc6"),
        format!("(L1)Nc6 Ng8>>(T{huge})f6"),
        format!("(L1)Nc6 Ng8>(L{huge})f6"),
        format!("(L1){huge}"),
    ];
    for input in &inputs {
        let start = std::time::Instant::now();
        let refused = m.parse(input).unwrap_err();
        let _ = m.suggest(input, 10);
        assert!(
            start.elapsed().as_secs() < 2,
            "{}",
            &input[..input.len().min(40)]
        );
        let shown = refused.to_string();
        assert!(shown.chars().count() < 200, "{}", shown.len());
        if input.len() > 1000 {
            assert!(
                refused.rule().is_some() || matches!(refused, ActionError::Syntax { .. }),
                "{shown}"
            );
        }
    }
}
