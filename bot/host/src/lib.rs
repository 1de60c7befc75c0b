//! The game-hosting service, transport-agnostic.
//!
//! Discord and the console are thin adapters over [`Host`]: they hand it
//! plain values (a [`Caller`]: player key and name, the place, whether they
//! manage the server) and show the [`Reply`] it returns: text, PNGs, who to
//! ping, and [`Choice`]s with stable ids ([`ChoiceId`]) to show as buttons
//! and route back through [`Host::choose`], even after a restart.
//!
//! Every rule of who may do what lives here, once: only participants act,
//! only on their turn, only in a live game; a refusal ([`Refusal`]) says why
//! and changes nothing. The host never knows which variant it holds: it
//! speaks to the rules through [`Game`] alone.
//!
//! Durability: an action is committed to the store before any reply reports
//! it; racing actions on one game are settled by an optimistic check on the
//! ply (one applies, the other hears "the game moved on").
//!
//! # Areas
//!
//! [`Host`] opens the database and holds what every area shares: the
//! store, the clock, the configuration, the random source, Chronomate's
//! engine, the outbox's bell and this process's liveness. What it does is
//! split by area, each a small service with its own type, reached by an
//! accessor; its module says which files hold its operations:
//!
//! - [`Host::games`], [`Games`] (`games.rs`): a player's games: acting
//!   and the legal actions a text finds (play), the step-by-step picker
//!   (pick), drafts (a turn of several board moves built one at a time and
//!   submitted whole, where the rules'
//!   [`TurnShape`](chronomate_rules::TurnShape) says so), resigning,
//!   draws and aborting, and what follows any game's end (endings),
//!   boards, listings and records (views), PGN (export), the analysis of
//!   finished games (analyse), a variant's rules in short (settings);
//! - [`Host::challenges`], [`Challenges`] (`challenges.rs`): offering a
//!   game on terms ([`ChallengeTerms`]), accepting, declining, withdrawing;
//! - [`Host::tournaments`], [`Tournaments`] (`tournament/`): their life,
//!   rounds, standings, pairings and CSV;
//! - [`Host::engine_play`], [`EnginePlay`] (`engine.rs`): Chronomate's own
//!   play, its turns off the runtime, resumed from the database;
//! - [`Host::outbox`], [`Outbox`] (`outbox.rs`, `places.rs`): what the
//!   transports post and where: announcements claimed, delivered, handed
//!   over or tried again, a game's thread, places gone, warnings to admins;
//! - [`Host::web`], [`Web`] (`web/`): the web page's spectators and
//!   players' seats;
//! - [`Host::players`], [`Players`] (`players.rs`): ratings, leaderboards
//!   and a server's settings;
//! - [`Host::upkeep`], [`Upkeep`] (`upkeep.rs`): what a serving process
//!   does beside the commands: timed jobs, deadlines and reminders among
//!   them (time), its liveness and the rows of dead processes (liveness),
//!   heartbeats and the status report (status).
//!
//! The commands stay on [`Host`]: [`Host::execute`] carries out a typed
//! [`Command`] (the one catalogue every adapter uses, `commands/`) and
//! [`Host::choose`] a pressed choice (choices: their ids, and routing a
//! pressed one); each hands the work to its area, so the front door an
//! adapter needs is one method whatever the area.
//!
//! A service is a borrowed view (`Games<'h>` holds `&'h Host`), made
//! afresh by each accessor at no cost, so a call site reads
//! `host.games().act(..)` and nothing is kept in step: every area sees the
//! same store, clock and engine. Its methods take the view by value (it is
//! `Copy`), so the future an async one returns borrows the host only, not
//! the view: `let idle = host.engine_play().idle();` can be awaited later.
//! A task that outlives the borrow clones the [`Host`] (cheap) and asks it
//! again. Helpers several areas share (loading and resolving a game,
//! committing an action, telling announcements) stay crate-private on
//! [`Host`].
//!
//! The domain's types are [`chronomate_model`]'s, re-exported here; what a
//! variant is called, how it is played and how its record is written come
//! from [`Variant::about`](chronomate_rules::Variant::about); the words the
//! host writes are `text.rs`'s.
//!
//! Announcements (announce): everything a player must be told is written
//! into the outbox with the change that causes it, and delivered by the
//! transport from there ([`Outbox::due_announcements`]).
//!
//! Time: each move has a deadline (days per move). [`Upkeep::tick`] reminds
//! the side to move once when little time is left, and ends games whose
//! deadline passed. It works from the database alone, so a restart changes
//! nothing, and takes `now` explicitly (tests inject the clock).

#![warn(missing_docs, unreachable_pub)]

