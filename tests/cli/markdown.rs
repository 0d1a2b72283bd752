//! Markdown that reads back as the names it was given (`--format markdown` of `play`,
//! `night`, `sit` and `history`, and the HTML page made from it): a name holding HTML, a
//! backtick, a `|`, `*` or `_` is text in the heading, in a table's cell and in the
//! replay's code span, never a tag, a cut cell or a broken span.
//!
//! The Markdown is read back by pulldown-cmark, a CommonMark reader of its own (with
//! GitHub's tables), never by taproom's code: no HTML comes out of it, every row of a
//! table has as many cells as its header, the names are whole cells, and the replay's
//! code span is the replay line that the text output prints.

use std::path::Path;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use serde_json::json;

use crate::common::Taproom;

/// A name that is an HTML tag with a script in it.
const IMG: &str = "<img src=x onerror=alert(1)>";
/// A name with a backtick, a `|`, emphasis and a link in it.
const TICK: &str = "Tick`s | *Bold* _Ann_ [x](y) #1";
/// A tavern and an evening the same.
const TAVERN: &str = "The <b>Rat | *Inn* `x`";
const EVENING: &str = "A ``night`` at the <i>Rat | _wet_";

/// What the Markdown holds, as pulldown-cmark reads it.
#[derive(Debug, Default)]
struct Read {
    /// HTML the reader found (raw or inline).
    html: Vec<String>,
    /// Each table: its header's cells, then each row's.
    tables: Vec<(Vec<String>, Vec<Vec<String>>)>,
    /// The text of each code span.
    codes: Vec<String>,
    /// The text of each heading.
    headings: Vec<String>,
}

fn read(md: &str) -> Read {
    let mut out = Read::default();
    let mut cell: Option<String> = None;
    let mut row: Vec<String> = Vec::new();
    let mut heading: Option<String> = None;
    let mut in_head = false;
    for event in Parser::new_ext(md, Options::ENABLE_TABLES) {
        match event {
            Event::Html(h) | Event::InlineHtml(h) => out.html.push(h.to_string()),
            Event::Start(Tag::Table(_)) => out.tables.push((Vec::new(), Vec::new())),
            Event::Start(Tag::TableHead) => in_head = true,
            Event::End(TagEnd::TableHead) => {
                in_head = false;
                out.tables.last_mut().unwrap().0 = std::mem::take(&mut row);
            }
            Event::End(TagEnd::TableRow) => {
                out.tables
                    .last_mut()
                    .unwrap()
                    .1
                    .push(std::mem::take(&mut row));
            }
            Event::Start(Tag::TableCell) => cell = Some(String::new()),
            Event::End(TagEnd::TableCell) => row.push(cell.take().unwrap()),
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => out.headings.push(heading.take().unwrap()),
            Event::Code(c) => {
                out.codes.push(c.to_string());
                for open in [&mut cell, &mut heading].into_iter().flatten() {
                    open.push_str(&c);
                }
            }
            Event::Text(t) => {
                for open in [&mut cell, &mut heading].into_iter().flatten() {
                    open.push_str(&t);
                }
            }
            _ => {}
        }
    }
    assert!(!in_head);
    out
}

/// The checks every Markdown output passes: no HTML, every row as wide as its header.
fn sound(md: &str, what: &str) -> Read {
    let r = read(md);
    assert!(r.html.is_empty(), "{what}: HTML {:?} in\n{md}", r.html);
    assert!(!r.tables.is_empty(), "{what}: no table in\n{md}");
    for (head, rows) in &r.tables {
        for row in rows {
            assert_eq!(
                row.len(),
                head.len(),
                "{what}: {row:?} under {head:?}\n{md}"
            );
        }
    }
    r
}

/// Whether a table has a cell that is exactly `text`.
fn has_cell(r: &Read, text: &str) -> bool {
    r.tables
        .iter()
        .flat_map(|(_, rows)| rows)
        .flatten()
        .any(|c| c == text)
}

/// The command after "replays this match:" in a text output laid out wide (one line).
fn replay_of(text: &str) -> String {
    text.lines()
        .find_map(|l| {
            l.split_once(" replays this match: ")
                .map(|(_, c)| c.to_owned())
        })
        .unwrap_or_else(|| panic!("no replay line in {text}"))
}

