//! Defaults that agree: `ladder` without characters takes the roster's first two, as
//! `play` does; `--best-of N` is won by N/2 + 1 games, as its help says.

use crate::common;

use common::Taproom;

fn json(args: &[&str]) -> serde_json::Value {
    let out = Taproom::new().args(args).args(["--format", "json"]).ok();
    serde_json::from_str(&out.stdout).expect("JSON")
}

#[test]
fn ladder_and_play_take_the_same_two_by_default() {
    for roster in [None, Some("examples/characters")] {
        let with = |args: &[&str]| {
            let mut a: Vec<&str> = args.to_vec();
            if let Some(r) = roster {
                a.extend(["--roster", r]);
            }
            json(&a)
        };
        let play = with(&["play", "tides", "--seed", "1"]);
        let ladder = with(&["ladder", "tides", "--games", "2", "--seed", "1"]);
        let roster_doc = with(&["roster"]);
        let first_two: Vec<&str> = roster_doc["characters"].as_array().unwrap()[..2]
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        let played: Vec<&str> = play["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        let mut laddered: Vec<&str> = ladder["contenders"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        laddered.sort_unstable();
        let mut expected = first_two.clone();
        expected.sort_unstable();
        assert_eq!(played, first_two, "{roster:?}");
        assert_eq!(laddered, expected, "{roster:?}");
    }
    // Levels still rank with --levels.
    let v = json(&[
        "ladder", "tides", "--levels", "1,2", "--games", "2", "--seed", "1",
    ]);
    assert_eq!(v["contenders"].as_array().unwrap().len(), 2);
}

#[test]
fn best_of_two_is_won_by_two_games_as_the_help_says() {
    let help = Taproom::new().args(["play", "--help"]).ok().stdout;
    assert!(
        help.contains("best of 2 at 1–1 plays a third game"),
        "{help}"
    );
    let mut third = 0;
    for seed in 1..=12 {
        let seed = seed.to_string();
        let v = json(&[
            "play",
            "kiust",
            "Pip",
            "Hrodgar",
            "--best-of",
            "2",
            "--seed",
            &seed,
        ]);
        let wins: Vec<u64> = v["wins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_u64().unwrap())
            .collect();
        let decided = v["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| !g["winners"].as_array().unwrap().is_empty())
            .count();
        if v["winner"].is_string() {
            // A majority of 2 is 2 wins; at most 3 decided games reach it.
            assert_eq!(*wins.iter().max().unwrap(), 2, "seed {seed}: {wins:?}");
            assert!(decided <= 3, "seed {seed}");
        }
        if decided == 3 {
            third += 1;
        }
    }
    assert!(third > 0, "some best of 2 went to a third game");
}
