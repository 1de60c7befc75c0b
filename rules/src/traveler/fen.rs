//! Positions in an extended FEN, for tests and analysis: a piece letter
//! may be followed by `*` for a traveling man or `^` for a traveled one
//! (untraveled otherwise); the other fields are FEN's.

use crate::Color;
use crate::chess::{FenError, PositionError, Role, Setup};
use crate::geometry::{File, Rank, Square};

use super::position::{
    EnPassant, ExplosionRecord, MAX_EXPLOSIONS, Pos, Stage, TravelerChess, TtMan,
};

/// The placement without its stage marks, and the stage of each man in
/// the order the placement lists them.
fn split_stages(placement: &str) -> Result<(String, Vec<Stage>), FenError> {
    let mut plain = String::with_capacity(placement.len());
    let mut stages = Vec::new();
    let mut after_letter = false;
    for c in placement.chars() {
        let stage = match c {
            '*' => Stage::Traveling,
            '^' => Stage::Traveled,
            _ => {
                plain.push(c);
                after_letter = c.is_ascii_alphabetic();
                if after_letter {
                    stages.push(Stage::Untraveled);
                }
                continue;
            }
        };
        match stages.last_mut() {
            Some(last) if after_letter => *last = stage,
            _ => return Err(FenError::StageMark(c)),
        }
        after_letter = false;
    }
    Ok((plain, stages))
}

impl TravelerChess {
    /// A game going on from a position in the extended FEN of this module:
    /// `4k3/8/8/1B*6/8/3B4/7P/2B1K3 w - - 0 1` has a traveling bishop on
    /// b5. Untraveled men get original identities in board order; a side
    /// with traveling men is given one explosion record per traveling man,
    /// each supportable by any of its originals. Any number of kings is
    /// allowed (TT-7 knows kingless sides); castling rights are used only
    /// while the untraveled king and rook stand at home (TT-8).
    pub fn from_fen(fen: &str) -> Result<TravelerChess, FenError> {
        let mut fields = fen.split_whitespace();
        let (plain, stages) = split_stages(fields.next().unwrap_or_default())?;
        let mut text = plain;
        for field in fields {
            text.push(' ');
            text.push_str(field);
        }
        let setup = Setup::from_fen(&text)?;
        let mut pos = Pos::empty();
        let mut stages = stages.into_iter();
        let mut next_original = [0u8; 2];
        for rank in Rank::ALL.into_iter().rev() {
            for sq in File::ALL.map(|file| Square::new(file, rank)) {
                let Some(piece) = setup.board.piece_at(sq) else {
                    continue;
                };
                if piece.role == Role::Pawn && matches!(rank, Rank::First | Rank::Eighth) {
                    return Err(PositionError::PawnOnBackRank(sq).into());
                }
                let stage = stages.next().unwrap_or(Stage::Untraveled);
                let side = piece.color.index();
                let id = if stage == Stage::Untraveled {
                    if next_original[side] >= 16 {
                        return Err(FenError::Untraveled(piece.color));
                    }
                    let id = side as u8 * 16 + next_original[side];
                    next_original[side] += 1;
                    pos.homes[id as usize] = sq;
                    id
                } else {
                    // At most 64 men stand on the board, so fresh
                    // identities from 32 never run out.
                    pos.next_id = pos.next_id.saturating_add(1);
                    pos.next_id - 1
                };
                pos.put(
                    sq,
                    TtMan {
                        id,
                        color: piece.color,
                        role: piece.role,
                        stage,
                    },
                );
            }
        }
        pos.turn = setup.turn;
        pos.castling = setup.castling;
        pos.halfmove = setup.halfmoves;
        pos.fullmove = setup.fullmoves;
        if let Some(square) = setup.ep_square {
            let victim = square
                .offset(0, pos.turn.fold(-1, 1))
                .filter(|_| square.rank() == Rank::Sixth.relative_to(pos.turn))
                .filter(|&v| {
                    setup
                        .board
                        .piece_at(v)
                        .is_some_and(|p| p.role == Role::Pawn && p.color != pos.turn)
                })
                .ok_or(PositionError::EnPassant(square))?;
            pos.ep = Some(EnPassant {
                square,
                victim,
                undo: None,
            });
        }
        for color in Color::ALL {
            for t in pos.stage_of(color, Stage::Traveling) {
                let n = pos.record_len[color.index()] as usize;
                if n < MAX_EXPLOSIONS {
                    pos.records[color.index()][n] = ExplosionRecord {
                        role: pos.board.role_at(t).unwrap_or(Role::Pawn),
                        square: t,
                        supports: u16::MAX,
                    };
                    pos.record_len[color.index()] += 1;
                }
            }
        }
        Ok(TravelerChess::from_pos(pos))
    }
}
