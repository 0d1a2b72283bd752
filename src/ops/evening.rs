//! A scripted evening in a tavern: every match with its wagers, each settled from its own
//! log as it ends (so a purse won early can be bet later), the purses at the end, and the
//! ledger's entries. [`prepare`] checks the whole evening without playing anything, so
//! whatever [`run`] would refuse, `taproom check` refuses first.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::apply::{self, Apply};
use super::cast::seat;
use super::memory::Memory;
use super::wagers::{
    People, at_stake, ledger_path, money_at_stake, place_bets, purse_of, require_files,
    resolve_all, settle_placed,
};
use super::{Draft, MatchSpec, Seated};
use super::{Error, Progress};
use crate::games::Game;
use crate::narrate::{Detail, Phrasebook, Scene};
use crate::roster::{
    Campaign, Character, Evening, MatchPlan, Roster, RosterError, Tavern, read_text,
};
use crate::store::Recovered;
use crate::table::{MatchLog, RuleOptions, play_match};
use crate::wager::place::{Placed, Proposal};
use crate::wager::syntax::BetText;
use crate::wager::{Money, Purse, Settlement, ledger};

/// One match of the evening, checked.
#[derive(Clone, Debug)]
pub struct PreparedMatch {
    /// The match.
    pub spec: MatchSpec,
    /// Its bets, names matched.
    pub proposals: Vec<Proposal>,
    /// Its bets as written.
    pub texts: Vec<String>,
    /// What each player stakes on themselves.
    pub ante: Option<Money>,
    /// A line read before it.
    pub intro: Option<String>,
    /// The bribes offered before it, each answered.
    pub offers: Vec<super::bribes::Offer>,
}

/// An evening with every file read and every name, bet and match checked.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The evening as read.
    pub evening: Evening,
    /// Its tavern.
    pub tavern: Tavern,
    /// Its roster.
    pub roster: Roster,
    /// Its phrasebook.
    pub phrasebook: Phrasebook,
    /// The matches, in order.
    pub matches: Vec<PreparedMatch>,
    /// Everyone the evening can name.
    pub people: People,
    /// Everyone with money at stake, by name.
    pub at_stake: Vec<String>,
}

impl Prepared {
    /// How many bets the evening holds.
    #[must_use]
    pub fn bets(&self) -> usize {
        self.matches.iter().map(|m| m.proposals.len()).sum()
    }
}

/// Reads an evening, its tavern, roster and phrasebook (the `campaign`'s tavern and roster
/// where the evening names none), and checks every match, name and bet in it, as `night`
/// would before it plays. With `apply`, also that everyone with
/// money at stake has a file to keep their purse in.
///
/// # Errors
/// The first problem, at its place in its file.
pub fn prepare(path: &Path, apply: bool, campaign: Option<&Campaign>) -> Result<Prepared, Error> {
    let evening = read_evening(path, campaign)?;
    let tavern = Tavern::load(evening.tavern.as_deref())?;
    let roster = Roster::load(evening.roster.as_deref())?;
    let phrasebook = super::tell::phrasebook(evening.roster.as_deref(), &[])?;
    let base = path.parent().unwrap_or(Path::new(""));
    let specs = evening
        .matches
        .iter()
        .map(|plan| match_spec(plan, &evening, &tavern, &roster, base))
        .collect::<Result<Vec<_>, Error>>()?;
    let seated: Vec<&Character> = specs
        .iter()
        .flat_map(|s| s.seats.iter().map(|x| &x.character))
        .collect();
    check_one_each(&roster, &seated)?;
    let people = People::new(&roster, &seated);
    let mut matches = Vec::new();
    let mut stake_names: Vec<String> = Vec::new();
    let mut paying: Vec<String> = Vec::new();
    for (plan, mut spec) in evening.matches.iter().zip(specs) {
        let proposals = proposals(plan, &spec, &people)?;
        let offers = offers(plan, &spec, &people, &phrasebook, &tavern)?;
        super::bribes::buy_throws(&mut spec, &offers);
        stake_names.extend(super::bribes::parties(&offers));
        paying.extend(super::bribes::parties(&offers));
        let ante_players = if plan.ante.is_some() {
            spec.names()
        } else {
            Vec::new()
        };
        stake_names.extend(at_stake(&proposals, &ante_players));
        paying.extend(money_at_stake(&proposals, &ante_players));
        matches.push(PreparedMatch {
            spec,
            proposals,
            texts: plan.bet_texts.clone(),
            ante: plan.ante,
            intro: plan.intro.clone(),
            offers,
        });
    }
    let mut seen = std::collections::BTreeSet::new();
    stake_names.retain(|n| seen.insert(n.clone()));
    if apply {
        require_files(&people, &paying, "the evening's roster folder")?;
    }
    Ok(Prepared {
        evening,
        tavern,
        roster,
        phrasebook,
        matches,
        people,
        at_stake: stake_names,
    })
}

