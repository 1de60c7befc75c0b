//! What time demands: reminders, losses on time, aborted games nobody
//! started, expired challenges.

use chronomate_rules::{Outcome, Reason};

use super::clock::{DAY, HOUR, due_words, duration_words};
use super::endings::finish_of;
use super::text::{challenge_terms_words, day_words, result_words, variant_words};
use super::{ChoiceId, ChoiceStyle, GameChoice, Host, HostError, Notice, NoticeKind, Place, Reply};
use crate::model::engine::is_engine;
use crate::model::{ChallengeStatus, GameStatus, Millis};
use crate::store::Finish;
impl Host {
    /// Does what time demands at `now`: reminds the side to move once when
    /// little time is left, ends games whose deadline passed (the side to
    /// move loses on time; with no action yet the game is aborted), and
    /// withdraws challenges nobody answered. Returns what to deliver. Works
    /// from the database alone: running it twice, or after a restart,
    /// repeats nothing. Reminders are recorded as sent as they are
    /// returned: for a transport that cannot fail to show them.
    pub async fn tick(&self, now: Millis) -> Result<Vec<Notice>, HostError> {
        self.tick_recording(now, true).await
    }

    /// [`Host::tick`] for a transport whose delivery may fail: reminders
    /// are returned unrecorded, and the transport records each with
    /// [`Host::reminded`] once it reached someone. A reminder that reached
    /// nobody is due again at the next tick (delivered at least once); one
    /// is delivered twice only when the process stopped between delivering
    /// and recording it. Endings are recorded as they happen (the game is
    /// over either way) and announced once.
    pub async fn tick_to_deliver(&self, now: Millis) -> Result<Vec<Notice>, HostError> {
        self.tick_recording(now, false).await
    }

    /// Records a delivered reminder (nothing for other notices): the game
    /// is not reminded again for this move.
    pub async fn reminded(&self, notice: &Notice) -> Result<(), HostError> {
        if let (NoticeKind::Reminder, Some(game), Some(ply)) =
            (notice.kind, notice.game, notice.ply)
        {
            self.store.mark_reminded(game, ply).await?;
        }
        Ok(())
    }

    async fn tick_recording(
        &self,
        now: Millis,
        record_reminders: bool,
    ) -> Result<Vec<Notice>, HostError> {
        let mut notices = Vec::new();
        for row in self.store.due_games(now).await? {
            let place = Place {
                guild: row.guild.clone(),
                channel: row.channel.clone(),
                thread: row.thread.clone(),
            };
            let Some(side) = row.to_move else { continue };
            let deadline = row.deadline.unwrap_or(Millis::MAX);
            if deadline <= now {
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
                            result_words(&row, outcome)
                        ),
                    )
                };
                if let Ok(()) = self
                    .store
                    .finish_game(row.id, Some(row.ply), &finish, now)
                    .await?
                {
                    // The rating is changed with the result and shown as
                    // after any other end; a tournament moves on below, in
                    // `tournament_tick`.
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
                                tracing::warn!(game = row.id, error = %e, "cannot read the rating changes")
                            }
                        }
                    }
                    notices.push(Notice {
                        kind,
                        game: Some(row.id),
                        ply: Some(row.ply),
                        challenge: None,
                        recipients: vec![row.white.clone(), row.black.clone()],
                        place,
                        reply,
                    });
                }
            } else if is_engine(row.player(side)) {
                // Chronomate needs no reminder: recorded as sent, so the
                // game is not due again for it.
                self.store.mark_reminded(row.id, row.ply).await?;
            } else if !row.reminder_sent
                && (!record_reminders || self.store.mark_reminded(row.id, row.ply).await?)
            {
                notices.push(Notice {
                    kind: NoticeKind::Reminder,
                    game: Some(row.id),
                    ply: Some(row.ply),
                    challenge: None,
                    recipients: vec![row.player(side).to_owned()],
                    place,
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
                });
            }
        }
        for c in self
            .store
            .stale_challenges(now - self.config.challenge_ttl)
            .await?
        {
            if let Ok(()) = self
                .store
                .close_challenge(c.id, ChallengeStatus::Expired, None, now)
                .await?
            {
                notices.push(Notice {
                    kind: NoticeKind::ChallengeExpired,
                    game: None,
                    ply: None,
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
                        challenge_terms_words(&c),
                        duration_words(self.config.challenge_ttl)
                    ))
                    .ping(&c.challenger),
                });
            }
        }
        notices.extend(self.tournament_tick(now).await?);
        Ok(notices)
    }
}

/// When the one reminder goes out: `hours` before the deadline, but at most
/// halfway through the time for the move; never with 0 hours.
pub(super) fn remind_at(deadline: Millis, days: i64, hours: i64) -> Option<Millis> {
    (hours > 0).then(|| deadline - (hours * HOUR).min(days * DAY / 2))
}
