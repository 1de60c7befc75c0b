//! Applying a legal action: how each kind of action changes the position
//! (TT-4 explosions, TT-5 annihilations, TT-9 en passant undoing one), and
//! judging the game after it: TT-7a wins, TT-7 mate and stalemate, TT-10
//! repetition and fifty moves, and Chronomate's insufficient material.

use std::sync::OnceLock;

use crate::chess::{CastlingSide, Move, Role};
use crate::geometry::{DARK_SQUARES, LIGHT_SQUARES, Square};
use crate::{ActionError, Color, Inconsistency, Outcome, Played, Reason, Status};

use super::action::Action;
use super::grammar::is_correct;
use super::kings::{Verdict, in_check, is_kingless, is_resolved};
use super::legality::{has_legal_action, normal_moves};
use super::matching::explosion_allowed;
use super::position::{
    EnPassant, ExplosionRecord, MAX_EXPLOSIONS, Pos, Stage, TravelerChess, TtMan,
};

impl Default for TravelerChess {
    fn default() -> TravelerChess {
        TravelerChess::new()
    }
}

impl TravelerChess {
    /// A new game from the standard start, every man untraveled.
    pub fn new() -> TravelerChess {
        TravelerChess::from_pos(Pos::start())
    }

    /// A game going on from `pos`, with no past.
    pub(super) fn from_pos(pos: Pos) -> TravelerChess {
        TravelerChess {
            history: vec![repetition_key(&pos)],
            pos: Box::new(pos),
            last: None,
            status: Status::Ongoing,
            supports: OnceLock::new(),
        }
    }

    /// Checks the state agrees with itself and with the rules' invariants
    /// (for tests): consistent stages and identities, both sides
    /// grammatically correct while play goes on, the explosion records
    /// matchable (TT-2), the side that just moved not in check (TT-7).
    #[doc(hidden)]
    pub fn consistency(&self) -> Result<(), Inconsistency> {
        let pos = &self.pos;
        pos.consistency()?;
        for color in Color::ALL {
            let sets: Vec<u16> = pos.records(color).iter().map(|r| r.supports).collect();
            if let Some((last, rest)) = sets.split_last()
                && !explosion_allowed(rest, *last)
            {
                return Err(format!("{color}'s explosions cannot be matched to supports").into());
            }
        }
        if self.status.is_over() {
            return Ok(());
        }
        let mover = pos.turn.other();
        for color in Color::ALL {
            if !is_correct(pos, color) {
                return Err(format!("{color} is incorrect but play goes on").into());
            }
        }
        if in_check(pos, mover) {
            return Err(format!("{mover} moved into check").into());
        }
        if is_kingless(pos, mover) && is_resolved(pos, pos.turn) {
            return Err(format!("{mover} is kingless while the opponent is resolved").into());
        }
        Ok(())
    }
}

impl TravelerChess {
    /// TT-10: this position's key for repetitions, which the rules keep
    /// as they play (equal for two positions with the same men, kinds and
    /// stages, side to move, castling rights, en passant capture that can
    /// be made, explosion records with their supports named by where those
    /// men stand, and lost traveling men; the move counters aside). A
    /// position whose key came twice before since the last irreversible
    /// action ends the game drawn.
    pub fn repetition_key(&self) -> u64 {
        self.history
            .last()
            .copied()
            .unwrap_or_else(|| repetition_key(&self.pos))
    }

