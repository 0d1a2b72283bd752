//! The campaign a command runs in, found on disk as cargo finds its manifest: the file
//! `TAPROOM_CAMPAIGN` names, else the nearest `taproom.toml` with a `campaign` key in the
//! folder the command runs in or any folder above it, of the user's own (one another user
//! owns, as in a shared `/tmp`, is passed over, as git passes over a repository of
//! another owner; `TAPROOM_CAMPAIGN` names it to trust it). Its roster, tavern and ledger stand
//! in for the flags not given ([`Lookup`]: flags always win); `taproom init` writes one
//! ([`init`]); `taproom check` looks at what it names on disk ([`check`]).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use super::Error;
use crate::roster::campaign::read_if_campaign;
pub use crate::roster::campaign::{Campaign, FILE_NAME, Outline};
use crate::roster::{FileError, Tavern, read_text};

/// The environment variable that names a campaign file (or the folder holding one) from
/// elsewhere; it takes precedence over the search upward.
pub const ENV: &str = "TAPROOM_CAMPAIGN";

/// How the campaign in use was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// `TAPROOM_CAMPAIGN` named it.
    Named,
    /// The search upward from the command's folder found it (or found none).
    Found,
}

/// The campaign a command runs in, if any, and how it was found.
#[derive(Clone, Debug)]
pub struct Lookup {
    /// The campaign, when there is one.
    pub campaign: Option<Campaign>,
    /// How it was looked for.
    pub how: How,
    /// Files called `taproom.toml` passed over on the way up: not campaign files (no
    /// `campaign` key).
    pub passed: Vec<PathBuf>,
    /// Files called `taproom.toml` passed over on the way up, unread: another user's
    /// (by their full path, with that user's id).
    pub foreign: Vec<(PathBuf, u32)>,
}

impl Lookup {
    /// No campaign: every command as if there were none.
    #[must_use]
    pub fn none() -> Lookup {
        Lookup {
            campaign: None,
            how: How::Found,
            passed: Vec::new(),
            foreign: Vec::new(),
        }
    }

    /// The roster folder: the flag's, else the campaign's.
    #[must_use]
    pub fn roster(&self, flag: Option<&Path>) -> Option<PathBuf> {
        self.or_campaign(flag, |c| c.roster.as_deref())
    }

    /// The tavern file: the flag's, else the campaign's.
    #[must_use]
    pub fn tavern(&self, flag: Option<&Path>) -> Option<PathBuf> {
        self.or_campaign(flag, |c| c.tavern.as_deref())
    }

    /// The ledger: the flag's, else the campaign's (else, later, the tavern's).
    #[must_use]
    pub fn ledger(&self, flag: Option<&Path>) -> Option<PathBuf> {
        self.or_campaign(flag, |c| c.ledger.as_deref())
    }

    /// The history file the campaign names, if any.
    #[must_use]
    pub fn history(&self) -> Option<&Path> {
        self.campaign.as_ref().and_then(|c| c.history.as_deref())
    }

    /// The `--apply` settings with the campaign's ledger where no `--ledger` was given.
    #[must_use]
    pub fn apply(&self, apply: Option<super::apply::Apply>) -> Option<super::apply::Apply> {
        apply.map(|mut a| {
            a.ledger = self.ledger(a.ledger.as_deref());
            a
        })
    }

    /// `flag` when given, else what `pick` takes from the campaign.
    fn or_campaign(
        &self,
        flag: Option<&Path>,
        pick: impl Fn(&Campaign) -> Option<&Path>,
    ) -> Option<PathBuf> {
        flag.or_else(|| self.campaign.as_ref().and_then(pick))
            .map(Path::to_path_buf)
    }
}

