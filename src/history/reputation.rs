//! Reputations: a character caught cheating is watched more closely afterwards.
//!
//! The project's reading of "watched more closely, by those who caught them and at that
//! tavern, fading over the evenings that follow", as sightings the table's watch already
//! counts ([`crate::table::cheat::Wary`]: a watcher looks `1 + 2 × sightings` times as
//! hard at that hand):
//!
//! * each time a watcher caught a hand cheating (saw it, or rightly accused it), that
//!   watcher carries one sighting of that hand, wherever they meet again;
//! * at the tavern where it happened, everyone else carries [`TAVERN_SHARE`] of a
//!   sighting for each catch: the story goes round the room;
//! * each sighting fades by half ([`FADE`]) for every evening recorded since (an evening
//!   is a night's run, or a day of single matches): a catch earlier this evening counts
//!   whole, last evening's half, a month of evenings ago next to nothing. Below
//!   [`FORGOTTEN`] a memory is dropped.

use crate::table::cheat::Wary;

use super::Record;

/// What one catch is worth, at the tavern where it happened, to everyone who did not
/// make it.
pub const TAVERN_SHARE: f64 = 0.5;

/// What a sighting keeps of itself for each evening that follows.
pub const FADE: f64 = 0.5;

/// A memory fainter than this is forgotten.
pub const FORGOTTEN: f64 = 0.01;

/// The evenings of `records` in order of their first match, then `current` if it is not
/// one of them.
#[must_use]
pub fn evenings<'a>(records: &'a [Record], current: &'a str) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for r in records {
        if !out.contains(&r.evening.as_str()) {
            out.push(&r.evening);
        }
    }
    if !out.contains(&current) {
        out.push(current);
    }
    out
}

/// What the table of `names` at `tavern`, on the evening `current`, remembers of the
/// cheats caught in `records`: each watcher's sightings of each hand, faded.
#[must_use]
pub fn wary(records: &[Record], tavern: &str, names: &[String], current: &str) -> Wary {
    let order = evenings(records, current);
    let index = |e: &str| order.iter().position(|x| *x == e).unwrap_or(0);
    let now = index(current);
    let mut out = Wary::default();
    for r in records {
        let age = now.saturating_sub(index(&r.evening));
        let fade = FADE.powi(i32::try_from(age).unwrap_or(i32::MAX));
        for c in r.cheats.iter().filter(|c| c.caught()) {
            if !names.contains(&c.by) {
                continue;
            }
            for w in names.iter().filter(|w| **w != c.by) {
                let share = if c.caught_by.contains(w) {
                    1.0
                } else if r.tavern == tavern {
                    TAVERN_SHARE
                } else {
                    0.0
                };
                out.add(w, &c.by, share * fade);
            }
        }
    }
    out.forgetting(FORGOTTEN)
}
