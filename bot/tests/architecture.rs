//! The layering, checked in the source.
//!
//! Data flows one way: the adapters (Discord, the console) talk to the
//! host, the host to the rules, the renderer and the store; the store and
//! the host share the domain's vocabulary (`bot/src/model`). So:
//!
//! - the adapters (`bot/src/discord`, `bot/src/console`, the CLI in
//!   `main.rs` and `tools/`) never use the store;
//! - `bot/src/store` never uses the host;
//! - nothing under `bot/src` or `render/src` names a particular variant
//!   (`Variant::<Name>`, a variant's module, its id as a string): all of it
//!   comes from `Variant::ALL` and `Variant::about`, so a new variant is a
//!   folder in rules/ and one line in its variant list.
//!
//! The variant names are read from `Variant::ALL` (ids and Debug names),
//! not from a list here. Comments, doc comments and `#[cfg(test)]` code are
//! left out: tests may name whatever they test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use chronomate_rules::Variant;

/// The longest a source file may be without a stated reason (a line
/// `Long on purpose: WHY` in it).
const MAX_LINES: usize = 600;

/// A source file as the checks see it: comments gone, test code gone,
/// string literals set apart (each replaced by `""` in `code`).
struct Source {
    path: String,
    code: String,
    /// Each string literal's text and line.
    strings: Vec<(String, usize)>,
    /// Test modules declared here (`#[cfg(test)] mod tests;`).
    test_modules: Vec<String>,
}

impl Source {
    fn read(path: &Path) -> Source {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let workspace = root().join("..");
        let shown = path.strip_prefix(&workspace).unwrap_or(path);
        Source::parse(&shown.display().to_string(), &text)
    }

    fn parse(path: &str, text: &str) -> Source {
        let (code, strings) = lex(text);
        let (code, test_modules) = drop_test_code(&code);
        // The literals whose place in the code is left (not test code).
        let strings = strings
            .into_iter()
            .filter(|(_, _, at)| code.get(*at..at + 2) == Some("\"\""))
            .map(|(s, line, _)| (s, line))
            .collect();
        Source {
            path: path.to_owned(),
            code,
            strings,
            test_modules,
        }
    }

    fn line_of(&self, at: usize) -> usize {
        self.code[..at].matches('\n').count() + 1
    }

    /// Every identifier in the code with where it starts.
    fn idents(&self) -> Vec<(usize, &str)> {
        let bytes = self.code.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if is_ident_start(bytes[i]) && (i == 0 || !is_ident(bytes[i - 1])) {
                let start = i;
                while i < bytes.len() && is_ident(bytes[i]) {
                    i += 1;
                }
                out.push((start, &self.code[start..i]));
            } else {
                i += 1;
            }
        }
        out
    }

    /// What follows position `at`, spaces skipped.
    fn after(&self, at: usize) -> &str {
        self.code[at..].trim_start()
    }

    /// The `use` statements: their text and line.
    fn uses(&self) -> Vec<(String, usize)> {
        self.idents()
            .into_iter()
            .filter(|(_, id)| *id == "use")
            .map(|(at, _)| {
                let end = self.code[at..]
                    .find(';')
                    .map_or(self.code.len(), |e| at + e);
                let words: Vec<&str> = self.code[at..end].split_whitespace().collect();
                (words.join(" "), self.line_of(at))
            })
            .collect()
    }

    /// Lines where the code uses the module `name` (`name::`, or in a
    /// `use` group), or calls an accessor `.name()`.
    fn uses_module(&self, name: &str) -> Vec<String> {
        let mut found = Vec::new();
        for (at, id) in self.idents() {
            if id != name {
                continue;
            }
            let end = at + id.len();
            let before = self.code[..at].trim_end();
            if self.after(end).starts_with("::") {
                found.push(format!("{}:{}: {name}::", self.path, self.line_of(at)));
            } else if before.ends_with('.') && self.after(end).starts_with("()") {
                found.push(format!("{}:{}: .{name}()", self.path, self.line_of(at)));
            }
        }
        for (text, line) in self.uses() {
            let names_it = text
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|w| w == name);
            if names_it && !found.iter().any(|f| f.contains(&format!(":{line}:"))) {
                found.push(format!("{}:{line}: {text}", self.path));
            }
        }
        found
    }
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Splits Rust source into code without comments, with each string
/// literal replaced by `""`, and the literals with their lines and places
/// in the code. Newlines are kept, so lines still count.
fn lex(text: &str) -> (String, Vec<(String, usize, usize)>) {
    let c: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut strings = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let ident_before = |i: usize| i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
    while i < c.len() {
        let next = c.get(i + 1).copied();
        // Comments: line, and block (nested).
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c[i] == '\n' {
                        code.push('\n');
                        line += 1;
                    }
                    i += 1;
                }
            }
            continue;
        }
        // Raw strings: r"..", r#".."#, br"..".
        let raw_at = match (c[i], next) {
            ('r', Some('"' | '#')) if !ident_before(i) => Some(i + 1),
            ('b', Some('r')) if !ident_before(i) && matches!(c.get(i + 2), Some('"' | '#')) => {
                Some(i + 2)
            }
            _ => None,
        };
        if let Some(mut j) = raw_at {
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) == Some(&'"') {
                let start_line = line;
                let mut s = String::new();
                j += 1;
                while j < c.len() {
                    if c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    if c[j] == '\n' {
                        line += 1;
                    }
                    s.push(c[j]);
                    j += 1;
                }
                strings.push((s, start_line, code.len()));
                code.push_str("\"\"");
                code.extend(std::iter::repeat_n('\n', line - start_line));
                i = j;
                continue;
            }
            // A raw identifier (r#move): code.
        }
        // Strings: ".." and b"..".
        if c[i] == '"' || (c[i] == 'b' && next == Some('"') && !ident_before(i)) {
            let start_line = line;
            let mut j = if c[i] == 'b' { i + 2 } else { i + 1 };
            let mut s = String::new();
            while j < c.len() && c[j] != '"' {
                if c[j] == '\\' {
                    s.push(c[j]);
                    j += 1;
                }
                if let Some(&ch) = c.get(j) {
                    if ch == '\n' {
                        line += 1;
                    }
                    s.push(ch);
                }
                j += 1;
            }
            strings.push((s, start_line, code.len()));
            code.push_str("\"\"");
            code.extend(std::iter::repeat_n('\n', line - start_line));
            i = j + 1;
            continue;
        }
        // Characters ('x', '\n', b'x'); a lifetime ('a) is code.
        if c[i] == '\'' {
            let end = if next == Some('\\') {
                (i + 3..c.len()).find(|&j| c[j] == '\'')
            } else if c.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            if let Some(end) = end {
                code.push_str("' '");
                i = end + 1;
                continue;
            }
        }
        if c[i] == '\n' {
            line += 1;
        }
        code.push(c[i]);
        i += 1;
    }
    (code, strings)
}