/// Reads an evening, the campaign's tavern and roster standing in for those it does not
/// name.
fn read_evening(path: &Path, campaign: Option<&Campaign>) -> Result<Evening, Error> {
    let mut evening = Evening::from_toml(path, &read_text(path)?)?;
    if let Some(c) = campaign {
        evening.tavern = evening.tavern.or_else(|| c.tavern.clone());
        evening.roster = evening.roster.or_else(|| c.roster.clone());
    }
    Ok(evening)
}

/// One planned match as a checked spec: each player seated (an error at the name's place
/// in the file), the format, draw cap and rules as planned, the tavern's rules for cheats.
fn match_spec(
    plan: &MatchPlan,
    evening: &Evening,
    tavern: &Tavern,
    roster: &Roster,
    base: &Path,
) -> Result<MatchSpec, Error> {
    let mut seats: Vec<Seated> = Vec::new();
    for p in &plan.players {
        let s = seat(roster, &p.value, base).map_err(|e| match e {
            Error::File(f) => Error::File(f),
            other => Error::File(p.spot.error(other.to_string())),
        })?;
        seats.push(s);
    }
    let draft = Draft {
        seats,
        format: plan.format.as_ref().map(|f| f.value),
        draw_cap: plan.draw_cap.as_ref().map(|d| d.value),
        rules: plan.rules.as_ref().map_or_else(RuleOptions::default, |r| {
            RuleOptions::from_table(r.value.clone())
        }),
        roster: evening.roster.clone(),
        seed: plan.seed,
        table: tavern.table_rules(),
        wary: crate::table::cheat::Wary::default(),
        wise_to: Vec::new(),
        no_history: false,
        staked: crate::wager::Money::ZERO,
    };
    MatchSpec::new(plan.game, draft).map_err(|e| plan.spot_of(e.part()).error(e.to_string()).into())
}

/// A planned match's bribes, each matched to its table and answered; an error names the
/// bribe's place in the file.
fn offers(
    plan: &MatchPlan,
    spec: &MatchSpec,
    people: &People,
    book: &Phrasebook,
    tavern: &Tavern,
) -> Result<Vec<super::bribes::Offer>, Error> {
    let mut out = Vec::new();
    for b in &plan.bribes {
        let one = super::bribes::offer_all(
            std::slice::from_ref(&b.value),
            spec,
            people,
            book,
            tavern.currency,
        )
        .map_err(|e| b.spot.error(e.to_string()))?;
        out.extend(one);
    }
    Ok(out)
}

/// A planned match's bets, each resolved against its table and the evening's people (an
/// error at the bet's place in the file), at most a table's limit of them.
fn proposals(plan: &MatchPlan, spec: &MatchSpec, people: &People) -> Result<Vec<Proposal>, Error> {
    if let Some(b) = plan.bets.get(super::wagers::MAX_BETS as usize) {
        return Err(b
            .spot
            .error(format!(
                "a table takes at most {} bets",
                super::wagers::MAX_BETS
            ))
            .into());
    }
    let mut proposals = Vec::new();
    for b in &plan.bets {
        let written: Vec<(BetText, String)> = vec![(b.value.clone(), String::new())];
        let p = resolve_all(&written, spec, people).map_err(|e| match e {
            Error::Bet { source, .. } => Error::File(b.spot.error(source.to_string())),
            other => other,
        })?;
        proposals.extend(p);
    }
    Ok(proposals)
}

