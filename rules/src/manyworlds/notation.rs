//! Many Worlds notation, as the rule text writes it.
//!
//! | action                 | canonical                    |
//! |------------------------|------------------------------|
//! | split (M-2)            | `(VII) Nxe4 (=XII) Bd2 (=XV)` |
//! | transfer (M-2)         | `Nc6 IV-VII`, pawn `e5 III-IV` |
//!
//! Boards are Roman numerals, the first board `0` ([`Numeral`]). The two
//! moves of a split are SAN, told apart from the board's other moves (M-3:
//! moves into check count), without check marks: the object is to capture
//! a king, not to mate it.
//!
//! Read leniently: spaces anywhere between the parts, or none around
//! parentheses (`(vii)Nxe4(=xii)Bd2`); numerals in any case or in Arabic
//! digits; the results `(=XII)` may be left out, since the rules decide them
//! (`(VII) Nxe4 Bd2`), but one written must be right; `=XII` without
//! parentheses; a comma between the moves; SAN as for standard chess (`0-0`,
//! `e8Q`, `Ng1f3`, `x` left out, `+ # ! ?` ignored, a pawn capture by its
//! files alone, `ed`). A transfer's man may be written without its letter
//! (`c6 IV-VII`: whatever man of yours stands there), and the boards as
//! `IV - VII`, `IV->VII`, `IV>VII` or `IV to VII`.

use super::numeral::NumeralError;
use super::{Action, ManyWorlds, Numeral};
use crate::chess::{CastlingRefusal, CastlingSide, IllegalMove, Move, Role, San, is_rival};
use crate::geometry::{File, Rank, Square};
use crate::{ActionError, Rule, quote};

/// A split as written: the board and the two moves with their results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SplitText {
    pub board: Numeral,
    pub moves: [(String, Option<Numeral>); 2],
}

/// A transfer as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TransferText {
    pub role: Option<Role>,
    pub square: Square,
    pub from: Numeral,
    pub to: Numeral,
}

/// The two kinds of action, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Text {
    Split(SplitText),
    Transfer(TransferText),
}

const SHAPES: &str = "a split is written (0) e4 (=I) d4 (=II), a transfer Nf6 III-IV";

/// A board's numeral; one beyond any board is no board (M-1).
fn numeral(text: &str, whole: &str) -> Result<Numeral, ActionError> {
    Numeral::parse(text).map_err(|e| match e {
        NumeralError::TooLarge(_) => ActionError::illegal(Rule::M_1, e.to_string()),
        _ => ActionError::syntax(whole, e.to_string()),
    })
}

/// Reads the shape of an action: which kind, which boards, which words.
pub(crate) fn read_text(text: &str) -> Result<Text, ActionError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ActionError::syntax(text, SHAPES));
    }
    if let Some(rest) = trimmed.strip_prefix('(') {
        read_split(text, rest).map(Text::Split)
    } else {
        read_transfer(text, trimmed).map(Text::Transfer)
    }
}

