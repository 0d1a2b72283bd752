//! The house's own rules, read from the source: the layering that the README's layout
//! states, no circle between files, no function over 80 lines, and a game named only in its
//! folder and the registry.
//!
//! **Long functions.** A function (free, a method, or nested) is counted from its `fn`
//! line to the line of its closing brace, in the code without comments and literals; test
//! files and `#[cfg(test)]` items are left out. A `#[cfg(test)]` on a statement or a match
//! arm is no item and hides nothing.
//!
//! **Floors.** Every top-level module stands on one floor of the README's arrow line, and
//! no file (its tests included) names a module on a floor above its own; the command line
//! reaches the files on disk only through `ops`.
//!
//! **What a file names.** The source is read without its comments, strings and character
//! literals. A `use` item is read whole, from `use` to its `;` over as many lines as it
//! takes, and every path of its tree (`crate::{games::Seat, table::{A, B}}` is two paths)
//! is resolved to a path from the crate's root: `crate::`, `self::`, `super::` chains, a
//! child module the file declares (`mod x;`, so `x::Y`), and a name an earlier `use`
//! bound, aliases of the crate included (`use crate as root;`, `extern crate self as me;`,
//! `use crate::ops as o;`, then `root::ops::X`). Paths in the code (`crate::report::View`,
//! `root::ops::play`, `games::Seat` after `use crate::games;`) are resolved the same way.
//! `$crate::` inside a macro is the macro's own, not the file's.
//!
//! **Circles.** A file imports another when a path it names resolves to an item of that
//! file: the path's longest prefix that is a module with a file (`a/b.rs` or `a/b/mod.rs`),
//! followed through the `use` items of that file (a `mod.rs` that re-exports
//! `pub use event::Event` hands `crate::games::Event` on to `games/event.rs`, which is
//! where the item lives; a glob `pub use x::*` is followed when `x` defines the name).
//! Two readings keep the common Rust shape out of the circles:
//! * a module file naming its own descendants (a `mod.rs` declaring, re-exporting or
//!   calling its children) is the module speaking of its own parts, not an import between
//!   peers: that edge is left out, while a child naming its parent's items with `super::`
//!   or `crate::` counts (the child depends on its parent). So a parent and its child
//!   never close a circle by themselves, but siblings do (`games/facts.rs` ↔
//!   `games/tides/mod.rs`), and so does a child that leans on a sibling of its parent
//!   that leans back on it;
//! * test modules are leaves nothing imports: an item under `#[cfg(test)]` (an inline
//!   `mod tests { .. }` or a `#[cfg(test)] mod tests;` file and all under it) is read
//!   for the floors but is no node or edge of the graph.
//!
//! Every circle (a strongly connected set of two or more files) is named with one cycle
//! through it, the line of each step and every import inside it; `KNOWN_CIRCLES` lists
//! the ones left on purpose, and the test fails when one of them is gone.
//!
//! What the reader does not see: a method called on a value (`spec.plans(..)`, the type
//! written nowhere), a macro's expansion (`with_game!`), and a name that came in by a
//! glob of the importing file (`use super::*;` then `Seat`); a name a `mod.rs` re-exports
//! by glob is followed when the glob's file defines it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

/// The floors, top to bottom, as the README's arrow line gives them.
fn floors_in_readme() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let line = readme
        .lines()
        .find(|l| l.contains("The arrows go one way:"))
        .expect("the README's layout gives the arrows");
    let arrows = &line[line.find(':').unwrap() + 1..];
    arrows
        .split('→')
        .map(|floor| {
            floor
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect()
        })
        .collect()
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The crate's source files, by their path under `src/` (with `/` between parts).
fn crate_sources() -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files
        .iter()
        .map(|file| {
            let rel = file.strip_prefix(&src).unwrap();
            let rel: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into()).collect();
            (rel.join("/"), std::fs::read_to_string(file).unwrap())
        })
        .collect()
}

