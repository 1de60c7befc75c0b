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
//! - no module imports itself back: in every crate of the workspace, the
//!   module files (`a/b.rs` is `a::b`) and the uses between them
//!   (`use crate::..`, `use super::..`, `use self::..`, and paths like
//!   `super::x::f` in code) make a graph without a cycle, so each folder
//!   reads one way (in a variant: action and mechanisms, then position,
//!   legality, play, notation, view, the face).
//!
//! The variant names are read from `Variant::ALL` (ids and Debug names),
//! not from a list here. Comments, doc comments and `#[cfg(test)]` code are
//! left out: tests may name whatever they test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::collections::{BTreeMap, BTreeSet};
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
    /// Each string literal's text, line and place in `code`.
    strings: Vec<(String, usize, usize)>,
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
    for (text, line, _) in &source.strings {
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

// ------------------------------------------------------------ module graph

/// A module's path in its crate: `traveler/position.rs` is
/// `["traveler", "position"]`, `traveler/mod.rs` is `["traveler"]`.
type ModPath = Vec<String>;

/// The workspace's crates (its `members`) with their `src` folders.
fn crate_dirs() -> Vec<(String, PathBuf)> {
    let workspace = root().join("..");
    let manifest = std::fs::read_to_string(workspace.join("Cargo.toml")).unwrap();
    let members = manifest
        .split_once("members")
        .and_then(|(_, rest)| rest.split_once('['))
        .and_then(|(_, rest)| rest.split_once(']'))
        .map_or("", |(list, _)| list);
    members
        .split(',')
        .map(|m| m.trim().trim_matches('"'))
        .filter(|m| !m.is_empty())
        .map(|m| (m.to_owned(), workspace.join(m).join("src")))
        .filter(|(_, dir)| dir.is_dir())
        .collect()
}

/// The module a file under `src` is; `None` for a crate root (`lib.rs`,
/// `main.rs`).
fn module_of(relative: &str) -> Option<ModPath> {
    let stem = relative.strip_suffix(".rs")?;
    if matches!(stem, "lib" | "main") {
        return None;
    }
    let mut path: ModPath = stem.split('/').map(str::to_owned).collect();
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    Some(path)
}

/// One `use` path: its segments (`super`, `play`, `judge`) and the name
/// it brings in (`judge`, or an alias; `*` for a glob).
struct UsePath {
    segments: Vec<String>,
    name: String,
}

/// A `use` statement's tree (the text after `use`) as paths:
/// `super::{play::{self, judge}, notation as n}` is `super::play`,
/// `super::play::judge` and `super::notation` (as `n`). `None` when it is
/// not a path tree (`impl Trait + use<'a>`).
fn use_paths(tree: &str) -> Option<Vec<UsePath>> {
    let mut tokens = Vec::new();
    let mut rest = tree.trim();
    while !rest.is_empty() {
        let len = if rest.starts_with("::") {
            2
        } else if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
            rest.find(|c: char| !c.is_alphanumeric() && c != '_')
                .unwrap_or(rest.len())
        } else if rest.starts_with(['{', '}', ',', '*']) {
            1
        } else {
            return None;
        };
        tokens.push(&rest[..len]);
        rest = rest[len..].trim_start();
    }
    let mut out = Vec::new();
    let end = use_tree(&tokens, 0, &[], &mut out)?;
    (end == tokens.len()).then_some(out)
}

/// The `use` statements of `source` the graph cannot read, so would miss
/// (a raw identifier, a leading `::`): none may be.
fn unread_uses(source: &Source) -> Vec<String> {
    source
        .uses()
        .into_iter()
        .filter(|(text, _)| {
            let tree = text.strip_prefix("use").unwrap_or(text).trim_start();
            !tree.starts_with('<') && use_paths(tree).is_none()
        })
        .map(|(text, line)| format!("{}:{line}: {text}", source.path))
        .collect()
}

/// Reads one tree of `tokens` from `i` under `prefix` into `out`; where
/// it ends.
fn use_tree(
    tokens: &[&str],
    mut i: usize,
    prefix: &[String],
    out: &mut Vec<UsePath>,
) -> Option<usize> {
    let mut path = prefix.to_vec();
    loop {
        match *tokens.get(i)? {
            "{" => {
                i += 1;
                while *tokens.get(i)? != "}" {
                    i = use_tree(tokens, i, &path, out)?;
                    if tokens.get(i) == Some(&",") {
                        i += 1;
                    }
                }
                return Some(i + 1);
            }
            "*" => {
                out.push(UsePath {
                    segments: path,
                    name: "*".to_owned(),
                });
                return Some(i + 1);
            }
            "::" | "}" | "," => return None,
            segment => {
                path.push(segment.to_owned());
                i += 1;
                if tokens.get(i) != Some(&"::") {
                    break;
                }
                i += 1;
            }
        }
    }
    if path.last().is_some_and(|last| last == "self") {
        path.pop();
    }
    let mut name = path.last()?.clone();
    if tokens.get(i) == Some(&"as") {
        name = (*tokens.get(i + 1)?).to_owned();
        i += 2;
    }
    out.push(UsePath {
        segments: path,
        name,
    });
    Some(i)
}

