//! Multiverse notation (E-11), in 5DPGN's habits.
//!
//! Canonical form (what the record holds):
//!
//! ```text
//! action      = board-move | resignation
//! resignation = "(L" n ") resign"
//! board-move  = "(L" n ")" [ travel " " ] san [ " " travel ]
//! travel      = letter square ( ">>(T" k ")" | ">(L" m ")" ) square
//! ```
//!
//! - `(Ln)` names the branch the board move is on.
//! - `san` is the FIDE move in SAN, with `+` or `#` for the board as the
//!   whole board move leaves it.
//! - A travel written before the SAN happens before the move; written
//!   after, after it.
//! - `letter` is the traveller's kind (`K Q R B N P`), `square` where it
//!   stands; `>>(Tk)` sends it to time step `k` of the branch's own history
//!   (opening a branch), `>(Lm)` to the latest board of branch `m`
//!   (trans-universe); the last square is where it lands.
//!
//! Examples: `(L1)e4`, `(L2)Nf3 Bc4>>(T3)c6`, `(L1)Bf1>>(T5)d3 O-O`,
//! `(L3)Qd2 Nc3>(L1)b5`, `(L3) resign`.
//!
//! Read leniently: the prefix as `(L3)`, `L3`, `L3:`, `(l3)`, in 5DPGN's
//! `(L3T12)` form (the time must be the branch's latest board), or left out
//! when only one branch is owed a move; spaces anywhere around `>`, `>>`,
//! the targets and between the parts, or commas; the traveller's letter
//! left out; `T3`, `(T3)` or `(L1T3)` for a past board, `L2`, `(L2)` or
//! `(L2T9)` for a trans-universe target (the target decides which travel
//! it is, whatever the arrow); SAN as in standard chess, or UCI.

//!
//! A branch or time-step number of any length is read: one that no branch
//! or board has (`(L99999999999999999999)`) is refused as such, quoted cut
//! short.

use std::str::FromStr;

use super::action::{Action, BoardMove, BranchId, Destination, Travel, When};
use super::position::Multiverse;
use super::travel::without_traveller;
use crate::chess::{Move, Position, San, Uci};
use crate::geometry::{File, Rank, Square};
use crate::{ActionError, Rule};

/// A number as written: its digits, however many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Written<'a>(&'a str);

impl Written<'_> {
    /// Its value, if it fits `T`.
    pub(crate) fn value<T: FromStr>(self) -> Option<T> {
        self.0.parse().ok()
    }

    /// The digits for an error to quote: cut short when long.
    fn shown(self) -> String {
        const LONG: usize = 12;
        if self.0.len() <= LONG {
            self.0.to_owned()
        } else {
            format!("{}… ({} digits)", &self.0[..8], self.0.len())
        }
    }
}

/// The digits at the start of `s` and what follows them; `None` without
/// a digit.
fn digits(s: &str) -> Option<(Written<'_>, &str)> {
    let d = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (d > 0).then(|| (Written(&s[..d]), &s[d..]))
}

impl Multiverse {
    /// The canonical notation of `action`.
    pub(crate) fn write_action(&self, action: &Action) -> String {
        match action {
            Action::Resign { branch } => format!("(L{branch}) resign"),
            Action::Move(bm) => self.board_move_notation(bm),
        }
    }

    fn board_move_notation(&self, bm: &BoardMove) -> String {
        let index = usize::from(bm.branch).wrapping_sub(1);
        if index >= self.branches.len() {
            return format!("(L{}){}", bm.branch, bm.mv.uci());
        }
        let pos = self.position(index);
        let san_pos = match bm.travel {
            Some(Travel {
                when: When::Before,
                from,
                to,
                ..
            }) => without_traveller(&pos, from, matches!(to, Destination::Branch { .. }))
                .unwrap_or(pos),
            _ => pos,
        };
        let mut san = San::from_move(&san_pos, &bm.mv).to_string();
        if let Some(after) = self.after(bm)
            && after.is_check()
        {
            san.push(if after.count_legal_moves() == 0 {
                '#'
            } else {
                '+'
            });
        }
        match bm.travel {
            None => format!("(L{}){san}", bm.branch),
            Some(travel) => {
                let letter = pos
                    .board()
                    .role_at(travel.from)
                    .map_or('?', |r| r.upper_char());
                let t = format!(
                    "{letter}{}{}{}",
                    travel.from,
                    match travel.to {
                        Destination::Past { time } => format!(">>(T{time})"),
                        Destination::Branch { branch } => format!(">(L{branch})"),
                    },
                    travel.square
                );
                match travel.when {
                    When::Before => format!("(L{}){t} {san}", bm.branch),
                    When::After => format!("(L{}){san} {t}", bm.branch),
                }
            }
        }
    }

