//! What a seated player sees on a game's page and may do there: the game
//! as their side sees it (in 5D chess, with their draft made and marked),
//! the legal actions as clicks ([`Table`], built from the rules'
//! [`chronomate_rules::click`] and kept by the page's server for the
//! position it was built in), and the actions a page sends ([`Act`]),
//! each made at the ply the page showed and refused at any other.

use std::collections::HashMap;

use chronomate_rules::click::{Clicks, Head, Tail};
use chronomate_rules::view::{BoardCell, View};
use chronomate_rules::{Color, TurnShape};
use chronomate_store::GameRow;
use serde::Serialize;

use super::super::commands::Command;
use super::super::{DrawMove, GameStatus, Host, HostError, Refusal, Reply, Web};
use super::{PageView, Seat};

/// A seat's page: the game as the player sees it, and where they stand.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// The game, as the page draws it.
    pub page: PageView,
    /// The side the player plays.
    pub side: Color,
    /// Whether the player is to act now.
    pub your_turn: bool,
    /// The board moves of the player's draft (5D chess).
    pub draft: Vec<String>,
    /// Whether the draft may be submitted, or why not; `None` without a
    /// draft.
    pub ready: Option<Result<(), String>>,
    /// The side whose draw offer stands, if any.
    pub draw_offer: Option<Color>,
}

/// The legal actions of a seat's position as clicks: each head where it
/// starts, and the action a head (with a second part) makes.
pub struct Table {
    /// The ply the table was built at.
    pub ply: i64,
    /// The draft it was built for (5D chess).
    pub draft: Vec<String>,
    /// The picture the clicks are placed on: the snapshot, or in a drafted
    /// turn the draft's own picture.
    view: View,
    /// Whether the draft may be submitted, or why not; `None` without a
    /// draft.
    ready: Option<Result<(), String>>,
    heads: Vec<Head>,
    /// Drafted turns: the board move each head adds.
    moves: Vec<String>,
    clicks: Option<Clicks>,
    by_from: HashMap<BoardCell, Vec<usize>>,
    loose: Vec<usize>,
}

/// A head that starts from no cell (a drop, an arrival, a branch given
/// up): offered by its text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Loose {
    /// The head's index.
    pub head: usize,
    /// Its text and what it does.
    #[serde(flatten)]
    pub about: Head,
}

impl Table {
    /// What names a table: the ply and the draft it was built for (a
    /// page's click names it, and is refused once the position changed).
    pub fn key(ply: i64, draft: &[String]) -> String {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(draft.join("\n").as_bytes());
        let short: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
        format!("{ply}-{}-{short}", draft.len())
    }

    fn new(
        ply: i64,
        draft: Vec<String>,
        view: View,
        heads: Vec<Head>,
        moves: Vec<String>,
        clicks: Option<Clicks>,
    ) -> Table {
        let mut by_from: HashMap<BoardCell, Vec<usize>> = HashMap::new();
        let mut loose = Vec::new();
        for (i, h) in heads.iter().enumerate() {
            match h.stroke.from {
                Some(cell) => by_from.entry(cell).or_default().push(i),
                None => loose.push(i),
            }
        }
        Table {
            ply,
            draft,
            view,
            ready: None,
            heads,
            moves,
            clicks,
            by_from,
            loose,
        }
    }

    /// The cells a man may be clicked on.
    pub fn movable(&self) -> Vec<BoardCell> {
        let mut cells: Vec<BoardCell> = self.by_from.keys().copied().collect();
        cells.sort_unstable_by_key(|c| (c.board, c.cell));
        cells
    }

    /// The heads that start on `cell`, by index.
    pub fn from_cell(&self, cell: BoardCell) -> Vec<(usize, &Head)> {
        self.by_from
            .get(&cell)
            .map(|list| list.iter().map(|&i| (i, &self.heads[i])).collect())
            .unwrap_or_default()
    }

    /// The heads that start from no cell.
    pub fn loose(&self) -> Vec<Loose> {
        self.loose
            .iter()
            .map(|&i| Loose {
                head: i,
                about: self.heads[i].clone(),
            })
            .collect()
    }

    /// The second parts that complete head `head`.
    pub fn tails(&self, head: usize) -> Vec<Tail> {
        self.clicks
            .as_ref()
            .map_or_else(Vec::new, |c| c.tails(head))
    }

    /// The action (or board move, in a drafted turn) head `head` makes
    /// with second part `tail`, in notation.
    pub fn action(&self, head: usize, tail: Option<usize>) -> Option<String> {
        match &self.clicks {
            Some(c) => c.action(head, tail),
            None => tail
                .is_none()
                .then(|| self.moves.get(head).cloned())
                .flatten(),
        }
    }
}

/// What a seated player's page asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    /// The action head `head` makes with second part `tail`, of the
    /// table built at the ply the act names.
    Click {
        /// The head's index.
        head: usize,
        /// The second part's index, where the head needs one.
        tail: Option<usize>,
    },
    /// An action typed in notation.
    Text(String),
    /// Take back the draft's last board move (5D chess).
    Undo,
    /// Submit the draft as the turn (5D chess).
    Submit,
    /// Resign the game.
    Resign,
    /// Offer a draw, accept one, or decline one.
    Draw(DrawMove),
}

