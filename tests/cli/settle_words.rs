//! The settlement and the ledger in plain English for every kind of bet (with the
//! bookie, in the pool, against a rival for coins or a thing, the ante), at a table of
//! two and at tables of three to five: every sum a settled line or the ledger states is
//! what the purse files say the bettor gained or lost (read before and after `--apply`,
//! on a copy of the roster), no loss is "0 cp", nobody is paid "courtesy of" themselves
//! or named twice in a sentence of their own, a count of one is singular and lists read
//! "A, B and C".

use std::collections::BTreeMap;
use std::path::Path;

use taproom::wager::Money;

use crate::common::Taproom;

/// A copy of the example campaign: its characters and its tavern (credit of 2 gp).
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("characters")).unwrap();
    for f in std::fs::read_dir("examples/characters").unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(
            &f,
            dir.path().join("characters").join(f.file_name().unwrap()),
        )
        .unwrap();
    }
    std::fs::copy("examples/tavern.toml", dir.path().join("tavern.toml")).unwrap();
    dir
}

/// Each character's worth in copper (purse less debt), from their files.
fn worth(dir: &Path) -> BTreeMap<String, i128> {
    let mut out = BTreeMap::new();
    for f in std::fs::read_dir(dir.join("characters")).unwrap() {
        let path = f.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue; // the lock `--apply` leaves
        }
        let text = std::fs::read_to_string(path).unwrap();
        let value = |key: &str| {
            text.lines()
                .find(|l| l.starts_with(&format!("{key} = \"")))
                .map(|l| l.split('"').nth(1).unwrap().to_owned())
        };
        let money = |key: &str| value(key).map_or(0, |m| i128::from(m.parse::<Money>().unwrap().0));
        out.insert(value("name").unwrap(), money("purse") - money("debt"));
    }
    out
}

/// `text` without the things quoted in it (“...”), whose words are no sums.
fn unquoted(text: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in text.chars() {
        match c {
            '“' => inside = true,
            '”' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

/// The sums of money in `text`, in copper, in order ("1 gp 2 sp" is one sum).
fn sums(text: &str) -> Vec<i128> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | ':' | ';' | '(' | ')'))
        .filter(|w| !w.is_empty())
        .collect();
    let unit = |w: &str| ["pp", "gp", "ep", "sp", "cp"].contains(&w);
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < words.len() {
        let mut parts = Vec::new();
        while i + 1 < words.len() && words[i].parse::<u64>().is_ok() && unit(words[i + 1]) {
            parts.push(format!("{} {}", words[i], words[i + 1]));
            i += 2;
        }
        if parts.is_empty() {
            i += 1;
        } else {
            out.push(i128::from(parts.join(" ").parse::<Money>().unwrap().0));
        }
    }
    out
}

/// The checks every settlement text and ledger must pass, whatever the bets.
fn plain_english(text: &str, names: &[String]) {
    // Lines of prose: the tables' cells are figures (a purse that did not move gains 0 cp).
    for line in text.lines().filter(|l| !l.contains('│')) {
        assert!(
            !line.contains(" 0 cp") || line.contains("the house"),
            "a sum of nothing: {line}"
        );
        for n in [
            "counters", "sowings", "stones", "captures", "points", "moves", "games", "rounds",
            "kiusts",
        ] {
            assert!(!line.contains(&format!(" 1 {n}")), "not singular: {line}");
        }
        for name in names {
            assert!(
                !line.contains(&format!("courtesy of {name}"))
                    || !line.contains(&format!("{name}'")),
                "{name} paid courtesy of themselves: {line}"
            );
            assert!(
                !line.contains(&format!("the win of {name} is worth"))
                    || !line.contains(&format!("For {name},")),
                "{line}"
            );
        }
    }
}

