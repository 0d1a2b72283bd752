//! `taproom play`: a narrated match from the built-in characters or the GM's own files.

use crate::common;

use common::Taproom;

#[test]
fn a_match_plays_with_no_files_at_all() {
    let out = Taproom::new()
        .args(["play", "tides-of-war", "--seed", "3"])
        .ok();
    assert!(
        out.stdout
            .starts_with("Tides of War: Old Brannoc (skill 8, cautious) v Mirela Quickfingers (skill 8,\n  cunning), best of 3\n"),
        "the title, wrapped at 80 columns: {}",
        out.stdout
    );
    assert!(out.stdout.contains("Game 1"));
    assert!(
        out.stdout.contains("│ Wins"),
        "a result table: {}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("Seed 3 replays this match:\n  taproom play tides-of-war"),
        "the replay command on its own line when it does not fit beside the lead: {}",
        out.stdout
    );
}

#[test]
fn the_same_seed_gives_the_same_output_byte_for_byte() {
    let args = [
        "play",
        "tides",
        "Pip",
        "Ysolde",
        "--seed",
        "99",
        "--narrate",
        "full",
    ];
    let a = Taproom::new().args(args).ok().stdout;
    let b = Taproom::new().args(args).ok().stdout;
    assert_eq!(a, b);
    let other = Taproom::new()
        .args([
            "play",
            "tides",
            "Pip",
            "Ysolde",
            "--seed",
            "100",
            "--narrate",
            "full",
        ])
        .ok()
        .stdout;
    assert_ne!(a, other, "another seed tells another match");
}

#[test]
fn json_carries_the_seed_the_winner_and_the_whole_log() {
    let out = Taproom::new()
        .args(["play", "tides", "--seed", "11", "--format", "json"])
        .ok();
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("valid JSON");
    assert_eq!(doc["seed"], 11);
    let wins = doc["wins"].as_array().unwrap();
    let winner = &doc["winner"];
    if wins[0] == wins[1] {
        assert!(winner.is_null());
    } else {
        let top = if wins[0].as_u64() > wins[1].as_u64() {
            0
        } else {
            1
        };
        assert_eq!(winner, &doc["entrants"][top]["name"]);
    }
    let games = doc["games"].as_array().unwrap();
    assert!(!games.is_empty());
    for g in games {
        let steps = g["steps"].as_array().unwrap();
        assert!(!steps.is_empty());
        let last = steps.last().unwrap();
        assert!(
            last["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["event"] == "over"),
            "the log ends with the end"
        );
    }
}

#[test]
fn match_formats_decide_how_many_games() {
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "--seed",
            "5",
            "--first-to",
            "3",
            "--format",
            "json",
        ])
        .ok();
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let wins: Vec<u64> = doc["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    assert!(wins.contains(&3), "first to 3 ends at 3 wins: {wins:?}");
    assert_eq!(doc["format"]["first-to"], 3);

    let one = Taproom::new()
        .args([
            "play",
            "tides",
            "--seed",
            "5",
            "--best-of",
            "1",
            "--format",
            "json",
        ])
        .ok();
    let doc: serde_json::Value = serde_json::from_str(&one.stdout).unwrap();
    let decided = doc["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| !g["winners"].as_array().unwrap().is_empty())
        .count();
    assert_eq!(decided, 1);
}

#[test]
fn characters_come_from_files_and_folders() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("gorm.toml"),
        "name = \"Gorm\"\nskill = 5\ntemperament = \"bold\"\n[voice]\nwin = [\"Gorm wins!\"]\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("vessa.toml"),
        "name = \"Vessa\"\nskill = 7\n",
    )
    .unwrap();
    let roster = dir.path().to_str().unwrap();
    let out = Taproom::new()
        .args(["play", "tides", "--roster", roster, "--seed", "1"])
        .ok();
    assert!(
        out.stdout
            .starts_with("Tides of War: Gorm (skill 5, bold) v Vessa (skill 7, steady)"),
        "{}",
        out.stdout
    );
    let gorm = dir.path().join("gorm.toml");
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            gorm.to_str().unwrap(),
            "Pip",
            "--seed",
            "1",
        ])
        .ok();
    assert!(
        out.stdout
            .starts_with("Tides of War: Gorm (skill 5, bold) v Pip Underbough (skill 2, reckless)")
    );
}

