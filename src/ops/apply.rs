//! `--apply`: writing purses, debts and the ledger back as one transaction, by one writer
//! at a time, to the files the GM meant (see [`crate::store`] for how).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::Error;
use crate::roster::Character;
use crate::store::{FolderLocks, Recovered, Stop, Transaction, folder_of, real_target};
use crate::wager::write::with_purse;
use crate::wager::{Currency, Purse};

/// How long a run waits for another's lock before it gives up, unless told otherwise.
pub const WAIT: Duration = Duration::from_secs(60);

/// How `--apply` writes.
#[derive(Clone, Debug)]
pub struct Apply {
    /// The ledger, when not the tavern's (or the default).
    pub ledger: Option<PathBuf>,
    /// How long to wait for another run's lock.
    pub wait: Duration,
    /// Where a test stops the commit (never, in normal use).
    pub stop: Stop,
}

impl Apply {
    /// Writing to the default ledger, waiting [`WAIT`].
    #[must_use]
    pub fn new(ledger: Option<PathBuf>) -> Apply {
        Apply {
            ledger,
            wait: WAIT,
            stop: Stop::Never,
        }
    }
}

/// A ledger that would overwrite another file the run reads, or a TOML file.
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    /// A `.toml` file.
    #[error(
        "the ledger `{}` is a .toml file; a ledger is a plain text file of its own (such as ledger.txt)",
        .0.display()
    )]
    Toml(PathBuf),
    /// A file this run reads.
    #[error(
        "the ledger `{}` is {what}, which this run reads; give the ledger a file of its own",
        .file.display()
    )]
    ReadHere {
        /// The ledger.
        file: PathBuf,
        /// What the file is ("the evening file", "Pip Underbough's character file").
        what: String,
    },
}

/// Refuses a ledger that is a TOML file or any file the run reads.
///
/// # Errors
/// When it is.
pub fn check_ledger(ledger: &Path, read: &[(PathBuf, String)]) -> Result<(), Error> {
    if ledger
        .extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("toml"))
    {
        return Err(LedgerError::Toml(ledger.to_owned()).into());
    }
    let real = real_target(ledger)?;
    for (file, what) in read {
        if real_target(file).is_ok_and(|r| r == real) {
            return Err(LedgerError::ReadHere {
                file: ledger.to_owned(),
                what: what.clone(),
            }
            .into());
        }
    }
    Ok(())
}

/// Takes the locks of every folder in `folders` (waiting as `apply` says, telling
/// `waiting` when it must) and finishes there any write a killed run left unfinished.
///
/// # Errors
/// A lock not had in time, an unfinished write that cannot be finished.
pub fn lock(
    folders: BTreeSet<PathBuf>,
    apply: &Apply,
    waiting: &mut dyn FnMut(&Path),
) -> Result<(FolderLocks, Vec<Recovered>), Error> {
    let locks = FolderLocks::take(folders, apply.wait, waiting)?;
    let recovered = crate::store::recover_all(&locks, apply.wait)?;
    Ok((locks, recovered))
}

/// Finishes, in a folder about to be read, a write that a killed run left unfinished
/// (taking the locks it needs only when there is one).
///
/// # Errors
/// As [`lock`].
pub fn open(folder: &Path, wait: Duration) -> Result<Vec<Recovered>, Error> {
    if !folder.is_dir() {
        return Ok(Vec::new());
    }
    Ok(crate::store::recover(folder, None, wait)?)
}

/// The folders a write of these characters' purses and this ledger touches.
#[must_use]
pub fn folders(characters: &[&Character], ledger: &Path) -> BTreeSet<PathBuf> {
    let mut out: BTreeSet<PathBuf> = characters
        .iter()
        .filter_map(|c| c.file.as_deref().map(folder_of))
        .collect();
    out.insert(folder_of(ledger));
    out
}

/// Writes every changed purse into its character's own file and appends `entry` to the
/// ledger, as one transaction. The caller holds the locks. Returns the files written.
///
/// # Errors
/// A character with no file of their own, a file that cannot be read or written (every
/// file is then as it was).
pub fn write(
    changed: &[(&Character, Purse)],
    currency: Currency,
    ledger: &Path,
    entry: &str,
    stop: &Stop,
) -> Result<Vec<PathBuf>, Error> {
    let mut txn = Transaction::new();
    let mut written = Vec::new();
    for (c, purse) in changed {
        let Some(file) = &c.file else {
            return Err(Error::NoPurseFile {
                name: c.name.clone(),
                folder: "your roster folder",
            });
        };
        let text = crate::roster::read_text(file)?;
        txn.stage(file, with_purse(file, &text, *purse, currency)?.as_bytes())?;
        written.push(file.clone());
    }
    let old = match std::fs::read_to_string(ledger) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(source) => {
            return Err(crate::store::WriteError::Io {
                file: ledger.to_owned(),
                source,
            }
            .into());
        }
    };
    let text = crate::wager::ledger::appended(old.as_deref(), entry);
    txn.stage(ledger, text.as_bytes())?;
    written.push(ledger.to_owned());
    txn.commit(stop)?;
    Ok(written)
}
