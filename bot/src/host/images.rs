//! The one place the host draws: a rules view to PNG bytes.

use chronomate_render::{RenderOptions, render_png};
use chronomate_rules::View;

/// Draws `view` as a PNG, or says why it could not.
///
/// Drawing is CPU work of a few milliseconds (more for a big multiverse).
/// On a multi-threaded runtime it runs as blocking work, so the runtime
/// hands this worker's other tasks (acknowledging interactions, timers)
/// to another thread meanwhile: a burst of renders never holds up an
/// answer that is due.
pub(crate) fn render(view: &View) -> Result<Vec<u8>, String> {
    let draw = || render_png(view, &RenderOptions::default()).map_err(|e| e.to_string());
    match tokio::runtime::Handle::try_current() {
        Ok(h) if h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(draw)
        }
        _ => draw(),
    }
}