fn read_split(whole: &str, rest: &str) -> Result<SplitText, ActionError> {
    let Some((board, rest)) = rest.split_once(')') else {
        return Err(ActionError::syntax(
            whole,
            "close the board's numeral: (IV) Nf6 (=V) e5 (=VI)",
        ));
    };
    let board = numeral(board, whole)?;
    let mut items: Vec<(bool, String)> = Vec::new(); // (is result, text)
    let mut current = String::new();
    let flush = |current: &mut String, items: &mut Vec<(bool, String)>| {
        if !current.is_empty() {
            let token = std::mem::take(current);
            match token.strip_prefix('=') {
                Some(n) if Numeral::parse(n).is_ok() => items.push((true, n.to_owned())),
                _ => items.push((false, token)),
            }
        }
    };
    let too_many = |items: &[(bool, String)]| {
        // Two moves and two results at most: a long line stops here.
        (items.len() > 4).then(|| too_many_moves(whole, board))
    };
    let chars: Vec<char> = rest.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == ';' {
            flush(&mut current, &mut items);
            if let Some(e) = too_many(&items) {
                return Err(e);
            }
        } else if c == '(' {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_whitespace() {
                j += 1;
            }
            let Some(close) = chars[i..].iter().position(|&c| c == ')').map(|p| p + i) else {
                return Err(ActionError::syntax(whole, "a parenthesis is not closed"));
            };
            if chars.get(j) == Some(&'=') {
                flush(&mut current, &mut items);
                let inner: String = chars[j + 1..close].iter().collect();
                items.push((true, inner.trim().to_owned()));
            } else {
                // A promotion written e8(Q).
                current.extend(&chars[i..=close]);
            }
            i = close;
        } else {
            current.push(c);
        }
        i += 1;
    }
    flush(&mut current, &mut items);
    let mut moves: Vec<(String, Option<Numeral>)> = Vec::new();
    for (is_result, item) in items {
        if is_result {
            match moves.last_mut() {
                Some((_, result @ None)) => *result = Some(numeral(&item, whole)?),
                _ => {
                    return Err(ActionError::syntax(
                        whole,
                        format!(
                            "(={}) must follow the move that makes that board",
                            quote(&item)
                        ),
                    ));
                }
            }
        } else {
            moves.push((item, None));
        }
    }
    match <[(String, Option<Numeral>); 2]>::try_from(moves) {
        Ok(moves) => Ok(SplitText { board, moves }),
        Err(moves) if moves.len() > 2 => Err(too_many_moves(whole, board)),
        Err(moves) => Err(ActionError::syntax(
            whole,
            format!(
                "a split is two different moves on board {board}, like ({board}) e4 d4; {} written",
                if moves.is_empty() { "none" } else { "one" }
            ),
        )),
    }
}

fn too_many_moves(whole: &str, board: Numeral) -> ActionError {
    ActionError::syntax(
        whole,
        format!(
            "a split is two different moves on board {board}, like ({board}) e4 d4; more are written"
        ),
    )
}

fn read_transfer(whole: &str, text: &str) -> Result<TransferText, ActionError> {
    let (man, boards) = match text.split_once(char::is_whitespace) {
        Some((man, boards)) => (man, boards.trim()),
        None => {
            // A move alone: show it as the start of a split, if it is short
            // enough to be one.
            let example = if text.chars().count() <= 8 {
                format!("(0) {text} ...")
            } else {
                "(0) e4 d4".to_owned()
            };
            return Err(ActionError::syntax(
                whole,
                format!(
                    "a transfer names the man and two boards, like Nf6 III-IV; a split names its board first, like {example}"
                ),
            ));
        }
    };
    let man = man.trim_end_matches(['+', '#', '!', '?']);
    let chars: Vec<char> = man.chars().collect();
    let (role, square_text) = match chars.as_slice() {
        [f, r] if File::from_char(*f).is_some() && Rank::from_char(*r).is_some() => (None, man),
        [letter, _, _] => match Role::from_char(*letter) {
            Some(role) => (Some(role), &man[letter.len_utf8()..]),
            None => {
                return Err(ActionError::syntax(
                    whole,
                    format!("{letter:?} is not a man's letter: K, Q, R, B, N or P"),
                ));
            }
        },
        _ => {
            return Err(ActionError::syntax(
                whole,
                "a transfer names the man by its letter and square, like Nf6 III-IV",
            ));
        }
    };
    let square: Square = square_text.parse().map_err(|_| {
        ActionError::syntax(whole, format!("{square_text:?} is not a square like f6"))
    })?;
    let boards = boards
        .replace("->", "-")
        .replace(['>', '–', '—', '→'], "-")
        .to_ascii_lowercase()
        .replace(" to ", "-");
    let parts: Vec<&str> = if boards.contains('-') {
        boards.split('-').map(str::trim).collect()
    } else {
        boards.split_whitespace().collect()
    };
    let [from, to] = parts.as_slice() else {
        return Err(ActionError::syntax(
            whole,
            "a transfer names two boards, from and to: Nf6 III-IV",
        ));
    };
    Ok(TransferText {
        role,
        square,
        from: numeral(from, whole)?,
        to: numeral(to, whole)?,
    })
}

