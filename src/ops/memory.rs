//! The campaign's memory at a table: the history read before a match (its reputations
//! put into the match's watch, its rematch lines told), and the record of the match
//! made for `--apply` to write in the same transaction as the purses and the ledger.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{Error, MatchSpec, Progress};
use crate::games::Game;
use crate::history::rematch::{self, Recall};
use crate::history::{self, Record};
use crate::roster::Tavern;
use crate::table::{MatchLog, Who};
use crate::wager::{Market, Purse};

/// A campaign's history as a table reads it.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// The history file.
    pub file: PathBuf,
    /// Its records, oldest first (none with `--no-history`).
    pub records: Vec<Record>,
    /// The lines read past, each a warning naming the file and line.
    pub warnings: Vec<String>,
    /// The evening this run belongs to.
    pub evening: String,
    /// Whether the history was consulted (not `--no-history`) and there is one to read,
    /// or will be once this run records its match: a replay line then reads none again.
    pub consulted: bool,
}

/// Where the history is: the one given (a campaign's), else the tavern's, else
/// `history.jsonl` beside the ledger.
#[must_use]
pub fn history_file(given: Option<&Path>, tavern: &Tavern, ledger: &Path) -> PathBuf {
    given.map_or_else(
        || history::path_beside(tavern.history.as_deref(), ledger),
        Path::to_owned,
    )
}

impl Memory {
    /// Reads the history in `file` (unless `forget`: then it remembers nothing), for a
    /// run of `evening`.
    ///
    /// # Errors
    /// A history that exists and cannot be read.
    pub fn load(file: PathBuf, forget: bool, evening: String) -> Result<Memory, Error> {
        if forget {
            return Ok(Memory {
                file,
                evening,
                ..Memory::default()
            });
        }
        let read = history::read(&file).map_err(|e| Error::Argument {
            flag: "history",
            message: e.to_string(),
        })?;
        Ok(Memory {
            warnings: read.warnings(&file),
            records: read.records,
            consulted: file.exists(),
            file,
            evening,
        })
    }

    /// The history a bookie reads before pricing a table at `tavern` now (the one given,
    /// a campaign's, else the tavern's, else `history.jsonl` beside its ledger or here),
    /// unless `forget`, on `evening` (none: today's).
    ///
    /// # Errors
    /// A history that exists and cannot be read.
    pub fn for_odds(
        tavern: &Tavern,
        given: Option<&Path>,
        forget: bool,
        evening: Option<String>,
    ) -> Result<Memory, Error> {
        let ledger = super::wagers::ledger_path(None, tavern, Path::new(""));
        let file = history_file(given, tavern, &ledger);
        let evening = evening.unwrap_or_else(|| today(&history::now()));
        Memory::load(file, forget, evening)
    }

    /// Puts what the history remembers of cheats caught into `spec`'s watch (unless the
    /// match stands on its own, or the GM said who watches whom with `--wary`: then theirs
    /// stands), and marks the match as told from the history when one was consulted, so
    /// that its replay line reads none again.
    pub fn remember(&self, spec: &mut MatchSpec, tavern: &str) {
        if spec.no_history || !self.consulted {
            return;
        }
        if spec.wary.is_empty() && !self.records.is_empty() {
            spec.wary =
                history::reputation::wary(&self.records, tavern, &spec.names(), &self.evening);
        }
        spec.see_hustles(&history::reputation::hustlers(&self.records));
        spec.no_history = true;
    }

    /// What the history recalls of this table before its match.
    #[must_use]
    pub fn before(&self, spec: &MatchSpec, tavern: &str) -> Vec<Recall> {
        rematch::before(&self.records, tavern, spec.game, &spec.names())
    }

    /// What the history recalls of this table after its match.
    #[must_use]
    pub fn after(&self, spec: &MatchSpec, log: &MatchLog) -> Vec<Recall> {
        rematch::after(&self.records, &spec.names(), log.winner_name())
    }
}