/// A module file as the graph sees it.
struct ModuleFile {
    source: Source,
    /// Each `use` statement: where it starts and ends in the code, its
    /// brace depth (0: an item of the module) and its paths.
    uses: Vec<(usize, usize, usize, Vec<UsePath>)>,
    /// Modules written inline (`mod lenient { .. }`): where their braces
    /// open and close, and their names.
    inline: Vec<(usize, usize, String)>,
}

impl ModuleFile {
    fn new(source: Source) -> ModuleFile {
        let idents = source.idents();
        let code = source.code.as_bytes();
        let depth_at = |at: usize| {
            code[..at].iter().fold(0usize, |d, b| match b {
                b'{' => d + 1,
                b'}' => d.saturating_sub(1),
                _ => d,
            })
        };
        let mut uses = Vec::new();
        let mut inline = Vec::new();
        for (n, &(at, id)) in idents.iter().enumerate() {
            if id == "use" {
                let start = at + id.len();
                let end = source.code[start..]
                    .find(';')
                    .map_or(source.code.len(), |e| start + e);
                if let Some(paths) = use_paths(&source.code[start..end]) {
                    uses.push((at, end, depth_at(at), paths));
                }
            } else if id == "mod"
                && let Some(&(name_at, name)) = idents.get(n + 1)
                && source.after(name_at + name.len()).starts_with('{')
            {
                let open = name_at + source.code[name_at..].find('{').unwrap_or(0);
                let mut depth = 0i32;
                let close = (open..code.len())
                    .find(|&i| {
                        match code[i] {
                            b'{' => depth += 1,
                            b'}' => depth -= 1,
                            _ => {}
                        }
                        depth == 0
                    })
                    .unwrap_or(code.len());
                inline.push((open, close, name.to_owned()));
            }
        }
        ModuleFile {
            source,
            uses,
            inline,
        }
    }

    /// The module the code at `at` is in: the file's, or an inline one in it.
    fn module_at(&self, file: &[String], at: usize) -> ModPath {
        let mut module = file.to_vec();
        for (open, close, name) in &self.inline {
            if *open < at && at < *close {
                module.push(name.clone());
            }
        }
        module
    }

    /// The paths the file names a module by, with where: its `use` paths,
    /// paths from `crate`, `super` or `self` in the code, and string
    /// literals in attributes that are such a path
    /// (`#[serde(with = "super::fen::lenient")]`).
    fn paths(&self) -> Vec<(usize, Vec<String>)> {
        let code = &self.source.code;
        let mut out = Vec::new();
        for (at, _, _, paths) in &self.uses {
            out.extend(paths.iter().map(|p| (*at, p.segments.clone())));
        }
        for (at, id) in self.source.idents() {
            let in_use = self.uses.iter().any(|(s, e, _, _)| (*s..*e).contains(&at));
            let inside_a_path = code[..at].trim_end().ends_with("::");
            if !matches!(id, "crate" | "super" | "self") || in_use || inside_a_path {
                continue;
            }
            let mut segments = vec![id.to_owned()];
            let mut end = at + id.len();
            while let Some(rest) = code[end..].trim_start().strip_prefix("::") {
                let next = rest.trim_start();
                let len = next
                    .find(|c: char| !c.is_alphanumeric() && c != '_')
                    .unwrap_or(next.len());
                if len == 0 {
                    break;
                }
                segments.push(next[..len].to_owned());
                end = code.len() - next.len() + len;
            }
            if segments.len() > 1 {
                out.push((at, segments));
            }
        }
        for (text, _, at) in &self.source.strings {
            let segments: Vec<String> = text.split("::").map(str::to_owned).collect();
            let path_like = segments.len() > 1
                && matches!(segments[0].as_str(), "crate" | "super" | "self")
                && segments
                    .iter()
                    .all(|s| !s.is_empty() && s.bytes().all(is_ident));
            if path_like && in_attribute(code, *at) {
                out.push((*at, segments));
            }
        }
        out
    }
}

/// Whether `at` is inside an attribute (`#[..]`) of `code`.
fn in_attribute(code: &str, at: usize) -> bool {
    let Some(open) = code[..at].rfind("#[") else {
        return false;
    };
    let mut depth = 0;
    for b in code[open + 1..at].bytes() {
        match b {
            b'[' => depth += 1,
            b']' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return false;
        }
    }
    true
}