/// The module path of a source file under `src/` (`ops/sit.rs` is `["ops", "sit"]`,
/// `cli/sit/mod.rs` is `["cli", "sit"]`, `lib.rs` is the root, `[]`).
fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .split('/')
        .map(|p| p.trim_end_matches(".rs").to_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The text with comments, string literals and character literals blanked to spaces
/// (line breaks kept, so lines still count).
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        if let Some(end) = literal_end(&c, i) {
            out.extend(
                c[i..end]
                    .iter()
                    .map(|&ch| if ch == '\n' { '\n' } else { ' ' }),
            );
            i = end;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Where the comment or literal that starts at `c[i]` ends (one past it), if one starts
/// there: `//..`, `/*..*/` (nested), `".."`, a raw string (`r#".."#`, `br".."`) or a
/// character literal (`'x'`, `'\n'`; a lifetime `'a` is none).
fn literal_end(c: &[char], i: usize) -> Option<usize> {
    let at = |k: usize| c.get(i + k).copied().unwrap_or('\0');
    if at(0) == '/' && at(1) == '/' {
        return Some((i..c.len()).find(|&j| c[j] == '\n').unwrap_or(c.len()));
    }
    if at(0) == '/' && at(1) == '*' {
        let mut depth = 0;
        let mut j = i;
        while j < c.len() {
            if c[j..].starts_with(&['/', '*']) {
                depth += 1;
                j += 2;
            } else if c[j..].starts_with(&['*', '/']) {
                depth -= 1;
                j += 2;
                if depth == 0 {
                    return Some(j);
                }
            } else {
                j += 1;
            }
        }
        return Some(c.len());
    }
    let prefix = match (at(0), at(1)) {
        ('r', _) => 1,
        ('b', 'r') => 2,
        _ => 0,
    };
    if prefix > 0 && !(i > 0 && is_ident(c[i - 1])) {
        let hashes = (prefix..).take_while(|&k| at(k) == '#').count();
        if at(prefix + hashes) == '"' {
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let from = i + prefix + hashes + 1;
            let end = (from..c.len()).find(|&j| c[j..].starts_with(&close));
            return Some(end.map_or(c.len(), |j| j + close.len()));
        }
    }
    if at(0) == '"' || (at(0) == '\'' && (at(1) == '\\' || at(2) == '\'')) {
        let quote = at(0);
        let mut j = i + 1;
        while j < c.len() && c[j] != quote {
            j += if c[j] == '\\' { 2 } else { 1 };
        }
        return Some((j + 1).min(c.len()));
    }
    None
}

/// The byte range of the item that starts at `from`: to its first `;` outside brackets,
/// or to the `}` that closes its first `{` outside parentheses and square brackets.
fn item_end(code: &str, from: usize) -> usize {
    let mut depth = 0i32;
    for (k, ch) in code[from..].char_indices() {
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ';' if depth == 0 => return from + k + 1,
            '{' if depth == 0 => {
                let mut braces = 0;
                for (j, ch) in code[from + k..].char_indices() {
                    match ch {
                        '{' => braces += 1,
                        '}' => {
                            braces -= 1;
                            if braces == 0 {
                                return from + k + j + 1;
                            }
                        }
                        _ => {}
                    }
                }
                return code.len();
            }
            _ => {}
        }
    }
    code.len()
}

/// Whether an item (a `mod`, `fn`, `impl`, ..., after any further attributes) starts at
/// `from`, rather than a statement, a field or a match arm under an attribute.
fn item_follows(code: &str, from: usize) -> bool {
    let mut rest = code[from..].trim_start();
    while rest.starts_with("#[") {
        let mut depth = 0;
        let close = rest[1..].char_indices().find(|&(_, c)| {
            depth += match c {
                '[' => 1,
                ']' => -1,
                _ => 0,
            };
            depth == 0
        });
        let Some((k, _)) = close else { return false };
        rest = rest[k + 2..].trim_start();
    }
    let word: String = rest.chars().take_while(|&c| is_ident(c)).collect();
    [
        "mod",
        "fn",
        "use",
        "impl",
        "struct",
        "enum",
        "union",
        "trait",
        "type",
        "const",
        "static",
        "pub",
        "extern",
        "unsafe",
        "async",
        "macro_rules",
    ]
    .contains(&word.as_str())
}

/// The code with every `#[cfg(test)]` item blanked (its line breaks kept); the attribute
/// on anything else (a match arm, a field) is left as it is.
fn without_tests(code: &str) -> String {
    let mut out = code.to_owned();
    let mut from = 0;
    while let Some(i) = out[from..].find("#[cfg(test)]") {
        let start = from + i;
        if !item_follows(&out, start + "#[cfg(test)]".len()) {
            from = start + "#[cfg(test)]".len();
            continue;
        }
        let end = item_end(&out, start + "#[cfg(test)]".len());
        let blanked: String = out[start..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(start..end, &blanked);
        from = start + blanked.len();
    }
    out
}

/// The line (from 1) of byte `at` in `code`.
fn line_of(code: &str, at: usize) -> usize {
    code[..at].matches('\n').count() + 1
}

/// Where the keyword `word` starts in `code`, as a whole word.
fn keyword_at(code: &str, word: &str) -> Vec<usize> {
    code.match_indices(word)
        .map(|(i, _)| i)
        .filter(|&i| {
            let before = code[..i].chars().next_back();
            let after = code[i + word.len()..].chars().next();
            !before.is_some_and(|c| is_ident(c) || c == '$' || c == ':')
                && !after.is_some_and(is_ident)
        })
        .collect()
}

/// A path of a `use` tree: its parts and the name it binds (none for a glob).
type UsePath = (Vec<String>, Option<String>);

/// The tokens of a `use` tree: identifiers, `::`, `{`, `}`, `,`, `*`.
fn tokens(tree: &str) -> Vec<String> {
    let mut out = Vec::new();
    let c: Vec<char> = tree.chars().collect();
    let mut i = 0;
    while i < c.len() {
        if is_ident(c[i]) || c[i] == '$' {
            let start = i;
            i += 1;
            while i < c.len() && is_ident(c[i]) {
                i += 1;
            }
            out.push(c[start..i].iter().collect());
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            if "{},*".contains(c[i]) {
                out.push(c[i].to_string());
            }
            i += 1;
        }
    }
    out
}

/// The paths of a `use` tree (`a::{b, c::{self, d as e}, f::*}`) after `prefix`.
fn tree_paths(toks: &[String], pos: &mut usize, prefix: &[String], out: &mut Vec<UsePath>) {
    let mut path = prefix.to_vec();
    while *pos < toks.len() {
        let t = toks[*pos].as_str();
        *pos += 1;
        match t {
            "::" => {}
            "{" => {
                loop {
                    tree_paths(toks, pos, &path, out);
                    match toks.get(*pos).map(String::as_str) {
                        Some(",") => *pos += 1,
                        Some("}") => {
                            *pos += 1;
                            break;
                        }
                        _ => break,
                    }
                }
                return;
            }
            "*" => {
                out.push((path, None));
                return;
            }
            "," | "}" => {
                *pos -= 1;
                break;
            }
            "as" => {
                let name = toks.get(*pos).cloned().unwrap_or_default();
                *pos += 1;
                if path.last().is_some_and(|p| p == "self") {
                    path.pop();
                }
                out.push((path, Some(name)));
                return;
            }
            "self" if path.len() > prefix.len() || !prefix.is_empty() => {}
            _ => path.push(t.to_owned()),
        }
    }
    if path.len() > prefix.len() || toks.get(pos.saturating_sub(1)).is_some_and(|t| t == "self") {
        let name = path.last().cloned();
        out.push((path, name));
    }
}

/// The `use` items of `code`: the line each starts on, its paths and its byte range.
/// `extern crate self as x;` is read as `use crate as x;`.
fn use_items(code: &str) -> Vec<(usize, Vec<UsePath>, std::ops::Range<usize>)> {
    let mut items = Vec::new();
    for at in keyword_at(code, "use") {
        let end = item_end(code, at);
        let body = code[at + 3..end].trim_end_matches(';');
        let mut paths = Vec::new();
        tree_paths(&tokens(body), &mut 0, &[], &mut paths);
        items.push((line_of(code, at), paths, at..end));
    }
    for at in keyword_at(code, "extern") {
        let end = item_end(code, at);
        let toks = tokens(&code[at..end]);
        if let [_, krate, this, as_, name] = &toks[..]
            && krate == "crate"
            && this == "self"
            && as_ == "as"
        {
            let paths = vec![(vec!["crate".to_owned()], Some(name.clone()))];
            items.push((line_of(code, at), paths, at..end));
        }
    }
    items.sort_by_key(|(_, _, r)| r.start);
    items
}

/// The paths written in `code` outside its `use` items: `a::b::c` with at least one `::`
/// (turbofish `::<` ends a path), and the line of each.
fn code_paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let c: Vec<(usize, char)> = code.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let (at, ch) = c[i];
        let starts = is_ident(ch)
            && !ch.is_ascii_digit()
            && !(i > 0 && (is_ident(c[i - 1].1) || c[i - 1].1 == '$'))
            && !(i > 1 && c[i - 1].1 == ':' && c[i - 2].1 == ':');
        if !starts {
            i += 1;
            continue;
        }
        let mut parts = Vec::new();
        loop {
            let s = i;
            while i < c.len() && is_ident(c[i].1) {
                i += 1;
            }
            parts.push(c[s..i].iter().map(|(_, ch)| ch).collect::<String>());
            let mut j = i;
            while j < c.len() && c[j].1.is_whitespace() {
                j += 1;
            }
            if j + 1 < c.len() && c[j].1 == ':' && c[j + 1].1 == ':' {
                j += 2;
                while j < c.len() && c[j].1.is_whitespace() {
                    j += 1;
                }
                if j < c.len() && is_ident(c[j].1) {
                    i = j;
                    continue;
                }
            }
            break;
        }
        if parts.len() > 1 {
            out.push((line_of(code, at), parts));
        }
    }
    out
}

