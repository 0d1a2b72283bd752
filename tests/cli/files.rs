//! Only regular files are read and replaced, and a file that changed under a run is never
//! written over: a folder, a FIFO, a socket or a device named as a character, tavern,
//! evening, phrasebook or ledger (or swapped in for one while a person sits at the
//! table) gets one line and exit 2, at once, and is left as it was; a character file
//! that became another character's, or lost its purse, stops the write and is named.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The example campaign's files, copied into a folder of their own.
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let chars = dir.path().join("characters");
    std::fs::create_dir(&chars).unwrap();
    for e in std::fs::read_dir("examples/characters").unwrap().flatten() {
        std::fs::copy(e.path(), chars.join(e.file_name())).unwrap();
    }
    for f in ["tavern.toml", "evening.toml", "phrasebook.toml"] {
        std::fs::copy(Path::new("examples").join(f), dir.path().join(f)).unwrap();
    }
    dir
}

/// Every regular file under `dir` (lock files aside) with its contents, and every other
/// entry with what it is.
fn snapshot(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            let kind = std::fs::symlink_metadata(&p).unwrap().file_type();
            let rel = p.strip_prefix(dir).unwrap().to_owned();
            if kind.is_dir() {
                out.push((rel, "a folder".to_owned()));
                stack.push(p);
            } else if e.file_name() == ".taproom.lock" {
            } else if kind.is_file() {
                out.push((rel, std::fs::read_to_string(&p).unwrap_or_default()));
            } else {
                out.push((rel, format!("{kind:?}")));
            }
        }
    }
    out.sort();
    out
}

