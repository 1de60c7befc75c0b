//! A host [`Reply`] as a Discord message: a [`Post`], and sending one.
//!
//! A [`Post`] is a reply in Discord's terms: content within Discord's limits
//! (long text goes along as a file), PNGs as attachments, the host's choices
//! as buttons whose custom ids are the choices' stable ids (the guided
//! picker's step as a select menu above them, its custom id the step's
//! pick id and each option's value a key to add to it), and mentions
//! that ping exactly the players the host named, never roles or @everyone.
//! It is written as Discord's JSON for every way of sending one (an
//! interaction's answer, a follow-up, an edit, a channel message), and
//! [`create_message`] posts one in a channel, thread or DM with a nonce, so
//! a repeat after Discord's failure cannot post it twice.

use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use serenity::{ButtonStyle, ChannelId, CreateAllowedMentions, UserId};

use super::caller::user_of_key;
use super::rest::{Body, Failure, Repeat, Rest, Route, Upload};
use chronomate_host::{ChoiceId, ChoiceStyle, Image, Menu, Reply};

/// Discord's limit on a message's content.
pub(crate) const MAX_CONTENT: usize = 2000;
/// Discord's limits on buttons: 5 to a row, 5 rows; labels of 80 characters,
/// custom ids of 100.
const BUTTONS_PER_ROW: usize = 5;
const MAX_ROWS: usize = 5;
const MAX_LABEL: usize = 80;
const MAX_CUSTOM_ID: usize = 100;
/// Discord's limit on a link button's URL.
const MAX_URL: usize = 512;
/// Discord's limits on select menus: 25 options, labels, values and
/// descriptions of 100 characters, a placeholder of 150.
const MAX_OPTIONS: usize = 25;
const MAX_OPTION_TEXT: usize = 100;
const MAX_PLACEHOLDER: usize = 150;
/// Discord's limit on attachments per message.
const MAX_FILES: usize = 10;
/// More players than a game ever pings; keeps the mention line short.
const MAX_MENTIONS: usize = 20;
/// The flag of a message only its reader sees.
const EPHEMERAL: u64 = 1 << 6;

/// A select menu: its custom id, placeholder, and options as (label,
/// value, description).
#[derive(Clone, Debug, Default)]
pub(crate) struct Select {
    pub custom_id: String,
    pub placeholder: String,
    pub options: Vec<(String, String, String)>,
}

impl Select {
    /// The picker's step as a select menu, if it fits Discord's limits
    /// (ids of 100 characters; an option whose key is longer is left out).
    fn of(menu: &Menu) -> Option<Select> {
        let custom_id = ChoiceId::Pick(menu.id.clone()).to_string();
        if custom_id.len() > MAX_CUSTOM_ID {
            tracing::warn!(custom_id, "a picker step's id is too long for Discord");
            return None;
        }
        let options: Vec<(String, String, String)> = menu
            .options
            .iter()
            .filter(|o| o.key.len() <= MAX_OPTION_TEXT)
            .take(MAX_OPTIONS)
            .map(|o| {
                (
                    clip(&o.label, MAX_OPTION_TEXT),
                    o.key.clone(),
                    clip(&o.detail, MAX_OPTION_TEXT),
                )
            })
            .collect();
        (!options.is_empty()).then(|| Select {
            custom_id,
            placeholder: clip(&menu.placeholder, MAX_PLACEHOLDER),
            options,
        })
    }

    fn row(&self) -> Value {
        let options: Vec<Value> = self
            .options
            .iter()
            .map(|(label, value, description)| {
                json!({"label": label, "value": value, "description": description})
            })
            .collect();
        json!({"type": 1, "components": [{
            "type": 3,
            "custom_id": self.custom_id,
            "placeholder": self.placeholder,
            "options": options,
            "min_values": 1,
            "max_values": 1,
        }]})
    }
}

/// Mentions nobody unless named (for serenity's own sends: poise's error
/// replies).
pub(crate) fn allowed_mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

/// A message ready for any of Discord's ways of sending one.
#[derive(Clone, Debug, Default)]
pub(crate) struct Post {
    pub content: String,
    pub files: Vec<Upload>,
    pub buttons: Vec<(String, String, ButtonStyle)>,
    /// A link button after them: (label, url), the game's live page.
    pub link: Option<(String, String)>,
    /// A select menu above the buttons: the picker's step.
    pub select: Option<Select>,
    pub mentions: Vec<UserId>,
    pub ephemeral: bool,
}

