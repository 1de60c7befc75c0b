//! Ratings: one Glicko-2 rating per player, variant and scope (a server, or
//! [`GLOBAL`]), changed once per finished game inside the transaction that
//! records its result ([`rate_in`]).

use super::db::{Row, Tx};
use super::read_result;
use super::{Store, StoreError, read_key};
use chronomate_model::rating::{GLOBAL, Glicko, PROVISIONAL_RD, Score, rate_game};
use chronomate_model::{GameId, GameResult, PlayerKey, Timestamp};

/// A player's rating in one variant and scope.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// Whose rating.
    pub player: PlayerKey,
    /// Their display name, as last seen.
    pub name: String,
    /// The variant's id.
    pub variant: String,
    /// A server's id, or [`GLOBAL`].
    pub scope: String,
    /// The rating itself (kept within sane bounds).
    pub glicko: Glicko,
    /// Rated games played.
    pub games: i64,
    /// Of which won.
    pub wins: i64,
    /// Of which drawn.
    pub draws: i64,
    /// Of which lost.
    pub losses: i64,
}

impl RatingRow {
    fn from_row(r: &Row) -> Result<RatingRow, StoreError> {
        Ok(RatingRow {
            player: read_key("a rating", r, "player")?,
            name: r.get("name")?,
            variant: r.get("variant")?,
            scope: r.get("scope")?,
            glicko: Glicko::new(r.get("rating")?, r.get("deviation")?, r.get("volatility")?).sane(),
            games: r.get("games")?,
            wins: r.get("wins")?,
            draws: r.get("draws")?,
            losses: r.get("losses")?,
        })
    }
}

/// One player's rating change from one game in one scope.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The game rated.
    pub game: GameId,
    /// Whose rating changed.
    pub player: PlayerKey,
    /// Their display name, as last seen.
    pub name: String,
    /// A server's id, or [`GLOBAL`].
    pub scope: String,
    /// The variant's id.
    pub variant: String,
    /// The rating before the game.
    pub before: Glicko,
    /// The rating after it.
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
    tx: &mut Tx,
    player: &PlayerKey,
    variant: &str,
    scope: &str,
) -> Result<Glicko, StoreError> {
    let row = tx
        .sql(
            "SELECT rating, deviation, volatility FROM ratings
         WHERE player = $1 AND variant = $2 AND scope = $3",
        )
        .bind(player)
        .bind(variant)
        .bind(scope)
        .fetch_optional()
        .await?;
    Ok(match row {
        Some(r) => Glicko::new(r.get("rating")?, r.get("deviation")?, r.get("volatility")?).sane(),
        None => Glicko::default(),
    })
}

