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

use crate::chess::{Move, Role, San, is_rival};
use crate::geometry::{Bitboard, File, Rank, Square};
use crate::{ActionError, Rule};

use super::action::Action;
use super::kings::{Verdict, castling, in_check, judge};
use super::legality::{has_legal_action, normal_moves};
use super::position::{Pos, Stage, TravelerChess};
use super::resonance::annihilation as annihilation_now;

/// What a text says, before the position is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pattern {
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
fn read(text: &str) -> Result<Pattern, ActionError> {
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
        if s.contains('/') {
            // SAN reads `e8/Q` as a promotion; any other `/` is a
            // misspelt explosion or annihilation, not a promotion.
            ActionError::syntax(
                text,
                "an explosion is written with its kind and square, /, and where the traveled man moves, like Nf6/e8 or h3/h4; an annihilation like d2//d4",
            )
        } else {
            ActionError::syntax(
                text,
                format!("{e}; an explosion is written like Nf6/e8, an annihilation like d2//d4"),
            )
        }
    })
}

/// An explosion in canonical notation, without its check mark.
pub(super) fn explosion(
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
fn annihilation(from: Square, to: Square, promotion: Option<Role>) -> String {
    let mut s = format!("{from}//{to}");
    if let Some(p) = promotion
        && matches!(to.rank(), Rank::First | Rank::Eighth)
    {
        s.push('=');
        s.push(p.upper_char());
    }
    s
}

/// The check or mate mark after a legal action with TT-7a's `verdict`: an
/// action that wins at once gets none.
fn mark(after: &Pos, verdict: Verdict) -> &'static str {
    if verdict != Verdict::Continue || !in_check(after, after.turn) {
        ""
    } else if has_legal_action(after) {
        "+"
    } else {
        "#"
    }
}

