//! Ratings: one Glicko-2 rating per player, variant and scope (a server, or
//! [`GLOBAL`]), changed once per finished game inside the transaction that
//! records its result ([`rate_in`]).

use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::{Store, StoreError};
use crate::model::Millis;
use crate::model::engine::is_engine;
use crate::model::rating::{GLOBAL, Glicko, PROVISIONAL_RD, Score, rate_game};

/// A player's rating in one variant and scope.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub player: String,
    pub name: String,
    pub variant: String,
    pub scope: String,
    pub glicko: Glicko,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl RatingRow {
    fn from_row(r: &SqliteRow) -> Result<RatingRow, StoreError> {
        Ok(RatingRow {
            player: r.try_get("player")?,
            name: r.try_get("name")?,
            variant: r.try_get("variant")?,
            scope: r.try_get("scope")?,
            glicko: Glicko::new(
                r.try_get("rating")?,
                r.try_get("deviation")?,
                r.try_get("volatility")?,
            )
            .sane(),
            games: r.try_get("games")?,
            wins: r.try_get("wins")?,
            draws: r.try_get("draws")?,
            losses: r.try_get("losses")?,
        })
    }
}

/// One player's rating change from one game in one scope.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub game: i64,
    pub player: String,
    pub name: String,
    pub scope: String,
    pub variant: String,
    pub before: Glicko,
    pub after: Glicko,
}

macro_rules! select_rating {
    () => {
        "SELECT r.player, p.name, r.variant, r.scope, r.rating, r.deviation,
        r.volatility, r.games, r.wins, r.draws, r.losses
     FROM ratings r JOIN players p ON p.key = r.player "
    };
}

async fn current(
    tx: &mut sqlx::SqliteConnection,
    player: &str,
    variant: &str,
    scope: &str,
) -> Result<Glicko, StoreError> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility FROM ratings
         WHERE player = ?1 AND variant = ?2 AND scope = ?3",
    )
    .bind(player)
    .bind(variant)
    .bind(scope)
    .fetch_optional(&mut *tx)
    .await?;
    Ok(match row {
        Some(r) => Glicko::new(
            r.try_get("rating")?,
            r.try_get("deviation")?,
            r.try_get("volatility")?,
        )
        .sane(),
        None => Glicko::default(),
    })
}

#[allow(clippy::too_many_arguments)]
async fn record(
    tx: &mut sqlx::SqliteConnection,
    game: i64,
    player: &str,
    variant: &str,
    scope: &str,
    before: Glicko,
    after: Glicko,
    score: Score,
    at: Millis,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO rating_changes (game_id, player, scope, variant, before_rating,
             before_deviation, before_volatility, after_rating, after_deviation,
             after_volatility, at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )
    .bind(game)
    .bind(player)
    .bind(scope)
    .bind(variant)
    .bind(before.rating)
    .bind(before.deviation)
    .bind(before.volatility)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(after.volatility)
    .bind(at)
    .execute(&mut *tx)
    .await?;
    let (w, d, l) = match score {
        Score::Win => (1, 0, 0),
        Score::Draw => (0, 1, 0),
        Score::Loss => (0, 0, 1),
    };
    sqlx::query(
        "INSERT INTO ratings (player, variant, scope, rating, deviation, volatility, games, wins,
                              draws, losses, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8, ?9, ?10)
         ON CONFLICT (player, variant, scope) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility,
             games = games + 1, wins = wins + excluded.wins, draws = draws + excluded.draws,
             losses = losses + excluded.losses, updated_at = excluded.updated_at",
    )
    .bind(player)
    .bind(variant)
    .bind(scope)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(after.volatility)
    .bind(w)
    .bind(d)
    .bind(l)
    .bind(at)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Rates a game inside the transaction that just recorded its result: on
