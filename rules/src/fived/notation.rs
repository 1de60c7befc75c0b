//! 5DPGN moves (F-12): written canonically, read leniently.
//!
//! Canonical: `(0T1)e4`, `(0T5)Nxf3`, `(0T7)O-O`, `(-1T4)Qd4>>x(0T2)d4`,
//! `(1T6)Pd5>(0T6)d5`, `(0T9)e8=Q`. Always the board, SAN for moves on
//! the board, and for jumps the man's letter and cell, `>` or `>>`, `x`
//! for a capture and the target; no `+`, `#`, `*` or `~`. Where the short
//! form trips another reader (ftxi's 5DPGN parser) a longer one is
//! written: castling as the king's move (`(0T7)Ke1g1`) unless it is the
//! turn's last move from e1 or e8, en passant by its two cells
//! (`(0T5)e5d6`, no `x`: the cell taken on is empty), and in games that
//! start with two timelines every timeline signed (`(+1T3)`, `(-0T3)`).
//!
//! Read: anything a move pattern of Branched 5DPGN allows (board, man,
//! source file or rank left out while the move stays unique), with `L`
//! in the board (`(L-1T4)`, `(L0 T4)`, `(L-1)`), full coordinates
//! (`(0T1)b2b4`, `(0T6)Ke1(0T6)g1`), `O-O`/`0-0`, `=Q` or a bare `Q`,
//! and marks that carry no move (`+`, `#`, `*`, `~`, `!`, `?`, `e.p.`).
//! A `>` for `>>`, or `x` where nothing is captured (or its absence), is
//! forgiven when the move is otherwise unique.

use super::action::MoveKind;
use super::action::{Move, Spot};
use super::board::{cell_name, file_of, rank_of};
use super::man::Piece;
use super::position::{FiveD, LineName, step, step_turn};
use crate::{ActionError, Rule};

impl FiveD {
    /// `(0T5)f2`: how notation names a cell of a board.
    pub fn spot_name(&self, spot: Spot) -> String {
        format!(
            "{}{}",
            self.board_name(spot.line, spot.step),
            cell_name(spot.cell)
        )
    }

    /// The canonical text of `mv`, a board move of this draft, as the
    /// turn's last move (castling as `O-O`).
    pub(crate) fn move_text(&self, mv: &Move) -> String {
        self.move_text_in_turn(mv, true)
    }

    /// The canonical text of `mv`, a board move of this draft; `last`
    /// whether no move of the same turn is written after it. Castling is
    /// `O-O`/`O-O-O` only from e1 or e8 and last in its turn, else the
    /// king's move (`Ke1g1`); en passant is written by its cells (`e5d6`),
    /// without a capture mark.
    pub(crate) fn move_text_in_turn(&self, mv: &Move, last: bool) -> String {
        let mut s = self.board_name(mv.from.line, mv.from.step);
        let Some(from_board) = self.board(mv.from.line, mv.from.step) else {
            return s;
        };
        let Some(man) = from_board.man(mv.from.cell) else {
            return s;
        };
        let promotion = mv
            .promotion
            .map(|p| format!("={}", p.letter()))
            .unwrap_or_default();
        if mv.is_jump() {
            let capture = self
                .board(mv.to.line, mv.to.step)
                .is_some_and(|b| b.code(mv.to.cell) != 0);
            s.push(man.piece.letter());
            s.push_str(&cell_name(mv.from.cell));
            s.push_str(match self.kind_of(mv) {
                MoveKind::Branch { .. } => ">>",
                _ => ">",
            });
            if capture {
                s.push('x');
            }
            s.push_str(&self.board_name(mv.to.line, mv.to.step));
            s.push_str(&cell_name(mv.to.cell));
            s.push_str(&promotion);
            return s;
        }
        let df = i32::from(file_of(mv.to.cell)) - i32::from(file_of(mv.from.cell));
        if man.piece == Piece::King && df.abs() == 2 {
            // ftxi's reader takes `O-O` only for a king from e1 or e8, and
            // its lexer swallows the character after `O-O`, so a move
            // written after it in the same turn is lost: the king's long
            // form there.
            let rank = rank_of(mv.from.cell);
            if file_of(mv.from.cell) == 4 && (rank == 0 || rank == 7) && last {
                s.push_str(if df > 0 { "O-O" } else { "O-O-O" });
            } else {
                s.push('K');
                s.push_str(&cell_name(mv.from.cell));
                s.push_str(&cell_name(mv.to.cell));
            }
            return s;
        }
        let takes = from_board.code(mv.to.cell) != 0;
        if man.piece.is_pawnlike() && df != 0 && !takes {
            // En passant: the cell it goes to is empty. Readers that hold a
            // capture mark to a man on the target cell (ftxi's) refuse
            // `fxe6`; the origin cell keeps the move unique without it.
            if man.piece != Piece::Pawn {
                s.push(man.piece.letter());
            }
            s.push_str(&cell_name(mv.from.cell));
            s.push_str(&cell_name(mv.to.cell));
            s.push_str(&promotion);
            return s;
        }
        let capture = takes || (man.piece.is_pawnlike() && df != 0);
        if man.piece == Piece::Pawn {
            if capture {
                s.push((b'a' + file_of(mv.from.cell)) as char);
            }
        } else {
            s.push(man.piece.letter());
            s.push_str(&self.disambiguation(mv, man.piece));
        }
        if capture {
            s.push('x');
        }
        s.push_str(&cell_name(mv.to.cell));
        s.push_str(&promotion);
        s
    }

