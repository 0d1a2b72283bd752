//! Output that cannot be written never panics: every command, its output into a pipe
//! whose reader has gone, ends quietly as other Unix tools do (by the signal of a closed
//! pipe, saying nothing); into a full device, with one line saying so and exit code 1;
//! and with standard error full, exactly as it would with standard error to spare.

use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};

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

/// Every command, as a GM would run it (with what it reads on standard input).
fn commands() -> Vec<(Vec<&'static str>, &'static str)> {
    let mut out: Vec<(Vec<&str>, &str)> = vec![
        (vec!["play", "tides", "--seed", "1"], ""),
        (
            vec![
                "play",
                "kiust",
                "Gorm",
                "Vessa",
                "--roster",
                "characters",
                "--bet",
                "Dobbin 1 sp on Gorm against Vessa",
                "--seed",
                "1",
                "--best-of",
                "1",
            ],
            "",
        ),
        (
            vec![
                "sit",
                "tides",
                "Brannoc",
                "--as",
                "Aria",
                "--seed",
                "1",
                "--best-of",
                "1",
            ],
            "1\n1\n",
        ),
        (
            vec![
                "replay",
                "pic",
                "Pip",
                "Tamsin",
                "--seed",
                "1",
                "--best-of",
                "1",
            ],
            "",
        ),
        (vec!["engine", "perft", "tides", "--depth", "2"], ""),
        (vec!["engine", "moves", "oicustiytac"], ""),
        (vec!["engine", "apply", "kiust", "3"], ""),
        (
            vec!["odds", "tides", "Brannoc", "Mirela", "--sims", "50"],
            "",
        ),
        (vec!["night", "evening.toml", "--narrate", "none"], ""),
        (vec!["check", "evening.toml", "characters/gorm.toml"], ""),
        (
            vec!["ladder", "tides", "--levels", "1,2", "--games", "2"],
            "",
        ),
        (vec!["roster", "--roster", "characters"], ""),
        (vec!["rules", "oicustiytac"], ""),
        (vec!["man"], ""),
        (vec!["--help"], ""),
        (vec!["--version"], ""),
        (vec!["play", "--help"], ""),
        (
            vec!["new", "character", "Zed Quill", "--roster", "fresh"],
            "",
        ),
    ];
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        out.push((vec!["completions", shell], ""));
    }
    out
}

/// Runs taproom in `dir` with `stdin` fed, standard output and error as given.
fn run(
    dir: &Path,
    args: &[&str],
    stdin: &str,
    stdout: Stdio,
    stderr: Stdio,
    env: Option<(&str, &str)>,
) -> ExitStatus {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("taproom"));
    cmd.args(args)
        .current_dir(dir)
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr);
    if let Some((k, v)) = env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        // The reader may have gone already (a closed output ends it early).
        let _ = input.write_all(stdin.as_bytes());
    }
    child.wait().unwrap()
}

/// A pipe whose reading end is already closed: every write to it fails.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Stdio::from(writer)
}

fn full() -> Stdio {
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap(),
    )
}

/// What a run said on standard error, with its status, standard output to `stdout`.
fn with_stderr(dir: &Path, args: &[&str], stdin: &str, stdout: Stdio) -> (ExitStatus, String) {
    let err = tempfile::NamedTempFile::new().unwrap();
    let status = run(
        dir,
        args,
        stdin,
        stdout,
        Stdio::from(err.reopen().unwrap()),
        None,
    );
    (status, std::fs::read_to_string(err.path()).unwrap())
}

#[test]
fn every_command_into_a_closed_pipe_ends_quietly_by_the_signal() {
    for (args, stdin) in commands() {
        let dir = campaign();
        let (status, stderr) = with_stderr(dir.path(), &args, stdin, closed_pipe());
        assert_eq!(
            status.signal(),
            Some(libc_sigpipe()),
            "`taproom {}` into a closed pipe: {status}, stderr: {stderr}",
            args.join(" ")
        );
        assert!(
            stderr.is_empty(),
            "`taproom {}` says nothing: {stderr}",
            args.join(" ")
        );
    }
}

/// SIGPIPE's number (13 on every Unix taproom runs on).
fn libc_sigpipe() -> i32 {
    13
}

#[test]
fn every_command_into_a_full_device_says_so_in_one_line_and_exits_1() {
    for (args, stdin) in commands() {
        let dir = campaign();
        let (status, stderr) = with_stderr(dir.path(), &args, stdin, full());
        assert_eq!(
            status.code(),
            Some(1),
            "`taproom {}` into /dev/full: {stderr}",
            args.join(" ")
        );
        assert_eq!(
            stderr.lines().collect::<Vec<_>>(),
            ["error: cannot write the output: No space left on device (os error 28)"],
            "`taproom {}`",
            args.join(" ")
        );
    }
}

#[test]
fn every_command_with_standard_error_full_ends_as_it_would_otherwise() {
    let mut cases = commands();
    cases.extend([
        (vec!["check", "/nonexistent.toml"], ""),
        (vec!["play", "chess"], ""),
        (vec!["play", "tides", "--best-of", "0"], ""),
        (vec!["sit", "tides", "Brannoc"], ""),
    ]);
    for (args, stdin) in cases {
        let spare = campaign();
        let expected = run(
            spare.path(),
            &args,
            stdin,
            Stdio::null(),
            Stdio::null(),
            None,
        );
        let dir = campaign();
        let status = run(dir.path(), &args, stdin, Stdio::null(), full(), None);
        assert_ne!(
            status.code(),
            Some(101),
            "`taproom {}` panicked",
            args.join(" ")
        );
        assert_eq!(
            status.code(),
            expected.code(),
            "`taproom {}` with standard error full",
            args.join(" ")
        );
        // And with both: the closed pipe still ends it by the signal, or its error by its
        // code.
        let both = run(dir.path(), &args, stdin, closed_pipe(), full(), None);
        assert_ne!(
            both.code(),
            Some(101),
            "`taproom {}` panicked",
            args.join(" ")
        );
    }
    // A write that fails half-way, its error said into a full standard error.
    let dir = campaign();
    let status = run(
        dir.path(),
        &["night", "evening.toml", "--apply", "--narrate", "none"],
        "",
        Stdio::null(),
        full(),
        Some(("TAPROOM_TEST_STOP", "fail:2")),
    );
    assert_eq!(
        status.code(),
        Some(1),
        "a write error, not a panic: {status}"
    );
    assert!(!dir.path().join("ledger.txt").exists(), "nothing written");
}