/// Finds the campaign of a command run in `cwd` (the process's current folder, absolute):
/// the one `named` names (the value of [`ENV`], a campaign file or a folder holding
/// `taproom.toml`; empty counts as not set), else the nearest `taproom.toml` with a
/// `campaign` key in `cwd` or a folder above it, up to the filesystem's root, that is the
/// user's own (another user's is passed over unread: it could name any file for
/// `--apply` to write). A campaign found upward is named relative to `cwd`
/// (`taproom.toml`, `../taproom.toml`), and so are its paths. A campaign named by
/// [`ENV`] is trusted, whoever owns it.
///
/// # Errors
/// A name in [`ENV`] that names nothing, or no campaign file; a campaign file that cannot
/// be read or is not valid (at its line, column and key).
pub fn find(cwd: &Path, named: Option<&OsStr>) -> Result<Lookup, Error> {
    if let Some(named) = named.filter(|n| !n.is_empty()) {
        return Ok(Lookup {
            campaign: Some(named_by_env(Path::new(named))?),
            how: How::Named,
            passed: Vec::new(),
            foreign: Vec::new(),
        });
    }
    let mut passed = Vec::new();
    let mut foreign = Vec::new();
    for (up, dir) in cwd.ancestors().enumerate() {
        let real = dir.join(FILE_NAME);
        let Ok(meta) = real.metadata() else {
            continue;
        };
        if !meta.is_file() {
            continue;
        }
        let shown: PathBuf = std::iter::repeat_n(Path::new(".."), up)
            .collect::<PathBuf>()
            .join(FILE_NAME);
        if let Some(owner) = crate::store::file::owner_if_not_mine(&meta) {
            foreign.push((real, owner));
            continue;
        }
        let text = read_text(&real).map_err(|e| FileError {
            file: shown.clone(),
            ..e
        })?;
        match read_if_campaign(&shown, &text)? {
            Some(campaign) => {
                return Ok(Lookup {
                    campaign: Some(campaign),
                    how: How::Found,
                    passed,
                    foreign,
                });
            }
            None => passed.push(shown),
        }
    }
    Ok(Lookup {
        passed,
        foreign,
        ..Lookup::none()
    })
}

/// The campaign `TAPROOM_CAMPAIGN` names: a campaign file, or a folder holding one.
fn named_by_env(named: &Path) -> Result<Campaign, Error> {
    let refuse = |message: String| Error::Argument { flag: ENV, message };
    let file = if named.is_dir() {
        let file = named.join(FILE_NAME);
        if !file.is_file() {
            return Err(refuse(format!(
                "{ENV} names the folder {}, which holds no {FILE_NAME}",
                named.display()
            )));
        }
        file
    } else if named.symlink_metadata().is_err() {
        return Err(refuse(format!(
            "{ENV} names {}, and there is nothing there",
            named.display()
        )));
    } else {
        named.to_path_buf()
    };
    let text = read_text(&file)?;
    Ok(Campaign::from_toml(&file, &text)?)
}

/// What [`init`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The campaign file written.
    pub file: PathBuf,
    /// The campaign as written.
    pub campaign: Campaign,
    /// The roster folder, when it was made (it was not there).
    pub roster: Option<PathBuf>,
    /// The starter tavern, when it was written (no file was there).
    pub tavern: Option<PathBuf>,
}

/// Writes a campaign file described by `outline` into `dir` (the command's folder, `""`
/// for the current one), whole or not at all, never over a file that is there unless
/// `force`. The roster folder is made when it is not there, and a starter tavern (a copy
/// of the one built in, named as the outline says) written where the tavern file is not; the folders that would
/// hold the ledger and the history are made when missing.
///
/// # Errors
/// A name or path that a campaign file cannot hold (put to its flag), a campaign file
/// there already, a folder or file that cannot be written.
pub fn init(dir: &Path, outline: &Outline, force: bool) -> Result<Made, Error> {
    let file = dir.join(FILE_NAME);
    let text = outline.to_toml();
    let campaign = Campaign::from_toml(&file, &text).map_err(|e| {
        let flag = match e.field.as_deref() {
            Some("roster") => "--roster",
            Some("tavern") => "--tavern",
            Some("ledger") => "--ledger",
            Some("history") => "--history",
            _ => "--name",
        };
        Error::Argument {
            flag,
            message: format!("{flag}: {}", e.message),
        }
    })?;
    refuse_in_init(&file, &campaign)?;
    if !force && file.symlink_metadata().is_ok() {
        return Err(FileError {
            file,
            line: 0,
            column: 0,
            field: None,
            message: "the file is there already; `taproom init --force` writes a new one over it"
                .to_owned(),
        }
        .into());
    }
    let mut made = Made {
        file: file.clone(),
        campaign: campaign.clone(),
        roster: None,
        tavern: None,
    };
    // Whatever is made is unmade if a later step fails: a failed init leaves nothing.
    let mut undo = Undo::default();
    let result = make(
        &file,
        &text,
        &campaign,
        outline.tavern_name.as_deref(),
        &mut made,
        &mut undo,
    );
    if result.is_err() {
        undo.undo();
    }
    result.map(|()| made)
}

