//! `taproom undo`: taking back the last write `--apply` made (`play`, `sit` or `night`):
//! its purses and debts, its lines in the history, as one transaction under the locks,
//! with a line in the ledger saying what was taken back.
//!
//! The project's reading:
//!
//! * **What the files were, not the transfers reversed.** Each character file gets back
//!   the very bytes the write replaced (kept in the write's last record,
//!   [`crate::history::applied`]), so a purse comes back as the GM wrote it (`"30 sp"`
//!   stays `"30 sp"`, not `"3 gp"`), with every comment. A file that is not, byte for
//!   byte, the one the write left is refused, naming it, and nothing is taken back.
//! * **The history is cut back, the ledger is not.** The write's lines leave the history
//!   (which is then as it was before the write); the ledger, a journal that is only added
//!   to, gains an entry saying what was taken back, each purse from what the write left
//!   to what it is again, and the house's part reversed, so the ledger still adds up.
//! * **A second undo takes back the write before**, and so on back, as long as each was
//!   recorded by a taproom that kept what it wrote (older lines are refused, saying so).
//! * A `night` is one write: undo takes back all its matches together.

use std::path::{Path, PathBuf};

use super::Error;
use super::apply::{self, Apply, Recovered, stage_appended};
use crate::history::Record;
use crate::history::applied::Restore;
use crate::roster::Character;
use crate::store::{Expect, ReadError, Stamp, Transaction, WriteError, folder_of, real_target};
use crate::wager::{Currency, Purse};

/// Why there is nothing undo can take back.
#[derive(Debug, thiserror::Error)]
pub enum UndoError {
    /// No history, or one without a match.
    #[error(
        "{}: there is nothing to take back: the history records no match applied",
        .file.display()
    )]
    Nothing {
        /// The history.
        file: PathBuf,
    },
    /// A last line that is not a record.
    #[error(
        "{}, line {line}: the history's last line is not a match record ({why}), so undo \
         cannot tell what to take back; mend or remove that line",
        .file.display()
    )]
    Unreadable {
        /// The history.
        file: PathBuf,
        /// The line, from 1.
        line: usize,
        /// Why.
        why: String,
    },
    /// A last match recorded by a taproom that kept no note of what it wrote.
    #[error(
        "{}, line {line}: the last match was recorded by an older taproom, which kept no \
         note of the files it wrote, so it cannot be taken back",
        .file.display()
    )]
    Older {
        /// The history.
        file: PathBuf,
        /// The line, from 1.
        line: usize,
    },
    /// A file changed since the write.
    #[error(
        "{}: the file changed since the match was applied ({why}), so nothing was taken \
         back; put it back as the match left it, or set the purses by hand",
        .file.display()
    )]
    Changed {
        /// The file.
        file: PathBuf,
        /// What changed, as a clause.
        why: String,
    },
    /// The history changed between the question and the write.
    #[error(
        "{}: the history changed while taproom asked (another run wrote to it), so \
         nothing was taken back; run undo again to see what it would take back now",
        .file.display()
    )]
    Moved {
        /// The history.
        file: PathBuf,
    },
}

/// Where undo looks: the history and the ledger, and how the ledger writes money.
#[derive(Clone, Debug)]
pub struct Request {
    /// The history.
    pub history: PathBuf,
    /// The ledger.
    pub ledger: PathBuf,
    /// How money is written in the ledger.
    pub currency: Currency,
    /// How to wait for the locks, and where a test stops the write.
    pub apply: Apply,
}

impl Request {
    /// Where undo looks, found as `play` finds them: the tavern file given (else the built-in
    /// tavern), the ledger `apply` names (else the tavern's, else `ledger.txt` here), the
    /// history given (else the tavern's, else beside the ledger); and any write a killed
    /// run left in the history's folder, made whole first.
    ///
    /// # Errors
    /// A tavern file that cannot be read; an unfinished write that cannot be finished.
    pub fn locate(
        tavern: Option<&Path>,
        history: Option<&Path>,
        apply: Apply,
    ) -> Result<(Request, Vec<Recovered>), Error> {
        let tavern = crate::roster::Tavern::load(tavern)?;
        let ledger = super::wagers::ledger_path(apply.ledger.as_deref(), &tavern, Path::new(""));
        let history = super::memory::history_file(history, &tavern, &ledger);
        let recovered = apply::open(&folder_of(&history), apply.wait)?;
        let req = Request {
            history,
            ledger,
            currency: tavern.currency,
            apply,
        };
        Ok((req, recovered))
    }
}

/// One character file to take back: as it is now, and as it was before the write.
#[derive(Clone, Debug)]
pub struct FileBack {
    /// The file.
    pub file: PathBuf,
    /// Whose it is.
    pub name: String,
    /// The purse the write left.
    pub now: Purse,
    /// The purse it gets back.
    pub back: Purse,
    /// The text it gets back.
    text: String,
    /// The file as read.
    stamp: Stamp,
}

