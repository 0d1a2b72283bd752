//! The campaign's history as `--apply` keeps it: a line a match, in the same transaction
//! as the purses and the ledger; money that adds up three ways; a kill at any step that
//! leaves all three old or all three new; a damaged line read past; rematches told from
//! the record; reputations that change who watches whom, and the bookie's price.
//!
//! The history is read here as plain JSON (serde_json values), not through taproom's own
//! types, and every figure is checked against the character files, the ledger's text or
//! a count made here.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::Taproom;
use serde_json::Value;

/// A campaign folder: six characters with files in `npcs/`, a tavern whose bookie prices
/// quickly (its history in `records/`, a folder of its own), and `nights` evenings.
fn campaign(nights: &[(u64, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let npcs = dir.path().join("npcs");
    std::fs::create_dir(&npcs).unwrap();
    std::fs::create_dir(dir.path().join("records")).unwrap();
    for n in ["pip", "tamsin", "brannoc", "mirela", "ysolde", "hrodgar"] {
        std::fs::copy(
            format!("data/characters/{n}.toml"),
            npcs.join(format!("{n}.toml")),
        )
        .unwrap();
    }
    std::fs::write(
        dir.path().join("inn.toml"),
        "tavern = \"The Test Inn\"\nmargin = 5\ntake = 20\ncredit = \"2 gp\"\nsims = 4000\nhistory = \"records/history.jsonl\"\n",
    )
    .unwrap();
    for (seed, _) in nights {
        std::fs::write(
            dir.path().join(format!("night{seed}.toml")),
            format!(
                r#"evening = "Night {seed}"
tavern = "inn.toml"
roster = "npcs"
seed = {seed}

[[match]]
game = "tides"
players = ["Brannoc", "Mirela"]
best_of = 1
ante = "1 gp"
bets = ["Pip 3 sp on Brannoc in the pool", "Tamsin 2 sp on Mirela in the pool"]

[[match]]
game = "pic"
players = ["Pip", "Tamsin", "Ysolde", "Hrodgar", "Mirela"]
first_to = 1
ante = "2 sp"
bets = ["Brannoc 1 gp on Ysolde in the pool", "Hrodgar 1 sp on Pip at evens"]

[[match]]
game = "kiust"
players = ["Pip", "Hrodgar"]
best_of = 1
bets = ["Brannoc 2 sp on Pip at evens"]
"#
            ),
        )
        .unwrap();
    }
    dir
}

fn night(dir: &Path, seed: u64, now: &str) -> common::Output {
    Taproom::new()
        .args([
            "night",
            &format!("night{seed}.toml"),
            "--narrate",
            "none",
            "--apply",
        ])
        .current_dir(dir)
        .env("TAPROOM_NOW", now)
        .ok()
}

/// The history's lines, each as JSON.
fn history(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("records/history.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line taproom writes is JSON"))
        .collect()
}

/// Each character's purse less debt, in copper, from the files of `dir/npcs`.
fn balances(dir: &Path) -> BTreeMap<String, i128> {
    common::balances_of(&dir.join("npcs"))
}

/// Each name's purse after the last ledger entry that names it.
fn ledger_last(dir: &Path) -> BTreeMap<String, i128> {
    let ledger = std::fs::read_to_string(dir.join("ledger.txt")).unwrap_or_default();
    let mut last = BTreeMap::new();
    for line in ledger.lines() {
        if let Some((name, change)) = line.strip_prefix("- ").and_then(|l| l.split_once(": "))
            && let Some((_, after)) = change.split_once(" -> ")
        {
            last.insert(name.to_owned(), common::ledger_purse(after));
        }
    }
    last
}

fn names(v: &Value) -> Vec<String> {
    v["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn after_several_evenings_the_history_the_purses_and_the_ledger_agree() {
    let nights = [
        (11, "2026-11-05T20:00:00+00:00"),
        (12, "2026-11-12T20:00:00+00:00"),
        (13, "2026-11-19T20:00:00+00:00"),
    ];
    let dir = campaign(&nights);
    let start = balances(dir.path());
    for (seed, now) in nights {
        night(dir.path(), seed, now);
    }
    // And a single match with a bet, and one with none.
    let play = |extra: &[&str]| {
        Taproom::new()
            .args(["play", "tides", "Ysolde", "Hrodgar", "--roster", "npcs"])
            .args(["--tavern", "inn.toml", "--best-of", "1", "--seed", "5"])
            .args(["--narrate", "none", "--apply"])
            .args(extra)
            .current_dir(dir.path())
            .env("TAPROOM_NOW", "2026-11-20T19:00:00+00:00")
            .ok()
    };
    play(&["--bet", "Pip 4 sp on Ysolde against Tamsin"]);
    let quiet = play(&[]);
    assert!(
        quiet.stdout.contains("Written: records/history.jsonl")
            || quiet.stdout.contains("Written: ./records/history.jsonl"),
        "--apply without a bet writes the history: {}",
        quiet.stdout
    );
    let lines = history(dir.path());
    assert_eq!(lines.len(), 3 * 3 + 2, "a line a match");
    // Each record is whole: the game, the table, each game's result, the prices.
    for l in &lines {
        assert_eq!(l["version"], 1);
        let n = names(l).len();
        assert!((2..=5).contains(&n));
        for g in l["games"].as_array().unwrap() {
            assert_eq!(g["scores"].as_array().unwrap().len(), n);
        }
        let prices: f64 = l["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["price"].as_f64().expect("a price for each entrant"))
            .sum();
        assert!(
            prices > 0.5 && prices <= 1.0 + 1e-9,
            "chances of winning: {prices}"
        );
        let winners = l["winners"].as_array().unwrap();
        assert!(
            winners
                .iter()
                .all(|w| names(l).contains(&w.as_str().unwrap().to_owned()))
        );
    }
    // The money, three ways: each purse's changes chain from one match to the next, add
    // up to the change of the character file, and end where the ledger says.
    let mut chain: BTreeMap<String, (i128, i128)> = BTreeMap::new();
    for l in &lines {
        for m in l["money"].as_array().unwrap() {
            let name = m["name"].as_str().unwrap().to_owned();
            let (b, a) = (
                m["before_cp"].as_i64().unwrap() as i128,
                m["after_cp"].as_i64().unwrap() as i128,
            );
            let entry = chain.entry(name.clone()).or_insert((b, b));
            assert_eq!(entry.1, b, "{name}'s purse picks up where it was left");
            entry.1 = a;
        }
    }
    let now = balances(dir.path());
    let ledger = ledger_last(dir.path());
    for (name, purse) in &now {
        let net: i128 = chain.get(name).map_or(0, |(b, a)| a - b);
        assert_eq!(
            net,
            purse - start[name],
            "{name}: the history's net is the purse's change"
        );
        if let Some(l) = ledger.get(name) {
            assert_eq!(*l, *purse, "{name}: the ledger's last word is the purse");
        }
    }
    assert!(chain.len() >= 6, "every character's money moved: {chain:?}");
    // And `taproom history` adds up to the same: each standing's net money is the change
    // of the purse in the character's file.
    let doc: Value = serde_json::from_str(
        &Taproom::new()
            .args(["history", "records", "--format", "json"])
            .current_dir(dir.path())
            .ok()
            .stdout,
    )
    .unwrap();
    let standings = doc["standings"].as_array().unwrap();
    for (name, purse) in &now {
        let net = standings
            .iter()
            .find(|s| s["name"] == name.as_str())
            .map_or(0, |s| s["net_cp"].as_i64().unwrap() as i128);
        assert_eq!(net, purse - start[name], "{name}: the standings' net money");
    }
    // The evenings: one a night, and the single matches' own day.
    let evenings: std::collections::BTreeSet<&str> = lines
        .iter()
        .map(|l| l["evening"].as_str().unwrap())
        .collect();
    assert_eq!(evenings.len(), 4, "{evenings:?}");
}

#[test]
fn a_kill_at_every_step_leaves_history_ledger_and_purses_all_old_or_all_new() {
    let nights = [(21, "2026-11-05T20:00:00+00:00")];
    let reference = campaign(&nights);
    let old = (balances(reference.path()), history(reference.path()).len());
    let out = night(reference.path(), 21, nights[0].1);
    let files = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("Written: "))
        .count();
    assert!(files >= 3, "purses, ledger, history: {}", out.stdout);
    let new = (balances(reference.path()), history(reference.path()).len());
    assert_eq!(new.1, 3);
    // A commit of n files in 3 folders (npcs, the evening's, records) has 2 + 3m + n
    // steps; before step 2 + m it is undone, from there on finished.
    let (steps, point) = (2 + 3 * 3 + files, 2 + 3);
    for k in 0..steps {
        let dir = campaign(&nights);
        let killed = Taproom::new()
            .args(["night", "night21.toml", "--narrate", "none", "--apply"])
            .current_dir(dir.path())
            .env("TAPROOM_NOW", nights[0].1)
            .env("TAPROOM_TEST_STOP", &format!("crash:{k}"))
            .run();
        assert_ne!(killed.code, 0, "step {k}: killed");
        // Any command that opens the history's folder finishes or undoes the write.
        Taproom::new()
            .args(["play", "tides", "Pip", "Tamsin", "--tavern", "inn.toml"])
            .args(["--best-of", "1", "--seed", "1", "--narrate", "none"])
            .current_dir(dir.path())
            .ok();
        let now = (balances(dir.path()), history(dir.path()).len());
        let want = if k < point { &old } else { &new };
        assert_eq!(&now, want, "killed before step {k}");
        let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap_or_default();
        assert_eq!(
            ledger.matches("Night 21").count(),
            if k < point { 0 } else { 3 },
            "killed before step {k}: the ledger goes with the history"
        );
    }
}

#[test]
fn a_damaged_line_is_read_past_with_a_warning_and_kept() {
    let dir = campaign(&[]);
    let file = dir.path().join("records/history.jsonl");
    let play = |seed: &str| {
        Taproom::new()
            .args(["play", "tides", "Brannoc", "Mirela", "--roster", "npcs"])
            .args([
                "--tavern",
                "inn.toml",
                "--best-of",
                "1",
                "--seed",
                seed,
                "--apply",
            ])
            .current_dir(dir.path())
            .ok()
    };
    play("1");
    let first = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        format!("{first}{{\"version\": 1, \"at\": cut short\n"),
    )
    .unwrap();
    let out = play("2");
    assert!(
        out.stderr.contains("history.jsonl, line 2: read past"),
        "the warning names the file and the line: {}",
        out.stderr
    );
    assert!(
        out.stdout.contains("met once before"),
        "the good line still counts: {}",
        out.stdout
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        3,
        "the damaged line is kept for the GM to mend"
    );
    assert!(serde_json::from_str::<Value>(lines[2]).is_ok());
}

/// The champion, grudge and upset lines of a match's JSON, against the history before it
/// (`lines`), counted here.
fn check_champion_grudge_and_upset(
    lines: &[Value],
    doc: &Value,
    table: &[&str],
    game: &str,
    what: &str,
) {
    let recalled = doc["recalled"].as_array().cloned().unwrap_or_default();
    let kind = |k: &str| recalled.iter().find(|r| r["kind"] == k).cloned();
    let sole = |l: &Value| {
        let w = l["winners"].as_array().unwrap();
        (w.len() == 1).then(|| w[0].as_str().unwrap().to_owned())
    };
    let game_id = if game == "tides" {
        "tides-of-war"
    } else {
        game
    };
    // The champion: most wins of this game at this tavern, then fewest losses, then the
    // latest win.
    let mut tally: BTreeMap<String, (i64, i64, usize)> = BTreeMap::new();
    for (i, l) in lines.iter().enumerate() {
        if l["game"] != game_id || l["tavern"] != "The Test Inn" {
            continue;
        }
        let w = sole(l);
        for n in names(l) {
            let t = tally.entry(n.clone()).or_default();
            if w.as_deref() == Some(n.as_str()) {
                t.0 += 1;
                t.2 = i;
            } else if !l["winners"].as_array().unwrap().is_empty()
                && !l["winners"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|x| x == n.as_str())
            {
                t.1 += 1;
            }
        }
    }
    let champion = tally
        .iter()
        .filter(|(_, t)| t.0 > 0)
        .max_by(|a, b| {
            a.1.0
                .cmp(&b.1.0)
                .then(b.1.1.cmp(&a.1.1))
                .then(a.1.2.cmp(&b.1.2))
        })
        .map(|(n, t)| (n.clone(), t.0));
    match (kind("defends"), champion) {
        (Some(d), Some((n, wins))) if table.contains(&n.as_str()) => {
            assert_eq!(d["name"], n.as_str(), "{what}");
            assert_eq!(d["wins"], wins, "{what}");
        }
        (None, Some((n, _))) => assert!(!table.contains(&n.as_str()), "{what}: {n} defends"),
        (None, None) => {}
        (d, c) => panic!("{what}: told {d:?}, champion {c:?}"),
    }
    // The grudge: the latest catch of one of them by another.
    let catch = lines.iter().rev().find_map(|l| {
        l["cheats"].as_array().unwrap().iter().rev().find_map(|c| {
            let by = c["by"].as_str().unwrap();
            let w = c["caught_by"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_str().unwrap())
                .find(|w| table.contains(w))?;
            table.contains(&by).then(|| (w.to_owned(), by.to_owned()))
        })
    });
    match (kind("grudge"), catch) {
        (Some(g), Some((w, c))) => {
            assert_eq!(g["watcher"], w.as_str(), "{what}");
            assert_eq!(g["cheat"], c.as_str(), "{what}");
        }
        (None, None) => {}
        (g, c) => panic!("{what}: told {g:?}, catch {c:?}"),
    }
    // The upset avenged: their last meeting's sole winner had under 40% from the bookie,
    // and this match went to someone else alone.
    let (_, last) = last_meeting(lines, table);
    let upset = last.and_then(|l| {
        let w = sole(l)?;
        let i = names(l).iter().position(|n| *n == w)?;
        (l["entrants"][i]["price"].as_f64()? < 0.4).then_some(w)
    });
    let now = sole(doc);
    match (kind("avenged"), upset, now) {
        (Some(a), Some(u), Some(n)) if u != n => {
            assert_eq!(a["name"], n.as_str(), "{what}");
            assert_eq!(a["upset_by"], u.as_str(), "{what}");
        }
        (None, Some(u), Some(n)) => assert_eq!(u, n, "{what}: an upset avenged untold"),
        (None, _, _) => {}
        (a, u, n) => panic!("{what}: told {a:?}, upset by {u:?}, won by {n:?}"),
    }
}

/// The last meeting of exactly `table`, counted here from the lines.
fn last_meeting<'a>(lines: &'a [Value], table: &[&str]) -> (usize, Option<&'a Value>) {
    let same = |l: &&Value| {
        let n = names(l);
        n.len() == table.len() && table.iter().all(|t| n.iter().any(|x| x == t))
    };
    let met: Vec<&Value> = lines.iter().filter(same).collect();
    (met.len(), met.last().copied())
}