/// Refuses two different characters of one name at the evening (a file given for a
/// player, and someone else of that name in the roster).
fn check_one_each(roster: &Roster, seated: &[&Character]) -> Result<(), Error> {
    let origin = |c: &Character| {
        c.file
            .as_ref()
            .map_or("built in".to_owned(), |f| f.display().to_string())
    };
    let mut known: BTreeMap<&str, &Character> = roster
        .characters()
        .iter()
        .map(|c| (c.name.as_str(), c))
        .collect();
    for c in seated {
        if let Some(other) = known.get(c.name.as_str())
            && other.file != c.file
            && **other != **c
            && other.file.is_some()
        {
            return Err(RosterError::Duplicate {
                name: c.name.clone(),
                first: origin(other),
                second: origin(c),
            }
            .into());
        }
        known.insert(c.name.as_str(), c);
    }
    Ok(())
}

/// A bet the table refused: the bettor, the bet as written, the stake and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedBet {
    /// Who.
    pub bettor: String,
    /// The bet as written.
    pub text: String,
    /// The coins they offered.
    pub stake: Money,
    /// The thing they offered instead, against a rival.
    pub thing: Option<crate::wager::Thing>,
    /// Why, in a word or two.
    pub why: String,
}

/// One match of the evening, played, told and settled.
#[derive(Clone, Debug)]
pub struct PlayedMatch {
    /// The match.
    pub spec: MatchSpec,
    /// Its log.
    pub log: MatchLog,
    /// How it was told.
    pub scenes: Vec<Scene>,
    /// Its wagers as placed.
    pub placed: Placed,
    /// Its wagers settled.
    pub settlement: Settlement,
    /// The bets refused.
    pub refused: Vec<RefusedBet>,
    /// Each bettor's purse before and after each refused bet's row (unchanged).
    pub refused_purses: Vec<Purse>,
    /// What the campaign's history recalled of the table, before the match and after.
    pub recalled: Vec<crate::history::rematch::Recall>,
}

/// A whole evening, played.
#[derive(Clone, Debug)]
pub struct Night {
    /// The matches, in order.
    pub matches: Vec<PlayedMatch>,
    /// Everyone's purse at the start.
    pub first: BTreeMap<String, Purse>,
    /// Everyone's purse at the end.
    pub last: BTreeMap<String, Purse>,
    /// What the house gained (negative: lost), in copper.
    pub house: i128,
    /// The ledger's entries, one per match.
    pub entries: String,
    /// The history's records, one per match.
    pub records: Vec<crate::history::Record>,
}

/// Plays a prepared evening, remembering what `memory` holds: each match's watch starts
/// from the history's reputations and what this evening has seen, and each table is told
/// what the history and the evening's earlier matches recall of it. With `prices`, each
/// match's record carries the bookie's price of each entrant (for `--apply`).
///
/// # Errors
/// A match that cannot be played or a settlement that fails.
pub fn run(
    prepared: &Prepared,
    detail: Detail,
    progress: &dyn Progress,
    memory: &Memory,
    prices: bool,
) -> Result<Night, Error> {
    let first: BTreeMap<String, Purse> = prepared
        .at_stake
        .iter()
        .filter_map(|n| prepared.people.get(n).map(|c| (n.clone(), purse_of(c))))
        .collect();
    let mut now = first.clone();
    let mut matches = Vec::new();
    let mut house: i128 = 0;
    let mut entries = String::new();
    let mut records: Vec<crate::history::Record> = Vec::new();
    let t = &prepared.tavern;
    let at = crate::history::now();
    let mut tonight = Tonight::default();
    // The history and this evening's matches so far: what a table's rematch recalls.
    let mut recall = memory.clone();
    let hall = Hall {
        tavern: t,
        phrasebook: &prepared.phrasebook,
        detail,
        progress,
        prices,
    };
    for (i, m) in prepared.matches.iter().enumerate() {
        let m = &tonight.ready(m, memory, &t.name);
        let (played, price) = crate::games::with_game!(m.spec.game, G => play_one::<G>(
            m, &now, &hall, &recall
        ))?;
        tonight.learn(&played.log);
        house += played.settlement.house;
        let cx = super::memory::Context {
            command: "night",
            evening: &memory.evening,
            at: &at,
            tavern: &t.name,
            replay: None,
        };
        let record = super::memory::record(
            &cx,
            &played.spec,
            &played.log,
            &price,
            &played.settlement.before,
            &played.settlement.after,
        );
        recall.records.push(record.clone());
        records.push(record);
        now.extend(played.settlement.after.clone());
        let heading = format!(
            "{}, {}, match {}: {}: {} (seed {})",
            t.name,
            prepared.evening.title,
            i + 1,
            m.spec.game.title(),
            m.spec.names().join(" v "),
            m.spec.seed
        );
        entries.push_str(&ledger::entry(&heading, &played.settlement, t.currency));
        matches.push(played);
    }
    Ok(Night {
        matches,
        first,
        last: now,
        house,
        entries,
        records,
    })
}

