//! A host [`Reply`] as a Discord message: a [`Post`], and sending one.
//!
//! A [`Post`] is a reply in Discord's terms: content within Discord's limits
//! (long text goes along as a file), PNGs as attachments, the host's choices
//! as buttons whose custom ids are the choices' stable ids, and mentions
//! that ping exactly the players the host named, never roles or @everyone.
//! [`send_with_retry`] posts one in a channel, thread or DM, trying again
//! after Discord's passing failures.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage, Http,
    UserId,
};

use super::caller::user_of_key;
use crate::host::{ChoiceStyle, Image, Reply};

/// Discord's limit on a message's content.
pub const MAX_CONTENT: usize = 2000;
/// Discord's limits on buttons: 5 to a row, 5 rows; labels of 80 characters,
/// custom ids of 100.
const BUTTONS_PER_ROW: usize = 5;
const MAX_ROWS: usize = 5;
const MAX_LABEL: usize = 80;
const MAX_CUSTOM_ID: usize = 100;
/// Discord's limit on attachments per message.
const MAX_FILES: usize = 10;
/// More players than a game ever pings; keeps the mention line short.
const MAX_MENTIONS: usize = 20;

/// Mentions nobody unless named.
pub fn allowed_mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

/// A message ready for any of Discord's ways of sending one.
#[derive(Clone, Debug, Default)]
pub struct Post {
    pub content: String,
    pub files: Vec<CreateAttachment>,
    pub buttons: Vec<(String, String, ButtonStyle)>,
    pub mentions: Vec<UserId>,
    pub ephemeral: bool,
}

impl Post {
    /// A short text, nothing else.
    pub fn text(text: impl Into<String>) -> Post {
        Post {
            content: clip(&text.into(), MAX_CONTENT),
            ..Post::default()
        }
    }

    /// The host's reply as a message. The players to ping are mentioned on
    /// a first line; text too long for one message is cut at a line and
    /// attached whole as `reply.txt`.
    pub fn from_reply(reply: &Reply) -> Post {
        let pings: Vec<UserId> = if reply.private {
            Vec::new()
        } else {
            reply.pings.iter().filter_map(|k| user_of_key(k)).collect()
        };
        Post::pinging(reply, &pings)
    }

    /// The host's reply, pinging exactly `mentions` (none in a DM; the
    /// ones a DM could not reach in a fallback).
    pub fn pinging(reply: &Reply, mentions: &[UserId]) -> Post {
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
            files.push(CreateAttachment::bytes(
                reply.text.as_bytes().to_vec(),
                "reply.txt",
            ));
        }
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
            .take(BUTTONS_PER_ROW * MAX_ROWS)
            .collect();
        Post {
            content,
            files,
            buttons,
            mentions,
            ephemeral: reply.private,
        }
        .with_images(&reply.images)
    }

    /// The host's images (boards, a replay GIF) as attachments, as many as
    /// a message may carry.
    pub fn with_images(mut self, images: &[Image]) -> Post {
        let room = MAX_FILES.saturating_sub(self.files.len());
        for image in images.iter().take(room) {
            self.files.push(
                CreateAttachment::bytes(image.png.clone(), image.name.clone())
                    .description(clip(&image.description, 1024)),
            );
        }
        self
    }

    /// The record of a game as a file, with a short line as content.
    pub fn with_text_file(mut self, name: &str, text: &str) -> Post {
        self.files
            .insert(0, CreateAttachment::bytes(text.as_bytes().to_vec(), name));
        self.files.truncate(MAX_FILES);
        self
    }

    pub fn ephemeral(mut self, ephemeral: bool) -> Post {
        self.ephemeral = ephemeral;
        self
    }

    /// The buttons, five to a row.
    pub fn rows(&self) -> Vec<CreateActionRow> {
        self.buttons
            .chunks(BUTTONS_PER_ROW)
            .map(|row| {
                CreateActionRow::Buttons(
                    row.iter()
                        .map(|(id, label, style)| {
                            CreateButton::new(id.clone())
                                .label(label.clone())
                                .style(*style)
                        })
                        .collect(),
                )
            })
            .collect()
    }

    fn mentions(&self) -> CreateAllowedMentions {
        allowed_mentions().users(self.mentions.iter().copied())
    }

    /// As the first answer to an interaction.
    pub fn response(&self) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .components(self.rows())
            .files(self.files.clone())
            .allowed_mentions(self.mentions())
            .ephemeral(self.ephemeral)
    }

    /// As a follow-up to an interaction (after a deferral).
    pub fn followup(&self) -> CreateInteractionResponseFollowup {
        CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .components(self.rows())
            .files(self.files.clone())
            .allowed_mentions(self.mentions())
            .ephemeral(self.ephemeral)
    }

    /// As a message in a channel, thread or DM.
    pub fn message(&self) -> CreateMessage {
        CreateMessage::new()
            .content(self.content.clone())
            .components(self.rows())
            .files(self.files.clone())
            .allowed_mentions(self.mentions())
    }
}

