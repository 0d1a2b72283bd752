//! Playing one match: placing its wagers, playing and telling it, settling the wagers,
//! and (with `--apply`) writing the purses and the ledger back, holding the lock of
//! every folder written from before the purses are read to the last rename.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::apply::{self, Apply};
use super::bribes::{self, Offer};
use super::intent::Stakes;
use super::memory::{self, Memory};
use super::sit::{Notice, SeatedTable, Seating};
use super::wagers::{
    People, at_stake, ledger_path, place_bets, purse_of, require_files, resolve_all, settle_placed,
};
use super::{Draft, MatchSpec};
use super::{Error, Progress};
use crate::games::{Game, GameKind};
use crate::history::rematch::Recall;
use crate::narrate::{Detail, Phrasebook, Scene};
use crate::roster::{Character, Roster, Tavern};
use crate::store::{FolderLocks, Recovered};
use crate::table::{MatchLog, play_match};
use crate::wager::place::{Placed, Proposal};
use crate::wager::syntax::{BetText, BribeText};
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
    /// The bribes offered before the match, read, each with its text as written.
    pub bribes: Vec<(BribeText, String)>,
    /// Whether and how to write the purses, the ledger and the history back.
    pub apply: Option<Apply>,
    /// The campaign's history file, when a campaign names one (else the tavern's, else
    /// `history.jsonl` beside the ledger).
    pub history: Option<PathBuf>,
    /// The evening the match belongs to (`--evening`, else the campaign file's; none:
    /// today's date).
    pub evening: Option<String>,
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
    /// What the campaign's history recalled of the table, before the match and after.
    pub recalled: Vec<Recall>,
    /// The history's lines read past, a warning each.
    pub warnings: Vec<String>,
    /// The files `--apply` wrote (purses, ledger, history).
    pub written: Vec<PathBuf>,
    /// The match as the campaign's history records it (as `--apply` writes it, or would
    /// have): what a note of the match is written from.
    pub record: crate::history::Record,
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
    /// The bribes offered before the match, each taken or refused (the GM's alone).
    pub offers: Vec<Offer>,
}

/// The table as read from the files: the roster, the match, everyone who can be named,
/// and the bets matched.
struct Table {
    roster: Roster,
    spec: MatchSpec,
    people: People,
    proposals: Vec<Proposal>,
    /// The bribes offered, each answered.
    offers: Vec<Offer>,
    /// What to tell a table with people at it before play (who sits down as a newcomer).
    notices: Vec<Notice>,
}

