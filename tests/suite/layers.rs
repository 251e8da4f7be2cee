//! The layer rule of `docs/architecture.md`, enforced: every file under
//! `src/` and `api/` belongs to one layer, and each `crate::…`, `super::…`,
//! `self::…` or `wlo_mcp::…` path in its code may only point to its own layer
//! or one below. Sibling modules (files of one directory) must not refer to
//! each other in a circle. A failure names the file, the line and the edge.
//!
//! Tools read nothing themselves: no file of the tools layer touches the
//! upstream client (`app.upstream`, `EduSharing`); the domain reads for them.
//!
//! The scanner reads code only: comments (doc links included), string and
//! character literals are blanked first, and `super::` inside an inline
//! `mod … { }` is resolved from that inline module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first. A file may refer to its own layer and the ones
/// before it in this list.
const LAYERS: [&str; 8] = [
    "leaf",
    "upstream",
    "context",
    "domain",
    "tools",
    "surface",
    "transport",
    "entry",
];

/// Edges that still cross the rule, as (top-level module, layer it may not
/// use), each with the reason it is tolerated. An entry whose edge no longer
/// exists fails the test, so the list cannot go stale. Empty: every edge
/// follows the rule.
const KNOWN_EXCEPTIONS: &[(&str, &str)] = &[];

/// The layer of a module path (`tools::search_all`, `search::ranking::expand`).
fn layer_of(module: &str) -> &'static str {
    let top = module.split("::").next().unwrap_or_default();
    match top {
        "" | "main" | "bin" | "api" => "entry",
        "transport" => "transport",
        "server" | "surface" => "surface",
        "tools" => "tools",
        "search" | "navigation" => "domain",
        "app" => "context",
        "upstream" => "upstream",
        "config" | "vocab" | "ids" | "node" | "urls" | "card" | "attribution" => "leaf",
        other => panic!("module {other} has no layer: add it to docs/architecture.md and to layer_of"),
    }
}

fn rank(layer: &str) -> usize {
    LAYERS.iter().position(|l| *l == layer).unwrap()
}

/// One reference in code: the module that holds it, the line, and the
/// module it names.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Reference {
    line: usize,
    from: String,
    to: String,
}

/// A file's module path: `src/tools/search_all.rs` → `tools::search_all`,
/// `src/tools/mod.rs` → `tools`, `src/lib.rs` → `` (the crate root).
fn module_of(relative: &Path) -> String {
    let parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.first().map(String::as_str) {
        Some("src") => {
            let mut rest: Vec<String> = parts[1..].to_vec();
            if matches!(rest.last().map(String::as_str), Some("mod" | "lib")) {
                rest.pop();
            }
            rest.join("::")
        }
        // Separate crates: their own root, named for where they live.
        _ => parts.join("::"),
    }
}

/// Blank comments, string and character literals (newlines kept, so line
/// numbers stay right).
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_char(chars.get(i.wrapping_sub(1))) {
            // Raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() {
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.extend(chars[i..j.min(chars.len())].iter().map(|c| blank(*c)));
            i = j;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(chars.len());
            out.extend(chars[i..end].iter().map(|c| blank(*c)));
            i = end;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{1}'), else a lifetime.
            let end = if next == Some('\\') {
                (i + 2..chars.len()).find(|j| chars[*j] == '\'').map(|j| j + 1)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.extend(chars[i..end].iter().map(|c| blank(*c)));
                    i = end;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// Every module a file's code names, resolved against the modules that exist.
fn references(module: &str, source: &str, modules: &BTreeSet<String>) -> Vec<Reference> {
    let code = code_only(source);
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut line = 1;
    // Inline modules open at a brace depth; `super` inside one starts there.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => line += 1,
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            _ => {}
        }
        if ident_char(Some(&c)) && !ident_char(chars.get(i.wrapping_sub(1))) {
            let word: String = chars[i..].iter().take_while(|c| ident_char(Some(c))).collect();
            let after = i + word.chars().count();
            let here = inline.last().map_or(module.to_string(), |(m, _)| m.clone());
            if word == "mod" {
                // `mod name {` opens an inline module.
                let rest: String = chars[after..].iter().take(80).collect();
                let name: String = rest.trim_start().chars().take_while(|c| ident_char(Some(c))).collect();
                let tail = rest.trim_start()[name.len()..].trim_start();
                if !name.is_empty() && tail.starts_with('{') {
                    inline.push((join(&here, &name), depth));
                }
            } else if matches!(word.as_str(), "crate" | "super" | "self" | "wlo_mcp") && starts_path(&chars, after) {
                for (at, path) in paths(&chars, i) {
                    if let Some(to) = resolve(&here, &path, modules) {
                        found.push(Reference {
                            line: line + chars[i..at].iter().filter(|c| **c == '\n').count(),
                            from: module.to_string(),
                            to,
                        });
                    }
                }
            }
            i = after;
            continue;
        }
        i += 1;
    }
    found
}

