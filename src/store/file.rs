//! Only regular files: taproom reads its characters, taverns, evenings, phrasebooks and
//! ledgers from regular files and replaces only regular files. A folder, a device, a FIFO
//! or a socket is refused with what it is, before anything is read from it; a file is
//! opened without blocking (a FIFO swapped in between the look and the open would
//! otherwise hold the run, and its locks, for ever) and looked at again once open.
//!
//! What was read is stamped (the file's identity, length and time of change), so that a
//! write can tell whether the file is still the one that was read.

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

/// What a path names when it is not a regular file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// A folder.
    Folder,
    /// A FIFO (a named pipe).
    Fifo,
    /// A socket.
    Socket,
    /// A character device (such as `/dev/null`).
    CharDevice,
    /// A block device (a disk).
    BlockDevice,
    /// Something else the system knows.
    Other,
}

impl Special {
    /// What it is, with its article: "a folder", "a FIFO (named pipe)".
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Special::Folder => "a folder",
            Special::Fifo => "a FIFO (named pipe)",
            Special::Socket => "a socket",
            Special::CharDevice => "a character device",
            Special::BlockDevice => "a block device",
            Special::Other => "not a regular file",
        }
    }

    /// What a file's metadata says it is, `None` for a regular file.
    #[must_use]
    pub fn of(meta: &Metadata) -> Option<Special> {
        let kind = meta.file_type();
        if kind.is_file() {
            return None;
        }
        if kind.is_dir() {
            return Some(Special::Folder);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_fifo() {
                return Some(Special::Fifo);
            }
            if kind.is_socket() {
                return Some(Special::Socket);
            }
            if kind.is_char_device() {
                return Some(Special::CharDevice);
            }
            if kind.is_block_device() {
                return Some(Special::BlockDevice);
            }
        }
        Some(Special::Other)
    }
}

/// A file that could not be read as a regular file.
#[derive(Debug)]
pub enum ReadError {
    /// It is not a regular file (after following symlinks).
    Special(Special),
    /// The system refused (it is missing, or may not be read).
    Io(std::io::Error),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Special(s) => write!(f, "{}", not_regular(*s)),
            ReadError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// The clause for a path that is not a regular file.
#[must_use]
pub fn not_regular(special: Special) -> String {
    match special {
        Special::Other => {
            "it is not a regular file; taproom reads and writes only regular files".to_owned()
        }
        s => format!(
            "it is {}, not a regular file; taproom reads and writes only regular files",
            s.words()
        ),
    }
}

/// What a file was when it was read: which file it is, how long, and when it last
/// changed. Two stamps differ when the file was replaced, or written to, in between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
}

