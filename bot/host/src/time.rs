//! What time demands: reminders, losses on time, aborted games nobody
//! started, expired challenges, tournaments' next steps; each a timed job
//! claimed in the database before it is done, so several processes on one
//! database do each once, and each announced in the outbox with the change
//! it makes, so it is told once whoever did it.

use chronomate_model::{
    ChallengeStatus, DaysPerMove, EndReason, GameStatus, Timestamp, TournamentId,
};

use chronomate_rules::{Outcome, Reason};

use super::announce::{Body, Said, Teller, challenge_place};
use super::clock::{HOUR, due_words, duration_words};
use super::endings::finish_of;
use super::text::{challenge_terms_words, day_words, result_words, variant_words};
use super::{
    ChoiceId, ChoiceStyle, GameChoice, Host, HostError, Notice, NoticeKind, Place, Reply, Upkeep,
};
use chronomate_store::{AnnouncementId, ChallengeRow, Finish, GameRow, Stale, Stream};

/// The order of a round of timed jobs.
#[derive(Clone, Copy)]
enum Phase {
    Games,
    Tournaments,
}

/// A timed job that is due: what [`Upkeep::run_due_jobs`] claims and does,
/// one at a time.
enum Job {
    /// A live game whose deadline passed.
    Deadline(GameRow),
    /// A live game whose one reminder is due.
    Reminder(GameRow),
    /// An open challenge nobody answered in time.
    Expiry(ChallengeRow),
    /// A tournament whose start time came or whose round is decided.
    Tournament(TournamentId),
}

impl Job {
    /// The job's name in `job_claims`: one name per thing to do, so two
    /// processes claiming it meet on one row.
    fn key(&self) -> String {
        match self {
            Job::Deadline(g) => format!("deadline:{}:{}", g.id, g.ply),
            Job::Reminder(g) => format!("remind:{}:{}", g.id, g.ply),
            Job::Expiry(c) => format!("challenge:{}", c.id),
            Job::Tournament(t) => format!("tournament:{t}"),
        }
    }
}

impl Upkeep<'_> {
    /// Does what time demands at `now` and returns what to tell whom:
    /// reminds the side to move once when little time is left, ends games
    /// whose deadline passed (the side to move loses on time; with no
    /// action yet the game is aborted), withdraws challenges nobody
    /// answered, and moves tournaments on. The announcements of this round
    /// count as delivered once returned (the console prints them at once);
    /// a transport that posts over a network uses [`Upkeep::run_due_jobs`]
    /// and delivers from the outbox. Works from the database alone: running
    /// it twice, or after a restart, or in several processes at once,
    /// repeats nothing.
    pub async fn tick(self, now: Timestamp) -> Result<Vec<Notice>, HostError> {
        let ids = self.run_due_jobs(now).await?;
        let mut notices = Vec::with_capacity(ids.len());
        for id in ids {
            // A thread to close, a warning about Discord's permissions:
            // nothing a reader of notices is told.
            if let Some(a) = self.host.outbox().announcement(id).await?
                && !matches!(a.notice.kind, NoticeKind::Close | NoticeKind::Warning)
            {
                notices.push(a.notice);
            }
            self.host.store.delivered(&[id]).await?;
        }
        Ok(notices)
    }

    /// Does what time demands at `now`, like [`Upkeep::tick`], and returns
    /// the announcements it committed (free in the outbox, for the process
    /// serving their server to post).
    ///
    /// Each due job is first claimed in the database for
    /// [`HostConfig::claim_for`](super::HostConfig), so among several
    /// processes on one database one does it; its change (a reminder
    /// recorded as due, a game's end on time, a challenge's expiry, a
    /// tournament's next step) is written by its own guarded transaction
    /// together with its announcements, so each happens, and is announced,
    /// exactly once whatever the claims do.
    pub async fn run_due_jobs(self, now: Timestamp) -> Result<Vec<AnnouncementId>, HostError> {
        self.host.store.clear_lapsed_claims(now).await?;
        let mut announced = Vec::new();
        // Tournaments last, found once the games' jobs are done: a game
        // that just ended on time may decide a round.
        for phase in [Phase::Games, Phase::Tournaments] {
            let jobs = match phase {
                Phase::Games => self.host.due_jobs(now).await?,
                Phase::Tournaments => self
                    .host
                    .store
                    .tournaments_due(now)
                    .await?
                    .into_iter()
                    .map(|t| Job::Tournament(t.id))
                    .collect(),
            };
            for job in jobs {
                let until = now + self.host.config.claim_for;
                let Some(claim) = self
                    .host
                    .store
                    .claim_job(&job.key(), self.host.instance(), now, until)
                    .await?
                else {
                    continue; // another process is on it
                };
                let done = self.host.perform(&job, now).await;
                self.host.store.release_job(&claim).await?;
                announced.extend(done?);
            }
        }
        if !announced.is_empty() {
            self.host.ring();
        }
        Ok(announced)
    }
}

