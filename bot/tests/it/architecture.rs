//! What the layering needs that Cargo cannot check, read with `syn`.
//!
//! Cargo holds the direction between the bot's crates: each may name only
//! the crates its `Cargo.toml` lists, so the store cannot import the host
//! (the host depends on the store: a cycle Cargo refuses) and an adapter
//! cannot import the store (not a dependency: `unresolved import`).
//! [`each_crate_depends_only_on_the_layers_below`] keeps those lists as
//! they are. What is left is checked here, on the parsed source
//! (comments, doc comments and `#[cfg(test)]` code left out: tests may
//! name whatever they test):
//!
//! - no adapter reaches the store through [`Host::store`] (a method call
//!   Cargo cannot see);
//! - [`Host`]'s own public methods are its opening, configuration, the
//!   commands and its areas' accessors ([`HOST_SURFACE`]): an operation
//!   belongs to its area's service;
//! - nothing in the bot's crates or `render/src` names a particular
//!   variant (`Variant::<Name>`, a variant's module, its id as a string):
//!   all of it comes from `Variant::ALL` and `Variant::about`, so a new
//!   variant is a folder in rules/ and one line in its variant list;
//! - no source file is over [`MAX_LINES`] lines unless it says why;
//! - no module imports itself back: in every crate of the workspace, the
//!   module files (`a/b.rs` is `a::b`) and the paths between them
//!   (`use crate::..`, `super::x::f` in code, `#[serde(with =
//!   "super::x")]`) make a graph without a cycle, so each folder reads one
//!   way.
//!
//! The variant names are read from `Variant::ALL` (ids and Debug names),
//! not from a list here.
//!
//! [`Host::store`]: chronomate_host::Host::store
//! [`Host`]: chronomate_host::Host

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use chronomate_rules::Variant;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

/// The longest a source file may be without a stated reason (a line
/// `Long on purpose: WHY` in it).
const MAX_LINES: usize = 600;

/// The workspace's folder.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The bot's crates, by folder under `bot/`, and the workspace crates each
/// may depend on (not counting dev-dependencies): the layers below it.
const BOT_CRATES: [(&str, &[&str]); 7] = [
    ("model", &["chronomate-rules"]),
    ("store", &["chronomate-model", "chronomate-rules"]),
    (
        "host",
        &[
            "chronomate-model",
            "chronomate-store",
            "chronomate-rules",
            "chronomate-engine",
            "chronomate-render",
        ],
    ),
    (
        "discord",
        &["chronomate-model", "chronomate-host", "chronomate-rules"],
    ),
    (
        "console",
        &["chronomate-model", "chronomate-host", "chronomate-rules"],
    ),
    ("web", &["chronomate-host"]),
    (
        ".",
        &[
            "chronomate-host",
            "chronomate-discord",
            "chronomate-console",
            "chronomate-web",
            "chronomate-rules",
            "chronomate-engine",
            "chronomate-render",
        ],
    ),
];

/// The adapters' folders under `bot/`: they reach the host, never the store.
const ADAPTERS: [&str; 4] = ["discord/src", "console/src", "web/src", "src"];

/// A source file, parsed, with its path from the workspace.
struct Source {
    path: String,
    file: syn::File,
    text: String,
}

impl Source {
    fn read(path: &Path) -> Source {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let shown = path.strip_prefix(workspace()).unwrap_or(path);
        Source::parse(&shown.display().to_string(), &text)
    }

    fn parse(path: &str, text: &str) -> Source {
        let file = syn::parse_file(text).unwrap_or_else(|e| panic!("{path}: {e}"));
        Source {
            path: path.to_owned(),
            file,
            text: text.to_owned(),
        }
    }

    fn at(&self, span: proc_macro2::Span) -> String {
        format!("{}:{}", self.path, span.start().line)
    }
}

/// Whether `attrs` hold `#[cfg(test)]`.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Path>()
                .is_ok_and(|p| p.is_ident("test"))
    })
}

