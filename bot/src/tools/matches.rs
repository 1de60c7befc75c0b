//! `chronomate match`: the engine against itself at two levels or against
//! a baseline (a random mover, a greedy one-ply material player), or
//! against another engine spoken to over UCI (standard chess only).

use std::io::Write;

use chronomate_engine::{Elo, Player, elo, play_game};
use chronomate_rules::{Color, Options, Outcome, ReplayError, Variant};

use super::uci::{AgainstUciError, UciClient, against_uci};

/// Who plays against `--white`'s player.
pub enum Opponent {
    /// The engine at a level, or a baseline.
    Player(Player),
    /// Another engine over UCI, given `movetime` milliseconds a move.
    Uci {
        client: Box<UciClient>,
        movetime: u64,
    },
}

/// Why a match stopped short.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// A game between two of Chronomate's players failed.
    #[error("game {game}: {error}")]
    Game {
        /// The game's number, from 1.
        game: u32,
        /// Why it failed.
        error: ReplayError,
    },
    /// A game against the UCI engine failed.
    #[error("game {game}: {error}")]
    Uci {
        /// The game's number, from 1.
        game: u32,
        /// Why it failed.
        error: AgainstUciError,
    },
    /// The results could not be written.
    #[error(transparent)]
    Write(#[from] std::io::Error),
}

pub struct MatchSettings {
    pub variant: Variant,
    pub options: Options,
    /// The player (a level or a baseline) whose point of view the score
    /// takes.
    pub player: Player,
    pub opponent: Opponent,
    pub games: u32,
    pub millis: Option<u64>,
    pub seed: u64,
    /// Actions after which an unfinished game counts as a draw.
    pub max_actions: usize,
}

/// Plays the match, writing `game N: RESULT` for each game, then
/// `score: W-D-L` and `elo: ...`, to `out`. Colours alternate from game to
/// game (the first game gives `player` White) unless both sides are the
/// same player. Game `i` (from 0) uses seed `seed + i`.
///
/// # Errors
/// The first game that fails, or output that cannot be written.
pub fn run_match(settings: &mut MatchSettings, out: &mut impl Write) -> Result<Elo, MatchError> {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for i in 0..settings.games {
        let alternate = match &settings.opponent {
            Opponent::Player(other) => *other != settings.player,
            Opponent::Uci { .. } => true,
        };
        let ours = if alternate && i % 2 == 1 {
            Color::Black
        } else {
            Color::White
        };
        let seed = settings.seed.wrapping_add(u64::from(i));
        let outcome = match &mut settings.opponent {
            Opponent::Player(other) => {
                let (white, black) = match ours {
                    Color::White => (settings.player, *other),
                    Color::Black => (*other, settings.player),
                };
                play_game(
                    settings.options.clone(),
                    seed,
                    white,
                    black,
                    settings.millis,
                    settings.max_actions,
                )
                .map_err(|error| MatchError::Game { game: i + 1, error })?
                .outcome
            }
            Opponent::Uci { client, movetime } => against_uci(
                settings.variant,
                &settings.options,
                seed,
                settings.player,
                ours,
                client,
                *movetime,
                settings.millis,
                settings.max_actions,
            )
            .map_err(|error| MatchError::Uci { game: i + 1, error })?,
        };
        let line = match outcome {
            Some(o) => o.to_string(),
            None => "1/2-1/2 (move limit)".to_owned(),
        };
        writeln!(out, "game {}: {line}", i + 1)?;
        out.flush()?;
        match outcome.and_then(|o: Outcome| o.winner) {
            None => draws += 1,
            Some(w) if w == ours => wins += 1,
            Some(_) => losses += 1,
        }
    }
    let estimate = elo(wins, draws, losses);
    writeln!(out, "score: {wins}-{draws}-{losses}")?;
    writeln!(out, "elo: {estimate}")?;
    Ok(estimate)
}
