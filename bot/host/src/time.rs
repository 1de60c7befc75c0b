//! What time demands: reminders, losses on time, aborted games nobody
//! started, expired challenges, tournaments' next steps, Chronomate's
//! moves whose post was lost; each a timed job
//! claimed in the database before it is done, so several processes on one
//! database do each once.

use chronomate_model::{ChallengeStatus, GameStatus, Timestamp, TournamentId};
use std::future::Future;

use chronomate_rules::{Outcome, Reason};

use super::clock::{DAY, HOUR, due_words, duration_words};
use super::endings::finish_of;
use super::text::{challenge_terms_words, day_words, result_words, variant_words};
use super::{ChoiceId, ChoiceStyle, GameChoice, Host, HostError, Notice, NoticeKind, Place, Reply};
use chronomate_store::{ChallengeRow, Claim, Finish, GameRow, OwedPost};

/// The order of a round of timed jobs.
#[derive(Clone, Copy)]
enum Phase {
    Games,
    Tournaments,
}

/// A timed job that is due: what [`Host::deliver_due`] claims, does and
/// announces, one at a time.
enum Job {
    /// A live game whose deadline passed.
    Deadline(GameRow),
    /// A live game whose one reminder is due.
    Reminder(GameRow),
    /// An open challenge nobody answered in time.
    Expiry(ChallengeRow),
    /// A tournament whose start time came or whose round is decided.
    Tournament(TournamentId),
    /// Chronomate's moves committed and never posted (their process died
    /// first, or the post failed).
    Owed(OwedPost),
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
            Job::Owed(o) => format!("post:{}:{}", o.game, o.through_ply),
        }
    }
}

impl Host {
    /// Does what time demands at `now` and returns what to tell whom:
    /// reminds the side to move once when little time is left, ends games
    /// whose deadline passed (the side to move loses on time; with no
    /// action yet the game is aborted), withdraws challenges nobody
    /// answered, moves tournaments on, and posts Chronomate's moves whose
    /// post was lost (see [`Host::engine_posted`]). Each notice counts as delivered
    /// once returned (the console prints it at once); a transport that
    /// sends notices over a network uses [`Host::deliver_due`]. Works from
    /// the database alone: running it twice, or after a restart, or in
    /// several processes at once, repeats nothing.
    pub async fn tick(&self, now: Timestamp) -> Result<Vec<Notice>, HostError> {
        let mut notices = Vec::new();
        self.deliver_due(now, |notice| {
            notices.push(notice);
            std::future::ready(true)
        })
        .await?;
        Ok(notices)
    }

    /// Does what time demands at `now`, like [`Host::tick`], handing each
    /// notice to `deliver` as it goes (true: it reached someone); returns
    /// how many did.
    ///
    /// Each due job is first claimed in the database for
    /// [`HostConfig::claim_for`](super::HostConfig), so among several
    /// processes on one database exactly one does it, then done, then
    /// delivered, then settled:
    ///
    /// - a reminder is recorded as sent only after `deliver` says it
    ///   reached someone, in the transaction that ends the claim. If the
    ///   process dies before that, its claim lapses and another process
    ///   (or this one, restarted) sends it again: a reminder goes out at
    ///   least once, and twice only when a process died between sending it
    ///   and recording it. One that reached nobody is tried again when its
    ///   claim lapses.
    /// - a game's end on time, a challenge's expiry and a tournament's next
    ///   step are written by their own guarded transaction before the
    ///   notice goes out, so each happens exactly once whatever the claims
    ///   do; their notice is delivered by the process that made the change.
    /// - a move of Chronomate's still owed a post is posted, and recorded
    ///   as posted once `deliver` says it reached someone (at least once,
    ///   as a reminder; one that reached nobody is tried again when its
    ///   claim lapses).
    pub async fn deliver_due<F, Fut>(
        &self,
        now: Timestamp,
        mut deliver: F,
    ) -> Result<usize, HostError>
    where
        F: FnMut(Notice) -> Fut,
        Fut: Future<Output = bool>,
    {
        self.store.clear_lapsed_claims(now).await?;
        let mut delivered = 0;
        // Tournaments last, found once the games' jobs are done: a game
        // that just ended on time may decide a round.
        for phase in [Phase::Games, Phase::Tournaments] {
            let jobs = match phase {
                Phase::Games => self.due_jobs(now).await?,
                Phase::Tournaments => self
                    .store
                    .tournaments_due(now)
                    .await?
                    .into_iter()
                    .map(|t| Job::Tournament(t.id))
                    .collect(),
            };
            for job in jobs {
                let until = now + self.config.claim_for;
                let Some(claim) = self
                    .store
                    .claim_job(&job.key(), self.instance(), now, until)
                    .await?
                else {
                    continue; // another process is on it
                };
                let Some(notice) = self.perform(&job, now).await? else {
                    self.store.release_job(&claim).await?;
                    continue;
                };
                let reached = deliver(notice).await;
                if reached {
                    delivered += 1;
                }
                self.settle(&job, &claim, reached).await?;
            }
        }
        Ok(delivered)
    }

