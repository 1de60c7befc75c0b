//! The rules an action can break, named by their tags.
//!
//! A refusal carries the [`Rule`] it enforces as data, so that a host,
//! a test or an engine can tell refusals apart without reading their
//! words. House rules are named by their tags in `docs/variants/` (TT-3,
//! E-5, F-5, ...); the FIDE laws every 8x8 variant builds on by their article.

use std::fmt;

use serde::Serialize;

/// A rule, by its tag: `TT-3`, `E-5`, `FIDE 3.9`.
///
/// Only the constants below exist; a tag is never made up at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Rule(&'static str);

macro_rules! rules {
    ($($(#[$doc:meta])* $name:ident => $tag:literal,)*) => {
        impl Rule {
            $($(#[$doc])* pub const $name: Rule = Rule($tag);)*

            /// Every rule a refusal can name.
            pub const ALL: &'static [Rule] = &[$(Rule::$name),*];
        }
    };
}

rules! {
    /// It is the other side's turn, or (multiverse) not this board's.
    TURN => "turn",
    /// FIDE 3.1-3.7: how each man moves and captures.
    FIDE_MOVEMENT => "FIDE 3",
    /// FIDE 3.7.3: en passant, only right after the double step.
    FIDE_EN_PASSANT => "FIDE 3.7.3",
    /// FIDE 3.7.5: a pawn on the last rank becomes a queen, rook, bishop
    /// or knight of its colour.
    FIDE_PROMOTION => "FIDE 3.7.5",
    /// FIDE 3.8.2: castling, its rights and its squares.
    FIDE_CASTLING => "FIDE 3.8.2",
    /// FIDE 3.9: no move may leave its own king in check.
    FIDE_CHECK => "FIDE 3.9",

    /// Time Traveler's Chess: explosion support within three moves.
    TT_1 => "TT-1",
    /// Explosions matched to distinct supports.
    TT_2 => "TT-2",
    /// Resonators and a pawn's exact reach.
    TT_3 => "TT-3",
    /// The explosion and its traveled man's move.
    TT_4 => "TT-4",
    /// Annihilation by an untraveled resonator.
    TT_5 => "TT-5",
    /// Grammatical correctness.
    TT_6 => "TT-6",
    /// Kings: kingless, resolved, check.
    TT_7 => "TT-7",
    /// The order in which an action is judged.
    TT_7A => "TT-7a",
    /// Castling with untraveled king and rook.
    TT_8 => "TT-8",
    /// En passant that undoes an annihilation.
    TT_9 => "TT-9",

    /// Gifford: forward travel.
    G_1 => "G-1",
    /// Gifford: arrivals from the future.
    G_2 => "G-2",
    /// Gifford: a king's forward travel.
    G_3 => "G-3",
    /// Gifford: a king's backward travel and the new timeline.
    G_4 => "G-4",
    /// Gifford: check with several kings or none.
    G_5 => "G-5",
    /// Gifford: castling after travel.
    G_8 => "G-8",

    /// Multiverse: branches and their boards.
    E_1 => "E-1",
    /// Multiverse: one board move on every active branch.
    E_2 => "E-2",
    /// Multiverse: a board move and its optional travel.
    E_3 => "E-3",
    /// Multiverse: who may travel.
    E_4 => "E-4",
    /// Multiverse: where time travel may land.
    E_5 => "E-5",
    /// Multiverse: the branch limit.
    E_6 => "E-6",
    /// Multiverse: trans-universe travel and its price.
    E_7 => "E-7",
    /// Multiverse: kings that travel.
    E_8 => "E-8",
    /// Multiverse: how branches end (a branch that has ended takes no
    /// more actions).
    E_10 => "E-10",
    /// Multiverse: notation.
    E_11 => "E-11",

    /// Temporal: the 4x4x4 field.
    T_1 => "T-1",
    /// Temporal: kings first, then drops, moves and warps.
    T_2 => "T-2",
    /// Temporal: Raumschach movement.
    T_3 => "T-3",
    /// Temporal: warps from the future.
    T_4 => "T-4",
    /// Temporal: warps into the future.
    T_5 => "T-5",
    /// Temporal: the countdown, and what a reappearing man captures.
    T_6 => "T-6",
    /// Temporal: one warp at a time.
    T_7 => "T-7",
    /// Temporal: originals and check.
    T_8 => "T-8",

    /// Many Worlds: boards, their numbering and identity.
    M_1 => "M-1",
    /// Many Worlds: splits and transfers.
    M_2 => "M-2",
    /// Many Worlds: movement, with check ignored.
    M_3 => "M-3",
    /// Many Worlds: the `turns` option.
    M_6 => "M-6",

    /// 5D: coordinates, boards and timelines.
    F_1 => "F-1",
    /// 5D: only the last board of a timeline, the mover's, is played on.
    F_2 => "F-2",
    /// 5D: branching and timeline numbering.
    F_3 => "F-3",
    /// 5D: active timelines.
    F_4 => "F-4",
    /// 5D: the present, the boards owed a move, submitting.
    F_5 => "F-5",
    /// 5D: how each man moves in four axes.
    F_6 => "F-6",
    /// 5D: pawns and brawns, en passant.
    F_7 => "F-7",
    /// 5D: castling.
    F_8 => "F-8",
    /// 5D: promotion.
    F_9 => "F-9",
    /// 5D: no royal man left capturable; checkmate and stalemate.
    F_10 => "F-10",
    /// 5D: draws.
    F_11 => "F-11",
    /// 5D: named boards, 5DFEN and 5DPGN.
    F_12 => "F-12",
}

impl Rule {
    /// The tag as `docs/variants/` or the FIDE laws write it.
    pub const fn tag(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Rule;

    #[test]
    fn tags_are_distinct() {
        let mut tags: Vec<&str> = Rule::ALL.iter().map(|r| r.tag()).collect();
        tags.sort_unstable();
        let before = tags.len();
        tags.dedup();
        assert_eq!(tags.len(), before);
    }
}
