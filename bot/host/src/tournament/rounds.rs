//! Rounds: planning one from the tournament's history, creating its games
//! and boards in one transaction, and moving the tournament on (the start
//! time, the next round, the end), by itself or at the scheduler's tick.

use chronomate_model::{
    GameResult, PairingResult, PlayerKey, Timestamp, TournamentFormat, TournamentId,
    TournamentStatus,
};
use chronomate_rules::{Color, Game};

use super::pairing::{self, Board, SwissPlayer};
use super::snapshot::{Snapshot, board_result};
use super::standings::{BoardResult, points_words};
use super::text::{round_announcement, standings_lines};
use crate::announce::{Body, Said, Teller};
use crate::time::remind_at;
use crate::{Host, HostError, Notice, NoticeKind, Place, Reply, Tournaments, check_options};
use chronomate_model::rating::Glicko;
use chronomate_store::{
    AnnouncementId, NewBoard, NewGame, Stale, StoreError, Stream, TournamentPlayer, TournamentRow,
};

/// A new round's boards, players by index, with a result for boards that
/// need no game.
struct RoundPlan {
    boards: Vec<(usize, Option<usize>, Option<PairingResult>)>,
}

impl Tournaments<'_> {
    /// Moves a tournament on if its time has come: starts an open one at its
    /// start time, starts the next round when the current one is decided,
    /// ends it after the last. Returns the announcement, if any. Safe to
    /// call at any time, twice, or from racing tasks: each step is guarded
    /// in the database.
    pub async fn advance(
        self,
        id: TournamentId,
        now: Timestamp,
    ) -> Result<Option<Reply>, HostError> {
        self.host
            .advance_tournament(id, now, &Teller::outbox())
            .await
    }
}

