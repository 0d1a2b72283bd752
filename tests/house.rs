//! The house's own rules, read from the source: the layering that the README's layout
//! states. Every top-level module stands on one floor of the README's arrow line, and no
//! file (its tests included) names a module on a floor above its own; the command line
//! reaches the files on disk only through `ops`.

use std::collections::BTreeMap;
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

/// The module path of a source file under `src/` (`ops/sit.rs` is `["ops", "sit"]`,
/// `cli/sit/mod.rs` is `["cli", "sit"]`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The top-level modules a line of code names: `crate::x`, `crate::{x, y::z}`, and
/// `super::` chains that climb to the crate's root from `module`.
fn named(code: &str, module: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let before = &rest[..i];
        rest = &rest[i + "crate::".len()..];
        if before.ends_with('$') || before.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue; // `$crate::` inside a macro, or a name that ends in "crate"
        }
        if let Some(group) = rest.strip_prefix('{') {
            // The heads of the group's items: what follows `{` or a comma at depth 0.
            let mut depth = 0;
            let mut at_head = true;
            let mut head = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => at_head = true,
                    c if at_head && (c.is_alphanumeric() || c == '_') => head.push(c),
                    _ if at_head && !head.is_empty() => {
                        found.push(std::mem::take(&mut head));
                        at_head = false;
                    }
                    _ => {}
                }
            }
            if !head.is_empty() {
                found.push(head);
            }
        } else {
            let head: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            found.push(head);
        }
    }
    // `super::super::x` from a file deep enough to reach the root.
    let mut rest = code;
    while let Some(i) = rest.find("super::") {
        let mut ups = 0;
        let mut tail = &rest[i..];
        while let Some(t) = tail.strip_prefix("super::") {
            ups += 1;
            tail = t;
        }
        rest = tail;
        if ups >= module.len() {
            let head: String = tail
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            found.push(head);
        }
    }
    found
}

#[test]
fn no_module_names_one_on_a_floor_above_its_own() {
    let floors = floors_in_readme();
    let floor_of: BTreeMap<String, usize> = floors
        .iter()
        .enumerate()
        .flat_map(|(i, f)| f.iter().map(move |m| (m.clone(), i)))
        .collect();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut against = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let module = module_of(rel);
        let top = &module[0];
        if top == "lib" || top == "main" {
            continue;
        }
        let Some(&own) = floor_of.get(top) else {
            panic!(
                "src/{} is on no floor of the README's arrow line",
                rel.display()
            );
        };
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for other in named(code, &module) {
                let Some(&theirs) = floor_of.get(&other) else {
                    continue; // a name of the crate's root, or not a module
                };
                let up = theirs < own;
                let store_from_cli = top == "cli" && other == "store";
                if (up || store_from_cli) && &other != top {
                    against.push(format!(
                        "src/{}:{}: {top} names {other}",
                        rel.display(),
                        n + 1
                    ));
                }
            }
        }
    }
    assert!(
        against.is_empty(),
        "imports against the arrows:\n{}",
        against.join("\n")
    );
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

#[test]
fn the_reader_of_names_sees_through_groups_and_climbs() {
    let module = vec!["ops".to_owned(), "sit".to_owned()];
    assert_eq!(
        named("use crate::{games::Seat, table::{A, B}};", &module),
        ["games", "table"]
    );
    assert_eq!(
        named("let x = crate::report::View::Gm;", &module),
        ["report"]
    );
    assert_eq!(
        named("$crate::games::tides::Tides", &module),
        Vec::<String>::new()
    );
    assert_eq!(named("use super::super::cli::X;", &module), ["cli"]);
    assert_eq!(named("use super::Error;", &module), Vec::<String>::new());
}
