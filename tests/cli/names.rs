//! Names as a GM writes them: with numbers in them (`Char 7 1 gp on Char 5`), in any
//! case (one name however it is cased, at the table and in the bets), and by a
//! character's own short name, which wins over the start of another's name.

use crate::common::Taproom;

/// A roster folder of characters with these names (and short names, where given), each
/// with a purse of 5 gp.
fn roster(names: &[(&str, Option<&str>)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (i, (name, short)) in names.iter().enumerate() {
        let short = short.map_or_else(String::new, |s| format!("short = \"{s}\"\n"));
        std::fs::write(
            dir.path().join(format!("c{i}.toml")),
            format!("name = \"{name}\"\n{short}skill = 4\npurse = \"5 gp\"\n"),
        )
        .unwrap();
    }
    dir
}

#[test]
fn names_with_numbers_bet_and_settle() {
    let dir = roster(&[("Char 5", None), ("Char 7", None), ("Char 12", None)]);
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Char 5",
            "Char 12",
            "--roster",
            ".",
            "--seed",
            "1",
            "--best-of",
            "1",
            "--narrate",
            "none",
            "--bet",
            "Char 7 1 gp on Char 5 against Char 12",
            "--apply",
        ])
        .current_dir(dir.path())
        .ok();
    let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap();
    // One of the two paid the other 1 gp: whoever backed the loser.
    assert!(
        ledger.contains("- Char 12 paid Char 7 1 gp")
            || ledger.contains("- Char 7 paid Char 12 1 gp"),
        "{ledger}\n{}",
        out.stdout
    );
    let purse = |i: usize| {
        std::fs::read_to_string(dir.path().join(format!("c{i}.toml")))
            .unwrap()
            .lines()
            .find(|l| l.starts_with("purse"))
            .unwrap()
            .to_owned()
    };
    let moved: Vec<String> = [1, 2].iter().map(|&i| purse(i)).collect();
    moved
        .iter()
        .find(|p| p.contains("\"6 gp\""))
        .expect("the winner has 6 gp");
    moved
        .iter()
        .find(|p| p.contains("\"4 gp\""))
        .expect("the loser has 4 gp");
    assert!(purse(0).contains("\"5 gp\""), "Char 5 bet nothing");
}

#[test]
fn names_that_differ_only_in_case_are_one_name_at_the_table_and_in_bets() {
    Taproom::new()
        .args(["play", "tides", "Brannoc", "old brannoc"])
        .fails(&["cannot sit at the Tides of War table twice"]);
    let dir = roster(&[("Aria", None)]);
    let out = Taproom::new()
        .args(["sit", "tides", "--as", "aria", "--as", "ARIA"])
        .current_dir(dir.path())
        .fails(&[
            "ARIA cannot sit at the Tides of War table twice",
            "aria is seated already",
        ]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    // A bet names a person however it is cased.
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "Brannoc",
            "--as",
            "Aria",
            "--roster",
            ".",
            "--seed",
            "1",
            "--best-of",
            "1",
            "--narrate",
            "none",
            "--bet",
            "ARIA 1 sp on aria against brannoc",
        ])
        .current_dir(dir.path())
        .stdin("resign\n")
        .ok();
    assert!(out.stdout.contains("Aria"), "{}", out.stdout);
}

#[test]
fn a_characters_own_short_name_wins_over_the_start_of_anothers() {
    let dir = roster(&[
        ("Ash Wren", None),
        ("Dobbin Ashcroft", None),
        ("Ashe the Elder", Some("Elder")),
    ]);
    // "Ash" is Ash Wren's own short name, though it starts Ashcroft and Ashe too.
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Ash",
            "Dobbin",
            "--roster",
            ".",
            "--seed",
            "1",
            "--best-of",
            "1",
            "--narrate",
            "none",
            "--bet",
            "Ash 1 sp on Ash against Dobbin",
        ])
        .current_dir(dir.path())
        .ok();
    assert!(out.stdout.contains("Ash Wren"), "{}", out.stdout);
    assert!(!out.stdout.contains("Ashe the Elder"), "{}", out.stdout);
    // A short name set in the file counts as well; the start of a name still picks one
    // out, and is a question when it starts two.
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Elder",
            "Ashc",
            "--roster",
            ".",
            "--seed",
            "1",
            "--best-of",
            "1",
        ])
        .current_dir(dir.path())
        .ok();
    assert!(
        out.stdout.contains("Ashe the Elder") && out.stdout.contains("Dobbin Ashcroft"),
        "{}",
        out.stdout
    );
    Taproom::new()
        .args(["play", "tides", "As", "Dobbin", "--roster", "."])
        .current_dir(dir.path())
        .fails(&["`As` could be"]);
}