fn join(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        name.to_string()
    } else {
        format!("{parent}::{name}")
    }
}

fn starts_path(chars: &[char], at: usize) -> bool {
    chars.get(at) == Some(&':') && chars.get(at + 1) == Some(&':')
}

/// The paths starting at `start` (`crate::a::b`, or one per entry of a group:
/// `crate::{a::b, c}`), as segment lists, each with where its last segment
/// starts (for the line number).
fn paths(chars: &[char], start: usize) -> Vec<(usize, Vec<String>)> {
    let mut prefix = Vec::new();
    let mut i = start;
    loop {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        if chars.get(i) == Some(&'{') {
            // A group: each comma-separated entry continues the prefix.
            let mut out = Vec::new();
            let mut j = i + 1;
            let mut level = 0;
            let mut entry_start = j;
            while j < chars.len() {
                match chars[j] {
                    '{' => level += 1,
                    '}' if level == 0 => break,
                    '}' => level -= 1,
                    ',' if level == 0 => {
                        out.extend(entry(chars, entry_start, &prefix));
                        entry_start = j + 1;
                    }
                    _ => {}
                }
                j += 1;
            }
            out.extend(entry(chars, entry_start, &prefix));
            return out;
        }
        let word: String = chars[i..].iter().take_while(|c| ident_char(Some(c))).collect();
        if word.is_empty() {
            return vec![(i, prefix)];
        }
        let at = i;
        i += word.chars().count();
        prefix.push(word);
        if !starts_path(chars, i) {
            return vec![(at, prefix)];
        }
        i += 2;
    }
}

fn entry(chars: &[char], start: usize, prefix: &[String]) -> Vec<(usize, Vec<String>)> {
    let mut i = start;
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    if !ident_char(chars.get(i)) && chars.get(i) != Some(&'{') {
        return Vec::new();
    }
    paths(chars, i)
        .into_iter()
        .map(|(at, tail)| (at, prefix.iter().cloned().chain(tail).collect()))
        .collect()
}

/// The module a path names: `crate`/`wlo_mcp` from the root, `super`/`self`
/// from `here`; the longest prefix that is a module.
fn resolve(here: &str, path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    let mut base: Vec<&str> = if here.is_empty() {
        Vec::new()
    } else {
        here.split("::").collect()
    };
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate" | "wlo_mcp") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        _ => {}
    }
    while rest.first().map(String::as_str) == Some("super") {
        base.pop();
        rest = &rest[1..];
    }
    let mut best = None;
    let mut current = base.join("::");
    if modules.contains(&current) {
        best = Some(current.clone());
    }
    for segment in rest {
        current = join(&current, segment);
        if modules.contains(&current) {
            best = Some(current.clone());
        } else {
            break;
        }
    }
    best.filter(|m| !m.is_empty())
}

/// The `.rs` files under the crate's `src/` and `api/`.
fn source_files(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root.join("src"), &mut out);
    walk(&root.join("api"), &mut out);
    out.sort();
    out
}

