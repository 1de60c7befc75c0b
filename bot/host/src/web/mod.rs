//! What the web page asks of the host ([`Web`], reached by
//! [`Host::web`]): a game's spectators' address (a secret made once, never
//! the sequential id alone) and what the page shows of a game (the rules'
//! view, the same the pictures are drawn from); a player's seat at the
//! page, and what it lets them see and do, are `seats.rs` and `table.rs`.

mod seats;
mod table;

use chronomate_rules::view::View;
use serde::Serialize;

use super::choice::{ChoiceId, GameChoice};
use super::{Choice, ChoiceStyle, GameId, GameStatus, Host, HostError, Link, Reply};

/// The web page's side of the host: spectators' pages, players' seats and
/// what a seat may see and do ([`Host::web`]). A borrowed view of the
/// host, like every area's service (see the crate's documentation).
#[derive(Clone, Copy)]
pub struct Web<'h> {
    pub(crate) host: &'h Host,
}

/// The button that hands a player their own link to the game's page.
pub const PLAY_IN_BROWSER: &str = "Play in browser";

pub use chronomate_rules::click::{Head, Tail};
pub use chronomate_rules::view::BoardCell;
pub use seats::{LINK_LASTS, SESSION_LASTS, Seat};
pub use table::{Act, Loose, SeatView, Table};

/// A game as its page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct PageView {
    /// The game.
    pub game: GameId,
    /// Actions played: the page's moment (an action made at another ply is
    /// refused).
    pub ply: i64,
    /// `live`, `finished` or `aborted`.
    pub status: &'static str,
    /// The variant's id (`5d`).
    pub variant: &'static str,
    /// White's and Black's names.
    pub players: [String; 2],
    /// What the boards show: the rules' view.
    pub view: View,
}

impl PageView {
    /// The game of `row` at ply `ply`, showing `view`.
    pub(crate) fn of(row: &chronomate_store::GameRow, ply: i64, view: View) -> PageView {
        PageView {
            game: row.id,
            ply,
            status: row.status.as_str(),
            variant: row.variant.id(),
            players: [
                row.name(chronomate_rules::Color::White).to_owned(),
                row.name(chronomate_rules::Color::Black).to_owned(),
            ],
            view,
        }
    }
}

/// Whether `secret` has the form of a spectators' secret (32 lowercase hex
/// digits): anything else names no game, unread.
pub(crate) fn plain_secret(secret: &str) -> bool {
    secret.len() == 32
        && secret
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl Web<'_> {
    /// The secret of `game`'s spectators' address (made and kept at the
    /// first ask): 128 bits from the operating system's random source.
    ///
    /// # Errors
    /// No random bits could be had, or the database failed.
    pub async fn watch_secret(self, game: GameId) -> Result<String, HostError> {
        // Every board post asks: a read, and a write only the first time.
        if let Some(secret) = self.host.store.watch_secret(game).await? {
            return Ok(secret);
        }
        let fresh = seats::fresh_secret("a web link")?;
        Ok(self.host.store.make_watch_secret(game, &fresh).await?)
    }

    /// The game whose spectators' secret is `secret`, if any.
    ///
    /// # Errors
    /// The database failed.
    pub async fn watched(self, secret: &str) -> Result<Option<GameId>, HostError> {
        if !plain_secret(secret) {
            return Ok(None);
        }
        Ok(self.host.store.watched_game(secret).await?)
    }

    /// `game` as its page shows it now.
    ///
    /// # Errors
    /// No such game, or the database failed.
    pub async fn page_view(self, game: GameId) -> Result<PageView, HostError> {
        let loaded = self.host.load(game).await?;
        let view = loaded.game.snapshot();
        Ok(PageView::of(&loaded.row, loaded.row.ply, view))
    }

    /// The game's moment, cheaply (one small row, no snapshot, no
    /// replay): its ply and whether it is still live, for the page's live
    /// updates.
    ///
    /// # Errors
    /// No such game, or the database failed.
    pub async fn moment(self, game: GameId) -> Result<(i64, GameStatus), HostError> {
        Ok(self
            .host
            .store
            .game_moment(game)
            .await?
            .ok_or(super::Refusal::NoSuchGame(game))?)
    }
}

impl Host {
    /// The link to `game`'s live page, where the web page is on; `None`
    /// where it is off or no link could be made (logged: the reply goes
    /// out without it).
    pub(crate) async fn watch_link(&self, game: GameId) -> Option<Link> {
        let base = self.config.web_url.as_deref()?;
        match self.web().watch_secret(game).await {
            Ok(secret) => Some(Link {
                label: "Watch live".to_owned(),
                url: format!("{}/watch/{secret}", base.trim_end_matches('/')),
            }),
            Err(e) => {
                tracing::warn!(%game, error = %e, "no link to the game's page");
                None
            }
        }
    }

    /// Links a board post to `game`'s live page, where the web page is
    /// on, and, while the game is `live`, offers its players their own
    /// link to play there ("Play in browser": the answer only the
    /// presser sees).
    pub(crate) async fn link_page(&self, reply: &mut Reply, game: GameId, live: bool) {
        reply.link = self.watch_link(game).await;
        if live && reply.link.is_some() {
            reply.choices.push(Choice::new(
                ChoiceId::Game(game, GameChoice::Web),
                PLAY_IN_BROWSER,
                ChoiceStyle::Secondary,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_32_lowercase_hex_digits_are_read_as_a_secret() {
        assert!(plain_secret("0123456789abcdef0123456789abcdef"));
        for bad in [
            "",
            "0123456789ABCDEF0123456789abcdef",
            "0123456789abcdef0123456789abcde",
            "../../../../etc/passwd0123456789",
            "0123456789abcdef0123456789abcdeg",
        ] {
            assert!(!plain_secret(bad), "{bad:?}");
        }
    }
}
