//! Property tests: random legal whole turns, drafted move by move or
//! picked among the legal turns, keep replay = state (the record written
//! as 5DPGN reads back to the same multiverse with the same legal-turn
//! count); no input panics, and whatever is refused is refused briefly.

use chronomate_rules::fived::{FiveD, FiveDOptions};
use chronomate_rules::{Game, Options, Rules, Status, Variant, record};
use proptest::prelude::*;

use crate::support::{data, fived};

/// How far counts are compared (small: a debug build counts slowly).
const CAP: usize = 48;

/// The starts random games are played from: one timeline, two, a turn
/// zero, a small board, fairy men.
const STARTS: [&str; 6] = [
    "",
    "board:two-timelines",
    "board:turn-zero",
    "board:very-small-open",
    "board:misc-timeline-fragments",
    "board:focused-just-unicorns promotions:QN",
];

/// A turn drafted move by move, each move drawn (by `choice`) from the
/// autocomplete list, submitted as soon as the draft may be when `choice`
/// says so; `None` where the draw leads nowhere (a move that leaves a
/// royal capturable from another board, a draft run long).
fn drafted(game: &FiveD, choice: u32) -> Option<chronomate_rules::fived::Action> {
    let mut draft: Vec<String> = Vec::new();
    let mut bits = choice;
    for _ in 0..8 {
        let next = game.draft_moves(&draft).unwrap();
        if let Ok(turn) = game.draft_turn(&draft)
            && (next.is_empty() || bits.is_multiple_of(3))
        {
            return Some(turn);
        }
        if next.is_empty() {
            return None;
        }
        let pick = &next[bits as usize % next.len()];
        bits = bits.rotate_left(7) ^ 0x9e37_79b9;
        // Every entry of the list reads as itself.
        let written = game.draft_move(&draft, pick).unwrap();
        assert_eq!(&written, pick);
        draft.push(written);
    }
    None
}

/// Plays a random turn per choice from `start`, through the 5D type and
/// the erased [`Game`] side by side.
fn random_game(start: &str, choices: &[u32]) -> (FiveD, Game) {
    let options = FiveDOptions::parse(start).unwrap();
    let mut five = FiveD::new(&options, 0);
    let mut game = Game::new(Options::FiveD(options), 0);
    for &choice in choices {
        if five.status().is_over() {
            break;
        }
        let turn = match choice % 2 {
            0 => drafted(&five, choice / 2),
            _ => None,
        };
        let turn = turn.unwrap_or_else(|| {
            let n = five.count_actions(CAP);
            assert!(n > 0, "ongoing with no legal turn");
            five.legal_turns().nth((choice / 2) as usize % n).unwrap()
        });
        let text = five.notation(&turn);
        assert_eq!(five.parse(&text), Ok(turn.clone()), "{text}");
        five.apply(&turn).unwrap();
        let played = game.play(&text).unwrap();
        assert_eq!(played.notation, text);
        assert_eq!(game.status(), five.status());
        if five.status().is_over() {
            assert_eq!(five.count_actions(CAP), 0);
        }
    }
    (five, game)
}

/// Whatever `text` is read as, its canonical text reads as the same turn;
/// a refusal is short.
fn round_trips(game: &FiveD, text: &str) -> Result<(), TestCaseError> {
    match game.parse(text) {
        Ok(turn) => {
            let printed = game.notation(&turn);
            prop_assert_eq!(game.parse(&printed), Ok(turn), "{:?} -> {}", text, printed);
        }
        Err(e) => prop_assert!(e.to_string().chars().count() < 400, "{}", e),
    }
    Ok(())
}

/// Every way in for text: a turn, a draft, a record, options. None
/// panics; every refusal is short.
fn take_anything(game: &FiveD, text: &str) -> Result<(), TestCaseError> {
    round_trips(game, text)?;
    let _ = game.suggest(text, 5);
    let short = |r: Result<String, String>| match r {
        Ok(_) => Ok(()),
        Err(e) => {
            prop_assert!(e.chars().count() < 400, "{}", e);
            Ok(())
        }
    };
    short(game.draft_move(&[], text).map_err(|e| e.to_string()))?;
    let draft = [text.to_owned()];
    short(
        game.draft_moves(&draft)
            .map(|_| String::new())
            .map_err(|e| e.to_string()),
    )?;
    short(
        game.draft_turn(&draft)
            .map(|_| String::new())
            .map_err(|e| e.to_string()),
    )?;
    short(
        game.draft_view(&draft)
            .map(|_| String::new())
            .map_err(|e| e.to_string()),
    )?;
    for options in [format!("fen:{text}"), format!("board:{text}")] {
        short(
            Options::parse(Variant::FiveD, &options)
                .map(|_| String::new())
                .map_err(|e| e.to_string()),
        )?;
    }
    read_record(text)
}

