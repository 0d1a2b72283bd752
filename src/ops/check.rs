//! Checking files without playing: a character, a tavern, a phrasebook or a whole evening
//! (its tavern, roster, names, matches and bets, exactly as `night` checks it), each told
//! by the key that names its kind.

use std::path::Path;

use super::Error;
use super::evening::{Prepared, prepare};
use crate::narrate::Phrasebook;
use crate::roster::{Character, FileKind, Tavern, detect, read_text};

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
}

/// Checks one file.
///
/// # Errors
/// The first problem in it (or in the files an evening names), at its place.
pub fn check(file: &Path) -> Result<Checked, Error> {
    let text = read_text(file)?;
    Ok(match detect(&text) {
        FileKind::Character => Checked::Character(Box::new(Character::from_toml(file, &text)?)),
        FileKind::Tavern => Checked::Tavern(Box::new(Tavern::from_toml(file, &text)?)),
        FileKind::Phrasebook => {
            Phrasebook::default().merge_toml(file, &text)?;
            Checked::Phrasebook
        }
        FileKind::Evening => {
            super::evening::open_folders(file)?;
            Checked::Evening(Box::new(prepare(file, false)?))
        }
    })
}