/// Every `.rs` file under `dir` that is not a test module's
/// (`#[cfg(test)] mod tests;` leaves out `tests.rs` and `tests/mod.rs`).
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
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let parent = path.parent().unwrap_or(dir);
        let children = if matches!(stem, "mod" | "lib" | "main") {
            parent.to_path_buf()
        } else {
            parent.join(stem)
        };
        for item in &source.file.items {
            if let syn::Item::Mod(m) = item
                && m.content.is_none()
                && is_test(&m.attrs)
            {
                skip.insert(children.join(format!("{}.rs", m.ident)));
                skip.insert(children.join(m.ident.to_string()).join("mod.rs"));
            }
        }
    }
    parsed
        .into_iter()
        .filter(|(p, _)| !skip.contains(p))
        .map(|(_, s)| s)
        .collect()
}

fn assert_none(what: &str, found: Vec<String>) {
    assert!(found.is_empty(), "{what}:\n  {}", found.join("\n  "));
}

/// An item's attributes (none for the kinds no check needs).
fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Mod(m) => &m.attrs,
        syn::Item::Fn(f) => &f.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Use(u) => &u.attrs,
        syn::Item::Const(c) => &c.attrs,
        syn::Item::Static(s) => &s.attrs,
        syn::Item::Struct(s) => &s.attrs,
        syn::Item::Enum(e) => &e.attrs,
        syn::Item::Macro(m) => &m.attrs,
        syn::Item::Trait(t) => &t.attrs,
        _ => &[],
    }
}

/// Walks code that is not test code (`#[cfg(test)]` items), and no
/// attribute (doc comments are attributes), handing paths, strings,
/// method calls and `use` trees to the check.
macro_rules! skip_tests_and_attributes {
    ($t:ty) => {
        impl<'ast> Visit<'ast> for $t {
            fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
            fn visit_item(&mut self, item: &'ast syn::Item) {
                if !is_test(item_attrs(item)) {
                    visit::visit_item(self, item);
                }
            }
            fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
                if !is_test(&f.attrs) {
                    visit::visit_impl_item_fn(self, f);
                }
            }
            fn visit_path(&mut self, path: &'ast syn::Path) {
                self.path(path);
                visit::visit_path(self, path);
            }
            fn visit_lit_str(&mut self, lit: &'ast syn::LitStr) {
                self.string(lit);
            }
            fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
                self.method(call);
                visit::visit_expr_method_call(self, call);
            }
            fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
                self.use_tree(&item.tree);
            }
        }
    };
}

/// What names a particular variant.
struct VariantNames<'a> {
    source: &'a Source,
    ids: BTreeSet<String>,
    names: BTreeSet<String>,
    found: Vec<String>,
}

impl VariantNames<'_> {
    fn is_variant_name(&self, name: &str) -> bool {
        self.names.contains(name)
            || (name.starts_with(|c: char| c.is_ascii_uppercase())
                && name.chars().any(|c| c.is_ascii_lowercase()))
    }

    /// `Variant::Standard`, `Action::Traveler`, `Options::Multiverse`,
    /// `VariantState::FiveD`; `chronomate_rules::multiverse::..`.
    fn segments(&mut self, segments: &[String], span: proc_macro2::Span) {
        for pair in segments.windows(2) {
            let (first, second) = (&pair[0], &pair[1]);
            if matches!(
                first.as_str(),
                "Variant" | "Action" | "Options" | "VariantState"
            ) && (self.is_variant_name(second) || second == "*")
            {
                self.found
                    .push(format!("{}: {first}::{second}", self.source.at(span)));
            }
            if self.ids.contains(first) {
                self.found
                    .push(format!("{}: {first}::", self.source.at(span)));
            }
        }
    }

    fn path(&mut self, path: &syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.segments(&segments, path.span());
    }

    fn string(&mut self, lit: &syn::LitStr) {
        let text = lit.value();
        let words: BTreeSet<String> = text
            .split(|c: char| !c.is_alphanumeric())
            .map(str::to_ascii_lowercase)
            .filter(|w| self.ids.contains(w))
            .collect();
        // An id as a value ("multiverse"), or a hand-written list of them.
        if self.ids.contains(text.trim()) || words.len() >= 2 {
            self.found
                .push(format!("{}: {text:?}", self.source.at(lit.span())));
        }
    }

    fn method(&mut self, _: &syn::ExprMethodCall) {}

    fn use_tree(&mut self, tree: &syn::UseTree) {
        for path in use_paths(tree, &[]) {
            if path.segments.len() > 1 || path.name == "*" {
                let mut segments = path.segments.clone();
                if path.name == "*" {
                    segments.push("*".to_owned());
                }
                self.segments(&segments, tree.span());
            }
        }
    }
}

