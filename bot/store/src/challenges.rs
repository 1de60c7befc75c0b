//! Challenges: open until accepted (which creates the game), declined,
//! cancelled or expired.

use super::db::{Lock, Row};
use super::games::{NewGame, insert_game};
use super::{
    Stale, Store, StoreError, damaged, read_days, read_key, read_key_opt, read_variant, settle,
    upsert_player,
};
use chronomate_model::{ChallengeId, ChallengeStatus, DaysPerMove, GameId, PlayerKey, Timestamp};
use chronomate_rules::{Options, Variant};

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id, given by the database.
    pub id: ChallengeId,
    /// Who challenged.
    pub challenger: PlayerKey,
    /// The challenger's display name, as last seen.
    pub challenger_name: String,
    /// `None`: open to anyone.
    pub challenged: Option<PlayerKey>,
    /// The challenged player's display name, as last seen.
    pub challenged_name: Option<String>,
    /// The variant proposed.
    pub variant: Variant,
    /// The variant's options proposed, checked against it when read.
    pub options: Options,
    /// The challenger's colour: `white`, `black` or `random`.
    pub colour: String,
    /// Days per move proposed.
    pub days: DaysPerMove,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// The game it became, once accepted.
    pub game_id: Option<GameId>,
    /// The server it was made on; `None` in direct messages.
    pub guild: Option<String>,
    /// The channel it was made in.
    pub channel: Option<String>,
    /// The thread it was made in, if any.
    pub thread: Option<String>,
    /// When it was made.
    pub created_at: Timestamp,
    /// When it was answered, withdrawn or expired.
    pub closed_at: Option<Timestamp>,
    /// Who closed it (`None` when it expired).
    pub closed_by: Option<PlayerKey>,
}

impl ChallengeRow {
    fn from_row(r: &Row) -> Result<ChallengeRow, StoreError> {
        let id: ChallengeId = r.get("id")?;
        let status: String = r.get("status")?;
        let label = format!("challenge #{id}");
        let (variant, options) = read_variant(&label, r)?;
        Ok(ChallengeRow {
            id,
            challenger: read_key(&label, r, "challenger")?,
            challenger_name: r.get("challenger_name")?,
            challenged: read_key_opt(&label, r, "challenged")?,
            challenged_name: r.get("challenged_name")?,
            variant,
            options,
            colour: r.get("colour")?,
            days: read_days(&label, r, "days")?,
            status: ChallengeStatus::from_id(&status)
                .ok_or_else(|| damaged(&label, format!("unknown status {status:?}")))?,
            game_id: r.get("game_id")?,
            guild: r.get("guild")?,
            channel: r.get("channel")?,
            thread: r.get("thread")?,
            created_at: r.get("created_at")?,
            closed_at: r.get("closed_at")?,
            closed_by: read_key_opt(&label, r, "closed_by")?,
        })
    }
}

macro_rules! select_challenge {
    () => {
        "SELECT c.id, c.challenger, p.name AS challenger_name, c.challenged,
                q.name AS challenged_name, c.variant, c.options, c.colour, c.days, c.status,
                c.game_id, c.guild, c.channel, c.thread, c.created_at, c.closed_at, c.closed_by
         FROM challenges c
         JOIN players p ON p.key = c.challenger
         LEFT JOIN players q ON q.key = c.challenged "
    };
}

/// A challenge to record.
#[derive(Clone, Debug)]
pub struct NewChallenge<'a> {
    /// (key, display name) of the one challenging.
    pub challenger: (&'a PlayerKey, &'a str),
    /// (key, display name); `None`: open to anyone.
    pub challenged: Option<(&'a PlayerKey, &'a str)>,
    /// The variant's id.
    pub variant: &'a str,
    /// The options in their canonical words, or empty.
    pub options: &'a str,
    /// The challenger's colour: `white`, `black` or `random`.
    pub colour: &'a str,
    /// Days per move.
    pub days: DaysPerMove,
    /// The server, if any.
    pub guild: Option<&'a str>,
    /// The channel it is made in.
    pub channel: Option<&'a str>,
    /// The thread it is made in, if any.
    pub thread: Option<&'a str>,
}

