//! Playing one match: placing its wagers, playing and telling it, settling the wagers,
//! and (with `--apply`) writing the purses and the ledger back, holding the lock of
//! every folder written from before the purses are read to the last rename.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::apply::{self, Apply};
use super::sit::{Notice, SeatedTable, Seating};
use super::wagers::{
    People, at_stake, ledger_path, place_bets, purse_of, require_files, resolve_all, settle_placed,
};
use super::{Draft, MatchSpec};
use super::{Error, Progress};
use crate::games::{Game, GameKind};
use crate::narrate::{Detail, Phrasebook, Scene};
use crate::roster::{Character, Roster, Tavern};
use crate::store::Recovered;
use crate::table::{MatchLog, play_match};
use crate::wager::place::{Placed, Proposal};
use crate::wager::syntax::BetText;
use crate::wager::{Purse, Settlement, ledger};

/// A match to play, as the GM asked for it.
#[derive(Clone, Debug)]
pub struct Request {
    /// The game.
    pub game: GameKind,
    /// Who plays: names or character files (none: the roster's first two).
    pub words: Vec<String>,
    /// The rest of the match: format, draw cap, rules, roster folder, seed.
    pub draft: Draft,
    /// How much of the story to tell.
    pub detail: Detail,
    /// The GM's own phrasebooks, on top of the built-in one and the roster's.
    pub phrasebooks: Vec<PathBuf>,
    /// The tavern file (its bookie, take, credit, currency, ledger and ambience).
    pub tavern: Option<PathBuf>,
    /// The bets, read, each with its text as written.
    pub bets: Vec<(BetText, String)>,
    /// Whether and how to write the purses and the ledger back.
    pub apply: Option<Apply>,
}

