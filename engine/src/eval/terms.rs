//! The terms of the 8x8 evaluation and their weights: material and
//! piece-square tables tapered from middlegame to endgame, mobility, the
//! bishop pair, pawn structure, the king's pawn shield and the pressure on
//! the squares around the king.
//!
//! The board is walked once ([`walk`]) and every term it finds is told to
//! a [`Sink`]: [`Score`] adds the weights at once (the evaluation), while
//! the tuner ([`crate::texel`]) counts the terms to fit their weights to
//! positions. One walk for both keeps what is tuned what is played.

use chronomate_rules::Color;
use chronomate_rules::chess::{Board, Piece, Role};
use chronomate_rules::geometry::attacks::{king_attacks, pawn_attacks_all};
use chronomate_rules::geometry::{Bitboard, Square};

/// A middlegame and an endgame weight, in centipawns.
pub type Pair = (i32, i32);

/// Game phase weights by role: 24 with all minor and major pieces on.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub(crate) const PHASE_TOTAL: i32 = 24;

/// Weight of an attacker of the squares around a king, by role.
const PRESSURE: [i32; 6] = [1, 2, 2, 3, 5, 1];

/// The weights of every term.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// A man's value by [`Role::index`].
    pub value: [Pair; 6],
    /// By role, then by square as the tables are printed (rank 8 first,
    /// a-file first, from White's side: a white man on `sq` reads entry
    /// `sq ^ 56`, a black man `sq`).
    pub square: [[Pair; 64]; 6],
    /// A knight's, bishop's, rook's or queen's, per square it reaches that
    /// holds no man of its own and no enemy pawn guards.
    pub mobility: [Pair; 6],
    /// Two bishops or more.
    pub bishop_pair: Pair,
    /// A pawn with another of its side ahead on its file.
    pub doubled: Pair,
    /// A pawn with none of its side on the files beside.
    pub isolated: Pair,
    /// A pawn no enemy pawn can stop, by its rank from its own side.
    pub passed: [Pair; 8],
    /// The king's own pawns one and two ranks before it, on its file and
    /// the files beside (middlegame).
    pub shield: [i32; 2],
    /// The most a king's shield counts.
    pub shield_cap: i32,
    /// The middlegame malus of a king whose neighbourhood is attacked, in
    /// 64ths of a centipawn per squared pressure (each attack on a square
    /// around it weighed by the attacker's role).
    pub pressure: i32,
    /// The side to move's bonus.
    pub tempo: i32,
}

/// A term of the evaluation, one side's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Term {
    Value(Role),
    /// A role on an entry of the tables.
    Square(Role, usize),
    Mobility(Role),
    BishopPair,
    Doubled,
    Isolated,
    Passed(usize),
    /// Shield pawns one (0) or two (1) ranks before the king.
    Shield(usize),
    /// The squared pressure on the king.
    Pressure,
}

impl Term {
    /// How many terms there are ([`Term::index`] stays below).
    pub(crate) const COUNT: usize = Term::SCALARS + 4;

    const SQUARES: usize = 6;
    const MOBILITIES: usize = Term::SQUARES + 6 * 64;
    const PASSED: usize = Term::MOBILITIES + 6;
    const SHIELDS: usize = Term::PASSED + 8;
    const SCALARS: usize = Term::SHIELDS + 2;

    /// Every term, each once.
    pub(crate) fn all() -> impl Iterator<Item = Term> {
        let by_role = Role::ALL.into_iter().flat_map(|r| {
            [Term::Value(r), Term::Mobility(r)]
                .into_iter()
                .chain((0..64).map(move |e| Term::Square(r, e)))
        });
        let scalars = [
            Term::BishopPair,
            Term::Doubled,
            Term::Isolated,
            Term::Shield(0),
            Term::Shield(1),
            Term::Pressure,
        ];
        by_role.chain(scalars).chain((0..8).map(Term::Passed))
    }

    /// Whether the term counts in the middlegame only (its endgame weight
    /// is always 0).
    pub(crate) fn middlegame_only(self) -> bool {
        matches!(self, Term::Shield(_) | Term::Pressure)
    }

