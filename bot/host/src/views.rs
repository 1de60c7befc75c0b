//! Looking at games: the board, the whole-game snapshot, the record, the
//! list of a player's games, and what a reply shows of a game.

use chronomate_model::{GameId, GameStatus, Timestamp};
use chronomate_rules::{Color, View};

use super::choice::PickId;
use super::clock::due_words;
use super::images::{self, Picture};
use super::play::MAKE_A_MOVE;
use super::text::{self, challenge_terms_words, day_words, outcome_words, variant_words};
use super::{
    Caller, ChallengeChoice, ChoiceId, ChoiceStyle, GameChoice, Games, Host, HostError, Image,
    Loaded, Purpose, Reply,
};
impl Games<'_> {
    /// The board as it stands, from the caller's side.
    pub async fn board(self, caller: &Caller, game: Option<GameId>) -> Result<Reply, HostError> {
        let loaded = self.host.resolve(caller, game, Purpose::View).await?;
        let view = loaded.game.view();
        self.host.show(caller, &loaded, view, Picture::Board).await
    }

    /// The whole game in one picture (every branch or timeline): laid out
    /// to read inline in a chat, or with `full` every board of the history
    /// (a large image to open).
    pub async fn snapshot(
        self,
        caller: &Caller,
        game: Option<GameId>,
        full: bool,
    ) -> Result<Reply, HostError> {
        let loaded = self.host.resolve(caller, game, Purpose::View).await?;
        let view = loaded.game.snapshot();
        let picture = if full {
            Picture::FullSnapshot
        } else {
            Picture::Snapshot
        };
        self.host.show(caller, &loaded, view, picture).await
    }

    /// The caller's games and the open challenges they can see.
    pub async fn list(self, caller: &Caller) -> Result<Reply, HostError> {
        let me = caller.key();
        let now = self.host.now();
        let games = self
            .host
            .store
            .games_of(me, self.host.config.finished_listed)
            .await?;
        let challenges = self
            .host
            .store
            .open_challenges(me, caller.place.guild.as_deref())
            .await?;
        let mut lines = Vec::new();
        let mut reply = Reply::default().private();
        if games.is_empty() {
            lines.push("You have no games yet.".to_owned());
        } else {
            lines.push("Your games:".to_owned());
        }
        for g in &games {
            let side = g.side_of(me).unwrap_or(Color::White);
            let opponent = g.name(!side);
            let state = match (g.status, g.to_move, g.deadline) {
                (GameStatus::Live, Some(to_move), Some(deadline)) if to_move == side => {
                    format!("your move, due {}", due_words(deadline, now))
                }
                (GameStatus::Live, Some(to_move), Some(deadline)) => format!(
                    "{} to move, due {}",
                    g.name(to_move),
                    due_words(deadline, now)
                ),
                _ => outcome_words(g),
            };
            lines.push(format!(
                "#{} {} vs {} (you: {side}, ply {}{}): {state}",
                g.id,
                variant_words(g),
                opponent,
                g.ply,
                if text::unrated(g) { ", unrated" } else { "" }
            ));
        }
        if !challenges.is_empty() {
            lines.push("Open challenges:".to_owned());
        }
        for c in &challenges {
            let terms = challenge_terms_words(c);
            if c.challenger == *me {
                lines.push(format!(
                    "#{} from you to {}: {terms} (cancel: /cancel {})",
                    c.id,
                    c.challenged_name.as_deref().unwrap_or("anyone"),
                    c.id
                ));
            } else {
                lines.push(format!(
                    "#{} from {} to {}: {terms} (accept: /accept {})",
                    c.id,
                    c.challenger_name,
                    if c.challenged.is_some() {
                        "you"
                    } else {
                        "anyone"
                    },
                    c.id
                ));
                if reply.choices.len() < 10 {
                    reply = reply.choice(
                        ChoiceId::Challenge(c.id, ChallengeChoice::Accept),
                        &format!("Accept #{}", c.id),
                        ChoiceStyle::Primary,
                    );
                }
            }
        }
        reply.text = lines.join("\n");
        Ok(reply)
    }

    /// A game's record in its variant's notation, with PGN-like headers.
    pub async fn history(self, caller: &Caller, game: Option<GameId>) -> Result<Reply, HostError> {
        let loaded = self.host.resolve(caller, game, Purpose::View).await?;
        let log = self.host.store.log(loaded.id()).await?;
        let title = loaded.game.variant().title();
        let mut record = text::history(&loaded.row, &log, title);
        if let Some(table) = loaded.game.history_table() {
            // As a comment, so the history stays a record `replay` reads.
            let table = table.replace(['{', '}'], "");
            record.push_str(&format!("\n\n{{Every timeline, side by side:\n{table}}}\n"));
        }
        let mut reply = Reply::text(record).about(loaded.id());
        self.host.attach_replay(&mut reply, caller, &loaded);
        Ok(reply)
    }
}

