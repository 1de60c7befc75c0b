//! Gifford's Time Travel Chess (G. K. Gifford, 2003), with the house rules
//! G-1 … G-8 of the players' page, `docs/variants/gifford.md`.
//!
//! # The game
//!
//! FIDE chess ([`crate::chess`]) plus travel in time:
//!
//! - G-1 Forward travel (`d2// to 8`, `Bf8// to 5`): a pawn or piece next
//!   to one of its side's kings leaves the board, when none of that side's
//!   kings is in check, to arrive on its owner's move n, with
//!   current + 1 ≤ n ≤ current + 10. One arrival per player per move
//!   number, kings included.
//! - G-2 Arrival (`[P] e6`, `[Bb] a5+`, `[K] f1`): on move n, if the man
//!   can be dropped legally (an empty square; a pawn not on the first or
//!   eighth rank; a bishop on its own colour of square, `[Bw]` light,
//!   `[Bb]` dark; afterwards none of the mover's kings in check), placing
//!   it *is* the mover's move. Otherwise the man is lost in time (an event
//!   of the opponent's move) and the mover moves normally; a king that
//!   cannot be placed is lost in time and its side loses.
//! - G-3 King forward travel (`Ke1// to 9`): not in check, and the mover
//!   has a pawn or piece on the board.
//! - G-4 King backward travel (`K// back to 6`, `Kf3// back to 6` with
//!   several kings): not in check, a pawn or piece on the board, at most
//!   two per player per game, 1 to 5 moves back. The game returns to the
//!   state when the mover was to make that move in the present line of
//!   play: board, castling and en passant, counters, men away in time, as
//!   they were then; the counts of backward travels are not rolled back.
//!   The mover then places the king (`K [FTF] f8`) on an empty square where
//!   no king of theirs is in check, as that move of a new timeline. Old
//!   timelines stay readable (the history table and the snapshot of
//!   [`crate::Rules`]).
//!   At most five timelines arise.
//! - G-5 Check: any of the mover's kings attacked; with no king on the board
//!   a player is never in check. No castling and no travel in check.
//!   Checkmate wins.
//! - G-6 A player with no man on the board (every king away) loses; a
//!   player with men but no legal action while a king is away draws
//!   ([`crate::Reason::NoActionLeft`]).
//! - G-7 Threefold repetition, fifty moves and insufficient material draw
//!   only when no arrival is pending and neither player can still travel
//!   backward ([`Gifford::can_travel_back`]).
//! - G-8 A king leaving the board from e1/e8 takes its side's castling
//!   rights with it; kings from the future never castle.
//!
//! # Where the rules are silent, Chronomate decides
//!
//! 1. **Move numbers.** "The mover's move number" is the full-move number
//!    of the line of play, as on a score sheet: White's first action is
//!    White's move 1, Black's reply Black's move 1, and every action —
//!    a move, a departure, an arrival, a backward travel, placing a king
//!    from the future — is one move of its player. So the rule text's
//!    `1. d2// to 8` arrives as White's 8th move, `8. [P] d2`. A new
//!    timeline opened by going back to move n keeps the numbers of the
//!    line it branched from: its first action is the mover's move n
//!    (`2... K [FTF] f8` in the sample), and arrivals already scheduled
//!    (`d2// to 8`) land on the same numbers in it. A man lost in time
//!    takes no number: the mover's normal move is that move.
//! 2. A backward travel and the placing of the king are two actions (two
//!    lines of the record), as the rule text writes them on two score
//!    sheets: `6... K// back to 2` ends timeline 1, `2... K [FTF] f8`
//!    begins timeline 2, and nothing else may be done in between.
//! 3. A backward travel is refused when the king could not be placed at
//!    the target move (the mover was in check then, or had a man arriving
//!    on that move number: G-1's one arrival per move number counts the
//!    king from the future too), rather than losing the king at once.
//! 4. Like any move, a departure may not leave one of the mover's kings in
//!    check (a pinned man cannot travel).
//! 5. Departures and arrivals reset the fifty-move count. Repetition is
//!    counted along the present line of play, the men away in time being
//!    part of the position.
//! 6. `K // to 6` (the rule text's own form) from a later move is read as
//!    a trip back; `K// back to 6` is written.
//! 7. G-6 is judged after every action: the side left with no man on the
//!    board loses at once.
//!
//! # Notation
//!
//! Written: moves in SAN (`Nf3`, `O-O`, `Bh2+`); `d2// to 8`, `Bf8// to 5`,
//! `Ke1// to 17` (forward travel: the man's letter, none for a pawn, its
//! square, the arrival move); `[P] e6`, `[Bb] a5+`, `[K] f1` (arrivals:
//! the tag, `[Bw]`/`[Bb]` for a bishop's light or dark squares, then the
//! square); `K// back to 2` (`Kf3// back to 6` when the mover has several
//! kings on the board); `K [FTF] f8` (the king from the future). `+` marks
//! check to any enemy king, `#` mate. Read leniently: `//to8`, `// To 8`,
//! `B(f8)// to 5`, `Pd2// to 8`, `[p]e6`, `[B] a5`, `K// Back to 2`,
//! `K // to 6` (an earlier move: back), `K[FTF] f1`, `K f3 // FTF`, `o-o`,
//! UCI, and trailing `+ # ! ? *`. A move number too long to be one is
//! refused as out of range.

mod action;
mod event;
mod face;
mod fen;
mod history;
mod legality;
mod notation;
mod play;
mod position;
mod view;

pub use action::{Action, Arrival, Shade};
pub use event::Event;
pub use history::Line;
pub use position::{BACK_TRAVELS, Gifford, MAX_AHEAD, MAX_BACK, MAX_TIMELINES, ply_of};
