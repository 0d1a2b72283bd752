//! Writing several files as one: stage, keep the old ones, journal, rename, clean up; or
//! on failure put the old ones back; or, after a kill, finish from the journal.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::lock::FolderLocks;
use super::{WriteError, folder_of, io, real_target};

/// The end of the names of staged new contents.
const TEMP: &str = ".taproom-tmp";
/// The end of the names of old contents kept until the transaction is done.
const OLD: &str = ".taproom-old";
/// The start of a journal's name.
const JOURNAL: &str = ".taproom-journal.";

/// Where a test may stop a commit: before step `n` (0 before the backups, 1 before the
/// journals, `2 + i` before the rename of file `i`, then before removing the backups and
/// before removing the journals). Off (`Stop::Never`) in normal use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Stop {
    /// Never stop.
    #[default]
    Never,
    /// Abort the process there, as a kill would (no clean-up runs).
    Crash(usize),
    /// Fail there with an error, as a full disk would.
    Fail(usize),
}

/// One file of a transaction.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
struct Entry {
    /// The file replaced (its real path).
    target: PathBuf,
    /// Its new contents, staged beside it.
    temp: PathBuf,
    /// Its old contents, kept while the transaction runs (none for a new file).
    backup: Option<PathBuf>,
}

/// What a journal says: the transaction and every file it replaces.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Journal {
    id: String,
    files: Vec<Entry>,
    folders: Vec<PathBuf>,
}

/// An interrupted transaction, finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovered {
    /// The files it wrote.
    pub files: Vec<PathBuf>,
}

/// Files staged to be written together.
#[derive(Debug)]
pub struct Transaction {
    id: String,
    entries: Vec<Entry>,
}

impl Default for Transaction {
    fn default() -> Self {
        Transaction::new()
    }
}

/// A name for this transaction's files, unlikely to meet any other's.
fn fresh_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let salt: u32 = rand::random();
    format!("{}-{nanos:x}-{salt:08x}", std::process::id())
}

fn beside(target: &Path, id: &str, end: &str) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    folder_of(target).join(format!(".{name}.{id}{end}"))
}

impl Transaction {
    /// An empty transaction.
    #[must_use]
    pub fn new() -> Transaction {
        Transaction {
            id: fresh_id(),
            entries: Vec::new(),
        }
    }

    /// Writes `contents` beside `target` (beside the file a symlink names), flushed to
    /// disk, with the target's permissions and owner, or the usual mode for a new file.
    ///
    /// # Errors
    /// When the folder cannot be written.
    pub fn stage(&mut self, target: &Path, contents: &[u8]) -> Result<(), WriteError> {
        let real = real_target(target)?;
        let temp = beside(&real, &self.id, TEMP);
        let old = std::fs::metadata(&real).ok();
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o666);
        let mut file = options.open(&temp).map_err(io(target))?;
        // Record it at once, so a failure from here on removes it.
        self.entries.push(Entry {
            target: real,
            temp: temp.clone(),
            backup: None,
        });
        file.write_all(contents).map_err(io(target))?;
        if let Some(meta) = &old {
            file.set_permissions(meta.permissions())
                .map_err(io(target))?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                // Keeping the owner needs the right to give files away; without it the
                // file is the writer's, as any edit by this user would make it.
                let _ = std::os::unix::fs::fchown(&file, Some(meta.uid()), Some(meta.gid()));
            }
        }
        file.sync_all().map_err(io(target))?;
        Ok(())
    }

    /// The files staged, by their real paths.
    pub fn targets(&self) -> impl Iterator<Item = &Path> {
        self.entries.iter().map(|e| e.target.as_path())
    }

    /// Every folder the transaction writes in.
    #[must_use]
    pub fn folders(&self) -> BTreeSet<PathBuf> {
        self.entries.iter().map(|e| folder_of(&e.target)).collect()
    }

    /// Replaces every target with its staged contents, all or none: on an error before
    /// the last rename every old file is put back; killed at any moment, it leaves a
    /// journal that [`recover`] finishes. The caller holds the folders' locks. Returns
    /// the files written.
    ///
    /// # Errors
    /// A file that cannot be kept, journalled or renamed (every file is then as it was).
    pub fn commit(mut self, stop: &Stop) -> Result<Vec<PathBuf>, WriteError> {
        let n = self.entries.len();
        let result = self.run(stop);
        if let Err(e) = result {
            self.undo();
            return Err(e);
        }
        debug_assert_eq!(self.entries.len(), n);
        let written = self.entries.iter().map(|e| e.target.clone()).collect();
        self.entries.clear();
        Ok(written)
    }

    fn run(&mut self, stop: &Stop) -> Result<(), WriteError> {
        let n = self.entries.len();
        at(stop, 0)?;
        for e in &mut self.entries {
            if e.target.exists() {
                let backup = beside(&e.target, &self.id, OLD);
                // An append-only or immutable file cannot be linked: it is found here,
                // before anything is replaced.
                std::fs::hard_link(&e.target, &backup).map_err(io(&e.target))?;
                e.backup = Some(backup);
            }
        }
        at(stop, 1)?;
        let folders: Vec<PathBuf> = self.folders().into_iter().collect();
        let journal = Journal {
            id: self.id.clone(),
            files: self.entries.clone(),
            folders: folders.clone(),
        };
        let text = serde_json::to_vec_pretty(&journal).map_err(|e| WriteError::Io {
            file: PathBuf::from("journal"),
            source: std::io::Error::other(e),
        })?;
        for folder in &folders {
            write_atomically(&journal_path(folder, &self.id), &text)?;
            sync_folder(folder);
        }
        for i in 0..n {
            at(stop, 2 + i)?;
            let e = &self.entries[i];
            std::fs::rename(&e.temp, &e.target).map_err(io(&e.target))?;
        }
        for folder in &folders {
            sync_folder(folder);
        }
        // Done: what follows is tidying, which recovery would finish as well.
        let tidy = |k: usize| {
            if let Stop::Crash(c) = stop
                && *c == k
            {
                std::process::abort();
            }
        };
        tidy(2 + n);
        for e in &self.entries {
            if let Some(b) = &e.backup {
                let _ = std::fs::remove_file(b);
            }
        }
        tidy(3 + n);
        for folder in &folders {
            let _ = std::fs::remove_file(journal_path(folder, &self.id));
            sync_folder(folder);
        }
        Ok(())
    }

    /// Puts every old file back and removes what this transaction made.
    fn undo(&mut self) {
        for e in &self.entries {
            let renamed = !e.temp.exists();
            match (&e.backup, renamed) {
                (Some(b), true) => {
                    let _ = std::fs::rename(b, &e.target);
                }
                (Some(b), false) => {
                    let _ = std::fs::remove_file(b);
                }
                (None, true) => {
                    let _ = std::fs::remove_file(&e.target);
                }
                (None, false) => {}
            }
            let _ = std::fs::remove_file(&e.temp);
        }
        for folder in self.folders() {
            let _ = std::fs::remove_file(journal_path(&folder, &self.id));
            sync_folder(&folder);
        }
        self.entries.clear();
    }
}