/// Blanks the items under `#[cfg(test)]` (keeping their newlines), and
/// names the test modules declared in other files.
fn drop_test_code(code: &str) -> (String, Vec<String>) {
    let mut out = code.to_owned();
    let mut modules = Vec::new();
    let mut from = 0;
    while let Some(found) = out[from..].find("#[cfg(test)]") {
        let start = from + found;
        let b = out.as_bytes();
        let mut i = start;
        // The attributes, then the item.
        loop {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if b.get(i) == Some(&b'#') {
                let mut depth = 0;
                while i < b.len() {
                    match b[i] {
                        b'[' => depth += 1,
                        b']' => {
                            depth -= 1;
                            if depth == 0 {
                                i += 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
            } else {
                break;
            }
        }
        let item = i;
        let mut depth = 0;
        let mut end = b.len();
        while i < b.len() {
            match b[i] {
                b';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let words: Vec<&str> = out[item..end].split_whitespace().collect();
        if let ["mod", name] | ["pub", "mod", name] = words.as_slice()
            && let Some(name) = name.strip_suffix(';')
        {
            modules.push(name.to_owned());
        }
        let blank: String = out[start..end]
            .chars()
            .map(|ch| if ch == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(start..end, &blank);
        from = start + blank.len();
    }
    (out, modules)
}

/// The `.rs` files under `dir`, without the test modules their parents
/// declare under `#[cfg(test)]`.
fn sources(dir: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{d:?}: {e}")) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    let parsed: Vec<(PathBuf, Source)> = files
        .into_iter()
        .map(|p| (p.clone(), Source::read(&p)))
        .collect();
    let mut skip = BTreeSet::new();
    for (path, source) in &parsed {
        // Where this file's child modules live.
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let parent = path.parent().unwrap_or(dir);
        let children = if matches!(stem, "mod" | "lib" | "main") {
            parent.to_path_buf()
        } else {
            parent.join(stem)
        };
        for m in &source.test_modules {
            skip.insert(children.join(format!("{m}.rs")));
            skip.insert(children.join(m).join("mod.rs"));
        }
    }
    parsed
        .into_iter()
        .filter(|(p, _)| !skip.contains(p))
        .map(|(_, s)| s)
        .collect()
}

/// The bot crate's folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn assert_none(what: &str, found: Vec<String>) {
    assert!(found.is_empty(), "{what}:\n  {}", found.join("\n  "));
}

/// What names a particular variant in `source`.
fn variant_names(source: &Source) -> Vec<String> {
    let ids: BTreeSet<String> = Variant::ALL.iter().map(|v| v.id().to_owned()).collect();
    let names: BTreeSet<String> = Variant::ALL.iter().map(|v| format!("{v:?}")).collect();
    assert!(!ids.is_empty() && !names.is_empty());
    let mut found = Vec::new();
    for (at, id) in source.idents() {
        let end = at + id.len();
        let line = source.line_of(at);
        let rest = source.after(end);
        // Variant::Standard, Action::Traveler; Variant::{..} or Variant::*.
        if matches!(id, "Variant" | "Action")
            && let Some(member) = rest.strip_prefix("::")
        {
            let member = member.trim_start();
            let name: String = member
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let a_variant = names.contains(&name)
                || (name.starts_with(|c: char| c.is_ascii_uppercase())
                    && name.chars().any(|c| c.is_ascii_lowercase()));
            if a_variant || member.starts_with(['{', '*']) {
                found.push(format!("{}:{line}: {id}::{name}", source.path));
            }
        }
        // A variant's own module: chronomate_rules::multiverse::...
        if ids.contains(id) && rest.starts_with("::") {
            found.push(format!("{}:{line}: {id}::", source.path));
        }
    }
    for (text, line) in &source.strings {
        let words: BTreeSet<String> = text
            .split(|c: char| !c.is_alphanumeric())
            .map(str::to_ascii_lowercase)
            .filter(|w| ids.contains(w))
            .collect();
        // An id as a value ("multiverse"), or a hand-written list of them.
        if ids.contains(text.trim()) || words.len() >= 2 {
            found.push(format!("{}:{line}: {text:?}", source.path));
        }
    }
    found
}

#[test]
fn adapters_reach_the_host_not_the_store() {
    let mut found = Vec::new();
    for dir in ["src/discord", "src/console", "src/tools"] {
        for source in sources(&root().join(dir)) {
            found.extend(source.uses_module("store"));
        }
    }
    // The CLI.
    found.extend(Source::read(&root().join("src/main.rs")).uses_module("store"));
    assert_none("an adapter uses the store; go through the host", found);
}

#[test]
fn the_store_never_imports_the_host() {
    let mut found = Vec::new();
    for source in sources(&root().join("src/store")) {
        found.extend(source.uses_module("host"));
    }
    assert_none(
        "the store uses the host; put shared types in bot/src/model",
        found,
    );
}

#[test]
fn no_source_names_a_particular_variant() {
    let mut found = Vec::new();
    for dir in [root().join("src"), root().join("../render/src")] {
        for source in sources(&dir) {
            found.extend(variant_names(&source));
        }
    }
    assert_none(
        "a particular variant is named; use Variant::ALL and Variant::about",
        found,
    );
}

#[test]
fn source_files_stay_short() {
    let mut found = Vec::new();
    for dir in [root().join("src"), root().join("../render/src")] {
        let mut stack = vec![dir];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    let lines = text.lines().count();
                    if lines > MAX_LINES && !text.contains("Long on purpose:") {
                        found.push(format!("{}: {lines} lines", path.display()));
                    }
                }
            }
        }
    }
    assert_none(
        &format!(
            "files over {MAX_LINES} lines; split them by job, or say why (\"Long on purpose: ...\")"
        ),
        found,
    );
}

/// The checks themselves: they see code, not comments, strings as
/// strings, and skip test code.
#[test]
fn the_checks_see_through_comments_strings_and_tests() {
    let [first, ..] = Variant::ALL else {
        panic!("no variants")
    };
    let (id, name) = (first.id(), format!("{first:?}"));
    let text = format!(
        r##"//! Doc: Variant::{name} and "{id}" in a comment are fine.
/// Variant::{name}
use crate::store::Store;
use crate::{{host, store}};
fn f(h: &Host) {{
    let a = Variant::{name}; /* Variant::{name} */
    let b = "{id}";
    let c = r#"{id}"#;
    let d = "no id here: {{ }}";
    let e = 'x';
    let f = h.store();
    flag.store(true, Ordering::SeqCst);
    let g = chronomate_rules::{id}::Thing;
}}
#[cfg(test)]
mod tests {{
    fn t() {{ let x = Variant::{name}; let y = "{id}"; crate::store::Store::open(); }}
}}
#[cfg(test)]
mod more;
"##
    );
    let source = Source::parse("x.rs", &text);
    assert_eq!(source.test_modules, ["more"]);
    let lines = |found: Vec<String>| -> Vec<usize> {
        let mut lines: Vec<usize> = found
            .iter()
            .map(|f| f.split(':').nth(1).unwrap().parse().unwrap())
            .collect();
        lines.sort_unstable();
        lines
    };
    assert_eq!(lines(variant_names(&source)), [6, 7, 8, 13]);
    assert_eq!(lines(source.uses_module("store")), [3, 4, 11]);
    assert_eq!(lines(source.uses_module("host")), [4]);
}
