//! `taproom history`: the campaign's record read from its file, the records asked for
//! picked out, and who watches a character now. What the record adds up to is
//! [`crate::history`]'s; laying it out is the report's.

use std::path::{Path, PathBuf};

use super::Error;
use crate::games::GameKind;
use crate::history::reputation::wary;
use crate::history::standings::{
    Champion, Filter, HeadToHead, Standing, Upset, champions, head_to_heads, standings, upsets,
};
use crate::history::{FILE, History, Record};
use crate::names::Matcher;
use crate::roster::Tavern;
use crate::wager::Currency;

/// Where `taproom history` looks when no path is given: the current folder (its
/// `history.jsonl`). The one place that says so.
#[must_use]
pub fn default_path() -> PathBuf {
    PathBuf::from(".")
}

/// The history file a path names: the file itself, or a folder's `history.jsonl`.
#[must_use]
pub fn file_of(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join(FILE)
    } else {
        path.to_owned()
    }
}

/// What the GM asks of the history.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// A history file, or a folder holding `history.jsonl` (none: [`default_path`]).
    pub path: Option<PathBuf>,
    /// The tavern file whose currency money is written in (none: gold).
    pub tavern: Option<PathBuf>,
    /// Only the matches of this character (a full name, or a part of it, as the history
    /// writes it).
    pub character: Option<String>,
    /// Only this game's matches.
    pub game: Option<GameKind>,
    /// Only matches on or after this date, `YYYY-MM-DD`.
    pub since: Option<String>,
}

/// The history as read and the records picked out.
#[derive(Clone, Debug)]
pub struct Read {
    /// The file read.
    pub file: PathBuf,
    /// Everything in it, and the lines read past.
    pub history: History,
    /// How money is written.
    pub currency: Currency,
    /// The records asked for (the character's full name in it).
    pub filter: Filter,
}

impl Read {
    /// The records that pass the filter, oldest first.
    #[must_use]
    pub fn kept(&self) -> Vec<&Record> {
        self.history
            .records
            .iter()
            .filter(|r| self.filter.keeps(r))
            .collect()
    }

    /// The records of the game and dates asked for, whoever played: what a tavern's
    /// champion is judged on (a character asked for cannot change who holds a title).
    #[must_use]
    pub fn kept_for_titles(&self) -> Vec<&Record> {
        let filter = Filter {
            character: None,
            ..self.filter.clone()
        };
        self.history
            .records
            .iter()
            .filter(|r| filter.keeps(r))
            .collect()
    }

    /// The warnings for the lines read past, each naming the file and the line.
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        self.history.warnings(&self.file)
    }
}

/// Reads the history the query names and checks what it asks for.
///
/// # Errors
/// A history file that is not there or cannot be read; a tavern file that is not valid; a
/// date that is not `YYYY-MM-DD`; a character the history does not know.
pub fn open(query: &Query) -> Result<Read, Error> {
    let since = query.since.as_deref().map(date).transpose()?;
    let currency = match &query.tavern {
        Some(file) => Tavern::load(Some(file))?.currency,
        None => Currency::GOLD,
    };
    let path = query.path.clone().unwrap_or_else(default_path);
    let file = file_of(&path);
    // A file that is not there is the GM's to fix; anything else the reader tells.
    if std::fs::metadata(&file).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Err(Error::NoHistory { file });
    }
    let history = crate::history::read(&file)?;
    let character = query
        .character
        .as_deref()
        .map(|name| who(&history, name))
        .transpose()?;
    Ok(Read {
        file,
        history,
        currency,
        filter: Filter {
            character,
            game: query.game,
            since,
        },
    })
}

/// A date as `--since` takes it.
fn date(text: &str) -> Result<String, Error> {
    let t = text.trim();
    let shaped = t.len() == 10
        && t.char_indices().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    if shaped && t.parse::<jiff::civil::Date>().is_ok() {
        Ok(t.to_owned())
    } else {
        Err(Error::Argument {
            flag: "--since",
            message: format!("--since takes a date as YYYY-MM-DD (2026-12-03), not `{text}`"),
        })
    }
}

/// Everyone the history names: players, bettors, cheats and those who caught them, in
/// the order they first appear.
#[must_use]
pub fn names(history: &History) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in &history.records {
        let named = r
            .entrants
            .iter()
            .map(|e| &e.name)
            .chain(r.money.iter().map(|m| &m.name))
            .chain(
                r.cheats
                    .iter()
                    .flat_map(|c| std::iter::once(&c.by).chain(c.caught_by.iter())),
            );
        for n in named {
            if !out.contains(n) {
                out.push(n.clone());
            }
        }
    }
    out
}

/// The full name of the one character of the history `name` picks out.
fn who(history: &History, name: &str) -> Result<String, Error> {
    let everyone = names(history);
    let matcher = Matcher::new(
        "character in the history",
        everyone.iter().map(|n| (n.as_str(), n.clone())),
    );
    Ok(matcher.find(name)?)
}

