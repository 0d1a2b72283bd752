//! Stakes that are not money: a thing staked against a rival passes to the winner, is told
//! in the settlement, listed in the JSON and written in the ledger, and changes no purse.
//! Who should get it is read from the match's own result (the JSON's `winner`), never
//! from the settlement under test.

use std::path::{Path, PathBuf};

use crate::common;

use common::Taproom;

const CARAVAN: &str = r#"Brannoc "where the caravan went" on Brannoc against Ysolde"#;

fn json(args: &[&str]) -> serde_json::Value {
    let out = Taproom::new().args(args).args(["--format", "json"]).ok();
    serde_json::from_str(&out.stdout).expect("one JSON document")
}

/// `(from, to, thing)` of every thing the wagers say passed.
fn things(wagers: &serde_json::Value) -> Vec<(String, String, String)> {
    wagers["things"]
        .as_array()
        .expect("a `things` array")
        .iter()
        .map(|t| {
            let s = |k: &str| t[k].as_str().unwrap().to_owned();
            (s("from"), s("to"), s("thing"))
        })
        .collect()
}

fn changes(wagers: &serde_json::Value) -> Vec<(String, i64)> {
    wagers["purses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_owned(),
                p["change_cp"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_answer_goes_to_ysolde_when_brannoc_loses_in_the_text_and_the_json() {
    // Over a few seeds, both ways the match can go (a drawn match would be a push).
    let mut seen = (false, false);
    for seed in 1..=60 {
        let seed = seed.to_string();
        let args = [
            "play", "tides", "Brannoc", "Ysolde", "--seed", &seed, "--bet", CARAVAN,
        ];
        let v = json(&args);
        let w = &v["wagers"];
        let brannoc_won = v["winner"] == "Old Brannoc";
        let ysolde_won = v["winner"] == "Sister Ysolde";
        assert_eq!(w["bets"][0]["thing"], "where the caravan went", "{w}");
        assert_eq!(w["bets"][1]["thing"], serde_json::Value::Null, "{w}");
        let expected: Vec<(String, String, String)> = if ysolde_won {
            vec![(
                "Old Brannoc".into(),
                "Sister Ysolde".into(),
                "where the caravan went".into(),
            )]
        } else {
            Vec::new()
        };
        assert_eq!(things(w), expected, "seed {seed}");
        // Nobody's purse moves, and the house takes nothing.
        assert_eq!(
            changes(w),
            [("Old Brannoc".into(), 0), ("Sister Ysolde".into(), 0)]
        );
        assert_eq!(w["house_cp"], 0);

        let text = Taproom::new()
            .args(args)
            .args(["--narrate", "none"])
            .ok()
            .stdout;
        let wins = "Sister Ysolde wins “where the caravan went” from Old Brannoc";
        let keeps = "Old Brannoc keeps “where the caravan went”";
        assert_eq!(text.contains(wins), ysolde_won, "seed {seed}: {text}");
        assert_eq!(text.contains(keeps), brannoc_won, "seed {seed}: {text}");
        seen.0 |= brannoc_won;
        seen.1 |= ysolde_won;
        if seen == (true, true) {
            return;
        }
    }
    panic!("seeds 1 to 60 did not give both results: {seen:?}");
}

#[test]
fn short_says_on_the_money_line_who_won_the_thing() {
    let mut seen = (false, false);
    for seed in 1..=60 {
        let seed = seed.to_string();
        let out = Taproom::new()
            .args(["play", "tides", "Brannoc", "Ysolde", "--seed", &seed])
            .args(["--bet", CARAVAN, "--short"])
            .ok()
            .stdout;
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        let ysolde_won = lines[0].starts_with("Sister Ysolde beats");
        let brannoc_won = lines[0].starts_with("Old Brannoc beats");
        assert!(lines[1].starts_with("Money: Old Brannoc 0 cp, Sister Ysolde 0 cp"));
        assert_eq!(
            lines[1].ends_with(
                "(nothing written). Sister Ysolde wins “where the caravan went” from Old Brannoc."
            ),
            ysolde_won,
            "{out}"
        );
        seen.0 |= brannoc_won;
        seen.1 |= ysolde_won;
        if seen == (true, true) {
            return;
        }
    }
    panic!("seeds 1 to 60 did not give both results: {seen:?}");
}

#[test]
fn coins_against_the_answer_move_only_when_ysolde_loses() {
    let bet = r#"Ysolde 2 gp on Ysolde against Brannoc for "where the caravan went""#;
    let mut seen = (false, false);
    for seed in 1..=60 {
        let seed = seed.to_string();
        let v = json(&[
            "play", "tides", "Brannoc", "Ysolde", "--seed", &seed, "--bet", bet,
        ]);
        let w = &v["wagers"];
        let ysolde_won = v["winner"] == "Sister Ysolde";
        let brannoc_won = v["winner"] == "Old Brannoc";
        let (brannoc, ysolde) = if brannoc_won { (200, -200) } else { (0, 0) };
        assert_eq!(
            changes(w),
            [
                ("Old Brannoc".into(), brannoc),
                ("Sister Ysolde".into(), ysolde)
            ],
            "seed {seed}"
        );
        assert_eq!(!things(w).is_empty(), ysolde_won, "seed {seed}: {w}");
        seen.0 |= brannoc_won;
        seen.1 |= ysolde_won;
        if seen == (true, true) {
            return;
        }
    }
    panic!("seeds 1 to 60 did not give both results: {seen:?}");
}

/// A copy of the example characters in a folder of its own.
fn campaign() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("characters");
    std::fs::create_dir(&folder).unwrap();
    for e in std::fs::read_dir("examples/characters").unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), folder.join(e.file_name())).unwrap();
    }
    (dir, folder)
}

