//! The named boards (F-12): 5dchess-notation's list and the
//! 5dchess-variants repository, as 5DFEN.
//!
//! The boards are facts taken from those lists; every pawn, brawn, king and
//! rook starts unmoved (`*`), as the notation's hashing rules ask. Where
//! the lists differ, "Half Reflected" swaps Black's king and queen, as
//! 5d-chess-js, cwmtt and the notation tool do.

use super::fen::{FenError, StartBoard, read_board_strings};
use super::man::Piece;
use super::position::{LineName, Setup};

/// A named board: its full name and 5DFEN boards.
#[derive(Debug, PartialEq, Eq)]
pub struct NamedBoard {
    /// The name the lists give it: `Standard - Turn Zero`.
    pub name: &'static str,
    /// Its starting boards, in 5DFEN, one after another.
    pub fen: &'static str,
}

macro_rules! named {
    ($($name:literal => $fen:expr,)*) => {
        /// Every named board, in the order `/rules 5d` lists them.
        pub const NAMED_BOARDS: &[NamedBoard] = &[$(NamedBoard { name: $name, fen: $fen },)*];
    };
}

named! {
    "Standard" => "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]",
    "Standard - Turn Zero" => "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:0:b][r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]",
    "Standard - Princess" => "[r*nbsk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBSK*BNR*:0:1:w]",
    "Standard - Two Timelines" => "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:1:w][r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:+0:1:w]",
    "Standard - Defended Pawn" => "[r*qbnk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*QBNK*BNR*:0:1:w]",
    "Standard - Reversed Royalty" => "[r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*:0:1:w]",
    "Standard - Half Reflected" => "[r*nbk*qbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]",
    "Standard - Brawns" => "[r*nbqk*bnr*/w*w*w*w*w*w*w*w*/8/8/8/8/W*W*W*W*W*W*W*W*/R*NBQK*BNR*:0:1:w]",
    "Standard - Double Royalty" => "[r*nbyk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYK*BNR*:0:1:w]",
    "Standard - Defended Pawn - Alt" => "[r*nbqk*nbr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*NBR*:0:1:w]",
    "Standard - Staggered Timelines" => "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:1:b][r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:+0:1:w]",
    "Standard - Staggered Timelines - Brawns" => "[r*nbqk*bnr*/w*w*w*w*w*w*w*w*/8/8/8/8/W*W*W*W*W*W*W*W*/R*NBQK*BNR*:-0:1:b][r*nbqk*bnr*/w*w*w*w*w*w*w*w*/8/8/8/8/W*W*W*W*W*W*W*W*/R*NBQK*BNR*:+0:1:w]",
    "Standard - Turn Zero - Brawns" => "[r*nbqk*bnr*/w*w*w*w*w*w*w*w*/8/8/8/8/W*W*W*W*W*W*W*W*/R*NBQK*BNR*:0:0:b][r*nbqk*bnr*/w*w*w*w*w*w*w*w*/8/8/8/8/W*W*W*W*W*W*W*W*/R*NBQK*BNR*:0:1:w]",
    "Small" => "[k*qbnr*/p*p*p*p*p*/5/P*P*P*P*P*/K*QBNR*:0:1:w]",
    "Small - Flipped" => "[nbr*qk*/p*p*p*p*p*/5/P*P*P*P*P*/K*QR*BN:0:1:w]",
    "Small - Centered" => "[r*nk*qr*/p*p*p*p*p*/5/P*P*P*P*P*/R*QK*NR*:0:1:w]",
    "Small - Open" => "[p*r*nbk*/3p*p*/5/P*P*3/K*BNR*P*:0:1:w]",
    "Very Small" => "[nbr*k*/p*p*p*p*/P*P*P*P*/K*R*BN:0:1:w]",
    "Very Small - Open" => "[nbr*k*/3p*/P*3/K*R*BN:0:1:w]",
    "Simple - No Queens" => "[r*nbk*nbr*/p*p*p*p*p*p*p*/7/7/7/P*P*P*P*P*P*P*/R*NBK*NBR*:0:1:w]",
    "Simple - Knights vs. Bishop" => "[r*bqk*br*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*NQK*NR*:0:1:w]",
    "Simple - No Bishops" => "[r*nqk*nr*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*NQK*NR*:0:1:w]",
    "Simple - No Knights" => "[r*bqk*br*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*BQK*BR*:0:1:w]",
    "Simple - No Rooks" => "[nbqk*bn/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/NBQK*BN:0:1:w]",
    "Simple - Simple Set" => "[r*nbqk*r*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*K*QBNR*:0:1:w]",
    "Misc - Timeline Invasion" => "[nbk*r*b/p*p*p*p*p*/5/5/P*P*P*P*P*:-0:1:w][p*p*p*p*p*/5/5/P*P*P*P*P*/NBK*R*B:+0:1:w]",
    "Misc - Timeline Formations" => "[p*p*p*p*p*/5/5/5/2K*2:-0:1:w][2k*2/5/5/5/P*P*P*P*P*:+0:1:w]",
    "Misc - Timeline Tactitian" => "[k*bnr*/p*p*p*p*/4/4:-0:1:w][4/4/P*P*P*P*/K*BNR*:+0:1:w]",
    "Misc - Timeline Strategos" => "[nbk*ur*/p*p*p*p*p*/5/5/5:-0:1:w][5/5/5/P*P*P*P*P*/R*UK*BN:+0:1:w]",
    "Misc - Timeline Battlegrounds" => "[r*r*k*r*r*/bbqbb/p*p*p*p*p*/5/P*P*P*P*P*:-1:1:w][nnnnn/p*p*p*p*p*/5/P*P*P*P*P*/NNNNN:0:1:w][p*p*p*p*p*/5/P*P*P*P*P*/BBQBB/R*R*K*R*R*:1:1:w]",
    "Misc - Timeline Skirmish" => "[3r*k*/3p*p*/5/BB3/NN3:-0:1:w][3nn/3bb/5/P*P*3/K*R*3:+0:1:w]",
    "Misc - Timeline Fragments" => "[k*p*p*p*/4/4/NBR*U:-0:1:b][nbr*u/4/4/K*P*P*P*:+0:1:w]",
    "Misc - Timeline Marauders" => "[w*r*k*r*w*/1w*w*w*1/5/5/5:-1:1:w][w*1w*1w*/5/5/5/W*1W*1W*:0:1:w][5/5/5/1W*W*W*1/W*R*K*R*W*:1:1:w]",
    "Misc - King of Kings" => "[cck*cc/5/5/5/CCK*CC:0:1:w]",
    "Misc - Royal Queen Showdown" => "[4y1/6/6/6/6/1Y4:0:1:w]",
    "Misc - Excessive" => "[k*r*uqdr*k*/r*nbk*nbr*/p*p*p*p*p*p*p*/7/P*P*P*P*P*P*P*/R*NBK*NBR*/K*R*UQDR*K*:0:1:w]",
    "Misc - Global Warming" => "[1:0:1:w]",
    "Misc - Royalty War" => "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*:+0:0:b][r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*:+0:1:w][r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:0:b][r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:1:w]",
    "Focused - Just Knights" => "[n1k*n1/5/5/5/1NK*1N:0:1:w]",
    "Focused - Just Bishops" => "[1bbk*1/5/5/5/1K*BB1:0:1:w]",
    "Focused - Just Rooks" => "[1r*k*1r*/5/5/5/R*1K*R*1:0:1:w]",
    "Focused - Just Queens" => "[1q1k*2/6/6/6/6/2K*1Q1:0:1:w]",
    "Focused - Just Pawns" => "[p*p*p*p*k*/5/5/5/K*P*P*P*P*:0:1:w]",
    "Focused - Just Kings" => "[2k*/3/K*2:0:1:w]",
    "Focused - Just Unicorns" => "[1u1uk*/5/5/5/K*U1U1:0:1:w]",
    "Focused - Just Dragons" => "[2ddk*/5/5/5/K*DD2:0:1:w]",
    "Focused - Just Brawns" => "[w*w*w*w*k*/5/5/5/K*W*W*W*W*:0:1:w]",
    "Checkmate Practice - Knight" => "[5n/6/6/6/6/K*5:0:1:w]",
    "Checkmate Practice - Bishop" => "[4b1/6/6/6/6/K*5:0:1:w]",
    "Checkmate Practice - Rook" => "[5r*/6/6/6/6/K*5:0:1:w]",
    "Checkmate Practice - Queen" => "[4q1/6/6/6/6/K*5:0:1:w]",
    "Checkmate Practice - Pawns" => "[2p*p*p*1/6/6/6/6/3K*2:0:1:w]",
}