skip_tests_and_attributes!(VariantNames<'_>);

fn variant_names(source: &Source) -> Vec<String> {
    let mut names = VariantNames {
        source,
        ids: Variant::ALL.iter().map(|v| v.id().to_owned()).collect(),
        names: Variant::ALL.iter().map(|v| format!("{v:?}")).collect(),
        found: Vec::new(),
    };
    assert!(!names.ids.is_empty() && !names.names.is_empty());
    names.visit_file(&source.file);
    names.found.sort();
    names.found.dedup();
    names.found
}

/// Calls of a `store()` method with no argument (`host.store()`).
struct StoreCalls<'a> {
    source: &'a Source,
    found: Vec<String>,
}

impl StoreCalls<'_> {
    fn path(&mut self, _: &syn::Path) {}
    fn string(&mut self, _: &syn::LitStr) {}
    fn use_tree(&mut self, _: &syn::UseTree) {}
    fn method(&mut self, call: &syn::ExprMethodCall) {
        if call.method == "store" && call.args.is_empty() {
            self.found
                .push(format!("{}: .store()", self.source.at(call.method.span())));
        }
    }
}

skip_tests_and_attributes!(StoreCalls<'_>);

fn store_calls(source: &Source) -> Vec<String> {
    let mut calls = StoreCalls {
        source,
        found: Vec::new(),
    };
    calls.visit_file(&source.file);
    calls.found
}

/// The source folders of the bot's crates and the renderer.
fn checked_dirs() -> Vec<PathBuf> {
    let bot = workspace().join("bot");
    let mut dirs: Vec<PathBuf> = BOT_CRATES
        .iter()
        .map(|(dir, _)| bot.join(dir).join("src"))
        .collect();
    dirs.push(workspace().join("render/src"));
    dirs
}

#[test]
fn each_crate_depends_only_on_the_layers_below() {
    let mut found = Vec::new();
    for (dir, allowed) in BOT_CRATES {
        let path = workspace().join("bot").join(dir).join("Cargo.toml");
        let manifest = std::fs::read_to_string(&path).unwrap();
        for name in dependencies(&manifest) {
            if name.starts_with("chronomate") && !allowed.contains(&name.as_str()) {
                found.push(format!("bot/{dir}/Cargo.toml: {name}"));
            }
        }
    }
    assert_none(
        "a crate depends on one it must not (the store never on the host, an adapter never on the store)",
        found,
    );
}

/// The names under `[dependencies]` in a manifest (`name.workspace = true`,
/// `name = ...`).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            let name: String = line
                .chars()
                .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '_'))
                .collect();
            names.push(name);
        }
    }
    names
}

#[test]
fn adapters_reach_the_host_not_the_store() {
    let mut found = Vec::new();
    for dir in ADAPTERS {
        for source in sources(&workspace().join("bot").join(dir)) {
            found.extend(store_calls(&source));
        }
    }
    assert_none("an adapter uses the store; go through the host", found);
}

/// What [`Host`] itself offers: opening and configuring it, the commands
/// every adapter gives (`execute`, `choose`), and the accessors of its
/// areas. Every other operation belongs to an area's service
/// (`host.games().act(..)`), so its type says where it lives.
///
/// [`Host`]: chronomate_host::Host
const HOST_SURFACE: [&str; 19] = [
    "challenges",
    "choose",
    "close",
    "config",
    "engine_play",
    "execute",
    "games",
    "new",
    "now",
    "open",
    "open_with",
    "outbox",
    "players",
    "store",
    "tournaments",
    "upkeep",
    "web",
    "with_config",
    "with_seed",
];

