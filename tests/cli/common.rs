//! A small builder for running the `taproom` binary in tests.

#![allow(dead_code)]

use std::path::Path;

use assert_cmd::Command;

/// The time every test run of taproom believes it is, unless the test says otherwise.
pub const NOW: &str = "2026-12-03T20:00:00+00:00";

/// What a run printed and how it ended.
pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// One run of `taproom` with arguments.
pub struct Taproom {
    args: Vec<String>,
    dir: Option<std::path::PathBuf>,
    env: Vec<(String, String)>,
    stdin: Option<String>,
    timeout: Option<std::time::Duration>,
}

impl Taproom {
    pub fn new() -> Taproom {
        Taproom {
            args: Vec::new(),
            dir: None,
            env: Vec::new(),
            stdin: None,
            timeout: None,
        }
    }

    /// Kills the run after `limit` (its exit code is then -1).
    pub fn timeout(mut self, limit: std::time::Duration) -> Taproom {
        self.timeout = Some(limit);
        self
    }

    /// What the run reads on standard input (by default, nothing).
    pub fn stdin(mut self, text: &str) -> Taproom {
        self.stdin = Some(text.to_owned());
        self
    }

    pub fn args<I: IntoIterator<Item = S>, S: AsRef<str>>(mut self, args: I) -> Taproom {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }

    pub fn arg(mut self, arg: &str) -> Taproom {
        self.args.push(arg.to_owned());
        self
    }

    pub fn current_dir(mut self, dir: &Path) -> Taproom {
        self.dir = Some(dir.to_owned());
        self
    }

    pub fn env(mut self, key: &str, value: &str) -> Taproom {
        self.env.push((key.to_owned(), value.to_owned()));
        self
    }

    pub fn run(self) -> Output {
        let mut cmd = Command::cargo_bin("taproom").expect("the binary is built");
        cmd.args(&self.args);
        // The page is 80 columns unless a test says otherwise, whatever the terminal is.
        cmd.env_remove("COLUMNS");
        // The history's clock (a test build reads it): the same time on every run, so that
        // what --apply writes is the same for the same match.
        cmd.env("TAPROOM_NOW", NOW);
        // No campaign file but the one a test names or makes.
        cmd.env_remove("TAPROOM_CAMPAIGN");
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        if let Some(dir) = &self.dir {
            cmd.current_dir(dir);
        }
        cmd.write_stdin(self.stdin.clone().unwrap_or_default());
        if let Some(limit) = self.timeout {
            cmd.timeout(limit);
        }
        let out = cmd.output().expect("taproom runs");
        let result = Output {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        assert!(
            !result.stderr.contains("panicked"),
            "taproom panicked: {}",
            result.stderr
        );
        result
    }

    /// Runs and expects success.
    pub fn ok(self) -> Output {
        let args = self.args.join(" ");
        let out = self.run();
        assert_eq!(out.code, 0, "`taproom {args}` failed: {}", out.stderr);
        out
    }

    /// Runs and expects exit code 2 with one error line mentioning every `needle`.
    pub fn fails(self, needles: &[&str]) -> Output {
        let args = self.args.join(" ");
        let out = self.run();
        assert_eq!(
            out.code, 2,
            "`taproom {args}` should exit 2; stdout: {} stderr: {}",
            out.stdout, out.stderr
        );
        for needle in needles {
            assert!(
                out.stderr.contains(needle),
                "`taproom {args}`: stderr lacks {needle:?}: {}",
                out.stderr
            );
        }
        out
    }
}

/// The bookie's price, as `odds GAME ... --format json` states it, on `outcome` in the
/// market labelled `label`.
pub fn board_price(args: &[&str], label: &str, outcome: &str) -> String {
    let mut all = vec!["odds"];
    all.extend(args);
    all.extend(["--format", "json"]);
    let json: serde_json::Value =
        serde_json::from_str(&Taproom::new().args(&all).ok().stdout).unwrap();
    json["markets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["label"] == label)
        .and_then(|m| {
            m["outcomes"]
                .as_array()
                .unwrap()
                .iter()
                .find(|o| o["outcome"] == outcome)
        })
        .and_then(|o| o["tavern_odds"].as_str())
        .unwrap_or_else(|| panic!("no price on {outcome} in {label}: {json}"))
        .to_owned()
}

/// Each character's purse less debt, in copper, from the character files of `folder`.
pub fn balances_of(folder: &Path) -> std::collections::BTreeMap<String, i128> {
    use taproom::wager::Money;
    let mut out = std::collections::BTreeMap::new();
    for e in std::fs::read_dir(folder).unwrap().flatten() {
        if e.path().extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(e.path()).unwrap();
        let doc: toml::Table = text.parse().unwrap();
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
    out
}

/// A purse as the ledger writes it (`3 sp 8 cp`, `owes 2 sp`), in signed copper.
pub fn ledger_purse(text: &str) -> i128 {
    use taproom::wager::Money;
    match text.strip_prefix("owes ") {
        Some(debt) => -debt.parse::<Money>().unwrap().signed(),
        None => text.parse::<Money>().unwrap().signed(),
    }
}

/// Copies the folder `from` into `to`, with every folder inside it.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A copy of `examples/` in a folder of its own, as the red team's `cp -r examples ex`
/// makes one: the temporary folder, and `ex` in it (a campaign, with its campaign file).
pub fn examples_copy() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let ex = dir.path().join("ex");
    copy_dir(Path::new("examples"), &ex);
    (dir, ex)
}

/// `sit GAME OPPONENT --as PERSON --seed SEED --best-of 1` and `extra`, the lines `typed`
/// on standard input, without colour and at 80 columns: what it printed (it must succeed).
pub fn sit_one_game(
    game: &str,
    opponent: &str,
    person: &str,
    seed: u64,
    typed: &str,
    extra: &[&str],
) -> String {
    let seed = seed.to_string();
    let mut args = vec![
        "sit",
        game,
        opponent,
        "--as",
        person,
        "--seed",
        &seed,
        "--best-of",
        "1",
    ];
    args.extend_from_slice(extra);
    let out = Taproom::new()
        .args(args)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .stdin(typed)
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
}

/// The lines of a match's telling (`--format json`'s `scenes`), split into those for the
/// GM alone (flagged in a scene's `gm_only`) and the others, each in order.
pub fn secret_and_public(told: &serde_json::Value) -> (Vec<String>, Vec<String>) {
    let (mut secret, mut public) = (Vec::new(), Vec::new());
    for scene in told["scenes"].as_array().unwrap() {
        let gm: Vec<u64> = scene["gm_only"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|i| i.as_u64().unwrap())
            .collect();
        for (i, line) in scene["lines"].as_array().unwrap().iter().enumerate() {
            let line = line.as_str().unwrap().to_owned();
            if gm.contains(&(i as u64)) {
                secret.push(line);
            } else {
                public.push(line);
            }
        }
    }
    (secret, public)
}

/// The entrants in a game's seats, seat by seat (a game of `--format json`'s `games`).
pub fn seats_of(game: &serde_json::Value) -> Vec<u64> {
    let seats = game["seats"].as_array().unwrap();
    seats.iter().map(|s| s.as_u64().unwrap()).collect()
}
