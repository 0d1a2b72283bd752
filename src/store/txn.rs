//! Writing several files as one: stage, keep the old ones, journal, rename, clean up; or
//! on failure put the old ones back; or, after a kill, finish or undo from the journals.
//!
//! A transaction writes its journal into every folder it writes in, and every journal
//! names every file and folder of the transaction and its state:
//!
//! 1. **prepared**, written into each folder in turn once the new contents are staged and
//!    the old ones kept: nothing is replaced yet, so the transaction can still be undone;
//! 2. **committed**, written into each folder in turn once every folder is prepared: the
//!    first of these is the point from which the transaction is finished, never undone;
//! 3. the renames, then the old contents and the journals are removed.
//!
//! A run that opens any one of the folders reads the journals of every folder the
//! transaction names (a folder is touched only when it holds a copy of the journal; one
//! without a copy is left alone, and a journal that names one where no kill leaves it so
//! is refused) and decides for the whole of it: finished when a journal says
//! committed and none says aborted (a failure after the point of no return, undone in
//! process), undone otherwise. Undoing puts back only the files this transaction put in
//! place (a file is known by its identity, so one another run wrote since is left
//! alone). Staged files that no journal of their folder names belong to a transaction
//! that can only be undone, and are swept by the next run that holds the folder's lock.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::file::{Stamp, replaceable};
use super::lock::FolderLocks;
use super::{WriteError, beside, folder_of, fresh_id, io, real_target};

/// The end of the names of staged new contents.
const TEMP: &str = ".taproom-tmp";
/// The end of the names of old contents kept until the transaction is done.
const OLD: &str = ".taproom-old";
/// The start of a journal's name.
const JOURNAL: &str = ".taproom-journal.";

/// Where a test may stop a commit of `n` files in `m` folders: before step `k`, where 0
/// is before the old contents are kept, `1 + j` before folder `j`'s prepared journal,
/// `1 + m + j` before its committed journal, `1 + 2m + i` before the rename of file `i`,
/// `1 + 2m + n` before the old contents are removed, and `2 + 2m + n + j` before folder
/// `j`'s journal is removed (folders in the order of their real paths). Killed before
/// step `1 + m` or an earlier one, a transaction is undone; before step `2 + m` or a
/// later one, finished. Off (`Stop::Never`) in normal use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Stop {
    /// Never stop.
    #[default]
    Never,
    /// Abort the process there, as a kill would (no clean-up runs). Only in the tests'
    /// builds (the `fault-injection` feature).
    #[cfg(any(test, feature = "fault-injection"))]
    Crash(usize),
    /// Fail there with an error, as a full disk would (only before the renames are done:
    /// what follows them is tidying that cannot fail). Only in the tests' builds.
    #[cfg(any(test, feature = "fault-injection"))]
    Fail(usize),
    /// Return there leaving everything as a kill would, for the tests of this module
    /// (which cannot abort the process that runs them).
    #[cfg(test)]
    Halt(usize),
}

/// Why a commit did not run to its end.
enum Interrupted {
    /// A step failed: the transaction is undone.
    Failed(WriteError),
    /// A test stopped it as a kill would.
    #[cfg(test)]
    Halted,
}

impl From<WriteError> for Interrupted {
    fn from(e: WriteError) -> Self {
        Interrupted::Failed(e)
    }
}

/// How far a transaction has come, as its journals say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum State {
    /// Everything staged and kept, nothing replaced: undone if interrupted.
    Prepared,
    /// Past the point of no return: finished if interrupted.
    Committed,
    /// A failure after the point of no return: the run put (or was putting) every old
    /// file back, and so does whoever finds it.
    Aborted,
}

/// Journals of earlier versions had no state, and were written only to be finished.
fn committed() -> State {
    State::Committed
}

/// Which file a path names: its device and inode.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    fn of(meta: &std::fs::Metadata) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some(FileId {
                dev: meta.dev(),
                ino: meta.ino(),
            })
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            None
        }
    }
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
    /// The staged file's identity: once renamed, the target is this file.
    #[serde(default)]
    staged: Option<FileId>,
}

/// What a journal says: the transaction, every file it replaces, every folder it writes
/// in, and how far it has come.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Journal {
    id: String,
    #[serde(default = "committed")]
    state: State,
    files: Vec<Entry>,
    folders: Vec<PathBuf>,
}

/// What a file must still be when the transaction commits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Expect {
    /// Whatever it is.
    #[default]
    Anything,
    /// Not there (it was not, when read).
    Absent,
    /// The file that was read, unchanged.
    Same(Stamp),
}

/// An interrupted transaction, finished or undone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovered {
    /// The files it wrote (finished) or would have written (undone).
    pub files: Vec<PathBuf>,
    /// Whether it was undone (every file as it was before it) rather than finished.
    pub undone: bool,
}

/// Files staged to be written together.
#[derive(Debug)]
pub struct Transaction {
    id: String,
    entries: Vec<Entry>,
    /// For each entry: the path as the caller named it, and what it must still be.
    wanted: Vec<(PathBuf, Expect)>,
    /// Whether a journal may have been written.
    journalled: bool,
    /// Whether a committed journal may have been written.
    committed: bool,
}

impl Default for Transaction {
    fn default() -> Self {
        Transaction::new()
    }
}

