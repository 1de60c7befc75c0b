//! A multiverse game's options: its branch limit (E-6).

use std::fmt;

use serde::Serialize;

use crate::error::quote;
use crate::{OptionError, VariantOptions};

/// The multiverse branch limit when the challenge names none (E-6).
pub const DEFAULT_BRANCH_LIMIT: u16 = 21;
/// The largest multiverse branch limit a challenge may set (E-6).
pub const MAX_BRANCH_LIMIT: u16 = 1001;

/// A branch limit: an odd number of branches from 1 to
/// [`MAX_BRANCH_LIMIT`] (E-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct BranchLimit(u16);

impl BranchLimit {
    /// The limit of `n` branches.
    ///
    /// # Errors
    /// [`OptionError::BranchLimit`] when `n` is even, 0, or over
    /// [`MAX_BRANCH_LIMIT`].
    pub fn new(n: u16) -> Result<BranchLimit, OptionError> {
        if n == 0 || n.is_multiple_of(2) || n > MAX_BRANCH_LIMIT {
            return Err(OptionError::BranchLimit(n.to_string()));
        }
        Ok(BranchLimit(n))
    }

    /// The number of branches.
    pub fn get(self) -> u16 {
        self.0
    }
}

/// A multiverse game's options (E-6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct MultiverseOptions {
    /// The branch limit the challenge set; none means
    /// [`DEFAULT_BRANCH_LIMIT`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branches: Option<BranchLimit>,
}

impl MultiverseOptions {
    /// Options with a branch limit of `n`.
    ///
    /// # Errors
    /// As [`BranchLimit::new`].
    pub fn with_limit(n: u16) -> Result<MultiverseOptions, OptionError> {
        Ok(MultiverseOptions {
            branches: Some(BranchLimit::new(n)?),
        })
    }

    /// The branch limit in force.
    pub fn branch_limit(&self) -> u16 {
        self.branches.map_or(DEFAULT_BRANCH_LIMIT, BranchLimit::get)
    }
}

impl VariantOptions for MultiverseOptions {
    const NAMES: &'static [&'static [&'static str]] = &[&["branches", "branch_limit", "limit"]];

    fn read(words: &[(&'static str, &str)]) -> Result<Self, OptionError> {
        let mut options = MultiverseOptions::default();
        for &(_branches, value) in words {
            let n: u16 = value
                .parse()
                .map_err(|_| OptionError::BranchLimit(quote(value)))?;
            options.branches =
                Some(BranchLimit::new(n).map_err(|_| OptionError::BranchLimit(quote(value)))?);
        }
        Ok(options)
    }
}

impl fmt::Display for MultiverseOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.branches {
            Some(n) => write!(f, "branches:{}", n.get()),
            None => Ok(()),
        }
    }
}
