//! The game: legal actions, parsing with reasons, playing, the end of the
//! game (TT-7 mate and stalemate, TT-10 draws), the view.

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::chess::{CastlingSide, Move, MoveGen, Role, San, is_rival};
use crate::geometry::attacks::pawn_attacks;
use crate::geometry::{Bitboard, Square};
use crate::view::{BoardView, Highlight, HighlightKind, Man, Shape};
use crate::{About, Options, RecordFormat, Rules};
use crate::{ActionError, Color, Outcome, Played, Reason, Status, Turn, View, filter_suggestions};

use super::explosion;
use super::grammar::is_correct;
use super::kings::{Verdict, castling, in_check, is_kingless, is_resolved, judge};
use super::matching::explosion_allowed;
use super::notation::{self, Pattern};
use super::pos::{ExplosionRecord, Pos, Stage, TtMan};
use super::resonance::{annihilation, for_each_annihilation};
use super::support::{Supports, supports};

/// An action of Time Traveler's Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A normal move of an untraveled or traveled man: a move, castling
    /// (TT-8) or en passant (TT-9).
    Move(Move),
    /// TT-4: a traveling and a traveled `role` appear on `square`; the
    /// traveled one moves to `to`.
    Explosion {
        role: Role,
        square: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// TT-5: the untraveled man on `from` annihilates with the traveling
    /// man on `to`.
    Annihilation {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
}

impl Action {
    /// Where the action starts and ends, for highlights.
    pub fn squares(&self) -> (Square, Square) {
        match *self {
            Action::Move(mv) => (mv.from(), mv.to()),
            Action::Explosion { square, to, .. } => (square, to),
            Action::Annihilation { from, to, .. } => (from, to),
        }
    }
}

/// One explosion as the history shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplosionInfo {
    pub color: Color,
    pub role: Role,
    pub square: Square,
    /// The candidate supports recorded (TT-2), by the square each started
    /// the game on.
    pub supports: Vec<Square>,
}

/// A game of Time Traveler's Chess.
#[derive(Debug, Serialize, Deserialize)]
pub struct TravelerChess {
    pos: Box<Pos>,
    /// Repetition keys since the last irreversible action, current last.
    history: Vec<u64>,
    last: Option<Action>,
    status: Status,
    /// TT-1 supports of the side to move, computed on first use.
    #[serde(skip)]
    supports: std::sync::OnceLock<Box<Supports>>,
}

impl Clone for TravelerChess {
    /// A copy without the cached supports (they are recomputed on use).
    fn clone(&self) -> TravelerChess {
        TravelerChess {
            pos: self.pos.clone(),
            history: self.history.clone(),
            last: self.last,
            status: self.status,
            supports: std::sync::OnceLock::new(),
        }
    }
}

impl Default for TravelerChess {
    fn default() -> TravelerChess {
        TravelerChess::new()
    }
}

/// A legal action with the position after it and its verdict.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Judged {
    pub action: Action,
    pub after: Pos,
    pub verdict: Verdict,
}

/// The pseudo-legal normal moves of the side to move: its untraveled and
/// traveled men, en passant (with the TT-9 undo), castling by TT-8.
pub(crate) fn normal_moves(pos: &Pos, mut f: impl FnMut(Move)) {
    let us = pos.turn;
    MoveGen::new(&pos.board, us)
        .movers(pos.movers(us))
        .for_each(&mut f);
    if let Some(ep) = pos.ep {
        let pawns = pos.movers(us) & pos.board.by_role(Role::Pawn);
        let victim_ok = match ep.undo {
            Some(_) => !pos.board.occupied().contains(ep.victim),
            None => {
                (pos.board.by_color(us.other()) & pos.board.by_role(Role::Pawn)).contains(ep.victim)
            }
        };
        if victim_ok && !pos.board.occupied().contains(ep.square) {
            for from in pawn_attacks(us.other(), ep.square) & pawns {
                f(Move::EnPassant {
                    from,
                    to: ep.square,
                });
            }
        }
    }
    for side in CastlingSide::ALL {
        if let Ok(mv) = castling(pos, us, side) {
            f(mv);
        }
    }
}

