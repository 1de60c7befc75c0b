//! Chronomate plays: the engine's turns in its own games ([`EnginePlay`],
//! reached by [`Host::engine_play`], starts, stops and watches them).
//!
//! A game against Chronomate is an ordinary game whose white or black is
//! one of the engine's keys ([`chronomate_model::engine`]). Whenever the
//! engine is to move in such a game, the host *wakes* it for that game:
//! after a person's move is committed and its reply written, when a game
//! against it begins with the engine to move, and for every such game in
//! the database when a transport starts the engine ([`EnginePlay::start`])
//! and once a minute after that. The queue is the database itself (live
//! games where an engine key is to move), so a restart resumes every game
//! where the engine was thinking.
//!
//! Nobody waits on the engine's reply as on a person's, so its post is an
//! announcement in the outbox like every other: each of its actions is
//! committed together with its row, held by this process for the rest of
//! the turn; once the turn is played the rows are merged into one (a
//! multiverse turn of several board moves is told in one post) and freed,
//! and the process serving the game's server posts it, after whatever the
//! game's stream holds before it (the answer to the move it replies to).
//! A process that dies mid-turn leaves its rows to lapse and be posted as
//! they are.
//! On PostgreSQL each move is claimed in the database (`engine:GAME:PLY`)
//! once a core is free for its search, for the search and a margin, so of
//! several processes on one database one thinks about it; a claim whose
//! process died lapses within seconds, and another process (or this one,
//! restarted) takes the move up.
//!
//! A turn: load the game, search off the async runtime
//! (`spawn_blocking`) with at most one search per core at once (the rest
//! wait their turn, first come first served), then play the action
//! through the same path a person's move takes ([`Host::prepare`] and
//! [`Host::commit`]: checked, committed with its announcement). Where a
//! side acts several times in a row (the multiverse), the engine plays its
//! whole turn and it is told in one post with the last board.
//!
//! The search is seeded per game and ply ([`engine_seed`]) and bounded by
//! the level's own node budget, so a restart reproduces the same choice;
//! [`HostConfig::engine_millis`] caps a move's time for slow machines.
//!
//! [`HostConfig::engine_millis`]: super::HostConfig::engine_millis

use chronomate_model::{GameId, GameStatus, PlayerKey, Span};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chronomate_engine::{Level, Limits, Score, think};
use chronomate_rules::Color;
use chronomate_rules::rng::SplitMix64;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

use super::announce::Body;
use super::{Caller, Host, HostError, Loaded, Place, Player};
use chronomate_model::engine::engine_name;
use chronomate_store::{AnnouncementId, Backend, Claim};

/// Chronomate's own play in this process: started, stopped, waited for and
/// measured ([`Host::engine_play`]). A borrowed view of the host, like
/// every area's service (see the crate's documentation).
#[derive(Clone, Copy)]
pub struct EnginePlay<'h> {
    pub(crate) host: &'h Host,
}

/// How often the database is read again for games where the engine is to
/// move (a wake that was missed, a search that failed).
const RESCAN: Duration = Duration::from_secs(60);

/// Chronomate accepts a draw offer only when its own evaluation says it is
/// worse than this, in centipawns (a pawn and a half down, or losing by
/// force).
const ACCEPT_DRAW_BELOW: i32 = -150;

/// How much longer than a search's own limit a process holds its claim on
/// Chronomate's move (waiting for a free core, committing).
const CLAIM_MARGIN: Span = Span::from_millis(10_000);

/// Whose move it is to make, among processes on one database.
enum Turn {
    /// This process's: its claim, if the database needs one.
    Mine(Option<Claim>),
    /// Another process holds the claim.
    Theirs,
}

/// The node budget of the quick look that answers a draw offer.
const DRAW_LOOK_NODES: u64 = 20_000;

/// The engine's seed for the action after `ply` actions of a game seeded
/// `seed`: the same game and ply always give the same seed, so a restart
/// reproduces the same choice.
pub fn engine_seed(seed: u64, ply: i64) -> u64 {
    SplitMix64::mix(seed ^ (ply as u64).wrapping_add(1).wrapping_mul(SplitMix64::GAMMA))
}

