//! An announcement as the outbox holds it ([`super::outbox`]): its id,
//! its stream, the row a write carries, who holds it, and the receipt of
//! the write that committed it. No database here: the transaction
//! inserts the rows it carries ([`super::db`]), the outbox reads and
//! claims them.

use std::sync::{Arc, Mutex};

use chronomate_model::{ChallengeId, GameId, Timestamp, TournamentId};
/// An announcement's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AnnouncementId(pub i64);

impl std::fmt::Display for AnnouncementId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Which rows go out one after the other.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stream {
    /// A game's posts.
    Game(GameId),
    /// The game the write creates (a challenge accepted).
    NewGame,
    /// A challenge's answers, where it was made.
    Challenge(ChallengeId),
    /// The challenge the write creates.
    NewChallenge,
    /// A tournament's news.
    Tournament(TournamentId),
    /// A server's own announcements (warnings to its admins).
    Guild(String),
}

/// A row to write with a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAnnouncement {
    /// The stream it goes out in, in order.
    pub stream: Stream,
    /// The server it belongs to (whose shard posts it), if any.
    pub guild: Option<String>,
    /// What to announce (the host's JSON).
    pub body: String,
    /// Random: the nonces of its messages are made from it.
    pub nonce: i64,
    /// When the change it reports was made.
    pub at: Timestamp,
    /// Held from the start (by the process that will answer an interaction
    /// with it, or that is still adding to it); `None`: free at once.
    pub hold: Option<Hold>,
}

/// Who holds a row, until when, and the interaction answering with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hold {
    /// The process holding it (`PID-RANDOM`).
    pub holder: String,
    /// Held until then; another process may take it up after.
    pub until: Timestamp,
    /// The transport's handle on the interaction whose answer is this
    /// announcement (to look up whether the answer landed).
    pub answer: Option<String>,
}

/// A row as claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    /// Its row.
    pub id: AnnouncementId,
    /// Its stream, as stored (`game:7`).
    pub stream: String,
    /// The game it is about, if any.
    pub game: Option<GameId>,
    /// What to announce (the host's JSON).
    pub body: String,
    /// Random, fixed at the commit: its messages' nonces are made from it.
    pub nonce: i64,
    /// The interaction that was answering with it (its holder let it
    /// lapse).
    pub answer: Option<String>,
    /// When the change it reports was committed.
    pub created_at: Timestamp,
    /// How many times it was claimed, this time included.
    pub tries: i64,
}

/// Which servers' rows a process posts: those of its shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardFilter {
    /// The first shard this process runs.
    pub first: u32,
    /// The last one (inclusive).
    pub last: u32,
    /// How many shards the bot has.
    pub total: u32,
}

/// The outbox at a glance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutboxStats {
    /// Rows waiting.
    pub depth: i64,
    /// The oldest row: its stream and when it was written.
    pub oldest: Option<(String, Timestamp)>,
}

/// The rows a write carries, and the ids they got once committed.
#[derive(Debug, Default)]
pub(crate) struct Pending {
    pub(crate) rows: Mutex<Vec<NewAnnouncement>>,
    /// The ids, and whether each row was written held.
    pub(crate) ids: Mutex<Vec<(AnnouncementId, bool)>>,
}

impl Pending {
    pub(crate) fn committed(&self, ids: Vec<(AnnouncementId, bool)>) {
        if let Ok(mut mine) = self.ids.lock() {
            mine.extend(ids);
        }
    }
}

/// What a write with announcements committed: their ids (none when the
/// write found its state gone and changed nothing).
#[derive(Clone, Debug)]
pub struct Receipt(pub(crate) Arc<Pending>);

impl Receipt {
    /// Every row's id, in order.
    pub fn ids(&self) -> Vec<AnnouncementId> {
        self.all().into_iter().map(|(id, _)| id).collect()
    }

    /// The ids of the rows written held (for an answer, or for the rest of
    /// Chronomate's turn), in order: what the answer itself delivers.
    pub fn held(&self) -> Vec<AnnouncementId> {
        self.all()
            .into_iter()
            .filter_map(|(id, held)| held.then_some(id))
            .collect()
    }

    fn all(&self) -> Vec<(AnnouncementId, bool)> {
        self.0.ids.lock().map(|i| i.clone()).unwrap_or_default()
    }
}

/// A server id's shard key: the id shifted right by 22 (Discord's shard of
/// a server is this modulo the shard count). `None` for an id that is no
/// number (the console's).
pub fn shard_key(guild: &str) -> Option<i64> {
    guild.parse::<u64>().ok().map(|g| (g >> 22) as i64)
}
