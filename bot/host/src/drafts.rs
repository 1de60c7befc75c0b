//! Drafted turns: in a variant whose turn is several board moves
//! ([`TurnShape::Drafted`], 5D chess), a player builds the turn a move at
//! a time (`/move` adds to the draft, `/undo` takes the last move back),
//! sees it privately with the drafted moves marked, and `/submit` commits
//! the whole turn as one action through the path every action takes, so
//! the record, replays, ratings and the engine see whole turns. The rules
//! read and judge the draft ([`Game::draft_move`], [`Game::draft_turn`]);
//! the store keeps it until the game moves on, across restarts.
//!
//! [`Game::draft_move`]: chronomate_rules::Game::draft_move
//! [`Game::draft_turn`]: chronomate_rules::Game::draft_turn

use chronomate_model::GameId;
use chronomate_rules::{ActionError, TurnShape, filter_suggestions};
use chronomate_store::{DraftMove, Stale};

use super::choice::{ChoiceId, GameChoice, PickId};
use super::images::Picture;
use super::types::ChoiceStyle;
use super::{Caller, Games, Host, HostError, Loaded, Purpose, Refusal, Reply};

/// How many legal next moves a refusal suggests at most.
const SUGGESTED: usize = 6;

impl Games<'_> {
    /// Takes back the last move of the caller's draft.
    pub async fn undo(self, caller: &Caller, game: Option<GameId>) -> Result<Reply, HostError> {
        let (loaded, mut draft) = self.host.own_draft(caller, game).await?;
        let id = loaded.row.id;
        let Some(last) = draft.pop() else {
            return Err(Refusal::NothingDrafted(id).into());
        };
        let count = draft.len() as i64 + 1;
        if let Err(Stale) = self
            .host
            .store
            .undo_draft_move(id, loaded.row.ply, count)
            .await?
        {
            return Err(Refusal::MovedOn(id).into());
        }
        Ok(self
            .host
            .draft_reply(&loaded, &draft, format!("Took back {last}.")))
    }

    /// The caller's draft, privately: its moves, whether it may be
    /// submitted (or why not), and the position with the moves marked.
    pub async fn draft(self, caller: &Caller, game: Option<GameId>) -> Result<Reply, HostError> {
        let (loaded, draft) = self.host.own_draft(caller, game).await?;
        Ok(self.host.draft_reply(&loaded, &draft, String::new()))
    }

    /// Commits the caller's draft as their whole turn, or refuses with the
    /// rules' reason (the draft is kept).
    pub async fn submit(self, caller: &Caller, game: Option<GameId>) -> Result<Reply, HostError> {
        let (loaded, draft) = self.host.own_draft(caller, game).await?;
        let side = loaded.side_to_act(caller)?;
        let refuse = |error| Refusal::Action {
            game: loaded.row.id,
            error,
            suggestions: Vec::new(),
            could_mean: 0,
        };
        let action = loaded.game.draft_turn(&draft).map_err(refuse)?;
        let mut after = loaded.game.clone();
        let played = crate::cpu::cpu_bound(|| after.apply(&action)).map_err(refuse)?;
        let prepared = self.host.prepared(loaded, after, played, side);
        // Committing the action deletes the draft in the same transaction.
        self.host.commit(caller, prepared).await
    }
}

impl Host {
    /// Adds a board move to the caller's draft (`/move` in a drafted
    /// game), refused with the rules' reason; answers privately with the
    /// draft.
    pub(super) async fn draft_move(
        &self,
        caller: &Caller,
        loaded: Loaded,
        text: &str,
    ) -> Result<Reply, HostError> {
        let text = text.trim();
        loaded.side_to_act(caller)?;
        let (id, ply) = (loaded.row.id, loaded.row.ply);
        let mut draft = self.store.draft(id, ply).await?;
        let written = loaded
            .game
            .draft_move(&draft, text)
            .map_err(|error| self.refused_move(&loaded, &draft, text, error))?;
        let added = DraftMove {
            game: id,
            ply,
            before: draft.len() as i64,
            player: caller.key(),
            text: &written,
            at: self.now(),
        };
        if let Err(Stale) = self.store.add_draft_move(&added).await? {
            return Err(Refusal::MovedOn(id).into());
        }
        draft.push(written.clone());
        Ok(self.draft_reply(&loaded, &draft, format!("Drafted {written}.")))
    }