/// The engine's state in one process: who is thinking, where moves go.
pub(super) struct Engine {
    /// One search per core at once.
    slots: Arc<Semaphore>,
    /// Games with a turn under way; `true`: woken again meanwhile (look
    /// once more when done).
    busy: Mutex<HashMap<GameId, bool>>,
    /// Told whenever `busy` empties.
    idle: Notify,
    /// Whether a transport started the engine (and has not stopped it).
    started: AtomicBool,
    /// Set to stop every search and report nothing more.
    stop: Arc<AtomicBool>,
    /// Searches done in this process, and their time in microseconds
    /// (what an operator's metrics show).
    searches: AtomicU64,
    search_micros: AtomicU64,
}

impl Engine {
    pub(super) fn new() -> Engine {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Engine {
            slots: Arc::new(Semaphore::new(cores)),
            busy: Mutex::new(HashMap::new()),
            idle: Notify::new(),
            started: AtomicBool::new(false),
            stop: Arc::new(AtomicBool::new(false)),
            searches: AtomicU64::new(0),
            search_micros: AtomicU64::new(0),
        }
    }

    fn running(&self) -> bool {
        !self.stop.load(Ordering::SeqCst) && self.started.load(Ordering::SeqCst)
    }

    fn busy(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, bool>> {
        match self.busy.lock() {
            Ok(b) => b,
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}

impl EnginePlay<'_> {
    /// Starts Chronomate's play in this process: resumes every game where
    /// it is to move. Its moves are announced in the outbox
    /// ([`Outbox::due_announcements`](crate::Outbox::due_announcements)).
    /// Called once by a transport, inside its async runtime.
    pub async fn start(self) -> Result<(), HostError> {
        self.host.engine.started.store(true, Ordering::SeqCst);
        self.host.engine.stop.store(false, Ordering::SeqCst);
        self.host.resume_engine().await?;
        let host = self.host.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(RESCAN).await;
                if !host.engine.running() {
                    break;
                }
                if let Err(e) = host.resume_engine().await {
                    tracing::warn!(error = %e, "cannot look for games where Chronomate is to move");
                }
            }
        });
        Ok(())
    }

    /// Stops Chronomate's play: searches end at once and report nothing,
    /// as when the process stops (their games are resumed by the next
    /// [`EnginePlay::start`]).
    pub fn stop(self) {
        self.host.engine.stop.store(true, Ordering::SeqCst);
        self.host.engine.started.store(false, Ordering::SeqCst);
    }

    /// Waits until Chronomate has nothing to do: it has answered every
    /// game where it was to move (for scripts, and before a console exits).
    pub async fn idle(self) {
        loop {
            let notified = self.host.engine.idle.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.host.engine.busy().is_empty() {
                return;
            }
            notified.await;
        }
    }

    /// How many games wait for Chronomate's move (every process's queue:
    /// the database's).
    pub async fn queue(self) -> Result<usize, HostError> {
        Ok(self.host.store.engine_to_move().await?.len())
    }

    /// The searches this process ran, and their time together.
    pub fn searched(self) -> (u64, Duration) {
        (
            self.host.engine.searches.load(Ordering::Relaxed),
            Duration::from_micros(self.host.engine.search_micros.load(Ordering::Relaxed)),
        )
    }

    /// Whether the rules ended a finished game with Chronomate's last
    /// action (a checkmate, say; not a resignation, a draw agreed, time or
    /// an abort after it): the post of that move then shows the end, and
    /// closes the game's place, not the answer to the move before it,
    /// which may go out after the engine already answered.
    pub async fn ended_by_engine(self, game: GameId) -> Result<bool, HostError> {
        let by_engine = self
            .host
            .store
            .log(game)
            .await?
            .last()
            .is_some_and(|a| a.actor.is_chronomate());
        Ok(by_engine && self.host.load(game).await?.game.status().is_over())
    }
}

impl Host {
    /// Wakes the engine for every game where it is to move.
    async fn resume_engine(&self) -> Result<(), HostError> {
        for game in self.store.engine_to_move().await? {
            self.wake_engine(game);
        }
        Ok(())
    }

