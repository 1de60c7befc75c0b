//! The offline CLI tools: `replay`, `moves`, `render`, `gif`, `perft`. Each
//! reads a record and writes plain lines that scripts rely on (see README).

mod gif;
mod record;

pub use gif::{GifError, record_gif, views};
pub use record::{ReplayReport, read_input, replay, replay_record};
