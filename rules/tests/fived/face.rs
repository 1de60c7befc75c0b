//! The face: a whole turn is the action; drafting builds it a board move
//! at a time; counting is lazy; the view follows the renderer's 5D
//! contract (`docs/rendering.md`).

use chronomate_rules::fived::LISTED_TURNS;
use chronomate_rules::view::{ArrowKind, HighlightKind, Layout};
use chronomate_rules::{Color, Rule, Rules, Status, TurnShape};

use crate::support::{data, last, start};

/// Standard after 1. e4 / e5 2. (0T2)Nb1>>(0T1)b3: two timelines, Black
/// owing (1T1).
fn branched() -> chronomate_rules::fived::FiveD {
    let mut game = start("");
    for turn in ["e4", "e5", "(0T2)Nb1>>(0T1)b3"] {
        let a = game.parse(turn).unwrap();
        game.apply(&a).unwrap();
    }
    game
}

#[test]
fn the_action_is_a_whole_turn_drafted_move_by_move() {
    use chronomate_rules::fived::FiveD;
    assert_eq!(FiveD::ABOUT.turns, TurnShape::Drafted);
    let game = last(&data("ftxi/30134.5dpgn"));
    let turns: Vec<_> = game.legal_turns().take(200).collect();
    assert!(!turns.is_empty());
    for turn in turns {
        let text = game.notation(&turn);
        // Move by move, in the order written.
        let mut draft: Vec<String> = Vec::new();
        for mv in text.split(' ') {
            let written = game.draft_move(&draft, mv).unwrap();
            assert_eq!(written, mv);
            draft.push(written);
        }
        assert_eq!(game.draft_turn(&draft), Ok(turn.clone()));
        assert_eq!(game.parse(&text), Ok(turn.clone()));
        // Before the last move, the draft cannot be submitted, or is a
        // different turn.
        if draft.len() > 1 {
            let shorter = &draft[..draft.len() - 1];
            assert_ne!(game.draft_turn(shorter), Ok(turn.clone()));
        }
    }
}

#[test]
fn drafting_refusals_say_why() {
    let game = start("board:two-timelines");
    // The autocomplete list: every first move of both boards, the
    // knights' leaps onto the other timeline included (20 + 20 + 4).
    let first = game.draft_moves(&[]).unwrap();
    assert_eq!(first.len(), 44);
    assert!(
        first.contains(&"(+0T1)Nb1>(-0T1)b3".to_owned()),
        "{first:?}"
    );
    // Then only the other board's.
    let draft = vec![game.draft_move(&[], "(-0T1)e4").unwrap()];
    let next = game.draft_moves(&draft).unwrap();
    assert!(next.len() >= 20 && next.len() < 44, "{next:?}");
    assert!(next.iter().all(|m| m.starts_with("(+0T1)")), "{next:?}");
    // One move at a time.
    let e = game.draft_move(&[], "(-0T1)e4 (+0T1)e4").unwrap_err();
    assert!(e.to_string().contains("one board move at a time"), "{e}");
    // A draft that no longer reads is refused with the reason.
    let stale = vec!["(-0T1)e5".to_owned()];
    assert!(game.draft_moves(&stale).is_err());
    assert!(game.draft_view(&stale).is_err());
    assert!(game.draft_turn(&stale).is_err());
    // The owed board is named.
    let e = game.draft_turn(&draft).unwrap_err();
    assert_eq!(e.rule(), Some(Rule::F_5));
    assert!(e.to_string().contains("(+0T1)"), "{e}");
    // Undo is dropping the last text: the draft before it still reads.
    assert_eq!(game.draft_moves(&draft[..0]).unwrap(), first);
}

#[test]
fn counting_is_capped_and_lazy() {
    let game = last(&data("ftxi/55332.5dpgn"));
    assert_eq!(game.count_actions(1), 1);
    assert_eq!(game.count_actions(1000), 1000);
    // The list is bounded; where there are fewer, it is all of them.
    assert_eq!(game.legal_actions().len(), LISTED_TURNS);
    let few = start("board:focused-just-kings");
    let all = few.legal_actions();
    assert!(!all.is_empty() && all.len() < LISTED_TURNS);
    assert_eq!(all.len(), few.count_actions(usize::MAX));
    assert_eq!(all.len(), few.legal_turns().count());
    assert_eq!(game.legal_turns().take(7).count(), 7);
    let some: Vec<_> = game.legal_turns().step_by(997).take(20).collect();
    assert_eq!(some.len(), 20);
    for turn in some {
        let mut next = game.clone();
        next.apply(&turn).unwrap();
    }
}

