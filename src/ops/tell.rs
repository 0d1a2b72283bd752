//! How a match is told: the phrasebook (the built-in one with the GM's own on top), how
//! much to tell, and the telling itself.

use std::path::{Path, PathBuf};

use super::MatchSpec;
use crate::narrate::{Detail, Narrator, Phrasebook, Scene};
use crate::roster::{FileError, Voice, read_text};
use crate::table::MatchLog;

/// The built-in phrasebook with the GM's own on top: the roster folder's
/// `phrasebook.toml`, then each file of `extra` in order. The one way a phrasebook is
/// assembled, for every command that tells a match.
///
/// # Errors
/// A phrasebook file that cannot be read or is invalid.
pub fn phrasebook(roster: Option<&Path>, extra: &[PathBuf]) -> Result<Phrasebook, FileError> {
    let mut book = Phrasebook::built_in();
    let mut files: Vec<PathBuf> = Vec::new();
    if let Some(dir) = roster {
        // Read when there is anything of that name: a folder or a FIFO is refused as one.
        let own = dir.join("phrasebook.toml");
        if std::fs::metadata(&own).is_ok() {
            files.push(own);
        }
    }
    files.extend(extra.iter().cloned());
    for file in files {
        book.merge_toml(&file, &read_text(&file)?)?;
    }
    Ok(book)
}

/// Tells a match played from `spec`: `ambience` (a tavern's lines) sets the scene when
/// given, else the phrasebook's own. Each character speaks in their voice at this game;
/// where no money moved (`wagered` false: no bet, stake or ante was taken), no line of
/// theirs or of the book speaks of money.
#[must_use]
pub fn tell(
    book: &Phrasebook,
    spec: &MatchSpec,
    log: &MatchLog,
    detail: Detail,
    ambience: &[String],
    wagered: bool,
) -> Vec<Scene> {
    let quiet;
    let book = if wagered {
        book
    } else {
        quiet = book.without_money();
        &quiet
    };
    let voices = voices(spec, wagered);
    let voices: Vec<&Voice> = voices.iter().collect();
    Narrator::new(book, log, &voices)
        .with_ambience(ambience)
        .tell(detail)
}

/// Each seat's voice at `spec`'s game: the lines for every game and the game's own, and
/// none that speaks of money unless money moved (`wagered`).
#[must_use]
pub fn voices(spec: &MatchSpec, wagered: bool) -> Vec<Voice> {
    spec.seats
        .iter()
        .map(|s| s.character.voice.at(spec.game, wagered))
        .collect()
}
