//! Reading a multipart body: its `payload_json` and its files.

use crate::*;

use serde_json::Value;

/// Splits a multipart body into its `payload_json` and its files.
pub(crate) fn parse_multipart(body: &[u8], boundary: &str) -> (Option<Value>, Vec<FilePart>) {
    let delimiter = format!("--{boundary}");
    let mut json = None;
    let mut files = Vec::new();
    for part in split_bytes(body, delimiter.as_bytes()) {
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        if part.starts_with(b"--") || part.is_empty() {
            continue;
        }
        let Some(split) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..split]).to_string();
        let mut content = &part[split + 4..];
        content = content.strip_suffix(b"\r\n").unwrap_or(content);
        let header = |key: &str| -> Option<String> {
            let start = headers.find(&format!("{key}=\""))? + key.len() + 2;
            let end = headers[start..].find('"')? + start;
            Some(headers[start..end].to_owned())
        };
        let name = header("name").unwrap_or_default();
        if name == "payload_json" {
            json = serde_json::from_slice(content).ok();
        } else {
            let content_type = headers.lines().find_map(|l| {
                l.strip_prefix("Content-Type: ")
                    .or_else(|| l.strip_prefix("content-type: "))
                    .map(str::to_owned)
            });
            files.push(FilePart {
                field: name,
                filename: header("filename").unwrap_or_default(),
                content_type,
                bytes: content.to_vec(),
            });
        }
    }
    (json, files)
}

pub(crate) fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    // Scan for the first byte, then compare: cheap even unoptimised, for
    // bodies that carry board images.
    let (&first, rest) = needle.split_first()?;
    let mut from = 0;
    while let Some(at) = haystack[from..].iter().position(|&b| b == first) {
        let start = from + at;
        let end = start + needle.len();
        if end > haystack.len() {
            return None;
        }
        if &haystack[start + 1..end] == rest {
            return Some(start);
        }
        from = start + 1;
    }
    None
}

pub(crate) fn split_bytes<'a>(mut body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    while let Some(at) = find(body, delimiter) {
        parts.push(&body[..at]);
        body = &body[at + delimiter.len()..];
    }
    parts.push(body);
    parts
}