/// A record's text read and, where it reads, replayed: never a panic, a
/// short refusal.
fn read_record(text: &str) -> Result<(), TestCaseError> {
    match record::read(Variant::FiveD, text) {
        Ok(r) => {
            if let Err(e) = Game::replay(r.options, 0, r.actions.iter().take(12)) {
                prop_assert!(e.to_string().chars().count() < 600, "{}", e);
            }
        }
        Err(e) => prop_assert!(e.to_string().chars().count() < 400, "{}", e),
    }
    Ok(())
}

/// Short published records to mangle.
const RECORDS: [&str; 6] = [
    "tools/standard-checkmate-2.5dpgn",
    "tools/issue-1.5dpgn",
    "tools/standard-castle.5dpgn",
    "own/just-kings.5dpgn",
    "ftxi/30134.5dpgn",
    "tools/brawns-en-passant.5dpgn",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_turns_keep_replay_equal_to_state(
        start in prop::sample::select(STARTS.to_vec()),
        choices in prop::collection::vec(any::<u32>(), 1..10),
    ) {
        let (five, game) = random_game(start, &choices);
        // The record written as 5DPGN reads back to the same game.
        let result = match game.status() {
            Status::Finished(o) => o.score().to_owned(),
            Status::Ongoing => "*".to_owned(),
        };
        let text = record::fived_pgn(fived(game.options()), &[], game.record(), Some(&result));
        let read = record::read(Variant::FiveD, &text).unwrap();
        prop_assert_eq!(&read.options, game.options(), "{}", text);
        prop_assert_eq!(&read.actions[..], game.record(), "{}", text);
        let again = Game::replay(read.options, 0, &read.actions).unwrap();
        prop_assert_eq!(again.snapshot(), five.snapshot(), "{}", text);
        prop_assert_eq!(again.view(), five.view());
        prop_assert_eq!(again.turn(), five.turn());
        prop_assert_eq!(again.status(), five.status());
        prop_assert_eq!(again.count_actions(CAP), five.count_actions(CAP));
        prop_assert_eq!(
            serde_json::to_string(&again).unwrap(),
            serde_json::to_string(&game).unwrap()
        );
        // The state itself survives serialisation.
        let back: FiveD = serde_json::from_str(&serde_json::to_string(&five).unwrap()).unwrap();
        prop_assert_eq!(back.snapshot(), five.snapshot());
        prop_assert_eq!(back.count_actions(CAP), five.count_actions(CAP));
    }

    #[test]
    fn no_text_panics(
        choices in prop::collection::vec(any::<u32>(), 0..4),
        anything in any::<String>(),
        printable in "\\PC{0,40}",
        noise in "[()\\[\\]LlTt0-9+\\-~>x/a-hKQRBNPUDSYCW=:*. \n\"]{0,40}",
        bytes in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        let (five, _) = random_game("", &choices);
        let lossy = String::from_utf8_lossy(&bytes).into_owned();
        for text in [&anything, &printable, &noise, &lossy] {
            take_anything(&five, text)?;
        }
        // Mangled canonical turns.
        if let Some(turn) = five.legal_turns().next() {
            let canonical = five.notation(&turn);
            for cut in (0..canonical.len()).filter(|&c| canonical.is_char_boundary(c)) {
                round_trips(&five, &canonical[..cut])?;
                round_trips(&five, &format!("{}{}", &canonical[..cut], noise))?;
                round_trips(&five, &format!("{}\u{0}{}", &canonical[..cut], &canonical[cut..]))?;
            }
        }
    }

    /// 5DPGN that is almost right: a published record cut short, a
    /// character swapped, dropped or added anywhere (brackets, jump
    /// marks, board names, 5DFEN rows).
    #[test]
    fn almost_right_records_do_not_panic(
        name in prop::sample::select(RECORDS.to_vec()),
        at in any::<prop::sample::Index>(),
        edit in 0..4u8,
        c in prop::sample::select(
            "()[]<>x~+-/.:*\"TL0123456789abcdefghkqrbnpuydswcKQRBNPUDSYCW \n{}".chars().collect::<Vec<_>>()
        ),
    ) {
        let text = data(name);
        let i = at.index(text.len() + 1);
        let i = (0..=i).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        let next = text[i..].chars().next().map_or(i, |ch| i + ch.len_utf8());
        let mangled = match edit {
            0 => text[..i].to_owned(),
            1 => format!("{}{}{}", &text[..i], c, &text[next..]),
            2 => format!("{}{}", &text[..i], &text[next..]),
            _ => format!("{}{}{}", &text[..i], c, &text[i..]),
        };
        read_record(&mangled)?;
    }
}