mod analyse;
mod announce;
mod challenges;
mod choice;
mod clock;
pub mod commands;
pub mod config;
mod cpu;
mod drafts;
mod endings;
mod engine;
mod error;
mod export;
mod games;
mod images;
mod liveness;
pub mod migrate;
mod outbox;
mod pick;
mod places;
mod play;
mod players;
mod ratings;
mod route;
mod settings;
mod status;
mod terms;
mod text;
mod time;
mod tournament;
mod types;
mod upkeep;
mod views;
mod web;

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, Mutex};

use chronomate_rules::rng::SplitMix64;
use chronomate_rules::{Color, Game, Options};

pub use chronomate_store::{AnnouncementId, OutboxStats};
use chronomate_store::{GameRow, Store, StoreError};

pub use announce::Announcement;
pub use challenges::Challenges;
pub use choice::{ChallengeChoice, ChoiceId, GameChoice, PickId, UnknownChoice};
/// The sides, as the rules name them (a page's seat is one).
pub use chronomate_rules::Color as Side;
pub use clock::{Clock, DAY, HOUR, MINUTE, ManualClock, SECOND, SystemClock, timestamp};
pub use commands::Command;
pub use engine::{EnginePlay, engine_seed};
pub use error::{HostError, Refusal};
pub use games::Games;
pub use outbox::Outbox;
pub use players::Players;
pub use terms::{ChallengeTerms, ColourChoice, SettingsChange, read_variant};
use terms::{read_days, read_reminder};
pub use text::{level_choices, levels_help, variants_help};
pub use tournament::{TournamentTerms, Tournaments, read_when};
pub use types::{
    Caller, Choice, ChoiceStyle, GamePlace, Image, Link, Menu, MenuOption, Notice, NoticeKind,
    Place, Player, Reply,
};
pub use upkeep::Upkeep;
pub use web::{
    Act, BoardCell, Head, LINK_LASTS, Loose, PLAY_IN_BROWSER, PageView, SESSION_LASTS, Seat,
    SeatView, Table, Tail, Web,
};

pub use chronomate_model::rating::{GLOBAL, Glicko};
pub use chronomate_model::{
    ChallengeId, ChallengeStatus, EndReason, GameId, GameResult, GameStatus, NotAPlayerKey,
    PairingResult, PlayerKey, Span, Timestamp, TournamentFormat, TournamentId, TournamentStatus,
};

use text::outcome_words;

/// What the host can be tuned with.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// Draw PNGs for replies that show a board.
    pub images: bool,
    /// How many ended games `/games` lists.
    pub finished_listed: i64,
    /// An open challenge nobody answers is withdrawn after this long.
    pub challenge_ttl: Span,
    /// How long a process holds a timed job it claimed (a reminder, a
    /// deadline, ...) before another may take it up: longer than doing and
    /// delivering one job takes, short enough that a job whose process died
    /// is not late by much.
    pub claim_for: Span,
    /// The most time Chronomate takes for one move, in milliseconds. The
    /// level's node budget decides (level 8: about 2 s); this only cuts a
    /// search short on a slow or busy machine.
    pub engine_millis: u64,
    /// How long a process holds an announcement it answers an interaction
    /// with, or posts, before another may take it up: longer than an
    /// answer or a post takes (Discord's repeated tries included), short
    /// enough that one whose process died is not late by much.
    pub post_lease: Span,
    /// What links to the web page name (`PUBLIC_URL`, or the page's own
    /// address); `None`: no page, no links.
    pub web_url: Option<String>,
}

impl Default for HostConfig {
    fn default() -> HostConfig {
        HostConfig {
            images: true,
            finished_listed: 5,
            challenge_ttl: 7 * DAY,
            claim_for: 5 * MINUTE,
            engine_millis: 3_000,
            post_lease: MINUTE,
            web_url: None,
        }
    }
}

/// What runs beside an adapter on its runtime, over its host, once the
/// host is open (the web page beside Discord or the console): called once,
/// inside the runtime, so it may spawn tasks.
pub type Alongside = Box<dyn FnOnce(Arc<Host>) + Send>;

/// A command's or a choice's work for an adapter to await
/// ([`Host::execute`], [`Host::choose`]): the reply, or why it was refused.
/// Boxed, so that what an adapter holds while it waits is a pointer, not the
/// largest of every command's futures.
pub type Work<'a> =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<Reply, HostError>> + Send + 'a>>;

/// A draw-offer command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawMove {
    /// Offer a draw (or accept the opponent's standing offer).
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer, or withdraw one's own.
    Decline,
}