#[test]
fn the_turn_names_the_boards_owed() {
    let game = branched();
    let turn = game.turn();
    assert_eq!(turn.color, Color::Black);
    assert_eq!(turn.boards, ["(1T1)"]);
}

#[test]
fn the_view_follows_the_timelines_contract() {
    let game = branched();
    let view = game.view();
    assert_eq!(view.layout, Layout::Timelines);
    let at = |row: u32, column: u32| {
        view.boards
            .iter()
            .position(|b| b.row == row && b.column == column)
            .unwrap_or_else(|| panic!("no board at row {row}, column {column}"))
    };
    // L0: T1 White, T1 Black, T2 White, T2 Black; L1 from T1 Black.
    assert_eq!(view.boards.len(), 5);
    for (row, column) in [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1)] {
        at(row, column);
    }
    assert_eq!(view.row_names, [(0, "L0".to_owned()), (1, "L1".to_owned())]);
    assert_eq!(
        view.column_names,
        [(0, "T1".to_owned()), (2, "T2".to_owned())]
    );
    assert_eq!(view.present, Some(1));
    let new = &view.boards[at(1, 1)];
    assert!(new.current && new.owed && new.touched && !new.inactive);
    assert_eq!(new.to_move, Some(Color::Black));
    assert_eq!(new.label.as_deref(), Some("L1 T1"));
    let left = &view.boards[at(0, 3)];
    assert!(left.touched && !left.current && !left.owed);
    assert!(!view.boards[at(0, 2)].touched);
    // The branch: from the knight's cell on (0T2) to where it stands.
    assert_eq!(view.arrows.len(), 1);
    let arrow = view.arrows[0];
    assert_eq!(arrow.kind, ArrowKind::Travel);
    assert_eq!((arrow.from.board, arrow.from.cell), (at(0, 2), 1));
    assert_eq!((arrow.to.board, arrow.to.cell), (at(1, 1), 17));
    assert!(
        left.highlights
            .iter()
            .any(|h| h.kind == HighlightKind::LastMoveFrom && h.cell == 1)
    );
    assert!(
        new.highlights
            .iter()
            .any(|h| h.kind == HighlightKind::LastMoveTo && h.cell == 17)
    );
    assert_eq!(game.snapshot().boards.len(), 5);
}

#[test]
fn a_draft_is_pictured_as_a_draft() {
    let game = branched();
    let draft = vec![game.draft_move(&[], "(1T1)e5").unwrap()];
    let view = game.draft_view(&draft).unwrap();
    let title = view.title.clone().unwrap_or_default();
    assert!(title.starts_with("Draft, not submitted"), "{title}");
    assert!(
        view.notes.iter().any(|n| n.contains("/submit")),
        "{:?}",
        view.notes
    );
    // The drafted move is marked on the board it made, which is now the
    // one the player is moving on.
    let made = view
        .boards
        .iter()
        .find(|b| b.row == 1 && b.column == 2)
        .unwrap();
    assert!(made.current);
    let e5 = 4 * 8 + 4;
    let e7 = 6 * 8 + 4;
    assert!(
        made.highlights
            .iter()
            .any(|h| h.kind == HighlightKind::LastMoveTo && h.cell == e5)
    );
    assert!(
        made.highlights
            .iter()
            .any(|h| h.kind == HighlightKind::LastMoveFrom && h.cell == e7)
    );
    // The game itself is unchanged.
    assert_eq!(game.turn().boards, ["(1T1)"]);
    assert!(game.view().title.unwrap_or_default().starts_with("Turn"));
}

