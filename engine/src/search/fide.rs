//! FIDE chess as a search domain: [`Position`]s copied and played
//! directly (no notation, no rules bookkeeping), Zobrist keys, legal
//! moves from the rules' bitboard generator, a quiescence search of
//! captures, null moves and late-move reductions.
//!
//! Used for `standard` games and UCI, and by the multiverse for the chess
//! on one branch.

use chronomate_rules::Color;
use chronomate_rules::chess::{CastlingSide, Move, Piece, Position, Role, zobrist};
use chronomate_rules::geometry::Square;

use super::Domain;
use crate::eval::fide;
use crate::score::MATE;

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Fide {
    /// The square the move that led to the root took a man on, if it did:
    /// taking back there is a reflex ([`Domain::reflex`]).
    pub(crate) last_capture: Option<Square>,
    /// What a shallow look counts against each castling right a move gives
    /// up without castling ([`Domain::doubt`]); 0 in the multiverse's
    /// branch chess, whose looks were set without it.
    pub(crate) castling_doubt: i32,
}

/// What a standard level's shallow look counts against a castling right
/// given up without castling, in centipawns. The PeSTO tables score a rook
/// on f1 above one on h1 and know nothing of the right: the one-ply look
/// ranked such rook moves (h1f1 with the king on e1, a8d8, h8f8) among
/// its best five where Stockfish's depth-1 look ranks them 6th to 28th,
/// about one in eight of the levels' errors outside Stockfish's top five
/// (docs/engine.md, "How the levels err").
pub(crate) const CASTLING_DOUBT: i32 = 60;

impl Fide {
    /// The domain of a search from the position `last` led to.
    pub(crate) fn after(last: Option<Move>) -> Fide {
        Fide {
            last_capture: last.filter(Move::is_capture).map(|m| m.to()),
            castling_doubt: CASTLING_DOUBT,
        }
    }
}

/// [`Position::zobrist_hash`], the same key, summed by the men's bitboards
/// (several times faster than square by square).
pub(crate) fn key(pos: &Position) -> u64 {
    let mut key = zobrist::turn_key(pos.turn()) ^ zobrist::castling_key(pos.castling());
    if let Some(square) = pos.ep_square() {
        key ^= zobrist::en_passant_key(square.file());
    }
    let board = pos.board();
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for square in board.by_piece(piece) {
                key ^= zobrist::piece_key(piece, square);
            }
        }
    }
    key
}

impl Domain for Fide {
    type State = Position;
    type Move = Move;

    fn side(&self, s: &Position) -> Color {
        s.turn()
    }

    /// Insufficient material, or the hundredth half-move without a capture
    /// or pawn move, draws; but a move that mates on the hundredth
    /// half-move wins (as the rules judge it), so a mate is left to
    /// [`Domain::no_moves`].
    fn outcome(&self, s: &Position) -> Option<Option<Color>> {
        let fifty = s.halfmove_clock() >= 100 && !s.is_checkmate();
        (fifty || s.is_insufficient_material()).then_some(None)
    }

    fn key(&self, s: &Position) -> u64 {
        key(s)
    }

    fn moves(&mut self, s: &Position, _ply: usize, out: &mut Vec<Move>) -> bool {
        s.for_each_legal_move(|m| out.push(m));
        false
    }

    fn play(&mut self, s: &Position, m: &Move) -> Option<Position> {
        let mut next = *s;
        next.play_unchecked(m);
        Some(next)
    }

    fn evaluate(&mut self, s: &Position) -> i32 {
        fide::position(s)
    }

    fn no_moves(&self, s: &Position, ply: usize) -> i32 {
        if s.is_check() {
            -(MATE - ply as i32)
        } else {
            0
        }
    }

    fn in_check(&self, s: &Position) -> bool {
        s.is_check()
    }

    /// Taking back on the square the last move took on, or taking the
    /// queen.
    fn reflex(&self, _s: &Position, m: &Move) -> bool {
        m.is_capture() && (Some(m.to()) == self.last_capture || m.capture() == Some(Role::Queen))
    }

