//! A pressed choice (button), routed by its stable id ([`ChoiceId`]) to
//! the command it stands for; the command checks permissions as when it
//! is typed.

use super::choice::{ChallengeChoice, ChoiceId, GameChoice, UnknownChoice};
use super::{Caller, DrawMove, Host, HostError, Refusal, Reply};

impl Host {
    /// Acts on a choice (a pressed button) by its stable id.
    pub async fn choose(&self, caller: &Caller, id: &str) -> Result<Reply, HostError> {
        let choice: ChoiceId = id
            .parse()
            .map_err(|e: UnknownChoice| Refusal::UnknownChoice(e.to_string()))?;
        match choice {
            ChoiceId::Challenge(c, ChallengeChoice::Accept) => self.accept(caller, Some(c)).await,
            ChoiceId::Challenge(c, ChallengeChoice::Decline) => self.decline(caller, Some(c)).await,
            ChoiceId::Challenge(c, ChallengeChoice::Cancel) => self.cancel(caller, Some(c)).await,
            ChoiceId::Game(g, GameChoice::Board) => self.board(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Snapshot) => self.snapshot(caller, Some(g), false).await,
            ChoiceId::Game(g, GameChoice::History) => self.history(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Resign) => self.resign(caller, Some(g), false).await,
            ChoiceId::Game(g, GameChoice::ResignConfirm) => {
                self.resign(caller, Some(g), true).await
            }
            ChoiceId::Game(g, GameChoice::DrawOffer) => {
                self.draw(caller, Some(g), DrawMove::Offer).await
            }
            ChoiceId::Game(g, GameChoice::DrawAccept) => {
                self.draw(caller, Some(g), DrawMove::Accept).await
            }
            ChoiceId::Game(g, GameChoice::DrawDecline) => {
                self.draw(caller, Some(g), DrawMove::Decline).await
            }
            ChoiceId::Game(g, GameChoice::Abort) => self.abort(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Web) => self.play_link(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Submit) => self.submit(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Undo) => self.undo(caller, Some(g)).await,
            ChoiceId::Pick(p) => self.pick_step(caller, &p).await,
        }
    }
}