    /// SAN's file, rank or both, when another man of the same kind on the
    /// board could move to the same cell.
    fn disambiguation(&self, mv: &Move, piece: Piece) -> String {
        let Some(board) = self.board(mv.from.line, mv.from.step) else {
            return String::new();
        };
        let rivals: Vec<Move> = self
            .board_moves_from(mv.from.line)
            .into_iter()
            .filter(|m| {
                !m.is_jump()
                    && m.to == mv.to
                    && m.from != mv.from
                    && board.man(m.from.cell).is_some_and(|x| x.piece == piece)
            })
            .collect();
        if rivals.is_empty() {
            return String::new();
        }
        let file = file_of(mv.from.cell);
        let rank = rank_of(mv.from.cell);
        let f = ((b'a' + file) as char).to_string();
        if rivals.iter().all(|m| file_of(m.from.cell) != file) {
            f
        } else if rivals.iter().all(|m| rank_of(m.from.cell) != rank) {
            (rank + 1).to_string()
        } else {
            cell_name(mv.from.cell)
        }
    }

    /// Reads one board move of the side to move on this draft.
    pub(crate) fn read_move(&self, text: &str) -> Result<Move, ActionError> {
        let pattern = Pattern::read(text).map_err(|reason| ActionError::syntax(text, reason))?;
        if let Some(p) = pattern.promotion
            && !self.setup.promotions.contains(&p)
        {
            let allowed: Vec<&str> = self.setup.promotions.iter().map(|p| p.name()).collect();
            return Err(ActionError::illegal(
                Rule::F_9,
                format!(
                    "pawns promote to {} in this game, not to a {}",
                    allowed.join(" or "),
                    p.name()
                ),
            ));
        }
        if let Some(BoardRef {
            line: Some(line),
            turn: Some(turn),
        }) = pattern.from_board
            && let Some(problem) =
                self.unplayable(line.line(self.setup.even), step(turn, self.to_move))
        {
            return Err(problem);
        }
        let candidates = self.board_moves();
        for strict in [true, false] {
            let found: Vec<&Move> = candidates
                .iter()
                .filter(|m| pattern.matches(self, m, strict))
                .collect();
            match found.len() {
                0 => continue,
                1 => return Ok(*found[0]),
                _ => {
                    if pattern.piece.is_none() {
                        let pawns: Vec<&&Move> = found
                            .iter()
                            .filter(|m| self.piece_at(m) == Some(Piece::Pawn))
                            .collect();
                        if let [one] = pawns[..] {
                            return Ok(**one);
                        }
                    }
                    let mut shown: Vec<String> =
                        found.iter().take(6).map(|m| self.move_text(m)).collect();
                    if found.len() > 6 {
                        shown.push("…".to_owned());
                    }
                    return Err(ActionError::Ambiguous(format!(
                        "{:?} fits {} moves: {}",
                        crate::quote(text),
                        found.len(),
                        shown.join(", ")
                    )));
                }
            }
        }
        Err(ActionError::illegal(
            Rule::F_6,
            format!(
                "no man of yours on a board you may move on can make {:?}",
                crate::quote(text.trim())
            ),
        ))
    }

    fn piece_at(&self, mv: &Move) -> Option<Piece> {
        self.board(mv.from.line, mv.from.step)?
            .man(mv.from.cell)
            .map(|m| m.piece)
    }
}

