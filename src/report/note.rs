//! A match as a note for the GM's notes vault (`--format note`, `history --notes DIR`):
//! YAML front matter with the match's facts (the evening, the tavern, the game, who
//! played, who won, the score, what each purse moved, the seed and the replay line),
//! then a short body in Markdown that links each character's own note (`[[Old Brannoc]]`).
//!
//! Every text value in the front matter is written as a JSON string: JSON's double-quoted
//! strings are YAML's double-quoted scalars (YAML 1.2 took JSON as a subset), so a name
//! with quotes, colons, a leading dash or any Unicode reads back exactly, and a number or
//! `null` stays what it is. The note is written from the match's history record, the
//! same whether it was just played or read back from `history.jsonl`.

use std::fmt::Write as _;

use crate::history::Record;
use crate::wager::money::{Currency, Money, show_change};

use super::escape_markdown;

/// What a note shows besides the record.
#[derive(Clone, Copy, Debug)]
pub struct NoteOptions {
    /// How money is written.
    pub currency: Currency,
    /// Whether cheats nobody caught are told (the GM's notes); else only the caught ones.
    pub gm: bool,
    /// The match's number in its evening, from 1, when known.
    pub number: Option<usize>,
}

/// A value as YAML reads it: a JSON string (see the module's note).
fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_owned()).to_string()
}

/// The score: each entrant's games won, in the order they are named (`2–1`, `2–1–0`).
/// A game shared counts for each sharer, as the match's `wins` count it.
#[must_use]
pub fn wins(record: &Record) -> Vec<u32> {
    record
        .entrants
        .iter()
        .map(|e| {
            let n = record
                .games
                .iter()
                .filter(|g| g.winners.contains(&e.name))
                .count();
            u32::try_from(n).unwrap_or(u32::MAX)
        })
        .collect()
}

/// The note's title: the game and who played.
#[must_use]
pub fn title(record: &Record) -> String {
    let names: Vec<&str> = record.entrants.iter().map(|e| e.name.as_str()).collect();
    format!("{}: {}", record.game.title(), names.join(" v "))
}

/// The note of a match, whole: front matter, then the body.
#[must_use]
pub fn note(record: &Record, options: NoteOptions) -> String {
    let mut out = front_matter(record, options);
    out.push('\n');
    out.push_str(&body(record, options));
    out
}

/// The YAML front matter, between its `---` lines.
fn front_matter(record: &Record, options: NoteOptions) -> String {
    let mut out = String::from("---\n");
    let mut field = |key: &str, value: String| {
        let gap = if value.starts_with('\n') { "" } else { " " };
        let _ = writeln!(out, "{key}:{gap}{value}");
    };
    field("title", quoted(&title(record)));
    field("date", quoted(record.date()));
    field("evening", quoted(record.evening_name()));
    if let Some(n) = options.number {
        field("match", n.to_string());
    }
    field("tavern", quoted(&record.tavern));
    field("game", quoted(record.game.title()));
    field("format", quoted(&record.format));
    field(
        "players",
        list(record.entrants.iter().map(|e| e.name.as_str())),
    );
    field("winner", record.winner().map_or("null".to_owned(), quoted));
    field("winners", list(record.winners.iter().map(String::as_str)));
    let score = wins(record);
    let shown: Vec<String> = score.iter().map(u32::to_string).collect();
    field("score", quoted(&shown.join("–")));
    let pairs = record.entrants.iter().zip(&score);
    field(
        "wins",
        map(pairs.map(|(e, n)| (e.name.as_str(), n.to_string()))),
    );
    let moved = record.money.iter().filter(|m| m.net_cp() != 0);
    let text = |cp: i128| quoted(&show_change(cp, options.currency).to_string());
    field(
        "money",
        map(moved.clone().map(|m| (m.name.as_str(), text(m.net_cp())))),
    );
    field(
        "money_cp",
        map(moved.map(|m| (m.name.as_str(), m.net_cp().to_string()))),
    );
    field("seed", record.seed.to_string());
    field("replay", quoted(&record.replay));
    let tags = ["taproom", record.game.id()];
    field("tags", list(tags.into_iter()));
    out.push_str("---\n");
    out
}

/// A YAML block list of strings (`[]` when empty).
fn list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<String> = items.map(|i| format!("\n  - {}", quoted(i))).collect();
    if items.is_empty() {
        "[]".to_owned()
    } else {
        items.concat()
    }
}

/// A YAML block mapping of names to values already written (`{}` when empty).
fn map<'a>(items: impl Iterator<Item = (&'a str, String)>) -> String {
    let items: Vec<String> = items
        .map(|(k, v)| format!("\n  {}: {v}", quoted(k)))
        .collect();
    if items.is_empty() {
        "{}".to_owned()
    } else {
        items.concat()
    }
}

/// A link to a character's own note, `[[Name]]`; a name a link cannot hold (one with
/// `[`, `]`, `|`, `#` or `^`, which end or split a link) as plain text.
#[must_use]
pub fn link(name: &str) -> String {
    if name.contains(['[', ']', '|', '#', '^']) || name.trim().is_empty() {
        escape_markdown(name)
    } else {
        format!("[[{name}]]")
    }
}