/// The evening of a single match played now: its date.
#[must_use]
pub fn today(now: &str) -> String {
    now.get(..10).unwrap_or(now).to_owned()
}

/// The longest name an evening may have, in characters.
pub const MAX_EVENING: usize = 100;

/// An evening's name as given with `--evening` (a session's name or a date): through the
/// one check every printed name passes ([`crate::names::check`]), trimmed, not empty.
///
/// # Errors
/// A name that is empty, too long, or holds a character that name check refuses.
pub fn evening_name(text: &str) -> Result<String, Error> {
    let bad = |why: String| Error::Argument {
        flag: "--evening",
        message: format!("--evening `{}`: {why}", crate::names::escaped(text)),
    };
    let name = crate::names::check(text).map_err(|e| bad(e.to_string()))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(bad("the evening's name is empty".to_owned()));
    }
    if name.chars().count() > MAX_EVENING {
        return Err(bad(format!(
            "the evening's name is {} characters long; at most {MAX_EVENING}",
            name.chars().count()
        )));
    }
    Ok(name.to_owned())
}

/// The bookie's chance of each entrant's winning the match, as he would price it.
///
/// # Errors
/// When the matches he imagines cannot be played.
pub fn prices<G: Game>(
    spec: &MatchSpec,
    tavern: &Tavern,
    progress: &dyn Progress,
) -> Result<Vec<f64>, Error> {
    let what = format!("{} reckons the odds", tavern.bookie);
    let board =
        super::wagers::estimates::<G>(spec, &[Market::Match], tavern.sims, progress, &what)?;
    Ok(board
        .first()
        .map(|e| e.outright.clone())
        .unwrap_or_default())
}

/// What a record needs besides the match.
pub struct Context<'a> {
    /// `play`, `sit` or `night`.
    pub command: &'a str,
    /// The evening.
    pub evening: &'a str,
    /// When.
    pub at: &'a str,
    /// The tavern's name.
    pub tavern: &'a str,
    /// The command line that replays it (none: `spec`'s own `play` line).
    pub replay: Option<String>,
}

/// The record of a match: its table, each game's result, every cheat (who caught it:
/// whoever saw it, and whoever rightly accused the hand), the bookie's prices and each
/// purse before and after (every entrant's, and everyone else whose purse it moved).
#[must_use]
pub fn record(
    cx: &Context<'_>,
    spec: &MatchSpec,
    log: &MatchLog,
    prices: &[f64],
    before: &BTreeMap<String, Purse>,
    after: &BTreeMap<String, Purse>,
) -> Record {
    let name = |i: Who| log.entrant(i).name.clone();
    Record {
        version: history::VERSION,
        at: cx.at.to_owned(),
        tavern: cx.tavern.to_owned(),
        evening: cx.evening.to_owned(),
        command: cx.command.to_owned(),
        game: spec.game,
        format: spec.format.to_string(),
        rules: spec.rules.words(),
        seed: spec.seed,
        replay: cx.replay.clone().unwrap_or_else(|| spec.replay_command()),
        entrants: entrants(spec, log, prices),
        games: log.games.iter().map(|g| game_result(log, g)).collect(),
        winners: log.winners.iter().map(|&w| name(w)).collect(),
        cheats: cheats(log),
        money: money(spec, before, after),
        bribes: Vec::new(),
        applied: None,
    }
}

/// The table as the history keeps it: each seat's character and file, whether a person
/// sat there, the bookie's price and whether a hustle turned.
fn entrants(spec: &MatchSpec, log: &MatchLog, prices: &[f64]) -> Vec<history::Entrant> {
    spec.seats
        .iter()
        .enumerate()
        .map(|(i, s)| history::Entrant {
            name: s.character.name.clone(),
            file: s.character.file.clone(),
            person: log.entrants.get(i).is_some_and(|e| e.person),
            price: prices.get(i).copied(),
            hustled: log.entrants.get(i).is_some_and(|e| e.plan.hustle_turns()),
        })
        .collect()
}

