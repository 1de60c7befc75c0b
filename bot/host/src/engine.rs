//! Chronomate plays: the engine's turns in its own games.
//!
//! A game against Chronomate is an ordinary game whose white or black is
//! one of the engine's keys ([`chronomate_model::engine`]). Whenever the
//! engine is to move in such a game, the host *wakes* it for that game:
//! after a person's move is committed and its reply written, when a game
//! against it begins with the engine to move, and for every such game in
//! the database when a transport starts the engine ([`Host::start_engine`])
//! and once a minute after that. The queue is the database itself (live
//! games where an engine key is to move), so a restart resumes every game
//! where the engine was thinking.
//!
//! Nobody waits on the engine's reply as on a person's, so its post is
//! owed in the database: each of its actions is committed together with
//! a row of `engine_posts`, which the transport clears once it has posted
//! the move ([`Host::engine_posted`]). A row left three minutes (the process
//! died between the commit and the post, or the post failed) is posted
//! by the next round of timed jobs ([`Host::deliver_due`]) of any
//! process, rebuilt from the game's log: the player to move is always
//! told, at least once.
//! On PostgreSQL each move is claimed in the database (`engine:GAME:PLY`)
//! for a search and a margin, so of several processes on one database one
//! thinks about it; a claim whose process died lapses within seconds, and
//! another process (or this one, restarted) takes the move up.
//!
//! A turn: load the game, search off the async runtime
//! (`spawn_blocking`) with at most one search per core at once (the rest
//! wait their turn, first come first served), then play the action
//! through the same path a person's move takes ([`Host::prepare`] and
//! [`Host::commit`]: checked, committed, then reported), and hand the
//! reply to the transport as a [`NoticeKind::Played`] notice, which posts
//! it in the game's place and pings the player to move. Where a side
//! acts several times in a row (the multiverse), the engine plays its
//! whole turn and reports it in one notice with the last board.
//!
//! The search is seeded per game and ply ([`engine_seed`]) and bounded by
//! the level's own node budget, so a restart reproduces the same choice;
//! [`HostConfig::engine_millis`] caps a move's time for slow machines.
//!
//! [`HostConfig::engine_millis`]: super::HostConfig::engine_millis

use chronomate_model::{GameId, GameStatus, PlayerKey, Span, Timestamp};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chronomate_engine::{Level, Limits, Score, think};
use chronomate_rules::{Color, Game};
use tokio::sync::{Notify, Semaphore, mpsc};

use super::text::played_line;
use super::{Caller, Host, HostError, Loaded, Notice, NoticeKind, Place, Player, Reply};
use super::{GOLDEN_GAMMA, mix64};
use chronomate_model::engine::engine_name;
use chronomate_store::{Backend, Claim, OwedPost, StoreError};

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

/// How long the process that committed Chronomate's action has to post
/// it before the timed jobs post it instead: longer than a post can take
/// (waiting for the answer it follows, then Discord's repeated tries).
pub(super) const POST_LEASE: Span = Span::from_millis(3 * 60_000);

/// The node budget of the quick look that answers a draw offer.
const DRAW_LOOK_NODES: u64 = 20_000;

/// The engine's seed for the action after `ply` actions of a game seeded
/// `seed`: the same game and ply always give the same seed, so a restart
/// reproduces the same choice.
pub fn engine_seed(seed: u64, ply: i64) -> u64 {
    mix64(seed ^ (ply as u64).wrapping_add(1).wrapping_mul(GOLDEN_GAMMA))
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
    /// Where the engine's moves are reported; `None` until a transport
    /// starts the engine, and after it stops.
    out: Mutex<Option<mpsc::UnboundedSender<Notice>>>,
    /// Set to stop every search and report nothing more.
    stop: Arc<AtomicBool>,
}

