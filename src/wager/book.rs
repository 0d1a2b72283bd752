//! The bookie's book of the regulars: for every table of the characters built into
//! taproom in the default formats (every pairing in every game, and the Piç tables of
//! three, four and five the project's audit plays), the count of every market over
//! thousands of matches played for real by `play`'s own players, built into the binary
//! (`data/prices.json`, written by `examples/tools/price_book.rs`).
//!
//! A table is known by what changes how it plays, never by names: the game, each
//! entrant's skill, temperament, honesty and eye at it, in order, the format and the
//! draw cap; tables under house rules, a tavern's own cheat rule or an evening's memory of
//! cheats are not in the book. A table whose first turn is a fair lot among the entrants
//! plays alike whichever of them is named first, so the book finds it under any rotation
//! of the order named.
//!
//! The book holds the fingerprint of the players it was counted from: a hash of a few
//! seeded matches (see `ops::book::fingerprint`). A test plays them again and fails when the
//! players have changed since, so the book is never older than the play it prices.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::market::{Market, Scope, Selection};
use super::simulate::Observed;
use crate::ai::Skill;
use crate::games::GameKind;
use crate::table::{Entrant, Format};

const DATA: &str = include_str!("../../data/prices.json");

/// One table of the book: its key, how many matches it counted, and the counts of its
/// markets.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Page {
    /// The table, as [`key`] writes it.
    pub key: String,
    /// The game.
    pub game: GameKind,
    /// How many sit at it.
    pub players: usize,
    /// How many matches were counted.
    pub sims: u64,
    /// Every market counted, with its counts.
    pub counts: Vec<Counts>,
}

/// One market's counts, as the book keeps them (its selections follow from the market,
/// the game and the table).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Counts {
    /// The market.
    pub market: Market,
    /// How often each selection came out on top alone.
    pub outright: Vec<u64>,
    /// Each selection's wins in 60ths, when a dead heat made them differ from
    /// `outright`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shares: Option<Vec<u64>>,
    /// Dead heats.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dead_heats: u64,
    /// Pushes.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub push: u64,
    /// Matches where it was never put.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub void: u64,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Counts {
    /// What the book keeps of `o`.
    #[must_use]
    pub fn of(o: &Observed) -> Counts {
        let plain: Vec<u64> = o
            .outright
            .iter()
            .map(|c| c * super::simulate::UNIT)
            .collect();
        Counts {
            market: o.market,
            outright: o.outright.clone(),
            shares: (plain != o.shares).then(|| o.shares.clone()),
            dead_heats: o.dead_heats,
            push: o.push,
            void: o.void,
        }
    }

    /// The counts again, over `sims` matches of `kind` at a table of `players`.
    ///
    /// Pages counted before a forfeit was a way of ending to bet on count each game's own
    /// ends only; every match they leave out of an end market ended by forfeit (the one way
    /// of ending they did not list), and is put back under it.
    #[must_use]
    pub fn observed(&self, kind: GameKind, players: usize, sims: u64) -> Observed {
        let selections = super::simulate::selections(self.market, kind, players);
        let mut outright = self.outright.clone();
        let mut shares = self.shares.clone().unwrap_or_else(|| {
            self.outright
                .iter()
                .map(|c| c * super::simulate::UNIT)
                .collect()
        });
        if outright.len() + 1 == selections.len() && matches!(self.market, Market::End { .. }) {
            let rest = sims.saturating_sub(
                outright.iter().sum::<u64>() + self.dead_heats + self.push + self.void,
            );
            outright.push(rest);
            shares.push(rest * super::simulate::UNIT);
        }
        outright.resize(selections.len(), 0);
        shares.resize(selections.len(), 0);
        Observed {
            market: self.market,
            selections,
            sims,
            outright,
            shares,
            dead_heats: self.dead_heats,
            push: self.push,
            void: self.void,
        }
    }
}

/// The book.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Book {
    /// The fingerprint of the players the book was counted from (`ops::book::fingerprint`).
    pub fingerprint: String,
    /// How the book was written.
    pub written_by: String,
    /// Its tables.
    pub pages: Vec<Page>,
    #[serde(skip)]
    index: HashMap<String, usize>,
}

/// The entrant's part of a table's key.
fn entrant_key(e: &Entrant) -> String {
    let skill = match e.skill {
        Skill::Baseline => "baseline".to_owned(),
        Skill::Level(n) => n.to_string(),
    };
    format!("{skill} {} h{} e{}", e.temperament.word(), e.honesty, e.eye)
}

/// A table's key: `tides-of-war | best of 3 | draw cap 5 | 8 cautious h8 e7, ...`.
#[must_use]
pub fn key(kind: GameKind, entrants: &[Entrant], format: Format, draw_cap: u32) -> String {
    let who: Vec<String> = entrants.iter().map(entrant_key).collect();
    format!(
        "{} | {format} | draw cap {draw_cap} | {}",
        kind.id(),
        who.join(", ")
    )
}