/// Other names tools give the same boards.
const ALIASES: &[(&str, &str)] = &[
    (
        "Misc - Timeline Battleground",
        "Misc - Timeline Battlegrounds",
    ),
    ("Misc - Timeline Tactician", "Misc - Timeline Tactitian"),
    ("Standard - Default", "Standard"),
];

/// A name as matched: lower case, without spaces, dashes, underscores
/// and dots.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The named board a name means: its full name (`Standard - Turn Zero`),
/// an alias, or the part after the family when no other board has it
/// (`Turn Zero`, `turn-zero`, `TurnZero`), ignoring case, spaces,
/// dashes, underscores and dots.
pub fn find(name: &str) -> Option<&'static NamedBoard> {
    let wanted = normalize(name);
    if wanted.is_empty() {
        return None;
    }
    let names = NAMED_BOARDS
        .iter()
        .map(|b| (b.name, b.name))
        .chain(ALIASES.iter().copied());
    let mut short: Option<&str> = None;
    let mut short_count = 0;
    for (alias, target) in names {
        if normalize(alias) == wanted {
            return NAMED_BOARDS.iter().find(|b| b.name == target);
        }
        if alias
            .split_once(" - ")
            .is_some_and(|(_, rest)| normalize(rest) == wanted)
            && short != Some(target)
        {
            short = Some(target);
            short_count += 1;
        }
    }
    match (short, short_count) {
        (Some(target), 1) => NAMED_BOARDS.iter().find(|b| b.name == target),
        _ => None,
    }
}

