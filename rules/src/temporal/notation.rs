//! Temporal Chess notation: printing actions canonically and reading them
//! leniently.
//!
//! Canonical forms (what the record holds), the man's letter first
//! (`K Q R B N U`, U for unicorn), cells written `Bc3` (level, file, rank):
//!
//! | action                      | canonical        |
//! |-----------------------------|------------------|
//! | drop from hand (T-2)        | `N@Bc3`          |
//! | move                        | `NAb1-Cc2`       |
//! | capture                     | `NAb1xCc2`       |
//! | warp from the future (T-4)  | `NAb1~Cc2/3`     |
//! | ... capturing               | `NAb1~xCc2/3`    |
//! | warp into the future (T-5)  | `NBb2^4`         |
//!
//! `/3` and `^4` are the checkers (1 to 6). A move or warp that leaves the
//! opponent in check ends in `+`, one that checkmates in `#`.
//!
//! Input is lenient: spaces, case, `+ # ! ?` are ignored; `x` (or `:`) may
//! be left out; the origin may be shortened SAN-style to what tells the men
//! apart (`NCc2`, `NbCc2`, `N1Cc2`, `NACc2`, `NAbCc2`), or the man's letter
//! left out when a whole origin cell is given (`Ab1-Cc2`, `Ab1~Cc2/3`,
//! `Bb2^4`); `*` may stand for `@`; the checkers of a warp from the future
//! may follow without `/` (`NAb1~Cc2 3`); while the kings are being placed
//! a bare cell (`Bb2`, `KBb2`) places the king. In an origin of one letter,
//! a capital is a level and a small letter a file.

use std::fmt::Write;

use super::action::Action;
use super::cell::{Cell, file_of, level_of, rank_of};
use super::legality::placement_first;
use super::movement::Kind;
use super::position::{Position, TemporalChess};
use super::turn::Transition;
use crate::{ActionError, Rule, quote};

/// The canonical text of `action`, legal in `pos`, with `+` when it leaves
/// the opponent in check and `#` when that is mate.
pub(super) fn write(pos: &Position, action: Action) -> String {
    match pos.legal_transition(action) {
        Some(t) => write_turn(pos, action, &t),
        None => base(pos, action),
    }
}

/// [`write`], given the whole turn `t` the action makes.
pub(super) fn write_turn(pos: &Position, action: Action, t: &Transition) -> String {
    let mut s = base(pos, action);
    if !t.paradox && t.pos.in_check(t.pos.to_move).is_some() {
        s.push(if t.pos.has_legal_action() { '+' } else { '#' });
    }
    s
}

/// The canonical text of `action` in `pos`, without the check suffix.
pub(super) fn base(pos: &Position, action: Action) -> String {
    let kind_at = |c: Cell| pos.man_at(c).map_or('?', |m| m.1.letter());
    let capture = |c: Cell| pos.colors[(!pos.to_move).index()].contains(c);
    let mut s = String::with_capacity(12);
    match action {
        Action::Drop { kind, to } => {
            let _ = write!(s, "{}@{to}", kind.letter());
        }
        Action::Move { from, to } => {
            let sep = if capture(to) { 'x' } else { '-' };
            let _ = write!(s, "{}{from}{sep}{to}", kind_at(from));
        }
        Action::WarpFrom { from, to, count } => {
            let x = if capture(to) { "x" } else { "" };
            let _ = write!(s, "{}{from}~{x}{to}/{count}", kind_at(from));
        }
        Action::WarpInto { at, count } => {
            let _ = write!(s, "{}{at}^{count}", kind_at(at));
        }
    }
    s
}

/// Part of a cell: what an origin written short pins down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Origin {
    pub level: Option<u8>,
    pub file: Option<u8>,
    pub rank: Option<u8>,
}

impl Origin {
    fn full(cell: Cell) -> Origin {
        Origin {
            level: Some(cell.level()),
            file: Some(cell.file()),
            rank: Some(cell.rank()),
        }
    }

