//! The default telling read aloud: how long it takes, and how it varies over an evening.
//!
//! What is counted is what the GM reads aloud: every line of the telling's scenes (`play
//! --format json`, `scenes[].lines`), the greeting to the result's last word, but not the
//! lines only the GM may know (a scene's `gm_only`), not the scenes' headings, and not the
//! results table or the wagers. A word is what stands between spaces with a letter or a
//! digit in it ("Mirela", "2,"; a dash alone is none). At 150 words a minute, 45 seconds
//! is 112.5 words and a minute 150.
//!
//! A line's kind is found here, not asked of taproom: each line is matched against the
//! phrasebook's own templates (`data/phrases.toml`, `data/crowd.toml`: its kind is the
//! moment's key, "comeback") and against the characters' voice lines (`data/characters`:
//! "voice win"), read from the files.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::Taproom;

/// Every game at every table size it is played at.
const TABLES: [(&str, usize); 7] = [
    ("tides", 2),
    ("pic", 2),
    ("pic", 3),
    ("pic", 4),
    ("pic", 5),
    ("kiust", 2),
    ("dogfight", 2),
];

fn json(args: &[&str]) -> serde_json::Value {
    let out = Taproom::new().args(args).args(["--format", "json"]).ok();
    serde_json::from_str(&out.stdout).expect("JSON")
}