/// The hosting service. Cheap to clone: clones share the database.
#[derive(Clone)]
pub struct Host {
    store: Store,
    clock: Arc<dyn Clock>,
    config: HostConfig,
    rng: Arc<Mutex<SplitMix64>>,
    /// This host's name in job claims: the process id and a random part,
    /// so two processes (or two hosts in one) never share it.
    instance: Arc<str>,
    /// Chronomate's own play (shared by clones).
    engine: Arc<engine::Engine>,
    /// Rung when there may be something to post (shared by clones).
    bell: Arc<tokio::sync::Notify>,
    /// The proof that this process is alive, once it registered
    /// (`liveness.rs`; shared by clones).
    liveness: Arc<Mutex<Option<chronomate_store::Liveness>>>,
    /// When dead processes' rows were last looked for (shared by clones).
    last_release: Arc<Mutex<Option<std::time::Instant>>>,
}

/// A game as loaded: its row and the rules' state, which equals the replay
/// of its log.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game's row.
    pub row: GameRow,
    /// The rules' state after every action of the log.
    pub game: Game,
}

impl Loaded {
    fn id(&self) -> GameId {
        self.row.id
    }

    fn ensure_live(&self) -> Result<(), Refusal> {
        if self.row.status == GameStatus::Live {
            Ok(())
        } else {
            Err(Refusal::GameOver {
                game: self.id(),
                outcome: outcome_words(&self.row),
            })
        }
    }

    fn side_of(&self, caller: &Caller) -> Result<Color, Refusal> {
        self.row
            .side_of(caller.key())
            .ok_or(Refusal::NotParticipant(self.id()))
    }

    /// The caller's side, when they are to act now in this live game.
    fn side_to_act(&self, caller: &Caller) -> Result<Color, Refusal> {
        let side = self.side_of(caller)?;
        self.ensure_live()?;
        let turn = self.game.turn();
        if turn.color != side {
            return Err(Refusal::NotYourTurn {
                game: self.id(),
                name: self.row.name(turn.color).to_owned(),
                side: turn.color,
            });
        }
        Ok(side)
    }
}

/// Which of a player's games a command means when it names none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// Acting: live games, preferring the one where it is the caller's turn.
    Act,
    /// Resigning, drawing, aborting: live games.
    Manage,
    /// Looking: live games, else the latest ended one.
    View,
}

impl Host {
    /// Opens the database at `url` with the system clock.
    pub async fn open(url: &str) -> Result<Host, HostError> {
        Host::open_with(url, HostConfig::default()).await
    }

    /// Opens the database at `url` with the system clock and `config`.
    pub async fn open_with(url: &str, config: HostConfig) -> Result<Host, HostError> {
        Ok(Host::new(Store::open(url).await?, Arc::new(SystemClock)).with_config(config))
    }

    /// Closes the database (checkpointing its log where possible): the
    /// last thing a transport does before it exits. Chronomate stops
    /// playing first.
    pub async fn close(&self) {
        self.engine_play().stop();
        self.upkeep().unregister_process().await;
        self.store.close().await;
    }

    /// A host on `store`, reading the time from `clock`, with the
    /// default configuration.
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Host {
        let seed = RandomState::new().build_hasher().finish() ^ clock.now().millis() as u64;
        let instance = format!(
            "{}-{:08x}",
            std::process::id(),
            RandomState::new().build_hasher().finish() as u32
        );
        Host {
            store,
            clock,
            config: HostConfig::default(),
            rng: Arc::new(Mutex::new(SplitMix64::new(seed))),
            instance: instance.into(),
            engine: Arc::new(engine::Engine::new()),
            bell: Arc::new(tokio::sync::Notify::new()),
            liveness: Arc::new(Mutex::new(None)),
            last_release: Arc::new(Mutex::new(None)),
        }
    }

    /// The same host with another configuration.
    pub fn with_config(mut self, config: HostConfig) -> Host {
        self.config = config;
        self
    }

    /// Fixes the random source (colours, game seeds), for tests.
    pub fn with_seed(self, seed: u64) -> Host {
        if let Ok(mut s) = self.rng.lock() {
            *s = SplitMix64::new(seed);
        }
        self
    }

    /// The database, for tests and tools that inspect it; adapters go
    /// through the host's operations instead.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// This host's name in job claims (`PID-RANDOM`).
    pub(crate) fn instance(&self) -> &str {
        &self.instance
    }

    /// How it is configured.
    pub fn config(&self) -> &HostConfig {
        &self.config
    }

    /// The time by its clock.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    // ----- the areas ---------------------------------------------------------