/// At most `max` bytes of `text`, cut at a character boundary, with an
/// ellipsis when cut.
pub fn clip(text: &str, max: usize) -> String {
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

/// Whether a Discord error is "cannot send messages to this user" (DMs
/// closed, or no server shared).
pub fn is_dm_refused(error: &serenity::Error) -> bool {
    discord_code(error) == Some(50007)
}

/// The JSON error code of a failed request, if Discord gave one.
pub fn discord_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// The HTTP status of a failed request.
pub fn http_status(error: &serenity::Error) -> Option<u16> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.status_code.as_u16())
        }
        _ => None,
    }
}

/// Whether trying again later may succeed: rate limits, Discord's own
/// failures, the network. Refusals (403, 404, 400) are final.
pub fn is_transient(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            let s = r.status_code.as_u16();
            s == 429 || s >= 500
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        serenity::Error::Io(_) => true,
        _ => false,
    }
}

/// How many times a message is tried before it is given up.
const ATTEMPTS: u32 = 3;

/// Sends a message, trying again after rate limits and Discord's own
/// failures (serenity's ratelimiter already waits out 429s against
/// Discord; this covers stand-ins and outages).
pub async fn send_with_retry(
    http: &Http,
    channel: ChannelId,
    post: &Post,
) -> serenity::Result<serenity::Message> {
    let mut attempt = 1;
    loop {
        match channel.send_message(http, post.message()).await {
            Ok(m) => return Ok(m),
            Err(e) if attempt < ATTEMPTS && is_transient(&e) => {
                let wait = Duration::from_millis(250 * 4u64.pow(attempt - 1));
                tracing::warn!(%channel, attempt, error = %e, "sending failed; trying again");
                tokio::time::sleep(wait).await;
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::{ChallengeChoice, Choice, ChoiceId, Image};

    #[test]
    fn posts_keep_discord_limits() {
        let mut reply = Reply::text("x".repeat(50) + "\n" + &"y\n".repeat(3000));
        reply.pings = vec!["discord:5".into(), "console:bob".into()];
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
                    ChoiceId::Challenge(i, ChallengeChoice::Accept),
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
        assert_eq!(post.rows().len(), 5);
    }

    proptest::proptest! {
        #[test]
        fn any_reply_fits_in_a_message(text in "\\PC{0,3000}", pings in 0usize..150, labels in "\\PC{0,200}") {
            let mut reply = Reply::text(text);
            reply.pings = (1..=pings as u64).map(|i| format!("discord:{}", 1_000_000_000_000_000_000 + i)).collect();
            reply.choices = vec![Choice::new(ChoiceId::Challenge(1, ChallengeChoice::Accept), &labels, ChoiceStyle::Primary)];
            let post = Post::from_reply(&reply);
            proptest::prop_assert!(post.content.len() <= MAX_CONTENT);
            proptest::prop_assert!(post.buttons.iter().all(|(_, l, _)| l.len() <= MAX_LABEL));
        }
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