impl Store {
    /// Records a challenge (and the names of both players); returns its id.
    pub async fn create_challenge(
        &self,
        c: &NewChallenge<'_>,
        at: Timestamp,
    ) -> Result<ChallengeId, StoreError> {
        let mut tx = self.write().await?;
        upsert_player(&mut tx, c.challenger.0, c.challenger.1, at).await?;
        if let Some((key, name)) = c.challenged {
            upsert_player(&mut tx, key, name, at).await?;
        }
        let id = tx
            .sql(
                "INSERT INTO challenges (challenger, challenged, variant, options, colour, days,
                                     guild, channel, thread, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             RETURNING id",
            )
            .bind(c.challenger.0)
            .bind(c.challenged.map(|c| c.0))
            .bind(c.variant)
            .bind(c.options)
            .bind(c.colour)
            .bind(c.days.get())
            .bind(c.guild)
            .bind(c.channel)
            .bind(c.thread)
            .bind(at)
            .fetch_one()
            .await?
            .get("id")?;
        tx.created_challenge = Some(id);
        tx.commit().await?;
        Ok(id)
    }

    /// A challenge, with its players' names.
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRow>, StoreError> {
        self.pool
            .sql(concat!(select_challenge!(), "WHERE c.id = $1"))
            .bind(id)
            .read_optional(ChallengeRow::from_row)
            .await
    }

    /// Open challenges `player` can see: theirs, those addressed to them, and
    /// those open to anyone (in `guild`, when given), oldest first.
    pub async fn open_challenges(
        &self,
        player: &PlayerKey,
        guild: Option<&str>,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        self.pool
            .sql(concat!(
                select_challenge!(),
                "WHERE c.status = 'open'
               AND (c.challenger = $1 OR c.challenged = $1
                    OR (c.challenged IS NULL AND ($2 IS NULL OR c.guild = $2)))
             ORDER BY c.id"
            ))
            .bind(player)
            .bind(guild)
            .read_all(ChallengeRow::from_row)
            .await
    }

    /// Open challenges created before `before`.
    pub async fn stale_challenges(
        &self,
        before: Timestamp,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        self.pool
            .sql(concat!(
                select_challenge!(),
                "WHERE c.status = 'open' AND c.created_at < $1 ORDER BY c.id"
            ))
            .bind(before)
            .read_all(ChallengeRow::from_row)
            .await
    }

    /// Closes an open challenge without a game (declined, cancelled, expired).
    pub async fn close_challenge(
        &self,
        id: ChallengeId,
        status: ChallengeStatus,
        by: Option<&PlayerKey>,
        at: Timestamp,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        let done = tx
            .sql(
                "UPDATE challenges SET status = $2, closed_by = $3, closed_at = $4
             WHERE id = $1 AND status = 'open'",
            )
            .bind(id)
            .bind(status.as_str())
            .bind(by)
            .bind(at)
            .execute()
            .await?;
        tx.commit().await?;
        Ok(if done == 1 { Ok(()) } else { Err(Stale) })
    }

    /// Accepts an open challenge: creates the game and closes the challenge
    /// in one transaction. Returns the new game's id.
    pub async fn accept_challenge(
        &self,
        id: ChallengeId,
        accepter: (&PlayerKey, &str),
        game: &NewGame<'_>,
        at: Timestamp,
    ) -> Result<Result<GameId, Stale>, StoreError> {
        let mut tx = self.write().await?;
        tx.lock(Lock::Challenge(id)).await?;
        upsert_player(&mut tx, accepter.0, accepter.1, at).await?;
        let game_id = insert_game(&mut tx, game, at).await?;
        let done = tx.sql(
            "UPDATE challenges SET status = 'accepted', game_id = $2, closed_by = $3, closed_at = $4
             WHERE id = $1 AND status = 'open'",
        )
        .bind(id)
        .bind(game_id)
        .bind(accepter.0)
        .bind(at)
        .execute()
        .await?;
        Ok(settle(tx, done).await?.map(|()| game_id))
    }
}
