//! `--apply` keeps the GM's money files whole: killed at any point of the write, failing
//! at any point, or run three at once on one roster, every file ends all old or all new,
//! the ledger holds each settlement once, and no money appears or vanishes.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::Taproom;
use taproom::wager::Money;

/// A small evening in a folder of its own: four characters with files, a tavern whose
/// bookie prices quickly, two matches of wagers. `seed` changes every match.
fn evening(dir: &Path, seed: u64) -> PathBuf {
    let npcs = dir.join("npcs");
    if !npcs.exists() {
        std::fs::create_dir(&npcs).unwrap();
        for n in ["pip", "tamsin", "brannoc", "mirela"] {
            std::fs::copy(
                format!("data/characters/{n}.toml"),
                npcs.join(format!("{n}.toml")),
            )
            .unwrap();
        }
        std::fs::write(
            dir.join("inn.toml"),
            "tavern = \"The Test Inn\"\nmargin = 5\ntake = 20\ncredit = \"1 gp\"\nsims = 20\n",
        )
        .unwrap();
    }
    let file = dir.join(format!("night{seed}.toml"));
    std::fs::write(
        &file,
        format!(
            r#"evening = "A test night"
tavern = "inn.toml"
roster = "npcs"
seed = {seed}

[[match]]
game = "tides"
players = ["Brannoc", "Mirela"]
best_of = 1
ante = "1 gp"
bets = [
  "Pip 3 sp on Brannoc in the pool",
  "Tamsin 2 sp on Mirela in the pool",
  "Tamsin 1 gp on first-turn Brannoc against Pip",
]

[[match]]
game = "kiust"
players = ["Pip", "Tamsin"]
best_of = 1
bets = ["Brannoc 2 sp on Pip at evens", "Mirela 1 sp on Tamsin in the pool"]
"#
        ),
    )
    .unwrap();
    file
}