    /// Applies `action`, checking it is legal now, and judges the game
    /// after it. Returns TT-7a's verdict on it (the notation's mark needs
    /// it). Writes no notation: this is an engine's hot path.
    pub(super) fn advance(&mut self, action: &Action) -> Result<Verdict, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let (after, verdict) = self.judged(action)?;
        let mover = self.pos.turn;
        let status = match verdict {
            Verdict::Wins(reason) => Status::Finished(Outcome::win(mover, reason)),
            Verdict::Refused(refusal) => return Err(refusal.error()),
            Verdict::Continue if has_legal_action(&after) => Status::Ongoing,
            Verdict::Continue if in_check(&after, after.turn) => {
                Status::Finished(Outcome::win(mover, Reason::Checkmate))
            }
            Verdict::Continue => Status::Finished(Outcome::draw(Reason::Stalemate)),
        };
        // TT-10: pawn moves, captures, explosions and annihilations reset
        // the fifty-move count, and no earlier position can come back.
        if after.halfmove == 0 {
            self.history.clear();
        }
        let key = repetition_key(&after);
        self.history.push(key);
        self.status = match status {
            Status::Ongoing if self.history.iter().filter(|&&k| k == key).count() >= 3 => {
                Status::Finished(Outcome::draw(Reason::Repetition))
            }
            Status::Ongoing if after.halfmove >= 100 => {
                Status::Finished(Outcome::draw(Reason::FiftyMoves))
            }
            Status::Ongoing if insufficient_material(&after) => {
                Status::Finished(Outcome::draw(Reason::InsufficientMaterial))
            }
            status => status,
        };
        *self.pos = after;
        self.supports = std::sync::OnceLock::new();
        self.last = Some(*action);
        Ok(verdict)
    }

    /// Applies `action` as [`TravelerChess::advance`] does, and writes it
    /// as the record does: its body is written on the position before
    /// (disambiguation), its mark on the position after, with the action
    /// judged only once.
    pub(super) fn advance_written(&mut self, action: &Action) -> Result<Played, ActionError> {
        if self.status.is_over() {
            return Err(ActionError::GameOver);
        }
        let mut notation = self.body(action);
        if self.advance(action)? == Verdict::Continue {
            if matches!(self.status, Status::Finished(o) if o.reason == Reason::Checkmate) {
                notation.push('#');
            } else if in_check(&self.pos, self.pos.turn) {
                notation.push('+');
            }
        }
        Ok(Played {
            notation,
            events: Vec::new(),
        })
    }
}

impl Pos {
    fn finish(&mut self, zeroing: bool) {
        self.halfmove = if zeroing { 0 } else { self.halfmove + 1 };
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = self.turn.other();
    }