impl Host {
    /// The games and challenges due at `now`, before any is claimed.
    async fn due_jobs(&self, now: Timestamp) -> Result<Vec<Job>, HostError> {
        let mut jobs = Vec::new();
        for row in self.store.due_games(now).await? {
            if row.deadline.is_some_and(|d| d <= now) {
                jobs.push(Job::Deadline(row));
            } else if !row.reminder_sent
                // Chronomate needs no reminder (it moves as soon as it has
                // chosen).
                && !row.to_move.is_some_and(|side| row.player(side).is_chronomate())
            {
                jobs.push(Job::Reminder(row));
            }
        }
        for c in self
            .store
            .stale_challenges(now - self.config.challenge_ttl)
            .await?
        {
            jobs.push(Job::Expiry(c));
        }
        Ok(jobs)
    }

    /// Does a claimed job: the announcements it committed (none when there
    /// was nothing to do any more: another process did it since the job was
    /// found).
    async fn perform(&self, job: &Job, now: Timestamp) -> Result<Vec<AnnouncementId>, HostError> {
        match job {
            Job::Deadline(row) => self.time_out(row, now).await,
            Job::Reminder(row) => self.reminder(row, now).await,
            Job::Expiry(c) => self.expire(c, now).await,
            Job::Tournament(id) => Ok(self
                .advance_tournament(*id, now, &Teller::outbox())
                .await?
                .map(|r| r.announced)
                .unwrap_or_default()),
        }
    }

    /// The side to move ran out of time: it loses (or draws, when the
    /// opponent could not win), or, with no action yet, the game is aborted.
    async fn time_out(
        &self,
        row: &GameRow,
        now: Timestamp,
    ) -> Result<Vec<AnnouncementId>, HostError> {
        let place = Place::of_game(row);
        let Some(side) = row.to_move else {
            return Ok(Vec::new());
        };
        let (finish, kind, text) = if row.ply == 0 {
            (
                Finish {
                    status: GameStatus::Aborted,
                    result: None,
                    reason: EndReason::NobodyMoved,
                },
                NoticeKind::Aborted,
                format!(
                    "Game #{} was aborted: nobody moved in time ({} per move).",
                    row.id,
                    day_words(row.days)
                ),
            )
        } else {
            // FIDE 6.9: running out of time draws when the opponent
            // could not win by any series of legal actions.
            let opponent_can_win = match self.load(row.id).await {
                Ok(loaded) => loaded.game.can_win(!side),
                Err(_) => true,
            };
            let outcome = if opponent_can_win {
                Outcome::win(!side, Reason::TimeForfeit)
            } else {
                Outcome::draw(Reason::TimeForfeit)
            };
            (
                finish_of(outcome),
                NoticeKind::TimeForfeit,
                format!(
                    "Game #{}: {} ({side}) ran out of time. {}.",
                    row.id,
                    row.name(side),
                    result_words(row, outcome)
                ),
            )
        };
        // The rating is changed with the result and shown as after any
        // other end; a tournament moves on in its own job.
        let reply = Reply::text(text)
            .about(row.id)
            .ping(&row.white)
            .ping(&row.black);
        let mut said = Said::of(kind, &reply, place).to(vec![row.white.clone(), row.black.clone()]);
        if kind == NoticeKind::TimeForfeit {
            said = said.with_ratings();
        }
        let teller = Teller::outbox();
        let guild = row.guild.as_deref();
        let rows = vec![
            self.row(&teller, Stream::Game(row.id), guild, &Body::Said(said)),
            self.row(&teller, Stream::Game(row.id), guild, &Body::Close),
        ];
        let (store, receipt) = self.store.announcing(rows);
        if let Err(Stale) = store
            .finish_game(row.id, Some(row.ply), &finish, now)
            .await?
        {
            return Ok(Vec::new()); // moved on, or ended, meanwhile
        }
        Ok(receipt.ids())
    }

