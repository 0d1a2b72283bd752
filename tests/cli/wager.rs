//! Wagers from the command line: `play --bet`, `odds`, `night`, `check` of taverns and
//! evenings, and `--apply` writing purses and the ledger (whole, or not at all).

use crate::common;

use std::path::{Path, PathBuf};

use common::Taproom;

/// The match's winner and the first-turn winner, read from the JSON of the same match.
fn facts(args: &[&str]) -> (String, String) {
    let mut all = vec!["play", "--format", "json", "--narrate", "none"];
    all.extend_from_slice(args);
    let doc: serde_json::Value =
        serde_json::from_str(&Taproom::new().env("COLUMNS", "250").args(all).ok().stdout)
            .expect("JSON");
    let winner = doc["winner"].as_str().unwrap_or("").to_owned();
    let ceremony = doc["games"][0]["ceremony"].as_array().expect("a ceremony");
    let first = ceremony.last().expect("an event")["winner"]
        .as_u64()
        .expect("a winner");
    let first_name = doc["entrants"][first as usize]["name"]
        .as_str()
        .unwrap()
        .to_owned();
    (winner, first_name)
}

const MATCH: [&str; 6] = ["tides", "Brannoc", "Mirela", "--seed", "4", "--narrate"];

#[test]
fn quick_wagers_are_settled_from_the_match_and_nothing_is_written() {
    let (winner, first) = facts(&["tides", "Brannoc", "Mirela", "--seed", "4"]);
    let mut args = vec!["play"];
    args.extend_from_slice(&MATCH);
    args.extend([
        "none",
        "--bet",
        "Pip 3 sp on Brannoc",
        "--bet",
        "Tamsin 2 sp on first-turn Mirela in the pool",
    ]);
    let out = Taproom::new().env("COLUMNS", "250").args(&args).ok();
    let text = &out.stdout;
    assert!(
        text.contains("Wagers at The Wayside Inn, placed before the match"),
        "{text}"
    );
    assert!(
        text.contains(
            "Pip Underbough puts 3 sp on Old Brannoc to win the match with Maggie Two-Cups at "
        ),
        "{text}"
    );
    let row = text
        .lines()
        .find(|l| l.starts_with("│ Pip Underbough") && l.contains("Old Brannoc to win the match"))
        .expect("Pip's row in the settlement table");
    let result = row.split('┆').nth(4).unwrap().trim();
    if winner == "Old Brannoc" {
        assert_eq!(result, "won", "{row}");
    } else {
        assert_eq!(result, "lost", "{row}");
        assert!(
            text.contains(
                "Pip Underbough loses 3 sp to the bookie, on Old Brannoc to win the match."
            ),
            "{text}"
        );
    }
    if first == "Mirela Quickfingers" {
        // Alone in the pool: her stake back less the house's 10%, 2 cp down on the 2 sp.
        assert!(
            text.contains("Tamsin the Tinker ends 2 cp down though the bet won"),
            "{text}"
        );
    } else {
        assert!(
            text.contains("Tamsin the Tinker has the 2 sp back, on Mirela Quickfingers to win the first turn (refunded"),
            "{text}"
        );
    }
    assert!(
        text.contains("┆ Purse before ┆ Purse after"),
        "a settlement table: {text}"
    );
    assert!(text.contains("Nothing written"), "{text}");
    assert_eq!(
        Taproom::new().env("COLUMNS", "250").args(&args).ok().stdout,
        out.stdout,
        "the same seed, the same wagers"
    );
}

