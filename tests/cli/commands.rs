//! The commands a GM reaches for around the games: `roster`, `new character`, `rules`,
//! `completions` and `man`, and `--quiet` for scripts.

use std::path::Path;

use crate::common;

use common::Taproom;

/// The subcommands `taproom --help` lists.
fn subcommands() -> Vec<String> {
    let help = Taproom::new().args(["--help"]).ok().stdout;
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_roster_table_shows_every_character_and_fits_the_page() {
    let out = Taproom::new().args(["roster"]).ok();
    for name in ["Brannoc", "Mirela", "Hrodgar", "Pip", "Ysolde", "Tamsin"] {
        assert!(out.stdout.contains(name), "{name}: {}", out.stdout);
    }
    for line in out
        .stdout
        .lines()
        .filter(|l| l.starts_with(['│', '┌', '└']))
    {
        assert!(line.chars().count() <= 80, "{line}");
    }
    // Honesty and eye, as the README gives them: Mirela 2 and 9, Pip 10 and 1.
    let row = |name: &str| {
        out.stdout
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_default()
            .to_owned()
    };
    assert!(row("Mirela").contains("2 / 9"), "{}", row("Mirela"));
    assert!(row("Pip").contains("10 / 1"), "{}", row("Pip"));
    // Vessa plays Kiust Oyun boldly though she is cunning (examples/characters/vessa.toml).
    let vessa = std::fs::read_to_string("examples/characters/vessa.toml").unwrap();
    assert!(vessa.contains("temperament = \"cunning\""));
    let out = Taproom::new()
        .args(["roster", "--roster", "examples/characters", "--wide"])
        .ok();
    let row = out.stdout.lines().find(|l| l.contains("Vessa")).unwrap();
    assert!(row.contains("bold") && row.contains("cunning"), "{row}");
    assert!(row.contains("examples/characters/vessa.toml"), "{row}");
}

#[test]
fn a_new_character_file_loads_back_and_is_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("npcs");
    let f = folder.to_str().unwrap();
    let out = Taproom::new()
        .args(["new", "character", "Gorm \"Quiet\" Halvard", "--skill", "7"])
        .args([
            "--temperament",
            "cunning",
            "--purse",
            "3 gp 2 sp",
            "--roster",
            f,
        ])
        .ok();
    let file = folder.join("gorm-quiet-halvard.toml");
    assert!(
        out.stdout.contains(file.to_str().unwrap()),
        "{}",
        out.stdout
    );
    // The file as a plain TOML reader sees it.
    let text = std::fs::read_to_string(&file).unwrap();
    let t: toml::Table = text.parse().unwrap();
    assert_eq!(t["name"].as_str(), Some("Gorm \"Quiet\" Halvard"));
    assert_eq!(t["skill"].as_integer(), Some(7));
    assert_eq!(t["temperament"].as_str(), Some("cunning"));
    assert!(text.contains("# [games.tides-of-war]"), "commented: {text}");
    // taproom reads it back, and it plays.
    Taproom::new().args(["check", file.to_str().unwrap()]).ok();
    let roster = Taproom::new()
        .args(["roster", "--roster", f, "--format", "json"])
        .ok();
    let v: serde_json::Value = serde_json::from_str(&roster.stdout).unwrap();
    assert_eq!(v["characters"][0]["purse_cp"], 320);
    Taproom::new()
        .args(["play", "tides", "Gorm", "Pip", "--roster", f, "--short"])
        .ok();
    // Again: refused, and the file is as it was.
    std::fs::write(&file, format!("{text}# the GM's own note\n")).unwrap();
    Taproom::new()
        .args(["new", "character", "Gorm \"Quiet\" Halvard", "--roster", f])
        .fails(&["has a file already"]);
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .ends_with("# the GM's own note\n")
    );
    // A file of that name that is no character of the roster's is not replaced either.
    std::fs::write(folder.join("vessa.toml"), "not a character at all = [").unwrap();
    let out = Taproom::new()
        .args(["new", "character", "Vessa", "--roster", f])
        .run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(
        std::fs::read_to_string(folder.join("vessa.toml")).unwrap(),
        "not a character at all = ["
    );
    // No staged file is left behind.
    let names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| n.ends_with(".toml")), "{names:?}");
}