/// The public methods of the `impl Host` blocks in `source` (trait impls
/// and test code left out), each with where it is.
fn host_methods(source: &Source) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for item in &source.file.items {
        if let syn::Item::Impl(block) = item
            && block.trait_.is_none()
            && !is_test(&block.attrs)
            && matches!(&*block.self_ty, syn::Type::Path(p) if p.path.is_ident("Host"))
        {
            for inner in &block.items {
                if let syn::ImplItem::Fn(f) = inner
                    && matches!(f.vis, syn::Visibility::Public(_))
                    && !is_test(&f.attrs)
                {
                    found.push((f.sig.ident.to_string(), source.at(f.sig.ident.span())));
                }
            }
        }
    }
    found
}

#[test]
fn the_host_offers_its_areas_not_their_operations() {
    let mut found = BTreeMap::new();
    for source in sources(&workspace().join("bot/host/src")) {
        found.extend(host_methods(&source));
    }
    let extra: Vec<String> = found
        .iter()
        .filter(|(name, _)| !HOST_SURFACE.contains(&name.as_str()))
        .map(|(name, at)| format!("{at}: Host::{name}"))
        .collect();
    assert_none(
        "a public method on Host that is an area's operation; put it on its area's service \
         (Games, Challenges, Tournaments, EnginePlay, Outbox, Web, Players, Upkeep) or a new one",
        extra,
    );
    // The check reads what it means to: all it allows is found.
    let missing: Vec<&str> = HOST_SURFACE
        .into_iter()
        .filter(|name| !found.contains_key(*name))
        .collect();
    assert!(
        missing.is_empty(),
        "not public on Host any more (update HOST_SURFACE): {missing:?}"
    );
}

