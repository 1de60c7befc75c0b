//! Acting in a game: checking an action, committing it, and suggesting
//! actions for autocomplete.

use chronomate_model::{GameId, GameStatus, Timestamp};
use chronomate_rules::{Color, Event, Game, Played, Status, TurnShape};

use super::announce::{Body, Teller};
use super::choice::{ChoiceId, PickId};
use super::endings::finish_of;
use super::images::Picture;
use super::text::{played_line, result_words};
use super::time::remind_at;
use super::types::ChoiceStyle;
use super::{Caller, Games, Host, HostError, Loaded, Purpose, Refusal, Reply};
use chronomate_rules::find::{Entry, Fit, Found};
use chronomate_store::{ActionCommit, Stale, StoreError, Stream};

/// How many actions a refusal lists that an unreadable action could mean.
const EXAMPLES: usize = 6;

/// The button under each board post that opens the picker.
pub(crate) const MAKE_A_MOVE: &str = "Make a move";

/// An action checked and applied in memory, not yet committed.
pub(super) struct Prepared {
    loaded: Loaded,
    after: Game,
    notation: String,
    events: Vec<Event>,
    side: Color,
    now: Timestamp,
}

impl Prepared {
    /// The game's ply the action was checked against (its commit is
    /// refused if the game moved on since).
    pub(super) fn ply_before(&self) -> i64 {
        self.loaded.row.ply
    }
}

impl Games<'_> {
    /// Plays an action (its text as the player typed it) in a game.
    pub async fn act(
        self,
        caller: &Caller,
        game: Option<GameId>,
        text: &str,
    ) -> Result<Reply, HostError> {
        self.host.act_at(caller, game, None, text).await
    }

    /// Autocomplete in the game the caller means: up to `limit` entries
    /// for `typed`, whole actions or texts that narrow to groups of them
    /// ([`chronomate_rules::find`]). Empty when there is no live game.
    pub async fn find(
        self,
        caller: &Caller,
        game: Option<GameId>,
        typed: &str,
        limit: usize,
    ) -> Result<Found, HostError> {
        let loaded = self.host.resolve(caller, game, Purpose::Act).await?;
        if loaded.row.status != GameStatus::Live {
            return Ok(Found::default());
        }
        if loaded.game.variant().about().turns == TurnShape::Drafted {
            // A drafted turn is found a board move at a time: the moves
            // that may be added to the caller's draft.
            let moves = self
                .host
                .draft_suggestions(caller, &loaded, typed, limit)
                .await?;
            return Ok(Found {
                total: moves.len(),
                entries: moves
                    .into_iter()
                    .map(|m| Entry {
                        label: m.clone(),
                        value: m,
                        count: 1,
                        fit: Fit::Start,
                    })
                    .collect(),
            });
        }
        Ok(loaded.game.find(typed, limit))
    }
}

impl Host {
    /// Plays an action in a game, but only at ply `at` where one is given
    /// (a page's click, made on the position it showed): refused as
    /// moved on at any other.
    pub(crate) async fn act_at(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        at: Option<i64>,
        text: &str,
    ) -> Result<Reply, HostError> {
        if text.trim().is_empty() {
            return Err(Refusal::EmptyAction.into());
        }
        let loaded = self.resolve(caller, game, Purpose::Act).await?;
        if at.is_some_and(|ply| ply != loaded.row.ply) {
            return Err(Refusal::MovedOn(loaded.row.id).into());
        }
        if loaded.game.variant().about().turns == TurnShape::Drafted {
            // A person builds such a turn a move at a time: /move drafts.
            return self.draft_move(caller, loaded, text).await;
        }
        let prepared = self.prepare_loaded(caller, loaded, text)?;
        self.commit(caller, prepared).await
    }

    /// Checks an action and applies it in memory.
    pub(super) async fn prepare(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        text: &str,
    ) -> Result<Prepared, HostError> {
        if text.trim().is_empty() {
            return Err(Refusal::EmptyAction.into());
        }
        let loaded = self.resolve(caller, game, Purpose::Act).await?;
        self.prepare_loaded(caller, loaded, text)
    }

    /// Checks an action in a loaded game and applies it in memory.
    fn prepare_loaded(
        &self,
        caller: &Caller,
        loaded: Loaded,
        text: &str,
    ) -> Result<Prepared, HostError> {
        let text = text.trim();
        let side = loaded.side_to_act(caller)?;
        let mut after = loaded.game.clone();
        // Judging the turn (mate, in 5D a search of the opponent's turns)
        // is the slow part.
        let played = crate::cpu::cpu_bound(|| after.play(text)).map_err(|error| {
            // An unreadable or ambiguous action: what it could mean.
            let (suggestions, could_mean) = match &error {
                chronomate_rules::ActionError::Illegal { .. } => (Vec::new(), 0),
                _ => loaded.game.examples(text, EXAMPLES),
            };
            Refusal::Action {
                game: loaded.id(),
                error,
                suggestions,
                could_mean,
            }
        })?;
        Ok(self.prepared(loaded, after, played, side))
    }

