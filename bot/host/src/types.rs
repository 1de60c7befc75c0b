//! The plain values a transport hands the host and gets back.

use std::fmt;

use super::choice::{ChoiceId, PickId};
use chronomate_model::engine::DEFAULT_LEVEL;
use chronomate_model::{ChallengeId, GameId, PlayerKey};
use chronomate_store::{AnnouncementId, GameRow};

/// Who is acting: a stable key qualified by its transport (`discord:1234`,
/// `console:alice`) and the name to show.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// Who they are, for good.
    pub key: PlayerKey,
    /// What they are called now (a nickname may change).
    pub name: String,
}

impl Player {
    /// The player `key`, shown as `name`.
    pub fn new(key: PlayerKey, name: impl Into<String>) -> Player {
        Player {
            key,
            name: name.into(),
        }
    }

    /// A console player: key `console:NAME` (lower-cased), shown as typed.
    pub fn console(name: &str) -> Player {
        Player::new(PlayerKey::console(name), name)
    }

    /// Chronomate itself, as an opponent to challenge: at its default
    /// level, which the challenge's terms may change.
    pub fn chronomate() -> Player {
        Player::new(PlayerKey::Chronomate(DEFAULT_LEVEL), "Chronomate")
    }

    /// Whether this is Chronomate (at any level).
    pub fn is_chronomate(&self) -> bool {
        self.key.is_chronomate()
    }
}

/// Where a command was typed. All opaque ids chosen by the transport.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Place {
    /// The server (Discord guild); `None` in direct messages.
    pub guild: Option<String>,
    /// The channel (a thread's parent, when typed in a thread).
    pub channel: Option<String>,
    /// The thread, when the command was typed in one (a game's thread).
    pub thread: Option<String>,
}

impl Place {
    /// Where a game is played, as its row records it.
    pub(crate) fn of_game(row: &GameRow) -> Place {
        Place {
            guild: row.guild.clone(),
            channel: row.channel.clone(),
            thread: row.thread.clone(),
        }
    }

    /// The place of these ids.
    pub fn new(guild: Option<&str>, channel: Option<&str>, thread: Option<&str>) -> Place {
        Place {
            guild: guild.map(str::to_owned),
            channel: channel.map(str::to_owned),
            thread: thread.map(str::to_owned),
        }
    }
}

/// The one who typed a command, where, and whether they may change the
/// server's settings (the transport knows its permission system; the host
/// only asks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// Who typed it.
    pub player: Player,
    /// Where.
    pub place: Place,
    /// May change server settings (Discord: Manage Server).
    pub manager: bool,
    /// The transport's handle on the answer it will give (Discord: the
    /// interaction's application id and token), kept with the
    /// announcements the command commits while the answer is on its way,
    /// so that a process taking them up after a crash can look up whether
    /// the answer landed before posting them.
    pub answer: Option<String>,
}

impl Caller {
    /// `player`, typing in `place`, managing nothing.
    pub fn new(player: Player, place: Place) -> Caller {
        Caller {
            player,
            place,
            manager: false,
            answer: None,
        }
    }

    /// The caller's player key.
    pub fn key(&self) -> &PlayerKey {
        &self.player.key
    }
}

/// Where a game is played: its place (the guild, the channel it began in,
/// and the thread its posts go to, which is the channel itself when no
/// thread could be opened), whether it is still on, and a title for a
/// thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePlace {
    /// The game.
    pub game: GameId,
    /// Its guild, channel and thread.
    pub place: Place,
    /// Whether it is still being played.
    pub live: bool,
    /// `Game #7 · alice vs bob · standard`.
    pub title: String,
}

/// A PNG to attach.
#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    /// A file name: `game-7-ply-12.png`.
    pub name: String,
    /// The PNG file's bytes.
    pub png: Vec<u8>,
    /// Alternative text.
    pub description: String,
}

impl fmt::Debug for Image {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Image")
            .field("name", &self.name)
            .field("bytes", &self.png.len())
            .finish()
    }
}

/// How a choice looks as a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ChoiceStyle {
    /// The choice most readers want (accept, board).
    Primary,
    /// Another choice.
    Secondary,
    /// A choice that ends something (resign, decline).
    Danger,
}

/// Something the reader may choose next, shown as a button; pressing it is
/// routed back to [`super::Host::choose`] by its id, which stays valid across
/// restarts (everything it needs is in the id and the database).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What pressing it does.
    pub id: ChoiceId,
    /// The button's text.
    pub label: String,
    /// How it looks.
    pub style: ChoiceStyle,
}

impl Choice {
    /// A button labelled `label` that does `id`.
    pub fn new(id: ChoiceId, label: &str, style: ChoiceStyle) -> Choice {
        Choice {
            id,
            label: label.to_owned(),
            style,
        }
    }
}

