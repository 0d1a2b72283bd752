//! A campaign's calendar: `--evening NAME` on `play`, `sit` and `night`, and the campaign
//! file's `evening`, name the evening a match is recorded under; two sessions on one day
//! are two evenings, for reputations (which fade by evenings) and for the history.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::Taproom;
use serde_json::Value;

/// The day every run of this file believes it is: every session below is on it.
const DAY: &str = "2026-11-05T20:00:00+00:00";

/// A campaign folder: characters with files in `npcs/`, a tavern whose bookie prices
/// quickly, its history beside it.
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let npcs = dir.path().join("npcs");
    std::fs::create_dir(&npcs).unwrap();
    for n in ["pip", "tamsin", "brannoc", "mirela", "hrodgar"] {
        std::fs::copy(
            format!("data/characters/{n}.toml"),
            npcs.join(format!("{n}.toml")),
        )
        .unwrap();
    }
    std::fs::write(
        dir.path().join("inn.toml"),
        "tavern = \"The Test Inn\"\nmargin = 5\ntake = 20\ncredit = \"2 gp\"\nsims = 200\nhistory = \"history.jsonl\"\n",
    )
    .unwrap();
    dir
}

fn history(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("history.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Tamsin and Mirela (both cheat, both have an eye) at the table under `evening` until
/// one is caught; every catch of the history, counted: (watcher, cheat) -> catches.
fn a_catch(dir: &Path, evening: &str) -> BTreeMap<(String, String), f64> {
    for seed in 1..200u64 {
        Taproom::new()
            .args(["play", "tides", "Tamsin", "Mirela", "--roster", "npcs"])
            .args(["--tavern", "inn.toml", "--best-of", "1"])
            .args(["--seed", &seed.to_string(), "--narrate", "none"])
            .args(["--apply", "--no-history", "--evening", evening])
            .current_dir(dir)
            .env("TAPROOM_NOW", DAY)
            .ok();
        let mut catches = BTreeMap::new();
        for l in history(dir) {
            for c in l["cheats"].as_array().unwrap() {
                for w in c["caught_by"].as_array().unwrap() {
                    let key = (
                        w.as_str().unwrap().to_owned(),
                        c["by"].as_str().unwrap().to_owned(),
                    );
                    *catches.entry(key).or_default() += 1.0;
                }
            }
        }
        if !catches.is_empty() {
            return catches;
        }
    }
    panic!("nobody caught in 200 matches of two cheats with an eye");
}

/// The `--wary` words of a match's replay line: (watcher, cheat) -> sightings.
fn wary(stdout: &str) -> BTreeMap<(String, String), f64> {
    let doc: Value = serde_json::from_str(stdout).unwrap();
    let words = shell_words::split(doc["replay"].as_str().unwrap()).unwrap();
    let mut out = BTreeMap::new();
    for pair in words.windows(2) {
        if pair[0] == "--wary" {
            let (wc, n) = match pair[1].rsplit_once('=') {
                Some((wc, n)) => (wc.to_owned(), n.parse::<f64>().unwrap()),
                None => (pair[1].clone(), 1.0),
            };
            let (w, c) = wc.split_once(':').unwrap();
            out.insert((w.to_owned(), c.to_owned()), n);
        }
    }
    out
}

/// The table of Tamsin and Mirela as `extra` names its evening (not applied): what
/// each remembers of the other.
fn watched(dir: &Path, extra: &[&str]) -> BTreeMap<(String, String), f64> {
    let out = Taproom::new()
        .args(["play", "tides", "Tamsin", "Mirela", "--roster", "npcs"])
        .args(["--tavern", "inn.toml", "--best-of", "1", "--seed", "1"])
        .args(["--format", "json"])
        .args(extra)
        .current_dir(dir)
        .env("TAPROOM_NOW", DAY)
        .ok();
    wary(&out.stdout)
}

/// Checks that the table remembers every catch, faded by `fade`, and nothing else.
#[track_caller]
fn same(
    said: &BTreeMap<(String, String), f64>,
    catches: &BTreeMap<(String, String), f64>,
    fade: f64,
) {
    let keys: Vec<_> = said.keys().collect();
    assert_eq!(keys, catches.keys().collect::<Vec<_>>(), "who watches whom");
    for (k, n) in catches {
        assert!(
            (said[k] - n * fade).abs() < 1e-9,
            "{k:?}: {}, not {}",
            said[k],
            n * fade
        );
    }
}

/// An evening at the tavern without the cheats, applied under `evening`.
fn another_table(dir: &Path, evening: Option<&str>) -> Value {
    let mut t = Taproom::new()
        .args(["play", "kiust", "Pip", "Hrodgar", "--roster", "npcs"])
        .args(["--tavern", "inn.toml", "--best-of", "1", "--seed", "1"])
        .args(["--narrate", "none", "--apply"]);
    if let Some(e) = evening {
        t = t.args(["--evening", e]);
    }
    t.current_dir(dir).env("TAPROOM_NOW", DAY).ok();
    history(dir).pop().unwrap()
}

#[test]
fn two_sessions_on_one_day_are_two_evenings_and_the_campaign_names_the_current_one() {
    let dir = campaign();
    let catches = a_catch(dir.path(), "Session 9");
    let first = history(dir.path());
    assert!(
        first.iter().all(|l| l["evening"] == "Session 9"),
        "{first:?}"
    );
    // The same session: whole; the next one, the same day: half, though "Session 10"
    // sorts before "Session 9" by name.
    same(
        &watched(dir.path(), &["--evening", "Session 9"]),
        &catches,
        1.0,
    );
    same(
        &watched(dir.path(), &["--evening", "Session 10"]),
        &catches,
        0.5,
    );
    // No name: today's date, an evening of its own after Session 9.
    same(&watched(dir.path(), &[]), &catches, 0.5);
    // Session 10 is played (the same day), without the cheats; Session 11 is then two
    // evenings after the catch.
    assert_eq!(
        another_table(dir.path(), Some("Session 10"))["evening"],
        "Session 10"
    );
    same(
        &watched(dir.path(), &["--evening", "Session 11"]),
        &catches,
        0.25,
    );

    // The campaign file names the current evening: used when no flag is given, and the
    // flag wins over it.
    std::fs::write(
        dir.path().join("taproom.toml"),
        "campaign = \"Calendar\"\nroster = \"npcs\"\ntavern = \"inn.toml\"\nevening = \"Session 11\"\n",
    )
    .unwrap();
    assert_eq!(another_table(dir.path(), None)["evening"], "Session 11");
    same(&watched(dir.path(), &[]), &catches, 0.25);
    assert_eq!(
        another_table(dir.path(), Some("Session 12"))["evening"],
        "Session 12"
    );
    same(&watched(dir.path(), &[]), &catches, 0.25);
    same(
        &watched(dir.path(), &["--evening", "Session 13"]),
        &catches,
        0.0625,
    );

    // The history groups by evening: four evenings, one day, in the order first played.
    let doc: Value = serde_json::from_str(
        &Taproom::new()
            .args(["history", ".", "--format", "json"])
            .current_dir(dir.path())
            .ok()
            .stdout,
    )
    .unwrap();
    let n9 = first.len() as u64;
    let want = serde_json::json!([
        {"name": "Session 9", "matches": n9},
        {"name": "Session 10", "matches": 1},
        {"name": "Session 11", "matches": 1},
        {"name": "Session 12", "matches": 1},
    ]);
    assert_eq!(doc["evenings"], want);
    let matches = doc["matches"].as_array().unwrap();
    assert_eq!(matches.last().unwrap()["evening"], "Session 12");
    let text = Taproom::new()
        .args(["history", "."])
        .current_dir(dir.path())
        .ok()
        .stdout;
    assert!(
        text.contains(&format!(
            "{} matches over 4 evenings, on 2026-11-05",
            n9 + 3
        )),
        "{text}"
    );
}

#[test]
fn a_night_is_recorded_under_the_evening_named_and_an_old_line_without_one_still_reads() {
    let dir = campaign();
    std::fs::write(
        dir.path().join("night.toml"),
        "evening = \"A quiet night\"\ntavern = \"inn.toml\"\nroster = \"npcs\"\nseed = 3\n\n\
         [[match]]\ngame = \"tides\"\nplayers = [\"Brannoc\", \"Mirela\"]\nbest_of = 1\n\n\
         [[match]]\ngame = \"kiust\"\nplayers = [\"Pip\", \"Hrodgar\"]\nbest_of = 1\n",
    )
    .unwrap();
    let night = |extra: &[&str]| {
        Taproom::new()
            .args(["night", "night.toml", "--narrate", "none", "--apply"])
            .args(extra)
            .current_dir(dir.path())
            .env("TAPROOM_NOW", DAY)
            .ok()
    };
    // Without a name: the evening file's title and when it began, as before.
    night(&[]);
    let lines = history(dir.path());
    assert_eq!(lines.len(), 2);
    assert!(
        lines
            .iter()
            .all(|l| l["evening"] == format!("A quiet night ({DAY})"))
    );
    night(&["--evening", "Session 4"]);
    let lines = history(dir.path());
    assert_eq!(lines.len(), 4);
    assert!(
        lines[2..].iter().all(|l| l["evening"] == "Session 4"),
        "{lines:?}"
    );
    // A line written before records named their evening: read, of its date's evening.
    let mut old = lines[0].clone();
    old.as_object_mut().unwrap().remove("evening");
    old["at"] = "2026-10-01T20:00:00+00:00".into();
    let mut text = std::fs::read_to_string(dir.path().join("history.jsonl")).unwrap();
    text.insert_str(0, &format!("{old}\n"));
    std::fs::write(dir.path().join("history.jsonl"), text).unwrap();
    let out = Taproom::new()
        .args(["history", ".", "--format", "json"])
        .current_dir(dir.path())
        .ok();
    assert!(!out.stderr.contains("read past"), "{}", out.stderr);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["matches"].as_array().unwrap().len(), 5);
    let names: Vec<&str> = doc["evenings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["2026-10-01", &format!("A quiet night ({DAY})"), "Session 4"]
    );
    // A name the one name check refuses is refused, in a sentence naming the flag.
    Taproom::new()
        .args(["night", "night.toml", "--evening", "Bad\u{202e}name"])
        .current_dir(dir.path())
        .fails(&["--evening"]);
}