/// The violations in a set of files given as (path relative to the crate,
/// source): edges that point up, and circles between sibling modules.
fn violations(files: &[(PathBuf, String)]) -> Vec<String> {
    let modules: BTreeSet<String> = files.iter().map(|(path, _)| module_of(path)).collect();
    let mut problems = Vec::new();
    let mut edges: BTreeMap<(String, String), (String, usize)> = BTreeMap::new();
    let mut used_exceptions = BTreeSet::new();
    for (path, source) in files {
        let module = module_of(path);
        for reference in references(&module, source, &modules) {
            let (from, to) = (layer_of(&reference.from), layer_of(&reference.to));
            let top_from = reference.from.split("::").next().unwrap_or_default();
            if rank(to) > rank(from) {
                let exception = KNOWN_EXCEPTIONS.iter().find(|(f, t)| *f == top_from && *t == to);
                if let Some(exception) = exception {
                    used_exceptions.insert(*exception);
                } else {
                    problems.push(format!(
                        "{}:{}: {} ({from}) refers to {} ({to}), a layer above it",
                        path.display(),
                        reference.line,
                        reference.from,
                        reference.to
                    ));
                }
            }
            // Sibling edge: both directly under the same parent module.
            if let Some((a, b)) = sibling_pair(&reference.from, &reference.to) {
                edges
                    .entry((a, b))
                    .or_insert_with(|| (path.display().to_string(), reference.line));
            }
        }
    }
    problems.extend(circles(&edges));
    for (path, source) in files {
        for line in aliases(source) {
            problems.push(format!(
                "{}:{line}: an alias of `crate`, `self` or `super` hides the paths behind it from this check: write the path",
                path.display()
            ));
        }
    }
    if files.len() > 20 {
        for exception in KNOWN_EXCEPTIONS {
            if !used_exceptions.contains(exception) {
                problems.push(format!(
                    "known exception {exception:?} no longer occurs: remove it from KNOWN_EXCEPTIONS and docs/architecture.md"
                ));
            }
        }
    }
    problems
}

/// The circles among sibling modules, of any length: one per set of modules
/// that reach each other, the shortest from the set's first module. A circle
/// of two reads `circle between sibling modules a and b: <a→b> and <b→a>`,
/// a longer one `a → b → c → a: <a→b>, <b→c>, <c→a>`.
fn circles(edges: &BTreeMap<(String, String), (String, usize)>) -> Vec<String> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (a, b) in edges.keys() {
        next.entry(a).or_default().push(b);
    }
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(at) = todo.pop() {
            for to in next.get(at.as_str()).into_iter().flatten() {
                if seen.insert(to.to_string()) {
                    todo.push(to.to_string());
                }
            }
        }
        seen
    };
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for start in next.keys() {
        if done.contains(*start) || !reach(start).contains(*start) {
            continue;
        }
        // The set: what `start` reaches and what reaches it back.
        for other in reach(start) {
            if reach(&other).contains(*start) {
                done.insert(other);
            }
        }
        // Breadth first from `start` until an edge leads back to it.
        let mut parent: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([*start]);
        let mut last = None;
        while let Some(at) = queue.pop_front() {
            let successors = next.get(at).map(Vec::as_slice).unwrap_or_default();
            if successors.contains(start) {
                last = Some(at);
                break;
            }
            for to in successors {
                if *to != *start && !parent.contains_key(to) {
                    parent.insert(*to, at);
                    queue.push_back(*to);
                }
            }
        }
        let mut cycle = vec![last.expect("start reaches itself")];
        while let Some(before) = parent.get(cycle.last().unwrap()) {
            cycle.push(*before);
        }
        if *cycle.last().unwrap() != *start {
            cycle.push(start);
        }
        cycle.reverse();
        let at = |a: &str, b: &str| {
            let (file, line) = &edges[&(a.to_string(), b.to_string())];
            format!("{file}:{line}")
        };
        let steps: Vec<String> = (0..cycle.len())
            .map(|i| at(cycle[i], cycle[(i + 1) % cycle.len()]))
            .collect();
        out.push(if cycle.len() == 2 {
            format!(
                "circle between sibling modules {} and {}: {} and {}",
                cycle[0], cycle[1], steps[0], steps[1]
            )
        } else {
            format!(
                "circle between sibling modules {} → {}: {}",
                cycle.join(" → "),
                cycle[0],
                steps.join(", ")
            )
        });
    }
    out
}