/// A board as notation names it: a timeline, a turn, or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct BoardRef {
    line: Option<LineName>,
    turn: Option<i32>,
}

impl BoardRef {
    fn matches(self, game: &FiveD, line: i32, step: i32) -> bool {
        self.line.is_none_or(|l| l.line(game.setup.even) == line)
            && self.turn.is_none_or(|t| t == step_turn(step))
    }
}

/// The jump marks: `>` (onto a last board) and `>>` (branching).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Jump {
    Onto,
    Branch,
}

/// What a move's text says, every part but the target cell optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Pattern {
    from_board: Option<BoardRef>,
    piece: Option<Piece>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    jump: Option<Jump>,
    capture: bool,
    to_board: Option<BoardRef>,
    to_file: u8,
    to_rank: u8,
    promotion: Option<Piece>,
    /// `O-O` (true) or `O-O-O` (false).
    castle: Option<bool>,
}

/// A piece of a move's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    File(u8),
    Rank(u8),
    Capture,
    Jump(Jump),
    Board(BoardRef),
    Promotion(Piece),
    Dash,
}

impl Pattern {
    fn read(text: &str) -> Result<Pattern, String> {
        let mut rest = strip_marks(text.trim());
        if rest.is_empty() {
            return Err("no move".to_owned());
        }
        let mut p = Pattern::default();
        if rest.starts_with('(') {
            let (b, more) = read_board(rest)?;
            p.from_board = Some(b);
            rest = more;
        }
        let castle = rest.replace('0', "O");
        if castle == "O-O" || castle == "O-O-O" {
            p.castle = Some(castle == "O-O");
            return Ok(p);
        }
        for (letters, piece) in [
            ("RQ", Piece::RoyalQueen),
            ("PR", Piece::Princess),
            ("BR", Piece::Brawn),
            ("CK", Piece::CommonKing),
        ] {
            if let Some(more) = rest.strip_prefix(letters) {
                p.piece = Some(piece);
                rest = more;
            }
        }
        if p.piece.is_none()
            && let Some(c) = rest.chars().next()
            && c.is_ascii_uppercase()
        {
            p.piece = Some(Piece::from_letter(c).ok_or_else(|| format!("no man is written {c}"))?);
            rest = &rest[1..];
        }
        let mut tokens = lex(rest)?;
        if let Some(Token::Promotion(piece)) = tokens.last().copied() {
            p.promotion = Some(piece);
            tokens.pop();
        }
        let (Some(Token::Rank(rank)), Some(Token::File(file))) = (tokens.pop(), tokens.pop())
        else {
            return Err("a move ends with the cell it goes to, like e4".to_owned());
        };
        p.to_file = file;
        p.to_rank = rank;
        if let Some(Token::Board(b)) = tokens.last().copied() {
            p.to_board = Some(b);
            tokens.pop();
        }
        loop {
            match tokens.last().copied() {
                Some(Token::Capture) => p.capture = true,
                Some(Token::Jump(j)) if p.jump.is_none() => p.jump = Some(j),
                Some(Token::Dash) => {}
                _ => break,
            }
            tokens.pop();
        }
        if let Some(Token::Rank(r)) = tokens.last().copied() {
            p.from_rank = Some(r);
            tokens.pop();
        }
        if let Some(Token::File(f)) = tokens.last().copied() {
            p.from_file = Some(f);
            tokens.pop();
        }
        if !tokens.is_empty() {
            return Err("its parts are not in the order of a move".to_owned());
        }
        Ok(p)
    }

