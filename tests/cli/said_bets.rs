//! Bets as a GM says them (issue 40): a verb after the bettor, coins by name with or
//! without "pieces", amounts of several coins, "to win", and several bets in one string
//! split at `;`, taken by `play --bet`, an evening file at `night` and `sit --bet`. Each
//! bet is against a rival, so the winner takes the pot: what each purse gains or loses is
//! counted by hand from the stake as said and the match's winner (read from the match's
//! own JSON), never from the settlement under test. A bet still refused names the
//! nearest bet that would be taken.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::{Taproom, examples_copy};

/// Each purse's change in copper, from a settlement's JSON.
fn changes(wagers: &Value) -> BTreeMap<String, i64> {
    wagers["purses"]
        .as_array()
        .expect("a `purses` array")
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_owned(),
                p["change_cp"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// A match of Old Brannoc and Mirela, with these `--bet`s, as JSON.
fn play(seed: &str, bets: &[&str]) -> Value {
    let mut args = vec!["play", "tides", "Brannoc", "Mirela", "--seed", seed];
    for b in bets {
        args.extend(["--bet", b]);
    }
    let out = Taproom::new().args(args).args(["--format", "json"]).ok();
    serde_json::from_str(&out.stdout).expect("one JSON document")
}

/// What `bettor` (backing `pick`) and `rival` gain, by hand: the stake from the loser
/// to the winner, nothing when the match is drawn.
fn by_hand(winner: &Value, pick: &str, copper: i64) -> (i64, i64) {
    match winner.as_str() {
        None => (0, 0),
        Some(w) if w == pick => (copper, -copper),
        Some(_) => (-copper, copper),
    }
}

#[test]
fn every_verb_and_coin_said_settles_as_counted_by_hand_at_play() {
    // (bet, bettor, backs, rival, stake in copper counted by hand)
    let cases: [(&str, &str, &str, &str, i64); 14] = [
        (
            "Tamsin bets 3 sp on Brannoc against Mirela",
            "Tamsin the Tinker",
            "Old Brannoc",
            "Mirela Quickfingers",
            30,
        ),
        (
            "Tamsin puts 3 silver on Brannoc to win against Mirela",
            "Tamsin the Tinker",
            "Old Brannoc",
            "Mirela Quickfingers",
            30,
        ),
        (
            "Tamsin 3 sp and 2 cp on Brannoc against Mirela",
            "Tamsin the Tinker",
            "Old Brannoc",
            "Mirela Quickfingers",
            32,
        ),
        (
            "Tamsin wagers 1 gp on Mirela against Brannoc",
            "Tamsin the Tinker",
            "Mirela Quickfingers",
            "Old Brannoc",
            100,
        ),
        (
            "Tamsin stakes 2 gold pieces on Mirela against Brannoc",
            "Tamsin the Tinker",
            "Mirela Quickfingers",
            "Old Brannoc",
            200,
        ),
        (
            "Tamsin lays 1 electrum piece on Brannoc against Mirela",
            "Tamsin the Tinker",
            "Old Brannoc",
            "Mirela Quickfingers",
            50,
        ),
        (
            "Mirela bets 1 platinum on Mirela against Brannoc",
            "Mirela Quickfingers",
            "Mirela Quickfingers",
            "Old Brannoc",
            1000,
        ),
        (
            "Tamsin bet 7 coppers on Brannoc against Mirela",
            "Tamsin the Tinker",
            "Old Brannoc",
            "Mirela Quickfingers",
            7,
        ),
        (
            "Tamsin put 2 silvers on Brannoc against Mirela",
            "Tamsin the Tinker",
            "Old Brannoc",
            "Mirela Quickfingers",
            20,
        ),
        (
            "Tamsin wager 3 silver pieces and 2 copper pieces on Brannoc against Mirela",
            "Tamsin the Tinker",
            "Old Brannoc",
            "Mirela Quickfingers",
            32,
        ),
        (
            "Tamsin stake 1 gold, 2 silver and 3 copper on Brannoc against Mirela",
            "Tamsin the Tinker",
            "Old Brannoc",
            "Mirela Quickfingers",
            123,
        ),
        (
            "Tamsin lay 3 sp 2 cp on Brannoc against Mirela",
            "Tamsin the Tinker",
            "Old Brannoc",
            "Mirela Quickfingers",
            32,
        ),
        (
            "Tamsin 3 GOLD COINS on Mirela against Brannoc",
            "Tamsin the Tinker",
            "Mirela Quickfingers",
            "Old Brannoc",
            300,
        ),
        (
            "Tamsin 1 gold piece on Mirela to win the match against Brannoc",
            "Tamsin the Tinker",
            "Mirela Quickfingers",
            "Old Brannoc",
            100,
        ),
    ];
    for (bet, bettor, pick, rival, copper) in cases {
        let v = play("3", &[bet]);
        let (gain, loss) = by_hand(&v["winner"], pick, copper);
        let got = changes(&v["wagers"]);
        assert_eq!(got.get(bettor), Some(&gain), "{bet}: {got:?}");
        assert_eq!(got.get(rival), Some(&loss), "{bet}: {got:?}");
        assert_eq!(v["wagers"]["bets"][0]["stake_cp"], copper, "{bet}");
        assert_eq!(v["wagers"]["house_cp"], 0, "{bet}");
    }
}

#[test]
fn the_issue_s_own_bets_are_taken_at_play() {
    // Pip has 3 sp 8 cp: what he can cover is taken with the bookie or in the pool, each
    // at the stake said (counted by hand).
    for (bet, copper) in [
        ("Pip bets 3 sp on Brannoc in the pool", 30),
        ("Pip puts 3 silver on Brannoc to win in the pool", 30),
        ("Pip 3 sp and 2 cp on Brannoc in the pool", 32),
    ] {
        let v = play("3", &[bet]);
        assert_eq!(v["wagers"]["bets"][0]["bettor"], "Pip Underbough", "{bet}");
        assert_eq!(v["wagers"]["bets"][0]["stake_cp"], copper, "{bet}");
    }
    // 1 gp is more than Pip has: read, then refused for his purse, not its words.
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Brannoc",
            "Mirela",
            "--bet",
            "Pip wagers 1 gp on Mirela",
        ])
        .fails(&["Pip Underbough's purse (3 sp 8 cp) does not cover 1 gp"]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

#[test]
fn several_bets_in_one_string_are_each_taken() {
    let line = "Tamsin 2 sp on Mirela against Brannoc; Pip puts 1 silver on Brannoc against Mirela";
    for seed in ["1", "2", "3"] {
        let v = play(seed, &[line]);
        assert_eq!(v["wagers"]["bets"].as_array().unwrap().len(), 4, "two pots");
        // By hand: Tamsin's 2 sp against Brannoc's, Pip's 1 sp against Mirela's.
        let (tamsin, brannoc) = by_hand(&v["winner"], "Mirela Quickfingers", 20);
        let (pip, mirela) = by_hand(&v["winner"], "Old Brannoc", 10);
        let expected = BTreeMap::from([
            ("Tamsin the Tinker".to_owned(), tamsin),
            ("Old Brannoc".to_owned(), brannoc),
            ("Pip Underbough".to_owned(), pip),
            ("Mirela Quickfingers".to_owned(), mirela),
        ]);
        assert_eq!(changes(&v["wagers"]), expected, "seed {seed}");
        // The same as the two bets given one flag each, in the old words.
        let apart = play(
            seed,
            &[
                "Tamsin 2 sp on Mirela against Brannoc",
                "Pip 1 sp on Brannoc against Mirela",
            ],
        );
        assert_eq!(changes(&apart["wagers"]), expected, "seed {seed}");
    }
}

#[test]
fn a_bet_still_refused_names_the_nearest_that_would_be_taken() {
    for (bet, near) in [
        ("Pip gambles 3 sp on Brannoc", "Pip 3 sp on Brannoc"),
        ("Pip bets 3 sp to Brannoc", "Pip 3 sp on Brannoc"),
        ("Pip bets 3 silvr on Brannoc", "Pip 3 sp on Brannoc"),
        ("Pip bets on Brannoc 3 sp", "Pip 3 sp on Brannoc"),
        ("Pip 3 on Brannoc", "Pip 3 gp on Brannoc"),
        ("Pip 3 sp on Brannoc to win the game", "Pip 3 sp on Brannoc"),
        (
            "Pip 3 sp on Brannoc in the pol",
            "Pip 3 sp on Brannoc in the pool",
        ),
        (
            "Pip 2 sp on frist-turn Mirela",
            "Pip 2 sp on first-turn Mirela",
        ),
        (
            "Tamsin 2 sp on Mirela; Pip 3 silvr on Brannoc",
            "Pip 3 sp on Brannoc",
        ),
    ] {
        let out = Taproom::new()
            .args(["play", "tides", "Brannoc", "Mirela", "--bet", bet])
            .fails(&[&format!("did you mean `{near}`?")]);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert_eq!(
            out.stderr.matches("did you mean").count(),
            1,
            "{}",
            out.stderr
        );
    }
}

/// An evening of one match (the example's first: Gorm and Vessa, best of three) with
/// these bets, played by `night` in a copy of the examples, as JSON.
fn night(bets: &str) -> Value {
    let (_dir, root) = examples_copy();
    let file = root.join("said.toml");
    std::fs::write(
        &file,
        format!(
            "evening = \"Said\"\ntavern = \"tavern.toml\"\nroster = \"characters\"\nseed = 1\n\n\
             [[match]]\ngame = \"tides-of-war\"\nplayers = [\"Gorm\", \"Vessa\"]\nbest_of = 3\n\
             bets = [\n{bets}\n]\n"
        ),
    )
    .unwrap();
    let out = Taproom::new()
        .args([
            "night",
            file.to_str().unwrap(),
            "--format",
            "json",
            "--quiet",
        ])
        .ok();
    serde_json::from_str(&out.stdout).expect("one JSON document")
}

#[test]
fn an_evening_file_takes_bets_as_said() {
    let said = night(
        "  \"Dobbin bets 1 gold piece and 5 silver on Gorm against Hrodgar; Ilse puts 3 silver on Vessa to win against Tamsin\",\n  \"Hrodgar wagers 2 sp 5 cp on Vessa against Ilse\",",
    );
    let m = &said["matches"][0];
    // By hand: 1 gp 5 sp = 150 cp, 3 sp = 30 cp, 2 sp 5 cp = 25 cp.
    let (dobbin, hrodgar1) = by_hand(&m["winner"], "Gorm the Ferryman", 150);
    let (ilse1, tamsin) = by_hand(&m["winner"], "Vessa Nine-Rings", 30);
    let (hrodgar2, ilse2) = by_hand(&m["winner"], "Vessa Nine-Rings", 25);
    let expected = BTreeMap::from([
        ("Dobbin Ashcroft".to_owned(), dobbin),
        ("Hrodgar Ironbelly".to_owned(), hrodgar1 + hrodgar2),
        ("Ilse Marrow".to_owned(), ilse1 + ilse2),
        ("Tamsin the Tinker".to_owned(), tamsin),
    ]);
    assert_eq!(changes(&m["wagers"]), expected);
    assert_ne!(m["winner"], Value::Null, "the example's match has a winner");
    // The same evening in the old words settles the same.
    let plain = night(
        "  \"Dobbin 1 gp 5 sp on Gorm against Hrodgar\",\n  \"Ilse 3 sp on Vessa against Tamsin\",\n  \"Hrodgar 2 sp 5 cp on Vessa against Ilse\",",
    );
    assert_eq!(changes(&plain["matches"][0]["wagers"]), expected);
}

#[test]
fn an_evening_file_names_the_bet_refused_and_the_nearest() {
    let (_dir, root) = examples_copy();
    let file = root.join("said.toml");
    std::fs::write(
        &file,
        "evening = \"Said\"\ntavern = \"tavern.toml\"\nroster = \"characters\"\n\n\
         [[match]]\ngame = \"tides-of-war\"\nplayers = [\"Gorm\", \"Vessa\"]\n\
         bets = [\"Pip 1 sp on Gorm; Dobbin bets 3 silvr on Vessa\"]\n",
    )
    .unwrap();
    let out = Taproom::new()
        .args(["night", file.to_str().unwrap()])
        .fails(&[
            "said.toml",
            "said.toml:8:9",
            "did you mean `Dobbin 3 sp on Vessa`?",
        ]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

#[test]
fn a_sitting_takes_bets_as_said() {
    // Mirela, the person, resigns at once (no input): Old Brannoc wins.
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "Old Brannoc",
            "--as",
            "Mirela Quickfingers",
            "--seed",
            "2",
            "--best-of",
            "1",
            "--format",
            "json",
            "--bet",
            "Mirela bets 1 gold piece and 5 silver on Mirela against Brannoc; Pip puts 3 silver on Brannoc to win against Tamsin",
            "--bet",
            "Tamsin wagers 2 coppers on Mirela against Brannoc",
        ])
        .stdin("")
        .ok();
    let at = out.stdout.find("\n{").map_or(0, |i| i + 1);
    let v: Value = serde_json::from_str(&out.stdout[at..]).expect("JSON at the end");
    assert_eq!(v["winner"], "Old Brannoc");
    // By hand: 1 gp 5 sp = 150 cp from Mirela, 3 sp = 30 cp to Pip, 2 cp from Tamsin.
    let expected = BTreeMap::from([
        ("Mirela Quickfingers".to_owned(), -150),
        ("Old Brannoc".to_owned(), 150 + 2),
        ("Pip Underbough".to_owned(), 30),
        ("Tamsin the Tinker".to_owned(), -30 - 2),
    ]);
    assert_eq!(changes(&v["wagers"]), expected);
}