/// The lines of `use` and `extern crate` items that alias `crate`, `self`,
/// `super` or `wlo_mcp` (`use crate as c;`, `use super::{self as p};`,
/// `extern crate self as c;`): a path through such a name is invisible to
/// this check, so the alias is not allowed.
fn aliases(source: &str) -> Vec<usize> {
    let code = code_only(source);
    // Every word with its line, then the words of each item from `use` or
    // `extern` to its `;`.
    let mut words: Vec<(usize, String)> = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let mut word = String::new();
        for c in line.chars().chain([' ']) {
            if c.is_alphanumeric() || c == '_' {
                word.push(c);
                continue;
            }
            if !word.is_empty() {
                words.push((n + 1, std::mem::take(&mut word)));
            }
            if c == ';' {
                words.push((n + 1, ";".into()));
            }
        }
    }
    let mut out = Vec::new();
    let mut in_item = false;
    for pair in words.windows(2) {
        let ((line, word), (_, after)) = (&pair[0], &pair[1]);
        match word.as_str() {
            "use" | "extern" => in_item = true,
            ";" => in_item = false,
            "crate" | "self" | "super" | "wlo_mcp" if in_item && after == "as" => out.push(*line),
            _ => {}
        }
    }
    out.dedup();
    out
}

/// The two sibling modules an edge connects, if it connects siblings (or
/// descendants of two siblings): `search::ranking::expand::x` →
/// `search::ranking::query` gives (`…::expand`, `…::query`). An edge between
/// a module and its own ancestor or descendant connects no siblings.
fn sibling_pair(from: &str, to: &str) -> Option<(String, String)> {
    let a: Vec<&str> = from.split("::").collect();
    let b: Vec<&str> = to.split("::").collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common >= a.len() || common >= b.len() {
        return None;
    }
    Some((a[..=common].join("::"), b[..=common].join("::")))
}

/// Tool modules that still read upstream themselves, each removed when its
/// reads move below. An entry that no longer reads fails the test.
const TOOLS_THAT_READ: &[&str] = &[];

/// The places where a tools-layer file uses the upstream client directly:
/// `….upstream` (the client `App` holds) or the name `EduSharing`.
fn upstream_calls_in_tools(files: &[(PathBuf, String)]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut reading = BTreeSet::new();
    for (path, source) in files {
        let module = module_of(path);
        if layer_of(&module) != "tools" {
            continue;
        }
        let code = code_only(source);
        for (index, line) in code.lines().enumerate() {
            let field = line
                .match_indices(".upstream")
                .any(|(at, _)| !ident_char(line[at + ".upstream".len()..].chars().next().as_ref()));
            let client = line
                .match_indices("EduSharing")
                .any(|(at, _)| !ident_char(line[..at].chars().last().as_ref()));
            if field || client {
                reading.insert(module.clone());
                if !TOOLS_THAT_READ.contains(&module.as_str()) {
                    problems.push(format!(
                        "{}:{}: {module} uses the upstream client; read through search/ or navigation/",
                        path.display(),
                        index + 1
                    ));
                }
            }
        }
    }
    if files.len() > 20 {
        for module in TOOLS_THAT_READ {
            if !reading.contains(*module) {
                problems.push(format!(
                    "{module} no longer reads upstream: remove it from TOOLS_THAT_READ"
                ));
            }
        }
    }
    problems
}

fn crate_files() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    source_files(root)
        .into_iter()
        .map(|path| {
            let source = std::fs::read_to_string(&path).unwrap();
            (path.strip_prefix(root).unwrap().to_path_buf(), source)
        })
        .collect()
}

#[test]
fn no_tool_file_uses_the_upstream_client() {
    let problems = upstream_calls_in_tools(&crate_files());
    assert!(problems.is_empty(), "tools read upstream:\n{}", problems.join("\n"));
}

#[test]
fn the_checker_finds_a_tool_that_reads_upstream() {
    let files: Vec<(PathBuf, String)> = [
        ("src/lib.rs", "pub mod tools;\n"),
        ("src/tools/mod.rs", "pub mod a;\npub mod b;\n"),
        // A doc comment and a string may mention it; the code may not.
        (
            "src/tools/a.rs",
            "//! app.upstream in a comment\nconst S: &str = \".upstream\";\nfn f(app: &App) { let _ = app\n    .upstream\n    .metadata(); }\n",
        ),
        ("src/tools/b.rs", "use crate::upstream::EduSharing;\nuse crate::upstream::UpstreamError;\n"),
    ]
    .iter()
    .map(|(path, source)| (PathBuf::from(path), source.to_string()))
    .collect();
    let problems: Vec<String> = upstream_calls_in_tools(&files);
    assert_eq!(
        problems,
        [
            "src/tools/a.rs:4: tools::a uses the upstream client; read through search/ or navigation/",
            "src/tools/b.rs:1: tools::b uses the upstream client; read through search/ or navigation/",
        ]
    );
}