impl Post {
    /// A short text, nothing else.
    pub(crate) fn text(text: impl Into<String>) -> Post {
        Post {
            content: clip(&text.into(), MAX_CONTENT),
            ..Post::default()
        }
    }

    /// The host's reply as a message. The players to ping are mentioned on
    /// a first line; text too long for one message is cut at a line and
    /// attached whole as `reply.txt`.
    pub(crate) fn from_reply(reply: &Reply) -> Post {
        let pings: Vec<UserId> = if reply.private {
            Vec::new()
        } else {
            reply.pings.iter().filter_map(user_of_key).collect()
        };
        Post::pinging(reply, &pings)
    }

    /// The host's reply, pinging exactly `mentions` (none in a DM; the
    /// ones a DM could not reach in a fallback).
    pub(crate) fn pinging(reply: &Reply, mentions: &[UserId]) -> Post {
        let mentions: Vec<UserId> = mentions.iter().copied().take(MAX_MENTIONS).collect();
        let mut content = String::new();
        if !mentions.is_empty() {
            let line: Vec<String> = mentions.iter().map(|u| format!("<@{u}>")).collect();
            content.push_str(&line.join(" "));
            content.push('\n');
        }
        let mut files = Vec::new();
        let room = MAX_CONTENT.saturating_sub(content.len());
        if reply.text.len() <= room {
            content.push_str(&reply.text);
        } else {
            let note = "\n… (the whole text is attached)";
            content.push_str(&cut_at_line(&reply.text, room.saturating_sub(note.len())));
            content.push_str(note);
            files.push(Upload {
                name: "reply.txt".to_owned(),
                bytes: reply.text.as_bytes().to_vec(),
                description: None,
            });
        }
        let select = reply.menu.as_ref().and_then(Select::of);
        // A link button takes a place in the last row.
        let button_rows = MAX_ROWS - usize::from(select.is_some());
        let room =
            (BUTTONS_PER_ROW * button_rows).saturating_sub(usize::from(reply.link.is_some()));
        let buttons = reply
            .choices
            .iter()
            .filter_map(|c| {
                let id = c.id.to_string();
                (id.len() <= MAX_CUSTOM_ID).then(|| {
                    let style = match c.style {
                        ChoiceStyle::Primary => ButtonStyle::Primary,
                        ChoiceStyle::Secondary => ButtonStyle::Secondary,
                        ChoiceStyle::Danger => ButtonStyle::Danger,
                    };
                    (id, clip(&c.label, MAX_LABEL), style)
                })
            })
            .take(room)
            .collect();
        Post {
            content,
            files,
            buttons,
            link: reply
                .link
                .as_ref()
                .filter(|l| l.url.len() <= MAX_URL)
                .map(|l| (clip(&l.label, MAX_LABEL), l.url.clone())),
            select,
            mentions,
            ephemeral: reply.private,
        }
        .with_images(&reply.images)
    }

    /// The host's images (boards, a replay GIF) as attachments, as many as
    /// a message may carry.
    pub(crate) fn with_images(mut self, images: &[Image]) -> Post {
        let room = MAX_FILES.saturating_sub(self.files.len());
        for image in images.iter().take(room) {
            self.files.push(Upload {
                name: image.name.clone(),
                bytes: image.png.clone(),
                description: Some(clip(&image.description, 1024)),
            });
        }
        self
    }

    /// The record of a game as a file, with a short line as content.
    pub(crate) fn with_text_file(mut self, name: &str, text: &str) -> Post {
        self.files.insert(
            0,
            Upload {
                name: name.to_owned(),
                bytes: text.as_bytes().to_vec(),
                description: None,
            },
        );
        self.files.truncate(MAX_FILES);
        self
    }

    pub(crate) fn ephemeral(mut self, ephemeral: bool) -> Post {
        self.ephemeral = ephemeral;
        self
    }

