//! The GM's notes (issue 43, point 3): `--format note` writes one Markdown note a match
//! whose YAML front matter a YAML parser of its own (saphyr) reads back to the facts the
//! match's `--format json` tells, names of any kind quoted safely; `history --notes DIR`
//! writes the campaign's record as such notes, one a match, the same files byte for byte
//! when run again.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::Taproom;
use saphyr::{LoadableYamlNode, ScalarOwned, YamlOwned};
use serde_json::{Value, json};

/// A YAML node as JSON, to compare with the match's JSON.
fn to_json(node: &YamlOwned) -> Value {
    match node {
        YamlOwned::Value(ScalarOwned::Null) => Value::Null,
        YamlOwned::Value(ScalarOwned::Boolean(b)) => json!(b),
        YamlOwned::Value(ScalarOwned::Integer(i)) => json!(i),
        YamlOwned::Value(ScalarOwned::FloatingPoint(f)) => json!(f.into_inner()),
        YamlOwned::Value(ScalarOwned::String(s)) => json!(s),
        YamlOwned::Sequence(items) => Value::Array(items.iter().map(to_json).collect()),
        YamlOwned::Mapping(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let key = k.as_str().expect("a mapping's key is a string").to_owned();
                    (key, to_json(v))
                })
                .collect(),
        ),
        other => panic!("not plain YAML: {other:?}"),
    }
}

/// A note's front matter, read by the YAML parser, and its body.
fn read_note(note: &str) -> (Value, String) {
    let rest = note.strip_prefix("---\n").expect("front matter first");
    let end = rest.find("\n---\n").expect("the front matter's end");
    let docs = YamlOwned::load_from_str(&rest[..end]).expect("YAML that parses");
    assert_eq!(docs.len(), 1, "one YAML document");
    (to_json(&docs[0]), rest[end + 5..].to_owned())
}

fn play(args: &[&str], dir: Option<&Path>) -> String {
    let mut run = Taproom::new().args(["play"]).args(args);
    if let Some(dir) = dir {
        run = run.current_dir(dir);
    }
    run.ok().stdout
}

