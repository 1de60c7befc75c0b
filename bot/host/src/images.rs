//! The one place the host draws: a rules view to PNG bytes.

use chronomate_model::GameId;
use chronomate_render::{
    Chart, Gif, GifOptions, RenderError, RenderOptions, render_chart, render_png, replay_gif,
};
use chronomate_rules::{Color, Game, Options, View};

use crate::cpu::cpu_bound;

/// How much of a game a picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Picture {
    /// The position now (a many-board variant's present boards).
    Board,
    /// The position with the caller's drafted moves made and marked
    /// (5D chess): for the drafter's eyes only.
    Draft,
    /// Every branch or timeline, laid out to read inline in a chat: the
    /// present large, the recent history beside it.
    Snapshot,
    /// Every board of the whole history, up to the renderer's largest
    /// image (`/snapshot full`): for opening at full size.
    FullSnapshot,
}

impl Picture {
    /// What the file's name says after the game and ply.
    fn suffix(self) -> &'static str {
        match self {
            Picture::Board => "",
            Picture::Draft => "-draft",
            Picture::Snapshot => "-snapshot",
            Picture::FullSnapshot => "-snapshot-full",
        }
    }

    /// The file name for game `id` at `ply`.
    pub(crate) fn file_name(self, id: GameId, ply: i64) -> String {
        format!("game-{id}-ply-{ply}{}.png", self.suffix())
    }
}

/// Draws `view` as a PNG, or says why it could not.
pub(crate) fn render(view: &View, picture: Picture) -> Result<Vec<u8>, RenderError> {
    let options = RenderOptions {
        full: picture == Picture::FullSnapshot,
        ..RenderOptions::default()
    };
    cpu_bound(|| render_png(view, &options))
}

/// Draws a game as it was played, as an animated GIF within Discord's
/// upload limit: the start, then one frame per action, all seen from
/// `perspective` (a GIF that turned the board at every move would be
/// unwatchable), or says why it could not.
pub(crate) fn replay(
    options: &Options,
    seed: u64,
    record: &[String],
    perspective: Color,
) -> Result<Gif, RenderError> {
    let frames = || {
        Game::replay_views(options.clone(), seed, record).map(move |mut view| {
            view.perspective = Some(perspective);
            view
        })
    };
    cpu_bound(|| replay_gif(frames, &GifOptions::default()))
}

/// Draws a chart of values from 0 to 1 over a game's plies, with marked
/// plies (an analysis), or says why it could not.
pub(crate) fn chart(
    title: String,
    values: Vec<f64>,
    marks: Vec<(usize, String)>,
) -> Result<Vec<u8>, RenderError> {
    let chart = Chart {
        title,
        x_label: "ply".to_owned(),
        y_label: "White's expected score".to_owned(),
        values,
        marks,
    };
    cpu_bound(|| render_chart(&chart))
}