impl Web<'_> {
    /// The game as `seat`'s player sees it, on `table` (the seat's table
    /// of the position the page shows: its picture is the one the clicks
    /// are placed on).
    ///
    /// # Errors
    /// The game is gone, or the database failed.
    pub async fn seat_view(self, seat: &Seat, table: &Table) -> Result<SeatView, HostError> {
        let row = self
            .host
            .store
            .game_row(seat.game)
            .await?
            .ok_or(Refusal::NoSuchGame(seat.game))?;
        let draw_offer = self.host.store.draw_offer(seat.game).await?.map(|o| o.side);
        Ok(SeatView {
            page: PageView::of(&row, table.ply, table.view.clone()),
            side: seat.side,
            your_turn: to_act(&row, seat.side),
            draft: table.draft.clone(),
            ready: table.ready.clone(),
            draw_offer,
        })
    }

    /// The game's ply and `seat`'s draft there (empty unless they are to
    /// move in a drafted turn), cheaply: what names the table a page
    /// clicks on.
    ///
    /// # Errors
    /// The game is gone, or the database failed.
    pub async fn seat_moment(self, seat: &Seat) -> Result<(i64, Vec<String>), HostError> {
        let row = self
            .host
            .store
            .game_row(seat.game)
            .await?
            .ok_or(Refusal::NoSuchGame(seat.game))?;
        let draft = if to_act(&row, seat.side) {
            self.host.store.draft(seat.game, row.ply).await?
        } else {
            Vec::new()
        };
        Ok((row.ply, draft))
    }

    /// `seat`'s table of the game as it stands: its picture, and the
    /// legal actions its player may click (none when it is not their
    /// turn), built off the runtime's threads: a 1,000-board position
    /// takes a while.
    ///
    /// # Errors
    /// The game is gone, or the database failed.
    pub async fn seat_table(self, seat: &Seat) -> Result<Table, HostError> {
        let loaded = self.host.load(seat.game).await?;
        let ply = loaded.row.ply;
        let drafted = loaded.game.variant().about().turns == TurnShape::Drafted;
        let your_turn = to_act(&loaded.row, seat.side);
        let draft = if drafted && your_turn {
            self.host.store.draft(seat.game, ply).await?
        } else {
            Vec::new()
        };
        let game = loaded.game;
        tokio::task::spawn_blocking(move || {
            if !your_turn {
                let view = game.snapshot();
                return Table::new(ply, draft, view, Vec::new(), Vec::new(), None);
            }
            if drafted {
                let Ok(clicks) = game.draft_clicks(&draft) else {
                    let view = game.snapshot();
                    return Table::new(ply, draft, view, Vec::new(), Vec::new(), None);
                };
                let heads = clicks
                    .moves
                    .iter()
                    .map(|(stroke, text)| Head {
                        stroke: *stroke,
                        text: text.clone(),
                        kind: "move",
                        needs_second: false,
                    })
                    .collect();
                let texts = clicks.moves.into_iter().map(|(_, t)| t).collect();
                let ready = (!draft.is_empty()).then(|| {
                    game.draft_turn(&draft)
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                });
                let mut table = Table::new(ply, draft, clicks.view, heads, texts, None);
                table.ready = ready;
                table
            } else {
                let clicks = game.clicks();
                let heads = clicks.heads().to_vec();
                let view = game.snapshot();
                Table::new(ply, draft, view, heads, Vec::new(), Some(clicks))
            }
        })
        .await
        .map_err(|e| HostError::System(format!("a page's table failed: {e}")))
    }

    /// What `typed` finds among the actions `seat`'s player may make now
    /// (the autocomplete's finder; in 5D, the board moves their draft
    /// may take next).
    ///
    /// # Errors
    /// The game is gone, or the database failed.
    pub async fn seat_find(
        self,
        seat: &Seat,
        typed: &str,
        limit: usize,
    ) -> Result<chronomate_rules::find::Found, HostError> {
        self.host
            .games()
            .find(&seat.caller(), Some(seat.game), typed, limit)
            .await
    }

    /// Does what `seat`'s page asks, at ply `ply` (the position the page
    /// showed; refused as moved on at any other), through the commands
    /// every adapter gives; what it announces goes to the game's thread.
    /// `table` is the one built at that ply, for a click.
    ///
    /// # Errors
    /// A refusal (not their turn, an illegal action, a stale ply, a click
    /// that names nothing), or the database failed.
    pub async fn seat_act(
        self,
        seat: &Seat,
        ply: i64,
        act: Act,
        table: Option<&Table>,
    ) -> Result<Reply, HostError> {
        let caller = seat.caller();
        let game = Some(seat.game);
        let command = match act {
            // An action is checked against the ply where it is loaded.
            Act::Click { head, tail } => {
                let text = table
                    .filter(|t| t.ply == ply)
                    .and_then(|t| t.action(head, tail))
                    .ok_or(Refusal::NoSuchClick)?;
                return self
                    .host
                    .told(self.host.act_at(&caller, game, Some(ply), &text).await?)
                    .await;
            }
            Act::Text(text) => {
                return self
                    .host
                    .told(self.host.act_at(&caller, game, Some(ply), &text).await?)
                    .await;
            }
            Act::Undo => Command::Undo(game),
            Act::Submit => Command::Submit(game),
            Act::Resign => Command::Resign {
                game,
                confirm: true,
            },
            Act::Draw(answer) => Command::Draw { game, answer },
        };
        if self.moment(seat.game).await?.0 != ply {
            return Err(Refusal::MovedOn(seat.game).into());
        }
        self.host
            .told(self.host.execute(&caller, command).await?)
            .await
    }
}

impl Host {
    /// `reply`, once what it announced is handed to the outbox: no
    /// Discord answer carries it, so it is posted in the game's thread.
    async fn told(&self, reply: Reply) -> Result<Reply, HostError> {
        self.outbox().hand_over(&reply.announced).await?;
        Ok(reply)
    }
}

/// Whether `side` is to act in the game of `row`.
fn to_act(row: &GameRow, side: Color) -> bool {
    row.status == GameStatus::Live && row.to_move == Some(side)
}
