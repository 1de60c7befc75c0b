//! Discord's routes as the adapter sends them ([`Route`]: the path, what
//! the log shows of it, the rate-limit key) and what a request carries
//! ([`Body`], [`Upload`]).

use reqwest::Method;
use serde_json::Value;

/// One of Discord's routes, with what the log may show of it and the key
/// its rate limit is kept under.
#[derive(Clone, Debug)]
pub(crate) struct Route {
    pub(super) method: Method,
    pub(super) path: String,
    /// The route for the log: interaction tokens left out.
    pub(super) label: String,
    pub(super) bucket: String,
    /// Interaction routes are exempt from the global limit.
    pub(super) interaction: bool,
}

impl Route {
    fn new(method: Method, path: String, label: String, bucket: String) -> Route {
        Route {
            method,
            path,
            label,
            bucket,
            interaction: false,
        }
    }

    fn interaction(mut self) -> Route {
        self.interaction = true;
        self
    }

    /// `POST /interactions/{id}/{token}/callback`: the first answer.
    pub(crate) fn callback(id: u64, token: &str) -> Route {
        Route::new(
            Method::POST,
            format!("/interactions/{id}/{token}/callback"),
            format!("POST /interactions/{id}/…/callback"),
            format!("callback {id}"),
        )
        .interaction()
    }

    /// `POST /webhooks/{app}/{token}`: a follow-up.
    pub(crate) fn followup(app: u64, token: &str) -> Route {
        Route::new(
            Method::POST,
            format!("/webhooks/{app}/{token}"),
            format!("POST /webhooks/{app}/…"),
            format!("webhook {token}"),
        )
        .interaction()
    }

    /// `PATCH|DELETE /webhooks/{app}/{token}/messages/@original`.
    pub(crate) fn original(method: Method, app: u64, token: &str) -> Route {
        let label = format!("{method} /webhooks/{app}/…/messages/@original");
        Route::new(
            method,
            format!("/webhooks/{app}/{token}/messages/@original"),
            label,
            format!("webhook {token}"),
        )
        .interaction()
    }

    /// `POST /channels/{channel}/messages`.
    pub(crate) fn messages(channel: u64) -> Route {
        let path = format!("/channels/{channel}/messages");
        Route::new(
            Method::POST,
            path.clone(),
            format!("POST {path}"),
            format!("messages {channel}"),
        )
    }

    /// `POST /channels/{channel}/messages/{message}/threads`.
    pub(crate) fn thread_from_message(channel: u64, message: u64) -> Route {
        let path = format!("/channels/{channel}/messages/{message}/threads");
        Route::new(
            Method::POST,
            path.clone(),
            format!("POST {path}"),
            format!("threads {channel}"),
        )
    }

    /// `POST /channels/{channel}/threads`: a thread with no starter message.
    pub(crate) fn threads(channel: u64) -> Route {
        let path = format!("/channels/{channel}/threads");
        Route::new(
            Method::POST,
            path.clone(),
            format!("POST {path}"),
            format!("threads {channel}"),
        )
    }

    /// `PATCH /channels/{channel}`: a thread's settings (archived, locked).
    pub(crate) fn edit_channel(channel: u64) -> Route {
        let path = format!("/channels/{channel}");
        Route::new(
            Method::PATCH,
            path.clone(),
            format!("PATCH {path}"),
            format!("channel {channel}"),
        )
    }

    /// `POST /users/@me/channels`: a DM channel (Discord returns the
    /// existing one).
    pub(crate) fn dm_channel() -> Route {
        let path = "/users/@me/channels".to_owned();
        Route::new(
            Method::POST,
            path.clone(),
            format!("POST {path}"),
            "dm".to_owned(),
        )
    }

    pub(crate) fn label(&self) -> &str {
        &self.label
    }
}

/// A file to attach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Upload {
    pub name: String,
    pub bytes: Vec<u8>,
    pub description: Option<String>,
}

/// What a request carries.
#[derive(Clone, Debug)]
pub(crate) enum Body {
    Empty,
    Json(Value),
    /// `payload_json` plus `files[n]`; the payload names them in
    /// `attachments`.
    Files {
        payload: Value,
        files: Vec<Upload>,
    },
}

impl Body {
    /// JSON, or a multipart body when there are files (which the payload
    /// then lists as its attachments).
    pub(crate) fn with_files(mut payload: Value, files: &[Upload]) -> Body {
        if files.is_empty() {
            return Body::Json(payload);
        }
        let attachments: Vec<Value> = files
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let mut a = serde_json::json!({"id": i, "filename": f.name});
                if let Some(d) = &f.description {
                    a["description"] = Value::String(d.clone());
                }
                a
            })
            .collect();
        payload["attachments"] = Value::Array(attachments);
        Body::Files {
            payload,
            files: files.to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_leave_tokens_out() {
        let secret = "aW50ZXJhY3Rpb24";
        for route in [
            Route::callback(5, secret),
            Route::followup(6, secret),
            Route::original(Method::PATCH, 6, secret),
        ] {
            assert!(!route.label().contains(secret), "{}", route.label());
            assert!(route.path.contains(secret));
        }
    }
}
