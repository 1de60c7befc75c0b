//! Words the host writes: rules summaries (from each variant's
//! [`Variant::about`]), records with headers, help.

use chronomate_engine::Level;
use chronomate_model::{DaysPerMove, EndReason, GameId, GameResult, GameStatus, PlayerKey};
use chronomate_rules::{Color, Outcome, RecordFormat, Variant, record};

use super::clock::{SECOND, pgn_date};
use chronomate_store::{ChallengeRow, GameRow, LoggedAction};

/// The line that reports an action: `NAME played ACTION in game #G (ply
/// P).` (scripts driving the console read it).
pub(super) fn played_line(name: &str, action: &str, game: GameId, ply: i64) -> String {
    format!("{name} played {action} in game #{game} (ply {ply}).")
}

/// A variant's rules in short, with the options a challenge may set.
pub(super) fn rules_words(variant: Variant) -> String {
    let about = variant.about();
    if about.options.is_empty() {
        about.summary.to_owned()
    } else {
        format!("{}\nOptions: {}.", about.summary, about.options)
    }
}

/// Every variant, one a line, with the options a challenge may set: for
/// `/help`.
pub fn variants_help() -> String {
    let mut lines = vec!["Variants (/rules NAME tells one's rules):".to_owned()];
    for v in Variant::ALL {
        let about = v.about();
        let mut line = format!("{} — {}", about.id, about.title);
        // The options in full are in /rules: with them all, the help
        // outgrows one Discord message.
        if !about.options.is_empty() {
            line.push_str(&format!(" (options: /rules {})", about.id));
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// Chronomate's levels with their Elo, weakest first: `(1, "Level 1
/// (about Elo 450)")`, for a menu of levels (Discord's `/challenge`
/// choices).
pub fn level_choices() -> Vec<(u8, String)> {
    Level::ALL.iter().map(|l| (l.get(), l.label())).collect()
}

/// Chronomate's levels and their Elo in one short line, for `/help`:
/// `Levels, about Elo in standard chess: 1: 450, 2: 700, ...`.
pub fn levels_help() -> String {
    let levels: Vec<String> = Level::ALL
        .iter()
        .map(|l| format!("{}: {}", l.get(), l.elo()))
        .collect();
    format!(
        "Levels, about Elo in standard chess: {}.",
        levels.join(", ")
    )
}

/// Every variant's id, as a list in a sentence: `a, b or c`.
pub(super) fn variant_ids_words() -> String {
    ids_words(Variant::ALL.iter().map(|v| v.id()))
}

/// The ids of the variants whose record is PGN movetext.
pub(super) fn pgn_ids_words() -> String {
    ids_words(
        Variant::ALL
            .iter()
            .filter(|v| v.about().record == RecordFormat::Pgn)
            .map(|v| v.id()),
    )
}

fn ids_words<'a>(ids: impl Iterator<Item = &'a str>) -> String {
    let ids: Vec<&str> = ids.collect();
    match ids.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => (*last).to_owned(),
        None => String::new(),
    }
}

/// How a stored game's record is written, as its variant says (a variant
/// the rules no longer know gets one action per line).
pub(super) fn record_format(variant: Variant) -> RecordFormat {
    variant.about().record
}

/// The record of a game with PGN-like headers.
pub(crate) fn history(row: &GameRow, log: &[LoggedAction], title: &str) -> String {
    let result = match row.status {
        GameStatus::Finished => row.result.map_or("*", GameResult::as_str).to_owned(),
        _ => "*".to_owned(),
    };
    let mut headers = vec![
        ("Event", game_event(row)),
        ("Site", "Chronomate".to_owned()),
        ("Date", pgn_date(row.created_at)),
        ("White", row.white_name.clone()),
        ("Black", row.black_name.clone()),
        ("Result", result.clone()),
    ];
    headers.extend(player_type_tags(row));
    headers.push(("Variant", row.variant.id().to_owned()));
    headers.push(("VariantName", title.to_owned()));
    let fived_pgn = record_format(row.variant) == RecordFormat::FivedPgn;
    // 5DPGN gives the options in headers of its own (`Board`, 5DFEN
    // boards, `Promotions`), which the rules write.
    if !row.options.is_empty() && !fived_pgn {
        headers.push(("Options", row.options.to_string()));
    }
    headers.push(("Seed", row.seed.to_string()));
    headers.push((
        "TimeControl",
        format!("1/{}", row.days.span().whole(SECOND)),
    ));
    match row.status {
        GameStatus::Live => {}
        _ => headers.push((
            "Termination",
            row.reason
                .as_ref()
                .map_or_else(|| "unknown".to_owned(), EndReason::words),
        )),
    }
    if fived_pgn {
        let headers: Vec<(String, String)> = headers
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect();
        let turns: Vec<String> = log.iter().map(|a| a.text.clone()).collect();
        let result = (row.status == GameStatus::Finished).then_some(result.as_str());
        if let Some(text) = record::own_format(&row.options, &headers, &turns, result) {
            return text;
        }
    }
    let mut out = String::new();
    for (k, v) in headers {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    out.push('\n');
    if record_format(row.variant) == RecordFormat::Pgn {
        // PGN movetext, as other chess software reads it.
        let mut tokens = movetext(log);
        tokens.push(result);
        out.push_str(&wrap(&tokens, 79));
    } else {
        // One action per line: the variants' actions may contain spaces
        // (`d2// to 8`), and this is the record `chronomate replay` reads.
        out.push_str(&numbered_lines(log));
    }
    out
}

/// Whether a game is unrated: one side is Chronomate.
pub(super) fn unrated(row: &GameRow) -> bool {
    row.white.is_chronomate() || row.black.is_chronomate()
}

/// A game's PGN event outside a tournament: `Chronomate game #7`, and
/// `(unrated)` against Chronomate.
pub(super) fn game_event(row: &GameRow) -> String {
    if unrated(row) {
        format!("Chronomate game #{} (unrated)", row.id)
    } else {
        format!("Chronomate game #{}", row.id)
    }
}

/// PGN's `WhiteType` and `BlackType` (`human` or `program`, PGN standard
/// 9.3) for a game against Chronomate; none otherwise.
pub(super) fn player_type_tags(row: &GameRow) -> Vec<(&'static str, String)> {
    if !unrated(row) {
        return Vec::new();
    }
    let kind = |key: &PlayerKey| {
        if key.is_chronomate() {
            "program"
        } else {
            "human"
        }
        .to_owned()
    };
    vec![
        ("WhiteType", kind(&row.white)),
        ("BlackType", kind(&row.black)),
    ]
}

/// Each action on its own line, numbered `3.` for white and `3...` for
/// black; a side's several actions in one turn (the multiverse) share the
/// turn's number.
fn numbered_lines(log: &[LoggedAction]) -> String {
    let mut out = String::new();
    let mut number = 0;
    let mut last_side = None;
    for a in log {
        if last_side != Some(a.side) && (a.side == Color::White || last_side.is_none()) {
            number += 1;
        }
        last_side = Some(a.side);
        let dots = if a.side == Color::White { "." } else { "..." };
        out.push_str(&format!("{number}{dots} {}\n", a.text));
    }
    out
}

/// `1. e4 e5 2. Nf3`: a move number before each of White's turns. A turn
/// of several actions (multi-board variants) is written in one piece, and
/// the sides' turns are then set apart by ` / `.
fn movetext(log: &[LoggedAction]) -> Vec<String> {
    let mut groups: Vec<(Color, Vec<&str>)> = Vec::new();
    for a in log {
        match groups.last_mut() {
            Some((side, texts)) if *side == a.side => texts.push(&a.text),
            _ => groups.push((a.side, vec![&a.text])),
        }
    }
    let multi = groups.iter().any(|(_, t)| t.len() > 1);
    let mut tokens = Vec::new();
    let mut number = 0;
    for (i, (side, texts)) in groups.iter().enumerate() {
        match side {
            Color::White => {
                number += 1;
                tokens.push(format!("{number}."));
            }
            Color::Black if i == 0 => {
                number += 1;
                tokens.push(format!("{number}..."));
            }
            Color::Black if multi => tokens.push("/".to_owned()),
            Color::Black => {}
        }
        tokens.extend(texts.iter().map(|t| (*t).to_owned()));
    }
    tokens
}

fn wrap(tokens: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for t in tokens {
        if line > 0 && line + 1 + t.len() > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(t);
        line += t.len();
    }
    out.push('\n');
    out
}

pub(super) fn day_words(days: DaysPerMove) -> String {
    if days == DaysPerMove::MIN {
        "1 day".to_owned()
    } else {
        format!("{days} days")
    }
}

/// `standard` or `multiverse branches:31`.
pub(super) fn variant_words(row: &GameRow) -> String {
    if row.options.is_empty() {
        row.variant.id().to_owned()
    } else {
        format!("{} {}", row.variant, row.options)
    }
}

pub(super) fn challenge_terms_words(c: &ChallengeRow) -> String {
    let options = if c.options.is_empty() {
        String::new()
    } else {
        format!(" ({})", c.options)
    };
    let colour = match c.colour.as_str() {
        "random" => "colours at random".to_owned(),
        other => format!("{} plays {other}", c.challenger_name),
    };
    format!(
        "{}{options}, {} per move, {colour}",
        c.variant,
        day_words(c.days)
    )
}

/// `1-0 (checkmate): alice wins`.
pub(super) fn result_words(row: &GameRow, o: Outcome) -> String {
    match o.winner {
        Some(w) => format!("{o}: {} wins", row.name(w)),
        None => format!("{o}: a draw"),
    }
}

/// How an ended game ended.
pub(super) fn outcome_words(row: &GameRow) -> String {
    match row.status {
        GameStatus::Live => "still going".to_owned(),
        GameStatus::Aborted => row
            .reason
            .as_ref()
            .map_or_else(|| "aborted".to_owned(), EndReason::words),
        GameStatus::Finished => match (row.result, &row.reason) {
            (Some(result), Some(reason)) => match reason.outcome(result) {
                Some(o) => result_words(row, o),
                None => format!("{result} ({reason})"),
            },
            (result, reason) => format!(
                "{} ({})",
                result.map_or("?", GameResult::as_str),
                reason
                    .as_ref()
                    .map_or_else(|| "?".to_owned(), EndReason::words)
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chronomate_model::Timestamp;

    fn log(items: &[(&str, Color)]) -> Vec<LoggedAction> {
        items
            .iter()
            .enumerate()
            .map(|(i, (t, s))| LoggedAction {
                ply: i as i64 + 1,
                text: (*t).to_owned(),
                side: *s,
                actor: PlayerKey::console("x"),
                at: Timestamp::from_millis(0),
            })
            .collect()
    }

    #[test]
    fn other_variants_get_one_numbered_action_per_line() {
        use Color::*;
        let l = log(&[("d2// to 8", White), ("Bf8// to 5", Black), ("e3", White)]);
        assert_eq!(numbered_lines(&l), "1. d2// to 8\n1... Bf8// to 5\n2. e3\n");
        let l = log(&[
            ("(L1)e4", White),
            ("(L1)e5", Black),
            ("(L2)d5", Black),
            ("(L1)d4", White),
        ]);
        assert_eq!(
            numbered_lines(&l),
            "1. (L1)e4\n1... (L1)e5\n1... (L2)d5\n2. (L1)d4\n"
        );
    }

    #[test]
    fn movetext_numbers_turns() {
        use Color::*;
        let l = log(&[("f3", White), ("e5", Black), ("g4", White), ("Qh4#", Black)]);
        assert_eq!(movetext(&l).join(" "), "1. f3 e5 2. g4 Qh4#");
        let l = log(&[("a", White), ("b", Black), ("c", Black), ("d", White)]);
        assert_eq!(movetext(&l).join(" "), "1. a / b c 2. d");
    }
}
