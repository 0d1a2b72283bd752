//! `taproom check`: validating files without playing.

use crate::common;

use common::Taproom;

#[test]
fn good_files_pass_and_the_shipped_characters_are_good() {
    let out = Taproom::new()
        .args([
            "check",
            "data/characters/brannoc.toml",
            "data/characters/pip.toml",
        ])
        .ok();
    assert!(
        out.stdout
            .contains("ok: data/characters/brannoc.toml (Old Brannoc, skill 6, cautious)")
    );
}

#[test]
fn a_bad_file_fails_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("npc.toml");
    std::fs::write(&file, "name = \"N\"\nskill = 11\n").unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["npc.toml:2:9", "field `skill`", "1 to 10"]);
    std::fs::write(&file, "name = \"N\"\nskill = 4\npurse = \"4 gold\"\n").unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["npc.toml:3:9", "field `purse`", "coin"]);
    std::fs::write(
        &file,
        "name = \"N\"\nskill = 4\n[voice]\ngreting = [\"hi\"]\n",
    )
    .unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["npc.toml:4:1", "did you mean `greeting`?"]);
    std::fs::write(&file, "name = \"N\nskill = 4\n").unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["npc.toml:1:", "not valid TOML"]);
    Taproom::new()
        .args(["check", "/no/such.toml"])
        .fails(&["/no/such.toml", "cannot read"]);
}

#[test]
fn phrasebooks_are_checked_too() {
    Taproom::new().args(["check", "data/phrases.toml"]).ok();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("words.toml");
    std::fs::write(
        &file,
        "[tides-of-war]\nconquest = [\"{winner} takes {town}.\"]\ntruce = [\"{wizard} sighs.\"]\n",
    )
    .unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["words.toml:3:", "tides-of-war.truce", "{wizard}"]);
}

/// An evening of two matches whose second is `second`, in a folder of its own.
fn evening(second: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("night.toml");
    std::fs::write(
        &file,
        format!(
            "evening = \"A test\"\n\n[[match]]\ngame = \"tides\"\nplayers = [\"Pip\", \"Ysolde\"]\n\n[[match]]\n{second}\n"
        ),
    )
    .unwrap();
    (dir, file)
}

#[test]
fn check_refuses_first_whatever_night_would_refuse_after_playing() {
    let cases = [
        (
            "game = \"tides\"\nplayers = [\"Pip\", \"Ysolde\", \"Hrodgar\"]",
            "night.toml:9:11",
            "Tides of War is for 2 players, not 3",
        ),
        (
            "game = \"pic\"\nplayers = [\"Pip\", \"Ysolde\"]\nrules = { start = 5 }",
            "night.toml:10:9",
            "12 or 9 counters, not 5",
        ),
        (
            "game = \"pic\"\nplayers = [\"Pip\", \"Ysolde\"]\ndraw_cap = 4294967295",
            "night.toml:10:12",
            "0 to 99",
        ),
        (
            "game = \"kiust\"\nplayers = [\"Pip\", \"Brannock\"]",
            "night.toml:9:19",
            "did you mean `Old Brannoc`?",
        ),
    ];
    for (second, place, why) in cases {
        let (_dir, file) = evening(second);
        let path = file.to_str().unwrap();
        Taproom::new().args(["check", path]).fails(&[place, why]);
        let night = Taproom::new().args(["night", path]).fails(&[place, why]);
        assert!(
            !night.stdout.contains("Match 1"),
            "night refuses before playing anything: {}",
            night.stdout
        );
    }
}

#[test]
fn a_player_given_by_a_file_outside_the_roster_can_put_up_an_ante() {
    let (dir, file) =
        evening("game = \"tides\"\nplayers = [\"npcs/gorm.toml\", \"Vessa\"]\nante = \"1 gp\"");
    let npcs = dir.path().join("npcs");
    std::fs::create_dir(&npcs).unwrap();
    std::fs::write(
        npcs.join("gorm.toml"),
        "name = \"Gorm\"\nskill = 3\npurse = \"5 gp\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("vessa.toml"),
        "name = \"Vessa\"\nskill = 4\npurse = \"5 gp\"\n",
    )
    .unwrap();
    let text = std::fs::read_to_string(&file).unwrap().replace(
        "evening = \"A test\"",
        "evening = \"A test\"\nroster = \".\"",
    );
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    Taproom::new().args(["check", path]).ok();
    let out = Taproom::new()
        .args(["night", path, "--narrate", "none", "--apply"])
        .ok();
    assert!(
        out.stdout.contains("Each player puts 1 gp in the pot"),
        "{}",
        out.stdout
    );
    let gorm = std::fs::read_to_string(npcs.join("gorm.toml")).unwrap();
    let vessa = std::fs::read_to_string(dir.path().join("vessa.toml")).unwrap();
    // One of them won the other's gold piece (or, drawn, both kept theirs).
    let purses = [gorm.contains("\"6 gp\""), vessa.contains("\"6 gp\"")];
    assert!(
        purses == [true, false] || purses == [false, true] || out.stdout.contains("match drawn"),
        "{gorm}\n{vessa}"
    );
}

