//! Challenges: offering a game, accepting (the game begins), declining,
//! withdrawing ([`Challenges`], reached by [`Host::challenges`]).

use chronomate_engine::Level;
use chronomate_model::{ChallengeId, ChallengeStatus, PlayerKey, Timestamp};
use chronomate_rules::Game;

use super::announce::{Body, Said, Teller};
use super::images::Picture;
use super::text::{challenge_terms_words, day_words, variant_words};
use super::time::remind_at;
use super::{
    Caller, ChallengeChoice, ChallengeTerms, ChoiceId, ChoiceStyle, Host, HostError, Loaded,
    NoticeKind, Player, Refusal, Reply, check_options, read_days,
};
use chronomate_model::engine::{DEFAULT_LEVEL, engine_name};
use chronomate_store::{ChallengeRow, NewChallenge, NewGame, Stale, StoreError, Stream};

/// Challenges: offered, accepted, declined, withdrawn
/// ([`Host::challenges`]). A borrowed view of the host, like every area's
/// service (see the crate's documentation).
#[derive(Clone, Copy)]
pub struct Challenges<'h> {
    pub(crate) host: &'h Host,
}

impl Challenges<'_> {
    /// Challenges a player, or anyone when `terms.opponent` is `None`.
    pub async fn challenge(
        self,
        caller: &Caller,
        terms: ChallengeTerms,
    ) -> Result<Reply, HostError> {
        let now = self.host.now();
        if terms.opponent.as_ref().map(|p| &p.key) == Some(&caller.player.key) {
            return Err(Refusal::SelfChallenge.into());
        }
        check_options(terms.variant, &terms.options)?;
        let engine = match (&terms.opponent, terms.level) {
            (Some(p), level) if p.is_chronomate() => {
                // The terms' level, else the key's (Player::chronomate's
                // default level).
                let level = match level {
                    Some(n) => Level::new(n).ok_or(Refusal::NoSuchLevel(n))?,
                    None => p.key.chronomate_level().unwrap_or(DEFAULT_LEVEL),
                };
                Some(Player::new(
                    PlayerKey::Chronomate(level),
                    engine_name(level),
                ))
            }
            (_, Some(_)) => return Err(Refusal::LevelWithoutChronomate.into()),
            (_, None) => None,
        };
        let opponent = engine.clone().or(terms.opponent.clone());
        let guild = caller.place.guild.as_deref();
        let days = match terms.days {
            Some(d) => read_days(&d.to_string())?,
            None => self.host.store.settings(guild).await?.default_days,
        };
        let options = terms.options.to_string();
        let id = self
            .host
            .store
            .create_challenge(
                &NewChallenge {
                    challenger: (&caller.player.key, &caller.player.name),
                    challenged: opponent.as_ref().map(|p| (&p.key, &*p.name)),
                    variant: terms.variant.id(),
                    options: &options,
                    colour: terms.colour.as_str(),
                    days,
                    guild,
                    channel: caller.place.channel.as_deref(),
                    thread: caller.place.thread.as_deref(),
                },
                now,
            )
            .await?;
        let c = self
            .host
            .store
            .challenge(id)
            .await?
            .ok_or(Refusal::NoSuchChallenge(id))?;
        if let Some(engine) = engine {
            // Chronomate accepts at once.
            return self
                .host
                .begin_game(c, &engine, &self.host.teller(caller))
                .await;
        }
        let mut reply = Reply::text(format!(
            "{} challenges {} to {}. Challenge #{id}.",
            c.challenger_name,
            c.challenged_name.as_deref().unwrap_or("anyone"),
            challenge_terms_words(&c)
        ))
        .choice(
            ChoiceId::Challenge(id, ChallengeChoice::Accept),
            "Accept",
            ChoiceStyle::Primary,
        );
        if let Some(opponent) = &terms.opponent {
            reply = reply.ping(&opponent.key).choice(
                ChoiceId::Challenge(id, ChallengeChoice::Decline),
                "Decline",
                ChoiceStyle::Secondary,
            );
        }
        Ok(reply.choice(
            ChoiceId::Challenge(id, ChallengeChoice::Cancel),
            "Cancel",
            ChoiceStyle::Danger,
        ))
    }

    /// Accepts a challenge: the game begins.
    pub async fn accept(
        self,
        caller: &Caller,
        id: Option<ChallengeId>,
    ) -> Result<Reply, HostError> {
        let me = caller.key().clone();
        let c = match self
            .host
            .resolve_challenge(
                caller,
                id,
                |c| c.challenged.as_ref() == Some(&me),
                " to accept",
            )
            .await
        {
            // Nothing addressed to the caller: an open challenge will do.
            Err(HostError::Refused(Refusal::NoChallenge(_))) if id.is_none() => {
                self.host
                    .resolve_challenge(
                        caller,
                        None,
                        |c| c.challenged.is_none() && c.challenger != me,
                        " to accept",
                    )
                    .await?
            }
            other => other?,
        };
        ensure_open(&c)?;
        if c.challenger == me {
            return Err(Refusal::OwnChallenge(c.id).into());
        }
        if let Some(other) = &c.challenged
            && *other != me
        {
            return Err(not_addressed_to_you(&c));
        }
        self.host
            .begin_game(c, &caller.player, &self.host.teller(caller))
            .await
    }

    /// Declines a challenge addressed to the caller.
    pub async fn decline(
        self,
        caller: &Caller,
        id: Option<ChallengeId>,
    ) -> Result<Reply, HostError> {
        let me = caller.key().clone();
        let c = self
            .host
            .resolve_challenge(
                caller,
                id,
                |c| c.challenged.as_ref() == Some(&me),
                " to decline",
            )
            .await?;
        ensure_open(&c)?;
        if c.challenger == me {
            return Err(Refusal::Terms(format!(
                "challenge #{0} is yours: withdraw it with /cancel {0}",
                c.id
            ))
            .into());
        }
        match &c.challenged {
            None => return Err(Refusal::DeclineOpen(c.id).into()),
            Some(other) if *other != me => {
                return Err(not_addressed_to_you(&c));
            }
            Some(_) => {}
        }
        let reply = Reply::text(format!(
            "{} declined challenge #{} from {}.",
            caller.player.name, c.id, c.challenger_name
        ))
        .ping(&c.challenger);
        self.host
            .close_challenge(caller, &c, ChallengeStatus::Declined, reply)
            .await
    }

    /// Withdraws the caller's own open challenge.
    pub async fn cancel(
        self,
        caller: &Caller,
        id: Option<ChallengeId>,
    ) -> Result<Reply, HostError> {
        let me = caller.key().clone();
        let c = self
            .host
            .resolve_challenge(caller, id, |c| c.challenger == me, " to cancel")
            .await?;
        ensure_open(&c)?;
        if c.challenger != me {
            return Err(Refusal::NotYourChallenge {
                id: c.id,
                name: c.challenger_name.clone(),
            }
            .into());
        }
        let reply = Reply::text(format!(
            "{} withdrew challenge #{}.",
            caller.player.name, c.id
        ));
        self.host
            .close_challenge(caller, &c, ChallengeStatus::Cancelled, reply)
            .await
    }
}

