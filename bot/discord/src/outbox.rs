//! Posting the outbox: every announcement the host committed (Chronomate's
//! moves, what the timed jobs did, a command's posts that belong
//! elsewhere than its answer, a finished game's thread closed, warnings to
//! admins), by the process that runs the announcement's server's shard.
//!
//! A task claims the free heads of the outbox's streams (the host's
//! [`due_announcements`](chronomate_host::Outbox::due_announcements))
//! whenever the host rings (this process committed or handed over
//! something) and at least every [`LOOK_EVERY`] (another process did), and
//! works through each stream in order, one announcement at a time:
//! delivered, deleted, then the next.
//! Every message carries a nonce made from the announcement's, so a
//! repeat after a crash or a lost answer, by this process or another,
//! returns the message already made instead of posting it twice.
//!
//! A command's own announcements are held for its answer: answered where
//! they belong, they are recorded as delivered ([`Outbox::answered`], in
//! batches); answered elsewhere, they are handed over and posted here
//! while the answer waits to say where they went ([`Outbox::post_now`]).
//! An announcement whose process died before its answer is taken up when
//! its hold lapses; if that answer landed after all (its interaction's
//! message is there), it counts as delivered.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use reqwest::Method;
use serenity::ChannelId;
use tokio::sync::{Semaphore, mpsc};

use super::metrics::Metrics;
use super::notices;
use super::post::{Post, create_message};
use super::rest::{Body, Repeat, Route};
use super::threads::{Threads, parse_channel};
use chronomate_host::config::ShardRange;
use chronomate_host::{Announcement, AnnouncementId, Host, NoticeKind, Timestamp};

/// How often the outbox is read again when nothing rang (announcements
/// another process committed: timed jobs, Chronomate's moves).
pub(crate) const LOOK_EVERY: Duration = Duration::from_secs(1);

/// Streams worked on at once.
const STREAMS_AT_ONCE: usize = 16;

/// How long [`tick_once`] waits for its round's posts.
const TICK_WAIT: Duration = Duration::from_secs(60);

/// How long an answer waits for its post before it says so.
const POST_WITHIN: Duration = Duration::from_secs(10);

/// What became of an announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Delivered {
    pub kind: NoticeKind,
    /// Where its post went (a game's thread or channel), if it was one.
    pub at: Option<ChannelId>,
    /// False: it failed this time (it is tried again later).
    pub ok: bool,
}

/// The outbox's poster in this process.
pub(crate) struct Outbox {
    pub threads: Arc<Threads>,
    host: Arc<Host>,
    shards: Option<ShardRange>,
    /// Who is told of every delivery from the moment it asked
    /// ([`Outbox::watch`]).
    watchers: Mutex<Vec<mpsc::UnboundedSender<(AnnouncementId, Delivered)>>>,
    /// Announcements answered where they belong, to delete in batches.
    answered: mpsc::UnboundedSender<AnnouncementId>,
    streams: Arc<Semaphore>,
    pub metrics: Arc<Metrics>,
}

impl Outbox {
    /// The poster, and the task that deletes answered announcements (to
    /// spawn).
    pub(crate) fn new(
        threads: Arc<Threads>,
        shards: Option<ShardRange>,
        metrics: Arc<Metrics>,
    ) -> (Arc<Outbox>, impl std::future::Future<Output = ()>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let outbox = Arc::new(Outbox {
            host: threads.host.clone(),
            threads,
            shards,
            watchers: Mutex::new(Vec::new()),
            answered: tx,
            streams: Arc::new(Semaphore::new(STREAMS_AT_ONCE)),
            metrics,
        });
        let cleaner = clear_answered(outbox.host.clone(), rx);
        (outbox, cleaner)
    }

    /// Posts what the outbox holds, for as long as the bot runs.
    pub(crate) async fn run(self: Arc<Self>) {
        let bell = self.host.outbox().bell();
        loop {
            let rung = bell.notified();
            tokio::pin!(rung);
            rung.as_mut().enable();
            let claimed = self.claim().await;
            if claimed == 0 {
                tokio::select! {
                    () = &mut rung => {}
                    () = tokio::time::sleep(LOOK_EVERY) => {}
                }
            }
        }
    }