fn bytes(file: &Path) -> Vec<u8> {
    std::fs::read(file).unwrap()
}

#[test]
fn apply_writes_the_thing_in_the_ledger_and_leaves_every_purse_file_as_it_was() {
    let (dir, folder) = campaign();
    let bet = r#"Gorm "where the caravan went" on Gorm against Vessa for "a favour""#;
    let v = json(&[
        "play",
        "tides",
        "--roster",
        folder.to_str().unwrap(),
        "Gorm",
        "Vessa",
        "--seed",
        "3",
        "--bet",
        bet,
        "--apply",
        "--ledger",
        dir.path().join("ledger.txt").to_str().unwrap(),
    ]);
    let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap();
    let line = match v["winner"].as_str() {
        Some("Gorm the Ferryman") => {
            "- Gorm the Ferryman won “a favour” from Vessa Nine-Rings: on himself to win the match in a stake between them\n"
        }
        Some("Vessa Nine-Rings") => {
            "- Vessa Nine-Rings won “where the caravan went” from Gorm the Ferryman: against Gorm the Ferryman to win the match in a stake between them\n"
        }
        other => panic!("seed 3 should have a winner, not {other:?}"),
    };
    assert!(ledger.contains(line), "{ledger}");
    assert!(ledger.contains("- Gorm the Ferryman: 14 gp 6 sp -> 14 gp 6 sp\n"));
    // Only things moved: every character file is byte for byte the example's.
    for e in std::fs::read_dir("examples/characters").unwrap() {
        let e = e.unwrap();
        assert_eq!(
            bytes(&folder.join(e.file_name())),
            bytes(&e.path()),
            "{:?}",
            e.file_name()
        );
    }
    let written: Vec<&str> = v["wagers"]["written"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert_eq!(
        written.len(),
        2,
        "the ledger and the history alone: {written:?}"
    );
    assert!(written[0].ends_with("ledger.txt") && written[1].ends_with("history.jsonl"));
    assert!(written[0].ends_with("ledger.txt"));
}

#[test]
fn apply_with_coins_against_a_thing_writes_the_coins_only_when_they_are_lost() {
    // Kiust Oyun's sticks give either player a fair chance, at any level.
    let mut seen = (false, false);
    for seed in 1..=60 {
        let (dir, folder) = campaign();
        let bet = r#"Vessa 1 gp on Vessa against Gorm for "where the caravan went""#;
        let seed = seed.to_string();
        let v = json(&[
            "play",
            "kiust",
            "--roster",
            folder.to_str().unwrap(),
            "Gorm",
            "Vessa",
            "--seed",
            &seed,
            "--bet",
            bet,
            "--apply",
            "--ledger",
            dir.path().join("ledger.txt").to_str().unwrap(),
        ]);
        let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap();
        let vessa_file = folder.join("vessa.toml");
        let gorm_file = folder.join("gorm.toml");
        let vessa_was = bytes(Path::new("examples/characters/vessa.toml"));
        let gorm_was = bytes(Path::new("examples/characters/gorm.toml"));
        let vessa_won = v["winner"] == "Vessa Nine-Rings";
        let gorm_won = v["winner"] == "Gorm the Ferryman";
        let won_it = "- Vessa Nine-Rings won “where the caravan went” from Gorm the Ferryman";
        assert_eq!(ledger.contains(won_it), vessa_won, "seed {seed}: {ledger}");
        assert_eq!(
            ledger.contains("- Vessa Nine-Rings paid Gorm the Ferryman 1 gp"),
            gorm_won,
            "seed {seed}: {ledger}"
        );
        // Her coins move only when her side loses; the thing moves no purse.
        assert_eq!(bytes(&vessa_file) == vessa_was, !gorm_won, "seed {seed}");
        assert_eq!(bytes(&gorm_file) == gorm_was, !gorm_won, "seed {seed}");
        if gorm_won {
            let purse = |f: &Path| {
                let t: toml::Table = std::fs::read_to_string(f).unwrap().parse().unwrap();
                t["purse"].as_str().unwrap().to_owned()
            };
            assert_eq!(purse(&vessa_file), "30 gp");
            assert_eq!(purse(&gorm_file), "15 gp 6 sp");
        }
        seen.0 |= gorm_won;
        seen.1 |= vessa_won;
        if seen == (true, true) {
            return;
        }
    }
    panic!("seeds 1 to 60 did not give both results: {seen:?}");
}

#[test]
fn a_built_in_character_may_stake_a_thing_with_apply_but_not_coins() {
    let (dir, folder) = campaign();
    let ledger = dir.path().join("ledger.txt");
    let run = |bet: &str| {
        Taproom::new()
            .args(["play", "tides", "--roster", folder.to_str().unwrap()])
            .args(["Brannoc", "Gorm", "--seed", "1", "--narrate", "none"])
            .args([
                "--bet",
                bet,
                "--apply",
                "--ledger",
                ledger.to_str().unwrap(),
            ])
    };
    run(r#"Brannoc "where the caravan went" on Brannoc against Gorm"#).ok();
    let text = std::fs::read_to_string(&ledger).unwrap();
    assert!(
        text.contains("- Old Brannoc: 23 gp 4 sp -> 23 gp 4 sp"),
        "{text}"
    );
    run("Brannoc 1 gp on Brannoc against Gorm")
        .fails(&["Old Brannoc is built into taproom and has no file to keep a purse in"]);
    run(r#"Brannoc "where the caravan went" on Brannoc against Gorm for 1 gp"#)
        .fails(&["Old Brannoc is built into taproom"]);
}

#[test]
fn a_bad_thing_or_a_thing_with_the_house_is_one_sentence_and_exit_code_2() {
    let long = format!(r#"Brannoc "{}" on Brannoc against Ysolde"#, "x".repeat(81));
    let cases = [
        (
            r#"Brannoc "" on Brannoc against Ysolde"#,
            "a thing staked cannot be empty",
        ),
        (
            &long,
            "a thing staked is at most 80 characters, and this one is 81",
        ),
        (
            "Brannoc \"a \u{7}bell\" on Brannoc against Ysolde",
            "without tabs or control characters",
        ),
        (
            r#"Brannoc "where the caravan went" on Brannoc"#,
            "the bookie deals only in coin, so “where the caravan went” can be staked only against another character",
        ),
        (
            r#"Brannoc "where the caravan went" on Brannoc in the pool"#,
            "the pool deals only in coin",
        ),
        (
            r#"Brannoc "3 gp" on Brannoc against Ysolde"#,
            "“3 gp” is money, not a thing",
        ),
        (
            r#"Brannoc "where the caravan went on Brannoc against Ysolde"#,
            "has no closing quotation mark",
        ),
    ];
    for (bet, needle) in cases {
        let out = Taproom::new()
            .args(["play", "tides", "Brannoc", "Ysolde", "--bet", bet])
            .fails(&[needle, "cannot read the bet"]);
        assert_eq!(out.stderr.trim_end().lines().count(), 1, "{}", out.stderr);
        assert!(
            !out.stderr.contains('\u{7}'),
            "a control character is shown escaped"
        );
        assert!(out.stdout.is_empty(), "nothing is played: {}", out.stdout);
    }
}

#[test]
fn an_evening_settles_things_and_check_refuses_a_bad_one_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let evening = dir.path().join("evening.toml");
    let write = |bet: &str| {
        std::fs::write(
            &evening,
            format!(
                "evening = \"Questions at the Wayside\"\nseed = 2\n\n[[match]]\ngame = \"tides\"\n\
                 players = [\"Brannoc\", \"Ysolde\"]\nbets = ['{bet}']\n"
            ),
        )
        .unwrap();
    };
    write(CARAVAN);
    let v = json(&["night", evening.to_str().unwrap()]);
    let m = &v["matches"][0];
    let expected: Vec<(String, String, String)> = if m["winner"] == "Sister Ysolde" {
        vec![(
            "Old Brannoc".into(),
            "Sister Ysolde".into(),
            "where the caravan went".into(),
        )]
    } else {
        Vec::new()
    };
    assert_eq!(things(&m["wagers"]), expected, "{m}");
    assert_eq!(v["house_cp"], 0);
    let short = Taproom::new()
        .args(["night", evening.to_str().unwrap(), "--short"])
        .ok()
        .stdout;
    assert_eq!(
        short
            .trim_end()
            .ends_with("Sister Ysolde wins “where the caravan went” from Old Brannoc."),
        !expected.is_empty(),
        "{short}"
    );

    write(r#"Brannoc "" on Brannoc against Ysolde"#);
    Taproom::new()
        .args(["check", evening.to_str().unwrap()])
        .fails(&["evening.toml:7:", "a thing staked cannot be empty"]);
}

/// A copy of the examples in which Pip owes the house 1 gp beside his 3 sp 8 cp (6 sp
/// 2 cp owed, set against each other), as the red team set it: the copy and `ex` in it.
fn pip_in_debt() -> (tempfile::TempDir, PathBuf) {
    let (dir, ex) = common::examples_copy();
    let pip = ex.join("characters/pip.toml");
    let text = std::fs::read_to_string(&pip).unwrap();
    let line = "purse = \"3 sp 8 cp\"         # all he has left after the fair\n";
    assert!(text.contains(line), "{text}");
    std::fs::write(
        &pip,
        text.replace(line, &format!("{line}debt = \"1 gp\"\n")),
    )
    .unwrap();
    (dir, ex)
}

/// Pip's purse and debt in his file (`None`: no debt line).
fn pip_purse(ex: &Path) -> (String, Option<String>) {
    let text = std::fs::read_to_string(ex.join("characters/pip.toml")).unwrap();
    let t: toml::Table = text.parse().unwrap();
    (
        t["purse"].as_str().unwrap().to_owned(),
        t.get("debt").map(|d| d.as_str().unwrap().to_owned()),
    )
}

/// The last record of the history: the match's winners and Pip's money before and after.
fn pip_in_history(ex: &Path) -> (serde_json::Value, (i64, i64)) {
    let history = std::fs::read_to_string(ex.join("history.jsonl")).unwrap();
    let last: serde_json::Value = serde_json::from_str(history.lines().last().unwrap()).unwrap();
    let pip = last["money"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "Pip Underbough")
        .unwrap();
    (
        last["winners"].clone(),
        (
            pip["before_cp"].as_i64().unwrap(),
            pip["after_cp"].as_i64().unwrap(),
        ),
    )
}

/// Pip's debt before and after in the JSON of the same command.
fn pip_debt_in_json(bet: &str) -> (i64, i64) {
    let (_dir, ex) = pip_in_debt();
    let out = Taproom::new()
        .current_dir(&ex)
        .args([
            "play", "tides", "Gorm", "Vessa", "--seed", "1", "--bet", bet,
        ])
        .args(["--apply", "--format", "json"])
        .ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let pip = v["wagers"]["purses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Pip Underbough")
        .unwrap()
        .clone();
    (
        pip["debt_before_cp"].as_i64().unwrap(),
        pip["debt_after_cp"].as_i64().unwrap(),
    )
}

#[test]
fn a_debtor_who_stakes_nothing_against_a_thing_keeps_his_debt() {
    // By hand: 3 sp 8 cp held and 1 gp owed is 38 - 100 = 62 cp owed. Pip stakes nothing,
    // so whatever the match, no coin of his moves and he owes 62 cp after.
    let (_dir, ex) = pip_in_debt();
    let pip_was = bytes(&ex.join("characters/pip.toml"));
    let bet = r#"Dobbin "a favour" on Gorm against Pip"#;
    Taproom::new()
        .current_dir(&ex)
        .args([
            "play", "tides", "Gorm", "Vessa", "--seed", "1", "--bet", bet, "--apply",
        ])
        .ok();
    assert_eq!(bytes(&ex.join("characters/pip.toml")), pip_was);
    let ledger = std::fs::read_to_string(ex.join("ledger.txt")).unwrap();
    assert!(
        ledger.contains("- Pip Underbough: owes 6 sp 2 cp -> owes 6 sp 2 cp\n"),
        "{ledger}"
    );
    assert_eq!(pip_in_history(&ex).1, (-62, -62));
    assert_eq!(pip_debt_in_json(bet), (62, 62));
}

#[test]
fn a_debtor_who_stakes_a_thing_pays_his_debt_only_with_the_coins_he_wins() {
    // Pip's song against Dobbin's 1 sp, on Gorm: seed 1 is Gorm's match (the history
    // says so), so Pip wins 10 cp, and by hand owes 62 - 10 = 52 cp, 5 sp 2 cp.
    let (_dir, ex) = pip_in_debt();
    let bet = r#"Pip "a song" on Gorm against Dobbin for 1 sp"#;
    Taproom::new()
        .current_dir(&ex)
        .args([
            "play", "tides", "Gorm", "Vessa", "--seed", "1", "--bet", bet, "--apply",
        ])
        .ok();
    let (winners, money) = pip_in_history(&ex);
    assert_eq!(winners, serde_json::json!(["Gorm the Ferryman"]));
    assert_eq!(money, (-62, -52));
    assert_eq!(
        pip_purse(&ex),
        ("0 cp".to_owned(), Some("5 sp 2 cp".to_owned()))
    );
    let ledger = std::fs::read_to_string(ex.join("ledger.txt")).unwrap();
    assert!(
        ledger.contains("- Pip Underbough: owes 6 sp 2 cp -> owes 5 sp 2 cp\n"),
        "{ledger}"
    );
    assert_eq!(pip_debt_in_json(bet), (62, 52));
}
