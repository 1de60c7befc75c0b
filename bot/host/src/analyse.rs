//! `/analyse`: a finished game as the engine sees it, a chart of its
//! evaluation over the game with the three biggest swings marked, and for
//! each the action played and the one the engine prefers.
//!
//! Only finished (or aborted) games: during correspondence play the engine
//! gives no help. The whole analysis takes about [`ANALYSIS_MILLIS`]: each
//! position gets an equal share of it (at least [`MIN_POSITION_MILLIS`], so
//! only a record of more than 4,000 actions takes longer, at most
//! [`MAX_POSITION_MILLIS`]), searched at
//! the engine's best level, off the async runtime in one of the engine's
//! slots like its moves.

use chronomate_engine::{Evaluation, Level, Limits, analyse};
use chronomate_model::{GameId, GameStatus};

use super::images;
use super::text::variant_words;
use super::{Caller, Games, HostError, Image, Purpose, Refusal, Reply};
use chronomate_store::StoreError;

/// The time the searches of one analysis share, in milliseconds.
pub(crate) const ANALYSIS_MILLIS: u64 = 4_000;
/// The least and most time one position gets.
pub(crate) const MIN_POSITION_MILLIS: u64 = 1;
pub(crate) const MAX_POSITION_MILLIS: u64 = 400;
/// How many swings are marked.
const SWINGS: usize = 3;

/// A position's share of the analysis time, for a record of `actions`.
fn per_position(actions: usize) -> u64 {
    (ANALYSIS_MILLIS / (actions as u64 + 1)).clamp(MIN_POSITION_MILLIS, MAX_POSITION_MILLIS)
}

/// A swing: the action at `ply` (1-based) lost its player `loss` of their
/// expected score (0 to 1).
#[derive(Clone, Debug, PartialEq)]
struct Swing {
    ply: usize,
    loss: f64,
}

/// The biggest drops of the mover's expected score from one position to
/// the next, largest first (ties: the earlier), at most `n`.
fn swings(evals: &[Evaluation], n: usize) -> Vec<Swing> {
    let mut out: Vec<Swing> = evals
        .windows(2)
        .filter_map(|w| {
            let side = w[0].to_move?;
            let before = side.fold(white_expectation(&w[0]), 1.0 - white_expectation(&w[0]));
            let after = side.fold(white_expectation(&w[1]), 1.0 - white_expectation(&w[1]));
            let loss = before - after;
            (loss > 0.005).then_some(Swing {
                ply: w[1].ply,
                loss,
            })
        })
        .collect();
    out.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
    out.truncate(n);
    out
}

/// White's expected score (0 to 1) in a position.
fn white_expectation(e: &Evaluation) -> f64 {
    e.score.expectation()
}

impl Games<'_> {
    /// Analyses a finished game: the evaluation chart and its biggest
    /// swings. Refuses a game still being played.
    pub async fn analyse(self, caller: &Caller, game: Option<GameId>) -> Result<Reply, HostError> {
        let loaded = self.host.resolve(caller, game, Purpose::View).await?;
        let id = loaded.row.id;
        if loaded.row.status == GameStatus::Live {
            return Err(Refusal::StillPlaying(id).into());
        }
        let g = &loaded.game;
        let (options, seed) = (g.options().clone(), g.seed());
        let record = g.record().to_vec();
        let millis = per_position(record.len());
        let limits = Limits::level(Level::MAX, Some(millis));
        let evals = self
            .host
            .engine_work(move || analyse(options, seed, &record, &limits))
            .await
            .ok_or_else(|| corrupt(id, "the analysis failed".to_owned()))?
            .map_err(|e| corrupt(id, format!("the record does not replay: {e}")))?;
        let found = swings(&evals, SWINGS);
        let mut lines = vec![format!(
            "Analysis of game #{id} ({}, {} vs {}, {} actions; about {millis} ms a position). \
             White's expected score, from 0 (Black wins) to 1 (White wins):",
            variant_words(&loaded.row),
            loaded.row.white_name,
            loaded.row.black_name,
            loaded.row.ply,
        )];
        if found.is_empty() {
            lines.push("No swing: the evaluation held steady all game.".to_owned());
        }
        for (i, s) in found.iter().enumerate() {
            let (before, after) = (&evals[s.ply - 1], &evals[s.ply]);
            let side = before.to_move.map_or("?", |c| c.name());
            let played = after.played.as_deref().unwrap_or("?");
            let better = match before.best.as_deref() {
                Some(best) if best != played => format!("better: {best}"),
                Some(_) => {
                    "Chronomate would play it too (a deeper look at the next position saw more)"
                        .to_owned()
                }
                None => "no better action found".to_owned(),
            };
            lines.push(format!(
                "{}. ply {} ({side}): {played}: {} → {} ({:.2} → {:.2}); {better}",
                i + 1,
                s.ply,
                before.score,
                after.score,
                white_expectation(before),
                white_expectation(after),
            ));
        }
        let mut reply = Reply::text(lines.join("\n")).about(id);
        if self.host.config.images {
            let values: Vec<f64> = evals.iter().map(white_expectation).collect();
            let marks = found
                .iter()
                .enumerate()
                .map(|(i, s)| (s.ply, (i + 1).to_string()))
                .collect();
            let title = format!(
                "Game #{id} · {} vs {} · White's expected score",
                loaded.row.white_name, loaded.row.black_name
            );
            if let Ok(png) = images::chart(title, values, marks) {
                reply.images.push(Image {
                    name: format!("game-{id}-analysis.png"),
                    png,
                    description: format!("The evaluation of game #{id} over its plies"),
                });
            }
        }
        Ok(reply)
    }
}

fn corrupt(game: GameId, detail: String) -> HostError {
    StoreError::Corrupt {
        row: format!("game #{game}"),
        detail,
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chronomate_engine::Score;
    use chronomate_rules::Color;

    fn eval(ply: usize, score: i32, to_move: Option<Color>) -> Evaluation {
        Evaluation {
            ply,
            played: (ply > 0).then(|| format!("m{ply}")),
            to_move,
            score: Score(score),
            best: Some(format!("b{ply}")),
            result: None,
        }
    }

    #[test]
    fn swings_are_the_movers_biggest_losses() {
        use Color::*;
        let evals = vec![
            eval(0, 0, Some(White)),
            eval(1, -300, Some(Black)), // White lost a lot
            eval(2, -250, Some(White)), // Black lost a little
            eval(3, -260, Some(Black)), // White lost a little
            eval(4, 500, Some(White)),  // Black lost a lot
            eval(5, 500, None),
        ];
        let s = swings(&evals, 3);
        assert_eq!(s.iter().map(|s| s.ply).collect::<Vec<_>>(), [4, 1, 2]);
        assert_eq!(per_position(0), MAX_POSITION_MILLIS);
        assert_eq!(per_position(100_000), MIN_POSITION_MILLIS);
    }
}