impl TravelerChess {
    /// Reads an action leniently and checks that it is legal now,
    /// refusing it with the rule it breaks.
    pub(super) fn read_action(&self, text: &str) -> Result<Action, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        match read(text)? {
            Pattern::Explosion {
                role,
                square,
                to,
                promotion,
            } => {
                let action = Action::Explosion {
                    role,
                    square,
                    to,
                    promotion,
                };
                self.judged(&action)?;
                Ok(action)
            }
            Pattern::Annihilation {
                role,
                from,
                to,
                promotion,
            } => self.read_annihilation(role, from, to, promotion),
            Pattern::San(San::Castle(side)) => {
                let mv = castling(&self.pos, self.pos.turn, side).map_err(|why| {
                    ActionError::illegal(Rule::TT_8, format!("cannot castle: {why}"))
                })?;
                self.judged(&Action::Move(mv))?;
                Ok(Action::Move(mv))
            }
            Pattern::San(San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            }) => self.read_move(role, (file, rank), capture, to, promotion),
            Pattern::San(san @ San::FileCapture { .. }) => {
                // The rule text's own form (`1...gf`): the one pawn capture
                // between those files among this game's moves, read in full.
                let mut moves = Vec::new();
                normal_moves(&self.pos, |mv| moves.push(mv));
                match san.narrowed(&moves).map_err(ActionError::from)? {
                    San::Normal {
                        role,
                        file,
                        rank,
                        capture,
                        to,
                        promotion,
                    } => self.read_move(role, (file, rank), capture, to, promotion),
                    _ => Err(ActionError::syntax(text, "a pawn capture written by files")),
                }
            }
        }
    }

    /// The annihilation `from`//`to` (TT-5), or why there is none.
    fn read_annihilation(
        &self,
        role: Option<Role>,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Action, ActionError> {
        let pos = &self.pos;
        let us = pos.turn;
        let refuse = |why: String| Err(ActionError::illegal(Rule::TT_5, why));
        let Some(r) = pos
            .man_at(from)
            .filter(|m| m.color == us && m.stage == Stage::Untraveled)
        else {
            return refuse(format!(
                "an annihilation starts from an untraveled man of yours, and there is none on {from} (TT-5)"
            ));
        };
        let Some(t) = pos
            .man_at(to)
            .filter(|m| m.color == us && m.stage == Stage::Traveling)
        else {
            return refuse(format!(
                "an annihilation ends on a traveling man of yours, and there is none on {to} (TT-5)"
            ));
        };
        if role.is_some_and(|role| role != r.role) {
            return refuse(format!("the man on {from} is a {}", r.role));
        }
        let Some(forced) = annihilation_now(pos, us, from, to) else {
            return refuse(if r.role != t.role && r.role != Role::Pawn {
                format!(
                    "a {} cannot annihilate a traveling {} (TT-5: same kind only)",
                    r.role, t.role
                )
            } else if r.role == Role::Pawn {
                format!(
                    "the pawn on {from} cannot push straight onto {to}, or would not become a {} there (TT-5)",
                    t.role
                )
            } else {
                format!(
                    "the {} on {from} could not move to {to} even if it were empty (TT-5)",
                    r.role
                )
            });
        };
        if promotion.is_some() && promotion != forced {
            return refuse(format!(
                "a pawn annihilating on {to} becomes the traveling man's kind, a {} (TT-5)",
                t.role
            ));
        }
        let action = Action::Annihilation {
            from,
            to,
            promotion: forced,
        };
        self.judged(&action)?;
        Ok(action)
    }

    /// The normal move SAN describes, or why there is none.
    fn read_move(
        &self,
        role: Role,
        (file, rank): (Option<File>, Option<Rank>),
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Action, ActionError> {
        let pos = &self.pos;
        let us = pos.turn;
        let fits = |mv: &Move| {
            let from = mv.from();
            !matches!(mv, Move::Castle { .. })
                && mv.role() == role
                && mv.to() == to
                && file.is_none_or(|f| from.file() == f)
                && rank.is_none_or(|r| from.rank() == r)
                && (role != Role::Pawn || file.is_some() || (from.file() != to.file()) == capture)
        };
        let mut pseudo = Vec::new();
        normal_moves(pos, |mv| {
            if fits(&mv) {
                pseudo.push(mv);
            }
        });
        if pseudo.is_empty() {
            if let Some(t) = pos.man_at(to)
                && t.color == us
                && t.stage == Stage::Traveling
            {
                return Err(ActionError::illegal(
                    Rule::TT_5,
                    format!(
                        "{to} holds your own traveling {}: to annihilate it, write the resonator's square, //, {to} (TT-5)",
                        t.role
                    ),
                ));
            }
            let hint = if role == Role::Pawn && file.is_none() && !capture {
                "; to capture with a pawn, name its file, like exd5"
            } else {
                ""
            };
            return Err(ActionError::illegal(
                Rule::FIDE_MOVEMENT,
                format!("no untraveled or traveled {role} of yours can move to {to}{hint}"),
            ));
        }
        let mut legal = Vec::new();
        let mut refusal = None;
        for mv in &pseudo {
            match self.judged(&Action::Move(*mv)) {
                Ok(_) => legal.push(*mv),
                Err(e) => refusal = refusal.or(Some(e)),
            }
        }
        let not_now = || ActionError::illegal(Rule::FIDE_MOVEMENT, "that move is not legal now");
        if legal.is_empty() {
            return Err(refusal.unwrap_or_else(not_now));
        }
        let froms: Bitboard = legal.iter().map(|m| m.from()).collect();
        if froms.more_than_one() {
            let options: Vec<String> = froms
                .into_iter()
                .filter_map(|f| legal.iter().find(|m| m.from() == f))
                .map(|m| self.written(&Action::Move(*m)))
                .collect();
            return Err(ActionError::Ambiguous(format!(
                "more than one {role} can move to {to}: write {}",
                options.join(" or ")
            )));
        }
        if legal.iter().any(|m| m.promotion().is_some()) {
            let Some(p) = promotion else {
                return Err(ActionError::illegal(
                    Rule::FIDE_PROMOTION,
                    format!("the pawn promotes on {to}: write {to}=Q (or =R, =B, =N)"),
                ));
            };
            legal.retain(|m| m.promotion() == Some(p));
        } else if promotion.is_some() {
            return Err(ActionError::illegal(
                Rule::FIDE_PROMOTION,
                "only a pawn reaching the last rank promotes",
            ));
        }
        legal.first().map(|m| Action::Move(*m)).ok_or_else(not_now)
    }

    /// `action`, a legal action now, without its check or mate mark.
    pub(super) fn body(&self, action: &Action) -> String {
        let pos = &self.pos;
        match *action {
            Action::Move(mv) => {
                // Rivals are the other men of the kind that may legally go
                // to the same square (a traveling man never moves).
                let mut rivals = Bitboard::EMPTY;
                if mv.castling_side().is_none() && mv.role() != Role::Pawn {
                    normal_moves(pos, |m| {
                        if is_rival(&mv, &m)
                            && !matches!(judge(&pos.after_move(&m), pos.turn), Verdict::Refused(_))
                        {
                            rivals.insert(m.from());
                        }
                    });
                }
                San::from_move_among(&mv, rivals).to_string()
            }
            Action::Explosion {
                role,
                square,
                to,
                promotion,
            } => {
                let capture = pos.board.occupied().contains(to)
                    || (role == Role::Pawn && to.file() != square.file());
                explosion(role, square, capture, to, promotion)
            }
            Action::Annihilation {
                from,
                to,
                promotion,
            } => annihilation(from, to, promotion),
        }
    }

    /// The canonical notation of `action`, a legal action now, with its
    /// mark.
    pub(super) fn written(&self, action: &Action) -> String {
        let mut s = self.body(action);
        if let Ok((after, verdict)) = self.judged(action) {
            s.push_str(mark(&after, verdict));
        }
        s
    }
}
