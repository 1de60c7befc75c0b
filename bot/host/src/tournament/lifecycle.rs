//! Creating a tournament, entering and leaving it, starting it by hand,
//! withdrawing from it and cancelling it.

use chronomate_model::{
    EndReason, GameResult, GameStatus, TournamentFormat, TournamentId, TournamentStatus,
};
use chronomate_rules::Color;

use super::rounds::tournament_place;
use super::snapshot::board_result;
use super::standings::BoardResult;
use super::{DEFAULT_PLAYERS, DEFAULT_SWISS_ROUNDS, TournamentTerms, read_tournament_name, refuse};
use crate::announce::{Body, Said};
use crate::clock::timestamp;
use crate::{Caller, Host, HostError, NoticeKind, Reply, Tournaments, check_options, read_days};
use chronomate_store::{Finish, NewTournament, Stale, Stream, TournamentRow};

impl Tournaments<'_> {
    /// Creates a tournament on the caller's server, open for entries.
    pub async fn create(self, caller: &Caller, terms: TournamentTerms) -> Result<Reply, HostError> {
        let guild = caller.place.guild.as_deref().ok_or_else(|| {
            refuse("tournaments belong to a server: create one in a server's channel")
        })?;
        let now = self.host.now();
        check_options(terms.variant, &terms.options)?;
        let days = match terms.days {
            Some(d) => read_days(&d.to_string())?,
            None => self.host.store.settings(Some(guild)).await?.default_days,
        };
        if let Some(at) = terms.starts_at
            && at <= now
        {
            return Err(refuse(format!(
                "the start time {} has passed already",
                timestamp(at)
            )));
        }
        let rounds = match terms.format {
            TournamentFormat::Swiss => terms.rounds.unwrap_or(DEFAULT_SWISS_ROUNDS),
            _ => 0,
        };
        let max_players = terms.max_players.unwrap_or(DEFAULT_PLAYERS);
        let name = match &terms.name {
            Some(n) => read_tournament_name(n)?,
            None => format!("{} {}", terms.variant.title(), terms.format.words()),
        };
        let options = terms.options.to_string();
        let id = self
            .host
            .store
            .create_tournament(
                &NewTournament {
                    guild,
                    channel: caller.place.channel.as_deref(),
                    thread: caller.place.thread.as_deref(),
                    name: &name,
                    variant: terms.variant.id(),
                    options: &options,
                    format: terms.format,
                    rounds,
                    days,
                    max_players,
                    starts_at: terms.starts_at,
                    organiser: (&caller.player.key, &caller.player.name),
                },
                now,
            )
            .await?;
        let s = self.host.snapshot_of(id).await?;
        let mut text = format!(
            "{} created {}.\n{}{}.\nJoin with /tournament join {id}; the organiser starts it with /tournament start {id}.",
            caller.player.name,
            s.title(),
            match terms.format {
                TournamentFormat::Swiss => format!("{rounds} rounds, "),
                _ => String::new(),
            },
            s.state_words(now)
        );
        if terms.format == TournamentFormat::Swiss {
            text.push_str("\nA bye scores 1 point; nobody meets anyone twice.");
        }
        Ok(Reply::text(text))
    }

    /// Enters the caller in an open tournament.
    pub async fn join(self, caller: &Caller, id: Option<TournamentId>) -> Result<Reply, HostError> {
        let s = self
            .host
            .resolve_tournament(caller, id, |t| t.status == TournamentStatus::Open, "join")
            .await?;
        let t = &s.t;
        if caller.place.guild.as_deref() != Some(t.guild.as_str()) {
            return Err(refuse(format!("join tournament #{} from its server", t.id)));
        }
        if s.index(caller.key()).is_some() {
            return Err(refuse(format!("you are in tournament #{} already", t.id)));
        }
        if t.status != TournamentStatus::Open {
            return Err(refuse(format!(
                "tournament #{} is {}: it takes no more entries",
                t.id,
                t.status.as_str()
            )));
        }
        if t.players >= t.max_players {
            return Err(refuse(format!(
                "tournament #{} is full ({} players)",
                t.id, t.max_players
            )));
        }
        if let Err(Stale) = self
            .host
            .store
            .join_tournament(
                t.id,
                (&caller.player.key, &caller.player.name),
                self.host.now(),
            )
            .await?
        {
            return Err(refuse(format!(
                "tournament #{} changed meanwhile (it started, filled up or was cancelled): nothing was changed",
                t.id
            )));
        }
        Ok(Reply::text(format!(
            "{} joined tournament #{} {} ({} of at most {}).",
            caller.player.name,
            t.id,
            t.name,
            t.players + 1,
            t.max_players
        )))
    }

    /// Takes the caller out of a tournament that has not started.
    pub async fn leave(
        self,
        caller: &Caller,
        id: Option<TournamentId>,
    ) -> Result<Reply, HostError> {
        let me = caller.key().to_owned();
        let s = self
            .host
            .resolve_tournament(caller, id, |_| true, "leave")
            .await?;
        let t = &s.t;
        if s.index(&me).is_none() {
            return Err(refuse(format!("you are not in tournament #{}", t.id)));
        }
        if t.status != TournamentStatus::Open {
            return Err(refuse(format!(
                "tournament #{} is {}: withdraw with /tournament withdraw {} instead",
                t.id,
                t.status.as_str(),
                t.id
            )));
        }
        if let Err(Stale) = self.host.store.leave_tournament(t.id, &me).await? {
            return Err(refuse(format!(
                "tournament #{} started meanwhile: withdraw instead",
                t.id
            )));
        }
        Ok(Reply::text(format!(
            "{} left tournament #{} {}.",
            caller.player.name, t.id, t.name
        )))
    }

    /// Starts a tournament now: seeds the players and plays round 1.
    pub async fn start(
        self,
        caller: &Caller,
        id: Option<TournamentId>,
    ) -> Result<Reply, HostError> {
        let s = self
            .host
            .resolve_tournament(caller, id, |t| t.status == TournamentStatus::Open, "start")
            .await?;
        Host::may_run(caller, &s.t)?;
        if s.t.status != TournamentStatus::Open {
            return Err(refuse(format!(
                "tournament #{} is {} already",
                s.t.id,
                s.t.status.as_str()
            )));
        }
        if s.players.len() < 2 {
            return Err(refuse(format!(
                "tournament #{} needs at least 2 players to start; it has {}",
                s.t.id,
                s.players.len()
            )));
        }
        match self
            .host
            .begin(&s, self.host.now(), &self.host.teller(caller))
            .await?
        {
            Some(reply) => Ok(reply),
            None => Err(refuse(format!(
                "tournament #{} started meanwhile: nothing was changed",
                s.t.id
            ))),
        }
    }

    /// Withdraws the caller from a running tournament: their game in play
    /// is resigned, and they are paired no more.
    pub async fn withdraw(
        self,
        caller: &Caller,
        id: Option<TournamentId>,
    ) -> Result<Reply, HostError> {
        let me = caller.key().to_owned();
        let s = self
            .host
            .resolve_tournament(
                caller,
                id,
                |t| t.status == TournamentStatus::Running,
                "withdraw",
            )
            .await?;
        let t = &s.t;
        let Some(i) = s.index(&me) else {
            return Err(refuse(format!("you are not in tournament #{}", t.id)));
        };
        match t.status {
            TournamentStatus::Open => {
                return Err(refuse(format!(
                    "tournament #{} has not started: leave it with /tournament leave {}",
                    t.id, t.id
                )));
            }
            TournamentStatus::Running => {}
            other => {
                return Err(refuse(format!(
                    "tournament #{} is {} already",
                    t.id,
                    other.as_str()
                )));
            }
        }
        if !s.active(i) {
            return Err(refuse(format!(
                "you withdrew from tournament #{} already",
                t.id
            )));
        }
        let now = self.host.now();
        let teller = self.host.teller(caller);
        let withdrew = format!(
            "{} withdrew from tournament #{} {}.",
            caller.player.name, t.id, t.name
        );
        let said = Said::of(
            NoticeKind::Post,
            &Reply::text(withdrew.clone()),
            tournament_place(t),
        );
        let row = self.host.row(
            &teller,
            Stream::Tournament(t.id),
            Some(&t.guild),
            &Body::Said(said),
        );
        let (store, receipt) = self.host.store.announcing(vec![row]);
        if let Err(Stale) = store.withdraw_from_tournament(t.id, &me, now).await? {
            return Err(refuse(format!(
                "tournament #{} ended meanwhile: nothing was changed",
                t.id
            )));
        }
        let mut lines = vec![withdrew];
        let mut reply = Reply {
            announced: receipt.held(),
            ..Reply::default()
        };
        for p in s.round_boards(t.round) {
            let (Some(game), Some(black)) = (p.game_id, &p.black) else {
                continue;
            };
            if board_result(p) != BoardResult::Pending || (p.white != me && *black != me) {
                continue;
            }
            let loser = if p.white == me {
                Color::White
            } else {
                Color::Black
            };
            let result = GameResult::of(Some(!loser));
            let finish = Finish {
                status: GameStatus::Finished,
                result: Some(result),
                reason: EndReason::Withdrawal,
            };
            let other = if p.white == me {
                (black, p.black_name.as_deref().unwrap_or("?"))
            } else {
                (&p.white, p.white_name.as_str())
            };
            let lost = Reply::text(format!(
                "Game #{game} counts as a loss: {} ({}) wins.",
                other.1,
                result.as_str()
            ))
            .about(game)
            .ping(other.0);
            let Some(row) = self.host.store.game(game).await? else {
                continue;
            };
            let (store, receipt) = self
                .host
                .store
                .announcing(self.host.ending_rows(&teller, &row, &lost));
            if let Ok(()) = store.finish_game(game, None, &finish, now).await? {
                self.host.ring();
                lines.push(lost.text.clone());
                reply = reply.ping(other.0);
                reply.announced.extend(receipt.held());
                let mut more = Reply::default();
                self.host.append_ratings(&mut more, game).await;
                self.host
                    .tournament_after_end(&mut more, game, &teller)
                    .await;
                let more_text = more.text.trim_start_matches('\n');
                if !more_text.is_empty() {
                    lines.push(more_text.to_owned());
                }
                for k in more.pings {
                    reply = reply.ping(&k);
                }
                reply.images.extend(more.images);
                reply.announced.extend(more.announced);
                reply.follows.extend(more.follows);
            }
        }
        if t.format != TournamentFormat::Swiss {
            lines.push("Their later games are forfeited to their opponents.".to_owned());
        }
        reply.text = lines.join("\n");
        Ok(reply)
    }

    /// Cancels a tournament (organiser or managers). Games in play go on as
    /// ordinary games.
    pub async fn cancel(
        self,
        caller: &Caller,
        id: Option<TournamentId>,
    ) -> Result<Reply, HostError> {
        let s = self
            .host
            .resolve_tournament(
                caller,
                id,
                |t| matches!(t.status, TournamentStatus::Open | TournamentStatus::Running),
                "cancel",
            )
            .await?;
        Host::may_run(caller, &s.t)?;
        if !matches!(
            s.t.status,
            TournamentStatus::Open | TournamentStatus::Running
        ) {
            return Err(refuse(format!(
                "tournament #{} is {} already",
                s.t.id,
                s.t.status.as_str()
            )));
        }
        let note = format!("cancelled by {}", caller.player.name);
        let mut reply = Reply::text(format!(
            "{} cancelled tournament #{} {}.{}",
            caller.player.name,
            s.t.id,
            s.t.name,
            if s.t.status == TournamentStatus::Running {
                " Games in play go on as ordinary games."
            } else {
                ""
            }
        ));
        for p in &s.players {
            reply = reply.ping(&p.key);
        }
        let said = Said::of(NoticeKind::Post, &reply, tournament_place(&s.t));
        let row = self.host.row(
            &self.host.teller(caller),
            Stream::Tournament(s.t.id),
            Some(&s.t.guild),
            &Body::Said(said),
        );
        let (store, receipt) = self.host.store.announcing(vec![row]);
        if let Err(Stale) = store
            .end_tournament(
                s.t.id,
                s.t.round,
                TournamentStatus::Cancelled,
                Some(&note),
                self.host.now(),
            )
            .await?
        {
            return Err(refuse(format!(
                "tournament #{} moved on meanwhile: nothing was changed; try again",
                s.t.id
            )));
        }
        self.host.ring();
        reply.announced = receipt.held();
        Ok(reply)
    }
}

impl Host {
    fn may_run(caller: &Caller, t: &TournamentRow) -> Result<(), HostError> {
        if caller.manager || *caller.key() == t.organiser {
            Ok(())
        } else {
            Err(refuse(format!(
                "only the organiser ({}) or a server manager may do that to tournament #{}",
                t.organiser_name, t.id
            )))
        }
    }
}
