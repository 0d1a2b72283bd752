//! `taproom undo`: the last match applied (`play`, `night`, `sit` with `--apply`) taken
//! back, every file of the campaign byte for byte as it was before it but the ledger,
//! which gains an entry saying so; refused when a character file changed since.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::Taproom;

/// A campaign folder: a campaign file naming the roster, tavern, ledger and history;
/// characters with files (Pip's purse written by hand as `38 cp`, with comments); a
/// tavern whose bookie prices quickly; an evening of two matches.
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let npcs = dir.path().join("npcs");
    std::fs::create_dir(&npcs).unwrap();
    for n in ["tamsin", "brannoc", "mirela", "hrodgar"] {
        std::fs::copy(
            format!("data/characters/{n}.toml"),
            npcs.join(format!("{n}.toml")),
        )
        .unwrap();
    }
    let pip = std::fs::read_to_string("data/characters/pip.toml").unwrap();
    let pip: String = pip
        .lines()
        .map(|l| {
            if l.starts_with("purse") {
                "purse = \"38 cp\"   # counted by hand, twice\n".to_owned()
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(npcs.join("pip.toml"), format!("# The GM's Pip\n{pip}")).unwrap();
    std::fs::write(
        dir.path().join("inn.toml"),
        "tavern = \"The Test Inn\"\nmargin = 5\ntake = 20\ncredit = \"1 gp\"\nsims = 20\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("taproom.toml"),
        "campaign = \"Undo\"\nroster = \"npcs\"\ntavern = \"inn.toml\"\nledger = \"ledger.txt\"\nhistory = \"history.jsonl\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("night.toml"),
        r#"evening = "A test night"
tavern = "inn.toml"
roster = "npcs"
seed = 5

[[match]]
game = "tides"
players = ["Brannoc", "Mirela"]
best_of = 1
ante = "1 gp"
bets = ["Pip 3 sp on Brannoc in the pool", "Tamsin 2 sp on Mirela in the pool"]

[[match]]
game = "kiust"
players = ["Pip", "Tamsin"]
best_of = 1
bets = ["Brannoc 2 sp on Pip at evens", "Mirela 1 sp on Tamsin in the pool"]
"#,
    )
    .unwrap();
    dir
}

/// Every file of the folder and below (the lock files aside), with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if e.file_name() != ".taproom.lock" {
                out.insert(
                    p.strip_prefix(dir).unwrap().to_owned(),
                    std::fs::read(&p).unwrap(),
                );
            }
        }
    }
    out
}

/// A play with bets, applied.
fn play(dir: &Path, seed: &str) {
    Taproom::new()
        .args([
            "play",
            "tides",
            "Brannoc",
            "Mirela",
            "--best-of",
            "1",
            "--seed",
            seed,
        ])
        .args(["--narrate", "none", "--apply"])
        .args([
            "--bet",
            "Pip 2 sp on Brannoc at evens",
            "--bet",
            "Tamsin 1 sp on Mirela against Hrodgar",
        ])
        .current_dir(dir)
        .ok();
}

fn night(dir: &Path) {
    Taproom::new()
        .args(["night", "night.toml", "--narrate", "none", "--apply"])
        .current_dir(dir)
        .ok();
}

/// A person at the table (Hrodgar's file, so his stake settles) who resigns at once: the
/// end of the input.
fn sit(dir: &Path) {
    Taproom::new()
        .args([
            "sit",
            "tides",
            "Brannoc",
            "--as",
            "Hrodgar",
            "--best-of",
            "1",
            "--seed",
            "3",
        ])
        .args(["--narrate", "none", "--apply"])
        .args([
            "--bet",
            "Hrodgar 2 sp on Hrodgar against Pip",
            "--bet",
            "Tamsin 1 sp on Brannoc at evens",
        ])
        .current_dir(dir)
        .ok();
}

fn undo(dir: &Path) -> common::Output {
    Taproom::new().args(["undo", "--yes"]).current_dir(dir).ok()
}

