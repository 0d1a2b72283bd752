//! The campaign's memory: every match applied (`play`, `sit` and `night` with
//! `--apply`), a line of JSON each in `history.jsonl` beside the ledger (or the tavern's
//! `history` file), written in the same transaction as the purses and the ledger.
//!
//! Each record keeps what the write that recorded it changed ([`applied`]), so that
//! `taproom undo` can take the last write back.
//!
//! What the rest of taproom reads from it: the standings ([`standings`]), who is the
//! champion of a game at a tavern ([`standings::champion`]), what an earlier meeting of the same
//! characters was ([`rematch`]), and who watches whom for cheating ([`reputation`]).
//!
//! A line that cannot be read (a hand edit gone wrong, a line cut short by a disk that
//! filled outside taproom, an amount no purse can hold) is read past with a warning that
//! names it ([`read`]); the lines after it still count.

pub mod applied;
pub mod rematch;
pub mod reputation;
pub mod standings;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::games::GameKind;

/// The history's file name when the tavern names none: beside the ledger.
pub const FILE: &str = "history.jsonl";

/// The version of a record's shape (`version` in each line).
pub const VERSION: u32 = 1;

/// One match as the campaign remembers it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The shape of this record ([`VERSION`]).
    pub version: u32,
    /// When it was played: local date and time with the offset, RFC 3339
    /// (`2026-12-03T21:04:00+01:00`).
    pub at: String,
    /// The tavern's name.
    pub tavern: String,
    /// The evening it belongs to: the one named by `--evening` or the campaign file's
    /// `evening`, else the night's title and start for `night`, else the date (every match
    /// of one day at `play` or `sit` is one evening). A line without it (none, or empty) is
    /// of its date's evening ([`Record::evening_name`]).
    #[serde(default)]
    pub evening: String,
    /// The command that played it: `play`, `sit` or `night`.
    pub command: String,
    /// The game.
    pub game: GameKind,
    /// The format, in words ("best of 3").
    pub format: String,
    /// The house rules, as `key=value`.
    #[serde(default)]
    pub rules: Vec<String>,
    /// The seed.
    pub seed: u64,
    /// The command line that replays it.
    pub replay: String,
    /// Who played, in the order named.
    pub entrants: Vec<Entrant>,
    /// Each game's result.
    pub games: Vec<GameResult>,
    /// The match's winners (none for a drawn match, several for a shared one).
    pub winners: Vec<String>,
    /// Every cheat tried, seen or not (the unseen ones are for the GM).
    #[serde(default)]
    pub cheats: Vec<Cheat>,
    /// Every purse the match's wagers moved (a bettor's or a player's), in copper pieces.
    #[serde(default)]
    pub money: Vec<MoneyChange>,
    /// The bribes paid before it (the GM's secret), each thrown match's price.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bribes: Vec<Bribe>,
    /// The write that recorded it, for `taproom undo` (none in lines of older versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applied: Option<applied::Applied>,
}

/// A player of a recorded match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// The full name.
    pub name: String,
    /// The character file they came from (none: built into taproom, or a person at the
    /// table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<PathBuf>,
    /// Whether a person played the seat (`sit`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub person: bool,
    /// The bookie's chance that they win the match, before it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<f64>,
    /// Whether their hustle turned in this match (they played at their true skill once the
    /// stakes were worth it): the house has seen it, and its bookie is wise to it after.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hustled: bool,
}

/// One game of a recorded match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// 1 for the first.
    pub number: u32,
    /// Who won it (none: drawn).
    pub winners: Vec<String>,
    /// Each entrant's score, in the order of the match's entrants.
    pub scores: Vec<i64>,
    /// How it ended, in the log's words.
    pub outcome: String,
}

/// A bribe paid before a recorded match, for the taker to lose it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bribe {
    /// Who paid.
    pub payer: String,
    /// Who was paid to lose.
    pub taker: String,
    /// Whom they were to lose to.
    pub to: String,
    /// How much, in copper pieces.
    pub amount_cp: u64,
}

/// A cheat tried in a recorded match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cheat {
    /// The game it was tried in.
    pub game: u32,
    /// Who tried it.
    pub by: String,
    /// Who caught it: those who saw it, and anyone who rightly accused the hand. Empty
    /// for a cheat nobody caught (the GM's secret).
    pub caught_by: Vec<String>,
}

impl Cheat {
    /// Whether anyone caught it.
    #[must_use]
    pub fn caught(&self) -> bool {
        !self.caught_by.is_empty()
    }
}

/// What a match did to one purse, in copper pieces (a debt counts against it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoneyChange {
    /// Whose purse.
    pub name: String,
    /// Its worth before.
    pub before_cp: i128,
    /// Its worth after.
    pub after_cp: i128,
}