/// Every action of the side to move that TT-1..6 and TT-7a allow, with
/// the position after it; `f` may stop the walk. Explosions come last and
/// need the supports, computed only if the walk gets that far.
pub(crate) fn walk_legal(
    pos: &Pos,
    sup: Option<&Supports>,
    mut want: impl FnMut(Role, Square) -> bool,
    mut f: impl FnMut(Judged) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let us = pos.turn;
    let mut flow = ControlFlow::Continue(());
    let mut take = |action: Action, after: Pos, flow: &mut ControlFlow<()>| {
        if flow.is_break() {
            return;
        }
        let verdict = judge(&after, us);
        if !matches!(verdict, Verdict::Refused(_)) {
            *flow = f(Judged {
                action,
                after,
                verdict,
            });
        }
    };
    normal_moves(pos, |mv| {
        take(Action::Move(mv), pos.after_move(&mv), &mut flow)
    });
    for_each_annihilation(pos, us, |from, to, promotion| {
        take(
            Action::Annihilation {
                from,
                to,
                promotion,
            },
            pos.after_annihilation(from, to),
            &mut flow,
        )
    });
    flow?;
    let computed;
    let sup = match sup {
        Some(s) => s,
        None => {
            computed = supports(pos, us);
            &computed
        }
    };
    explosion::for_each(pos, sup, &mut want, |role, square, to, promotion, set| {
        take(
            Action::Explosion {
                role,
                square,
                to,
                promotion,
            },
            pos.after_explosion(role, square, to, promotion, set),
            &mut flow,
        )
    });
    flow
}

/// Whether the side to move has any legal action.
pub(crate) fn has_legal_action(pos: &Pos) -> bool {
    walk_legal(pos, None, |_, _| true, |_| ControlFlow::Break(())).is_break()
}

/// FNV-1a, for repetition keys.
struct Fnv(u64);

impl Fnv {
    fn byte(&mut self, b: u8) {
        self.0 ^= b as u64;
        self.0 = self.0.wrapping_mul(0x100_0000_01b3);
    }
}

/// TT-10: what makes two positions the same for repetition: the men with
/// their kinds and stages, the side to move, castling rights, an en passant
/// capture that can be made, each side's explosion records (each record's
/// supports named by where those men stand now, or by identity once gone)
/// and whether a side ever lost a traveling man.
pub(crate) fn repetition_key(pos: &Pos) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for sq in Square::ALL {
        match pos.man_at(sq) {
            None => h.byte(0),
            Some(m) => h.byte(1 + m.color as u8 * 32 + m.role as u8 * 4 + m.stage as u8),
        }
    }
    h.byte(pos.turn as u8);
    h.byte(pos.castling.bits());
    if let Some(ep) = pos.ep {
        let mut any = false;
        normal_moves(pos, |mv| any |= matches!(mv, Move::EnPassant { .. }));
        if any {
            h.byte(ep.square as u8);
            h.byte(ep.undo.is_some() as u8);
        }
    }
    for color in Color::ALL {
        h.byte(pos.lost[color.index()] as u8);
        let mut where_now = [0u8; 16];
        for (m, w) in where_now.iter_mut().enumerate() {
            *w = pos
                .square_of_original(color, m as u8)
                .map_or(64 + m as u8, |s| s as u8);
        }
        let mut records: Vec<Vec<u8>> = pos
            .records(color)
            .iter()
            .map(|r| {
                let mut tokens: Vec<u8> = (0..16)
                    .filter(|m| r.supports & (1 << m) != 0)
                    .map(|m| where_now[m])
                    .collect();
                tokens.sort_unstable();
                tokens
            })
            .collect();
        records.sort();
        h.byte(0xff);
        for r in records {
            h.byte(0xfe);
            for t in r {
                h.byte(t);
            }
        }
    }
    h.0
}

/// Chronomate's insufficient material: nobody can explode (no untraveled
/// man left on either side) and nobody is unresolved, so the game is FIDE
/// chess from here, and FIDE's dead positions apply: kings alone, king and
/// one knight or bishop against a king, or kings and bishops all on squares
/// of one colour.
pub(crate) fn insufficient_material(pos: &Pos) -> bool {
    if pos.untraveled().any() || pos.traveling.any() {
        return false;
    }
    let b = &pos.board;
    let kings = b.by_role(Role::King);
    let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
    if heavy.any() {
        return false;
    }
    let minors = b.occupied() - kings;
    if minors.count() <= 1 {
        return true;
    }
    let bishops = b.by_role(Role::Bishop);
    minors == bishops
        && (bishops.is_subset(crate::geometry::LIGHT_SQUARES)
            || bishops.is_subset(crate::geometry::DARK_SQUARES))
}