/// Whether anything (a file, a link, anything) is at `path`.
fn there(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

impl Transaction {
    /// An empty transaction.
    #[must_use]
    pub fn new() -> Transaction {
        Transaction {
            id: fresh_id(),
            entries: Vec::new(),
            wanted: Vec::new(),
            journalled: false,
            committed: false,
        }
    }

    /// Writes `contents` beside `target` (beside the file a symlink names), flushed to
    /// disk, with the target's permissions and owner, or the usual mode for a new file.
    ///
    /// # Errors
    /// A target that is not a regular file; a folder that cannot be written.
    pub fn stage(&mut self, target: &Path, contents: &[u8]) -> Result<(), WriteError> {
        self.stage_expecting(target, contents, Expect::Anything)
    }

    /// [`Transaction::stage`], and at the commit, before anything is replaced, the target
    /// must still be as `expect` says, or nothing is written.
    ///
    /// # Errors
    /// As [`Transaction::stage`].
    pub fn stage_expecting(
        &mut self,
        target: &Path,
        contents: &[u8],
        expect: Expect,
    ) -> Result<(), WriteError> {
        let real = real_target(target)?;
        replaceable(&real).map_err(|what| WriteError::NotRegular {
            file: target.to_owned(),
            what,
        })?;
        let temp = beside(&real, &self.id, TEMP);
        let old = std::fs::metadata(&real).ok();
        if old.as_ref().is_some_and(super::file::read_only) {
            return Err(WriteError::ReadOnly {
                file: target.to_owned(),
            });
        }
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
            staged: None,
        });
        self.wanted.push((target.to_owned(), expect));
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
        let id = file.metadata().ok().and_then(|m| FileId::of(&m));
        if let Some(e) = self.entries.last_mut() {
            e.staged = id;
        }
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
    /// the last rename every old file is put back; killed at any moment, it leaves
    /// journals from which the next run to open any of its folders finishes or undoes it
    /// ([`recover`]). The caller holds the folders' locks. Returns the files written.
    ///
    /// # Errors
    /// A file that changed since it was read, or that cannot be kept, journalled or
    /// renamed (every file is then as it was).
    pub fn commit(mut self, stop: &Stop) -> Result<Vec<PathBuf>, WriteError> {
        match self.run(stop) {
            Ok(()) => {}
            Err(Interrupted::Failed(e)) => {
                self.undo();
                return Err(e);
            }
            #[cfg(test)]
            Err(Interrupted::Halted) => {
                // As a kill leaves it: no clean-up at all.
                std::mem::forget(self);
                return Err(WriteError::Injected("halted".to_owned()));
            }
        }
        let written = self.entries.iter().map(|e| e.target.clone()).collect();
        self.entries.clear();
        Ok(written)
    }

    /// Keeps the old contents, checking that each target is still what was read.
    fn keep_old(&mut self) -> Result<(), WriteError> {
        for (e, (named, expect)) in self.entries.iter_mut().zip(&self.wanted) {
            let changed = |why: &str| WriteError::Changed {
                file: named.clone(),
                why: why.to_owned(),
            };
            let Ok(meta) = std::fs::symlink_metadata(&e.target) else {
                if let Expect::Same(_) = expect {
                    return Err(changed("it is gone"));
                }
                continue;
            };
            if *expect == Expect::Absent {
                return Err(changed("a file of that name was made meanwhile"));
            }
            if !meta.is_file() {
                return Err(changed("it is no longer the regular file that was read"));
            }
            let backup = beside(&e.target, &self.id, OLD);
            // An append-only or immutable file cannot be linked: it is found here,
            // before anything is replaced.
            std::fs::hard_link(&e.target, &backup).map_err(io(named))?;
            e.backup = Some(backup.clone());
            // The old contents kept are the file that was read, or nothing is written.
            if let Expect::Same(stamp) = expect {
                let kept = std::fs::symlink_metadata(&backup).map_err(io(named))?;
                if Stamp::of(&kept) != *stamp {
                    return Err(changed(if Stamp::of(&kept).same_file(stamp) {
                        "it was written to since it was read"
                    } else {
                        "it was replaced since it was read"
                    }));
                }
            }
        }
        Ok(())
    }

    fn journal(&self, state: State, folders: &[PathBuf]) -> Result<Vec<u8>, WriteError> {
        let journal = Journal {
            id: self.id.clone(),
            state,
            files: self.entries.clone(),
            folders: folders.to_vec(),
        };
        serde_json::to_vec_pretty(&journal).map_err(|e| WriteError::Io {
            file: PathBuf::from("journal"),
            source: std::io::Error::other(e),
        })
    }

    fn run(&mut self, stop: &Stop) -> Result<(), Interrupted> {
        let folders: Vec<PathBuf> = self.folders().into_iter().collect();
        let (m, n) = (folders.len(), self.entries.len());
        at(stop, 0)?;
        self.keep_old()?;
        let prepared = self.journal(State::Prepared, &folders)?;
        for (j, folder) in folders.iter().enumerate() {
            at(stop, 1 + j)?;
            self.journalled = true;
            write_atomically(&journal_path(folder, &self.id), &prepared)?;
            sync_folder(folder);
        }
        let committed = self.journal(State::Committed, &folders)?;
        for (j, folder) in folders.iter().enumerate() {
            at(stop, 1 + m + j)?;
            self.committed = true;
            write_atomically(&journal_path(folder, &self.id), &committed)?;
            sync_folder(folder);
        }
        for i in 0..n {
            at(stop, 1 + 2 * m + i)?;
            let e = &self.entries[i];
            std::fs::rename(&e.temp, &e.target).map_err(io(&self.wanted[i].0))?;
        }
        for folder in &folders {
            sync_folder(folder);
        }
        // Done: what follows is tidying, which recovery would finish as well.
        let tidy = |k: usize| -> Result<(), Interrupted> {
            let _ = k; // read only by the tests' stops
            match stop {
                #[cfg(any(test, feature = "fault-injection"))]
                Stop::Crash(c) if *c == k => std::process::abort(),
                #[cfg(test)]
                Stop::Halt(h) if *h == k => Err(Interrupted::Halted),
                _ => Ok(()),
            }
        };
        tidy(1 + 2 * m + n)?;
        for e in &self.entries {
            if let Some(b) = &e.backup {
                let _ = std::fs::remove_file(b);
            }
        }
        for (j, folder) in folders.iter().enumerate() {
            tidy(2 + 2 * m + n + j)?;
            let _ = std::fs::remove_file(journal_path(folder, &self.id));
            sync_folder(folder);
        }
        Ok(())
    }

    /// Puts every old file back and removes what this transaction made; past the point
    /// of no return, first marks every journal aborted, so that a kill meanwhile is
    /// undone too.
    fn undo(&mut self) {
        let folders: Vec<PathBuf> = self.folders().into_iter().collect();
        if self.committed
            && let Ok(aborted) = self.journal(State::Aborted, &folders)
        {
            for folder in &folders {
                let _ = write_atomically(&journal_path(folder, &self.id), &aborted);
                sync_folder(folder);
            }
        }
        put_back(&self.entries);
        if self.journalled {
            for folder in &folders {
                let _ = std::fs::remove_file(journal_path(folder, &self.id));
                sync_folder(folder);
            }
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
fn at(stop: &Stop, k: usize) -> Result<(), Interrupted> {
    let _ = k; // read only by the tests' stops
    match stop {
        #[cfg(any(test, feature = "fault-injection"))]
        Stop::Crash(c) if *c == k => std::process::abort(),
        #[cfg(any(test, feature = "fault-injection"))]
        Stop::Fail(f) if *f == k => Err(Interrupted::Failed(WriteError::Injected(format!(
            "a write failed at step {k} (a test's injected failure)"
        )))),
        #[cfg(test)]
        Stop::Halt(h) if *h == k => Err(Interrupted::Halted),
        _ => Ok(()),
    }
}

/// Whether `target` is the file this transaction staged (it was renamed into place).
fn is_ours(target: &Path, staged: Option<FileId>) -> bool {
    staged.is_some_and(|id| {
        std::fs::symlink_metadata(target).is_ok_and(|m| FileId::of(&m) == Some(id))
    })
}

/// Undoes a transaction's files: a staged file not yet renamed is removed; a target that
/// is the staged file gets its old contents back (or, new, is removed); the old contents
/// kept are removed. A target some other run wrote since is left as it is.
fn put_back(entries: &[Entry]) {
    for e in entries {
        if there(&e.temp) {
            let _ = std::fs::remove_file(&e.temp);
        } else if is_ours(&e.target, e.staged) {
            match &e.backup {
                Some(b) if there(b) => {
                    let _ = std::fs::rename(b, &e.target);
                }
                Some(_) => {}
                None => {
                    let _ = std::fs::remove_file(&e.target);
                }
            }
        }
        if let Some(b) = &e.backup {
            let _ = std::fs::remove_file(b);
        }
    }
}

/// Finishes a transaction's files: every staged file still there takes its target's
/// place; the old contents kept are removed.
fn finish(entries: &[Entry]) -> Result<(), WriteError> {
    for e in entries {
        if there(&e.temp) {
            std::fs::rename(&e.temp, &e.target).map_err(io(&e.target))?;
        }
    }
    for e in entries {
        if let Some(b) = &e.backup {
            let _ = std::fs::remove_file(b);
        }
    }
    Ok(())
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

/// A journal, `None` when it is not there (finished by another run meanwhile). Only a
/// regular file of the user's own, which a transaction could have written into its
/// folder, is read as one.
fn read_journal(path: &Path) -> Result<Option<Journal>, WriteError> {
    let refuse = |why: String| WriteError::Journal {
        file: path.to_owned(),
        why,
    };
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(path)(e)),
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(refuse(
                "it is a symbolic link, and taproom writes its journals as files".to_owned(),
            ));
        }
        Ok(meta) => {
            if let Some(uid) = super::file::owner_if_not_mine(&meta) {
                return Err(refuse(format!(
                    "it belongs to another user (user id {uid}), and taproom finishes only \
                     the writes of your own runs"
                )));
            }
        }
    }
    let text = match super::file::read_regular(path) {
        Ok((t, _)) => t,
        Err(super::file::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(None);
        }
        Err(super::file::ReadError::Io(e)) => return Err(io(path)(e)),
        Err(e @ super::file::ReadError::Special(_)) => return Err(refuse(e.to_string())),
    };
    let journal: Journal = serde_json::from_slice(&text).map_err(|e| refuse(e.to_string()))?;
    if let Some(why) = not_ours(&journal, &folder_of(path)) {
        return Err(refuse(why.to_owned()));
    }
    Ok(Some(journal))
}

/// Why a journal cannot be one a transaction wrote into `folder`, if it cannot: a
/// transaction's journal names the folders of its files, in order of their real paths,
/// among them the one the journal is in, and no other folder; and recovery renames and
/// removes only the files a transaction staged and kept beside its targets.
fn not_ours(journal: &Journal, folder: &Path) -> Option<&'static str> {
    if journal.id.is_empty()
        || !journal
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Some("its transaction's name is not one taproom gives");
    }
    let here = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_owned());
    if !journal.folders.contains(&here) {
        return Some("it does not name the folder it is in");
    }
    let beside_its_target = journal.files.iter().all(|e| {
        e.target.is_absolute()
            && e.temp == beside(&e.target, &journal.id, TEMP)
            && e.backup
                .as_ref()
                .is_none_or(|b| *b == beside(&e.target, &journal.id, OLD))
    });
    if !beside_its_target {
        return Some("it names files that are not taproom's own, staged beside their targets");
    }
    let of_its_files: BTreeSet<PathBuf> =
        journal.files.iter().map(|e| folder_of(&e.target)).collect();
    if !journal.folders.iter().eq(of_its_files.iter()) {
        return Some("the folders it names are not those of the files it names");
    }
    None
}

