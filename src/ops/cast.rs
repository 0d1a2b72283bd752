//! Who sits down: the characters a GM names (a name from the roster, or a character file
//! given by its path), and the match described from them.

use std::path::Path;

use super::Error;
use super::{Draft, MatchSpec, Seated};
use crate::games::GameKind;
use crate::roster::{Character, Roster, read_text};

/// The match in the default format between built-in characters, named as a GM would.
///
/// # Errors
/// A name that picks out nobody, or a table the game cannot seat.
pub fn built_in_table(
    kind: GameKind,
    names: &[&str],
    seed: u64,
) -> Result<MatchSpec, Box<dyn std::error::Error + Send + Sync>> {
    let roster = Roster::built_in();
    let seats = names
        .iter()
        .map(|n| {
            Ok(Seated {
                character: roster.named(n)?.clone(),
                given_file: None,
            })
        })
        .collect::<Result<Vec<_>, crate::names::NameError>>()?;
    let draft = Draft {
        seats,
        seed,
        ..Draft::default()
    };
    Ok(MatchSpec::new(kind, draft)?)
}

/// The roster of a folder (or the built-in one), after finishing any write a killed run
/// left unfinished there.
///
/// # Errors
/// A folder or file that cannot be read or is invalid, an unfinished write that cannot
/// be finished.
pub fn open_roster(dir: Option<&Path>) -> Result<(Roster, Vec<crate::store::Recovered>), Error> {
    let recovered = match dir {
        Some(d) => super::apply::open(d, super::apply::WAIT)?,
        None => Vec::new(),
    };
    Ok((Roster::load(dir)?, recovered))
}

/// Finishes (or undoes), in the folder of each character file among `words`, a write a
/// killed run left unfinished there, before the file is read; returns what it did, for
/// the GM to be told.
///
/// # Errors
/// As [`open_roster`].
pub fn open_files(words: &[String]) -> Result<Vec<crate::store::Recovered>, Error> {
    let mut done = Vec::new();
    for word in words.iter().filter(|w| is_file(w)) {
        let folder = crate::store::folder_of(Path::new(word));
        done.extend(super::apply::open(&folder, super::apply::WAIT)?);
    }
    Ok(done)
}

/// Whether a word names a character file rather than a character.
#[must_use]
pub fn is_file(word: &str) -> bool {
    Path::new(word).extension().is_some_and(|x| x == "toml")
}

/// The character a word names: a file (a path ending `.toml`, read relative to `base`), or
/// a name in the roster.
///
/// # Errors
/// A file that cannot be read or is invalid; a name that picks out nobody, or several.
pub fn seat(roster: &Roster, word: &str, base: &Path) -> Result<Seated, Error> {
    // A name or a path goes into what is printed (the table, the replay command): it
    // passes the check every printed name passes.
    crate::names::check(word).map_err(|bad| Error::Argument {
        flag: "CHARACTER",
        message: format!("the character `{}`: {bad}", crate::names::escaped(word)),
    })?;
    if is_file(word) {
        let path = base.join(word);
        // A write a killed run left in the file's folder is finished (or undone) first.
        super::apply::open(&crate::store::folder_of(&path), super::apply::WAIT)?;
        let character = Character::from_toml(&path, &read_text(&path)?)?;
        return Ok(Seated {
            character,
            given_file: Some(path),
        });
    }
    Ok(Seated {
        character: roster.named(word)?.clone(),
        given_file: None,
    })
}

/// The characters named, in order; without any, the first `default` of the roster.
///
/// # Errors
/// As [`seat`].
pub fn seats(
    roster: &Roster,
    words: &[String],
    base: &Path,
    default: usize,
) -> Result<Vec<Seated>, Error> {
    if words.is_empty() {
        return Ok(roster
            .characters()
            .iter()
            .take(default)
            .map(|c| Seated {
                character: c.clone(),
                given_file: None,
            })
            .collect());
    }
    words.iter().map(|w| seat(roster, w, base)).collect()
}

/// Describes and checks a match of `game` between the characters named (or the roster's
/// first two).
///
/// # Errors
/// A name or file that picks out nobody, or a match out of bounds.
pub fn describe(
    game: GameKind,
    roster: &Roster,
    words: &[String],
    mut draft: Draft,
) -> Result<MatchSpec, Error> {
    draft.seats = seats(roster, words, Path::new(""), 2)?;
    Ok(MatchSpec::new(game, draft)?)
}