    /// Reads an action leniently (see the module docs) and checks it is
    /// legal now, refusing it with the rule it breaks.
    pub(crate) fn read_action(&self, text: &str) -> Result<Action, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ActionError::syntax(
                text,
                "there is no action in it: write a board move like (L1)e4",
            ));
        }
        let (prefix, rest) =
            read_prefix(trimmed).map_err(|r| ActionError::syntax(text, r.to_string()))?;
        let rest = rest.trim_start_matches([':', ' ', ',']).trim();
        let branch = match prefix {
            Some((id, time)) => {
                let Some(branch) = id.value::<BranchId>().filter(|&b| self.index(b).is_some())
                else {
                    return Err(self.no_branch(&id.shown()));
                };
                if let Some(t) = time {
                    let now = self.branch_now(branch).unwrap_or_default();
                    if t.value::<u32>() != Some(now) {
                        return Err(ActionError::illegal(
                            Rule::E_3,
                            format!(
                                "board moves are made on the latest board of L{branch}, T{now}, not T{}",
                                t.shown()
                            ),
                        ));
                    }
                }
                branch
            }
            None => self.only_owed(text)?,
        };
        if rest.eq_ignore_ascii_case("resign") || rest.eq_ignore_ascii_case("resigns") {
            let action = Action::Resign { branch };
            self.check(&action)?;
            return Ok(action);
        }
        let index = self.owed_branch(branch)?;
        let pos = self.position(index);
        let action = match rest.find('>') {
            None => Action::Move(BoardMove {
                branch,
                mv: read_move(&pos, rest, text)?,
                travel: None,
            }),
            Some(at) => {
                let parts = split_travel(rest, at).map_err(|r| ActionError::syntax(text, r))?;
                let to = self.destination(index, branch, parts.target)?;
                let us = pos.turn();
                if let Some(letter) = parts.letter {
                    match pos.board().piece_at(parts.from) {
                        Some(p) if p.color == us && p.role == letter => {}
                        _ => {
                            return Err(ActionError::illegal(
                                Rule::E_3,
                                format!("you have no {letter} on {} on L{branch}", parts.from),
                            ));
                        }
                    }
                }
                let (when, san) = match (parts.before.is_empty(), parts.after.is_empty()) {
                    (false, false) => {
                        return Err(ActionError::syntax(
                            text,
                            "a board move has one FIDE move, written before or after its travel",
                        ));
                    }
                    (true, true) => {
                        return Err(ActionError::syntax(
                            text,
                            "a travel goes with a FIDE move, like (L1)e4 Ng1>>(T1)e3",
                        ));
                    }
                    (false, true) => (When::After, parts.before),
                    (true, false) => (When::Before, parts.after),
                };
                let trans = matches!(to, Destination::Branch { .. });
                let san_pos = match when {
                    When::Before => pos
                        .board()
                        .piece_at(parts.from)
                        .filter(|p| p.color == us)
                        .and_then(|_| without_traveller(&pos, parts.from, trans))
                        .unwrap_or(pos),
                    When::After => pos,
                };
                Action::Move(BoardMove {
                    branch,
                    mv: read_move(&san_pos, san, text)?,
                    travel: Some(Travel {
                        when,
                        from: parts.from,
                        to,
                        square: parts.square,
                    }),
                })
            }
        };
        self.check(&action)?;
        Ok(action)
    }

    /// The one branch owed a move, for input without a prefix.
    fn only_owed(&self, text: &str) -> Result<BranchId, ActionError> {
        let owed = self.owed();
        match owed.as_slice() {
            [one] => Ok(*one),
            [] => Err(ActionError::GameOver),
            many => {
                // A few names, not a thousand: the reason stays short.
                const NAMED: usize = 5;
                let mut names: Vec<String> =
                    many.iter().take(NAMED).map(|b| format!("L{b}")).collect();
                if many.len() > NAMED {
                    names.push(format!("{} more", many.len() - NAMED));
                }
                Err(ActionError::syntax(
                    text,
                    format!(
                        "name the branch: {} are owed a move, write (L{})... and so on",
                        names.join(", "),
                        many[0]
                    ),
                ))
            }
        }
    }

    /// The destination a written target names, from branch `index` (the
    /// board move's `branch`).
    fn destination(
        &self,
        index: usize,
        branch: BranchId,
        target: Target<'_>,
    ) -> Result<Destination, ActionError> {
        let now = self.branches[index].now();
        let time = match target.time {
            None => None,
            Some(t) => Some(t.value::<u32>().ok_or_else(|| {
                ActionError::illegal(
                    Rule::E_5,
                    format!(
                        "there is no board T{}: time travel goes to a past board of L{branch}, T1 to T{}",
                        t.shown(),
                        now.saturating_sub(1)
                    ),
                )
            })?),
        };
        let l = match target.branch {
            None => None,
            Some(l) => match l.value::<BranchId>().filter(|&b| self.index(b).is_some()) {
                Some(l) => Some(l),
                None => return Err(self.no_branch(&l.shown())),
            },
        };
        match (l, time) {
            (None, Some(time)) => Ok(Destination::Past { time }),
            (Some(l), None) if l == branch => Err(ActionError::illegal(
                Rule::E_7,
                format!(
                    "trans-universe travel goes to another branch; to travel in L{branch}'s own past, name the board: >>(T3)"
                ),
            )),
            (Some(l), None) => Ok(Destination::Branch { branch: l }),
            (Some(l), Some(time)) => {
                let ours = self
                    .owner_of(index, time)
                    .is_some_and(|o| o + 1 == usize::from(l));
                if l == branch || ours {
                    Ok(Destination::Past { time })
                } else {
                    let there = self.branch_now(l).unwrap_or_default();
                    if time != there {
                        return Err(ActionError::illegal(
                            Rule::E_7,
                            format!(
                                "T{time} of L{l} is not in L{branch}'s history; trans-universe travel lands on L{l}'s latest board, T{there}"
                            ),
                        ));
                    }
                    Ok(Destination::Branch { branch: l })
                }
            }
            // `split_travel` finds a branch or a time, or refuses the text.
            (None, None) => Err(ActionError::illegal(
                Rule::E_3,
                "a travel needs a target: >>(T3) for the past, >(L2) for another branch",
            )),
        }
    }
}