/// A king in check is pictured so: the title says it, and the king's
/// cell is highlighted on the board where he could be taken; once the
/// check is answered, neither.
#[test]
fn a_check_is_pictured_in_the_title_and_on_the_board() {
    let mut game = start("");
    for turn in ["e4", "f6", "Qh5"] {
        let a = game.parse(turn).unwrap();
        game.apply(&a).unwrap();
    }
    let checked = |view: &chronomate_rules::view::View| {
        let title = view.title.clone().unwrap_or_default();
        let e8 = 7 * 8 + 4;
        let lit = view.boards.iter().any(|b| {
            b.highlights
                .iter()
                .any(|h| h.kind == HighlightKind::Check && h.cell == e8)
        });
        (title.ends_with("in check"), lit)
    };
    assert_eq!(checked(&game.view()), (true, true));
    let a = game.parse("g6").unwrap();
    game.apply(&a).unwrap();
    assert_eq!(checked(&game.view()), (false, false));
}

/// A refused submit says which royal man could be captured, on which
/// board, by which man from where: here a rook two timelines away, once
/// the knight between them has moved; through the erased game too, as
/// the host's `/submit` calls it.
#[test]
fn a_refused_submit_names_the_royal_and_the_attacker_across_timelines() {
    let fen = "fen:[4k/5/5/4K/r4:-1:1:w][5/5/5/5/N4:0:1:w][5/5/5/P4/K4:1:1:w]";
    let game = start(fen);
    assert!(!game.is_check());
    let mut draft = Vec::new();
    for mv in ["(-1T1)Kd2", "(0T1)Nc2", "(1T1)a3"] {
        draft.push(game.draft_move(&draft, mv).unwrap());
    }
    let want = "your king on (1T1)a1 could be captured by the black rook from (-1T1)a1";
    let e = game.draft_turn(&draft).unwrap_err();
    assert_eq!(e.rule(), Some(Rule::F_10), "{e}");
    assert_eq!(e.to_string(), want);
    let options = chronomate_rules::Options::parse(chronomate_rules::Variant::FiveD, fen).unwrap();
    let mut erased = chronomate_rules::Game::new(options, 0);
    assert_eq!(erased.draft_turn(&draft).unwrap_err().to_string(), want);
    assert_eq!(erased.play(&draft.join(" ")).unwrap_err().to_string(), want);
    assert!(erased.record().is_empty());
    // Short of a board, the refusal names the board still owed.
    let owed = game.draft_turn(&draft[..2]).unwrap_err();
    assert_eq!(owed.rule(), Some(Rule::F_5));
    assert_eq!(
        owed.to_string(),
        "the present is still yours: (1T1) still owes a move"
    );
    let draft = ["(-1T1)Kd2", "(0T1)Nb3", "(1T1)a3"].map(str::to_owned);
    let e = game.draft_turn(&draft).unwrap_err();
    assert!(e.to_string().contains("(1T1)a1"), "{e}");
    let safe = ["(-1T1)Kd2", "(0T1)Nc2", "(1T1)Kb1"].map(str::to_owned);
    assert!(game.draft_turn(&safe).is_ok());
}

/// Whether playing `turn` on a copy of `game` ends it won by the side that
/// played it: what [`Rules::wins_at_once`] must agree with.
fn won_by_playing(
    game: &chronomate_rules::fived::FiveD,
    turn: &chronomate_rules::fived::Action,
) -> bool {
    let mover = game.turn().color;
    let mut next = game.clone();
    next.apply(turn).is_ok() && next.status().outcome().and_then(|o| o.winner) == Some(mover)
}

/// Games that end in checkmate (the corpus's and published ones), and one
/// that ends in a check that does not mate
/// (`data/tools/standard-check.5dpgn`: 2...Qa5+).
const MATED: [&str; 9] = [
    "own/standard-white-mates.5dpgn",
    "own/standard-black-mates.5dpgn",
    "tools/princess-checkmate.5dpgn",
    "tools/defended-pawn-checkmate.5dpgn",
    "tools/standard-checkmate.5dpgn",
    "tools/standard-checkmate-2.5dpgn",
    "tools/standard-checkmate-3.5dpgn",
    "tools/standard-checkmate-4.5dpgn",
    "tools/standard-check.5dpgn",
];