/// `after` is `before` byte for byte but the ledger, which is `before`'s with one undo
/// entry added (the purses in it back to what the ledger said before the write).
#[track_caller]
fn same_but_the_ledger(before: &BTreeMap<PathBuf, Vec<u8>>, after: &BTreeMap<PathBuf, Vec<u8>>) {
    let ledger = Path::new("ledger.txt");
    let strip = |s: &BTreeMap<PathBuf, Vec<u8>>| {
        let mut s = s.clone();
        s.remove(ledger);
        s
    };
    let (b, a) = (strip(before), strip(after));
    assert_eq!(
        b.keys().collect::<Vec<_>>(),
        a.keys().collect::<Vec<_>>(),
        "the same files"
    );
    for (file, bytes) in &b {
        assert!(
            a[file] == *bytes,
            "{} is not as it was:\n{}\n---\n{}",
            file.display(),
            String::from_utf8_lossy(bytes),
            String::from_utf8_lossy(&a[file])
        );
    }
    let old = String::from_utf8(before.get(ledger).cloned().unwrap_or_default()).unwrap();
    let new = String::from_utf8(after[ledger].clone()).unwrap();
    assert!(new.starts_with(&old), "the ledger is only added to");
    let added = &new[old.len()..];
    // The write's entries (one a match), then one undo entry, the last.
    assert!(added.matches("## ").count() >= 2, "{added}");
    assert_eq!(added.matches("## Taken back").count(), 1, "{added}");
    assert_eq!(added.rfind("## "), added.rfind("## Taken back"), "{added}");
    let undo = &added[added.rfind("## Taken back").expect("an undo entry")..];
    // Each purse the undo entry names is back to what that character's file held before
    // the write, as read here from the files.
    let purses = purses(before);
    let mut named = 0;
    for line in undo.lines().filter_map(|l| l.strip_prefix("- ")) {
        if let Some((name, change)) = line.split_once(": ")
            && let Some((_, back)) = change.split_once(" -> ")
        {
            assert_eq!(
                Some(&common::ledger_purse(back)),
                purses.get(name),
                "{name} in {undo}"
            );
            named += 1;
        }
    }
    assert!(named > 0, "{undo}");
}

/// Each character's purse less debt in a snapshot's character files, in copper.
fn purses(files: &BTreeMap<PathBuf, Vec<u8>>) -> BTreeMap<String, i128> {
    use taproom::wager::Money;
    let mut out = BTreeMap::new();
    for (f, bytes) in files {
        if f.starts_with("npcs") {
            let doc: toml::Table = std::str::from_utf8(bytes).unwrap().parse().unwrap();
            let money = |k: &str| {
                doc.get(k)
                    .and_then(|v| v.as_str())
                    .map_or(0, |s| s.parse::<Money>().unwrap().signed())
            };
            out.insert(
                doc["name"].as_str().unwrap().to_owned(),
                money("purse") - money("debt"),
            );
        }
    }
    out
}

/// The history's lines.
fn history_lines(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("history.jsonl")).map_or(0, |t| t.lines().count())
}

#[test]
fn undo_after_play_night_and_sit_puts_every_file_back_but_the_ledger() {
    type Apply = fn(&Path);
    let applies: [(&str, Apply); 3] = [("play", |d| play(d, "11")), ("night", night), ("sit", sit)];
    for (what, apply) in applies {
        let dir = campaign();
        let first = snapshot(dir.path());
        // An earlier match, so the history and the ledger are there before.
        play(dir.path(), "7");
        let before = snapshot(dir.path());
        let lines = history_lines(dir.path());
        apply(dir.path());
        let applied = snapshot(dir.path());
        assert!(history_lines(dir.path()) > lines, "{what}: recorded");
        assert!(
            before
                .iter()
                .any(|(f, b)| f.starts_with("npcs") && applied[f] != *b),
            "{what}: a purse moved"
        );
        let out = undo(dir.path());
        assert!(out.stdout.contains("Taken back."), "{what}: {}", out.stdout);
        same_but_the_ledger(&before, &snapshot(dir.path()));
        // A second undo takes back the match before: every file as at the start, but the
        // ledger, and the history, which is there now, empty (it was not there at all).
        undo(dir.path());
        let mut now = snapshot(dir.path());
        assert_eq!(
            now.remove(Path::new("history.jsonl")),
            Some(Vec::new()),
            "{what}"
        );
        now.remove(Path::new("ledger.txt"));
        assert_eq!(now, first, "{what}: as at the start");
        // Pip's purse is back as the GM wrote it, comment and all (not "3 sp 8 cp").
        let pip = std::fs::read_to_string(dir.path().join("npcs/pip.toml")).unwrap();
        assert!(
            pip.contains("purse = \"38 cp\"   # counted by hand, twice\n"),
            "{what}: {pip}"
        );
        Taproom::new()
            .args(["undo", "--yes"])
            .current_dir(dir.path())
            .fails(&["nothing to take back"]);
    }
}