    /// The games and challenges due at `now`, before any is claimed.
    async fn due_jobs(&self, now: Timestamp) -> Result<Vec<Job>, HostError> {
        // A move still owed its post goes out before its game's deadline
        // is looked at.
        let mut jobs: Vec<Job> = (self.store.owed_posts_due(now).await?)
            .into_iter()
            .map(Job::Owed)
            .collect();
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

    /// Does a claimed job: its notice, or `None` when there is nothing to
    /// do any more (another process did it since the job was found).
    async fn perform(&self, job: &Job, now: Timestamp) -> Result<Option<Notice>, HostError> {
        match job {
            Job::Deadline(row) => self.time_out(row, now).await,
            Job::Reminder(row) => self.reminder(row, now).await,
            Job::Expiry(c) => self.expire(c, now).await,
            Job::Tournament(id) => self.tournament_step(*id, now).await,
            Job::Owed(owed) => self.owed_notice(owed, now).await,
        }
    }

    /// Ends a claim once its notice went out (or did not).
    async fn settle(&self, job: &Job, claim: &Claim, reached: bool) -> Result<(), HostError> {
        match job {
            Job::Reminder(row) if reached => {
                self.store.record_reminder(row.id, row.ply, claim).await?;
            }
            Job::Owed(owed) if reached => {
                self.store.posted(owed.game, owed.through_ply).await?;
                self.store.release_job(claim).await?;
            }
            // Reached nobody: the claim lapses, and then it is tried again.
            Job::Reminder(_) | Job::Owed(_) => {}
            _ => self.store.release_job(claim).await?,
        }
        Ok(())
    }

    /// The side to move ran out of time: it loses (or draws, when the
    /// opponent could not win), or, with no action yet, the game is aborted.
    async fn time_out(&self, row: &GameRow, now: Timestamp) -> Result<Option<Notice>, HostError> {
        let place = Place::of_game(row);
        let Some(side) = row.to_move else {
            return Ok(None);
        };
        let (finish, kind, text) = if row.ply == 0 {
            (
                Finish {
                    status: GameStatus::Aborted,
                    result: None,
                    reason: "aborted: nobody moved in time".to_owned(),
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
        if self
            .store
            .finish_game(row.id, Some(row.ply), &finish, now)
            .await?
            .is_err()
        {
            return Ok(None); // moved on, or ended, meanwhile
        }
        // The rating is changed with the result and shown as after any
        // other end; a tournament moves on in its own job.
        let mut reply = Reply::text(text)
            .about(row.id)
            .ping(&row.white)
            .ping(&row.black);
        if kind == NoticeKind::TimeForfeit {
            match self.rating_lines(row.id).await {
                Ok(lines) => {
                    for line in lines {
                        reply.text.push('\n');
                        reply.text.push_str(&line);
                    }
                }
                Err(e) => {
                    tracing::warn!(game = %row.id, error = %e, "cannot read the rating changes")
                }
            }
        }
        Ok(Some(Notice {
            kind,
            game: Some(row.id),
            challenge: None,
            recipients: vec![row.white.clone(), row.black.clone()],
            place,
            reply,
            ply: None,
        }))
    }

    /// The reminder for the side to move, if it is still due: the game is
    /// read again under the claim, so a reminder another process recorded,
    /// or a game that moved on, is not reminded.
    async fn reminder(&self, due: &GameRow, now: Timestamp) -> Result<Option<Notice>, HostError> {
        let Some(row) = self.store.game(due.id).await? else {
            return Ok(None);
        };
        let still_due = row.status == GameStatus::Live
            && row.ply == due.ply
            && !row.reminder_sent
            && row.remind_at.is_some_and(|at| at <= now)
            && row.deadline.is_some_and(|d| d > now);
        let (true, Some(side), Some(deadline)) = (still_due, row.to_move, row.deadline) else {
            return Ok(None);
        };
        Ok(Some(Notice {
            kind: NoticeKind::Reminder,
            game: Some(row.id),
            challenge: None,
            recipients: vec![row.player(side).to_owned()],
            place: Place::of_game(&row),
            reply: Reply::text(format!(
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
            ),
            ply: None,
        }))
    }

    /// Withdraws a challenge nobody answered.
    async fn expire(&self, c: &ChallengeRow, now: Timestamp) -> Result<Option<Notice>, HostError> {
        if self
            .store
            .close_challenge(c.id, ChallengeStatus::Expired, None, now)
            .await?
            .is_err()
        {
            return Ok(None);
        }
        Ok(Some(Notice {
            kind: NoticeKind::ChallengeExpired,
            game: None,
            challenge: Some(c.id),
            recipients: vec![c.challenger.clone()],
            place: Place {
                guild: c.guild.clone(),
                channel: c.channel.clone(),
                thread: c.thread.clone(),
            },
            reply: Reply::text(format!(
                "Challenge #{} ({}) expired: nobody accepted it in {}.",
                c.id,
                challenge_terms_words(c),
                duration_words(self.config.challenge_ttl)
            ))
            .ping(&c.challenger),
            ply: None,
        }))
    }
}

/// When the one reminder goes out: `hours` before the deadline, but at most
/// halfway through the time for the move; never with 0 hours.
pub(super) fn remind_at(deadline: Timestamp, days: i64, hours: i64) -> Option<Timestamp> {
    (hours > 0).then(|| deadline - (hours * HOUR).min(days * DAY / 2))
}
