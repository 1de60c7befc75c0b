//! The offline CLI tools: `replay`, `moves`, `render`, `perft`. Each reads a
//! record and writes plain lines that scripts rely on (see README).

mod record;

pub use record::{ReplayReport, read_input, replay, replay_record};
