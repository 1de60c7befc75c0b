//! Temporal Chess by L. Lynn Smith, on the 4x4x4 field, with the house rules
//! T-1 … T-9 of the players' page, `docs/variants/temporal.md`.
//!
//! # The game
//!
//! - T-1 The field is 4x4x4: levels A (bottom) to D, files a-d, ranks 1-4; a
//!   cell is written `Bc3` ([`Cell`]).
//! - T-2 Each side holds K, Q, 2R, 2B, 2N and 8 unicorns, all in hand. White
//!   places its king, then Black; then a turn is a drop from hand on a vacant
//!   cell (a drop may not give check), a move, or a warp. Captured men leave
//!   the game.
//! - T-3 Raumschach movement ([`movement`]).
//! - T-4 Warp from the future: a duplicate of one of the mover's men makes a
//!   legal move of its kind from its cell (capturing as the move would); the
//!   original stays with 1 to 6 red checkers.
//! - T-5 Warp into the future: a man gets 1 to 6 black checkers and
//!   disappears: it cannot move, block, be captured or give check; others
//!   may pass and stand on its cell.
//! - T-6 At the end of each of the owner's turns after the warp's own, one
//!   checker comes off. An original leaves the game with its last red
//!   checker; a disappeared man reappears with its last black checker and
//!   captures whatever man stands on its cell, of either side.
//! - T-7 One warp per player in existence at a time.
//! - T-8 Checkmate wins, and so does capturing an enemy original by any means
//!   (a paradox). An original king does not count for check, its duplicate
//!   does; a disappeared king cannot be checked.
//! - T-9 Stalemate, threefold repetition and fifty moves without a capture,
//!   drop or warp draw.
//!
//! # Where the rules are silent, Chronomate decides
//!
//! 1. *Vacant* means no man present: the cell of a disappeared man is vacant
//!    for drops as for moves (T-5 lets others stand there).
//! 2. "A drop may not give check" is judged right after the drop, on the
//!    dropped man: it may not attack an enemy king that counts for check. A
//!    check uncovered by the countdown at the end of that turn is not the
//!    drop's, and is allowed.
//! 3. A duplicate does not come from the hand (the rule text allows a marked
//!    checker to stand in for it): hands are unchanged by warps.
//! 4. A turn is the action, then the mover's countdown (T-6). Whether the
//!    mover's king is left in check is judged after the countdown: an
//!    original leaving or a man reappearing can expose one's own king, and
//!    such a turn is illegal.
//! 5. A reappearance is a threat to a king. A king that counts for check is
//!    *in check* when attacked by a present enemy man, or when it stands on
//!    a cell where a disappeared man will reappear before its owner can move
//!    it away: an enemy man with one black checker left (it returns at the
//!    end of the enemy's next turn), or, at the start of the owner's turn,
//!    the owner's own man with one black checker left (it returns at the end
//!    of this turn). So a turn may not end with one's king on such a cell,
//!    and a reappearance never captures a king that counts for check. A
//!    disappeared man gives no other check (T-5).
//! 6. A man may not warp into the future from a cell that already holds a
//!    disappeared man: two men could not reappear on one cell.
//! 7. Capturing an enemy original ends the game at once (T-8), even when the
//!    capturing turn would leave the mover's own king attacked (as an
//!    exploding king wins in atomic chess); the countdown of that turn is
//!    not made. Since a side has one warp at most (T-7), its own reappearing
//!    man never meets its own original: a side never loses by paradox on its
//!    own turn.
//! 8. Originals and duplicates move, capture and give check like any man;
//!    an original king attacks the cells around it although it cannot be
//!    checked. A duplicate may give check (only drops may not). After its
//!    warp ends a duplicate is an ordinary man and may warp in its turn.
//! 9. Checkmate: the side to move is in check (decision 5) and has no legal
//!    action; with no legal action and no check it is stalemate. While no
//!    warp of its own exists, a king can always escape check by warping into
//!    the future, so a mate needs the defender's warp to be running.
//! 10. While a side's king is in hand it may only place the king; Black may
//!     not place its king next to White's (that would give check).
//! 11. Fifty moves: 100 plies in a row without a capture (a reappearance
//!     capture counts), a drop or a new warp end the game at once as a draw;
//!     an original leaving does not reset the count. Threefold repetition
//!     compares the men present, disappeared men, checkers, hands and the
//!     side to move, and ends the game at once. A checkmate or stalemate
//!     reached on that ply takes precedence.
//! 12. No insufficient-material rule: T-9 names none, and men in hand keep
//!     play alive.
//! 13. A disappeared king due back this turn must not return into check; if
//!     every action leaves it so, its side has no legal action and, its king
//!     being away (T-8), is not in check: stalemate.
//! 14. An original may warp a duplicate from the future even while it is
//!     pinned: the original stays on its cell (T-4), so nothing is exposed.
//!     Only what the turn leads to is judged (decision 4), and the pinned
//!     man still shields its king.
//!
//! # Notation
//!
//! `K@Bb2` (drop), `NAb1-Cc2` (move), `NAb1xCc2` (capture), `NAb1~Cc2/3`
//! (warp from the future, 3 red checkers), `NBb2^4` (warp into the future,
//! 4 black checkers), with `+` for check and `#` for mate. Read leniently
//! (`NCc2`, `Ab1-Cc2`, `n ab1 - cc2`, ...), as the players' page lists. A
//! count of checkers outside 1 to 6, however many digits, is refused by the
//! warp's rule (T-4, T-5).

mod action;
mod cell;
mod face;
mod legality;
pub mod movement;
mod notation;
mod play;
mod position;
mod turn;
mod view;

pub use action::{Action, MAX_CHECKERS};
pub use cell::{BadCell, Cell, DIRECTIONS, KNIGHT_LEAPS, Step};
pub use movement::{Kind, attacks};
pub use play::FIFTY_MOVES_PLIES;
pub use position::{Event, TemporalChess, Warp};