impl MoneyChange {
    /// Won (positive) or lost.
    #[must_use]
    pub fn net_cp(&self) -> i128 {
        self.after_cp.saturating_sub(self.before_cp)
    }
}

/// The most a purse's worth in a record may be either way, in copper: what a purse (or a
/// debt) can hold, [`MAX_PURSE`](crate::wager::money::MAX_PURSE).
pub const MAX_WORTH: i128 = crate::wager::money::MAX_PURSE.0 as i128;

impl Record {
    /// The entrant's index by name.
    #[must_use]
    pub fn entrant(&self, name: &str) -> Option<usize> {
        self.entrants.iter().position(|e| e.name == name)
    }

    /// Whether `name` played in it.
    #[must_use]
    pub fn played(&self, name: &str) -> bool {
        self.entrant(name).is_some()
    }

    /// Whether `name` won the match alone.
    #[must_use]
    pub fn won_alone(&self, name: &str) -> bool {
        self.winners.len() == 1 && self.winners[0] == name
    }

    /// The match's sole winner.
    #[must_use]
    pub fn winner(&self) -> Option<&str> {
        match self.winners.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }

    /// The evening it belongs to: its `evening`, or its date when it names none.
    #[must_use]
    pub fn evening_name(&self) -> &str {
        if self.evening.trim().is_empty() {
            self.date()
        } else {
            &self.evening
        }
    }

    /// The local date it was played (`2026-12-03`).
    #[must_use]
    pub fn date(&self) -> &str {
        self.at.get(..10).unwrap_or(&self.at)
    }

    /// What `name`'s purse gained or lost in it.
    #[must_use]
    pub fn net_cp(&self, name: &str) -> i128 {
        self.money
            .iter()
            .filter(|m| m.name == name)
            .map(MoneyChange::net_cp)
            .fold(0, i128::saturating_add)
    }

    /// Why the record cannot be what taproom wrote, if it cannot: a purse's worth beyond
    /// what a purse or a debt can hold ([`MAX_WORTH`]), named by its field.
    #[must_use]
    pub fn damage(&self) -> Option<String> {
        self.money.iter().enumerate().find_map(|(i, m)| {
            [("before_cp", m.before_cp), ("after_cp", m.after_cp)]
                .into_iter()
                .find(|(_, v)| v.unsigned_abs() > MAX_WORTH.unsigned_abs())
                .map(|(field, v)| {
                    format!(
                        "money[{}].{field} is {v} cp, beyond what a purse or a debt can hold \
                         ({MAX_WORTH} cp, {})",
                        i + 1,
                        crate::wager::money::MAX_PURSE
                    )
                })
        })
    }

    /// How many times `name` was caught cheating in it.
    #[must_use]
    pub fn caught(&self, name: &str) -> usize {
        self.cheats
            .iter()
            .filter(|c| c.by == name && c.caught())
            .count()
    }

    /// The record with every text it holds passed through [`crate::names::check`] (a
    /// name, the tavern, the evening, the replay: whatever `history` may print), each
    /// name in Unicode's composed form (NFC); or why not, naming the field and showing
    /// its text escaped.
    ///
    /// # Errors
    /// The first text that holds a control, invisible or direction-changing character.
    pub fn checked(mut self) -> Result<Record, String> {
        fn one(field: &str, text: &mut String) -> Result<(), String> {
            match crate::names::check(text) {
                Ok(clean) => {
                    *text = clean;
                    Ok(())
                }
                Err(bad) => {
                    // Shown escaped, and cut short: a line may hold anything, of any length.
                    let all = crate::names::escaped(text);
                    let mut shown: String = all.chars().take(80).collect();
                    if shown.len() < all.len() {
                        shown.push('…');
                    }
                    Err(format!("field `{field}` (\"{shown}\"): {bad}"))
                }
            }
        }
        one("at", &mut self.at)?;
        one("tavern", &mut self.tavern)?;
        one("evening", &mut self.evening)?;
        one("command", &mut self.command)?;
        one("format", &mut self.format)?;
        one("replay", &mut self.replay)?;
        for (i, rule) in self.rules.iter_mut().enumerate() {
            one(&format!("rules[{}]", i + 1), rule)?;
        }
        for (i, e) in self.entrants.iter_mut().enumerate() {
            one(&format!("entrants[{}].name", i + 1), &mut e.name)?;
            if let Some(file) = &e.file {
                let mut text = file.to_string_lossy().into_owned();
                one(&format!("entrants[{}].file", i + 1), &mut text)?;
            }
        }
        for (i, g) in self.games.iter_mut().enumerate() {
            one(&format!("games[{}].outcome", i + 1), &mut g.outcome)?;
            for (j, w) in g.winners.iter_mut().enumerate() {
                one(&format!("games[{}].winners[{}]", i + 1, j + 1), w)?;
            }
        }
        for (i, w) in self.winners.iter_mut().enumerate() {
            one(&format!("winners[{}]", i + 1), w)?;
        }
        for (i, c) in self.cheats.iter_mut().enumerate() {
            one(&format!("cheats[{}].by", i + 1), &mut c.by)?;
            for (j, w) in c.caught_by.iter_mut().enumerate() {
                one(&format!("cheats[{}].caught_by[{}]", i + 1, j + 1), w)?;
            }
        }
        for (i, m) in self.money.iter_mut().enumerate() {
            one(&format!("money[{}].name", i + 1), &mut m.name)?;
        }
        Ok(self)
    }

