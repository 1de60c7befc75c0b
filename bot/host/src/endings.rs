//! Ending games by hand (resigning, draws, aborting), and what follows
//! any game's end: its rating changes and its tournament moving on.

use chronomate_model::{GameId, GameStatus, PlayerKey};
use chronomate_rules::{Outcome, Reason};

use super::text::{outcome_words, result_words};
use super::{
    Caller, ChoiceId, ChoiceStyle, DrawMove, GameChoice, Host, HostError, Purpose, Refusal, Reply,
};
use chronomate_store::{Finish, GameRow, Stale};
/// How a game ends with `outcome` (a result, its reason in words).
pub(super) fn finish_of(outcome: Outcome) -> Finish {
    Finish {
        status: GameStatus::Finished,
        result: Some(outcome.score().to_owned()),
        reason: outcome.reason.describe().to_owned(),
    }
}

impl Host {
    /// Resigns a game. Unconfirmed, it asks for confirmation with the choice
    /// `game:N:resign:confirm`.
    pub async fn resign(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        confirmed: bool,
    ) -> Result<Reply, HostError> {
        let loaded = self.resolve(caller, game, Purpose::Manage).await?;
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
        // Resigning needs no particular ply: only a live game.
        if let Err(Stale) = self
            .store
            .finish_game(row.id, None, &finish, self.now())
            .await?
        {
            return Err(self.over_now(row.id).await);
        }
        let mut reply = Reply::text(format!(
            "{} resigned game #{}. {}.",
            caller.player.name,
            row.id,
            result_words(row, outcome)
        ))
        .about(row.id)
        .ping(row.player(!side));
        self.extend_after_end(&mut reply, row.id).await;
        Ok(reply)
    }