/// What one file names, each resolved to a path from the crate's root (`[]` is the root).
struct Names {
    /// (line, path from the root) of every path the file names that resolves in the crate.
    paths: Vec<(usize, Vec<String>)>,
    /// The names its `use` items bind, to paths from the root.
    bindings: BTreeMap<String, Vec<String>>,
    /// Its globs' paths from the root.
    globs: Vec<Vec<String>>,
    /// The child modules it declares (`mod x;` or `mod x { .. }`).
    children: Vec<String>,
}

/// `path` from the crate's root, as written in module `module` that declares `children`
/// and has the `use` bindings `bindings`; none when it leaves the crate.
fn resolve(
    path: &[String],
    module: &[String],
    children: &[String],
    bindings: &BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let head = path.first()?;
    let (mut base, rest) = match head.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (module.to_vec(), &path[1..]),
        "super" => {
            let ups = path.iter().take_while(|p| *p == "super").count();
            let base = module[..module.len().checked_sub(ups)?].to_vec();
            (base, &path[ups..])
        }
        h if bindings.contains_key(h) => (bindings[h].clone(), &path[1..]),
        h if children.iter().any(|c| c == h) => (module.to_vec(), path),
        _ => return None,
    };
    base.extend(rest.iter().cloned());
    Some(base)
}