/// Refuses, before anything is made, what `init` must not write: a ledger or history
/// that is a `.toml` file (as `--apply` refuses it), a history that is the ledger, a
/// tavern that is the campaign file itself.
fn refuse_in_init(file: &Path, campaign: &Campaign) -> Result<(), Error> {
    let refuse = |flag: &'static str, message: String| Error::Argument {
        flag,
        message: format!("{flag}: {message}"),
    };
    for (flag, path, kind, example) in [
        ("--ledger", &campaign.ledger, "the ledger", "ledger.txt"),
        (
            "--history",
            &campaign.history,
            "the history",
            crate::history::FILE,
        ),
    ] {
        if let Some(path) = path
            && path
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("toml"))
        {
            let why = super::apply::LedgerError::Toml {
                file: path.clone(),
                kind,
                example,
            };
            return Err(refuse(flag, why.to_string()));
        }
    }
    let same = |a: &Path, b: &Path| lexical(a) == lexical(b);
    if let Some(tavern) = &campaign.tavern
        && same(tavern, file)
    {
        return Err(refuse(
            "--tavern",
            format!(
                "{} is the campaign file itself; give the tavern a file of its own (such as \
                 tavern.toml)",
                tavern.display()
            ),
        ));
    }
    if let (Some(ledger), Some(history)) = (&campaign.ledger, &campaign.history)
        && same(ledger, history)
    {
        return Err(refuse(
            "--history",
            format!(
                "{} is the ledger too; give the history a file of its own (such as {})",
                history.display(),
                crate::history::FILE
            ),
        ));
    }
    Ok(())
}

