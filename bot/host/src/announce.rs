//! Announcements: everything a player or an admin must be told, written
//! into the store's outbox in the transaction of the change that causes
//! it, and handed to the transports to deliver.
//!
//! What a row says ([`Body`]) is either words fixed at the commit
//! ([`Said`]: a resignation, a reminder, a time forfeit) or a reference
//! told from the database when it is posted (the actions of a game from
//! its log, a game begun, a tournament's round), because those carry ids
//! or a board that exist only once the change is committed. Either way the
//! transport gets a [`Notice`], the same as it got before the outbox.
//!
//! Who delivers: a command's announcements are held for its answer (the
//! host's [`Reply::announced`]): the transport answers with the reply and
//! records them delivered ([`Outbox::announced`](crate::Outbox::announced))
//! when the answer went where they belong, or hands them on
//! ([`Outbox::hand_over`](crate::Outbox::hand_over)). Everything else
//! (Chronomate's moves, what the timed jobs did, a command's rows whose
//! process died before answering) is claimed by the process serving the
//! server
//! ([`Outbox::due_announcements`](crate::Outbox::due_announcements)),
//! stream head by stream head, so a game's posts go out in order, and is
//! delivered with nonces made from the row's, so a repeat never posts
//! twice.

use chronomate_rules::Game;
use serde::{Deserialize, Serialize};

use super::clock::MINUTE;
use super::text::played_line;
use super::{
    Caller, ChoiceId, ChoiceStyle, Host, HostError, Loaded, Notice, NoticeKind, Place, Reply,
};
use chronomate_model::{ChallengeId, GameId, GameStatus, PlayerKey, Span, Timestamp, TournamentId};
use chronomate_store::{AnnouncementId, Hold, NewAnnouncement, OutboxRow, StoreError, Stream};

/// Posted later than this after its change, an announcement says so.
const LATE_AFTER: Span = MINUTE;

/// What an outbox row says, as stored (JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Body {
    /// A game's actions after ply `from` up to ply `through`, told from its
    /// log; `lapsed`: the opponent's draw offer lapsed with them.
    Played {
        from: i64,
        through: i64,
        lapsed: bool,
    },
    /// A challenge accepted by `by`: the game begins.
    Began { challenge: ChallengeId, by: String },
    /// Words fixed at the commit.
    Said(Said),
    /// A tournament's round begins (with a note after it).
    Round {
        tournament: TournamentId,
        round: i64,
        note: Option<String>,
    },
    /// A tournament is over.
    Concluded {
        tournament: TournamentId,
        note: Option<String>,
    },
    /// A finished game's thread closes (archived and locked).
    Close,
    /// A server's admins told about a permission the bot lacks.
    Warning { channel: String, text: String },
}

/// An announcement's words, fixed at the commit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Said {
    pub(crate) kind: NoticeKind,
    pub(crate) text: String,
    pub(crate) pings: Vec<PlayerKey>,
    /// Buttons: (choice id, label, style).
    pub(crate) choices: Vec<(String, String, ChoiceStyle)>,
    pub(crate) recipients: Vec<PlayerKey>,
    pub(crate) place: Place,
    /// The game it is about, if any.
    pub(crate) game: Option<GameId>,
    /// Followed by the game's rating changes (read when posted).
    pub(crate) ratings: bool,
}

impl Said {
    /// A reply's words as an announcement of `kind` in `place`.
    pub(crate) fn of(kind: NoticeKind, reply: &Reply, place: Place) -> Said {
        Said {
            kind,
            text: reply.text.clone(),
            pings: reply.pings.clone(),
            choices: reply
                .choices
                .iter()
                .map(|c| (c.id.to_string(), c.label.clone(), c.style))
                .collect(),
            recipients: Vec::new(),
            place,
            game: reply.game,
            ratings: false,
        }
    }

    pub(crate) fn to(mut self, recipients: Vec<PlayerKey>) -> Said {
        self.recipients = recipients;
        self
    }

    pub(crate) fn with_ratings(mut self) -> Said {
        self.ratings = true;
        self
    }
}

/// Who tells what a change announces: the process answering a caller
/// (its rows held for the answer), or the outbox at once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Teller {
    hold: Option<Hold>,
}

impl Teller {
    /// Rows free at once: posted by whichever process serves their server.
    pub(crate) fn outbox() -> Teller {
        Teller::default()
    }
}

