//! Checking files without playing: a character, a tavern, a phrasebook, a whole evening
//! (its tavern, roster, names, matches and bets, exactly as `night` checks it) or a
//! campaign file (and what it names on disk), each told by the key that names its kind.

use std::path::{Path, PathBuf};

use super::Error;
use super::evening::{Prepared, prepare};
use crate::narrate::Phrasebook;
use crate::roster::{Campaign, Character, FileKind, Tavern, detect, read_text};

/// What a file turned out to hold.
#[derive(Clone, Debug)]
pub enum Checked {
    /// A character.
    Character(Box<Character>),
    /// A tavern.
    Tavern(Box<Tavern>),
    /// A phrasebook.
    Phrasebook,
    /// An evening, checked whole.
    Evening(Box<Prepared>),
    /// A campaign file, and what it names on disk.
    Campaign(Box<Campaign>),
}

/// Checks one file (after finishing, or undoing, any write a killed run left in its
/// folders), and says what was finished. An evening is checked in `campaign`, as `night`
/// reads it there.
///
/// # Errors
/// The first problem in it (or in the files an evening names), at its place.
pub fn check(
    file: &Path,
    campaign: Option<&Campaign>,
) -> Result<(Checked, Vec<crate::store::Recovered>), Error> {
    // A write a killed run left in the file's folder is finished (or undone) first, so
    // that the file is read whole.
    let mut recovered = super::apply::open(&crate::store::folder_of(file), super::apply::WAIT)?;
    let text = read_text(file)?;
    let checked = match detect(&text) {
        FileKind::Character => Checked::Character(Box::new(Character::from_toml(file, &text)?)),
        FileKind::Tavern => Checked::Tavern(Box::new(Tavern::from_toml(file, &text)?)),
        FileKind::Phrasebook => {
            Phrasebook::default().merge_toml(file, &text)?;
            Checked::Phrasebook
        }
        FileKind::Evening => {
            recovered.extend(super::evening::open_folders(file, campaign)?);
            Checked::Evening(Box::new(prepare(file, false, campaign)?))
        }
        FileKind::Campaign => Checked::Campaign(Box::new(super::campaign::check(file)?)),
    };
    Ok((checked, recovered))
}

/// A character whose name looks like another's.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LookAlike {
    /// The name.
    pub name: String,
    /// The character file (none: built into taproom).
    pub file: Option<PathBuf>,
}

/// The characters among the files checked whose names look alike, to each other or to a
/// character built into taproom (every roster holds those it does not replace): each
/// group with the file of each name (none: built in). A group of built-in characters
/// alone is none of the GM's business.
#[must_use]
pub fn look_alikes(results: &[(PathBuf, Result<Checked, String>)]) -> Vec<Vec<LookAlike>> {
    let mut found: Vec<LookAlike> = results
        .iter()
        .filter_map(|(file, r)| match r {
            Ok(Checked::Character(c)) => Some(LookAlike {
                name: c.name.clone(),
                file: Some(file.clone()),
            }),
            _ => None,
        })
        .collect();
    for c in crate::roster::Roster::built_in().characters() {
        if !found.iter().any(|f| crate::names::same(&f.name, &c.name)) {
            found.push(LookAlike {
                name: c.name.clone(),
                file: None,
            });
        }
    }
    let names: Vec<&str> = found.iter().map(|f| f.name.as_str()).collect();
    crate::names::look_alikes(&names)
        .into_iter()
        .filter(|g| g.iter().any(|&i| found[i].file.is_some()))
        .map(|g| g.into_iter().map(|i| found[i].clone()).collect())
        .collect()
}
