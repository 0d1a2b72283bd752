//! `taproom history`: a campaign's record, written here by hand a line at a time, read
//! back as standings, each game's, head-to-heads, upsets and champions, filtered by
//! character, game and date; a damaged line read past with a warning; the tables within
//! 80 columns, in Markdown, as JSON; the purses drawn as a chart.
//!
//! Every figure checked is counted by hand from the records below (see each test), never
//! taken from taproom's own answer.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::common::Taproom;

const ALDO: &str = "Aldo Brightwater";
const BESS: &str = "Bess Tallow";
const COBB: &str = "Cobb the Miller";
const DARA: &str = "Dara Fenn";
const ESK: &str = "Esk";
/// A bettor who never sits down to play.
const XAN: &str = "Xander Pike";

const RAT: &str = "The Drowned Rat";
const GOOSE: &str = "The Gilded Goose";

/// The evening the reputations are reckoned on (the clock, in the tests' builds).
const NOW: &str = "2026-11-05T12:00:00+01:00";

/// One recorded match: who played at what price, who won, the cheats (by, caught by) and
/// the purses (name, before, after).
#[allow(clippy::too_many_arguments)]
fn record(
    date: &str,
    tavern: &str,
    game: &str,
    entrants: &[(&str, Option<f64>)],
    winners: &[&str],
    cheats: &[(&str, &[&str])],
    money: &[(&str, i128, i128)],
) -> Value {
    let n = entrants.len();
    json!({
        "version": 1,
        "at": format!("{date}T20:00:00+01:00"),
        "tavern": tavern,
        "evening": date,
        "command": "play",
        "game": game,
        "format": "best of 1",
        "rules": [],
        "seed": 7,
        "replay": format!("taproom play {game} --seed 7"),
        "entrants": entrants.iter().map(|(name, price)| match price {
            Some(p) => json!({"name": name, "price": p}),
            None => json!({"name": name}),
        }).collect::<Vec<_>>(),
        "games": [{"number": 1, "winners": winners, "scores": vec![0; n], "outcome": "won"}],
        "winners": winners,
        "cheats": cheats.iter().map(|(by, caught)| json!({"game": 1, "by": by, "caught_by": caught})).collect::<Vec<_>>(),
        "money": money.iter().map(|(name, a, b)| json!({"name": name, "before_cp": a, "after_cp": b})).collect::<Vec<_>>(),
    })
}

/// The campaign: eight matches at two taverns, in every game, of two to five players;
/// a drawn match (3), a shared win (4), cheats caught (1, 4, 6) and unseen (2), purses of
/// players and of a bettor who never plays (Xander), a debt (Dara), a fortune (Esk's
/// billion gold), and a match without the bookie's price (8).
fn campaign() -> Vec<Value> {
    vec![
        // 1
        record(
            "2026-10-01",
            RAT,
            "tides-of-war",
            &[(ALDO, Some(0.6)), (BESS, Some(0.4))],
            &[ALDO],
            &[(BESS, &[ALDO])],
            &[(ALDO, 1000, 1500), (BESS, 2000, 1500), (XAN, 100, 400)],
        ),
        // 2: an upset at 30%
        record(
            "2026-10-01",
            RAT,
            "tides-of-war",
            &[(ALDO, Some(0.7)), (COBB, Some(0.3))],
            &[COBB],
            &[(COBB, &[])],
            &[(ALDO, 1500, 1200), (COBB, 500, 800)],
        ),
        // 3: drawn, nobody won
        record(
            "2026-10-08",
            RAT,
            "pic",
            &[
                (ALDO, Some(0.25)),
                (BESS, Some(0.25)),
                (COBB, Some(0.25)),
                (DARA, Some(0.25)),
            ],
            &[],
            &[],
            &[(XAN, 400, 300), (DARA, 300, -200)],
        ),
        // 4: a shared win
        record(
            "2026-10-08",
            GOOSE,
            "kiust-oyun",
            &[(BESS, Some(0.5)), (DARA, Some(0.5))],
            &[BESS, DARA],
            &[(DARA, &[BESS])],
            &[],
        ),
        // 5: an upset at 10%, a fortune won
        record(
            "2026-10-15",
            GOOSE,
            "pic",
            &[
                (ALDO, Some(0.2)),
                (BESS, Some(0.3)),
                (COBB, Some(0.2)),
                (DARA, Some(0.2)),
                (ESK, Some(0.1)),
            ],
            &[ESK],
            &[],
            &[(ESK, 0, 100_000_000_000), (ALDO, 1200, 200)],
        ),
        // 6
        record(
            "2026-10-20",
            GOOSE,
            "tides-of-war",
            &[(BESS, Some(0.45)), (ESK, Some(0.55))],
            &[BESS],
            &[(ESK, &[BESS])],
            &[(BESS, 1500, 1600), (ESK, 100_000_000_000, 99_999_999_900)],
        ),
        // 7
        record(
            "2026-11-01",
            RAT,
            "oicustiytac",
            &[(COBB, Some(0.5)), (DARA, Some(0.5))],
            &[DARA],
            &[],
            &[],
        ),
        // 8: no price
        record(
            "2026-11-02",
            RAT,
            "tides-of-war",
            &[(ALDO, None), (BESS, None)],
            &[ALDO],
            &[],
            &[],
        ),
    ]
}

