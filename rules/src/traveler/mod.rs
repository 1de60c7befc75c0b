//! Time Traveler's Chess with the house rules TT-1 … TT-10 and TT-7a
//! (`docs/variants/traveler.md`, "House rules"), which is also the
//! players' page.
//!
//! # The game
//!
//! Chess, where every man has a stage ([`Stage`]): untraveled (all men at
//! the start), traveling (appeared in an explosion, never moves, blocks,
//! waits to be annihilated) or traveled (appeared in an explosion, moves
//! like a chessman). Men keep their identity for the whole game
//! (a promoted pawn keeps its identity). A turn is one of:
//!
//! - a normal move of an untraveled or traveled man (SAN: `e4`, `Bxd3+`,
//!   `O-O`), castling by TT-8 and en passant by TT-9;
//! - an explosion (TT-4, `Nf6/xe8`, `h3/h4`, `e7/e8=Q`) on an empty square
//!   with a support (TT-1) the side's explosions can still be
//!   matched to (TT-2);
//! - an annihilation (TT-5, `d2//d4`, `e7//e8=Q`) of a traveling man by an
//!   untraveled resonator (TT-3).
//!
//! Resonators (TT-3) are the untraveled men that could ever annihilate a
//! traveling man of their side; for a traveling pawn, only pawns it stands
//! strictly ahead of, fewer files aside than ranks ahead, and never on the
//! last rank. No action may leave its mover grammatically incorrect (TT-6);
//! leaving the opponent incorrect wins. Check, kingless and resolved are
//! TT-7's, judged in TT-7a's order. Positions can be set up in an extended
//! FEN ([`TravelerChess::from_fen`]).
//!
//! # Where the rules are silent, Chronomate decides
//!
//! 1. Mate is written `#` (canonical); `++`, as the rule text writes it, is
//!    read too. A win by grammatical incorrectness or by leaving the
//!    opponent kingless while resolved (TT-7a (2), (4)) has no mark; the
//!    latter's reason is "king captured".
//! 2. An annihilation is written with its two squares only (`c4//b5`), as
//!    in the rule text; a piece letter in front is read and checked.
//! 3. Explosions list their traveled man's capture with `x` (`Bb5/xe8`),
//!    like SAN.
//! 4. A traveled pawn of an explosion may not take en passant right after a
//!    double-step annihilation: it would take the enemy resonator (TT-4
//!    with TT-9). The refusal says so.
//! 5. Insufficient material: the game is drawn at once only when neither
//!    side has an untraveled man (so no explosion can ever be made again)
//!    nor a traveling man, and the men left are a FIDE dead position (kings
//!    alone, king and a minor piece against a king, kings and bishops all on
//!    one square colour). With untraveled men about, even king against
//!    king is not dead: a king explosion can capture the enemy king.
//! 6. Threefold repetition (TT-10: men, stages, castling, en passant that
//!    can be taken, explosion records with their supports named by where
//!    those men stand, lost traveling men) and fifty moves (100 actions
//!    without a pawn move, capture, explosion or annihilation) end the game
//!    at once; a mate on the hundredth action wins.
//! 7. A player in check with no traveled king and no king at all still has
//!    the check highlighted on whatever kings they have.
//! 8. The rule text's quiz after Game 2 ("how many different chessmen
//!    can Black place on c4? Four: Q, QB, QN, QBP") counts explosions *on*
//!    c4, whose traveling man stays there and blocks; the engine agrees.
//!    Explosions elsewhere whose traveled man lands on c4 (as `Qe6/c4`)
//!    also meet that check, and TT-1, which lets other men's moves free
//!    lines, adds the queen's rook there (a7-a5, Ra6, Rc6, then `Rc6/c4`).

mod action;
mod explosion;
mod face;
mod fen;
mod grammar;
mod kings;
mod legality;
mod matching;
mod notation;
mod play;
mod position;
mod resonance;
mod support;
mod view;

pub use action::Action;
pub use position::{ExplosionInfo, ExplosionRecord, Stage, TravelerChess, TtMan};