/// A journal found in a folder, with its copies in the other folders of its transaction.
struct Found {
    journal: Journal,
    /// The folders that hold a copy of the journal (its own among them), in its order,
    /// with what each copy says: the only folders its recovery touches or locks.
    reach: Vec<(PathBuf, State)>,
}

impl Found {
    /// The files of the transaction in the folders it reaches.
    fn files(&self) -> Vec<Entry> {
        self.journal
            .files
            .iter()
            .filter(|e| self.reaches(&folder_of(&e.target)))
            .cloned()
            .collect()
    }

    /// Whether a copy of the journal is in `folder`.
    fn reaches(&self, folder: &Path) -> bool {
        self.reach.iter().any(|(f, _)| f == folder)
    }
}

/// Reads the journal at `path` and its copies. A transaction writes the same journal
/// into every folder it writes in, so a folder it names is touched only when it holds a
/// copy of it (the same transaction, the same files). A folder with no copy is one a
/// kill can leave so only while the copies are first written, in order (the folders
/// after this one, this one's copy still prepared) or as they are removed, in order
/// (the folders before it); it is then left alone (nothing of the transaction can be
/// there but its temporary files, which are swept as litter). A journal that could not
/// have been left so is refused, before anything is touched or locked.
fn found(path: &Path) -> Result<Option<Found>, WriteError> {
    let Some(journal) = read_journal(path)? else {
        return Ok(None);
    };
    let refuse = |why: String| WriteError::Journal {
        file: path.to_owned(),
        why,
    };
    let folder = folder_of(path);
    let here = std::fs::canonicalize(&folder).unwrap_or(folder);
    let own = journal.folders.iter().position(|f| *f == here).unwrap_or(0);
    let mut reach = Vec::new();
    for (i, f) in journal.folders.iter().enumerate() {
        if i == own {
            reach.push((f.clone(), journal.state));
            continue;
        }
        match read_journal(&journal_path(f, &journal.id))? {
            Some(copy) if copy.files == journal.files && copy.folders == journal.folders => {
                reach.push((f.clone(), copy.state));
            }
            Some(_) => {
                return Err(refuse(format!(
                    "its copy in {} names other files than it does",
                    f.display()
                )));
            }
            None if i < own || journal.state == State::Prepared => {}
            None => {
                return Err(refuse(format!(
                    "it names {}, which holds no copy of it, as no interrupted write leaves it",
                    f.display()
                )));
            }
        }
    }
    Ok(Some(Found { journal, reach }))
}

