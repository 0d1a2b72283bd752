//! The GM's files that must survive anything: purses, debts and the ledger, written by
//! `--apply` as one transaction, by one writer at a time.
//!
//! * **All or nothing.** Every new file is staged beside its target (written, flushed),
//!   the old ones are kept as backups (hard links), and a journal naming every file and
//!   folder is written into each folder touched, prepared and then committed, before
//!   anything is renamed. A failure before the last rename puts every old file back; a
//!   kill at any moment leaves journals from which the next command to open any one of
//!   the folders finishes the whole transaction or undoes it ([`recover`], [`settle`]),
//!   touching only the folders that hold a copy of its journal; a journal no run of this
//!   user's could have left is refused, and nothing it names touched.
//! * **The files that were read.** Each character file and the ledger must still be the
//!   file that was read when the write commits (the same file, unchanged): otherwise
//!   nothing is written, and the error names the file ([`Expect`]).
//! * **Only regular files.** Only regular files are read ([`file::read_regular`], which
//!   never blocks on a FIFO) and replaced: a folder, a device, a FIFO or a socket is
//!   refused, saying what it is.
//! * **One writer at a time.** A lock file (`.taproom.lock`) in every folder touched is
//!   held, through the operating system's file lock, from before the purses are read to
//!   after the last rename ([`FolderLocks`]); a second run waits for it, saying so, and
//!   gives up after a stated time.
//! * **Files as they were.** A symlink is followed and its target replaced; a file keeps
//!   its permissions and (where the system allows) its owner; a new file gets the usual
//!   mode (0666 less the umask); a read-only file is refused, never replaced. A lock file
//!   that is a symlink is refused, never followed.
//! * **No litter.** Temporary files of a killed run are removed by the next run that
//!   holds the folder's lock, or that reads the folder while nobody holds it; those of a
//!   file written on its own ([`whole`]) also by the next such write into the folder.

pub mod file;
mod lock;
mod txn;
pub mod whole;

pub use file::{ReadError, Special, Stamp};
pub use lock::{FolderLocks, LOCK_FILE};
pub use txn::{Expect, Recovered, Stop, Transaction, recover, recover_all, settle};

use std::path::{Path, PathBuf};

/// A file that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file system refused.
    #[error("{}: cannot write: {source}", .file.display())]
    Io {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Another run held a folder's lock for longer than the wait.
    #[error(
        "another taproom run is writing in {} and did not finish within {seconds} s; \
         try again when it has",
        .folder.display()
    )]
    Locked {
        /// The folder.
        folder: PathBuf,
        /// How long it waited.
        seconds: u64,
    },
    /// A journal that cannot be read, or could not have been left by an interrupted run
    /// of this user's (recovery then touches nothing it names).
    #[error(
        "{}: taproom cannot use this journal of an interrupted write ({why}) and touched \
         nothing it names; look at the files it names, then remove it",
        .file.display()
    )]
    Journal {
        /// The journal.
        file: PathBuf,
        /// Why.
        why: String,
    },
    /// The file is no longer a TOML document.
    #[error("{}: cannot update the purse: the file is not valid TOML any more ({message})", .file.display())]
    Toml {
        /// The file.
        file: PathBuf,
        /// The parser's complaint.
        message: String,
    },
    /// A file to be replaced, or read, that is not a regular file.
    #[error("{}: {}", .file.display(), file::not_regular(*.what))]
    NotRegular {
        /// The file.
        file: PathBuf,
        /// What it is.
        what: Special,
    },
    /// A file that is no longer the one that was read.
    #[error(
        "{}: the file changed after taproom read it ({why}), so nothing was written; \
         run again to settle on the file as it is now",
        .file.display()
    )]
    Changed {
        /// The file.
        file: PathBuf,
        /// What changed, as a clause.
        why: String,
    },
    /// A path to write that ends in a slash, `.` or `..`.
    #[error(
        "{}: the path ends in {}, so it names a folder, not a file; give the file's name",
        .file.display(),
        if .file.as_os_str().as_encoded_bytes().ends_with(b".") { "`.` or `..`" } else { "a slash" }
    )]
    NotAFileName {
        /// The path.
        file: PathBuf,
    },
    /// A file to be replaced that nobody may write.
    #[error(
        "{}: the file is read-only, so taproom leaves it as it is and writes nothing; \
         make it writable (chmod u+w) for taproom to replace it",
        .file.display()
    )]
    ReadOnly {
        /// The file.
        file: PathBuf,
    },
    /// A folder's lock file that is a symbolic link.
    #[error(
        "{}: the lock file is a symbolic link, and taproom takes its lock only in a file \
         of its own in the folder; remove the link",
        .file.display()
    )]
    LinkedLock {
        /// The lock file.
        file: PathBuf,
    },
    /// A failure injected by a test hook.
    #[error("{0}")]
    Injected(String),
}

impl WriteError {
    /// Whether the machine refused (a full disk, a permission), rather than the GM's input.
    #[must_use]
    pub fn is_io(&self) -> bool {
        matches!(self, WriteError::Io { .. } | WriteError::Injected(_))
    }
}

pub(crate) fn io(file: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
    move |source| WriteError::Io {
        file: file.to_owned(),
        source,
    }
}

/// The folder a file is in (`.` for a bare file name).
#[must_use]
pub fn folder_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// The path a write to `file` really lands on: a symlink followed to its target (the
/// link stays a link), a file that does not exist yet under its folder's real path.
///
/// # Errors
/// When the folder does not exist or cannot be read.
pub fn real_target(file: &Path) -> Result<PathBuf, WriteError> {
    match std::fs::canonicalize(file) {
        Ok(real) => Ok(real),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let dir = std::fs::canonicalize(folder_of(file)).map_err(io(file))?;
            let name = file.file_name().ok_or_else(|| WriteError::Io {
                file: file.to_owned(),
                source: std::io::Error::other("it names a folder, not a file"),
            })?;
            Ok(dir.join(name))
        }
        Err(e) => Err(WriteError::Io {
            file: file.to_owned(),
            source: e,
        }),
    }
}

/// A name for a run's files (a transaction's, a file written on its own), unlikely to
/// meet any other's.
fn fresh_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let salt: u32 = rand::random();
    format!("{}-{nanos:x}-{salt:08x}", std::process::id())
}

/// The hidden name beside `target` of a file of run `id` ending in `end`.
fn beside(target: &Path, id: &str, end: &str) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    folder_of(target).join(format!(".{name}.{id}{end}"))
}