impl Host {
    /// The challenge a command means: the one named, else the only one
    /// `pick` selects among the open challenges the caller can see.
    async fn resolve_challenge(
        &self,
        caller: &Caller,
        explicit: Option<ChallengeId>,
        pick: impl Fn(&ChallengeRow) -> bool,
        none: &'static str,
    ) -> Result<ChallengeRow, HostError> {
        if let Some(id) = explicit {
            return Ok(self
                .store
                .challenge(id)
                .await?
                .ok_or(Refusal::NoSuchChallenge(id))?);
        }
        let open = self
            .store
            .open_challenges(caller.key(), caller.place.guild.as_deref())
            .await?;
        let mut picked: Vec<ChallengeRow> = open.into_iter().filter(|c| pick(c)).collect();
        match picked.len() {
            0 => Err(Refusal::NoChallenge(none).into()),
            1 => Ok(picked.remove(0)),
            _ => Err(Refusal::WhichChallenge(picked.iter().map(|c| c.id).collect()).into()),
        }
    }

    /// Starts the game of challenge `c`, accepted by `by`.
    async fn begin_game(
        &self,
        c: ChallengeRow,
        by: &Player,
        teller: &Teller,
    ) -> Result<Reply, HostError> {
        let me = by.key.clone();
        let now = self.now();
        let (variant, options) = (c.variant, c.options.clone());
        let options_text = options.to_string();
        let seed = self.random();
        let challenger_white = match c.colour.as_str() {
            "white" => true,
            "black" => false,
            _ => self.random() & 1 == 0,
        };
        let (white, black) = if challenger_white {
            (&c.challenger, &me)
        } else {
            (&me, &c.challenger)
        };
        check_options(variant, &options)?;
        let game = Game::new(options, seed);
        let snapshot = serde_json::to_string(&game).map_err(|e| StoreError::Corrupt {
            row: format!("challenge #{}'s new game", c.id),
            detail: e.to_string(),
        })?;
        let settings = self.store.settings(c.guild.as_deref()).await?;
        let deadline = now + c.days.span();
        let to_move = game.turn().color;
        let new = NewGame {
            variant: variant.id(),
            options: &options_text,
            seed,
            white,
            black,
            days: c.days,
            reminder_hours: settings.reminder_hours,
            snapshot: &snapshot,
            to_move,
            deadline,
            remind_at: remind_at(deadline, c.days, settings.reminder_hours),
            guild: c.guild.as_deref(),
            channel: c.channel.as_deref(),
            thread: c.thread.as_deref(),
        };
        let began = self.row(
            teller,
            Stream::NewGame,
            c.guild.as_deref(),
            &Body::Began {
                challenge: c.id,
                by: by.name.clone(),
            },
        );
        let (store, receipt) = self.store.announcing(vec![began]);
        let game_id = match store
            .accept_challenge(c.id, (&me, &by.name), &new, now)
            .await?
        {
            Ok(id) => id,
            Err(Stale) => {
                let now_state = self.store.challenge(c.id).await?.unwrap_or(c);
                return Err(Refusal::ChallengeClosed {
                    id: now_state.id,
                    state: now_state.status.as_str(),
                }
                .into());
            }
        };
        self.ring();
        let loaded = self.load(game_id).await?;
        let mut reply = self.began_reply(&loaded, &c, &by.name, now);
        self.link_page(&mut reply, game_id, true).await;
        reply.announced = receipt.held();
        if loaded.row.player(to_move).is_chronomate() {
            self.wake_engine(game_id);
        }
        Ok(reply)
    }