    /// The select menu, then the buttons five to a row and the link
    /// button last, as Discord's components.
    pub(crate) fn rows(&self) -> Value {
        let mut buttons: Vec<Value> = self
            .buttons
            .iter()
            .map(|(id, label, style)| {
                json!({"type": 2, "style": style_number(*style), "label": label, "custom_id": id})
            })
            .collect();
        if let Some((label, url)) = &self.link {
            // Style 5: a link, which Discord opens itself (no interaction).
            buttons.push(json!({"type": 2, "style": 5, "label": label, "url": url}));
        }
        let select = self.select.iter().map(Select::row);
        let rows: Vec<Value> = select
            .chain(
                buttons
                    .chunks(BUTTONS_PER_ROW)
                    .map(|row| json!({"type": 1, "components": row})),
            )
            .collect();
        Value::Array(rows)
    }

    /// Who may be pinged: the named users, never roles or @everyone.
    fn allowed(&self) -> Value {
        let users: Vec<String> = self.mentions.iter().map(ToString::to_string).collect();
        json!({"parse": [], "users": users})
    }

    /// The message's JSON, without its files: content, buttons, mentions,
    /// and (for interaction answers) the ephemeral flag.
    pub(crate) fn payload(&self) -> Value {
        let mut v = json!({
            "content": self.content,
            "components": self.rows(),
            "allowed_mentions": self.allowed(),
        });
        if self.ephemeral {
            v["flags"] = json!(EPHEMERAL);
        }
        v
    }

    /// The message with its files, as a request body.
    pub(crate) fn body(&self) -> Body {
        Body::with_files(self.payload(), &self.files)
    }

    /// The message with its files, filling a deferred answer in (an edit:
    /// its visibility was set by the deferral and cannot change).
    pub(crate) fn edit_body(&self) -> Body {
        let mut payload = self.payload();
        if let Some(p) = payload.as_object_mut() {
            p.remove("flags");
        }
        Body::with_files(payload, &self.files)
    }

    /// Text and buttons only, for replacing a message's (an edit that
    /// keeps its attachments and pings nobody).
    pub(crate) fn replacement(&self) -> Value {
        json!({
            "content": self.content,
            "components": self.rows(),
            "allowed_mentions": {"parse": []},
        })
    }
}

fn style_number(style: ButtonStyle) -> u8 {
    match style {
        ButtonStyle::Primary => 1,
        ButtonStyle::Secondary => 2,
        ButtonStyle::Success => 3,
        ButtonStyle::Danger => 4,
        _ => 2,
    }
}

/// Posts `post` as a message in a channel, thread or DM. It carries a
/// nonce that Discord enforces, so the repeats after a 5xx or a lost
/// answer cannot post it twice: made from `announcement` (an outbox row's
/// nonce) and the channel, the same for any process that posts it, so
/// even a repeat after a crash returns the message already made;
/// otherwise this process's own.
pub(crate) async fn create_message(
    rest: &Rest,
    channel: ChannelId,
    post: &Post,
    announcement: Option<u64>,
) -> Result<Value, Failure> {
    let nonce = match announcement {
        Some(seed) => nonce_of(seed, channel),
        None => rest.nonce(),
    };
    let mut payload = post.payload();
    if let Some(p) = payload.as_object_mut() {
        // Channel messages are never ephemeral.
        p.remove("flags");
        p.insert("nonce".to_owned(), Value::String(nonce));
        p.insert("enforce_nonce".to_owned(), Value::Bool(true));
    }
    let body = Body::with_files(payload, &post.files);
    rest.send(&Route::messages(channel.get()), &body, Repeat::Safe, None)
        .await
}

/// The nonce of an announcement's message in `channel`: 16 hex digits
/// after `o` (Discord takes at most 25 characters), distinct per channel.
pub(crate) fn nonce_of(seed: u64, channel: ChannelId) -> String {
    format!("o{:016x}", seed ^ channel.get().rotate_left(29))
}