    /// Claims the free heads of this process's streams and starts working
    /// through each; how many it claimed.
    async fn claim(self: &Arc<Self>) -> usize {
        let room = self.streams.available_permits();
        if room == 0 {
            // Every lane is busy: wait for one.
            if let Ok(permit) = self.streams.clone().acquire_owned().await {
                drop(permit);
            }
            return 1;
        }
        let due = match self
            .host
            .outbox()
            .due_announcements(self.shards, room)
            .await
        {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the outbox");
                return 0;
            }
        };
        let n = due.len();
        for a in due {
            let Ok(permit) = self.streams.clone().acquire_owned().await else {
                break;
            };
            let me = self.clone();
            tokio::spawn(async move {
                me.stream(a).await;
                drop(permit);
            });
        }
        n
    }

    /// Delivers `first`, then the rest of its stream while they are free.
    async fn stream(&self, first: Announcement) {
        let mut next = Some(first);
        while let Some(a) = next.take() {
            let result = self.deliver(&a).await;
            let ok = result.is_ok();
            let delivered = Delivered {
                kind: a.notice.kind,
                at: result.as_ref().ok().copied().flatten(),
                ok,
            };
            self.metrics.posted(a.notice.kind, ok);
            match result {
                Ok(_) => {
                    if let Err(e) = self.host.outbox().announced(&[a.id]).await {
                        // Its hold lapses; the nonce keeps a repeat single.
                        tracing::warn!(announcement = %a.id, error = %e, "cannot record an announcement as delivered");
                    }
                }
                Err(why) => {
                    tracing::warn!(announcement = %a.id, stream = %a.stream, tries = a.tries, "{why}; trying again later");
                    if let Err(e) = self.host.outbox().announce_failed(&a, &why).await {
                        tracing::warn!(announcement = %a.id, error = %e, "cannot record a failed delivery");
                    }
                }
            }
            self.tell_watchers(a.id, delivered);
            if !ok {
                return;
            }
            next = match self.host.outbox().next_announcement(&a.stream).await {
                Ok(n) => n,
                Err(e) => {
                    tracing::warn!(stream = %a.stream, error = %e, "cannot read the outbox");
                    None
                }
            };
        }
    }

    fn tell_watchers(&self, id: AnnouncementId, delivered: Delivered) {
        if let Ok(mut watchers) = self.watchers.lock() {
            watchers.retain(|w| w.send((id, delivered)).is_ok());
        }
    }

    /// Delivers one announcement: where its post went, if it was one.
    async fn deliver(&self, a: &Announcement) -> Result<Option<ChannelId>, String> {
        if let Some(answer) = &a.answer
            && self.answer_landed(answer).await
        {
            tracing::info!(announcement = %a.id, "its interaction's answer had landed");
            return Ok(None);
        }
        let n = &a.notice;
        let threads = &self.threads;
        match n.kind {
            NoticeKind::Played | NoticeKind::Post => {
                let post = Post::from_reply(&n.reply);
                notices::post_in_place(threads, n, &post, true, a.nonce)
                    .await
                    .map(Some)
                    .map_err(|e| e.to_string())
            }
            NoticeKind::Close => {
                if let Some(game) = n.game {
                    threads.close(game).await.map_err(|f| f.to_string())?;
                }
                Ok(None)
            }
            NoticeKind::Warning => {
                let channel = n
                    .place
                    .channel
                    .as_deref()
                    .and_then(parse_channel)
                    .ok_or("no channel to warn in")?;
                create_message(
                    &threads.rest,
                    channel,
                    &Post::text(n.reply.text.clone()),
                    Some(a.nonce),
                )
                .await
                .map(|_| Some(channel))
                .map_err(|e| e.to_string())
            }
            NoticeKind::Reminder
            | NoticeKind::TimeForfeit
            | NoticeKind::Aborted
            | NoticeKind::ChallengeExpired
            | NoticeKind::Tournament => notices::deliver(threads, n, a.nonce)
                .await
                .map(|()| None)
                .map_err(|e| e.to_string()),
        }
    }

    /// Whether an interaction's answer (`APP:TOKEN`) landed: its original
    /// message is there, public and not a placeholder.
    async fn answer_landed(&self, answer: &str) -> bool {
        let Some((app, token)) = answer.split_once(':') else {
            return false;
        };
        let Ok(app) = app.parse::<u64>() else {
            return false;
        };
        let route = Route::original(Method::GET, app, token);
        match self
            .threads
            .rest
            .send(&route, &Body::Empty, Repeat::Safe, None)
            .await
        {
            Ok(m) => {
                let flags = m
                    .get("flags")
                    .and_then(serde_json::Value::as_u64)
                    .unwrap_or(0);
                // Ephemeral (a pointer), or still "thinking".
                flags & ((1 << 6) | (1 << 7)) == 0
            }
            Err(_) => false,
        }
    }

    /// Records a command's announcements as delivered when its answer
    /// `landed` where they belong, else hands them over to be posted.
    pub(crate) async fn answered(&self, ids: &[AnnouncementId], landed: bool) {
        if ids.is_empty() {
            return;
        }
        if landed {
            for id in ids {
                let _ = self.answered.send(*id);
            }
        } else if let Err(e) = self.host.outbox().hand_over(ids).await {
            tracing::warn!(error = %e, "cannot hand announcements over; they are posted when their hold lapses");
        }
    }

    /// Hands a command's announcements over and waits (a few seconds at
    /// most) until they are posted: where the first of them went (a game's
    /// thread or channel), `None` when it went nowhere yet.
    pub(crate) async fn post_now(&self, ids: &[AnnouncementId]) -> Option<ChannelId> {
        let first = *ids.first()?;
        let mut deliveries = self.watch();
        if let Err(e) = self.host.outbox().hand_over(ids).await {
            tracing::warn!(error = %e, "cannot hand announcements over; they are posted when their hold lapses");
            return None;
        }
        let got = tokio::time::timeout(POST_WITHIN, async {
            while let Some((id, d)) = deliveries.recv().await {
                if id == first {
                    return Some(d);
                }
            }
            None
        })
        .await;
        match got {
            Ok(Some(d)) if d.ok => d.at,
            _ => None,
        }
    }

    /// Every delivery (or failure) from now on, until the receiver is
    /// dropped: asked before the announcements waited for can be posted
    /// (a round's, posted while its later jobs still run).
    pub(crate) fn watch(&self) -> mpsc::UnboundedReceiver<(AnnouncementId, Delivered)> {
        let (tx, rx) = mpsc::unbounded_channel();
        if let Ok(mut watchers) = self.watchers.lock() {
            watchers.push(tx);
        }
        rx
    }
}