/// 5D's quick answer (a turn mates only if it gives check, F-10) agrees
/// with playing the turn and judging, on the last positions of these
/// games: their last turn and every other turn listed there.
#[test]
fn a_turn_wins_at_once_exactly_where_playing_it_mates() {
    use crate::support::states;
    let (mut compared, mut wins) = (0, 0);
    for name in MATED {
        let text = data(name);
        let games = states(&text);
        let record =
            chronomate_rules::record::read(chronomate_rules::Variant::FiveD, &text).unwrap();
        let last = games.len() - 1;
        // The record's own last turn, played where it was.
        if let (Some(before), Some(turn)) = (games.get(last.wrapping_sub(1)), record.actions.last())
        {
            let turn = before.parse(turn).unwrap();
            assert_eq!(
                before.wins_at_once(&turn),
                won_by_playing(before, &turn),
                "{name}"
            );
        }
        for game in &games[last.saturating_sub(3)..] {
            for turn in game.legal_turns().take(300) {
                let expected = won_by_playing(game, &turn);
                assert_eq!(
                    game.wins_at_once(&turn),
                    expected,
                    "{name}: {}",
                    game.notation(&turn)
                );
                compared += 1;
                wins += usize::from(expected);
            }
        }
    }
    // Not a list without mates: several positions have more than one.
    eprintln!("{compared} turns compared, {wins} mate");
    assert!(wins >= 5, "{wins} mating turns among {compared}");
}

/// A hash of the whole multiverse and the side to move.
fn key(state: &chronomate_rules::fived::FiveD) -> u64 {
    use std::hash::{DefaultHasher, Hasher};
    let mut h = DefaultHasher::new();
    state.hash_position(&mut h);
    h.finish()
}

/// The corpus games with jumps, hops, many timelines, checks, mates and
/// stalemates.
const DRAFTED: [&str; 6] = [
    "own/standard-many-timelines.5dpgn",
    "own/timeline-invasion.5dpgn",
    "own/just-kings.5dpgn",
    "own/standard-black-mates.5dpgn",
    "own/rook-stalemate.5dpgn",
    "own/queen-stalemate.5dpgn",
];

#[test]
fn a_turn_drafted_board_by_board_is_the_turn_applied_whole() {
    // Each recorded turn drafted from the moves of its boards (`moves_on`)
    // and submitted: the same multiverse and status as the turn applied
    // whole; judged for mates only, the same but where the whole
    // judgement finds a stalemate.
    let mut stalemates = 0;
    for name in DRAFTED {
        let text = crate::support::data(name);
        let states = crate::support::states(&text);
        let record = chronomate_rules::fived::pgn::read(&text).unwrap();
        for (state, turn) in states.iter().zip(&record.turns) {
            let action = state.parse(turn).unwrap();
            let mut draft = state.draft();
            for mv in &action.moves {
                assert!(
                    draft.state().moves_on(mv.from.line).contains(mv),
                    "{name}: {turn}"
                );
                draft.make(mv).unwrap();
            }
            assert!(draft.submittable(), "{name}: {turn}");
            assert_eq!(draft.action(), action, "{name}: {turn}");
            let mut whole = state.clone();
            whole.apply(&action).unwrap();
            // A checking turn checks on its draft before it is submitted.
            assert_eq!(draft.checks_opponent(), whole.is_check(), "{name}: {turn}");
            let submitted = draft.clone().submit().unwrap();
            assert_eq!(key(&submitted), key(&whole), "{name}: {turn}");
            assert_eq!(submitted.status(), whole.status(), "{name}: {turn}");
            let judged = draft.submit_judging_mates(1_000_000).unwrap();
            assert_eq!(key(&judged), key(&whole), "{name}: {turn}");
            match whole.status() {
                Status::Finished(o) if o.winner.is_none() => {
                    assert_eq!(judged.status(), Status::Ongoing, "{name}: {turn}");
                    stalemates += 1;
                }
                status => assert_eq!(judged.status(), status, "{name}: {turn}"),
            }
        }
    }
    assert_eq!(stalemates, 2);
}

#[test]
fn a_board_move_refused_on_a_draft_changes_nothing() {
    let state = start("");
    let moves = state.moves_on(0);
    assert_eq!(moves.len(), 20);
    // Black's board is not White's to move on.
    assert!(state.moves_on(-1).is_empty() && state.moves_on(1).is_empty());
    // Nothing drafted: the present is still White's.
    let mut empty = state.draft();
    assert!(!empty.submittable());
    assert!(empty.submit().is_err());
    let mut draft = state.draft();
    draft.make(&moves[0]).unwrap();
    assert!(draft.submittable());
    // The same move again: its board is no longer White's.
    let before = key(draft.state());
    assert!(draft.make(&moves[0]).is_err());
    assert_eq!(key(draft.state()), before);
    assert_eq!(draft.moves(), &moves[..1]);
}