/// What an evening has learnt by the match about to be played.
#[derive(Default)]
struct Tonight {
    /// Who has seen whom cheat, carried from match to match: they watch those hands the
    /// closer, and the bookie prices each match so.
    wary: crate::table::cheat::Wary,
    /// Whose hustle has turned earlier tonight.
    hustled: std::collections::BTreeSet<String>,
}

impl Tonight {
    /// The match as it is played tonight: its watch from who has seen whom cheat this
    /// evening, the hustles that turned earlier known to the bookie, and, when the history
    /// is consulted, the history's reputations and hustlers besides (its replay line then
    /// reads no history).
    fn ready(&self, m: &PreparedMatch, memory: &Memory, tavern: &str) -> PreparedMatch {
        let mut m = m.clone();
        let names = m.spec.names();
        m.spec.wary = self.wary.among(&names);
        m.spec.see_hustles(&self.hustled);
        // A history consulted (or forgotten with --no-history): the replay line reads none.
        if memory.consulted {
            m.spec.wary =
                crate::history::reputation::wary(&memory.records, tavern, &names, &memory.evening)
                    .with(&m.spec.wary);
            m.spec
                .see_hustles(&crate::history::reputation::hustlers(&memory.records));
            m.spec.no_history = true;
        }
        m
    }

    /// Learns from a match played: who saw whom cheat, and whose hustle turned (the bookie
    /// is wise to it for the rest of the night).
    fn learn(&mut self, log: &MatchLog) {
        self.wary = self.wary.after(log);
        for e in log.entrants.iter().filter(|e| e.plan.hustle_turns()) {
            self.hustled.insert(e.name.clone());
        }
    }
}

/// What every match of an evening is played and told with.
struct Hall<'a> {
    /// The tavern, its bookie and its purse rules.
    tavern: &'a Tavern,
    /// The evening's phrasebook.
    phrasebook: &'a Phrasebook,
    /// How much of each match to tell.
    detail: Detail,
    /// Where the bookie's reckoning reports.
    progress: &'a dyn Progress,
    /// Whether to price each entrant for the history (`--apply`).
    prices: bool,
}

