//! Gifford notation: writing actions canonically, reading them leniently.
//!
//! | action              | canonical            | also read                                   |
//! |---------------------|----------------------|---------------------------------------------|
//! | move                | `Nf3`, `O-O`, `Bh2+` | any SAN the standard reader takes, UCI      |
//! | forward travel      | `d2// to 8`          | `d2//to8`, `Pd2 // To 8`, `P(d2)// to 8`    |
//! |                     | `Bf8// to 5`         | `B(f8)// to 5`, `B (f8)// to 5`, `bf8//to5` |
//! |                     | `Ke1// to 17`        | `K(e1)// to 17`, `K// to 17` (one king)     |
//! | arrival             | `[P] e6`, `[Bb] a5+` | `[p]e6`, `[B] a5`, `[bb] a5`                |
//! | backward travel     | `K// back to 2`      | `K// Back to 2`, `K // to 2` (an earlier    |
//! |                     | `Kf3// back to 6`    | move: the rule text's form), `K(f3)//back6` |
//! | king from the future| `K [FTF] f8`         | `K[FTF] f1`, `K f3 // FTF`, `k [ftf] f8`    |
//!
//! Trailing `+`, `#`, `!`, `?` and `*` (the rule text's footnote marks)
//! are ignored everywhere. A bishop's tag may leave out its square colour
//! (`[B]`); if written it must be right. `K// back to n` needs the king's
//! square only when the mover has several kings on the board.

use super::action::{Action, Shade, tag};
use super::play::mated;
use super::position::{Gifford, MAX_AHEAD, MAX_BACK, Node, Ply, kings};
use crate::chess::{Piece, Role, San, Uci};
use crate::geometry::Square;
use crate::{ActionError, Rule};

/// The canonical notation of `action`, legal in `node`, with `+` when it
/// leaves an enemy king in check and `#` when that is mate.
pub(super) fn write(node: &Node, action: &Action) -> String {
    let body = body(node, action);
    if matches!(action, Action::Back { .. }) {
        return body;
    }
    let after = node.after(action);
    if !after.in_check() {
        return body;
    }
    if mated(&after) {
        format!("{body}#")
    } else {
        format!("{body}+")
    }
}

/// The canonical notation of `action`, legal in `node`, without its check
/// mark (a backward travel never has one).
pub(super) fn body(node: &Node, action: &Action) -> String {
    let board = node.board();
    match *action {
        Action::Move { mv } => San::from_move(&node.pos, &mv).to_string(),
        Action::Forward { from, arrival } => match board.role_at(from) {
            Some(Role::Pawn) | None => format!("{from}// to {arrival}"),
            Some(role) => format!("{}{from}// to {arrival}", role.upper_char()),
        },
        Action::Arrive { role, to } => {
            let shade = node
                .due()
                .filter(|a| a.role == role)
                .and_then(|a| a.shade)
                .or_else(|| (role == Role::Bishop).then(|| Shade::of(to)));
            format!("{} {to}", tag(role, shade))
        }
        Action::Back { from, to_move } => {
            // The king's square only when it is needed to tell kings apart.
            if kings(board, node.mover()).more_than_one() {
                format!("K{from}// back to {to_move}")
            } else {
                format!("K// back to {to_move}")
            }
        }
        Action::Place { to } => format!("K [FTF] {to}"),
    }
}

impl Ply {
    /// How the record writes this action: its canonical notation in the
    /// moment before it.
    pub(super) fn notation(&self) -> String {
        write(&self.before, &self.action)
    }
}

impl Gifford {
    /// The record so far: the canonical notation of every action in the
    /// order played, across timelines. Replaying it rebuilds the game.
    pub fn record(&self) -> Vec<String> {
        // Timelines are played one after another: each one's actions all
        // come before the next one's.
        self.timelines
            .iter()
            .flat_map(|tl| tl.plies.iter().map(Ply::notation))
            .collect()
    }
}

/// Reads `text` as an action of the mover, checking it is legal now.
pub(super) fn parse(game: &Gifford, text: &str) -> Result<Action, ActionError> {
    if game.status.is_over() {
        return Err(ActionError::GameOver);
    }
    let action = read(game, text)?;
    game.check_legal(&action)?;
    Ok(action)
}

