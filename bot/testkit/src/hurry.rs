//! A player who hurries a game to its end, for whole games against
//! Chronomate that must end soon: mates when it can, else walks into a mate
//! in one, else gives away what the opponent can take.

use chronomate_rules::{Game, Status};

fn over(game: &Game) -> bool {
    matches!(game.status(), Status::Finished(_))
}

/// The action to play now (`None` once the game is over).
pub fn hurrying_action(game: &Game) -> Option<String> {
    let mut best: Option<(i64, String)> = None;
    for action in game.legal_actions() {
        let mut after = game.clone();
        if after.play(&action).is_err() {
            continue;
        }
        if over(&after) {
            return Some(action);
        }
        let replies = after.legal_actions();
        let mut value = 0;
        for reply in &replies {
            // Captures the opponent is offered.
            if reply.contains('x') {
                value += 10;
            }
            let mut then = after.clone();
            if then.play(reply).is_ok() && over(&then) {
                // A mate (or any end) in one for the opponent.
                value += 1_000;
                break;
            }
        }
        if best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, action));
        }
    }
    best.map(|(_, a)| a)
}