#[test]
fn bad_bets_are_one_sentence_and_exit_2() {
    let bet = |b: &str| {
        let mut args = vec!["play"];
        args.extend_from_slice(&MATCH);
        args.extend(["none", "--bet", b]);
        args.into_iter().map(str::to_owned).collect::<Vec<_>>()
    };
    let cases: [(&str, &[&str]); 6] = [
        (
            "Pip 5 gp Brannoc",
            &[
                "cannot read the bet `Pip 5 gp Brannoc`",
                "`on` and what is backed",
            ],
        ),
        (
            "Pip 5 sp on Gandalf",
            &[
                "no player at the table is called `Gandalf`; there are Old Brannoc and Mirela Quickfingers",
            ],
        ),
        (
            "Pip 5 gp on Brannoc",
            &[
                "is refused",
                "3 sp 8 cp",
                "does not cover 5 gp",
                "no credit",
            ],
        ),
        (
            "Pip 1 sp on down Brannoc",
            &["Tides of War keeps no `down` tally"],
        ),
        (
            "Nobody 1 sp on Brannoc",
            &["no character is called `Nobody`"],
        ),
        ("Pip 1 sp on end stalled", &["never ends by stalled"]),
    ];
    for (b, needles) in cases {
        let out = Taproom::new()
            .env("COLUMNS", "250")
            .args(bet(b))
            .fails(needles);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stdout.is_empty(), "nothing is played: {}", out.stdout);
    }
    // JSON takes bets (its settlement is tested in json.rs), but a bad one is still
    // refused before anything is played.
    let mut json = bet("Pip 1 sp on nobody at all");
    json.extend(["--format".into(), "json".into()]);
    let out = Taproom::new()
        .env("COLUMNS", "250")
        .args(json)
        .fails(&["nobody at all"]);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    let mut apply = bet("Pip 1 sp on Brannoc");
    apply.push("--apply".into());
    Taproom::new()
        .env("COLUMNS", "250")
        .args(apply)
        .fails(&["Pip Underbough is built into taproom"]);
    Taproom::new()
        .env("COLUMNS", "250")
        .args(["play", "tides", "--ledger", "l.txt"])
        .fails(&["--ledger goes with --apply"]);
}

#[test]
fn apply_writes_the_purse_keeping_the_file_and_appends_the_ledger() {
    let dir = tempfile::tempdir().unwrap();
    let pip = dir.path().join("pip.toml");
    let original = format!(
        "# my Pip\n{}",
        std::fs::read_to_string("data/characters/pip.toml").unwrap()
    );
    std::fs::write(&pip, &original).unwrap();
    let ledger = dir.path().join("ledger.txt");
    let roster = dir.path().to_str().unwrap();
    let (winner, _) = facts(&["tides", "Brannoc", "Mirela", "--seed", "4"]);
    let args = [
        "play",
        "tides",
        "Brannoc",
        "Mirela",
        "--seed",
        "4",
        "--narrate",
        "none",
        "--roster",
        roster,
        "--bet",
        "Pip 3 sp on Brannoc at evens",
        "--apply",
        "--ledger",
        ledger.to_str().unwrap(),
    ];
    let out = Taproom::new().env("COLUMNS", "250").args(args).ok();
    assert!(out.stdout.contains("Written: "), "{}", out.stdout);
    let (purse, line) = if winner == "Old Brannoc" {
        (
            "6 sp 8 cp",
            "- the house paid Pip Underbough 3 sp: on Old Brannoc to win the match with the bookie at evens, won",
        )
    } else {
        (
            "8 cp",
            "- Pip Underbough paid the house 3 sp: on Old Brannoc to win the match with the bookie at evens, lost",
        )
    };
    let now = std::fs::read_to_string(&pip).unwrap();
    assert_eq!(
        now,
        original.replace("\"3 sp 8 cp\"", &format!("\"{purse}\""))
    );
    let book = std::fs::read_to_string(&ledger).unwrap();
    assert!(book.starts_with("# Ledger"), "{book}");
    assert!(
        book.contains(
            "## The Wayside Inn: Tides of War: Old Brannoc v Mirela Quickfingers (seed 4)"
        )
    );
    assert!(book.contains(line), "{book}");
    assert!(
        book.contains(&format!("- Pip Underbough: 3 sp 8 cp -> {purse}")),
        "{book}"
    );
    // Again: the purse goes on from where it stands, and the ledger grows.
    let out = Taproom::new().env("COLUMNS", "250").args(args).run();
    if winner == "Old Brannoc" {
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(
            std::fs::read_to_string(&ledger)
                .unwrap()
                .matches("\n## ")
                .count(),
            2
        );
    } else {
        assert_eq!(out.code, 2, "8 cp cannot cover 3 sp: {}", out.stderr);
        assert!(out.stderr.contains("does not cover"), "{}", out.stderr);
        assert_eq!(
            std::fs::read_to_string(&ledger).unwrap(),
            book,
            "nothing written"
        );
    }
}