    /// Wakes the engine for `game` (nothing when it is not running, and
    /// nothing twice: a game already being played is looked at once more
    /// when its turn is done).
    pub(super) fn wake_engine(&self, game: GameId) {
        if !self.engine.running() {
            return;
        }
        {
            let mut busy = self.engine.busy();
            if let Some(again) = busy.get_mut(&game) {
                *again = true;
                return;
            }
            busy.insert(game, false);
        }
        let host = self.clone();
        tokio::spawn(async move {
            loop {
                if let Err(e) = host.engine_turn(game).await {
                    tracing::error!(game = %game, error = %e, "Chronomate's turn failed; it is tried again within a minute");
                }
                let mut busy = host.engine.busy();
                if busy.get(&game) == Some(&true) && host.engine.running() {
                    busy.insert(game, false);
                    continue;
                }
                busy.remove(&game);
                if busy.is_empty() {
                    host.engine.idle.notify_waiters();
                }
                break;
            }
        });
    }

    /// Plays the engine's whole turn in `game`, if it is to move there,
    /// and frees its announcement (one for the turn).
    async fn engine_turn(&self, game: GameId) -> Result<(), HostError> {
        // The rows of the turn's actions: (row, ply before, ply after).
        let mut told: Vec<(AnnouncementId, i64, i64)> = Vec::new();
        // What was committed is announced even when a later step fails.
        let turn = async {
            while self.engine.running() {
                let loaded = self.load(game).await?;
                let Some((key, level)) = engine_to_act(&loaded) else {
                    break;
                };
                // A core first, then the claim: a claim never lapses while
                // its process waits for a core.
                let Some(slot) = self.engine_slot().await else {
                    break;
                };
                let claim = match self.claim_engine_move(game, loaded.row.ply).await? {
                    Turn::Mine(claim) => claim,
                    Turn::Theirs => break,
                };
                let place = Place::of_game(&loaded.row);
                let caller = Caller::new(Player::new(key, engine_name(level)), place);
                let result = self.engine_move(&loaded, &caller, level, slot).await;
                if let Some(claim) = &claim
                    && let Err(e) = self.store.release_job(claim).await
                {
                    // It lapses on its own within seconds.
                    tracing::warn!(game = %game, error = %e, "cannot release the claim on Chronomate's move");
                }
                match result {
                    Ok(Some(reply)) => {
                        for id in reply.announced.iter().take(1) {
                            told.push((*id, loaded.row.ply, loaded.row.ply + 1));
                        }
                        // A game's end announces more (its thread closed,
                        // a tournament moving on): those go free as they are.
                        let more = [
                            reply.announced.get(1..).unwrap_or_default(),
                            &reply.follows[..],
                        ]
                        .concat();
                        self.store
                            .release_announcements(&more, self.instance())
                            .await?;
                    }
                    Ok(None) => break,
                    // The game ended or moved on meanwhile (a resignation,
                    // a draw, time): nothing to play.
                    Err(HostError::Refused(r)) => {
                        tracing::info!(game = %game, "Chronomate's move was not played: {r}");
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
            Ok(())
        }
        .await;
        if let Some(&(first, from, _)) = told.first() {
            let through = told.last().map_or(from + 1, |t| t.2);
            let body = serde_json::to_string(&Body::Played {
                from,
                through,
                lapsed: false,
            })
            .unwrap_or_default();
            let rest: Vec<AnnouncementId> = told.iter().skip(1).map(|t| t.0).collect();
            self.store.merge_announcements(first, &body, &rest).await?;
            self.ring();
        }
        turn
    }

    /// Claims Chronomate's move after `ply` actions of `game`, so that of
    /// several processes on one PostgreSQL database one thinks about it.
    /// The claim lasts a search and a margin; if another process holds it,
    /// the game is looked at again when it lapses (its process may have
    /// died). A SQLite database is served by one process: nothing to claim.
    async fn claim_engine_move(&self, game: GameId, ply: i64) -> Result<Turn, HostError> {
        if self.store.backend() == Backend::Sqlite {
            return Ok(Turn::Mine(None));
        }
        let lease = Span::from_millis(self.config.engine_millis as i64) + CLAIM_MARGIN;
        let now = self.now();
        let claim = self
            .store
            .claim_job(
                &format!("engine:{game}:{ply}"),
                self.instance(),
                now,
                now + lease,
            )
            .await?;
        if let Some(claim) = claim {
            return Ok(Turn::Mine(Some(claim)));
        }
        let host = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(lease.to_std()).await;
            host.wake_engine(game);
        });
        Ok(Turn::Theirs)
    }

    /// Thinks about the position in `loaded` and plays the chosen action
    /// as `caller`; `None` when there is no action (stopped, or the search
    /// failed).
    async fn engine_move(
        &self,
        loaded: &Loaded,
        caller: &Caller,
        level: Level,
        slot: OwnedSemaphorePermit,
    ) -> Result<Option<super::Reply>, HostError> {
        let seed = engine_seed(loaded.row.seed, loaded.row.ply);
        let limits = Limits {
            level,
            millis: Some(self.config.engine_millis),
            stop: Some(self.engine.stop.clone()),
            ..Limits::default()
        };
        let state = loaded.game.clone();
        let Some(thought) = self
            .engine_work_in(slot, move || think(&state, &limits, seed))
            .await
            .flatten()
        else {
            return Ok(None);
        };
        if !self.engine.running() {
            return Ok(None);
        }
        let prepared = self
            .prepare(caller, Some(loaded.row.id), &thought.action)
            .await?;
        // The game moved on during the search (another process played this
        // move, or the player ended the game): an action chosen for an
        // earlier position is not played, even where it is legal.
        if prepared.ply_before() != loaded.row.ply {
            return Ok(None);
        }
        self.commit(caller, prepared).await.map(Some)
    }

    /// Runs CPU work of the engine off the async runtime, in one of its
    /// slots (one per core); `None` when the work failed.
    pub(super) async fn engine_work<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let slot = self.engine_slot().await?;
        self.engine_work_in(slot, work).await
    }

