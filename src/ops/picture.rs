//! Pictures of a match written to a file (`--image FILE`): its kind from the extension,
//! `.svg` and `.png` the last position of the game shown, `.gif` that game move by move.
//! A picture is written whole or not at all; it is not part of a campaign's
//! transaction (it changes nothing the campaign keeps).

use std::path::{Path, PathBuf};

use super::Error;

/// What a picture file holds, as its extension says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageKind {
    /// `.svg`: the last position, as SVG (text, scalable; not shown by every chat client).
    Svg,
    /// `.png`: the last position, 800 pixels wide.
    Png,
    /// `.gif`: the game move by move, animated, a pause on the last.
    Gif,
}

impl ImageKind {
    /// The kind a file's extension names (any case).
    ///
    /// # Errors
    /// An extension that is none of `.svg`, `.png`, `.gif`.
    pub fn of(path: &Path) -> Result<ImageKind, Error> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("svg") => Ok(ImageKind::Svg),
            Some("png") => Ok(ImageKind::Png),
            Some("gif") => Ok(ImageKind::Gif),
            _ => Err(Error::Image {
                file: path.to_path_buf(),
                message: "the file's name must end in .png, .gif or .svg (the kind of picture)"
                    .to_owned(),
            }),
        }
    }
}

/// An image file asked for, checked before anything is played: its kind, and a folder
/// that exists to put it in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageTarget {
    /// Where it goes.
    pub path: PathBuf,
    /// What it holds.
    pub kind: ImageKind,
}

impl ImageTarget {
    /// Checks `path` as an image to write, before anything is played (or written): a
    /// file's name (no trailing slash), its extension, a folder that exists, and nothing
    /// there but a regular file that is not read-only, or nothing yet (a symlink followed
    /// to where it points).
    ///
    /// # Errors
    /// A path that names no file; an extension of no picture; a folder that does not
    /// exist; a folder, FIFO, socket or device in its place; a read-only file.
    pub fn new(path: &Path) -> Result<ImageTarget, Error> {
        let refuse = |message: String| Error::Image {
            file: path.to_path_buf(),
            message,
        };
        // The name, and what stands there (followed through symlinks): a regular file
        // that is not read-only, or nothing yet.
        crate::store::file::check_output_path(path).map_err(|e| {
            // The store's sentence names the file first; here the flag names it.
            let said = e.to_string();
            let prefix = format!("{}: ", path.display());
            refuse(said.strip_prefix(&prefix).unwrap_or(&said).to_owned())
        })?;
        let kind = ImageKind::of(path)?;
        let folder = crate::store::folder_of(path);
        if !folder.is_dir() {
            return Err(refuse(format!(
                "there is no folder {} to write it in",
                folder.display()
            )));
        }
        let real = crate::store::real_target(path).map_err(|e| match e {
            crate::store::WriteError::Io { source, .. } => {
                refuse(format!("cannot write it: {source}"))
            }
            other => refuse(other.to_string()),
        })?;
        // A symlink that points nowhere yet: into a folder that must exist.
        if let Ok(to) = std::fs::read_link(&real) {
            let to = crate::store::folder_of(&real).join(to);
            if !crate::store::folder_of(&to).is_dir() {
                return Err(refuse(format!(
                    "it is a symbolic link to {}, and there is no folder {} to write it in",
                    to.display(),
                    crate::store::folder_of(&to).display()
                )));
            }
        }
        Ok(ImageTarget {
            path: path.to_path_buf(),
            kind,
        })
    }

    /// Writes a picture's bytes whole (drawn as this target's kind asks).
    ///
    /// # Errors
    /// A place that is not a regular file; a file that cannot be written.
    pub fn write(&self, bytes: &[u8]) -> Result<(), Error> {
        // The tests' hook for a disk that fills before the picture is written (compiled
        // only with the `fault-injection` feature, which only the tests turn on).
        #[cfg(feature = "fault-injection")]
        if std::env::var_os("TAPROOM_TEST_PICTURE_FULL").is_some() {
            return Err(Error::Image {
                file: self.path.clone(),
                message: format!(
                    "cannot write it: {}",
                    std::io::Error::from(std::io::ErrorKind::StorageFull)
                ),
            });
        }
        super::pages::write_file(&self.path, bytes, |e| Error::Image {
            file: self.path.clone(),
            message: format!("cannot write it: {e}"),
        })
    }

    /// An error of this target's: the picture could not be drawn.
    #[must_use]
    pub fn failed(&self, why: &dyn std::fmt::Display) -> Error {
        Error::Image {
            file: self.path.clone(),
            message: why.to_string(),
        }
    }
}