impl Host {
    /// Seeds and starts round 1. `None`: someone else started it first.
    pub(super) async fn begin(
        &self,
        s: &Snapshot,
        now: Timestamp,
        teller: &Teller,
    ) -> Result<Option<Reply>, HostError> {
        // Seeds: established server rating in the variant, then join order.
        let mut ranked: Vec<(usize, f64)> = Vec::with_capacity(s.players.len());
        for (i, p) in s.players.iter().enumerate() {
            let r = self
                .store
                .rating(&p.key, s.t.variant.id(), &s.t.guild)
                .await?
                .map_or(Glicko::default(), |r| r.glicko);
            ranked.push((i, if r.provisional() { 0.0 } else { r.rating }));
        }
        ranked.sort_by(|a, b| {
            b.1.partial_cmp(&a.1)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.0.cmp(&b.0))
        });
        let players: Vec<TournamentPlayer> =
            ranked.iter().map(|(i, _)| s.players[*i].clone()).collect();
        let n = players.len();
        let (rounds, capped) = match s.t.format {
            TournamentFormat::RoundRobin => (pairing::round_robin_rounds(n, false) as i64, false),
            TournamentFormat::DoubleRoundRobin => {
                (pairing::round_robin_rounds(n, true) as i64, false)
            }
            TournamentFormat::Swiss => {
                let max = pairing::swiss_max_rounds(n) as i64;
                (s.t.rounds.min(max), s.t.rounds > max)
            }
        };
        let seeded = Snapshot {
            t: TournamentRow {
                rounds,
                ..s.t.clone()
            },
            players,
            pairings: Vec::new(),
        };
        let Some(plan) = plan_round(&seeded, 1) else {
            return Ok(None);
        };
        let seeds: Vec<&PlayerKey> = seeded.players.iter().map(|p| &p.key).collect();
        let note = capped.then(|| format!(
            "(Swiss of {n}: {rounds} rounds, the most that can be paired without anyone meeting twice.)"
        ));
        let Some(announced) = self
            .create_round(&seeded, 0, &seeds, rounds, &plan, now, teller, note.clone())
            .await?
        else {
            return Ok(None);
        };
        let after = self.snapshot_of(s.t.id).await?;
        let mut reply = round_announcement(&after, 1, now, note.as_deref());
        reply.announced = announced;
        Ok(Some(reply))
    }

    /// Creates round `after + 1`'s games and boards in one transaction,
    /// announced; its announcements. `None`: the round was started by
    /// someone else first.
    #[allow(clippy::too_many_arguments)]
    async fn create_round(
        &self,
        s: &Snapshot,
        after: i64,
        seeds: &[&PlayerKey],
        rounds: i64,
        plan: &RoundPlan,
        now: Timestamp,
        teller: &Teller,
        note: Option<String>,
    ) -> Result<Option<Vec<AnnouncementId>>, HostError> {
        let t = &s.t;
        let corrupt = |detail: String| StoreError::Corrupt {
            row: format!("tournament #{}", t.id),
            detail,
        };
        let (variant, options) = (t.variant, t.options.clone());
        let options_text = options.to_string();
        let settings = self.store.settings(Some(&t.guild)).await?;
        let deadline = now + t.days.span();
        struct Prepared {
            white: PlayerKey,
            black: Option<PlayerKey>,
            seed: u64,
            snapshot: Option<String>,
            to_move: Color,
            result: Option<PairingResult>,
        }
        let mut prepared = Vec::with_capacity(plan.boards.len());
        for &(w, b, result) in &plan.boards {
            let white = s.players[w].key.clone();
            let black = b.map(|b| s.players[b].key.clone());
            let (seed, snapshot, to_move) = if result.is_none() && black.is_some() {
                let seed = self.random();
                check_options(variant, &options)?;
                let game = Game::new(options.clone(), seed);
                let json = serde_json::to_string(&game).map_err(|e| corrupt(e.to_string()))?;
                (seed, Some(json), game.turn().color)
            } else {
                (0, None, Color::White)
            };
            prepared.push(Prepared {
                white,
                black,
                seed,
                snapshot,
                to_move,
                result,
            });
        }
        let boards: Vec<NewBoard<'_>> = prepared
            .iter()
            .map(|p| NewBoard {
                white: &p.white,
                black: p.black.as_ref(),
                game: match (&p.snapshot, &p.black) {
                    (Some(snapshot), Some(black)) => Some(NewGame {
                        variant: t.variant.id(),
                        options: &options_text,
                        seed: p.seed,
                        white: &p.white,
                        black,
                        days: t.days,
                        reminder_hours: settings.reminder_hours,
                        snapshot,
                        to_move: p.to_move,
                        deadline,
                        remind_at: remind_at(deadline, t.days, settings.reminder_hours),
                        guild: Some(&t.guild),
                        channel: t.channel.as_deref(),
                        thread: None,
                    }),
                    _ => None,
                },
                result: p.result,
            })
            .collect();
        let round = self.row(
            teller,
            Stream::Tournament(t.id),
            Some(&t.guild),
            &Body::Round {
                tournament: t.id,
                round: after + 1,
                note,
            },
        );
        let (store, receipt) = self.store.announcing(vec![round]);
        Ok(store
            .start_round(t.id, after, seeds, rounds, &boards, now)
            .await?
            .ok()
            .map(|_| receipt.ids()))
    }

    /// [`Tournaments::advance`], its announcements told by `teller`.
    pub(crate) async fn advance_tournament(
        &self,
        id: TournamentId,
        now: Timestamp,
        teller: &Teller,
    ) -> Result<Option<Reply>, HostError> {
        let s = self.snapshot_of(id).await?;
        match s.t.status {
            TournamentStatus::Open => {
                if s.t.starts_at.is_none_or(|at| at > now) {
                    return Ok(None);
                }
                if s.players.len() < 2 {
                    let mut reply = Reply::text(format!(
                        "Tournament #{id} {} was cancelled: fewer than 2 players had joined by its start time.",
                        s.t.name
                    ));
                    let said = Said::of(NoticeKind::Tournament, &reply, tournament_place(&s.t));
                    let row = self.row(
                        teller,
                        Stream::Tournament(id),
                        Some(&s.t.guild),
                        &Body::Said(said),
                    );
                    let (store, receipt) = self.store.announcing(vec![row]);
                    if let Ok(()) = store
                        .end_tournament(
                            id,
                            0,
                            TournamentStatus::Cancelled,
                            Some("too few players at the start time"),
                            now,
                        )
                        .await?
                    {
                        reply.announced = receipt.held();
                        return Ok(Some(reply));
                    }
                    return Ok(None);
                }
                self.begin(&s, now, teller).await
            }
            TournamentStatus::Running => {
                let current = s.round_boards(s.t.round);
                if current
                    .iter()
                    .any(|p| board_result(p) == BoardResult::Pending)
                {
                    return Ok(None);
                }
                if s.t.round >= s.t.rounds {
                    return self.conclude(&s, None, now, teller).await;
                }
                let next = s.t.round + 1;
                let Some(plan) = plan_round(&s, next) else {
                    return self
                        .conclude(&s, Some("no more pairings without a repeat"), now, teller)
                        .await;
                };
                if plan.boards.iter().all(|b| b.2.is_some())
                    && s.t.format == TournamentFormat::Swiss
                {
                    return self
                        .conclude(&s, Some("too few players left to pair"), now, teller)
                        .await;
                }
                let seeds: Vec<&PlayerKey> = Vec::new();
                let Some(announced) = self
                    .create_round(&s, s.t.round, &seeds, s.t.rounds, &plan, now, teller, None)
                    .await?
                else {
                    return Ok(None);
                };
                let after = self.snapshot_of(id).await?;
                let mut reply = round_announcement(&after, next, now, None);
                reply.announced = announced;
                // A round decided without games (all forfeits) moves on too.
                if let Some(more) = Box::pin(self.advance_tournament(id, now, teller)).await? {
                    reply.text.push('\n');
                    reply.text.push_str(&more.text);
                    for p in more.pings {
                        reply = reply.ping(&p);
                    }
                    reply.announced.extend(more.announced);
                }
                Ok(Some(reply))
            }
            TournamentStatus::Finished | TournamentStatus::Cancelled => Ok(None),
        }
    }

    async fn conclude(
        &self,
        s: &Snapshot,
        note: Option<&str>,
        now: Timestamp,
        teller: &Teller,
    ) -> Result<Option<Reply>, HostError> {
        let row = self.row(
            teller,
            Stream::Tournament(s.t.id),
            Some(&s.t.guild),
            &Body::Concluded {
                tournament: s.t.id,
                note: note.map(str::to_owned),
            },
        );
        let (store, receipt) = self.store.announcing(vec![row]);
        if let Err(Stale) = store
            .end_tournament(s.t.id, s.t.round, TournamentStatus::Finished, note, now)
            .await?
        {
            return Ok(None);
        }
        let after = self.snapshot_of(s.t.id).await?;
        let mut reply = self.concluded_reply(&after, note);
        reply.announced = receipt.held();
        Ok(Some(reply))
    }

    /// A finished tournament's news: its winners and final standings.
    pub(crate) fn concluded_reply(&self, after: &Snapshot, note: Option<&str>) -> Reply {
        let table = after.standings();
        let mut lines = vec![format!(
            "Tournament #{} {} is over{}.",
            after.t.id,
            after.t.name,
            note.map(|n| format!(" ({n})")).unwrap_or_default()
        )];
        let winners: Vec<&str> = table
            .iter()
            .filter(|l| l.rank == 1)
            .map(|l| after.players[l.player].name.as_str())
            .collect();
        if !winners.is_empty() {
            lines.push(format!(
                "{} {} with {} points.",
                winners.join(" and "),
                if winners.len() == 1 {
                    "wins"
                } else {
                    "share first place"
                },
                points_words(table[0].score2)
            ));
        }
        lines.extend(standings_lines(after));
        let mut reply = Reply::text(lines.join("\n"));
        for p in &after.players {
            reply = reply.ping(&p.key);
        }
        self.attach_table(&mut reply, after);
        reply
    }

    /// A tournament's news as a notice: to each player pinged, and in the
    /// tournament's channel.
    pub(crate) fn tournament_notice(&self, s: &Snapshot, reply: Reply) -> Notice {
        Notice {
            kind: NoticeKind::Tournament,
            game: None,
            challenge: None,
            recipients: reply.pings.clone(),
            place: tournament_place(&s.t),
            reply,
        }
    }
}

