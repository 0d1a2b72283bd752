//! Every table in every command fits 80 and 60 columns without breaking a word or a
//! number: no line is wider than the page (counted in characters), and every name and
//! figure the same command gives in `--format json` is found whole on one line of its
//! text, wherever the layout put it.
//!
//! Covered, at 80 and at 60 columns, in every game (Tides of War, Piç at two, three, four
//! and five seats, Kiust Oyun, Òicustiỳtac):
//! - `play` with a bet with the bookie and one against a rival: the told match, the
//!   result table, the bets placed and settled, the settlement table;
//! - `odds --audit 10`: the bookie's board, its notes and the audit table;
//! - `ladder` of the same players: the ratings and the pairings.
//!
//! And `roster` (the built-in characters, and the example campaign's with their files)
//! and `night` on the example evening (its matches, the settlement and the purses).
//!
//! The check on tokens reads the JSON, not the code's layout: names (a player's full
//! name, or their short name, whole on a line, and each word of the full name whole),
//! coins (`41 gp`), the bookie's odds (`7 to 4 on`), skills, honesty and eye, the
//! chances on the board (`57.0%`) and the ladder's games, wins, draws, losses and
//! ratings.

use crate::common::Taproom;

use serde_json::Value;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The games, each with the players who sit at it.
fn tables() -> Vec<(&'static str, Vec<&'static str>)> {
    let pic = ["Pip", "Ysolde", "Hrodgar", "Tamsin", "Brannoc"];
    let mut tables = vec![
        ("tides-of-war", vec!["Brannoc", "Hrodgar"]),
        ("kiust-oyun", vec!["Brannoc", "Hrodgar"]),
        ("oicustiytac", vec!["Brannoc", "Hrodgar"]),
    ];
    for n in 2..=5 {
        tables.push(("pic", pic[..n].to_vec()));
    }
    tables
}

/// Every command with a table, as its arguments (without `--format`).
fn commands() -> Vec<Vec<String>> {
    let own = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let mut commands = vec![
        own(&["roster"]),
        own(&["roster", "--roster", "examples/characters"]),
        own(&["night", "examples/evening.toml"]),
    ];
    for (game, players) in tables() {
        let mut play = own(&["play", game]);
        play.extend(own(&players));
        play.extend(own(&["--seed", "5", "--bet"]));
        // The bookie prices the one less likely to win (a near certainty has no price).
        let underdog = if game == "pic" { "Pip" } else { "Hrodgar" };
        play.push(format!("Mirela 1 gp on {underdog}"));
        play.push("--bet".to_owned());
        play.push(format!(
            "Mirela 2 sp on first-turn {} against Tamsin 2 sp",
            players[0]
        ));
        commands.push(play);
        let mut odds = own(&["odds", game]);
        odds.extend(own(&players));
        odds.extend(own(&["--audit", "10"]));
        commands.push(odds);
        let mut ladder = own(&["ladder", game]);
        ladder.extend(own(&players));
        ladder.extend(own(&["--games", "2", "--seed", "3"]));
        commands.push(ladder);
    }
    commands
}

/// What a command must show whole, read from its JSON.
#[derive(Default, Debug)]
struct Tokens {
    /// Full names, with their short names when the JSON gives them.
    names: Vec<(String, Option<String>)>,
    /// Figures and phrases that must stand whole on a line.
    whole: Vec<String>,
    /// Chances, as fractions of 1: shown as a percentage with one decimal.
    chances: Vec<f64>,
}

/// The names, figures and chances in `json` that its text must show whole.
fn tokens(command: &str, json: &Value) -> Tokens {
    let mut t = Tokens::default();
    walk(command, json, None, &mut t);
    // A name given elsewhere with its short name keeps it.
    let shorts: Vec<(String, String)> = t
        .names
        .iter()
        .filter_map(|(n, s)| s.clone().map(|s| (n.clone(), s)))
        .collect();
    for (name, short) in &mut t.names {
        if short.is_none() {
            *short = shorts
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, s)| s.clone());
        }
    }
    t
}

