//! What a serving process does beside the commands ([`Upkeep`], reached
//! by [`Host::upkeep`]): the timed jobs, reminders, losses on time,
//! expired challenges and tournaments' next steps (`time.rs`); its
//! registration as a live process and the outbox rows of dead ones
//! (`liveness.rs`); and the gateway's heartbeats and the operator's status
//! report (`status.rs`).

use super::Host;

/// A serving process's upkeep: timed jobs, its liveness, heartbeats and
/// status ([`Host::upkeep`]). A borrowed view of the host, like every
/// area's service (see the crate's documentation).
#[derive(Clone, Copy)]
pub struct Upkeep<'h> {
    pub(crate) host: &'h Host,
}