#[test]
fn every_corpus_mate_is_decided_within_a_few_hundred_steps() {
    // The last turn of every corpus game that ends in checkmate (the own
    // corpus and 5dchess-tools'), decided as the engine asks it; a limit
    // of one step decides none of them.
    let mut mates = 0;
    for name in [
        "own/just-bishops.5dpgn",
        "own/just-kings.5dpgn",
        "own/just-knights.5dpgn",
        "own/just-pawns-mates.5dpgn",
        "own/just-pawns-promotes.5dpgn",
        "own/just-queens.5dpgn",
        "own/just-unicorns.5dpgn",
        "own/knight-practice.5dpgn",
        "own/pawns-practice.5dpgn",
        "own/standard-black-mates.5dpgn",
        "own/standard-white-mates.5dpgn",
        "own/very-small-open.5dpgn",
    ] {
        let text = data(name);
        let mut states = crate::support::states(&text);
        let record = chronomate_rules::fived::pgn::read(&text).unwrap();
        states.pop();
        let before = states.pop().unwrap();
        let last = before.parse(record.turns.last().unwrap()).unwrap();
        assert_eq!(before.mates_within(&last, 400), Some(true), "{name}");
        assert_eq!(before.mates_within(&last, MATE_STEPS), Some(true), "{name}");
        assert_eq!(before.mates_within(&last, 1), None, "{name}");
        mates += 1;
    }
    assert_eq!(mates, 12);
}

#[test]
fn a_turn_judged_for_mate_says_how_many_steps_the_judgement_took() {
    // A program that budgets its work charges each judgement by them:
    // none where the opponent is out of check, the search's own where it
    // had to look, never more than it was allowed and one to lay it out.
    let text = data("own/standard-white-mates.5dpgn");
    let record = chronomate_rules::fived::pgn::read(&text).unwrap();
    let states = crate::support::states(&text);
    let judged = |state: &chronomate_rules::fived::FiveD, turn: &str, steps: usize| {
        let action = state.parse(turn).unwrap();
        let mut draft = state.draft();
        for mv in &action.moves {
            draft.make(mv).unwrap();
        }
        draft.submit_judging_mates_counted(steps).unwrap()
    };
    let (after_first, taken) = judged(&states[0], &record.turns[0], MATE_STEPS);
    assert_eq!(taken, 0);
    assert_eq!(after_first.status(), Status::Ongoing);
    let before = &states[states.len() - 2];
    let last = record.turns.last().unwrap();
    let (mated, taken) = judged(before, last, MATE_STEPS);
    assert!(mated.status().is_over());
    assert!((1..=400).contains(&taken), "{taken}");
    let (undecided, taken) = judged(before, last, 1);
    assert_eq!(undecided.status(), Status::Ongoing);
    assert!(taken <= 2, "{taken}");
}

/// The steps Chronomate's engine gives a mate decision
/// (`engine/src/search/fived.rs`).
const MATE_STEPS: usize = 1_000;

#[test]
fn turns_listed_within_a_number_of_steps_are_the_first_of_the_whole_list() {
    // Every position of two corpus games (checks, jumps, many timelines):
    // with steps enough, the same turns as the whole list; held to fewer,
    // a prefix of it that says it gave up, and never more steps than
    // allowed.
    let mut cut = 0;
    for name in ["own/standard-white-mates.5dpgn", "own/just-queens.5dpgn"] {
        for (i, state) in crate::support::states(&data(name)).iter().enumerate() {
            let whole: Vec<_> = state.legal_turns().take(200).collect();
            let mut listed = state.legal_turns_within(usize::MAX / 2);
            let all: Vec<_> = listed.by_ref().take(200).collect();
            assert_eq!(all, whole, "{name} position {i}");
            for limit in [1, 10, 100] {
                let mut held = state.legal_turns_within(limit);
                let some: Vec<_> = held.by_ref().take(200).collect();
                assert!(held.steps() <= limit, "{name} position {i}");
                assert_eq!(some[..], whole[..some.len()], "{name} position {i}");
                if some.len() < whole.len() {
                    assert!(held.gave_up(), "{name} position {i}, {limit} steps");
                    cut += 1;
                }
            }
        }
    }
    assert!(cut > 20, "{cut} lists cut short");
}
