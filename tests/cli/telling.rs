//! The default telling, checked as a GM reads it: every name in one form within a line
//! (the full name at a character's first mention, the short one after), and a rival's
//! lead counted over the whole table, recounted from the JSON's scores.

use std::collections::HashSet;

use crate::common::Taproom;

/// Every game at every table size it is played at.
const TABLES: [(&str, usize); 7] = [
    ("tides", 2),
    ("kiust", 2),
    ("dogfight", 2),
    ("pic", 2),
    ("pic", 3),
    ("pic", 4),
    ("pic", 5),
];

fn json(args: &[&str]) -> serde_json::Value {
    let out = Taproom::new().args(args).args(["--format", "json"]).ok();
    serde_json::from_str(&out.stdout).expect("JSON")
}

/// Each character's full and short name, as `roster --format json` lists them.
fn characters(roster: &[&str]) -> Vec<(String, String)> {
    let mut args = vec!["roster"];
    args.extend(roster);
    json(&args)["characters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_owned(),
                c["short"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The telling's lines, each whole: what follows the page's heading up to the GM's own
/// lines or the results table, a wrapped line's continuation (indented four) joined to
/// its start.
fn told_lines(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut started = false;
    for line in text.lines().skip(1) {
        // What only the GM may know comes after the telling, under its own heading.
        if line.starts_with('┌') || line.starts_with("Seed ") || line.starts_with("For the GM") {
            break;
        }
        if let Some(more) = line.strip_prefix("    ")
            && let Some(last) = out.last_mut()
        {
            last.push(' ');
            last.push_str(more.trim());
        } else if let Some(said) = line.strip_prefix("  ")
            && started
        {
            out.push(said.trim().to_owned());
        } else if !line.is_empty() && !line.starts_with(' ') {
            started = true;
        }
    }
    out
}

/// Whether `word` stands in `text` as a word of its own (not inside a longer word).
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// What the rule asks of a telling, line by line: where a character's full name and
/// short name differ, a line never names one character in full and another by their
/// short name only; a character's first mention is their full name; and a full name is
/// said again only in a line that meets someone for the first time (a line naming a
/// newcomer names everyone in it in full). A character whose short name is their name
/// is in both forms at once, and counts as met at their first mention.
fn one_form(lines: &[String], chars: &[(String, String)], what: &str) {
    let mut met: HashSet<&str> = HashSet::new();
    for line in lines {
        let full: Vec<&str> = chars
            .iter()
            .filter(|(n, _)| has_word(line, n))
            .map(|(n, _)| n.as_str())
            .collect();
        // The short name where it is not part of the full one.
        let short: Vec<&str> = chars
            .iter()
            .filter(|(n, s)| n != s && has_word(&line.replace(n.as_str(), "\u{0}"), s))
            .map(|(n, _)| n.as_str())
            .collect();
        let differ = |n: &str| chars.iter().any(|(m, s)| m == n && m != s);
        if let Some(f) = full.iter().find(|f| differ(f))
            && let Some(s) = short.iter().find(|s| *s != f)
        {
            panic!("{what}: {f} in full, {s} short, in one line: {line}");
        }
        for s in &short {
            assert!(met.contains(s), "{what}: {s} met by a short name: {line}");
        }
        let newcomer = full.iter().any(|n| !met.contains(n));
        for f in full.iter().filter(|f| differ(f)) {
            assert!(
                !met.contains(f) || newcomer,
                "{what}: {f} named in full again, in a line that meets nobody new: {line}"
            );
        }
        met.extend(full.iter().chain(&short));
    }
}

/// Over seeds 1 to 30 at every game and table size, with the built-in characters and the
/// example roster: the default telling's lines, read from the text as a GM reads it.
#[test]
fn a_line_names_everyone_in_one_form_and_short_after_the_first_mention() {
    let mut lines_seen = 0;
    for roster in [&[][..], &["--roster", "examples/characters"][..]] {
        let chars = characters(roster);
        for (game, seats) in TABLES {
            for seed in 1..=30 {
                let seed = seed.to_string();
                let mut args = vec!["play", game];
                // Two seats are the roster's first two, the default.
                if seats > 2 {
                    args.extend(chars[..seats].iter().map(|(n, _)| n.as_str()));
                }
                args.extend(["--seed", &seed]);
                args.extend(roster);
                let out = Taproom::new().args(&args).ok();
                let lines = told_lines(&out.stdout);
                assert!(lines.len() >= 3, "{}", out.stdout);
                lines_seen += lines.len();
                one_form(&lines, &chars, &args.join(" "));
            }
        }
    }
    assert!(lines_seen > 1000, "{lines_seen} lines");
}

/// The parser and the rule catch what they are for: a mixed line, a short first mention,
/// a full name again.
#[test]
fn the_one_form_rule_catches_a_mixed_line() {
    let chars = characters(&[]);
    let told =
        told_lines("Title\n\nGame 1\n  Old Brannoc takes it from Mirela\n    Quickfingers.\n┌──");
    assert_eq!(told, ["Old Brannoc takes it from Mirela Quickfingers."]);
    for bad in [
        &["Brannoc 2, Mirela Quickfingers 0."][..],
        &[
            "Old Brannoc wins.",
            "Mirela Quickfingers loses.",
            "Old Brannoc 2, Mirela Quickfingers 0.",
        ][..],
        &["Brannoc wins."][..],
        &["Old Brannoc wins.", "Old Brannoc again."][..],
    ] {
        let lines: Vec<String> = bad.iter().map(|l| (*l).to_owned()).collect();
        let caught = std::panic::catch_unwind(|| one_form(&lines, &chars, "test"));
        assert!(caught.is_err(), "{bad:?}");
    }
    let good: Vec<String> = [
        "Old Brannoc beats Mirela Quickfingers.",
        "Brannoc 2, Mirela 0.",
    ]
    .iter()
    .map(|l| (*l).to_owned())
    .collect();
    let good_too = vec![
        "Old Brannoc wins.".to_owned(),
        "Mirela Quickfingers takes a game off Old Brannoc.".to_owned(),
        "Brannoc 2, Mirela 1.".to_owned(),
    ];
    one_form(&good, &chars, "test");
    one_form(&good_too, &chars, "test");
}

/// A score list of `scores` (by seat) with the seat `seat`'s lead over the best of the
/// rest of the table.
fn lead(scores: &[serde_json::Value], seat: usize) -> i64 {
    let of = |v: &serde_json::Value| v.as_i64().unwrap();
    let best = (0..scores.len())
        .filter(|&s| s != seat)
        .map(|s| of(&scores[s]))
        .max()
        .unwrap();
    of(&scores[seat]) - best
}

/// "X builds a lead of N" at Piç, at two to five seats over many seeds: N is X's largest
/// lead over the best of the rest of the table after any step, recounted from the
/// JSON's scores (never the gap to the eventual winner alone).
#[test]
fn a_lead_is_over_the_whole_table() {
    let chars = characters(&[]);
    let mut checked = 0;
    for seats in 2..=5 {
        for seed in 1..=30 {
            let seed = seed.to_string();
            let mut args = vec!["play", "pic"];
            args.extend(chars[..seats].iter().map(|(n, _)| n.as_str()));
            args.extend(["--seed", &seed, "--narrate", "full"]);
            let m = json(&args);
            let entrants = m["entrants"].as_array().unwrap();
            for scene in m["scenes"].as_array().unwrap() {
                let heading = scene["heading"].as_str().unwrap();
                for line in scene["lines"].as_array().unwrap() {
                    let line = line.as_str().unwrap();
                    let Some((who, rest)) = line.split_once(" builds a lead of ") else {
                        continue;
                    };
                    let said: i64 = rest
                        .split(|c: char| !c.is_ascii_digit())
                        .next()
                        .and_then(|n| n.parse().ok())
                        .unwrap_or_else(|| panic!("no number: {line}"));
                    let number: usize = heading
                        .rsplit(' ')
                        .next()
                        .and_then(|n| n.parse().ok())
                        .unwrap_or_else(|| panic!("a game's line: {heading}"));
                    let game = &m["games"][number - 1];
                    let entrant = entrants
                        .iter()
                        .position(|e| e["name"] == who || e["short"] == who)
                        .unwrap_or_else(|| panic!("who leads: {line}"));
                    let seat = game["seats"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .position(|s| s.as_u64() == Some(entrant as u64))
                        .unwrap();
                    let mut best = lead(game["start_scores"].as_array().unwrap(), seat);
                    for step in game["steps"].as_array().unwrap() {
                        best = best.max(lead(step["scores"].as_array().unwrap(), seat));
                    }
                    assert_eq!(said, best, "{}: {line}", args.join(" "));
                    checked += 1;
                }
            }
        }
    }
    // Enough of them to mean something, at tables of three or more among them.
    assert!(checked >= 20, "{checked} lines");
}