fn walk(command: &str, v: &Value, key: Option<&str>, t: &mut Tokens) {
    match v {
        Value::Object(map) => {
            if let (Some(Value::String(n)), Some(Value::String(s))) =
                (map.get("name"), map.get("short"))
            {
                t.names.push((n.clone(), Some(s.clone())));
            }
            // The board's markets: the match, each game, the first turn and the side
            // bets over the whole match (each game's side bets are in the JSON only).
            if let (Some(market), Some(Value::Array(outcomes))) =
                (map.get("market"), map.get("outcomes"))
                && on_the_board(market)
            {
                for o in outcomes {
                    if let Some(c) = o.get("chance").and_then(Value::as_f64) {
                        t.chances.push(c);
                    }
                    if let Some(Value::String(odds)) = o.get("tavern_odds") {
                        t.whole.push(odds.clone());
                    }
                }
            }
            for (k, v) in map {
                if k == "markets" || k == "audit" && command == "odds" {
                    // The markets are read above; the audit's figures are the board's.
                    if k == "markets" {
                        for m in v.as_array().into_iter().flatten() {
                            walk(command, m, None, t);
                        }
                    }
                    continue;
                }
                walk(command, v, Some(k), t);
            }
        }
        Value::Array(items) => {
            for item in items {
                walk(command, item, key, t);
            }
        }
        Value::String(s) => match key {
            // In `night` a `name` is also the evening's or a match's title.
            Some("name" | "players") if command == "night" => {}
            Some(
                "name" | "bettor" | "contender" | "against" | "winner" | "winners" | "players",
            ) if !t.names.iter().any(|(n, _)| n == s) => {
                t.names.push((s.clone(), None));
            }
            // A bet's payout is printed in the full settlement table only; the compact one
            // that narrow pages get says what the purse gained or lost instead (a figure
            // the JSON does not carry by the bet).
            Some("purse" | "stake") => t.whole.extend(coins(s)),
            Some("price") => t.whole.push(s.clone()),
            _ => {}
        },
        Value::Number(n) => match (command, key) {
            ("roster", Some("skill" | "honesty" | "eye"))
            | ("ladder", Some("games" | "won" | "drawn" | "lost")) => {
                t.whole.push(n.to_string());
            }
            ("ladder", Some("rating")) => {
                if let Some(r) = n.as_f64() {
                    t.whole.push(format!("{r:.0}"));
                }
            }
            _ => {}
        },
        _ => {}
    }
}

/// Whether a market of the odds JSON is on the printed board.
fn on_the_board(market: &Value) -> bool {
    match market.get("market").and_then(Value::as_str) {
        Some("match" | "game" | "first-turn") => true,
        _ => market.get("scope").and_then(Value::as_str) == Some("match"),
    }
}

/// An amount as a whole, its sign aside: `+41 gp 7 sp` is `41 gp 7 sp`, never parted.
fn coins(amount: &str) -> Vec<String> {
    let amount = amount.trim().trim_start_matches(['+', '−', '-']);
    if amount.split_whitespace().count() >= 2 {
        vec![amount.to_owned()]
    } else {
        Vec::new()
    }
}

/// Whether `token` stands whole on some line: not inside a longer word or number.
fn whole(lines: &[&str], token: &str) -> bool {
    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '.');
    lines.iter().any(|line| {
        line.match_indices(token).any(|(i, _)| {
            !part(line[..i].chars().next_back()) && !part(line[i + token.len()..].chars().next())
        })
    })
}

/// What `args` prints at `width` columns.
fn text(args: &[String], width: usize) -> String {
    Taproom::new()
        .args(args)
        .current_dir(root())
        .env("COLUMNS", &width.to_string())
        .ok()
        .stdout
}