    /// An action applied in memory, `after` the game with it.
    pub(super) fn prepared(
        &self,
        loaded: Loaded,
        after: Game,
        played: Played,
        side: Color,
    ) -> Prepared {
        Prepared {
            loaded,
            after,
            notation: played.notation,
            events: played.events,
            side,
            now: self.now(),
        }
    }

    /// Commits a prepared action, then reports it.
    pub(super) async fn commit(&self, caller: &Caller, p: Prepared) -> Result<Reply, HostError> {
        let row = &p.loaded.row;
        let id = row.id;
        let status = p.after.status();
        let turn = p.after.turn();
        let (to_move, deadline, remind, renewed) = match status {
            Status::Finished(_) => (None, None, None, false),
            Status::Ongoing if turn.color == p.side => {
                (Some(turn.color), row.deadline, row.remind_at, false)
            }
            Status::Ongoing => {
                let deadline = p.now + row.days.span();
                (
                    Some(turn.color),
                    Some(deadline),
                    remind_at(deadline, row.days, row.reminder_hours),
                    true,
                )
            }
        };
        let snapshot = serde_json::to_string(&p.after).map_err(|e| StoreError::Corrupt {
            row: format!("game #{id}"),
            detail: e.to_string(),
        })?;
        let finish = status.outcome().map(finish_of);
        let commit = ActionCommit {
            game: id,
            ply: row.ply + 1,
            text: &p.notation,
            side: p.side,
            actor: caller.key(),
            at: p.now,
            snapshot: &snapshot,
            to_move,
            deadline,
            remind_at: remind,
            renewed,
            finish,
            drafted: p.after.variant().about().turns == TurnShape::Drafted,
        };
        // Announced with the commit: the action (held for the answer, or
        // for the rest of Chronomate's turn), and the thread's close after
        // a game's last action.
        let teller = if caller.key().is_chronomate() {
            self.engine_teller()
        } else {
            self.teller(caller)
        };
        let guild = row.guild.as_deref();
        let mut rows = vec![self.row(
            &teller,
            Stream::Game(id),
            guild,
            &Body::Played {
                from: row.ply,
                through: row.ply + 1,
                lapsed: false,
            },
        )];
        if commit.finish.is_some() {
            // Not the answer's: free, it follows the answer in the stream.
            rows.push(self.row(&Teller::outbox(), Stream::Game(id), guild, &Body::Close));
        }
        let (store, receipt) = self.store.announcing(rows);
        let committed = match store.commit_action(&commit).await? {
            Ok(c) => c,
            Err(Stale) => return Err(Refusal::MovedOn(id).into()),
        };
        self.ring();
        // Committed: from here on, report it.
        let mut loaded = Loaded {
            row: row.clone(),
            game: p.after,
        };
        loaded.row.ply += 1;
        loaded.row.to_move = to_move;
        loaded.row.deadline = deadline;
        if status.is_over() {
            loaded.row.status = GameStatus::Finished;
        }
        let mut lines = vec![played_line(
            &caller.player.name,
            &p.notation,
            id,
            loaded.row.ply,
        )];
        lines.extend(p.events.iter().map(|e| format!("  {e}")));
        if committed.offer_lapsed {
            lines.push(format!("{}'s draw offer lapsed.", loaded.row.name(!p.side)));
        }
        let mut reply = self.played_reply(&loaded, lines, p.side, p.now).await;
        reply.announced = receipt.held();
        if status.is_over() {
            self.tournament_after_end(&mut reply, id, &teller).await;
        }
        // Chronomate's turn: it starts thinking once this reply is written.
        if let Some(next) = to_move
            && loaded.row.player(next).is_chronomate()
        {
            self.wake_engine(id);
        }
        Ok(reply)
    }

    /// The report of actions `side` just committed, `lines` saying what
    /// was played: then the game's result (and rating changes) or who is to
    /// move and by when, the board, and the player to move (or, at the end,
    /// the opponent) pinged.
    pub(super) async fn played_reply(
        &self,
        loaded: &Loaded,
        mut lines: Vec<String>,
        side: Color,
        now: Timestamp,
    ) -> Reply {
        let id = loaded.row.id;
        let status = loaded.game.status();
        let turn = loaded.game.turn();
        let mut reply = Reply::default().about(id);
        match status.outcome() {
            Some(o) => {
                lines.push(format!("Game over: {}.", result_words(&loaded.row, o)));
                reply = reply.ping(loaded.row.player(!side));
            }
            None => {
                lines.push(self.turn_line(loaded, now));
                if turn.color != side {
                    reply = reply.ping(loaded.row.player(turn.color));
                }
                if !loaded.row.player(turn.color).is_chronomate() {
                    reply = reply.choice(
                        ChoiceId::Pick(PickId::start(id, loaded.row.ply)),
                        MAKE_A_MOVE,
                        ChoiceStyle::Primary,
                    );
                }
            }
        }
        reply.text = lines.join("\n");
        if status.is_over() {
            self.append_ratings(&mut reply, id).await;
        }
        let perspective = if status.is_over() { side } else { turn.color };
        self.attach(
            &mut reply,
            loaded,
            loaded.game.view(),
            Some(perspective),
            Picture::Board,
        );
        self.link_page(&mut reply, id, !status.is_over()).await;
        reply
    }
}