#[test]
fn no_file_refers_to_a_layer_above_it_and_no_siblings_form_a_circle() {
    let files = crate_files();
    assert!(files.len() > 50, "found only {} files", files.len());
    let problems = violations(&files);
    assert!(problems.is_empty(), "layer rule broken:\n{}", problems.join("\n"));
}

fn synthetic(files: &[(&str, &str)]) -> Vec<String> {
    let files: Vec<(PathBuf, String)> = files
        .iter()
        .map(|(path, source)| (PathBuf::from(path), source.to_string()))
        .collect();
    violations(&files)
}

#[test]
fn the_checker_names_file_line_and_edge_of_an_upward_reference() {
    let problems = synthetic(&[
        ("src/lib.rs", "pub mod tools;\npub mod search;\n"),
        ("src/tools/mod.rs", "pub mod run;\n"),
        ("src/tools/run.rs", "pub fn run() {}\n"),
        (
            "src/search/mod.rs",
            "//! Mentions crate::tools in a comment, which is fine.\nconst S: &str = \"crate::tools\";\n\nuse crate::tools::run::run;\n",
        ),
    ]);
    assert_eq!(
        problems,
        ["src/search/mod.rs:4: search (domain) refers to tools::run (tools), a layer above it"]
    );
}

#[test]
fn the_checker_resolves_groups_super_and_inline_modules() {
    let problems = synthetic(&[
        ("src/lib.rs", "pub mod upstream;\npub mod card;\npub mod server;\n"),
        ("src/server.rs", "pub struct S;\n"),
        ("src/card.rs", "pub fn f() {}\n"),
        // A group spanning lines, `super::super` from an inline module.
        (
            "src/upstream/mod.rs",
            "pub mod model;\nuse crate::{\n    card::f,\n    server::S,\n};\n",
        ),
        (
            "src/upstream/model.rs",
            "#[cfg(test)]\nmod tests {\n    use super::super::super::server::S;\n    use super::*;\n}\n",
        ),
    ]);
    assert_eq!(
        problems,
        [
            "src/upstream/mod.rs:4: upstream (upstream) refers to server (surface), a layer above it",
            "src/upstream/model.rs:3: upstream::model (upstream) refers to server (surface), a layer above it",
        ]
    );
}

#[test]
fn the_checker_finds_a_circle_between_siblings() {
    let problems = synthetic(&[
        ("src/lib.rs", "pub mod search;\n"),
        ("src/search/mod.rs", "mod expand;\nmod query;\nmod text;\n"),
        ("src/search/expand.rs", "use super::query::q;\nuse super::text::t;\n"),
        (
            "src/search/query.rs",
            "pub fn q() {}\n\nfn g() { super::expand::e(); }\n",
        ),
        ("src/search/text.rs", "pub fn t() { crate::search::mod_level(); }\n"),
    ]);
    assert_eq!(
        problems,
        [
            "circle between sibling modules search::expand and search::query: src/search/expand.rs:1 and src/search/query.rs:3"
        ]
    );
}

#[test]
fn the_checker_finds_a_circle_of_three_siblings() {
    let problems = synthetic(&[
        ("src/lib.rs", "pub mod search;\n"),
        ("src/search/mod.rs", "mod a;\nmod b;\nmod c;\nmod d;\n"),
        ("src/search/a.rs", "use super::b::f;\n"),
        ("src/search/b.rs", "pub fn f() {}\n\nuse super::c::g;\n"),
        ("src/search/c.rs", "pub fn g() { super::a::h(); }\n"),
        // d uses all three without closing a circle.
        ("src/search/d.rs", "use super::{a::h, b::f, c::g};\n"),
    ]);
    assert_eq!(
        problems,
        [
            "circle between sibling modules search::a → search::b → search::c → search::a: src/search/a.rs:1, src/search/b.rs:3, src/search/c.rs:1"
        ]
    );
    // Without the closing edge there is no circle.
    let open = synthetic(&[
        ("src/lib.rs", "pub mod search;\n"),
        ("src/search/mod.rs", "mod a;\nmod b;\nmod c;\n"),
        ("src/search/a.rs", "use super::b::f;\n"),
        ("src/search/b.rs", "use super::c::g;\n"),
        ("src/search/c.rs", "pub fn g() {}\n"),
    ]);
    assert_eq!(open, Vec::<String>::new());
}