/// What the file of module `module` names, read from `code` (comments, strings and
/// literals blanked already).
fn names(code: &str, module: &[String]) -> Names {
    let children: Vec<String> = keyword_at(code, "mod")
        .into_iter()
        .filter_map(|at| tokens(&code[at + 3..item_end(code, at)]).into_iter().next())
        .collect();
    let items = use_items(code);
    let mut bindings = BTreeMap::new();
    let mut globs = Vec::new();
    let mut paths = Vec::new();
    // Twice: a later item's alias may serve an earlier one (`use root::x;` above `use crate as root;`).
    for _ in 0..2 {
        paths.clear();
        globs.clear();
        for (line, tree, _) in &items {
            for (path, bound) in tree {
                let Some(from_root) = resolve(path, module, &children, &bindings) else {
                    continue;
                };
                match bound {
                    Some(name) => {
                        bindings.insert(name.clone(), from_root.clone());
                    }
                    None => globs.push(from_root.clone()),
                }
                paths.push((*line, from_root));
            }
        }
    }
    let mut rest = code.to_owned();
    for (_, _, range) in &items {
        let blanked: String = rest[range.clone()]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        rest.replace_range(range.clone(), &blanked);
    }
    for (line, path) in code_paths(&rest) {
        if let Some(from_root) = resolve(&path, module, &children, &bindings) {
            paths.push((line, from_root));
        }
    }
    Names {
        paths,
        bindings,
        globs,
        children,
    }
}

/// The README's floors broken by `files` (path under `src/` → text): one line per path a
/// file names on a floor above its own, and per `store` named from `cli`.
fn against_floors(files: &BTreeMap<String, String>, floors: &[Vec<String>]) -> Vec<String> {
    let floor_of: BTreeMap<&str, usize> = floors
        .iter()
        .enumerate()
        .flat_map(|(i, f)| f.iter().map(move |m| (m.as_str(), i)))
        .collect();
    let mut against = Vec::new();
    for (rel, text) in files {
        let module = module_of(rel);
        let Some(top) = module.first() else { continue };
        if top == "main" {
            continue;
        }
        let Some(&own) = floor_of.get(top.as_str()) else {
            against.push(format!(
                "src/{rel} is on no floor of the README's arrow line"
            ));
            continue;
        };
        let mut seen = BTreeSet::new();
        for (line, path) in names(&code_only(text), &module).paths {
            let Some(other) = path.first() else { continue };
            let Some(&theirs) = floor_of.get(other.as_str()) else {
                continue; // a name of the crate's root, or not a module
            };
            let store_from_cli = top == "cli" && other == "store";
            if (theirs < own || store_from_cli)
                && other != top
                && seen.insert((line, other.clone()))
            {
                against.push(format!("src/{rel}:{line}: {top} names {other}"));
            }
        }
    }
    against
}

/// The module files of the crate that tests do not own: from `lib.rs`, down every
/// `mod x;` outside `#[cfg(test)]`, each module path to its file under `src/`.
fn non_test_modules(files: &BTreeMap<String, String>) -> BTreeMap<Vec<String>, String> {
    let file_of: BTreeMap<Vec<String>, &String> =
        files.keys().map(|rel| (module_of(rel), rel)).collect();
    let mut found = BTreeMap::new();
    let mut queue = VecDeque::from([Vec::<String>::new()]);
    while let Some(module) = queue.pop_front() {
        let Some(rel) = file_of.get(&module) else {
            continue;
        };
        found.insert(module.clone(), (*rel).clone());
        let code = without_tests(&code_only(&files[*rel]));
        for child in names(&code, &module).children {
            let mut path = module.clone();
            path.push(child);
            queue.push_back(path);
        }
    }
    found
}

/// A module's file under `src/`, its code without tests, and what it names.
type Module = (String, String, Names);

/// The file that holds the item at `path` (from the crate's root): its longest prefix
/// that is a module file, then through that file's `use` bindings and globs when the rest
/// names something it brought in. `None` for the root alone or a path out of the graph.
fn holder(path: &[String], all: &BTreeMap<Vec<String>, Module>) -> Option<String> {
    let mut path = path.to_vec();
    for _ in 0..8 {
        let cut = (0..=path.len())
            .rev()
            .find(|&k| all.contains_key(&path[..k]))?;
        let (rel, _, names) = &all[&path[..cut]];
        let Some(next) = path.get(cut) else {
            return Some(rel.clone());
        };
        let via = names.bindings.get(next).cloned().or_else(|| {
            names.globs.iter().find_map(|glob| {
                let (_, code, _) = all.get(glob)?;
                let defines = [
                    "struct", "enum", "fn", "trait", "type", "const", "static", "union",
                ]
                .iter()
                .any(|kw| !keyword_at(code, &format!("{kw} {next}")).is_empty());
                let mut to = glob.clone();
                to.push(next.clone());
                defines.then_some(to)
            })
        });
        match via {
            Some(to) if to != path[..=cut] => {
                let mut longer = to;
                longer.extend(path[cut + 1..].iter().cloned());
                path = longer;
            }
            _ => return Some(rel.clone()),
        }
    }
    None
}

/// The import graph of `files` (path under `src/` → text): for each file, the files it
/// imports, with the first line that does; the readings are the module's doc comment's.
fn import_graph(files: &BTreeMap<String, String>) -> BTreeMap<String, BTreeMap<String, usize>> {
    let all: BTreeMap<Vec<String>, Module> = non_test_modules(files)
        .into_iter()
        .map(|(module, rel)| {
            let code = without_tests(&code_only(&files[&rel]));
            let names = names(&code, &module);
            (module, (rel, code, names))
        })
        .collect();
    let mut graph: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for (module, (rel, _, names)) in &all {
        let edges = graph.entry(rel.clone()).or_default();
        for (line, path) in &names.paths {
            let Some(to) = holder(path, &all) else {
                continue;
            };
            let to_module = module_of(&to);
            let own_part = to_module.len() > module.len() && to_module.starts_with(module);
            if to != *rel && !own_part {
                edges.entry(to).or_insert(*line);
            }
        }
    }
    graph
}