/// The facts of the front matter against the same match's JSON (an independent printer
/// of the same seed): players, winner, each one's wins and the score, the seed, the game,
/// the replay line, and what each purse moved.
fn check_against_json(args: &[&str], dir: Option<&Path>) {
    let what = format!("{args:?}");
    let mut note_args = args.to_vec();
    note_args.extend(["--format", "note"]);
    let (front, body) = read_note(&play(&note_args, dir));
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let match_json: Value = serde_json::from_str(&play(&json_args, dir)).unwrap();
    let names: Vec<Value> = match_json["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].clone())
        .collect();
    assert_eq!(front["players"], Value::Array(names.clone()), "{what}");
    assert_eq!(front["winner"], match_json["winner"], "{what}");
    assert_eq!(front["winners"], match_json["winners"], "{what}");
    let wins = match_json["wins"].as_array().unwrap();
    for (name, n) in names.iter().zip(wins) {
        assert_eq!(front["wins"][name.as_str().unwrap()], *n, "{what}");
    }
    let score: Vec<String> = wins.iter().map(ToString::to_string).collect();
    assert_eq!(front["score"], json!(score.join("–")), "{what}");
    assert_eq!(front["seed"], match_json["seed"], "{what}");
    assert_eq!(front["replay"], match_json["replay"], "{what}");
    assert!(
        front["tags"]
            .as_array()
            .unwrap()
            .contains(&match_json["game"]),
        "{what}: the game's tag"
    );
    assert_eq!(
        front["date"],
        json!("2026-12-03"),
        "{what}: the test's clock"
    );
    // Every purse the wagers moved, by name, and none that did not move.
    let mut moved = BTreeMap::new();
    for p in match_json["wagers"]["purses"]
        .as_array()
        .into_iter()
        .flatten()
    {
        if p["change_cp"] != json!(0) {
            moved.insert(
                p["name"].as_str().unwrap().to_owned(),
                p["change_cp"].clone(),
            );
        }
    }
    let noted: BTreeMap<String, Value> = front["money_cp"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    assert_eq!(noted, moved, "{what}: the money");
    // Each character's own note is linked from the body.
    for name in &names {
        let link = format!("[[{}]]", name.as_str().unwrap());
        assert!(body.contains(&link), "{what}: {link} in\n{body}");
    }
}

/// Every game, and Piç at two to five seats, with bets on some: the front matter is the
/// match's JSON's facts.
#[test]
fn a_notes_front_matter_is_what_the_matchs_json_tells() {
    let tables: [&[&str]; 7] = [
        &[
            "tides",
            "Pip",
            "Mirela",
            "--seed",
            "4",
            "--bet",
            "Tamsin 3 sp on Pip",
        ],
        &["kiust", "Pip", "Mirela", "--seed", "5"],
        &[
            "dogfight",
            "Brannoc",
            "Mirela",
            "--seed",
            "6",
            "--bet",
            "Pip 2 cp on Brannoc",
        ],
        &["pic", "Pip", "Mirela", "--seed", "3"],
        &["pic", "Pip", "Mirela", "Brannoc", "--seed", "3"],
        &["pic", "Pip", "Mirela", "Brannoc", "Hrodgar", "--seed", "8"],
        &[
            "pic", "Pip", "Mirela", "Brannoc", "Hrodgar", "Ysolde", "--seed", "9",
        ],
    ];
    for args in tables {
        check_against_json(args, None);
    }
}

/// A folder of two characters whose names a careless writer of YAML would break: quotes
/// and a colon, and letters beyond ASCII.
fn odd_roster() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let pip = std::fs::read_to_string("data/characters/pip.toml").unwrap();
    let mirela = std::fs::read_to_string("data/characters/mirela.toml").unwrap();
    let rename = |text: &str, name: &str, short: &str| {
        let mut out = format!("name = {}\nshort = {}\n", toml_str(name), toml_str(short));
        for line in text
            .lines()
            .filter(|l| !l.starts_with("name =") && !l.starts_with("short ="))
        {
            out.push_str(line);
            out.push('\n');
        }
        out
    };
    std::fs::write(
        dir.path().join("bob.toml"),
        rename(&pip, "Old \"Ironhand\": Bob", "Bob"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("oicus.toml"),
        rename(&mirela, "Òicus ü", "Òicus"),
    )
    .unwrap();
    dir
}

fn toml_str(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

#[test]
fn names_with_quotes_colons_and_accents_read_back_whole() {
    let dir = odd_roster();
    let args = ["tides", "bob.toml", "oicus.toml", "--seed", "11"];
    check_against_json(&args, Some(dir.path()));
    let mut note_args = args.to_vec();
    note_args.extend(["--format", "note"]);
    let (front, body) = read_note(&play(&note_args, Some(dir.path())));
    assert_eq!(
        front["players"],
        json!(["Old \"Ironhand\": Bob", "Òicus ü"])
    );
    assert_eq!(
        front["title"],
        json!("Tides of War: Old \"Ironhand\": Bob v Òicus ü")
    );
    assert!(body.contains("[[Old \"Ironhand\": Bob]]"), "{body}");
}

/// A campaign folder whose matches are recorded: characters, a tavern whose bookie prices
/// quickly, the history beside it.
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

/// Plays and records a match of the campaign under `evening`.
fn apply(dir: &Path, evening: &str, args: &[&str]) {
    Taproom::new()
        .args(["play"])
        .args(args)
        .args([
            "--roster",
            "npcs",
            "--tavern",
            "inn.toml",
            "--narrate",
            "none",
        ])
        .args(["--apply", "--evening", evening])
        .current_dir(dir)
        .ok();
}

/// The files of a folder and their bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Each note is its record's match (found by its seed): its evening, its players, and
/// its number in the evening, which its file's name holds after the date and evening.
fn check_notes(notes: &BTreeMap<String, Vec<u8>>, records: &[Value]) {
    // Each note is its record's match, in the history's order of names (by evening).
    let mut numbers: BTreeMap<String, u64> = BTreeMap::new();
    for (name, bytes) in notes {
        let (front, _) = read_note(std::str::from_utf8(bytes).unwrap());
        let record = records
            .iter()
            .find(|r| r["seed"] == front["seed"])
            .expect("a record of the note's seed");
        let evening = record["evening"].as_str().unwrap();
        assert_eq!(front["evening"], json!(evening), "{name}");
        let players: Vec<Value> = record["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].clone())
            .collect();
        assert_eq!(front["players"], Value::Array(players), "{name}");
        let n = numbers.entry(evening.to_owned()).or_insert(0);
        *n += 1;
        assert_eq!(
            front["match"],
            json!(*n),
            "{name}: its number in the evening"
        );
        assert!(
            name.starts_with(&format!("2026-12-03 {evening} 0{n} ")),
            "{name}"
        );
    }
}

/// Three evenings of five matches: five notes, one a match, named by evening and number,
/// each the match's record (its seed, players and evening); run again, the very same
/// files; one more match, one more note and the rest untouched.
#[test]
fn history_notes_writes_one_note_a_match_and_the_same_files_again() {
    let dir = campaign();
    let d = dir.path();
    apply(
        d,
        "Session 1",
        &[
            "tides",
            "Pip",
            "Mirela",
            "--seed",
            "1",
            "--bet",
            "Tamsin 1 sp on Pip",
        ],
    );
    apply(
        d,
        "Session 1",
        &["pic", "Pip", "Mirela", "Brannoc", "--seed", "2"],
    );
    apply(
        d,
        "Session 2",
        &["kiust", "Hrodgar", "Tamsin", "--seed", "3"],
    );
    apply(
        d,
        "Session 3",
        &["dogfight", "Brannoc", "Pip", "--seed", "4"],
    );
    apply(
        d,
        "Session 3",
        &[
            "pic", "Pip", "Mirela", "Brannoc", "Hrodgar", "Tamsin", "--seed", "5",
        ],
    );
    let records: Vec<Value> = std::fs::read_to_string(d.join("history.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 5);
    let vault = d.join("vault");
    let run = || {
        Taproom::new()
            .args(["history", "history.jsonl", "--notes", "vault"])
            .current_dir(d)
            .ok()
            .stdout
    };
    let said = run();
    assert!(said.contains("5 of 5 written"), "{said}");
    let first = files(&vault);
    assert_eq!(first.len(), 5, "{:?}", first.keys());
    check_notes(&first, &records);
    assert_eq!(
        run(),
        "Notes in vault: 0 of 5 written (the others were already so).\n"
    );
    assert_eq!(files(&vault), first, "the same files, byte for byte");
    apply(
        d,
        "Session 4",
        &["tides", "Hrodgar", "Brannoc", "--seed", "6"],
    );
    assert!(run().contains("1 of 6 written"));
    let after = files(&vault);
    assert_eq!(after.len(), 6);
    for (name, bytes) in &first {
        assert_eq!(after.get(name), Some(bytes), "{name} untouched");
    }
}

/// `--notes` naming a file: one sentence naming it, exit 2, the file as it was.
#[test]
fn notes_into_a_file_is_refused_in_one_sentence() {
    let dir = campaign();
    let d = dir.path();
    apply(d, "Session 1", &["tides", "Pip", "Mirela", "--seed", "1"]);
    std::fs::write(d.join("vault.md"), "mine").unwrap();
    let out = Taproom::new()
        .args(["history", "history.jsonl", "--notes", "vault.md"])
        .current_dir(d)
        .run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(
        out.stderr.trim(),
        "error: --notes vault.md: that is a file, not a folder to write the notes in"
    );
    assert_eq!(std::fs::read_to_string(d.join("vault.md")).unwrap(), "mine");
}