impl Drop for Transaction {
    /// A transaction never committed leaves nothing behind.
    fn drop(&mut self) {
        for e in &self.entries {
            let _ = std::fs::remove_file(&e.temp);
            if let Some(b) = &e.backup {
                let _ = std::fs::remove_file(b);
            }
        }
    }
}

/// Stops a commit where a test asked.
fn at(stop: &Stop, k: usize) -> Result<(), WriteError> {
    match stop {
        Stop::Crash(c) if *c == k => std::process::abort(),
        Stop::Fail(f) if *f == k => Err(WriteError::Injected(format!(
            "a write failed at step {k} (a test's injected failure)"
        ))),
        Stop::Never | Stop::Crash(_) | Stop::Fail(_) => Ok(()),
    }
}

fn journal_path(folder: &Path, id: &str) -> PathBuf {
    folder.join(format!("{JOURNAL}{id}.json"))
}

/// Writes a small file whole or not at all: to a temporary name, flushed, then renamed.
fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    let temp = path.with_extension(format!("json{TEMP}"));
    let mut file = std::fs::File::create(&temp).map_err(io(path))?;
    file.write_all(contents).map_err(io(path))?;
    file.sync_all().map_err(io(path))?;
    std::fs::rename(&temp, path).map_err(io(path))
}

/// Flushes a folder's entries (renames) to disk where the system allows.
fn sync_folder(folder: &Path) {
    if let Ok(d) = std::fs::File::open(folder) {
        let _ = d.sync_all();
    }
}

/// The journals in a folder, oldest name first.
fn journals_in(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(JOURNAL) && n.ends_with(".json"))
        })
        .collect();
    out.sort();
    out
}

/// Finishes every transaction a killed run left a journal of in `folder`: the renames it
/// had not made are made, and its backups and journals removed. Takes the locks of the
/// folders it needs that `held` does not hold (waiting up to `wait`). Then, holding the
/// folder's lock, removes temporary files no journal names.
///
/// # Errors
/// A journal that cannot be read, a lock not had in time, a rename refused.
pub fn recover(
    folder: &Path,
    held: Option<&FolderLocks>,
    wait: Duration,
) -> Result<Vec<Recovered>, WriteError> {
    let mut done = Vec::new();
    for path in journals_in(folder) {
        let text = match std::fs::read(&path) {
            Ok(t) => t,
            // Finished by another run since it was listed.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(io(&path)(e)),
        };
        let journal: Journal = serde_json::from_slice(&text).map_err(|e| WriteError::Journal {
            file: path.clone(),
            why: e.to_string(),
        })?;
        let missing: Vec<PathBuf> = journal
            .folders
            .iter()
            .filter(|f| !held.is_some_and(|h| h.holds(f)))
            .cloned()
            .collect();
        let _locks = FolderLocks::take(missing, wait, &mut |_| {})?;
        if !path.exists() {
            continue;
        }
        for e in &journal.files {
            if e.temp.exists() {
                std::fs::rename(&e.temp, &e.target).map_err(io(&e.target))?;
            }
        }
        for e in &journal.files {
            if let Some(b) = &e.backup {
                let _ = std::fs::remove_file(b);
            }
        }
        for f in &journal.folders {
            sync_folder(f);
            let _ = std::fs::remove_file(journal_path(f, &journal.id));
            sync_folder(f);
        }
        done.push(Recovered {
            files: journal.files.iter().map(|e| e.target.clone()).collect(),
        });
    }
    Ok(done)
}

