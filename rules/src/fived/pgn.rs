//! 5DPGN records (F-12): read as recorders and other tools write them,
//! written as other tools read them.
//!
//! Read: `[Key "value"]` headers (several on a line or none), 5DFEN
//! board strings `[pieces:L:T:w]`, turns `1. white / black`, `1w.`,
//! `1b.`, `1...`, or a `/` alone, a turn's moves in play order apart by
//! spaces, `{comments}` (nested too), side lines in parentheses (skipped,
//! except a last one that carries the game on, as Branched 5DPGN writes
//! its main line), the informative `(>L2)`, `(+L2)` and `(~T3)`, and
//! results.
//! The headers give the options: `Options` (as Chronomate writes them), or
//! `Board` (or a `Variant` naming a board), `Size`, `Promotions` and the
//! 5DFEN boards (with `Board "custom"` or no `Board`).

use super::boards::{self, find, read_promotions};
use super::notation::is_informative;
use super::options::{FiveDOptions, Start};
use crate::error::RecordError;
use crate::{OptionError, Options, Variant};

/// The deepest side lines may nest.
const MAX_DEPTH: usize = 64;

/// A 5DPGN record as read: its headers, 5DFEN boards and whole turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The tag pairs `[Key "value"]`, in the order written.
    pub headers: Vec<(String, String)>,
    /// The 5DFEN board strings, brackets included.
    pub boards: Vec<String>,
    /// Each turn's moves, apart by single spaces, in play order.
    pub turns: Vec<String>,
    /// The result token, if the movetext ends with one.
    pub result: Option<String>,
}

/// A piece of movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    /// A turn number: White's (`1.`, `1w.`) or Black's (`1b.`, `1...`, `/`).
    White,
    Black,
    Word(String),
    Result(String),
    /// A side line in parentheses.
    Side(Vec<Item>),
    /// The end of a line: a turn's end in a record without turn numbers
    /// (one turn a line).
    LineEnd,
}

/// Reads a record.
pub fn read(text: &str) -> Result<Record, RecordError> {
    let mut record = Record::default();
    let mut chars = text.chars().peekable();
    let mut stack: Vec<Vec<Item>> = vec![Vec::new()];
    let mut word = String::new();
    let push_word = |word: &mut String, stack: &mut Vec<Vec<Item>>| {
        let w = std::mem::take(word);
        if let Some(level) = stack.last_mut() {
            split_word(&w, level);
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                push_word(&mut word, &mut stack);
                skip_comment(&mut chars);
            }
            '[' if word.is_empty() => {
                let mut inner = String::new();
                for c in chars.by_ref() {
                    if c == ']' {
                        break;
                    }
                    inner.push(c);
                    if inner.len() > 4096 {
                        return Err(RecordError::Syntax("a header that never closes".to_owned()));
                    }
                }
                if inner.contains('"') {
                    let (key, value) = header(&inner)?;
                    record.headers.push((key, value));
                } else if inner.contains(':') {
                    record.boards.push(format!(
                        "[{}]",
                        inner.split_whitespace().collect::<String>()
                    ));
                } else {
                    return Err(RecordError::Syntax(format!(
                        "[{}] is neither a header nor a 5DFEN board",
                        crate::quote(&inner)
                    )));
                }
            }
            '(' => {
                let mut group = String::new();
                let mut closed = false;
                while let Some(&n) = chars.peek() {
                    if n == ')' || n == '(' || n == '{' || n.is_whitespace() && group.contains('.')
                    {
                        break;
                    }
                    group.push(n);
                    chars.next();
                    if group.len() > 40 {
                        break;
                    }
                }
                if chars.peek() == Some(&')') && !group.contains(['.', '/']) {
                    chars.next();
                    closed = true;
                }
                if closed {
                    if is_informative(&group) {
                        push_word(&mut word, &mut stack);
                    } else {
                        word.push('(');
                        word.push_str(&group);
                        word.push(')');
                    }
                } else {
                    push_word(&mut word, &mut stack);
                    if stack.len() > MAX_DEPTH {
                        return Err(RecordError::Syntax("side lines nested too deep".to_owned()));
                    }
                    stack.push(Vec::new());
                    for g in group.chars() {
                        if g.is_whitespace() || g == '/' {
                            push_word(&mut word, &mut stack);
                            if g == '/'
                                && let Some(level) = stack.last_mut()
                            {
                                level.push(Item::Black);
                            }
                        } else {
                            word.push(g);
                        }
                    }
                }
            }
            ')' => {
                push_word(&mut word, &mut stack);
                if stack.len() > 1 {
                    if let Some(side) = stack.pop()
                        && let Some(level) = stack.last_mut()
                    {
                        level.push(Item::Side(side));
                    }
                } else {
                    return Err(RecordError::Syntax("a ) with no ( before it".to_owned()));
                }
            }
            '/' if !word.is_empty() && chars.peek() == Some(&'2') => word.push('/'),
            '/' => {
                push_word(&mut word, &mut stack);
                if let Some(level) = stack.last_mut() {
                    level.push(Item::Black);
                }
            }
            ';' => push_word(&mut word, &mut stack),
            '\n' => {
                push_word(&mut word, &mut stack);
                if let Some(level) = stack.last_mut() {
                    level.push(Item::LineEnd);
                }
            }
            c if c.is_whitespace() => push_word(&mut word, &mut stack),
            c => word.push(c),
        }
    }
    push_word(&mut word, &mut stack);
    while stack.len() > 1 {
        if let Some(side) = stack.pop()
            && let Some(level) = stack.last_mut()
        {
            level.push(Item::Side(side));
        }
    }
    let items = stack.pop().unwrap_or_default();
    let mut line = Vec::new();
    main_line(items, &mut line);
    let numbered = line.iter().any(|i| matches!(i, Item::White | Item::Black));
    let mut current: Option<Vec<String>> = None;
    let close = |current: &mut Option<Vec<String>>, turns: &mut Vec<String>| {
        if let Some(moves) = current.take()
            && !moves.is_empty()
        {
            turns.push(moves.join(" "));
        }
    };
    for item in line {
        match item {
            Item::White | Item::Black => {
                close(&mut current, &mut record.turns);
                current = Some(Vec::new());
            }
            Item::Word(w) => current.get_or_insert_with(Vec::new).push(w),
            Item::Result(r) => {
                close(&mut current, &mut record.turns);
                record.result = Some(r);
            }
            Item::LineEnd if !numbered => close(&mut current, &mut record.turns),
            Item::Side(_) | Item::LineEnd => {}
        }
    }
    close(&mut current, &mut record.turns);
    Ok(record)
}

