//! Notation: SAN for normal moves; `Nf6/xe8`, `h3/h4`, `e7/e8=Q` for
//! explosions (kind, explosion square, `/`, the traveled man's move);
//! `d2//d4`, `e7//e8=Q` for annihilations (the resonator's square, `//`,
//! the traveling man's square).
//!
//! Written canonically: the explosion's kind letter (none for a pawn), `x`
//! when the traveled man takes something, `=Q` for a promotion; an
//! annihilation as its two squares only, as the rule text writes it; then
//! `+` for check (TT-7) or `#` for checkmate. An action that wins at once
//! by grammatical incorrectness or by leaving the opponent kingless while
//! resolved gets no mark.
//!
//! Read leniently: spaces anywhere; `x` optional (or written for a move
//! that takes nothing); trailing `+`, `++`, `#`, `!`, `?` in any mix;
//! `e8Q`, `e8=Q`, `e8(Q)`; a piece letter before an annihilation
//! (`Bc4//b5`); lower-case piece letters before an explosion square
//! (`nf6/e8`, `bb5/e8`); everything SAN reads for normal moves (`0-0`,
//! `Ng1f3`, `e2-e4`).

use crate::ActionError;
use crate::chess::{Role, San};
use crate::geometry::{Rank, Square};

/// What a text says, before the position is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    San(San),
    Explosion {
        role: Role,
        square: Square,
        to: Square,
        promotion: Option<Role>,
    },
    Annihilation {
        role: Option<Role>,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
}

/// Drops spaces, trailing check marks and annotations, and `e.p.`.
fn clean(text: &str) -> String {
    let mut s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    loop {
        let before = s.len();
        while s.ends_with(['+', '#', '!', '?']) {
            s.pop();
        }
        if s.ends_with("e.p.") {
            s.truncate(s.len() - 4);
        } else if s.ends_with("ep") && s.len() > 4 {
            s.truncate(s.len() - 2);
        }
        if s.len() == before {
            return s;
        }
    }
}

fn square(s: &str) -> Option<Square> {
    if s.len() != 2 || !s.is_ascii() {
        return None;
    }
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_alphabetic() {
        return None;
    }
    s.to_ascii_lowercase().parse().ok()
}

/// `Nf6`, `nf6`, `f6`, `bb5`: a kind (pawn when absent) and a square.
fn kind_and_square(s: &str) -> Option<(Option<Role>, Square)> {
    if !s.is_ascii() {
        return None;
    }
    match s.len() {
        2 => Some((None, square(s)?)),
        3 => {
            let role = Role::from_char(s.chars().next()?)?;
            Some((Some(role), square(&s[1..])?))
        }
        _ => None,
    }
}

/// `e8`, `xe8`, `e8=Q`, `e8Q`, `e8(Q)`: a square and a promotion.
fn target(s: &str) -> Result<Option<(Square, Option<Role>)>, String> {
    if !s.is_ascii() {
        return Ok(None);
    }
    let s = s.strip_prefix(['x', 'X', ':']).unwrap_or(s);
    if s.len() < 2 {
        return Ok(None);
    }
    let Some(to) = square(&s[..2]) else {
        return Ok(None);
    };
    let rest = &s[2..];
    let letter = match rest {
        "" => return Ok(Some((to, None))),
        _ if rest.len() == 2 && rest.starts_with('=') => &rest[1..],
        _ if rest.len() == 3 && rest.starts_with('(') && rest.ends_with(')') => &rest[1..2],
        _ if rest.len() == 1 => rest,
        _ => return Ok(None),
    };
    match letter.chars().next().and_then(Role::from_char) {
        Some(role) if Role::PROMOTIONS.contains(&role) => Ok(Some((to, Some(role)))),
        _ => {
            Err("a pawn promotes to a queen, rook, bishop or knight: write =Q, =R, =B or =N".into())
        }
    }
}

/// Reads an action's text into a [`Pattern`].
pub fn read(text: &str) -> Result<Pattern, ActionError> {
    let s = clean(text);
    if s.is_empty() {
        return Err(ActionError::syntax(text, "there is no action in it"));
    }
    if let Some((left, right)) = s.split_once("//") {
        let Some((role, from)) = kind_and_square(left) else {
            return Err(ActionError::syntax(
                text,
                "an annihilation is written with the resonator's square, //, and the traveling man's square, like d2//d4",
            ));
        };
        let (to, promotion) = match target(right) {
            Ok(Some(t)) => t,
            Ok(None) => {
                return Err(ActionError::syntax(
                    text,
                    "after // comes the traveling man's square, like d2//d4 or e7//e8=Q",
                ));
            }
            Err(e) => return Err(ActionError::syntax(text, e)),
        };
        return Ok(Pattern::Annihilation {
            role,
            from,
            to,
            promotion,
        });
    }
    if let Some((left, right)) = s.split_once('/')
        && let Some((role, square)) = kind_and_square(left)
    {
        match target(right) {
            Ok(Some((to, promotion))) => {
                return Ok(Pattern::Explosion {
                    role: role.unwrap_or(Role::Pawn),
                    square,
                    to,
                    promotion,
                });
            }
            Err(e) => return Err(ActionError::syntax(text, e)),
            Ok(None) if right.len() > 1 => {
                return Err(ActionError::syntax(
                    text,
                    "an explosion is written with its kind and square, /, and where the traveled man moves, like Nf6/e8 or h3/h4",
                ));
            }
            Ok(None) => {}
        }
    }
    San::from_ascii(&s).map(Pattern::San).map_err(|e| {
        ActionError::syntax(
            text,
            format!("{e}; an explosion is written like Nf6/e8, an annihilation like d2//d4"),
        )
    })
}

/// An explosion in canonical notation, without its check mark.
pub fn explosion(
    role: Role,
    square: Square,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> String {
    let mut s = String::with_capacity(10);
    if role != Role::Pawn {
        s.push(role.upper_char());
    }
    s.push_str(&square.to_string());
    s.push('/');
    if capture {
        s.push('x');
    }
    s.push_str(&to.to_string());
    if let Some(p) = promotion {
        s.push('=');
        s.push(p.upper_char());
    }
    s
}

/// An annihilation in canonical notation, without its check mark.
pub fn annihilation(from: Square, to: Square, promotion: Option<Role>) -> String {
    let mut s = format!("{from}//{to}");
    if let Some(p) = promotion
        && matches!(to.rank(), Rank::First | Rank::Eighth)
    {
        s.push('=');
        s.push(p.upper_char());
    }
    s
}