/// One watcher's eye on a character.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Watcher {
    /// Who watches.
    pub name: String,
    /// Their sightings of the character's cheating, faded over the evenings since.
    pub sightings: f64,
    /// How much harder they look at that hand: `1 + 2 × sightings`.
    pub factor: f64,
}

/// Who watches a character for cheating now, and how closely.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Reputation {
    /// The character.
    pub name: String,
    /// The tavern of their latest match (where the room's memory is reckoned).
    pub tavern: String,
    /// The evening it is reckoned on.
    pub evening: String,
    /// Everyone who watches them more closely than a stranger, the closest first.
    pub watchers: Vec<Watcher>,
}

/// How closely everyone in the history watches `name` on the evening `today`, at the
/// tavern of their latest match, from every record; `None` when they never played.
#[must_use]
pub fn reputation(history: &History, name: &str, today: &str) -> Option<Reputation> {
    let latest = history.records.iter().rev().find(|r| r.played(name))?;
    let everyone = names(history);
    let memory = wary(&history.records, &latest.tavern, &everyone, today);
    let mut watchers: Vec<Watcher> = memory
        .iter()
        .filter(|(_, cheat, _)| *cheat == name)
        .map(|(watcher, _, seen)| Watcher {
            name: watcher.to_owned(),
            sightings: seen,
            factor: 1.0 + 2.0 * seen,
        })
        .collect();
    watchers.sort_by(|a, b| {
        b.sightings
            .total_cmp(&a.sightings)
            .then(a.name.cmp(&b.name))
    });
    Some(Reputation {
        name: name.to_owned(),
        tavern: latest.tavern.clone(),
        evening: today.to_owned(),
        watchers,
    })
}

/// One evening of the history: its name and how many of the matches counted it holds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Evening {
    /// Its name, as recorded (a record naming none: its date).
    pub name: String,
    /// The matches counted that were played on it.
    pub matches: usize,
}

/// The evenings of `matches`, in the order they were first recorded (never by name).
#[must_use]
pub fn evenings(matches: &[&Record]) -> Vec<Evening> {
    let mut out: Vec<Evening> = Vec::new();
    for r in matches {
        match out.iter_mut().find(|e| e.name == r.evening_name()) {
            Some(e) => e.matches += 1,
            None => out.push(Evening {
                name: r.evening_name().to_owned(),
                matches: 1,
            }),
        }
    }
    out
}

/// What the history adds up to, for the records asked for.
#[derive(Clone, Debug)]
pub struct Summary<'a> {
    /// The records counted, oldest first.
    pub matches: Vec<&'a Record>,
    /// The evenings they were played on, in the order first recorded.
    pub evenings: Vec<Evening>,
    /// Each character's standing (with `--character`, theirs alone).
    pub standings: Vec<Standing>,
    /// Every pair that met (with `--character`, the pairs they are in).
    pub head_to_heads: Vec<HeadToHead>,
    /// The matches won against the bookie's price (with `--character`, those they won or
    /// lost).
    pub upsets: Vec<Upset>,
    /// Each game's champion at each tavern, over the game and dates asked for (with
    /// `--character`, the titles they hold).
    pub champions: Vec<Champion>,
    /// Who watches the character asked for, and how closely.
    pub reputation: Option<Reputation>,
    /// How money is written.
    pub currency: Currency,
    /// The character asked for.
    pub character: Option<String>,
}

/// Adds up the records `read` picked out; `today` is the evening a reputation is
/// reckoned on (`YYYY-MM-DD`).
#[must_use]
pub fn summary<'a>(read: &'a Read, today: &str) -> Summary<'a> {
    let matches = read.kept();
    let character = read.filter.character.clone();
    let mine = |name: &str| character.as_deref().is_none_or(|c| c == name);
    let mut standings = standings(&matches);
    standings.retain(|s| mine(&s.name));
    let mut head_to_heads = head_to_heads(&matches);
    head_to_heads.retain(|h| mine(&h.a) || mine(&h.b));
    let mut upsets = upsets(&matches);
    upsets.retain(|u| mine(&u.winner) || u.against.iter().any(|a| mine(a)));
    let mut champions = champions(&read.kept_for_titles());
    champions.retain(|c| mine(&c.name));
    let reputation = character
        .as_deref()
        .and_then(|c| reputation(&read.history, c, today));
    Summary {
        evenings: evenings(&matches),
        matches,
        standings,
        head_to_heads,
        upsets,
        champions,
        reputation,
        currency: read.currency,
        character,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_is_year_month_day_and_a_real_day() {
        assert_eq!(date("2026-12-03").unwrap(), "2026-12-03");
        for bad in [
            "2026-2-3",
            "03-12-2026",
            "2026-02-30",
            "yesterday",
            "2026/12/03",
            "",
        ] {
            assert!(date(bad).is_err(), "{bad}");
        }
    }
}