/// A folder holding `history.jsonl` with these lines.
fn folder_with(lines: &[String]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(dir.path().join("history.jsonl"), text).unwrap();
    dir
}

fn lines_of(records: &[Value]) -> Vec<String> {
    records.iter().map(Value::to_string).collect()
}

fn history(dir: &Path) -> Taproom {
    Taproom::new()
        .arg("history")
        .arg(dir.to_str().unwrap())
        .env("TAPROOM_NOW", NOW)
}

fn json_of(dir: &Path, args: &[&str]) -> Value {
    let out = history(dir).args(args).args(["--format", "json"]).ok();
    serde_json::from_str(&out.stdout).unwrap()
}

/// Each standing as (name, played, won, lost, drawn, net_cp, cheats_caught).
fn standings(doc: &Value) -> Vec<(String, u64, u64, u64, u64, i128, u64)> {
    let mut out: Vec<_> = doc["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_owned(),
                s["played"].as_u64().unwrap(),
                s["won"].as_u64().unwrap(),
                s["lost"].as_u64().unwrap(),
                s["drawn"].as_u64().unwrap(),
                i128::from(s["net_cp"].as_i64().unwrap()),
                s["cheats_caught"].as_u64().unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

fn owned(
    rows: &[(&str, u64, u64, u64, u64, i128, u64)],
) -> Vec<(String, u64, u64, u64, u64, i128, u64)> {
    let mut out: Vec<_> = rows
        .iter()
        .map(|r| (r.0.to_owned(), r.1, r.2, r.3, r.4, r.5, r.6))
        .collect();
    out.sort();
    out
}

#[test]
fn history_standings_are_the_hand_count() {
    let dir = folder_with(&lines_of(&campaign()));
    let doc = json_of(dir.path(), &[]);
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["matches"].as_array().unwrap().len(), 8);
    // Counted from the records: Aldo played 1, 2, 3, 5, 8, won 1 and 8, lost 2 and 5,
    // drew 3, his purse +500 −300 −1000; Bess played 1, 3, 4, 5, 6, 8, won 6, lost 1, 5
    // and 8, drew 3 and shared 4, −500 +100, caught in 1; Cobb played 2, 3, 5, 7, won 2,
    // lost 5 and 7, drew 3, +300, his cheat unseen; Dara played 3, 4, 5, 7, won 7, lost 5,
    // drew 3 and shared 4, −500, caught in 4; Esk played 5 and 6, won 5, lost 6, caught
    // in 6, a billion gold less a gold; Xander never played, +300 −100.
    let hand = owned(&[
        (ALDO, 5, 2, 2, 1, -800, 0),
        (BESS, 6, 1, 3, 2, -400, 1),
        (COBB, 4, 1, 2, 1, 300, 0),
        (DARA, 4, 1, 1, 2, -500, 1),
        (ESK, 2, 1, 1, 0, 99_999_999_900, 1),
        (XAN, 0, 0, 0, 0, 200, 0),
    ]);
    assert_eq!(standings(&doc), hand);
    let esk = doc["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == ESK)
        .unwrap();
    assert_eq!(esk["net"], "+999999999 gp");
    assert_eq!(esk["cheats_unseen"], 0);
    assert_eq!(esk["win_share"], 0.5);
    // Aldo's last match (8) he won; the one before it (5) he lost.
    let aldo = doc["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == ALDO)
        .unwrap();
    assert_eq!(aldo["streak"], json!({"result": "won", "length": 1}));
    // Each game of his: Tides of War 1, 2, 8; Piç 3, 5.
    assert_eq!(
        aldo["games"]["tides-of-war"],
        json!({"played": 3, "won": 2, "lost": 1, "drawn": 0})
    );
    assert_eq!(
        aldo["games"]["pic"],
        json!({"played": 2, "won": 0, "lost": 1, "drawn": 1})
    );
    let cobb = doc["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == COBB)
        .unwrap();
    assert_eq!(cobb["cheats_unseen"], 1);
}

#[test]
fn history_head_to_heads_are_the_hand_count() {
    let dir = folder_with(&lines_of(&campaign()));
    let doc = json_of(dir.path(), &[]);
    let pair = |a: &str, b: &str| -> (u64, u64, u64) {
        let h = doc["head_to_heads"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["a"] == a && h["b"] == b)
            .unwrap_or_else(|| panic!("{a} v {b}"));
        (
            h["met"].as_u64().unwrap(),
            h["a_won"].as_u64().unwrap(),
            h["b_won"].as_u64().unwrap(),
        )
    };
    // Aldo and Bess met in 1, 3, 5, 8: Aldo won 1 and 8.
    assert_eq!(pair(ALDO, BESS), (4, 2, 0));
    // Aldo and Cobb in 2, 3, 5: Cobb won 2.
    assert_eq!(pair(ALDO, COBB), (3, 0, 1));
    // Bess and Dara in 3, 4, 5: a draw, a shared win, Esk's.
    assert_eq!(pair(BESS, DARA), (3, 0, 0));
    // Cobb and Dara in 3, 5, 7: Dara won 7.
    assert_eq!(pair(COBB, DARA), (3, 0, 1));
    // Xander never sat at a table: he meets nobody.
    assert!(
        doc["head_to_heads"]
            .as_array()
            .unwrap()
            .iter()
            .all(|h| h["a"] != XAN && h["b"] != XAN)
    );
}

#[test]
fn history_champions_and_upsets_are_the_hand_count() {
    let dir = folder_with(&lines_of(&campaign()));
    let doc = json_of(dir.path(), &[]);
    let champions: Vec<(String, String, String, u64)> = doc["champions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["tavern"].as_str().unwrap().to_owned(),
                c["game"].as_str().unwrap().to_owned(),
                c["name"].as_str().unwrap().to_owned(),
                c["won"].as_u64().unwrap(),
            )
        })
        .collect();
    // The Rat: Tides of War 1, 2, 8 (Aldo two, Cobb one); Piç 3 drawn (no champion);
    // Òicustiỳtac 7 (Dara). The Goose: Kiust Oyun 4 shared (none); Piç 5 (Esk); Tides of
    // War 6 (Bess). By tavern, then game in taproom's order.
    let hand: Vec<(String, String, String, u64)> = [
        (RAT, "tides-of-war", ALDO, 2),
        (RAT, "oicustiytac", DARA, 1),
        (GOOSE, "tides-of-war", BESS, 1),
        (GOOSE, "pic", ESK, 1),
    ]
    .iter()
    .map(|(t, g, n, w)| ((*t).to_owned(), (*g).to_owned(), (*n).to_owned(), *w))
    .collect();
    assert_eq!(champions, hand);
    // Won under a 40% chance: Esk at 10% (5), Cobb at 30% (2); least likely first. Bess
    // at 45% (6) is no upset, nor match 8, which had no price.
    let upsets: Vec<(String, f64, String)> = doc["upsets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["winner"].as_str().unwrap().to_owned(),
                u["price"].as_f64().unwrap(),
                u["odds"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    // The odds a tavern says: 10% is 9 to 1; 30% (fair 2.33 to 1) the ladder's 9 to 4.
    assert_eq!(
        upsets,
        vec![
            (ESK.to_owned(), 0.1, "9 to 1".to_owned()),
            (COBB.to_owned(), 0.3, "9 to 4".to_owned()),
        ]
    );
    let text = history(dir.path()).ok().stdout;
    assert!(text.contains("9 to 1") && text.contains("10.0%"), "{text}");
}

#[test]
fn history_filters_by_game_character_and_date() {
    let dir = folder_with(&lines_of(&campaign()));
    // Tides of War: 1, 2, 6, 8.
    let doc = json_of(dir.path(), &["--game", "tides"]);
    let games: Vec<&str> = doc["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["tides-of-war"; 4]);
    let got = standings(&doc);
    let aldo = got.iter().find(|s| s.0 == ALDO).unwrap();
    assert_eq!((aldo.1, aldo.2, aldo.3, aldo.4, aldo.5), (3, 2, 1, 0, 200));
    let bess = got.iter().find(|s| s.0 == BESS).unwrap();
    assert_eq!((bess.1, bess.2, bess.3, bess.4, bess.5), (3, 1, 2, 0, -400));
    // Bess by her first name: the matches she played (1, 3, 4, 5, 6, 8), her standing alone.
    let doc = json_of(dir.path(), &["--character", "bess"]);
    let dates: Vec<&str> = doc["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["at"].as_str().unwrap())
        .collect();
    assert_eq!(dates.len(), 6, "{dates:?}");
    assert_eq!(
        standings(&doc),
        owned(&[(BESS, 6, 1, 3, 2, -400, 1)]),
        "{doc}"
    );
    // Her titles: Tides of War at the Goose, counted over everyone's matches.
    assert_eq!(doc["champions"].as_array().unwrap().len(), 1);
    assert_eq!(doc["champions"][0]["name"], BESS);
    // A bettor's matches are those his purse moved in (1 and 3).
    let doc = json_of(dir.path(), &["--character", "Xander Pike"]);
    assert_eq!(doc["matches"].as_array().unwrap().len(), 2);
    assert_eq!(standings(&doc), owned(&[(XAN, 0, 0, 0, 0, 200, 0)]));
    // Since 15 October: 5, 6, 7, 8. Aldo played 5 (lost) and 8 (won).
    let doc = json_of(dir.path(), &["--since", "2026-10-15"]);
    assert_eq!(doc["matches"].as_array().unwrap().len(), 4);
    let got = standings(&doc);
    let aldo = got.iter().find(|s| s.0 == ALDO).unwrap();
    assert_eq!((aldo.1, aldo.2, aldo.3, aldo.5), (2, 1, 1, -1000));
    // All three together: Aldo's Tides of War since 15 October is match 8 alone.
    let doc = json_of(
        dir.path(),
        &[
            "--since",
            "2026-10-15",
            "--game",
            "tides-of-war",
            "--character",
            "Aldo",
        ],
    );
    assert_eq!(doc["matches"].as_array().unwrap().len(), 1);
    assert_eq!(doc["matches"][0]["at"], "2026-11-02T20:00:00+01:00");
}

#[test]
fn history_refuses_a_date_a_stranger_and_a_game_it_cannot_read() {
    let dir = folder_with(&lines_of(&campaign()));
    history(dir.path()).args(["--since", "15/10/2026"]).fails(&[
        "--since",
        "YYYY-MM-DD",
        "15/10/2026",
    ]);
    history(dir.path())
        .args(["--since", "2026-02-30"])
        .fails(&["--since"]);
    let out = history(dir.path())
        .args(["--character", "Bass Tallow"])
        .fails(&["Bass Tallow", "did you mean", BESS]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    history(dir.path())
        .args(["--character", "Zzyzx"])
        .fails(&["Zzyzx"]);
    history(dir.path())
        .args(["--game", "chess"])
        .fails(&["chess"]);
}

#[test]
fn history_watchers_of_a_character_are_the_hand_count() {
    let dir = folder_with(&lines_of(&campaign()));
    let doc = json_of(dir.path(), &["--character", "Esk"]);
    let rep = &doc["reputation"];
    // Esk's latest match is 6, at the Goose, where Bess caught him on the evening of
    // 2026-10-20. Evenings since, to today (5 November): 11-01, 11-02, today: three, so
    // the catch is worth 1/8 to Bess and half of that to everyone else in the room.
    assert_eq!(rep["tavern"], GOOSE);
    assert_eq!(rep["evening"], "2026-11-05");
    let watchers: Vec<(String, f64, f64)> = rep["watchers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["name"].as_str().unwrap().to_owned(),
                w["sightings"].as_f64().unwrap(),
                w["factor"].as_f64().unwrap(),
            )
        })
        .collect();
    let mut hand = vec![(BESS.to_owned(), 0.125, 1.25)];
    for other in [ALDO, COBB, DARA, XAN] {
        hand.push((other.to_owned(), 0.0625, 1.125));
    }
    assert_eq!(watchers, hand);
    let text = history(dir.path()).args(["--character", "Esk"]).ok().stdout;
    assert!(text.contains("Who watches Esk"), "{text}");
    assert!(text.contains("×1.25"), "{text}");
    // Without --character, nobody's reputation.
    assert!(json_of(dir.path(), &[]).get("reputation").is_none());
}

#[test]
fn history_reads_past_a_damaged_line_and_names_it() {
    let mut lines = lines_of(&campaign());
    lines.insert(2, "{\"version\": 1, \"at\": \"2026-10-0".to_owned());
    let dir = folder_with(&lines);
    let out = history(dir.path()).args(["--format", "json"]).ok();
    let file = dir.path().join("history.jsonl");
    assert!(
        out.stderr.contains(&format!("{}, line 3", file.display())),
        "{}",
        out.stderr
    );
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    // Every record still counts, those after the damaged line too.
    assert_eq!(doc["matches"].as_array().unwrap().len(), 8);
    let got = standings(&doc);
    assert_eq!(got.iter().find(|s| s.0 == ALDO).unwrap().1, 5);
}

#[test]
fn an_amount_no_purse_can_hold_is_a_damaged_line_and_the_chart_is_drawn_at_once() {
    // The most a purse or a debt holds: 10,000,000,000,000 gp, in copper.
    const MOST: i128 = 1_000_000_000_000_000;
    let two_127 = "170141183460469231731687303715884105728";
    let ada = |money: &[(&str, i128, i128)]| {
        record(
            "2026-10-01",
            RAT,
            "pic",
            &[(ALDO, None), (BESS, None)],
            &[ALDO],
            &[],
            money,
        )
    };
    let mut lines = lines_of(&[
        // 1: +500 cp for Aldo.
        ada(&[(ALDO, 1000, 1500)]),
        // 2: −2¹²⁷ to 2¹²⁷ − 1, the red team's line (written in below: JSON values hold
        // no more than 64 bits).
        ada(&[(ALDO, 111_111, 222_222)]),
        // 3: the boundary, still a purse and a debt: Bess from owing the most to holding it.
        ada(&[(BESS, -MOST, MOST)]),
        // 4: one copper past it, either way.
        ada(&[(BESS, 0, MOST + 1)]),
        ada(&[(BESS, -MOST - 1, 0)]),
        // 6: −300 cp for Aldo.
        ada(&[(ALDO, 1500, 1200)]),
    ]);
    lines[1] = lines[1]
        .replace("111111", &i128::MIN.to_string())
        .replace("222222", &i128::MAX.to_string());
    // 7: +2¹²⁷, past what the history's numbers hold at all.
    lines.push(lines[0].replace("\"after_cp\":1500", &format!("\"after_cp\":{two_127}")));
    let dir = folder_with(&lines);
    let file = dir.path().join("history.jsonl");
    let out = history(dir.path()).args(["--format", "json"]).ok();
    for line in [2, 4, 5, 7] {
        assert!(
            out.stderr
                .contains(&format!("{}, line {line}: read past", file.display())),
            "line {line}: {}",
            out.stderr
        );
    }
    assert_eq!(out.stderr.lines().count(), 4, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("beyond what a purse or a debt can hold"),
        "{}",
        out.stderr
    );
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["matches"].as_array().unwrap().len(), 3);
    // By hand: Aldo +500 − 300; Bess the boundary line alone, 2 × MOST.
    let got = standings(&doc);
    assert_eq!(got.iter().find(|s| s.0 == ALDO).unwrap().5, 200);
    assert_eq!(got.iter().find(|s| s.0 == BESS).unwrap().5, 2 * MOST);
    let text = history(dir.path()).ok().stdout;
    assert!(text.contains("net +2 gp,"), "{text}");
    assert!(text.contains("+20000000000000 gp"), "{text}");
    // The chart ends at once (the red team's ran on for ever) and is a picture.
    let png_file = dir.path().join("purses.png");
    let started = std::time::Instant::now();
    let out = history(dir.path())
        .args(["--image", png_file.to_str().unwrap()])
        .timeout(std::time::Duration::from_secs(30))
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    let png = std::fs::read(&png_file).unwrap();
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() < 1_000_000,
        "{}",
        png.len()
    );
}

#[test]
fn history_of_a_missing_file_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = history(dir.path()).fails(&["history.jsonl", "no history"]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    let file: PathBuf = dir.path().join("elsewhere.jsonl");
    history(&file).fails(&["elsewhere.jsonl"]);
    // An empty history is no error: nothing has been recorded yet.
    let empty = tempfile::tempdir().unwrap();
    std::fs::write(empty.path().join("history.jsonl"), "").unwrap();
    let doc = json_of(empty.path(), &[]);
    assert_eq!(doc["matches"].as_array().unwrap().len(), 0);
    assert!(history(empty.path()).ok().stdout.contains("0 matches"));
    // The default is this folder's.
    Taproom::new()
        .arg("history")
        .current_dir(dir.path())
        .fails(&["history.jsonl"]);
    std::fs::write(
        dir.path().join("history.jsonl"),
        lines_of(&campaign()).join("\n"),
    )
    .unwrap();
    let out = Taproom::new()
        .args(["history", "--format", "json"])
        .current_dir(dir.path())
        .ok();
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["matches"].as_array().unwrap().len(), 8);
}

#[test]
fn history_text_fits_80_columns_and_markdown_has_the_tables() {
    let dir = folder_with(&lines_of(&campaign()));
    for args in [vec![], vec!["--character", "Esk"], vec!["--game", "pic"]] {
        let out = history(dir.path()).args(&args).ok();
        for line in out.stdout.lines() {
            assert!(
                line.chars().count() <= 80,
                "{args:?}: {} columns: {line}",
                line.chars().count()
            );
        }
        for heading in ["Standings", "Head to head", "Upsets", "Champions"] {
            assert!(out.stdout.contains(heading), "{args:?}: {}", out.stdout);
        }
        // Every name whole on a line.
        for name in [ALDO, BESS, DARA, ESK] {
            if args.is_empty() {
                assert!(out.stdout.contains(name), "{name}: {}", out.stdout);
            }
        }
    }
    // A narrower page: every line within it still.
    let narrow = history(dir.path()).env("COLUMNS", "60").ok().stdout;
    for line in narrow.lines() {
        assert!(line.chars().count() <= 60, "{line}");
    }
    for name in [ALDO, BESS, DARA, ESK] {
        assert!(narrow.contains(name), "{name} whole on a line: {narrow}");
    }
    let out = history(dir.path()).ok();
    assert!(out.stdout.contains("+999999999 gp"), "{}", out.stdout);
    for game in ["Tides of War", "Piç", "Kiust Oyun", "Òicustiỳtac"] {
        assert!(out.stdout.contains(game), "{game}: {}", out.stdout);
    }
    let md = history(dir.path())
        .args(["--format", "markdown"])
        .ok()
        .stdout;
    for heading in [
        "## Standings",
        "## Tides of War",
        "## Head to head",
        "## Upsets",
        "## Champions",
    ] {
        assert!(md.lines().any(|l| l == heading), "{heading}: {md}");
    }
    // A table's header, its rule, and a row of it, each a line between pipes.
    let header = md
        .lines()
        .position(|l| l.starts_with("| character") && l.split('|').any(|c| c.trim() == "net"))
        .expect("the standings' header");
    let lines: Vec<&str> = md.lines().collect();
    assert!(lines[header + 1].starts_with("|--"), "{md}");
    assert!(lines[header + 2].starts_with('|'), "{md}");
    assert!(!md.contains('┆'), "{md}");
}

#[test]
fn history_money_is_written_in_the_tavern_currency() {
    let dir = folder_with(&lines_of(&campaign()));
    let tavern = dir.path().join("tavern.toml");
    std::fs::write(&tavern, "tavern = \"The Drowned Rat\"\ncurrency = \"sp\"\n").unwrap();
    let doc = json_of(dir.path(), &["--tavern", tavern.to_str().unwrap()]);
    let aldo = doc["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == ALDO)
        .unwrap();
    // −800 cp, in silver.
    assert_eq!(aldo["net"], "−80 sp");
    let text = history(dir.path())
        .args(["--tavern", tavern.to_str().unwrap()])
        .ok()
        .stdout;
    assert!(text.contains("−80 sp"), "{text}");
}

#[test]
fn history_image_draws_the_purses_as_png_or_svg() {
    let dir = folder_with(&lines_of(&campaign()));
    let png_file = dir.path().join("purses.png");
    history(dir.path())
        .args(["--image", png_file.to_str().unwrap()])
        .ok();
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&png_file).unwrap(),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).expect("its pixels");
    assert!(info.width >= 600 && info.height >= 300, "{info:?}");
    // Not one colour: lines are drawn on the paper.
    let first = &buf[..3];
    assert!(buf.chunks(3).any(|p| p != first));
    let svg_file = dir.path().join("purses.svg");
    history(dir.path())
        .args(["--image", svg_file.to_str().unwrap()])
        .ok();
    let svg = std::fs::read_to_string(&svg_file).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    // Everyone whose purse moved, the bettor Xander too.
    for name in [ALDO, BESS, COBB, DARA, ESK, XAN] {
        assert!(svg.contains(&format!(">{name}</text>")), "{name}: {svg}");
    }
    assert!(svg.contains("matches played"), "an axis label: {svg}");
    assert!(svg.contains("purse, in gp"), "an axis label: {svg}");
    // With --character, their line alone.
    history(dir.path())
        .args(["--image", svg_file.to_str().unwrap(), "--character", "Esk"])
        .ok();
    let svg = std::fs::read_to_string(&svg_file).unwrap();
    assert!(svg.contains(&format!(">{ESK}</text>")), "{svg}");
    assert!(!svg.contains(&format!(">{ALDO}</text>")), "{svg}");
    // With Markdown, the text links the chart.
    let md = history(dir.path())
        .args([
            "--image",
            png_file.to_str().unwrap(),
            "--format",
            "markdown",
        ])
        .ok()
        .stdout;
    assert!(md.contains("purses.png)"), "{md}");
}

#[test]
fn history_image_of_another_kind_is_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    // No history here at all: the picture's name is what is refused.
    for bad in ["purses.gif", "purses.jpg", "purses"] {
        let file = dir.path().join(bad);
        let out = history(dir.path())
            .args(["--image", file.to_str().unwrap()])
            .fails(&["--image", ".png or .svg"]);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(!out.stderr.contains("history.jsonl"), "{}", out.stderr);
        assert!(!file.exists());
    }
}