    /// Whether `mv`, one of `game`'s board moves, fits. Not `strict`, the
    /// jump mark and the capture mark are not held to.
    fn matches(&self, game: &FiveD, mv: &Move, strict: bool) -> bool {
        let Some(board) = game.board(mv.from.line, mv.from.step) else {
            return false;
        };
        let Some(man) = board.man(mv.from.cell) else {
            return false;
        };
        if self
            .from_board
            .is_some_and(|b| !b.matches(game, mv.from.line, mv.from.step))
        {
            return false;
        }
        if let Some(kingside) = self.castle {
            let df = i32::from(file_of(mv.to.cell)) - i32::from(file_of(mv.from.cell));
            return man.piece == Piece::King
                && !mv.is_jump()
                && df == if kingside { 2 } else { -2 };
        }
        if self.piece.is_some_and(|p| p != man.piece)
            || self.from_file.is_some_and(|f| f != file_of(mv.from.cell))
            || self.from_rank.is_some_and(|r| r != rank_of(mv.from.cell))
            || self.to_file != file_of(mv.to.cell)
            || self.to_rank != rank_of(mv.to.cell)
        {
            return false;
        }
        match self.promotion {
            Some(p) => {
                if mv.promotion != Some(p) {
                    return false;
                }
            }
            None => {
                if mv.promotion.is_some() && mv.promotion != game.setup.promotions.first().copied()
                {
                    return false;
                }
            }
        }
        match (self.to_board, self.jump) {
            (Some(b), _) => {
                if !b.matches(game, mv.to.line, mv.to.step) {
                    return false;
                }
            }
            (None, None) => {
                if mv.is_jump() {
                    return false;
                }
            }
            (None, Some(_)) => {
                if !mv.is_jump() {
                    return false;
                }
            }
        }
        if !strict {
            return true;
        }
        if let Some(j) = self.jump {
            let kind = game.kind_of(mv);
            let fits = match j {
                Jump::Onto => kind == MoveKind::Hop,
                Jump::Branch => matches!(kind, MoveKind::Branch { .. }),
            };
            if !fits {
                return false;
            }
        }
        if self.capture {
            let captures = game
                .board(mv.to.line, mv.to.step)
                .is_some_and(|b| b.code(mv.to.cell) != 0)
                || (man.piece.is_pawnlike()
                    && !mv.is_jump()
                    && file_of(mv.to.cell) != file_of(mv.from.cell));
            if !captures {
                return false;
            }
        }
        true
    }
}

/// Drops the marks after a move that say nothing of it: `+ # * ~ ! ?`
/// and `e.p.`.
fn strip_marks(mut s: &str) -> &str {
    loop {
        let before = s.len();
        s = s.trim_end_matches(['+', '#', '*', '~', '!', '?']);
        if let Some(t) = s.strip_suffix("e.p.") {
            s = t;
        }
        if s.len() == before {
            return s;
        }
    }
}

/// Reads `(0T5)`, `(L-1T4)`, `(L0 T4)`, `(-1)`, `(L2)`, `(T3)` from the
/// start of `s`.
fn read_board(s: &str) -> Result<(BoardRef, &str), String> {
    let end = s.find(')').ok_or("a board opens with ( and never closes")?;
    let inner: String = s[1..end].chars().filter(|c| !c.is_whitespace()).collect();
    let inner = inner.strip_prefix('L').unwrap_or(&inner);
    let (line, turn) = match inner.split_once('T') {
        Some((l, t)) => (l, Some(t)),
        None => (inner, None),
    };
    let line = if line.is_empty() {
        None
    } else {
        Some(LineName::parse(line).ok_or_else(|| format!("{line:?} is no timeline"))?)
    };
    let turn = match turn {
        None => None,
        Some(t) => Some(
            t.parse::<i32>()
                .ok()
                .filter(|t| (0..=1_000_000).contains(t))
                .ok_or_else(|| format!("{t:?} is no turn"))?,
        ),
    };
    if line.is_none() && turn.is_none() {
        return Err("an empty board ()".to_owned());
    }
    Ok((BoardRef { line, turn }, &s[end + 1..]))
}

fn lex(mut s: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    while let Some(c) = s.chars().next() {
        match c {
            'a'..='h' => {
                out.push(Token::File(c as u8 - b'a'));
                s = &s[1..];
            }
            '1'..='8' => {
                out.push(Token::Rank(c as u8 - b'1'));
                s = &s[1..];
            }
            'x' | ':' => {
                out.push(Token::Capture);
                s = &s[1..];
            }
            '-' => {
                out.push(Token::Dash);
                s = &s[1..];
            }
            '>' => {
                if let Some(t) = s.strip_prefix(">>") {
                    out.push(Token::Jump(Jump::Branch));
                    s = t;
                } else {
                    out.push(Token::Jump(Jump::Onto));
                    s = &s[1..];
                }
            }
            '(' => {
                let (b, more) = read_board(s)?;
                out.push(Token::Board(b));
                s = more;
            }
            '=' => {
                let t = s[1..].trim_start_matches('(');
                let piece = t
                    .chars()
                    .next()
                    .and_then(Piece::from_letter)
                    .ok_or("= is followed by the man promoted to, like =Q")?;
                out.push(Token::Promotion(piece));
                s = t[1..].trim_start_matches(')');
            }
            c if c.is_ascii_uppercase() && Piece::from_letter(c).is_some() => {
                if let Some(piece) = Piece::from_letter(c) {
                    out.push(Token::Promotion(piece));
                }
                s = &s[1..];
            }
            c => return Err(format!("{c:?} has no place in a move")),
        }
    }
    Ok(out)
}