    /// The news of a game begun: challenge `c` accepted by `by`.
    pub(crate) fn began_reply(
        &self,
        loaded: &Loaded,
        c: &ChallengeRow,
        by: &str,
        now: Timestamp,
    ) -> Reply {
        let row = &loaded.row;
        let to_move = loaded.game.turn().color;
        let mut reply = Reply::text(format!(
            "{} accepted challenge #{}: game #{} begins.\n{} (white) vs {} (black), {}, {} per move.\n{}",
            by,
            c.id,
            row.id,
            row.white_name,
            row.black_name,
            variant_words(row),
            day_words(row.days),
            self.turn_line(loaded, now),
        ))
        .about(row.id)
        .ping(&c.challenger)
        .ping(row.player(to_move));
        let viewer = if row.player(to_move).is_chronomate() {
            !to_move
        } else {
            to_move
        };
        if row.white.is_chronomate() || row.black.is_chronomate() {
            reply.text.push_str("\nUnrated: a game against Chronomate.");
        }
        self.attach(
            &mut reply,
            loaded,
            loaded.game.view(),
            Some(viewer),
            Picture::Board,
        );
        reply
    }

    /// Closes challenge `c` as `caller` answered it, announcing `reply`
    /// where the challenge was made.
    async fn close_challenge(
        &self,
        caller: &Caller,
        c: &ChallengeRow,
        status: ChallengeStatus,
        reply: Reply,
    ) -> Result<Reply, HostError> {
        let said = Said::of(
            NoticeKind::Post,
            &reply,
            super::announce::challenge_place(c),
        );
        let row = self.row(
            &self.teller(caller),
            Stream::Challenge(c.id),
            c.guild.as_deref(),
            &Body::Said(said),
        );
        let (store, receipt) = self.store.announcing(vec![row]);
        if let Err(Stale) = store
            .close_challenge(c.id, status, Some(caller.key()), self.now())
            .await?
        {
            let state = self
                .store
                .challenge(c.id)
                .await?
                .map_or("closed", |c| c.status.as_str());
            return Err(Refusal::ChallengeClosed { id: c.id, state }.into());
        }
        self.ring();
        Ok(Reply {
            announced: receipt.held(),
            ..reply
        })
    }
}

fn ensure_open(c: &ChallengeRow) -> Result<(), Refusal> {
    if c.status == ChallengeStatus::Open {
        Ok(())
    } else {
        Err(Refusal::ChallengeClosed {
            id: c.id,
            state: c.status.as_str(),
        })
    }
}

/// The refusal for a caller who is not the one challenge `c` names.
fn not_addressed_to_you(c: &ChallengeRow) -> HostError {
    Refusal::NotAddressedToYou {
        id: c.id,
        name: c.challenged_name.clone().unwrap_or_default(),
    }
    .into()
}