/// Characters whose names look alike are named, with their files, as a warning (exit 0):
/// a full-width `Ｇ`, a Cyrillic `В`, a name the same but for case or Unicode form; a
/// look-alike of a character built into taproom too. Names that only resemble each other
/// (`Gorm`, `Gorn`) are not.
#[test]
fn look_alike_names_are_a_warning_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    for (file, name) in [
        ("a.toml", "\u{ff27}orm"), // full-width G
        ("b.toml", "gorm"),
        ("c.toml", "Old \u{412}rannoc"), // Cyrillic Ve, like the built-in Old Brannoc
        ("d.toml", "Gorn"),
        ("e.toml", "Zo\u{eb}"),
        ("f.toml", "Zoe\u{308}"),
    ] {
        std::fs::write(p.join(file), format!("name = \"{name}\"\nskill = 4\n")).unwrap();
    }
    let files = ["a.toml", "b.toml", "c.toml", "d.toml", "e.toml", "f.toml"];
    let out = Taproom::new().arg("check").args(files).current_dir(p).ok();
    let warnings: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    // By hand: three groups, Ｇorm and gorm, Old Вrannoc and the built-in, the two Zoës.
    assert_eq!(warnings.len(), 3, "{}", out.stderr);
    assert!(
        warnings[0].contains("\u{ff27}orm (a.toml) and gorm (b.toml) look alike"),
        "{}",
        warnings[0]
    );
    assert!(
        warnings[1].contains("Old \u{412}rannoc (c.toml) and Old Brannoc (built in)"),
        "{}",
        warnings[1]
    );
    assert!(
        warnings[2].contains("Zo\u{eb} (e.toml) and Zo\u{eb} (f.toml)"),
        "{}",
        warnings[2]
    );
    assert!(!out.stderr.contains("Gorn"), "{}", out.stderr);
    // The same, for tools.
    let out = Taproom::new()
        .arg("check")
        .args(files)
        .args(["--format", "json"])
        .current_dir(p)
        .ok();
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["ok"], true);
    let groups = doc["look_alikes"].as_array().unwrap();
    assert_eq!(groups.len(), 3, "{doc}");
    assert_eq!(groups[1][1]["file"], serde_json::Value::Null);
    assert_eq!(groups[0][0]["file"], "a.toml");
}

/// A campaign of the example characters and tavern whose campaign file says `keys`.
fn campaign_saying(keys: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let chars = dir.path().join("characters");
    std::fs::create_dir(&chars).unwrap();
    for e in std::fs::read_dir("examples/characters").unwrap().flatten() {
        std::fs::copy(e.path(), chars.join(e.file_name())).unwrap();
    }
    std::fs::copy("examples/tavern.toml", dir.path().join("tavern.toml")).unwrap();
    std::fs::write(
        dir.path().join("taproom.toml"),
        format!("campaign = \"Rat\"\nroster = \"characters\"\ntavern = \"tavern.toml\"\n{keys}"),
    )
    .unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn check_refuses_the_ledger_and_history_that_apply_refuses() {
    let fifo_made = |dir: &std::path::Path| {
        std::process::Command::new("mkfifo")
            .arg(dir.join("fifo.txt"))
            .status()
            .is_ok_and(|s| s.success())
    };
    // (what the campaign file says from its line 4, the key, what is said of it)
    let cases = [
        ("ledger = \"/dev/null\"\n", "ledger", "a character device"),
        ("ledger = \"fifo.txt\"\n", "ledger", "a FIFO"),
        ("ledger = \"books.toml\"\n", "ledger", "is a .toml file"),
        (
            "ledger = \"characters/pip.toml\"\n",
            "ledger",
            "is a .toml file",
        ),
        (
            "ledger = \"books.txt\"\nhistory = \"books.txt\"\n",
            "history",
            "is the ledger, which this run reads",
        ),
        ("history = \"/dev/null\"\n", "history", "a character device"),
    ];
    for (keys, key, said) in cases {
        let dir = campaign_saying(keys);
        if keys.contains("fifo") && !fifo_made(dir.path()) {
            eprintln!("skipped the FIFO: mkfifo is not available here");
            continue;
        }
        let line = if key == "history" && keys.contains("ledger") {
            5
        } else {
            4
        };
        let out = Taproom::new().arg("check").current_dir(dir.path()).fails(&[
            &format!("taproom.toml:{line}:"),
            &format!("field `{key}`"),
            said,
        ]);
        assert_eq!(out.stderr.lines().count(), 1, "{keys}: {}", out.stderr);
        // --apply refuses it too, for the same reason.
        Taproom::new()
            .args([
                "play",
                "tides",
                "Gorm",
                "Vessa",
                "--bet",
                "Hrodgar 1 gp on Gorm against Tamsin",
                "--seed",
                "42",
                "--apply",
            ])
            .current_dir(dir.path())
            .fails(&[said]);
    }
    // A good campaign passes.
    let dir = campaign_saying("ledger = \"ledger.txt\"\nhistory = \"history.jsonl\"\n");
    Taproom::new().arg("check").current_dir(dir.path()).ok();
    // A tavern file's own ledger, checked on its own.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("tavern.toml"),
        std::fs::read_to_string("examples/tavern.toml")
            .unwrap()
            .replace("ledger = \"ledger.txt\"", "ledger = \"/dev/null\""),
    )
    .unwrap();
    Taproom::new()
        .args(["check", "tavern.toml"])
        .current_dir(dir.path())
        .fails(&["/dev/null", "a character device"]);
}
