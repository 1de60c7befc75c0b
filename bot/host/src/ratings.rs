//! Ratings and leaderboards: a player's Glicko-2 ratings, the best-rated
//! players of a variant, and the lines that report a game's rating
//! changes. The arithmetic is [`chronomate_model::rating`]'s; the store applies
//! it when a result is recorded.

use chronomate_model::GameId;
use chronomate_rules::Variant;

use super::{Caller, Host, HostError, Player, Players, Reply};
use chronomate_model::rating::{GLOBAL, Glicko, change_words};

/// How many players `/leaderboard` lists.
pub(crate) const LEADERBOARD_SIZE: i64 = 10;

impl Players<'_> {
    /// A player's ratings (the caller's by default): in one variant, or in
    /// every variant they have played; on this server and across servers.
    pub async fn rating(
        self,
        caller: &Caller,
        who: Option<Player>,
        variant: Option<Variant>,
    ) -> Result<Reply, HostError> {
        let player = who.unwrap_or_else(|| caller.player.clone());
        let name = self
            .host
            .store
            .player_name(&player.key)
            .await?
            .unwrap_or_else(|| player.name.clone());
        let guild = caller.place.guild.as_deref();
        let mut global = self.host.store.ratings_of(&player.key, GLOBAL).await?;
        let mut local = match guild {
            Some(g) => self.host.store.ratings_of(&player.key, g).await?,
            None => Vec::new(),
        };
        if let Some(v) = variant {
            global.retain(|r| r.variant == v.id());
            local.retain(|r| r.variant == v.id());
        }
        if global.is_empty() {
            let what = variant.map_or(String::new(), |v| format!(" in {}", v.id()));
            return Ok(Reply::text(format!(
                "{name} has no rated games{what} yet: everyone starts at {} (provisional).",
                Glicko::default().display()
            ))
            .private());
        }
        let mut lines = vec![format!("{name}'s ratings (? = provisional):")];
        for g in &global {
            let here = local.iter().find(|l| l.variant == g.variant);
            let mut line = format!("{}: ", g.variant);
            if let Some(h) = here {
                line.push_str(&format!(
                    "{} on this server ({}), ",
                    h.glicko.display(),
                    record_words(h.games, h.wins, h.draws, h.losses)
                ));
            }
            line.push_str(&format!(
                "{} across servers ({}), deviation {}",
                g.glicko.display(),
                record_words(g.games, g.wins, g.draws, g.losses),
                g.glicko.deviation.round() as i64
            ));
            lines.push(line);
        }
        Ok(Reply::text(lines.join("\n")).private())
    }

    /// The best-rated players of a variant: on this server, or across
    /// servers outside one.
    pub async fn leaderboard(self, caller: &Caller, variant: Variant) -> Result<Reply, HostError> {
        let scope = caller.place.guild.as_deref().unwrap_or(GLOBAL);
        let rows = self
            .host
            .store
            .leaderboard(variant.id(), scope, LEADERBOARD_SIZE)
            .await?;
        let place = if scope == GLOBAL {
            "all servers"
        } else {
            "this server"
        };
        if rows.is_empty() {
            return Ok(Reply::text(format!(
                "Nobody has a rating in {} on {place} yet.",
                variant.id()
            )));
        }
        let mut lines = vec![format!(
            "Leaderboard: {} ({}), {place}; ? = provisional",
            variant.id(),
            variant.title()
        )];
        for (i, r) in rows.iter().enumerate() {
            lines.push(format!(
                "{}. {} {} ({})",
                i + 1,
                r.name,
                r.glicko.display(),
                record_words(r.games, r.wins, r.draws, r.losses)
            ));
        }
        Ok(Reply::text(lines.join("\n")))
    }
}

impl Host {
    /// `Rating (standard, this server): alice 1500? → 1662? (+162), bob ...`.
    pub(crate) async fn rating_lines(&self, game: GameId) -> Result<Vec<String>, HostError> {
        let changes = self.store.rating_changes(game).await?;
        let Some(first) = changes.first() else {
            return Ok(Vec::new());
        };
        // The server's ratings where the game had a server, else global.
        let scope = first.scope.clone();
        let words: Vec<String> = changes
            .iter()
            .filter(|c| c.scope == scope)
            .map(|c| format!("{} {}", c.name, change_words(c.before, c.after)))
            .collect();
        Ok(vec![format!(
            "Ratings ({}{}): {}.",
            first.variant,
            if scope == GLOBAL { "" } else { ", this server" },
            words.join(", ")
        )])
    }
}

fn record_words(games: i64, w: i64, d: i64, l: i64) -> String {
    format!(
        "{games} game{}: +{w} ={d} -{l}",
        if games == 1 { "" } else { "s" }
    )
}