impl TravelerChess {
    /// A new game from the standard start, every man untraveled.
    pub fn new() -> TravelerChess {
        let pos = Pos::start();
        TravelerChess {
            history: vec![repetition_key(&pos)],
            pos: Box::new(pos),
            last: None,
            status: Status::Ongoing,
            supports: std::sync::OnceLock::new(),
        }
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// A game going on from a position in an extended FEN: a piece letter
    /// may be followed by `*` for a traveling man or `^` for a traveled
    /// one (untraveled otherwise); castling and en passant fields as in
    /// FEN. Untraveled men get original identities in board order; a side
    /// with traveling men is given one explosion record per traveling man,
    /// each supportable by any of its originals. For tests and analysis.
    pub fn from_fen(fen: &str) -> Result<TravelerChess, String> {
        use crate::chess::Piece;
        use crate::geometry::{File, Rank};
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let placement = fields.first().ok_or("empty FEN")?;
        let mut pos = Pos::start();
        for sq in Square::ALL {
            pos.remove(sq);
        }
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 8 {
            return Err("a FEN board has eight ranks".into());
        }
        let mut next_original = [0u8; 2];
        for (i, row) in rows.iter().enumerate() {
            let rank = Rank::new(7 - i as u32);
            let mut file = 0u32;
            let chars: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                j += 1;
                if let Some(d) = c.to_digit(10) {
                    file += d;
                    continue;
                }
                let piece = Piece::from_char(c).ok_or(format!("{c:?} is no man"))?;
                let stage = match chars.get(j) {
                    Some('*') => {
                        j += 1;
                        Stage::Traveling
                    }
                    Some('^') => {
                        j += 1;
                        Stage::Traveled
                    }
                    _ => Stage::Untraveled,
                };
                if file > 7 {
                    return Err("a rank has eight squares".into());
                }
                let c_ix = piece.color.index();
                let id = if stage == Stage::Untraveled {
                    if next_original[c_ix] >= 16 {
                        return Err("at most 16 untraveled men a side".into());
                    }
                    next_original[c_ix] += 1;
                    c_ix as u8 * 16 + next_original[c_ix] - 1
                } else {
                    pos.next_id = pos.next_id.checked_add(1).ok_or("too many men")?;
                    pos.next_id - 1
                };
                if id < 32 {
                    pos.homes[id as usize] = Square::new(File::new(file), rank);
                }
                pos.put(
                    Square::new(File::new(file), rank),
                    TtMan {
                        id,
                        color: piece.color,
                        role: piece.role,
                        stage,
                    },
                );
                file += 1;
            }
        }
        pos.turn = match fields.get(1) {
            Some(&"b") => Color::Black,
            _ => Color::White,
        };
        let mut castling = crate::chess::CastlingRights::NONE;
        for c in fields.get(2).unwrap_or(&"-").chars() {
            let (color, side) = match c {
                'K' => (Color::White, CastlingSide::KingSide),
                'Q' => (Color::White, CastlingSide::QueenSide),
                'k' => (Color::Black, CastlingSide::KingSide),
                'q' => (Color::Black, CastlingSide::QueenSide),
                _ => continue,
            };
            castling = castling.with(color, side);
        }
        pos.castling = castling;
        pos.ep = match fields.get(3) {
            Some(s) if *s != "-" => {
                let square: Square = s.parse().map_err(|e| format!("{e}"))?;
                let victim = square
                    .offset(0, pos.turn.fold(-1, 1))
                    .ok_or("bad en passant square")?;
                Some(super::pos::EnPassant {
                    square,
                    victim,
                    undo: None,
                })
            }
            _ => None,
        };
        pos.halfmove = fields.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
        pos.fullmove = fields.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
        for color in Color::ALL {
            for t in pos.stage_of(color, Stage::Traveling) {
                let n = pos.record_len[color.index()] as usize;
                if n < super::pos::MAX_EXPLOSIONS {
                    pos.records[color.index()][n] = ExplosionRecord {
                        role: pos.board.role_at(t).unwrap_or(Role::Pawn),
                        square: t,
                        supports: u16::MAX,
                    };
                    pos.record_len[color.index()] += 1;
                }
            }
        }
        pos.consistency()?;
        Ok(TravelerChess {
            history: vec![repetition_key(&pos)],
            pos: Box::new(pos),
            last: None,
            status: Status::Ongoing,
            supports: std::sync::OnceLock::new(),
        })
    }

    /// Actions since the last pawn move, capture, explosion or
    /// annihilation (TT-10).
    pub fn halfmove_clock(&self) -> u32 {
        self.pos.halfmove
    }

    /// TT-3: `color`'s resonators now.
    pub fn resonators(&self, color: Color) -> Bitboard {
        super::resonance::resonators(&self.pos, color)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.pos.turn
    }

    pub fn last_action(&self) -> Option<Action> {
        self.last
    }

