//! The hypercuboid search held to the reference search
//! (`fived::search::brute_force_turns`, every order of every board move)
//! on small positions: the same set of legal turns, each once, in
//! canonical text; the same count; the same verdict where none exists,
//! checkmate in check and stalemate out of it (F-10).

use std::collections::BTreeSet;

use chronomate_rules::fived::FiveD;
use chronomate_rules::fived::search::brute_force_turns;
use chronomate_rules::{Outcome, Reason, Rules, Status};

use crate::support::{data, states};

/// Canonical texts of `turns`, checked distinct (no turn listed twice,
/// no two turns written alike).
fn texts(game: &FiveD, turns: &[chronomate_rules::fived::Action], who: &str) -> BTreeSet<String> {
    let set: BTreeSet<String> = turns.iter().map(|t| game.notation(t)).collect();
    assert_eq!(
        set.len(),
        turns.len(),
        "{who}: a turn listed or written twice"
    );
    set
}

/// Holds both searches to each other at `game`; returns the reference's
/// turns, sorted by their text.
fn agree(game: &FiveD, what: &str) -> Vec<String> {
    let fast: Vec<_> = game.legal_turns().collect();
    let slow = brute_force_turns(game);
    let fast_set = texts(game, &fast, "the hypercuboid search");
    let slow_set = texts(game, &slow, "the reference search");
    let missing: Vec<_> = slow_set.difference(&fast_set).take(5).collect();
    let extra: Vec<_> = fast_set.difference(&slow_set).take(5).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{what}: {} turns against the reference's {}; missing {missing:?}, extra {extra:?}",
        fast_set.len(),
        slow_set.len()
    );
    assert_eq!(game.count_actions(usize::MAX), slow.len(), "{what}: count");
    let listed = game.legal_actions();
    assert_eq!(
        listed.len(),
        slow.len().min(chronomate_rules::fived::LISTED_TURNS)
    );
    assert!(listed.iter().all(|t| slow_set.contains(&game.notation(t))));
    // The verdict: over exactly when the reference finds no turn, and
    // then checkmate in check, stalemate out of it.
    let verdict = match (slow.is_empty(), game.is_check()) {
        (false, _) => Status::Ongoing,
        (true, true) => Status::Finished(Outcome::win(game.to_move().other(), Reason::Checkmate)),
        (true, false) => Status::Finished(Outcome::draw(Reason::Stalemate)),
    };
    assert_eq!(game.status(), verdict, "{what}: verdict");
    slow_set.into_iter().collect()
}

/// Two kings jump onto the same cell of the same past board, (0T1)c2,
/// each opening a timeline: the two orders leave alike multiverses (the
/// new timelines' boards are the same) yet are two turns, as cwmtt counts
/// them (27 here, `counts.txt`) and the hypercuboid search lists them.
/// The reference search once took turns leaving the same multiverse for
/// one and found 26.
#[test]
fn swapped_branching_jumps_are_two_turns() {
    let game = &states(&data("cwmtt/JustKings.5dpgn"))[3];
    let turns = agree(game, "JustKings after 2. (0T2)Ka2>>(0T1)a2");
    assert_eq!(turns.len(), 27);
    for both in [
        "(1T1)Kc3>>(0T1)c2 (0T2)Kc2>>(0T1)c2",
        "(0T2)Kc2>>(0T1)c2 (1T1)Kc3>>(0T1)c2",
    ] {
        assert!(turns.iter().any(|t| t == both), "{both}: {turns:?}");
    }
}

/// A position judged checkmate by the fast search is searched again by
/// the reference, which finds no turn.
#[test]
fn the_reference_judges_mates_afresh() {
    let game = states(&data("cwmtt/standard.5dpgn")).pop().unwrap();
    assert!(game.status().is_over());
    assert!(agree(&game, "standard.5dpgn's mate").is_empty());
}
