//! A Many Worlds game's options: whether each board keeps its own turn
//! (M-6).

use std::fmt;

use serde::Serialize;

use crate::error::quote;
use crate::{OptionError, VariantOptions};

/// A Many Worlds game's options (M-6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct ManyWorldsOptions {
    /// Each board knows whose move it is, and only splits are allowed
    /// (M-6).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub turns: bool,
}

impl VariantOptions for ManyWorldsOptions {
    const NAMES: &'static [&'static [&'static str]] = &[&["turns"]];

    fn read(words: &[(&'static str, &str)]) -> Result<Self, OptionError> {
        let mut options = ManyWorldsOptions::default();
        for &(_turns, value) in words {
            options.turns = match value.to_ascii_lowercase().as_str() {
                "on" | "yes" | "true" | "1" => true,
                "off" | "no" | "false" | "0" => false,
                _ => return Err(OptionError::Switch("turns", quote(value))),
            };
        }
        Ok(options)
    }
}

impl fmt::Display for ManyWorldsOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.turns {
            f.write_str("turns:on")?;
        }
        Ok(())
    }
}
