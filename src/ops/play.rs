//! Playing one match: placing its wagers, playing and telling it, settling the wagers,
//! and (when asked) writing the purses and the ledger back.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::wagers::{
    People, at_stake, ledger_path, place_bets, purse_of, require_files, resolve_all, settle_placed,
    write_back,
};
use super::{Error, Progress};
use crate::games::Game;
use crate::narrate::{Detail, Phrasebook, Scene};
use crate::roster::{Character, Roster, Tavern};
use crate::table::{MatchLog, MatchSpec, play_match};
use crate::wager::place::Placed;
use crate::wager::syntax::BetText;
use crate::wager::{Purse, Settlement, ledger};

/// The wagers at a single match's table.
#[derive(Clone, Debug)]
pub struct TableBets {
    /// The tavern: its bookie, take, credit, currency and ledger.
    pub tavern: Tavern,
    /// The bets, read, each with its text as written.
    pub bets: Vec<(BetText, String)>,
    /// Whether to write the purses and the ledger back, and where the ledger is when not
    /// the tavern's.
    pub apply: Option<Option<PathBuf>>,
}

/// How to tell a match.
#[derive(Clone, Debug)]
pub struct Telling {
    /// How much.
    pub detail: Detail,
    /// The lines.
    pub phrasebook: Phrasebook,
    /// A tavern's own lines of atmosphere, if any.
    pub ambience: Vec<String>,
}

/// A match played, told, and its wagers settled.
#[derive(Clone, Debug)]
pub struct Played {
    /// The match's log.
    pub log: MatchLog,
    /// The told scenes.
    pub scenes: Vec<Scene>,
    /// The wagers, when there were any.
    pub wagers: Option<SettledTable>,
}

/// The wagers of one match, placed and settled.
#[derive(Clone, Debug)]
pub struct SettledTable {
    /// The tavern.
    pub tavern: Tavern,
    /// The bets as written.
    pub texts: Vec<String>,
    /// What was placed.
    pub placed: Placed,
    /// How it settled.
    pub settlement: Settlement,
    /// The ledger's entry for it.
    pub entry: String,
    /// The files written (with `--apply`).
    pub written: Vec<PathBuf>,
}

/// Plays the match `spec` describes, with its wagers.
///
/// # Errors
/// A bet that does not fit the table or is refused (before anything is played), a
/// settlement that fails, a file that cannot be written.
pub fn play(
    spec: &MatchSpec,
    roster: &Roster,
    telling: &Telling,
    bets: Option<&TableBets>,
    progress: &dyn Progress,
) -> Result<Played, Error> {
    crate::games::with_game!(spec.game, G => play_game::<G>(spec, roster, telling, bets, progress))
}

fn play_game<G: Game>(
    spec: &MatchSpec,
    roster: &Roster,
    telling: &Telling,
    bets: Option<&TableBets>,
    progress: &dyn Progress,
) -> Result<Played, Error> {
    let seated: Vec<&Character> = spec.seats.iter().map(|s| &s.character).collect();
    let people = People::new(roster, &seated);
    let prepared = match bets {
        Some(b) => Some(prepare::<G>(spec, &people, b, progress)?),
        None => None,
    };
    let settings = spec.settings::<G>(crate::ai::Effort::Full)?;
    let log = play_match::<G>(&spec.entrants(), &settings)?;
    let scenes = super::tell::tell(
        &telling.phrasebook,
        spec,
        &log,
        telling.detail,
        &telling.ambience,
    );
    let wagers = match (bets, prepared) {
        (Some(b), Some((placed, purses))) => Some(finish(spec, &people, b, placed, &purses, &log)?),
        _ => None,
    };
    Ok(Played {
        log,
        scenes,
        wagers,
    })
}

/// Matches, prices and places the bets; refuses the table's bets outright when any is
/// refused (at a single match the GM fixes the bet and runs again).
fn prepare<G: Game>(
    spec: &MatchSpec,
    people: &People,
    bets: &TableBets,
    progress: &dyn Progress,
) -> Result<(Placed, BTreeMap<String, Purse>), Error> {
    let proposals = resolve_all(&bets.bets, spec, people)?;
    let names = at_stake(&proposals, &[]);
    if bets.apply.is_some() {
        require_files(people, &names, "a folder given with --roster")?;
    }
    let purses: BTreeMap<String, Purse> = names
        .iter()
        .filter_map(|n| people.get(n).map(|c| (n.clone(), purse_of(c))))
        .collect();
    let placed = place_bets::<G>(spec, &proposals, None, &purses, &bets.tavern, progress)?;
    if let Some((i, why)) = placed.refused.first() {
        return Err(Error::Refused {
            text: bets.bets[*i].1.clone(),
            why: why.describe(bets.tavern.currency, bets.tavern.credit),
        });
    }
    Ok((placed, purses))
}

/// Settles the bets from the log and writes them back when asked.
fn finish(
    spec: &MatchSpec,
    people: &People,
    bets: &TableBets,
    placed: Placed,
    purses: &BTreeMap<String, Purse>,
    log: &MatchLog,
) -> Result<SettledTable, Error> {
    let t = &bets.tavern;
    let settlement = settle_placed(&placed, log, purses, t)?;
    let heading = format!(
        "{}: {}: {} (seed {})",
        t.name,
        spec.game.title(),
        spec.names().join(" v "),
        log.seed
    );
    let entry = ledger::entry(&heading, &settlement, t.currency);
    let mut written = Vec::new();
    if let Some(given) = &bets.apply {
        let changed: Vec<(&Character, Purse)> = settlement
            .after
            .iter()
            .filter(|(n, p)| settlement.before[*n] != **p)
            .filter_map(|(n, p)| people.get(n).map(|c| (c, *p)))
            .collect();
        let ledger = ledger_path(given.as_deref(), t, Path::new(""));
        written = write_back(&changed, t.currency, &ledger, &entry)?;
    }
    Ok(SettledTable {
        tavern: t.clone(),
        texts: bets.bets.iter().map(|(_, text)| text.clone()).collect(),
        placed,
        settlement,
        entry,
        written,
    })
}