/// The SAN of `mv` among `moves`, the side's moves on its board.
pub fn san(moves: &[Move], mv: &Move) -> San {
    let rivals = moves
        .iter()
        .filter(|other| is_rival(mv, other))
        .map(Move::from)
        .collect();
    San::from_move_among(mv, rivals)
}

/// The refusal for a move SAN names on a board: ambiguous; or against M-3,
/// this game's movement (FIDE's, check aside; castling with unmoved king
/// and rook and empty squares between); or against FIDE's promotion.
fn refusal(error: IllegalMove) -> ActionError {
    match error {
        IllegalMove::Ambiguous { .. } => error.into(),
        _ if matches!(error.rule(), Rule::FIDE_MOVEMENT | Rule::FIDE_CASTLING) => {
            ActionError::illegal(Rule::M_3, error.to_string())
        }
        _ => error.into(),
    }
}

/// The move of `moves` that `text` (SAN, read leniently) names, or why none
/// does. `castle` explains a castling that is not among the moves.
pub(crate) fn resolve(
    moves: &[Move],
    text: &str,
    castle: impl Fn(CastlingSide) -> CastlingRefusal,
) -> Result<Move, ActionError> {
    let parsed = San::from_ascii(text).map_err(|e| ActionError::syntax(text, e.to_string()))?;
    let candidates: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| parsed.describes(m))
        .collect();
    if candidates.is_empty() {
        return Err(refusal(why_not(moves, &parsed, castle)));
    }
    parsed
        .choose(candidates, |m| san(moves, m).to_string())
        .map_err(refusal)
}

/// Why no move of `moves` fits `parsed`: castling is not possible, or no
/// man of that kind reaches the target (with a hint when a pawn push was
/// written for a capture).
fn why_not(
    moves: &[Move],
    parsed: &San,
    castle: impl Fn(CastlingSide) -> CastlingRefusal,
) -> IllegalMove {
    use crate::chess::{Origin, Target};
    match *parsed {
        San::Castle(side) => IllegalMove::CannotCastle {
            side,
            reason: castle(side),
        },
        San::FileCapture { from, to, .. } => IllegalMove::NoneCanReach {
            role: Role::Pawn,
            origin: Origin::Anywhere,
            to: Target::Files { from, to },
            hint: None,
        },
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            ..
        } => {
            let hint = (role == Role::Pawn && file.is_none() && !capture)
                .then(|| {
                    moves
                        .iter()
                        .find(|m| m.role() == Role::Pawn && m.to() == to && m.is_capture())
                        .map(|m| format!("to capture, write {}", san(moves, m)))
                })
                .flatten();
            IllegalMove::NoneCanReach {
                role,
                origin: Origin::new(file, rank),
                to: Target::Square(to),
                hint,
            }
        }
    }
}

/// Reads an action leniently, refusing what is not legal with the rule
/// it breaks.
pub(super) fn read(game: &ManyWorlds, text: &str) -> Result<Action, ActionError> {
    if game.status.is_over() {
        return Err(ActionError::GameOver);
    }
    let action = match read_text(text)? {
        Text::Split(split) => read_split_action(game, &split)?,
        Text::Transfer(t) => {
            let role = match t.role {
                Some(role) => role,
                None => game
                    .board(t.from)
                    .and_then(|w| w.board().role_at(t.square))
                    .unwrap_or(Role::Pawn),
            };
            let action = Action::Transfer {
                role,
                square: t.square,
                from: t.from,
                to: t.to,
            };
            game.check(&action)?;
            action
        }
    };
    Ok(action)
}