/// Places one match's wagers against the purses as they stand, plays and tells it (with
/// what `memory` recalls of its table), and settles it; with the hall's `prices`, also the
/// bookie's price of each entrant, for the history.
fn play_one<G: Game>(
    m: &PreparedMatch,
    purses: &BTreeMap<String, Purse>,
    hall: &Hall<'_>,
    memory: &Memory,
) -> Result<(PlayedMatch, Vec<f64>), Error> {
    let Hall {
        tavern,
        phrasebook,
        detail,
        progress,
        prices,
    } = *hall;
    let before_bribes = purses;
    let purses = &super::bribes::paid_purses(&m.offers, purses, tavern.credit, tavern.currency)?;
    let placed = place_bets::<G>(&m.spec, &m.proposals, m.ante, purses, tavern, progress)?;
    let price = if prices {
        super::memory::prices::<G>(&m.spec, tavern, progress)?
    } else {
        Vec::new()
    };
    let before = memory.before(&m.spec, &tavern.name);
    let settings = m.spec.settings::<G>(crate::ai::Effort::Full)?;
    let stakes = super::intent::Stakes::of(&placed.bets());
    let log = play_match::<G>(&m.spec.entrants_at(&stakes), &settings)?;
    let after = memory.after(&m.spec, &log);
    let wagered = !placed.bets().is_empty();
    let mut scenes = super::tell::tell(phrasebook, &m.spec, &log, detail, &[], wagered);
    crate::narrate::recall::tell(&mut scenes, &before, &after, &log, detail);
    let mut recalled = before;
    recalled.extend(after);
    let settlement = settle_placed(&placed, &log, purses, tavern)?.with_bribes(
        super::bribes::taken(&m.offers),
        before_bribes,
        purses,
    );
    let (refused, refused_purses) = refused_bets(m, &placed, &settlement, purses);
    // A hustle's replay line leaves the bets out: it carries their stakes (`--staked`).
    let mut spec = m.spec.clone();
    spec.staked = spec.stakes_carried(&stakes);
    Ok((
        PlayedMatch {
            spec,
            log,
            scenes,
            placed,
            settlement,
            refused,
            refused_purses,
            recalled,
        },
        price,
    ))
}

/// The bets a match's bookie refused, as the evening's table shows them, and each
/// bettor's purse beside its row (as the settlement left it, else as it stood before).
fn refused_bets(
    m: &PreparedMatch,
    placed: &Placed,
    settlement: &Settlement,
    purses: &BTreeMap<String, Purse>,
) -> (Vec<RefusedBet>, Vec<Purse>) {
    let refused: Vec<RefusedBet> = placed
        .refused
        .iter()
        .map(|(i, r)| RefusedBet {
            bettor: m.proposals[*i].bettor.clone(),
            text: m.texts[*i].clone(),
            stake: m.proposals[*i].stake,
            thing: m.proposals[*i].thing.clone(),
            why: r.short().to_owned(),
        })
        .collect();
    let beside = refused
        .iter()
        .map(|r| {
            settlement
                .after
                .get(&r.bettor)
                .or(purses.get(&r.bettor))
                .copied()
                .unwrap_or_default()
        })
        .collect();
    (refused, beside)
}

/// Finishes, in the folders an evening reads (its own, its roster's, its tavern's), any
/// write a killed run left unfinished.
pub(super) fn open_folders(
    path: &Path,
    campaign: Option<&Campaign>,
) -> Result<Vec<Recovered>, Error> {
    let mut folders = vec![crate::store::folder_of(path)];
    if let Ok(evening) = read_evening(path, campaign) {
        folders.extend(evening.roster);
        folders.extend(evening.tavern.as_deref().map(crate::store::folder_of));
    }
    let mut done = Vec::new();
    for f in folders {
        done.extend(apply::open(&f, apply::WAIT)?);
    }
    Ok(done)
}

/// Every file an evening reads, and what it is, for refusing a ledger that would
/// overwrite one of them.
/// Refuses a ledger or history `--apply` must not write for this evening (as
/// [`apply::check_ledger`] and [`apply::check_history`]): `night --apply` and `check`
/// both ask this.
///
/// # Errors
/// When one is refused.
pub(super) fn check_writes(p: &Prepared, ledger: &Path, history: &Path) -> Result<(), Error> {
    let read = files_read(p);
    apply::check_ledger(ledger, &read)?;
    apply::check_history(history, ledger, &read)
}

fn files_read(p: &Prepared) -> Vec<(PathBuf, String)> {
    let mut read: Vec<(PathBuf, String)> = p
        .roster
        .characters()
        .iter()
        .chain(
            p.matches
                .iter()
                .flat_map(|m| m.spec.seats.iter().map(|s| &s.character)),
        )
        .filter_map(|c| {
            c.file
                .clone()
                .map(|f| (f, format!("{}'s character file", c.name)))
        })
        .collect();
    read.push((p.evening.file.clone(), "the evening file".to_owned()));
    if let Some(t) = &p.evening.tavern {
        read.push((t.clone(), "the tavern file".to_owned()));
    }
    if let Some(dir) = &p.evening.roster {
        read.push((
            dir.join("phrasebook.toml"),
            "the roster's phrasebook".to_owned(),
        ));
    }
    read
}

