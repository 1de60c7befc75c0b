//! Where a travelling man may land (E-5, E-7), the queen that pays for
//! trans-universe travel (E-7), and the men's bookkeeping around a board
//! move (E-3, E-4).

use crate::Color;
use crate::chess::{Board, Move, Piece, Position, Role};
use crate::geometry::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::geometry::{Bitboard, DARK_SQUARES, LIGHT_SQUARES, Rank, Square};

/// The squares `piece`, leaving `from`, may land on `board` (E-5): empty
/// squares; a bishop only on squares of the colour it left; a pawn never
/// on ranks 1 or 8 nor further advanced than `from`; no square from which
/// the man would attack an enemy man; and for a king no square an enemy
/// man attacks. (Listing works this out with the attack sets kept per
/// board: see `listing`.)
#[cfg(test)]
pub(crate) fn landings(board: &Board, piece: Piece, from: Square) -> Bitboard {
    let attacking = attacking_squares(board, piece.color);
    (!board.occupied() & shape(piece, from)) - attacking[piece.role.index()]
}

/// For each role (by [`Role::index`]), the squares of `board` from which a
/// man of `color` of that role would attack a man of the other side (E-5
/// forbids landing there). Attacks are symmetric: a man on `s` attacks
/// `e` exactly when the same kind of man on `e` attacks `s` over the same
/// men, save that pawns attack forward, so `e`'s pawn attacks are taken
/// for the other colour. The landing square is empty, so it blocks
/// nothing either way. A king may besides not land where an enemy man
/// attacks it, so the king's squares also hold every square the enemy
/// attacks.
pub(crate) fn attacking_squares(board: &Board, color: Color) -> [Bitboard; 6] {
    let occupied = board.occupied();
    let mut out = [Bitboard::EMPTY; 6];
    for enemy in board.by_color(color.other()) {
        out[Role::King.index()] |= board.attacks_from(enemy);
        let diagonal = bishop_attacks(enemy, occupied);
        let straight = rook_attacks(enemy, occupied);
        out[Role::Pawn.index()] |= pawn_attacks(color.other(), enemy);
        out[Role::Knight.index()] |= knight_attacks(enemy);
        out[Role::Bishop.index()] |= diagonal;
        out[Role::Rook.index()] |= straight;
        out[Role::Queen.index()] |= diagonal | straight;
        out[Role::King.index()] |= king_attacks(enemy);
    }
    out
}

/// The squares a man may land on by its kind alone: bishops keep their
/// square colour, pawns stay between ranks 2 and 7 and no further advanced.
pub(crate) fn shape(piece: Piece, from: Square) -> Bitboard {
    match piece.role {
        Role::Bishop if from.is_light() => LIGHT_SQUARES,
        Role::Bishop => DARK_SQUARES,
        Role::Pawn => {
            let from_rank = from.rank().relative_to(piece.color).index();
            let mut ranks = Bitboard::EMPTY;
            for rank in Rank::ALL {
                let relative = rank.relative_to(piece.color).index();
                if (1..=6).contains(&relative) && relative <= from_rank {
                    ranks |= rank.bitboard();
                }
            }
            ranks
        }
        _ => Bitboard::FULL,
    }
}

/// Why `piece` from `from` may not land on `square` of `board`, in words.
pub(crate) fn landing_refusal(
    board: &Board,
    piece: Piece,
    from: Square,
    square: Square,
) -> Option<String> {
    if let Some(there) = board.piece_at(square) {
        return Some(format!(
            "{square} is taken by a {there} there: a traveller lands on an empty square"
        ));
    }
    if !shape(piece, from).contains(square) {
        return Some(match piece.role {
            Role::Bishop => format!(
                "a bishop keeps its square colour: {from} is {}, {square} is not",
                if from.is_light() { "light" } else { "dark" }
            ),
            _ => format!(
                "a pawn lands on ranks 2 to 7, no further advanced than it stands ({from}), not on {square}"
            ),
        });
    }
    let enemies = board.by_color(piece.color.other());
    let attacked = piece.attacks(square, board.occupied()) & enemies;
    if let Some(target) = attacked.first::<Square>() {
        let victim = board
            .piece_at(target)
            .map_or_else(|| "man".to_owned(), |p| p.to_string());
        return Some(format!(
            "on {square} the {} would attack the {victim} on {target}: a traveller may not land attacking",
            piece.role
        ));
    }
    if piece.role == Role::King {
        let attackers = board.attackers_to(square, piece.color.other(), board.occupied());
        if let Some(attacker) = attackers.first::<Square>() {
            let by = board
                .piece_at(attacker)
                .map_or_else(|| "man".to_owned(), |p| p.to_string());
            return Some(format!(
                "on {square} the king would stand attacked by the {by} on {attacker}: a king may not travel onto an attacked square"
            ));
        }
    }
    None
}

