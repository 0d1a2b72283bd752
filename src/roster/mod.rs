//! Characters, taverns and evenings from the GM's TOML files, validated into plain types.
//! Nothing below this layer sees TOML.

pub mod campaign;
pub mod character;
pub mod evening;
pub mod intent;
pub mod kind;
mod skill;
pub mod source;
pub mod tavern;
pub mod template;
pub mod voice;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub use crate::names::{Pronouns, default_short};
pub use crate::table::cheat::default_eye;
pub use campaign::Campaign;
pub use character::Character;
pub use evening::{Evening, MatchPlan};
pub use intent::{Dnd, Hustle, Intent, Throw};
pub use kind::{FileKind, detect, expect};
pub use source::FileError;
pub use tavern::Tavern;
pub use voice::{MONEY_WORDS, VOICE_KEYS, Voice, VoiceMoment, speaks_of_money};

/// The characters built into taproom, so that it runs with no files at all.
const BUILT_IN: [(&str, &str); 6] = [
    (
        "data/characters/brannoc.toml",
        include_str!("../../data/characters/brannoc.toml"),
    ),
    (
        "data/characters/mirela.toml",
        include_str!("../../data/characters/mirela.toml"),
    ),
    (
        "data/characters/hrodgar.toml",
        include_str!("../../data/characters/hrodgar.toml"),
    ),
    (
        "data/characters/pip.toml",
        include_str!("../../data/characters/pip.toml"),
    ),
    (
        "data/characters/ysolde.toml",
        include_str!("../../data/characters/ysolde.toml"),
    ),
    (
        "data/characters/tamsin.toml",
        include_str!("../../data/characters/tamsin.toml"),
    ),
];

/// A problem assembling the roster.
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    /// A file is wrong.
    #[error(transparent)]
    File(#[from] FileError),
    /// A name matches nobody, or several.
    #[error(transparent)]
    Name(#[from] crate::names::NameError),
    /// Two characters share a name.
    #[error("two characters are called `{name}` ({first} and {second}); names must differ")]
    Duplicate {
        /// The name.
        name: String,
        /// Where the first came from.
        first: String,
        /// Where the second came from.
        second: String,
    },
}

/// The characters a GM can call on.
#[derive(Clone, Debug, Default)]
pub struct Roster {
    characters: Vec<Character>,
    /// Each name as [`crate::names::key`] folds it, to the character's place: a roster
    /// of ten thousand is read in linear time, not compared pair by pair.
    by_name: HashMap<String, usize>,
}

/// Reads a file's text, as a [`FileError`] when it cannot be read.
///
/// # Errors
/// When the file cannot be read.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    read_stamped(path).map(|(text, _)| text)
}

/// Reads a regular file's text (never a folder, a device, a FIFO or a socket, and never
/// waiting on one), with the stamp that tells later whether it is still the same file.
///
/// # Errors
/// When the file cannot be read, is not a regular file, or is not UTF-8 text.
pub fn read_stamped(path: &Path) -> Result<(String, crate::store::Stamp), FileError> {
    let fail = |message: String| FileError {
        file: path.to_owned(),
        line: 0,
        column: 0,
        field: None,
        message,
    };
    let (bytes, stamp) = crate::store::file::read_regular(path).map_err(|e| match e {
        crate::store::ReadError::Special(s) => fail(crate::store::file::not_regular(s)),
        crate::store::ReadError::Io(e) => fail(format!("cannot read the file: {e}")),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        fail(format!(
            "cannot read the file: it is not UTF-8 text (byte {} is not)",
            at + 1
        ))
    })?;
    Ok((text, stamp))
}

impl Roster {
    /// The characters built into taproom.
    #[must_use]
    pub fn built_in() -> Roster {
        let mut roster = Roster::default();
        for (name, text) in BUILT_IN {
            let mut c = Character::from_toml(Path::new(name), text)
                .unwrap_or_else(|e| panic!("built-in character is broken: {e}"));
            c.file = None;
            roster
                .add(c)
                .unwrap_or_else(|e| panic!("built-in roster is broken: {e}"));
        }
        roster
    }

    /// Each character's make-up at `kind` as the bookie's model knows a player, in the
    /// roster's order: the fit draws a fifth of its seats from the built-in roster's
    /// ([`crate::wager::model::record::Regulars`]).
    #[must_use]
    pub fn profiles_at(&self, kind: crate::games::GameKind) -> Vec<crate::wager::model::Profile> {
        self.characters
            .iter()
            .map(|c| crate::wager::model::Profile {
                skill: c.skill_at(kind),
                temperament: c.temperament_at(kind),
                honesty: c.honesty_at(kind),
                eye: c.eye_at(kind),
            })
            .collect()
    }

    /// Adds a character, refusing a second one of the same name.
    ///
    /// # Errors
    /// On a duplicate name.
    pub fn add(&mut self, character: Character) -> Result<(), RosterError> {
        let key = crate::names::key(&character.name);
        if let Some(old) = self.by_name.get(&key).map(|&i| &self.characters[i]) {
            let origin = |c: &Character| {
                c.file
                    .as_ref()
                    .map_or("built in".to_owned(), |f| f.display().to_string())
            };
            return Err(RosterError::Duplicate {
                name: character.name.clone(),
                first: origin(old),
                second: origin(&character),
            });
        }
        self.by_name.insert(key, self.characters.len());
        self.characters.push(character);
        Ok(())
    }

