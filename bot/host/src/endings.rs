//! Ending games by hand (resigning, draws, aborting), and what follows
//! any game's end: its rating changes and its tournament moving on.

use chronomate_model::{EndReason, GameId, GameResult, GameStatus, PlayerKey};
use chronomate_rules::{Outcome, Reason};

use super::announce::{Body, Said, Teller};
use super::text::{outcome_words, result_words};
use super::{
    Caller, ChoiceId, ChoiceStyle, DrawMove, GameChoice, Games, Host, HostError, NoticeKind, Place,
    Purpose, Refusal, Reply,
};
use chronomate_store::{Finish, GameRow, NewAnnouncement, Stale, Stream};
/// How a game ends with `outcome` (a result and the rules' reason).
pub(super) fn finish_of(outcome: Outcome) -> Finish {
    Finish {
        status: GameStatus::Finished,
        result: Some(GameResult::of(outcome.winner)),
        reason: EndReason::Rules(outcome.reason),
    }
}

impl Games<'_> {
    /// Resigns a game. Unconfirmed, it asks for confirmation with the choice
    /// `game:N:resign:confirm`.
    pub async fn resign(
        self,
        caller: &Caller,
        game: Option<GameId>,
        confirmed: bool,
    ) -> Result<Reply, HostError> {
        let loaded = self.host.resolve(caller, game, Purpose::Manage).await?;
        let side = loaded.side_of(caller)?;
        loaded.ensure_live()?;
        let row = &loaded.row;
        if !confirmed {
            return Ok(Reply::text(format!(
                "Resign game #{} against {}? This cannot be undone.",
                row.id,
                row.name(!side)
            ))
            .about(row.id)
            .private()
            .choice(
                ChoiceId::Game(row.id, GameChoice::ResignConfirm),
                "Resign",
                ChoiceStyle::Danger,
            ));
        }
        let outcome = Outcome::win(!side, Reason::Resignation);
        let finish = finish_of(outcome);
        let reply = Reply::text(format!(
            "{} resigned game #{}. {}.",
            caller.player.name,
            row.id,
            result_words(row, outcome)
        ))
        .about(row.id)
        .ping(row.player(!side));
        // Resigning needs no particular ply: only a live game.
        self.host
            .finish_by_command(caller, row, None, &finish, reply)
            .await
    }

    /// Offers, accepts or declines a draw. Offering while the opponent's
    /// offer stands accepts it; declining one's own offer withdraws it;
    /// acting declines the opponent's offer.
    pub async fn draw(
        self,
        caller: &Caller,
        game: Option<GameId>,
        what: DrawMove,
    ) -> Result<Reply, HostError> {
        let loaded = self.host.resolve(caller, game, Purpose::Manage).await?;
        let side = loaded.side_of(caller)?;
        loaded.ensure_live()?;
        let row = &loaded.row;
        let id = row.id;
        let offer = self.host.store.draw_offer(id).await?;
        let now = self.host.now();
        match (what, offer) {
            (DrawMove::Offer, Some(o)) if o.side == side => Err(Refusal::OfferStands(id).into()),
            (DrawMove::Offer | DrawMove::Accept, Some(o)) if o.side != side => {
                let teller = self.host.teller(caller);
                self.host
                    .agree_draw(row, o.side, Some(row.player(!side)), &teller, None)
                    .await
            }
            (DrawMove::Offer, _) => {
                let teller = self.host.teller(caller);
                if row.player(!side).is_chronomate() {
                    if let Err(Stale) = self.host.store.offer_draw(id, side, row.ply, now).await? {
                        return Err(Refusal::MovedOn(id).into());
                    }
                    return self.host.engine_answers_offer(&loaded, side, &teller).await;
                }
                let reply = Reply::text(format!(
                    "{} offers a draw in game #{id}.",
                    caller.player.name
                ))
                .about(id)
                .ping(row.player(!side))
                .choice(
                    ChoiceId::Game(id, GameChoice::DrawAccept),
                    "Accept draw",
                    ChoiceStyle::Primary,
                )
                .choice(
                    ChoiceId::Game(id, GameChoice::DrawDecline),
                    "Decline draw",
                    ChoiceStyle::Secondary,
                );
                let (store, receipt) = self
                    .host
                    .store
                    .announcing(vec![self.host.post_row(&teller, row, &reply)]);
                if let Err(Stale) = store.offer_draw(id, side, row.ply, now).await? {
                    return Err(Refusal::MovedOn(id).into());
                }
                self.host.ring();
                Ok(Reply {
                    announced: receipt.held(),
                    ..reply
                })
            }
            (DrawMove::Accept, Some(_)) => Err(Refusal::OwnDrawOffer(id).into()),
            (DrawMove::Accept | DrawMove::Decline, None) => Err(Refusal::NoDrawOffer(id).into()),
            (DrawMove::Decline, Some(o)) => {
                let text = if o.side == side {
                    format!(
                        "{} withdrew the draw offer in game #{id}.",
                        caller.player.name
                    )
                } else {
                    format!("{} declined the draw in game #{id}.", caller.player.name)
                };
                let reply = Reply::text(text).about(id).ping(row.player(!side));
                let teller = self.host.teller(caller);
                let (store, receipt) = self
                    .host
                    .store
                    .announcing(vec![self.host.post_row(&teller, row, &reply)]);
                if let Err(Stale) = store.drop_draw_offer(id, o.side).await? {
                    return Err(Refusal::NoDrawOffer(id).into());
                }
                self.host.ring();
                Ok(Reply {
                    announced: receipt.held(),
                    ..reply
                })
            }
        }
    }

    /// Aborts a game before both sides have acted: no result.
    pub async fn abort(self, caller: &Caller, game: Option<GameId>) -> Result<Reply, HostError> {
        let loaded = self.host.resolve(caller, game, Purpose::Manage).await?;
        let side = loaded.side_of(caller)?;
        loaded.ensure_live()?;
        let row = &loaded.row;
        let (white, black) = self.host.store.sides_moved(row.id).await?;
        if white && black {
            return Err(Refusal::TooLateToAbort(row.id).into());
        }
        let finish = Finish {
            status: GameStatus::Aborted,
            result: None,
            reason: EndReason::AbortedBy(caller.player.name.clone()),
        };
        let reply = Reply::text(format!(
            "{} aborted game #{}: no result.",
            caller.player.name, row.id
        ))
        .about(row.id)
        .ping(row.player(!side));
        // Only at this ply: a move in between may make it too late.
        self.host
            .finish_by_command(caller, row, Some(row.ply), &finish, reply)
            .await
    }
}

