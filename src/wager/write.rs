//! Writing purses back into the characters' files, keeping the GM's comments and layout,
//! and writing every file whole or not at all.
//!
//! A file is written to a temporary file in its own folder, flushed to disk, and renamed
//! over the old one, so a reader (or a crash) sees the old file or the new one, never a
//! part. Several files are staged first, every one of them, and only then renamed one
//! after another, so a failure while staging leaves every file as it was.

use std::io::Write;
use std::path::{Path, PathBuf};

use toml_edit::{DocumentMut, Item, Value};

use super::money::{Currency, Money};
use super::purse::Purse;

/// A file that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file is no longer a TOML document.
    #[error("{file}: cannot update the purse: the file is not valid TOML any more ({message})")]
    Toml {
        /// The file.
        file: PathBuf,
        /// The parser's complaint.
        message: String,
    },
    /// The file system refused.
    #[error("{file}: cannot write: {source}")]
    Io {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

fn io(file: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
    move |source| WriteError::Io {
        file: file.to_owned(),
        source,
    }
}

/// Replaces a value in place, keeping the comment after it and the space before it.
fn set_keeping_decor(doc: &mut DocumentMut, key: &str, text: String) {
    let mut value = Value::from(text);
    if let Some(old) = doc.get(key).and_then(Item::as_value) {
        *value.decor_mut() = old.decor().clone();
    }
    doc[key] = Item::Value(value);
}

/// The character file's text with its purse (and debt) set, all else as it was: the
/// purse in `currency`; a `debt` key while there is a debt, none when there is not.
///
/// # Errors
/// When the text is not TOML.
pub fn with_purse(
    file: &Path,
    text: &str,
    purse: Purse,
    currency: Currency,
) -> Result<String, WriteError> {
    let mut doc: DocumentMut =
        text.parse()
            .map_err(|e: toml_edit::TomlError| WriteError::Toml {
                file: file.to_owned(),
                message: e.message().trim().to_owned(),
            })?;
    set_keeping_decor(&mut doc, "purse", purse.coins.show(currency).to_string());
    if purse.debt > Money::ZERO {
        set_keeping_decor(&mut doc, "debt", purse.debt.show(currency).to_string());
    } else {
        doc.remove("debt");
    }
    Ok(doc.to_string())
}

/// A file's new contents, written and flushed to a temporary file beside it, waiting to
/// be renamed over it.
#[derive(Debug)]
pub struct Staged {
    target: PathBuf,
    temp: tempfile::NamedTempFile,
}

impl Staged {
    /// The file it will replace.
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The temporary file holding the new contents.
    #[must_use]
    pub fn temp_path(&self) -> &Path {
        self.temp.path()
    }
}

/// Writes `contents` to a temporary file in `target`'s folder, with the target's
/// permissions, and flushes it to disk. Dropping the result removes the temporary file.
///
/// # Errors
/// When the folder cannot be written.
pub fn stage(target: &Path, contents: &[u8]) -> Result<Staged, WriteError> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map_err(io(target))?;
    temp.write_all(contents).map_err(io(target))?;
    if let Ok(meta) = std::fs::metadata(target) {
        temp.as_file()
            .set_permissions(meta.permissions())
            .map_err(io(target))?;
    }
    temp.as_file().sync_all().map_err(io(target))?;
    Ok(Staged {
        target: target.to_owned(),
        temp,
    })
}

/// Renames every staged file over its target, in order, then flushes each folder.
/// `before_rename` is called just before each rename (a hook for tests that interrupt the
/// write there; it may return an error to stop, leaving the rest unwritten).
///
/// # Errors
/// When a rename fails or the hook stops it; the files already renamed stay renamed.
pub fn commit(
    staged: Vec<Staged>,
    before_rename: &mut dyn FnMut(&Staged) -> Result<(), WriteError>,
) -> Result<(), WriteError> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    for s in staged {
        before_rename(&s)?;
        let target = s.target.clone();
        s.temp.persist(&target).map_err(|e| WriteError::Io {
            file: target.clone(),
            source: e.error,
        })?;
        if let Some(dir) = target.parent()
            && !dirs.iter().any(|d| d == dir)
        {
            dirs.push(dir.to_owned());
        }
    }
    for dir in dirs {
        // Flushing the folder makes the renames durable; not every system allows
        // opening a folder, and the files themselves are already whole either way.
        let dir = if dir.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            dir
        };
        if let Ok(d) = std::fs::File::open(&dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// Stages and commits one file.
///
/// # Errors
/// When it cannot be written.
pub fn write_whole(target: &Path, contents: &[u8]) -> Result<(), WriteError> {
    commit(vec![stage(target, contents)?], &mut |_| Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIP: &str = r#"# Pip, who loves the games
name = "Pip Underbough"
skill = 2
purse = "3 sp 8 cp"     # what he has left after the fair

[voice]
greeting = ["Ooh, can I play?"]
"#;

    #[test]
    fn the_purse_changes_and_nothing_else() {
        let out = with_purse(
            Path::new("pip.toml"),
            PIP,
            Purse::of(Money(1_250)),
            Currency::GOLD,
        )
        .unwrap();
        assert_eq!(out, PIP.replace("\"3 sp 8 cp\"", "\"12 gp 5 sp\""));
    }

    #[test]
    fn a_debt_is_recorded_and_cleared() {
        let owing = with_purse(
            Path::new("pip.toml"),
            PIP,
            Purse::with_debt(Money::ZERO, Money(462)),
            Currency::GOLD,
        )
        .unwrap();
        assert!(
            owing.contains("purse = \"0 cp\"     # what he has left after the fair\n"),
            "{owing}"
        );
        assert!(owing.contains("debt = \"4 gp 6 sp 2 cp\""), "{owing}");
        assert!(
            owing.find("debt").unwrap() < owing.find("[voice]").unwrap(),
            "{owing}"
        );
        let cleared = with_purse(
            Path::new("pip.toml"),
            &owing,
            Purse::of(Money(5)),
            Currency::GOLD,
        )
        .unwrap();
        assert!(!cleared.contains("debt"), "{cleared}");
        assert!(cleared.contains("# Pip, who loves the games"));
    }

    #[test]
    fn a_broken_file_is_not_rewritten() {
        let err = with_purse(
            Path::new("pip.toml"),
            "name = \"P\nskill",
            Purse::default(),
            Currency::GOLD,
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("pip.toml: cannot update the purse"),
            "{err}"
        );
    }

    #[test]
    fn a_failure_before_the_rename_leaves_every_old_file_whole() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.toml");
        let b = dir.path().join("b.toml");
        std::fs::write(&a, "old a").unwrap();
        std::fs::write(&b, "old b").unwrap();
        let staged = vec![stage(&a, b"new a").unwrap(), stage(&b, b"new b").unwrap()];
        assert_eq!(
            std::fs::read_to_string(staged[0].temp_path()).unwrap(),
            "new a"
        );
        let err = commit(staged, &mut |_| {
            Err(WriteError::Io {
                file: PathBuf::from("a.toml"),
                source: std::io::Error::other("injected failure"),
            })
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "old a");
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "old b");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 2, "the temporary files are removed");
        write_whole(&a, b"new a").unwrap();
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "new a");
    }
}