    pub(crate) fn matches(self, cell: Cell) -> bool {
        self.level.is_none_or(|l| l == cell.level())
            && self.file.is_none_or(|f| f == cell.file())
            && self.rank.is_none_or(|r| r == cell.rank())
    }

    pub(crate) fn is_any(self) -> bool {
        self == Origin::default()
    }

    /// The cell, when the origin names one.
    pub(crate) fn cell(self) -> Option<Cell> {
        Cell::new(self.level?, self.file?, self.rank?)
    }

    /// Words for a refusal: " on level B", " on file b, rank 1".
    pub(crate) fn describe(self) -> String {
        if let Some(cell) = self.cell() {
            return format!(" on {cell}");
        }
        let mut parts = Vec::new();
        if let Some(l) = self.level {
            parts.push(format!("level {}", (b'A' + l) as char));
        }
        if let Some(f) = self.file {
            parts.push(format!("file {}", (b'a' + f) as char));
        }
        if let Some(r) = self.rank {
            parts.push(format!("rank {}", r + 1));
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!(" on {}", parts.join(", "))
        }
    }

    /// Reads a shortened origin written after a man's letter: nothing, a
    /// whole cell, or level/file/rank in that order with some left out.
    fn parse_partial(text: &[char]) -> Option<Origin> {
        let lower = |c: char| c.is_ascii_lowercase();
        match *text {
            [] => Some(Origin::default()),
            [c] if c.is_ascii_digit() => Some(Origin {
                rank: Some(rank_of(c)?),
                ..Origin::default()
            }),
            [c] if lower(c) => Some(Origin {
                file: Some(file_of(c)?),
                ..Origin::default()
            }),
            [c] => Some(Origin {
                level: Some(level_of(c)?),
                ..Origin::default()
            }),
            [a, b] if b.is_ascii_digit() && lower(a) => Some(Origin {
                file: Some(file_of(a)?),
                rank: Some(rank_of(b)?),
                ..Origin::default()
            }),
            [a, b] if b.is_ascii_digit() => Some(Origin {
                level: Some(level_of(a)?),
                rank: Some(rank_of(b)?),
                ..Origin::default()
            }),
            [a, b] => Some(Origin {
                level: Some(level_of(a)?),
                file: Some(file_of(b)?),
                rank: None,
            }),
            [_, _, _] => Some(Origin::full(cell_of(text)?)),
            _ => None,
        }
    }
}

/// What a player typed, read but not yet matched against the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pattern {
    /// `N@Bc3`.
    Drop { kind: Kind, to: Cell },
    /// `NBb2^4`, `Bb2^4`.
    Future {
        kind: Option<Kind>,
        at: Cell,
        count: u32,
    },
    /// `NAb1-Cc2`, `NCc2`, `Ab1xCc2`, `NAb1~Cc2/3`, `Cc2`.
    Move {
        kind: Option<Kind>,
        from: Origin,
        capture: bool,
        /// The red checkers of a warp from the future; `None` for a move.
        warp: Option<u32>,
        to: Cell,
    },
}

fn cell_of(chars: &[char]) -> Option<Cell> {
    match *chars {
        [l, f, r] => Cell::new(level_of(l)?, file_of(f)?, rank_of(r)?),
        _ => None,
    }
}

/// Reads a number of checkers: digits only, any number of them; a number
/// too large for a `u32` reads as `u32::MAX`, out of range all the same.
fn count_of(chars: &[char]) -> Option<u32> {
    if chars.is_empty() {
        return None;
    }
    chars.iter().try_fold(0u32, |n, c| {
        Some(n.saturating_mul(10).saturating_add(c.to_digit(10)?))
    })
}

/// Reads `text` as an action of the side to move, checking it is legal now.
pub(super) fn parse(game: &TemporalChess, text: &str) -> Result<Action, ActionError> {
    if game.status.is_over() {
        return Err(ActionError::GameOver);
    }
    let patterns = read(text)?;
    resolve(game, text, &patterns)
}

