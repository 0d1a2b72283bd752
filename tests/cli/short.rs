//! `--short`: a match in one line, and an evening in a line a match and one for the money,
//! each checked against the JSON of the same seed.

use crate::common;

use common::Taproom;

fn json(args: &[&str]) -> serde_json::Value {
    let out = Taproom::new().args(args).args(["--format", "json"]).ok();
    serde_json::from_str(&out.stdout).expect("JSON")
}

/// Checks a short line against the match's JSON: the winner first, the games won, how the
/// last game ended, its number and length, and the seed.
fn agrees(line: &str, m: &serde_json::Value) {
    let names: Vec<&str> = m["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    let wins: Vec<u64> = m["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    let winners: Vec<&str> = m["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    if let [w] = winners.as_slice() {
        assert!(line.starts_with(&format!("{w} beats ")), "{line}");
        let i = names.iter().position(|n| n == w).unwrap();
        let mut score = vec![wins[i]];
        score.extend((0..names.len()).filter(|&j| j != i).map(|j| wins[j]));
        let score: Vec<String> = score.iter().map(u64::to_string).collect();
        assert!(
            line.contains(&format!(" {} at ", score.join("–"))),
            "{line}"
        );
    }
    for n in &names {
        assert!(line.contains(n), "{n} missing: {line}");
    }
    let games = m["games"].as_array().unwrap();
    // Drawn games (no winner in the JSON) are said, counted.
    let drawn = games
        .iter()
        .filter(|g| g["winners"].as_array().unwrap().is_empty())
        .count();
    match drawn {
        0 => assert!(
            !["game drawn", "games drawn", "round drawn", "rounds drawn"]
                .iter()
                .any(|w| line.contains(w)),
            "{line}"
        ),
        1 => assert!(
            line.contains("with a game drawn") || line.contains("with a round drawn"),
            "{line}"
        ),
        n => assert!(
            line.contains(&format!("with {n} games drawn"))
                || line.contains(&format!("with {n} rounds drawn")),
            "{line}"
        ),
    }
    let last = games.last().unwrap();
    let end = last["outcome"]["end"].as_str().unwrap();
    let word = match end {
        "no-moves" => "moves ran out",
        "all-captured" => "every piece taken",
        "points" => "21 points",
        "stalled" => "play stalled",
        other => other,
    };
    assert!(line.contains(word), "{end}: {line}");
    let number = last["number"].as_u64().unwrap();
    let turns = last["turns"].as_u64().unwrap();
    assert!(line.contains(&format!(" {number} ")), "{line}");
    assert!(line.contains(&format!("after {turns} ")), "{line}");
    assert!(
        line.ends_with(&format!("Seed {}.", m["seed"].as_u64().unwrap())),
        "{line}"
    );
}

#[test]
fn play_short_is_one_true_line_in_every_game() {
    for (game, seed) in [
        ("tides", "42"),
        ("pic", "5"),
        ("kiust", "3"),
        ("dogfight", "9"),
    ] {
        let args = ["play", game, "--seed", seed];
        let out = Taproom::new().args(args).arg("--short").ok();
        assert_eq!(out.stdout.lines().count(), 1, "{}", out.stdout);
        agrees(out.stdout.trim_end(), &json(&args));
    }
}

/// Matches with drawn games, found by scanning the JSON of many seeds: the short line
/// says how many were drawn.
#[test]
fn the_short_line_tells_of_drawn_games() {
    let mut found = 0;
    for (game, seeds) in [("kiust", 1..=12), ("tides", 45..=66)] {
        for seed in seeds {
            let seed = seed.to_string();
            let args = ["play", game, "--seed", &seed];
            let m = json(&args);
            let drawn = m["games"]
                .as_array()
                .unwrap()
                .iter()
                .any(|g| g["winners"].as_array().unwrap().is_empty());
            if !drawn {
                continue;
            }
            found += 1;
            let out = Taproom::new().args(args).arg("--short").ok();
            agrees(out.stdout.trim_end(), &m);
        }
    }
    assert!(found >= 4, "{found} matches with a drawn game");
}

#[test]
fn a_table_of_four_names_everyone() {
    let args = [
        "play", "pic", "Pip", "Ysolde", "Hrodgar", "Tamsin", "--seed", "8",
    ];
    let out = Taproom::new().args(args).arg("--short").ok();
    assert_eq!(out.stdout.lines().count(), 1);
    agrees(out.stdout.trim_end(), &json(&args));
}

#[test]
fn play_short_with_bets_adds_one_line_for_the_money() {
    let args = [
        "play",
        "tides",
        "Brannoc",
        "Mirela",
        "--seed",
        "42",
        "--bet",
        "Pip 3 sp on Brannoc",
    ];
    let out = Taproom::new().args(args).arg("--short").ok();
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", out.stdout);
    let doc = json(&args);
    agrees(lines[0], &doc);
    // Pip's change in the money line is the JSON's.
    let pip = &doc["wagers"]["purses"][0];
    assert_eq!(pip["name"], "Pip Underbough");
    let change = pip["change"].as_str().unwrap();
    assert!(
        lines[1].starts_with(&format!("Money: Pip Underbough {change}")),
        "{}",
        lines[1]
    );
}

#[test]
fn night_short_is_a_line_a_match_and_one_for_the_money() {
    let out = Taproom::new()
        .args(["night", "examples/evening.toml", "--short"])
        .ok();
    let lines: Vec<&str> = out.stdout.lines().collect();
    let doc = json(&["night", "examples/evening.toml"]);
    let matches = doc["matches"].as_array().unwrap();
    // The example evening has three [[match]] tables.
    let file = std::fs::read_to_string("examples/evening.toml").unwrap();
    assert_eq!(file.matches("[[match]]").count(), 3);
    assert_eq!(lines.len(), matches.len() + 1, "{}", out.stdout);
    for (line, m) in lines.iter().zip(matches) {
        agrees(line, m);
    }
    let money = lines.last().unwrap();
    assert!(money.starts_with("Money: "), "{money}");
    for p in doc["purses"].as_array().unwrap() {
        let part = format!(
            "{} {}",
            p["name"].as_str().unwrap(),
            p["change"].as_str().unwrap()
        );
        assert!(money.contains(&part), "{part} missing: {money}");
    }
    assert!(money.contains(&format!("the house {}", doc["house"].as_str().unwrap())));
}