    /// Up to `limit` board moves matching `typed` that may be added to the
    /// caller's draft (autocomplete); none when it is not their turn.
    pub(super) async fn draft_suggestions(
        &self,
        caller: &Caller,
        loaded: &Loaded,
        typed: &str,
        limit: usize,
    ) -> Result<Vec<String>, HostError> {
        if loaded.side_to_act(caller).is_err() {
            return Ok(Vec::new());
        }
        let draft = self.store.draft(loaded.row.id, loaded.row.ply).await?;
        let next = loaded.game.draft_moves(&draft).unwrap_or_default();
        Ok(filter_suggestions(next, typed, limit))
    }

    /// The game the caller means, where they are to act in a drafted
    /// turn, and their draft there.
    async fn own_draft(
        &self,
        caller: &Caller,
        game: Option<GameId>,
    ) -> Result<(Loaded, Vec<String>), HostError> {
        let loaded = self.resolve(caller, game, Purpose::Act).await?;
        if loaded.game.variant().about().turns != TurnShape::Drafted {
            return Err(Refusal::NoDrafts(loaded.row.id).into());
        }
        loaded.side_to_act(caller)?;
        let draft = self.store.draft(loaded.row.id, loaded.row.ply).await?;
        Ok((loaded, draft))
    }

    /// A move the rules refused, with the legal next moves close to what
    /// was typed (none for an illegal one: the reason says it all).
    fn refused_move(
        &self,
        loaded: &Loaded,
        draft: &[String],
        text: &str,
        error: ActionError,
    ) -> HostError {
        let suggestions = match &error {
            ActionError::Illegal { .. } => Vec::new(),
            _ => loaded
                .game
                .draft_moves(draft)
                .map(|all| filter_suggestions(all, text, SUGGESTED))
                .unwrap_or_default(),
        };
        Refusal::Action {
            game: loaded.row.id,
            error,
            could_mean: suggestions.len(),
            suggestions,
        }
        .into()
    }

    /// The draft shown to its player: `first` (what was just done), the
    /// moves, whether the turn may be submitted or why not, and the
    /// position with the drafted moves marked.
    fn draft_reply(&self, loaded: &Loaded, draft: &[String], first: String) -> Reply {
        let id = loaded.row.id;
        let turn = loaded.game.draft_turn(draft);
        let ready = turn.is_ok();
        let mut lines: Vec<String> = Vec::new();
        if !first.is_empty() {
            lines.push(first);
        }
        if draft.is_empty() {
            lines.push(format!(
                "Your draft in game #{id} is empty: add a board move with /move."
            ));
        } else {
            lines.push(format!(
                "Your draft in game #{id} (only you see it): {}",
                draft.join(" ")
            ));
            lines.push(match turn {
                Ok(_) => "Ready: /submit plays it as your turn; /undo takes the last move back."
                    .to_owned(),
                Err(e) => format!("Not ready to submit: {e}."),
            });
        }
        let reply = Reply::text(lines.join("\n")).about(id).private();
        let mut reply = draft_choices(reply, loaded, draft, ready);
        if let Ok(view) = loaded.game.draft_view(draft) {
            let side = loaded.game.turn().color;
            self.attach(&mut reply, loaded, view, Some(side), Picture::Draft);
        }
        reply
    }
}

/// The buttons under a draft: submit it when it may be (`ready`), add a
/// board move (the picker) while one may be added, take the last one back.
pub(super) fn draft_choices(
    mut reply: Reply,
    loaded: &Loaded,
    draft: &[String],
    ready: bool,
) -> Reply {
    let id = loaded.row.id;
    if ready {
        reply = reply.choice(
            ChoiceId::Game(id, GameChoice::Submit),
            "Submit the turn",
            ChoiceStyle::Primary,
        );
    }
    if loaded
        .game
        .draft_moves(draft)
        .is_ok_and(|next| !next.is_empty())
    {
        reply = reply.choice(
            ChoiceId::Pick(PickId::start(id, loaded.row.ply)),
            "Add a board move",
            ChoiceStyle::Secondary,
        );
    }
    if !draft.is_empty() {
        reply = reply.choice(
            ChoiceId::Game(id, GameChoice::Undo),
            "Undo",
            ChoiceStyle::Secondary,
        );
    }
    reply
}