    /// The reminder for the side to move, if it is still due: the game is
    /// read again under the claim, so a reminder another process recorded,
    /// or a game that moved on, is not reminded.
    async fn reminder(
        &self,
        due: &GameRow,
        now: Timestamp,
    ) -> Result<Vec<AnnouncementId>, HostError> {
        let Some(row) = self.store.game(due.id).await? else {
            return Ok(Vec::new());
        };
        let still_due = row.status == GameStatus::Live
            && row.ply == due.ply
            && !row.reminder_sent
            && row.remind_at.is_some_and(|at| at <= now)
            && row.deadline.is_some_and(|d| d > now);
        let (true, Some(side), Some(deadline)) = (still_due, row.to_move, row.deadline) else {
            return Ok(Vec::new());
        };
        let reply = Reply::text(format!(
            "Reminder: your move in game #{} against {} ({}) is due {}.",
            row.id,
            row.name(!side),
            variant_words(&row),
            due_words(deadline, now)
        ))
        .about(row.id)
        .ping(row.player(side))
        .choice(
            ChoiceId::Game(row.id, GameChoice::Board),
            "Board",
            ChoiceStyle::Secondary,
        );
        let said = Said::of(NoticeKind::Reminder, &reply, Place::of_game(&row))
            .to(vec![row.player(side).to_owned()]);
        let announcement = self.row(
            &Teller::outbox(),
            Stream::Game(row.id),
            row.guild.as_deref(),
            &Body::Said(said),
        );
        let (store, receipt) = self.store.announcing(vec![announcement]);
        match store.record_reminder(row.id, row.ply).await? {
            Ok(()) => Ok(receipt.ids()),
            Err(Stale) => Ok(Vec::new()),
        }
    }

    /// Withdraws a challenge nobody answered.
    async fn expire(
        &self,
        c: &ChallengeRow,
        now: Timestamp,
    ) -> Result<Vec<AnnouncementId>, HostError> {
        let reply = Reply::text(format!(
            "Challenge #{} ({}) expired: nobody accepted it in {}.",
            c.id,
            challenge_terms_words(c),
            duration_words(self.config.challenge_ttl)
        ))
        .ping(&c.challenger);
        let said = Said::of(NoticeKind::ChallengeExpired, &reply, challenge_place(c))
            .to(vec![c.challenger.clone()]);
        let announcement = self.row(
            &Teller::outbox(),
            Stream::Challenge(c.id),
            c.guild.as_deref(),
            &Body::Said(said),
        );
        let (store, receipt) = self.store.announcing(vec![announcement]);
        match store
            .close_challenge(c.id, ChallengeStatus::Expired, None, now)
            .await?
        {
            Ok(()) => Ok(receipt.ids()),
            Err(Stale) => Ok(Vec::new()),
        }
    }
}

/// When the one reminder goes out: `hours` before the deadline, but at most
/// halfway through the time for the move; never with 0 hours.
pub(super) fn remind_at(deadline: Timestamp, days: DaysPerMove, hours: i64) -> Option<Timestamp> {
    (hours > 0).then(|| deadline - (hours * HOUR).min(days.span() / 2))
}
