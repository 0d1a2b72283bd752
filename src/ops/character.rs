//! Starting a new character file in a roster folder: written whole or not at all, and
//! never over a file that is there.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::Error;
use crate::roster::template::{Sketch, file_name};
use crate::roster::{Character, FileError};

/// Writes a new character file for `sketch` into `dir` (made when missing) and returns
/// its path. The text is checked as a character file before anything is written; it goes
/// to a temporary file in the folder first, then takes its name only if no file has it.
///
/// # Errors
/// A name that cannot be a character's (or has no letter or digit to name the file by),
/// a name the roster already has, a file that is
/// there already, a folder that cannot be written.
pub fn new_character(
    dir: &Path,
    sketch: &Sketch,
) -> Result<(PathBuf, Vec<crate::store::Recovered>), Error> {
    if !sketch.name.chars().any(char::is_alphanumeric) {
        // `..`, `.`, `/`: no letter or digit to name the file by.
        return Err(Error::Argument {
            flag: "NAME",
            message: format!(
                "`{}` cannot be a character's name: it has no letter or digit to name their \
                 file by",
                sketch.name
            ),
        });
    }
    let path = dir.join(file_name(&sketch.name));
    let text = sketch.to_toml();
    check_sketch(&path, &text, sketch)?;
    let recovered = refuse_a_known_name(dir, sketch)?;
    write_new(dir, &path, &text)?;
    Ok((path, recovered))
}

/// The file is checked as any character file is; a complaint is put to the flag that gave
/// the field at fault.
fn check_sketch(path: &Path, text: &str, sketch: &Sketch) -> Result<(), Error> {
    Character::from_toml(path, text).map_err(|e| {
        let (flag, message) = match e.field.as_deref() {
            Some("purse") => ("--purse", format!("--purse: {}", e.message)),
            Some("description") => ("--description", format!("--description: {}", e.message)),
            Some("skill") => ("--skill", format!("--skill: {}", e.message)),
            _ => (
                "NAME",
                format!(
                    "`{}` cannot be a character's name: {}",
                    sketch.name, e.message
                ),
            ),
        };
        Error::Argument { flag, message }
    })?;
    Ok(())
}

/// Refuses a name the roster in `dir` has already (built in or in a file). A write a
/// killed run left in the folder is finished (or undone) first, and what it left staged
/// swept, as any command that reads the folder does; what was recovered is returned.
fn refuse_a_known_name(dir: &Path, sketch: &Sketch) -> Result<Vec<crate::store::Recovered>, Error> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let (roster, recovered) = super::cast::open_roster(Some(dir))?;
    if let Some(c) = roster
        .characters()
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(&sketch.name))
    {
        let whose = c.file.as_ref().map_or_else(
            || "is built into taproom (copy their file from taproom's data/characters to keep their purse)".to_owned(),
            |f| format!("has a file already, {}", f.display()),
        );
        return Err(Error::Argument {
            flag: "NAME",
            message: format!("{} {whose}", c.name),
        });
    }
    Ok(recovered)
}

/// Writes `text` to `path` through a temporary file in `dir` (made when missing), which
/// takes the name only if no file has it.
fn write_new(dir: &Path, path: &Path, text: &str) -> Result<(), Error> {
    let cannot = |e: std::io::Error, what: &str| {
        Error::File(FileError {
            file: path.to_owned(),
            line: 0,
            column: 0,
            field: None,
            message: format!("cannot {what}: {e}"),
        })
    };
    let taken = || {
        Error::File(FileError {
            file: path.to_owned(),
            line: 0,
            column: 0,
            field: None,
            message: "the file is there already, and a new character never replaces one".to_owned(),
        })
    };
    if path.exists() {
        return Err(taken());
    }
    std::fs::create_dir_all(dir).map_err(|e| cannot(e, "make the roster folder"))?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".taproom-new-").suffix(".tmp");
    // A new file gets the usual mode (what the umask leaves of rw-rw-rw-), not a
    // temporary file's rw-------.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut staged = builder
        .tempfile_in(dir)
        .map_err(|e| cannot(e, "write in the roster folder"))?;
    staged
        .write_all(text.as_bytes())
        .and_then(|()| staged.as_file().sync_all())
        .map_err(|e| cannot(e, "write the file"))?;
    // Takes the name only if nobody has it; the staged file is removed on failure.
    staged.persist_noclobber(path).map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            taken()
        } else {
            cannot(e.error, "write the file")
        }
    })?;
    Ok(())
}