/// The option value for a board: its name in lower case, words joined
/// by dashes (`standard-turn-zero`).
pub fn slug(name: &str) -> String {
    name.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// What pawns promote to on a named board (F-9): a queen, or a princess
/// on the princess board, which has no queen.
fn default_promotions(name: &str) -> Vec<Piece> {
    if name.contains("Princess") {
        vec![Piece::Princess]
    } else {
        vec![Piece::Queen]
    }
}

/// Why a 5D start could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// A 5DFEN board does not read.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// Two boards are given for one place.
    #[error("two 5DFEN boards at ({line}T{turn})")]
    TwoBoards {
        /// The timeline, as notation names it.
        line: LineName,
        /// The turn.
        turn: i32,
    },
    /// A timeline's boards skip a step.
    #[error("timeline {0} has a gap between its 5DFEN boards")]
    GapInTimeline(LineName),
    /// The timelines skip a number.
    #[error("the 5DFEN timelines have a gap between them")]
    GapBetweenTimelines,
    /// The promotions list is empty.
    #[error("pawns must be able to promote to something")]
    NoPromotion,
}

/// Why a promotions list could not be read (F-9).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PromotionError {
    /// A letter that names no man.
    #[error("{0:?} is no man")]
    Letter(char),
    /// A pawn, a brawn or a royal man, which no pawn becomes.
    #[error("a pawn cannot promote to a {}", .0.name())]
    Forbidden(Piece),
    /// No man at all.
    #[error("no man to promote to")]
    Empty,
}

/// The setup of a named board.
///
/// # Errors
/// A named board whose 5DFEN does not set up: never, for the boards
/// listed (a test reads them all).
pub fn named_setup(board: &NamedBoard) -> Result<Setup, StartError> {
    match NAMED_BOARDS.iter().position(|b| b == board) {
        Some(i) => NAMED_SETUPS[i].clone(),
        None => read_named(board),
    }
}

/// Every named board's setup, read from its 5DFEN once a process: a 5D
/// game's options make their setup each time its row or snapshot is read.
static NAMED_SETUPS: std::sync::LazyLock<Vec<Result<Setup, StartError>>> =
    std::sync::LazyLock::new(|| NAMED_BOARDS.iter().map(read_named).collect());

fn read_named(board: &NamedBoard) -> Result<Setup, StartError> {
    let mut setup = custom_setup(board.fen, None)?;
    setup.name = Some(board.name.to_owned());
    setup.promotions = default_promotions(board.name);
    Ok(setup)
}

/// The standard start.
pub fn standard_setup() -> Setup {
    NAMED_BOARDS
        .first()
        .and_then(|b| named_setup(b).ok())
        .unwrap_or_else(|| Setup {
            size: super::board::Size::STANDARD,
            even: false,
            initial: (0, 0),
            promotions: vec![Piece::Queen],
            name: Some("Standard".to_owned()),
            start: Vec::new(),
        })
}

