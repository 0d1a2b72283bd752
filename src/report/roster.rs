//! The characters at hand: each one's skill at every game, temperament, honesty, eye for
//! a cheat, purse and where they come from, as a table or as JSON.

use std::collections::BTreeMap;
use std::io::{self, Write};

use comfy_table::{Cell, Table};
use serde::Serialize;

use super::{Layout, fitted, new_table};
use crate::ai::{Skill, Temperament};
use crate::games::GameKind;
use crate::roster::Character;

/// A game's name short enough for a column heading.
fn heading(game: GameKind) -> &'static str {
    match game {
        GameKind::TidesOfWar => "Tides",
        GameKind::Pic => "Piç",
        GameKind::KiustOyun => "Kiust",
        GameKind::Oicustiytac => "Òicus.",
    }
}

/// Where a character comes from, in words.
fn origin(c: &Character) -> String {
    c.file
        .as_ref()
        .map_or_else(|| "built in".to_owned(), |f| f.display().to_string())
}

/// The table of characters: name, skill at each game (with the temperament where it
/// differs from their usual), temperament, honesty and eye (their usual; the eye, when
/// the file gives none, from their usual skill and temperament), purse (and debt), and
/// their file (when any has one; "built in" for the others).
#[must_use]
pub fn roster_table(characters: &[Character], layout: Layout) -> Table {
    let mut table = new_table();
    let mut head = vec!["Character".to_owned()];
    head.extend(GameKind::ALL.iter().map(|g| heading(*g).to_owned()));
    head.extend(["Temperament", "Honesty / eye", "Purse"].map(str::to_owned));
    // Where each comes from, when any comes from a file.
    let files = characters.iter().any(|c| c.file.is_some());
    if files {
        head.push("File".to_owned());
    }
    table.set_header(head);
    for c in characters {
        let mut row = vec![Cell::new(&c.name)];
        for game in GameKind::ALL {
            let t = c.temperament_at(game);
            let cell = if t == c.temperament {
                c.skill_at(game).to_string()
            } else {
                format!("{} {t}", c.skill_at(game))
            };
            row.push(Cell::new(cell));
        }
        row.push(Cell::new(c.temperament));
        let eye = c
            .eye
            .unwrap_or_else(|| crate::table::cheat::default_eye(c.skill, c.temperament));
        row.push(Cell::new(format!("{} / {eye}", c.honesty)));
        let purse = if c.debt.0 > 0 {
            format!("{} (owes {})", c.purse, c.debt)
        } else {
            c.purse.to_string()
        };
        row.push(Cell::new(purse));
        if files {
            row.push(Cell::new(origin(c)));
        }
        table.add_row(row);
    }
    fitted(table, layout)
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