/// An evening played, and what `--apply` wrote.
#[derive(Clone, Debug)]
pub struct Played {
    /// The evening as checked.
    pub prepared: Prepared,
    /// How it went.
    pub night: Night,
    /// The files written (with `--apply`).
    pub written: Vec<PathBuf>,
    /// Writes a killed run had left unfinished, finished before this one.
    pub recovered: Vec<Recovered>,
    /// The history's lines read past, a warning each.
    pub warnings: Vec<String>,
}

/// How an evening remembers the campaign.
#[derive(Clone, Debug, Default)]
pub struct Remember {
    /// The campaign's history file, when a campaign names one (else the tavern's, else
    /// `history.jsonl` beside the ledger).
    pub history: Option<PathBuf>,
    /// Tell and play it as if nobody had met before (`--no-history`).
    pub forget: bool,
    /// The evening its matches are recorded under (`--evening`, else the campaign file's;
    /// none: the evening file's title and the time it began).
    pub evening: Option<String>,
}

/// Checks and plays the evening in `path`; with `apply`, holds the lock of every folder
/// it writes in from before the purses are read to the last rename, and writes the
/// purses that changed into the characters' own files, the evening's entries into the
/// ledger (the one given, else the tavern's, else `ledger.txt` beside the evening) and
/// its matches into the history, all or nothing.
///
/// # Errors
/// A bad file, name or rule (before anything is played), a lock not had in time, a file
/// that cannot be written (every file is then as it was).
pub fn night(
    path: &Path,
    campaign: Option<&Campaign>,
    detail: Detail,
    apply: Option<&Apply>,
    remember: &Remember,
    progress: &dyn Progress,
    waiting: &mut dyn FnMut(&Path),
) -> Result<Played, Error> {
    let mut recovered = open_folders(path, campaign)?;
    let prepared = prepare(path, apply.is_some(), campaign)?;
    let (ledger, history) = written_files(path, campaign, apply, remember, &prepared.tavern);
    let at = crate::history::now();
    let evening = remember
        .evening
        .clone()
        .unwrap_or_else(|| format!("{} ({at})", prepared.evening.title));
    let Some(a) = apply else {
        if !remember.forget {
            recovered.extend(apply::open(
                &crate::store::folder_of(&history),
                apply::WAIT,
            )?);
        }
        let mut memory = Memory::load(history, remember.forget, evening)?;
        memory.consulted |= remember.forget;
        let night = run(&prepared, detail, progress, &memory, false)?;
        return Ok(Played {
            prepared,
            night,
            written: Vec::new(),
            recovered,
            warnings: memory.warnings,
        });
    };
    check_writes(&prepared, &ledger, &history)?;
    let at_stake: Vec<&Character> = prepared
        .at_stake
        .iter()
        .filter_map(|n| prepared.people.get(n))
        .collect();
    let mut folders = apply::folders(&at_stake, &ledger, &history);
    folders.extend(prepared.evening.roster.clone());
    let (locks, done) = apply::lock(folders, a, waiting)?;
    recovered.extend(done);
    // The purses and the history as they are now, under the locks.
    let prepared = prepare(path, true, campaign)?;
    let mut memory = Memory::load(history.clone(), remember.forget, evening)?;
    // Its matches are in the history from now on (or it stands on its own): every
    // replay line reads none.
    memory.consulted = true;
    let night = run(&prepared, detail, progress, &memory, true)?;
    let written = write_night(&prepared, &night, (&ledger, &history), a)?;
    drop(locks);
    Ok(Played {
        prepared,
        night,
        written,
        recovered,
        warnings: memory.warnings,
    })
}

/// Where `night --apply` writes: the ledger (the one given, else the tavern's, else
/// `ledger.txt` beside the evening) and the history (`--history`, else the campaign's, else
/// the tavern's, else beside the ledger); the history is read from there too.
fn written_files(
    path: &Path,
    campaign: Option<&Campaign>,
    apply: Option<&Apply>,
    remember: &Remember,
    tavern: &Tavern,
) -> (PathBuf, PathBuf) {
    let folder = path.parent().unwrap_or(Path::new(""));
    let ledger = ledger_path(apply.and_then(|a| a.ledger.as_deref()), tavern, folder);
    let given = remember
        .history
        .as_deref()
        .or(campaign.and_then(|c| c.history.as_deref()));
    let history = super::memory::history_file(given, tavern, &ledger);
    (ledger, history)
}

