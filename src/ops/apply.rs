//! `--apply`: writing purses, debts and the ledger back as one transaction, by one writer
//! at a time, to the files the GM meant (see [`crate::store`] for how).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::Error;
use crate::roster::Character;
use crate::store::{
    Expect, FolderLocks, ReadError, Transaction, WriteError, folder_of, real_target,
};
pub use crate::store::{Recovered, Stop};
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
    /// Writing to `ledger` (`None`: the tavern's, or the default), waiting `wait` for
    /// another run's lock; in the tests' builds, stopping where `TAPROOM_TEST_STOP` says
    /// ([`stop_from_env`]).
    #[must_use]
    pub fn with_wait(ledger: Option<PathBuf>, wait: Duration) -> Apply {
        Apply {
            ledger,
            wait,
            stop: stop_from_env(),
        }
    }

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

/// Where a test asks a write to stop (`TAPROOM_TEST_STOP=crash:N` or `fail:N`, see
/// [`Stop`]): the hook of the tests that kill a write half-way. It is compiled only with
/// the `fault-injection` feature, which only the tests turn on (the crate's dev-dependency
/// on itself); a build without it reads no such variable and never stops a write.
#[must_use]
pub fn stop_from_env() -> Stop {
    #[cfg(feature = "fault-injection")]
    if let Ok(text) = std::env::var("TAPROOM_TEST_STOP") {
        let parse = |n: &str| n.trim().parse::<usize>().ok();
        return match text.split_once(':') {
            Some(("crash", n)) => parse(n).map_or(Stop::Never, Stop::Crash),
            Some(("fail", n)) => parse(n).map_or(Stop::Never, Stop::Fail),
            _ => Stop::Never,
        };
    }
    Stop::Never
}

/// A ledger or history that would overwrite another file the run reads, a TOML file, or
/// a path that names a folder.
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    /// A path ending in a slash (or `.`): a folder's, not a file's.
    #[error(
        "{kind} `{}` ends in a slash (or `.`), so it names a folder; {kind} is a file (such \
         as {example})",
        .file.display()
    )]
    Folder {
        /// The file.
        file: PathBuf,
        /// "the ledger" or "the history".
        kind: &'static str,
        /// A good name for one.
        example: &'static str,
    },
    /// A `.toml` file.
    #[error(
        "{kind} `{}` is a .toml file; {kind} is a plain text file of its own (such as {example})",
        .file.display()
    )]
    Toml {
        /// The file.
        file: PathBuf,
        /// "the ledger" or "the history".
        kind: &'static str,
        /// A good name for one.
        example: &'static str,
    },
    /// A file this run reads.
    #[error(
        "{kind} `{}` is {what}, which this run reads; give {kind} a file of its own",
        .file.display()
    )]
    ReadHere {
        /// The file.
        file: PathBuf,
        /// "the ledger" or "the history".
        kind: &'static str,
        /// What the file is ("the evening file", "Pip Underbough's character file").
        what: String,
    },
}

/// Refuses a ledger that is a TOML file, a path naming a folder, or any file the run
/// reads; what is there must be a regular file, in a folder that is there. `--apply`
/// and `check` both ask this.
///
/// # Errors
/// When it is.
pub fn check_ledger(ledger: &Path, read: &[(PathBuf, String)]) -> Result<(), Error> {
    check_written(ledger, "the ledger", "ledger.txt", read)
}

/// Refuses a history that is a TOML file, a path naming a folder, the ledger, or any
/// file the run reads (as [`check_ledger`]).
///
/// # Errors
/// When it is.
pub fn check_history(
    history: &Path,
    ledger: &Path,
    read: &[(PathBuf, String)],
) -> Result<(), Error> {
    let mut read = read.to_vec();
    read.push((ledger.to_owned(), "the ledger".to_owned()));
    check_written(history, "the history", crate::history::FILE, &read)
}