/// The circles of `graph`: each set of two or more files that reach one another, as one
/// line naming a cycle through them with the line of each step.
fn circles(graph: &BTreeMap<String, BTreeMap<String, usize>>) -> Vec<String> {
    circle_sets(graph)
        .into_iter()
        .map(|(_, line)| line)
        .collect()
}

/// The circles of `graph`, each with its files (as `circles` words them).
fn circle_sets(graph: &BTreeMap<String, BTreeMap<String, usize>>) -> Vec<(Vec<String>, String)> {
    let reach = |from: &String| -> BTreeMap<String, String> {
        // Each file reached from `from`, with the file it was reached from (shortest).
        let mut came: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = VecDeque::from([from.clone()]);
        while let Some(at) = queue.pop_front() {
            for next in graph.get(&at).into_iter().flat_map(BTreeMap::keys) {
                if !came.contains_key(next) {
                    came.insert(next.clone(), at.clone());
                    queue.push_back(next.clone());
                }
            }
        }
        came
    };
    let mut placed = BTreeSet::new();
    let mut out = Vec::new();
    for file in graph.keys() {
        if placed.contains(file) {
            continue;
        }
        let came = reach(file);
        if !came.contains_key(file) {
            continue;
        }
        let members: BTreeSet<String> = came
            .keys()
            .filter(|other| reach(other).contains_key(file))
            .cloned()
            .collect();
        // The shortest cycle back to `file`, walked backwards from it.
        let mut cycle = vec![file.clone()];
        let mut at = came[file].clone();
        while at != *file {
            cycle.push(at.clone());
            at = came[&at].clone();
        }
        cycle.push(file.clone());
        cycle.reverse();
        let steps: Vec<String> = cycle
            .windows(2)
            .map(|w| format!("src/{} (line {}) →", w[0], graph[&w[0]][&w[1]]))
            .collect();
        let inside: Vec<String> = members
            .iter()
            .flat_map(|from| {
                graph[from]
                    .iter()
                    .filter(|(to, _)| members.contains(*to))
                    .map(move |(to, line)| format!("\n    src/{from}:{line} → src/{to}"))
            })
            .collect();
        let line = format!(
            "{} src/{file}; the circle holds {}; its imports:{}",
            steps.join(" "),
            members
                .iter()
                .map(|m| format!("src/{m}"))
                .collect::<Vec<_>>()
                .join(", "),
            inside.concat()
        );
        out.push((members.iter().cloned().collect(), line));
        placed.extend(members);
    }
    out
}

/// The longest a function may be: lines from its `fn` line to its closing brace.
const MOST_LINES_OF_A_FUNCTION: usize = 80;

/// The functions (free, methods, nested) of `files` (path under `src/` → text) longer than
/// `most` lines, counted from the `fn` line to the line of its closing brace, as
/// `src/file:line:name (n lines)`. Test files (a `#[cfg(test)] mod x;` and all under it)
/// and `#[cfg(test)]` items are left out; so are comments, strings and character literals,
/// so a brace inside one does not count.
fn long_functions(files: &BTreeMap<String, String>, most: usize) -> Vec<String> {
    let mut rels: Vec<String> = non_test_modules(files).into_values().collect();
    if files.contains_key("main.rs") {
        rels.push("main.rs".to_owned());
    }
    rels.sort();
    let mut out = Vec::new();
    for rel in rels {
        let code = without_tests(&code_only(&files[&rel]));
        for at in keyword_at(&code, "fn") {
            let name: String = code[at + 2..]
                .trim_start()
                .chars()
                .take_while(|&c| is_ident(c))
                .collect();
            if name.is_empty() {
                continue; // a function pointer's type, `fn(u8) -> u8`
            }
            let end = item_end(&code, at);
            let lines = line_of(&code, end) - line_of(&code, at) + 1;
            if lines > most {
                out.push(format!(
                    "src/{rel}:{}:{name} ({lines} lines)",
                    line_of(&code, at)
                ));
            }
        }
    }
    out
}

#[test]
fn no_function_over_80_lines() {
    let long = long_functions(&crate_sources(), MOST_LINES_OF_A_FUNCTION);
    assert!(
        long.is_empty(),
        "{} functions over {MOST_LINES_OF_A_FUNCTION} lines:\n{}",
        long.len(),
        long.join("\n")
    );
}

/// A function `name` of `lines` lines (its `fn` line and closing brace included), its
/// body `filler` lines, each `line`, then `let x = 0;` lines.
fn made_up_fn(name: &str, lines: usize, filler: &[&str]) -> String {
    let mut body = format!("fn {name}() {{\n");
    for k in 0..lines - 2 {
        body += filler.get(k).copied().unwrap_or("    let x = 0;");
        body += "\n";
    }
    body + "}\n"
}

