//! Tournaments: their players, and one row per board of each round. A
//! round's games are created together with its pairings, in one
//! transaction guarded by the round number, so a round starts once even
//! when two events (a move, the scheduler, a restart) race for it.

use super::db::{Lock, Row};
use super::games::{NewGame, insert_game};
use super::read_result;
use super::{
    Stale, Store, StoreError, damaged, read_days, read_key, read_key_opt, read_variant, settle,
    upsert_player,
};
use chronomate_model::{
    DaysPerMove, GameId, GameResult, GameStatus, PairingResult, PlayerKey, Timestamp,
    TournamentFormat, TournamentId, TournamentStatus,
};
use chronomate_rules::{Options, Variant};

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its id, given by the database.
    pub id: TournamentId,
    /// The server it belongs to.
    pub guild: String,
    /// The channel it was created in: its rounds are announced there.
    pub channel: Option<String>,
    /// The thread it was created in, if any.
    pub thread: Option<String>,
    /// Its name (`Spring Cup`).
    pub name: String,
    /// The variant every game is played in.
    pub variant: Variant,
    /// The variant's options for every game, checked when read.
    pub options: Options,
    /// How it pairs its players.
    pub format: TournamentFormat,
    /// Swiss: the rounds asked for; set to the real number at the start.
    pub rounds: i64,
    /// Days per move in its games.
    pub days: DaysPerMove,
    /// The most entrants it takes.
    pub max_players: i64,
    /// When it starts by itself, if it was given a start.
    pub starts_at: Option<Timestamp>,
    /// Who created it (and may start or cancel it).
    pub organiser: PlayerKey,
    /// The organiser's display name, as last seen.
    pub organiser_name: String,
    /// Where it stands.
    pub status: TournamentStatus,
    /// The round being played; 0 before the start.
    pub round: i64,
    /// Why it ended early, if it did.
    pub note: Option<String>,
    /// How many have entered.
    pub players: i64,
    /// When it was created.
    pub created_at: Timestamp,
    /// When its first round began.
    pub started_at: Option<Timestamp>,
    /// When it finished or was cancelled.
    pub finished_at: Option<Timestamp>,
}

impl TournamentRow {
    fn from_row(r: &Row) -> Result<TournamentRow, StoreError> {
        let id: TournamentId = r.get("id")?;
        let label = format!("tournament #{id}");
        let corrupt = |detail: String| damaged(&label, detail);
        let (variant, options) = read_variant(&label, r)?;
        let format: String = r.get("format")?;
        let status: String = r.get("status")?;
        Ok(TournamentRow {
            id,
            guild: r.get("guild")?,
            channel: r.get("channel")?,
            thread: r.get("thread")?,
            name: r.get("name")?,
            variant,
            options,
            format: TournamentFormat::from_id(&format)
                .ok_or_else(|| corrupt(format!("unknown format {format:?}")))?,
            rounds: r.get("rounds")?,
            days: read_days(&label, r, "days")?,
            max_players: r.get("max_players")?,
            starts_at: r.get("starts_at")?,
            organiser: read_key(&label, r, "organiser")?,
            organiser_name: r.get("organiser_name")?,
            status: TournamentStatus::from_id(&status)
                .ok_or_else(|| corrupt(format!("unknown status {status:?}")))?,
            round: r.get("round")?,
            note: r.get("note")?,
            players: r.get("players")?,
            created_at: r.get("created_at")?,
            started_at: r.get("started_at")?,
            finished_at: r.get("finished_at")?,
        })
    }
}

macro_rules! select_tournament {
    () => {
        "SELECT t.*, o.name AS organiser_name,
        (SELECT COUNT(*) FROM tournament_players x WHERE x.tournament_id = t.id) AS players
     FROM tournaments t JOIN players o ON o.key = t.organiser "
    };
}

/// A tournament to create.
#[derive(Clone, Debug)]
pub struct NewTournament<'a> {
    /// The server it belongs to.
    pub guild: &'a str,
    /// The channel it is created in.
    pub channel: Option<&'a str>,
    /// The thread it is created in, if any.
    pub thread: Option<&'a str>,
    /// Its name.
    pub name: &'a str,
    /// The variant's id.
    pub variant: &'a str,
    /// The options in their canonical words, or empty.
    pub options: &'a str,
    /// How it pairs its players.
    pub format: TournamentFormat,
    /// Swiss: the rounds asked for (the others: set at the start).
    pub rounds: i64,
    /// Days per move in its games.
    pub days: DaysPerMove,
    /// The most entrants it takes.
    pub max_players: i64,
    /// When it starts by itself, if given.
    pub starts_at: Option<Timestamp>,
    /// (key, display name).
    pub organiser: (&'a PlayerKey, &'a str),
}

