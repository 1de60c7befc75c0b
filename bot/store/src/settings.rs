//! Per-server settings.

use super::{Store, StoreError, read_days, upsert_player};
use chronomate_model::{DaysPerMove, PlayerKey, Timestamp};

/// A server's settings (the defaults where it has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    /// Days per move when a challenge names none.
    pub default_days: DaysPerMove,
    /// A reminder goes out when this many hours are left (0: never). At most
    /// half the time per move.
    pub reminder_hours: i64,
}

impl Default for GuildSettings {
    fn default() -> GuildSettings {
        GuildSettings {
            default_days: DaysPerMove::DEFAULT,
            reminder_hours: 24,
        }
    }
}

impl Store {
    /// The settings of `guild`; the defaults outside a server.
    pub async fn settings(&self, guild: Option<&str>) -> Result<GuildSettings, StoreError> {
        let Some(guild) = guild else {
            return Ok(GuildSettings::default());
        };
        let row = self
            .pool
            .sql("SELECT default_days, reminder_hours FROM guild_settings WHERE guild = $1")
            .bind(guild)
            .fetch_optional()
            .await?;
        Ok(match row {
            Some(r) => GuildSettings {
                default_days: read_days(
                    &format!("settings of server {guild}"),
                    &r,
                    "default_days",
                )?,
                reminder_hours: r.get("reminder_hours")?,
            },
            None => GuildSettings::default(),
        })
    }

    /// Stores `guild`'s settings, recording who changed them.
    pub async fn set_settings(
        &self,
        guild: &str,
        settings: GuildSettings,
        by: (&PlayerKey, &str),
        at: Timestamp,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        upsert_player(&mut tx, by.0, by.1, at).await?;
        tx.sql(
            "INSERT INTO guild_settings (guild, default_days, reminder_hours, updated_at, updated_by)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (guild) DO UPDATE SET default_days = excluded.default_days,
                 reminder_hours = excluded.reminder_hours, updated_at = excluded.updated_at,
                 updated_by = excluded.updated_by",
        )
        .bind(guild)
        .bind(settings.default_days.get())
        .bind(settings.reminder_hours)
        .bind(at)
        .bind(by.0)
        .execute()
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