/// Every market a table takes that the book counts: the match, each game, every tally
/// in each game and over the match, how each game and the match end, who is caught and
/// whether anyone is, in each game and over the match, for games numbered up to `games`.
/// (The first turn is worked out exactly from the rules.)
#[must_use]
pub fn markets(kind: GameKind, games: u32) -> Vec<Market> {
    let scopes: Vec<Scope> = std::iter::once(Scope::Match)
        .chain((1..=games).map(Scope::Game))
        .collect();
    let mut out = vec![Market::Match];
    out.extend((1..=games).map(|number| Market::Game { number }));
    for &scope in &scopes {
        out.extend(
            kind.facts()
                .tallies
                .iter()
                .map(|&tally| Market::Most { tally, scope }),
        );
        out.push(Market::End { scope });
        out.push(Market::Caught { scope });
        out.push(Market::AnyoneCaught { scope });
    }
    out
}

/// The most games a match of `format` among `players` can run to (every draw and every
/// extra game of a shared lead replayed up to the cap).
#[must_use]
pub fn most_games(format: Format, players: usize, draw_cap: u32) -> u32 {
    format.length(players) + 2 * (draw_cap + 1)
}

/// Whether a table of `kind` plays alike under any rotation of the order its entrants are
/// named in: when its first turn is a fair lot among them.
fn rotates(kind: GameKind, players: usize) -> bool {
    let odds = crate::games::with_game!(kind, G => {
        <G as crate::games::Tableside>::first_turn_odds(players)
    });
    odds.iter()
        .all(|&p| (p - 1.0 / players as f64).abs() < 1e-12)
}

/// `observed` for entrants named in another order: entrant `j` of the book's order is
/// entrant `map[j]` of the order asked for.
fn reorder(observed: &Observed, map: &[usize]) -> Observed {
    let mut out = observed.clone();
    for (k, sel) in observed.selections.iter().enumerate() {
        if let Selection::Entrant(j) = *sel
            && let Some(&to) = map.get(j)
            && let Some(at) = observed
                .selections
                .iter()
                .position(|&s| s == Selection::Entrant(to))
        {
            out.outright[at] = observed.outright[k];
            out.shares[at] = observed.shares[k];
        }
    }
    out
}

impl Book {
    /// A book with no pages yet, counted from the players of `fingerprint`, written by
    /// the command `written_by`.
    #[must_use]
    pub fn new(fingerprint: String, written_by: String) -> Book {
        Book {
            fingerprint,
            written_by,
            ..Book::default()
        }
    }

    /// The book built into taproom.
    ///
    /// # Panics
    /// Never for a release: a test reads the built-in file.
    #[must_use]
    pub fn built_in() -> &'static Book {
        static BOOK: std::sync::OnceLock<Book> = std::sync::OnceLock::new();
        BOOK.get_or_init(|| {
            let mut book: Book = serde_json::from_str(DATA)
                .unwrap_or_else(|e| panic!("the built-in data/prices.json is broken: {e}"));
            book.index_pages();
            book
        })
    }

    /// Indexes the pages by key.
    pub fn index_pages(&mut self) {
        self.index = self
            .pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.key.clone(), i))
            .collect();
    }

    /// The counts of `markets` for a match of `game` between `entrants` (in the order
    /// named) in `format` under `draw_cap`, when the book holds its table: each market's
    /// counts (a game the book never saw played is void in every match), in the order
    /// asked for, with the entrants in the order given. The book counts the default
    /// tavern only: a caller asks it of no table under house rules, a tavern's own cheat
    /// rule or an evening's memory of cheats.
    #[must_use]
    pub fn lookup(
        &self,
        game: GameKind,
        entrants: &[Entrant],
        format: Format,
        draw_cap: u32,
        markets: &[Market],
    ) -> Option<Vec<Observed>> {
        let n = entrants.len();
        let turns = if rotates(game, n) { n } else { 1 };
        (0..turns).find_map(|r| {
            // The book's order, rotated by `r`: its entrant j is the caller's (j + r) % n.
            let rotated: Vec<Entrant> = (0..n).map(|j| entrants[(j + r) % n].clone()).collect();
            let page = &self.pages[*self.index.get(&key(game, &rotated, format, draw_cap))?];
            let map: Vec<usize> = (0..n).map(|j| (j + r) % n).collect();
            Some(
                markets
                    .iter()
                    .map(|&m| match page.counts.iter().find(|c| c.market == m) {
                        Some(c) => reorder(&c.observed(page.game, n, page.sims), &map),
                        None => Observed::never(m, game, n, page.sims),
                    })
                    .collect(),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every page's counts add up: in each market, outright wins, dead heats, pushes and
    /// voids account for every match (the yes-or-no cheat markets aside).
    #[test]
    fn every_page_adds_up() {
        for page in &Book::built_in().pages {
            let sims = page.sims;
            assert!(sims >= 400, "{}: {sims} matches", page.key);
            for c in &page.counts {
                let o = c.observed(page.game, page.players, sims);
                if !o.market.is_cheating() {
                    let total: u64 =
                        o.outright.iter().sum::<u64>() + o.dead_heats + o.push + o.void;
                    assert_eq!(total, sims, "{}: {:?}", page.key, o.market);
                }
            }
        }
    }
}
