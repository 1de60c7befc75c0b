//! The guided picker: a player's legal actions offered a step at a time
//! (the board, the man, its move, and a second part's man, board and
//! square), then a button to play the one chosen. `/move` with no action
//! opens it; so does the "Make a move" button under each board post. In a
//! game whose turn is drafted (5D), it offers the board moves the draft
//! may take next (the board, the man, its move or its jump's board and
//! cell), and the button adds the one chosen to the draft.
//!
//! Each step is a [`Menu`] whose options are [`PickId`]s: the game, the
//! ply it was opened at and the keys chosen so far. Nothing is kept in
//! memory, so a step read after a restart is the same step. A step of a
//! picker opened before the game moved on says so, plays nothing and
//! offers a fresh picker; so does a key no longer offered.

use chronomate_model::GameId;
use chronomate_rules::TurnShape;
use chronomate_rules::find::{Level, Pick};

use super::choice::{ChoiceId, PickId};
use super::types::{ChoiceStyle, Menu, MenuOption};
use super::{Caller, Games, Host, HostError, Loaded, Purpose, Reply};

/// What the picker offers: the game's legal actions, or the board moves
/// the caller's draft may take next.
enum Offer {
    Actions,
    Draft(Vec<String>),
}

impl Offer {
    /// Where `path` leads.
    fn pick(&self, loaded: &Loaded, path: &[String]) -> Pick {
        match self {
            Offer::Actions => loaded.game.pick(path),
            // A draft is kept for its ply alone, so it reads; if not,
            // nothing is offered.
            Offer::Draft(draft) => loaded.game.draft_pick(draft, path).unwrap_or(Pick::Nothing),
        }
    }
}

impl Games<'_> {
    /// Opens the picker in the game the caller means (`/move` with no
    /// action): its first step, only for the caller's eyes.
    pub async fn pick(self, caller: &Caller, game: Option<GameId>) -> Result<Reply, HostError> {
        let loaded = self.host.mover(caller, game).await?;
        let id = PickId::start(loaded.id(), loaded.row.ply);
        let offer = self.host.offer(&loaded).await?;
        Ok(self.host.step(&loaded, &offer, &id, None))
    }
}

impl Host {
    /// What the picker offers the caller in `loaded`.
    async fn offer(&self, loaded: &Loaded) -> Result<Offer, HostError> {
        Ok(match loaded.game.variant().about().turns {
            TurnShape::Single => Offer::Actions,
            TurnShape::Drafted => {
                Offer::Draft(self.store.draft(loaded.row.id, loaded.row.ply).await?)
            }
        })
    }

    /// A step of the picker by its id (a pressed option or button).
    pub(super) async fn pick_step(&self, caller: &Caller, id: &PickId) -> Result<Reply, HostError> {
        let loaded = self.mover(caller, Some(id.game)).await?;
        let offer = self.offer(&loaded).await?;
        if loaded.row.ply != id.ply {
            let note = format!(
                "Game #{} moved on since this picker was opened: nothing was played. Choose again:",
                loaded.id()
            );
            let fresh = PickId::start(loaded.id(), loaded.row.ply);
            return Ok(self.step(&loaded, &offer, &fresh, Some(note)));
        }
        if id.play
            && let Pick::Ready { notation, .. } = offer.pick(&loaded, &id.path)
        {
            return match offer {
                // The draft's store checks its length again: a move
                // drafted meanwhile refuses this one.
                Offer::Draft(_) => self.draft_move(caller, loaded, &notation).await,
                // The commit checks the ply again: a move made meanwhile
                // refuses this one.
                Offer::Actions => self.games().act(caller, Some(id.game), &notation).await,
            };
        }
        Ok(self.step(&loaded, &offer, id, None))
    }

    /// The caller's live game where it is their turn.
    pub(super) async fn mover(
        &self,
        caller: &Caller,
        game: Option<GameId>,
    ) -> Result<Loaded, HostError> {
        let loaded = self.resolve(caller, game, Purpose::Act).await?;
        loaded.side_to_act(caller)?;
        Ok(loaded)
    }

    /// The step `id` leads to, as a private reply; `note` goes first.
    fn step(&self, loaded: &Loaded, offer: &Offer, id: &PickId, note: Option<String>) -> Reply {
        let game = loaded.id();
        let mut lines: Vec<String> = note.into_iter().collect();
        if let Offer::Draft(draft) = offer
            && !draft.is_empty()
        {
            lines.push(format!("Your draft: {}.", draft.join(" ")));
        }
        let mut reply = Reply::default().about(game).private();
        match offer.pick(loaded, &id.path) {
            Pick::Choose {
                level,
                options,
                total,
                chosen,
            } => {
                lines.push(heading(game, &chosen));
                lines.push(format!("{} ({}).", level.prompt(), count(total)));
                reply.menu = Some(Menu {
                    id: id.clone(),
                    placeholder: level.prompt().to_owned(),
                    options: options
                        .into_iter()
                        .map(|o| MenuOption {
                            detail: count(o.count),
                            key: o.key,
                            label: o.label,
                        })
                        .collect(),
                });
                if !id.path.is_empty() {
                    reply = reply.choice(ChoiceId::Pick(id.back()), "Back", ChoiceStyle::Secondary);
                }
                if level != Level::Board && id.path.len() > 1 {
                    reply = reply.choice(
                        ChoiceId::Pick(PickId::start(game, id.ply)),
                        "Start over",
                        ChoiceStyle::Secondary,
                    );
                }
            }
            Pick::Ready { notation, chosen } => {
                lines.push(heading(game, &chosen));
                let verb = match offer {
                    Offer::Actions => "Play",
                    Offer::Draft(_) => "Draft",
                };
                lines.push(format!("{verb} {notation}?"));
                reply = reply.choice(
                    ChoiceId::Pick(id.playing()),
                    &format!("{verb} {notation}"),
                    ChoiceStyle::Primary,
                );
                if !id.path.is_empty() {
                    reply = reply.choice(ChoiceId::Pick(id.back()), "Back", ChoiceStyle::Secondary);
                }
            }
            Pick::Gone { step } => {
                let key = id.path.get(step).map_or("", String::as_str);
                let fresh = PickId::start(game, loaded.row.ply);
                let note = format!(
                    "\"{key}\" is not offered in game #{game} now: nothing was played. Choose again:"
                );
                return self.step(loaded, offer, &fresh, Some(note));
            }
            Pick::Nothing => match offer {
                Offer::Actions => lines.push(format!("There is no legal action in game #{game}.")),
                Offer::Draft(draft) => {
                    lines.push(format!("Nothing more can be drafted in game #{game}."));
                    let ready = loaded.game.draft_turn(draft).is_ok();
                    reply = super::drafts::draft_choices(reply, loaded, draft, ready);
                }
            },
        }
        reply.text = lines.join("\n");
        reply
    }
}

/// `Game #7, your move: L3 › knight on g1`.
fn heading(game: GameId, chosen: &[String]) -> String {
    if chosen.is_empty() {
        format!("Game #{game}, your move.")
    } else {
        format!("Game #{game}, your move: {}.", chosen.join(" › "))
    }
}

/// `1 action`, `1,200 actions`.
fn count(n: usize) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    if n == 1 {
        "1 action".to_owned()
    } else {
        format!("{grouped} actions")
    }
}