/// Whether the inside of a parenthesis is an informative token that
/// carries no move: the timeline a jump opened (`>L2`, or `+L2` as some
/// tools write it) or where the present went (`~T3`).
pub(crate) fn is_informative(inner: &str) -> bool {
    let inner = inner.trim();
    inner.starts_with('>') || inner.starts_with('~') || inner.starts_with("+L")
}

/// Why a turn's text cannot be split into its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum SplitError {
    /// A `(` is never closed, or another opens inside it.
    #[error("a ( that never closes")]
    Unclosed,
    /// A board in parentheses runs past any board's length.
    #[error("a board in parentheses that runs on")]
    RunsOn,
}

/// Splits a turn's text into its moves: whitespace apart, but never
/// inside a board's parentheses (`(L0 T1)e4`); `{comments}`, the
/// informative `(>L2)`, `(+L2)` and `(~T3)`, move numbers (`12.`, `12w.`, `12b.`,
/// `12...`), `/`, and lone marks are dropped.
pub(crate) fn split_turn(text: &str) -> Result<Vec<String>, SplitError> {
    let mut moves = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let mut comment = 0usize;
    while let Some(c) = chars.next() {
        if comment > 0 {
            match c {
                '{' => comment += 1,
                '}' => comment -= 1,
                _ => {}
            }
            continue;
        }
        match c {
            '{' => {
                comment = 1;
                flush(&mut current, &mut moves);
            }
            '(' => {
                let mut group = String::from('(');
                loop {
                    match chars.next() {
                        Some(')') => break,
                        Some('(') | None => return Err(SplitError::Unclosed),
                        Some(c) => group.push(c),
                    }
                    if group.len() > 40 {
                        return Err(SplitError::RunsOn);
                    }
                }
                group.push(')');
                if is_informative(&group[1..group.len() - 1]) {
                    flush(&mut current, &mut moves);
                } else {
                    current.push_str(&group);
                }
            }
            c if c.is_whitespace() || c == '/' => flush(&mut current, &mut moves),
            c => current.push(c),
        }
    }
    flush(&mut current, &mut moves);
    Ok(moves)
}

fn flush(current: &mut String, moves: &mut Vec<String>) {
    let word = std::mem::take(current);
    let word = drop_move_number(&word);
    if !word.is_empty() && !word.chars().all(|c| "+#*~!?".contains(c)) {
        moves.push(word.to_owned());
    }
}

