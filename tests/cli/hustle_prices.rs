//! The bookie believes what he sees (issue 42, point 3): he prices a hustler at the skill
//! shown, so a hustle can beat him; `odds --view gm` prices the truth; `--wise-to` (or a
//! hustle the history saw turn) makes him price the truth too; the audit says when a table
//! holds an intention.
//!
//! The independent reason is a twin: a plain character of the skill shown (or of the true
//! skill), same temperament, who runs no hustle. The bookie's board for the hustler's table
//! must be the twin's, outcome for outcome, at every game and at Piç tables of two, three
//! and five. (`play` prices its bets through the same function as `odds`.)

use std::path::Path;

use serde_json::Value;

use crate::common::Taproom;

/// The hustler: skill 9 showing 3. Bold, so that a temperament shared with the twins is
/// not only the default.
const WIL: &str = "name = \"Sly Wil\"\nskill = 9\ntemperament = \"bold\"\n\
                   [hustle]\nshows = 3\nuntil = \"5 gp\"\n";
/// The twin of the skill shown.
const SHOWN: &str = "name = \"Plain Wil\"\nskill = 3\ntemperament = \"bold\"\n";
/// The twin of the true skill.
const TRUE: &str = "name = \"Sharp Wil\"\nskill = 9\ntemperament = \"bold\"\n";
const GUS: &str = "name = \"Gus\"\nskill = 5\n";
const ADA: &str = "name = \"Ada\"\nskill = 6\ntemperament = \"cautious\"\n";
const TOBIN: &str =
    "name = \"Brother Tobin\"\nskill = 8\n[throw]\nto = [\"Gus\"]\nbribe = \"10 gp\"\n";

fn write_all(dir: &Path) {
    for (file, text) in [
        ("wil.toml", WIL),
        ("shown.toml", SHOWN),
        ("true.toml", TRUE),
        ("gus.toml", GUS),
        ("ada.toml", ADA),
        ("tobin.toml", TOBIN),
    ] {
        std::fs::write(dir.join(file), text).unwrap();
    }
}

/// The tables: the hustler's seat is the first, the rest are the same for every twin.
const TABLES: [(&str, &[&str]); 6] = [
    ("tides", &["gus.toml"]),
    ("kiust", &["gus.toml"]),
    ("oicus", &["gus.toml"]),
    ("pic", &["gus.toml"]),
    ("pic", &["gus.toml", "ada.toml"]),
    ("pic", &["gus.toml", "ada.toml", "Pip", "Mirela"]),
];

fn odds(dir: &Path, game: &str, first: &str, rest: &[&str], extra: &[&str]) -> Value {
    let mut args = vec!["odds", game, first];
    args.extend(rest);
    args.extend(["--format", "json", "--sims", "4000"]);
    args.extend(extra);
    let out = Taproom::new().current_dir(dir).args(&args).ok();
    serde_json::from_str(&out.stdout).unwrap()
}

/// Every market's chances and ranges, with the first seat's name made `FIRST`, so that
/// two boards of twins compare.
fn chances(board: &Value, first: &str) -> String {
    let text = serde_json::to_string(&board["markets"]).unwrap();
    text.replace(first, "FIRST")
}