    /// Each castling right the move gives up without castling (a king or
    /// rook leaving home), at [`Fide::castling_doubt`].
    fn doubt(&self, s: &Position, m: &Move) -> i32 {
        let side = s.turn();
        let before = s.castling();
        if self.castling_doubt == 0 || m.castling_side().is_some() || !before.has_any(side) {
            return 0;
        }
        let after = before.after_touching(m.from());
        let lost = CastlingSide::ALL
            .into_iter()
            .filter(|&c| before.has(side, c) && !after.has(side, c))
            .count();
        lost as i32 * self.castling_doubt
    }

    /// Captures by most valuable victim, then least valuable attacker;
    /// one that loses material by the static exchange ([`see`]) is
    /// marked losing (below the quiet moves).
    fn capture_order(&self, s: &Position, m: &Move) -> Option<i32> {
        let attacker = fide::value(m.role()) / 10;
        let order = match (m.capture(), m.promotion()) {
            (Some(victim), promotion) => {
                fide::value(victim) * 10 - attacker + promotion.map_or(0, fide::value)
            }
            (None, Some(Role::Queen)) => fide::value(Role::Queen) * 8,
            _ => return None,
        };
        // Taking a man worth at least the taker never loses material.
        let gain = m.capture().map_or(0, fide::value) + m.promotion().map_or(0, fide::value);
        let losing = gain < fide::value(m.role()) && see(s, m) < 0;
        Some(if losing { -order - 1 } else { order })
    }

    fn history_slot(&self, s: &Position, m: &Move) -> Option<usize> {
        Some(s.turn().index() * 4096 + m.from().index() * 64 + m.to().index())
    }

    fn captures(&mut self, s: &Position, _depth: usize, out: &mut Vec<Move>) -> bool {
        s.for_each_legal_capture_or_promotion(|m| {
            if m.is_capture() || m.promotion() == Some(Role::Queen) {
                out.push(m);
            }
        });
        true
    }

    fn exchange(&self, s: &Position, m: &Move) -> Option<i32> {
        Some(see(s, m))
    }

    fn futile(&self, s: &Position, m: &Move, stand: i32, alpha: i32) -> bool {
        let victim = m.capture().map_or(0, fide::value);
        let promotion = m
            .promotion()
            .map_or(0, |p| fide::value(p) - fide::value(Role::Pawn));
        // Delta pruning: even winning the man (and a margin) stays below
        // alpha.
        if stand + victim + promotion + 150 < alpha {
            return true;
        }
        // A capture that loses material by the static exchange.
        promotion == 0 && victim < fide::value(m.role()) && see(s, m) < 0
    }

    fn null_move(&self, s: &Position) -> Option<Position> {
        // Not with only pawns and king: zugzwang is common there.
        let board = s.board();
        let pieces =
            board.by_color(s.turn()) & !(board.by_role(Role::Pawn) | board.by_role(Role::King));
        if pieces.is_empty() {
            return None;
        }
        let mut setup = s.setup();
        setup.turn = s.turn().other();
        setup.ep_square = None;
        Some(setup.position_lenient())
    }

    fn reductions(&self) -> bool {
        true
    }

    fn pruning(&self) -> bool {
        true
    }
}