#[test]
fn the_checker_rejects_aliases_of_crate_self_and_super() {
    let problems = synthetic(&[
        (
            "src/lib.rs",
            "pub mod search;\npub mod tools;\nextern crate self as wlo;\n",
        ),
        ("src/tools/mod.rs", "pub fn t() {}\n"),
        (
            "src/search/mod.rs",
            "mod a;\n// use crate as c; in a comment is fine\nuse crate as root;\nfn f() { root::tools::t(); }\n",
        ),
        (
            "src/search/a.rs",
            "use super::{\n    self as parent,\n};\nfn g(x: u8) -> u32 { x as u32 }\n",
        ),
    ]);
    let expected = |at: &str| {
        format!(
            "{at}: an alias of `crate`, `self` or `super` hides the paths behind it from this check: write the path"
        )
    };
    assert_eq!(
        problems,
        [
            expected("src/lib.rs:3"),
            expected("src/search/mod.rs:3"),
            expected("src/search/a.rs:2")
        ]
    );
}

/// Module files standing beside a folder of the same name (`foo.rs` beside
/// `foo/`): docs/architecture.md asks for `foo/mod.rs`, so that a module
/// and its sub-modules live in one place.
fn files_beside_folders(files: &[PathBuf]) -> Vec<String> {
    let folders: BTreeSet<PathBuf> = files.iter().filter_map(|f| f.parent().map(Path::to_path_buf)).collect();
    files
        .iter()
        .filter(|f| {
            f.file_name()
                .is_some_and(|n| n != "mod.rs" && n != "lib.rs" && n != "main.rs")
        })
        .filter(|f| folders.contains(&f.with_extension("")))
        .map(|f| {
            format!(
                "{} stands beside the folder {}: move it to mod.rs",
                f.display(),
                f.with_extension("").display()
            )
        })
        .collect()
}

/// The modules `src/lib.rs` declares (`pub mod x;`) and the ones its layer
/// table links in the crate docs (`[`x`]`, `[`x`](mod@x)`), each with the
/// layer row it stands in.
fn crate_doc_table(lib: &str) -> (BTreeSet<String>, BTreeMap<String, String>) {
    let declared: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';').to_string())
        .collect();
    let mut linked = BTreeMap::new();
    for line in lib.lines().filter_map(|l| l.strip_prefix("//! |")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [layer, modules, ..] = cells.as_slice() else {
            continue;
        };
        for link in modules.split("[`").skip(1) {
            let name = link.split('`').next().unwrap_or_default();
            linked.insert(name.to_string(), layer.to_string());
        }
    }
    (declared, linked)
}

#[test]
fn no_module_file_stands_beside_its_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<PathBuf> = source_files(root)
        .into_iter()
        .map(|p| p.strip_prefix(root).unwrap().to_path_buf())
        .collect();
    let problems = files_beside_folders(&files);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The check itself finds one.
    let planted = files_beside_folders(&[
        PathBuf::from("src/search/ranking/compound.rs"),
        PathBuf::from("src/search/ranking/compound/split.rs"),
        PathBuf::from("src/search/ranking/mod.rs"),
    ]);
    assert_eq!(planted.len(), 1, "{planted:?}");
}

#[test]
fn the_crate_docs_link_every_top_level_module_in_its_layer() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let (declared, linked) = crate_doc_table(&lib);
    assert!(declared.len() > 10, "{declared:?}");
    let names: BTreeSet<String> = linked.keys().cloned().collect();
    assert_eq!(
        names, declared,
        "src/lib.rs: the layer table must link exactly the declared modules"
    );
    for (module, row) in &linked {
        let layer = layer_of(module);
        let expected = match layer {
            "entry" => "entry points",
            "surface" => "MCP surface",
            other => other,
        };
        assert_eq!(
            row, expected,
            "src/lib.rs links {module} in the {row} row; it is in the {layer} layer"
        );
    }
}