/// Text as one line: the wrapped lines joined, a shell line's continuations too.
fn flat(text: &str) -> String {
    text.replace("\\\n", " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn seat_name(board: &Value) -> String {
    board["players"][0].as_str().unwrap().to_owned()
}

#[test]
fn the_bookie_prices_a_hustler_at_the_skill_shown_and_the_gm_sees_the_truth() {
    let dir = tempfile::tempdir().unwrap();
    write_all(dir.path());
    let mut differ = 0;
    for (game, rest) in TABLES {
        let hustler = odds(dir.path(), game, "wil.toml", rest, &[]);
        let shown = odds(dir.path(), game, "shown.toml", rest, &[]);
        assert_eq!(hustler["sight"], "bookie");
        assert_eq!(
            chances(&hustler, &seat_name(&hustler)),
            chances(&shown, &seat_name(&shown)),
            "{game} {rest:?}: the bookie's board for the hustler is not the skill-3 twin's"
        );
        let truth = odds(dir.path(), game, "wil.toml", rest, &["--view", "gm"]);
        let sharp = odds(dir.path(), game, "true.toml", rest, &[]);
        assert_eq!(truth["sight"], "truth");
        assert_eq!(
            chances(&truth, &seat_name(&truth)),
            chances(&sharp, &seat_name(&sharp)),
            "{game} {rest:?}: the GM's board for the hustler is not the skill-9 twin's"
        );
        let said = truth["intentions"][0].as_str().unwrap();
        assert!(
            said.contains("shows skill 3") && said.contains("5 gp") && said.contains("skill 9"),
            "{said}"
        );
        // The bookie's board says nothing of the hustle.
        assert!(hustler.get("intentions").is_none(), "{hustler}");
        let p = |b: &Value| b["markets"][0]["outcomes"][0]["chance"].as_f64().unwrap();
        if (p(&hustler) - p(&truth)).abs() > 0.05 {
            differ += 1;
        }
    }
    // The hustle is worth something: the truth is far from what the bookie sees.
    assert!(
        differ >= 5,
        "only {differ} of 6 tables moved with the truth"
    );
}

#[test]
fn a_bookie_wise_to_the_hustle_prices_the_truth_and_the_replay_line_says_so() {
    let dir = tempfile::tempdir().unwrap();
    write_all(dir.path());
    for (game, rest) in &TABLES[..2] {
        let wise = odds(
            dir.path(),
            game,
            "wil.toml",
            rest,
            &["--wise-to", "sly wil"],
        );
        let sharp = odds(dir.path(), game, "true.toml", rest, &[]);
        assert_eq!(
            chances(&wise, &seat_name(&wise)),
            chances(&sharp, &seat_name(&sharp)),
            "{game}: a bookie wise to the hustle prices the skill-9 twin's board"
        );
    }
    let out = Taproom::new()
        .current_dir(dir.path())
        .args([
            "play",
            "tides",
            "wil.toml",
            "gus.toml",
            "--wise-to",
            "Wil",
            "--seed",
            "4",
        ])
        .ok();
    assert!(
        flat(&out.stdout).contains("--wise-to 'Sly Wil'"),
        "the replay line carries --wise-to: {}",
        out.stdout
    );
    Taproom::new()
        .current_dir(dir.path())
        .args(["odds", "tides", "wil.toml", "gus.toml", "--wise-to", "Gus"])
        .fails(&["--wise-to names Gus", "runs no hustle"]);
    Taproom::new()
        .current_dir(dir.path())
        .args(["odds", "tides", "wil.toml", "gus.toml", "--wise-to", "Hob"])
        .fails(&["--wise-to", "Hob"]);
}

#[test]
fn the_audit_says_when_a_table_holds_an_intention() {
    let dir = tempfile::tempdir().unwrap();
    write_all(dir.path());
    let run = |first: &str| {
        let text = Taproom::new()
            .current_dir(dir.path())
            .args([
                "odds", "tides", first, "gus.toml", "--audit", "10", "--sims", "400",
            ])
            .ok()
            .stdout;
        flat(&text)
    };
    let hustled = run("wil.toml");
    assert!(
        hustled.contains("This table holds an intention") && hustled.contains("by design"),
        "{hustled}"
    );
    let plain = run("shown.toml");
    assert!(!plain.contains("intention"), "{plain}");
    let thrown = run("tobin.toml");
    assert!(
        thrown.contains("This table holds an intention")
            && thrown.contains("throws the match to Gus"),
        "{thrown}"
    );
}

#[test]
fn a_thrown_match_is_counted_from_real_play_in_the_gms_view() {
    let dir = tempfile::tempdir().unwrap();
    write_all(dir.path());
    let bookie = odds(dir.path(), "tides", "tobin.toml", &["gus.toml"], &[]);
    assert_eq!(bookie["markets"][0]["basis"]["basis"], "model", "{bookie}");
    let out = Taproom::new()
        .current_dir(dir.path())
        .args([
            "odds",
            "tides",
            "tobin.toml",
            "gus.toml",
            "--view",
            "gm",
            "--format",
            "json",
        ])
        .ok();
    let truth: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(truth["markets"][0]["basis"]["basis"], "played", "{truth}");
    assert_eq!(truth["markets"][0]["basis"]["sims"], 500, "{truth}");
    let said = truth["intentions"][0].as_str().unwrap();
    assert!(
        said.contains("throws the match to Gus") && said.contains("10 gp"),
        "{said}"
    );
}

/// A campaign folder with the hustler and Gus in `npcs/` (purses to bet with), the twins
/// beside it, and a tavern that keeps a history.
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write_all(dir.path());
    let npcs = dir.path().join("npcs");
    std::fs::create_dir(&npcs).unwrap();
    std::fs::create_dir(dir.path().join("records")).unwrap();
    std::fs::write(npcs.join("wil.toml"), format!("purse = \"12 gp\"\n{WIL}")).unwrap();
    std::fs::write(npcs.join("gus.toml"), format!("purse = \"10 gp\"\n{GUS}")).unwrap();
    std::fs::write(
        dir.path().join("inn.toml"),
        "tavern = \"The Test Inn\"\nsims = 4000\nhistory = \"records/history.jsonl\"\n",
    )
    .unwrap();
    dir
}

