//! Who and where, in the host's terms: a Discord user becomes a
//! [`Player`] with a stable key (`discord:1234`), an interaction's guild,
//! channel and thread become a [`Place`], and both with the member's
//! permissions make the [`Caller`] the host checks.

use poise::serenity_prelude as serenity;
use serenity::UserId;

use chronomate_host::{Caller, Place, Player, PlayerKey};

/// The player key of a Discord user.
pub(crate) fn player_key(user: UserId) -> PlayerKey {
    PlayerKey::Discord(user.into())
}

/// The Discord user behind a player key, if it is one.
pub(crate) fn user_of_key(key: &PlayerKey) -> Option<UserId> {
    match key {
        PlayerKey::Discord(user) => Some(UserId::from(*user)),
        PlayerKey::Console(_) | PlayerKey::Chronomate(_) => None,
    }
}

/// The host's player for a Discord user: the server nickname or global name
/// where there is one.
pub(crate) fn player(user: &serenity::User, member: Option<&serenity::Member>) -> Player {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    Player::new(player_key(user.id), name)
}

/// Where an interaction happened, in the host's terms. A thread's place is
/// its parent channel plus the thread.
pub(crate) fn place(
    guild: Option<serenity::GuildId>,
    channel_id: serenity::ChannelId,
    channel: Option<&serenity::PartialChannel>,
) -> Place {
    let guild = guild.map(|g| g.to_string());
    let in_thread = channel.is_some_and(|c| {
        matches!(
            c.kind,
            serenity::ChannelType::PublicThread
                | serenity::ChannelType::PrivateThread
                | serenity::ChannelType::NewsThread
        )
    });
    if in_thread {
        let parent = channel.and_then(|c| c.parent_id).map(|p| p.to_string());
        Place {
            guild,
            channel: parent.or_else(|| Some(channel_id.to_string())),
            thread: Some(channel_id.to_string()),
        }
    } else {
        Place {
            guild,
            channel: Some(channel_id.to_string()),
            thread: None,
        }
    }
}

/// Whether a member may change the server's settings: Manage Server (or
/// Administrator), as Discord computed it for the interaction.
pub(crate) fn is_manager(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}

/// The caller of an interaction.
pub(crate) fn caller(
    user: &serenity::User,
    member: Option<&serenity::Member>,
    guild: Option<serenity::GuildId>,
    channel_id: serenity::ChannelId,
    channel: Option<&serenity::PartialChannel>,
) -> Caller {
    let mut caller = Caller::new(player(user, member), place(guild, channel_id, channel));
    caller.manager = is_manager(member);
    caller
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        let u = UserId::new(1234);
        assert_eq!(user_of_key(&player_key(u)), Some(u));
        for bad in ["console:alice", "discord:", "discord:x", "discord:0", ""] {
            let user = bad.parse().ok().and_then(|k| user_of_key(&k));
            assert_eq!(user, None, "{bad}");
        }
    }
}