impl Host {
    async fn show(
        &self,
        caller: &Caller,
        loaded: &Loaded,
        view: View,
        picture: Picture,
    ) -> Result<Reply, HostError> {
        let row = &loaded.row;
        let now = self.now();
        let mut lines = vec![format!(
            "Game #{} · {} · {} (white) vs {} (black) · {} per move",
            row.id,
            variant_words(row),
            row.white_name,
            row.black_name,
            day_words(row.days)
        )];
        let mut reply = Reply::default().about(row.id);
        if row.status == GameStatus::Live {
            lines.push(format!("Ply {}: {}.", row.ply, self.turn_line(loaded, now)));
            let offer = self.store.draw_offer(row.id).await?;
            if let Some(o) = offer {
                lines.push(format!("{} offers a draw.", row.name(o.side)));
            }
            if let Some(side) = row.side_of(caller.key()) {
                if loaded.game.turn().color == side {
                    reply = reply.choice(
                        ChoiceId::Pick(PickId::start(row.id, row.ply)),
                        MAKE_A_MOVE,
                        ChoiceStyle::Primary,
                    );
                }
                match offer {
                    Some(o) if o.side != side => {
                        reply = reply
                            .choice(
                                ChoiceId::Game(row.id, GameChoice::DrawAccept),
                                "Accept draw",
                                ChoiceStyle::Primary,
                            )
                            .choice(
                                ChoiceId::Game(row.id, GameChoice::DrawDecline),
                                "Decline draw",
                                ChoiceStyle::Secondary,
                            );
                    }
                    Some(_) => {}
                    None => {
                        reply = reply.choice(
                            ChoiceId::Game(row.id, GameChoice::DrawOffer),
                            "Offer draw",
                            ChoiceStyle::Secondary,
                        );
                    }
                }
                reply = reply.choice(
                    ChoiceId::Game(row.id, GameChoice::Resign),
                    "Resign",
                    ChoiceStyle::Danger,
                );
            }
        } else {
            lines.push(format!(
                "Over after {} plies: {}.",
                row.ply,
                outcome_words(row)
            ));
        }
        reply.text = lines.join("\n");
        let perspective = row.side_of(caller.key());
        self.attach(&mut reply, loaded, view, perspective, picture);
        self.link_page(&mut reply, row.id, row.status == GameStatus::Live)
            .await;
        Ok(reply)
    }

    /// Draws `view` into the reply, if images are on. A drawing failure
    /// costs the picture, never the reply.
    pub(super) fn attach(
        &self,
        reply: &mut Reply,
        loaded: &Loaded,
        mut view: View,
        perspective: Option<Color>,
        picture: Picture,
    ) {
        if !self.config.images {
            return;
        }
        if perspective.is_some() {
            view.perspective = perspective;
        }
        if let Ok(png) = images::render(&view, picture) {
            let row = &loaded.row;
            let name = picture.file_name(row.id, row.ply);
            reply.images.push(Image {
                name,
                png,
                description: format!(
                    "Game #{} ({}) after {} plies",
                    row.id,
                    variant_words(row),
                    row.ply
                ),
            });
        }
    }

    /// The game as an animated GIF beside its record, if images are on:
    /// seen from the caller's side when they play in it, else from the
    /// side the final still image shows. A long game is sampled or drawn
    /// smaller to stay within Discord's upload limit, and the reply says
    /// so. A drawing failure costs the picture, never the reply.
    fn attach_replay(&self, reply: &mut Reply, caller: &Caller, loaded: &Loaded) {
        if !self.config.images {
            return;
        }
        let row = &loaded.row;
        let game = &loaded.game;
        let perspective = row
            .side_of(caller.key())
            .unwrap_or_else(|| game.turn().color);
        let Ok(gif) = images::replay(game.options(), game.seed(), game.record(), perspective)
        else {
            return;
        };
        if gif.sampled || gif.shrunk {
            let mut how = Vec::new();
            if gif.shrunk {
                how.push("smaller boards".to_owned());
            }
            if gif.sampled {
                how.push(format!("every {}th action", gif.step));
            }
            reply.text.push_str(&format!(
                "\n{{The replay shows {} of {} positions ({}) to stay within Discord's upload limit.}}\n",
                gif.frames_used,
                gif.frames_total,
                how.join(", ")
            ));
        }
        reply.images.push(Image {
            name: format!("game-{}-replay.gif", row.id),
            png: gif.bytes,
            description: format!("Game #{} ({}) replayed", row.id, variant_words(row)),
        });
    }

    /// `bob (black) to move, due in 3 days (...)`.
    pub(super) fn turn_line(&self, loaded: &Loaded, now: Timestamp) -> String {
        let turn = loaded.game.turn();
        let row = &loaded.row;
        let mut line = format!("{} ({}) to move", row.name(turn.color), turn.color);
        if !turn.boards.is_empty() {
            let boards: Vec<String> = turn.boards.iter().map(ToString::to_string).collect();
            line.push_str(&format!(" on {}", boards.join(", ")));
        }
        if let Some(d) = row.deadline {
            line.push_str(&format!(", due {}", due_words(d, now)));
        }
        line
    }
}
