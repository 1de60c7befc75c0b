//! The outbox, as the transports see it ([`Outbox`], reached by
//! [`Host::outbox`]): what there is to post and where, and what became of
//! it.
//!
//! Who delivers: a command's announcements are held for its answer (the
//! host's [`Reply::announced`](crate::Reply::announced)): the transport
//! answers with the reply and records them delivered
//! ([`Outbox::announced`]) when the answer went where they belong, or
//! hands them on ([`Outbox::hand_over`]). Everything else (Chronomate's
//! moves, what the timed jobs did, a command's rows whose process died
//! before answering) is claimed by the process serving the server
//! ([`Outbox::due_announcements`]); a failed post is tried again
//! ([`Outbox::announce_failed`]). What a row says and how it is told is
//! `announce.rs`'s; where a game's posts go (its thread, a place gone, the
//! warnings to a server's admins) is `places.rs`'s, on this same service.
//!
//! A borrowed view of the host, like every area's service (see the
//! crate's documentation): the bell, the store and this process's name in
//! claims are the host's, shared by all its clones.

use std::sync::Arc;

use tokio::sync::Notify;

use super::clock::SECOND;
use super::config::ShardRange;
use super::{Announcement, Host, HostError};
use chronomate_model::Span;
use chronomate_store::{AnnouncementId, OutboxStats, ShardFilter};

/// A delivery that failed is tried again after this long, doubling up to
/// [`RETRY_AT_MOST`].
const RETRY_FIRST: Span = SECOND;
const RETRY_AT_MOST: Span = Span::from_millis(5 * 60_000);
/// An announcement still undelivered this long after its change is given
/// up (logged): its server has removed the bot, or its place is gone.
const GIVE_UP_AFTER: Span = Span::DAY;

/// The outbox: what to post, where, and what became of it ([`Host::outbox`]).
#[derive(Clone, Copy)]
pub struct Outbox<'h> {
    pub(crate) host: &'h Host,
}

impl Outbox<'_> {
    /// Notified whenever something may be there to post (a change of this
    /// process committed an announcement, or one was handed over or
    /// delivered, freeing the next of its stream). Other processes'
    /// announcements are found by looking again now and then.
    pub fn bell(self) -> Arc<Notify> {
        self.host.bell.clone()
    }

    /// Records announcements as delivered (the answer that carried them
    /// landed where they belong).
    pub async fn announced(self, ids: &[AnnouncementId]) -> Result<(), HostError> {
        self.host.store.delivered(ids).await?;
        self.host.ring();
        Ok(())
    }

    /// Hands a command's announcements on to be posted (its answer went
    /// elsewhere, or nowhere).
    pub async fn hand_over(self, ids: &[AnnouncementId]) -> Result<(), HostError> {
        self.host
            .store
            .release_announcements(ids, self.host.instance())
            .await?;
        self.host.ring();
        Ok(())
    }

    /// Whether a command's announcements `ids` would overtake earlier ones
    /// of their stream if its answer carried them: a row another process
    /// held for its answer and died with, a row the outbox has yet to
    /// post. Then they are handed over ([`Outbox::hand_over`]) and posted in
    /// their turn rather than answered with.
    pub async fn overtakes(self, ids: &[AnnouncementId]) -> Result<bool, HostError> {
        match ids.iter().min() {
            Some(first) => Ok(self.host.store.behind(*first, self.host.instance()).await?),
            None => Ok(false),
        }
    }

    /// Records a failed delivery: tried again later (sooner at first), or
    /// given up a day after its change.
    pub async fn announce_failed(self, a: &Announcement, why: &str) -> Result<(), HostError> {
        let now = self.host.now();
        let created = a.created;
        if now - created > GIVE_UP_AFTER {
            tracing::error!(announcement = %a.id, stream = %a.stream, "{why}; given up a day after it happened");
            self.host.store.delivered(&[a.id]).await?;
            return Ok(());
        }
        let shift = u32::try_from(a.tries.clamp(1, 20) - 1).unwrap_or(0);
        let wait = (RETRY_FIRST * (1i64 << shift)).min(RETRY_AT_MOST);
        self.host
            .store
            .announcement_failed(a.id, now + wait, why)
            .await?;
        Ok(())
    }

    /// The outbox's depth and oldest row.
    pub async fn stats(self) -> Result<OutboxStats, HostError> {
        Ok(self.host.store.outbox_stats().await?)
    }

    /// Claims the free heads of the outbox's streams of the servers
    /// `shards` serves (every server's: `None`), at most `limit`, and tells
    /// them. Each is held for this process while it delivers it.
    pub async fn due_announcements(
        self,
        shards: Option<ShardRange>,
        limit: usize,
    ) -> Result<Vec<Announcement>, HostError> {
        // A dead process's rows first: they are free from now on.
        self.host.release_dead_holders_now_and_then().await?;
        let now = self.host.now();
        let filter = shards.map(|s| ShardFilter {
            first: s.first,
            last: s.last,
            total: s.total,
        });
        let rows = self
            .host
            .store
            .claim_announcements(
                filter,
                self.host.instance(),
                now,
                now + self.host.config.post_lease,
                limit as i64,
            )
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            if let Some(a) = self.host.tell(row).await? {
                out.push(a);
            }
        }
        Ok(out)
    }

    /// Tells announcement `id` as it is, without claiming it (the console
    /// and [`Upkeep::tick`](crate::Upkeep::tick), which deliver what they
    /// just committed).
    pub async fn announcement(self, id: AnnouncementId) -> Result<Option<Announcement>, HostError> {
        match self.host.store.announcement(id).await? {
            Some(row) => self.host.tell(row).await,
            None => Ok(None),
        }
    }

    /// Claims and tells the next announcement of `stream`, if it is free.
    pub async fn next_announcement(self, stream: &str) -> Result<Option<Announcement>, HostError> {
        let now = self.host.now();
        loop {
            let Some(row) = self
                .host
                .store
                .claim_head(
                    stream,
                    self.host.instance(),
                    now,
                    now + self.host.config.post_lease,
                )
                .await?
            else {
                return Ok(None);
            };
            if let Some(a) = self.host.tell(row).await? {
                return Ok(Some(a));
            }
        }
    }
}