/// Recovers in every folder a run holds the lock of, then removes the temporary files
/// of killed runs there (which no journal names any more).
///
/// # Errors
/// As [`recover`].
pub fn recover_all(locks: &FolderLocks, wait: Duration) -> Result<Vec<Recovered>, WriteError> {
    let mut done = Vec::new();
    let folders: Vec<PathBuf> = locks.folders().map(Path::to_owned).collect();
    for folder in &folders {
        done.extend(recover(folder, Some(locks), wait)?);
    }
    for folder in &folders {
        remove_litter(folder);
    }
    Ok(done)
}

/// Removes the temporary files and kept old contents of killed runs from a folder whose
/// lock is held and whose journals are finished.
fn remove_litter(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if name.starts_with('.') && (name.ends_with(TEMP) || name.ends_with(OLD))
            || is_old_style_temp(folder, name)
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether `name` is a temporary file of taproom before its transactions
/// (`.pip.toml.AbC123.tmp`: a dot, the name of a file in the folder, six letters or
/// digits, `.tmp`), which a killed run of those versions left behind.
fn is_old_style_temp(folder: &Path, name: &str) -> bool {
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    let Some((target, random)) = inner.rsplit_once('.') else {
        return false;
    };
    random.len() == 6
        && random.chars().all(|c| c.is_ascii_alphanumeric())
        && folder.join(target).is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(dir: &Path) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name() != ".taproom.lock")
            .map(|e| {
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read_to_string(e.path()).unwrap_or_default(),
                )
            })
            .collect();
        out.sort();
        out
    }

    fn two(dir: &Path) -> Transaction {
        std::fs::write(dir.join("a.toml"), "old a").unwrap();
        let mut t = Transaction::new();
        t.stage(&dir.join("a.toml"), b"new a").unwrap();
        t.stage(&dir.join("ledger.txt"), b"new ledger").unwrap();
        t
    }

    #[test]
    fn a_commit_writes_every_file_and_leaves_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let written = two(dir.path()).commit(&Stop::Never).unwrap();
        assert_eq!(written.len(), 2);
        assert_eq!(
            files(dir.path()),
            [
                ("a.toml".to_owned(), "new a".to_owned()),
                ("ledger.txt".to_owned(), "new ledger".to_owned())
            ]
        );
    }

    #[test]
    fn a_failure_at_any_step_puts_every_old_file_back() {
        // Steps 0 to 3 of two files: before the backups, the journals, and each rename.
        for k in 0..4 {
            let dir = tempfile::tempdir().unwrap();
            let err = two(dir.path()).commit(&Stop::Fail(k)).unwrap_err();
            assert!(matches!(err, WriteError::Injected(_)), "{k}: {err}");
            assert_eq!(
                files(dir.path()),
                [("a.toml".to_owned(), "old a".to_owned())],
                "step {k}"
            );
        }
    }

    #[test]
    fn an_abandoned_transaction_removes_its_staged_files() {
        let dir = tempfile::tempdir().unwrap();
        drop(two(dir.path()));
        assert_eq!(
            files(dir.path()),
            [("a.toml".to_owned(), "old a".to_owned())]
        );
    }

    #[test]
    fn a_journal_left_behind_is_finished_by_recovery() {
        let dir = tempfile::tempdir().unwrap();
        let mut t = two(dir.path());
        // As a kill after the journal and one rename would leave things.
        for e in &mut t.entries {
            if e.target.exists() {
                let b = beside(&e.target, &t.id, OLD);
                std::fs::hard_link(&e.target, &b).unwrap();
                e.backup = Some(b);
            }
        }
        let journal = Journal {
            id: t.id.clone(),
            files: t.entries.clone(),
            folders: t.folders().into_iter().collect(),
        };
        for f in &journal.folders {
            write_atomically(
                &journal_path(f, &t.id),
                &serde_json::to_vec(&journal).unwrap(),
            )
            .unwrap();
        }
        std::fs::rename(&t.entries[0].temp, &t.entries[0].target).unwrap();
        t.entries.clear();
        let done = recover(dir.path(), None, Duration::ZERO).unwrap();
        assert_eq!(done.len(), 1);
        assert_eq!(
            files(dir.path()),
            [
                ("a.toml".to_owned(), "new a".to_owned()),
                ("ledger.txt".to_owned(), "new ledger".to_owned())
            ]
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_stays_a_link_and_its_target_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let shared = dir.path().join("shared");
        std::fs::create_dir(&shared).unwrap();
        let real = shared.join("pip.toml");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("pip.toml");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let mut t = Transaction::new();
        t.stage(&link, b"new").unwrap();
        t.commit(&Stop::Never).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }
}