    /// How many of a count make one step of the weight: the pressure's
    /// weight is in 64ths (its count, squared, grows fast).
    pub(crate) fn unit(self) -> i32 {
        if self == Term::Pressure { 64 } else { 1 }
    }

    /// A dense index, for the tuner.
    pub(crate) fn index(self) -> usize {
        match self {
            Term::Value(r) => r.index(),
            Term::Square(r, e) => Term::SQUARES + r.index() * 64 + e,
            Term::Mobility(r) => Term::MOBILITIES + r.index(),
            Term::Passed(rank) => Term::PASSED + rank,
            Term::Shield(k) => Term::SHIELDS + k,
            Term::BishopPair => Term::SCALARS,
            Term::Doubled => Term::SCALARS + 1,
            Term::Isolated => Term::SCALARS + 2,
            Term::Pressure => Term::SCALARS + 3,
        }
    }
}

impl Weights {
    /// The weights of `term`, middlegame and endgame.
    #[inline(always)]
    pub(crate) fn of(&self, term: Term) -> Pair {
        match term {
            Term::Value(r) => self.value[r.index()],
            Term::Square(r, e) => self.square[r.index()][e],
            Term::Mobility(r) => self.mobility[r.index()],
            Term::BishopPair => self.bishop_pair,
            Term::Doubled => self.doubled,
            Term::Isolated => self.isolated,
            Term::Passed(rank) => self.passed[rank],
            Term::Shield(k) => (self.shield[k], 0),
            Term::Pressure => (self.pressure, 0),
        }
    }

    /// Sets the weights of `term` (the endgame's ignored where the term
    /// has none).
    pub(crate) fn set(&mut self, term: Term, (m, e): Pair) {
        match term {
            Term::Value(r) => self.value[r.index()] = (m, e),
            Term::Square(r, i) => self.square[r.index()][i] = (m, e),
            Term::Mobility(r) => self.mobility[r.index()] = (m, e),
            Term::BishopPair => self.bishop_pair = (m, e),
            Term::Doubled => self.doubled = (m, e),
            Term::Isolated => self.isolated = (m, e),
            Term::Passed(rank) => self.passed[rank] = (m, e),
            Term::Shield(k) => self.shield[k] = m,
            Term::Pressure => self.pressure = m,
        }
    }
}

/// What a walk of the board tells.
pub(crate) trait Sink {
    /// `count` times `term`, for White (`sign` 1) or Black (-1).
    fn add(&mut self, sign: i32, term: Term, count: i32);
    /// A king's shield: pawns one and two ranks before it.
    fn shield(&mut self, sign: i32, near: i32, far: i32);
}

/// The evaluation's sink: the weighted sum, middlegame and endgame.
pub(crate) struct Score<'w> {
    pub weights: &'w Weights,
    pub middle: i32,
    pub end: i32,
}

impl Sink for Score<'_> {
    #[inline(always)]
    fn add(&mut self, sign: i32, term: Term, count: i32) {
        let (m, e) = self.weights.of(term);
        if term.unit() > 1 {
            // Rounded toward zero, the malus the same for either side.
            self.middle += sign * (m * count / term.unit());
        } else {
            self.middle += sign * m * count;
            self.end += sign * e * count;
        }
    }

    #[inline(always)]
    fn shield(&mut self, sign: i32, near: i32, far: i32) {
        let w = self.weights;
        let s = (near * w.shield[0] + far * w.shield[1]).min(w.shield_cap);
        self.middle += sign * s;
    }
}

/// `board` from White's point of view with `weights`, before the tempo.
/// Any placement is taken: several kings or none (the time-travel
/// variants have both).
#[inline]
pub(crate) fn evaluate(board: &Board, weights: &Weights) -> i32 {
    let mut score = Score {
        weights,
        middle: 0,
        end: 0,
    };
    let phase = walk(board, &mut score);
    taper(score.middle, score.end, phase)
}