/// An announcement claimed for delivery: what to tell, and how to post it
/// exactly once.
#[derive(Clone, Debug)]
pub struct Announcement {
    /// Its row in the outbox.
    pub id: AnnouncementId,
    /// The stream it belongs to (`game:7`): the next one comes after it.
    pub stream: String,
    /// Random, fixed at the commit: a message's nonce is made from it and
    /// the channel, so a repeat (by any process) never posts twice.
    pub nonce: u64,
    /// The interaction that was answering with it before its process let
    /// it go: if that answer landed, it is delivered.
    pub answer: Option<String>,
    /// How many times it was claimed, this time included.
    pub tries: i64,
    /// When its change was committed.
    pub created: Timestamp,
    /// What to tell, as the transport posts it.
    pub notice: Notice,
}

impl Host {
    /// The teller of `caller`'s command: its rows are held for the answer.
    pub(crate) fn teller(&self, caller: &Caller) -> Teller {
        Teller {
            hold: Some(Hold {
                holder: self.instance().to_owned(),
                until: self.now() + self.config.post_lease,
                answer: caller.answer.clone(),
            }),
        }
    }

    /// Chronomate's teller during its turn: its rows are held until the
    /// turn is told whole.
    pub(crate) fn engine_teller(&self) -> Teller {
        Teller {
            hold: Some(Hold {
                holder: self.instance().to_owned(),
                until: self.now() + self.config.post_lease,
                answer: None,
            }),
        }
    }

    /// A row of `body` in `stream`, of the server `guild`.
    pub(crate) fn row(
        &self,
        teller: &Teller,
        stream: Stream,
        guild: Option<&str>,
        body: &Body,
    ) -> NewAnnouncement {
        NewAnnouncement {
            stream,
            guild: guild.map(str::to_owned),
            body: serde_json::to_string(body).unwrap_or_default(),
            nonce: fresh_nonce(),
            at: self.now(),
            hold: teller.hold.clone(),
        }
    }

    /// Tells the transports something is there to post.
    pub(crate) fn ring(&self) {
        self.bell.notify_waiters();
    }