/// Deletes answered announcements, as many at once as have come.
async fn clear_answered(host: Arc<Host>, mut rx: mpsc::UnboundedReceiver<AnnouncementId>) {
    while let Some(first) = rx.recv().await {
        let mut ids = vec![first];
        while let Ok(id) = rx.try_recv() {
            ids.push(id);
        }
        if let Err(e) = host.outbox().announced(&ids).await {
            // Their holds lapse; the answers are found to have landed.
            tracing::warn!(error = %e, "cannot record answered announcements");
        }
    }
}

/// Does what is due every `every`, for as long as the bot runs.
pub(crate) async fn run_ticker(outbox: Arc<Outbox>, every: Duration) {
    let mut interval = tokio::time::interval(every);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        interval.tick().await;
        let host = outbox.threads.host.clone();
        // One round in a task of its own: even a bug in it cannot end the loop.
        let round = tokio::spawn(async move { host.upkeep().run_due_jobs(host.now()).await });
        match round.await {
            Ok(Ok(ids)) if !ids.is_empty() => {
                tracing::info!(announcements = ids.len(), "timed jobs done");
            }
            Ok(Ok(_)) => {}
            Ok(Err(e)) => tracing::error!(error = %e, "cannot do the due timed jobs"),
            Err(e) => tracing::error!(error = %e, "a round of timed jobs failed"),
        }
    }
}

/// One round at `now` (Unix ms), waiting (a minute at most) for its
/// announcements to be posted by this process: how many reached someone
/// (a thread's close is not counted).
pub(crate) async fn tick_once(outbox: &Outbox, now: Timestamp) -> usize {
    let host = &outbox.threads.host;
    // Watched from before the round: its first jobs' announcements are
    // free to post (and may be posted) while its later jobs still run.
    let mut deliveries = outbox.watch();
    let ids = match host.upkeep().run_due_jobs(now).await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::error!(error = %e, "cannot do the due timed jobs");
            return 0;
        }
    };
    host.outbox().bell().notify_waiters();
    let mut owed: HashSet<AnnouncementId> = ids.into_iter().collect();
    let mut reached = 0;
    let _ = tokio::time::timeout(TICK_WAIT, async {
        while !owed.is_empty() {
            let Some((id, d)) = deliveries.recv().await else {
                return;
            };
            if owed.remove(&id)
                && d.ok
                && !matches!(d.kind, NoticeKind::Close | NoticeKind::Warning)
            {
                reached += 1;
            }
        }
    })
    .await;
    reached
}