#[test]
fn a_new_character_with_a_bad_name_or_purse_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().to_str().unwrap();
    Taproom::new()
        .args(["new", "character", "a/b", "--roster", f])
        .fails(&["never a path"]);
    Taproom::new()
        .args([
            "new",
            "character",
            "Ada",
            "--purse",
            "3 bananas",
            "--roster",
            f,
        ])
        .fails(&["--purse", "`bananas` is not a coin"]);
    Taproom::new()
        .args(["new", "character", "Ada", "--skill", "11", "--roster", f])
        .fails(&["11"]);
    assert_eq!(std::fs::read_dir(f).unwrap().count(), 0);
}

#[test]
fn the_rules_of_every_game_are_at_hand_and_fit_the_page() {
    for (game, file) in [
        ("tides", "tides-of-war.md"),
        ("pic", "pic.md"),
        ("kiust", "kiust-oyun.md"),
        ("dogfight", "oicustiytac.md"),
    ] {
        let source = std::fs::read_to_string(Path::new("docs/rules").join(file)).unwrap();
        let out = Taproom::new()
            .args(["rules", game])
            .env("COLUMNS", "60")
            .ok();
        // Every section of the file is there, as a heading of its own.
        for heading in source.lines().filter_map(|l| l.strip_prefix("## ")) {
            assert!(
                out.stdout.contains(&format!("\n{heading}\n")),
                "{game}: {heading}"
            );
        }
        for line in out.stdout.lines() {
            assert!(line.chars().count() <= 60, "{game}: {line}");
        }
        let md = Taproom::new()
            .args(["rules", game, "--format", "markdown"])
            .ok();
        assert_eq!(md.stdout, source, "the source as it is");
    }
}

#[test]
fn completions_cover_every_command_and_bash_reads_them() {
    let commands = subcommands();
    assert!(commands.len() >= 10, "{commands:?}");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = Taproom::new().args(["completions", shell]).ok();
        for c in &commands {
            assert!(out.stdout.contains(c.as_str()), "{shell} lacks {c}");
        }
        if shell == "bash" {
            let dir = tempfile::tempdir().unwrap();
            let script = dir.path().join("taproom.bash");
            std::fs::write(&script, &out.stdout).unwrap();
            let status = std::process::Command::new("bash")
                .arg("-n")
                .arg(&script)
                .status()
                .unwrap();
            assert!(status.success(), "bash -n finds the script well formed");
        }
    }
    Taproom::new()
        .args(["completions", "tcsh"])
        .fails(&["'tcsh'"]);
}

#[test]
fn man_writes_a_page_for_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = Taproom::new()
        .args(["man", "--out", dir.path().to_str().unwrap()])
        .ok();
    assert!(out.stdout.contains("taproom-play.1"), "{}", out.stdout);
    for c in subcommands() {
        let page = dir.path().join(format!("taproom-{c}.1"));
        let text = std::fs::read_to_string(&page).unwrap_or_else(|_| panic!("{c}"));
        assert!(text.contains(".TH taproom-"), "{c}: a roff page");
    }
    assert!(dir.path().join("taproom.1").exists());
    let page = Taproom::new().args(["man"]).ok();
    assert!(page.stdout.contains(".TH taproom 1"));
}

#[test]
fn quiet_leaves_the_result_alone() {
    let bet = [
        "play",
        "tides",
        "Brannoc",
        "Mirela",
        "--seed",
        "4",
        "--bet",
        "Pip 1 sp on Mirela",
    ];
    let loud = Taproom::new().args(bet).ok();
    assert!(loud.stdout.contains("Nothing written"));
    let quiet = Taproom::new().args(bet).arg("--quiet").ok();
    assert!(!quiet.stdout.contains("Nothing written"));
    assert_eq!(
        quiet.stdout,
        loud.stdout.replace(
            "Nothing written: --apply writes the purses into the characters' files, the\n  settlement into the ledger and the match into the history.\n",
            ""
        )
    );
    assert!(quiet.stderr.is_empty(), "{}", quiet.stderr);
    let night = Taproom::new()
        .args(["night", "examples/evening.toml", "-q"])
        .ok();
    assert!(!night.stdout.contains("Nothing written"));
    assert!(night.stderr.is_empty(), "{}", night.stderr);
}