impl Stamp {
    /// The stamp of a file's metadata.
    #[must_use]
    pub fn of(meta: &Metadata) -> Stamp {
        #[cfg(unix)]
        let (dev, ino) = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let (dev, ino) = (0, 0);
        Stamp {
            dev,
            ino,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }

    /// Whether the two stamps name the same file (whatever was written to it since).
    #[must_use]
    pub fn same_file(&self, other: &Stamp) -> bool {
        self.dev == other.dev && self.ino == other.ino
    }
}

/// Whether a file is the user's own (its owner is the effective user), as git asks of a
/// repository before trusting it; on a system without owners, always.
#[must_use]
pub fn owned_by_me(meta: &Metadata) -> bool {
    owner_if_not_mine(meta).is_none()
}

/// The owner of a file that is not the user's own (its user id), `None` for the user's own.
#[must_use]
pub fn owner_if_not_mine(meta: &Metadata) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        (meta.uid() != me).then_some(meta.uid())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// Whether a path's last part names a file: it ends in a name, not in a slash, `.` or
/// `..` (`x.png/` and `sub/.` name folders, though the system would write `x.png` and
/// `sub` for them).
#[must_use]
pub fn names_a_file(path: &Path) -> bool {
    let Some(name) = path.file_name() else {
        return false;
    };
    let (whole, name) = (path.as_os_str().as_encoded_bytes(), name.as_encoded_bytes());
    whole.ends_with(name)
}

/// Whether a file's permissions let nobody write it (no write bit at all: what `chmod
/// a-w` makes). Read from the mode, not asked of the system, which lets root write
/// anything.
#[must_use]
pub fn read_only(meta: &Metadata) -> bool {
    meta.permissions().readonly()
}

/// Checks a path a file is to be written at, before anything is written: its last part
/// names a file ([`names_a_file`]), and what is there now, if anything (a symlink
/// followed), is a regular file that is not read-only.
///
/// # Errors
/// What is wrong with it, naming `path`.
pub fn check_output_path(path: &Path) -> Result<(), super::WriteError> {
    use super::WriteError;
    if !names_a_file(path) {
        return Err(WriteError::NotAFileName {
            file: path.to_owned(),
        });
    }
    if let Ok(meta) = std::fs::metadata(path) {
        if let Some(what) = Special::of(&meta) {
            return Err(WriteError::NotRegular {
                file: path.to_owned(),
                what,
            });
        }
        if read_only(&meta) {
            return Err(WriteError::ReadOnly {
                file: path.to_owned(),
            });
        }
    }
    Ok(())
}

/// Whether `path` (followed through symlinks) may be replaced: it is a regular file, or
/// there is nothing there yet.
///
/// # Errors
/// What it is, when it is something else.
pub fn replaceable(path: &Path) -> Result<(), Special> {
    match std::fs::metadata(path) {
        Ok(meta) => Special::of(&meta).map_or(Ok(()), Err),
        Err(_) => Ok(()),
    }
}

/// Opens a regular file to read, never blocking, and stamps it.
///
/// # Errors
/// A path that is not a regular file, or one the system will not open.
pub fn open_regular(path: &Path) -> Result<(File, Stamp), ReadError> {
    // Looked at first, so that nothing else is ever opened (opening some devices does
    // something), then opened without blocking, then looked at again: a FIFO put in its
    // place in between is opened at once and refused here.
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if let Some(s) = Special::of(&meta) {
        return Err(ReadError::Special(s));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if let Some(s) = Special::of(&meta) {
        return Err(ReadError::Special(s));
    }
    Ok((file, Stamp::of(&meta)))
}

/// Reads a regular file whole, with its stamp.
///
/// # Errors
/// As [`open_regular`], or a read that fails.
pub fn read_regular(path: &Path) -> Result<(Vec<u8>, Stamp), ReadError> {
    let (mut file, stamp) = open_regular(path)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(ReadError::Io)?;
    Ok((bytes, stamp))
}

/// The stamp of a path as it is now (followed through symlinks), `None` when there is
/// nothing there.
#[must_use]
pub fn stamp_now(path: &Path) -> Option<Stamp> {
    std::fs::metadata(path).ok().map(|m| Stamp::of(&m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_and_stamped_and_a_folder_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.toml");
        std::fs::write(&file, "name = \"A\"\n").unwrap();
        let (bytes, stamp) = read_regular(&file).unwrap();
        assert_eq!(bytes, b"name = \"A\"\n");
        assert_eq!(Some(stamp), stamp_now(&file));
        std::fs::write(&file, "name = \"B\"\n").unwrap();
        let after = stamp_now(&file).unwrap();
        assert!(after.same_file(&stamp), "written in place: the same file");
        std::fs::write(dir.path().join("b"), "x").unwrap();
        std::fs::rename(dir.path().join("b"), &file).unwrap();
        assert!(!stamp_now(&file).unwrap().same_file(&stamp), "replaced");
        assert!(matches!(
            read_regular(dir.path()),
            Err(ReadError::Special(Special::Folder))
        ));
        assert_eq!(replaceable(dir.path()), Err(Special::Folder));
        assert_eq!(replaceable(&dir.path().join("new.txt")), Ok(()));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.toml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            eprintln!("skipped: mkfifo is not available here");
            return;
        }
        assert!(matches!(
            read_regular(&fifo),
            Err(ReadError::Special(Special::Fifo))
        ));
        assert_eq!(replaceable(&fifo), Err(Special::Fifo));
        // A symlink to it is the FIFO too.
        let link = dir.path().join("l.toml");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        assert!(matches!(
            read_regular(&link),
            Err(ReadError::Special(Special::Fifo))
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_and_never_opened() {
        let dev = Path::new("/dev/null");
        assert!(matches!(
            read_regular(dev),
            Err(ReadError::Special(Special::CharDevice))
        ));
        assert_eq!(replaceable(dev), Err(Special::CharDevice));
        assert!(not_regular(Special::CharDevice).contains("a character device"));
    }
}