/// Reads `text` into the ways it can be understood (one, or two where a
/// leading `B` may be a bishop or level B), or refuses it as unreadable.
fn read(text: &str) -> Result<Vec<Pattern>, ActionError> {
    let syntax = |reason: &str| Err(ActionError::syntax(text, reason));
    let mut chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '×' => 'x',
            '–' | '—' | '‐' => '-',
            '＠' => '@',
            c => c,
        })
        .collect();
    while chars.last().is_some_and(|c| "+#!?".contains(*c)) {
        chars.pop();
    }
    if chars.is_empty() {
        return syntax("nothing to read: write a drop like N@Bc3, a move like NAb1-Cc2");
    }
    if !chars.iter().all(char::is_ascii) {
        return syntax("unexpected character: use letters, digits and - x ~ @ ^ /");
    }

    // Drop: `N@Bc3`.
    if let Some(at) = chars.iter().position(|&c| c == '@' || c == '*') {
        let (man, cell) = (&chars[..at], &chars[at + 1..]);
        let kind = match *man {
            [c] => Kind::from_letter(c),
            [] => return syntax("name the man to drop: K, Q, R, B, N or U, like N@Bc3"),
            _ => None,
        };
        let Some(kind) = kind else {
            return syntax("a drop is one man's letter (K Q R B N U), @ and a cell, like N@Bc3");
        };
        let Some(to) = cell_of(cell) else {
            return syntax("after @ comes the cell to drop on, like Bc3");
        };
        return Ok(vec![Pattern::Drop { kind, to }]);
    }

    // Warp into the future: `NBb2^4`.
    if let Some(at) = chars.iter().position(|&c| c == '^') {
        let (man, count) = (&chars[..at], &chars[at + 1..]);
        let (kind, cell) = match man.len() {
            4 => (Kind::from_letter(man[0]), cell_of(&man[1..])),
            3 => (None, cell_of(man)),
            _ => (None, None),
        };
        if man.len() == 4 && kind.is_none() {
            return syntax("the man's letter is K, Q, R, B, N or U");
        }
        let Some(at) = cell else {
            return syntax(
                "a warp into the future is the man and its cell, ^ and the black checkers, like NBb2^4",
            );
        };
        let Some(count) = count_of(count) else {
            return syntax("after ^ comes the number of black checkers, 1 to 6, like NBb2^4");
        };
        return Ok(vec![Pattern::Future { kind, at, count }]);
    }

    // Moves and warps from the future.
    let mut body: &[char] = &chars;
    let mut count = None;
    if let Some(slash) = body.iter().rposition(|&c| c == '/') {
        let Some(n) = count_of(&body[slash + 1..]) else {
            return syntax("after / comes the number of red checkers, 1 to 6, like NAb1~Cc2/3");
        };
        count = Some(n);
        body = &body[..slash];
    }
    let tilde = body.contains(&'~');
    if count.is_none()
        && tilde
        && body.len() >= 2
        && body[body.len() - 1].is_ascii_digit()
        && body[body.len() - 2].is_ascii_digit()
    {
        count = count_of(&body[body.len() - 1..]);
        body = &body[..body.len() - 1];
    }
    if body.len() < 3 {
        return syntax("an action names a cell: level A-D, file a-d, rank 1-4, like Bc3");
    }
    let Some(to) = cell_of(&body[body.len() - 3..]) else {
        return syntax(
            "a move ends with the cell it goes to, like NAb1-Cc2; a drop is N@Bc3, a warp NAb1~Cc2/3 or NBb2^4",
        );
    };
    let mut head = &body[..body.len() - 3];
    let (mut dash, mut capture, mut warp_mark) = (false, false, false);
    while let Some(&c) = head.last() {
        match c {
            '-' => dash = true,
            'x' | 'X' | ':' => capture = true,
            '~' => warp_mark = true,
            _ => break,
        }
        head = &head[..head.len() - 1];
    }
    if head.iter().any(|c| "-~xX:".contains(*c)) {
        return syntax("the marks - x ~ go between where the man is and where it goes");
    }
    if dash && warp_mark {
        return syntax("write - for a move or ~ for a warp from the future, not both");
    }
    let warp = match (warp_mark, count) {
        (_, Some(n)) => Some(n),
        (true, None) => {
            return syntax(
                "a warp from the future needs its red checkers, 1 to 6: add /3 as in NAb1~Cc2/3",
            );
        }
        (false, None) => None,
    };
    let mut out = Vec::new();
    if let Some(&first) = head.first()
        && let Some(kind) = Kind::from_letter(first)
        && let Some(from) = Origin::parse_partial(&head[1..])
    {
        out.push(Pattern::Move {
            kind: Some(kind),
            from,
            capture,
            warp,
            to,
        });
    }
    let bare = match head.len() {
        0 => Some(Origin::default()),
        3 => cell_of(head).map(Origin::full),
        _ => None,
    };
    if let Some(from) = bare {
        out.push(Pattern::Move {
            kind: None,
            from,
            capture,
            warp,
            to,
        });
    }
    if out.is_empty() {
        return syntax(
            "cannot tell which man moves: write its letter (K Q R B N U) and its cell, like NAb1-Cc2",
        );
    }
    Ok(out)
}