/// The main line: side lines are skipped, but one with nothing but
/// results after it carries the game on.
fn main_line(items: Vec<Item>, out: &mut Vec<Item>) {
    let last_move = items
        .iter()
        .rposition(|i| !matches!(i, Item::Result(_) | Item::LineEnd))
        .unwrap_or(0);
    for (i, item) in items.into_iter().enumerate() {
        match item {
            Item::Side(side) if i == last_move => main_line(side, out),
            Item::Side(_) => {}
            other => out.push(other),
        }
    }
}

/// Splits a word into turn numbers, a result or a move.
fn split_word(word: &str, level: &mut Vec<Item>) {
    if word.is_empty() {
        return;
    }
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
        level.push(Item::Result(word.to_owned()));
        return;
    }
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let rest = &word[digits..];
        let (side, rest) = if let Some(r) = rest.strip_prefix("...") {
            (Some(Item::Black), Some(r))
        } else if let Some(r) = rest.strip_prefix("b.") {
            (Some(Item::Black), Some(r))
        } else if let Some(r) = rest.strip_prefix("w.") {
            (Some(Item::White), Some(r))
        } else if let Some(r) = rest.strip_prefix('.') {
            (Some(Item::White), Some(r))
        } else {
            (None, None)
        };
        if let (Some(side), Some(rest)) = (side, rest) {
            level.push(side);
            let rest = rest.trim_start_matches('.');
            if !rest.is_empty() {
                level.push(Item::Word(rest.to_owned()));
            }
            return;
        }
    }
    if word.chars().all(|c| "+#*~!?".contains(c)) {
        return;
    }
    level.push(Item::Word(word.to_owned()));
}

fn skip_comment(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    let mut depth = 1usize;
    for c in chars.by_ref() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
            _ => {}
        }
    }
}

/// `Key "value"` inside a header's brackets.
fn header(inner: &str) -> Result<(String, String), RecordError> {
    let inner = inner.trim();
    let (key, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| RecordError::Syntax(format!("[{}] has no value", crate::quote(inner))))?;
    let value = rest.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value)
        .replace("\\\"", "\"")
        .replace("\\\\", "\\");
    Ok((key.to_owned(), value))
}

