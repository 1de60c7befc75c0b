//! What the rules do by themselves: [`Event`], one kind a variant.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::{gifford, manyworlds, multiverse, temporal};

/// Something the rules did by themselves, as an action was applied or as
/// the game was created: a man lost in time, boards merging, a collapse.
/// Its text ([`fmt::Display`]) is how a game's thread tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// Gifford's: a king back in time, a man lost in time.
    Gifford(gifford::Event),
    /// Many Worlds': boards that became identical merge.
    ManyWorlds(manyworlds::Event),
    /// The multiverse's: a branch ends, a collapse.
    Multiverse(multiverse::Event),
    /// Temporal Chess's countdown: a man leaves or reappears.
    Temporal(temporal::Event),
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Gifford(e) => e.fmt(f),
            Event::ManyWorlds(e) => e.fmt(f),
            Event::Multiverse(e) => e.fmt(f),
            Event::Temporal(e) => e.fmt(f),
        }
    }
}

impl From<gifford::Event> for Event {
    fn from(e: gifford::Event) -> Event {
        Event::Gifford(e)
    }
}

impl From<manyworlds::Event> for Event {
    fn from(e: manyworlds::Event) -> Event {
        Event::ManyWorlds(e)
    }
}

impl From<multiverse::Event> for Event {
    fn from(e: multiverse::Event) -> Event {
        Event::Multiverse(e)
    }
}

impl From<temporal::Event> for Event {
    fn from(e: temporal::Event) -> Event {
        Event::Temporal(e)
    }
}

impl Serialize for Event {
    /// As its text.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// An event equals the text it is told in.
impl PartialEq<str> for Event {
    fn eq(&self, text: &str) -> bool {
        self.to_string().as_str() == text
    }
}

/// An event equals the text it is told in.
impl PartialEq<String> for Event {
    fn eq(&self, text: &String) -> bool {
        self == text.as_str()
    }
}

/// An event equals the text it is told in.
impl PartialEq<&str> for Event {
    fn eq(&self, text: &&str) -> bool {
        self == *text
    }
}