    /// One of the engine's slots (one per core), when one is free.
    async fn engine_slot(&self) -> Option<OwnedSemaphorePermit> {
        self.engine.slots.clone().acquire_owned().await.ok()
    }

    /// Runs CPU work of the engine off the async runtime in `slot`.
    async fn engine_work_in<T: Send + 'static>(
        &self,
        slot: OwnedSemaphorePermit,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let _slot = slot;
        let started = std::time::Instant::now();
        let done = tokio::task::spawn_blocking(work).await;
        let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        self.engine.searches.fetch_add(1, Ordering::Relaxed);
        self.engine
            .search_micros
            .fetch_add(micros, Ordering::Relaxed);
        match done {
            Ok(t) => Some(t),
            Err(e) => {
                tracing::error!(error = %e, "an engine search failed");
                None
            }
        }
    }

    /// Whether Chronomate, playing `engine_side` in `loaded`, accepts a
    /// draw: only when a quick look at its level says it is worse by more
    /// than a pawn and a half (or lost by force).
    pub(super) async fn engine_accepts_draw(&self, loaded: &Loaded, engine_side: Color) -> bool {
        let Some(level) = loaded.row.player(engine_side).chronomate_level() else {
            return false;
        };
        let state = loaded.game.clone();
        let limits = Limits {
            level,
            nodes: Some(DRAW_LOOK_NODES),
            millis: Some(self.config.engine_millis.min(500)),
            judging: true,
            ..Limits::default()
        };
        let seed = engine_seed(loaded.row.seed, loaded.row.ply);
        let to_act = state.turn().color;
        let Some(Some(thought)) = self.engine_work(move || think(&state, &limits, seed)).await
        else {
            return false;
        };
        let mine: Score = if to_act == engine_side {
            thought.score
        } else {
            thought.score.flip()
        };
        mine.mate_in().map_or(mine.0 < ACCEPT_DRAW_BELOW, |n| n < 0)
    }
}

/// The engine's key and level, when it is to act in a live game.
fn engine_to_act(loaded: &Loaded) -> Option<(PlayerKey, Level)> {
    if loaded.row.status != GameStatus::Live {
        return None;
    }
    let side = loaded.row.to_move?;
    let key = loaded.row.player(side);
    let level = key.chronomate_level()?;
    Some((key.clone(), level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_differ_by_game_and_ply_and_repeat() {
        assert_eq!(engine_seed(7, 3), engine_seed(7, 3));
        assert_ne!(engine_seed(7, 3), engine_seed(7, 4));
        assert_ne!(engine_seed(7, 3), engine_seed(8, 3));
    }
}