/// A split as written: both moves resolved on their board, the results
/// written checked against the numerals the rules give (M-1, M-2).
fn read_split_action(game: &ManyWorlds, split: &SplitText) -> Result<Action, ActionError> {
    let us = game.to_move;
    let board = split.board;
    let (world, moves) = game.split_moves(board)?;
    let castle = |side: CastlingSide| {
        if world.castling().has(us, side) {
            CastlingRefusal::Blocked
        } else {
            CastlingRefusal::NoRight
        }
    };
    let on_board = |e: ActionError| match e {
        ActionError::Illegal { rule, reason } => {
            ActionError::illegal(rule, format!("on board {board}: {reason}"))
        }
        ActionError::Ambiguous(m) => ActionError::Ambiguous(format!("on board {board}: {m}")),
        other => other,
    };
    let [(first_text, _), (second_text, _)] = &split.moves;
    let first = resolve(&moves, first_text, castle).map_err(on_board)?;
    let second = resolve(&moves, second_text, castle).map_err(on_board)?;
    let action = Action::Split {
        board,
        first,
        second,
    };
    game.check(&action)?;
    if let Some((n1, n2)) = game.results(board, &first, &second) {
        for ((written, result), actual) in split.moves.iter().zip([n1, n2]) {
            if let Some(result) = result
                && *result != actual
            {
                return Err(ActionError::illegal(
                    Rule::M_2,
                    format!(
                        "{} on board {board} makes board {actual}, not {result}",
                        quote(written)
                    ),
                ));
            }
        }
    }
    Ok(action)
}

/// The canonical notation of `action`, a legal action now:
/// `(0) e4 (=I) d4 (=II)` or `Nf6 III-IV`.
pub(super) fn write(game: &ManyWorlds, action: &Action) -> String {
    match *action {
        Action::Split {
            board,
            first,
            second,
        } => {
            let moves = game
                .board(board)
                .map(|w| w.moves(game.to_move))
                .unwrap_or_default();
            let (s1, s2) = (san(&moves, &first), san(&moves, &second));
            match game.results(board, &first, &second) {
                Some((n1, n2)) => format!("({board}) {s1} (={n1}) {s2} (={n2})"),
                None => format!("({board}) {s1} {s2}"),
            }
        }
        Action::Transfer {
            role,
            square,
            from,
            to,
        } => {
            let letter = if role == Role::Pawn {
                String::new()
            } else {
                role.upper_char().to_string()
            };
            format!("{letter}{square} {from}-{to}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_read_leniently() {
        let t = read_text("(VII) Nxe4 (=XII) Bd2 (=XV)").unwrap();
        let Text::Split(s) = t else { panic!() };
        assert_eq!(s.board, Numeral(7));
        assert_eq!(s.moves[0], ("Nxe4".to_owned(), Some(Numeral(12))));
        assert_eq!(s.moves[1], ("Bd2".to_owned(), Some(Numeral(15))));
        let Text::Split(s) = read_text(" ( vii )Nxe4(= xii)Bd2 ").unwrap() else {
            panic!()
        };
        assert_eq!(s.moves[1], ("Bd2".to_owned(), None));
        let Text::Split(s) = read_text("(0) e8(Q) =I, d4").unwrap() else {
            panic!()
        };
        assert_eq!(s.moves[0], ("e8(Q)".to_owned(), Some(Numeral(1))));
        assert!(read_text("(0) e4").is_err());
        assert!(read_text("(0) (=I) e4 d4").is_err());
        assert!(read_text("(0 e4 d4").is_err());
    }

    #[test]
    fn transfers_are_read_leniently() {
        let want = Text::Transfer(TransferText {
            role: Some(Role::Knight),
            square: Square::C6,
            from: Numeral(4),
            to: Numeral(7),
        });
        for text in [
            "Nc6 IV-VII",
            "nc6 iv - vii",
            "Nc6 IV->VII",
            "Nc6 4 to 7",
            "Nc6 IV VII",
        ] {
            assert_eq!(read_text(text), Ok(want.clone()), "{text}");
        }
        assert!(matches!(
            read_text("c6 IV-VII"),
            Ok(Text::Transfer(TransferText { role: None, .. }))
        ));
        assert!(read_text("e4").is_err());
        assert!(read_text("Nc6 IV").is_err());
        assert!(read_text("Zc6 IV-V").is_err());
    }
}
