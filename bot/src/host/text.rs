//! Words the host writes: rules summaries, records with headers, help.

use chronomate_rules::{Color, Outcome, Variant};

use super::clock::{DAY, pgn_date};
use crate::model::GameStatus;
use crate::store::{ChallengeRow, GameRow, LoggedAction};

/// A short summary of a variant's rules (the house rules are in the
/// project's rules docs).
pub fn rules_summary(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => {
            "Chess (standard): the FIDE laws. Castling, en passant, promotion, check and mate; \
             stalemate, threefold repetition, the fifty-move rule and insufficient material draw \
             at once.\nMoves in SAN (e4, Nf3, O-O, e8=Q) or UCI (e2e4)."
        }
        Variant::Traveler => {
            "Time Traveler's Chess (traveler): chess where men can arrive from the future. \
             Every man is untraveled, traveling or traveled.\n\
             - Explosion (Nf6/e8): a traveling and a traveled copy of a man appear on an empty \
             square, and the traveled one moves at once; some untraveled man of yours must be \
             able to reach that square within three moves (its support).\n\
             - Annihilation (d2//d4): an untraveled man of the same kind moves onto your \
             traveling man and both leave the board, closing the loop.\n\
             - Leave every traveling man resolvable: losing that (grammatical incorrectness) \
             loses the game. Check and mate follow from who could be left kingless."
        }
        Variant::Gifford => {
            "Gifford's Time Travel Chess (gifford): men next to your king may travel forward \
             1 to 10 moves (Bf1// to 9) and arrive later as a drop ([B] a5). A king may travel \
             forward too, or back 1 to 5 moves twice per game (K// back to 6), which opens a new \
             timeline. A man that cannot land is lost in time; a king lost in time loses. \
             Checkmate wins."
        }
        Variant::Multiverse => {
            "Multiverse Time Travel Chess (multiverse): every move adds a board; a man may jump \
             back to a past board, which forks a new branch ((L1)Nf3, >> for travel). On your \
             turn you move once on every active branch. Past the branch limit (option \
             branches:N, odd, 21 by default) travel stops and each board move first makes a \
             random man vanish somewhere. Branches end like chess games; more branch wins wins."
        }
        Variant::Temporal => {
            "Temporal Chess (temporal): a 4x4x4 field (levels A-D, cells like Bc3). Everything \
             starts in hand: place your king, then each turn drop, move (Raumschach moves, \
             unicorns on 3-D diagonals) or warp: a duplicate from the future, or a man sent \
             ahead, counted down by checkers. Capturing an enemy original, or mate, wins."
        }
        Variant::ManyWorlds => {
            "Many Worlds Chess (manyworlds): a set of boards. A turn splits one board with two \
             different moves ((VII) Nxe4 (=XII) Bd2 (=XV)); identical results merge. Or \
             transfer a man to the same empty square of another board (Nc6 IV-VII). Kings may \
             stand in check; capturing a king anywhere wins; no split and no transfer loses. \
             Option turns:on gives each board its own side to move."
        }
    }
}

/// The record of a game with PGN-like headers.
pub fn history(row: &GameRow, log: &[LoggedAction], title: &str) -> String {
    let result = match row.status {
        GameStatus::Finished => row.result.clone().unwrap_or_else(|| "*".to_owned()),
        _ => "*".to_owned(),
    };
    let mut headers = vec![
        ("Event", format!("Chronomate game #{}", row.id)),
        ("Site", "Chronomate".to_owned()),
        ("Date", pgn_date(row.created_at)),
        ("White", row.white_name.clone()),
        ("Black", row.black_name.clone()),
        ("Result", result.clone()),
        ("Variant", row.variant.clone()),
        ("VariantName", title.to_owned()),
    ];
    if !row.options.is_empty() {
        headers.push(("Options", row.options.clone()));
    }
    headers.push(("Seed", row.seed.to_string()));
    headers.push(("TimeControl", format!("1/{}", row.days * DAY / 1000)));
    match row.status {
        GameStatus::Live => {}
        _ => headers.push((
            "Termination",
            row.reason.clone().unwrap_or_else(|| "unknown".to_owned()),
        )),
    }
    let mut out = String::new();
    for (k, v) in headers {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    out.push('\n');
    if row.variant == Variant::Standard.id() {
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

/// The commands, as the console and Discord name them.
pub const HELP: &str = "\
Commands:
/challenge [@user] VARIANT [days:N] [colour:white|black|random] [options]  challenge someone (or anyone)
/accept [ID]  /decline [ID]  /cancel [ID]  answer or withdraw a challenge
/move [game:ID] ACTION   play an action (e4, Nf3, O-O, ...)
/moves [game:ID] [TEXT]  legal actions matching TEXT
/board [game:ID]         the board now     /snapshot [game:ID]  the whole game
/games                   your games and open challenges
/resign [game:ID] [confirm]   /abort [game:ID]   /draw offer|accept|decline [game:ID]
/history [game:ID]       the record with headers
/rules [VARIANT]         the rules in short
/settings [days:N] [reminder:HOURS]   this server's defaults
/choose ID               press a button (challenge:1:accept, game:1:draw:accept, ...)";

pub(super) fn day_words(days: i64) -> String {
    if days == 1 {
        "1 day".to_owned()
    } else {
        format!("{days} days")
    }
}

/// `standard` or `multiverse branches:31`.
pub(super) fn variant_words(row: &GameRow) -> String {
    if row.options.is_empty() {
        row.variant.clone()
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
        GameStatus::Aborted => row.reason.clone().unwrap_or_else(|| "aborted".to_owned()),
        GameStatus::Finished => {
            let text = format!(
                "{} ({})",
                row.result.as_deref().unwrap_or("?"),
                row.reason.as_deref().unwrap_or("?")
            );
            match Outcome::parse(&text) {
                Some(o) => result_words(row, o),
                None => text,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(items: &[(&str, Color)]) -> Vec<LoggedAction> {
        items
            .iter()
            .enumerate()
            .map(|(i, (t, s))| LoggedAction {
                ply: i as i64 + 1,
                text: (*t).to_owned(),
                side: *s,
                actor: "x".to_owned(),
                at: 0,
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
