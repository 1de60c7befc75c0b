//! The worked examples of the rule text (Games 1 and 2) and the quiz after
//! Game 2, replayed through the face.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::traveler::{Action, TravelerChess};
use chronomate_rules::{Color, Game, Outcome, Reason, Rules, Status, Variant, record};

fn replay(text: &str) -> Game {
    let actions = record::actions(Variant::Traveler, text);
    Game::replay(Variant::Traveler, 0, actions).unwrap()
}

fn play(moves: &[&str]) -> TravelerChess {
    let mut g = TravelerChess::new();
    for m in moves {
        let action = g.parse(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(&action).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// Game 1: `1.Nf6/e8 gf` 0-1. The explosion is supported by the knight on
/// b1 (three moves); the traveled knight takes the king, but Black is never
/// in check, since White cannot resolve in one move; `gxf6` takes the
/// traveling knight and White is grammatically incorrect (TT-6, TT-7a (2)).
#[test]
fn game_1_ends_in_grammatical_incorrectness() {
    let game = replay(include_str!("../data/traveler/game1.txt"));
    assert_eq!(game.record(), ["Nf6/xe8", "gxf6"]);
    assert_eq!(
        game.status(),
        Status::Finished(Outcome::win(Color::Black, Reason::GrammaticalIncorrectness))
    );
    let g = play(&["Nf6/e8"]);
    assert!(g.is_kingless(Color::Black));
    assert!(
        !g.is_check(Color::Black),
        "White needs more than one move to resolve"
    );
    let e = g.explosions(Color::White);
    assert_eq!(e.len(), 1);
    assert_eq!(
        e[0].supports,
        vec![chronomate_rules::geometry::Square::B1],
        "only the b1 knight reaches f6 in three moves"
    );
}

/// Game 2: `1.e4 d6 2.Bb5/e8+ d4/d3 3.Bxd3+ Qe6/c4 4.Bxc4++` 1-0, with the
/// checks the text states (TT-7: a threat to resolve while the opponent is
/// kingless).
#[test]
fn game_2_ends_in_checkmate_with_the_stated_checks() {
    let game = replay(include_str!("../data/traveler/game2.txt"));
    assert_eq!(
        game.record(),
        ["e4", "d6", "Bb5/xe8+", "d4/d3", "Bxd3+", "Qe6/c4", "Bxc4#"]
    );
    assert_eq!(
        game.status(),
        Status::Finished(Outcome::win(Color::White, Reason::Checkmate))
    );
    let g = play(&["e4", "d6", "Bb5/e8"]);
    assert!(g.is_check(Color::Black));
    let g = play(&["e4", "d6", "Bb5/e8", "d4/d3"]);
    assert!(!g.is_check(Color::Black), "the traveled pawn on d3 blocks");
    assert!(!g.is_check(Color::White));
}

/// The quiz after 3.Bxd3+: "How many different chessmen can Black now
/// place on c4? Four: Q, QB, QN, QBP." Only an explosion meets the check,
/// and a man on c4 blocks it. The explosions *on* c4 (the traveling man
/// stays there) are exactly the four of the text, each with the one
/// support it names (TT-1): the queen (Qd7, Qe6, Qc4), the queen's bishop
/// (Be6, Bc4), the queen's knight (Nd7, Nb6, Nc4) and the queen's bishop's
/// pawn (c5, c4). Explosions elsewhere whose traveled man lands on c4 (as
/// `Qe6/c4` in the game) add the queen's rook (a5, Ra6, Rc6, then
/// `Rc6/c4`) and the king's knight, which TT-1 also allows.
#[test]
fn game_2_quiz_four_chessmen_can_be_placed_on_c4() {
    use chronomate_rules::chess::Role;
    use chronomate_rules::geometry::Square;
    let g = play(&["e4", "d6", "Bb5/e8", "d4/d3", "Bxd3"]);
    assert!(g.is_check(Color::Black));
    let mut on_c4 = std::collections::BTreeSet::new();
    let mut onto_c4 = std::collections::BTreeSet::new();
    for a in g.legal_actions() {
        match a {
            Action::Explosion {
                role,
                square: Square::C4,
                ..
            } => {
                on_c4.insert(role);
            }
            Action::Explosion {
                role,
                to: Square::C4,
                ..
            } => {
                onto_c4.insert(role);
            }
            _ => panic!("{a:?} does not meet the check"),
        }
    }
    assert_eq!(
        on_c4.into_iter().collect::<Vec<_>>(),
        [Role::Pawn, Role::Knight, Role::Bishop, Role::Queen],
        "four: Q, QB, QN, QBP"
    );
    let supporters = |role: Role| -> Vec<Square> {
        g.supports(role)
            .into_iter()
            .filter(|(_, squares)| squares.contains(Square::C4))
            .map(|(from, _)| from)
            .collect()
    };
    assert_eq!(supporters(Role::Queen), [Square::D8]);
    assert_eq!(supporters(Role::Bishop), [Square::C8]);
    assert_eq!(supporters(Role::Knight), [Square::B8]);
    assert_eq!(supporters(Role::Pawn), [Square::C7]);
    assert_eq!(supporters(Role::Rook), []);
    assert_eq!(supporters(Role::King), []);
    // Traveled men landing on c4 from elsewhere: the rook comes in too.
    assert!(onto_c4.contains(&Role::Rook) && onto_c4.contains(&Role::Queen));
    let mut game = g.clone();
    let rook = game.parse("Rc6/c4").unwrap();
    assert_eq!(game.play(&rook).unwrap().notation, "Rc6/c4");
}