/// One game's result as the history keeps it: its winners, each entrant's score (by
/// entrant, not by seat) and how it ended.
fn game_result(log: &MatchLog, g: &crate::table::GameLog) -> history::GameResult {
    let mut scores = vec![0i64; log.entrants.len()];
    for (seat, &entrant) in g.seats.iter().enumerate() {
        scores[entrant.index()] = i64::from(g.scores[seat]);
    }
    history::GameResult {
        number: g.number,
        winners: g
            .winners
            .iter()
            .map(|&w| log.entrant(w).name.clone())
            .collect(),
        scores,
        outcome: serde_json::to_value(g.outcome.end)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
    }
}

/// Every cheat of the match, game by game, with who caught it: whoever saw it, and
/// whoever rightly accused the hand (of its last cheat in that game that stood unseen).
fn cheats(log: &MatchLog) -> Vec<history::Cheat> {
    use crate::table::Aside;
    let name = |i: Who| log.entrant(i).name.clone();
    let mut cheats: Vec<history::Cheat> = Vec::new();
    for g in &log.games {
        let first = cheats.len();
        for a in &g.asides {
            match &a.aside {
                Aside::Cheat { by, seen_by, .. } => cheats.push(history::Cheat {
                    game: g.number,
                    by: name(*by),
                    caught_by: seen_by.iter().map(|&w| name(w)).collect(),
                }),
                Aside::Accused {
                    by,
                    against,
                    right: true,
                } => {
                    let cheat = name(*against);
                    // The accusation is right because the hand's last cheat stood unseen.
                    if let Some(c) = cheats[first..]
                        .iter_mut()
                        .rev()
                        .find(|c| c.by == cheat && c.caught_by.is_empty())
                    {
                        let accuser = name(*by);
                        if !c.caught_by.contains(&accuser) {
                            c.caught_by.push(accuser);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    cheats
}

/// Each purse's worth (coins less debt) before the match and after: every entrant's
/// first, then everyone else with a purse at its wagers; a purse not known before is
/// left out, one not known after is taken as unchanged.
fn money(
    spec: &MatchSpec,
    before: &BTreeMap<String, Purse>,
    after: &BTreeMap<String, Purse>,
) -> Vec<history::MoneyChange> {
    let worth = |p: &Purse| i128::from(p.coins.0) - i128::from(p.debt.0);
    let mut money: Vec<history::MoneyChange> = Vec::new();
    let mut names: Vec<String> = spec.names();
    names.extend(before.keys().filter(|n| !spec.names().contains(n)).cloned());
    for n in names {
        let (Some(b), a) = (before.get(&n), after.get(&n)) else {
            continue;
        };
        money.push(history::MoneyChange {
            before_cp: worth(b),
            after_cp: worth(a.unwrap_or(b)),
            name: n,
        });
    }
    money
}

/// The words of a `taproom sit` for a match where `people` (by the names they gave) sat
/// first: the characters, each person by `--as`, then the flags as `play` takes them.
#[must_use]
pub fn sit_words(spec: &MatchSpec, people: &[String]) -> Vec<String> {
    // replay_words: taproom play GAME SEAT... then the flags.
    let words = spec.replay_words();
    let seats = spec.seats.len();
    let mut sit = vec!["taproom".to_owned(), "sit".to_owned(), words[2].clone()];
    sit.extend(words[3 + people.len()..3 + seats].iter().cloned());
    for p in people {
        sit.push("--as".to_owned());
        sit.push(p.clone());
    }
    sit.extend(words[3 + seats..].iter().cloned());
    sit
}

/// The `taproom sit` line the history keeps for a match where `people` sat first (the
/// moves they typed are not in it: the log keeps them).
#[must_use]
pub fn sit_line(spec: &MatchSpec, people: usize) -> String {
    let names: Vec<String> = spec.seats[..people]
        .iter()
        .map(|s| s.character.name.clone())
        .collect();
    shell_words::join(sit_words(spec, &names))
}
