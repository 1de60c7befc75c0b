//! The server's settings, and the rules in short (each adapter writes
//! its own `/help`).

use chronomate_rules::Variant;

use super::text::rules_words;
use super::{
    Caller, Games, HostError, Players, Refusal, Reply, SettingsChange, read_days, read_reminder,
};
use chronomate_store::GuildSettings;
impl Games<'_> {
    /// A variant's rules in short; without one, the list of variants.
    pub fn rules(self, variant: Option<Variant>) -> Reply {
        match variant {
            Some(v) => Reply::text(rules_words(v)).private(),
            None => {
                let mut lines = vec!["Variants (/rules NAME for more):".to_owned()];
                for v in Variant::ALL {
                    lines.push(format!("{} — {}", v.id(), v.title()));
                }
                Reply::text(lines.join("\n")).private()
            }
        }
    }
}

impl Players<'_> {
    /// Shows the server's settings, or changes them (managers only).
    pub async fn settings(
        self,
        caller: &Caller,
        change: SettingsChange,
    ) -> Result<Reply, HostError> {
        let guild = caller.place.guild.as_deref().ok_or(Refusal::NotInServer)?;
        let mut settings = self.host.store.settings(Some(guild)).await?;
        if !change.is_empty() {
            if !caller.manager {
                return Err(Refusal::NotManager.into());
            }
            if let Some(d) = change.default_days {
                settings.default_days =
                    read_days(&d.to_string()).map_err(|e| Refusal::BadSetting(e.to_string()))?;
            }
            if let Some(h) = change.reminder_hours {
                settings.reminder_hours = read_reminder(&h.to_string())?;
            }
            self.host
                .store
                .set_settings(
                    guild,
                    settings,
                    (&caller.player.key, &caller.player.name),
                    self.host.now(),
                )
                .await?;
        }
        Ok(Reply::text(settings_words(&settings, !change.is_empty())).private())
    }
}

fn settings_words(s: &GuildSettings, changed: bool) -> String {
    format!(
        "{}Default days per move: {}. Reminder: {}.",
        if changed { "Settings saved. " } else { "" },
        s.default_days,
        if s.reminder_hours == 0 {
            "never".to_owned()
        } else {
            format!("{} hours before the deadline", s.reminder_hours)
        }
    )
}
