//! A pressed choice (button), routed by its stable id ([`ChoiceId`]) to
//! the command it stands for; the command checks permissions as when it
//! is typed.

use super::choice::{ChallengeChoice, ChoiceId, GameChoice, UnknownChoice};
use super::{Caller, DrawMove, Host, Refusal, Work};

impl Host {
    /// Acts on a choice (a pressed button) by its stable id.
    pub fn choose<'a>(&'a self, caller: &'a Caller, id: &str) -> Work<'a> {
        let choice: ChoiceId = match id.parse() {
            Ok(choice) => choice,
            Err(e) => {
                let refusal = Refusal::UnknownChoice(UnknownChoice::to_string(&e));
                return Box::pin(std::future::ready(Err(refusal.into())));
            }
        };
        // Each choice's work boxed on its own, as `Host::execute`'s.
        match choice {
            ChoiceId::Challenge(c, ChallengeChoice::Accept) => {
                Box::pin(async move { self.challenges().accept(caller, Some(c)).await })
            }
            ChoiceId::Challenge(c, ChallengeChoice::Decline) => {
                Box::pin(async move { self.challenges().decline(caller, Some(c)).await })
            }
            ChoiceId::Challenge(c, ChallengeChoice::Cancel) => {
                Box::pin(async move { self.challenges().cancel(caller, Some(c)).await })
            }
            ChoiceId::Game(g, GameChoice::Board) => {
                Box::pin(async move { self.games().board(caller, Some(g)).await })
            }
            ChoiceId::Game(g, GameChoice::Snapshot) => {
                Box::pin(async move { self.games().snapshot(caller, Some(g), false).await })
            }
            ChoiceId::Game(g, GameChoice::History) => {
                Box::pin(async move { self.games().history(caller, Some(g)).await })
            }
            ChoiceId::Game(g, GameChoice::Resign) => {
                Box::pin(async move { self.games().resign(caller, Some(g), false).await })
            }
            ChoiceId::Game(g, GameChoice::ResignConfirm) => {
                Box::pin(async move { self.games().resign(caller, Some(g), true).await })
            }
            ChoiceId::Game(g, GameChoice::DrawOffer) => {
                Box::pin(async move { self.games().draw(caller, Some(g), DrawMove::Offer).await })
            }
            ChoiceId::Game(g, GameChoice::DrawAccept) => {
                Box::pin(async move { self.games().draw(caller, Some(g), DrawMove::Accept).await })
            }
            ChoiceId::Game(g, GameChoice::DrawDecline) => {
                Box::pin(async move { self.games().draw(caller, Some(g), DrawMove::Decline).await })
            }
            ChoiceId::Game(g, GameChoice::Abort) => {
                Box::pin(async move { self.games().abort(caller, Some(g)).await })
            }
            ChoiceId::Game(g, GameChoice::Web) => {
                Box::pin(async move { self.web().play_link(caller, Some(g)).await })
            }
            ChoiceId::Game(g, GameChoice::Submit) => {
                Box::pin(async move { self.games().submit(caller, Some(g)).await })
            }
            ChoiceId::Game(g, GameChoice::Undo) => {
                Box::pin(async move { self.games().undo(caller, Some(g)).await })
            }
            ChoiceId::Pick(p) => Box::pin(async move { self.pick_step(caller, &p).await }),
        }
    }
}