fn hustled_in_history(dir: &Path) -> Vec<bool> {
    std::fs::read_to_string(dir.join("records/history.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["entrants"][0]["hustled"] == true
        })
        .collect()
}

#[test]
fn a_hustle_seen_to_turn_is_remembered_and_the_next_match_is_priced_at_the_truth() {
    let dir = campaign();
    let d = dir.path();
    let at_inn = |first: &str| {
        let out = Taproom::new()
            .current_dir(d)
            .args([
                "odds", "tides", first, "Gus", "--roster", "npcs", "--tavern", "inn.toml",
                "--format", "json",
            ])
            .ok();
        serde_json::from_str::<Value>(&out.stdout).unwrap()
    };
    let shown = at_inn("shown.toml");
    let sharp = at_inn("true.toml");
    assert_eq!(
        chances(&at_inn("Wil"), "Sly Wil"),
        chances(&shown, "Plain Wil"),
        "before any match, the bookie sees skill 3"
    );
    let play = |bet: &str, seed: &str| {
        Taproom::new()
            .current_dir(d)
            .args([
                "play", "tides", "Wil", "Gus", "--roster", "npcs", "--tavern", "inn.toml", "--bet",
                bet, "--apply", "--seed", seed,
            ])
            .ok()
    };
    // Small stakes: the hustle holds, the house has seen nothing.
    play("Wil bets 1 gp on Wil", "2");
    assert_eq!(hustled_in_history(d), [false]);
    assert_eq!(
        chances(&at_inn("Wil"), "Sly Wil"),
        chances(&shown, "Plain Wil")
    );
    // Stakes of 5 gp: the hustle turns, and the history keeps it.
    play("Wil bets 5 gp on Wil", "3");
    assert_eq!(hustled_in_history(d), [false, true]);
    assert_eq!(
        chances(&at_inn("Wil"), "Sly Wil"),
        chances(&sharp, "Sharp Wil"),
        "after the hustle turned, the bookie prices the truth"
    );
    // The next match's replay line says the bookie was wise to it.
    let out = play("Gus bets 1 gp on Gus", "4");
    assert!(
        flat(&out.stdout).contains("--wise-to 'Sly Wil'"),
        "{}",
        out.stdout
    );
}