#[test]
fn a_rematch_is_told_from_the_record_at_every_table_size() {
    let dir = campaign(&[]);
    let tables: [&[&str]; 5] = [
        &["Brannoc", "Mirela"],
        &["Tamsin", "Mirela"],
        &["Pip", "Tamsin", "Ysolde"],
        &["Pip", "Tamsin", "Ysolde", "Hrodgar"],
        &["Pip", "Tamsin", "Ysolde", "Hrodgar", "Mirela"],
    ];
    let mut kinds = std::collections::BTreeSet::new();
    for (t, table) in tables.iter().enumerate() {
        let game = if t < 2 { "tides" } else { "pic" };
        let short: Vec<String> = table.iter().map(|n| (*n).to_owned()).collect();
        for seed in 1..=5u64 {
            let lines = history(dir.path());
            let out = Taproom::new()
                .args(["play", game])
                .args(&short)
                .args(["--roster", "npcs", "--tavern", "inn.toml", "--best-of", "1"])
                .args(["--seed", &seed.to_string(), "--apply", "--format", "json"])
                .current_dir(dir.path())
                .ok();
            let doc: Value = serde_json::from_str(&out.stdout).unwrap();
            let full: Vec<String> = doc["entrants"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["name"].as_str().unwrap().to_owned())
                .collect();
            let full: Vec<&str> = full.iter().map(String::as_str).collect();
            let (met, last) = last_meeting(&lines, &full);
            let recalled = doc["recalled"].as_array().cloned().unwrap_or_default();
            kinds.extend(
                recalled
                    .iter()
                    .map(|r| r["kind"].as_str().unwrap().to_owned()),
            );
            let said = recalled.iter().find(|r| r["kind"] == "last-met");
            match last {
                None => assert!(said.is_none(), "table {t}, seed {seed}: they never met"),
                Some(l) => {
                    let said =
                        said.unwrap_or_else(|| panic!("table {t} seed {seed}: {recalled:?}"));
                    assert_eq!(said["meetings"], met as u64, "table {t}, seed {seed}");
                    let winners = l["winners"].as_array().unwrap();
                    let want = (winners.len() == 1).then(|| winners[0].clone());
                    assert_eq!(said["winner"], want.unwrap_or(Value::Null));
                    assert_eq!(said["date"], l["at"].as_str().unwrap()[..10]);
                }
            }
            // A streak is told exactly when the last two or more meetings had one winner.
            let same: Vec<&Value> = lines
                .iter()
                .filter(|l| {
                    let n = names(l);
                    n.len() == full.len() && full.iter().all(|f| n.iter().any(|x| x == f))
                })
                .collect();
            let sole = |l: &Value| {
                let w = l["winners"].as_array().unwrap();
                (w.len() == 1).then(|| w[0].as_str().unwrap().to_owned())
            };
            let run = same.last().and_then(|l| sole(l)).map_or(0, |w| {
                same.iter()
                    .rev()
                    .take_while(|l| sole(l) == Some(w.clone()))
                    .count()
            });
            let streak = recalled.iter().find(|r| r["kind"] == "streak");
            if run >= 2 {
                assert_eq!(
                    streak.unwrap()["length"],
                    run as u64,
                    "table {t}, seed {seed}"
                );
            } else {
                assert!(
                    streak.is_none(),
                    "table {t}, seed {seed}: no streak of {run}"
                );
            }
            check_champion_grudge_and_upset(
                &lines,
                &doc,
                &full,
                game,
                &format!("table {t}, seed {seed}"),
            );
            // The telling says it, in its first scene.
            let first_scene = doc["scenes"][0]["lines"].as_array().unwrap();
            // Briefly, one line before play: a grudge, else the last meeting, else the
            // title, else a streak; and an upset avenged after.
            let first_scene: Vec<&str> = first_scene.iter().map(|l| l.as_str().unwrap()).collect();
            let has = |k: &str| recalled.iter().any(|r| r["kind"] == k);
            let said = |words: &str| first_scene.iter().any(|l| l.contains(words));
            let lines_told = [
                ("has not forgotten catching", has("grudge")),
                ("before; the last time", has("last-met") && !has("grudge")),
                (
                    "defends the title",
                    has("defends") && !has("grudge") && !has("last-met"),
                ),
            ];
            for (words, told) in lines_told {
                assert_eq!(
                    said(words),
                    told,
                    "table {t}, seed {seed}: {words}: {first_scene:?}"
                );
            }
            let end = doc["scenes"].as_array().unwrap().last().unwrap()["lines"].to_string();
            assert_eq!(
                end.contains("avenges the upset on "),
                has("avenged"),
                "table {t}, seed {seed}"
            );
        }
    }
    assert_eq!(
        kinds.len(),
        5,
        "every kind of line was told and checked: {kinds:?}"
    );
    // With --no-history, as if they had never met.
    let out = Taproom::new()
        .args([
            "play", "tides", "Brannoc", "Mirela", "--roster", "npcs", "--tavern", "inn.toml",
        ])
        .args(["--best-of", "1", "--seed", "9", "--no-history"])
        .current_dir(dir.path())
        .ok();
    assert!(!out.stdout.contains("met"), "{}", out.stdout);
    assert!(!out.stdout.contains("--wary"), "{}", out.stdout);
}