/// Where a tournament was created (its news go there).
pub(crate) fn tournament_place(t: &TournamentRow) -> Place {
    Place {
        guild: Some(t.guild.clone()),
        channel: t.channel.clone(),
        thread: t.thread.clone(),
    }
}

/// Plans round `round` (1-based) of a tournament from its history.
fn plan_round(s: &Snapshot, round: i64) -> Option<RoundPlan> {
    let n = s.players.len();
    let mut boards = Vec::new();
    match s.t.format {
        TournamentFormat::RoundRobin | TournamentFormat::DoubleRoundRobin => {
            let double = s.t.format == TournamentFormat::DoubleRoundRobin;
            let table = pairing::round_robin(n, double);
            let r = table.get(usize::try_from(round - 1).ok()?)?;
            for b in r {
                let entry = match b.black {
                    None => (b.white, None, Some(PairingResult::Rest)),
                    Some(black) => {
                        let result = match (s.active(b.white), s.active(black)) {
                            (true, true) => None,
                            (true, false) => Some(PairingResult::Scored(GameResult::WhiteWins)),
                            (false, true) => Some(PairingResult::Scored(GameResult::BlackWins)),
                            (false, false) => Some(PairingResult::BothLose),
                        };
                        (b.white, Some(black), result)
                    }
                };
                boards.push(entry);
            }
        }
        TournamentFormat::Swiss => {
            let mut players: Vec<SwissPlayer> = (0..n)
                .map(|i| SwissPlayer {
                    seed: i,
                    active: s.active(i),
                    ..SwissPlayer::default()
                })
                .collect();
            for p in s.played() {
                let (w, b) = p.result.points2();
                players[p.white].score2 += w;
                match p.black {
                    Some(black) => {
                        players[black].score2 += b;
                        players[p.white].opponents.push(black);
                        players[black].opponents.push(p.white);
                        players[p.white].colours.push(true);
                        players[black].colours.push(false);
                    }
                    None => players[p.white].had_bye = true,
                }
            }
            if players.iter().filter(|p| p.active).count() < 2 {
                return Some(RoundPlan {
                    boards: players
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.active)
                        .map(|(i, _)| (i, None, Some(PairingResult::Bye)))
                        .collect(),
                });
            }
            let round_boards: Vec<Board> = pairing::swiss_round(&players, round as usize)?;
            for b in round_boards {
                boards.push(match b.black {
                    Some(black) => (b.white, Some(black), None),
                    None => (b.white, None, Some(PairingResult::Bye)),
                });
            }
        }
    }
    Some(RoundPlan { boards })
}