#[test]
fn a_function_of_81_lines_is_named_and_one_of_80_passes() {
    let lib = "pub mod a;\n";
    let a = format!(
        "//! A.\n\n{}\nimpl A {{\n    pub {}}}\n",
        made_up_fn("eighty", 80, &[]),
        made_up_fn("eighty_one", 81, &[])
    );
    assert_eq!(
        a.lines().count(),
        2 + 80 + 2 + 81 + 1,
        "the hand count of the file"
    );
    let files = made_up(&[("lib.rs", lib), ("a.rs", &a)]);
    // `eighty` is on lines 3 to 82, the impl opens on 84, `eighty_one` is on 85 to 165.
    assert_eq!(
        long_functions(&files, 80),
        ["src/a.rs:85:eighty_one (81 lines)"]
    );
    assert_eq!(long_functions(&files, 81), Vec::<String>::new());
    assert_eq!(
        long_functions(&files, 79),
        [
            "src/a.rs:3:eighty (80 lines)",
            "src/a.rs:85:eighty_one (81 lines)"
        ]
    );
}

#[test]
fn long_functions_in_tests_are_left_out() {
    let long = made_up_fn("long", 90, &[]);
    let lib = format!(
        "pub mod a;\n#[cfg(test)]\nmod tests;\n#[cfg(test)]\n#[allow(unused)]\nmod inline {{\n{long}}}\n#[cfg(test)]\n{long}"
    );
    let files = made_up(&[
        ("lib.rs", &lib),
        ("a.rs", "fn short() {}\n"),
        ("tests.rs", &long),
    ]);
    assert_eq!(long_functions(&files, 80), Vec::<String>::new());
    // Without its attribute (a blank line in its place), the inline module's function is
    // caught, on line 7.
    let caught = lib.replacen("#[cfg(test)]\n#[allow(unused)]", "#[allow(unused)]\n", 1);
    let files = made_up(&[("lib.rs", &caught), ("a.rs", "fn short() {}\n")]);
    assert_eq!(long_functions(&files, 80), ["src/lib.rs:7:long (90 lines)"]);
}

#[test]
fn braces_in_strings_and_comments_do_not_count() {
    let lib = "pub mod a;\n";
    // An opening brace in a string, a comment and a character literal of a short function
    // would carry it on into the next one; closing ones would end a long one early.
    let short = made_up_fn(
        "short",
        10,
        &[
            "    let s = \"{{\";",
            "    // {",
            "    let c = '{';",
            "    /* { */",
        ],
    );
    let long = made_up_fn(
        "long",
        81,
        &[
            "    let s = \"}\";",
            "    // }",
            "    let c = '}';",
            "    let r = r#\"}\"#;",
        ],
    );
    let next = made_up_fn("next", 75, &[]);
    let a = format!("{short}{next}{long}");
    let files = made_up(&[("lib.rs", lib), ("a.rs", &a)]);
    assert_eq!(long_functions(&files, 80), ["src/a.rs:86:long (81 lines)"]);
    // A match arm under `#[cfg(test)]` is no item: the function around it still counts.
    let arm = made_up_fn(
        "arm",
        85,
        &[
            "    match 1 {",
            "        #[cfg(test)]",
            "        0 => f(),",
            "        _ => {}",
            "    };",
        ],
    );
    let files = made_up(&[("lib.rs", lib), ("a.rs", &arm)]);
    assert_eq!(long_functions(&files, 80), ["src/a.rs:1:arm (85 lines)"]);
}

#[test]
fn no_module_names_one_on_a_floor_above_its_own() {
    let against = against_floors(&crate_sources(), &floors_in_readme());
    assert!(
        against.is_empty(),
        "imports against the arrows:\n{}",
        against.join("\n")
    );
}

/// Circles known and left for now, each by its files: `table/cheat.rs` reads the
/// `TableRules` that `table/runner.rs` defines, while the runner runs the cheats; the cure
/// (`TableRules` moved down into `cheat.rs`) is the runner's own rework's to make (issue
/// 41, point 6). The test fails when one of these is gone too, so that it leaves the list.
const KNOWN_CIRCLES: &[&[&str]] = &[];

#[test]
fn no_circle_between_files() {
    let found = circle_sets(&import_graph(&crate_sources()));
    let new: Vec<&String> = found
        .iter()
        .filter(|(files, _)| {
            !KNOWN_CIRCLES.contains(&&files.iter().map(String::as_str).collect::<Vec<_>>()[..])
        })
        .map(|(_, line)| line)
        .collect();
    assert!(
        new.is_empty(),
        "{} circles between files:\n{}",
        new.len(),
        new.iter()
            .map(|l| l.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    for known in KNOWN_CIRCLES {
        assert!(
            found.iter().any(|(files, _)| files == known),
            "the known circle {known:?} is gone: take it off KNOWN_CIRCLES"
        );
    }
}

#[test]
fn every_top_level_module_stands_on_a_floor_and_every_floor_is_a_module() {
    let floors = floors_in_readme();
    let named: Vec<&String> = floors.iter().flatten().collect();
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let declared: Vec<String> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';').to_owned())
        .collect();
    for m in &declared {
        assert!(
            named.contains(&m),
            "`{m}` is on no floor of the README's arrows"
        );
    }
    for m in named {
        assert!(
            declared.contains(m),
            "the README's arrows name `{m}`, no module"
        );
    }
}