#[test]
fn no_source_names_a_particular_variant() {
    let mut found = Vec::new();
    for dir in checked_dirs() {
        for source in sources(&dir) {
            // A protocol of one variant (UCI: FIDE chess) says so.
            if !source.text.contains("Names its variant on purpose:") {
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
    for dir in checked_dirs() {
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
    fn t() {{ let x = Variant::{name}; let y = "{id}"; h.store(); }}
}}
#[cfg(test)]
mod more;
"##
    );
    let source = Source::parse("x.rs", &text);
    let lines = |found: Vec<String>| -> Vec<usize> {
        let mut lines: Vec<usize> = found
            .iter()
            .map(|f| f.split(':').nth(1).unwrap().parse().unwrap())
            .collect();
        lines.sort_unstable();
        lines
    };
    assert_eq!(lines(variant_names(&source)), [6, 7, 8, 13]);
    assert_eq!(lines(store_calls(&source)), [11]);
}

// ------------------------------------------------------------ module graph

/// A module's path in its crate: `traveler/position.rs` is
/// `["traveler", "position"]`, `traveler/mod.rs` is `["traveler"]`.
type ModPath = Vec<String>;

/// The workspace's crates (its `members`) with their `src` folders.
fn crate_dirs() -> Vec<(String, PathBuf)> {
    let manifest = std::fs::read_to_string(workspace().join("Cargo.toml")).unwrap();
    let members = manifest
        .split_once("members")
        .and_then(|(_, rest)| rest.split_once('['))
        .and_then(|(_, rest)| rest.split_once(']'))
        .map_or("", |(list, _)| list);
    members
        .split(',')
        .map(|m| m.trim().trim_matches('"'))
        .filter(|m| !m.is_empty())
        .map(|m| (m.to_owned(), workspace().join(m).join("src")))
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
#[derive(Clone)]
struct UsePath {
    segments: Vec<String>,
    name: String,
}

/// A `use` tree as paths: `super::{play::{self, judge}, notation as n}`
/// is `super::play`, `super::play::judge` and `super::notation` (as `n`).
fn use_paths(tree: &syn::UseTree, prefix: &[String]) -> Vec<UsePath> {
    let with = |ident: &syn::Ident| {
        let mut segments = prefix.to_vec();
        segments.push(ident.to_string());
        segments
    };
    match tree {
        syn::UseTree::Path(p) => use_paths(&p.tree, &with(&p.ident)),
        syn::UseTree::Name(n) if n.ident == "self" => vec![UsePath {
            segments: prefix.to_vec(),
            name: prefix.last().cloned().unwrap_or_default(),
        }],
        syn::UseTree::Name(n) => vec![UsePath {
            segments: with(&n.ident),
            name: n.ident.to_string(),
        }],
        syn::UseTree::Rename(r) => vec![UsePath {
            segments: if r.ident == "self" {
                prefix.to_vec()
            } else {
                with(&r.ident)
            },
            name: r.rename.to_string(),
        }],
        syn::UseTree::Glob(_) => vec![UsePath {
            segments: prefix.to_vec(),
            name: "*".to_owned(),
        }],
        syn::UseTree::Group(g) => g.items.iter().flat_map(|t| use_paths(t, prefix)).collect(),
    }
}

/// A module file as the graph reads it.
struct ModuleFile {
    path: String,
    /// Each path that may name a module, with the inline module it is
    /// written in (relative to the file's) and its line.
    paths: Vec<(Vec<String>, Vec<String>, usize)>,
    /// The file's own top-level `use`s (what a path through it reaches).
    reexports: Vec<UsePath>,
}

/// Collects a file's paths from `crate`, `super` or `self`, its `use`
/// paths, and attribute strings that are such a path
/// (`#[serde(with = "super::fen::lenient")]`), outside test code.
struct Paths {
    inline: Vec<String>,
    found: Vec<(Vec<String>, Vec<String>, usize)>,
}

impl Paths {
    fn push(&mut self, segments: Vec<String>, line: usize) {
        self.found.push((self.inline.clone(), segments, line));
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if let syn::Item::Mod(m) = item {
            if is_test(&m.attrs) {
                return;
            }
            if m.content.is_some() {
                self.inline.push(m.ident.to_string());
                visit::visit_item(self, item);
                self.inline.pop();
                return;
            }
        }
        if !is_test(item_attrs(item)) {
            visit::visit_item(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !is_test(&f.attrs) {
            visit::visit_impl_item_fn(self, f);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let line = item.span().start().line;
        for path in use_paths(&item.tree, &[]) {
            self.push(path.segments, line);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if path.leading_colon.is_none()
            && segments.len() > 1
            && matches!(segments[0].as_str(), "crate" | "super" | "self")
        {
            self.push(segments, path.span().start().line);
        }
        visit::visit_path(self, path);
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        let line = attr.span().start().line;
        let syn::Meta::List(list) = &attr.meta else {
            return;
        };
        let tokens = list.tokens.to_string();
        for piece in tokens.split('"').skip(1).step_by(2) {
            let segments: Vec<String> = piece.split("::").map(str::to_owned).collect();
            if segments.len() > 1
                && matches!(segments[0].as_str(), "crate" | "super" | "self")
                && segments
                    .iter()
                    .all(|s| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_'))
            {
                self.push(segments, line);
            }
        }
    }
}

impl ModuleFile {
    fn new(source: &Source) -> ModuleFile {
        let mut paths = Paths {
            inline: Vec::new(),
            found: Vec::new(),
        };
        paths.visit_file(&source.file);
        let reexports = source
            .file
            .items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Use(u) if !is_test(&u.attrs) => Some(use_paths(&u.tree, &[])),
                _ => None,
            })
            .flatten()
            .collect();
        ModuleFile {
            path: source.path.clone(),
            paths: paths.found,
            reexports,
        }
    }
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
fn module_graph(files: &[(String, Source)]) -> BTreeMap<String, BTreeMap<String, String>> {
    let modules: BTreeMap<ModPath, ModuleFile> = files
        .iter()
        .filter_map(|(relative, source)| Some((module_of(relative)?, ModuleFile::new(source))))
        .collect();
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (module, file) in &modules {
        let uses = graph.entry(module.join("::")).or_default();
        for (inline, path, line) in &file.paths {
            let mut from = module.clone();
            from.extend(inline.iter().cloned());
            let Some(target) = resolve(&modules, &from, path, 0) else {
                continue;
            };
            // Itself, or an item its parent declares.
            if module.starts_with(&target) {
                continue;
            }
            uses.entry(target.join("::"))
                .or_insert_with(|| format!("{}:{line}", file.path));
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
        && let Some(via) = file.reexports.iter().find(|p| p.name == *item)
    {
        let mut further = via.segments.clone();
        further.extend(full[k + 1..].iter().cloned());
        return resolve(modules, &target, &further, depth + 1);
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
    tarjan
        .found
        .into_iter()
        .map(|c| c.into_iter().map(str::to_owned).collect())
        .collect()
}

/// A cycle as the uses that make it, each with where it is written.
fn describe_cycle(graph: &BTreeMap<String, BTreeMap<String, String>>, cycle: &[String]) -> String {
    let members: BTreeSet<&String> = cycle.iter().collect();
    let mut lines = Vec::new();
    for m in cycle {
        for (to, at) in graph.get(m).into_iter().flatten() {
            if members.contains(to) {
                lines.push(format!("{m} -> {to} ({at})"));
            }
        }
    }
    lines.join("; ")
}

/// A crate's files, with their paths relative to its `src`.
fn crate_files(dir: &Path) -> Vec<(String, Source)> {
    sources(dir)
        .into_iter()
        .map(|source| {
            let full = workspace().join(&source.path);
            let relative = full
                .strip_prefix(dir)
                .unwrap_or(&full)
                .display()
                .to_string();
            (relative, source)
        })
        .collect()
}

/// In every crate, the module files and their uses make a graph without
/// a cycle (see [`module_graph`] for what counts as a use).
#[test]
fn no_module_imports_itself_back() {
    let crates = crate_dirs();
    assert!(
        crates.len() >= 4,
        "the workspace's crates: {:?}",
        crates.iter().map(|(name, _)| name).collect::<Vec<_>>()
    );
    let mut found = Vec::new();
    let mut edges = 0;
    for (name, dir) in &crates {
        let graph = module_graph(&crate_files(dir));
        edges += graph.values().map(BTreeMap::len).sum::<usize>();
        for cycle in cycles(&graph) {
            found.push(format!("{name}: {}", describe_cycle(&graph, &cycle)));
        }
    }
    // The graph is not empty: the check reads something.
    assert!(edges > 50, "only {edges} uses between modules were found");
    assert_none(
        "modules that import themselves back (make one depend on the other, or move what both need below them)",
        found,
    );
}

#[test]
fn the_cycle_check_finds_a_cycle_and_passes_a_chain() {
    let file = |relative: &str, text: &str| (relative.to_owned(), Source::parse(relative, text));
    let chain = [
        file("lib.rs", "mod a;\nmod b;\n"),
        file("a.rs", "use crate::b::Thing;\n"),
        file("b.rs", "pub struct Thing;\n"),
    ];
    assert!(cycles(&module_graph(&chain)).is_empty());
    let cycle = [
        file("lib.rs", "mod a;\nmod b;\nmod c;\n"),
        file("a.rs", "use crate::b::Thing;\npub struct X;\n"),
        file(
            "b.rs",
            "pub struct Thing;\npub fn z() -> crate::c::Y {\n    todo!()\n}\n",
        ),
        file(
            "c.rs",
            "pub struct Y;\npub fn w() -> super::a::X {\n    todo!()\n}\n",
        ),
    ];
    let graph = module_graph(&cycle);
    assert_eq!(cycles(&graph), [vec!["a", "b", "c"]]);
    assert_eq!(
        describe_cycle(&graph, &["a".into(), "b".into(), "c".into()]),
        "a -> b (a.rs:1); b -> c (b.rs:2); c -> a (c.rs:2)"
    );
    // Through a re-export: `use super::Thing` in a child reaches where
    // the parent's `pub use` leads; test code and attributes count as
    // the issue says.
    let through = [
        file("lib.rs", "mod p;\n"),
        file("p/mod.rs", "mod q;\nmod r;\npub use r::Thing;\n"),
        file(
            "p/q.rs",
            "use super::Thing;\n#[serde(with = \"super::r\")]\npub struct S;\n#[cfg(test)]\nmod tests {\n    use crate::p::r::Other;\n}\n",
        ),
        file(
            "p/r.rs",
            "pub struct Thing;\npub fn f() {\n    super::q::g();\n}\n",
        ),
    ];
    let graph = module_graph(&through);
    assert_eq!(cycles(&graph), [vec!["p::q", "p::r"]]);
    assert_eq!(
        describe_cycle(&graph, &["p::q".into(), "p::r".into()]),
        "p::q -> p::r (p/q.rs:1); p::r -> p::q (p/r.rs:3)"
    );
}
