//! CPU work done inside the host's async tasks.

/// Runs `work`, CPU work of a few milliseconds that can grow to seconds:
/// drawing a big multiverse, a long replay or a chart; judging a 5D turn
/// (whether the opponent has a legal turn) in a multiverse of many
/// timelines in check; replaying a game's log. On a multi-threaded
/// runtime it runs as blocking work, so the runtime hands this worker's
/// other tasks (acknowledging interactions, timers, other games' turns)
/// to another thread meanwhile: one slow turn never holds up an answer
/// that is due.
pub(crate) fn cpu_bound<T>(work: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current() {
        Ok(h) if h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(work)
        }
        _ => work(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::cpu_bound;

    /// With one worker thread, a task spawned by a task doing CPU work
    /// waits on that worker unless the work hands the worker on: the work
    /// here waits for that task, so it ends only if the task ran meanwhile.
    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn other_tasks_run_while_the_work_does() {
        let outer = tokio::spawn(async {
            let (sent, received) = mpsc::channel();
            let other = tokio::spawn(async move { sent.send(()).expect("the work waits") });
            cpu_bound(|| received.recv_timeout(Duration::from_secs(10)))
                .expect("the other task ran while the work did");
            other.await.expect("the other task ends");
        });
        outer.await.expect("the work ends");
    }
}