    /// Offers, accepts or declines a draw. Offering while the opponent's
    /// offer stands accepts it; declining one's own offer withdraws it;
    /// acting declines the opponent's offer.
    pub async fn draw(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        what: DrawMove,
    ) -> Result<Reply, HostError> {
        let loaded = self.resolve(caller, game, Purpose::Manage).await?;
        let side = loaded.side_of(caller)?;
        loaded.ensure_live()?;
        let row = &loaded.row;
        let id = row.id;
        let offer = self.store.draw_offer(id).await?;
        let now = self.now();
        match (what, offer) {
            (DrawMove::Offer, Some(o)) if o.side == side => Err(Refusal::OfferStands(id).into()),
            (DrawMove::Offer | DrawMove::Accept, Some(o)) if o.side != side => {
                self.agree_draw(row, o.side, Some(row.player(!side))).await
            }
            (DrawMove::Offer, _) => {
                if let Err(Stale) = self.store.offer_draw(id, side, row.ply, now).await? {
                    return Err(Refusal::MovedOn(id).into());
                }
                if row.player(!side).is_chronomate() {
                    return self.engine_answers_offer(&loaded, side).await;
                }
                Ok(Reply::text(format!(
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
                ))
            }
            (DrawMove::Accept, Some(_)) => Err(Refusal::OwnDrawOffer(id).into()),
            (DrawMove::Accept | DrawMove::Decline, None) => Err(Refusal::NoDrawOffer(id).into()),
            (DrawMove::Decline, Some(o)) => {
                if let Err(Stale) = self.store.drop_draw_offer(id, o.side).await? {
                    return Err(Refusal::NoDrawOffer(id).into());
                }
                let text = if o.side == side {
                    format!(
                        "{} withdrew the draw offer in game #{id}.",
                        caller.player.name
                    )
                } else {
                    format!("{} declined the draw in game #{id}.", caller.player.name)
                };
                Ok(Reply::text(text).about(id).ping(row.player(!side)))
            }
        }
    }

    /// Ends the game drawn on the offer `offered_by` made: the reply saying
    /// so (pinging `ping`), with what follows a game's end.
    async fn agree_draw(
        &self,
        row: &GameRow,
        offered_by: chronomate_rules::Color,
        ping: Option<&PlayerKey>,
    ) -> Result<Reply, HostError> {
        let outcome = Outcome::draw(Reason::Agreement);
        let finish = finish_of(outcome);
        if let Err(Stale) = self
            .store
            .accept_draw(row.id, offered_by, &finish, self.now())
            .await?
        {
            return Err(self.over_now(row.id).await);
        }
        let mut reply = Reply::text(format!(
            "Draw agreed in game #{}: {}.",
            row.id,
            result_words(row, outcome)
        ))
        .about(row.id);
        if let Some(player) = ping {
            reply = reply.ping(player);
        }
        self.extend_after_end(&mut reply, row.id).await;
        Ok(reply)
    }

    /// Chronomate answers `side`'s standing draw offer at once: it accepts
    /// only when it thinks it is clearly worse, else declines.
    async fn engine_answers_offer(
        &self,
        loaded: &super::Loaded,
        side: chronomate_rules::Color,
    ) -> Result<Reply, HostError> {
        let row = &loaded.row;
        let id = row.id;
        let offered = format!("{} offers a draw in game #{id}.", row.name(side));
        if self.engine_accepts_draw(loaded, !side).await {
            let mut reply = self.agree_draw(row, side, None).await?;
            reply.text = format!("{offered}\n{} accepts. {}", row.name(!side), reply.text);
            return Ok(reply);
        }
        // Declined, unless the game moved on meanwhile (its move declined
        // the offer already).
        let _ = self.store.drop_draw_offer(id, side).await?;
        Ok(Reply::text(format!(
            "{offered}\n{} declines the draw: play on.",
            row.name(!side)
        ))
        .about(id))
    }

    /// Aborts a game before both sides have acted: no result.
    pub async fn abort(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply, HostError> {
        let loaded = self.resolve(caller, game, Purpose::Manage).await?;
        let side = loaded.side_of(caller)?;
        loaded.ensure_live()?;
        let row = &loaded.row;
        let (white, black) = self.store.sides_moved(row.id).await?;
        if white && black {
            return Err(Refusal::TooLateToAbort(row.id).into());
        }
        let finish = Finish {
            status: GameStatus::Aborted,
            result: None,
            reason: format!("aborted by {}", caller.player.name),
        };
        // Only at this ply: a move in between may make it too late.
        if let Err(Stale) = self
            .store
            .finish_game(row.id, Some(row.ply), &finish, self.now())
            .await?
        {
            return Err(self.over_now(row.id).await);
        }
        let mut reply = Reply::text(format!(
            "{} aborted game #{}: no result.",
            caller.player.name, row.id
        ))
        .about(row.id)
        .ping(row.player(!side));
        self.extend_after_end(&mut reply, row.id).await;
        Ok(reply)
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
    /// What follows the end of a game: its rating changes, and the
    /// tournament moving on if it decided the last board of a round.
    pub(crate) async fn after_game_end(&self, game: GameId) -> Reply {
        let mut extra = Reply::default();
        let mut lines = Vec::new();
        match self.rating_lines(game).await {
            Ok(l) => lines.extend(l),
            Err(e) => tracing::warn!(game = %game, error = %e, "cannot read the rating changes"),
        }
        match self.store.tournament_of_game(game).await {
            Ok(Some(t)) => match self.tournament_advance(t, self.now()).await {
                Ok(Some(r)) => {
                    lines.push(r.text);
                    extra.pings = r.pings;
                    extra.images = r.images;
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
        extra.text = lines.join("\n");
        extra
    }
    /// Appends what follows the end of `game` to its reply.
    pub(crate) async fn extend_after_end(&self, reply: &mut Reply, game: GameId) {
        let more = self.after_game_end(game).await;
        if !more.text.is_empty() {
            reply.text.push('\n');
            reply.text.push_str(&more.text);
        }
        for k in more.pings {
            if !reply.pings.contains(&k) {
                reply.pings.push(k);
            }
        }
        reply.images.extend(more.images);
    }
}
