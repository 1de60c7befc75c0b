//! `/help`: written from the commands' own definitions (their names and
//! options as registered with Discord, their descriptions the catalogue's),
//! so it lists what Discord offers and nothing else.

use chronomate_host::commands::catalogue::headline;
use chronomate_host::{levels_help, variants_help};

use super::{Data, Error, all_commands};

/// What `/help` says first.
const INTRO: &str = "**Chronomate** hosts correspondence games of time-travel chess; each game gets its own thread.";

/// What `/help` says last.
const OUTRO: &str = "In a game's thread, commands mean that game; elsewhere add `game:`.";

/// The help text: one line a command (`/name option [optional]` and its
/// description's headline; a command with subcommands lists them), then the variants.
pub(crate) fn help_text() -> String {
    let mut lines = vec![INTRO.to_owned()];
    for command in all_commands() {
        lines.push(command_line(&command));
    }
    lines.push(OUTRO.to_owned());
    lines.push(levels_help());
    lines.push(variants_help());
    lines.join("\n")
}

/// `` `/challenge variant [opponent]` Challenge someone `` or
/// `` `/export pgn|csv` Export a game ``.
fn command_line(command: &poise::Command<Data, Error>) -> String {
    let mut usage = format!("/{}", command.name);
    if command.subcommands.is_empty() {
        for p in &command.parameters {
            if p.required {
                usage.push_str(&format!(" {}", p.name));
            } else {
                usage.push_str(&format!(" [{}]", p.name));
            }
        }
    } else {
        let names: Vec<&str> = command.subcommands.iter().map(|s| &*s.name).collect();
        usage.push_str(&format!(" {}", names.join("|")));
    }
    format!(
        "`{usage}` {}",
        headline(command.description.as_deref().unwrap_or_default())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::post::MAX_CONTENT;

    #[test]
    fn help_lists_every_command_and_fits_one_message() {
        let text = help_text();
        for command in all_commands() {
            assert!(text.contains(&format!("`/{}", command.name)), "{text}");
        }
        assert!(text.contains("`/challenge variant [opponent]"), "{text}");
        assert!(text.contains("`/tournament create|join|"), "{text}");
        assert!(text.contains(&levels_help()), "{text}");
        assert!(text.len() <= MAX_CONTENT, "{} bytes:\n{text}", text.len());
    }
}
