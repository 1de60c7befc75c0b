//! Players' seats at a game's page: a link handed privately (a Discord
//! answer only they see, the console's `/web`) carries a one-time token
//! that the page trades for a session bound to that player and game, sent
//! back on every action as a bearer token (no cookie). Tokens are 128
//! random bits; only their SHA-256 digests are kept, so the table opens
//! nothing to whoever reads it.

use chronomate_model::{GameId, Span};
use chronomate_rules::Color;
use chronomate_store::{WebKey, WebTokenKind};
use sha2::{Digest, Sha256};

use super::super::{Caller, Host, HostError, Link, Place, Player, Purpose, Refusal, Reply, Web};

/// How long a player's link may wait before it is used.
pub const LINK_LASTS: Span = Span::from_millis(10 * 60 * 1000);

/// How long a page's session lasts: a correspondence game's page stays
/// open for days.
pub const SESSION_LASTS: Span = Span::from_millis(7 * 24 * 60 * 60 * 1000);

/// A player seated at a game's page: who, in which game, on which side,
/// and where the game is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The game.
    pub game: GameId,
    /// The player, as the game names them.
    pub player: Player,
    /// The side they play.
    pub side: Color,
    /// The game's place, where what the seat does is told.
    place: Place,
}

impl Seat {
    /// The caller a seat acts as: the player, in the game's own place (so
    /// what they do is told in the game's thread).
    pub(crate) fn caller(&self) -> Caller {
        Caller::new(self.player.clone(), self.place.clone())
    }
}

/// 128 bits from the operating system, as 32 lowercase hex digits.
pub(super) fn fresh_secret(what: &str) -> Result<String, HostError> {
    let mut bits = [0u8; 16];
    getrandom::fill(&mut bits)
        .map_err(|e| HostError::System(format!("no random bits for {what}: {e}")))?;
    Ok(hex(&bits))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the table keeps of a token.
fn digest(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

impl Web<'_> {
    /// A personal link to the page of the game the caller means, to play
    /// it by click: answered privately, usable once within
    /// [`LINK_LASTS`].
    ///
    /// # Errors
    /// The web page is off, the caller plays no such game, or the
    /// database failed.
    pub async fn play_link(
        self,
        caller: &Caller,
        game: Option<GameId>,
    ) -> Result<Reply, HostError> {
        let Some(base) = self.host.config.web_url.clone() else {
            return Err(Refusal::WebOff.into());
        };
        let loaded = self.host.resolve(caller, game, Purpose::View).await?;
        let id = loaded.row.id;
        if loaded.row.side_of(caller.key()).is_none() {
            return Err(Refusal::NotParticipant(id).into());
        }
        let watch = self.watch_secret(id).await?;
        let token = fresh_secret("a player's link")?;
        let now = self.host.now();
        let key = WebKey {
            game: id,
            player: caller.key().clone(),
        };
        self.host
            .store
            .add_web_token(
                WebTokenKind::Link,
                &digest(&token),
                &key,
                now,
                now + LINK_LASTS,
            )
            .await?;
        let url = format!("{}/watch/{watch}#play={token}", base.trim_end_matches('/'));
        let mut reply = Reply::text(format!(
            "Your own link to game #{id}: open it within {} minutes to play by click. \
             It works once; ask again for a new one.",
            LINK_LASTS.millis() / 60_000
        ))
        .about(id)
        .private();
        reply.link = Some(Link {
            label: "Play in browser".to_owned(),
            url,
        });
        Ok(reply)
    }

    /// Trades a player's link `token`, on the page whose secret is
    /// `watch`, for a session: its bearer token and the seat it opens.
    /// `None` for a token unknown, used, expired or for another game.
    ///
    /// # Errors
    /// The database failed.
    pub async fn open_seat(
        self,
        watch: &str,
        token: &str,
    ) -> Result<Option<(String, Seat)>, HostError> {
        let Some(game) = self.watched(watch).await? else {
            return Ok(None);
        };
        if !super::plain_secret(token) {
            return Ok(None);
        }
        let now = self.host.now();
        let Some(key) = self.host.store.take_web_link(&digest(token), now).await? else {
            return Ok(None);
        };
        if key.game != game {
            return Ok(None);
        }
        let Some(seat) = self.host.seat_of(&key).await? else {
            return Ok(None);
        };
        let session = fresh_secret("a page's session")?;
        self.host
            .store
            .add_web_token(
                WebTokenKind::Session,
                &digest(&session),
                &key,
                now,
                now + SESSION_LASTS,
            )
            .await?;
        Ok(Some((session, seat)))
    }

    /// The seat a page's session `bearer` opens at the page whose secret
    /// is `watch`; `None` for an unknown or expired session, or one of
    /// another game.
    ///
    /// # Errors
    /// The database failed.
    pub async fn seat(self, watch: &str, bearer: &str) -> Result<Option<Seat>, HostError> {
        if !super::plain_secret(bearer) {
            return Ok(None);
        }
        let Some(game) = self.watched(watch).await? else {
            return Ok(None);
        };
        match self
            .host
            .store
            .web_session(&digest(bearer), self.host.now())
            .await?
        {
            Some(key) if key.game == game => self.host.seat_of(&key).await,
            _ => Ok(None),
        }
    }
}

impl Host {
    /// The seat `key` names, as the game's row names its player (read
    /// without the game's snapshot: every request of a page asks).
    async fn seat_of(&self, key: &WebKey) -> Result<Option<Seat>, HostError> {
        let Some(row) = self.store.game_row(key.game).await? else {
            return Ok(None);
        };
        let Some(side) = row.side_of(&key.player) else {
            return Ok(None);
        };
        Ok(Some(Seat {
            game: key.game,
            player: Player::new(key.player.clone(), row.name(side)),
            side,
            place: Place::of_game(&row),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_kept_as_its_sha256() {
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let a = fresh_secret("a test").unwrap();
        let b = fresh_secret("a test").unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
    }
}