/// Every file of the folder and below (the lock file aside), with its contents.
fn snapshot(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if e.file_name() != ".taproom.lock" {
                let rel = p.strip_prefix(dir).unwrap().to_owned();
                out.push((rel, std::fs::read_to_string(&p).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}

/// Runs taproom with `args` in `dir`, an environment variable set; the exit status.
fn run_with(dir: &Path, args: &[&str], env: Option<(&str, &str)>) -> std::process::ExitStatus {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("taproom"));
    cmd.env("TAPROOM_NOW", common::NOW);
    cmd.args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some((k, v)) = env {
        cmd.env(k, v);
    }
    cmd.status().unwrap()
}

fn night(seed: u64) -> Vec<String> {
    ["night", &format!("night{seed}.toml"), "--narrate", "none"]
        .map(str::to_owned)
        .to_vec()
}

/// How many files a run wrote, and in how many folders, from its `Written:` lines.
fn written(stdout: &str, dir: &Path) -> (usize, usize) {
    let files: Vec<PathBuf> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("Written: "))
        .map(|f| dir.join(f))
        .collect();
    let folders: std::collections::BTreeSet<PathBuf> = files
        .iter()
        .map(|f| std::fs::canonicalize(f.parent().unwrap()).unwrap())
        .collect();
    (files.len(), folders.len())
}

/// The steps of a commit of `n` files in `m` folders, and the first of them a kill
/// before which leaves the write finished rather than undone (see `taproom::store::Stop`).
fn steps(n: usize, m: usize) -> (usize, usize) {
    (2 + 3 * m + n, 2 + m)
}

/// Every file but taproom's own staged and kept ones.
fn plain(snapshot: Vec<(PathBuf, String)>) -> Vec<(PathBuf, String)> {
    snapshot
        .into_iter()
        .filter(|(p, _)| !p.to_string_lossy().contains(".taproom-"))
        .collect()
}

/// Checks the purses of `dir/npcs` against the ledger: each character the ledger names
/// has the purse its last entry left them, the others the purse they started with, and
/// what the purses gained the house lost.
fn purses_match_the_ledger(dir: &Path, start: &[(String, i128)], what: &str) {
    let now = balances(dir);
    let ledger = std::fs::read_to_string(dir.join("ledger.txt")).unwrap_or_default();
    let mut last: std::collections::BTreeMap<String, i128> = std::collections::BTreeMap::new();
    for line in ledger.lines() {
        if let Some((name, change)) = line.strip_prefix("- ").and_then(|l| l.split_once(": "))
            && let Some((_, after)) = change.split_once(" -> ")
        {
            last.insert(name.to_owned(), common::ledger_purse(after));
        }
    }
    for (name, purse) in &now {
        let want = last
            .get(name)
            .copied()
            .unwrap_or_else(|| start.iter().find(|(n, _)| n == name).map_or(0, |(_, p)| *p));
        assert_eq!(*purse, want, "{what}: {name}'s purse against the ledger");
    }
    let sum = |b: &[(String, i128)]| b.iter().map(|(_, v)| v).sum::<i128>();
    assert_eq!(
        sum(&now) - sum(start) + house_gains(&ledger),
        0,
        "{what}: no money made or lost"
    );
}

#[test]
fn a_write_killed_at_any_point_is_finished_or_undone_whichever_folder_opens_first() {
    let reference = tempfile::tempdir().unwrap();
    evening(reference.path(), 5);
    let old = snapshot(reference.path());
    let start = balances(reference.path());
    let mut args = night(5);
    args.push("--apply".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = Taproom::new()
        .args(&args)
        .current_dir(reference.path())
        .ok();
    let (n, m) = written(&out.stdout, reference.path());
    assert!(
        n >= 3 && m == 2,
        "purses and the ledger, in two folders: {}",
        out.stdout
    );
    let new = snapshot(reference.path());
    assert_ne!(old, new);
    // Commands that open one folder each: the roster's, and the ledger's (the evening's).
    let roster: &[&str] = &["roster", "--roster", "npcs"];
    let top: &[&str] = &[
        "play",
        "tides",
        "Brannoc",
        "Mirela",
        "--roster",
        ".",
        "--best-of",
        "1",
        "--seed",
        "1",
        "--narrate",
        "none",
    ];
    let (all, point) = steps(n, m);
    for k in 0..all {
        for (first, second) in [(roster, top), (top, roster)] {
            let dir = tempfile::tempdir().unwrap();
            evening(dir.path(), 5);
            let stop = format!("crash:{k}");
            let status = run_with(dir.path(), &args, Some(("TAPROOM_TEST_STOP", &stop)));
            assert!(
                status.code().is_none(),
                "step {k}: the run was killed: {status}"
            );
            let what = format!("killed before step {k}, `{}` first", first[0]);
            let want = if k < point { &old } else { &new };
            // The first command, whichever folder it opens, makes the whole write whole.
            Taproom::new().args(first).current_dir(dir.path()).ok();
            assert_eq!(&plain(snapshot(dir.path())), want, "{what}");
            purses_match_the_ledger(dir.path(), &start, &what);
            // The second sweeps what is left in its own folder.
            Taproom::new().args(second).current_dir(dir.path()).ok();
            assert_eq!(&snapshot(dir.path()), want, "{what}: nothing left over");
        }
    }
}

#[test]
fn a_run_writing_in_one_folder_between_the_kill_and_the_other_folder_keeps_all_whole() {
    // The issue's order: killed, then a run from inside the roster folder writing there
    // and in a ledger elsewhere, then a look at the evening.
    let reference = tempfile::tempdir().unwrap();
    evening(reference.path(), 5);
    let mut args = night(5);
    args.push("--apply".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = Taproom::new()
        .args(&args)
        .current_dir(reference.path())
        .ok();
    let (n, m) = written(&out.stdout, reference.path());
    let (all, _) = steps(n, m);
    for k in 0..all {
        let dir = tempfile::tempdir().unwrap();
        evening(dir.path(), 5);
        // Two characters the evening does not touch bet between them at the second run.
        for name in ["Zora Vey", "Yann Roe"] {
            std::fs::write(
                dir.path()
                    .join("npcs")
                    .join(format!("{}.toml", name.to_lowercase().replace(' ', "-"))),
                format!("name = \"{name}\"\nskill = 4\npurse = \"3 gp\"\n"),
            )
            .unwrap();
        }
        let start = balances(dir.path());
        let stop = format!("crash:{k}");
        run_with(dir.path(), &args, Some(("TAPROOM_TEST_STOP", &stop)));
        let other = tempfile::tempdir().unwrap();
        let elsewhere = other.path().join("ledger.txt");
        Taproom::new()
            .args([
                "play",
                "tides",
                "Brannoc",
                "Mirela",
                "--roster",
                ".",
                "--seed",
                "2",
                "--best-of",
                "1",
                "--narrate",
                "none",
                "--tavern",
                "../inn.toml",
                "--bet",
                "Zora 1 sp on Brannoc against Yann",
                "--apply",
                "--ledger",
                elsewhere.to_str().unwrap(),
            ])
            .current_dir(&dir.path().join("npcs"))
            .ok();
        Taproom::new()
            .args(["check", "night5.toml"])
            .current_dir(dir.path())
            .ok();
        let what = format!("killed before step {k}");
        assert!(
            snapshot(dir.path())
                .iter()
                .all(|(p, _)| !p.to_string_lossy().contains(".taproom-")),
            "{what}: nothing left over"
        );
        // Both ledgers together account for every purse.
        let both = format!(
            "{}{}",
            std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap_or_default(),
            std::fs::read_to_string(&elsewhere).unwrap()
        );
        std::fs::write(dir.path().join("ledger.txt"), both).unwrap();
        purses_match_the_ledger(dir.path(), &start, &what);
    }
}

#[test]
fn every_command_that_reads_the_roster_folder_makes_a_killed_write_whole_and_says_so() {
    // Killed with both journals prepared (undone), and with the evening's committed
    // (finished); then one command that opens only the roster folder, in its own way.
    let reference = tempfile::tempdir().unwrap();
    evening(reference.path(), 5);
    let old = snapshot(reference.path());
    let start = balances(reference.path());
    let mut args = night(5);
    args.push("--apply".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = Taproom::new()
        .args(&args)
        .current_dir(reference.path())
        .ok();
    let new = snapshot(reference.path());
    let (n, m) = written(&out.stdout, reference.path());
    let (_, point) = steps(n, m);
    let commands: [(&[&str], &str); 5] = [
        // (An empty purse, so that the money counted stays the same.)
        (
            &[
                "new",
                "character",
                "Zed Quill",
                "--purse",
                "0 cp",
                "--roster",
                "npcs",
            ],
            "",
        ),
        (
            &["play", "tides", "npcs/pip.toml", "Mirela", "--best-of", "1"],
            "",
        ),
        (
            &["odds", "tides", "npcs/pip.toml", "Mirela", "--sims", "10"],
            "",
        ),
        (
            &[
                "ladder",
                "tides",
                "npcs/pip.toml",
                "npcs/tamsin.toml",
                "--games",
                "2",
            ],
            "",
        ),
        (
            &[
                "sit",
                "tides",
                "Mirela",
                "--as",
                "npcs/pip.toml",
                "--best-of",
                "1",
            ],
            "resign\n",
        ),
    ];
    for k in [point - 1, point] {
        for (command, stdin) in commands {
            let dir = tempfile::tempdir().unwrap();
            evening(dir.path(), 5);
            let stop = format!("crash:{k}");
            let status = run_with(dir.path(), &args, Some(("TAPROOM_TEST_STOP", &stop)));
            assert!(status.code().is_none(), "step {k}: killed: {status}");
            let what = format!("killed before step {k}, then `{}`", command.join(" "));
            let ran = Taproom::new()
                .args(command)
                .stdin(stdin)
                .current_dir(dir.path())
                .ok();
            let said = if k < point {
                "undid a write that an interrupted run had begun"
            } else {
                "finished a write that an interrupted run had left half done"
            };
            assert!(ran.stderr.contains(said), "{what}: {}", ran.stderr);
            let want = if k < point { &old } else { &new };
            let now: Vec<(PathBuf, String)> = snapshot(dir.path())
                .into_iter()
                .filter(|(p, _)| !p.ends_with("zed-quill.toml"))
                .collect();
            assert_eq!(&now, want, "{what}: whole, and nothing left over");
            purses_match_the_ledger(dir.path(), &start, &what);
        }
    }
}

#[test]
fn a_write_failing_at_any_point_leaves_every_file_as_it_was() {
    let reference = tempfile::tempdir().unwrap();
    evening(reference.path(), 6);
    let mut args = night(6);
    args.push("--apply".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = Taproom::new()
        .args(&args)
        .current_dir(reference.path())
        .ok();
    let (n, m) = written(&out.stdout, reference.path());
    // Before the backups, each journal, and each rename.
    for k in 0..1 + 2 * m + n {
        let dir = tempfile::tempdir().unwrap();
        evening(dir.path(), 6);
        let old = snapshot(dir.path());
        let stop = format!("fail:{k}");
        let status = run_with(dir.path(), &args, Some(("TAPROOM_TEST_STOP", &stop)));
        assert_eq!(status.code(), Some(1), "point {k}: a write error");
        assert_eq!(
            snapshot(dir.path()),
            old,
            "point {k}: all old, nothing left over"
        );
    }
}

#[test]
fn a_bet_at_play_killed_mid_write_is_all_or_nothing_too() {
    let args = [
        "play",
        "tides",
        "Brannoc",
        "Mirela",
        "--roster",
        "npcs",
        "--seed",
        "3",
        "--narrate",
        "none",
        "--tavern",
        "inn.toml",
        "--bet",
        "Pip 2 sp on Brannoc at evens",
        "--bet",
        "Tamsin 1 sp on Mirela against Pip",
        "--apply",
    ];
    let reference = tempfile::tempdir().unwrap();
    evening(reference.path(), 1);
    let old = snapshot(reference.path());
    let out = Taproom::new().args(args).current_dir(reference.path()).ok();
    let new = snapshot(reference.path());
    let (n, m) = written(&out.stdout, reference.path());
    let (all, point) = steps(n, m);
    for k in 0..all {
        let dir = tempfile::tempdir().unwrap();
        evening(dir.path(), 1);
        let stop = format!("crash:{k}");
        let status = run_with(dir.path(), &args, Some(("TAPROOM_TEST_STOP", &stop)));
        assert!(status.code().is_none(), "point {k}: killed");
        Taproom::new()
            .args(["play", "tides", "--roster", "npcs", "--narrate", "none"])
            .current_dir(dir.path())
            .ok();
        let clean = plain(snapshot(dir.path()));
        assert!(
            clean == old || clean == new,
            "point {k}: all old or all new"
        );
        assert_eq!(clean == new, k >= point, "point {k}");
    }
}

#[test]
fn an_undo_killed_at_any_point_leaves_the_match_all_applied_or_all_taken_back() {
    let undo = ["undo", "--yes"];
    let mut args = night(5);
    args.push("--apply".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let reference = tempfile::tempdir().unwrap();
    evening(reference.path(), 5);
    let start = balances(reference.path());
    Taproom::new()
        .args(&args)
        .current_dir(reference.path())
        .ok();
    let applied = snapshot(reference.path());
    let out = Taproom::new().args(undo).current_dir(reference.path()).ok();
    let undone = snapshot(reference.path());
    assert_ne!(applied, undone);
    purses_match_the_ledger(reference.path(), &start, "undone");
    // Purses, history and ledger: in two folders.
    let (n, m) = written(&out.stdout, reference.path());
    assert!(n >= 4 && m == 2, "{}", out.stdout);
    let roster: &[&str] = &["roster", "--roster", "npcs"];
    let top: &[&str] = &[
        "play",
        "tides",
        "Brannoc",
        "Mirela",
        "--roster",
        ".",
        "--best-of",
        "1",
        "--seed",
        "1",
        "--narrate",
        "none",
    ];
    let (all, point) = steps(n, m);
    for k in 0..all {
        for (first, second) in [(roster, top), (top, roster)] {
            let dir = tempfile::tempdir().unwrap();
            evening(dir.path(), 5);
            assert!(run_with(dir.path(), &args, None).success());
            let stop = format!("crash:{k}");
            let status = run_with(dir.path(), &undo, Some(("TAPROOM_TEST_STOP", &stop)));
            assert!(
                status.code().is_none(),
                "step {k}: the undo was killed: {status}"
            );
            let what = format!("undo killed before step {k}, `{}` first", first[0]);
            let want = if k < point { &applied } else { &undone };
            Taproom::new().args(first).current_dir(dir.path()).ok();
            assert_eq!(&plain(snapshot(dir.path())), want, "{what}");
            purses_match_the_ledger(dir.path(), &start, &what);
            Taproom::new().args(second).current_dir(dir.path()).ok();
            assert_eq!(&snapshot(dir.path()), want, "{what}: nothing left over");
        }
    }
    // Failing at any point before the renames (a full disk), it leaves the match applied.
    for k in 0..1 + 2 * m + n {
        let dir = tempfile::tempdir().unwrap();
        evening(dir.path(), 5);
        assert!(run_with(dir.path(), &args, None).success());
        let stop = format!("fail:{k}");
        let status = run_with(dir.path(), &undo, Some(("TAPROOM_TEST_STOP", &stop)));
        assert_eq!(status.code(), Some(1), "point {k}: a write error");
        assert_eq!(snapshot(dir.path()), applied, "point {k}: all as applied");
    }
}

/// Each character's purse less debt, in copper, from the files of `dir/npcs`, by name.
fn balances(dir: &Path) -> Vec<(String, i128)> {
    common::balances_of(&dir.join("npcs")).into_iter().collect()
}

/// What the ledger says the house gained, over every entry, in copper.
fn house_gains(ledger: &str) -> i128 {
    ledger
        .lines()
        .filter_map(|l| l.strip_prefix("- the house: "))
        .map(|amount| {
            let (sign, rest) = match amount.chars().next() {
                Some('+') => (1, &amount[1..]),
                Some('−') => (-1, &amount['−'.len_utf8()..]),
                _ => (1, amount),
            };
            sign * rest.parse::<Money>().unwrap().signed()
        })
        .sum()
}

#[test]
fn evenings_applied_at_once_on_one_roster_lose_no_money() {
    for runs in [2u64, 3] {
        let dir = tempfile::tempdir().unwrap();
        for seed in 0..runs {
            evening(dir.path(), 10 + seed);
        }
        let before = balances(dir.path());
        let mut children: Vec<std::process::Child> = (0..runs)
            .map(|seed| {
                Command::new(assert_cmd::cargo::cargo_bin("taproom"))
                    .args(night(10 + seed))
                    .arg("--apply")
                    .current_dir(dir.path())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for c in &mut children {
            assert!(c.wait().unwrap().success());
        }
        let after = balances(dir.path());
        let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap();
        assert_eq!(
            ledger.matches("\n## ").count() + usize::from(ledger.starts_with("## ")),
            2 * runs as usize,
            "every settlement in the ledger once: {ledger}"
        );
        let sum = |b: &[(String, i128)]| b.iter().map(|(_, v)| v).sum::<i128>();
        assert_eq!(
            sum(&after) - sum(&before) + house_gains(&ledger),
            0,
            "{runs} runs: purses and the house's gains balance"
        );
        if runs == 2 {
            // The same purses as the two evenings settled one after the other, in the
            // order the lock let them in.
            let order = |first: u64| {
                let d = tempfile::tempdir().unwrap();
                evening(d.path(), 10);
                evening(d.path(), 11);
                for seed in [first, 21 - first] {
                    let mut a = night(seed);
                    a.push("--apply".to_owned());
                    let a: Vec<&str> = a.iter().map(String::as_str).collect();
                    Taproom::new().args(&a).current_dir(d.path()).ok();
                }
                balances(d.path())
            };
            assert!(after == order(10) || after == order(11), "{after:?}");
        }
    }
}

#[test]
fn a_second_writer_waits_and_gives_up_after_the_time_it_states() {
    let dir = tempfile::tempdir().unwrap();
    evening(dir.path(), 2);
    let lock = std::fs::File::create(dir.path().join("npcs").join(".taproom.lock")).unwrap();
    lock.lock().unwrap();
    let mut args = night(2);
    args.extend(["--apply", "--wait", "1"].map(str::to_owned));
    let out = Taproom::new()
        .args(&args)
        .current_dir(dir.path())
        .fails(&["another taproom run is writing in", "within 1 s"]);
    assert!(
        out.stderr.contains("waiting for another taproom run"),
        "{}",
        out.stderr
    );
    drop(lock);
    Taproom::new().args(&args).current_dir(dir.path()).ok();
}

/// The example campaign's files, copied into a folder of their own.
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let chars = dir.path().join("characters");
    std::fs::create_dir(&chars).unwrap();
    for e in std::fs::read_dir("examples/characters").unwrap().flatten() {
        std::fs::copy(e.path(), chars.join(e.file_name())).unwrap();
    }
    for f in ["tavern.toml", "evening.toml"] {
        std::fs::copy(Path::new("examples").join(f), dir.path().join(f)).unwrap();
    }
    dir
}

#[test]
fn a_ledger_that_names_a_file_the_run_reads_is_refused_and_nothing_written() {
    let dir = campaign();
    let before = snapshot(dir.path());
    let tavern = std::fs::read_to_string(dir.path().join("tavern.toml")).unwrap();
    for (ledger, needle) in [
        ("characters/pip.toml", "is a .toml file"),
        ("evening.toml", "is a .toml file"),
        ("tavern.toml", "is a .toml file"),
    ] {
        std::fs::write(
            dir.path().join("tavern.toml"),
            tavern.replace("ledger = \"ledger.txt\"", &format!("ledger = \"{ledger}\"")),
        )
        .unwrap();
        Taproom::new()
            .args(["night", "evening.toml", "--apply", "--narrate", "none"])
            .current_dir(dir.path())
            .fails(&[needle]);
    }
    std::fs::write(dir.path().join("tavern.toml"), &tavern).unwrap();
    // A plain-text name of a file the run reads: the roster's phrasebook, say.
    std::fs::write(
        dir.path().join("characters").join("notes.txt"),
        "my notes\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("tavern.toml", dir.path().join("tavern-link.txt")).unwrap();
    Taproom::new()
        .args([
            "night",
            "evening.toml",
            "--apply",
            "--ledger",
            "tavern-link.txt",
        ])
        .current_dir(dir.path())
        .fails(&["is the tavern file, which this run reads"]);
    std::fs::remove_file(dir.path().join("tavern-link.txt")).unwrap();
    std::fs::remove_file(dir.path().join("characters").join("notes.txt")).unwrap();
    assert_eq!(snapshot(dir.path()), before, "nothing written");
}

#[test]
fn a_name_is_never_a_path_nor_holds_a_control_character() {
    let dir = campaign();
    let victims = dir.path().join("victims");
    std::fs::create_dir(&victims).unwrap();
    std::fs::write(
        victims.join("victim.toml"),
        "name = \"Victim\"\nskill = 1\npurse = \"9 gp\"\n",
    )
    .unwrap();
    let before = snapshot(dir.path());
    let pip = dir.path().join("characters").join("pip.toml");
    let text = std::fs::read_to_string(&pip).unwrap();
    let cases = [
        ("../victims/victim.toml", "a name is a name, never a path"),
        ("Pip\\nPaid the house 100 gp", "control character"),
        ("Pip\\u001b[2J", "control character"),
        (
            "Pip the Extremely Long-Named Halfling of the Seven Hills and Valleys",
            "at most 60",
        ),
    ];
    for (name, needle) in cases {
        std::fs::write(
            &pip,
            text.replace("name = \"Pip Underbough\"", &format!("name = \"{name}\"")),
        )
        .unwrap();
        Taproom::new()
            .args(["night", "evening.toml", "--apply"])
            .current_dir(dir.path())
            .fails(&["pip.toml:", "field `name`", needle]);
        Taproom::new()
            .args(["check", "characters/pip.toml"])
            .current_dir(dir.path())
            .fails(&[needle]);
    }
    std::fs::write(&pip, &text).unwrap();
    assert_eq!(snapshot(dir.path()), before, "nothing written");
}

#[test]
fn stakes_that_could_overflow_are_refused_before_play() {
    let dir = campaign();
    let before = snapshot(dir.path());
    for (bet, needle) in [
        (
            "Pip 20000000000000000 gp on Gorm against Vessa",
            "more than the largest taproom takes, 1000000000 gp",
        ),
        (
            "Pip 18446744073709551615 cp on Gorm in the pool",
            "more than the largest taproom takes",
        ),
        (
            "Pip 999999999 gp on Gorm at 10000 to 1",
            "past the most taproom keeps",
        ),
    ] {
        let out = Taproom::new()
            .args([
                "play",
                "tides",
                "Gorm",
                "Vessa",
                "--roster",
                "characters",
                "--tavern",
                "tavern.toml",
                "--bet",
                bet,
                "--apply",
            ])
            .current_dir(dir.path())
            .run();
        assert_eq!(out.code, 2, "{bet}: {}", out.stderr);
        assert!(
            out.stderr.contains(needle) || out.stderr.contains("does not cover"),
            "{bet}: {}",
            out.stderr
        );
        assert!(out.stdout.is_empty(), "refused before play: {}", out.stdout);
    }
    // A purse near the most taproom keeps cannot take a bet that could pass it.
    let pip = dir.path().join("characters").join("pip.toml");
    let text = std::fs::read_to_string(&pip).unwrap();
    std::fs::write(
        &pip,
        text.replace("purse = \"3 sp 8 cp\"", "purse = \"9999999999999 gp\""),
    )
    .unwrap();
    Taproom::new()
        .args([
            "play",
            "tides",
            "Gorm",
            "Vessa",
            "--roster",
            "characters",
            "--bet",
            "Pip 1000 gp on Gorm at 100 to 1",
        ])
        .current_dir(dir.path())
        .fails(&["past the most taproom keeps"]);
    std::fs::write(&pip, &text).unwrap();
    assert_eq!(snapshot(dir.path()), before, "nothing written");
}

#[test]
fn symlinks_modes_and_a_new_ledger_are_written_as_the_gm_meant() {
    use std::os::unix::fs::PermissionsExt;
    let dir = campaign();
    // Pip's file lives in a shared folder, linked into the roster; the ledger is a link.
    let shared = dir.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    let roster_pip = dir.path().join("characters").join("pip.toml");
    std::fs::rename(&roster_pip, shared.join("pip.toml")).unwrap();
    std::os::unix::fs::symlink("../shared/pip.toml", &roster_pip).unwrap();
    std::fs::write(shared.join("ledger.txt"), "# Ledger\n\n").unwrap();
    std::os::unix::fs::symlink("shared/ledger.txt", dir.path().join("ledger.txt")).unwrap();
    let vessa = dir.path().join("characters").join("vessa.toml");
    std::fs::set_permissions(&vessa, std::fs::Permissions::from_mode(0o640)).unwrap();
    let pip_before = std::fs::read_to_string(shared.join("pip.toml")).unwrap();
    Taproom::new()
        .args(["night", "evening.toml", "--apply", "--narrate", "none"])
        .current_dir(dir.path())
        .ok();
    let is_link = |p: &Path| {
        std::fs::symlink_metadata(p)
            .unwrap()
            .file_type()
            .is_symlink()
    };
    assert!(is_link(&roster_pip) && is_link(&dir.path().join("ledger.txt")));
    assert_ne!(
        std::fs::read_to_string(shared.join("pip.toml")).unwrap(),
        pip_before
    );
    assert!(
        std::fs::read_to_string(shared.join("ledger.txt"))
            .unwrap()
            .contains("## ")
    );
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&vessa), 0o640, "the file keeps its mode");
    // A new ledger gets the mode any new file gets here.
    let dir2 = campaign();
    let probe = dir2.path().join("probe.txt");
    std::fs::File::create(&probe).unwrap();
    Taproom::new()
        .args(["night", "evening.toml", "--apply", "--narrate", "none"])
        .current_dir(dir2.path())
        .ok();
    assert_eq!(mode(&dir2.path().join("ledger.txt")), mode(&probe));
}

#[test]
fn every_flag_is_bounded() {
    for (args, needle) in [
        (
            &["play", "tides", "--draw-cap", "4294967295"][..],
            "0 to 99",
        ),
        (
            &["play", "tides", "--rule", "truce_after=0"][..],
            "truce_after is from 1 to 1000",
        ),
        (
            &["play", "pic", "--rule", "move_cap=4000000000"][..],
            "move_cap is from 1 to 10000",
        ),
        (
            &["play", "dogfight", "--rule", "turn_cap=0"][..],
            "turn_cap is from 1 to 3000",
        ),
        (&["play", "tides", "--best-of", "1000"][..], "1 to 99 games"),
        (
            &["engine", "perft", "tides-of-war", "--depth", "12"][..],
            "8 at most",
        ),
        (
            &["engine", "perft", "dogfight", "--depth", "7"][..],
            "6 at most",
        ),
        (
            &["odds", "dogfight", "Brannoc", "Mirela", "--sims", "1000001"][..],
            "10 to 100000",
        ),
        (&["ladder", "tides", "--games", "100000"][..], "1 to 10000"),
        (
            &["ladder", "tides", "--levels", "1-10", "--games", "500"][..],
            "from 1 to 5000, not 22500",
        ),
        (
            &[
                "night",
                "examples/evening.toml",
                "--apply",
                "--wait",
                "99999",
            ][..],
            "0..=3600",
        ),
    ] {
        let started = std::time::Instant::now();
        Taproom::new().args(args).fails(&[needle]);
        assert!(started.elapsed().as_secs() < 10, "{args:?} refused at once");
    }
}

#[test]
fn a_character_file_with_crlf_line_endings_keeps_them_when_its_purse_is_written() {
    let dir = campaign();
    let chars = dir.path().join("characters");
    let mut before = Vec::new();
    for e in std::fs::read_dir(&chars).unwrap().flatten() {
        let lf = std::fs::read_to_string(e.path()).unwrap();
        assert!(!lf.contains('\r'));
        std::fs::write(e.path(), lf.replace('\n', "\r\n")).unwrap();
        before.push((e.path(), lf));
    }
    Taproom::new()
        .args(["night", "evening.toml", "--apply", "--narrate", "none"])
        .current_dir(dir.path())
        .ok();
    let mut written = 0;
    for (file, lf) in before {
        let after = std::fs::read_to_string(&file).unwrap();
        // Every line still ends in CRLF.
        let ends = after.matches('\n').count();
        assert_eq!(
            ends,
            after.matches("\r\n").count(),
            "{}: {after:?}",
            file.display()
        );
        if after.replace("\r\n", "\n") != lf {
            written += 1;
            // Only the purse (and a debt) changed.
            let changed = lf
                .lines()
                .zip(after.replace("\r\n", "\n").lines())
                .filter(|(a, b)| a != b)
                .count();
            assert!(changed <= 2, "{}: {after:?}", file.display());
        }
    }
    assert!(written > 0, "the evening wrote some purse");
}
