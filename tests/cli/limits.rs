//! Limits that reckon what can really come back, and messages that name the field at
//! fault in plain English.

use crate::common::Taproom;

/// A roster folder of two rich characters (and Pip), purses as given.
fn rich(pip: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (file, name, purse) in [
        ("pip.toml", "Pip Underbough", pip),
        ("brannoc.toml", "Old Brannoc", "1 gp"),
        ("mirela.toml", "Mirela Quickfingers", "100000000000 gp"),
    ] {
        std::fs::write(
            dir.path().join(file),
            format!("name = \"{name}\"\nskill = 5\npurse = \"{purse}\"\n"),
        )
        .unwrap();
    }
    dir
}

fn bets(n: usize, bet: &str) -> Vec<String> {
    let mut args = vec![
        "play",
        "tides",
        "Brannoc",
        "Mirela",
        "--roster",
        ".",
        "--seed",
        "1",
        "--best-of",
        "1",
        "--narrate",
        "none",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect::<Vec<_>>();
    for _ in 0..n {
        args.push("--bet".to_owned());
        args.push(bet.to_owned());
    }
    args
}

#[test]
fn eighty_large_stakes_between_two_characters_are_taken_when_the_pots_fit() {
    // 80 pots of 2,000,000,000 gp: at most 160,000,000,000 gp can come back to Pip, whose
    // purse of 100,000,000,000 gp then stays far below the most a purse keeps.
    let dir = rich("100000000000 gp");
    let out = Taproom::new()
        .args(bets(80, "Pip 1000000000 gp on Brannoc against Mirela"))
        .current_dir(dir.path())
        .ok();
    assert!(!out.stdout.contains("refused"), "{}", out.stdout);
    // Who won, 80 pots moved: Pip's purse is now 100,000,000,000 gp give or take
    // 80,000,000,000 gp.
    assert!(
        out.stdout.contains("180000000000 gp") || out.stdout.contains("20000000000 gp"),
        "{}",
        out.stdout
    );
    // A purse that could pass the most taproom keeps is refused, saying whose and why.
    let dir = rich("9999999999999 gp");
    Taproom::new()
        .args(bets(80, "Pip 1000000000 gp on Brannoc against Mirela"))
        .current_dir(dir.path())
        .fails(&[
            "is refused: what it could bring back would take Pip Underbough's purse past the most taproom keeps",
        ]);
}

#[test]
fn too_many_bets_are_refused_naming_the_flag() {
    let dir = rich("1 gp");
    let out = Taproom::new()
        .args(bets(201, "Pip 1 cp on Brannoc in the pool"))
        .current_dir(dir.path())
        .fails(&["--bet: a table takes at most 200 bets, and 201 were given"]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(!out.stderr.contains(" is from "), "{}", out.stderr);
}

#[test]
fn a_new_characters_purse_past_the_most_is_put_to_the_purse() {
    let dir = tempfile::tempdir().unwrap();
    let out = Taproom::new()
        .args([
            "new",
            "character",
            "X",
            "--purse",
            "99999999999999 pp",
            "--roster",
            ".",
        ])
        .current_dir(dir.path())
        .fails(&["--purse: 999999999999990 gp is more than the most taproom keeps in a purse"]);
    assert!(
        !out.stderr.contains("cannot be a character's name"),
        "{}",
        out.stderr
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
    // A name at fault is still put to the name.
    Taproom::new()
        .args(["new", "character", "../x", "--roster", "."])
        .current_dir(dir.path())
        .fails(&["`../x` cannot be a character's name"]);
}

#[test]
fn the_ladders_total_is_named_as_a_number_of_games() {
    Taproom::new()
        .args(["ladder", "tides", "--levels", "1-10", "--games", "500"])
        .fails(&[
            "the number of games in all (pairings times --games) is from 1 to 5000, not 22500",
        ]);
}

/// A roster of ten thousand characters is read whole: every one listed, the last two
/// files' names found, and a duplicate name at the very end refused, naming both files
/// (the index that made loading linear still sees every name). The time it takes is
/// benchmarked, not tested: `cargo bench --bench table -- roster`.
#[test]
fn a_roster_of_ten_thousand_is_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let name = |i: usize| format!("Guest Number{i:05}");
    for i in 0..10_000 {
        std::fs::write(
            dir.path().join(format!("c{i:05}.toml")),
            format!("name = \"{}\"\nskill = {}\n", name(i), 1 + i % 10),
        )
        .unwrap();
    }
    let folder = dir.path().to_str().unwrap();
    let out = Taproom::new()
        .args(["roster", "--roster", folder, "--format", "json"])
        .ok();
    let listed: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let names: Vec<&str> = listed["characters"]
        .as_array()
        .expect("a list of characters")
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    // The folder's ten thousand, then the six built-in characters none of them names.
    assert_eq!(names.len(), 10_006, "{} listed", names.len());
    for i in [0, 4_999, 9_999] {
        assert!(names.contains(&name(i).as_str()), "{} missing", name(i));
    }
    let out = Taproom::new()
        .args(["play", "tides", &name(0), &name(9_999), "--roster", folder])
        .args(["--seed", "1", "--short"])
        .ok();
    assert!(out.stdout.contains("Seed 1."), "{}", out.stdout);
    // The same name again, in other case and spacing, as the last file of the folder.
    std::fs::write(
        dir.path().join("zz.toml"),
        "name = \"guest   NUMBER00042\"\nskill = 3\n",
    )
    .unwrap();
    Taproom::new()
        .args(["roster", "--roster", folder])
        .fails(&["c00042.toml", "zz.toml"]);
}