    /// The man on `square`: kind, colour, stage and identity.
    pub fn man_at(&self, square: Square) -> Option<TtMan> {
        self.pos.man_at(square)
    }

    /// TT-7: whether `color` is in check now.
    pub fn is_check(&self, color: Color) -> bool {
        in_check(&self.pos, color)
    }

    /// TT-7: whether `color` is kingless now.
    pub fn is_kingless(&self, color: Color) -> bool {
        is_kingless(&self.pos, color)
    }

    /// TT-7: whether `color` is resolved (no traveling man) now.
    pub fn is_resolved(&self, color: Color) -> bool {
        is_resolved(&self.pos, color)
    }

    /// TT-6: whether `color` is grammatically correct now.
    pub fn is_correct(&self, color: Color) -> bool {
        is_correct(&self.pos, color)
    }

    /// `color`'s explosions so far with their recorded supports (TT-2).
    pub fn explosions(&self, color: Color) -> Vec<ExplosionInfo> {
        self.pos
            .records(color)
            .iter()
            .map(|r: &ExplosionRecord| ExplosionInfo {
                color,
                role: r.role,
                square: r.square,
                supports: (0..16u8)
                    .filter(|m| r.supports & (1 << m) != 0)
                    .map(|m| self.pos.home(color, m))
                    .collect(),
            })
            .collect()
    }

    /// TT-1 supports of the side to move, computed once per position.
    fn sup(&self) -> &Supports {
        self.supports
            .get_or_init(|| Box::new(supports(&self.pos, self.pos.turn)))
    }

    /// TT-1: the explosion squares of `role` each original man of the side
    /// to move supports now, by the square it started on.
    pub fn supports(&self, role: Role) -> Vec<(Square, Bitboard)> {
        let us = self.pos.turn;
        let sup = self.sup();
        (0..16u8)
            .filter_map(|m| {
                let squares = sup.of(m, role);
                Some((self.pos.home(us, m), squares)).filter(|_| squares.any())
            })
            .collect()
    }

    /// TT-1 by brute force, as [`TravelerChess::supports`] (for tests).
    #[doc(hidden)]
    pub fn supports_pair(&self, color: Color) -> (String, String, bool) {
        let fast = supports(&self.pos, color);
        let brute = super::support::supports_brute(&self.pos, color);
        (format!("{fast:?}"), format!("{brute:?}"), fast == brute)
    }

    /// Checks the state agrees with itself and with the rules' invariants
    /// (for tests): consistent stages and identities, both sides
    /// grammatically correct while play goes on, the explosion records
    /// matchable (TT-2), the side that just moved not in check (TT-7).
    #[doc(hidden)]
    pub fn consistency(&self) -> Result<(), String> {
        let pos = &self.pos;
        pos.consistency()?;
        for color in Color::ALL {
            let sets: Vec<u16> = pos.records(color).iter().map(|r| r.supports).collect();
            if let Some((last, rest)) = sets.split_last()
                && !explosion_allowed(rest, *last)
            {
                return Err(format!(
                    "{color}'s explosions cannot be matched to supports"
                ));
            }
        }
        if self.status.is_over() {
            return Ok(());
        }
        let mover = pos.turn.other();
        for color in Color::ALL {
            if !is_correct(pos, color) {
                return Err(format!("{color} is incorrect but play goes on"));
            }
        }
        if in_check(pos, mover) {
            return Err(format!("{mover} moved into check"));
        }
        if is_kingless(pos, mover) && is_resolved(pos, pos.turn) {
            return Err(format!(
                "{mover} is kingless while the opponent is resolved"
            ));
        }
        Ok(())
    }

