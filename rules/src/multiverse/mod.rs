//! Time Travel Chess in the Everett interpretation: a branching multiverse
//! of chessboards (house rules E-1 to E-11 in `docs/variants/multiverse.md`).
//!
//! - E-1 A multiverse of branches, L1 the original; a branch is its
//!   parent's boards up to its fork plus its own, stored once
//!   ([`history`](self) shares them). Each board move adds a board; board
//!   `Tk` is time step `k`, White to move on even steps.
//! - E-2 One side moves on every active branch in a turn, in any order
//!   ([`crate::Turn::boards`] lists the branches still owed); the turn
//!   passes when none is owed. A branch opened this turn is owed nothing
//!   by its creator: the other side moves first there.
//! - E-3 A board move is a FIDE move on the branch's latest board and at
//!   most one travel of another of the mover's men, before or after it;
//!   afterwards no king of the mover on that board is attacked.
//! - E-4 Men that moved in the board move (both king and rook when
//!   castling) may not travel after it; men that arrived by travel never
//!   travel again (they are followed square by square as they move).
//! - E-5 Time travel goes to a board `Tk` of the branch's own history, in
//!   the past, on which the mover had just moved; the landing square is
//!   empty, bishops keep their square colour, pawns land on ranks 2 to 7 no
//!   further advanced than they stood, and the man attacks no enemy man
//!   there; a king lands on no square an enemy man attacks there. The
//!   board is copied into a new branch `Tk` with the man on it; the
//!   opponent moves next there.
//! - E-6 The branch limit (odd, 21 by default, up to 1001): once that many
//!   branches exist, time travel is impossible.
//! - E-7 Trans-universe travel lands on the latest board of another active
//!   branch the mover has already made a board move on this turn, under
//!   E-5's landing rules; a queen of the mover on the origin board pays
//!   (the one on the lowest square, a1 to h8, other than the traveller's,
//!   as the board move starts: a queen promoted in the board move never
//!   pays). No branch opens; it works after the limit.
//! - E-8 Kings may travel; a side with no king on a branch loses it
//!   ([`crate::Reason::NoKing`]); a side to move that attacks an enemy
//!   king (after a collapse, say) wins it ([`crate::Reason::KingCaptured`]).
//! - E-9 Once the limit is reached, before every board move a uniformly
//!   random active branch loses a uniformly random man other than a king
//!   from its latest board. The collapse is made as soon as the previous
//!   action is applied, so the player sees it, and reported in that
//!   action's [`crate::Played::events`] as `collapse: L3 loses the black
//!   knight on f6`; with a branch limit of 1 the first collapse is made as
//!   the game is created and reported by [`crate::Rules::opening_events`].
//!   Draws come from the game seed and the draw's number
//!   ([`collapse`](self)), so replays are identical.
//! - E-10 A branch ends by checkmate, stalemate (no FIDE move, whatever a
//!   travel might free), repetition (third occurrence on the branch's
//!   history), fifty moves, insufficient material, E-8 or resignation
//!   (`(L3) resign`, any active branch, in one's turn). The game ends when
//!   every branch has ended, or once one side has more branch wins than
//!   the other could reach by winning every active branch and every branch
//!   still to open; more wins wins ([`crate::Reason::BranchMajority`]),
//!   equal is a draw.
//! - E-11 Notation: see [`notation`](self): `(L3)Nf3`, `(L1)e4 Ng1>>(T1)e3`,
//!   `(L2)Qd2 Nc3>(L1)b5`, `(L3) resign`.
//!
//! Every refusal names the rule it enforces ([`crate::ActionError::rule`]):
//! the house rule's tag (`E-5`, ...), a FIDE article for the chess move
//! itself, or [`crate::Rule::TURN`] for a branch not owed a move.
//!
//! Where the rules are silent, Chronomate decides:
//! - Boards are numbered by time step on every branch (T0 the start), so
//!   White moves on even steps everywhere and a past board is named by its
//!   step alone (`>>(T3)`).
//! - The queen that pays for trans-universe travel, among several, is the
//!   one on the lowest square as the board move starts.
//! - A board move with a travel after it must leave the mover's king safe
//!   with the traveller (and the paying queen) gone; one with a travel
//!   before it plays the FIDE move on the board without them.
//! - Stalemate is judged by FIDE moves alone, whatever a travel might free.
//! - A branch resignation is no board move: no collapse comes before it.
//! - The game ends early once the trailing side could not catch up even by
//!   winning every active branch and every branch still to open.
//! - A branch or time-step number of any length is read; one no branch or
//!   board has is refused as such.
//!
//! Files: `face` (the face), `action`, `position` (the state and
//! its queries), `legality` (checks), `listing` (every legal action),
//! `play` (applying and judging), `notation`, `view`, `families` (the
//! actions described for finding and picking), and the
//! mechanisms `history` (shared boards), `travel` (landings and the
//! price), `collapse` (the seeded draws).

mod action;
mod collapse;
mod event;
mod face;
mod families;
mod history;
mod legality;
mod listing;
mod notation;
mod options;
mod play;
mod position;
mod travel;
mod view;

pub use action::{Action, BoardMove, BranchId, Destination, Travel, When};
pub use event::Event;
pub use options::{BranchLimit, DEFAULT_BRANCH_LIMIT, MAX_BRANCH_LIMIT, MultiverseOptions};
pub use position::Multiverse;
