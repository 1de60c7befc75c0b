//! `chronomate gif`: a record as an animated replay.

use chronomate_render::{Gif, GifOptions, RenderError, replay_gif};
use chronomate_rules::{Game, Options, ReplayError, Variant, record};

/// Why a record could not be drawn as a replay.
#[derive(Debug, thiserror::Error)]
pub enum GifError {
    /// The record does not replay (exit 2 in the CLI).
    #[error(transparent)]
    Record(#[from] ReplayError),
    /// The replay could not be drawn.
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// Draws the replay of record `text` as an animated GIF: one frame per
/// action after the start, within `gif.max_bytes` (sampled or drawn
/// smaller if need be; the returned [`Gif`] says so).
pub fn record_gif(
    variant: Variant,
    options: Options,
    seed: u64,
    text: &str,
    gif: &GifOptions,
) -> Result<Gif, GifError> {
    let actions = record::actions(variant, text);
    // Refuse a record that does not replay before drawing anything.
    Game::replay(options.clone(), seed, &actions)?;
    Ok(replay_gif(
        || Game::replay_views(options.clone(), seed, &actions),
        gif,
    )?)
}