/// The bytes that act on a terminal, once the colour taproom writes itself (`--color
/// always`: an SGR sequence, `ESC [ digits ; ... m`) is taken out: every other control
/// character but the line break.
fn acting_bytes(text: &str) -> Vec<char> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            let rest: String = chars
                .clone()
                .skip(1)
                .take_while(|c| !c.is_ascii_alphabetic())
                .collect();
            let end = chars.clone().nth(1 + rest.len());
            if rest.chars().all(|c| c.is_ascii_digit() || c == ';') && end == Some('m') {
                // A colour: skip `[`, the parameters and the `m`.
                for _ in 0..rest.len() + 2 {
                    chars.next();
                }
                continue;
            }
        }
        if c.is_control() && c != '\n' {
            out.push(c);
        }
    }
    out
}

/// Names that set the terminal's title (OSC ... BEL) and clear its screen (CSI 2J) in a
/// history line, and a tavern turned round by a direction override: each such line is
/// damaged, read past with a warning that shows it escaped, in every format, on a
/// terminal (`--color always` keeps what a terminal would get); the other lines count.
#[test]
fn history_names_with_escapes_are_damaged_lines_warned_about_escaped() {
    let mut records = campaign();
    let titled = "Aldo\u{1b}]0;pwned\u{7} Brightwater";
    let cleared = "Bess\u{1b}[2J Tallow";
    let mut bad = record(
        "2026-10-30",
        RAT,
        "pic",
        &[(titled, Some(0.5)), (cleared, Some(0.5))],
        &[titled],
        &[],
        &[(cleared, 100, 0), (titled, 0, 100)],
    );
    records.push(bad.clone());
    bad["tavern"] = json!("The \u{202e}taR denworD");
    bad["entrants"] = json!([{"name": ALDO}, {"name": BESS}]);
    bad["winners"] = json!([ALDO]);
    bad["money"] = json!([]);
    records.push(bad);
    let dir = folder_with(&lines_of(&records));
    let file = dir.path().join("history.jsonl");
    for format in ["text", "markdown", "json"] {
        let out = history(dir.path())
            .args(["--format", format, "--color", "always"])
            .ok();
        for (what, text) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            let acting = acting_bytes(text);
            assert!(acting.is_empty(), "{format} {what}: {acting:?} in {text:?}");
            assert!(!text.contains('\u{202e}'), "{format} {what}: {text:?}");
        }
        // Lines 9 and 10 (the two added) are warned about, each once, naming the field
        // and showing the name escaped.
        let warnings: Vec<&str> = out
            .stderr
            .lines()
            .filter(|l| l.starts_with("warning:"))
            .collect();
        assert_eq!(warnings.len(), 2, "{format}: {}", out.stderr);
        assert!(
            warnings[0].contains(&format!("{}, line 9", file.display()))
                && warnings[0].contains("entrants[1].name")
                && warnings[0].contains("Aldo\\u{1b}]0;pwned\\u{7} Brightwater")
                && warnings[0].contains("control character"),
            "{}",
            warnings[0]
        );
        assert!(
            warnings[1].contains(", line 10")
                && warnings[1].contains("`tavern`")
                && warnings[1].contains("\\u{202e}")
                && warnings[1].contains("direction-changing"),
            "{}",
            warnings[1]
        );
        assert!(!out.stdout.contains("pwned"), "{format}: {}", out.stdout);
    }
    // The eight good matches still count, the two damaged ones do not.
    let doc = json_of(dir.path(), &[]);
    assert_eq!(doc["matches"].as_array().unwrap().len(), 8);
    assert_eq!(standings(&doc).iter().find(|s| s.0 == ALDO).unwrap().1, 5);
}