/// Plays `args` with `--apply` on a fresh copy of the campaign and checks the settled
/// lines and the ledger against the purse files.
fn check(args: &[&str]) {
    let dir = campaign();
    let before = worth(dir.path());
    let mut all = vec!["play"];
    all.extend(args);
    all.extend([
        "--roster",
        "characters",
        "--tavern",
        "tavern.toml",
        "--wide",
        "--narrate",
        "none",
    ]);
    // The same match without --apply, as JSON: how each bet came out, in order.
    let doc: serde_json::Value = serde_json::from_str(
        &Taproom::new()
            .current_dir(dir.path())
            .args(&all)
            .args(["--format", "json"])
            .ok()
            .stdout,
    )
    .unwrap();
    let out = Taproom::new()
        .current_dir(dir.path())
        .args(&all)
        .arg("--apply")
        .ok()
        .stdout;
    let after = worth(dir.path());
    let change = |n: &str| after[n] - before[n];
    let names: Vec<String> = before.keys().cloned().collect();
    let bets = doc["wagers"]["bets"].as_array().unwrap();
    let told: Vec<&str> = out
        .split("Settled from the match\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| l.starts_with("  "))
        .map(str::trim)
        .collect();
    assert_eq!(told.len(), bets.len(), "{out}");
    plain_english(&told.join("\n"), &names);
    // Each line's first sum is what the bet did to its bettor's purse.
    let mut said: BTreeMap<String, i128> = BTreeMap::new();
    for (line, bet) in told.iter().zip(bets) {
        let bettor = bet["bettor"].as_str().unwrap();
        let first = sums(&unquoted(line)).first().copied().unwrap_or(0);
        let signed = match bet["result"].as_str().unwrap() {
            "won" if line.contains(" down ") => -first,
            "won" => first,
            "lost" => -first,
            "dead-heat" if line.contains(" loses ") => -first,
            "dead-heat" if line.contains(" wins ") => first,
            _ => 0,
        };
        assert_eq!(
            signed,
            bet["payout_cp"].as_i64().unwrap() as i128 - bet["stake_cp"].as_i64().unwrap() as i128,
            "{line}"
        );
        *said.entry(bettor.to_owned()).or_default() += signed;
        // Nobody is named twice in a sentence of their own.
        let first_sentence = line.split(". ").next().unwrap();
        assert!(first_sentence.matches(bettor).count() <= 1, "{line}");
    }
    for (name, sum) in &said {
        assert_eq!(
            *sum,
            change(name),
            "{name}: the lines say {sum}, the purse moved {}",
            change(name)
        );
    }
    assert!(!out.contains(": 0 cp"), "{out}");
    // The ledger: who paid whom adds up to each purse's change, and each purse line is the
    // file's.
    let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap();
    plain_english(&ledger, &names);
    let mut paid: BTreeMap<String, i128> = BTreeMap::new();
    for line in ledger.lines().filter_map(|l| l.strip_prefix("- ")) {
        if let Some((head, _why)) = line.split_once(": ")
            && let Some((from, rest)) = head.split_once(" paid ")
        {
            let amount = sums(rest)[0];
            let to = names
                .iter()
                .find(|n| rest.starts_with(n.as_str()))
                .map_or("the house", String::as_str);
            *paid.entry(from.to_owned()).or_default() -= amount;
            *paid.entry(to.to_owned()).or_default() += amount;
            assert_eq!(line.matches(from).count(), 1, "{line}");
        } else if let Some((name, purses)) = line.split_once(": ")
            && names.contains(&name.to_owned())
        {
            let (b, a) = purses.split_once(" -> ").unwrap();
            let value = |p: &str| match p.strip_prefix("owes ") {
                Some(d) => -sums(d)[0],
                None => sums(p)[0],
            };
            assert_eq!(value(a) - value(b), change(name), "{line}");
        } else {
            assert!(
                !line.contains(" 0 cp") || line.starts_with("the house"),
                "{line}"
            );
        }
    }
    for name in &names {
        assert_eq!(
            paid.get(name).copied().unwrap_or(0),
            change(name),
            "{name} in\n{ledger}"
        );
    }
}

#[test]
fn every_kind_of_bet_settles_in_plain_english_at_a_table_of_two() {
    for seed in ["1", "2"] {
        check(&[
            "tides",
            "Gorm",
            "Vessa",
            "--seed",
            seed,
            "--best-of",
            "1",
            "--bet",
            "Gorm 2 gp on Gorm",
            "--bet",
            "Vessa 1 gp on Vessa against Gorm",
            "--bet",
            "Pip 1 sp on first-turn Gorm in the pool",
            "--bet",
            "Tamsin 1 sp on first-turn Vessa in the pool",
            "--bet",
            "Dobbin 1 gp on captures Vessa",
            "--bet",
            "Hrodgar 1 sp on game 1 Gorm in the pool",
            "--bet",
            "Ilse \"a favour\" on Gorm against Hrodgar for 1 gp",
            "--bet",
            "Tamsin 1 sp on anyone caught in the pool",
        ]);
    }
}

#[test]
fn every_kind_of_bet_settles_in_plain_english_at_tables_of_three_to_five() {
    for (seed, players) in [
        ("3", vec!["Gorm", "Vessa", "Ilse"]),
        ("4", vec!["Gorm", "Vessa", "Ilse", "Dobbin"]),
        ("5", vec!["Gorm", "Vessa", "Ilse", "Dobbin", "Tamsin"]),
    ] {
        let mut args = vec!["pic"];
        args.extend(players);
        args.extend([
            "--seed",
            seed,
            "--best-of",
            "1",
            "--bet",
            "Gorm 2 gp on Gorm",
            "--bet",
            "Vessa 1 gp on Vessa in the pool",
            "--bet",
            "Ilse 1 sp on Gorm in the pool",
            "--bet",
            "Hrodgar 3 sp on Ilse in the pool",
            "--bet",
            "Dobbin 1 sp on points Ilse",
            "--bet",
            "Pip 1 sp on Vessa against Tamsin",
            "--bet",
            "Vessa 1 gp on Vessa against Gorm",
            "--bet",
            "Tamsin \"a favour\" on captures Ilse against Dobbin",
        ]);
        check(&args);
    }
}

/// The ante at a Piç table of four and at a table of two, in an evening: the pot is
/// announced as a list, and the ledger adds up to the purses.
#[test]
fn the_ante_is_listed_and_the_ledger_adds_up() {
    let dir = campaign();
    let before = worth(dir.path());
    std::fs::write(
        dir.path().join("night.toml"),
        r#"evening = "Antes at the Rat"
tavern = "tavern.toml"
roster = "characters"
seed = 4

[[match]]
game = "pic"
players = ["Gorm", "Vessa", "Ilse", "Dobbin"]
best_of = 1
ante = "1 sp"
bets = ["Pip 1 sp on Ilse in the pool", "Hrodgar 2 sp on Gorm in the pool"]

[[match]]
game = "tides"
players = ["Gorm", "Vessa"]
best_of = 1
ante = "1 gp"
"#,
    )
    .unwrap();
    let out = Taproom::new()
        .current_dir(dir.path())
        .args([
            "night",
            "night.toml",
            "--apply",
            "--wide",
            "--narrate",
            "none",
        ])
        .ok()
        .stdout;
    let after = worth(dir.path());
    let names: Vec<String> = before.keys().cloned().collect();
    plain_english(&out, &names);
    assert!(
        out.contains(
            "Each player puts 1 sp in the pot for the winner: Gorm the Ferryman, Vessa \
             Nine-Rings, Ilse Marrow and Dobbin Ashcroft."
        ),
        "{out}"
    );
    let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap();
    plain_english(&ledger, &names);
    assert!(ledger.contains("in the ante, lost"), "{ledger}");
    let mut paid: BTreeMap<String, i128> = BTreeMap::new();
    for line in ledger.lines().filter_map(|l| l.strip_prefix("- ")) {
        if let Some((head, _)) = line.split_once(": ")
            && let Some((from, rest)) = head.split_once(" paid ")
        {
            let amount = sums(rest)[0];
            let to = names
                .iter()
                .find(|n| rest.starts_with(n.as_str()))
                .map_or("the house", String::as_str);
            *paid.entry(from.to_owned()).or_default() -= amount;
            *paid.entry(to.to_owned()).or_default() += amount;
        }
    }
    for name in &names {
        assert_eq!(
            paid.get(name).copied().unwrap_or(0),
            after[name] - before[name],
            "{name} in\n{ledger}"
        );
    }
}