/// Finishes or undoes every transaction a killed run left a journal of in `folder`,
/// reading the journals of every folder it names to decide (see the module's account):
/// the renames it had not made are made, or the old files put back; its old contents
/// and journals are removed. Takes the locks of the folders it needs that `held` does not
/// hold (waiting up to `wait`).
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
        let Some(first) = found(&path)? else {
            continue;
        };
        let missing: Vec<PathBuf> = first
            .reach
            .iter()
            .map(|(f, _)| f)
            .filter(|f| !held.is_some_and(|h| h.holds(f)))
            .cloned()
            .collect();
        let _locks = FolderLocks::take(missing, wait, &mut |_| {})?;
        // Read again under the locks: another run may have finished it meanwhile (its
        // copies can only have gone; none is touched in a folder not locked).
        let Some(mut found) = found(&path)? else {
            continue;
        };
        found.reach.retain(|(f, _)| first.reaches(f));
        let files = found.files();
        let states: Vec<State> = found.reach.iter().map(|(_, s)| *s).collect();
        let forward = states.contains(&State::Committed) && !states.contains(&State::Aborted);
        if forward {
            finish(&files)?;
        } else {
            put_back(&files);
        }
        for (f, _) in &found.reach {
            sync_folder(f);
            let _ = std::fs::remove_file(journal_path(f, &found.journal.id));
            sync_folder(f);
        }
        done.push(Recovered {
            files: files.iter().map(|e| e.target.clone()).collect(),
            undone: !forward,
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

/// Before a folder is read: finishes or undoes what killed runs left journals of there,
/// then, when staged files of killed runs are left and no other run is writing there
/// (its lock is free), sweeps them. A folder with nothing left over is only read: no
/// lock file is made in it.
///
/// # Errors
/// As [`recover`].
pub fn settle(folder: &Path, wait: Duration) -> Result<Vec<Recovered>, WriteError> {
    let mut done = recover(folder, None, wait)?;
    if has_litter(folder)
        && let Some(lock) = FolderLocks::try_take(folder)?
    {
        // A run may have started, and died, since the first look.
        done.extend(recover(folder, Some(&lock), wait)?);
        remove_litter(folder);
    }
    Ok(done)
}

/// Whether a name is one of taproom's temporary files or kept old contents (a file
/// being written on its own only once its run has ended: such writes take no lock).
fn is_litter(folder: &Path, name: &str) -> bool {
    name.starts_with('.') && (name.ends_with(TEMP) || name.ends_with(OLD))
        || is_old_style_temp(folder, name)
        || super::whole::left_by_an_ended_run(name)
}

/// Whether a folder holds staged files or old contents of killed runs.
fn has_litter(folder: &Path) -> bool {
    std::fs::read_dir(folder).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_name().to_str().is_some_and(|n| is_litter(folder, n)))
    })
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
        if is_litter(folder, name) {
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

    /// Every file under `dir` (lock files aside), by path relative to it, with contents.
    fn files(dir: &Path) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_owned()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                if e.path().is_dir() {
                    stack.push(e.path());
                } else if e.file_name() != ".taproom.lock" {
                    out.push((
                        e.path()
                            .strip_prefix(dir)
                            .unwrap()
                            .to_string_lossy()
                            .into_owned(),
                        std::fs::read_to_string(e.path()).unwrap_or_default(),
                    ));
                }
            }
        }
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

    /// Two folders: `npcs` with two character files, the ledger (new) beside it.
    fn campaign(dir: &Path) -> (PathBuf, PathBuf) {
        let npcs = dir.join("npcs");
        let top = dir.join("top");
        std::fs::create_dir_all(&npcs).unwrap();
        std::fs::create_dir_all(&top).unwrap();
        std::fs::write(npcs.join("a.toml"), "old a").unwrap();
        std::fs::write(npcs.join("b.toml"), "old b").unwrap();
        (npcs, top)
    }

    fn three(npcs: &Path, top: &Path) -> Transaction {
        let mut t = Transaction::new();
        t.stage(&npcs.join("a.toml"), b"new a").unwrap();
        t.stage(&npcs.join("b.toml"), b"new b").unwrap();
        t.stage(&top.join("ledger.txt"), b"new ledger").unwrap();
        t
    }

    const OLD_FILES: [(&str, &str); 2] = [("npcs/a.toml", "old a"), ("npcs/b.toml", "old b")];
    const NEW_FILES: [(&str, &str); 3] = [
        ("npcs/a.toml", "new a"),
        ("npcs/b.toml", "new b"),
        ("top/ledger.txt", "new ledger"),
    ];

    fn owned(v: &[(&str, &str)]) -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
            .collect()
    }

    #[test]
    fn a_commit_writes_every_file_and_leaves_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let written = two(dir.path()).commit(&Stop::Never).unwrap();
        assert_eq!(written.len(), 2);
        assert_eq!(
            files(dir.path()),
            owned(&[("a.toml", "new a"), ("ledger.txt", "new ledger")])
        );
    }

    #[test]
    fn a_failure_at_any_step_puts_every_old_file_back() {
        // Three files in two folders: before the backups, each folder's prepared and
        // committed journal, and each rename: 1 + 2 * 2 + 3 steps.
        for k in 0..8 {
            let dir = tempfile::tempdir().unwrap();
            let (npcs, top) = campaign(dir.path());
            let err = three(&npcs, &top).commit(&Stop::Fail(k)).unwrap_err();
            assert!(matches!(err, WriteError::Injected(_)), "{k}: {err}");
            assert_eq!(files(dir.path()), owned(&OLD_FILES), "step {k}");
        }
    }

    #[test]
    fn an_abandoned_transaction_removes_its_staged_files() {
        let dir = tempfile::tempdir().unwrap();
        drop(two(dir.path()));
        assert_eq!(files(dir.path()), owned(&[("a.toml", "old a")]));
    }

    /// The steps of a commit of three files in two folders (see [`Stop`]).
    const STEPS: usize = 2 + 3 * 2 + 3;
    /// The first step a kill before which leaves the transaction finished.
    const POINT_OF_NO_RETURN: usize = 2 + 2;

    #[test]
    fn killed_at_any_step_the_first_folder_opened_decides_for_every_folder() {
        for k in 0..=STEPS {
            for first in [0, 1] {
                let dir = tempfile::tempdir().unwrap();
                let (npcs, top) = campaign(dir.path());
                let result = three(&npcs, &top).commit(&Stop::Halt(k));
                assert_eq!(result.is_ok(), k == STEPS, "step {k}");
                let folders = [&npcs, &top];
                let done = settle(folders[first], Duration::ZERO).unwrap();
                let want = if k < POINT_OF_NO_RETURN {
                    owned(&OLD_FILES)
                } else {
                    owned(&NEW_FILES)
                };
                // Only the first folder opened: the others are already whole too.
                let plain: Vec<(String, String)> = files(dir.path())
                    .into_iter()
                    .filter(|(p, _)| !p.contains(".taproom-"))
                    .collect();
                assert_eq!(plain, want, "step {k}, {} first", folders[first].display());
                if let Some(r) = done.first() {
                    assert_eq!(r.undone, k < POINT_OF_NO_RETURN, "step {k}");
                }
                settle(folders[1 - first], Duration::ZERO).unwrap();
                assert_eq!(files(dir.path()), want, "step {k}: nothing left over");
            }
        }
    }

    #[test]
    fn a_folder_swept_and_written_again_before_the_other_is_opened_stays_whole() {
        // The order: killed part-way, then a run that writes in the characters'
        // folder alone (sweeping it), then a run that opens the ledger's folder.
        for k in 0..STEPS {
            let dir = tempfile::tempdir().unwrap();
            let (npcs, top) = campaign(dir.path());
            let _ = three(&npcs, &top).commit(&Stop::Halt(k));
            let locks = FolderLocks::take([npcs.clone()], Duration::ZERO, &mut |_| {}).unwrap();
            recover_all(&locks, Duration::ZERO).unwrap();
            let finished = k >= POINT_OF_NO_RETURN;
            let a = std::fs::read_to_string(npcs.join("a.toml")).unwrap();
            assert_eq!(a, if finished { "new a" } else { "old a" }, "step {k}");
            let mut again = Transaction::new();
            again.stage(&npcs.join("a.toml"), b"later a").unwrap();
            again.commit(&Stop::Never).unwrap();
            drop(locks);
            settle(&top, Duration::ZERO).unwrap();
            let mut want = if finished {
                owned(&NEW_FILES)
            } else {
                owned(&OLD_FILES)
            };
            want[0].1 = "later a".to_owned();
            assert_eq!(files(dir.path()), want, "step {k}");
        }
    }

    #[test]
    fn a_failure_past_the_point_of_no_return_killed_while_undoing_is_undone() {
        // Killed after the first rename, as the run that failed there began to undo:
        // one journal says aborted, the other still committed. Whichever folder opens
        // first, the whole is undone.
        for first in [0, 1] {
            let dir = tempfile::tempdir().unwrap();
            let (npcs, top) = campaign(dir.path());
            let _ = three(&npcs, &top).commit(&Stop::Halt(POINT_OF_NO_RETURN + 2));
            let journals: Vec<PathBuf> =
                [&npcs, &top].iter().flat_map(|f| journals_in(f)).collect();
            assert_eq!(journals.len(), 2);
            let mut j = read_journal(&journals[first]).unwrap().unwrap();
            assert_eq!(j.state, State::Committed);
            j.state = State::Aborted;
            std::fs::write(&journals[first], serde_json::to_vec(&j).unwrap()).unwrap();
            let other = folder_of(&journals[1 - first]);
            let done = settle(&other, Duration::ZERO).unwrap();
            assert!(done.iter().all(|r| r.undone), "{done:?}");
            settle(&folder_of(&journals[first]), Duration::ZERO).unwrap();
            assert_eq!(files(dir.path()), owned(&OLD_FILES), "{first}");
        }
    }

    #[test]
    fn a_file_changed_since_it_was_read_stops_the_write_and_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let (npcs, top) = campaign(dir.path());
        let a = npcs.join("a.toml");
        for change in ["rewrite", "replace", "remove", "absent"] {
            std::fs::write(&a, "old a").unwrap();
            let (_, stamp) = super::super::file::read_regular(&a).unwrap();
            let mut t = Transaction::new();
            let expect = if change == "absent" {
                Expect::Absent
            } else {
                Expect::Same(stamp)
            };
            t.stage_expecting(&a, b"new a", expect).unwrap();
            t.stage(&top.join("ledger.txt"), b"new ledger").unwrap();
            match change {
                "rewrite" => std::fs::write(&a, "edited by hand").unwrap(),
                "replace" => {
                    std::fs::write(npcs.join("c"), "old a").unwrap();
                    std::fs::rename(npcs.join("c"), &a).unwrap();
                }
                "remove" => std::fs::remove_file(&a).unwrap(),
                _ => {}
            }
            let before = files(dir.path());
            let err = t.commit(&Stop::Never).unwrap_err();
            assert!(matches!(err, WriteError::Changed { .. }), "{change}: {err}");
            assert!(err.to_string().contains("a.toml"), "{err}");
            assert_eq!(
                files(dir.path())
                    .into_iter()
                    .filter(|(p, _)| !p.contains(".taproom-"))
                    .collect::<Vec<_>>(),
                before
                    .into_iter()
                    .filter(|(p, _)| !p.contains(".taproom-"))
                    .collect::<Vec<_>>(),
                "{change}: nothing written"
            );
            assert!(
                files(dir.path())
                    .iter()
                    .all(|(p, _)| !p.contains(".taproom-")),
                "{change}: nothing left over"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_refused_and_nothing_is_written() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let (npcs, top) = campaign(dir.path());
        let b = npcs.join("b.toml");
        std::fs::set_permissions(&b, std::fs::Permissions::from_mode(0o444)).unwrap();
        let mut t = Transaction::new();
        t.stage(&npcs.join("a.toml"), b"new a").unwrap();
        let err = t.stage(&b, b"new b").unwrap_err();
        assert!(matches!(err, WriteError::ReadOnly { .. }), "{err}");
        assert!(
            err.to_string().contains("b.toml: the file is read-only"),
            "{err}"
        );
        drop(t);
        assert_eq!(files(dir.path()), owned(&OLD_FILES));
        let _ = top;
    }

    #[test]
    fn only_a_regular_file_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("ledger.txt")).unwrap();
        let mut t = Transaction::new();
        let err = t.stage(&dir.path().join("ledger.txt"), b"x").unwrap_err();
        assert!(
            err.to_string().contains("a folder, not a regular file"),
            "{err}"
        );
        #[cfg(unix)]
        {
            let link = dir.path().join("null.txt");
            std::os::unix::fs::symlink("/dev/null", &link).unwrap();
            let err = t.stage(&link, b"x").unwrap_err();
            assert!(err.to_string().contains("a character device"), "{err}");
        }
    }

    #[test]
    fn a_journal_of_an_earlier_version_is_finished() {
        // Journals before states had none: they were written only to be finished.
        let dir = tempfile::tempdir().unwrap();
        let real = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::write(real.join("a.toml"), "old a").unwrap();
        std::fs::write(real.join(".a.toml.x.taproom-tmp"), "new a").unwrap();
        let journal = serde_json::json!({
            "id": "x",
            "files": [{"target": real.join("a.toml"), "temp": real.join(".a.toml.x.taproom-tmp"), "backup": null}],
            "folders": [real],
        });
        std::fs::write(
            journal_path(&real, "x"),
            serde_json::to_vec(&journal).unwrap(),
        )
        .unwrap();
        let done = settle(dir.path(), Duration::ZERO).unwrap();
        assert_eq!(done.len(), 1);
        assert!(!done[0].undone);
        assert_eq!(files(dir.path()), owned(&[("a.toml", "new a")]));
    }

    #[test]
    fn a_journal_naming_files_not_staged_by_taproom_is_refused_and_nothing_moved() {
        let dir = tempfile::tempdir().unwrap();
        let real = std::fs::canonicalize(dir.path()).unwrap();
        let other = tempfile::tempdir().unwrap();
        let elsewhere = std::fs::canonicalize(other.path()).unwrap();
        std::fs::write(elsewhere.join("precious.txt"), "precious").unwrap();
        std::fs::write(real.join("x"), "forged").unwrap();
        let entry = |target: &Path, temp: &Path| serde_json::json!({"target": target, "temp": temp, "backup": null});
        let forged = [
            // A target outside the folders it names.
            serde_json::json!({"id": "x", "state": "committed", "folders": [&real],
                "files": [entry(&elsewhere.join("precious.txt"), &real.join("x"))]}),
            // A staged file that is not beside its target under taproom's name.
            serde_json::json!({"id": "x", "state": "committed", "folders": [&real, &elsewhere],
                "files": [entry(&elsewhere.join("precious.txt"), &real.join("x"))]}),
            // Not naming the folder it is in.
            serde_json::json!({"id": "x", "state": "committed", "folders": [&elsewhere],
                "files": []}),
            // A name that reaches out of its folder.
            serde_json::json!({"id": "../x", "state": "committed", "folders": [&real],
                "files": []}),
        ];
        for journal in forged {
            let path = journal_path(&real, "x");
            std::fs::write(&path, serde_json::to_vec(&journal).unwrap()).unwrap();
            let err = settle(dir.path(), Duration::ZERO).unwrap_err();
            assert!(
                matches!(err, WriteError::Journal { .. }),
                "{journal}: {err}"
            );
            assert!(
                err.to_string().contains("look at the files it names"),
                "{err}"
            );
            assert_eq!(
                std::fs::read_to_string(elsewhere.join("precious.txt")).unwrap(),
                "precious"
            );
            assert_eq!(std::fs::read_to_string(real.join("x")).unwrap(), "forged");
            std::fs::remove_file(&path).unwrap();
        }
    }

    /// A folder `a` (the roster's) with `x.toml`, a folder `b` after it with a file
    /// `precious.txt` that no taproom run of this test writes, and a journal `json` put
    /// into `a`. Returns `a`, `b` and what recovering `a` says.
    #[cfg(unix)]
    fn planted(
        dir: &Path,
        json: impl Fn(&Path, &Path, serde_json::Value) -> serde_json::Value,
    ) -> (PathBuf, PathBuf, Result<Vec<Recovered>, WriteError>) {
        use std::os::unix::fs::MetadataExt;
        let a = dir.join("a");
        let b = dir.join("b");
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        let (a, b) = (
            std::fs::canonicalize(&a).unwrap(),
            std::fs::canonicalize(&b).unwrap(),
        );
        std::fs::write(a.join("x.toml"), "x").unwrap();
        std::fs::write(b.join("precious.txt"), "precious").unwrap();
        let meta = std::fs::metadata(b.join("precious.txt")).unwrap();
        // Named as the file a transaction staged, so that undoing it would remove it.
        let precious = serde_json::json!({
            "target": b.join("precious.txt"),
            "temp": b.join(".precious.txt.x.taproom-tmp"),
            "backup": null,
            "staged": {"dev": meta.dev(), "ino": meta.ino()},
        });
        std::fs::write(
            journal_path(&a, "x"),
            serde_json::to_vec(&json(&a, &b, precious)).unwrap(),
        )
        .unwrap();
        let result = settle(&a, Duration::ZERO);
        (a, b, result)
    }

    /// `b` as `planted` made it: the file, and nothing else (no lock file).
    #[cfg(unix)]
    fn untouched(b: &Path) -> bool {
        let names: Vec<_> = std::fs::read_dir(b)
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        names == ["precious.txt"]
            && std::fs::read_to_string(b.join("precious.txt")).unwrap() == "precious"
    }

    /// A journal to plant, made of the two folders and the entry naming the file elsewhere.
    #[cfg(unix)]
    type Plant<'a> = dyn Fn(&Path, &Path, serde_json::Value) -> serde_json::Value + 'a;

    #[cfg(unix)]
    #[test]
    fn a_planted_journal_naming_a_file_in_another_folder_is_refused_and_nothing_touched() {
        let x = |a: &Path| serde_json::json!({"target": a.join("x.toml"), "temp": a.join(".x.toml.x.taproom-tmp"), "backup": null});
        let cases: [(&str, &Plant<'_>); 4] = [
            // The red team's: only the file elsewhere, as a staged target.
            (
                "only elsewhere",
                &|a, b, p| serde_json::json!({"id": "x", "state": "prepared", "folders": [a, b], "files": [p]}),
            ),
            (
                "no folder named",
                &|a, _, p| serde_json::json!({"id": "x", "state": "prepared", "folders": [a], "files": [x(a), p]}),
            ),
            // Committed in `a` while `b`, after it, never had its copy: no kill leaves that.
            (
                "committed",
                &|a, b, p| serde_json::json!({"id": "x", "state": "committed", "folders": [a, b], "files": [x(a), p]}),
            ),
            (
                "aborted",
                &|a, b, p| serde_json::json!({"id": "x", "state": "aborted", "folders": [a, b], "files": [x(a), p]}),
            ),
        ];
        for (case, json) in cases {
            let dir = tempfile::tempdir().unwrap();
            let (a, b, result) = planted(dir.path(), json);
            let err = result.unwrap_err();
            assert!(matches!(err, WriteError::Journal { .. }), "{case}: {err}");
            let message = err.to_string();
            assert!(
                message.contains(".taproom-journal.x.json"),
                "{case}: {message}"
            );
            assert_eq!(
                message.matches(". ").count(),
                0,
                "{case}: one sentence: {message}"
            );
            assert!(
                untouched(&b),
                "{case}: {:?}",
                std::fs::read_dir(&b).unwrap().collect::<Vec<_>>()
            );
            assert!(
                journal_path(&a, "x").exists(),
                "{case}: the journal is left to look at"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_journal_as_a_kill_leaves_it_touches_only_the_folders_holding_its_copies() {
        // Prepared in `a`, no copy in `b` after it: as a kill while the copies are first
        // written leaves it. It is undone in `a`, and `b` is neither touched nor locked.
        let dir = tempfile::tempdir().unwrap();
        let (a, b, result) = planted(dir.path(), |a, b, p| {
            serde_json::json!({"id": "x", "state": "prepared", "folders": [a, b],
                "files": [{"target": a.join("x.toml"), "temp": a.join(".x.toml.x.taproom-tmp"), "backup": null}, p]})
        });
        let done = result.unwrap();
        assert_eq!(done.len(), 1);
        assert_eq!(done[0].files, [a.join("x.toml")], "only the files of `a`");
        assert!(done[0].undone);
        assert!(untouched(&b));
        assert!(!journal_path(&a, "x").exists());
        assert_eq!(std::fs::read_to_string(a.join("x.toml")).unwrap(), "x");
    }

    #[cfg(unix)]
    #[test]
    fn a_copy_that_differs_or_a_journal_of_another_user_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b, _) = planted(
            dir.path(),
            |a, _, _| serde_json::json!({"id": "x", "state": "prepared", "folders": [a], "files": []}),
        );
        let b_real = b.clone();
        let entry = |f: &Path, n: &str| serde_json::json!({"target": f.join(n), "temp": f.join(format!(".{n}.x.taproom-tmp")), "backup": null});
        let journal = serde_json::json!({"id": "x", "state": "committed", "folders": [&a, &b_real],
            "files": [entry(&a, "x.toml"), entry(&b_real, "y.txt")]});
        let copy = serde_json::json!({"id": "x", "state": "committed", "folders": [&a, &b_real],
            "files": [entry(&a, "x.toml"), entry(&b_real, "precious.txt")]});
        std::fs::write(journal_path(&a, "x"), serde_json::to_vec(&journal).unwrap()).unwrap();
        std::fs::write(journal_path(&b, "x"), serde_json::to_vec(&copy).unwrap()).unwrap();
        let err = settle(&a, Duration::ZERO).unwrap_err();
        assert!(err.to_string().contains("its copy in"), "{err}");
        assert_eq!(
            std::fs::read_to_string(b.join("precious.txt")).unwrap(),
            "precious"
        );
        assert!(!b.join(".taproom.lock").exists());
        std::fs::remove_file(journal_path(&b, "x")).unwrap();
        // A journal of another user: refused, whatever it says.
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            eprintln!("skipped the other user's journal: only root can give a file away here");
            return;
        }
        let journal = serde_json::json!({"id": "x", "state": "prepared", "folders": [&a],
            "files": [entry(&a, "x.toml")]});
        std::fs::write(journal_path(&a, "x"), serde_json::to_vec(&journal).unwrap()).unwrap();
        std::os::unix::fs::chown(journal_path(&a, "x"), Some(65534), Some(65534)).unwrap();
        let err = settle(&a, Duration::ZERO).unwrap_err();
        assert!(
            err.to_string().contains("another user (user id 65534)"),
            "{err}"
        );
        assert!(journal_path(&a, "x").exists());
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
