//! Writing pages of text into a folder (`taproom man --out`), and single files (pictures,
//! a new campaign file): each whole or not at all ([`crate::store::whole`]), and only
//! where a regular file that is not read-only may be replaced.

use std::path::Path;

use super::Error;
use crate::store::file::check_output_path;
use crate::store::real_target;
use crate::store::whole::write_whole;

/// Writes each `(file name, text)` into `dir` (made when missing), every page's place
/// looked at first: only a regular file (a symlink followed) that is not read-only is
/// replaced, and nothing is opened that could block or write to a device. Each page is
/// written beside its place and renamed into it.
///
/// # Errors
/// A page's place that is not a regular file, or read-only (before anything is
/// written); a folder or page that cannot be written (`cannot` says so in the words of
/// the caller).
pub fn write_pages(
    dir: &Path,
    pages: &[(String, Vec<u8>)],
    cannot: impl Fn(std::io::Error) -> Error,
) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(&cannot)?;
    let mut targets = Vec::new();
    for (name, _) in pages {
        let page = dir.join(name);
        check_output_path(&page)?;
        targets.push(real_target(&page)?);
    }
    for ((_, text), real) in pages.iter().zip(&targets) {
        write_whole(real, text).map_err(&cannot)?;
    }
    Ok(())
}

/// Writes one file whole at `path` (its folder must exist), looked at first as
/// [`write_pages`] looks at each page (and its name must name a file, not end in a slash).
///
/// # Errors
/// A path that names no file; a place that is not a regular file, or read-only; a file
/// that cannot be written.
pub fn write_file(
    path: &Path,
    bytes: &[u8],
    cannot: impl Fn(std::io::Error) -> Error,
) -> Result<(), Error> {
    check_output_path(path)?;
    let real = real_target(path)?;
    write_whole(&real, bytes).map_err(cannot)
}