/// An entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentPlayer {
    /// Who.
    pub key: PlayerKey,
    /// Their display name, as last seen.
    pub name: String,
    /// 1.. once the tournament started.
    pub seed: Option<i64>,
    /// When they entered.
    pub joined_at: Timestamp,
    /// When they withdrew from the running tournament, if they did:
    /// they are paired no more.
    pub withdrawn_at: Option<Timestamp>,
}

/// A board of a round, with its game's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// The round, from 1.
    pub round: i64,
    /// The board within the round, from 1.
    pub board: i64,
    /// Who plays white (or rests, or has the bye).
    pub white: PlayerKey,
    /// White's display name.
    pub white_name: String,
    /// Who plays black; `None` on a board without a game (a bye or a
    /// rest).
    pub black: Option<PlayerKey>,
    /// Black's display name.
    pub black_name: Option<String>,
    /// The board's game, if it has one.
    pub game_id: Option<GameId>,
    /// A result decided without a game (a bye, a rest, a forfeit).
    pub result: Option<PairingResult>,
    /// The game's status and result.
    pub game_status: Option<GameStatus>,
    /// The game's score once finished.
    pub game_result: Option<GameResult>,
}

/// A board to create with its round.
#[derive(Clone, Debug)]
pub struct NewBoard<'a> {
    /// Who plays white (or rests).
    pub white: &'a PlayerKey,
    /// Who plays black, if anyone.
    pub black: Option<&'a PlayerKey>,
    /// The game to create; `None` for a board decided at once.
    pub game: Option<NewGame<'a>>,
    /// The result decided at once (a bye, a rest, a forfeit), for a
    /// board without a game.
    pub result: Option<PairingResult>,
}

impl Store {
    /// Records a tournament, open for entries; returns its id.
    pub async fn create_tournament(
        &self,
        t: &NewTournament<'_>,
        at: Timestamp,
    ) -> Result<TournamentId, StoreError> {
        let mut tx = self.write().await?;
        upsert_player(&mut tx, t.organiser.0, t.organiser.1, at).await?;
        let id = tx
            .sql(
                "INSERT INTO tournaments (guild, channel, thread, name, variant, options, format,
                                      rounds, days, max_players, starts_at, organiser, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
             RETURNING id",
            )
            .bind(t.guild)
            .bind(t.channel)
            .bind(t.thread)
            .bind(t.name)
            .bind(t.variant)
            .bind(t.options)
            .bind(t.format.as_str())
            .bind(t.rounds)
            .bind(t.days.get())
            .bind(t.max_players)
            .bind(t.starts_at)
            .bind(t.organiser.0)
            .bind(at)
            .fetch_one()
            .await?
            .get("id")?;
        tx.commit().await?;
        Ok(id)
    }

    /// A tournament, with its entry count.
    pub async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRow>, StoreError> {
        self.pool
            .sql(concat!(select_tournament!(), " WHERE t.id = $1"))
            .bind(id)
            .read_optional(TournamentRow::from_row)
            .await
    }

    /// A server's tournaments, newest first; only open and running ones
    /// unless `all`.
    pub async fn tournaments_in(
        &self,
        guild: &str,
        all: bool,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        self.pool
            .sql(concat!(
                select_tournament!(),
                " WHERE t.guild = $1 AND ($2 OR t.status IN ('open', 'running'))
             ORDER BY t.id DESC"
            ))
            .bind(guild)
            .bind(all)
            .read_all(TournamentRow::from_row)
            .await
    }