/// The middlegame and endgame scores blended by `phase` (0 to
/// [`PHASE_TOTAL`]).
pub(crate) fn taper(middle: i32, end: i32, phase: i32) -> i32 {
    (middle * phase + end * (PHASE_TOTAL - phase)) / PHASE_TOTAL
}

/// Tells `sink` every term on `board`; returns the game phase (0 to
/// [`PHASE_TOTAL`]).
#[inline(always)]
pub(crate) fn walk<S: Sink>(board: &Board, sink: &mut S) -> i32 {
    let occupied = board.occupied();
    // The squares around each side's kings, and the pressure on them.
    let zones = Color::ALL.map(|c| {
        board
            .by_piece(Piece::new(c, Role::King))
            .into_iter()
            .fold(Bitboard::EMPTY, |z, k| z | king_attacks(k).with(k))
    });
    let mut pressure = [0i32; 2];
    let mut phase = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let ours = board.by_color(color);
        let their_pawns = board.by_piece(Piece::new(color.other(), Role::Pawn));
        let pawn_guarded = pawn_attacks_all(color.other(), their_pawns);
        let enemy_zone = zones[color.other().index()];
        for role in Role::ALL {
            let men = board.by_piece(Piece::new(color, role));
            let r = role.index();
            sink.add(sign, Term::Value(role), men.count() as i32);
            for sq in men {
                phase += PHASE[r];
                sink.add(sign, Term::Square(role, entry(color, sq)), 1);
                let attacks = Piece::new(color, role).attacks(sq, occupied);
                if enemy_zone.intersects(attacks) {
                    pressure[color.other().index()] +=
                        PRESSURE[r] * (attacks & enemy_zone).count() as i32;
                }
                if matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen) {
                    let reach = (attacks & !ours & !pawn_guarded).count() as i32;
                    sink.add(sign, Term::Mobility(role), reach);
                }
            }
        }
        if board
            .by_piece(Piece::new(color, Role::Bishop))
            .more_than_one()
        {
            sink.add(sign, Term::BishopPair, 1);
        }
        pawn_structure(board, color, sign, sink);
        shield(board, color, sign, sink);
    }
    for color in Color::ALL {
        let p = pressure[color.index()];
        let sign = if color == Color::White { 1 } else { -1 };
        sink.add(sign, Term::Pressure, p * p);
    }
    phase.min(PHASE_TOTAL)
}

/// The entry a man of `color` on `sq` reads in the tables.
pub(crate) fn entry(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.index() ^ 56,
        Color::Black => sq.index(),
    }
}

/// Pawn and king masks by square, made once: the pawn terms are asked at
/// every node of a search.
struct Masks {
    /// A square's file and the files beside it.
    around: [Bitboard; 64],
    /// Every square on a rank ahead of the square, by color.
    ahead: [[Bitboard; 64]; 2],
    /// The squares one (0) and two (1) ranks before a king, on its file
    /// and the files beside, by color.
    shield: [[[Bitboard; 2]; 64]; 2],
}

const MASKS: Masks = masks();

const fn masks() -> Masks {
    let mut m = Masks {
        around: [Bitboard::EMPTY; 64],
        ahead: [[Bitboard::EMPTY; 64]; 2],
        shield: [[[Bitboard::EMPTY; 2]; 64]; 2],
    };
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut df = -1;
        while df <= 1 {
            let f = file + df;
            if f >= 0 && f < 8 {
                m.around[sq].0 |= 0x0101_0101_0101_0101 << f;
                // White's shield is before it (up the board), Black's below.
                let mut c = 0;
                while c < 2 {
                    let forward = if c == 0 { 1 } else { -1 };
                    let mut k = 0;
                    while k < 2 {
                        let r = rank + forward * (k as i32 + 1);
                        if r >= 0 && r < 8 {
                            m.shield[c][sq][k].0 |= 1 << (r * 8 + f);
                        }
                        k += 1;
                    }
                    c += 1;
                }
            }
            df += 1;
        }
        let rank = rank as u32;
        if rank < 7 {
            m.ahead[0][sq] = Bitboard(!0u64 << (8 * (rank + 1)));
        }
        if rank > 0 {
            m.ahead[1][sq] = Bitboard(!0u64 >> (8 * (8 - rank)));
        }
        sq += 1;
    }
    m
}

