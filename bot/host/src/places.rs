//! Places that stay true: where a game is played, as the transport's
//! gateway reports it changing, and the warnings to a server's admins
//! about a permission the bot lacks (told once per server and cause,
//! recorded in the database, so a restart or a second process does not
//! tell them again).

use super::announce::{Body, Teller};
use super::{GamePlace, GameStatus, HostError, Outbox, Place, Refusal};
use chronomate_model::GameId;
use chronomate_store::Stream;

impl Outbox<'_> {
    /// Where a game is played and whether it is still on, read without
    /// loading the game: what a transport needs to post about it.
    pub async fn place_of(self, game: GameId) -> Result<GamePlace, HostError> {
        let row = self
            .host
            .store
            .game(game)
            .await?
            .ok_or(Refusal::NoSuchGame(game))?;
        Ok(GamePlace {
            game,
            title: format!(
                "Game #{} · {} vs {} · {}",
                row.id, row.white_name, row.black_name, row.variant
            ),
            live: row.status == GameStatus::Live,
            place: Place::of_game(&row),
        })
    }

    /// Records where a game's posts go: the thread a transport opened for
    /// it (commands typed there mean that game), a new one when that thread
    /// is gone, or the game's channel itself when no thread can be had.
    pub async fn bind_thread(self, game: GameId, thread: &str) -> Result<(), HostError> {
        if self
            .host
            .store
            .bind_thread(game, thread, self.host.now())
            .await?
        {
            Ok(())
        } else {
            Err(Refusal::NoSuchGame(game).into())
        }
    }

    /// A thread or channel is gone (deleted), or archived and locked by
    /// someone else: the live games played there forget it, so their next
    /// post opens a new thread in their channel (and a pointer never names
    /// a place that is gone). Returns those games.
    pub async fn place_gone(self, place: &str) -> Result<Vec<GameId>, HostError> {
        let games = self.host.store.forget_place(place, self.host.now()).await?;
        if !games.is_empty() {
            tracing::info!(place, games = ?games, "the games' place is gone: the next post opens another");
        }
        Ok(games)
    }

    /// The live games played in `place` (a thread, or a channel).
    pub async fn live_games_in(self, place: &str) -> Result<Vec<GameId>, HostError> {
        Ok(self.host.store.live_games_in(place).await?)
    }

    /// Tells a server's admins `text` in `channel` about `cause` (a
    /// permission the bot lacks), unless they were told about it already:
    /// the warning is recorded and announced in one transaction. True:
    /// this call told them.
    pub async fn warn_admins(
        self,
        guild: &str,
        cause: &str,
        channel: &str,
        text: &str,
    ) -> Result<bool, HostError> {
        let body = Body::Warning {
            channel: channel.to_owned(),
            text: text.to_owned(),
        };
        let row = self.host.row(
            &Teller::outbox(),
            Stream::Guild(guild.to_owned()),
            Some(guild),
            &body,
        );
        let (store, _receipt) = self.host.store.announcing(vec![row]);
        let told = store.warn_once(guild, cause, self.host.now()).await?;
        if told {
            self.host.ring();
        }
        Ok(told)
    }

    /// A thread could be opened in `guild` again: the warnings about
    /// missing permissions are forgotten, so a permission taken away
    /// later is told anew.
    pub async fn thread_opened(self, guild: &str) -> Result<(), HostError> {
        self.host.store.clear_warnings(guild).await?;
        Ok(())
    }
}