/// Reads a move in UCI or SAN on `pos`.
fn read_move(pos: &Position, san: &str, text: &str) -> Result<Move, ActionError> {
    let san = san.trim_matches([' ', ',', ';']);
    if let Ok(uci) = Uci::from_ascii(san) {
        return uci.to_move(pos).map_err(ActionError::from);
    }
    let parsed = San::from_ascii(san).map_err(|e| ActionError::syntax(text, e.to_string()))?;
    parsed.to_move(pos).map_err(ActionError::from)
}

/// A board prefix as written: the branch and, 5DPGN's way, the time step.
type Prefix<'a> = (Written<'a>, Option<Written<'a>>);

/// Why a board prefix cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum PrefixError {
    /// A `(` opens no branch.
    #[error("a board move starts with its branch, like (L1)")]
    NoBranch,
    /// An L without its number.
    #[error("a branch is written L and its number, like (L3)")]
    NoNumber,
    /// A T without its number.
    #[error("a time step is written T and its number, like (L1T5)")]
    NoStep,
    /// The `(` is never closed.
    #[error("the branch prefix needs its closing ), like (L3)")]
    Unclosed,
}

/// Reads `(L3)`, `L3`, `(L3T12)`, `l3:`: the branch and an optional time.
/// No prefix: `None` and the whole text.
pub(crate) fn read_prefix(text: &str) -> Result<(Option<Prefix<'_>>, &str), PrefixError> {
    let s = text.trim_start();
    let (open, body) = match s.strip_prefix('(') {
        Some(b) => (true, b.trim_start()),
        None => (false, s),
    };
    let Some(after_l) = body.strip_prefix(['L', 'l']) else {
        if open {
            return Err(PrefixError::NoBranch);
        }
        return Ok((None, text));
    };
    let Some((id, mut rest)) = digits(after_l) else {
        if open {
            return Err(PrefixError::NoNumber);
        }
        return Ok((None, text));
    };
    let mut time = None;
    if let Some(t) = rest.strip_prefix(['T', 't']) {
        let (written, tail) = digits(t).ok_or(PrefixError::NoStep)?;
        time = Some(written);
        rest = tail;
    }
    let rest = rest.trim_start();
    let rest = if open {
        rest.strip_prefix(')').ok_or(PrefixError::Unclosed)?
    } else {
        // `L3)` without the opening bracket, or `L3:`.
        rest.strip_prefix(')').unwrap_or(rest)
    };
    Ok((Some((id, time)), rest))
}