    /// Loads a character file and adds it.
    ///
    /// # Errors
    /// When the file is unreadable or invalid, or the name is taken.
    pub fn add_file(&mut self, path: &Path) -> Result<&Character, RosterError> {
        let text = read_text(path)?;
        let character = Character::from_toml(path, &text)?;
        self.add(character)?;
        Ok(self.characters.last().expect("just added"))
    }

    /// Loads every `*.toml` character file of a folder (sorted by name), skipping
    /// `phrasebook.toml` and `tavern.toml`, which are not characters.
    ///
    /// # Errors
    /// When the folder or a file cannot be read, or a file is invalid.
    pub fn add_dir(&mut self, dir: &Path) -> Result<(), RosterError> {
        let files: Vec<PathBuf> = toml_files(dir)?
            .into_iter()
            .filter(|p| {
                !matches!(
                    p.file_name().and_then(|n| n.to_str()),
                    Some("phrasebook.toml" | "tavern.toml")
                )
            })
            .collect();
        for file in files {
            let text = read_text(&file)?;
            if detect(&text) == FileKind::Character {
                self.add(Character::from_toml(&file, &text)?)?;
            }
        }
        Ok(())
    }

    /// The characters of a folder, then those built into taproom whose names the folder
    /// does not take: a GM's own file for a built-in character (to keep their purse in)
    /// stands in for it.
    ///
    /// # Errors
    /// When the folder or a file cannot be read, or a file is invalid.
    pub fn own_then_built_in(dir: &Path) -> Result<Roster, RosterError> {
        let mut roster = Roster::default();
        roster.add_dir(dir)?;
        for c in Roster::built_in().characters {
            if !roster.by_name.contains_key(&crate::names::key(&c.name)) {
                roster.add(c)?;
            }
        }
        Ok(roster)
    }

    /// The roster a command draws on: the folder's characters, then the built-in ones
    /// (see [`Roster::own_then_built_in`]), or the built-in ones alone without a folder.
    ///
    /// # Errors
    /// When the folder or a file cannot be read, or a file is invalid.
    pub fn load(dir: Option<&Path>) -> Result<Roster, RosterError> {
        match dir {
            Some(dir) => Roster::own_then_built_in(dir),
            None => Ok(Roster::built_in()),
        }
    }

    /// Everyone, in the order they were added.
    #[must_use]
    pub fn characters(&self) -> &[Character] {
        &self.characters
    }

    /// Finds a character by name, as [`Roster::get`] does.
    ///
    /// # Errors
    /// When nobody matches, several do, or the file is invalid.
    pub fn find(&mut self, name: &str) -> Result<Character, RosterError> {
        self.get(name)
    }

    /// Finds a character by name (case does not matter; a unique prefix will do), or loads
    /// the file when `name` is a path to a `.toml` file.
    ///
    /// # Errors
    /// When nobody matches, several do, or the file is invalid.
    pub fn get(&self, name: &str) -> Result<Character, RosterError> {
        let path = Path::new(name);
        if path.extension().is_some_and(|x| x == "toml") {
            let text = read_text(path)?;
            return Ok(Character::from_toml(path, &text)?);
        }
        Ok(self.named(name)?.clone())
    }

    /// The character a name picks out (a full name, their own short name, a first name,
    /// a later word); never a file.
    ///
    /// # Errors
    /// When nobody matches, or several do.
    pub fn named(&self, name: &str) -> Result<&Character, crate::names::NameError> {
        let names = self
            .characters
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.as_str(), i));
        let shorts = self
            .characters
            .iter()
            .enumerate()
            .map(|(i, c)| (c.short.as_str(), i));
        let i = crate::names::Matcher::new("character", names)
            .aliases(shorts)
            .find(name)?;
        Ok(&self.characters[i])
    }
}

/// Every `*.toml` entry of a roster folder, sorted by name.
///
/// # Errors
/// A folder that cannot be read.
pub fn toml_files(dir: &Path) -> Result<Vec<PathBuf>, FileError> {
    let entries = std::fs::read_dir(dir).map_err(|e| FileError {
        file: dir.to_owned(),
        line: 0,
        column: 0,
        field: None,
        message: format!("cannot read the roster folder: {e}"),
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Skill, Temperament};

    #[test]
    fn the_built_in_roster_has_varied_characters() {
        let roster = Roster::built_in();
        let cs = roster.characters();
        assert!(cs.len() >= 4);
        let skills: std::collections::BTreeSet<Skill> = cs.iter().map(|c| c.skill).collect();
        let temperaments: std::collections::BTreeSet<Temperament> =
            cs.iter().map(|c| c.temperament).collect();
        assert!(skills.len() >= 4, "{skills:?}");
        assert!(temperaments.len() >= 4, "{temperaments:?}");
        assert!(cs.iter().all(|c| !c.voice.greeting.is_empty()
            && !c.voice.win.is_empty()
            && !c.voice.loss.is_empty()));
    }

    #[test]
    fn characters_are_found_by_name_or_first_name() {
        let mut roster = Roster::built_in();
        assert_eq!(roster.find("old brannoc").unwrap().name, "Old Brannoc");
        assert_eq!(roster.find("Mirela").unwrap().name, "Mirela Quickfingers");
        assert!(matches!(roster.find("Gandalf"), Err(RosterError::Name(_))));
    }

    #[test]
    fn a_duplicate_name_is_refused() {
        let mut roster = Roster::built_in();
        let again = roster.characters()[0].clone();
        assert!(matches!(
            roster.add(again),
            Err(RosterError::Duplicate { .. })
        ));
    }
}