/// Drops trailing check marks, annotations and footnote stars.
fn strip_marks(text: &str) -> &str {
    text.trim()
        .trim_end_matches(|c: char| matches!(c, '+' | '#' | '!' | '?' | '*') || c.is_whitespace())
}

fn syntax(text: &str, reason: &str) -> ActionError {
    ActionError::syntax(text, reason)
}

fn read(game: &Gifford, text: &str) -> Result<Action, ActionError> {
    let body = strip_marks(text);
    if body.is_empty() {
        return Err(syntax(text, "there is no action in it"));
    }
    let lower = body.to_ascii_lowercase();
    if lower.contains("ftf") {
        read_place(text, &lower)
    } else if body.starts_with('[') {
        read_arrival(game, text, body)
    } else if let Some((left, right)) = body.split_once("//") {
        read_travel(game, text, left, right)
    } else {
        read_move(game, text, body)
    }
}

/// `K [FTF] f8`, `K f3 // FTF`.
fn read_place(text: &str, lower: &str) -> Result<Action, ActionError> {
    let rest: String = lower
        .replacen("ftf", "", 1)
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '[' | ']' | '(' | ')' | '/'))
        .collect();
    let rest = rest.strip_prefix('k').unwrap_or(&rest);
    rest.parse::<Square>()
        .map(|to| Action::Place { to })
        .map_err(|_| {
            syntax(
                text,
                "a king from the future is placed like this: K [FTF] f8",
            )
        })
}

/// `[P] e6`, `[Bb] a5`, `[K] f1`.
fn read_arrival(game: &Gifford, text: &str, body: &str) -> Result<Action, ActionError> {
    const SHAPE: &str = "an arrival is written with its tag and square, like [P] e6 or [Bb] a5";
    let Some((inside, square)) = body[1..].split_once(']') else {
        return Err(syntax(text, SHAPE));
    };
    let mut letters = inside.trim().chars();
    let role = letters
        .next()
        .and_then(Role::from_char)
        .ok_or_else(|| syntax(text, SHAPE))?;
    let shade = match letters.as_str() {
        "" => None,
        s if s.eq_ignore_ascii_case("w") || s.eq_ignore_ascii_case("b") => {
            if role != Role::Bishop {
                return Err(syntax(
                    text,
                    "only a bishop's tag names its square colour: [Bw] or [Bb]",
                ));
            }
            Some(s.eq_ignore_ascii_case("w"))
        }
        _ => return Err(syntax(text, SHAPE)),
    };
    let square: String = square.chars().filter(|c| !c.is_whitespace()).collect();
    if square.is_empty() {
        return Err(syntax(text, "say where it arrives: [P] e6"));
    }
    let to = square
        .to_ascii_lowercase()
        .parse::<Square>()
        .map_err(|_| syntax(text, SHAPE))?;
    if let (Some(light), Some(due)) = (shade, game.due())
        && due.role == Role::Bishop
        && let Some(due_shade) = due.shade
        && (due_shade == Shade::Light) != light
    {
        return Err(ActionError::illegal(
            Rule::G_2,
            format!(
                "your arriving bishop keeps to {due_shade}: write {}",
                due.tag()
            ),
        ));
    }
    Ok(Action::Arrive { role, to })
}