/// What a run printed and how it ended.
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs taproom in `dir`, failing the test if it takes longer than `limit` (a FIFO it
/// blocked on) and killing it then.
fn run_within(dir: &Path, args: &[&str], stdin: &str, limit: Duration) -> Ran {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("taproom"))
        .args(args)
        .current_dir(dir)
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_owned();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`taproom {}` blocked for {limit:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    feeder.join().unwrap();
    let ran = Ran {
        code: status.code(),
        stdout: reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
    };
    assert!(!ran.stderr.contains("panicked"), "{}", ran.stderr);
    ran
}

/// Makes a FIFO, a character device (`/dev/null`'s numbers), a socket or a folder at
/// `path`; `false` (said) when the system refuses.
fn make(kind: &str, path: &Path) -> bool {
    let made = match kind {
        "fifo" => Command::new("mkfifo").arg(path).status(),
        "device" => Command::new("mknod")
            .arg(path)
            .args(["c", "1", "3"])
            .status(),
        "socket" => {
            return match std::os::unix::net::UnixListener::bind(path) {
                Ok(l) => {
                    // The socket file stays when the listener is gone.
                    drop(l);
                    true
                }
                Err(e) => {
                    eprintln!("skipped: a socket cannot be made here ({e})");
                    false
                }
            };
        }
        "folder" => return std::fs::create_dir(path).is_ok(),
        _ => unreachable!(),
    };
    let ok = made.is_ok_and(|s| s.success());
    if !ok {
        eprintln!("skipped: the system refuses to make a {kind} here (mknod/mkfifo)");
    }
    ok
}

const KINDS: [(&str, &str); 4] = [
    ("fifo", "a FIFO (named pipe)"),
    ("device", "a character device"),
    ("socket", "a socket"),
    ("folder", "a folder"),
];

/// Asserts a run was refused at once, with one line naming the file and what it is.
fn refused(ran: &Ran, file: &str, what: &str, case: &str) {
    assert_eq!(ran.code, Some(2), "{case}: {}", ran.stderr);
    assert_eq!(
        ran.stderr.lines().count(),
        1,
        "{case}: one line: {}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains(file) && ran.stderr.contains(what),
        "{case}: {}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("not a regular file"),
        "{case}: {}",
        ran.stderr
    );
}

#[test]
fn a_special_file_read_as_any_of_the_gms_files_is_refused_at_once() {
    let limit = Duration::from_secs(20);
    for (kind, what) in KINDS {
        // In the roster folder, where `roster`, `check` and `play` read every .toml file.
        let dir = campaign();
        let special = dir.path().join("characters").join("odd.toml");
        if !make(kind, &special) {
            continue;
        }
        let before = snapshot(dir.path());
        for args in [
            &["roster", "--roster", "characters"][..],
            &["check", "characters/odd.toml"][..],
            &["play", "tides", "Gorm", "Vessa", "--roster", "characters"][..],
            &["night", "evening.toml", "--apply"][..],
        ] {
            let ran = run_within(dir.path(), args, "", limit);
            refused(
                &ran,
                "odd.toml",
                what,
                &format!("{kind}: {}", args.join(" ")),
            );
            assert!(ran.stdout.is_empty(), "before any work: {}", ran.stdout);
        }
        assert_eq!(snapshot(dir.path()), before, "{kind}: left as it was");

        // As the evening, the tavern, a phrasebook, a character file named by its path.
        let dir = campaign();
        let special = dir.path().join("odd.toml");
        make(kind, &special);
        let cases: [&[&str]; 5] = [
            &["night", "odd.toml"],
            &["check", "odd.toml"],
            &["play", "tides", "--tavern", "odd.toml"],
            &["play", "tides", "--phrasebook", "odd.toml"],
            &["play", "tides", "odd.toml", "Brannoc"],
        ];
        for args in cases {
            let ran = run_within(dir.path(), args, "", limit);
            refused(
                &ran,
                "odd.toml",
                what,
                &format!("{kind}: {}", args.join(" ")),
            );
        }
        // The roster's own phrasebook.
        let dir = campaign();
        make(kind, &dir.path().join("characters").join("phrasebook.toml"));
        let ran = run_within(
            dir.path(),
            &["play", "tides", "--roster", "characters"],
            "",
            limit,
        );
        refused(
            &ran,
            "phrasebook.toml",
            what,
            &format!("{kind}: roster phrasebook"),
        );
    }
}

#[test]
fn a_special_file_as_the_ledger_is_refused_before_any_work_and_never_replaced() {
    let limit = Duration::from_secs(20);
    for (kind, what) in KINDS {
        let dir = campaign();
        let ledger = dir.path().join("odd.txt");
        if !make(kind, &ledger) {
            continue;
        }
        let before = snapshot(dir.path());
        for args in [
            &["night", "evening.toml", "--apply", "--ledger", "odd.txt"][..],
            &[
                "play",
                "tides",
                "Gorm",
                "Vessa",
                "--roster",
                "characters",
                "--bet",
                "Dobbin 1 sp on Gorm against Vessa",
                "--apply",
                "--ledger",
                "odd.txt",
            ][..],
        ] {
            let ran = run_within(dir.path(), args, "", limit);
            refused(&ran, "odd.txt", what, &format!("{kind}: {}", args[0]));
            assert!(ran.stdout.is_empty(), "before any work: {}", ran.stdout);
        }
        assert_eq!(snapshot(dir.path()), before, "{kind}: nothing written");
    }
    // A symlink to a device is the device: /dev/null itself is never replaced.
    let dir = campaign();
    std::os::unix::fs::symlink("/dev/null", dir.path().join("null.txt")).unwrap();
    let ran = run_within(
        dir.path(),
        &["night", "evening.toml", "--apply", "--ledger", "null.txt"],
        "",
        limit,
    );
    refused(
        &ran,
        "null.txt",
        "a character device",
        "a link to /dev/null",
    );
    let ran = run_within(
        dir.path(),
        &["night", "evening.toml", "--apply", "--ledger", "/dev/null"],
        "",
        limit,
    );
    refused(&ran, "/dev/null", "a character device", "/dev/null");
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

/// A `sit --apply` in a copy of the campaign: Dobbin plays Gorm, with a stake between
/// Dobbin and Vessa that moves both purses. `change` is done to the campaign once the
/// first prompt is on the screen; then Dobbin resigns.
fn sit_and_change(change: &dyn Fn(&Path)) -> (tempfile::TempDir, Ran, Vec<(PathBuf, String)>) {
    let dir = campaign();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("taproom"))
        .args([
            "sit",
            "tides",
            "Gorm",
            "--as",
            "Dobbin",
            "--roster",
            "characters",
            "--seed",
            "3",
            "--best-of",
            "1",
            "--narrate",
            "none",
            "--bet",
            "Vessa 1 sp on Gorm against Dobbin",
            "--apply",
        ])
        .current_dir(dir.path())
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A sitting that never asks would hold the test for ever: it is killed after a while.
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watchdog = {
        let done = done.clone();
        let pid = child.id().to_string();
        std::thread::spawn(move || {
            for _ in 0..1200 {
                if done.load(std::sync::atomic::Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            let _ = Command::new("kill").args(["-9", &pid]).status();
        })
    };
    let mut out = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("Dobbin Ashcroft> ") {
        let n = out.read(&mut buf).unwrap();
        assert!(n > 0, "the sitting ended before the first prompt");
        seen.extend_from_slice(&buf[..n]);
    }
    change(dir.path());
    let changed = snapshot(dir.path());
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"resign\n").unwrap();
    drop(input);
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    watchdog.join().unwrap();
    let ran = Ran {
        code: status.code(),
        stdout: format!("{}{rest}", String::from_utf8_lossy(&seen)),
        stderr,
    };
    assert!(!ran.stderr.contains("panicked"), "{}", ran.stderr);
    (dir, ran, changed)
}

#[test]
fn the_sitting_settles_and_writes_when_nothing_changed_under_it() {
    let (dir, ran, before) = sit_and_change(&|_| {});
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let after = snapshot(dir.path());
    assert_ne!(after, before, "purses and the ledger written");
    assert!(dir.path().join("ledger.txt").exists());
}

/// A change made to the campaign while a person sits.
type Change = Box<dyn Fn(&Path)>;

#[test]
fn a_character_file_changed_while_a_person_sits_is_named_and_nothing_is_written() {
    let vessa = |d: &Path| d.join("characters").join("vessa.toml");
    let cases: Vec<(&str, Change, &str)> = vec![
        (
            "another character's file",
            Box::new(move |d: &Path| {
                std::fs::copy(d.join("characters").join("gorm.toml"), vessa(d)).unwrap();
            }),
            "it is Gorm the Ferryman's character file now, not Vessa Nine-Rings'",
        ),
        (
            "emptied",
            Box::new(move |d: &Path| std::fs::write(vessa(d), "").unwrap()),
            "it no longer reads as Vessa Nine-Rings' character file",
        ),
        (
            "a purse edited by hand",
            Box::new(move |d: &Path| {
                let text = std::fs::read_to_string(vessa(d)).unwrap();
                let edited: String = text
                    .lines()
                    .map(|l| {
                        if l.starts_with("purse") {
                            "purse = \"1 gp\"".to_owned()
                        } else {
                            l.to_owned()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("\n");
                std::fs::write(vessa(d), edited).unwrap();
            }),
            "purse or debt in it is not what was read",
        ),
        (
            "a symlink to a device",
            Box::new(move |d: &Path| {
                std::fs::remove_file(vessa(d)).unwrap();
                std::os::unix::fs::symlink("/dev/null", vessa(d)).unwrap();
            }),
            "it is a character device, not a regular file",
        ),
        (
            "a FIFO",
            Box::new(move |d: &Path| {
                std::fs::remove_file(vessa(d)).unwrap();
                make("fifo", &vessa(d));
            }),
            "it is a FIFO (named pipe), not a regular file",
        ),
    ];
    for (case, change, needle) in cases {
        let (dir, ran, changed) = sit_and_change(&*change);
        assert_eq!(ran.code, Some(2), "{case}: {}", ran.stderr);
        assert_eq!(ran.stderr.lines().count(), 1, "{case}: {}", ran.stderr);
        assert!(
            ran.stderr.contains("vessa.toml") && ran.stderr.contains(needle),
            "{case}: {}",
            ran.stderr
        );
        // Nothing written: every file as the change left it, no ledger, no litter.
        assert_eq!(snapshot(dir.path()), changed, "{case}: nothing written");
        assert!(!dir.path().join("ledger.txt").exists(), "{case}");
    }
}

#[test]
fn a_manual_page_whose_name_is_taken_by_a_special_file_is_refused_and_nothing_written() {
    let limit = Duration::from_secs(20);
    for (kind, what) in KINDS {
        let dir = tempfile::tempdir().unwrap();
        let man = dir.path().join("man");
        std::fs::create_dir(&man).unwrap();
        if !make(kind, &man.join("taproom-play.1")) {
            continue;
        }
        let before = snapshot(dir.path());
        let ran = run_within(dir.path(), &["man", "--out", "man"], "", limit);
        refused(&ran, "taproom-play.1", what, &format!("{kind}: man --out"));
        assert!(ran.stdout.is_empty(), "{kind}: {}", ran.stdout);
        assert_eq!(snapshot(dir.path()), before, "{kind}: no page written");
    }
    // A symlink to a device is the device; a symlink to a regular file has its target
    // replaced, and stays a link.
    let dir = tempfile::tempdir().unwrap();
    let man = dir.path().join("man");
    std::fs::create_dir(&man).unwrap();
    std::os::unix::fs::symlink("/dev/null", man.join("taproom.1")).unwrap();
    let ran = run_within(dir.path(), &["man", "--out", "man"], "", limit);
    refused(
        &ran,
        "taproom.1",
        "a character device",
        "man --out, a link to /dev/null",
    );
    std::fs::remove_file(man.join("taproom.1")).unwrap();
    std::fs::write(dir.path().join("kept.1"), "old").unwrap();
    std::os::unix::fs::symlink(dir.path().join("kept.1"), man.join("taproom.1")).unwrap();
    let ran = run_within(dir.path(), &["man", "--out", "man"], "", limit);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(
        std::fs::symlink_metadata(man.join("taproom.1"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let page = std::fs::read_to_string(dir.path().join("kept.1")).unwrap();
    assert!(page.contains(".TH taproom 1"), "{page}");
    assert!(
        snapshot(dir.path())
            .iter()
            .all(|(p, _)| !p.to_string_lossy().contains(".taproom-")),
        "nothing left over"
    );
}
