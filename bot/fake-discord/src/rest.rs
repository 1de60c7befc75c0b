//! The REST listener (hyper 1): each request recorded as a [`Call`],
//! faults applied, then routed ([`crate::routes`]); Discord's JSON shapes.

use crate::*;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use tokio::net::TcpListener;

pub(crate) async fn serve_rest(listener: TcpListener, inner: Arc<Inner>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let inner = inner.clone();
        tokio::spawn(async move {
            let service = service_fn(move |req| {
                let inner = inner.clone();
                async move { Ok::<_, Infallible>(handle_rest(&inner, req).await) }
            });
            let _ = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

pub(crate) fn respond(
    status: u16,
    body: Option<Value>,
    headers: &[(String, String)],
) -> Response<Full<Bytes>> {
    let mut builder =
        Response::builder().status(StatusCode::from_u16(status).unwrap_or(StatusCode::OK));
    for (k, v) in headers {
        builder = builder.header(k.as_str(), v.as_str());
    }
    let body = match body {
        Some(v) => {
            builder = builder.header("content-type", "application/json");
            Full::new(Bytes::from(v.to_string()))
        }
        None => Full::new(Bytes::new()),
    };
    builder
        .body(body)
        .unwrap_or_else(|_| Response::new(Full::new(Bytes::new())))
}

pub(crate) async fn handle_rest(inner: &Inner, req: Request<Incoming>) -> Response<Full<Bytes>> {
    let method = req.method().as_str().to_owned();
    let full_path = req.uri().path().to_owned();
    let query = req.uri().query().map(str::to_owned);
    let authorized = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == format!("Bot {TOKEN}"));
    let content_type = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let body = match req.into_body().collect().await {
        Ok(b) => b.to_bytes(),
        Err(_) => Bytes::new(),
    };
    let (json, files) = if let Some(boundary) = content_type
        .strip_prefix("multipart/form-data")
        .and_then(|rest| rest.split("boundary=").nth(1))
    {
        parse_multipart(&body, boundary.trim_matches('"'))
    } else {
        (serde_json::from_slice(&body).ok(), Vec::new())
    };
    let path = full_path
        .strip_prefix("/api/v10")
        .unwrap_or(&full_path)
        .to_owned();

    let at = Instant::now();
    let (status, answer, headers) = {
        let mut s = inner.lock();
        let now = Instant::now();
        s.windows.retain(|(_, until)| *until > now);
        let limited = s
            .windows
            .iter()
            .find(|(f, _)| f.matches_route(&method, &path))
            .map(|(f, until)| {
                f.clone()
                    .rate_limit(until.duration_since(now).as_secs_f64())
            });
        let scripted = limited.or_else(|| {
            s.faults
                .iter_mut()
                .find(|f| f.matches(&method, &path))
                .map(|f| {
                    f.times -= 1;
                    f.clone()
                })
        });
        if let Some(f) = &scripted
            && f.status == 429
            && let Some(wait) = f.body["retry_after"].as_f64().or(f.retry_after)
        {
            let until = now + Duration::from_secs_f64(wait);
            s.windows.push((f.clone(), until));
        }
        let (status, answer, headers) = match scripted {
            Some(f) => {
                if f.land {
                    let _ = route(&mut s, inner, &method, &path, json.as_ref(), &files);
                }
                (f.status, Some(f.body), f.headers)
            }
            None if !authorized && path != "/gateway" => (
                401,
                Some(json!({"message": "401: Unauthorized", "code": 0})),
                Vec::new(),
            ),
            None => {
                let (status, answer) = route(&mut s, inner, &method, &path, json.as_ref(), &files);
                (status, answer, Vec::new())
            }
        };
        let seq = s.calls.len();
        s.calls.push(Call {
            seq,
            method,
            path,
            query,
            json,
            files,
            status,
            authorized,
            at,
        });
        (status, answer, headers)
    };
    inner.touch();
    respond(status, answer, &headers)
}

pub(crate) fn bot_user() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "username": "chronomate",
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
    })
}

/// A Message as Discord returns it.
pub(crate) fn message_json(
    id: u64,
    channel_id: u64,
    data: Option<&Value>,
    files: &[FilePart],
) -> Value {
    let data = data.cloned().unwrap_or_else(|| json!({}));
    let attachments: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            json!({
                "id": (id * 10 + i as u64).to_string(),
                "filename": f.filename,
                "size": f.bytes.len(),
                "url": format!("https://cdn.invalid/{id}/{}", f.filename),
                "proxy_url": format!("https://cdn.invalid/{id}/{}", f.filename),
                "content_type": f.content_type,
            })
        })
        .collect();
    json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": bot_user(),
        "content": data.get("content").cloned().unwrap_or(json!("")),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": data.get("embeds").cloned().unwrap_or(json!([])),
        "components": data.get("components").cloned().unwrap_or(json!([])),
        "pinned": false,
        "type": 0,
        "flags": data.get("flags").cloned().unwrap_or(json!(0)),
        "application_id": APPLICATION_ID.to_string(),
    })
}

pub(crate) fn edit_message(message: &mut Value, data: Option<&Value>, files: &[FilePart]) {
    let Some(data) = data else { return };
    for key in ["content", "components", "embeds", "flags"] {
        if let Some(v) = data.get(key) {
            message[key] = v.clone();
        }
    }
    if !files.is_empty() {
        let id = id_of(message);
        message["attachments"] = message_json(id, 0, None, files)["attachments"].clone();
    }
    message["edited_timestamp"] = json!(TIMESTAMP);
}

pub(crate) fn not_found(what: &str) -> (u16, Option<Value>) {
    let code = match what {
        "Message" => 10008,
        _ => 10003,
    };
    (
        404,
        Some(json!({"message": format!("Unknown {what}"), "code": code})),
    )
}

pub(crate) fn missing_permissions() -> (u16, Option<Value>) {
    (
        403,
        Some(json!({"message": "Missing Permissions", "code": 50013})),
    )
}

/// A public thread as Discord returns it.
pub(crate) fn thread_json(id: u64, parent: u64, name: &str, archive: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 11,
        "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": APPLICATION_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": archive,
            "archive_timestamp": TIMESTAMP,
            "locked": false,
        },
        "flags": 0,
    })
}

/// The channel an interaction token was issued in.
pub(crate) fn channel_of_token(s: &State, token: &str) -> u64 {
    s.token_channels.get(token).copied().unwrap_or(0)
}