/// A path with its `.` parts left out and each `..` taking away the part before it, as
/// text only (the folders may not be there yet).
fn lexical(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

/// What `init` made, to be unmade when a later step fails.
#[derive(Default)]
struct Undo {
    /// Folders made, outermost first.
    folders: Vec<PathBuf>,
    /// Files written.
    files: Vec<PathBuf>,
}

impl Undo {
    /// Makes `folder` and the folders above it that are not there, noting each.
    fn folder(&mut self, folder: &Path) -> std::io::Result<()> {
        let missing: Vec<PathBuf> = folder
            .ancestors()
            .filter(|d| !d.as_os_str().is_empty())
            .take_while(|d| d.symlink_metadata().is_err())
            .map(Path::to_path_buf)
            .collect();
        for d in missing.into_iter().rev() {
            std::fs::create_dir(&d)?;
            self.folders.push(d);
        }
        Ok(())
    }

    /// Removes what was made, files first, then the folders, innermost first.
    fn undo(self) {
        for f in &self.files {
            let _ = std::fs::remove_file(f);
        }
        for d in self.folders.iter().rev() {
            let _ = std::fs::remove_dir(d);
        }
    }
}

/// The steps of [`init`] that make something, each noted in `undo`.
fn make(
    file: &Path,
    text: &str,
    campaign: &Campaign,
    tavern_name: Option<&str>,
    made: &mut Made,
    undo: &mut Undo,
) -> Result<(), Error> {
    let cannot = |what: &Path| {
        let what = what.to_path_buf();
        move |e: std::io::Error| {
            Error::File(FileError {
                file: what.clone(),
                line: 0,
                column: 0,
                field: None,
                message: format!("cannot write it: {e}"),
            })
        }
    };
    if let Some(roster) = &campaign.roster
        && roster.symlink_metadata().is_err()
    {
        undo.folder(roster).map_err(cannot(roster))?;
        made.roster = Some(roster.clone());
    }
    for p in [&campaign.ledger, &campaign.history, &campaign.tavern]
        .into_iter()
        .flatten()
    {
        let folder = crate::store::folder_of(p);
        undo.folder(&folder).map_err(cannot(&folder))?;
    }
    if let Some(tavern) = &campaign.tavern
        && tavern.symlink_metadata().is_err()
    {
        super::pages::write_file(
            tavern,
            crate::roster::tavern::starter(tavern_name).as_bytes(),
            cannot(tavern),
        )?;
        undo.files.push(tavern.clone());
        made.tavern = Some(tavern.clone());
    }
    super::pages::write_file(file, text.as_bytes(), cannot(file))?;
    Ok(())
}

/// Checks a campaign file as every command would read it, and what it names on disk: the
/// roster a folder that is there, the tavern a valid tavern file, the ledger and the
/// history files (or places for them) in folders that are there, the ledger never a
/// `.toml` file. Each problem at the key's line and column.
///
/// # Errors
/// The first problem.
pub fn check(file: &Path) -> Result<Campaign, Error> {
    let campaign = Campaign::from_toml(file, &read_text(file)?)?;
    let at = |key: &str, message: String| -> Error {
        match campaign.spot(key) {
            Some(spot) => spot.error(message).into(),
            None => FileError {
                file: file.to_owned(),
                line: 0,
                column: 0,
                field: Some(key.to_owned()),
                message,
            }
            .into(),
        }
    };
    for (key, path) in campaign.paths() {
        let shown = path.display();
        let meta = path.metadata();
        match key {
            "roster" => match meta {
                Ok(m) if m.is_dir() => {}
                Ok(_) => return Err(at(key, format!("{shown} is not a folder"))),
                Err(_) => {
                    return Err(at(
                        key,
                        format!("the roster folder {shown} is not there (`taproom init` makes it)"),
                    ));
                }
            },
            "tavern" => match meta {
                Ok(m) if m.is_file() => {
                    Tavern::load(Some(path))?;
                }
                Ok(_) => return Err(at(key, format!("{shown} is not a file"))),
                Err(_) => {
                    return Err(at(key, format!("the tavern file {shown} is not there")));
                }
            },
            _ => {
                if meta.is_ok_and(|m| m.is_dir()) {
                    return Err(at(key, format!("{shown} is a folder, not a file")));
                }
                let folder = crate::store::folder_of(path);
                if !folder.is_dir() {
                    return Err(at(
                        key,
                        format!("the folder {} that holds it is not there", folder.display()),
                    ));
                }
            }
        }
    }
    // The ledger and the history `--apply` would write in this campaign, checked as it
    // checks them: each at its key when the campaign names it.
    let tavern = Tavern::load(campaign.tavern.as_deref())?;
    let ledger = super::wagers::ledger_path(campaign.ledger.as_deref(), &tavern, Path::new(""));
    let history = super::memory::history_file(campaign.history.as_deref(), &tavern, &ledger);
    let read = read_by(&campaign)?;
    let put = |key: &str, e: Error| {
        if campaign.spot(key).is_some() {
            at(key, e.to_string())
        } else {
            e
        }
    };
    super::apply::check_ledger(&ledger, &read).map_err(|e| put("ledger", e))?;
    super::apply::check_history(&history, &ledger, &read).map_err(|e| put("history", e))?;
    Ok(campaign)
}

/// The files a command in the campaign reads, each with what it is, which a ledger or
/// history must never be.
fn read_by(campaign: &Campaign) -> Result<Vec<(PathBuf, String)>, Error> {
    let mut read = vec![(campaign.file.clone(), "the campaign file".to_owned())];
    read.extend(
        campaign
            .tavern
            .clone()
            .map(|t| (t, "the tavern file".to_owned())),
    );
    if let Some(dir) = campaign.roster.as_deref().filter(|d| d.is_dir()) {
        for file in crate::roster::toml_files(dir)? {
            read.push((file, "a file of the roster".to_owned()));
        }
    }
    Ok(read)
}

/// The files `taproom check` looks at for a campaign: the campaign file, its tavern, and
/// every `.toml` file of its roster folder (sorted).
///
/// # Errors
/// A roster folder that cannot be read.
pub fn files_to_check(campaign: &Campaign) -> Result<Vec<PathBuf>, Error> {
    let mut files = vec![campaign.file.clone()];
    files.extend(campaign.tavern.clone().filter(|t| t.is_file()));
    if let Some(dir) = campaign.roster.as_deref().filter(|d| d.is_dir()) {
        let own: Vec<PathBuf> = crate::roster::toml_files(dir)?
            .into_iter()
            .filter(|p| p.is_file())
            .filter(|p| {
                let real = p.canonicalize().ok();
                !files.iter().any(|f| f.canonicalize().ok() == real)
            })
            .collect();
        files.extend(own);
    }
    Ok(files)
}