/// The legal actions a pattern names.
fn resolve(game: &TemporalChess, text: &str, patterns: &[Pattern]) -> Result<Action, ActionError> {
    let mut found: Vec<Action> = Vec::new();
    let mut first_error = None;
    for &pattern in patterns {
        match resolve_one(game, pattern) {
            Ok(actions) => {
                for a in actions {
                    if !found.contains(&a) {
                        found.push(a);
                    }
                }
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(first_error
            .unwrap_or_else(|| ActionError::illegal(Rule::T_2, "there is no such action now"))),
        _ => {
            let names: Vec<String> = found.iter().map(|a| write(&game.pos, *a)).collect();
            Err(ActionError::Ambiguous(format!(
                "{:?} could be {}: say which",
                quote(text.trim()),
                names.join(" or ")
            )))
        }
    }
}

/// The legal actions one reading names, or why there are none.
fn resolve_one(game: &TemporalChess, pattern: Pattern) -> Result<Vec<Action>, ActionError> {
    let p = &game.pos;
    let me = p.to_move;
    // Checkers are judged (1 to 6, T-4, T-5) before they become a u8.
    let count_u8 = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
    let king_placement = matches!(
        pattern,
        Pattern::Drop {
            kind: Kind::King,
            ..
        } | Pattern::Move {
            kind: None | Some(Kind::King),
            capture: false,
            warp: None,
            ..
        }
    );
    if p.placing_king(me) && !king_placement {
        return Err(placement_first(me));
    }
    let candidates: Vec<Action> = match pattern {
        Pattern::Drop { kind, to } => vec![Action::Drop { kind, to }],
        Pattern::Move {
            kind,
            from,
            capture: false,
            warp: None,
            to,
        } if p.placing_king(me) && from.is_any() && kind.is_none_or(|k| k == Kind::King) => {
            vec![Action::Drop {
                kind: Kind::King,
                to,
            }]
        }
        Pattern::Future { kind, at, count } => {
            game.may_warp(count, Rule::T_5)?;
            if let (Some(k), Some((c, found))) = (kind, p.man_at(at))
                && c == me
                && k != found
            {
                return Err(ActionError::illegal(
                    Rule::T_5,
                    format!("the man on {at} is a {found}, not a {k}"),
                ));
            }
            vec![Action::WarpInto {
                at,
                count: count_u8(count),
            }]
        }
        Pattern::Move {
            kind,
            from,
            capture,
            warp,
            to,
        } => {
            // A move (T-3), or a warp from the future making one (T-4).
            let rule = match warp {
                Some(n) => {
                    game.may_warp(n, Rule::T_4)?;
                    Rule::T_4
                }
                None => Rule::T_3,
            };
            let make = |from: Cell| match warp {
                Some(n) => Action::WarpFrom {
                    from,
                    to,
                    count: count_u8(n),
                },
                None => Action::Move { from, to },
            };
            let men: Vec<Cell> = p.colors[me.index()]
                .cells::<Cell>()
                .filter(|&c| from.matches(c))
                .filter(|&c| kind.is_none_or(|k| p.man_at(c).is_some_and(|m| m.1 == k)))
                .collect();
            let reach: Vec<Cell> = men
                .iter()
                .copied()
                .filter(|&c| p.pseudo_legal(Action::Move { from: c, to }))
                .collect();
            let what = kind.map_or("man".to_owned(), |k| k.name().to_owned());
            if reach.is_empty() {
                if let (Some(cell), Some(k)) = (from.cell(), kind)
                    && let Some((c, found)) = p.man_at(cell)
                    && c == me
                    && found != k
                {
                    return Err(ActionError::illegal(
                        rule,
                        format!("the man on {cell} is a {found}, not a {k}"),
                    ));
                }
                return Err(match (from.cell(), men.as_slice()) {
                    (Some(cell), _) => game.refusal(make(cell)),
                    (None, [one]) => game.refusal(make(*one)),
                    (None, []) => ActionError::illegal(
                        rule,
                        format!("you have no {what}{} on the field", from.describe()),
                    ),
                    (None, _) => ActionError::illegal(
                        Rule::T_3,
                        format!("none of your {what}s{} can reach {to}", from.describe()),
                    ),
                });
            }
            if capture && !p.colors[(!me).index()].contains(to) {
                return Err(ActionError::illegal(
                    Rule::T_3,
                    format!("there is nothing to capture on {to}"),
                ));
            }
            reach.into_iter().map(make).collect()
        }
    };
    let mut legal = Vec::new();
    let mut error = None;
    for a in candidates {
        match game.legal_turn(a) {
            Ok(_) => legal.push(a),
            Err(e) => {
                error.get_or_insert(e);
            }
        }
    }
    match (legal.is_empty(), error) {
        (true, Some(e)) => Err(e),
        _ => Ok(legal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn reads_each_form() {
        assert_eq!(
            read("N@Bc3").unwrap(),
            vec![Pattern::Drop {
                kind: Kind::Knight,
                to: cell("Bc3")
            }]
        );
        assert_eq!(
            read("u*bc3").unwrap(),
            vec![Pattern::Drop {
                kind: Kind::Unicorn,
                to: cell("Bc3")
            }]
        );
        assert_eq!(
            read("NBb2^4").unwrap(),
            vec![Pattern::Future {
                kind: Some(Kind::Knight),
                at: cell("Bb2"),
                count: 4
            }]
        );
        let full = Pattern::Move {
            kind: Some(Kind::Knight),
            from: Origin::full(cell("Ab1")),
            capture: false,
            warp: Some(3),
            to: cell("Cc2"),
        };
        assert_eq!(read("NAb1~Cc2/3").unwrap(), vec![full]);
        assert_eq!(read("N Ab1 ~ Cc2 3").unwrap(), vec![full]);
        assert_eq!(read("NAb1-Cc2+").unwrap().len(), 1);
        // A leading B may be a bishop (file b, rank 1) or level B.
        assert_eq!(read("Bb1-Cc2").unwrap().len(), 2);
        assert!(read("NAb1~Cc2").is_err());
        assert!(read("NAb1-~Cc2/2").is_err());
        assert!(read("").is_err());
        assert!(read("Z@Bc3").is_err());
        assert!(read("NAb1-Cc9").is_err());
    }

    #[test]
    fn short_origins() {
        let o = |s: &str| Origin::parse_partial(&s.chars().collect::<Vec<_>>());
        assert_eq!(o("b").unwrap().file, Some(1));
        assert_eq!(o("B").unwrap().level, Some(1));
        assert_eq!(o("3").unwrap().rank, Some(2));
        let ab = o("Ab").unwrap();
        assert_eq!((ab.level, ab.file, ab.rank), (Some(0), Some(1), None));
        let a1 = o("A1").unwrap();
        assert_eq!((a1.level, a1.file, a1.rank), (Some(0), None, Some(0)));
        let b1 = o("b1").unwrap();
        assert_eq!((b1.level, b1.file, b1.rank), (None, Some(1), Some(0)));
        assert_eq!(o("Ab1").unwrap().cell(), Some(cell("Ab1")));
        assert!(o("Ab1c").is_none());
        assert!(o("e").is_none());
    }
}