/// The setup of a custom 5DFEN start (`[..][..]`), promoting to
/// `promotions` (a queen when `None`). Refused: no board, boards of
/// different sizes, two boards at one place, a timeline with a gap, or
/// timelines with a gap between them.
///
/// # Errors
/// Those refusals, as a [`StartError`].
pub fn custom_setup(fen: &str, promotions: Option<Vec<Piece>>) -> Result<Setup, StartError> {
    let (boards, size) = read_board_strings(fen)?;
    let even = boards.iter().any(|b| b.line.is_signed_zero());
    let mut start: Vec<(i32, i32, super::board::Board)> = boards
        .iter()
        .map(|b: &StartBoard| {
            (
                b.line.line(even),
                super::position::step(b.turn, b.color),
                b.board.clone(),
            )
        })
        .collect();
    start.sort_by_key(|(l, s, _)| (*l, *s));
    for pair in start.windows(2) {
        let ((l1, s1, _), (l2, s2, _)) = (&pair[0], &pair[1]);
        if l1 == l2 && s1 == s2 {
            return Err(StartError::TwoBoards {
                line: LineName::of(*l1, even),
                turn: s1 >> 1,
            });
        }
        if l1 == l2 && s2 - s1 != 1 {
            return Err(StartError::GapInTimeline(LineName::of(*l1, even)));
        }
        if l2 - l1 > 1 {
            return Err(StartError::GapBetweenTimelines);
        }
    }
    let lo = start.first().map_or(0, |s| s.0);
    let hi = start.last().map_or(0, |s| s.0);
    let promotions = promotions.unwrap_or_else(|| vec![Piece::Queen]);
    if promotions.is_empty() {
        return Err(StartError::NoPromotion);
    }
    Ok(Setup {
        size,
        even,
        initial: (lo, hi),
        promotions,
        name: None,
        start,
    })
}

/// Reads a promotions list: piece letters, commas or spaces between them
/// allowed (`Q,N,R,B`, `QNRB`). Pawns, brawns and royal men are refused.
///
/// # Errors
/// A letter that names no man or one no pawn becomes, or no letter.
pub fn read_promotions(text: &str) -> Result<Vec<Piece>, PromotionError> {
    let mut out = Vec::new();
    for c in text.chars().filter(|c| !matches!(c, ',' | ' ')) {
        let piece = Piece::from_letter(c).ok_or(PromotionError::Letter(c))?;
        if piece.is_pawnlike() || piece.is_royal() {
            return Err(PromotionError::Forbidden(piece));
        }
        if !out.contains(&piece) {
            out.push(piece);
        }
    }
    if out.is_empty() {
        return Err(PromotionError::Empty);
    }
    Ok(out)
}

/// Writes a promotions list as the `Promotions` header does: `Q,N,R,B`.
pub fn write_promotions(pieces: &[Piece]) -> String {
    pieces
        .iter()
        .map(|p| p.letter().to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_board_reads() {
        for b in NAMED_BOARDS {
            let setup = named_setup(b).unwrap_or_else(|e| panic!("{}: {e}", b.name));
            assert!(!setup.start.is_empty(), "{}", b.name);
            assert_eq!(find(b.name).map(|f| f.name), Some(b.name));
            assert_eq!(find(&slug(b.name)).map(|f| f.name), Some(b.name));
        }
    }

    #[test]
    fn names_are_matched_loosely() {
        for (typed, name) in [
            ("turn-zero", "Standard - Turn Zero"),
            ("TurnZero", "Standard - Turn Zero"),
            ("STANDARD", "Standard"),
            ("timeline battleground", "Misc - Timeline Battlegrounds"),
            ("Timeline Battlegrounds", "Misc - Timeline Battlegrounds"),
            ("Timeline_Battleground", "Misc - Timeline Battlegrounds"),
            ("half reflected", "Standard - Half Reflected"),
            ("just-kings", "Focused - Just Kings"),
        ] {
            assert_eq!(find(typed).map(|b| b.name), Some(name), "{typed}");
        }
        // Two boards end in "Open": the family is needed.
        assert!(find("open").is_none());
        assert!(find("").is_none());
        assert!(find("chess960").is_none());
    }
}
