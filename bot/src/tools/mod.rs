//! The offline CLI tools: `replay`, `moves`, `turns`, `render`, `gif`, `perft`, and
//! the engine's `play`, `match`, `uci` and `5duci`. Each reads a record (or UCI
//! commands) and writes plain lines that scripts rely on (docs/cli.md).

mod fiveduci;
mod gif;
mod matches;
mod record;
mod uci;

pub use fiveduci::serve_fiveduci;
pub use gif::{GifError, record_gif};
pub use matches::{MatchSettings, Opponent, run_match};
pub use record::{ReplayFailure, count_turns, read_input, record_options, replay, replay_record};
pub use uci::{UciClient, serve_uci, speaks as uci_speaks};
