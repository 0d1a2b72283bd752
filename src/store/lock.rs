//! One writer at a time: an operating-system lock on a file in each folder a run writes
//! in, taken in one order (so two runs never wait on each other) and held until dropped.

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{WriteError, io};

/// The lock file taproom keeps in a folder it writes in (it is empty; the lock is the
/// operating system's, released when the run ends, however it ends).
pub const LOCK_FILE: &str = ".taproom.lock";

/// How often a waiting run tries the lock again.
const RETRY: Duration = Duration::from_millis(50);

/// The locks of a run, held until dropped.
#[derive(Debug)]
pub struct FolderLocks {
    held: Vec<(PathBuf, File)>,
}

/// Opens (making it when missing) a folder's lock file: never waiting on a FIFO put in
/// its place, never following a symbolic link (which would make, or lock, a file
/// elsewhere), and refusing anything but a regular file.
fn open_lock(path: &Path) -> Result<File, WriteError> {
    let not_regular = |what| WriteError::NotRegular {
        file: path.to_owned(),
        what,
    };
    let linked = || WriteError::LinkedLock {
        file: path.to_owned(),
    };
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(linked());
    }
    super::file::replaceable(path).map_err(not_regular)?;
    let mut options = OpenOptions::new();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        libc::O_NONBLOCK | libc::O_NOFOLLOW,
    );
    let file = options.open(path).map_err(|e| {
        // A link put in its place since the look above.
        #[cfg(unix)]
        if e.raw_os_error() == Some(libc::ELOOP) {
            return linked();
        }
        io(path)(e)
    })?;
    let meta = file.metadata().map_err(io(path))?;
    if let Some(what) = super::file::Special::of(&meta) {
        return Err(not_regular(what));
    }
    Ok(file)
}

impl FolderLocks {
    /// Takes the lock of every folder, in order of their real paths, waiting up to `wait`
    /// for each; `waiting` is told once when a folder is found locked.
    ///
    /// # Errors
    /// A folder that cannot be read, or a lock still held after `wait`.
    pub fn take(
        folders: impl IntoIterator<Item = PathBuf>,
        wait: Duration,
        waiting: &mut dyn FnMut(&Path),
    ) -> Result<FolderLocks, WriteError> {
        let real: BTreeSet<PathBuf> = folders
            .into_iter()
            .map(|f| std::fs::canonicalize(&f).map_err(io(&f)))
            .collect::<Result<_, _>>()?;
        let mut held = Vec::new();
        for folder in real {
            let path = folder.join(LOCK_FILE);
            let file = open_lock(&path)?;
            let start = Instant::now();
            let mut told = false;
            loop {
                match file.try_lock() {
                    Ok(()) => break,
                    Err(TryLockError::WouldBlock) => {
                        if !told {
                            waiting(&folder);
                            told = true;
                        }
                        if start.elapsed() >= wait {
                            return Err(WriteError::Locked {
                                folder,
                                seconds: wait.as_secs(),
                            });
                        }
                        std::thread::sleep(RETRY);
                    }
                    Err(TryLockError::Error(e)) => return Err(io(&path)(e)),
                }
            }
            held.push((folder, file));
        }
        Ok(FolderLocks { held })
    }

    /// Takes the lock of one folder only if no other run holds it.
    ///
    /// # Errors
    /// A folder that cannot be read.
    pub fn try_take(folder: &Path) -> Result<Option<FolderLocks>, WriteError> {
        let real = std::fs::canonicalize(folder).map_err(io(folder))?;
        let path = real.join(LOCK_FILE);
        let file = match open_lock(&path) {
            Ok(f) => f,
            // A folder the GM may read but not write: nobody can be writing there
            // through taproom, and nothing can be finished either.
            Err(WriteError::Io { source, .. })
                if source.kind() == std::io::ErrorKind::PermissionDenied =>
            {
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        match file.try_lock() {
            Ok(()) => Ok(Some(FolderLocks {
                held: vec![(real, file)],
            })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(e)) => Err(io(&path)(e)),
        }
    }

    /// Whether this run holds the lock of `folder` (by its real path).
    #[must_use]
    pub fn holds(&self, folder: &Path) -> bool {
        std::fs::canonicalize(folder).is_ok_and(|real| self.held.iter().any(|(f, _)| *f == real))
    }

    /// The folders locked.
    pub fn folders(&self) -> impl Iterator<Item = &Path> {
        self.held.iter().map(|(f, _)| f.as_path())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_fifo_for_a_lock_file_is_refused_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(dir.path().join(LOCK_FILE))
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            eprintln!("skipped: mkfifo is not available here");
            return;
        }
        let err =
            FolderLocks::take([dir.path().to_owned()], Duration::ZERO, &mut |_| {}).unwrap_err();
        assert!(err.to_string().contains(".taproom.lock"), "{err}");
        assert!(err.to_string().contains("a FIFO"), "{err}");
        assert!(FolderLocks::try_take(dir.path()).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_that_is_a_symbolic_link_is_refused_and_nothing_made_elsewhere() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let aim = elsewhere.path().join("made-by-the-lock");
        std::os::unix::fs::symlink(&aim, dir.path().join(LOCK_FILE)).unwrap();
        let err =
            FolderLocks::take([dir.path().to_owned()], Duration::ZERO, &mut |_| {}).unwrap_err();
        assert!(matches!(err, WriteError::LinkedLock { .. }), "{err}");
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert!(FolderLocks::try_take(dir.path()).is_err());
        assert!(!aim.exists(), "no file made where the link points");
        // A link to a file that is there: the file is neither locked nor changed.
        std::fs::write(&aim, "theirs").unwrap();
        assert!(FolderLocks::try_take(dir.path()).is_err());
        assert_eq!(std::fs::read_to_string(&aim).unwrap(), "theirs");
    }

    #[test]
    fn a_second_taker_waits_then_gives_up_while_the_first_holds() {
        let dir = tempfile::tempdir().unwrap();
        let first =
            FolderLocks::take([dir.path().to_owned()], Duration::ZERO, &mut |_| {}).unwrap();
        assert!(first.holds(dir.path()));
        let mut told = 0;
        let err = FolderLocks::take(
            [dir.path().to_owned()],
            Duration::from_millis(120),
            &mut |_| told += 1,
        )
        .unwrap_err();
        assert!(matches!(err, WriteError::Locked { .. }), "{err}");
        assert_eq!(told, 1, "the wait is announced once");
        assert!(FolderLocks::try_take(dir.path()).unwrap().is_none());
        drop(first);
        assert!(FolderLocks::try_take(dir.path()).unwrap().is_some());
    }
}