/// `d2// to 8`, `Bf8// to 5`, `K// back to 2`, `Kf3// back to 6`.
fn read_travel(game: &Gifford, text: &str, left: &str, right: &str) -> Result<Action, ActionError> {
    const SHAPE: &str = "travel is written like d2// to 8, Bf8// to 5 or K// back to 2";
    let right: String = right
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    let (back, right) = match right.strip_prefix("back") {
        Some(rest) => (true, rest),
        None => (false, right.as_str()),
    };
    let right = right.strip_prefix("to").unwrap_or(right);
    let right = right.strip_prefix("move").unwrap_or(right);
    if right.is_empty() || !right.chars().all(|c| c.is_ascii_digit()) {
        return Err(syntax(text, SHAPE));
    }
    // Digits only: what does not fit a u32 is far beyond any move a man
    // may travel to.
    let Ok(n) = right.parse::<u32>() else {
        return Err(out_of_range(game, back));
    };

    let left: String = left
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '(' | ')'))
        .collect();
    let (role, square) = read_man(&left).ok_or_else(|| syntax(text, SHAPE))?;
    let us = game.node.mover();
    let board = game.board();
    // The rule of the travel written: back (G-4) or forward (G-1).
    let travel = if back { Rule::G_4 } else { Rule::G_1 };
    let from = match square {
        Some(sq) => {
            let Some(piece) = board.piece_at(sq).filter(|p| p.color == us) else {
                return Err(ActionError::illegal(
                    travel,
                    format!("you have no man on {sq}"),
                ));
            };
            if let Some(role) = role
                && role != piece.role
            {
                return Err(ActionError::illegal(
                    travel,
                    format!("{sq} holds your {}, not a {role}", piece.role),
                ));
            }
            sq
        }
        None if role == Some(Role::King) => {
            let kings = board.by_piece(Piece::new(us, Role::King));
            if kings.more_than_one() {
                let squares = game.king_squares(us);
                let way = if back { "back to" } else { "to" };
                let first: Option<Square> = kings.first();
                return Err(ActionError::Ambiguous(format!(
                    "you have kings on {squares}: say which, like K{}// {way} {n}",
                    first.map_or(String::new(), |s| s.to_string())
                )));
            }
            kings.single().ok_or_else(|| {
                ActionError::illegal(
                    if back { Rule::G_4 } else { Rule::G_3 },
                    "you have no king on the board",
                )
            })?
        }
        None => {
            return Err(syntax(
                text,
                "name the man's square: d2// to 8, Bf8// to 5, Ke1// to 9",
            ));
        }
    };
    let is_king = board.role_at(from) == Some(Role::King);
    // The rule text writes a king's trip back as `K // to 6`: a king sent
    // to an earlier move goes back.
    if back || (is_king && n < game.move_number()) {
        if !is_king {
            return Err(ActionError::illegal(
                Rule::G_4,
                "only a king travels back in time (G-4)",
            ));
        }
        return Ok(Action::Back { from, to_move: n });
    }
    Ok(Action::Forward { from, arrival: n })
}

/// `d2`, `Pd2`, `Bf8`, `bf8`, `K`: the man's kind and square, as written.
fn read_man(text: &str) -> Option<(Option<Role>, Option<Square>)> {
    let lower = text.to_ascii_lowercase();
    if let Ok(sq) = lower.parse::<Square>() {
        return Some((None, Some(sq)));
    }
    let mut chars = text.chars();
    let role = Role::from_char(chars.next()?)?;
    let rest = chars.as_str();
    if rest.is_empty() {
        return Some((Some(role), None));
    }
    let sq = rest.to_ascii_lowercase().parse::<Square>().ok()?;
    Some((Some(role), Some(sq)))
}

/// A FIDE move, in SAN or UCI.
fn read_move(game: &Gifford, text: &str, body: &str) -> Result<Action, ActionError> {
    if let Some(refusal) = game.phase_refusal() {
        return Err(refusal);
    }
    let pos = game.position();
    let mv = if let Ok(uci) = Uci::from_ascii(body) {
        uci.to_move(pos)
    } else {
        let san = San::from_ascii(body).map_err(|e| syntax(text, &e.to_string()))?;
        san.to_move(pos)
    };
    mv.map(|mv| Action::Move { mv }).map_err(ActionError::from)
}

/// A move number too long to be one (`Bf1// to 99999999999999999999999`):
/// out of range, with the range the travel written allows. The number
/// itself is not repeated: it may be millions of digits long.
fn out_of_range(game: &Gifford, back: bool) -> ActionError {
    if back {
        return ActionError::illegal(
            Rule::G_4,
            format!(
                "that move number is out of range: a king travels back 1 to {MAX_BACK} moves (G-4)"
            ),
        );
    }
    let m = game.move_number();
    ActionError::illegal(
        Rule::G_1,
        format!(
            "that move number is out of range: a man travels forward to move {} to {} (G-1)",
            m.saturating_add(1),
            m.saturating_add(MAX_AHEAD)
        ),
    )
}