    /// A pseudo-legal normal move (a move, castling or en passant) played.
    pub(super) fn after_move(&self, mv: &Move) -> Pos {
        let us = self.turn;
        let them = us.other();
        let mut p = *self;
        p.ep = None;
        let mut zeroing = false;
        match *mv {
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                let Some(man) = p.remove(from) else {
                    return p;
                };
                if let Some(taken) = p.remove(to) {
                    zeroing = true;
                    if taken.stage == Stage::Traveling {
                        p.lost[them.index()] = true;
                    }
                }
                p.put(
                    to,
                    TtMan {
                        role: promotion.unwrap_or(man.role),
                        ..man
                    },
                );
                if role == Role::Pawn {
                    zeroing = true;
                    if mv.is_double_step() {
                        p.ep = double_step_ep(from, to, None);
                    }
                }
                p.castling = p.castling.after_touching(from).after_touching(to);
            }
            Move::EnPassant { from, to } => {
                zeroing = true;
                let Some(man) = p.remove(from) else {
                    return p;
                };
                p.put(to, man);
                match self.ep {
                    Some(EnPassant {
                        victim,
                        undo: Some(id),
                        ..
                    }) => {
                        // TT-9: the resonator is taken where it passed, and
                        // the traveling pawn it annihilated is back.
                        p.put(
                            victim,
                            TtMan {
                                id,
                                color: them,
                                role: Role::Pawn,
                                stage: Stage::Traveling,
                            },
                        );
                    }
                    Some(EnPassant { victim, .. }) => {
                        if let Some(taken) = p.remove(victim)
                            && taken.stage == Stage::Traveling
                        {
                            p.lost[them.index()] = true;
                        }
                    }
                    None => {}
                }
            }
            Move::Castle { king, rook } => {
                let side = mv.castling_side().unwrap_or(CastlingSide::KingSide);
                if let (Some(k), Some(r)) = (p.remove(king), p.remove(rook)) {
                    p.put(side.king_to(us), k);
                    p.put(side.rook_to(us), r);
                }
                p.castling = p.castling.without_color(us);
            }
        }
        p.finish(zeroing);
        p
    }

    /// TT-4: a traveling and a traveled `role` appear on `square`; the
    /// traveled one moves to `to` (taking what stands there, or en passant),
    /// becoming `promotion`. The explosion is recorded with `supports`.
    pub(super) fn after_explosion(
        &self,
        role: Role,
        square: Square,
        to: Square,
        promotion: Option<Role>,
        supports: u16,
    ) -> Pos {
        let us = self.turn;
        let them = us.other();
        let mut p = *self;
        p.ep = None;
        let traveling = p.next_id;
        p.next_id = p.next_id.saturating_add(2);
        p.put(
            square,
            TtMan {
                id: traveling,
                color: us,
                role,
                stage: Stage::Traveling,
            },
        );
        if role == Role::Pawn
            && to.file() != square.file()
            && !p.board.occupied().contains(to)
            && let Some(ep) = self.ep
            && ep.square == to
            && let Some(taken) = p.remove(ep.victim)
            && taken.stage == Stage::Traveling
        {
            p.lost[them.index()] = true;
        }
        if let Some(taken) = p.remove(to)
            && taken.stage == Stage::Traveling
        {
            p.lost[them.index()] = true;
        }
        p.put(
            to,
            TtMan {
                id: traveling.saturating_add(1),
                color: us,
                role: promotion.unwrap_or(role),
                stage: Stage::Traveled,
            },
        );
        if role == Role::Pawn && square.index().abs_diff(to.index()) == 16 {
            p.ep = double_step_ep(square, to, None);
        }
        p.castling = p.castling.after_touching(to);
        let n = p.record_len[us.index()] as usize;
        if n < MAX_EXPLOSIONS {
            p.records[us.index()][n] = ExplosionRecord {
                role,
                square,
                supports,
            };
            p.record_len[us.index()] += 1;
        }
        p.finish(true);
        p
    }

    /// TT-5: the untraveled man on `from` and the traveling man on `to`
    /// leave the board. A double step leaves an en passant chance (TT-9).
    pub(super) fn after_annihilation(&self, from: Square, to: Square) -> Pos {
        let mut p = *self;
        p.ep = None;
        let resonator = p.remove(from);
        let traveling = p.remove(to);
        if let (Some(r), Some(t)) = (resonator, traveling)
            && r.role == Role::Pawn
            && from.index().abs_diff(to.index()) == 16
        {
            p.ep = double_step_ep(from, to, Some(t.id));
        }
        p.castling = p.castling.after_touching(from).after_touching(to);
        p.finish(true);
        p
    }
}

fn double_step_ep(from: Square, to: Square, undo: Option<u8>) -> Option<EnPassant> {
    Some(EnPassant {
        square: Square::from_index(((from.index() + to.index()) / 2) as u32),
        victim: to,
        undo,
    })
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
pub(super) fn repetition_key(pos: &Pos) -> u64 {
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
        // Each record as the sorted places of its supports, the records
        // sorted (as lists: a shorter one before the longer it begins):
        // the order explosions were made in does not matter.
        let mut records = [([0u8; 16], 0u8); MAX_EXPLOSIONS];
        let list = pos.records(color);
        for (r, (tokens, len)) in list.iter().zip(records.iter_mut()) {
            for m in (0..16).filter(|m| r.supports & (1 << m) != 0) {
                tokens[*len as usize] = where_now[m];
                *len += 1;
            }
            tokens[..*len as usize].sort_unstable();
        }
        let records = &mut records[..list.len()];
        records.sort_unstable();
        h.byte(0xff);
        for (tokens, len) in records.iter() {
            h.byte(0xfe);
            for &t in &tokens[..*len as usize] {
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
pub(super) fn insufficient_material(pos: &Pos) -> bool {
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
    minors == bishops && (bishops.is_subset(LIGHT_SQUARES) || bishops.is_subset(DARK_SQUARES))
}