    /// Every legal action now; none once the game is over.
    pub fn actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.status.is_over() {
            return out;
        }
        let _ = walk_legal(
            &self.pos,
            Some(self.sup()),
            |_, _| true,
            |j| {
                out.push(j.action);
                ControlFlow::Continue(())
            },
        );
        out
    }

    /// Judges `action` now: the position after it and the verdict, or why
    /// it is refused.
    fn try_action(&self, action: &Action) -> Result<(Pos, Verdict), ActionError> {
        let pos = &self.pos;
        let us = pos.turn;
        let after = match *action {
            Action::Move(mv) => {
                let mut found = false;
                normal_moves(pos, |m| found |= m == mv);
                if !found {
                    if let Move::Castle { king, rook } = mv {
                        let side = if rook > king {
                            CastlingSide::KingSide
                        } else {
                            CastlingSide::QueenSide
                        };
                        if let Err(why) = castling(pos, us, side) {
                            return Err(ActionError::illegal_untagged(format!(
                                "cannot castle: {why}"
                            )));
                        }
                    }
                    return Err(ActionError::illegal_untagged(
                        "that move is not possible now",
                    ));
                }
                pos.after_move(&mv)
            }
            Action::Annihilation {
                from,
                to,
                promotion,
            } => {
                match annihilation(pos, us, from, to) {
                    Some(p) if p == promotion => {}
                    _ => {
                        return Err(ActionError::illegal_untagged(
                            "that annihilation is not possible now (TT-5)",
                        ));
                    }
                }
                pos.after_annihilation(from, to)
            }
            Action::Explosion {
                role,
                square,
                to,
                promotion,
            } => {
                let set = self.explosion_support(role, square)?;
                let protected = explosion::protected(pos, us);
                let mut found = None;
                explosion::traveled_moves(pos, us, role, square, |t, p, ep| {
                    if t == to && p == promotion {
                        found = Some(if ep {
                            pos.ep.map_or(t, |e| e.victim)
                        } else {
                            t
                        });
                    }
                });
                let Some(victim) = found else {
                    return Err(ActionError::illegal_untagged(
                        self.why_no_traveled_move(role, square, to, promotion),
                    ));
                };
                if protected.contains(victim) {
                    let what = if pos.traveling.contains(victim) {
                        "an enemy traveling man"
                    } else {
                        "an enemy resonator"
                    };
                    return Err(ActionError::illegal_untagged(format!(
                        "in an explosion the traveled man may not capture {what}, as on {victim} (TT-4)"
                    )));
                }
                pos.after_explosion(role, square, to, promotion, set)
            }
        };
        match judge(&after, us) {
            Verdict::Refused(r) => Err(ActionError::illegal_untagged(r.words())),
            verdict => Ok((after, verdict)),
        }
    }

    /// TT-1 and TT-2 for an explosion of `role` on `square`: the candidate
    /// supports, or the refusal.
    fn explosion_support(&self, role: Role, square: Square) -> Result<u16, ActionError> {
        let pos = &self.pos;
        let us = pos.turn;
        if pos.board.occupied().contains(square) {
            return Err(ActionError::illegal_untagged(format!(
                "{square} is not empty: an explosion square must be empty (TT-4)"
            )));
        }
        if role == Role::Pawn
            && matches!(
                square.rank(),
                crate::geometry::Rank::First | crate::geometry::Rank::Eighth
            )
        {
            return Err(ActionError::illegal_untagged(
                "a pawn explosion square is never on the first or last rank (TT-4)",
            ));
        }
        let set = self.sup().set_for(role, square);
        if set == 0 {
            let or_pawn = if Role::PROMOTIONS.contains(&role) {
                format!(" (nor a pawn promoting to a {role})")
            } else {
                String::new()
            };
            return Err(ActionError::illegal_untagged(format!(
                "no untraveled {role} of yours{or_pawn} can reach {square} within three moves, so nothing supports the explosion (TT-1)"
            )));
        }
        let records: Vec<u16> = pos.records(us).iter().map(|r| r.supports).collect();
        if !explosion_allowed(&records, set) {
            let names: Vec<String> = (0..16u8)
                .filter(|m| set & (1 << m) != 0)
                .map(|m| pos.home(us, m))
                .map(|s| format!("the man from {s}"))
                .collect();
            return Err(ActionError::illegal_untagged(format!(
                "the supports for a {role} explosion on {square} ({}) are already needed for your earlier explosions (TT-2)",
                names.join(", ")
            )));
        }
        Ok(set)
    }

    fn why_no_traveled_move(
        &self,
        role: Role,
        square: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> String {
        let pos = &self.pos;
        let mut to_ok = false;
        let mut needs_promotion = false;
        explosion::traveled_moves(pos, pos.turn, role, square, |t, p, _| {
            if t == to {
                to_ok = true;
                needs_promotion |= p.is_some();
            }
        });
        if to_ok && needs_promotion && promotion.is_none() {
            return format!(
                "the traveled pawn promotes on {to}: write {square}/{to}=Q (or =R, =B, =N)"
            );
        }
        if to_ok {
            return format!("a traveled {role} moving from {square} to {to} does not promote");
        }
        format!("a traveled {role} on {square} cannot move to {to} (TT-4)")
    }

    /// The legal action a pattern describes.
    fn resolve(&self, text: &str, pattern: Pattern) -> Result<Action, ActionError> {
        let pos = &self.pos;
        let us = pos.turn;
        match pattern {
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
                self.try_action(&action)?;
                Ok(action)
            }
            Pattern::Annihilation {
                role,
                from,
                to,
                promotion,
            } => {
                let Some(r) = pos
                    .man_at(from)
                    .filter(|m| m.color == us && m.stage == Stage::Untraveled)
                else {
                    return Err(ActionError::illegal_untagged(format!(
                        "an annihilation starts from an untraveled man of yours, and there is none on {from} (TT-5)"
                    )));
                };
                let Some(t) = pos
                    .man_at(to)
                    .filter(|m| m.color == us && m.stage == Stage::Traveling)
                else {
                    return Err(ActionError::illegal_untagged(format!(
                        "an annihilation ends on a traveling man of yours, and there is none on {to} (TT-5)"
                    )));
                };
                if role.is_some_and(|role| role != r.role) {
                    return Err(ActionError::illegal_untagged(format!(
                        "the man on {from} is a {}",
                        r.role
                    )));
                }
                let Some(forced) = annihilation(pos, us, from, to) else {
                    let why = if r.role != t.role && r.role != Role::Pawn {
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
                    };
                    return Err(ActionError::illegal_untagged(why));
                };
                if promotion.is_some() && promotion != forced {
                    return Err(ActionError::illegal_untagged(format!(
                        "a pawn annihilating on {to} becomes the traveling man's kind, a {} (TT-5)",
                        t.role
                    )));
                }
                let action = Action::Annihilation {
                    from,
                    to,
                    promotion: forced,
                };
                self.try_action(&action)?;
                Ok(action)
            }
            Pattern::San(san) => self.resolve_san(text, san),
        }
    }

    fn resolve_san(&self, _text: &str, san: San) -> Result<Action, ActionError> {
        let pos = &self.pos;
        let us = pos.turn;
        if let San::Castle(side) = san {
            let mv = castling(pos, us, side)
                .map_err(|why| ActionError::illegal_untagged(format!("cannot castle: {why}")))?;
            self.try_action(&Action::Move(mv))?;
            return Ok(Action::Move(mv));
        }
        let San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } = san
        else {
            return Err(ActionError::illegal_untagged("not a move"));
        };
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
                return Err(ActionError::illegal_untagged(format!(
                    "{to} holds your own traveling {}: to annihilate it, write the resonator's square, //, {to} (TT-5)",
                    t.role
                )));
            }
            let hint = if role == Role::Pawn && file.is_none() && !capture {
                "; to capture with a pawn, name its file, like exd5"
            } else {
                ""
            };
            return Err(ActionError::illegal_untagged(format!(
                "no untraveled or traveled {role} of yours can move to {to}{hint}"
            )));
        }
        let mut legal = Vec::new();
        let mut refusal = None;
        for mv in &pseudo {
            match self.try_action(&Action::Move(*mv)) {
                Ok(_) => legal.push(*mv),
                Err(e) => refusal = refusal.or(Some(e)),
            }
        }
        if legal.is_empty() {
            return Err(refusal
                .unwrap_or_else(|| ActionError::illegal_untagged("that move is not legal now")));
        }
        let froms: Bitboard = legal.iter().map(|m| m.from()).collect();
        if froms.more_than_one() {
            let options: Vec<String> = froms
                .into_iter()
                .filter_map(|f| legal.iter().find(|m| m.from() == f))
                .map(|m| self.notation_of(&Action::Move(*m)))
                .collect();
            return Err(ActionError::Ambiguous(format!(
                "more than one {role} can move to {to}: write {}",
                options.join(" or ")
            )));
        }
        if legal.iter().any(|m| m.promotion().is_some()) {
            let Some(p) = promotion else {
                return Err(ActionError::illegal_untagged(format!(
                    "the pawn promotes on {to}: write {to}=Q (or =R, =B, =N)"
                )));
            };
            legal.retain(|m| m.promotion() == Some(p));
        } else if promotion.is_some() {
            return Err(ActionError::illegal_untagged(
                "only a pawn reaching the last rank promotes",
            ));
        }
        legal
            .first()
            .map(|m| Action::Move(*m))
            .ok_or_else(|| ActionError::illegal_untagged("that move is not legal now"))
    }

    /// Reads an action leniently, refusing it with the rule it breaks.
    pub fn parse(&self, text: &str) -> Result<Action, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let pattern = notation::read(text)?;
        self.resolve(text, pattern)
    }

    /// The check or mate mark after a legal action.
    fn suffix(after: &Pos, verdict: Verdict) -> &'static str {
        if verdict != Verdict::Continue || !in_check(after, after.turn) {
            ""
        } else if has_legal_action(after) {
            "+"
        } else {
            "#"
        }
    }

    fn body(&self, action: &Action) -> String {
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
                notation::explosion(role, square, capture, to, promotion)
            }
            Action::Annihilation {
                from,
                to,
                promotion,
            } => notation::annihilation(from, to, promotion),
        }
    }

    /// The canonical notation of `action`, a legal action now.
    pub fn notation_of(&self, action: &Action) -> String {
        let mut s = self.body(action);
        if let Ok((after, verdict)) = self.try_action(action) {
            s.push_str(Self::suffix(&after, verdict));
        }
        s
    }

    /// Plays a legal action and judges the game after it.
    pub fn play_action(&mut self, action: &Action) -> Result<Played, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let (after, verdict) = self.try_action(action)?;
        let mover = self.pos.turn;
        let mut notation = self.body(action);
        let status = match verdict {
            Verdict::Wins(reason) => Status::Finished(Outcome::win(mover, reason)),
            Verdict::Refused(r) => return Err(ActionError::illegal_untagged(r.words())),
            Verdict::Continue => {
                let check = in_check(&after, after.turn);
                if !has_legal_action(&after) {
                    notation.push_str(if check { "#" } else { "" });
                    Status::Finished(if check {
                        Outcome::win(mover, Reason::Checkmate)
                    } else {
                        Outcome::draw(Reason::Stalemate)
                    })
                } else {
                    if check {
                        notation.push('+');
                    }
                    Status::Ongoing
                }
            }
        };
        // TT-10: pawn moves, captures, explosions and annihilations reset
        // the fifty-move count, and no earlier position can come back.
        if after.halfmove == 0 {
            self.history.clear();
        }
        let key = repetition_key(&after);
        self.history.push(key);
        let status = match status {
            Status::Ongoing => {
                if self.history.iter().filter(|&&k| k == key).count() >= 3 {
                    Status::Finished(Outcome::draw(Reason::Repetition))
                } else if after.halfmove >= 100 {
                    Status::Finished(Outcome::draw(Reason::FiftyMoves))
                } else if insufficient_material(&after) {
                    Status::Finished(Outcome::draw(Reason::InsufficientMaterial))
                } else {
                    Status::Ongoing
                }
            }
            done => done,
        };
        *self.pos = after;
        self.supports = std::sync::OnceLock::new();
        self.last = Some(*action);
        self.status = status;
        Ok(Played {
            notation,
            events: Vec::new(),
        })
    }

    /// Reads and plays an action, giving its canonical notation.
    pub fn play_text(&mut self, text: &str) -> Result<String, ActionError> {
        let action = self.parse(text)?;
        Ok(self.play_action(&action)?.notation)
    }

    /// Up to `limit` legal actions matching `typed`. Normal moves and
    /// annihilations are few and all printed; explosions are expanded only
    /// for the (kind, square) pairs whose notation can start with what was
    /// typed, and printing stops once `limit` prefix matches are found.
    pub fn suggest_actions(&self, typed: &str, limit: usize) -> Vec<String> {
        if self.status.is_over() || limit == 0 {
            return Vec::new();
        }
        let lower: String = typed
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let pos = &self.pos;
        let mut prefix = Vec::new();
        let mut inner = Vec::new();
        let add = |s: String, prefix: &mut Vec<String>, inner: &mut Vec<String>| {
            let l = s.to_ascii_lowercase();
            if l.starts_with(&lower) {
                prefix.push(s);
            } else if l.contains(&lower) {
                inner.push(s);
            }
        };
        let mut cheap = Vec::new();
        normal_moves(pos, |mv| cheap.push(Action::Move(mv)));
        for_each_annihilation(pos, pos.turn, |from, to, promotion| {
            cheap.push(Action::Annihilation {
                from,
                to,
                promotion,
            })
        });
        for a in cheap {
            if self.try_action(&a).is_ok() {
                add(self.notation_of(&a), &mut prefix, &mut inner);
            }
        }
        if prefix.len() < limit {
            let mut found = Vec::new();
            let _ = walk_legal(
                pos,
                Some(self.sup()),
                |role, square| {
                    let head = notation::explosion(role, square, false, square, None);
                    let head =
                        head[..head.find('/').map_or(head.len(), |i| i + 1)].to_ascii_lowercase();
                    head.starts_with(&lower) || lower.starts_with(&head)
                },
                |j| {
                    if matches!(j.action, Action::Explosion { .. }) {
                        let mut s = self.body(&j.action);
                        s.push_str(Self::suffix(&j.after, j.verdict));
                        if s.to_ascii_lowercase().starts_with(&lower) {
                            found.push(s);
                            if prefix.len() + found.len() >= limit {
                                return ControlFlow::Break(());
                            }
                        }
                    }
                    ControlFlow::Continue(())
                },
            );
            prefix.extend(found);
        }
        prefix.extend(inner);
        filter_suggestions(prefix, typed, limit)
    }

    /// The board for the renderer: every man with its stage, the last
    /// action, kings in check, explosion records as notes.
    pub fn view(&self) -> View {
        let pos = &self.pos;
        let mut board = BoardView::empty(Shape::Square8);
        for sq in pos.board.occupied() {
            if let Some(m) = pos.man_at(sq) {
                let mut man = Man::new(m.color, m.role.figure());
                man.stage = Some(m.stage);
                board.cells[sq.index()] = Some(man);
            }
        }
        let mut mark = |cell: Square, kind| {
            board.highlights.push(Highlight {
                cell: cell.index() as u8,
                kind,
            })
        };
        if let Some(a) = self.last {
            let (from, to) = a.squares();
            mark(from, HighlightKind::LastMoveFrom);
            mark(to, HighlightKind::LastMoveTo);
        }
        if !self.status.is_over() && in_check(pos, pos.turn) {
            for king in pos.board.by_role(Role::King) & pos.board.by_color(pos.turn) {
                mark(king, HighlightKind::Check);
            }
        }
        let move_number = pos.fullmove;
        let title = match self.status {
            Status::Ongoing => format!("Move {move_number} · {} to move", pos.turn),
            Status::Finished(outcome) => format!(
                "Move {} · {outcome}",
                if pos.turn == Color::White {
                    move_number.saturating_sub(1).max(1)
                } else {
                    move_number
                }
            ),
        };
        // The label line shows the side to move; the caption adds check or
        // the result.
        board.caption = match self.status {
            Status::Ongoing => in_check(pos, pos.turn).then(|| "check".to_owned()),
            Status::Finished(outcome) => Some(outcome.to_string()),
        };
        board.to_move = (!self.status.is_over()).then_some(pos.turn);
        board.touched = self.last.is_some();
        board.current = true;
        let mut notes = Vec::new();
        for color in Color::ALL {
            for e in self.explosions(color) {
                let letter = if e.role == Role::Pawn {
                    String::new()
                } else {
                    e.role.upper_char().to_string()
                };
                let names: Vec<String> = e.supports.iter().map(|s| s.to_string()).collect();
                notes.push(format!(
                    "{color} explosion {letter}{} · supports from {}",
                    e.square,
                    names.join(" ")
                ));
            }
            let mut state = Vec::new();
            if is_kingless(pos, color) {
                state.push("kingless");
            }
            if !is_resolved(pos, color) {
                state.push("unresolved");
            }
            if !state.is_empty() {
                notes.push(format!("{color}: {}", state.join(", ")));
            }
        }
        View {
            title: Some(title),
            perspective: Some(Color::White),
            boards: vec![board],
            notes,
            ..View::default()
        }
    }
}

