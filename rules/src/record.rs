//! Reading records: the text files `chronomate replay` takes.
//!
//! A record has one action per line (some actions contain spaces, like
//! `d2// to 8`). Blank lines, a leading move number (`12.`, `12...`) and
//! `{comments}` are ignored. `standard` records may also be PGN: tag pairs,
//! several moves per line, `;` comments, `$` annotations, `( variations )`
//! and a closing result. `5d` records are 5DPGN ([`crate::fived`]'s
//! `pgn`): their actions are whole turns, and their headers set the
//! options (the board, a 5DFEN start, the promotions).
//!
//! [`read`] answers both the options a record's headers set and its
//! actions; [`actions`] the actions alone. [`fived_pgn`] writes a 5D
//! game as 5DPGN.

use crate::fived::{FiveD, FiveDOptions};
use crate::{Color, OptionError, Options, Rules, Variant};

/// What a record file says: the options its headers set and its actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The options the headers set; none where the record has no headers.
    pub options: Options,
    /// The actions, in the order played, as the record writes them.
    pub actions: Vec<String>,
}

pub use crate::error::RecordError;

/// Reads a record: the options its headers set (Chronomate's own
/// `[Options "..."]` header for every variant; for `5d` also `Board`,
/// `Size`, `Promotions` and 5DFEN boards), and its actions in order (for
/// `5d`, whole turns).
pub fn read(variant: Variant, text: &str) -> Result<Record, RecordError> {
    if variant == Variant::FiveD {
        let record = crate::fived::pgn::read(text)?;
        let options = crate::fived::pgn::options(&record)?;
        return Ok(Record {
            options: Options::FiveD(options),
            actions: record.turns,
        });
    }
    let options = match options_header(text) {
        Some(value) => {
            Options::parse(variant, &value).map_err(|e: OptionError| RecordError::Header {
                key: "Options".to_owned(),
                value: crate::quote(&value),
                reason: e.to_string(),
            })?
        }
        None => Options::none(variant),
    };
    Ok(Record {
        options,
        actions: actions(variant, text),
    })
}

/// The value of an `[Options "..."]` header line.
fn options_header(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
        let (key, value) = inner.split_once(char::is_whitespace)?;
        key.eq_ignore_ascii_case("Options")
            .then(|| value.trim().trim_matches('"').to_owned())
    })
}

/// Writes a 5D game as 5DPGN that other tools read: the caller's
/// `headers` (`White`, `Date`...), the headers the options need (`Mode`,
/// `Board`, `Size`, `Promotions`, 5DFEN boards), then one line per turn
/// (`1. (0T1)e4 / (0T1)e5`) and `result` if given. `turns` are canonical
/// whole-turn texts, as the game's record holds them.
pub fn fived_pgn(
    options: &FiveDOptions,
    headers: &[(String, String)],
    turns: &[String],
    result: Option<&str>,
) -> String {
    let first: Color = FiveD::new(options, 0).to_move();
    crate::fived::pgn::write(options, headers, turns, first, result)
}

/// Writes a game in its variant's own record format where the rules write
/// it themselves ([`RecordFormat::FivedPgn`](crate::RecordFormat)), as
/// [`fived_pgn`] does; `None` where the format is the caller's (PGN, or one
/// action a line).
pub fn own_format(
    options: &Options,
    headers: &[(String, String)],
    turns: &[String],
    result: Option<&str>,
) -> Option<String> {
    match options {
        Options::FiveD(options) => Some(fived_pgn(options, headers, turns, result)),
        _ => None,
    }
}

/// The action texts of a record, in order (for `5d`, whole turns).
pub fn actions(variant: Variant, text: &str) -> Vec<String> {
    if variant == Variant::FiveD {
        return crate::fived::pgn::read(text)
            .map(|r| r.turns)
            .unwrap_or_default();
    }
    let text = strip_braced_comments(text);
    match variant {
        Variant::Standard => pgn_tokens(&text),
        _ => text
            .lines()
            .filter(|line| !is_tag_pair(line.trim()))
            .map(|line| strip_move_number(line.trim()).trim())
            .filter(|line| !line.is_empty())
            .map(str::to_owned)
            .collect(),
    }
}

/// Removes `{...}` comments, which may span lines. An unclosed brace
/// comments out the rest of the text, as in PGN.
fn strip_braced_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push(' ');
                }
            }
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// A PGN tag pair, `[Event "..."]`, as the host's histories begin with.
/// Gifford's arrivals (`[P] e6`) start with a bracket too but never end
/// with one.
fn is_tag_pair(line: &str) -> bool {
    line.starts_with('[')
        && line.ends_with(']')
        && line[1..].starts_with(|c: char| c.is_ascii_alphabetic())
        && line.contains(" \"")
}

/// `12.`, `12...` or `12.e4`: the move number is dropped.
fn strip_move_number(s: &str) -> &str {
    let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return s;
    }
    let rest = &s[digits..];
    let dots = rest.len() - rest.trim_start_matches('.').len();
    if dots == 0 {
        return s;
    }
    &rest[dots..]
}

fn pgn_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut variation_depth = 0usize;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') && line.ends_with(']') || line.starts_with('%') {
            continue;
        }
        let line = line.split_once(';').map_or(line, |(before, _)| before);
        // Parentheses open and close variations even when glued to moves.
        let spaced = line.replace('(', " ( ").replace(')', " ) ");
        for token in spaced.split_whitespace() {
            match token {
                "(" => variation_depth += 1,
                ")" => variation_depth = variation_depth.saturating_sub(1),
                _ if variation_depth > 0 => {}
                "1-0" | "0-1" | "1/2-1/2" | "*" => {}
                t if t.starts_with('$') => {}
                t => {
                    let t = strip_move_number(t);
                    if !t.is_empty() {
                        out.push(t.to_owned());
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_records_drop_numbers_comments_and_blanks() {
        let text = "[Event \"x\"]\n1. d2// to 8\n\n1... e5 {a comment}\n{multi\nline} 2. [P] e6\n";
        assert_eq!(
            actions(Variant::Gifford, text),
            vec!["d2// to 8", "e5", "[P] e6"]
        );
    }

    #[test]
    fn records_give_their_options() {
        let r = read(
            Variant::Multiverse,
            "[Options \"branches:31\"]\n1. (L1)e4\n",
        )
        .unwrap();
        assert_eq!(r.options.to_string(), "branches:31");
        assert_eq!(r.actions, vec!["(L1)e4"]);
        assert!(matches!(
            read(Variant::Multiverse, "[Options \"branches:2\"]\n"),
            Err(RecordError::Header { .. })
        ));
        let r = read(Variant::FiveD, "[Board \"Turn Zero\"]\n1. e3 / Nf6\n").unwrap();
        assert_eq!(r.options.to_string(), "board:standard-turn-zero");
        assert_eq!(r.actions, vec!["e3", "Nf6"]);
    }

    #[test]
    fn pgn_movetext_is_read_for_standard() {
        let text = "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 2.Nf3 $1 (2. f4 exf4) Nc6 ; note\n3. Bb5 {Ruy} a6 1/2-1/2\n";
        assert_eq!(
            actions(Variant::Standard, text),
            vec!["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
        );
        assert_eq!(actions(Variant::Standard, "12... Qxd2+\n"), vec!["Qxd2+"]);
    }
}