/// At most `max` bytes of `text`, cut at a character boundary, with an
/// ellipsis when cut.
pub(crate) fn clip(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max.saturating_sub('…'.len_utf8());
    while end > 0 && !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// The longest run of whole lines of `text` within `max` bytes (a clipped
/// first line when even that is too long).
fn cut_at_line(text: &str, max: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if out.len() + line.len() + 1 > max {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    if out.is_empty() {
        clip(text, max)
    } else {
        out.trim_end().to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chronomate_host::{
        ChallengeChoice, ChallengeId, Choice, ChoiceId, GameId, Image, MenuOption, PickId,
    };

    #[test]
    fn posts_keep_discord_limits() {
        let mut reply = Reply::text("x".repeat(50) + "\n" + &"y\n".repeat(3000));
        reply.pings = vec!["discord:5".parse().unwrap(), "console:bob".parse().unwrap()];
        reply.images = (0..12)
            .map(|i| Image {
                name: format!("{i}.png"),
                png: vec![1, 2, 3],
                description: "d".repeat(2000),
            })
            .collect();
        reply.choices = (1..40)
            .map(|i| {
                Choice::new(
                    ChoiceId::Challenge(ChallengeId(i), ChallengeChoice::Accept),
                    &"L".repeat(200),
                    ChoiceStyle::Primary,
                )
            })
            .collect();
        let post = Post::from_reply(&reply);
        assert!(post.content.len() <= MAX_CONTENT);
        assert!(post.content.starts_with("<@5>\n"));
        assert_eq!(post.mentions, vec![UserId::new(5)]);
        assert_eq!(post.files.len(), MAX_FILES);
        assert_eq!(post.buttons.len(), 25);
        assert!(post.buttons.iter().all(|(_, l, _)| l.len() <= MAX_LABEL));
        assert_eq!(post.rows().as_array().unwrap().len(), 5);
        let payload = post.payload();
        assert_eq!(payload["allowed_mentions"]["parse"], json!([]));
        assert_eq!(payload["allowed_mentions"]["users"], json!(["5"]));
        match post.body() {
            Body::Files { payload, files } => {
                assert_eq!(files.len(), MAX_FILES);
                assert_eq!(payload["attachments"].as_array().unwrap().len(), MAX_FILES);
                assert_eq!(payload["attachments"][9]["id"], 9);
            }
            Body::Json(_) | Body::Empty => panic!("files make a multipart body"),
        }
    }

    proptest::proptest! {
        #[test]
        fn any_reply_fits_in_a_message(text in "\\PC{0,3000}", pings in 0usize..150, labels in "\\PC{0,200}") {
            let mut reply = Reply::text(text);
            reply.pings = (1..=pings as u64).map(|i| format!("discord:{}", 1_000_000_000_000_000_000 + i).parse().unwrap()).collect();
            reply.choices = vec![Choice::new(ChoiceId::Challenge(ChallengeId(1), ChallengeChoice::Accept), &labels, ChoiceStyle::Primary)];
            let post = Post::from_reply(&reply);
            proptest::prop_assert!(post.content.len() <= MAX_CONTENT);
            proptest::prop_assert!(post.buttons.iter().all(|(_, l, _)| l.len() <= MAX_LABEL));
        }
    }

    #[test]
    fn a_picker_step_is_a_select_menu_above_the_buttons() {
        let mut reply = Reply::text("Choose a man");
        let id = PickId::start(GameId(7), 42).then("l3");
        reply.menu = Some(Menu {
            id: id.clone(),
            placeholder: "p".repeat(300),
            options: (0..30)
                .map(|i| MenuOption {
                    key: format!("k{i}"),
                    label: "L".repeat(200),
                    detail: "2 actions".to_owned(),
                })
                .collect(),
        });
        reply.choices = (0..30)
            .map(|_| Choice::new(ChoiceId::Pick(id.back()), "Back", ChoiceStyle::Secondary))
            .collect();
        let post = Post::from_reply(&reply);
        let rows = post.rows();
        let rows = rows.as_array().unwrap();
        assert_eq!(rows.len(), 5, "a select row and four of buttons");
        let select = &rows[0]["components"][0];
        assert_eq!(select["type"], 3);
        assert_eq!(select["custom_id"], "pick:7:42:l3");
        assert_eq!(select["options"].as_array().unwrap().len(), 25);
        assert!(select["options"][0]["label"].as_str().unwrap().len() <= 100);
        assert!(select["placeholder"].as_str().unwrap().len() <= 150);
        assert_eq!(post.buttons.len(), 20);
    }

    #[test]
    fn clipping_respects_characters() {
        assert_eq!(clip("abc", 3), "abc");
        let s = "é".repeat(100);
        let c = clip(&s, 51);
        assert!(c.len() <= 51 && c.ends_with('…'));
        assert_eq!(cut_at_line("one\ntwo\nthree", 8), "one\ntwo");
    }
}
