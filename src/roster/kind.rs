//! Which kind of file a TOML file is, by the key that names it: an evening file has a
//! top-level `evening` (its title), a tavern file a top-level `tavern` (its name) and no
//! `evening`, a phrasebook has only tables named `common`, `temperament` or after a game
//! (and no `name`), and anything else is read as a character file (whose `name` key is
//! then required).

use toml::de::DeTable;

/// A kind of file taproom reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A character.
    Character,
    /// A tavern.
    Tavern,
    /// A scripted evening.
    Evening,
    /// A phrasebook of the narrator's lines.
    Phrasebook,
}

/// The kind of file `text` is. Text that is not TOML counts as a character file, whose
/// reader then names the TOML error.
#[must_use]
pub fn detect(text: &str) -> FileKind {
    let Ok(table) = DeTable::parse(text) else {
        return FileKind::Character;
    };
    let has = |key: &str| table.get_ref().iter().any(|(k, _)| k.get_ref() == key);
    if has("evening") {
        FileKind::Evening
    } else if has("tavern") {
        FileKind::Tavern
    } else if is_phrasebook(table.get_ref()) {
        FileKind::Phrasebook
    } else {
        FileKind::Character
    }
}

/// Whether every top-level key is a table named like a phrasebook's section.
fn is_phrasebook(table: &DeTable<'_>) -> bool {
    let section = |k: &str| {
        k == "common" || k == "temperament" || crate::games::GameKind::from_key(k).is_ok()
    };
    !table.is_empty()
        && table
            .iter()
            .all(|(k, v)| section(k.get_ref()) && v.get_ref().is_table())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_naming_key_decides() {
        assert_eq!(detect("name = \"Pip\"\nskill = 2\n"), FileKind::Character);
        assert_eq!(detect("tavern = \"The Rat\"\n"), FileKind::Tavern);
        assert_eq!(
            detect("evening = \"Night\"\ntavern = \"rat.toml\"\n"),
            FileKind::Evening
        );
        assert_eq!(detect("not toml ="), FileKind::Character);
        assert_eq!(
            detect("[common]\nlot = [\"x\"]\n[pic]\nclaim = []\n"),
            FileKind::Phrasebook
        );
        assert_eq!(
            detect("name = \"X\"\n[voice]\nwin = []\n"),
            FileKind::Character
        );
    }
}
