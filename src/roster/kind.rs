//! Which kind of file a TOML file is, by the key that names it: a campaign file has a
//! top-level `campaign` (its name; it may name the current `evening` too), an evening
//! file a top-level `evening` (its title), a tavern file a top-level `tavern` (its name)
//! and no `evening`, a phrasebook has only tables named `common`, `temperament` or after a game
//! (and no `name`), and anything else is read as a character file (whose `name` key is
//! then required).

use std::path::Path;

use toml::de::DeTable;

use super::FileError;

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
    /// A campaign file (`taproom.toml`): the roster, tavern, ledger and history it keeps.
    Campaign,
}

/// The kind of file `text` is. Text that is not TOML counts as a character file, whose
/// reader then names the TOML error.
#[must_use]
pub fn detect(text: &str) -> FileKind {
    let Ok(table) = DeTable::parse(text) else {
        return FileKind::Character;
    };
    let has = |key: &str| table.get_ref().iter().any(|(k, _)| k.get_ref() == key);
    // A campaign file may name its current evening: its `campaign` key decides.
    if has("campaign") {
        FileKind::Campaign
    } else if has("evening") {
        FileKind::Evening
    } else if has("tavern") {
        FileKind::Tavern
    } else if is_phrasebook(table.get_ref()) {
        FileKind::Phrasebook
    } else {
        FileKind::Character
    }
}

impl FileKind {
    /// The kind in words, with its article: "a tavern", "an evening".
    #[must_use]
    pub fn a(self) -> &'static str {
        match self {
            FileKind::Character => "a character",
            FileKind::Tavern => "a tavern",
            FileKind::Evening => "an evening",
            FileKind::Phrasebook => "a phrasebook",
            FileKind::Campaign => "a campaign",
        }
    }

    /// Where a file of this kind goes instead, as a clause.
    fn goes(self) -> &'static str {
        match self {
            FileKind::Character => "name it among the players, or put it in the --roster folder",
            FileKind::Tavern => "give it with --tavern, or as an evening's `tavern`",
            FileKind::Evening => "play it with `taproom night FILE`",
            FileKind::Phrasebook => "give it with --phrasebook",
            FileKind::Campaign => {
                "keep it as taproom.toml in the campaign's folder, or name it with TAPROOM_CAMPAIGN"
            }
        }
    }
}

/// Refuses, in one sentence, a file that is plainly of another kind than `wanted` ("that
/// is a tavern file, not an evening"): one with another kind's naming key, or a
/// character's `name` where no character is wanted. Anything else is left to the reader
/// of `wanted`, which names the key at fault.
///
/// # Errors
/// When the file is of another kind.
pub fn expect(file: &Path, text: &str, wanted: FileKind) -> Result<(), FileError> {
    let found = detect(text);
    let plainly = match found {
        FileKind::Character => DeTable::parse(text)
            .is_ok_and(|t| t.get_ref().iter().any(|(k, _)| k.get_ref() == "name")),
        _ => true,
    };
    if found == wanted || !plainly {
        return Ok(());
    }
    Err(FileError {
        file: file.to_owned(),
        line: 0,
        column: 0,
        field: None,
        message: format!(
            "that is {} file, not {}; {}",
            found.a(),
            wanted.a(),
            found.goes()
        ),
    })
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
    fn a_file_of_another_kind_is_named_for_what_it_is() {
        let tavern = "tavern = \"The Rat\"\nambience = [\"Rain.\"]\n";
        let err = expect(Path::new("t.toml"), tavern, FileKind::Evening).unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.toml: that is a tavern file, not an evening; give it with --tavern, or as an \
             evening's `tavern`"
        );
        let evening = "evening = \"Night\"\n";
        let err = expect(Path::new("e.toml"), evening, FileKind::Tavern).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("e.toml: that is an evening file, not a tavern;")
        );
        let character = "name = \"Pip\"\nskill = 2\n";
        assert!(expect(Path::new("c.toml"), character, FileKind::Evening).is_err());
        assert!(expect(Path::new("c.toml"), character, FileKind::Character).is_ok());
        // Not plainly anything: the reader of the kind wanted says what is missing.
        assert!(expect(Path::new("x.toml"), "skill = 2\n", FileKind::Evening).is_ok());
    }

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
            detect("campaign = \"Rat\"\ntavern = \"rat.toml\"\n"),
            FileKind::Campaign
        );
        // A campaign naming its current evening is still a campaign.
        assert_eq!(
            detect("evening = \"Session 12\"\ncampaign = \"Rat\"\n"),
            FileKind::Campaign
        );
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
