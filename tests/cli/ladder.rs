//! `taproom ladder`: levels or characters ranked by many single games.

use crate::common;

use common::Taproom;

#[test]
fn levels_are_ranked_with_scores_intervals_and_ratings() {
    let out = Taproom::new()
        .args([
            "ladder", "tides", "--levels", "1,6", "--games", "8", "--seed", "4",
        ])
        .ok();
    assert!(
        out.stdout
            .starts_with("Tides of War ladder: 2 contenders, every pairing, 8 single games"),
        "{}",
        out.stdout
    );
    for needle in ["rating", "95% range", "level 1", "level 6"] {
        assert!(out.stdout.contains(needle), "{needle}: {}", out.stdout);
    }
    assert!(
        out.stdout.contains(
            "Seed 4 replays this ladder: taproom ladder tides --levels 1,6 --games 8 --seed 4"
        ),
        "{}",
        out.stdout
    );
    // The standings put level 6 first.
    let first = out.stdout.lines().find(|l| l.contains("│ 1 ")).unwrap();
    assert!(first.contains("level 6"), "{first}");
}

#[test]
fn json_gives_the_same_ladder_as_data() {
    let args = [
        "ladder", "kiust", "--levels", "1,2", "--games", "4", "--seed", "2", "--format", "json",
    ];
    let out = Taproom::new().args(args).ok();
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["game"], "kiust-oyun");
    assert_eq!(doc["seed"], 2);
    assert_eq!(doc["contenders"].as_array().unwrap().len(), 2);
    let pair = &doc["pairs"][0];
    assert_eq!(pair["games"], 4);
    let played = pair["won"].as_u64().unwrap()
        + pair["drawn"].as_u64().unwrap()
        + pair["lost"].as_u64().unwrap();
    assert_eq!(played, 4);
    let (low, score, high) = (
        pair["low"].as_f64().unwrap(),
        pair["score"].as_f64().unwrap(),
        pair["high"].as_f64().unwrap(),
    );
    assert!(low <= score && score <= high, "{pair}");
    assert_eq!(Taproom::new().args(args).ok().stdout, out.stdout);
}

#[test]
fn characters_play_with_their_own_skill_and_temperament() {
    let out = Taproom::new()
        .args([
            "ladder", "tides", "Pip", "Ysolde", "--games", "4", "--seed", "1",
        ])
        .ok();
    assert!(out.stdout.contains("Pip Underbough"), "{}", out.stdout);
    assert!(out.stdout.contains("reckless"), "{}", out.stdout);
}

#[test]
fn neighbours_play_only_the_next_level() {
    let out = Taproom::new()
        .args([
            "ladder",
            "tides",
            "--levels",
            "1-3",
            "--pairs",
            "neighbours",
            "--games",
            "2",
            "--seed",
            "1",
            "--format",
            "json",
        ])
        .ok();
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let pairs: Vec<(String, String)> = doc["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["contender"].as_str().unwrap().to_owned(),
                p["against"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        pairs,
        [
            ("level 1".to_owned(), "level 2".to_owned()),
            ("level 2".to_owned(), "level 3".to_owned())
        ]
    );
}

#[test]
fn bad_ladders_are_refused_in_one_sentence() {
    Taproom::new()
        .args(["ladder", "tides", "--levels", "1,11"])
        .fails(&["--levels", "11"]);
    Taproom::new()
        .args(["ladder", "tides", "--levels", "4"])
        .fails(&["at least two contenders"]);
    Taproom::new()
        .args(["ladder", "tides", "--games", "0"])
        .fails(&["--games"]);
    Taproom::new()
        .args(["ladder", "tides", "--temperaments", "brave"])
        .fails(&["temperament"]);
    Taproom::new().args(["ladder", "chess"]).fails(&["chess"]);
    Taproom::new()
        .args(["ladder", "tides", "Nobody", "Pip"])
        .fails(&["Nobody"]);
}
