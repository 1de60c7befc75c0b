//! Autocomplete without listing every pair of moves: a split is offered a
//! part at a time (the board, then its first move, then the second), and
//! transfers are generated only as far as what was typed allows.

use super::notation::{self, san};
use super::{Action, ManyWorlds, Numeral, World};
use crate::chess::{CastlingRefusal, Move};

/// Up to `limit` completions of `typed` (see [`ManyWorlds::suggestions`]).
pub(super) fn suggest(game: &ManyWorlds, typed: &str, limit: usize) -> Vec<String> {
    game.suggestions(typed, limit)
}

impl ManyWorlds {
    /// Up to `limit` completions of `typed`:
    ///
    /// - nothing typed: the boards the side may split (`(0) `, `(III) `),
    ///   then transfers;
    /// - `(` and part of a numeral: the boards it begins;
    /// - `(III) ` and part of a move: that board's first moves, each with
    ///   the board it makes (`(III) Nf6 (=VII) `);
    /// - `(III) Nf6 ` and part of a move: whole splits;
    /// - anything else: transfers beginning with it (the man's letter may
    ///   be left out).
    fn suggestions(&self, typed: &str, limit: usize) -> Vec<String> {
        if limit == 0 || self.status.is_over() {
            return Vec::new();
        }
        let t = typed.trim_start();
        let mut out = Vec::new();
        if t.is_empty() {
            self.board_openings("", limit, &mut out);
            if !self.turns() {
                self.transfers_matching("", limit, &mut out);
            }
        } else if let Some(rest) = t.strip_prefix('(') {
            match rest.split_once(')') {
                None => self.board_openings(rest.trim(), limit, &mut out),
                Some((numeral, rest)) => {
                    if let Ok(n) = Numeral::parse(numeral) {
                        self.split_completions(n, rest, limit, &mut out);
                    }
                }
            }
        } else if !self.turns() {
            self.transfers_matching(t, limit, &mut out);
        }
        out
    }

    fn may_split(&self, world: &World) -> bool {
        world.to_move().is_none_or(|c| c == self.to_move()) && world.can_split(self.to_move())
    }

    /// `(N) ` for each board the side may split whose numeral begins with
    /// `partial` (or is `partial` in digits).
    fn board_openings(&self, partial: &str, limit: usize, out: &mut Vec<String>) {
        let partial = partial.to_ascii_uppercase();
        let exact = Numeral::parse(&partial).ok();
        for (n, world) in self.boards() {
            if out.len() >= limit {
                return;
            }
            let name = n.to_string();
            if (name.starts_with(&partial) || exact == Some(n)) && self.may_split(world) {
                out.push(format!("({name}) "));
            }
        }
    }

    fn split_completions(&self, board: Numeral, rest: &str, limit: usize, out: &mut Vec<String>) {
        let Some(world) = self.board(board) else {
            return;
        };
        if !self.may_split(world) {
            return;
        }
        let us = self.to_move();
        let moves = world.moves(us);
        // Drop the written results `(=X)`, complete or not.
        let mut clean = String::new();
        let mut in_result = false;
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            if in_result {
                if c == ')' {
                    in_result = false;
                    clean.push(' ');
                }
                continue;
            }
            if c == '(' && chars.clone().find(|c| !c.is_whitespace()) == Some('=') {
                in_result = true;
                clean.push(' ');
                continue;
            }
            clean.push(c);
        }
        let ends_open = clean.ends_with(char::is_whitespace) || in_result || clean.ends_with(',');
        // Three tokens are already too many for a part of a split.
        let tokens: Vec<&str> = clean
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .take(3)
            .collect();
        let castle = |_| CastlingRefusal::NoRight;
        let starts = |m: &Move, partial: &str| {
            let s = san(&moves, m).to_string().to_ascii_lowercase();
            s.starts_with(&partial.replace('0', "o").to_ascii_lowercase())
        };
        match (tokens.as_slice(), ends_open) {
            ([], _) | ([_], false) => {
                let partial = tokens.first().copied().unwrap_or("");
                for m in &moves {
                    if out.len() >= limit {
                        return;
                    }
                    if starts(m, partial) {
                        let after = world.after(us, m);
                        let n = self.find(&after).unwrap_or(self.next_numeral());
                        out.push(format!("({board}) {} (={n}) ", san(&moves, m)));
                    }
                }
            }
            ([first], true) | ([first, _], false) => {
                let Ok(first) = notation::resolve(&moves, first, castle) else {
                    return;
                };
                let partial = if tokens.len() == 2 { tokens[1] } else { "" };
                for m in &moves {
                    if out.len() >= limit {
                        return;
                    }
                    if *m != first && starts(m, partial) {
                        out.push(notation::write(
                            self,
                            &Action::Split {
                                board,
                                first,
                                second: *m,
                            },
                        ));
                    }
                }
            }
            _ => {
                let text = format!("({board}) {rest}");
                if let Ok(action) = notation::read(self, &text) {
                    out.push(notation::write(self, &action));
                }
            }
        }
    }

    /// Transfers whose canonical text begins with `typed` (spaces and case
    /// aside, the man's letter optional). Men and source boards that cannot
    /// match are skipped before their targets are looked at.
    fn transfers_matching(&self, typed: &str, limit: usize, out: &mut Vec<String>) {
        let typed = typed
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_ascii_lowercase();
        let (man_typed, boards_typed) = match typed.split_once(' ') {
            Some((man, boards)) => (man, Some(boards)),
            None => (typed.as_str(), None),
        };
        // A complete source board narrows the search to one board.
        let source = boards_typed
            .and_then(|b| b.split_once('-'))
            .and_then(|(from, _)| Numeral::parse(from.trim()).ok());
        let fits = |text: &str, partial: &str| {
            let lower = text.to_ascii_lowercase();
            let bare = lower.trim_start_matches(|c: char| "nbrqk".contains(c));
            if boards_typed.is_some() {
                lower == partial || bare == partial
            } else {
                lower.starts_with(partial) || bare.starts_with(partial)
            }
        };
        let us = self.to_move();
        for (from, world) in self.boards() {
            if source.is_some_and(|s| s != from) {
                continue;
            }
            let b = world.board();
            let men = b.by_color(us) - b.by_role(crate::chess::Role::King);
            for square in men {
                let role = b.role_at(square).unwrap_or(crate::chess::Role::Pawn);
                let letter = if role == crate::chess::Role::Pawn {
                    String::new()
                } else {
                    role.upper_char().to_string()
                };
                if !fits(&format!("{letter}{square}"), man_typed) {
                    continue;
                }
                for (to, target) in self.boards() {
                    if out.len() >= limit {
                        return;
                    }
                    if to == from || target.board().occupied().contains(square) {
                        continue;
                    }
                    let text = notation::write(
                        self,
                        &Action::Transfer {
                            role,
                            square,
                            from,
                            to,
                        },
                    );
                    let lower = text.to_ascii_lowercase();
                    let bare = lower.trim_start_matches(|c: char| "nbrqk".contains(c));
                    if lower.starts_with(&typed) || bare.starts_with(&typed) {
                        out.push(text);
                    }
                }
            }
        }
    }
}