    /// A player's games: acting, drafts, endings, boards and records.
    pub fn games(&self) -> Games<'_> {
        Games { host: self }
    }

    /// Challenges: offered, accepted, declined, withdrawn.
    pub fn challenges(&self) -> Challenges<'_> {
        Challenges { host: self }
    }

    /// Tournaments: created, joined, started, played, looked at.
    pub fn tournaments(&self) -> Tournaments<'_> {
        Tournaments { host: self }
    }

    /// Chronomate's own play in this process.
    pub fn engine_play(&self) -> EnginePlay<'_> {
        EnginePlay { host: self }
    }

    /// The outbox: what the transports post, where, and what became of it.
    pub fn outbox(&self) -> Outbox<'_> {
        Outbox { host: self }
    }

    /// The web page's spectators and players' seats.
    pub fn web(&self) -> Web<'_> {
        Web { host: self }
    }

    /// Players' ratings, the leaderboard and a server's settings.
    pub fn players(&self) -> Players<'_> {
        Players { host: self }
    }

    /// A serving process's upkeep: timed jobs, liveness, heartbeats,
    /// status.
    pub fn upkeep(&self) -> Upkeep<'_> {
        Upkeep { host: self }
    }

    /// The next number of the host's random source.
    fn random(&self) -> u64 {
        let mut random = match self.rng.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        random.next_u64()
    }

    // ----- loading -----------------------------------------------------------

    /// A game and its state ([`Games::load`], for the areas): the cached
    /// snapshot when it agrees with the log, else the game rebuilt from the
    /// log (the source of truth) and the snapshot repaired.
    pub(crate) async fn load(&self, id: GameId) -> Result<Loaded, HostError> {
        let mut row = self.store.game(id).await?.ok_or(Refusal::NoSuchGame(id))?;
        let cached = serde_json::from_str::<Game>(&row.snapshot)
            .ok()
            .filter(|g| {
                g.record().len() as i64 == row.log_ply
                    && row.ply == row.log_ply
                    && g.variant() == row.variant
                    && g.seed() == row.seed
            });
        let game = match cached {
            Some(g) => g,
            None => {
                let game = self.rebuild(&row).await?;
                row.ply = game.record().len() as i64;
                game
            }
        };
        row.snapshot.clear();
        Ok(Loaded { row, game })
    }

    /// Replays a game's log and stores the result as its snapshot.
    async fn rebuild(&self, row: &GameRow) -> Result<Game, HostError> {
        let corrupt = |detail: String| StoreError::Corrupt {
            row: format!("game #{}", row.id),
            detail,
        };
        let log = self.store.log(row.id).await?;
        for (i, a) in log.iter().enumerate() {
            if a.ply != i as i64 + 1 {
                return Err(corrupt(format!("the log skips from ply {i} to {}", a.ply)).into());
            }
        }
        let game = cpu::cpu_bound(|| {
            Game::replay(row.options.clone(), row.seed, log.iter().map(|a| &a.text))
        })
        .map_err(|e| corrupt(format!("the log does not replay: {e}")))?;
        let json = serde_json::to_string(&game).map_err(|e| corrupt(e.to_string()))?;
        // A stale repair means the game moved on meanwhile; the next load
        // sees the newer state, and a commit based on this one is refused.
        let _ = self
            .store
            .repair_snapshot(row.id, log.len() as i64, &json, self.now())
            .await?;
        Ok(game)
    }

    /// The game a command means: the one named, else the one whose thread
    /// the command was typed in, else the caller's only live game (for
    /// acting: the only one where it is their turn).
    async fn resolve(
        &self,
        caller: &Caller,
        explicit: Option<GameId>,
        purpose: Purpose,
    ) -> Result<Loaded, HostError> {
        if let Some(id) = explicit {
            return self.load(id).await;
        }
        if let Some(thread) = &caller.place.thread
            && let Some(id) = self.store.game_in_thread(thread).await?
        {
            return self.load(id).await;
        }
        let games = self.store.games_of(caller.key(), 1).await?;
        let live: Vec<&GameRow> = games
            .iter()
            .filter(|g| g.status == GameStatus::Live)
            .collect();
        match live.as_slice() {
            [one] => return self.load(one.id).await,
            [] => {
                return match (purpose, games.first()) {
                    (Purpose::View, Some(latest)) => self.load(latest.id).await,
                    (_, None) => Err(Refusal::NoGame.into()),
                    (_, Some(_)) => Err(Refusal::NoLiveGame.into()),
                };
            }
            _ => {}
        }
        if purpose == Purpose::Act {
            let mine: Vec<&&GameRow> = live
                .iter()
                .filter(|g| g.to_move.is_some() && g.to_move == g.side_of(caller.key()))
                .collect();
            if let [one] = mine.as_slice() {
                return self.load(one.id).await;
            }
        }
        let mut ids: Vec<GameId> = live.iter().map(|g| g.id).collect();
        ids.sort_unstable();
        Err(Refusal::WhichGame(ids).into())
    }
}

/// Options are read for their variant, so they always hold; this refuses
/// terms whose options were read for another variant than the one named.
fn check_options(variant: chronomate_rules::Variant, options: &Options) -> Result<(), Refusal> {
    if options.variant() == variant {
        Ok(())
    } else {
        Err(Refusal::Terms(format!(
            "the options \"{options}\" are {}'s, not {variant}'s",
            options.variant()
        )))
    }
}

#[cfg(test)]
mod tests;
