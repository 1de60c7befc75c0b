//! The one place the host draws: a rules view to PNG bytes.

use chronomate_render::{Gif, GifOptions, RenderOptions, render_png, replay_gif};
use chronomate_rules::{Color, Game, Options, Variant, View};

/// Draws `view` as a PNG, or says why it could not.
pub(crate) fn render(view: &View) -> Result<Vec<u8>, String> {
    render_png(view, &RenderOptions::default()).map_err(|e| e.to_string())
}

/// Draws a game as it was played, as an animated GIF within Discord's
/// upload limit: the start, then one frame per action, all seen from
/// `perspective` (a GIF that turned the board at every move would be
/// unwatchable), or says why it could not.
pub(crate) fn replay(
    variant: Variant,
    options: &Options,
    seed: u64,
    record: &[String],
    perspective: Color,
) -> Result<Gif, String> {
    let frames = || {
        Game::replay_views(variant, options, seed, record).map(move |mut view| {
            view.perspective = Some(perspective);
            view
        })
    };
    replay_gif(frames, &GifOptions::default()).map_err(|e| e.to_string())
}