/// The tops of the modules `code` names from module `ops::sit`, in order, once each.
fn tops(code: &str) -> Vec<String> {
    let module = ["ops".to_owned(), "sit".to_owned()];
    let mut out: Vec<String> = Vec::new();
    for (_, path) in names(&code_only(code), &module).paths {
        if let Some(top) = path.first()
            && !out.contains(top)
        {
            out.push(top.clone());
        }
    }
    out
}

#[test]
fn the_reader_of_names_sees_through_groups_and_climbs() {
    assert_eq!(
        tops("use crate::{games::Seat, table::{A, B}};"),
        ["games", "table"]
    );
    assert_eq!(tops("let x = crate::report::View::Gm;"), ["report"]);
    assert_eq!(tops("$crate::games::tides::Tides"), Vec::<String>::new());
    assert_eq!(tops("use super::super::cli::X;"), ["cli"]);
    assert_eq!(tops("use super::Error;"), ["ops"]);
    assert_eq!(
        tops("// crate::cli::X\nlet s = \"crate::cli\";"),
        Vec::<String>::new()
    );
    let literals = r##"let s = r#"crate::cli "# ; let q = '"'; let e = "\" crate::cli";
/* /* crate::cli */ crate::cli */ fn f<'a>(x: &'a crate::games::X) -> char { '\'' }
let t = crate::report::Y;"##;
    assert_eq!(tops(literals), ["games", "report"]);
}

/// Three made-up floors, top to bottom: `cli`, `ops`, `games`.
fn made_up_floors() -> Vec<Vec<String>> {
    [["cli"], ["ops"], ["games"]]
        .iter()
        .map(|f| f.iter().map(|m| m.to_string()).collect())
        .collect()
}

fn made_up(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(rel, text)| (rel.to_string(), text.to_string()))
        .collect()
}

#[test]
fn a_use_over_several_lines_naming_a_higher_floor_is_caught_on_its_line() {
    let text = "use crate::{\n    games::Seat,\n    cli::{\n        Args,\n    },\n};\n";
    let files = made_up(&[("ops/sit.rs", text)]);
    assert_eq!(
        against_floors(&files, &made_up_floors()),
        ["src/ops/sit.rs:1: ops names cli"]
    );
    // The same names on one line each, the way the old reader saw them, are caught too.
    let files = made_up(&[(
        "ops/sit.rs",
        "use crate::games::Seat;\nuse crate::cli::Args;\n",
    )]);
    assert_eq!(
        against_floors(&files, &made_up_floors()),
        ["src/ops/sit.rs:2: ops names cli"]
    );
}

#[test]
fn an_alias_of_the_crate_is_followed() {
    let floors = made_up_floors();
    for (text, lines) in [
        (
            "use crate as root;\nfn f() { root::cli::run(); }\n",
            &[2][..],
        ),
        ("extern crate self as me;\n\nuse me::cli::Args;\n", &[3]),
        (
            "use crate::cli as c;\nfn f() -> c::Args { todo!() }\n",
            &[1, 2],
        ),
        ("use crate::{self as top, games};\nuse top::cli::X;\n", &[2]),
        (
            "use crate::games;\nuse super::super as up;\nfn f(_: up::cli::X) {}\n",
            &[3],
        ),
    ] {
        let files = made_up(&[("ops/sit.rs", text)]);
        let expected: Vec<String> = lines
            .iter()
            .map(|line| format!("src/ops/sit.rs:{line}: ops names cli"))
            .collect();
        assert_eq!(against_floors(&files, &floors), expected, "{text}");
    }
}

#[test]
fn a_circle_of_two_files_and_of_three_is_named() {
    let lib = "pub mod a;\n";
    let a = "mod x;\nmod y;\nmod z;\n";
    let two = made_up(&[
        ("lib.rs", lib),
        ("a/mod.rs", a),
        ("a/x.rs", "use crate::a::y::Y;\npub struct X;\n"),
        ("a/y.rs", "pub struct Y;\n\nfn f(_: super::x::X) {}\n"),
        ("a/z.rs", "use super::x::X;\n"),
    ]);
    let found = circles(&import_graph(&two));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("src/a/x.rs (line 1) → src/a/y.rs (line 3) → src/a/x.rs;"),
        "{}",
        found[0]
    );
    let three = made_up(&[
        ("lib.rs", lib),
        ("a/mod.rs", a),
        ("a/x.rs", "use crate::{\n    a::y::Y,\n};\n"),
        ("a/y.rs", "use super::z;\nfn f() { z::g() }\n"),
        ("a/z.rs", "use crate as root;\nfn g() { root::a::x::h() }\n"),
    ]);
    let found = circles(&import_graph(&three));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("holds src/a/x.rs, src/a/y.rs, src/a/z.rs;"),
        "{}",
        found[0]
    );
}