/// A match played, told, and its wagers settled.
#[derive(Clone, Debug)]
pub struct Played {
    /// The match as described.
    pub spec: MatchSpec,
    /// The match's log.
    pub log: MatchLog,
    /// The told scenes.
    pub scenes: Vec<Scene>,
    /// The phrasebook it was told from.
    pub phrasebook: Phrasebook,
    /// The wagers, when there were any.
    pub wagers: Option<SettledTable>,
    /// Writes a killed run had left unfinished, finished before this one.
    pub recovered: Vec<Recovered>,
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

/// The table as read from the files: the roster, the match, everyone who can be named,
/// and the bets matched.
struct Table {
    roster: Roster,
    spec: MatchSpec,
    people: People,
    proposals: Vec<Proposal>,
    /// What to tell a table with people at it before play (who sits down as a newcomer).
    notices: Vec<Notice>,
}

fn read_table(req: &Request, tavern: &Tavern, people: &[String]) -> Result<Table, Error> {
    let roster = Roster::load(req.draft.roster.as_deref())?;
    let mut draft = req.draft.clone();
    draft.table = draft.table.or(tavern.table_rules());
    let mut notices = Vec::new();
    let spec = if people.is_empty() {
        super::cast::describe(req.game, &roster, &req.words, draft)?
    } else {
        // People first, in the order named, then the characters they play against.
        (draft.seats, notices) = super::sit::people(&roster, people)?;
        draft
            .seats
            .extend(super::cast::seats(&roster, &req.words, Path::new(""), 0)?);
        MatchSpec::new(req.game, draft)?
    };
    let seated: Vec<&Character> = spec.seats.iter().map(|s| &s.character).collect();
    let people = People::new(&roster, &seated);
    let proposals = resolve_all(&req.bets, &spec, &people)?;
    Ok(Table {
        roster,
        spec,
        people,
        proposals,
        notices,
    })
}

/// Every file a table reads, and what it is, for refusing a ledger that would overwrite
/// one of them.
fn files_read(req: &Request, table: &Table) -> Vec<(PathBuf, String)> {
    let mut read: Vec<(PathBuf, String)> = table
        .roster
        .characters()
        .iter()
        .chain(table.spec.seats.iter().map(|s| &s.character))
        .filter_map(|c| {
            c.file
                .clone()
                .map(|f| (f, format!("{}'s character file", c.name)))
        })
        .collect();
    if let Some(t) = &req.tavern {
        read.push((t.clone(), "the tavern file".to_owned()));
    }
    for p in &req.phrasebooks {
        read.push((p.clone(), "a phrasebook".to_owned()));
    }
    if let Some(dir) = &req.draft.roster {
        read.push((
            dir.join("phrasebook.toml"),
            "the roster's phrasebook".to_owned(),
        ));
    }
    read
}

/// Plays the match a request describes, with its wagers.
///
/// # Errors
/// A bad file, name or bet (before anything is played), a bet refused, a settlement that
/// fails, a lock not had in time, a file that cannot be written (every file is then as
/// it was).
pub fn play(
    req: &Request,
    progress: &dyn Progress,
    waiting: &mut dyn FnMut(&Path),
) -> Result<Played, Error> {
    crate::games::with_game!(req.game, G => play_with::<G>(req, progress, waiting, None))
}

/// [`play`] at game `G` (the request's game), with people at some seats when `sitting`
/// says who (`taproom sit`): they sit first, in the order named, then the characters of
/// the request.
///
/// # Errors
/// As [`play`].
pub fn play_with<G: Game>(
    req: &Request,
    progress: &dyn Progress,
    waiting: &mut dyn FnMut(&Path),
    sitting: Option<&mut dyn Seating<G>>,
) -> Result<Played, Error> {
    debug_assert_eq!(req.game, G::KIND);
    let people: Vec<String> = sitting
        .as_ref()
        .map_or_else(Vec::new, |s| s.people().to_vec());
    let mut recovered = match &req.draft.roster {
        Some(dir) => apply::open(dir, apply::WAIT)?,
        None => Vec::new(),
    };
    recovered.extend(super::cast::open_files(&req.words)?);
    recovered.extend(super::cast::open_files(&people)?);
    let tavern = Tavern::load(req.tavern.as_deref())?;
    let mut table = read_table(req, &tavern, &people)?;
    // With --apply: the ledger checked, then every folder written locked and the table
    // read again under the locks, so the purses are the ones the write will replace.
    let mut locked = None;
    let mut ledger_file = None;
    if let Some(a) = &req.apply {
        if req.bets.is_empty() {
            return Err(Error::Conflict(
                "--apply goes with --bet, and no bet was given",
            ));
        }
        let ledger = ledger_path(a.ledger.as_deref(), &tavern, Path::new(""));
        apply::check_ledger(&ledger, &files_read(req, &table))?;
        let names = at_stake(&table.proposals, &[]);
        let paying = super::wagers::money_at_stake(&table.proposals, &[]);
        require_files(&table.people, &paying, "a folder given with --roster")?;
        let at_stake: Vec<&Character> = names.iter().filter_map(|n| table.people.get(n)).collect();
        let mut folders = apply::folders(&at_stake, &ledger);
        folders.extend(req.draft.roster.clone());
        let (locks, done) = apply::lock(folders, a, waiting)?;
        recovered.extend(done);
        locked = Some(locks);
        table = read_table(req, &tavern, &people)?;
        ledger_file = Some(ledger);
    }
    let phrasebook = super::tell::phrasebook(req.draft.roster.as_deref(), &req.phrasebooks)?;
    let ambience = if req.tavern.is_some() {
        tavern.ambience.clone()
    } else {
        Vec::new()
    };
    let played = play_game::<G>(
        req,
        &table,
        &tavern,
        &phrasebook,
        &ambience,
        ledger_file.as_deref(),
        progress,
        sitting,
    )?;
    drop(locked);
    let (log, scenes, wagers) = played;
    Ok(Played {
        spec: table.spec,
        log,
        scenes,
        phrasebook,
        wagers,
        recovered,
    })
}

type Outcome = (MatchLog, Vec<Scene>, Option<SettledTable>);

#[allow(clippy::too_many_arguments)]
fn play_game<G: Game>(
    req: &Request,
    table: &Table,
    tavern: &Tavern,
    phrasebook: &Phrasebook,
    ambience: &[String],
    ledger_file: Option<&Path>,
    progress: &dyn Progress,
    sitting: Option<&mut dyn Seating<G>>,
) -> Result<Outcome, Error> {
    let spec = &table.spec;
    let prepared = if req.bets.is_empty() {
        None
    } else {
        Some(prepare::<G>(req, table, tavern, progress)?)
    };
    let settings = spec.settings::<G>(crate::ai::Effort::Full)?;
    let log = match sitting {
        None => play_match::<G>(&spec.entrants(), &settings)?,
        Some(sitting) => {
            let voices: Vec<_> = spec
                .seats
                .iter()
                .map(|s| s.character.voice.clone())
                .collect();
            // The people sit first: their seats are marked as people's, not characters'.
            let mut entrants = spec.entrants();
            for e in entrants.iter_mut().take(sitting.people().len()) {
                e.person = true;
            }
            sitting.play(SeatedTable {
                entrants: &entrants,
                voices: &voices,
                settings: &settings,
                phrasebook,
                notices: &table.notices,
            })?
        }
    };
    let scenes = super::tell::tell(phrasebook, spec, &log, req.detail, ambience);
    let wagers = match prepared {
        Some((placed, purses)) => Some(finish(
            req,
            table,
            tavern,
            placed,
            &purses,
            &log,
            ledger_file,
        )?),
        None => None,
    };
    Ok((log, scenes, wagers))
}

/// Prices and places the bets; refuses the table's bets outright when any is refused (at
/// a single match the GM fixes the bet and runs again).
fn prepare<G: Game>(
    req: &Request,
    table: &Table,
    tavern: &Tavern,
    progress: &dyn Progress,
) -> Result<(Placed, BTreeMap<String, Purse>), Error> {
    let names = at_stake(&table.proposals, &[]);
    let purses: BTreeMap<String, Purse> = names
        .iter()
        .filter_map(|n| table.people.get(n).map(|c| (n.clone(), purse_of(c))))
        .collect();
    let placed = place_bets::<G>(
        &table.spec,
        &table.proposals,
        None,
        &purses,
        tavern,
        progress,
    )?;
    if let Some((i, why)) = placed.refused.first() {
        return Err(Error::Refused {
            text: req.bets[*i].1.clone(),
            why: why.describe(tavern.currency, tavern.credit),
        });
    }
    Ok((placed, purses))
}

/// Settles the bets from the log and writes them back when asked.
fn finish(
    req: &Request,
    table: &Table,
    tavern: &Tavern,
    placed: Placed,
    purses: &BTreeMap<String, Purse>,
    log: &MatchLog,
    ledger_file: Option<&Path>,
) -> Result<SettledTable, Error> {
    let settlement = settle_placed(&placed, log, purses, tavern)?;
    let heading = format!(
        "{}: {}: {} (seed {})",
        tavern.name,
        table.spec.game.title(),
        table.spec.names().join(" v "),
        log.seed
    );
    let entry = ledger::entry(&heading, &settlement, tavern.currency);
    let mut written = Vec::new();
    if let (Some(a), Some(ledger)) = (&req.apply, ledger_file) {
        let changed: Vec<(&Character, Purse)> = settlement
            .after
            .iter()
            .filter(|(n, p)| settlement.before[*n] != **p)
            .filter_map(|(n, p)| table.people.get(n).map(|c| (c, *p)))
            .collect();
        written = apply::write(&changed, tavern.currency, ledger, &entry, &a.stop)?;
    }
    Ok(SettledTable {
        tavern: tavern.clone(),
        texts: req.bets.iter().map(|(_, text)| text.clone()).collect(),
        placed,
        settlement,
        entry,
        written,
    })
}
