//! What the record says of a table that has met before: told before the match (their
//! last meeting, a streak, a champion defending the title, a grudge after a cheat
//! caught) and after it (an upset avenged).
//!
//! A meeting is a recorded match with exactly the same characters at the table, in any
//! game, at any tavern; the champion is the one [`super::standings::champion`] names.

use serde::Serialize;

use super::Record;
use super::standings::{UPSET, champion};
use crate::games::GameKind;

/// One thing the record recalls about a table.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Recall {
    /// Their last meeting.
    LastMet {
        /// Its date.
        date: String,
        /// Its tavern.
        tavern: String,
        /// Its game.
        game: GameKind,
        /// Who won it (none: drawn or shared).
        winner: Option<String>,
        /// How many meetings they have had.
        meetings: usize,
    },
    /// Someone at the table has won every one of their last `length` meetings.
    Streak {
        /// Who.
        name: String,
        /// How many.
        length: usize,
    },
    /// The champion of this game at this tavern is at the table.
    Defends {
        /// Who.
        name: String,
        /// Their wins at this game here.
        wins: u32,
    },
    /// Someone at the table caught another cheating when they last did.
    Grudge {
        /// Who caught them.
        watcher: String,
        /// Who was caught.
        cheat: String,
        /// When.
        date: String,
    },
    /// The loser of an upset at their last meeting won this time.
    Avenged {
        /// Who won now.
        name: String,
        /// Who won the upset.
        upset_by: String,
        /// When.
        date: String,
    },
}

impl Recall {
    /// The line that tells it, with each character by the name `short` gives.
    #[must_use]
    pub fn words(&self, short: &mut dyn FnMut(&str) -> String) -> String {
        match self {
            Recall::LastMet {
                date,
                tavern,
                game,
                winner,
                meetings,
            } => {
                let how = match winner {
                    Some(w) => format!("{} won", short(w)),
                    None => "nobody won outright".to_owned(),
                };
                let times = match meetings {
                    1 => "They have met once before".to_owned(),
                    n => format!("They have met {n} times before"),
                };
                format!(
                    "{times}; the last time, {} at {tavern} over {}, {how}.",
                    long_date(date),
                    game.title()
                )
            }
            Recall::Streak { name, length } => {
                format!("{} has won their last {length} meetings.", short(name))
            }
            Recall::Defends { name, wins } => format!(
                "{} is the champion here ({wins} {} at this game) and defends the title.",
                short(name),
                if *wins == 1 { "win" } else { "wins" }
            ),
            Recall::Grudge {
                watcher,
                cheat,
                date,
            } => format!(
                "{} has not forgotten catching {} cheating, {}.",
                short(watcher),
                short(cheat),
                long_date(date)
            ),
            Recall::Avenged {
                name,
                upset_by,
                date,
            } => format!(
                "{} avenges the upset {}, when {} beat the odds.",
                short(name),
                long_date(date),
                short(upset_by)
            ),
        }
    }
}

/// "26 November 2026" for `2026-11-26`.
#[must_use]
pub fn long_date(date: &str) -> String {
    match date.parse::<jiff::civil::Date>() {
        Ok(d) => format!("on {}", d.strftime("%-d %B %Y")),
        Err(_) => format!("on {date}"),
    }
}

/// The earlier meetings of exactly `names`, oldest first.
#[must_use]
pub fn meetings<'a>(records: &'a [Record], names: &[String]) -> Vec<&'a Record> {
    records
        .iter()
        .filter(|r| r.entrants.len() == names.len() && names.iter().all(|n| r.played(n)))
        .collect()
}

/// What the record recalls before a match of `game` at `tavern` between `names`.
#[must_use]
pub fn before(records: &[Record], tavern: &str, game: GameKind, names: &[String]) -> Vec<Recall> {
    let met = meetings(records, names);
    let mut out = Vec::new();
    if let Some(last) = met.last() {
        out.push(Recall::LastMet {
            date: last.date().to_owned(),
            tavern: last.tavern.clone(),
            game: last.game,
            winner: last.winner().map(str::to_owned),
            meetings: met.len(),
        });
        if let Some(w) = last.winner() {
            let length = met
                .iter()
                .rev()
                .take_while(|r| r.winner() == Some(w))
                .count();
            if length >= 2 {
                out.push(Recall::Streak {
                    name: w.to_owned(),
                    length,
                });
            }
        }
    }
    let all: Vec<&Record> = records.iter().collect();
    if let Some(c) = champion(&all, tavern, game)
        && names.contains(&c.name)
    {
        out.push(Recall::Defends {
            name: c.name,
            wins: c.tally.won,
        });
    }
    // The latest catch between two of them, in any match both played.
    let catch = records.iter().rev().find_map(|r| {
        r.cheats.iter().rev().find_map(|c| {
            let w = c.caught_by.iter().find(|w| names.contains(w))?;
            names
                .contains(&c.by)
                .then(|| (w.clone(), c.by.clone(), r.date().to_owned()))
        })
    });
    if let Some((watcher, cheat, date)) = catch {
        out.push(Recall::Grudge {
            watcher,
            cheat,
            date,
        });
    }
    out
}

/// What the record recalls after the match: an upset avenged, when the last meeting of
/// `names` was won by someone the bookie gave less than [`UPSET`] and `winner` lost it.
#[must_use]
pub fn after(records: &[Record], names: &[String], winner: Option<&str>) -> Vec<Recall> {
    let Some(winner) = winner else {
        return Vec::new();
    };
    let met = meetings(records, names);
    let Some(last) = met.last() else {
        return Vec::new();
    };
    let Some(upset_by) = last.winner() else {
        return Vec::new();
    };
    let price = last.entrant(upset_by).and_then(|i| last.entrants[i].price);
    if upset_by == winner || !price.is_some_and(|p| p < UPSET) {
        return Vec::new();
    }
    vec![Recall::Avenged {
        name: winner.to_owned(),
        upset_by: upset_by.to_owned(),
        date: last.date().to_owned(),
    }]
}
