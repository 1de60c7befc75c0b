//! The slash commands as the host's catalogue describes them: each
//! command's and option's description is the catalogue's, written in as
//! the commands are built ([`describe`]), and a test holds the rest of the
//! definitions (names, options, where and by whom they may be used) to
//! the catalogue, so Discord, the console and the help never disagree.

use chronomate_host::commands::catalogue::{GROUPS, Name};

use super::{Data, Error};

/// The catalogue's entry for `/group sub` or `/name`.
fn entry(group: Option<&str>, name: &str) -> Option<Name> {
    let typed = match group {
        Some(group) => format!("{group} {name}"),
        None => name.to_owned(),
    };
    Name::find(&typed)
}

/// Writes the catalogue's descriptions into `command` (a top-level slash
/// command) and its subcommands.
pub(crate) fn describe(command: &mut poise::Command<Data, Error>) {
    describe_in(None, command);
}

fn describe_in(group: Option<&str>, command: &mut poise::Command<Data, Error>) {
    if command.subcommands.is_empty() {
        let Some(name) = entry(group, &command.name) else {
            return;
        };
        let spec = name.spec();
        command.description = Some(spec.about.into());
        for p in &mut command.parameters {
            if let Some(arg) = spec.args.iter().find(|a| a.name == p.name) {
                p.description = Some(arg.about.into());
            }
        }
        return;
    }
    if let Some(g) = GROUPS.iter().find(|g| g.name == command.name) {
        command.description = Some(g.about.into());
    }
    let group = command.name.clone();
    for sub in &mut command.subcommands {
        describe_in(Some(&group), sub);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::all_commands;
    use chronomate_host::commands::catalogue::Who;
    use poise::serenity_prelude as serenity;

    /// Every slash command, flattened: (its group, the command).
    fn flattened() -> Vec<(Option<String>, poise::Command<Data, Error>)> {
        let mut out = Vec::new();
        for c in all_commands() {
            if c.subcommands.is_empty() {
                out.push((None, c));
            } else {
                let group = c.name.to_string();
                for s in c.subcommands {
                    out.push((Some(group.clone()), s));
                }
            }
        }
        out
    }

    /// Discord and the catalogue agree: the same commands, each with the
    /// catalogue's options in its order (names, required or not), its
    /// descriptions, where it may be used and who may use it.
    #[test]
    fn the_slash_commands_are_the_catalogue_s() {
        let mut found = Vec::new();
        for (group, c) in flattened() {
            let name = entry(group.as_deref(), &c.name)
                .unwrap_or_else(|| panic!("/{group:?} {} is not in the catalogue", c.name));
            let spec = name.spec();
            assert!(spec.offered.discord, "{name:?} is not offered on Discord");
            found.push(name);
            let options: Vec<(&str, bool)> = c
                .parameters
                .iter()
                .map(|p| (&*p.name, p.required))
                .collect();
            let args: Vec<(&str, bool)> = spec.args.iter().map(|a| (a.name, a.required)).collect();
            assert_eq!(options, args, "{name:?}'s options");
            assert_eq!(c.description.as_deref(), Some(spec.about), "{name:?}");
            for p in &c.parameters {
                assert!(p.description.is_some(), "{name:?}: {}", p.name);
            }
            let parent_guild_only =
                group.is_some_and(|g| all_commands().iter().any(|c| c.name == g && c.guild_only));
            assert_eq!(
                c.guild_only || parent_guild_only,
                spec.in_server_only,
                "{name:?}: guild only"
            );
            let managers = c.default_member_permissions == serenity::Permissions::MANAGE_GUILD;
            assert_eq!(
                managers,
                spec.who == Who::ServerManager,
                "{name:?}: who may use it"
            );
        }
        for &name in Name::ALL {
            assert_eq!(
                found.contains(&name),
                name.spec().offered.discord,
                "{name:?}: offered on Discord, and a slash command, or neither"
            );
        }
    }
}
