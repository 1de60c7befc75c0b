//! The announcements a write carries, as rows of the outbox: inserted
//! one statement a row when the transaction commits, or (PostgreSQL)
//! bound as arrays and inserted by a WITH inside the caller's own
//! statement, one round trip fewer ([`Tx::take_outbox`]).

use super::{Backend, Sql, Tx};
use crate::StoreError;
use crate::announcements::{AnnouncementId, Pending, Stream, shard_key};

impl Sql<'_> {
    /// Binds `rows` as [`outbox_cte`]'s nine arrays (PostgreSQL; a
    /// SQLite statement never carries them, [`Tx::take_outbox`]).
    pub(crate) fn bind_outbox(self, rows: OutboxArrays) -> Self {
        match self {
            Sql::Sqlite(..) => self,
            Sql::Postgres(on, q) => Sql::Postgres(
                on,
                q.bind(rows.stream)
                    .bind(rows.game)
                    .bind(rows.shard_key)
                    .bind(rows.body)
                    .bind(rows.nonce)
                    .bind(rows.answer)
                    .bind(rows.holder)
                    .bind(rows.until)
                    .bind(rows.at),
            ),
        }
    }
}

impl Tx {
    /// PostgreSQL: takes the announcements this transaction carries, for
    /// the caller's next statement to insert as a WITH ([`outbox_cte`], its
    /// arrays bound by [`Sql::bind_outbox`]) rather than the commit in a
    /// statement of their own: one round trip fewer. The statement's ids
    /// go to [`Tx::outbox_inserted`]. SQLite (where a statement costs no
    /// round trip), or nothing carried: `None`, and the commit inserts
    /// them.
    pub(crate) fn take_outbox(&mut self) -> Option<OutboxArrays> {
        if self.backend() != Backend::Postgres {
            return None;
        }
        let pending = self.announce.clone()?;
        let rows = outbox_rows(self, &pending);
        let mut arrays = OutboxArrays::default();
        for (row, held) in rows {
            arrays.stream.push(row.stream);
            arrays.game.push(row.game);
            arrays.shard_key.push(row.shard_key);
            arrays.body.push(row.body);
            arrays.nonce.push(row.nonce);
            arrays.answer.push(row.answer);
            arrays.holder.push(row.holder);
            arrays.until.push(row.until);
            arrays.at.push(row.at);
            self.taken.push(held);
        }
        Some(arrays)
    }

    /// The ids ([`outbox_cte`]'s, in order) of the rows
    /// [`Tx::take_outbox`] took, inserted by a statement of this
    /// transaction.
    pub(crate) fn outbox_inserted(&mut self, ids: Vec<i64>) -> Result<(), StoreError> {
        let held = std::mem::take(&mut self.taken);
        if ids.len() != held.len() {
            return Err(StoreError::Corrupt {
                row: "the outbox".to_owned(),
                detail: format!(
                    "{} announcements inserted, {} returned",
                    held.len(),
                    ids.len()
                ),
            });
        }
        self.inserted
            .extend(ids.into_iter().map(AnnouncementId).zip(held));
        Ok(())
    }
}

/// A WITH named `announced` that inserts the outbox rows bound as nine
/// arrays from `$N` on (`{first}` .. `{first}+8`; [`Sql::bind_outbox`]),
/// in order, returning their ids: the caller's statement selects
/// `ARRAY(SELECT id FROM announced ORDER BY id)`. PostgreSQL only.
pub(crate) fn outbox_cte(first: usize) -> String {
    let p: Vec<String> = (first..first + 9).map(|n| format!("${n}")).collect();
    format!(
        "announced AS (
            INSERT INTO outbox (stream, game_id, shard_key, body, nonce, answer, holder, until, created_at)
            SELECT stream, game_id, shard_key, body, nonce, answer, holder, until, created_at
            FROM UNNEST({}::text[], {}::int8[], {}::int8[], {}::text[], {}::int8[], {}::text[], {}::text[], {}::int8[], {}::int8[])
                 WITH ORDINALITY AS u(stream, game_id, shard_key, body, nonce, answer, holder, until, created_at, n)
            ORDER BY n
            RETURNING id)",
        p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]
    )
}

/// The rows a PostgreSQL statement inserts itself ([`Tx::take_outbox`]),
/// column by column.
#[derive(Debug, Default)]
pub(crate) struct OutboxArrays {
    stream: Vec<String>,
    game: Vec<Option<i64>>,
    shard_key: Vec<Option<i64>>,
    body: Vec<String>,
    nonce: Vec<i64>,
    answer: Vec<Option<String>>,
    holder: Vec<Option<String>>,
    until: Vec<i64>,
    at: Vec<i64>,
}

/// An announcement's row as inserted.
struct OutboxValues {
    stream: String,
    game: Option<i64>,
    shard_key: Option<i64>,
    body: String,
    nonce: i64,
    answer: Option<String>,
    holder: Option<String>,
    until: i64,
    at: i64,
}

/// The rows a transaction carries (taken from it), as inserted: a row of
/// a game or challenge the transaction was to create and did not is
/// dropped. Each with whether it is held from the start.
fn outbox_rows(tx: &Tx, pending: &Pending) -> Vec<(OutboxValues, bool)> {
    let rows = pending
        .rows
        .lock()
        .map(|mut r| std::mem::take(&mut *r))
        .unwrap_or_default();
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let (stream, game) = match &row.stream {
            Stream::Game(g) => (format!("game:{g}"), Some(g.0)),
            Stream::NewGame => match tx.created_game {
                Some(g) => (format!("game:{g}"), Some(g.0)),
                None => continue,
            },
            Stream::Challenge(c) => (format!("challenge:{c}"), None),
            Stream::NewChallenge => match tx.created_challenge {
                Some(c) => (format!("challenge:{c}"), None),
                None => continue,
            },
            Stream::Tournament(t) => (format!("tournament:{t}"), None),
            Stream::Guild(g) => (format!("guild:{g}"), None),
        };
        let held = row.hold.is_some();
        let (holder, until, answer) = match row.hold {
            Some(h) => (Some(h.holder), h.until, h.answer),
            None => (None, chronomate_model::Timestamp::EPOCH, None),
        };
        out.push((
            OutboxValues {
                stream,
                game,
                shard_key: row.guild.as_deref().and_then(shard_key),
                body: row.body,
                nonce: row.nonce,
                answer,
                holder,
                until: until.millis(),
                at: row.at.millis(),
            },
            held,
        ));
    }
    out
}

/// Inserts the rows a transaction carries, before it commits.
pub(super) async fn insert_pending(
    tx: &mut Tx,
    pending: &Pending,
) -> Result<Vec<(AnnouncementId, bool)>, StoreError> {
    let rows = outbox_rows(tx, pending);
    let mut ids = Vec::with_capacity(rows.len());
    for (row, held) in rows {
        let id: i64 = tx
            .sql(
                "INSERT INTO outbox (stream, game_id, shard_key, body, nonce, answer, holder, until, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
            )
            .bind(row.stream)
            .bind(row.game)
            .bind(row.shard_key)
            .bind(row.body)
            .bind(row.nonce)
            .bind(row.answer)
            .bind(row.holder)
            .bind(row.until)
            .bind(row.at)
            .fetch_one()
            .await?
            .get("id")?;
        ids.push((AnnouncementId(id), held));
    }
    Ok(ids)
}
