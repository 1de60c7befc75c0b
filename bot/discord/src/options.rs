//! The option types the commands show Discord: a variant (its choices
//! are the ids of [`Variant::ALL`], built when the commands are
//! registered), Chronomate's level (its choices named with their Elo), a
//! colour, an answer to a draw offer, a tournament format.

use chronomate_rules::Variant;
use poise::serenity_prelude as serenity;

use chronomate_host::{
    ColourChoice, DrawMove, Refusal, TournamentFormat, level_choices, read_variant,
};

/// Discord's limit on an option's choices.
const MAX_CHOICES: usize = 25;

/// A variant named in a command, as typed: a string option whose choices
/// are every variant's id. Read it with [`VariantName::read`], which
/// refuses an id the rules do not know (a stale registration, a hand-made
/// request) with the host's message listing the ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct VariantName(pub String);

impl VariantName {
    pub(crate) fn read(&self) -> Result<Variant, Refusal> {
        read_variant(&self.0)
    }
}

#[poise::async_trait]
impl poise::SlashArgument for VariantName {
    async fn extract(
        ctx: &serenity::Context,
        interaction: &serenity::CommandInteraction,
        value: &serenity::ResolvedValue<'_>,
    ) -> Result<VariantName, poise::SlashArgError> {
        <String as poise::SlashArgument>::extract(ctx, interaction, value)
            .await
            .map(VariantName)
    }

    /// A string option; its choices are the variants' ids, while Discord
    /// allows that many (past that, any text, checked by [`Self::read`]).
    fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
        let builder = builder.kind(serenity::CommandOptionType::String);
        if Variant::ALL.len() > MAX_CHOICES {
            return builder;
        }
        Variant::ALL
            .iter()
            .fold(builder, |b, v| b.add_string_choice(v.id(), v.id()))
    }
}

/// Chronomate's level in a challenge, as chosen: an integer option whose
/// choices are the eight levels, each named with its Elo (`Level 5 (about
/// Elo 1500)`), valued by its number. The host reads the number (and
/// refuses one that is not a level, from a hand-made request).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LevelOption(pub u8);

#[poise::async_trait]
impl poise::SlashArgument for LevelOption {
    async fn extract(
        ctx: &serenity::Context,
        interaction: &serenity::CommandInteraction,
        value: &serenity::ResolvedValue<'_>,
    ) -> Result<LevelOption, poise::SlashArgError> {
        <u8 as poise::SlashArgument>::extract(ctx, interaction, value)
            .await
            .map(LevelOption)
    }

    fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
        level_choices().into_iter().fold(
            builder.kind(serenity::CommandOptionType::Integer),
            |b, (level, label)| b.add_int_choice(label, i32::from(level)),
        )
    }
}

/// The challenger's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ColourOption {
    #[name = "random"]
    Random,
    #[name = "white"]
    White,
    #[name = "black"]
    Black,
}

impl From<ColourOption> for ColourChoice {
    fn from(c: ColourOption) -> ColourChoice {
        match c {
            ColourOption::Random => ColourChoice::Random,
            ColourOption::White => ColourChoice::White,
            ColourOption::Black => ColourChoice::Black,
        }
    }
}

/// An answer to a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum DrawAnswer {
    #[name = "offer"]
    Offer,
    #[name = "accept"]
    Accept,
    #[name = "decline"]
    Decline,
}

impl From<DrawAnswer> for DrawMove {
    fn from(a: DrawAnswer) -> DrawMove {
        match a {
            DrawAnswer::Offer => DrawMove::Offer,
            DrawAnswer::Accept => DrawMove::Accept,
            DrawAnswer::Decline => DrawMove::Decline,
        }
    }
}

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "round robin"]
    RoundRobin,
    #[name = "double round robin"]
    Double,
    #[name = "swiss"]
    Swiss,
}

impl From<FormatChoice> for TournamentFormat {
    fn from(f: FormatChoice) -> TournamentFormat {
        match f {
            FormatChoice::RoundRobin => TournamentFormat::RoundRobin,
            FormatChoice::Double => TournamentFormat::DoubleRoundRobin,
            FormatChoice::Swiss => TournamentFormat::Swiss,
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_level_choices_carry_each_level_and_its_elo() {
        let challenge = crate::commands::challenge();
        let level = challenge
            .parameters
            .iter()
            .find(|p| p.name == "level")
            .expect("/challenge has a level option");
        let option = level
            .create_as_slash_command_option()
            .expect("a slash option");
        let json = serde_json::to_value(&option).unwrap();
        assert_eq!(json["type"], 4, "an integer option: {json}");
        let choices = json["choices"].as_array().expect("choices");
        let names: Vec<(&str, i64)> = choices
            .iter()
            .map(|c| (c["name"].as_str().unwrap(), c["value"].as_i64().unwrap()))
            .collect();
        assert_eq!(names.len(), 8, "{names:?}");
        for (n, (name, value)) in (1..=8).zip(names) {
            assert_eq!(value, n);
            let prefix = format!("Level {n} (about Elo ");
            assert!(name.starts_with(&prefix) && name.ends_with(')'), "{name}");
            let elo: u32 = name[prefix.len()..name.len() - 1].parse().unwrap();
            assert!((100..3000).contains(&elo), "{name}");
        }
    }
}