#[allow(clippy::too_many_arguments)]
async fn record(
    tx: &mut Tx,
    game: GameId,
    player: &PlayerKey,
    variant: &str,
    scope: &str,
    before: Glicko,
    after: Glicko,
    score: Score,
    at: Timestamp,
) -> Result<(), StoreError> {
    tx.sql(
        "INSERT INTO rating_changes (game_id, player, scope, variant, before_rating,
             before_deviation, before_volatility, after_rating, after_deviation,
             after_volatility, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
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
    .execute()
    .await?;
    let (w, d, l) = match score {
        Score::Win => (1, 0, 0),
        Score::Draw => (0, 1, 0),
        Score::Loss => (0, 0, 1),
    };
    tx.sql(
        "INSERT INTO ratings (player, variant, scope, rating, deviation, volatility, games, wins,
                              draws, losses, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, $10)
         ON CONFLICT (player, variant, scope) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility,
             games = ratings.games + 1, wins = ratings.wins + excluded.wins,
             draws = ratings.draws + excluded.draws, losses = ratings.losses + excluded.losses,
             updated_at = excluded.updated_at",
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
    .execute()
    .await?;
    Ok(())
}

/// Rates a game inside the transaction that just recorded its result: on
/// its server (if it has one) and globally. Does nothing for a game that is
/// not finished with a result, or that was rated already (so calling it
/// twice never counts a game twice).
pub(super) async fn rate_in(tx: &mut Tx, game: GameId, at: Timestamp) -> Result<(), StoreError> {
    let row = tx
        .sql(
            "SELECT variant, white, black, status, result, guild,
                (SELECT COUNT(*) FROM rating_changes c WHERE c.game_id = g.id) AS rated
         FROM games g WHERE id = $1",
        )
        .bind(game)
        .fetch_optional()
        .await?;
    let Some(row) = row else { return Ok(()) };
    let label = format!("game #{game}");
    let status: String = row.get("status")?;
    let result = read_result(&label, &row, "result")?;
    let rated: i64 = row.get("rated")?;
    let score = match (status.as_str(), result) {
        ("finished", Some(GameResult::WhiteWins)) => Score::Win,
        ("finished", Some(GameResult::BlackWins)) => Score::Loss,
        ("finished", Some(GameResult::Draw)) => Score::Draw,
        _ => return Ok(()),
    };
    if rated > 0 {
        return Ok(());
    }
    let variant: String = row.get("variant")?;
    let white = read_key(&label, &row, "white")?;
    let black = read_key(&label, &row, "black")?;
    // A game against Chronomate (or of a player against themself) is
    // unrated.
    if white == black || white.is_chronomate() || black.is_chronomate() {
        return Ok(());
    }
    let guild: Option<String> = row.get("guild")?;
    let mut scopes = vec![GLOBAL.to_owned()];
    if let Some(g) = guild.filter(|g| g != GLOBAL) {
        scopes.insert(0, g);
    }
    // Each rating is read, then written back changed: on PostgreSQL no
    // other game of these players may do the same meanwhile.
    tx.lock_players(&[&white, &black]).await?;
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
        player: &PlayerKey,
        variant: &str,
        scope: &str,
    ) -> Result<Option<RatingRow>, StoreError> {
        self.pool
            .sql(concat!(
                select_rating!(),
                " WHERE r.player = $1 AND r.variant = $2 AND r.scope = $3"
            ))
            .bind(player)
            .bind(variant)
            .bind(scope)
            .read_optional(RatingRow::from_row)
            .await
    }

    /// Every rating of a player in a scope, by variant.
    pub async fn ratings_of(
        &self,
        player: &PlayerKey,
        scope: &str,
    ) -> Result<Vec<RatingRow>, StoreError> {
        self.pool
            .sql(concat!(
                select_rating!(),
                " WHERE r.player = $1 AND r.scope = $2 ORDER BY r.variant"
            ))
            .bind(player)
            .bind(scope)
            .read_all(RatingRow::from_row)
            .await
    }

    /// The best-rated players of a variant in a scope: established ratings
    /// first, then provisional ones, each by rating.
    pub async fn leaderboard(
        &self,
        variant: &str,
        scope: &str,
        limit: i64,
    ) -> Result<Vec<RatingRow>, StoreError> {
        self.pool
            .sql(concat!(
                select_rating!(),
                " WHERE r.variant = $1 AND r.scope = $2
             ORDER BY (r.deviation > $4), r.rating DESC, p.name LIMIT $3"
            ))
            .bind(variant)
            .bind(scope)
            .bind(limit)
            .bind(PROVISIONAL_RD)
            .read_all(RatingRow::from_row)
            .await
    }

    /// The rating changes a game caused, white's first.
    pub async fn rating_changes(&self, game: GameId) -> Result<Vec<RatingChange>, StoreError> {
        self.pool
            .sql(
                "SELECT c.*, p.name FROM rating_changes c JOIN players p ON p.key = c.player
             JOIN games g ON g.id = c.game_id
             WHERE c.game_id = $1 ORDER BY c.scope = '*', c.scope, c.player != g.white",
            )
            .bind(game)
            .read_all(|r| {
                Ok(RatingChange {
                    game: r.get("game_id")?,
                    player: read_key(&format!("game #{game}"), r, "player")?,
                    name: r.get("name")?,
                    scope: r.get("scope")?,
                    variant: r.get("variant")?,
                    before: Glicko::new(
                        r.get("before_rating")?,
                        r.get("before_deviation")?,
                        r.get("before_volatility")?,
                    ),
                    after: Glicko::new(
                        r.get("after_rating")?,
                        r.get("after_deviation")?,
                        r.get("after_volatility")?,
                    ),
                })
            })
            .await
    }
}