/// One crate's module graph: for each module, the modules it uses and the
/// first place (`file:line`) it does.
///
/// A path is resolved to the longest module file it names
/// (`crate::traveler::play::repetition_key` is `traveler::play`). What a
/// path reaches through a `use` in the module it names (a re-export, as
/// `pub use position::Chess` in `standard/mod.rs`) counts as a use of
/// where that `use` leads, so `use super::Chess` in `standard/play.rs` is
/// a use of `standard::position`. Left out: the crate root (`lib.rs`:
/// the crate's facade; every variant's files use its vocabulary, and
/// `variant.rs` uses every variant), and a module's own ancestors where
/// a path ends at an item they declare themselves (a child may use its
/// parent: the parent's `mod.rs` holds docs and re-exports, and declares
/// the child). Glob re-exports are not followed.
fn module_graph(files: Vec<(String, Source)>) -> BTreeMap<String, BTreeMap<String, String>> {
    let modules: BTreeMap<ModPath, ModuleFile> = files
        .into_iter()
        .filter_map(|(relative, source)| Some((module_of(&relative)?, ModuleFile::new(source))))
        .collect();
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (module, file) in &modules {
        let uses = graph.entry(module.join("::")).or_default();
        for (at, path) in file.paths() {
            let from = file.module_at(module, at);
            let Some(target) = resolve(&modules, &from, &path, 0) else {
                continue;
            };
            // Itself, or an item its parent declares.
            if module.starts_with(&target) {
                continue;
            }
            uses.entry(target.join("::"))
                .or_insert_with(|| format!("{}:{}", file.source.path, file.source.line_of(at)));
        }
    }
    graph
}

/// The module `path`, written in module `from`, uses: the longest module
/// file it names, followed through that module's `use` of the next name.
/// `None` for the crate root and what is outside the crate.
fn resolve(
    modules: &BTreeMap<ModPath, ModuleFile>,
    from: &[String],
    path: &[String],
    depth: usize,
) -> Option<ModPath> {
    let mut full = from.to_vec();
    let mut rest = path;
    match path.first()?.as_str() {
        "crate" => {
            full.clear();
            rest = &path[1..];
        }
        "super" | "self" => {
            while let Some((first, tail)) = rest.split_first()
                && matches!(first.as_str(), "super" | "self")
            {
                if first == "super" {
                    full.pop()?;
                }
                rest = tail;
            }
        }
        // A child module (`use position::Chess` in a `mod.rs`), or
        // something outside the crate (`use serde::Serialize`).
        first => {
            full.push(first.to_owned());
            if !modules.contains_key(&full) {
                return None;
            }
            full.pop();
        }
    }
    full.extend(rest.iter().filter(|s| *s != "*").cloned());
    let k = (1..=full.len())
        .rev()
        .find(|&k| modules.contains_key(&full[..k]))?;
    let target = full[..k].to_vec();
    if let Some(item) = full.get(k)
        && depth < 8
        && let Some(file) = modules.get(&target)
    {
        for (_, _, braces, paths) in &file.uses {
            if *braces == 0
                && let Some(via) = paths.iter().find(|p| p.name == *item)
            {
                let mut further = via.segments.clone();
                further.extend(full[k + 1..].iter().cloned());
                return resolve(modules, &target, &further, depth + 1);
            }
        }
    }
    Some(target)
}

/// The cycles of `graph`: its strongly connected components of more than
/// one module, each sorted.
fn cycles(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        graph: &'a BTreeMap<String, BTreeMap<String, String>>,
        index: BTreeMap<&'a str, (usize, usize)>,
        stack: Vec<&'a str>,
        found: Vec<Vec<&'a str>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) -> usize {
            let n = self.index.len();
            self.index.insert(v, (n, n));
            self.stack.push(v);
            let mut low = n;
            for w in self.graph.get(v).into_iter().flat_map(BTreeMap::keys) {
                low = match self.index.get(w.as_str()) {
                    None => low.min(self.visit(w)),
                    Some(&(i, _)) if self.stack.contains(&w.as_str()) => low.min(i),
                    Some(_) => low,
                };
            }
            self.index.insert(v, (n, low));
            if low == n {
                let at = self.stack.iter().rposition(|m| *m == v).unwrap();
                let mut component = self.stack.split_off(at);
                component.sort_unstable();
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
            low
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !tarjan.index.contains_key(v.as_str()) {
            tarjan.visit(v);
        }
    }
    let mut out: Vec<Vec<String>> = tarjan
        .found
        .into_iter()
        .map(|component| component.into_iter().map(str::to_owned).collect())
        .collect();
    out.sort();
    out
}

