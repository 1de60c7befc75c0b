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
            ChoiceId::Challenge(c, ChallengeChoice::Accept) => {
                self.challenges().accept(caller, Some(c)).await
            }
            ChoiceId::Challenge(c, ChallengeChoice::Decline) => {
                self.challenges().decline(caller, Some(c)).await
            }
            ChoiceId::Challenge(c, ChallengeChoice::Cancel) => {
                self.challenges().cancel(caller, Some(c)).await
            }
            ChoiceId::Game(g, GameChoice::Board) => self.games().board(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Snapshot) => {
                self.games().snapshot(caller, Some(g), false).await
            }
            ChoiceId::Game(g, GameChoice::History) => self.games().history(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Resign) => {
                self.games().resign(caller, Some(g), false).await
            }
            ChoiceId::Game(g, GameChoice::ResignConfirm) => {
                self.games().resign(caller, Some(g), true).await
            }
            ChoiceId::Game(g, GameChoice::DrawOffer) => {
                self.games().draw(caller, Some(g), DrawMove::Offer).await
            }
            ChoiceId::Game(g, GameChoice::DrawAccept) => {
                self.games().draw(caller, Some(g), DrawMove::Accept).await
            }
            ChoiceId::Game(g, GameChoice::DrawDecline) => {
                self.games().draw(caller, Some(g), DrawMove::Decline).await
            }
            ChoiceId::Game(g, GameChoice::Abort) => self.games().abort(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Web) => self.web().play_link(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Submit) => self.games().submit(caller, Some(g)).await,
            ChoiceId::Game(g, GameChoice::Undo) => self.games().undo(caller, Some(g)).await,
            ChoiceId::Pick(p) => self.pick_step(caller, &p).await,
        }
    }
}