#[test]
fn bad_arguments_are_clear_errors_with_exit_code_2() {
    Taproom::new()
        .args(["play", "chess"])
        .fails(&["unknown game `chess`"]);
    Taproom::new()
        .args(["play", "tides", "Gandalf", "Pip"])
        .fails(&["no character is called `Gandalf`"]);
    Taproom::new()
        .args(["play", "tides", "Pip", "Pip"])
        .fails(&["twice"]);
    Taproom::new()
        .args(["play", "tides", "Pip", "Ysolde", "Hrodgar"])
        .fails(&["2 players"]);
    Taproom::new()
        .args(["play", "tides", "--best-of", "0"])
        .fails(&["1 to 99 games"]);
    Taproom::new()
        .args(["play", "tides", "--seed", "many"])
        .fails(&["invalid value"]);
    Taproom::new()
        .args(["play", "tides", "--rule", "truce_after=soon"])
        .fails(&[
            "rule option `truce_after` takes a whole number",
            "not `soon`",
        ]);
    Taproom::new()
        .args(["play", "tides", "--best-of", "3", "--first-to", "2"])
        .fails(&["cannot be used with"]);
    Taproom::new()
        .args(["play", "tides", "--roster", "/no/such/folder"])
        .fails(&["/no/such/folder"]);
    Taproom::new()
        .args(["dance"])
        .fails(&["unrecognized subcommand"]);
}

#[test]
fn a_bad_character_file_names_file_line_column_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, "name = \"Bad\"\nskil = 5\n").unwrap();
    let path = file.to_str().unwrap();
    let out = Taproom::new().args(["play", "tides", path, "Pip"]).fails(&[
        "bad.toml:2:1",
        "field `skil`",
        "did you mean `skill`?",
    ]);
    assert_eq!(
        out.stderr.lines().count(),
        1,
        "one sentence: {}",
        out.stderr
    );
}

#[test]
fn the_players_view_hides_skills_and_the_seed() {
    let gm = Taproom::new()
        .args(["play", "tides", "--seed", "8"])
        .ok()
        .stdout;
    let players = Taproom::new()
        .args(["play", "tides", "--seed", "8", "--view", "players"])
        .ok()
        .stdout;
    assert!(gm.contains("skill 8") && gm.contains("Seed 8"));
    assert!(!players.contains("skill") && !players.contains("Seed") && !players.contains("--seed"));
    assert!(players.starts_with("Tides of War: Old Brannoc v Mirela Quickfingers"));
}

#[test]
fn a_gm_phrasebook_changes_the_lines_and_a_bad_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("phrases.toml");
    std::fs::write(
        &book,
        "[common]\nmatch-won = [\"Huzzah for {winner}!\"]\nmatch-drawn = [\"Nobody, {scores}.\"]\n",
    )
    .unwrap();
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "--seed",
            "2",
            "--phrasebook",
            book.to_str().unwrap(),
        ])
        .ok();
    assert!(
        out.stdout.contains("Huzzah for ") || out.stdout.contains("Nobody, "),
        "{}",
        out.stdout
    );
    std::fs::write(&book, "[common]\nmatch-won = [\"Huzzah for {wizard}!\"]\n").unwrap();
    Taproom::new()
        .args(["play", "tides", "--phrasebook", book.to_str().unwrap()])
        .fails(&["phrases.toml:2:", "common.match-won", "{wizard}"]);
}

#[test]
fn a_tavern_sets_the_scene() {
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "--seed",
            "4",
            "--tavern",
            "examples/tavern.toml",
            "--wide",
        ])
        .ok();
    let tavern = std::fs::read_to_string("examples/tavern.toml").unwrap();
    let scene = out.stdout.lines().nth(3).unwrap().trim();
    assert!(
        tavern.contains(scene),
        "the first line at the table is the tavern's own: {scene}"
    );
}

#[test]
fn a_table_of_five_stays_within_two_hundred_columns() {
    // Each player's cell puts the seat on one line and the figures below, two to a line.
    let out = Taproom::new()
        .args([
            "play", "pic", "Pip", "Ysolde", "Hrodgar", "Tamsin", "Brannoc", "--seed", "3",
        ])
        .ok();
    let table: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with('│') || l.starts_with('┌'))
        .collect();
    assert!(table.len() > 4, "{}", out.stdout);
    for line in table {
        let width = line.chars().count();
        assert!(width <= 200, "{width} columns: {line}");
    }
    assert!(out.stdout.contains("in heaps"), "{}", out.stdout);
}
