//! `--format json` of `play` with bets, `night`, `check` and `roster`: each one document with
//! `"version": 1`, and what it says holds (money conserved, one entry per bet and per file,
//! the characters as their files say).

use crate::common;

use common::Taproom;

fn doc(args: &[&str]) -> serde_json::Value {
    let out = Taproom::new().args(args).ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).expect("one JSON document");
    assert_eq!(v["version"], 1, "{args:?}");
    v
}

fn cp(v: &serde_json::Value) -> i128 {
    i128::from(v.as_i64().expect("a whole number of coppers"))
}

/// Purses' changes and the house's add up to nothing: money is moved, never made.
fn conserved(purses: &serde_json::Value, house: &serde_json::Value) {
    let mut sum = cp(house);
    for p in purses.as_array().unwrap() {
        let worth = |coins: &str, debt: &str| cp(&p[coins]) - cp(&p[debt]);
        let change = worth("after_cp", "debt_after_cp") - worth("before_cp", "debt_before_cp");
        assert_eq!(change, cp(&p["change_cp"]), "{p}");
        sum += change;
    }
    assert_eq!(sum, 0, "{purses} {house}");
}

#[test]
fn play_with_bets_writes_the_match_and_its_settlement() {
    let v = doc(&[
        "play",
        "tides",
        "Brannoc",
        "Mirela",
        "--seed",
        "42",
        "--format",
        "json",
        "--bet",
        "Pip 3 sp on Brannoc",
        "--bet",
        "Tamsin 2 sp on first-turn Mirela in the pool",
        "--bet",
        "Hrodgar 1 gp on Mirela against Ysolde",
    ]);
    assert_eq!(v["game"], "tides-of-war");
    assert_eq!(v["seed"], 42);
    let w = &v["wagers"];
    // The `against` bet is two bets, one each side.
    assert_eq!(w["bets"].as_array().unwrap().len(), 4, "{w}");
    assert_eq!(w["bets"][0]["bettor"], "Pip Underbough");
    assert_eq!(w["bets"][0]["stake_cp"], 30);
    assert_eq!(w["bets"][0]["with"], "bookie");
    assert_eq!(w["bets"][1]["with"], "pool");
    // A bet on Brannoc wins exactly when Brannoc won the match.
    let brannoc_won = v["winner"] == "Old Brannoc";
    assert_eq!(w["bets"][0]["result"] == "won", brannoc_won, "{w}");
    conserved(&w["purses"], &w["house_cp"]);
    assert_eq!(w["written"].as_array().unwrap().len(), 0);
}

#[test]
fn play_without_bets_has_no_wagers_key() {
    let v = doc(&["play", "kiust", "--seed", "2", "--format", "json"]);
    assert!(v.get("wagers").is_none());
    assert!(v["games"].as_array().is_some_and(|g| !g.is_empty()));
}

#[test]
fn night_writes_every_match_and_the_money() {
    let v = doc(&["night", "examples/evening.toml", "--format", "json"]);
    assert_eq!(v["evening"], "A wet night at the Drowned Rat");
    let matches = v["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 3);
    // The evening's seed is 1; match i plays with seed 1 + i unless it sets its own (40).
    let seeds: Vec<u64> = matches
        .iter()
        .map(|m| m["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(seeds, [1, 40, 3]);
    let games: Vec<&str> = matches
        .iter()
        .map(|m| m["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["tides-of-war", "oicustiytac", "pic"]);
    for m in matches {
        assert!(m.get("version").is_none(), "one version, at the top");
        let w = &m["wagers"];
        conserved(&w["purses"], &w["house_cp"]);
        let replay = m["replay"].as_str().unwrap();
        assert!(
            replay.contains(&format!("--seed {}", m["seed"])),
            "{replay}"
        );
    }
    conserved(&v["purses"], &v["house_cp"]);
}

#[test]
fn check_writes_a_verdict_for_every_file_and_fails_on_a_bad_one() {
    let v = doc(&[
        "check",
        "examples/tavern.toml",
        "examples/evening.toml",
        "examples/characters/gorm.toml",
        "--format",
        "json",
    ]);
    assert_eq!(v["ok"], true);
    let kinds: Vec<&str> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["tavern", "evening", "character"]);
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "name = \"X\"\nskil = 3\n").unwrap();
    let out = Taproom::new()
        .args(["check", "examples/tavern.toml"])
        .arg(bad.to_str().unwrap())
        .args(["--format", "json"])
        .run();
    assert_eq!(out.code, 2);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert_eq!(v["files"][0]["ok"], true);
    assert_eq!(v["files"][1]["ok"], false);
    assert!(
        v["files"][1]["error"]
            .as_str()
            .unwrap()
            .contains("did you mean `skill`?")
    );
}

#[test]
fn roster_lists_the_characters_as_their_files_say() {
    let v = doc(&[
        "roster",
        "--roster",
        "examples/characters",
        "--format",
        "json",
    ]);
    let listed = v["characters"].as_array().unwrap();
    // Every example file is there, read here with a plain TOML reader.
    let mut files: Vec<_> = std::fs::read_dir("examples/characters")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for file in &files {
        let t: toml::Table = std::fs::read_to_string(file).unwrap().parse().unwrap();
        let name = t["name"].as_str().unwrap();
        let c = listed
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("{name} is not listed"));
        assert_eq!(c["skill"].as_i64(), t["skill"].as_integer(), "{name}");
        assert_eq!(c["file"], file.to_str().unwrap());
        if let Some(games) = t.get("games").and_then(|g| g.as_table()) {
            for (game, style) in games {
                if let Some(skill) = style.get("skill") {
                    assert_eq!(
                        c["games"][game.as_str()]["skill"].as_i64(),
                        skill.as_integer(),
                        "{name} at {game}"
                    );
                }
            }
        }
    }
    // The folder's characters come first; the built-in ones it does not replace follow.
    assert_eq!(listed.len(), files.len() + 3, "Brannoc, Mirela and Ysolde");
    assert!(listed[files.len()..].iter().all(|c| c["file"].is_null()));
}
