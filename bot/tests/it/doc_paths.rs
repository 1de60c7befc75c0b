//! Every repository path that a doc or a comment cites exists.
//!
//! Files move (scripts into tools/, docs split in two) and a citation left
//! behind sends the reader to nothing. Read from the workspace's folder:
//! every Markdown file whole (code blocks included: their commands name
//! scripts), and the comments of `.rs`, `.toml`, `.sh` and `.py` files and
//! of `.ci/run` (in Rust, what follows `//` on a line; elsewhere what
//! follows a `#` at a line's start or after a space).
//!
//! A citation is a run of path characters (letters, digits, `_ . / * -`)
//! that starts with one of the repository's top-level folders and a slash
//! ([`TOP`]), where the character before it is not itself a path
//! character: so the paths inside URLs (after their `//` or a host) are
//! not read. The run ends at anything else, which drops a `:line`
//! suffix, an `#anchor` and a placeholder such as `<id>` (what is before
//! it is checked); a trailing full stop is a sentence's. A path with `*`
//! is a glob: it holds when it matches at least one file or folder. In
//! Markdown, a link's target (`](target)`, not a URL nor an anchor) is
//! checked too, relative to its page.

use std::path::{Path, PathBuf};

/// The repository's top-level folders: a path that starts with one of
/// these and a slash is read as a citation.
const TOP: [&str; 8] = [
    "bot",
    "rules",
    "engine",
    "render",
    "migrations",
    "docs",
    "tools",
    ".ci",
];

/// The workspace's folder.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '*' | '-')
}

/// The repository paths `text` cites, as written (`:line`, anchors and
/// placeholders cut off).
fn citations(text: &str) -> Vec<String> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (at, _) = chars[i];
        let starts = i == 0 || !is_path_char(chars[i - 1].1);
        let top = TOP
            .iter()
            .find(|top| text[at..].starts_with(&format!("{top}/")));
        match top {
            Some(_) if starts => {
                let mut j = i;
                while j < chars.len() && is_path_char(chars[j].1) {
                    j += 1;
                }
                let end = chars.get(j).map_or(text.len(), |&(e, _)| e);
                let path = text[at..end].trim_end_matches('.');
                found.push(path.to_owned());
                i = j;
            }
            _ => i += 1,
        }
    }
    found
}

/// The targets of the Markdown links in `line` that are neither URLs
/// (`scheme:`) nor anchors on the same page, their anchors cut off.
fn link_targets(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find("](") {
        rest = &rest[start + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split_whitespace().next().unwrap_or("");
        rest = &rest[end..];
        let scheme = target
            .find(':')
            .is_some_and(|colon| target[..colon].chars().all(|c| c.is_ascii_alphabetic()));
        let path = target.split('#').next().unwrap_or("");
        if !scheme && !path.is_empty() {
            found.push(path.to_owned());
        }
    }
    found
}

/// Whether `pattern`'s components, from `dir`, name something: literal
/// components must exist, `*` in one matches any run of characters, and
/// `**` any depth of folders.
fn matches(dir: &Path, components: &[&str]) -> bool {
    let Some((first, rest)) = components.split_first() else {
        return dir.exists();
    };
    if first.is_empty() || *first == "." {
        return matches(dir, rest);
    }
    if !first.contains('*') {
        return matches(&dir.join(first), rest);
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    let names: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    if *first == "**" {
        return matches(dir, rest) || names.iter().any(|p| p.is_dir() && matches(p, components));
    }
    names.iter().any(|p| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| wildcard(first, n))
            && matches(p, rest)
    })
}

/// Whether `name` matches `pattern`, where `*` matches any run of
/// characters.
fn wildcard(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            name.starts_with(head)
                && (0..=name.len() - head.len()).any(|skip| {
                    name.is_char_boundary(head.len() + skip)
                        && wildcard(tail, &name[head.len() + skip..])
                })
        }
    }
}

fn exists(base: &Path, path: &str) -> bool {
    let components: Vec<&str> = path.split('/').collect();
    matches(base, &components)
}

/// The part of `line` a file of kind `extension` holds as a comment, if
/// any: all of a Markdown line.
fn comment<'a>(extension: &str, line: &'a str) -> Option<&'a str> {
    match extension {
        "md" => Some(line),
        "rs" => line.find("//").map(|at| &line[at..]),
        _ => line
            .char_indices()
            .find(|&(at, c)| c == '#' && (at == 0 || line[..at].ends_with([' ', '\t'])))
            .map(|(at, _)| &line[at..]),
    }
}

/// The files read: Markdown, and the kinds whose comments are read, under
/// `root` (build output, git's folder and other hidden folders but
/// `.ci` left out), with their kind.
fn files(root: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir:?}: {e}")) {
            let path = entry.unwrap().path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if name != "target" && (!name.starts_with('.') || name == ".ci") {
                    stack.push(path);
                }
                continue;
            }
            let kind = match path.extension().and_then(|e| e.to_str()) {
                Some(e @ ("md" | "rs" | "toml" | "sh" | "py")) => e.to_owned(),
                _ if name == "run" && dir.ends_with(".ci") => "sh".to_owned(),
                _ => continue,
            };
            found.push((path, kind));
        }
    }
    found.sort();
    found
}

#[test]
fn docs_and_comments_cite_paths_that_exist() {
    let root = workspace();
    let mut dead = Vec::new();
    for (path, kind) in files(&root) {
        let text = std::fs::read_to_string(&path).unwrap();
        let shown = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (n, line) in text.lines().enumerate() {
            let Some(comment) = comment(&kind, line) else {
                continue;
            };
            for cited in citations(comment) {
                if !exists(&root, &cited) {
                    dead.push(format!("{shown}:{}: {cited}", n + 1));
                }
            }
            if kind == "md" {
                let page = path.parent().unwrap_or(&root);
                for target in link_targets(comment) {
                    if !exists(page, &target) {
                        dead.push(format!("{shown}:{}: link {target}", n + 1));
                    }
                }
            }
        }
    }
    assert!(
        dead.is_empty(),
        "cited paths that do not exist (fix the citation, or the path):\n  {}",
        dead.join("\n  ")
    );
}

/// The reading itself: what counts as a citation, and what is left alone.
#[test]
fn citations_are_read_as_the_module_says() {
    let text = "see `bot/tests/it/main.rs:12:5`, docs/engine.md#levels and \
                rules/src/<id>/ (or tools/engine/*.sh). Not https://x.invalid/bot/a, \
                nor sub/bot/b, nor robot/c.";
    assert_eq!(
        citations(text),
        [
            "bot/tests/it/main.rs",
            "docs/engine.md",
            "rules/src/",
            "tools/engine/*.sh"
        ]
    );
    assert_eq!(
        link_targets("[a](engine.md#x), [b](https://x.invalid/c), [c](#here), ![](images/d.png)"),
        ["engine.md", "images/d.png"]
    );
    let root = workspace();
    assert!(exists(&root, "tools/engine/*.sh"));
    assert!(exists(&root, "render/tests/it/**/mod.rs"));
    assert!(!exists(&root, "render/tests/*.rs"));
    assert!(!exists(&root, "bot/tests/support"));
    assert_eq!(
        comment("rs", "let a = 1; // bot/tests"),
        Some("// bot/tests"),
        "a Rust comment"
    );
    assert_eq!(comment("sh", "echo \"${#list}\""), None, "not a comment");
}
