//! Writing pages of text into a folder (`taproom man --out`): each page whole or not at
//! all, and only where a regular file may be replaced.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::Error;
use crate::store::{WriteError, folder_of, real_target};

/// Writes each `(file name, text)` into `dir` (made when missing), every page's place
/// looked at first: only a regular file (a symlink followed) is replaced, and nothing is
/// opened that could block or write to a device. Each page is written beside its place
/// and renamed into it.
///
/// # Errors
/// A page's place that is not a regular file (before anything is written); a folder or
/// page that cannot be written (`cannot` says so in the words of the caller).
pub fn write_pages(
    dir: &Path,
    pages: &[(String, Vec<u8>)],
    cannot: impl Fn(std::io::Error) -> Error,
) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(&cannot)?;
    let mut targets = Vec::new();
    for (name, _) in pages {
        let page = dir.join(name);
        let real = real_target(&page)?;
        crate::store::file::replaceable(&real).map_err(|what| {
            Error::from(WriteError::NotRegular {
                file: page.clone(),
                what,
            })
        })?;
        targets.push(real);
    }
    for ((_, text), real) in pages.iter().zip(&targets) {
        write_whole(real, text).map_err(&cannot)?;
    }
    Ok(())
}

/// Writes one file whole at `path` (its folder must exist), looked at first as
/// [`write_pages`] looks at each page.
///
/// # Errors
/// A place that is not a regular file; a file that cannot be written.
pub fn write_file(
    path: &Path,
    bytes: &[u8],
    cannot: impl Fn(std::io::Error) -> Error,
) -> Result<(), Error> {
    let real = real_target(path)?;
    crate::store::file::replaceable(&real).map_err(|what| {
        Error::from(WriteError::NotRegular {
            file: path.to_path_buf(),
            what,
        })
    })?;
    write_whole(&real, bytes).map_err(cannot)
}

/// Writes a file whole: beside it first, then renamed into its place (the usual mode for
/// a new file, the old one's for a file replaced).
fn write_whole(real: &PathBuf, text: &[u8]) -> std::io::Result<()> {
    let folder = folder_of(real);
    let mut builder = tempfile::Builder::new();
    builder.prefix(".taproom-").suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut staged = builder.tempfile_in(&folder)?;
    staged.write_all(text)?;
    if let Ok(old) = std::fs::metadata(real) {
        staged.as_file().set_permissions(old.permissions())?;
    }
    staged.persist(real).map_err(|e| e.error)?;
    Ok(())
}