fn check_written(
    file: &Path,
    kind: &'static str,
    example: &'static str,
    read: &[(PathBuf, String)],
) -> Result<(), Error> {
    if !crate::store::file::names_a_file(file) {
        return Err(LedgerError::Folder {
            file: file.to_owned(),
            kind,
            example,
        }
        .into());
    }
    if file
        .extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("toml"))
    {
        return Err(LedgerError::Toml {
            file: file.to_owned(),
            kind,
            example,
        }
        .into());
    }
    let real = real_target(file)?;
    crate::store::file::replaceable(&real).map_err(|what| {
        crate::store::WriteError::NotRegular {
            file: file.to_owned(),
            what,
        }
    })?;
    for (other, what) in read {
        if real_target(other).is_ok_and(|r| r == real) {
            return Err(LedgerError::ReadHere {
                file: file.to_owned(),
                kind,
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
    Ok(crate::store::settle(folder, wait)?)
}

/// The folders a write of these characters' purses, this ledger and this history touches: the folder
/// each file is named in, and the folder it really is in when it is a symlink (where
/// its new contents are staged and its journal kept).
#[must_use]
pub fn folders(characters: &[&Character], ledger: &Path, history: &Path) -> BTreeSet<PathBuf> {
    let files = characters
        .iter()
        .filter_map(|c| c.file.as_deref())
        .chain([ledger, history]);
    let mut out = BTreeSet::new();
    for file in files {
        out.insert(folder_of(file));
        if let Ok(real) = real_target(file) {
            out.insert(folder_of(&real));
        }
    }
    out
}

/// Why a character file is no longer the one that was read, if it is not: another
/// character's, no character's at all, or another purse or debt.
fn changed_since(
    read: &Character,
    now: Result<Character, crate::roster::FileError>,
) -> Option<String> {
    let whose = |name: &str| crate::narrate::possessive(name);
    let now = match now {
        Ok(c) => c,
        Err(e) => {
            return Some(format!(
                "it no longer reads as {} character file: {}",
                whose(&read.name),
                e.message
            ));
        }
    };
    if now.name != read.name {
        return Some(format!(
            "it is {} character file now, not {}",
            whose(&now.name),
            whose(&read.name)
        ));
    }
    if now.purse != read.purse || now.debt != read.debt {
        return Some(format!(
            "{} purse or debt in it is not what was read",
            whose(&read.name)
        ));
    }
    None
}

/// A character file read again before its purse is written: a file that is no longer a
/// regular file is refused as one.
fn read_again(file: &Path) -> Result<(String, crate::store::Stamp), Error> {
    match crate::store::file::read_regular(file) {
        Ok((bytes, stamp)) => match String::from_utf8(bytes) {
            Ok(text) => Ok((text, stamp)),
            Err(_) => Err(WriteError::Changed {
                file: file.to_owned(),
                why: "it is no longer UTF-8 text".to_owned(),
            }
            .into()),
        },
        Err(ReadError::Special(what)) => Err(WriteError::NotRegular {
            file: file.to_owned(),
            what,
        }
        .into()),
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            Err(WriteError::Changed {
                file: file.to_owned(),
                why: "it is gone".to_owned(),
            }
            .into())
        }
        Err(ReadError::Io(source)) => Err(WriteError::Io {
            file: file.to_owned(),
            source,
        }
        .into()),
    }
}

/// What one `--apply` writes besides the purses: the ledger's entry and the history's
/// records (none: the history is not written, as when nothing was played).
#[derive(Clone, Copy, Debug)]
pub struct Entries<'a> {
    /// The ledger.
    pub ledger: &'a Path,
    /// What the ledger gains (empty: the ledger is left as it is, as for a match without
    /// bets).
    pub entry: &'a str,
    /// The history.
    pub history: &'a Path,
    /// The matches it gains.
    pub records: &'a [crate::history::Record],
}

/// Writes every changed purse into its character's own file, appends the entry to the
/// ledger and the records to the history, as one transaction. The caller holds the
/// locks. Each record keeps where the write's lines begin in the history, and the last
/// one how each character file changed ([`crate::history::applied`]), for `taproom
/// undo`. Returns the files written.
///
/// # Errors
/// A character with no file of their own, a file that cannot be read or written (every
/// file is then as it was).
pub fn write(
    changed: &[(&Character, Purse)],
    currency: Currency,
    entries: Entries<'_>,
    stop: &Stop,
) -> Result<Vec<PathBuf>, Error> {
    let mut txn = Transaction::new();
    // Where the history really is: each character file is noted relative to its folder.
    let base = real_target(entries.history)
        .map(|h| folder_of(&h))
        .unwrap_or_default();
    let (mut written, mut files) = stage_purses(&mut txn, changed, currency, &base)?;
    if !entries.entry.is_empty() {
        let ledger = entries.ledger;
        stage_appended(&mut txn, ledger, "the ledger", |old| {
            crate::wager::ledger::appended(old, entries.entry)
        })?;
        written.push(ledger.to_owned());
    }
    if !entries.records.is_empty() {
        let history = entries.history;
        stage_appended(&mut txn, history, "the history", |old| {
            let from = crate::history::appended(old, &[]).len() as u64;
            let mut records = entries.records.to_vec();
            let last = records.len() - 1;
            for (i, r) in records.iter_mut().enumerate() {
                r.applied = Some(crate::history::applied::Applied {
                    from,
                    files: if i == last {
                        std::mem::take(&mut files)
                    } else {
                        Vec::new()
                    },
                });
            }
            crate::history::appended(old, &records)
        })?;
        written.push(history.to_owned());
    }
    txn.commit(stop)?;
    Ok(written)
}

/// Stages every changed purse in its character's own file, checked to be the file the
/// purses were read from; the files, and how each changed (each named relative to `base`
/// when it is in it, else by its real path).
fn stage_purses(
    txn: &mut Transaction,
    changed: &[(&Character, Purse)],
    currency: Currency,
    base: &Path,
) -> Result<(Vec<PathBuf>, Vec<crate::history::applied::Restore>), Error> {
    let mut written = Vec::new();
    let mut files = Vec::new();
    for (c, purse) in changed {
        let Some(file) = &c.file else {
            return Err(Error::NoPurseFile {
                name: c.name.clone(),
                folder: "your roster folder",
            });
        };
        // Under the lock, the file must still be the one the purses were read from: the
        // same character, the same purse and debt; and at the commit, unchanged since
        // this read.
        let (text, stamp) = read_again(file)?;
        if let Some(why) = changed_since(c, Character::from_toml(file, &text)) {
            return Err(WriteError::Changed {
                file: file.clone(),
                why,
            }
            .into());
        }
        let new = with_purse(file, &text, *purse, currency)?;
        let real = real_target(file)?;
        let named = real.strip_prefix(base).map_or(real.clone(), Path::to_owned);
        files.push(crate::history::applied::Restore::between(
            &named, &text, &new,
        ));
        txn.stage_expecting(file, new.as_bytes(), Expect::Same(stamp))?;
        written.push(file.clone());
    }
    Ok((written, files))
}

/// Stages `file` with what `append` makes of its text as it is now (none: no file yet),
/// expecting it unchanged (or still absent) at the commit.
///
/// # Errors
/// A file that cannot be read, is not UTF-8 text or not a regular file.
pub fn stage_appended(
    txn: &mut Transaction,
    file: &Path,
    what: &str,
    append: impl FnOnce(Option<&str>) -> String,
) -> Result<(), Error> {
    let (old, expect) = match crate::store::file::read_regular(file) {
        Ok((bytes, stamp)) => {
            let text = String::from_utf8(bytes).map_err(|_| WriteError::Io {
                file: file.to_owned(),
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{what} is not UTF-8 text"),
                ),
            })?;
            (Some(text), Expect::Same(stamp))
        }
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => (None, Expect::Absent),
        Err(ReadError::Special(special)) => {
            return Err(WriteError::NotRegular {
                file: file.to_owned(),
                what: special,
            }
            .into());
        }
        Err(ReadError::Io(source)) => {
            return Err(WriteError::Io {
                file: file.to_owned(),
                source,
            }
            .into());
        }
    };
    txn.stage_expecting(file, append(old.as_deref()).as_bytes(), expect)?;
    Ok(())
}