impl Rules for TravelerChess {
    type Action = Action;

    const ABOUT: About = About {
        id: "traveler",
        title: "Time Traveler's Chess",
        summary: "Time Traveler's Chess (traveler): chess where men can arrive from the future. \
             Every man is untraveled, traveling or traveled.\n\
             - Explosion (Nf6/e8): a traveling and a traveled copy of a man appear on an empty \
             square, and the traveled one moves at once; some untraveled man of yours must be \
             able to reach that square within three moves (its support).\n\
             - Annihilation (d2//d4): an untraveled man of the same kind moves onto your \
             traveling man and both leave the board, closing the loop.\n\
             - Leave every traveling man resolvable: losing that (grammatical incorrectness) \
             loses the game. Check and mate follow from who could be left kingless.",
        options: "",
        record: RecordFormat::Lines,
    };

    fn new(_options: &Options, _seed: u64) -> Self {
        TravelerChess::new()
    }

    fn apply(&mut self, action: &Self::Action) -> Result<Vec<String>, ActionError> {
        Rules::play(self, action).map(|played| played.events)
    }

    fn turn(&self) -> Turn {
        Turn::single(self.pos.turn)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.actions()
    }

    fn parse(&self, text: &str) -> Result<Action, ActionError> {
        TravelerChess::parse(self, text)
    }

    fn notation(&self, action: &Action) -> String {
        self.notation_of(action)
    }

    fn play(&mut self, action: &Action) -> Result<Played, ActionError> {
        self.play_action(action)
    }

    fn view(&self) -> View {
        TravelerChess::view(self)
    }

    fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        self.suggest_actions(typed, limit)
    }
}