/// The seeds' matches of Tamsin and Mirela (both cheat, both have an eye) until one is
/// caught: the line.
fn a_catch(dir: &Path, now: &str) -> Value {
    for seed in 1..200u64 {
        Taproom::new()
            .args(["play", "tides", "Tamsin", "Mirela", "--roster", "npcs"])
            .args([
                "--tavern",
                "inn.toml",
                "--best-of",
                "1",
                "--seed",
                &seed.to_string(),
            ])
            .args(["--narrate", "none", "--apply", "--no-history"])
            .current_dir(dir)
            .env("TAPROOM_NOW", now)
            .ok();
        let lines = history(dir);
        let last = lines.last().unwrap();
        if last["cheats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| !c["caught_by"].as_array().unwrap().is_empty())
        {
            return last.clone();
        }
    }
    panic!("nobody caught in 200 matches of two cheats with an eye");
}

/// The `--wary` words of the replay line of a match's JSON: (watcher, cheat) -> times.
fn wary_words(stdout: &str) -> BTreeMap<(String, String), f64> {
    let doc: Value = serde_json::from_str(stdout).unwrap();
    let words = shell_words::split(doc["replay"].as_str().unwrap()).unwrap();
    let mut out = BTreeMap::new();
    for pair in words.windows(2) {
        if pair[0] == "--wary" {
            let (wc, times) = match pair[1].rsplit_once('=') {
                Some((wc, n)) => (wc.to_owned(), n.parse::<f64>().unwrap()),
                None => (pair[1].clone(), 1.0),
            };
            let (w, c) = wc.split_once(':').unwrap();
            out.insert((w.to_owned(), c.to_owned()), times);
        }
    }
    out
}

#[test]
fn a_cheat_caught_is_watched_closer_by_the_catcher_and_the_tavern_fading_by_evening() {
    let dir = campaign(&[]);
    let caught = a_catch(dir.path(), "2026-11-05T20:00:00+00:00");
    // Every catch in the history, counted here: (watcher, cheat) -> catches.
    let mut catches: BTreeMap<(String, String), f64> = BTreeMap::new();
    for l in history(dir.path()) {
        for c in l["cheats"].as_array().unwrap() {
            for w in c["caught_by"].as_array().unwrap() {
                *catches
                    .entry((
                        w.as_str().unwrap().to_owned(),
                        c["by"].as_str().unwrap().to_owned(),
                    ))
                    .or_default() += 1.0;
            }
        }
    }
    assert!(!catches.is_empty(), "{caught}");
    // The same evening, a catch counts whole; each evening after, half as much.
    for (now, fade) in [
        ("2026-11-05T22:00:00+00:00", 1.0),
        ("2026-11-06T20:00:00+00:00", 0.5),
        ("2026-11-07T20:00:00+00:00", 0.25),
    ] {
        let out = Taproom::new()
            .args(["play", "tides", "Tamsin", "Mirela", "--roster", "npcs"])
            .args(["--tavern", "inn.toml", "--best-of", "1", "--seed", "1"])
            .args(["--format", "json"])
            .current_dir(dir.path())
            .env("TAPROOM_NOW", now)
            .ok();
        let said = wary_words(&out.stdout);
        if fade == 0.5 {
            // An evening at the tavern without them: the memory fades by evenings the
            // campaign had, not by days.
            Taproom::new()
                .args(["play", "kiust", "Pip", "Hrodgar", "--roster", "npcs"])
                .args(["--tavern", "inn.toml", "--best-of", "1", "--seed", "1"])
                .args(["--narrate", "none", "--apply"])
                .current_dir(dir.path())
                .env("TAPROOM_NOW", now)
                .ok();
        }
        for ((w, c), n) in &catches {
            let got = said.get(&(w.clone(), c.clone())).copied().unwrap_or(0.0);
            assert!(
                (got - n * fade).abs() < 1e-9,
                "{now}: {w} watching {c}: {got}, not {}",
                n * fade
            );
        }
        assert!(
            out.stdout.contains("--no-history"),
            "the replay line reads no history again"
        );
    }
    // At the tavern where it happened, a third party watches at half a catch; at a table
    // elsewhere (the built-in tavern), nobody but the catcher does.
    let (w, c) = catches.keys().next().unwrap().clone();
    let third = "Brannoc";
    let cheat_short = c.clone();
    let watcher_short = w.clone();
    let here = Taproom::new()
        .args([
            "play",
            "pic",
            third,
            &cheat_short,
            &watcher_short,
            "--roster",
            "npcs",
        ])
        .args([
            "--tavern",
            "inn.toml",
            "--first-to",
            "1",
            "--seed",
            "1",
            "--format",
            "json",
        ])
        .current_dir(dir.path())
        .env("TAPROOM_NOW", "2026-11-05T23:00:00+00:00")
        .ok();
    let said = wary_words(&here.stdout);
    let third_full = said
        .keys()
        .find(|(x, y)| y == &c && x != &w)
        .map(|(x, _)| x.clone())
        .unwrap_or_else(|| panic!("the third party watches at the tavern: {said:?}"));
    assert!((said[&(third_full, c.clone())] - 0.5 * catches[&(w.clone(), c.clone())]).abs() < 1e-9);
    // The bookie prices it: the chance recorded for the cheat is the one the bookie
    // gives the same table with those sightings stated (`odds --wary`), and not the one
    // he gives it fresh. (Which way it moves is the table's business: a cheat watched
    // closer keeps their hands still, and at Tides of War a cheat caught forfeits the
    // game.)
    let price = |extra: &[&str]| -> (f64, Vec<String>) {
        let out = Taproom::new()
            .args(["play", "tides", "Tamsin", "Mirela", "--roster", "npcs"])
            .args(["--tavern", "inn.toml", "--best-of", "1", "--seed", "3"])
            .args(["--apply", "--format", "json"])
            .args(extra)
            .current_dir(dir.path())
            .env("TAPROOM_NOW", "2026-11-05T23:30:00+00:00")
            .ok();
        let words: Vec<String> = wary_words(&out.stdout)
            .iter()
            .map(|((w, c), n)| format!("{w}:{c}={n}"))
            .collect();
        let last = history(dir.path()).pop().unwrap();
        let i = names(&last).iter().position(|n| *n == c).unwrap();
        (last["entrants"][i]["price"].as_f64().unwrap(), words)
    };
    let (watched, words) = price(&[]);
    let (fresh, none) = price(&["--no-history"]);
    assert!(!words.is_empty() && none.is_empty());
    assert!(
        (watched - fresh).abs() > 1e-6,
        "{watched} watched, {fresh} fresh"
    );
    let mut odds = vec!["odds", "tides", "Tamsin", "Mirela", "--roster", "npcs"];
    odds.extend([
        "--tavern",
        "inn.toml",
        "--best-of",
        "1",
        "--format",
        "json",
        "--no-history",
    ]);
    for w in &words {
        odds.extend(["--wary", w.as_str()]);
    }
    let board: Value = serde_json::from_str(
        &Taproom::new()
            .args(&odds)
            .current_dir(dir.path())
            .ok()
            .stdout,
    )
    .unwrap();
    let outcomes = board["markets"][0]["outcomes"].as_array().unwrap();
    let stated = outcomes
        .iter()
        .find(|o| o["outcome"] == c.as_str())
        .unwrap()["chance"]
        .as_f64()
        .unwrap();
    assert!(
        (stated - watched).abs() < 1e-9,
        "{stated} stated, {watched} recorded"
    );
}

#[test]
fn a_person_at_the_table_is_remembered_too() {
    let dir = campaign(&[]);
    let sit = || {
        Taproom::new()
            .args(["sit", "tides", "Mirela", "--as", "Aria", "--roster", "npcs"])
            .args([
                "--tavern",
                "inn.toml",
                "--seed",
                "2",
                "--best-of",
                "1",
                "--apply",
            ])
            .current_dir(dir.path())
            .stdin("")
            .ok()
    };
    let first = sit();
    assert!(first.stdout.contains("Written: "), "{}", first.stdout);
    let second = sit();
    assert!(
        second.stdout.contains("met once before"),
        "the second sitting is a rematch: {}",
        second.stdout
    );
    let lines = history(dir.path());
    assert_eq!(lines.len(), 2);
    for l in &lines {
        assert_eq!(l["command"], "sit");
        let aria = &l["entrants"][0];
        assert_eq!(aria["name"], "Aria");
        assert_eq!(aria["person"], true);
        let replay = l["replay"].as_str().unwrap();
        assert!(
            replay.starts_with("taproom sit tides-of-war 'Mirela Quickfingers' --as Aria"),
            "the record's replay line is a sitting's: {replay}"
        );
        // Aria resigned at the end of the input: Mirela won.
        assert_eq!(l["winners"][0], "Mirela Quickfingers");
    }
}

/// The issue's end: inside a campaign's folder, with no flag, the matches applied are
/// remembered, the regulars remember last week, and the champion is named.
#[test]
fn inside_a_campaign_with_no_flag_the_tavern_remembers_and_names_its_champion() {
    let dir = tempfile::tempdir().unwrap();
    let camp = dir.path().join("camp");
    std::fs::create_dir(&camp).unwrap();
    for f in ["taproom.toml", "tavern.toml"] {
        std::fs::copy(format!("examples/{f}"), camp.join(f)).unwrap();
    }
    let npcs = camp.join("characters");
    std::fs::create_dir(&npcs).unwrap();
    for e in std::fs::read_dir("examples/characters").unwrap().flatten() {
        std::fs::copy(e.path(), npcs.join(e.file_name())).unwrap();
    }
    // Last week, three matches of Gorm and Vessa, played from the roster's folder.
    let mut won: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 1..=3 {
        let out = Taproom::new()
            .args([
                "play",
                "tides",
                "Gorm",
                "Vessa",
                "--seed",
                &seed.to_string(),
            ])
            .args(["--apply", "--format", "json"])
            .current_dir(&npcs)
            .env("TAPROOM_NOW", "2026-11-26T20:00:00+00:00")
            .ok();
        let doc: Value = serde_json::from_str(&out.stdout).unwrap();
        if let Some(w) = doc["winner"].as_str() {
            *won.entry(w.to_owned()).or_default() += 1;
        }
    }
    let lines = std::fs::read_to_string(camp.join("history.jsonl")).unwrap();
    assert_eq!(
        lines.lines().count(),
        3,
        "the campaign's history, with no flag"
    );
    // This week they remember.
    let out = Taproom::new()
        .args(["play", "tides", "Gorm", "Vessa", "--seed", "9"])
        .current_dir(&camp)
        .env("TAPROOM_NOW", "2026-12-03T20:00:00+00:00")
        .ok();
    assert!(
        out.stdout.contains("met 3 times before") && out.stdout.contains("26 November 2026"),
        "{}",
        out.stdout
    );
    // And the champion, counted here, is the history's.
    let doc: Value = serde_json::from_str(
        &Taproom::new()
            .args(["history", "--format", "json"])
            .current_dir(&npcs)
            .ok()
            .stdout,
    )
    .unwrap();
    let (best, wins) = won.iter().max_by_key(|(_, n)| **n).unwrap();
    let champ = &doc["champions"][0];
    assert_eq!(champ["name"], best.as_str());
    assert_eq!(champ["won"], *wins);
    assert_eq!(champ["tavern"], "The Drowned Rat");
}
