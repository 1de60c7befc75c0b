//! 5DPGN in and out (F-12): records as recorders and other tools write
//! them read to the same turns; written records read back to the same
//! game.

use chronomate_rules::record::{self, RecordError};
use chronomate_rules::{Game, Options, Status, Variant};

use chronomate_rules::fived::FiveDOptions;

use crate::support::{data, fived};

fn replay(text: &str) -> Game {
    let r = record::read(Variant::FiveD, text).unwrap_or_else(|e| panic!("{e}"));
    Game::replay(r.options, 0, &r.actions).unwrap_or_else(|e| panic!("{e}"))
}

/// A jump written every way tools write it reads as the one canonical
/// turn.
#[test]
fn what_tools_write_reads_as_the_canonical_turn() {
    let game = replay("1. e4 / e5\n");
    let canonical = "(0T2)Nb1>>(0T1)b3";
    let want = game.parse(canonical).unwrap();
    for text in [
        "(0T2)Nb1>>(0T1)b3",
        "(L0T2)Nb1>>(L0T1)b3",
        "(L0 T2)Nb1>>(L0 T1)b3",
        "(0T2)b1>>(0T1)b3",
        "(0T2)Nb1(0T1)b3",
        "(0T2)Nb1>(0T1)b3",
        "(0T2)Nb1>>x(0T1)b3",
        "(0T2)N>>(0T1)b3",
        "(0T2)Nb1>>(0T1)b3~ (>L1) (~T1)",
        "(0T2)Nb1>>(0T1)b3+ (+L1)",
        "Nb1>>(0T1)b3*",
        "{a note} (0T2)Nb1>>(0T1)b3!?",
    ] {
        let got = game.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(got, want, "{text}");
        assert_eq!(game.notation(&got), canonical);
    }
    // Ambiguity is refused, naming the moves it could be.
    let game = replay("1. Nf3 / Nf6\n2. d3 / d6\n");
    let e = game.parse("Nd2").unwrap_err();
    assert_eq!(e.to_string(), "\"Nd2\" fits 2 moves: (0T3)Nbd2, (0T3)Nfd2");
}