/// Doubled, isolated and passed pawns of `color`.
fn pawn_structure<S: Sink>(board: &Board, color: Color, sign: i32, sink: &mut S) {
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    let theirs = board.by_piece(Piece::new(color.other(), Role::Pawn));
    for sq in pawns {
        let file = sq.file().bitboard();
        let around = MASKS.around[sq.index()];
        let ahead = MASKS.ahead[color.index()][sq.index()];
        if (pawns & file & ahead).any() {
            sink.add(sign, Term::Doubled, 1);
        }
        if (pawns & around & !file).is_empty() {
            sink.add(sign, Term::Isolated, 1);
        }
        if (theirs & around & ahead).is_empty() {
            let rank = sq.rank().relative_to(color).index();
            sink.add(sign, Term::Passed(rank), 1);
        }
    }
}

/// The pawn shield before each of `color`'s kings.
fn shield<S: Sink>(board: &Board, color: Color, sign: i32, sink: &mut S) {
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    for king in board.by_piece(Piece::new(color, Role::King)) {
        let [near, far] = MASKS.shield[color.index()][king.index()];
        sink.shield(
            sign,
            (pawns & near).count() as i32,
            (pawns & far).count() as i32,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chronomate_rules::chess::Position;

    /// The pawn terms a walk tells, as (sign, term, count) summed.
    #[derive(Default)]
    struct Pawns(Vec<(i32, Term, i32)>);

    impl Sink for Pawns {
        fn add(&mut self, sign: i32, term: Term, count: i32) {
            if !matches!(term, Term::Doubled | Term::Isolated | Term::Passed(_)) {
                return;
            }
            match self.0.iter_mut().find(|(s, t, _)| *s == sign && *t == term) {
                Some((_, _, n)) => *n += count,
                None => self.0.push((sign, term, count)),
            }
        }
        fn shield(&mut self, _: i32, _: i32, _: i32) {}
    }

    /// The shields a walk tells, as (sign, near, far).
    #[derive(Default)]
    struct Shields(Vec<(i32, i32, i32)>);

    impl Sink for Shields {
        fn add(&mut self, _: i32, _: Term, _: i32) {}
        fn shield(&mut self, sign: i32, near: i32, far: i32) {
            self.0.push((sign, near, far));
        }
    }

    #[test]
    fn a_shield_counts_its_pawns_one_and_two_ranks_before_the_king() {
        // White's king on g1: f2 and g2 one rank before it, h3 two; a4 is
        // on no file beside it. Black's king on a8, on the edge: a7 one
        // rank before it, b6 two, c7 on no file beside it.
        let pos = Position::from_fen("k7/p1p5/1p6/8/P7/7P/5PP1/6K1 w - - 0 1").unwrap();
        let mut sink = Shields::default();
        walk(pos.board(), &mut sink);
        assert_eq!(sink.0, vec![(1, 2, 1), (-1, 1, 1)]);
    }

    #[test]
    fn pawns_are_doubled_isolated_and_passed_as_the_rules_of_thumb_say() {
        // White: a2 and a3 (doubled on the a-file, both isolated, stopped
        // by b7), d4 and e4 (side by side, passed on the fourth rank), h5
        // (isolated, passed on the fifth). Black: b7, isolated, stopped by
        // the a-pawns.
        let pos = Position::from_fen("4k3/1p6/8/7P/3PP3/P7/P7/4K3 w - - 0 1").unwrap();
        let mut sink = Pawns::default();
        walk(pos.board(), &mut sink);
        let mut found = sink.0;
        found.sort_by_key(|&(s, t, _)| (s, t.index()));
        let mut expected = vec![
            (1, Term::Doubled, 1),
            (1, Term::Isolated, 3),
            (1, Term::Passed(3), 2),
            (1, Term::Passed(4), 1),
            (-1, Term::Isolated, 1),
        ];
        expected.sort_by_key(|&(s, t, _)| (s, t.index()));
        assert_eq!(found, expected);
    }
}