/// The static exchange evaluation of `m`: what the mover wins (or loses,
/// below 0) in centipawns if both sides then capture on its square, each
/// with its least valuable man, and each may stop when taking on would
/// lose. Pins are not seen; a king takes only a man no enemy guards.
pub(crate) fn see(pos: &Position, m: &Move) -> i32 {
    let (from, to) = (m.from(), m.to());
    if matches!(m, Move::Castle { .. }) {
        return 0;
    }
    let board = pos.board();
    let mut occupied = board.occupied().without(from);
    if let Move::EnPassant { .. } = m {
        // The pawn taken stands beside the square moved to.
        occupied = occupied.without(Square::new(to.file(), from.rank()));
    }
    let mut gains = [0i32; 32];
    gains[0] = m.capture().map_or(0, fide::value)
        + m.promotion()
            .map_or(0, |p| fide::value(p) - fide::value(Role::Pawn));
    // The value of the man standing on the square, to be taken next.
    let mut on_square = m.promotion().map_or(fide::value(m.role()), fide::value);
    let mut side = pos.turn().other();
    let mut n = 0;
    while n + 1 < gains.len() {
        let attackers = board.attackers_to(to, side, occupied) & occupied;
        let Some((square, role)) = least_valuable(board, attackers, side) else {
            break;
        };
        if role == Role::King
            && (board.attackers_to(to, side.other(), occupied.without(square)) & occupied).any()
        {
            break;
        }
        n += 1;
        gains[n] = on_square - gains[n - 1];
        if (-gains[n - 1]).max(gains[n]) < 0 {
            break;
        }
        occupied = occupied.without(square);
        on_square = fide::value(role);
        side = side.other();
    }
    while n > 0 {
        gains[n - 1] = -(-gains[n - 1]).max(gains[n]);
        n -= 1;
    }
    gains[0]
}