#[test]
fn every_table_of_every_command_fits_80_and_60_columns_with_every_token_whole() {
    let mut faults = Vec::new();
    for args in commands() {
        let mut json_args = args.clone();
        json_args.extend(["--format".to_owned(), "json".to_owned()]);
        let json = Taproom::new()
            .args(&json_args)
            .current_dir(root())
            .ok()
            .stdout;
        let json: Value = serde_json::from_str(&json).expect("JSON");
        let t = tokens(&args[0], &json);
        assert!(!t.names.is_empty(), "{args:?}: names in the JSON");
        assert!(!t.whole.is_empty(), "{args:?}: figures in the JSON");
        assert!(
            args[0] != "odds" || !t.chances.is_empty(),
            "{args:?}: chances in the JSON"
        );
        for width in [80, 60] {
            let out = text(&args, width);
            let lines: Vec<&str> = out.lines().collect();
            for line in &lines {
                if line.chars().count() > width {
                    faults.push(format!("{args:?} at {width}: wider: {line}"));
                }
            }
            for (name, short) in &t.names {
                let found =
                    whole(&lines, name) || short.as_deref().is_some_and(|s| whole(&lines, s));
                if !found {
                    faults.push(format!("{args:?} at {width}: no line has {name} whole"));
                }
                for word in name.split_whitespace() {
                    if !whole(&lines, word) {
                        faults.push(format!("{args:?} at {width}: {word} (of {name}) broken"));
                    }
                }
            }
            for token in &t.whole {
                if !whole(&lines, token) {
                    faults.push(format!("{args:?} at {width}: {token:?} not whole"));
                }
            }
            for &c in &t.chances {
                // The chance as the board prints it, allowing for JSON's own rounding.
                let shown = [-0.0005, 0.0, 0.0005].map(|d| format!("{:.1}%", (c + d) * 100.0));
                if !shown.iter().any(|s| whole(&lines, s)) {
                    faults.push(format!("{args:?} at {width}: chance {c} not whole"));
                }
            }
        }
    }
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

#[test]
fn the_roster_json_gives_honesty_and_eye() {
    let out = Taproom::new()
        .args(["roster", "--format", "json"])
        .ok()
        .stdout;
    let json: Value = serde_json::from_str(&out).unwrap();
    let mirela = json["characters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["short"] == "Mirela")
        .unwrap();
    // As the README gives them: Mirela Quickfingers honesty 2, eye 9.
    assert_eq!(
        (mirela["honesty"].as_u64(), mirela["eye"].as_u64()),
        (Some(2), Some(9))
    );
}

/// The figures of a text, as a GM reads them: each amount of coins whole (`+3 gp 2 sp
/// 1 cp`, `−5 sp`), each percentage or range of them (`57.0%`, `49.8%–66.5%`) with the
/// count after it (`53.0% (53)`). Read word by word from the text itself, each cell of a
/// table on its own.
fn figures(text: &str) -> Vec<String> {
    const COINS: [&str; 5] = ["pp", "gp", "ep", "sp", "cp"];
    let number = |w: &str| {
        let w = w.trim_start_matches(['+', '−', '-']);
        !w.is_empty() && w.chars().all(|c| c.is_ascii_digit() || c == ',')
    };
    let coin = |w: &str| COINS.contains(&w.trim_end_matches([',', '.', ';', ':', ')']));
    let mut out = Vec::new();
    for cell in text.lines().flat_map(|l| l.split(['│', '┆', '|'])) {
        let words: Vec<&str> = cell.split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            if i + 1 < words.len() && number(words[i]) && coin(words[i + 1]) {
                let mut amount = vec![words[i], words[i + 1]];
                i += 2;
                while i + 1 < words.len()
                    && number(words[i])
                    && !words[i].starts_with(['+', '−', '-'])
                    && coin(words[i + 1])
                    && coin(amount[amount.len() - 1])
                    && amount[amount.len() - 1]
                        == amount[amount.len() - 1].trim_end_matches([',', '.', ';', ':', ')'])
                {
                    amount.extend([words[i], words[i + 1]]);
                    i += 2;
                }
                let mut a = amount.join(" ");
                a = a.trim_end_matches([',', '.', ';', ':', ')']).to_owned();
                out.push(a);
                continue;
            }
            let w = words[i].trim_matches(|c: char| "(),.;:“”\"".contains(c));
            // A header's `95% range` is no figure.
            let header = words.get(i + 1) == Some(&"range");
            if w.ends_with('%') && w.chars().any(|c| c.is_ascii_digit()) && !header {
                match words.get(i + 1) {
                    Some(n)
                        if n.starts_with('(')
                            && n.ends_with(')')
                            && n[1..n.len() - 1].chars().all(|c| c.is_ascii_digit()) =>
                    {
                        out.push(format!("{w} {n}"));
                        i += 2;
                        continue;
                    }
                    _ => out.push(w.to_owned()),
                }
            }
            i += 1;
        }
    }
    out
}

#[test]
fn figures_read_from_a_text_by_hand() {
    let text = "│ Pip ┆ +4 gp 6 sp 8 cp ┆ 53.0% (53) ┆ 49.8%–66.5% │\nnet −5 sp, caught 1";
    assert_eq!(
        figures(text),
        ["+4 gp 6 sp 8 cp", "53.0% (53)", "49.8%–66.5%", "−5 sp"]
    );
}

/// The commands whose narrower forms show the same figures as the widest: the bookie's
/// boards and audits, the ladders, the history and a long audit. (`play` and `night`
/// show a bet's change where the widest shows its payout; their amounts are checked
/// against the JSON above.)
fn every_command() -> Vec<Vec<String>> {
    let own = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let mut all: Vec<Vec<String>> = commands()
        .into_iter()
        .filter(|c| c[0] == "odds" || c[0] == "ladder")
        .collect();
    all.push(own(&["history", "examples/chronicle"]));
    all.push(own(&[
        "history",
        "examples/chronicle",
        "--character",
        "Pip",
    ]));
    all.push(own(&[
        "odds", "tides", "Brannoc", "Mirela", "--audit", "100",
    ]));
    all
}

#[test]
fn every_figure_printed_wide_is_whole_on_one_line_at_80_and_60_columns() {
    let mut faults = Vec::new();
    let mut counted = 0;
    for args in every_command() {
        let wide = text(&args, 1000);
        let want = figures(&wide);
        counted += want.len();
        for width in [80, 60] {
            let out = text(&args, width);
            let lines: Vec<&str> = out.lines().collect();
            for line in &lines {
                if line.chars().count() > width {
                    faults.push(format!("{args:?} at {width}: wider: {line}"));
                }
            }
            let got = figures(&out);
            for f in &want {
                if !got.contains(f) {
                    faults.push(format!("{args:?} at {width}: {f:?} not whole on a line"));
                }
            }
        }
    }
    // The long audit alone shows more than a hundred chances.
    assert!(counted > 400, "only {counted} figures read");
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