#[test]
fn a_character_file_changed_since_the_match_is_refused_and_nothing_is_taken_back() {
    let dir = campaign();
    play(dir.path(), "11");
    // The GM notes something in a file the match wrote.
    let changed = snapshot(dir.path())
        .into_iter()
        .find(|(f, b)| {
            f.starts_with("npcs") && String::from_utf8_lossy(b).contains("# The GM's Pip")
        })
        .map(|(f, _)| f)
        .unwrap();
    let file = dir.path().join(&changed);
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("# owes the stable-master a favour\n");
    std::fs::write(&file, text).unwrap();
    let before = snapshot(dir.path());
    let out = Taproom::new()
        .args(["undo", "--yes"])
        .current_dir(dir.path())
        .fails(&[
            "pip.toml",
            "changed since the match was applied",
            "nothing was taken back",
        ]);
    assert_eq!(
        out.stderr.trim().lines().count(),
        1,
        "one sentence: {}",
        out.stderr
    );
    assert_eq!(snapshot(dir.path()), before, "nothing written");
}

#[test]
fn without_a_terminal_undo_asks_for_yes() {
    let dir = campaign();
    play(dir.path(), "11");
    let before = snapshot(dir.path());
    let out = Taproom::new()
        .args(["undo"])
        .current_dir(dir.path())
        .stdin("y\n")
        .fails(&["--yes", "no terminal"]);
    assert_eq!(out.stderr.trim().lines().count(), 1, "{}", out.stderr);
    assert_eq!(snapshot(dir.path()), before);
    // With --yes it says what it takes back: the match, and Pip's purse back to 38 cp.
    let out = undo(dir.path());
    assert!(
        out.stdout
            .contains("Tides of War: Old Brannoc v Mirela Quickfingers (seed 11)"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("-> 3 sp 8 cp"), "{}", out.stdout);
}

/// In a terminal, undo says what it will take back and asks: "n" keeps the match, "y"
/// takes it back.
#[cfg(unix)]
#[test]
fn in_a_terminal_undo_asks_and_takes_back_only_on_yes() {
    let dir = campaign();
    play(dir.path(), "11");
    let applied = snapshot(dir.path());
    let ask = |answer: &str| {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("taproom"));
        cmd.arg("undo")
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .env("TAPROOM_NOW", common::NOW)
            .env_remove("TAPROOM_CAMPAIGN");
        let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("a terminal");
        p.exp_string("Old Brannoc v Mirela Quickfingers (seed 11)")
            .expect("the match is named");
        p.exp_string("Take it back? [y/N]").expect("a question");
        p.send_line(answer).unwrap();
        p.exp_eof().expect("taproom exits")
    };
    assert!(ask("n").contains("Nothing was taken back."));
    assert_eq!(snapshot(dir.path()), applied, "no: nothing written");
    assert!(ask("y").contains("Taken back."));
    assert_eq!(
        history_lines(dir.path()),
        0,
        "yes: the match left the history"
    );
}

/// A second window: while undo asks, another run applies a match; the yes that follows
/// takes nothing back (the history changed meanwhile), and both matches stay recorded.
#[cfg(unix)]
#[test]
fn a_match_applied_from_a_second_window_while_undo_asks_is_not_taken_back_blind() {
    let dir = campaign();
    play(dir.path(), "11");
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("taproom"));
    cmd.arg("undo")
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("TAPROOM_NOW", common::NOW)
        .env_remove("TAPROOM_CAMPAIGN");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("a terminal");
    p.exp_string("Take it back? [y/N]").expect("a question");
    // The other window: a second match applied while the question waits.
    play(dir.path(), "12");
    let both = snapshot(dir.path());
    assert_eq!(history_lines(dir.path()), 2);
    p.send_line("y").unwrap();
    let said = p.exp_eof().expect("taproom exits");
    assert!(
        said.contains("the history changed while taproom asked"),
        "{said}"
    );
    assert!(!said.contains("Taken back."), "{said}");
    assert_eq!(snapshot(dir.path()), both, "nothing written");
}