/// The usual hostile inputs, each refused with a short message.
#[test]
fn hostile_inputs_are_refused_briefly() {
    let game = crate::support::last(&data("ftxi/30134.5dpgn"));
    let huge = "7".repeat(1_000_000);
    let long_line = "e".repeat(1_000_000);
    let invalid = String::from_utf8_lossy(b"(0T1)N\xff\xfef6 \xc3(").into_owned();
    let inputs = [
        String::new(),
        " ".to_owned(),
        "\0".to_owned(),
        "\u{202e}(0T1)e4".to_owned(),
        "(0T1)e\u{0}4".to_owned(),
        "(0Т1)e4".to_owned(), // a Cyrillic T
        "ｅ４".to_owned(),
        "🦄".repeat(1000),
        invalid,
        long_line.clone(),
        format!("(0T1){long_line}"),
        format!("({huge}T1)e4"),
        format!("(0T{huge})e4"),
        format!("(0T1)Nb1>>(0T{huge})b3"),
        format!("(L0T1)Nb1>>(L{huge}T1)b3"),
        "(".repeat(100_000),
        "[".repeat(100_000),
        format!("[Board \"{long_line}\"]"),
        format!("[{huge}:0:1:w]"),
        "[Board \"custom\"]\n[9999999999999x99999999/8:0:1:w]\n".to_owned(),
        "[Board \"custom\"]\n[8/8/8:0:1:w\n1. e4".to_owned(),
        "[Board \"custom\"]\n[k7/8/8/8/8/8/8/7K:0:1:q]\n".to_owned(),
        "[Board \"custom\"]\n[k7/8/8/8/8/8/8/7K:0:99999999999:w]\n".to_owned(),
        "[Board \"custom\"]\n[k7/8/8/8/8/8/8/7K:--0:1:w]\n".to_owned(),
        "[Board \"Standard\"]\n1. (0T1)e4 / (0T1)e5\n2. (0T2)Nb1>>(0T1\n".to_owned(),
        "1. (0T1)e4 / (0T1)e5\n2. (0T2)Nb1>>(9T1)b3\n".to_owned(),
        "1. (0T1)e4 / (0T1)e5\n2. (0T2)Nb1<<(0T1)b3\n".to_owned(),
        "1. (0T1]e4 / [0T1)e5\n".to_owned(),
        "1. {an open comment (0T1)e4\n".to_owned(),
        "[Board \"Standard - Nowhere\"]\n1. e4\n".to_owned(),
    ];
    for input in &inputs {
        let shown = |e: String| {
            assert!(
                e.chars().count() < 400,
                "{}: {}",
                &input[..input.len().min(40)],
                e.len()
            );
        };
        if let Err(e) = game.parse(input) {
            shown(e.to_string());
        }
        if let Err(e) = game.draft_move(&[], input) {
            shown(e.to_string());
        }
        let _ = game.suggest(input, 10);
        match record::read(Variant::FiveD, input) {
            Ok(r) => {
                if let Err(e) = Game::replay(r.options, 0, &r.actions) {
                    shown(e.to_string());
                }
            }
            Err(e) => shown(e.to_string()),
        }
        for options in [format!("fen:{input}"), format!("board:{input}")] {
            if let Err(e) = Options::parse(Variant::FiveD, &options) {
                shown(e.to_string());
            }
        }
    }
    // Records that are refused say where.
    let e = record::read(Variant::FiveD, "[Board \"Standard - Nowhere\"]\n1. e4\n").unwrap_err();
    assert!(e.to_string().contains("Board"), "{e}");
}
