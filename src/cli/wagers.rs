//! What `play --bet`, `odds` and `night` share: the tavern, the table's entrants, the
//! bookie's simulations, the progress bar, and writing purses and the ledger back.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};

use super::CliError;
use crate::games::Game;
use crate::roster::{Character, Roster, Tavern, read_text};
use crate::table::{Entrant, Format, MatchSettings};
use crate::wager::place::{How, Placed, Proposal, place};
use crate::wager::simulate::{MarketEstimate, simulate};
use crate::wager::write::{Staged, WriteError, commit, stage, with_purse};
use crate::wager::{Market, Money, Purse, Selection};

/// Set to a file path, makes `--apply` create that file and wait (for a minute) after
/// staging every new file and before renaming any: the moment a test kills it.
pub const PAUSE_HOOK: &str = "TAPROOM_PAUSE_BEFORE_RENAME";

/// The tavern from a file, or the one built in.
///
/// # Errors
/// When the file cannot be read or is not a valid tavern.
pub fn load_tavern(path: Option<&Path>) -> Result<Tavern, CliError> {
    match path {
        Some(p) => Ok(Tavern::from_toml(p, &read_text(p)?)?),
        None => Ok(Tavern::built_in()),
    }
}

/// The match format from `--best-of` / `--first-to`, or `default` when neither is given.
///
/// # Errors
/// A match of no games or of more than 99.
pub fn format_from(
    best_of: Option<u32>,
    first_to: Option<u32>,
    default: Format,
) -> Result<Format, CliError> {
    let format = match (best_of, first_to) {
        (_, Some(n)) => Format::FirstTo(n),
        (Some(n), None) => Format::BestOf(n),
        (None, None) => default,
    };
    match format {
        Format::BestOf(0) | Format::FirstTo(0) => Err(CliError::Usage(
            "a match needs at least one game".to_owned(),
        )),
        Format::BestOf(n) | Format::FirstTo(n) if n > 99 => Err(CliError::Usage(format!(
            "{n} games is more than a tavern evening holds (at most 99)"
        ))),
        f => Ok(f),
    }
}

/// The entrants of a match of `G` between these characters.
#[must_use]
pub fn entrants<G: Game>(characters: &[Character]) -> Vec<Entrant> {
    characters
        .iter()
        .map(|c| Entrant {
            name: c.name.clone(),
            skill: c.skill_at(G::KIND),
            temperament: c.temperament_at(G::KIND),
        })
        .collect()
}

/// A character's purse, with their debt set against it.
#[must_use]
pub fn purse_of(c: &Character) -> Purse {
    Purse::with_debt(c.purse, c.debt)
}

/// The full name of a character by any name the GM uses, as a plain message.
///
/// # Errors
/// When the roster has nobody, or more than one, by that name.
pub fn full_name(roster: &Roster, name: &str) -> Result<String, crate::names::NameError> {
    roster.named(name).map(|c| c.name.clone())
}

/// A progress bar on stderr for `len` simulated matches (drawn only on a terminal).
#[must_use]
pub fn progress_bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{msg} {bar:30} {pos}/{len} {eta}") {
        bar.set_style(style);
    }
    bar.set_message(what.to_owned());
    bar
}

/// Simulates `sims` matches of the settings' table for `markets`, with a progress bar.
///
/// # Errors
/// When a match cannot be played.
pub fn estimates<G: Game>(
    entrants: &[Entrant],
    settings: &MatchSettings<G>,
    markets: &[Market],
    sims: u64,
    what: &str,
) -> Result<Vec<MarketEstimate>, CliError> {
    let bar = progress_bar(sims, what);
    let out = simulate::<G>(entrants, settings, markets, sims, &|| bar.inc(1));
    bar.finish_and_clear();
    Ok(out?)
}

/// Prices the bookie's bets (simulating the table when any bet takes the bookie's own
/// price) and places every proposal and the ante against the purses.
///
/// # Errors
/// When the simulated matches cannot be played.
pub fn place_bets<G: Game>(
    proposals: &[Proposal],
    ante: Option<Money>,
    entrants: &[Entrant],
    settings: &MatchSettings<G>,
    purses: &BTreeMap<String, Purse>,
    tavern: &Tavern,
) -> Result<Placed, CliError> {
    let mut markets: Vec<Market> = Vec::new();
    for p in proposals {
        if matches!(p.how, How::Bookie(None)) && !markets.contains(&p.market) {
            markets.push(p.market);
        }
    }
    let board = if markets.is_empty() {
        Vec::new()
    } else {
        let what = format!("{} reckons the odds", tavern.bookie);
        estimates::<G>(entrants, settings, &markets, tavern.sims, &what)?
    };
    let margin = tavern.margin();
    let price = |m: Market, s: Selection| {
        board
            .iter()
            .find(|e| e.market == m)
            .and_then(|e| e.price(s, margin))
    };
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    Ok(place(
        proposals,
        ante,
        &names,
        purses,
        tavern.credit,
        &price,
    ))
}

/// Writes every changed purse into its character's file and appends `ledger_entry` to the
/// ledger: all files staged first (written and flushed beside their targets), then renamed
/// one after another. Returns the files written.
///
/// # Errors
/// A character with no file of their own (one built into taproom), a file that cannot be
/// read or written; nothing is renamed unless everything was staged.
pub fn write_back(
    changed: &BTreeMap<String, Purse>,
    roster: &Roster,
    currency: crate::wager::Currency,
    ledger: &Path,
    ledger_entry: &str,
) -> Result<Vec<PathBuf>, CliError> {
    let mut staged: Vec<Staged> = Vec::new();
    for (name, purse) in changed {
        let c = roster.get(name)?;
        let Some(file) = &c.file else {
            return Err(CliError::Usage(format!(
                "{name} is built into taproom and has no file to keep a purse in; copy their \
                 file from taproom's data/characters into your roster folder and run again"
            )));
        };
        let text = read_text(file)?;
        staged.push(stage(
            file,
            with_purse(file, &text, *purse, currency)?.as_bytes(),
        )?);
    }
    let old = match std::fs::read_to_string(ledger) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(source) => {
            return Err(WriteError::Io {
                file: ledger.to_owned(),
                source,
            }
            .into());
        }
    };
    let text = crate::wager::ledger::appended(old.as_deref(), ledger_entry);
    staged.push(stage(ledger, text.as_bytes())?);
    let written: Vec<PathBuf> = staged.iter().map(|s| s.target().to_owned()).collect();
    let pause = std::env::var_os(PAUSE_HOOK);
    let mut paused = false;
    commit(staged, &mut |_| {
        if let (Some(marker), false) = (&pause, paused) {
            paused = true;
            let _ = std::fs::write(marker, "staged");
            std::thread::sleep(std::time::Duration::from_secs(60));
        }
        Ok(())
    })?;
    Ok(written)
}