/// Writes, as one transaction, the purses the evening changed into the characters' own
/// files, its entries into the ledger and its matches into the history; returns the files
/// written.
fn write_night(
    prepared: &Prepared,
    night: &Night,
    (ledger, history): (&Path, &Path),
    a: &Apply,
) -> Result<Vec<PathBuf>, Error> {
    let changed: Vec<(&Character, Purse)> = night
        .last
        .iter()
        .filter(|(n, p)| night.first.get(*n) != Some(*p))
        .filter_map(|(n, p)| prepared.people.get(n).map(|c| (c, *p)))
        .collect();
    apply::write(
        &changed,
        prepared.tavern.currency,
        apply::Entries {
            ledger,
            entry: &night.entries,
            history,
            records: &night.records,
        },
        &a.stop,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const NIGHT: &str = r#"evening = "A wet night"
seed = 7

[[match]]
game = "tides"
players = ["Brannoc", "Mirela"]
rules = { truce_after = 40 }
bets = ["Pip 5 sp on Brannoc"]

[[match]]
game = "pic"
players = ["Pip", "Ysolde", "Hrodgar"]
first_to = 2
"#;

    fn prepare_text(text: &str) -> Result<Prepared, Error> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("night.toml");
        std::fs::write(&path, text).unwrap();
        prepare(&path, false, None)
    }

    #[test]
    fn an_evening_is_checked_whole_before_anything_is_played() {
        let p = prepare_text(NIGHT).unwrap();
        assert_eq!(p.matches.len(), 2);
        assert_eq!(p.matches[0].spec.seed, 7);
        assert_eq!(p.matches[1].spec.seed, 8);
        assert_eq!(p.at_stake, ["Pip Underbough"]);
        assert_eq!(p.bets(), 1);
    }

    #[test]
    fn a_match_out_of_bounds_is_an_error_at_its_field() {
        let cases = [
            (
                NIGHT.replace("first_to = 2", "first_to = 0"),
                "match[2].first_to",
                13,
                "1 to 99 games",
            ),
            (
                NIGHT.replace("first_to = 2", "draw_cap = 100"),
                "match[2].draw_cap",
                13,
                "0 to 99",
            ),
            (
                NIGHT.replace("[\"Pip\", \"Ysolde\", \"Hrodgar\"]", "[\"Pip\"]"),
                "match[2].players",
                12,
                "Piç is for 2 to 5 players, not 1",
            ),
            (
                NIGHT.replace(
                    "[\"Brannoc\", \"Mirela\"]",
                    "[\"Brannoc\", \"Mirela\", \"Pip\"]",
                ),
                "match[1].players",
                6,
                "Tides of War is for 2 players, not 3",
            ),
            (
                NIGHT.replace("first_to = 2", "rules = { start = 5 }"),
                "match[2].rules",
                13,
                "12 or 9 counters, not 5",
            ),
            (
                NIGHT.replace("truce_after = 40", "truce = 40"),
                "match[1].rules",
                7,
                "Tides of War has no rule option `truce`; did you mean `truce_after`?",
            ),
            (
                NIGHT.replace("\"Pip 5 sp on Brannoc\"", "\"Pip 5 sp on Gandalf\""),
                "match[1].bets[1]",
                8,
                "`Gandalf`",
            ),
            (
                NIGHT.replace("\"Mirela\"]", "\"Mirella Q\"]"),
                "match[1].players[2]",
                6,
                "character",
            ),
        ];
        for (text, field, line, needle) in cases {
            let err = match prepare_text(&text) {
                Err(Error::File(e)) => e,
                other => panic!("{field}: {other:?}"),
            };
            assert_eq!(err.field.as_deref(), Some(field), "{err}");
            assert_eq!(err.line, line, "{err}");
            assert!(err.to_string().contains(needle), "{err}");
        }
    }
}