/// A cycle in words: its modules, then each use that keeps it a cycle,
/// with where.
fn describe_cycle(graph: &BTreeMap<String, BTreeMap<String, String>>, cycle: &[String]) -> String {
    let mut lines = vec![cycle.join(", ")];
    for m in cycle {
        for (w, place) in &graph[m] {
            if cycle.contains(w) {
                lines.push(format!("    {m} uses {w} ({place})"));
            }
        }
    }
    lines.join("\n")
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
            // A protocol of one variant (UCI: FIDE chess) says so.
            let text =
                std::fs::read_to_string(root().join("..").join(&source.path)).unwrap_or_default();
            if !text.contains("Names its variant on purpose:") {
                found.extend(variant_names(&source));
            }
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

/// In every crate, the module files and their uses make a graph without
/// a cycle (see [`module_graph`] for what counts as a use).
#[test]
fn no_module_imports_itself_back() {
    let dirs = crate_dirs();
    for name in ["rules", "render", "bot"] {
        assert!(
            dirs.iter().any(|(n, _)| n == name),
            "{name} not in {dirs:?}"
        );
    }
    let mut found = Vec::new();
    let mut unread = Vec::new();
    for (name, dir) in dirs {
        let prefix = format!("{name}/src/");
        let files: Vec<(String, Source)> = sources(&dir)
            .into_iter()
            .map(|s| {
                (
                    s.path.strip_prefix(&prefix).unwrap_or(&s.path).to_owned(),
                    s,
                )
            })
            .collect();
        let count = files.len();
        unread.extend(files.iter().flat_map(|(_, s)| unread_uses(s)));
        let graph = module_graph(files);
        // The check sees the crate's uses at all.
        let uses: usize = graph.values().map(BTreeMap::len).sum();
        assert!(
            count < 3 || uses > 0,
            "{name}: {count} files, no use between them"
        );
        found.extend(
            cycles(&graph)
                .iter()
                .map(|c| format!("{name}: {}", describe_cycle(&graph, c))),
        );
    }
    assert_none("use statements the cycle check cannot read", unread);
    assert_none(
        "modules that import each other back; give the folder one direction: move what the lower module needs down, or the method up into the module that owns the behaviour",
        found,
    );
}

/// The cycle check itself, on a made-up crate: a cycle through a `use`
/// group, a path in an attribute and a path through a re-export is found;
/// a chain is not, whatever comments, strings, a module's parent, inline
/// modules and test code say.
#[test]
fn the_cycle_check_finds_a_cycle_and_passes_a_chain() {
    let tree = |files: &[(&str, &str)]| {
        module_graph(
            files
                .iter()
                .map(|(path, text)| ((*path).to_owned(), Source::parse(path, text)))
                .collect(),
        )
    };
    let cyclic = tree(&[
        ("lib.rs", "pub mod a;\npub use a::X;\n"),
        (
            "a/mod.rs",
            "mod one;\nmod three;\nmod two;\npub use one::X;\n",
        ),
        (
            "a/one.rs",
            "use super::{two::Y, three};\npub struct X(Y);\n",
        ),
        (
            "a/two.rs",
            "#[derive(Serialize)]\n#[serde(with = \"super::three\")]\npub struct Y;\n",
        ),
        (
            "a/three.rs",
            "pub fn z() -> crate::a::X {\n    todo!()\n}\n",
        ),
    ]);
    assert_eq!(cycles(&cyclic), [["a::one", "a::three", "a::two"]]);
    let words = describe_cycle(&cyclic, &cycles(&cyclic)[0]);
    assert!(
        words.contains("a::three uses a::one (a/three.rs:1)"),
        "{words}"
    );
    assert!(
        words.contains("a::two uses a::three (a/two.rs:2)"),
        "{words}"
    );

    let chain = tree(&[
        ("lib.rs", "mod b;\n"),
        ("b/mod.rs", "mod high;\nmod low;\npub struct Thing;\n"),
        (
            "b/low.rs",
            r#"//! Not `use super::high;`: a comment.
use super::Thing;
const S: &str = "super::high::f";
fn high() {}
mod inner {
    fn f() {
        super::high();
    }
}
#[cfg(test)]
mod tests {
    use super::super::high;
}
"#,
        ),
        (
            "b/high.rs",
            "use crate::b::Thing;\nfn g() {\n    super::low::f();\n}\n",
        ),
    ]);
    assert!(cycles(&chain).is_empty(), "{chain:?}");
    assert_eq!(chain["b::high"].keys().collect::<Vec<_>>(), ["b::low"]);
    assert!(chain["b::low"].is_empty(), "{chain:?}");

    // What it cannot read, it says (a precise capture, `use<..>`, is no
    // import).
    let odd = Source::parse(
        "x.rs",
        "use r#try::X;\nfn f() -> impl Sized + use<> {}\nuse super::{a as b, c::*};\n",
    );
    assert_eq!(unread_uses(&odd), ["x.rs:1: use r#try::X"]);
}