/// A travel's target as written: `(L2)`, `(T3)` or `(L1T3)`.
#[derive(Clone, Copy, Debug)]
struct Target<'a> {
    branch: Option<Written<'a>>,
    time: Option<Written<'a>>,
}

/// A travel cut out of a board move's text.
struct TravelParts<'a> {
    before: &'a str,
    letter: Option<crate::chess::Role>,
    from: Square,
    target: Target<'a>,
    square: Square,
    after: &'a str,
}

fn split_travel(rest: &str, at: usize) -> Result<TravelParts<'_>, String> {
    let left = rest[..at].trim_end();
    let right = rest[at..].trim_start_matches('>').trim_start();
    // The traveller: [letter] square, just before the arrow.
    let n = left.len();
    let from = if n >= 2 && left.is_char_boundary(n - 2) {
        read_square(&left[n - 2..])
    } else {
        None
    }
    .ok_or("write the traveller's square before the arrow, like Ng1>>(T1)e3")?;
    let mut start = n - 2;
    let mut letter = None;
    if let Some(c) = left[..start].chars().next_back() {
        let before_letter = left[..start - c.len_utf8()].chars().next_back();
        let separated = before_letter.is_none_or(|b| !b.is_ascii_alphabetic());
        if separated && let Some(role) = letter_role(c) {
            letter = Some(role);
            start -= c.len_utf8();
        }
    }
    let before = clean(&left[..start]);
    // The target: (Lm), (Tk), (LmTk), with or without brackets.
    let mut r = right;
    let open = r.starts_with('(');
    if open {
        r = r[1..].trim_start();
    }
    let mut branch = None;
    let mut time = None;
    if let Some(t) = r.strip_prefix(['L', 'l']) {
        let (v, tail) =
            digits(t.trim_start()).ok_or("a branch is written L and its number, like >(L2)")?;
        branch = Some(v);
        r = tail;
    }
    if let Some(t) = r.strip_prefix(['T', 't']) {
        let (v, tail) =
            digits(t.trim_start()).ok_or("a time step is written T and its number, like >>(T3)")?;
        time = Some(v);
        r = tail;
    }
    if branch.is_none() && time.is_none() {
        return Err(
            "after the arrow comes the target: >>(T3) for the past, >(L2) for another branch"
                .to_owned(),
        );
    }
    r = r.trim_start();
    if open {
        r = r
            .strip_prefix(')')
            .ok_or("the target needs its closing ), like >>(T3)")?
            .trim_start();
    }
    let square = (r.len() >= 2 && r.is_char_boundary(2))
        .then(|| read_square(&r[..2]))
        .flatten()
        .ok_or("write the landing square after the target, like >>(T3)e3")?;
    let after = clean(&r[2..]);
    Ok(TravelParts {
        before,
        letter,
        from,
        target: Target { branch, time },
        square,
        after,
    })
}

/// The text with separators and marks around it dropped; empty if only
/// those remain.
fn clean(s: &str) -> &str {
    let t = s.trim_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '&'));
    if t.chars().all(|c| matches!(c, '+' | '#' | '!' | '?')) {
        ""
    } else {
        t
    }
}

fn read_square(s: &str) -> Option<Square> {
    let mut chars = s.chars();
    let file = File::from_char(chars.next()?.to_ascii_lowercase())?;
    let rank = Rank::from_char(chars.next()?)?;
    Some(Square::new(file, rank))
}

fn letter_role(c: char) -> Option<crate::chess::Role> {
    use crate::chess::Role;
    match c {
        'K' | 'k' => Some(Role::King),
        'Q' | 'q' => Some(Role::Queen),
        'R' | 'r' => Some(Role::Rook),
        'B' | 'b' => Some(Role::Bishop),
        'N' | 'n' => Some(Role::Knight),
        'P' | 'p' => Some(Role::Pawn),
        _ => None,
    }
}
