//! The campaign a command runs in: looked up once, when a command first asks (a command
//! that takes no roster, tavern or ledger never reads a campaign file), from the current
//! folder and `TAPROOM_CAMPAIGN`; `--verbose` tells on stderr which file is in use.

use std::cell::OnceCell;
use std::path::{Path, PathBuf};

use super::CliError;
use crate::ops::campaign::{ENV, How, Lookup, find};

/// Where the command runs, and the campaign found there.
pub struct Here {
    verbose: bool,
    lookup: OnceCell<Lookup>,
}

impl Here {
    /// Nothing looked up yet; `verbose` tells of the lookup when it is made.
    #[must_use]
    pub fn new(verbose: bool) -> Here {
        Here {
            verbose,
            lookup: OnceCell::new(),
        }
    }

    /// The campaign in use (or none), looked up on first use.
    ///
    /// # Errors
    /// A `TAPROOM_CAMPAIGN` that names nothing; a campaign file that is not valid.
    pub fn lookup(&self) -> Result<&Lookup, CliError> {
        if let Some(found) = self.lookup.get() {
            return Ok(found);
        }
        let found = match std::env::current_dir() {
            Ok(cwd) => find(&cwd, std::env::var_os(ENV).as_deref())?,
            // A folder that is gone: no campaign above it to be found.
            Err(_) => match std::env::var_os(ENV) {
                Some(named) => find(Path::new(""), Some(&named))?,
                None => Lookup::none(),
            },
        };
        if self.verbose {
            tell(&found);
        }
        Ok(self.lookup.get_or_init(|| found))
    }

    /// The roster folder: `flag` when given, else the campaign's.
    ///
    /// # Errors
    /// As [`Here::lookup`].
    pub fn roster(&self, flag: Option<&Path>) -> Result<Option<PathBuf>, CliError> {
        Ok(self.lookup()?.roster(flag))
    }

    /// The tavern file: `flag` when given, else the campaign's.
    ///
    /// # Errors
    /// As [`Here::lookup`].
    pub fn tavern(&self, flag: Option<&Path>) -> Result<Option<PathBuf>, CliError> {
        Ok(self.lookup()?.tavern(flag))
    }

    /// The `--apply` settings, the campaign's ledger where no `--ledger` was given.
    ///
    /// # Errors
    /// As [`Here::lookup`].
    pub fn apply(
        &self,
        apply: Option<crate::ops::apply::Apply>,
    ) -> Result<Option<crate::ops::apply::Apply>, CliError> {
        Ok(self.lookup()?.apply(apply))
    }

    /// The campaign's history file, if a campaign names one.
    ///
    /// # Errors
    /// As [`Here::lookup`].
    pub fn history(&self) -> Result<Option<PathBuf>, CliError> {
        Ok(self.lookup()?.history().map(Path::to_owned))
    }

    /// The evening matches are recorded under: `flag` (`--evening`, checked) when given,
    /// else the campaign file's `evening`, else none (each command's own default).
    ///
    /// # Errors
    /// A flag's name that does not pass the name check; as [`Here::lookup`].
    pub fn evening(&self, flag: Option<&str>) -> Result<Option<String>, CliError> {
        if let Some(name) = flag {
            return Ok(Some(crate::ops::memory::evening_name(name)?));
        }
        Ok(self.campaign()?.and_then(|c| c.evening.clone()))
    }

    /// The campaign, if any.
    ///
    /// # Errors
    /// As [`Here::lookup`].
    pub fn campaign(&self) -> Result<Option<&crate::ops::campaign::Campaign>, CliError> {
        Ok(self.lookup()?.campaign.as_ref())
    }
}

/// Tells on stderr which campaign file is in use, and any `taproom.toml` passed over.
fn tell(found: &Lookup) {
    for (file, owner) in &found.foreign {
        super::note(&format!(
            "campaign: passed over {}: it belongs to another user (user id {owner}), not \
             you; to trust it, name it with {ENV}={}",
            file.display(),
            file.display()
        ));
    }
    for file in &found.passed {
        super::note(&format!(
            "campaign: passed over {}: not a campaign file (it has no `campaign` key)",
            file.display()
        ));
    }
    match (&found.campaign, found.how) {
        (Some(c), How::Named) => super::note(&format!(
            "campaign: {} (\u{201c}{}\u{201d}), named by {ENV}",
            c.file.display(),
            c.name
        )),
        (Some(c), How::Found) => super::note(&format!(
            "campaign: {} (\u{201c}{}\u{201d})",
            c.file.display(),
            c.name
        )),
        (None, _) => super::note(
            "campaign: none (no taproom.toml with a `campaign` key here or in a folder above, \
             and TAPROOM_CAMPAIGN not set)",
        ),
    }
}