    /// Tournaments with something to do: open ones whose start time has
    /// come, and running ones whose current round has no board left to
    /// play (a board is still to play while it has no result, two players,
    /// and a game that is live or not yet created).
    pub async fn tournaments_due(&self, now: Timestamp) -> Result<Vec<TournamentRow>, StoreError> {
        self.pool
            .sql(concat!(
                select_tournament!(),
                " WHERE (t.status = 'running' AND NOT EXISTS (
                    SELECT 1 FROM tournament_pairings x LEFT JOIN games g ON g.id = x.game_id
                    WHERE x.tournament_id = t.id AND x.round = t.round
                      AND x.result IS NULL AND x.black IS NOT NULL
                      AND (g.id IS NULL OR g.status = 'live')))
                OR (t.status = 'open' AND t.starts_at IS NOT NULL AND t.starts_at <= $1)
             ORDER BY t.id"
            ))
            .bind(now)
            .read_all(TournamentRow::from_row)
            .await
    }

    /// The tournament a game belongs to.
    pub async fn tournament_of_game(
        &self,
        game: GameId,
    ) -> Result<Option<TournamentId>, StoreError> {
        self.pool
            .sql("SELECT tournament_id FROM tournament_pairings WHERE game_id = $1")
            .bind(game)
            .scalar()
            .await
    }

    /// The entrants, in seed order (join order before the start).
    pub async fn tournament_players(
        &self,
        id: TournamentId,
    ) -> Result<Vec<TournamentPlayer>, StoreError> {
        self.pool
            .sql(
                "SELECT x.player, p.name, x.seed, x.joined_at, x.withdrawn_at
             FROM tournament_players x JOIN players p ON p.key = x.player
             WHERE x.tournament_id = $1
             ORDER BY x.seed IS NULL, x.seed, x.joined_at, x.player",
            )
            .bind(id)
            .read_all(|r| {
                Ok(TournamentPlayer {
                    key: read_key(&format!("tournament #{id}"), r, "player")?,
                    name: r.get("name")?,
                    seed: r.get("seed")?,
                    joined_at: r.get("joined_at")?,
                    withdrawn_at: r.get("withdrawn_at")?,
                })
            })
            .await
    }

    /// Every board so far, by round and board.
    pub async fn tournament_pairings(
        &self,
        id: TournamentId,
    ) -> Result<Vec<PairingRow>, StoreError> {
        self.pool
            .sql(
                "SELECT x.round, x.board, x.white, w.name AS white_name, x.black,
                    b.name AS black_name, x.game_id, x.result, g.status AS game_status,
                    g.result AS game_result
             FROM tournament_pairings x
             JOIN players w ON w.key = x.white
             LEFT JOIN players b ON b.key = x.black
             LEFT JOIN games g ON g.id = x.game_id
             WHERE x.tournament_id = $1 ORDER BY x.round, x.board",
            )
            .bind(id)
            .read_all(|r| {
                let label = format!("tournament #{id}");
                Ok(PairingRow {
                    round: r.get("round")?,
                    board: r.get("board")?,
                    white: read_key(&format!("tournament #{id}"), r, "white")?,
                    white_name: r.get("white_name")?,
                    black: read_key_opt(&format!("tournament #{id}"), r, "black")?,
                    black_name: r.get("black_name")?,
                    game_id: r.get("game_id")?,
                    result: r
                        .get::<Option<String>>("result")?
                        .map(|t| {
                            PairingResult::from_id(&t).ok_or_else(|| {
                                damaged(&label, format!("unknown board result {t:?}"))
                            })
                        })
                        .transpose()?,
                    game_status: r
                        .get::<Option<String>>("game_status")?
                        .map(|s| {
                            GameStatus::from_id(&s).ok_or_else(|| {
                                let game = r.get::<Option<GameId>>("game_id").ok().flatten();
                                damaged(
                                    format!("game #{}", game.unwrap_or(GameId(0))),
                                    format!("unknown status {s:?}"),
                                )
                            })
                        })
                        .transpose()?,
                    game_result: read_result(&label, r, "game_result")?,
                })
            })
            .await
    }

    /// Enters a player, if the tournament is open and not full.
    pub async fn join_tournament(
        &self,
        id: TournamentId,
        player: (&PlayerKey, &str),
        at: Timestamp,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        tx.lock(Lock::Tournament(id)).await?;
        upsert_player(&mut tx, player.0, player.1, at).await?;
        let done = tx
            .sql(
                "INSERT INTO tournament_players (tournament_id, player, joined_at)
             SELECT t.id, $2, $3 FROM tournaments t
             WHERE t.id = $1 AND t.status = 'open'
               AND (SELECT COUNT(*) FROM tournament_players x WHERE x.tournament_id = t.id)
                   < t.max_players
             ON CONFLICT DO NOTHING",
            )
            .bind(id)
            .bind(player.0)
            .bind(at)
            .execute()
            .await?;
        settle(tx, done).await
    }

    /// Takes a player out of a tournament that has not started.
    pub async fn leave_tournament(
        &self,
        id: TournamentId,
        player: &PlayerKey,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        tx.lock(Lock::Tournament(id)).await?;
        let done = tx
            .sql(
                "DELETE FROM tournament_players WHERE tournament_id = $1 AND player = $2
               AND (SELECT status FROM tournaments WHERE id = $1) = 'open'",
            )
            .bind(id)
            .bind(player)
            .execute()
            .await?;
        tx.commit().await?;
        Ok(if done == 1 { Ok(()) } else { Err(Stale) })
    }

    /// Marks a player of a running tournament withdrawn: not paired again.
    pub async fn withdraw_from_tournament(
        &self,
        id: TournamentId,
        player: &PlayerKey,
        at: Timestamp,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        tx.lock(Lock::Tournament(id)).await?;
        let done = tx
            .sql(
                "UPDATE tournament_players SET withdrawn_at = $3
             WHERE tournament_id = $1 AND player = $2 AND withdrawn_at IS NULL
               AND (SELECT status FROM tournaments WHERE id = $1) = 'running'",
            )
            .bind(id)
            .bind(player)
            .bind(at)
            .execute()
            .await?;
        tx.commit().await?;
        Ok(if done == 1 { Ok(()) } else { Err(Stale) })
    }

    /// Starts round `after + 1`: creates its games and boards, if the
    /// tournament is still at round `after` (open for round 1, running
    /// after). For round 1, `seeds` fixes the pairing order and `rounds`
    /// the number of rounds. Returns the new games' ids, board by board
    /// (`None` for boards without a game).
    pub async fn start_round(
        &self,
        id: TournamentId,
        after: i64,
        seeds: &[&PlayerKey],
        rounds: i64,
        boards: &[NewBoard<'_>],
        at: Timestamp,
    ) -> Result<Result<Vec<Option<GameId>>, Stale>, StoreError> {
        let mut tx = self.write().await?;
        let done = tx
            .sql(
                "UPDATE tournaments SET round = $2 + 1, status = 'running', rounds = $3,
                    started_at = COALESCE(started_at, $4)
             WHERE id = $1 AND round = $2
               AND status = CASE WHEN $2 = 0 THEN 'open' ELSE 'running' END",
            )
            .bind(id)
            .bind(after)
            .bind(rounds)
            .bind(at)
            .execute()
            .await?;
        if done == 0 {
            tx.rollback().await?;
            return Ok(Err(Stale));
        }
        for (i, key) in seeds.iter().enumerate() {
            tx.sql(
                "UPDATE tournament_players SET seed = $3 WHERE tournament_id = $1 AND player = $2",
            )
            .bind(id)
            .bind(key)
            .bind(i as i64 + 1)
            .execute()
            .await?;
        }
        let mut ids = Vec::with_capacity(boards.len());
        for (i, b) in boards.iter().enumerate() {
            let game = match &b.game {
                Some(g) => Some(insert_game(&mut tx, g, at).await?),
                None => None,
            };
            tx.sql(
                "INSERT INTO tournament_pairings (tournament_id, round, board, white, black,
                                                  game_id, result)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(id)
            .bind(after + 1)
            .bind(i as i64 + 1)
            .bind(b.white)
            .bind(b.black)
            .bind(game)
            .bind(b.result.map(PairingResult::as_str))
            .execute()
            .await?;
            ids.push(game);
        }
        tx.commit().await?;
        Ok(Ok(ids))
    }

    /// Ends a tournament: finished after round `round` (with a note when
    /// it ended early), or cancelled.
    pub async fn end_tournament(
        &self,
        id: TournamentId,
        round: i64,
        status: TournamentStatus,
        note: Option<&str>,
        at: Timestamp,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        let done = tx
            .sql(
                "UPDATE tournaments SET status = $3, note = $4, finished_at = $5
             WHERE id = $1 AND round = $2 AND status IN ('open', 'running')",
            )
            .bind(id)
            .bind(round)
            .bind(status.as_str())
            .bind(note)
            .bind(at)
            .execute()
            .await?;
        tx.commit().await?;
        Ok(if done == 1 { Ok(()) } else { Err(Stale) })
    }
}