/// its server (if it has one) and globally. Does nothing for a game that is
/// not finished with a result, or that was rated already (so calling it
/// twice never counts a game twice).
pub(super) async fn rate_in(
    tx: &mut sqlx::SqliteConnection,
    game: i64,
    at: Millis,
) -> Result<(), StoreError> {
    let row = sqlx::query(
        "SELECT variant, white, black, status, result, guild,
                (SELECT COUNT(*) FROM rating_changes c WHERE c.game_id = g.id) AS rated
         FROM games g WHERE id = ?1",
    )
    .bind(game)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else { return Ok(()) };
    let status: String = row.try_get("status")?;
    let result: Option<String> = row.try_get("result")?;
    let rated: i64 = row.try_get("rated")?;
    let score = match (status.as_str(), result.as_deref()) {
        ("finished", Some("1-0")) => Score::Win,
        ("finished", Some("0-1")) => Score::Loss,
        ("finished", Some("1/2-1/2")) => Score::Draw,
        _ => return Ok(()),
    };
    if rated > 0 {
        return Ok(());
    }
    let variant: String = row.try_get("variant")?;
    let white: String = row.try_get("white")?;
    let black: String = row.try_get("black")?;
    // A game against Chronomate (or of a player against themself) is
    // unrated.
    if white == black || is_engine(&white) || is_engine(&black) {
        return Ok(());
    }
    let guild: Option<String> = row.try_get("guild")?;
    let mut scopes = vec![GLOBAL.to_owned()];
    if let Some(g) = guild.filter(|g| g != GLOBAL) {
        scopes.insert(0, g);
    }
    for scope in scopes {
        let w = current(tx, &white, &variant, &scope).await?;
        let b = current(tx, &black, &variant, &scope).await?;
        let (w2, b2) = rate_game(w, b, score);
        record(tx, game, &white, &variant, &scope, w, w2, score, at).await?;
        record(tx, game, &black, &variant, &scope, b, b2, score.flip(), at).await?;
    }
    Ok(())
}

impl Store {
    /// A player's rating in a variant and scope, if they have played.
    pub async fn rating(
        &self,
        player: &str,
        variant: &str,
        scope: &str,
    ) -> Result<Option<RatingRow>, StoreError> {
        let row = sqlx::query(concat!(
            select_rating!(),
            " WHERE r.player = ?1 AND r.variant = ?2 AND r.scope = ?3"
        ))
        .bind(player)
        .bind(variant)
        .bind(scope)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(RatingRow::from_row).transpose()
    }

    /// Every rating of a player in a scope, by variant.
    pub async fn ratings_of(
        &self,
        player: &str,
        scope: &str,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(concat!(
            select_rating!(),
            " WHERE r.player = ?1 AND r.scope = ?2 ORDER BY r.variant"
        ))
        .bind(player)
        .bind(scope)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(RatingRow::from_row).collect()
    }

    /// The best-rated players of a variant in a scope: established ratings
    /// first, then provisional ones, each by rating.
    pub async fn leaderboard(
        &self,
        variant: &str,
        scope: &str,
        limit: i64,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(concat!(
            select_rating!(),
            " WHERE r.variant = ?1 AND r.scope = ?2
             ORDER BY (r.deviation > ?4), r.rating DESC, p.name LIMIT ?3"
        ))
        .bind(variant)
        .bind(scope)
        .bind(limit)
        .bind(PROVISIONAL_RD)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(RatingRow::from_row).collect()
    }

    /// The rating changes a game caused, white's first.
    pub async fn rating_changes(&self, game: i64) -> Result<Vec<RatingChange>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.*, p.name FROM rating_changes c JOIN players p ON p.key = c.player
             JOIN games g ON g.id = c.game_id
             WHERE c.game_id = ?1 ORDER BY c.scope = '*', c.scope, c.player != g.white",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RatingChange {
                    game: r.try_get("game_id")?,
                    player: r.try_get("player")?,
                    name: r.try_get("name")?,
                    scope: r.try_get("scope")?,
                    variant: r.try_get("variant")?,
                    before: Glicko::new(
                        r.try_get("before_rating")?,
                        r.try_get("before_deviation")?,
                        r.try_get("before_volatility")?,
                    ),
                    after: Glicko::new(
                        r.try_get("after_rating")?,
                        r.try_get("after_deviation")?,
                        r.try_get("after_volatility")?,
                    ),
                })
            })
            .collect()
    }
}
