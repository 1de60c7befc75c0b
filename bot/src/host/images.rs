//! The one place the host draws: a rules view to PNG bytes.

use chronomate_render::{RenderOptions, render_png};
use chronomate_rules::View;

/// Draws `view` as a PNG, or says why it could not.
pub(crate) fn render(view: &View) -> Result<Vec<u8>, String> {
    render_png(view, &RenderOptions::default()).map_err(|e| e.to_string())
}