/// A folder with a roster of IMG and TICK (5 gp each), a tavern and an evening of one
/// match between them, all named with Markdown in their names.
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::create_dir(p.join("roster")).unwrap();
    for (file, name) in [("img.toml", IMG), ("tick.toml", TICK)] {
        let text = format!(
            "name = {}\nskill = 4\npurse = \"5 gp\"\n",
            toml_string(name)
        );
        std::fs::write(p.join("roster").join(file), text).unwrap();
    }
    std::fs::write(
        p.join("tavern.toml"),
        format!("tavern = {}\nbookie = \"Olek\"\n", toml_string(TAVERN)),
    )
    .unwrap();
    std::fs::write(
        p.join("evening.toml"),
        format!(
            "evening = {}\ntavern = \"tavern.toml\"\nroster = \"roster\"\nseed = 4\n\n\
             [[match]]\ngame = \"tides-of-war\"\nplayers = [{}, {}]\nbest_of = 1\n\
             bets = [\"Pip 1 sp on Tick\"]\n",
            toml_string(EVENING),
            toml_string(IMG),
            toml_string(TICK)
        ),
    )
    .unwrap();
    dir
}

/// A TOML basic string holding `text`.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

/// The match between IMG and TICK, with a bet on each, in `format`.
fn play(dir: &Path, format: &[&str]) -> String {
    Taproom::new()
        .args([
            "play", "tides", IMG, TICK, "--roster", "roster", "--seed", "1",
        ])
        .args([
            "--best-of",
            "1",
            "--bet",
            "Pip 1 sp on Tick",
            "--tavern",
            "tavern.toml",
        ])
        .args(format)
        .current_dir(dir)
        .ok()
        .stdout
}

#[test]
fn play_markdown_reads_back_as_the_names() {
    let dir = campaign();
    let md = play(dir.path(), &["--format", "markdown"]);
    let r = sound(&md, "play");
    // The heading names both, as written.
    let title = &r.headings[0];
    assert!(title.contains(IMG) && title.contains(TICK), "{title:?}");
    // The result table: four columns (by hand: game, player, seat, result), each name a
    // whole cell of the player column.
    let (head, rows) = r
        .tables
        .iter()
        .find(|(h, _)| h.first().is_some_and(|c| c == "Game"))
        .expect("the result table");
    assert_eq!(head.len(), 4, "{head:?}");
    let players: Vec<&str> = rows.iter().map(|row| row[1].as_str()).collect();
    assert!(
        players.contains(&IMG) && players.contains(&TICK),
        "{players:?}"
    );
    // The settlement's table: the bettor's name and the bet are cells of their own.
    assert!(has_cell(&r, "Pip Underbough"), "{:?}", r.tables);
    // The replay's code span is the command the text output prints.
    let replay = replay_of(&play(dir.path(), &["--wide"]));
    assert!(r.codes.contains(&replay), "{:?} lacks {replay:?}", r.codes);
    // And it reads back, as a shell reads it, into the names given.
    let words = shell_words::split(&replay).unwrap();
    assert!(
        words.contains(&IMG.to_owned()) && words.contains(&TICK.to_owned()),
        "{words:?}"
    );
}

#[test]
fn night_markdown_reads_back_as_the_names() {
    let dir = campaign();
    let night = |format: &[&str]| {
        Taproom::new()
            .args(["night", "evening.toml"])
            .args(format)
            .current_dir(dir.path())
            .ok()
            .stdout
    };
    let md = night(&["--format", "markdown"]);
    let r = sound(&md, "night");
    assert_eq!(r.headings[0], EVENING, "{:?}", r.headings);
    assert!(
        r.headings
            .iter()
            .any(|h| h == &format!("Settling up at {TAVERN}")),
        "{:?}",
        r.headings
    );
    assert!(has_cell(&r, IMG) && has_cell(&r, TICK), "{:?}", r.tables);
    let replay = replay_of(&night(&["--wide"]));
    assert!(r.codes.contains(&replay), "{:?} lacks {replay:?}", r.codes);
}