/// The last write, as undo would take it back.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The history.
    pub history: PathBuf,
    /// Where the write's lines begin in it.
    pub from: u64,
    /// The write's matches, oldest first.
    pub records: Vec<Record>,
    /// The character files it changed.
    pub files: Vec<FileBack>,
    /// The history's text before the write.
    kept: String,
    /// The history as read.
    stamp: Stamp,
}

/// A write taken back.
#[derive(Clone, Debug)]
pub struct Undone {
    /// What was taken back.
    pub plan: Plan,
    /// The files written.
    pub written: Vec<PathBuf>,
    /// Writes a killed run had left unfinished, finished first.
    pub recovered: Vec<Recovered>,
}

/// Reads a file whole as text, or says why not; `None` when it is not there.
fn read_text(file: &Path) -> Result<Option<(String, Stamp)>, Error> {
    match crate::store::file::read_regular(file) {
        Ok((bytes, stamp)) => match String::from_utf8(bytes) {
            Ok(text) => Ok(Some((text, stamp))),
            Err(_) => Err(UndoError::Changed {
                file: file.to_owned(),
                why: "it is not UTF-8 text".to_owned(),
            }
            .into()),
        },
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(ReadError::Special(what)) => Err(WriteError::NotRegular {
            file: file.to_owned(),
            what,
        }
        .into()),
        Err(ReadError::Io(source)) => Err(WriteError::Io {
            file: file.to_owned(),
            source,
        }
        .into()),
    }
}

/// The last write recorded in `history`, and each file it changed checked to be as the
/// write left it.
///
/// # Errors
/// Nothing to take back, a last line that is not a record or has no note of its write, a
/// file changed since.
pub fn plan(history: &Path) -> Result<Plan, Error> {
    let nothing = || UndoError::Nothing {
        file: history.to_owned(),
    };
    let (text, stamp) = read_text(history)?.ok_or_else(nothing)?;
    let (from, records) = last_write(history, &text)?;
    let files = records
        .last()
        .and_then(|r| r.applied.as_ref())
        .map(|a| a.files.clone())
        .unwrap_or_default();
    let base = folder_of(&real_target(history)?);
    let files = files
        .iter()
        .map(|r| file_back(r, &base))
        .collect::<Result<Vec<_>, Error>>()?;
    let kept = usize::try_from(from)
        .ok()
        .and_then(|f| text.get(..f))
        .ok_or_else(nothing)?
        .to_owned();
    Ok(Plan {
        history: history.to_owned(),
        from,
        records,
        files,
        kept,
        stamp,
    })
}

/// The records of the last write in the history's `text` (the trailing lines that carry
/// the same [`crate::history::applied::Applied::from`], which must be where the first of
/// them begins), and where they begin.
fn last_write(history: &Path, text: &str) -> Result<(u64, Vec<Record>), Error> {
    let mut lines: Vec<(usize, usize, &str)> = Vec::new();
    let mut start = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if !line.trim().is_empty() {
            lines.push((i + 1, start, line.trim_end_matches(['\n', '\r'])));
        }
        start += line.len();
    }
    let Some(&(last_line, _, _)) = lines.last() else {
        return Err(UndoError::Nothing {
            file: history.to_owned(),
        }
        .into());
    };
    let read = |line: usize, text: &str| -> Result<Record, Error> {
        let one = crate::history::parse(text);
        match (
            one.records.into_iter().next(),
            one.damaged.into_iter().next(),
        ) {
            (Some(r), _) => Ok(r),
            (None, d) => Err(UndoError::Unreadable {
                file: history.to_owned(),
                line,
                why: d.map_or_else(|| "it is empty".to_owned(), |d| d.why),
            }
            .into()),
        }
    };
    let mut records = Vec::new();
    let mut from = None;
    for &(line, at, text) in lines.iter().rev() {
        let record = read(line, text).ok();
        let applied = record.as_ref().and_then(|r| r.applied.as_ref());
        match (from, applied) {
            (None, None) => {
                read(line, text)?;
                return Err(UndoError::Older {
                    file: history.to_owned(),
                    line: last_line,
                }
                .into());
            }
            (None, Some(a)) => from = Some(a.from),
            (Some(f), Some(a)) if a.from == f => {}
            _ => break,
        }
        records.push((at, record.expect("a record with a write")));
    }
    records.reverse();
    let from = from.unwrap_or_default();
    if records.first().map(|(at, _)| *at as u64) != Some(from) {
        return Err(UndoError::Moved {
            file: history.to_owned(),
        }
        .into());
    }
    Ok((from, records.into_iter().map(|(_, r)| r).collect()))
}