/// The options the headers of a record set.
///
/// # Errors
/// A header that names no board, a 5DFEN that cannot be read, a `Size`
/// that is not the boards', or promotions that cannot be read.
pub fn options(record: &Record) -> Result<FiveDOptions, RecordError> {
    let get = |name: &str| {
        record
            .headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(k, v)| (k.clone(), v.clone()))
    };
    let bad = |(key, value): (String, String), reason: String| RecordError::Header {
        key,
        value: crate::quote(&value),
        reason,
    };
    if let Some(h) = get("Options") {
        return match Options::parse(Variant::FiveD, &h.1) {
            Ok(Options::FiveD(options)) => Ok(options),
            Ok(other) => Err(bad(h, format!("options of {}", other.variant()))),
            Err(e) => Err(bad(h, e.to_string())),
        };
    }
    let board_header = get("Board").or_else(|| {
        get("Variant")
            .filter(|(_, v)| find(v).is_some() || v.to_ascii_lowercase().starts_with("custom"))
    });
    let custom = board_header
        .as_ref()
        .is_none_or(|(_, v)| v.to_ascii_lowercase().starts_with("custom"))
        && !record.boards.is_empty();
    let (start, size_header) = if custom {
        let fen: String = record.boards.concat();
        let setup = boards::custom_setup(&fen, None)
            .map_err(|r| bad(("5DFEN".to_owned(), fen.clone()), r.to_string()))?;
        (
            Start::Fen(fen),
            format!("the 5DFEN boards are {}", setup.size),
        )
    } else if let Some(h) = board_header {
        let named =
            find(&h.1).ok_or_else(|| bad(h.clone(), "no 5D board has that name".to_owned()))?;
        let setup = boards::named_setup(named).map_err(|r| bad(h.clone(), r.to_string()))?;
        let start = if named.name == "Standard" {
            Start::Standard
        } else {
            Start::Named(named)
        };
        (start, format!("{} is {}", named.name, setup.size))
    } else {
        (Start::Standard, String::new())
    };
    let syntax = |e: OptionError| RecordError::Syntax(e.to_string());
    let options = FiveDOptions::new(start.clone(), None).map_err(syntax)?;
    if let Some(s) = get("Size")
        && !size_header.is_empty()
        && s.1.trim() != options.setup().size.to_string()
    {
        return Err(bad(s, size_header));
    }
    match get("Promotions") {
        Some(h) => {
            let pieces = read_promotions(&h.1).map_err(|r| bad(h.clone(), r.to_string()))?;
            if pieces == options.setup().promotions {
                Ok(options)
            } else {
                FiveDOptions::new(start, Some(pieces)).map_err(|e| bad(h, e.to_string()))
            }
        }
        None => Ok(options),
    }
}

/// The headers that give a game's options in 5DPGN: `Mode`, `Board`, and
/// for a custom start `Size` and the 5DFEN boards; `Promotions` when set.
pub fn option_headers(options: &FiveDOptions) -> (Vec<(String, String)>, Vec<String>) {
    let mut headers = vec![("Mode".to_owned(), "5D".to_owned())];
    let mut fen_boards = Vec::new();
    let setup = options.setup();
    match (&setup.name, options.start()) {
        (Some(name), _) => headers.push(("Board".to_owned(), name.clone())),
        (None, start) => {
            headers.push(("Board".to_owned(), "custom".to_owned()));
            headers.push(("Size".to_owned(), setup.size.to_string()));
            let mut rest = match start {
                Start::Fen(fen) => fen.as_str(),
                Start::Standard | Start::Named(_) => "",
            };
            while let Some(end) = rest.find(']') {
                fen_boards.push(rest[..=end].to_owned());
                rest = &rest[end + 1..];
            }
        }
    }
    if options.promotions().is_some() || setup.name.is_none() {
        headers.push((
            "Promotions".to_owned(),
            boards::write_promotions(&setup.promotions),
        ));
    }
    (headers, fen_boards)
}