#[test]
fn sit_markdown_reads_back_as_the_names() {
    let dir = campaign();
    // A person at the table whose name is Markdown too; the end of the input resigns.
    let person = "Ned `|` <i>";
    let sit = |format: &[&str]| {
        Taproom::new()
            .args(["sit", "tides", IMG, "--as", person, "--roster", "roster"])
            .args(["--seed", "3", "--best-of", "1"])
            .args(format)
            .current_dir(dir.path())
            .stdin("")
            .ok()
            .stdout
    };
    // The sitting itself is the table's screen (boards, prompts), plain text; the
    // Markdown is the match told after it, from its heading on.
    let out = sit(&["--format", "markdown"]);
    let md = &out[out.find("\n## ").expect("the match told")..];
    let r = sound(md, "sit");
    let title = &r.headings[0];
    assert!(title.contains(IMG) && title.contains(person), "{title:?}");
    assert!(has_cell(&r, IMG) && has_cell(&r, person), "{:?}", r.tables);
    let replay = replay_of(&sit(&["--wide"]));
    assert!(r.codes.contains(&replay), "{:?} lacks {replay:?}", r.codes);
}

#[test]
fn history_markdown_reads_back_as_the_names() {
    let dir = tempfile::tempdir().unwrap();
    let record = json!({
        "version": 1, "at": "2026-10-01T20:00:00+01:00", "tavern": TAVERN,
        "evening": EVENING, "command": "play", "game": "pic", "format": "best of 1",
        "rules": [], "seed": 7, "replay": "taproom play pic --seed 7",
        "entrants": [{"name": IMG, "price": 0.1}, {"name": TICK, "price": 0.9}],
        "games": [{"number": 1, "winners": [IMG], "scores": [1, 0], "outcome": "won"}],
        "winners": [IMG], "cheats": [],
        "money": [{"name": IMG, "before_cp": 0, "after_cp": 100},
                  {"name": TICK, "before_cp": 100, "after_cp": 0}],
    });
    std::fs::write(dir.path().join("history.jsonl"), format!("{record}\n")).unwrap();
    let out = Taproom::new()
        .args([
            "history",
            dir.path().to_str().unwrap(),
            "--format",
            "markdown",
        ])
        .ok();
    let r = sound(&out.stdout, "history");
    // By hand: the standings (nine columns), the game's, the head-to-head, the upset (the
    // winner at 10%) and the champion: five tables, each name a whole cell.
    assert_eq!(r.tables.len(), 5, "{:?}", r.tables);
    assert_eq!(r.tables[0].0.len(), 9, "{:?}", r.tables[0].0);
    for (head, rows) in &r.tables {
        let first: Vec<&str> = rows.iter().map(|row| row[0].as_str()).collect();
        assert!(
            first.contains(&IMG) || first.contains(&TAVERN) || first.contains(&"2026-10-01"),
            "{head:?}: {first:?}"
        );
    }
    assert!(has_cell(&r, TICK) && has_cell(&r, TAVERN), "{:?}", r.tables);
}

/// The tables of an HTML page: each one's header cells and each body row's cells,
/// counted by their tags.
fn html_tables(html: &str) -> Vec<(usize, Vec<usize>)> {
    html.split("<table>")
        .skip(1)
        .map(|t| {
            let t = t.split("</table>").next().unwrap();
            let (head, body) = t.split_once("</thead>").unwrap_or(("", t));
            let rows = body
                .split("<tr>")
                .skip(1)
                .map(|row| row.matches("</td>").count())
                .collect();
            (head.matches("</th>").count(), rows)
        })
        .collect()
}

#[test]
fn the_html_page_shows_the_names_as_text_and_keeps_every_cell() {
    let dir = campaign();
    let pages = [
        play(dir.path(), &["--format", "html"]),
        Taproom::new()
            .args(["night", "evening.toml", "--format", "html"])
            .current_dir(dir.path())
            .ok()
            .stdout,
    ];
    for html in pages {
        for live in ["<img src=x", "<b>", "<i>"] {
            assert!(!html.contains(live), "{live} is live");
        }
        assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"));
        let tables = html_tables(&html);
        assert!(!tables.is_empty());
        for (head, rows) in tables {
            for cells in rows {
                assert_eq!(cells, head, "a row of {cells} cells under {head}");
            }
        }
    }
}