/// A step of the guided picker offered as a menu (Discord: a select menu;
/// the console: one `choice:` line an option). Choosing an option chooses
/// [`PickId::then`] its key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// The step this menu offers what follows.
    pub id: PickId,
    /// What the menu asks: `Choose a man`.
    pub placeholder: String,
    /// What may be chosen, each leading somewhere.
    pub options: Vec<MenuOption>,
}

/// One option of a [`Menu`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuOption {
    /// The word the picker knows it by (stable across restarts).
    pub key: String,
    /// What a player reads: `Nf3`, `a pawn`, `board L3`.
    pub label: String,
    /// A second line: how many actions it leads to.
    pub detail: String,
}

impl Menu {
    /// The choice an option stands for.
    pub fn choice(&self, option: &MenuOption) -> ChoiceId {
        ChoiceId::Pick(self.id.then(&option.key))
    }
}

/// A link shown with a reply (as a link button on Discord): the game's
/// page on the web.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// What the button says.
    pub label: String,
    /// Where it leads.
    pub url: String,
}

/// What the host answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Plain text, lines separated by `\n`.
    pub text: String,
    /// Boards and charts to attach, in order.
    pub images: Vec<Image>,
    /// Player keys to mention (the one whose turn it is, the challenged).
    pub pings: Vec<PlayerKey>,
    /// What the reader may do next, as buttons.
    pub choices: Vec<Choice>,
    /// A step of the guided picker, above the choices.
    pub menu: Option<Menu>,
    /// The game this reply is about, if any (a transport posts it in the
    /// game's thread).
    pub game: Option<GameId>,
    /// Only for the caller's eyes (confirmations, listings, help).
    pub private: bool,
    /// The announcements this reply reports, committed with what it
    /// reports and held for the answer: a transport that answered with the
    /// reply where they belong (a game's thread, the channel) records them
    /// as delivered ([`Outbox::announced`](super::Outbox::announced)); one
    /// that answered elsewhere hands them on to be posted
    /// ([`Outbox::hand_over`](super::Outbox::hand_over)).
    pub announced: Vec<AnnouncementId>,
    /// Announcements held for the answer that it does not deliver, though
    /// it may quote them: another stream's news the command caused (a
    /// tournament's round begun, or its end, by this game's end), told to
    /// its own place and players. The transport hands them on
    /// ([`Outbox::hand_over`](super::Outbox::hand_over)) once it answered, so
    /// they follow the answer.
    pub follows: Vec<AnnouncementId>,
    /// A link to follow: the game's live page, where the web page is on.
    pub link: Option<Link>,
}

impl Reply {
    /// A public reply of `text` alone.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub(crate) fn private(mut self) -> Reply {
        self.private = true;
        self
    }

    pub(crate) fn about(mut self, game: GameId) -> Reply {
        self.game = Some(game);
        self
    }

    /// Calls a player (never Chronomate: it needs no ping).
    pub(crate) fn ping(mut self, key: &PlayerKey) -> Reply {
        if !key.is_chronomate() && !self.pings.contains(key) {
            self.pings.push(key.clone());
        }
        self
    }

    pub(crate) fn choice(mut self, id: ChoiceId, label: &str, style: ChoiceStyle) -> Reply {
        self.choices.push(Choice::new(id, label, style));
        self
    }
}

/// Why the bot speaks up unasked, or what an announcement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum NoticeKind {
    /// Little time is left for a move.
    Reminder,
    /// The side to move ran out of time and lost.
    TimeForfeit,
    /// Time ran out before anyone moved: the game was aborted.
    Aborted,
    /// A challenge nobody answered was withdrawn.
    ChallengeExpired,
    /// A tournament started a round, ended, or was cancelled.
    Tournament,
    /// Actions were played in a game (a person's, or Chronomate's): post
    /// it in the game's place, pinging the player to move.
    Played,
    /// A command's public reply (a game begun, a resignation, a draw, a
    /// challenge answered): post it in its game's place, or its channel.
    Post,
    /// A finished game's thread is to be closed (archived and locked).
    Close,
    /// A server's admins are told about a permission the bot lacks.
    Warning,
}

/// Something to deliver: reminders, timeouts, and every announcement of
/// the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Why it speaks up.
    pub kind: NoticeKind,
    /// The game it is about, if any.
    pub game: Option<GameId>,
    /// The challenge it is about, if any.
    pub challenge: Option<ChallengeId>,
    /// Player keys to tell directly (a DM); where that fails, post in `place`.
    pub recipients: Vec<PlayerKey>,
    /// The game's (or challenge's) place: the fallback channel or thread.
    pub place: Place,
    /// What to say.
    pub reply: Reply,
}