/// A name written in the history decomposed (`e` and U+0308) is the composed `ë` of the
/// same character's other matches: one standing, not two that print alike.
#[test]
fn history_names_in_either_unicode_form_are_one_character() {
    let composed = "Zo\u{eb} Marsh";
    let decomposed = "Zoe\u{308} Marsh";
    let lines = lines_of(&[
        record(
            "2026-10-01",
            RAT,
            "pic",
            &[(composed, None), (ESK, None)],
            &[composed],
            &[],
            &[],
        ),
        record(
            "2026-10-02",
            RAT,
            "pic",
            &[(decomposed, None), (ESK, None)],
            &[decomposed],
            &[],
            &[],
        ),
    ]);
    let dir = folder_with(&lines);
    let doc = json_of(dir.path(), &[]);
    let got = standings(&doc);
    // By hand: Zoë played twice and won twice; Esk played twice and lost twice.
    assert_eq!(got.len(), 2, "{got:?}");
    let zoe = got
        .iter()
        .find(|s| s.0 == composed)
        .expect("one Zoë, composed");
    assert_eq!((zoe.1, zoe.2), (2, 2));
    // Asked for either way, it is the same character.
    let doc = json_of(dir.path(), &["--character", decomposed]);
    assert_eq!(doc["matches"].as_array().unwrap().len(), 2);
}