/// A character file as the write left it, and as it was before; refused when it is not
/// what the write left.
fn file_back(r: &Restore, base: &Path) -> Result<FileBack, Error> {
    let file = base.join(&r.file);
    let changed = |why: &str| UndoError::Changed {
        file: file.clone(),
        why: why.to_owned(),
    };
    let (now_text, stamp) = read_text(&file)?.ok_or_else(|| changed("it is gone"))?;
    let text = r
        .undo(&now_text)
        .ok_or_else(|| changed("it is not, byte for byte, what the match left"))?;
    let purse = |t: &str| {
        Character::from_toml(&file, t)
            .map(|c| (c.name.clone(), super::wagers::purse_of(&c)))
            .map_err(|e| {
                changed(&format!(
                    "it does not read as a character file: {}",
                    e.message
                ))
            })
    };
    let (name, now) = purse(&now_text)?;
    let (_, back) = purse(&text)?;
    Ok(FileBack {
        file,
        name,
        now,
        back,
        text,
        stamp,
    })
}

/// The folders undo writes in: the history's, the ledger's, each character file's (and
/// the real folder of each that is a symlink).
fn folders(plan: &Plan, ledger: &Path) -> std::collections::BTreeSet<PathBuf> {
    let mut out = std::collections::BTreeSet::new();
    let files = plan.files.iter().map(|f| f.file.as_path());
    for file in files.chain([plan.history.as_path(), ledger]) {
        out.insert(folder_of(file));
        if let Ok(real) = real_target(file) {
            out.insert(folder_of(&real));
        }
    }
    out
}

/// Takes back the last write of the history, which must still be the one `from` says
/// (the one the GM was shown): under the locks, the write is found and checked again,
/// then every character file it changed gets back its earlier text, the history its text
/// before the write, and the ledger an entry saying what was taken back, as one
/// transaction; `at` is the time of the undo.
///
/// # Errors
/// As [`plan`]; a history that changed since it was shown; a ledger that is a file undo
/// restores; a lock not had in time, a file that cannot be written (every file is then as
/// it was).
pub fn undo(
    req: &Request,
    from: u64,
    at: &str,
    waiting: &mut dyn FnMut(&Path),
) -> Result<Undone, Error> {
    let shown = plan(&req.history)?;
    let read: Vec<(PathBuf, String)> = shown
        .files
        .iter()
        .map(|f| {
            (
                f.file.clone(),
                format!("{} character file", crate::narrate::possessive(&f.name)),
            )
        })
        .chain([(req.history.clone(), "the history".to_owned())])
        .collect();
    apply::check_ledger(&req.ledger, &read)?;
    let (locks, recovered) = apply::lock(folders(&shown, &req.ledger), &req.apply, waiting)?;
    let plan = plan(&req.history)?;
    if plan.from != from || shown.from != from {
        return Err(UndoError::Moved {
            file: req.history.clone(),
        }
        .into());
    }
    let mut txn = Transaction::new();
    let mut written = Vec::new();
    for f in &plan.files {
        txn.stage_expecting(&f.file, f.text.as_bytes(), Expect::Same(f.stamp))?;
        written.push(f.file.clone());
    }
    txn.stage_expecting(
        &plan.history,
        plan.kept.as_bytes(),
        Expect::Same(plan.stamp),
    )?;
    written.push(plan.history.clone());
    let entry = entry(&plan, at, req.currency);
    stage_appended(&mut txn, &req.ledger, "the ledger", |old| {
        crate::wager::ledger::appended(old, &entry)
    })?;
    written.push(req.ledger.clone());
    txn.commit(&req.apply.stop)?;
    drop(locks);
    Ok(Undone {
        plan,
        written,
        recovered,
    })
}

/// A match in a few words: `Tides of War: Old Brannoc v Mirela (seed 5), night at The
/// Test Inn, Session 12`.
#[must_use]
pub fn match_words(r: &Record) -> String {
    let names: Vec<&str> = r.entrants.iter().map(|e| e.name.as_str()).collect();
    format!(
        "{}: {} (seed {}), {} at {}, {}",
        r.game.title(),
        names.join(" v "),
        r.seed,
        r.command,
        r.tavern,
        r.evening_name()
    )
}

/// The ledger's entry for a write taken back: what it was, each purse from what the write
/// left to what it is again, and the house's part reversed.
#[must_use]
pub fn entry(plan: &Plan, at: &str, currency: Currency) -> String {
    use std::fmt::Write;
    let applied = plan.records.first().map_or("", |r| r.at.as_str());
    let mut out = format!("## Taken back at {at}: the write of {applied}\n");
    for r in &plan.records {
        let _ = writeln!(out, "- taken back: {}", match_words(r));
    }
    let worth = |p: &Purse| i128::from(p.coins.0) - i128::from(p.debt.0);
    let mut house: i128 = 0;
    for f in &plan.files {
        house += worth(&f.now) - worth(&f.back);
        let _ = writeln!(
            out,
            "- {}: {} -> {}",
            f.name,
            f.now.show(currency),
            f.back.show(currency)
        );
    }
    if !plan.files.is_empty() {
        let _ = writeln!(
            out,
            "- the house: {}",
            crate::wager::money::show_change(house, currency)
        );
    }
    out.push('\n');
    out
}