    /// The record as one line of JSON (no newline).
    #[must_use]
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a record is plain data")
    }
}

/// A line of the history that was read past.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damaged {
    /// The line's number, from 1.
    pub line: usize,
    /// Why it was read past.
    pub why: String,
}

/// A history as read: the records in order, and the lines read past.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    /// Every match recorded, oldest first.
    pub records: Vec<Record>,
    /// The lines that could not be read.
    pub damaged: Vec<Damaged>,
}

impl History {
    /// The warnings for the lines read past, each naming `file` and the line.
    #[must_use]
    pub fn warnings(&self, file: &Path) -> Vec<String> {
        self.damaged
            .iter()
            .map(|d| {
                // Whatever the line held is shown escaped: a warning never acts on the
                // terminal it is printed on.
                crate::names::escaped(&format!(
                    "warning: {}, line {}: read past: {}",
                    file.display(),
                    d.line,
                    d.why
                ))
            })
            .collect()
    }
}

/// Reads a history's text: one record a line, blank lines ignored, any other line that
/// is not a record read past (with its reason).
#[must_use]
pub fn parse(text: &str) -> History {
    let mut out = History::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(line) {
            Ok(r) if r.version <= VERSION => match r.damage().map_or_else(|| r.checked(), Err) {
                Ok(r) => out.records.push(r),
                Err(why) => out.damaged.push(Damaged { line: i + 1, why }),
            },
            Ok(r) => out.damaged.push(Damaged {
                line: i + 1,
                why: format!(
                    "it is a record of version {}, newer than this taproom reads ({VERSION})",
                    r.version
                ),
            }),
            Err(e) => out.damaged.push(Damaged {
                line: i + 1,
                why: format!("it is not a match record ({e})"),
            }),
        }
    }
    out
}

/// A history file that cannot be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file system refused, or it is not a regular file.
    #[error("{}: cannot read the history: {why}", .file.display())]
    Unreadable {
        /// The file.
        file: PathBuf,
        /// Why.
        why: String,
    },
}

/// Reads the history in `file` (none yet: an empty history).
///
/// # Errors
/// A file that exists and cannot be read, or is not a regular file.
pub fn read(file: &Path) -> Result<History, ReadError> {
    match crate::store::file::read_regular(file) {
        Ok((bytes, _)) => Ok(parse(&String::from_utf8_lossy(&bytes))),
        Err(crate::store::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            Ok(History::default())
        }
        Err(crate::store::ReadError::Special(what)) => Err(ReadError::Unreadable {
            file: file.to_owned(),
            why: crate::store::file::not_regular(what),
        }),
        Err(crate::store::ReadError::Io(e)) => Err(ReadError::Unreadable {
            file: file.to_owned(),
            why: e.to_string(),
        }),
    }
}

/// The history's text with `records` appended, a line each (a last line left without its
/// newline is ended first).
#[must_use]
pub fn appended(old: Option<&str>, records: &[Record]) -> String {
    let mut text = old.unwrap_or("").to_owned();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    for r in records {
        text.push_str(&r.to_line());
        text.push('\n');
    }
    text
}

/// Where the history is: the tavern's `history` file, else `history.jsonl` beside the
/// ledger.
#[must_use]
pub fn path_beside(tavern_history: Option<&Path>, ledger: &Path) -> PathBuf {
    tavern_history
        .map(Path::to_owned)
        .unwrap_or_else(|| ledger.with_file_name(FILE))
}

/// The time now, local, as a record keeps it; in the tests' builds `TAPROOM_NOW` (an
/// RFC 3339 time) stands in for the clock, so that a test can play several evenings.
#[must_use]
pub fn now() -> String {
    #[cfg(feature = "fault-injection")]
    if let Ok(t) = std::env::var("TAPROOM_NOW") {
        return t;
    }
    jiff::Zoned::now()
        .strftime("%Y-%m-%dT%H:%M:%S%:z")
        .to_string()
}