/// Headers set the options; a wrong header says which and why.
#[test]
fn headers_give_the_options() {
    let text = "[Event \"League\"]\n[Mode \"5D\"]\n[Board \"Standard - Turn Zero\"]\n\
                [Size \"8x8\"]\n[Puzzle \"mate-in-2\"]\n[Promotions \"Q,N\"]\n\n\
                1. (0T1)e4 / (0T1)e5 1/2-1/2\n";
    let r = record::read(Variant::FiveD, text).unwrap();
    assert_eq!(
        r.options.to_string(),
        "board:standard-turn-zero promotions:QN"
    );
    assert_eq!(r.actions, ["(0T1)e4", "(0T1)e5"]);
    let custom = "[Board \"custom\"]\n[Size \"5x5\"]\n[Mode \"5D\"]\n\
                  [r1k2/4R/1K1R1/3B1/5:-1:1:w]\n[5/3N1/R4/1KR2/3k1:0:1:w]\n\
                  [R4/RK3/5/5/3k1:1:1:w]\n\n1. (-1T1)Be3 (0T1)Rd3 (1T1)Kc3\n";
    let r = record::read(Variant::FiveD, custom).unwrap();
    assert_eq!(
        r.options.to_string(),
        "fen:[r1k2/4R/1K1R1/3B1/5:-1:1:w][5/3N1/R4/1KR2/3k1:0:1:w][R4/RK3/5/5/3k1:1:1:w]"
    );
    replay(custom);
    for (bad, key) in [
        ("[Board \"Chess960\"]\n1. e4", "Board"),
        ("[Board \"Small\"]\n[Size \"8x8\"]\n", "Size"),
        ("[Board \"Standard\"]\n[Promotions \"K\"]\n", "Promotions"),
        ("[Options \"board:nowhere\"]\n", "Options"),
    ] {
        match record::read(Variant::FiveD, bad) {
            Err(RecordError::Header { key: k, .. }) => assert_eq!(k, key, "{bad}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    // A puzzle where Black moves first.
    let r = record::read(Variant::FiveD, "1b. (0T1)e5\n2. (0T2)e4\n").unwrap();
    assert_eq!(r.actions, ["(0T1)e5", "(0T2)e4"]);
}

/// Games of the corpus and the tools written as 5DPGN read back to the
/// same game: the same canonical record and the same picture.
#[test]
fn written_records_read_back_to_the_same_game() {
    let mut checked = 0;
    for name in [
        "own/standard-white-mates.5dpgn",
        "own/turn-zero.5dpgn",
        "own/just-kings.5dpgn",
        "own/two-timelines-castles.5dpgn",
        "own/standard-castles.5dpgn",
        "own/standard-en-passant.5dpgn",
        "tools/tricky-nonmate.5dpgn",
        "tools/issue-1.5dpgn",
        "tools/standard-checkmate-4.5dpgn",
        "tools/brawns-en-passant.5dpgn",
        "ftxi/55332.5dpgn",
    ] {
        let game = replay(&data(name));
        let result = match game.status() {
            Status::Finished(o) => o.score().to_owned(),
            Status::Ongoing => "*".to_owned(),
        };
        let headers = [("White".to_owned(), "a \"quoted\" name".to_owned())];
        let text = record::fived_pgn(
            fived(game.options()),
            &headers,
            game.record(),
            Some(&result),
        );
        assert!(
            text.starts_with("[White \"a \\\"quoted\\\" name\"]\n[Mode \"5D\"]\n"),
            "{text}"
        );
        let again = replay(&text);
        assert_eq!(again.record(), game.record(), "{name}\n{text}");
        assert_eq!(again.snapshot(), game.snapshot(), "{name}");
        assert_eq!(again.status(), game.status(), "{name}");
        // Written moves are canonical: they read as themselves.
        for (i, turn) in record::read(Variant::FiveD, &text)
            .unwrap()
            .actions
            .iter()
            .enumerate()
        {
            assert_eq!(turn, &game.record()[i], "{name}");
        }
        checked += 1;
    }
    assert_eq!(checked, 11);
}

/// The options a game was made with are written as the headers that make
/// it again.
#[test]
fn options_become_headers() {
    for opts in [
        "",
        "board:princess",
        "board:two-timelines promotions:QR",
        "fen:[4k/5/5/5/K1R2:0:1:w]",
        "fen:[4k/5/5/5/K1R2:0:1:w] promotions:NQ",
    ] {
        let options = FiveDOptions::parse(opts).unwrap();
        let text = record::fived_pgn(&options, &[], &[], None);
        let r = record::read(Variant::FiveD, &text).unwrap();
        assert_eq!(r.options, Options::FiveD(options), "{opts}\n{text}");
    }
}

/// A record written in full coordinates, as recorders write it, with the
/// informative tokens and marks tools add, reads to the canonical game.
#[test]
fn full_coordinate_records_read_as_the_canonical_game() {
    let recorded = "[Board \"Standard\"]\n[Mode \"5D\"]\n\n\
                    1. (0T1)e2e4 / (0T1)e7e5\n\
                    2. (0T2)Ng1f3 / (0T2)Nb8c6\n\
                    3. (0T3)Bf1c4 / (0T3)Ng8f6\n\
                    4. (0T4)Ke1(0T4)g1 / (0T4)Nc6d4\n\
                    5. (0T5)Nf3xd4 / (0T5)e5xd4\n\
                    6. (0T6)Bc4b5 / (0T6)Nf6>>(0T5)f4 (>L-1) (~T5)\n";
    let canonical = "1. (0T1)e4 / (0T1)e5\n2. (0T2)Nf3 / (0T2)Nc6\n3. (0T3)Bc4 / (0T3)Nf6\n\
                     4. (0T4)O-O / (0T4)Nd4\n5. (0T5)Nxd4 / (0T5)exd4\n\
                     6. (0T6)Bb5 / (0T6)Nf6>>(0T5)f4\n";
    let game = replay(recorded);
    assert_eq!(game.record(), replay(canonical).record());
    assert_eq!(game.record()[11], "(0T6)Nf6>>(0T5)f4");
}