impl Engine {
    pub(super) fn new() -> Engine {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Engine {
            slots: Arc::new(Semaphore::new(cores)),
            busy: Mutex::new(HashMap::new()),
            idle: Notify::new(),
            out: Mutex::new(None),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    fn running(&self) -> bool {
        !self.stop.load(Ordering::SeqCst) && self.out.lock().is_ok_and(|o| o.is_some())
    }

    fn busy(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, bool>> {
        match self.busy.lock() {
            Ok(b) => b,
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}

impl Host {
    /// Starts Chronomate's play in this process: resumes every game where
    /// it is to move, and returns where its moves are reported (each a
    /// [`NoticeKind::Played`] notice for the transport to post). Called
    /// once by a transport, inside its async runtime.
    pub async fn start_engine(&self) -> Result<mpsc::UnboundedReceiver<Notice>, HostError> {
        let (tx, rx) = mpsc::unbounded_channel();
        if let Ok(mut out) = self.engine.out.lock() {
            *out = Some(tx);
        }
        self.engine.stop.store(false, Ordering::SeqCst);
        self.resume_engine().await?;
        let host = self.clone();
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
        Ok(rx)
    }

    /// Stops Chronomate's play: searches end at once and report nothing,
    /// as when the process stops (their games are resumed by the next
    /// [`Host::start_engine`]).
    pub fn stop_engine(&self) {
        self.engine.stop.store(true, Ordering::SeqCst);
        if let Ok(mut out) = self.engine.out.lock() {
            *out = None;
        }
    }

    /// Waits until Chronomate has nothing to do: it has answered every
    /// game where it was to move (for scripts, and before a console exits).
    pub async fn engine_idle(&self) {
        loop {
            let notified = self.engine.idle.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.engine.busy().is_empty() {
                return;
            }
            notified.await;
        }
    }

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
    /// and reports it.
    async fn engine_turn(&self, game: GameId) -> Result<(), HostError> {
        let mut played: Vec<Reply> = Vec::new();
        let mut through = 0;
        let mut place = Place::default();
        // What was committed is announced even when a later step fails.
        let turn = async {
            while self.engine.running() {
                let loaded = self.load(game).await?;
                let Some((key, level)) = engine_to_act(&loaded) else {
                    break;
                };
                let claim = match self.claim_engine_move(game, loaded.row.ply).await? {
                    Turn::Mine(claim) => claim,
                    Turn::Theirs => break,
                };
                place = Place::of_game(&loaded.row);
                let caller =
                    Caller::new(Player::new(key, engine_name(level)), place.clone());
                let result = self.engine_move(&loaded, &caller, level).await;
                if let Some(claim) = &claim
                    && let Err(e) = self.store.release_job(claim).await
                {
                    // It lapses on its own within seconds.
                    tracing::warn!(game = %game, error = %e, "cannot release the claim on Chronomate's move");
                }
                match result {
                    Ok(Some(reply)) => {
                        played.push(reply);
                        through = loaded.row.ply + 1;
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
        let Some(reply) = merge(played) else {
            return turn;
        };
        let notice = Notice {
            kind: NoticeKind::Played,
            game: Some(game),
            challenge: None,
            recipients: Vec::new(),
            place,
            reply,
            ply: Some(through),
        };
        if let Ok(out) = self.engine.out.lock()
            && let Some(out) = out.as_ref()
        {
            let _ = out.send(notice);
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
    ) -> Result<Option<Reply>, HostError> {
        let seed = engine_seed(loaded.row.seed, loaded.row.ply);
        let limits = Limits {
            level,
            millis: Some(self.config.engine_millis),
            stop: Some(self.engine.stop.clone()),
            ..Limits::default()
        };
        let state = loaded.game.clone();
        let Some(thought) = self
            .engine_work(move || think(&state, &limits, seed))
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

    /// Records that a transport posted `notice`, one of Chronomate's moves
    /// from [`Host::start_engine`]'s channel, so that it is not posted
    /// again. A move not recorded within three minutes of its commit is
    /// posted by the timed jobs. Any other notice: nothing to record.
    pub async fn engine_posted(&self, notice: &Notice) -> Result<(), HostError> {
        if let (NoticeKind::Played, Some(game), Some(ply)) = (notice.kind, notice.game, notice.ply)
        {
            self.store.posted(game, ply).await?;
        }
        Ok(())
    }

    /// The post owed for Chronomate's actions in `owed`, rebuilt from the
    /// game: what it played (with what happened), then the game's state,
    /// the board and the ping, as when it played. `None`, and nothing owed
    /// any more, when the game moved on since: someone acted after it (so
    /// the board was seen), or the game ended otherwise (a resignation,
    /// time: announced on its own).
    pub(super) async fn owed_notice(
        &self,
        owed: &OwedPost,
        now: Timestamp,
    ) -> Result<Option<Notice>, HostError> {
        let loaded = self.load(owed.game).await?;
        let game = &loaded.game;
        let ended_otherwise = loaded.row.status != GameStatus::Live && !game.status().is_over();
        let record = game.record();
        // The actions owed, while they are the game's last.
        let owed_range = usize::try_from(owed.from_ply)
            .ok()
            .zip(usize::try_from(owed.through_ply).ok())
            .filter(|&(from, through)| from < through && through == record.len());
        let (Some((from, through)), true, false) = (
            owed_range,
            loaded.row.ply == owed.through_ply,
            ended_otherwise,
        ) else {
            self.store.posted(owed.game, owed.through_ply).await?;
            return Ok(None);
        };
        let unreplayable = |why: String| StoreError::Corrupt {
            row: format!("game #{}", owed.game),
            detail: format!("its log does not replay: {why}"),
        };
        let mut replay = Game::replay(
            game.variant(),
            game.options().clone(),
            game.seed(),
            &record[..from],
        )
        .map_err(|e| unreplayable(e.to_string()))?;
        let side = replay.turn().color;
        let name = loaded.row.name(side).to_owned();
        let mut lines = Vec::new();
        for (i, action) in record[from..through].iter().enumerate() {
            let played = replay
                .play(action)
                .map_err(|e| unreplayable(e.to_string()))?;
            let ply = owed.from_ply + 1 + i as i64;
            lines.push(played_line(&name, &played.notation, owed.game, ply));
            lines.extend(played.events.iter().map(|e| format!("  {e}")));
        }
        lines.push("(Posted late: Chronomate could not post this when it played.)".to_owned());
        let reply = self.played_reply(&loaded, lines, side, now).await;
        Ok(Some(Notice {
            kind: NoticeKind::Played,
            game: Some(owed.game),
            challenge: None,
            recipients: Vec::new(),
            place: Place::of_game(&loaded.row),
            reply,
            ply: Some(owed.through_ply),
        }))
    }

    /// Runs CPU work of the engine off the async runtime, in one of its
    /// slots (one per core); `None` when the work failed.
    pub(super) async fn engine_work<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let _slot = self.engine.slots.clone().acquire_owned().await.ok()?;
        match tokio::task::spawn_blocking(work).await {
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

/// One report of a turn of several actions: every action's lines, the
/// last board, everyone pinged.
fn merge(replies: Vec<Reply>) -> Option<Reply> {
    let mut replies = replies.into_iter();
    let mut merged = replies.next()?;
    for r in replies {
        merged.text.push('\n');
        merged.text.push_str(&r.text);
        merged.images = r.images;
        for k in r.pings {
            if !merged.pings.contains(&k) {
                merged.pings.push(k);
            }
        }
    }
    Some(merged)
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
