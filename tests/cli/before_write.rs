//! `--apply` checks everything that can fail before it writes: a picture that cannot be
//! written where `--image` says (a FIFO, a folder, a folder that does not exist, a name
//! ending in `/`), or a game the match did not play (`--game 4` in a best of three),
//! stops the run with every file of the campaign as it was, byte for byte. A failure
//! that can only come after the write (a full disk for the picture) says that the files
//! were written, with exit code 3.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common;

use common::Taproom;

/// A bet that moves coins whoever wins: Pip's 1 sp against Dobbin's.
const BET: &str = "Pip 1 sp on Gorm against Dobbin";

/// Every file under `dir` (a folder's locks aside, which hold nothing): its bytes, or
/// what it is when it is not a regular file.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let path = e.path();
            let rel = path.strip_prefix(root).unwrap().to_owned();
            let kind = e.file_type().unwrap();
            if kind.is_dir() {
                out.insert(rel, b"a folder".to_vec());
                walk(root, &path, out);
            } else if kind.is_file() && e.file_name() != ".taproom.lock" {
                out.insert(rel, std::fs::read(&path).unwrap());
            } else if !kind.is_file() {
                out.insert(rel, format!("{kind:?}").into_bytes());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// `taproom play tides Gorm Vessa --seed 1 --bet BET --apply` with `more`, in `ex`.
fn apply(ex: &Path, more: &[&str]) -> Taproom {
    Taproom::new()
        .current_dir(ex)
        .args([
            "play", "tides", "Gorm", "Vessa", "--seed", "1", "--bet", BET,
        ])
        .arg("--apply")
        .args(more)
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

#[test]
fn the_command_writes_when_nothing_is_wrong() {
    // The control: the same command with a good picture writes the purses, the ledger
    // and the history, so a snapshot left as it was below means nothing was written.
    let (_dir, ex) = common::examples_copy();
    let before = snapshot(&ex);
    apply(&ex, &["--image", "good.png"]).ok();
    let after = snapshot(&ex);
    for file in [
        "characters/pip.toml",
        "characters/dobbin.toml",
        "ledger.txt",
        "history.jsonl",
        "good.png",
    ] {
        assert_ne!(
            before.get(Path::new(file)),
            after.get(Path::new(file)),
            "{file}"
        );
    }
}

#[test]
fn a_picture_that_cannot_be_written_stops_the_run_before_anything_is_written() {
    let (_dir, ex) = common::examples_copy();
    mkfifo(&ex.join("pipe.png"));
    std::fs::create_dir(ex.join("folder.png")).unwrap();
    std::os::unix::fs::symlink("pipe.png", ex.join("to-pipe.png")).unwrap();
    std::os::unix::fs::symlink("/nowhere/at/all.png", ex.join("dangling.png")).unwrap();
    let before = snapshot(&ex);
    for (image, says) in [
        ("pipe.png", "it is a FIFO"),
        ("folder.png", "it is a folder"),
        ("to-pipe.png", "it is a FIFO"),
        ("no-such-folder/x.png", "there is no folder no-such-folder"),
        ("dangling.png", "there is no folder /nowhere/at"),
        ("x.png/", "ends in a slash"),
    ] {
        let out = apply(&ex, &["--image", image]).run();
        assert_eq!(out.code, 2, "{image}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{image}: {}", out.stderr);
        assert!(
            out.stderr.contains(&format!("--image {image}")),
            "{}",
            out.stderr
        );
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert_eq!(snapshot(&ex), before, "{image}");
    }
}

#[test]
fn a_game_the_match_did_not_play_stops_the_run_before_anything_is_written() {
    let (_dir, ex) = common::examples_copy();
    let before = snapshot(&ex);
    // Seed 1 is a best of three in three games (its history, with --apply, says so).
    let out = apply(&ex, &["--image", "four.png", "--game", "4"]).run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("no game 4"), "{}", out.stderr);
    assert_eq!(snapshot(&ex), before);
    // A still picture of every game is refused before anything is played.
    let out = apply(&ex, &["--image", "all.png", "--game", "all"]).run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("needs a .gif"), "{}", out.stderr);
    assert_eq!(snapshot(&ex), before);
    // The same match applied: three games, so there was no fourth to draw.
    apply(&ex, &["--image", "three.png", "--game", "3"]).ok();
    let history = std::fs::read_to_string(ex.join("history.jsonl")).unwrap();
    let record: serde_json::Value = serde_json::from_str(history.lines().last().unwrap()).unwrap();
    assert_eq!(record["games"].as_array().unwrap().len(), 3);
}

#[test]
fn a_sitting_with_a_game_it_did_not_play_writes_nothing() {
    let (_dir, ex) = common::examples_copy();
    let before = snapshot(&ex);
    // Best of one with no drawn game replayed: one game at most, so never a second.
    let out = Taproom::new()
        .current_dir(&ex)
        .args(["sit", "tides", "Brannoc", "--as", "Ysolde", "--seed", "7"])
        .args(["--best-of", "1", "--draw-cap", "0", "--apply"])
        .args(["--image", "two.png", "--game", "2"])
        .stdin(&"1\n".repeat(200))
        .run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("no game 2"), "{}", out.stderr);
    assert_eq!(snapshot(&ex), before);
}

#[test]
fn a_picture_that_fails_after_the_write_says_the_files_were_written_and_exits_3() {
    let (_dir, ex) = common::examples_copy();
    let before = snapshot(&ex);
    let out = apply(&ex, &["--image", "full.png"])
        .env("TAPROOM_TEST_PICTURE_FULL", "1")
        .run();
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    for says in [
        "--image full.png: cannot write it",
        "the match was applied all the same",
        "ledger.txt",
        "history.jsonl",
        "characters/pip.toml",
    ] {
        assert!(out.stderr.contains(says), "{says}: {}", out.stderr);
    }
    // The telling came first, and the files it names were written.
    assert!(out.stdout.contains("Written: ledger.txt"), "{}", out.stdout);
    let after = snapshot(&ex);
    assert_ne!(
        before.get(Path::new("ledger.txt")),
        after.get(Path::new("ledger.txt"))
    );
    assert!(!ex.join("full.png").exists());
}
