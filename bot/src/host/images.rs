//! The one place the host draws: a rules view to PNG bytes.

use chronomate_rules::View;

/// Draws `view` as a PNG, or says why it could not.
pub(crate) fn render(view: &View) -> Result<Vec<u8>, String> {
    // Switched on when chronomate-render's `render_png` lands:
    // chronomate_render::render_png(view, &chronomate_render::RenderOptions::default())
    //     .map_err(|e| e.to_string())
    let _ = view;
    Err("the renderer is not built yet".to_owned())
}