impl Host {
    /// Ends `row` as `finish` says on `caller`'s command, at `ply` where
    /// given, with `reply` and the ending's announcements committed in the
    /// same transaction; a game already over (or moved past `ply`) is
    /// refused as it stands now.
    async fn finish_by_command(
        &self,
        caller: &Caller,
        row: &GameRow,
        ply: Option<i64>,
        finish: &Finish,
        reply: Reply,
    ) -> Result<Reply, HostError> {
        let teller = self.teller(caller);
        let (store, receipt) = self
            .store
            .announcing(self.ending_rows(&teller, row, &reply));
        if let Err(Stale) = store.finish_game(row.id, ply, finish, self.now()).await? {
            return Err(self.over_now(row.id).await);
        }
        Ok(self.ended(reply, receipt.held(), row.id, &teller).await)
    }

    /// Ends the game drawn on the offer `offered_by` made: the reply saying
    /// so (pinging `ping`), with what follows a game's end.
    /// `before`: a line to say first (Chronomate's answer to the offer).
    async fn agree_draw(
        &self,
        row: &GameRow,
        offered_by: chronomate_rules::Color,
        ping: Option<&PlayerKey>,
        teller: &Teller,
        before: Option<String>,
    ) -> Result<Reply, HostError> {
        let outcome = Outcome::draw(Reason::Agreement);
        let finish = finish_of(outcome);
        let agreed = format!(
            "Draw agreed in game #{}: {}.",
            row.id,
            result_words(row, outcome)
        );
        let mut reply = Reply::text(match before {
            Some(before) => format!("{before} {agreed}"),
            None => agreed,
        })
        .about(row.id);
        if let Some(player) = ping {
            reply = reply.ping(player);
        }
        let (store, receipt) = self.store.announcing(self.ending_rows(teller, row, &reply));
        if let Err(Stale) = store
            .accept_draw(row.id, offered_by, &finish, self.now())
            .await?
        {
            return Err(self.over_now(row.id).await);
        }
        Ok(self.ended(reply, receipt.held(), row.id, teller).await)
    }

