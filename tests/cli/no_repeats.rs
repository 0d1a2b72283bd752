//! No character says the same line twice in a match: in a full telling (`play --narrate
//! full`) at every game and Piç at two to five seats over many seeds, and at `sit` over
//! long scripted matches. The voice lines are read here from the characters' own files,
//! not from taproom, and each is counted in the printed text.

use crate::common::Taproom;

use std::path::Path;

/// Every voice line of the built-in characters, read from their TOML files: every string
/// under a `voice` table, wherever it sits (the character's own, or a game's).
fn voice_lines() -> Vec<String> {
    fn walk(v: &toml::Value, in_voice: bool, out: &mut Vec<String>) {
        match v {
            toml::Value::String(s) if in_voice => out.push(s.clone()),
            toml::Value::Array(a) => a.iter().for_each(|x| walk(x, in_voice, out)),
            toml::Value::Table(t) => {
                for (k, x) in t {
                    walk(x, in_voice || k == "voice", out);
                }
            }
            _ => {}
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/characters");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("characters") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).expect("read");
            let doc: toml::Value = toml::from_str(&text).expect("toml");
            walk(&doc, false, &mut out);
        }
    }
    // A line with a placeholder is printed filled in; it is looked for by its longest
    // literal part.
    out.into_iter()
        .map(|l| {
            l.split(['{', '}'])
                .step_by(2)
                .max_by_key(|p| p.len())
                .unwrap_or_default()
                .trim()
                .to_owned()
        })
        .filter(|l| l.len() >= 12)
        .collect()
}

/// The voice lines said more than once in `text`, with how often.
fn repeated(text: &str, lines: &[String]) -> Vec<(String, usize)> {
    lines
        .iter()
        .map(|l| (l.clone(), text.matches(l.as_str()).count()))
        .filter(|(_, n)| *n > 1)
        .collect()
}

#[test]
fn the_voice_lines_are_read_from_the_files() {
    let lines = voice_lines();
    // Brannoc's file, read by hand: these are among his boasts.
    for l in [
        "Slow and steady keeps the town.",
        "One step at a time. I've walked further than you on less.",
    ] {
        assert!(lines.iter().any(|x| x == l), "{l}");
    }
    assert_eq!(
        repeated(
            "a \"Slow and steady keeps the town.\" b Slow and steady keeps the town.",
            &lines
        ),
        [("Slow and steady keeps the town.".to_owned(), 2)]
    );
}

#[test]
fn a_full_telling_never_repeats_a_character_line() {
    let lines = voice_lines();
    let pic = ["Brannoc", "Mirela", "Ysolde", "Pip", "Tamsin"];
    let mut tables: Vec<(&str, Vec<&str>)> = vec![
        ("tides", vec!["Brannoc", "Mirela"]),
        ("kiust", vec!["Brannoc", "Mirela"]),
        ("oicustiytac", vec!["Brannoc", "Mirela"]),
    ];
    for n in 2..=5 {
        tables.push(("pic", pic[..n].to_vec()));
    }
    let mut faults = Vec::new();
    let mut said = 0;
    for (game, players) in &tables {
        for seed in 1..=12 {
            let mut args = vec!["play", game];
            args.extend(players.iter().copied());
            let seed = seed.to_string();
            args.extend(["--seed", &seed, "--narrate", "full"]);
            let out = Taproom::new()
                .args(&args)
                .env("COLUMNS", "1000")
                .ok()
                .stdout;
            said += lines.iter().filter(|l| out.contains(l.as_str())).count();
            for (l, n) in repeated(&out, &lines) {
                faults.push(format!("{args:?}: {n} times: {l}"));
            }
        }
    }
    assert!(
        said > 100,
        "only {said} voice lines said: the check has nothing to see"
    );
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn a_long_sitting_never_repeats_a_character_line() {
    let lines = voice_lines();
    let mut faults = Vec::new();
    let mut said = 0;
    for (game, input) in [
        ("tides", "1\n".repeat(30_000)),
        ("kiust", "1\n".repeat(30_000)),
        ("oicustiytac", "1\n".repeat(30_000)),
        (
            "pic",
            (0..30_000).map(|i| format!("{}\n", i % 15 + 1)).collect(),
        ),
    ] {
        for seed in ["3", "7"] {
            let args = [
                "sit",
                game,
                "Brannoc",
                "--as",
                "Aria",
                "--seed",
                seed,
                "--best-of",
                "5",
            ];
            let out = Taproom::new()
                .args(args)
                .env("COLUMNS", "1000")
                .stdin(&input)
                .ok()
                .stdout;
            said += lines.iter().filter(|l| out.contains(l.as_str())).count();
            for (l, n) in repeated(&out, &lines) {
                faults.push(format!("{args:?}: {n} times: {l}"));
            }
        }
    }
    assert!(
        said > 8,
        "only {said} voice lines said: the check has nothing to see"
    );
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