#[test]
fn a_parent_re_exporting_its_children_and_tests_make_no_circle_but_re_exports_are_followed() {
    let files = made_up(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        // The parent declares, re-exports and calls its children, which use its items.
        (
            "a/mod.rs",
            "mod x;\npub use x::X;\npub struct Shared;\nfn f() { x::g() }\n#[cfg(test)]\nmod tests;\n",
        ),
        ("a/x.rs", "use super::Shared;\npub struct X;\n"),
        // A test file that leans on a file that leans on its parent: still a leaf.
        ("a/tests.rs", "use super::*;\nuse crate::b::B;\n"),
        // `b` reaches `a::x` through the re-export, and `a::x` reaches back into `b`:
        // a circle between `a/x.rs` and `b.rs`, with `a/mod.rs` a way station only.
        (
            "b.rs",
            "use crate::a::X;\npub struct B;\n#[cfg(test)]\nmod tests { use crate::a::x; }\n",
        ),
    ]);
    assert_eq!(circles(&import_graph(&files)), Vec::<String>::new());
    let mut leaning = files.clone();
    leaning.insert(
        "a/x.rs".into(),
        "use super::Shared;\nuse crate::b::B;\n".into(),
    );
    let found = circles(&import_graph(&leaning));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("holds src/a/x.rs, src/b.rs;"),
        "{}",
        found[0]
    );
}

/// The registry's games, read from `games/mod.rs` (the macro `registry!` lists one a
/// line, `Name => $crate::games::module::Type,`): each game's `GameKind` constant and its
/// module.
fn registered(files: &BTreeMap<String, String>) -> Vec<(String, String)> {
    let code = code_only(&files["games/mod.rs"]);
    code.lines()
        .filter_map(|line| {
            let (name, path) = line.trim().split_once(" => $crate::games::")?;
            let (module, _) = path.split_once("::")?;
            let ok = |w: &str| !w.is_empty() && w.chars().all(is_ident);
            (ok(name) && ok(module)).then(|| (name.to_owned(), module.to_owned()))
        })
        .collect()
}

/// The files outside `games/` that name one game of the registry in their code (tests,
/// comments and doc examples left out), with the line and path of the first naming: its
/// module (`crate::games::pic::Pic`, or any path that resolves into it) or its
/// `GameKind` constant (`GameKind::Pic`, through any alias of `GameKind`).
fn naming_a_game(files: &BTreeMap<String, String>) -> Vec<String> {
    let games = registered(files);
    let one_game = |p: &[String]| {
        let module = p.len() >= 2 && p[0] == "games" && games.iter().any(|(_, m)| *m == p[1]);
        let constant = p
            .windows(2)
            .any(|w| w[0] == "GameKind" && games.iter().any(|(name, _)| *name == w[1]));
        module || constant
    };
    let mut out = Vec::new();
    for (module, rel) in non_test_modules(files) {
        if module.first().is_some_and(|m| m == "games") {
            continue;
        }
        let code = without_tests(&code_only(&files[&rel]));
        if let Some((line, path)) = names(&code, &module)
            .paths
            .iter()
            .find(|(_, p)| one_game(p))
        {
            out.push(format!("src/{rel}:{line}: {}", path.join("::")));
        }
    }
    out
}

#[test]
fn a_game_is_named_only_in_its_folder_and_the_registry() {
    let files = crate_sources();
    assert_eq!(
        registered(&files).len(),
        4,
        "the registry in games/mod.rs lists the four games, one a line"
    );
    // A game is its folder and its line in the registry. Issue 41 allowed three files
    // outside `games/` to name one; none does (tests and doc examples aside).
    let naming = naming_a_game(&files);
    assert!(
        naming.is_empty(),
        "{} files outside src/games name one game:\n{}",
        naming.len(),
        naming.join("\n")
    );
}

#[test]
fn a_game_named_by_its_module_or_its_kind_through_an_alias_is_caught_in_code_only() {
    let registry = "macro_rules! registry {\n    (x) => {\n        Pic => $crate::games::pic::Pic,\n        Tides => $crate::games::tides::Tides,\n    };\n}\npub mod pic;\npub mod tides;\npub mod kind;\n";
    let files = made_up(&[
        ("lib.rs", "pub mod games;\npub mod report;\n"),
        ("games/mod.rs", registry),
        (
            "games/pic.rs",
            "pub struct Pic;\nfn f() { crate::games::tides::go(); }\n",
        ),
        ("games/tides.rs", "pub fn go() {}\n"),
        ("games/kind.rs", "pub struct GameKind;\n"),
        (
            "report/mod.rs",
            "mod a;\nmod b;\nmod c;\nmod d;\n// crate::games::pic::Pic in a comment\nfn s() -> &'static str { \"GameKind::Pic\" }\n",
        ),
        (
            "report/a.rs",
            "use crate::games::kind::GameKind as K;\n\nfn f(k: K) -> bool {\n    k == K::Tides\n}\n",
        ),
        ("report/b.rs", "use crate::games::{\n    pic::Pic,\n};\n"),
        (
            "report/c.rs",
            "fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::games::pic::Pic;\n}\n",
        ),
        (
            "report/d.rs",
            "use crate::games::kind::GameKind;\nfn f(k: GameKind) -> u8 { 0 }\n",
        ),
    ]);
    assert_eq!(
        registered(&files),
        vec![
            ("Pic".to_owned(), "pic".to_owned()),
            ("Tides".to_owned(), "tides".to_owned())
        ]
    );
    assert_eq!(
        naming_a_game(&files),
        vec![
            "src/report/a.rs:4: games::kind::GameKind::Tides".to_owned(),
            "src/report/b.rs:1: games::pic::Pic".to_owned(),
        ]
    );
}