/// The queen that pays for trans-universe travel (E-7), on the origin
/// board as the board move starts: the mover's queen on the lowest square
/// (a1, b1, ... h8) other than the traveller's. A queen promoted during
/// the board move is not on that board yet, so it never pays.
pub(crate) fn price_queen(board: &Board, color: Color, traveller: Square) -> Option<Square> {
    (board.by_piece(Piece::new(color, Role::Queen)) - traveller.bitboard()).first()
}

/// Where the paying queen, on `queen` when the board move started, stands
/// after its FIDE move `mv`: moved there if the move was hers.
pub(crate) fn paid_after(queen: Square, mv: &Move) -> Square {
    match *mv {
        Move::Normal { from, to, .. } if from == queen => to,
        _ => queen,
    }
}

/// The position with the traveller on `from` gone (and, for trans-universe
/// travel, the queen that pays): where a move after a travel before it is
/// played. None if no queen can pay.
pub(crate) fn without_traveller(pos: &Position, from: Square, trans: bool) -> Option<Position> {
    let us = pos.turn();
    let mut board = *pos.board();
    if trans {
        let queen = price_queen(&board, us, from)?;
        board.discard(queen);
    }
    board.discard(from);
    let mut setup = pos.setup();
    setup.board = board;
    Some(setup.position_lenient())
}

/// Whether no king of `color` on `board` is attacked (E-3).
pub(crate) fn kings_safe(board: &Board, color: Color) -> bool {
    board
        .by_piece(Piece::new(color, Role::King))
        .into_iter()
        .all(|king| !board.is_attacked(king, color.other(), board.occupied()))
}

/// The squares a move empties and fills of the mover's men: the men that
/// moved in it (E-4 forbids them to travel after it).
pub(crate) fn moved_men(mv: &Move) -> Bitboard {
    match *mv {
        Move::Castle { king, rook } => king.bitboard() | rook.bitboard(),
        _ => mv.from().bitboard(),
    }
}

/// The arrived men (E-4) after `mv`: they follow their men, and men taken
/// are forgotten.
pub(crate) fn follow(arrived: Bitboard, mv: &Move) -> Bitboard {
    let mut out = arrived;
    let carry = |from: Square, to: Square, out: &mut Bitboard| {
        let had = out.contains(from);
        out.remove(from);
        out.remove(to);
        if had {
            out.insert(to);
        }
    };
    match *mv {
        Move::Normal { from, to, .. } => carry(from, to, &mut out),
        Move::EnPassant { from, to } => {
            out.remove(Square::new(to.file(), from.rank()));
            carry(from, to, &mut out);
        }
        Move::Castle { king, rook } => {
            let king_to = mv.to();
            let rook_to = Square::new(
                if rook > king {
                    crate::geometry::File::F
                } else {
                    crate::geometry::File::D
                },
                king.rank(),
            );
            let king_had = out.contains(king);
            let rook_had = out.contains(rook);
            out.remove(king);
            out.remove(rook);
            if king_had {
                out.insert(king_to);
            }
            if rook_had {
                out.insert(rook_to);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bishops_pawns_and_attacks() {
        let board = Board::standard();
        let bishop = Piece::new(Color::White, Role::Bishop);
        let squares = landings(&board, bishop, Square::C1);
        assert!(squares.is_subset(DARK_SQUARES));
        // Rank 6 squares attack black pawns on rank 7.
        assert!(!squares.contains(Square::D6));
        let pawn = Piece::new(Color::White, Role::Pawn);
        let squares = landings(&board, pawn, Square::E4);
        assert!(squares.contains(Square::A3));
        assert!(!squares.contains(Square::E5));
        assert!(landing_refusal(&board, pawn, Square::E4, Square::E5).is_some());
        assert!(landing_refusal(&board, pawn, Square::E4, Square::E3).is_none());
    }

    /// The landing squares worked out at once agree with the square by
    /// square refusal, for every man of both sides from every square.
    #[test]
    fn landings_agree_with_the_refusals() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "r3k2r/pp1n1ppp/2p5/2pP4/1b2P3/2N2N2/PPP2PPP/R3K2R",
            "8/2k5/3p4/8/1K6/8/5q2/8",
            "8/8/8/8/8/8/8/8",
        ] {
            let board = Board::from_placement(fen).unwrap();
            for color in Color::ALL {
                for role in Role::ALL {
                    let piece = Piece::new(color, role);
                    for from in Bitboard::FULL {
                        let squares = landings(&board, piece, from);
                        for square in Bitboard::FULL {
                            assert_eq!(
                                squares.contains(square),
                                landing_refusal(&board, piece, from, square).is_none(),
                                "{fen} {piece} {from} {square}"
                            );
                        }
                    }
                }
            }
        }
    }
}