    /// Chronomate answers `side`'s standing draw offer at once: it accepts
    /// only when it thinks it is clearly worse, else declines.
    async fn engine_answers_offer(
        &self,
        loaded: &super::Loaded,
        side: chronomate_rules::Color,
        teller: &Teller,
    ) -> Result<Reply, HostError> {
        let row = &loaded.row;
        let id = row.id;
        let offered = format!("{} offers a draw in game #{id}.", row.name(side));
        if self.engine_accepts_draw(loaded, !side).await {
            let before = format!("{offered}\n{} accepts.", row.name(!side));
            return self.agree_draw(row, side, None, teller, Some(before)).await;
        }
        // Declined, unless the game moved on meanwhile (its move declined
        // the offer already).
        let reply = Reply::text(format!(
            "{offered}\n{} declines the draw: play on.",
            row.name(!side)
        ))
        .about(id);
        let (store, receipt) = self
            .store
            .announcing(vec![self.post_row(teller, row, &reply)]);
        let _ = store.drop_draw_offer(id, side).await?;
        self.ring();
        Ok(Reply {
            announced: receipt.held(),
            ..reply
        })
    }

    /// Why a write on a game that looked live lost its race.
    async fn over_now(&self, id: GameId) -> HostError {
        match self.store.game(id).await {
            Ok(Some(row)) if row.status != GameStatus::Live => Refusal::GameOver {
                game: id,
                outcome: outcome_words(&row),
            }
            .into(),
            Ok(_) => Refusal::MovedOn(id).into(),
            Err(e) => e.into(),
        }
    }
}

impl Host {
    /// A command's public reply about a game, as its announcement.
    pub(crate) fn post_row(
        &self,
        teller: &Teller,
        row: &GameRow,
        reply: &Reply,
    ) -> NewAnnouncement {
        let said = Said::of(NoticeKind::Post, reply, Place::of_game(row));
        self.row(
            teller,
            Stream::Game(row.id),
            row.guild.as_deref(),
            &Body::Said(said),
        )
    }

    /// What a game's end announces: `reply` (followed by the rating
    /// changes), then the game's thread closed.
    pub(crate) fn ending_rows(
        &self,
        teller: &Teller,
        row: &GameRow,
        reply: &Reply,
    ) -> Vec<NewAnnouncement> {
        let said = Said::of(NoticeKind::Post, reply, Place::of_game(row)).with_ratings();
        let guild = row.guild.as_deref();
        vec![
            self.row(teller, Stream::Game(row.id), guild, &Body::Said(said)),
            self.row(&Teller::outbox(), Stream::Game(row.id), guild, &Body::Close),
        ]
    }

    /// The reply to a command that ended a game, once committed with
    /// `announced`: with the rating changes and the tournament moving on.
    async fn ended(
        &self,
        mut reply: Reply,
        announced: Vec<chronomate_store::AnnouncementId>,
        game: GameId,
        teller: &Teller,
    ) -> Reply {
        self.ring();
        reply.announced = announced;
        self.append_ratings(&mut reply, game).await;
        self.tournament_after_end(&mut reply, game, teller).await;
        reply
    }

    /// Appends a finished game's rating changes to its reply.
    pub(crate) async fn append_ratings(&self, reply: &mut Reply, game: GameId) {
        match self.rating_lines(game).await {
            Ok(lines) => {
                for line in lines {
                    reply.text.push('\n');
                    reply.text.push_str(&line);
                }
            }
            Err(e) => tracing::warn!(game = %game, error = %e, "cannot read the rating changes"),
        }
    }

    /// Moves on the tournament of a game that just ended, if it decided
    /// the last board of a round, and appends what that announces (its
    /// own announcements, in the tournament's stream) to the reply.
    pub(crate) async fn tournament_after_end(
        &self,
        reply: &mut Reply,
        game: GameId,
        teller: &Teller,
    ) {
        match self.store.tournament_of_game(game).await {
            Ok(Some(t)) => match self.advance_tournament(t, self.now(), teller).await {
                Ok(Some(r)) => {
                    reply.text.push('\n');
                    reply.text.push_str(&r.text);
                    for k in r.pings {
                        if !reply.pings.contains(&k) {
                            reply.pings.push(k);
                        }
                    }
                    reply.images.extend(r.images);
                    // The tournament's own news, to its channel and players.
                    reply.follows.extend(r.announced);
                    reply.follows.extend(r.follows);
                }
                Ok(None) => {}
                // The next tick tries again.
                Err(e) => {
                    tracing::warn!(game = %game, tournament = %t, error = %e, "cannot move the tournament on")
                }
            },
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(game = %game, error = %e, "cannot look up the game's tournament")
            }
        }
    }
}