/// The note's body: the title with links, the evening, the result, each game, the money,
/// the cheats and the replay line.
fn body(record: &Record, options: NoteOptions) -> String {
    let mut out = String::new();
    let links: Vec<String> = record.entrants.iter().map(|e| link(&e.name)).collect();
    let _ = writeln!(out, "# {}: {}", record.game.title(), links.join(" v "));
    let mut when = vec![escape_markdown(&record.tavern)];
    if record.evening_name() != record.date() {
        when.push(escape_markdown(record.evening_name()));
    }
    if !record.evening_name().contains(record.date()) {
        when.push(record.date().to_owned());
    }
    let _ = writeln!(
        out,
        "\n{} ({}).",
        when.join(", "),
        escape_markdown(&record.format)
    );
    let score: Vec<String> = wins(record).iter().map(u32::to_string).collect();
    let result = match record.winners.as_slice() {
        [] => "Nobody won the match".to_owned(),
        [one] => format!("{} won the match", link(one)),
        many => {
            let names: Vec<String> = many.iter().map(|n| link(n)).collect();
            format!("{} shared the match", names.join(" and "))
        }
    };
    let _ = writeln!(out, "\n{result}, {}.", score.join("–"));
    games(&mut out, record);
    money(&mut out, record, options.currency);
    cheats(&mut out, record, options.gm);
    let _ = writeln!(
        out,
        "\nSeed {} replays this match: {}",
        record.seed,
        super::code_span(&record.replay)
    );
    out
}

/// Each game's result, a line each.
fn games(out: &mut String, record: &Record) {
    let _ = writeln!(out, "\n## Games\n");
    for g in &record.games {
        let by = if g.winners.is_empty() {
            "drawn".to_owned()
        } else {
            let names: Vec<String> = g.winners.iter().map(|n| link(n)).collect();
            format!("won by {}", names.join(" and "))
        };
        let scores: Vec<String> = g.scores.iter().map(i64::to_string).collect();
        let _ = writeln!(
            out,
            "- Game {}: {by}, {} ({})",
            g.number,
            scores.join("–"),
            escape_markdown(&g.outcome.replace('-', " "))
        );
    }
}

/// What each purse gained or lost, and its worth after; nothing when no money moved.
fn money(out: &mut String, record: &Record, currency: Currency) {
    let moved: Vec<_> = record.money.iter().filter(|m| m.net_cp() != 0).collect();
    if moved.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n## Money\n");
    for m in moved {
        let after = match u64::try_from(m.after_cp) {
            Ok(cp) => Money(cp).show(currency).to_string(),
            Err(_) => format!(
                "owes {}",
                Money(m.after_cp.unsigned_abs() as u64).show(currency)
            ),
        };
        let _ = writeln!(
            out,
            "- {}: {} (now {after})",
            link(&m.name),
            show_change(m.net_cp(), currency)
        );
    }
}

/// The cheats tried: the caught ones always, the unseen ones in the GM's notes.
fn cheats(out: &mut String, record: &Record, gm: bool) {
    let told: Vec<_> = record.cheats.iter().filter(|c| gm || c.caught()).collect();
    if told.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n## Cheats\n");
    for c in told {
        let how = if c.caught() {
            let by: Vec<String> = c.caught_by.iter().map(|n| link(n)).collect();
            format!("caught by {}", by.join(" and "))
        } else {
            "nobody saw it (for the GM alone)".to_owned()
        };
        let _ = writeln!(out, "- Game {}: {} cheated; {how}", c.game, link(&c.by));
    }
}

/// A file name for a match's note that names it stably: the date and the evening (once,
/// when the evening's name holds its date), the match's number in its evening, the game and who played; any
/// character a file system refuses (or a vault reads as a link's end) made a dash, and
/// the name kept within 120 characters. The same record and number give the same name.
#[must_use]
pub fn file_name(record: &Record, number: usize) -> String {
    let (date, evening) = (record.date(), record.evening_name());
    let mut name = if evening.contains(date) {
        evening.to_owned()
    } else {
        format!("{date} {evening}")
    };
    let _ = write!(name, " {number:02} {}", title(record).replace(':', ""));
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_control()
                || matches!(
                    c,
                    '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' | '[' | ']' | '#' | '^'
                )
            {
                '-'
            } else {
                c
            }
        })
        .collect();
    let mut clean: String = clean
        .trim()
        .trim_end_matches('.')
        .chars()
        .take(120)
        .collect();
    clean = clean.trim_end().to_owned();
    format!("{clean}.md")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(evening: &str, names: &[&str]) -> Record {
        let entrants: Vec<_> = names
            .iter()
            .map(|n| serde_json::json!({"name": n}))
            .collect();
        serde_json::from_value(serde_json::json!({
            "version": 1, "at": "2026-12-03T21:04:00+01:00", "tavern": "The Inn",
            "evening": evening, "command": "play", "game": "pic", "format": "best of 3",
            "seed": 7, "replay": "taproom play pic", "entrants": entrants,
            "games": [], "winners": []
        }))
        .unwrap()
    }

    #[test]
    fn a_file_name_holds_nothing_a_file_system_or_a_link_refuses() {
        let r = record("Night/Day: \"one\"", &["A|B", "C#D [x]", "Òicus ü"]);
        let name = file_name(&r, 3);
        assert_eq!(
            name,
            "2026-12-03 Night-Day- -one- 03 Piç A-B v C-D -x- v Òicus ü.md"
        );
        assert_eq!(file_name(&r, 3), name, "the same name again");
    }

    #[test]
    fn an_evening_named_with_its_date_is_not_dated_twice() {
        let r = record("A wet night, 2026-12-03", &["Pip", "Bo"]);
        assert_eq!(
            file_name(&r, 1),
            "A wet night, 2026-12-03 01 Piç Pip v Bo.md"
        );
        let r = record("", &["Pip", "Bo"]);
        assert_eq!(file_name(&r, 12), "2026-12-03 12 Piç Pip v Bo.md");
    }

    #[test]
    fn a_name_a_link_cannot_hold_is_written_as_text() {
        assert_eq!(link("Old Brannoc"), "[[Old Brannoc]]");
        assert_eq!(link("A|B"), "A\\|B");
    }
}