/// A board under a house rule: counted from real matches, so the thread count must not
/// change it.
fn odds(threads: &str) -> String {
    Taproom::new()
        .env("COLUMNS", "250")
        .args([
            "odds",
            "tides",
            "Brannoc",
            "Mirela",
            "--sims",
            "24",
            "--seed",
            "5",
            "--best-of",
            "1",
            "--rule",
            "truce_after=40",
        ])
        .env("RAYON_NUM_THREADS", threads)
        .ok()
        .stdout
}

#[test]
fn odds_under_house_rules_are_imagined_and_the_same_whatever_the_thread_count() {
    let one = odds("1");
    assert_eq!(
        one,
        odds("2"),
        "the same seed gives the same board on any number of threads"
    );
    assert!(one.contains("over 24 imagined matches"), "{one}");
    assert!(
        one.contains("Maggie Two-Cups at The Wayside Inn, a 10% margin"),
        "{one}"
    );
    for needle in [
        "the match",
        "the first turn",
        "how the last game ends",
        "95% range",
        "exact",
        "conquest",
    ] {
        assert!(one.contains(needle), "{needle}: {one}");
    }
    // The match's chances (each player, and the drawn matches) add up to the whole.
    let match_rows: Vec<&str> = one
        .lines()
        .skip_while(|l| !l.contains("the match "))
        .take_while(|l| !l.contains("game 1"))
        .collect();
    let total: f64 = match_rows
        .iter()
        .filter_map(|l| l.split('┆').nth(2))
        .filter_map(|c| c.trim().strip_suffix('%'))
        .filter_map(|c| c.parse::<f64>().ok())
        .sum();
    assert!((total - 100.0).abs() < 0.2, "{total}: {match_rows:?}");
    Taproom::new()
        .env("COLUMNS", "250")
        .args(["odds", "tides", "Brannoc", "Mirela", "--sims", "5"])
        .fails(&["--sims is from 10"]);
}

#[test]
fn the_bookie_prices_every_market_and_takes_side_bets_at_his_board_s_price() {
    let out = Taproom::new()
        .env("COLUMNS", "250")
        .args(["odds", "tides"])
        .ok()
        .stdout;
    assert!(
        out.starts_with("Tides of War: Old Brannoc v Mirela Quickfingers, best of 3"),
        "the roster's first two, as play: {out}"
    );
    assert!(
        out.contains("Chances from the bookie's model of play's players"),
        "{out}"
    );
    assert!(!out.contains("No price from the bookie"), "{out}");
    for market in [
        "game 3",
        "conquest",
        "who is caught cheating",
        "the first turn",
    ] {
        assert!(out.contains(market), "{market}: {out}");
    }
    // A side bet with the bookie is taken, at the price the board states.
    let price = crate::common::board_price(
        &["tides"],
        "who is to make more captures over the match",
        "Old Brannoc",
    );
    let doc: serde_json::Value = serde_json::from_str(
        &Taproom::new()
            .args([
                "play",
                "tides",
                "--seed",
                "2",
                "--format",
                "json",
                "--bet",
                "Pip 1 sp on captures Brannoc",
            ])
            .ok()
            .stdout,
    )
    .unwrap();
    let bet = &doc["wagers"]["bets"][0];
    assert_eq!(bet["with"], "bookie", "{bet}");
    assert_eq!(bet["price"].as_str(), Some(price.as_str()), "{bet}");
}

#[test]
fn a_pic_table_of_four_has_its_odds() {
    let out = Taproom::new()
        .env("COLUMNS", "250")
        .args([
            "odds",
            "pic",
            "Pip",
            "Ysolde",
            "Hrodgar",
            "Tamsin",
            "--sims",
            "20",
            "--best-of",
            "1",
        ])
        .ok();
    for name in [
        "Pip Underbough",
        "Sister Ysolde",
        "Hrodgar Ironbelly",
        "Tamsin the Tinker",
    ] {
        assert!(out.stdout.contains(name), "{}", out.stdout);
    }
    assert!(
        out.stdout.contains("who is to make more captures"),
        "{}",
        out.stdout
    );
}