    /// A claimed row, told; `None` (and the row gone) when it says nothing
    /// any more or cannot be read.
    pub(crate) async fn tell(&self, row: OutboxRow) -> Result<Option<Announcement>, HostError> {
        let body: Body = match serde_json::from_str(&row.body) {
            Ok(b) => b,
            Err(e) => {
                tracing::error!(announcement = %row.id, stream = %row.stream, error = %e, "an announcement cannot be read; dropped");
                self.store.delivered(&[row.id]).await?;
                return Ok(None);
            }
        };
        let late = self.now() - row.created_at > LATE_AFTER;
        let notice = match self.notice_of(&row, body, late).await {
            Ok(Some(n)) => n,
            Ok(None) => {
                self.store.delivered(&[row.id]).await?;
                return Ok(None);
            }
            Err(HostError::Store(StoreError::Corrupt { row: what, detail })) => {
                tracing::error!(announcement = %row.id, "{what} is damaged ({detail}); its announcement is dropped");
                self.store.delivered(&[row.id]).await?;
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        Ok(Some(Announcement {
            id: row.id,
            stream: row.stream,
            nonce: row.nonce as u64,
            answer: row.answer,
            tries: row.tries,
            created: row.created_at,
            notice,
        }))
    }

    /// What a row says, as a notice.
    async fn notice_of(
        &self,
        row: &OutboxRow,
        body: Body,
        late: bool,
    ) -> Result<Option<Notice>, HostError> {
        let now = self.now();
        match body {
            Body::Played {
                from,
                through,
                lapsed,
            } => {
                let Some(game) = row.game else {
                    return Ok(None);
                };
                self.played_notice(game, from, through, lapsed, late, now)
                    .await
            }
            Body::Began { challenge, by } => {
                let Some(game) = row.game else {
                    return Ok(None);
                };
                let loaded = self.load(game).await?;
                let Some(c) = self.store.challenge(challenge).await? else {
                    return Ok(None);
                };
                let mut reply = self.began_reply(&loaded, &c, &by, now);
                self.link_page(&mut reply, game, true).await;
                Ok(Some(notice(
                    NoticeKind::Post,
                    Some(game),
                    Place::of_game(&loaded.row),
                    reply,
                )))
            }
            Body::Said(said) => {
                let mut reply = Reply::text(said.text);
                reply.pings = said.pings;
                reply.game = said.game;
                for (id, label, style) in said.choices {
                    if let Ok(id) = id.parse::<ChoiceId>() {
                        reply = reply.choice(id, &label, style);
                    }
                }
                if said.ratings
                    && let Some(game) = said.game
                {
                    for line in self.rating_lines(game).await? {
                        reply.text.push('\n');
                        reply.text.push_str(&line);
                    }
                }
                Ok(Some(Notice {
                    recipients: said.recipients,
                    ..notice(said.kind, said.game, said.place, reply)
                }))
            }
            Body::Round {
                tournament,
                round,
                note,
            } => {
                let s = self.snapshot_of(tournament).await?;
                let reply = super::tournament::round_announcement(&s, round, now, note.as_deref());
                Ok(Some(self.tournament_notice(&s, reply)))
            }
            Body::Concluded { tournament, note } => {
                let s = self.snapshot_of(tournament).await?;
                let reply = self.concluded_reply(&s, note.as_deref());
                Ok(Some(self.tournament_notice(&s, reply)))
            }
            Body::Close => {
                let Some(game) = row.game else {
                    return Ok(None);
                };
                let Some(g) = self.store.game(game).await? else {
                    return Ok(None);
                };
                Ok(Some(notice(
                    NoticeKind::Close,
                    Some(game),
                    Place::of_game(&g),
                    Reply::default().about(game),
                )))
            }
            Body::Warning { channel, text } => Ok(Some(notice(
                NoticeKind::Warning,
                None,
                Place {
                    guild: row.stream.strip_prefix("guild:").map(str::to_owned),
                    channel: Some(channel),
                    thread: None,
                },
                Reply::text(text),
            ))),
        }
    }

    /// Actions `from+1 ..= through` of `game`, told from its log: what was
    /// played (with what happened), then the game's state after them, the
    /// board and the ping, as when they were played.
    async fn played_notice(
        &self,
        game: GameId,
        from: i64,
        through: i64,
        lapsed: bool,
        late: bool,
        now: Timestamp,
    ) -> Result<Option<Notice>, HostError> {
        let loaded = self.load(game).await?;
        let record = loaded.game.record();
        let range = usize::try_from(from)
            .ok()
            .zip(usize::try_from(through).ok())
            .filter(|&(f, t)| f < t && t <= record.len());
        let Some((from_at, through_at)) = range else {
            return Ok(None);
        };
        let unreplayable = |why: String| StoreError::Corrupt {
            row: format!("game #{game}"),
            detail: format!("its log does not replay: {why}"),
        };
        let g = &loaded.game;
        // Replaying judges every turn again (in 5D, a search of the
        // opponent's turns each): blocking work.
        let (replay, side, mut lines) = crate::cpu::cpu_bound(|| {
            let mut replay = Game::replay(g.options().clone(), g.seed(), &record[..from_at])
                .map_err(|e| unreplayable(e.to_string()))?;
            let side = replay.turn().color;
            let name = loaded.row.name(side).to_owned();
            let mut lines = Vec::new();
            for (i, action) in record[from_at..through_at].iter().enumerate() {
                let played = replay
                    .play(action)
                    .map_err(|e| unreplayable(e.to_string()))?;
                lines.push(played_line(
                    &name,
                    &played.notation,
                    game,
                    from + 1 + i as i64,
                ));
                lines.extend(played.events.iter().map(|e| format!("  {e}")));
            }
            Ok::<_, StoreError>((replay, side, lines))
        })?;
        if lapsed {
            lines.push(format!("{}'s draw offer lapsed.", loaded.row.name(!side)));
        }
        if late {
            lines.push("(Posted late: the bot could not post this when it was played.)".to_owned());
        }
        // The state after them: the game itself when they are its last,
        // else the replay (its deadline then unknown).
        let at = if through_at == record.len() {
            loaded.clone()
        } else {
            let mut row = loaded.row.clone();
            row.ply = through;
            row.to_move = Some(replay.turn().color);
            row.deadline = None;
            row.status = if replay.status().is_over() {
                GameStatus::Finished
            } else {
                GameStatus::Live
            };
            Loaded { row, game: replay }
        };
        let reply = self.played_reply(&at, lines, side, now).await;
        Ok(Some(notice(
            NoticeKind::Played,
            Some(game),
            Place::of_game(&loaded.row),
            reply,
        )))
    }
}

/// A random nonce for a new row, from the process's own randomness rather
/// than the host's seeded generator: two processes (or one restarted) with
/// the same seed must never give two announcements one nonce, or Discord
/// would take the second post for a repeat of the first.
fn fresh_nonce() -> i64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish() as i64
}

/// A notice of `kind` with no recipient of its own.
fn notice(kind: NoticeKind, game: Option<GameId>, place: Place, reply: Reply) -> Notice {
    Notice {
        kind,
        game,
        challenge: None,
        recipients: Vec::new(),
        place,
        reply,
    }
}

/// Where a challenge was made.
pub(crate) fn challenge_place(c: &chronomate_store::ChallengeRow) -> Place {
    Place {
        guild: c.guild.clone(),
        channel: c.channel.clone(),
        thread: c.thread.clone(),
    }
}
