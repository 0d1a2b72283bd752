//! A file written on its own, outside any transaction (a picture, a manual page, a new
//! campaign file): whole or not at all. It is written beside its place under a name that
//! says which run writes it (`.board.png.<run>.taproom-part`), flushed, then renamed into
//! its place. A write killed half-way leaves that file behind; once the run that made it
//! has ended, the next write into the folder removes it, as does the next run that
//! settles or locks the folder ([`super::settle`]).

use std::io::Write;
use std::path::Path;

use super::{beside, folder_of, fresh_id};

/// The end of the names of files being written on their own.
const PART: &str = ".taproom-part";

/// Writes `bytes` whole at `real` (a path with no symlink left to follow, see
/// [`super::real_target`]), with the permissions of the file it replaces or the usual
/// mode for a new one; first removes what killed writes left in its folder.
///
/// # Errors
/// A folder or file that cannot be written (nothing is then left behind).
pub fn write_whole(real: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let folder = folder_of(real);
    sweep(&folder);
    let part = beside(real, &fresh_id(), PART);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o666);
    let mut file = options.open(&part)?;
    let written = (|| {
        #[cfg(feature = "fault-injection")]
        crash_half_way(&mut file, bytes);
        file.write_all(bytes)?;
        if let Ok(old) = std::fs::metadata(real) {
            file.set_permissions(old.permissions())?;
        }
        file.sync_all()?;
        std::fs::rename(&part, real)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    written
}

/// The test hook of the kill tests: with `TAPROOM_TEST_STOP=crash:part`, a write on its
/// own is killed half-way (half its bytes on disk).
#[cfg(feature = "fault-injection")]
fn crash_half_way(file: &mut std::fs::File, bytes: &[u8]) {
    if std::env::var("TAPROOM_TEST_STOP").as_deref() == Ok("crash:part") {
        let _ = file.write_all(&bytes[..bytes.len() / 2]);
        let _ = file.sync_all();
        std::process::abort();
    }
}

/// Removes from `folder` the files that writes killed half-way left there.
fn sweep(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name().to_str().is_some_and(left_by_an_ended_run) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether `name` is a file being written on its own by a run that has ended (killed
/// half-way): another run's, still running, is left to finish.
pub(super) fn left_by_an_ended_run(name: &str) -> bool {
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(PART)) else {
        return false;
    };
    let Some((_, run)) = inner.rsplit_once('.') else {
        return false;
    };
    // A run's name starts with its process's id (see `fresh_id`).
    let Some(pid) = run.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    !running(pid)
}

/// Whether a process of that id is running (one of another user's counts too).
fn running(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
        let found = unsafe { libc::kill(pid, 0) } == 0;
        found || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        // No way to ask here: a part is left rather than taken from a running write.
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_is_litter_once_its_run_has_ended_and_never_before() {
        let me = std::process::id();
        assert!(!left_by_an_ended_run(&format!(
            ".board.png.{me}-1f-0a.taproom-part"
        )));
        // No process has the largest id a pid_t can hold.
        let ended = format!(".board.png.{}-1f-0a.taproom-part", i32::MAX);
        assert!(left_by_an_ended_run(&ended));
        assert!(!left_by_an_ended_run("board.png"));
        assert!(!left_by_an_ended_run(".board.png.x.taproom-tmp"));
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_sweeps_parts_of_ended_runs() {
        let dir = tempfile::tempdir().unwrap();
        let real = std::fs::canonicalize(dir.path()).unwrap().join("board.png");
        let ended = dir
            .path()
            .join(format!(".board.png.{}-1f-0a.taproom-part", i32::MAX));
        let running = dir.path().join(format!(
            ".other.png.{}-1f-0a.taproom-part",
            std::process::id()
        ));
        std::fs::write(&ended, "half").unwrap();
        std::fs::write(&running, "being written").unwrap();
        std::fs::write(&real, "old").unwrap();
        write_whole(&real, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        assert!(!ended.exists(), "the killed write's part is removed");
        assert!(running.exists(), "a running write's part is left");
        let left = std::fs::read_dir(dir.path()).unwrap().flatten().count();
        assert_eq!(left, 2, "board.png and the running write's part");
    }
}
