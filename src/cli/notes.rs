//! `taproom history --notes DIR`: the campaign's record as a notes vault's notes, one a
//! match ([`crate::report::note`]), each named for its date, evening, number in the
//! evening, game and players. Run again, it writes the same names with the same bytes:
//! a note that is already as it would be written is left alone, and a changed one is
//! written whole or not at all ([`crate::ops::pages::write_pages`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::ops::Error;
use crate::ops::history::Read;
use crate::report::note::{NoteOptions, file_name, note};

/// What writing the notes did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Every note of the matches asked for, in the history's order.
    pub files: Vec<PathBuf>,
    /// How many of them were written (new or changed); the rest were already so.
    pub written: usize,
}

/// The notes of the matches `read` picked out, by file name, in the history's order:
/// each match numbered in its evening over the whole history (so that a filter does not
/// renumber it), the GM's view (every cheat told).
#[must_use]
pub fn notes(read: &Read) -> Vec<(String, Vec<u8>)> {
    let mut in_evening: HashMap<&str, usize> = HashMap::new();
    let mut taken: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    for record in &read.history.records {
        let number = in_evening.entry(record.evening_name()).or_insert(0);
        *number += 1;
        if !read.filter.keeps(record) {
            continue;
        }
        let mut name = file_name(record, *number);
        // Two names cut to the same 120 characters: the later one numbered.
        let seen = taken.entry(name.clone()).or_insert(0);
        *seen += 1;
        if *seen > 1 {
            name = format!("{} ({}).md", name.trim_end_matches(".md"), seen);
        }
        let options = NoteOptions {
            currency: read.currency,
            gm: true,
            number: Some(*number),
        };
        out.push((name, note(record, options).into_bytes()));
    }
    out
}

/// Writes the notes of the matches `read` picked out into `dir` (made when missing).
///
/// # Errors
/// `dir` names something that is not a folder; a note's place that is not a regular file
/// or is read-only (before anything is written); a note that cannot be written.
pub fn write_notes(dir: &Path, read: &Read) -> Result<Notes, Error> {
    let refuse = |message: String| Error::Argument {
        flag: "--notes",
        message: format!("--notes {}: {message}", dir.display()),
    };
    if let Ok(meta) = std::fs::metadata(dir)
        && !meta.is_dir()
    {
        return Err(refuse(
            "that is a file, not a folder to write the notes in".to_owned(),
        ));
    }
    let all = notes(read);
    let files = all.iter().map(|(name, _)| dir.join(name)).collect();
    let changed: Vec<(String, Vec<u8>)> = all
        .into_iter()
        .filter(|(name, text)| !already(&dir.join(name), text))
        .collect();
    let cannot = |e: std::io::Error| refuse(format!("cannot write the notes there: {e}"));
    crate::ops::pages::write_pages(dir, &changed, cannot)?;
    Ok(Notes {
        files,
        written: changed.len(),
    })
}

/// Whether `path` is a regular file that holds `text` already (nothing else is opened: a
/// FIFO in a note's place would block a read).
fn already(path: &Path, text: &[u8]) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
        && std::fs::read(path).is_ok_and(|old| old == text)
}
