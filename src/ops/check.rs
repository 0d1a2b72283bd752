//! Checking files without playing: a character, a tavern, a phrasebook, a whole evening
//! (its tavern, roster, names, matches and bets, exactly as `night` checks it) or a
//! campaign file (and what it names on disk), each told by the key that names its kind.
//! The ledger and the history a tavern, an evening or a campaign leads `--apply` to
//! write are checked as `--apply` checks them.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::Error;
use super::apply;
use super::evening::{Prepared, prepare};
use super::memory::history_file;
use super::wagers::ledger_path;
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
/// reads it there. `opened` holds the folders already looked at for such writes in this
/// run: each is looked at once, so checking ten thousand files of one folder reads the
/// folder once, not ten thousand times.
///
/// # Errors
/// The first problem in it (or in the files an evening names), at its place.
pub fn check(
    file: &Path,
    campaign: Option<&Campaign>,
    opened: &mut HashSet<PathBuf>,
) -> Result<(Checked, Vec<crate::store::Recovered>), Error> {
    // A write a killed run left in the file's folder is finished (or undone) first, so
    // that the file is read whole.
    let folder = crate::store::folder_of(file);
    let mut recovered = if opened.contains(&folder) {
        Vec::new()
    } else {
        let done = super::apply::open(&folder, super::apply::WAIT)?;
        opened.insert(folder);
        done
    };
    let text = read_text(file)?;
    let checked = match detect(&text) {
        FileKind::Character => Checked::Character(Box::new(Character::from_toml(file, &text)?)),
        FileKind::Tavern => {
            let tavern = Tavern::from_toml(file, &text)?;
            // The ledger and the history `--apply` would write with this tavern (those
            // of the campaign's own tavern are the campaign file's, checked with it).
            let same = |a: &Path, b: &Path| {
                a.canonicalize()
                    .ok()
                    .is_some_and(|a| b.canonicalize().ok() == Some(a))
            };
            let campaigns_own = campaign
                .and_then(|c| c.tavern.as_deref())
                .is_some_and(|t| same(t, file));
            if !campaigns_own {
                let ledger = ledger_path(
                    campaign.and_then(|c| c.ledger.as_deref()),
                    &tavern,
                    Path::new(""),
                );
                let history = history_file(
                    campaign.and_then(|c| c.history.as_deref()),
                    &tavern,
                    &ledger,
                );
                let read = [(file.to_owned(), "the tavern file".to_owned())];
                apply::check_ledger(&ledger, &read)?;
                apply::check_history(&history, &ledger, &read)?;
            }
            Checked::Tavern(Box::new(tavern))
        }
        FileKind::Phrasebook => {
            Phrasebook::default().merge_toml(file, &text)?;
            Checked::Phrasebook
        }
        FileKind::Evening => {
            recovered.extend(super::evening::open_folders(file, campaign)?);
            let prepared = prepare(file, false, campaign)?;
            // The ledger and the history `night --apply` would write, as it checks them.
            let folder = file.parent().unwrap_or(Path::new(""));
            let ledger = ledger_path(
                campaign.and_then(|c| c.ledger.as_deref()),
                &prepared.tavern,
                folder,
            );
            let history = history_file(
                campaign.and_then(|c| c.history.as_deref()),
                &prepared.tavern,
                &ledger,
            );
            super::evening::check_writes(&prepared, &ledger, &history)?;
            Checked::Evening(Box::new(prepared))
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