/// The least valuable of `side`'s men among `attackers`, with its role.
fn least_valuable(
    board: &chronomate_rules::chess::Board,
    attackers: chronomate_rules::geometry::Bitboard,
    side: Color,
) -> Option<(Square, Role)> {
    Role::ALL.into_iter().find_map(|role| {
        let men = attackers & board.by_piece(Piece::new(side, role));
        men.first().map(|sq| (sq, role))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exchange on the move `uci` in `fen`.
    fn exchange(fen: &str, uci: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        let mv = chronomate_rules::chess::Uci::from_ascii(uci)
            .unwrap()
            .to_move(&pos)
            .unwrap();
        see(&pos, &mv)
    }

    /// The doubt of a standard search's shallow look for `uci` in `fen`.
    fn doubt(fen: &str, uci: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        let mv = chronomate_rules::chess::Uci::from_ascii(uci)
            .unwrap()
            .to_move(&pos)
            .unwrap();
        Fide::after(None).doubt(&pos, &mv)
    }

    #[test]
    fn a_look_doubts_a_move_that_gives_up_castling_without_castling() {
        let both = "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1";
        // A rook leaving h1 gives up one right, the king both.
        assert_eq!(doubt(both, "h1f1"), CASTLING_DOUBT);
        assert_eq!(doubt(both, "a1d1"), CASTLING_DOUBT);
        assert_eq!(doubt(both, "e1f1"), 2 * CASTLING_DOUBT);
        // Castling, and moves that keep the rights, are not doubted.
        assert_eq!(doubt(both, "e1g1"), 0);
        assert_eq!(doubt(both, "e1c1"), 0);
        assert_eq!(doubt(both, "a2a3"), 0);
        // Black's rook on a8, where only the queenside right is left.
        let black = "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R4RK1 b q - 0 1";
        assert_eq!(doubt(black, "a8d8"), CASTLING_DOUBT);
        assert_eq!(doubt(black, "h8f8"), 0);
        // Where the right is gone, a rook or king move costs nothing.
        let none = "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w - - 0 1";
        assert_eq!(doubt(none, "h1f1"), 0);
        // The multiverse's branch chess does not doubt.
        let pos = Position::from_fen(both).unwrap();
        let mv = chronomate_rules::chess::Uci::from_ascii("h1f1")
            .unwrap()
            .to_move(&pos)
            .unwrap();
        assert_eq!(Fide::default().doubt(&pos, &mv), 0);
    }

    /// The moves a depth-1 search of `fen` chooses over 40 seeds, nearly
    /// at random among its look's three best within 120 (as the standard
    /// levels 3 to 6 choose), doubting castling rights at `castling_doubt`.
    fn chosen_at_a_glance(fen: &str, castling_doubt: i32) -> Vec<String> {
        use crate::rng::Rng;
        use crate::search::choice::{Look, Pick};
        use crate::search::{Limits, Search, Table};
        let pos = Position::from_fen(fen).unwrap();
        let pick = Pick {
            temperature: 1000,
            glance: None,
            look: Look {
                count: 3,
                reach: 120,
                best_within_reach: true,
            },
        };
        let mut chosen: Vec<String> = (0..40)
            .map(|seed| {
                let domain = Fide {
                    last_capture: None,
                    castling_doubt,
                };
                let mut search =
                    Search::new(domain, Limits::to_depth(1), Table::new(14), Vec::new());
                let found = search
                    .run(&pos, None, pick, &mut Rng::new(seed))
                    .expect("a move");
                chronomate_rules::chess::Uci::from_move(&found.best).to_string()
            })
            .collect();
        chosen.sort();
        chosen.dedup();
        chosen
    }

    #[test]
    fn a_level_does_not_give_up_castling_at_a_glance() {
        // Level 4 played h8f8 in the first, level 3 a8d8 in the second
        // (Stockfish's depth-1 look ranks them 14th and 16th; docs/engine.md,
        // "How the levels err"): PeSTO scores a rook on f8 or d8 above
        // its corner and the lost right not at all.
        for (fen, rook) in [
            (
                "r2qk2r/ppp3pp/2b5/2bpPpn1/3N4/P1P2PP1/1P2Q2P/RNB2RK1 b kq - 0 13",
                "h8f8",
            ),
            (
                "r3kb1r/ppp2ppp/2n1bn2/3q4/3Pp2N/2P5/PP2BPPP/RNBQK2R b KQkq - 0 8",
                "a8d8",
            ),
        ] {
            let blind = chosen_at_a_glance(fen, 0);
            assert!(blind.iter().any(|m| m == rook), "{blind:?}");
            let doubting = chosen_at_a_glance(fen, CASTLING_DOUBT);
            let gives_up = [
                "h8f8", "h8g8", "a8b8", "a8c8", "a8d8", "e8f8", "e8d8", "e8e7",
            ];
            assert!(
                !doubting.iter().any(|m| gives_up.contains(&m.as_str())),
                "{doubting:?}"
            );
            // Castling stays a candidate, and the level still strays.
            assert!(doubting.iter().any(|m| m == "e8g8" || m == "e8c8"));
            assert!(doubting.len() >= 2, "{doubting:?}");
        }
    }

    #[test]
    fn the_static_exchange_counts_every_capture_on_the_square() {
        // A free pawn.
        assert_eq!(exchange("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), 100);
        // A pawn guarded by a pawn: the queen is lost for it.
        assert_eq!(
            exchange("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
            100 - 900
        );
        // A rook takes a guarded knight, the guard takes back: 320 - 500.
        assert_eq!(
            exchange("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", "d1d5"),
            320 - 500
        );
        // Two rooks against one guard: the second takes back, +320 - 500 + 100.
        assert_eq!(
            exchange("4k3/8/4p3/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            320 - 500 + 100
        );
        // A pawn takes a guarded knight: the knight is won for a pawn.
        assert_eq!(
            exchange("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
            320 - 100
        );
        // A man moved where only the king attacks it: lost if unguarded,
        // safe if guarded (a king does not take a guarded man).
        assert_eq!(exchange("8/8/8/3n4/3K4/8/8/7k b - - 0 1", "d5e3"), -320);
        assert_eq!(exchange("8/8/8/3n4/3K1p2/8/8/7k b - - 0 1", "d5e3"), 0);
        // A quiet move loses nothing where it is safe.
        assert_eq!(exchange("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d5"), 0);
    }

    #[test]
    fn the_fast_key_is_the_zobrist_key() {
        let mut pos = Position::new();
        for _ in 0..40 {
            assert_eq!(key(&pos), pos.zobrist_hash(), "{}", pos.fen());
            let moves = pos.legal_moves();
            let Some(mv) = moves.get(pos.fullmove_number() as usize % moves.len().max(1)) else {
                break;
            };
            pos.play_unchecked(mv);
        }
        let ep = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        assert_eq!(key(&ep), ep.zobrist_hash());
    }
}