/// A small evening in a folder of its own: two characters with files, one tavern.
fn small_evening(dir: &Path) -> PathBuf {
    std::fs::create_dir(dir.join("npcs")).unwrap();
    for n in ["pip", "tamsin", "brannoc", "mirela"] {
        std::fs::copy(
            format!("data/characters/{n}.toml"),
            dir.join("npcs").join(format!("{n}.toml")),
        )
        .unwrap();
    }
    std::fs::write(
        dir.join("inn.toml"),
        "tavern = \"The Test Inn\"\nmargin = 5\ntake = 20\ncredit = \"1 gp\"\nsims = 20\n",
    )
    .unwrap();
    let evening = dir.join("night.toml");
    std::fs::write(
        &evening,
        r#"evening = "A test night"
tavern = "inn.toml"
roster = "npcs"
seed = 9

[[match]]
game = "tides"
players = ["Brannoc", "Mirela"]
ante = "1 gp"
bets = [
  "Pip 3 sp on Brannoc in the pool",
  "Tamsin 2 sp on Mirela in the pool",
  "Tamsin 1 gp on first-turn Brannoc against Pip",
]
"#,
    )
    .unwrap();
    evening
}

fn files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out: Vec<(PathBuf, String)> = std::fs::read_dir(dir.join("npcs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| (p.clone(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

#[test]
fn a_night_is_told_settled_and_written_only_with_apply() {
    let dir = tempfile::tempdir().unwrap();
    let evening = small_evening(dir.path());
    let before = files(dir.path());
    let out = Taproom::new()
        .env("COLUMNS", "250")
        .args(["night", evening.to_str().unwrap()])
        .ok();
    let text = &out.stdout;
    assert!(
        text.starts_with("A test night\nThe Test Inn: the bookie takes bets at a 5% margin"),
        "{text}"
    );
    assert!(
        text.contains(
            "Each player puts 1 gp in the pot for the winner: Old Brannoc and Mirela Quickfingers."
        ),
        "{text}"
    );
    assert!(text.contains("━━ Settling up at The Test Inn ━━"), "{text}");
    assert!(text.contains("Nothing written"), "{text}");
    assert_eq!(files(dir.path()), before, "nothing written without --apply");
    assert!(!dir.path().join("ledger.txt").exists());

    let applied = Taproom::new()
        .env("COLUMNS", "250")
        .args(["night", evening.to_str().unwrap(), "--apply"])
        .ok();
    let after = files(dir.path());
    assert_ne!(after, before);
    // Every purse in the files is the one the purse table printed last.
    for (path, text) in &after {
        let c = taproom::roster::Character::from_toml(path, text).unwrap();
        let row = applied
            .stdout
            .lines()
            .find(|l| l.starts_with(&format!("│ {} ", c.name)))
            .unwrap_or_else(|| panic!("a row for {}", c.name));
        let last = row.split('┆').nth(2).unwrap().trim();
        let shown = if c.debt.0 > 0 {
            format!("owes {}", c.debt)
        } else {
            c.purse.to_string()
        };
        assert_eq!(last, shown, "{row}");
    }
    let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap();
    assert_eq!(ledger.matches("\n## ").count(), 1, "{ledger}");
    assert!(
        ledger.contains("The Test Inn, A test night, match 1: Tides of War"),
        "{ledger}"
    );
}

#[test]
fn bad_evenings_and_taverns_name_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let evening = small_evening(dir.path());
    let text = std::fs::read_to_string(&evening).unwrap();
    std::fs::write(
        &evening,
        text.replace("Tamsin 2 sp on Mirela", "Tamsin 2 sp on Gandalf"),
    )
    .unwrap();
    Taproom::new().env("COLUMNS", "250")
        .args(["night", evening.to_str().unwrap()])
        .fails(&[
            "night.toml:12:3",
            "field `match[1].bets[2]`",
            "no player at the table is called `Gandalf`; there are Old Brannoc and Mirela Quickfingers",
        ]);
    std::fs::write(&evening, text.replace("ante =", "antes =")).unwrap();
    Taproom::new()
        .env("COLUMNS", "250")
        .args(["check", evening.to_str().unwrap()])
        .fails(&["night.toml:9:1", "did you mean `ante`?"]);
    std::fs::write(dir.path().join("inn.toml"), "tavern = \"X\"\nmargn = 5\n").unwrap();
    std::fs::write(&evening, &text).unwrap();
    Taproom::new()
        .env("COLUMNS", "250")
        .args(["night", evening.to_str().unwrap()])
        .fails(&["inn.toml:2:1", "did you mean `margin`?"]);
}

#[test]
fn check_knows_taverns_and_evenings_by_their_keys() {
    let out = Taproom::new()
        .env("COLUMNS", "250")
        .args([
            "check",
            "examples/tavern.toml",
            "examples/evening.toml",
            "examples/characters/pip.toml",
        ])
        .ok();
    assert!(
        out.stdout.contains(
            "ok: examples/tavern.toml (tavern The Drowned Rat, bookie's margin 8%, pool take 10%)"
        ),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("ok: examples/evening.toml (evening \"A wet night at the Drowned Rat\" at The Drowned Rat: 3 matches"), "{}", out.stdout);
    assert!(
        out.stdout
            .contains("ok: examples/characters/pip.toml (Pip Underbough"),
        "{}",
        out.stdout
    );
}

#[test]
fn the_example_evening_plays_through() {
    let out = Taproom::new()
        .env("COLUMNS", "250")
        .args(["night", "examples/evening.toml", "--narrate", "none"])
        .ok();
    for needle in [
        "━━ Match 3 of 3 ━━",
        "Òicustiỳtac",
        "Piç",
        "━━ Settling up at The Drowned Rat ━━",
        "│ the house",
    ] {
        assert!(out.stdout.contains(needle), "{needle}: {}", out.stdout);
    }
}

#[test]
fn the_players_view_of_wagers_shows_no_odds_skills_or_seed() {
    let mut args = vec!["play"];
    args.extend_from_slice(&MATCH);
    args.extend(["none", "--bet", "Pip 3 sp on Brannoc", "--view", "players"]);
    let players = Taproom::new().env("COLUMNS", "250").args(&args).ok().stdout;
    assert!(
        players.contains(
            "Pip Underbough puts 3 sp on Old Brannoc to win the match with Maggie Two-Cups."
        ),
        "{players}"
    );
    assert!(
        !players.contains(" to 1") && !players.contains("Odds") && !players.contains("evens"),
        "{players}"
    );
    assert!(
        !players.contains("skill") && !players.contains("Seed"),
        "{players}"
    );
    let night = Taproom::new()
        .env("COLUMNS", "250")
        .args([
            "night",
            "examples/evening.toml",
            "--narrate",
            "none",
            "--view",
            "players",
        ])
        .ok()
        .stdout;
    assert!(
        !night.contains("┆ Odds") && !night.contains("skill ") && !night.contains("Seed "),
        "{night}"
    );
}

/// Òicustiỳtac is played in rounds: the bookie's board names its parts so, and the words
/// it gives for a bet on one (`on round 2 NAME`) are taken by `play --bet` as written.
#[test]
fn the_board_names_a_game_s_parts_as_the_game_does_and_its_words_place_a_bet() {
    let out = Taproom::new()
        .args(["odds", "oicus", "Ysolde", "Tamsin", "--format", "json"])
        .ok();
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let labels: Vec<&str> = json["markets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"round 2"), "{labels:?}");
    assert!(!labels.iter().any(|l| l.contains("game")), "{labels:?}");
    let text = Taproom::new()
        .args(["odds", "oicus", "Ysolde", "Tamsin", "--wide"])
        .ok()
        .stdout;
    assert!(text.contains("`on round 2 NAME`"), "{text}");
    // Tides of War is played in games, and says so.
    let tides = Taproom::new()
        .args(["odds", "tides", "Brannoc", "Mirela", "--wide"])
        .ok()
        .stdout;
    assert!(tides.contains("`on game 2 NAME`"), "{tides}");
    let placed = Taproom::new()
        .args([
            "play",
            "oicus",
            "Ysolde",
            "Tamsin",
            "--seed",
            "3",
            "--narrate",
            "none",
            "--bet",
            "Pip 1 sp on round 2 Tamsin",
        ])
        .ok()
        .stdout;
    assert!(placed.contains("Pip Underbough puts 1 sp on"), "{placed}");
}