/// Reads the table: the roster, the match (the people sitting first, when there are
/// any), everyone who can be named, the bets matched and the bribes answered.
fn read_table(req: &Request, opened: &Opened) -> Result<Table, Error> {
    let (tavern, people, book) = (&opened.tavern, &opened.people, &opened.phrasebook);
    let roster = Roster::load(req.draft.roster.as_deref())?;
    let mut draft = req.draft.clone();
    draft.table = draft.table.or(tavern.table_rules());
    let mut notices = Vec::new();
    let mut spec = if people.is_empty() {
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
    bribes::check_count(req.bribes.len())?;
    let offers = bribes::offer_all(&req.bribes, &spec, &people, book, tavern.currency)?;
    bribes::buy_throws(&mut spec, &offers);
    Ok(Table {
        roster,
        spec,
        people,
        proposals,
        offers,
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
    play_then(req, progress, waiting, &mut |_, _| Ok(()))
}

/// What must succeed, once the match is played, before `--apply` writes anything (a
/// picture of the match drawn, for one): its error stops the run with every file as it
/// was.
pub type Ready<'a, E> = &'a mut dyn FnMut(&MatchLog, &MatchSpec) -> Result<(), E>;

/// [`play`], with `ready` run on the match played before anything is written.
///
/// # Errors
/// As [`play`], and `ready`'s error (nothing written).
pub fn play_then<E: From<Error>>(
    req: &Request,
    progress: &dyn Progress,
    waiting: &mut dyn FnMut(&Path),
    ready: Ready<'_, E>,
) -> Result<Played, E> {
    crate::games::with_game!(req.game, G => play_with::<G, E>(req, progress, waiting, None, ready))
}

/// [`play_then`] at game `G` (the request's game), with people at some seats when
/// `sitting` says who (`taproom sit`): they sit first, in the order named, then the
/// characters of the request.
///
/// # Errors
/// As [`play_then`].
pub fn play_with<G: Game, E: From<Error>>(
    req: &Request,
    progress: &dyn Progress,
    waiting: &mut dyn FnMut(&Path),
    sitting: Option<&mut dyn Seating<G>>,
    ready: Ready<'_, E>,
) -> Result<Played, E> {
    debug_assert_eq!(req.game, G::KIND);
    let people: Vec<String> = sitting
        .as_ref()
        .map_or_else(Vec::new, |s| s.people().to_vec());
    let mut opened = open(req, people)?;
    let mut table = read_table(req, &opened)?;
    let paths = Paths::of(req, &opened.tavern);
    let locked = lock_table(req, &mut opened, &mut table, &paths, waiting)?;
    // The history, read (under the locks, with --apply) before the match: who watches
    // whom, and what it recalls of the table.
    let now = crate::history::now();
    let evening = req.evening.clone().unwrap_or_else(|| memory::today(&now));
    let mut memory = Memory::load(paths.history.clone(), table.spec.no_history, evening)?;
    // A match --apply records is in the history from now on: its replay line reads none.
    memory.consulted |= req.apply.is_some() && !table.spec.no_history;
    memory.remember(&mut table.spec, &opened.tavern.name);
    let ambience = if req.tavern.is_some() {
        opened.tavern.ambience.clone()
    } else {
        Vec::new()
    };
    let command = if sitting.is_some() { "sit" } else { "play" };
    let sitting_people = sitting.is_some().then_some(opened.people.len());
    let told = Told {
        tavern: &opened.tavern,
        phrasebook: &opened.phrasebook,
        ambience: &ambience,
        memory: &memory,
    };
    let mut played = play_game::<G>(req, &table, &told, progress, sitting)?;
    // A hustle's replay: the line leaves the bets out, so it carries their stakes.
    table.spec.staked = played.staked;
    // Every check that can fail comes before the write.
    ready(&played.log, &table.spec)?;
    let cx = memory::Context {
        command,
        evening: &memory.evening,
        at: &now,
        tavern: &opened.tavern.name,
        replay: sitting_people.map(|n| memory::sit_line(&table.spec, n)),
    };
    let record = history_record(&cx, &table.spec, &mut played);
    let written = match &req.apply {
        Some(a) => write_back(
            a,
            &table,
            &opened.tavern,
            &paths,
            &record,
            &mut played.wagers,
        )?,
        None => Vec::new(),
    };
    drop(locked);
    Ok(Played {
        spec: table.spec,
        log: played.log,
        scenes: played.scenes,
        phrasebook: opened.phrasebook,
        wagers: played.wagers,
        recovered: opened.recovered,
        recalled: played.recalled,
        warnings: memory.warnings,
        written,
        record,
    })
}

/// What a match's table is read with, opened before it: the people sitting, the tavern,
/// the phrasebook, and the writes a killed run had left unfinished, finished.
struct Opened {
    people: Vec<String>,
    tavern: Tavern,
    phrasebook: Phrasebook,
    recovered: Vec<Recovered>,
}

/// Finishes any write a killed run left unfinished in the roster's folder and in the
/// folders of the character files named (by the request and by the people sitting), then
/// reads the tavern and the phrasebook.
fn open(req: &Request, people: Vec<String>) -> Result<Opened, Error> {
    let mut recovered = match &req.draft.roster {
        Some(dir) => apply::open(dir, apply::WAIT)?,
        None => Vec::new(),
    };
    recovered.extend(super::cast::open_files(&req.words)?);
    recovered.extend(super::cast::open_files(&people)?);
    let tavern = Tavern::load(req.tavern.as_deref())?;
    let phrasebook = super::tell::phrasebook(req.draft.roster.as_deref(), &req.phrasebooks)?;
    Ok(Opened {
        people,
        tavern,
        phrasebook,
        recovered,
    })
}

/// Where a match's `--apply` writes, and where its history is read from.
struct Paths {
    ledger: PathBuf,
    history: PathBuf,
}

impl Paths {
    /// The ledger (`--ledger`, else the tavern's) and the history (the campaign's, else the
    /// tavern's, else beside the ledger).
    fn of(req: &Request, tavern: &Tavern) -> Paths {
        let ledger = ledger_path(
            req.apply.as_ref().and_then(|a| a.ledger.as_deref()),
            tavern,
            Path::new(""),
        );
        let history = memory::history_file(req.history.as_deref(), tavern, &ledger);
        Paths { ledger, history }
    }
}

/// With `--apply`: the ledger and the history checked against the files read, then every
/// folder the write touches locked and the table read again under the locks, so the
/// purses are the ones the write will replace; the locks are returned, to hold until the
/// write is done. Without: a write a killed run left half done beside the history is
/// finished before the history is read.
fn lock_table(
    req: &Request,
    opened: &mut Opened,
    table: &mut Table,
    paths: &Paths,
    waiting: &mut dyn FnMut(&Path),
) -> Result<Option<FolderLocks>, Error> {
    let Some(a) = &req.apply else {
        if !table.spec.no_history {
            let folder = crate::store::folder_of(&paths.history);
            opened.recovered.extend(apply::open(&folder, apply::WAIT)?);
        }
        return Ok(None);
    };
    let read = files_read(req, table);
    if !req.bets.is_empty() || !bribes::parties(&table.offers).is_empty() {
        apply::check_ledger(&paths.ledger, &read)?;
    }
    apply::check_history(&paths.history, &paths.ledger, &read)?;
    let mut names = at_stake(&table.proposals, &[]);
    names.extend(bribes::parties(&table.offers));
    let mut paying = super::wagers::money_at_stake(&table.proposals, &[]);
    paying.extend(bribes::parties(&table.offers));
    require_files(&table.people, &paying, "a folder given with --roster")?;
    let at_stake: Vec<&Character> = names.iter().filter_map(|n| table.people.get(n)).collect();
    let mut folders = apply::folders(&at_stake, &paths.ledger, &paths.history);
    folders.extend(req.draft.roster.clone());
    let (locks, done) = apply::lock(folders, a, waiting)?;
    opened.recovered.extend(done);
    *table = read_table(req, opened)?;
    Ok(Some(locks))
}

/// The match as the campaign's history records it: its table and games, the bookie's
/// prices (taken out of `played`), each purse before and after the wagers, and the
/// bribes paid.
fn history_record(
    cx: &memory::Context<'_>,
    spec: &MatchSpec,
    played: &mut Outcome,
) -> crate::history::Record {
    let prices = played.prices.take().unwrap_or_default();
    let empty = BTreeMap::new();
    let (before, after) = match &played.wagers {
        Some(s) => (&s.settlement.before, &s.settlement.after),
        None => (&empty, &empty),
    };
    let mut record = memory::record(cx, spec, &played.log, &prices, before, after);
    if let Some(s) = &played.wagers {
        record.bribes = s
            .settlement
            .bribes
            .iter()
            .map(|b| crate::history::Bribe {
                payer: b.payer.clone(),
                taker: b.taker.clone(),
                to: b.to.clone(),
                amount_cp: b.amount.0,
            })
            .collect();
    }
    record
}

/// Writes, as one transaction, the purses the wagers changed, the ledger's entry and the
/// match's record in the history; returns the files written (noted in the wagers too).
fn write_back(
    a: &Apply,
    table: &Table,
    tavern: &Tavern,
    paths: &Paths,
    record: &crate::history::Record,
    wagers: &mut Option<SettledTable>,
) -> Result<Vec<PathBuf>, Error> {
    let (changed, entry) = match wagers.as_ref() {
        Some(s) => (changed_purses(&s.settlement, table), s.entry.as_str()),
        None => (Vec::new(), ""),
    };
    let written = apply::write(
        &changed,
        tavern.currency,
        apply::Entries {
            ledger: &paths.ledger,
            entry,
            history: &paths.history,
            records: std::slice::from_ref(record),
        },
        &a.stop,
    )?;
    if let Some(s) = wagers {
        s.written = written.clone();
    }
    Ok(written)
}

/// The purses a settlement changed, with their characters.
fn changed_purses<'a>(settlement: &Settlement, table: &'a Table) -> Vec<(&'a Character, Purse)> {
    settlement
        .after
        .iter()
        .filter(|(n, p)| settlement.before[*n] != **p)
        .filter_map(|(n, p)| table.people.get(n).map(|c| (c, *p)))
        .collect()
}

/// What a match is told with: the tavern, the phrasebook, the tavern's ambience and the
/// campaign's memory.
struct Told<'a> {
    tavern: &'a Tavern,
    phrasebook: &'a Phrasebook,
    ambience: &'a [String],
    memory: &'a Memory,
}

/// A match played and told, its wagers settled (not yet written).
struct Outcome {
    log: MatchLog,
    scenes: Vec<Scene>,
    wagers: Option<SettledTable>,
    recalled: Vec<Recall>,
    /// The bookie's chance of each entrant's winning, priced before play (with
    /// `--apply`, for the history).
    prices: Option<Vec<f64>>,
    /// The stakes a hustle read at this match (the bets' and `--staked`), for the replay
    /// line to carry when a hustler sat at it.
    staked: crate::wager::Money,
}

/// Plays the match (with the people `sitting` says at the table first, when there are
/// any) and tells it, its bets placed and priced before play and settled after.
fn play_game<G: Game>(
    req: &Request,
    table: &Table,
    told: &Told<'_>,
    progress: &dyn Progress,
    sitting: Option<&mut dyn Seating<G>>,
) -> Result<Outcome, Error> {
    let spec = &table.spec;
    let tavern = told.tavern;
    let prepared = if req.bets.is_empty() && table.offers.is_empty() {
        None
    } else {
        Some(prepare::<G>(req, table, tavern, progress)?)
    };
    let prices = match &req.apply {
        Some(_) => Some(memory::prices::<G>(spec, tavern, progress)?),
        None => None,
    };
    // Money moves at this match when any bet or stake was taken.
    let wagered = prepared
        .as_ref()
        .is_some_and(|(placed, _)| !placed.bets().is_empty());
    let before = told.memory.before(spec, &tavern.name);
    let settings = spec.settings::<G>(crate::ai::Effort::Full)?;
    // The stakes on the match, placed before play, decide whether a hustle turns.
    let stakes = prepared
        .as_ref()
        .map_or_else(Stakes::none, |(placed, _)| Stakes::of(&placed.bets()));
    let mut entrants = spec.entrants_at(&stakes);
    let log = match sitting {
        None => play_match::<G>(&entrants, &settings)?,
        Some(sitting) => {
            // The people sit first: their seats are marked as people's, not characters'.
            for e in entrants.iter_mut().take(sitting.people().len()) {
                e.person = true;
                e.plan = crate::table::Plan::default();
            }
            sitting.play(SeatedTable {
                entrants: &entrants,
                voices: &super::tell::voices(spec, wagered),
                settings: &settings,
                phrasebook: told.phrasebook,
                notices: &table.notices,
            })?
        }
    };
    let after = told.memory.after(spec, &log);
    let mut scenes = super::tell::tell(
        told.phrasebook,
        spec,
        &log,
        req.detail,
        told.ambience,
        wagered,
    );
    crate::narrate::recall::tell(&mut scenes, &before, &after, &log, req.detail);
    let wagers = match prepared {
        Some((placed, purses)) => Some(finish(req, table, tavern, placed, &purses, &log)?),
        None => None,
    };
    let mut recalled = before;
    recalled.extend(after);
    Ok(Outcome {
        log,
        scenes,
        wagers,
        recalled,
        prices,
        staked: spec.stakes_carried(&stakes),
    })
}

/// The purses of a table before its bribes and after them.
type Purses = (BTreeMap<String, Purse>, BTreeMap<String, Purse>);

/// Pays the bribes taken, then prices and places the bets from the purses they left;
/// refuses the table's bets outright when any is refused (at a single match the GM fixes
/// the bet and runs again), and a bribe its payer cannot pay.
fn prepare<G: Game>(
    req: &Request,
    table: &Table,
    tavern: &Tavern,
    progress: &dyn Progress,
) -> Result<(Placed, Purses), Error> {
    let names = at_stake(&table.proposals, &[]);
    let mut before: BTreeMap<String, Purse> = names
        .iter()
        .filter_map(|n| table.people.get(n).map(|c| (n.clone(), purse_of(c))))
        .collect();
    before.extend(bribes::purses(&table.offers, &table.people));
    let purses = bribes::paid_purses(&table.offers, &before, tavern.credit, tavern.currency)?;
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
    Ok((placed, (before, purses)))
}

/// Settles the bets from the log (`--apply` writes them after).
fn finish(
    req: &Request,
    table: &Table,
    tavern: &Tavern,
    placed: Placed,
    (before, purses): &Purses,
    log: &MatchLog,
) -> Result<SettledTable, Error> {
    let settlement = settle_placed(&placed, log, purses, tavern)?.with_bribes(
        bribes::taken(&table.offers),
        before,
        purses,
    );
    let heading = format!(
        "{}: {}: {} (seed {})",
        tavern.name,
        table.spec.game.title(),
        table.spec.names().join(" v "),
        log.seed
    );
    // Refused bribes alone move no money and add nothing to the ledger.
    let entry = if settlement.lines.is_empty() && settlement.bribes.is_empty() {
        String::new()
    } else {
        ledger::entry(&heading, &settlement, tavern.currency)
    };
    Ok(SettledTable {
        tavern: tavern.clone(),
        texts: req.bets.iter().map(|(_, text)| text.clone()).collect(),
        placed,
        settlement,
        entry,
        written: Vec::new(),
        offers: table.offers.clone(),
    })
}
