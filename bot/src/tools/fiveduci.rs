//! `chronomate 5duci`: 5DUCI on stdin and stdout, for 5D chess, so that
//! 5DUCI hosts (ftxi's autoplay and Elo matchmaker) and 5D interfaces
//! can play the engine. The protocol is the engine's
//! [`fiveduci::Session`]; this loop reads, writes, and runs each search
//! on a thread of its own so that `stop` and `isready` are heard
//! meanwhile.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use chronomate_engine::fiveduci::{self, Reply};

use super::uci::{UciError, say};

/// What a search has written, and what it owes once it has: 5DUCI
/// answers an `isready` heard during a search after the search's answer.
#[derive(Default)]
struct Answers {
    /// The search has written its answer.
    done: bool,
    /// `readyok`s to write after it.
    ready: usize,
}

/// A search running in the background, and how to stop it.
struct Running {
    stop: Arc<AtomicBool>,
    answers: Arc<Mutex<Answers>>,
    handle: JoinHandle<()>,
}

impl Running {
    /// Starts `search`; its `info` lines and its answer are written as
    /// they come.
    fn start(mut search: Box<fiveduci::Search>) -> Running {
        let stop = Arc::new(AtomicBool::new(false));
        let answers = Arc::new(Mutex::new(Answers::default()));
        search.stop_with(stop.clone());
        search.report_to(|line| say(&line));
        let (flag, owed) = (stop.clone(), answers.clone());
        let handle = std::thread::spawn(move || {
            let lines = search.run();
            // `go infinite` answers only when told to stop.
            while search.infinite() && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            // Written under the lock, so that an `isready` heard now is
            // answered after `bestmove`, never before it nor twice.
            let mut owed = owed.lock().unwrap_or_else(PoisonError::into_inner);
            for line in lines {
                say(&line);
            }
            owed.done = true;
            for _ in 0..std::mem::take(&mut owed.ready) {
                say("readyok");
            }
        });
        Running {
            stop,
            answers,
            handle,
        }
    }

    /// `isready`: `readyok` now if the search has answered, else after
    /// its answer.
    fn ready(&self) {
        let mut owed = self.answers.lock().unwrap_or_else(PoisonError::into_inner);
        if owed.done {
            say("readyok");
        } else {
            owed.ready += 1;
        }
    }

    /// Stops the search; it writes its answer before this returns.
    fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.handle.join();
    }
}

/// Speaks 5DUCI on `input` and stdout until `quit` or the end of the
/// input.
///
/// # Errors
/// Input that cannot be read.
pub fn serve_fiveduci(input: impl BufRead) -> Result<(), UciError> {
    // A session's seed differs from run to run: the engine does not play
    // the same games again.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut session = fiveduci::Session::new(seed);
    let mut running: Option<Running> = None;
    for line in input.lines() {
        let line = line.map_err(UciError::Input)?;
        match session.handle(&line) {
            Reply::Say(lines) => {
                for line in lines {
                    say(&line);
                }
            }
            Reply::Ready => match &running {
                Some(r) => r.ready(),
                None => say("readyok"),
            },
            Reply::Go(search) => {
                if let Some(r) = running.take() {
                    r.finish();
                }
                running = Some(Running::start(search));
            }
            Reply::Stop => {
                if let Some(r) = running.take() {
                    r.finish();
                }
            }
            Reply::Quit => {
                if let Some(r) = running.take() {
                    r.finish();
                }
                say("bye");
                return Ok(());
            }
        }
    }
    if let Some(r) = running.take() {
        r.finish();
    }
    Ok(())
}
