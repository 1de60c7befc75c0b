//! Time Travel Chess in the Everett interpretation: a branching multiverse
//! of chessboards (house rules E-1 to E-11 in `VARIANTS.md`).
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
//!   there. The board is copied into a new branch `Tk` with the man on it;
//!   the opponent moves next there.
//! - E-6 The branch limit (odd, 21 by default, up to 1001): once that many
//!   branches exist, time travel is impossible.
//! - E-7 Trans-universe travel lands on the latest board of another active
//!   branch the mover has already made a board move on this turn, under
//!   E-5's landing rules; a queen of the mover on the origin board pays
//!   (the one on the lowest square, a1 to h8, other than the traveller's;
//!   it must be there when the board move starts). No branch opens; it
//!   works after the limit.
//! - E-8 Kings may travel; a side with no king on a branch loses it; a
//!   side to move that attacks an enemy king (after a collapse, say) wins
//!   it.
//! - E-9 Once the limit is reached, before every board move a uniformly
//!   random active branch loses a uniformly random man other than a king
//!   from its latest board. The collapse is made as soon as the previous
//!   action is applied, so the player sees it, and reported in that
//!   action's [`crate::Played::events`] as `collapse: L3 loses the black
//!   knight on f6`. Draws come from the game seed and the draw's number
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

mod action;
mod collapse;
mod history;
mod listing;
mod notation;
mod state;
mod suggest;
mod travel;
mod view;

pub use action::{Action, BoardMove, BranchId, Destination, Travel, When};
pub use state::Multiverse;

use crate::{About, Options, RecordFormat, Rules};
use crate::{ActionError, Played, Status, Turn, View};

impl Rules for Multiverse {
    type Action = Action;

    const ABOUT: About = About {
        id: "multiverse",
        title: "Multiverse Time Travel Chess",
        summary: "Multiverse Time Travel Chess (multiverse): every move adds a board; a man may jump \
             back to a past board, which forks a new branch ((L1)Nf3, >> for travel). On your \
             turn you move once on every active branch. Past the branch limit (option \
             branches:N, odd, 21 by default) travel stops and each board move first makes a \
             random man vanish somewhere. Branches end like chess games; more branch wins wins.",
        options: "branches:N, the branch limit: an odd number from 1 to 1001, 21 by default (E-6)",
        record: RecordFormat::Lines,
    };

    fn new(options: &Options, seed: u64) -> Self {
        Multiverse::new(options.branch_limit(), seed)
    }

    fn apply(&mut self, action: &Self::Action) -> Result<Vec<String>, ActionError> {
        Rules::play(self, action).map(|played| played.events)
    }

    fn turn(&self) -> Turn {
        Turn {
            color: self.to_move(),
            boards: self.owed().into_iter().map(|b| format!("L{b}")).collect(),
        }
    }

    fn status(&self) -> Status {
        Multiverse::status(self)
    }

    fn legal_actions(&self) -> Vec<Action> {
        Multiverse::legal_actions(self)
    }

    fn parse(&self, text: &str) -> Result<Action, ActionError> {
        Multiverse::parse(self, text)
    }

    fn notation(&self, action: &Action) -> String {
        Multiverse::notation(self, action)
    }

    fn play(&mut self, action: &Action) -> Result<Played, ActionError> {
        let notation = Multiverse::notation(self, action);
        let events = self.apply(action)?;
        Ok(Played { notation, events })
    }

    fn view(&self) -> View {
        Multiverse::view(self)
    }

    fn snapshot(&self) -> View {
        Multiverse::snapshot(self)
    }

    fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        Multiverse::suggest(self, typed, limit)
    }
}
