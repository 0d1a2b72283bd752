//! The characters at hand: each one's skill at every game, temperament, honesty, eye for
//! a cheat, purse and where they come from, as a table or as JSON.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use super::grid::{Grid, Laid, coins, glued, lay_out};
use super::{Layout, Page};
use crate::ai::{Skill, Temperament};
use crate::games::GameKind;
use crate::games::words::heading;
use crate::roster::Character;

/// Where a character comes from, in words.
fn origin(c: &Character) -> String {
    c.file
        .as_ref()
        .map_or_else(|| "built in".to_owned(), |f| f.display().to_string())
}

/// The forms of the roster table, the fullest first.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// A column for each thing, the file included when any character has one.
    Full,
    /// The same without the file (the files are listed below the table).
    NoFile,
    /// The temperament and the purse under the name, the files below the table: an
    /// amount is never split across lines, so on a narrow page it takes the name's
    /// column rather than a column of its own.
    Compact,
}

/// The roster table in one form.
fn grid(characters: &[Character], form: Form) -> Grid {
    let mut head = vec![if form == Form::Compact {
        "Character, purse".to_owned()
    } else {
        "Character".to_owned()
    }];
    head.extend(GameKind::ALL.iter().map(|g| heading(*g).to_owned()));
    if form != Form::Compact {
        head.push("Temperament".to_owned());
    }
    head.push("Honesty / eye".to_owned());
    if form != Form::Compact {
        head.push("Purse".to_owned());
    }
    // Where each comes from, when any comes from a file.
    let files = form == Form::Full && characters.iter().any(|c| c.file.is_some());
    if files {
        head.push("File".to_owned());
    }
    let mut table = Grid::new(head);
    for c in characters {
        let purse = if c.debt.0 > 0 {
            format!(
                "{} (owes {})",
                coins(&c.purse.to_string()),
                coins(&c.debt.to_string())
            )
        } else {
            coins(&c.purse.to_string())
        };
        let mut row = vec![match form {
            Form::Compact => format!("{}\n({})\n{purse}", glued(&c.name), c.temperament),
            Form::Full | Form::NoFile => glued(&c.name),
        }];
        for game in GameKind::ALL {
            let t = c.temperament_at(game);
            let cell = if t == c.temperament {
                c.skill_at(game).to_string()
            } else {
                format!("{} {t}", c.skill_at(game))
            };
            row.push(cell);
        }
        if form != Form::Compact {
            row.push(c.temperament.to_string());
        }
        let eye = c
            .eye
            .unwrap_or_else(|| crate::table::cheat::default_eye(c.skill, c.temperament));
        row.push(glued(&format!("{} / {eye}", c.honesty)));
        if form != Form::Compact {
            row.push(purse);
        }
        if files {
            row.push(glued(&origin(c)));
        }
        table.row(row);
    }
    table
}

/// The table of characters, laid out for the page: name, skill at each game (with the
/// temperament where it differs from their usual), temperament, honesty and eye (their
/// usual; the eye, when the file gives none, from their usual skill and temperament),
/// purse (and debt), and their file (when any has one; "built in" for the others). On a
/// narrow page the temperament and the purse go under the name and the files below the
/// table, and narrower still each character is a line of their own.
#[must_use]
pub fn roster_table(characters: &[Character], layout: Layout) -> Laid {
    let forms = [
        grid(characters, Form::Full),
        grid(characters, Form::NoFile),
        grid(characters, Form::Compact),
    ];
    lay_out(&forms, layout, 0)
}

/// Writes the roster table, and below it each character's file when the table has no
/// room for them.
///
/// # Errors
/// When writing fails.
pub fn write_text(out: &mut impl Write, characters: &[Character], page: Page) -> io::Result<()> {
    let laid = roster_table(characters, page.layout);
    writeln!(out, "{laid}")?;
    if laid.form() != Some(0) {
        for c in characters {
            if let Some(file) = &c.file {
                let line = format!("{}: {}", glued(&c.name), file.display());
                writeln!(out, "{}", page.prose("", &line))?;
            }
        }
    }
    Ok(())
}

/// One game's skill and temperament, in JSON.
#[derive(Serialize)]
struct JsonStyle {
    skill: Skill,
    temperament: Temperament,
}

/// One character, in JSON.
#[derive(Serialize)]
struct JsonCharacter<'a> {
    name: &'a str,
    short: &'a str,
    pronouns: crate::roster::Pronouns,
    description: &'a str,
    skill: Skill,
    temperament: Temperament,
    /// 0 (cheats whenever it pays) to 10 (never).
    honesty: u8,
    /// 0 to 10: how well they spot a cheat (from the file, or their skill and temperament).
    eye: u8,
    games: BTreeMap<GameKind, JsonStyle>,
    purse: String,
    purse_cp: u64,
    debt: String,
    debt_cp: u64,
    file: Option<String>,
}

/// The roster, in JSON.
#[derive(Serialize)]
struct JsonRoster<'a> {
    version: u32,
    folder: Option<String>,
    characters: Vec<JsonCharacter<'a>>,
}

/// Writes the characters as one JSON document (schema in `docs/json.md`).
///
/// # Errors
/// When writing fails.
pub fn write_json(
    out: &mut impl Write,
    folder: Option<&std::path::Path>,
    characters: &[Character],
) -> io::Result<()> {
    let doc = JsonRoster {
        version: super::JSON_VERSION,
        folder: folder.map(|f| f.display().to_string()),
        characters: characters
            .iter()
            .map(|c| JsonCharacter {
                name: &c.name,
                short: &c.short,
                pronouns: c.pronouns,
                description: &c.description,
                skill: c.skill,
                temperament: c.temperament,
                honesty: c.honesty,
                eye: c
                    .eye
                    .unwrap_or_else(|| crate::table::cheat::default_eye(c.skill, c.temperament)),
                games: GameKind::ALL
                    .into_iter()
                    .map(|g| {
                        (
                            g,
                            JsonStyle {
                                skill: c.skill_at(g),
                                temperament: c.temperament_at(g),
                            },
                        )
                    })
                    .collect(),
                purse: c.purse.to_string(),
                purse_cp: c.purse.0,
                debt: c.debt.to_string(),
                debt_cp: c.debt.0,
                file: c.file.as_ref().map(|f| f.display().to_string()),
            })
            .collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}