/// The built-in characters' names, in the roster's order.
fn characters() -> Vec<String> {
    json(&["roster"])["characters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect()
}

/// The default match of a game at a table of `seats` (the roster's first `seats`
/// characters; two is the default), told at `seed`: its scenes' lines read aloud, by
/// scene heading.
fn told(game: &str, seats: usize, seed: u32, chars: &[String]) -> Vec<(String, Vec<String>)> {
    let seed = seed.to_string();
    let mut args = vec!["play", game];
    if seats > 2 {
        args.extend(chars[..seats].iter().map(String::as_str));
    }
    args.extend(["--seed", &seed]);
    let m = json(&args);
    m["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let gm: Vec<u64> = s["gm_only"]
                .as_array()
                .map(|a| a.iter().filter_map(serde_json::Value::as_u64).collect())
                .unwrap_or_default();
            let lines = s["lines"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
                .filter(|(i, _)| !gm.contains(&(*i as u64)))
                .map(|(_, l)| l.as_str().unwrap().to_owned())
                .collect();
            (s["heading"].as_str().unwrap().to_owned(), lines)
        })
        .collect()
}

/// The words of a line read aloud.
fn words(line: &str) -> usize {
    line.split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .count()
}

/// Over seeds 1 to 20, every game at every table size reads aloud within 45 seconds at
/// the median and a minute at most, at 150 words a minute.
#[test]
fn every_default_telling_reads_within_a_minute() {
    let chars = characters();
    let mut report = Vec::new();
    for (game, seats) in TABLES {
        let mut counts: Vec<usize> = (1..=20)
            .map(|seed| {
                told(game, seats, seed, &chars)
                    .iter()
                    .flat_map(|(_, lines)| lines)
                    .map(|l| words(l))
                    .sum()
            })
            .collect();
        counts.sort_unstable();
        // The median of twenty: halfway between the tenth and the eleventh.
        let twice_median = counts[9] + counts[10];
        let max = counts[19];
        let secs = |w: f64| w * 60.0 / 150.0;
        report.push(format!(
            "{game} at {seats}: median {} words ({:.0} s), max {max} words ({:.0} s)",
            twice_median as f64 / 2.0,
            secs(twice_median as f64 / 2.0),
            secs(max as f64)
        ));
        assert!(
            twice_median <= 225,
            "{game} at {seats}: median {} words: {counts:?}",
            twice_median as f64 / 2.0
        );
        assert!(max <= 150, "{game} at {seats}: {max} words: {counts:?}");
        assert!(
            counts[0] >= 20,
            "{game} at {seats}: a telling of {counts:?}"
        );
    }
    eprintln!("{}", report.join("\n"));
}

/// How a text matches a template whose `{placeholders}` stand for any text: the literal
/// parts in order, the first at the start, the last at the end. A possessive is compared
/// without its "s" ("Mirela's", "Quickfingers'").
fn fits(template: &str, text: &str) -> bool {
    let plain = |s: &str| s.replace("'s", "'");
    let (template, text) = (plain(template), plain(text));
    let mut parts: Vec<&str> = Vec::new();
    let mut rest = template.as_str();
    while let Some(open) = rest.find('{') {
        parts.push(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
        rest = &rest[close..];
    }
    parts.push(rest);
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return text == first;
    }
    let Some(mut left) = text.strip_prefix(first) else {
        return false;
    };
    let Some(middle) = left.strip_suffix(last) else {
        return false;
    };
    left = middle;
    for part in &parts[1..parts.len() - 1] {
        match left.find(part) {
            Some(at) => left = &left[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Every line of the phrasebooks built in, with its moment's key.
fn templates() -> Vec<(String, String)> {
    let mut out = Vec::new();
    // The common book and the crowd's, and each game's own section in its folder.
    let mut files = vec!["data/phrases.toml".to_owned(), "data/crowd.toml".to_owned()];
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games");
    for entry in std::fs::read_dir(games).expect("src/games") {
        let folder = entry.expect("entry").path();
        if folder.join("phrases.toml").is_file() {
            let name = folder.file_name().unwrap().to_string_lossy().into_owned();
            files.push(format!("src/games/{name}/phrases.toml"));
        }
    }
    assert_eq!(files.len(), 6, "the four games' sections: {files:?}");
    for file in &files {
        let doc = read_toml(file);
        for (section, table) in doc.as_table().unwrap() {
            if section == "temperament" {
                continue;
            }
            for (key, lines) in table.as_table().unwrap() {
                for l in lines.as_array().unwrap() {
                    out.push((key.clone(), l.as_str().unwrap().to_owned()));
                }
            }
        }
    }
    out
}

/// Every voice line of the built-in characters, with its kind ("voice greeting"): every
/// list of lines under a `voice` table, wherever it sits.
fn voice_lines() -> Vec<(String, String)> {
    fn walk(v: &toml::Value, key: &str, in_voice: bool, out: &mut Vec<(String, String)>) {
        match v {
            toml::Value::String(s) if in_voice => out.push((format!("voice {key}"), s.clone())),
            toml::Value::Array(a) => a.iter().for_each(|x| walk(x, key, in_voice, out)),
            toml::Value::Table(t) => {
                for (k, x) in t {
                    walk(x, k, in_voice || k == "voice", out);
                }
            }
            _ => {}
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/characters");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("characters") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).expect("read");
            walk(&toml::from_str(&text).expect("toml"), "", false, &mut out);
        }
    }
    out
}

fn read_toml(file: &str) -> toml::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    toml::from_str(&std::fs::read_to_string(path).expect("read")).expect("toml")
}

/// What a line of the telling is: a quoted voice line (its kind and the words quoted), or
/// a line of the phrasebook (every key whose lines it fits: a line that fits two counts
/// for both). Empty when it is neither.
fn kinds_of(
    line: &str,
    book: &[(String, String)],
    voices: &[(String, String)],
) -> (Vec<String>, Option<String>) {
    let quoted = line
        .find('"')
        .zip(line.rfind('"'))
        .filter(|(a, b)| a < b)
        .map(|(a, b)| line[a + 1..b].trim_end_matches(['.', ',']).to_owned());
    if let Some(q) = &quoted {
        let mut kinds: Vec<String> = voices
            .iter()
            .filter(|(_, v)| fits(v.trim_end_matches(['.', ',']), q))
            .map(|(k, _)| k.clone())
            .collect();
        kinds.sort();
        kinds.dedup();
        if !kinds.is_empty() {
            return (kinds, quoted);
        }
    }
    let mut kinds: Vec<String> = book
        .iter()
        .filter(|(_, t)| fits(t, line))
        .map(|(k, _)| k.clone())
        .collect();
    kinds.sort();
    kinds.dedup();
    (kinds, None)
}

/// The matcher finds what it is for.
#[test]
fn a_line_is_known_by_its_template() {
    assert!(fits(
        "{winner} takes game {number}.",
        "Old Brannoc takes game 2."
    ));
    assert!(fits(
        "{mover}'s last counter makes three in {owner}'s {place}: it becomes {mover}'s piç.",
        "Mirela Quickfingers' last counter makes three in Pip's heap 4: it becomes \
         Mirela Quickfingers' piç."
    ));
    assert!(!fits(
        "{winner} takes game {number}.",
        "Game 2 goes to Pip."
    ));
    assert!(!fits("And that is all.", "And that is all, friends."));
    let (book, voices) = (templates(), voice_lines());
    let (kinds, _) = kinds_of(
        "From 28 down, Sister Ysolde fights all the way back past Old Brannoc.",
        &book,
        &voices,
    );
    assert_eq!(kinds, ["comeback"]);
    let (kinds, quoted) = kinds_of(
        "Old Brannoc nods to Mirela Quickfingers: \"Twenty years on the caravan roads. Sit \
         down, I'll not bite.\"",
        &book,
        &voices,
    );
    assert_eq!(kinds, ["voice greeting"]);
    assert_eq!(
        quoted.as_deref(),
        Some("Twenty years on the caravan roads. Sit down, I'll not bite")
    );
}

/// An evening of 30 default matches, seeds 1 to 30, the games and table sizes in turn:
/// no opening (the first line's quoted words, else the line) more than three times, and
/// no kind of line more than a tenth of all the lines read aloud. Exempt are the lines
/// every telling has by its shape, one a match or a game: the opening itself (held to
/// the rule above), each game's last line (how it ended) and the match's result.
#[test]
fn an_evening_varies_its_openings_and_its_kinds_of_line() {
    let chars = characters();
    let (book, voices) = (templates(), voice_lines());
    let mut openings: BTreeMap<String, usize> = BTreeMap::new();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let (mut total, mut unknown) = (0, Vec::new());
    for seed in 1..=30u32 {
        let (game, seats) = TABLES[(seed as usize - 1) % TABLES.len()];
        let scenes = told(game, seats, seed, &chars);
        let mut first = true;
        for (heading, lines) in &scenes {
            let a_game = heading.starts_with("Game ") || heading.starts_with("Round ");
            for (i, line) in lines.iter().enumerate() {
                total += 1;
                let (of, quoted) = kinds_of(line, &book, &voices);
                if of.is_empty() {
                    unknown.push(line.clone());
                }
                if std::mem::take(&mut first) {
                    *openings
                        .entry(quoted.unwrap_or_else(|| line.clone()))
                        .or_default() += 1;
                    continue;
                }
                let result = of.iter().any(|k| k.starts_with("match-"));
                if (a_game && i + 1 == lines.len()) || result {
                    continue;
                }
                for k in of {
                    *kinds.entry(k).or_default() += 1;
                }
            }
        }
    }
    let mut by_count: Vec<(&String, &usize)> = kinds.iter().collect();
    by_count.sort_by_key(|(k, n)| (std::cmp::Reverse(**n), (*k).clone()));
    eprintln!("{total} lines; the kinds told beside the frame: {by_count:?}");
    eprintln!("openings: {openings:?}");
    // The matcher knows nearly every line, or the count would mean little.
    assert!(unknown.len() * 20 <= total, "{unknown:#?}");
    assert!(total >= 150, "{total} lines");
    for (opening, n) in &openings {
        assert!(*n <= 3, "{opening:?} opens {n} of 30");
    }
    for (kind, n) in &kinds {
        assert!(n * 10 <= total, "{kind}: {n} of {total} lines");
    }
}