/// `12.`, `12w.`, `12b.`, `12...` before a move, or alone.
fn drop_move_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return word;
    }
    let rest = &word[digits..];
    let rest = rest
        .strip_prefix('w')
        .or_else(|| rest.strip_prefix('b'))
        .unwrap_or(rest);
    match rest.strip_prefix('.') {
        Some(r) => r.trim_start_matches('.'),
        None => word,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Pattern {
        Pattern::read(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn patterns_read_every_form() {
        let p = read("(-1T4)Nc3>>x(0T2)c3+~");
        assert_eq!(p.piece, Some(Piece::Knight));
        assert_eq!((p.from_file, p.from_rank), (Some(2), Some(2)));
        assert_eq!(p.jump, Some(Jump::Branch));
        assert!(p.capture);
        assert_eq!(
            p.to_board,
            Some(BoardRef {
                line: Some(LineName::Bare(0)),
                turn: Some(2)
            })
        );
        let p = read("(0T1)b2b4");
        assert_eq!(
            (p.from_file, p.from_rank, p.to_file, p.to_rank),
            (Some(1), Some(1), 1, 3)
        );
        let p = read("(0T6)Ke1(0T6)g1");
        assert!(p.to_board.is_some() && p.jump.is_none());
        let p = read("Q>>xf2+");
        assert_eq!(
            (p.jump, p.capture, p.to_board),
            (Some(Jump::Branch), true, None)
        );
        let p = read("(L-1)Nh3");
        assert_eq!(p.from_board.and_then(|b| b.turn), None);
        assert_eq!(read("(0T5)O-O").castle, Some(true));
        assert_eq!(read("0-0-0").castle, Some(false));
        assert_eq!(read("e8=Q").promotion, Some(Piece::Queen));
        assert_eq!(read("exd8Q").promotion, Some(Piece::Queen));
        assert_eq!(read("(L0 T4)RQd4").piece, Some(Piece::RoyalQueen));
        assert_eq!(read("Rhxg2").from_file, Some(7));
        assert_eq!(read("K1h1").from_rank, Some(0));
        assert_eq!(read("f>>f6").from_file, Some(5));
        assert!(read("e5xd6e.p.").capture);
        for bad in [
            "", "Z4", "e9", "(0T1", "(0T1)", "e4e", "()e4", "(xT1)e4", "e4!e5",
        ] {
            assert!(Pattern::read(bad).is_err(), "{bad}");
        }
    }

    /// The game after `turns` from the start `options` sets.
    fn played(options: &str, turns: &[&str]) -> FiveD {
        use crate::Rules;
        let options = crate::fived::FiveDOptions::parse(options).unwrap();
        let mut game = FiveD::new(&options, 0);
        for turn in turns {
            let action = game.parse(turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
            game.apply(&action).unwrap();
        }
        game
    }

    /// The canonical text of `turn` played next in `game`, checked to read
    /// back to the same turn.
    fn written(game: &FiveD, turn: &str) -> String {
        use crate::Rules;
        let action = game.parse(turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
        let text = game.notation(&action);
        assert_eq!(game.parse(&text), Ok(action), "{text}");
        text
    }

    #[test]
    fn en_passant_is_written_by_its_cells() {
        let game = played("", &["e4", "a6", "e5", "d5"]);
        // The short form, with its capture mark, still reads.
        assert_eq!(written(&game, "(0T3)exd6"), "(0T3)e5d6");
        assert_eq!(written(&game, "exd6e.p."), "(0T3)e5d6");
        // A capture onto a man keeps its mark.
        let game = played("", &["e4", "d5"]);
        assert_eq!(written(&game, "exd5"), "(0T2)exd5");
    }

    #[test]
    fn castling_is_the_kings_move_unless_last_in_its_turn() {
        let opening = [
            "(-0T1)e4 (+0T1)e4",
            "(-0T1)e5 (+0T1)e5",
            "(-0T2)Nf3 (+0T2)Nf3",
            "(-0T2)Nc6 (+0T2)Nc6",
            "(-0T3)Bc4 (+0T3)Bc4",
            "(-0T3)Nf6 (+0T3)Nf6",
        ];
        let game = played("board:two-timelines", &opening);
        let text = written(&game, "(-0T4)O-O (+0T4)O-O");
        let moves: Vec<&str> = text.split(' ').collect();
        assert_eq!(moves.len(), 2, "{text}");
        assert!(moves[0].ends_with(")Ke1g1"), "{text}");
        assert!(moves[1].ends_with(")O-O"), "{text}");
        // Alone in its turn, castling stays `O-O`.
        let game = played(
            "",
            &["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "Bc5", "d3"],
        );
        assert_eq!(written(&game, "O-O"), "(0T5)O-O");
    }

    #[test]
    fn timelines_of_two_timeline_games_are_signed() {
        let game = played("board:two-timelines", &[]);
        assert_eq!(written(&game, "(-0T1)e4 (+0T1)d4"), "(-0T1)e4 (+0T1)d4");
        assert_eq!(game.board_name(1, 2), "(+1T1)");
        assert_eq!(game.board_name(-2, 2), "(-1T1)");
        // The bare name still reads as the positive timeline.
        let pattern = read("(1T1)e4");
        let line = pattern.from_board.and_then(|b| b.line);
        assert_eq!(line.map(|l| l.line(true)), Some(1));
        // Games with one starting timeline keep `1` and `-1`.
        let game = played("", &[]);
        assert_eq!(game.board_name(1, 2), "(1T1)");
        assert_eq!(game.board_name(-1, 2), "(-1T1)");
    }

    #[test]
    fn turns_split_into_moves() {
        let t = "12. (L0 T12)Nf3 {good} (0T12)Qd1>>(0T10)d3~ (>L1) (+L1) (~T10) / + 13b.";
        assert_eq!(
            split_turn(t).unwrap(),
            vec!["(L0 T12)Nf3", "(0T12)Qd1>>(0T10)d3~"]
        );
        assert!(split_turn("(0T1e4").is_err());
        assert_eq!(split_turn("1.(0T1)Ng1f3").unwrap(), vec!["(0T1)Ng1f3"]);
    }
}