/// Writes a record: `headers` (the caller's, like `White`), the option
/// headers, the 5DFEN boards, then one line per turn, `1. white /
/// black`, and `result` if given. `first` is the side that moves first.
pub fn write(
    options: &FiveDOptions,
    headers: &[(String, String)],
    turns: &[String],
    first: crate::Color,
    result: Option<&str>,
) -> String {
    let mut out = String::new();
    let (own, boards) = option_headers(options);
    for (k, v) in headers.iter().chain(own.iter()) {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    for b in &boards {
        out.push_str(b);
        out.push('\n');
    }
    out.push('\n');
    let mut number = 1;
    let mut color = first;
    let mut line = String::new();
    for turn in turns {
        match color {
            crate::Color::White => {
                if !line.is_empty() {
                    out.push_str(&line);
                    out.push('\n');
                }
                line = format!("{number}. {turn}");
            }
            crate::Color::Black => {
                if line.is_empty() {
                    line = format!("{number}b. {turn}");
                } else {
                    line.push_str(&format!(" / {turn}"));
                }
                number += 1;
            }
        }
        color = color.other();
    }
    if let Some(r) = result {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(r);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Every position of the 5DPGN game `text`: the start, then the position
/// after each turn, up to the first turn that does not read or apply. For
/// the rules' tests, which replay the corpus's games.
#[cfg(test)]
pub(crate) fn replayed(text: &str) -> Vec<super::FiveD> {
    use crate::Rules;
    let record = read(text).expect("a 5DPGN record");
    let options = options(&record).expect("its options");
    let mut game = super::FiveD::new(&options, 0);
    let mut out = vec![game.clone()];
    for turn in &record.turns {
        let Ok(action) = game.parse(turn) else { break };
        if game.apply(&action).is_err() {
            break;
        }
        out.push(game.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_headers_and_side_lines_are_read() {
        let text = "[Mode \"5D\"] [Board \"Standard - Turn Zero\"]\n\n1. e3 {note {nested}} / Nf6\n2w. Bb5\n(2b. d5 {side})\n2b. c6\n3. (0T3)Qd1>>(0T1)d3~ (>L1) (+L1) (~T1) / (1T1)e6 1-0\n";
        let r = read(text).unwrap();
        assert_eq!(
            r.turns,
            vec!["e3", "Nf6", "Bb5", "c6", "(0T3)Qd1>>(0T1)d3~", "(1T1)e6"]
        );
        assert_eq!(r.result.as_deref(), Some("1-0"));
        let o = options(&r).unwrap();
        assert_eq!(o.to_string(), "board:standard-turn-zero");
    }

    #[test]
    fn a_last_side_line_carries_the_game_on() {
        let r = read("1. e3 ( / Nf6 ( 2.Nf3 ( / d5)))").unwrap();
        assert_eq!(r.turns, vec!["e3", "Nf6", "Nf3", "d5"]);
        let r = read("1.(0T1)Ng1f3 / (0T1)e7e6 \n2.(0T2)b2b3").unwrap();
        assert_eq!(r.turns, vec!["(0T1)Ng1f3", "(0T1)e7e6", "(0T2)b2b3"]);
        let r = read("1. (0T1)e4\n1... (0T1)e5\n2. (0T2)Nf3\n").unwrap();
        assert_eq!(r.turns, vec!["(0T1)e4", "(0T1)e5", "(0T2)Nf3"]);
        // Without turn numbers, one turn a line.
        let r =
            read("[Board \"Standard\"]\n(0T1)e4\n\n(0T1)e5 {x\ny}\n(0T2)Nf3 (0T2)Nc3\n").unwrap();
        assert_eq!(r.turns, vec!["(0T1)e4", "(0T1)e5", "(0T2)Nf3 (0T2)Nc3"]);
    }

    #[test]
    fn custom_starts_and_bad_headers() {
        let r = read("[Size \"5x5\"]\n[Board \"custom\"]\n[4k/5/5/5/K1R2:0:1:w]\n1. Kb2").unwrap();
        let o = options(&r).unwrap();
        assert_eq!(o.to_string(), "fen:[4k/5/5/5/K1R2:0:1:w]");
        let r = read("[Size \"6x6\"]\n[Board \"custom\"]\n[4k/5/5/5/K1R2:0:1:w]").unwrap();
        assert!(matches!(options(&r), Err(RecordError::Header { key, .. }) if key == "Size"));
        let r = read("[Board \"Nowhere\"]").unwrap();
        assert!(matches!(options(&r), Err(RecordError::Header { key, .. }) if key == "Board"));
        let r = read("[Board \"Standard\"]\n[Promotions \"Q,N,R,B\"]").unwrap();
        assert_eq!(options(&r).unwrap().to_string(), "promotions:QNRB");
        assert!(read("1. e4 )").is_err());
        assert!(read("[Board \"Standard\"").is_ok());
    }

    #[test]
    fn written_records_read_back() {
        let o = FiveDOptions::parse("fen:[4k/5/5/5/K1R2:0:1:w] promotions:QR").unwrap();
        let turns = vec![
            "(0T1)Kb2".to_owned(),
            "(0T1)Ke4".to_owned(),
            "(0T2)Re1".to_owned(),
        ];
        let text = write(
            &o,
            &[("White".to_owned(), "a \"b\"".to_owned())],
            &turns,
            crate::Color::White,
            Some("*"),
        );
        let r = read(&text).unwrap();
        assert_eq!(r.turns, turns);
        assert_eq!(options(&r).unwrap(), o);
        assert!(
            text.contains("1. (0T1)Kb2 / (0T1)Ke4\n2. (0T2)Re1 *"),
            "{text}"
        );
    }
}
