//! What the record adds up to: standings per character (and per game), head-to-heads,
//! streaks, the biggest upsets by the bookie's price, and each game's champion at each
//! tavern.
//!
//! A match counts as **won** by its sole winner, **drawn** for everyone when nobody won
//! it or for those who shared it, and **lost** by everyone else who played. Money counts
//! for everyone whose purse it moved, players or not.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Record;
use crate::games::GameKind;

/// How one match went for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Result {
    /// Won it alone.
    Won,
    /// Lost it.
    Lost,
    /// Nobody won, or they shared the win.
    Drawn,
}

impl Record {
    /// How the match went for `name`, if they played.
    #[must_use]
    pub fn result(&self, name: &str) -> Option<Result> {
        if !self.played(name) {
            return None;
        }
        Some(if self.won_alone(name) {
            Result::Won
        } else if self.winners.is_empty() || self.winners.iter().any(|w| w == name) {
            Result::Drawn
        } else {
            Result::Lost
        })
    }
}

/// Which records to count.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Only matches this character played in, or whose money moved their purse.
    pub character: Option<String>,
    /// Only this game's.
    pub game: Option<GameKind>,
    /// Only matches on or after this date (`YYYY-MM-DD`).
    pub since: Option<String>,
}

impl Filter {
    /// Whether `r` counts.
    #[must_use]
    pub fn keeps(&self, r: &Record) -> bool {
        self.game.is_none_or(|g| r.game == g)
            && self.since.as_deref().is_none_or(|d| r.date() >= d)
            && self
                .character
                .as_deref()
                .is_none_or(|c| r.played(c) || r.money.iter().any(|m| m.name == c))
    }
}

/// Matches played, won, lost and drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Played.
    pub played: u32,
    /// Won alone.
    pub won: u32,
    /// Lost.
    pub lost: u32,
    /// Drawn or shared.
    pub drawn: u32,
}

impl Tally {
    fn count(&mut self, result: Result) {
        self.played += 1;
        match result {
            Result::Won => self.won += 1,
            Result::Lost => self.lost += 1,
            Result::Drawn => self.drawn += 1,
        }
    }

    /// The share of matches played that were won (0 when none were played).
    #[must_use]
    pub fn win_share(&self) -> f64 {
        if self.played == 0 {
            0.0
        } else {
            f64::from(self.won) / f64::from(self.played)
        }
    }
}

/// A run of the same result, most recent last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Streak {
    /// Won, lost or drawn.
    pub result: Result,
    /// How many matches in a row.
    pub length: u32,
}

/// One character's standing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The full name.
    pub name: String,
    /// Matches played, won, lost, drawn.
    #[serde(flatten)]
    pub tally: Tally,
    /// Won as a share of played.
    pub win_share: f64,
    /// Money won (positive) or lost, in copper pieces, across every match counted.
    pub net_cp: i128,
    /// Times caught cheating.
    pub cheats_caught: u32,
    /// Cheats nobody caught (for the GM's eyes).
    pub cheats_unseen: u32,
    /// The run they are on now (none before their first match).
    pub streak: Option<Streak>,
    /// Their longest run of wins.
    pub best_streak: u32,
    /// Each game they played, tallied.
    pub games: BTreeMap<GameKind, Tally>,
}

/// The standings of everyone in `records`: by matches won, then win share, then money,
/// then name.
#[must_use]
pub fn standings(records: &[&Record]) -> Vec<Standing> {
    let mut by_name: BTreeMap<String, Standing> = BTreeMap::new();
    let entry = |by_name: &mut BTreeMap<String, Standing>, name: &str| {
        if !by_name.contains_key(name) {
            by_name.insert(
                name.to_owned(),
                Standing {
                    name: name.to_owned(),
                    tally: Tally::default(),
                    win_share: 0.0,
                    net_cp: 0,
                    cheats_caught: 0,
                    cheats_unseen: 0,
                    streak: None,
                    best_streak: 0,
                    games: BTreeMap::new(),
                },
            );
        }
    };
    for r in records {
        for e in &r.entrants {
            entry(&mut by_name, &e.name);
            let s = by_name.get_mut(&e.name).expect("just entered");
            let result = r.result(&e.name).expect("an entrant played");
            s.tally.count(result);
            s.games.entry(r.game).or_default().count(result);
            s.streak = Some(match s.streak {
                Some(st) if st.result == result => Streak {
                    result,
                    length: st.length + 1,
                },
                _ => Streak { result, length: 1 },
            });
            if result == Result::Won {
                s.best_streak = s.best_streak.max(s.streak.map_or(0, |st| st.length));
            }
        }
        for m in &r.money {
            entry(&mut by_name, &m.name);
            let s = by_name.get_mut(&m.name).expect("just entered");
            s.net_cp = s.net_cp.saturating_add(m.net_cp());
        }
        for c in &r.cheats {
            entry(&mut by_name, &c.by);
            let s = by_name.get_mut(&c.by).expect("just entered");
            if c.caught() {
                s.cheats_caught += 1;
            } else {
                s.cheats_unseen += 1;
            }
        }
    }
    let mut out: Vec<Standing> = by_name
        .into_values()
        .map(|mut s| {
            s.win_share = s.tally.win_share();
            s
        })
        .collect();
    out.sort_by(|a, b| {
        b.tally
            .won
            .cmp(&a.tally.won)
            .then(b.win_share.total_cmp(&a.win_share))
            .then(b.net_cp.cmp(&a.net_cp))
            .then(a.name.cmp(&b.name))
    });
    out
}

/// Two characters' meetings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeadToHead {
    /// One of them (the first in name order).
    pub a: String,
    /// The other.
    pub b: String,
    /// Matches both played in.
    pub met: u32,
    /// Won by `a` alone.
    pub a_won: u32,
    /// Won by `b` alone.
    pub b_won: u32,
}

/// Every pair that met, most meetings first.
#[must_use]
pub fn head_to_heads(records: &[&Record]) -> Vec<HeadToHead> {
    let mut pairs: BTreeMap<(String, String), HeadToHead> = BTreeMap::new();
    for r in records {
        let mut names: Vec<&str> = r.entrants.iter().map(|e| e.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        for (i, a) in names.iter().enumerate() {
            for b in &names[i + 1..] {
                let h = pairs
                    .entry(((*a).to_owned(), (*b).to_owned()))
                    .or_insert_with(|| HeadToHead {
                        a: (*a).to_owned(),
                        b: (*b).to_owned(),
                        met: 0,
                        a_won: 0,
                        b_won: 0,
                    });
                h.met += 1;
                if r.won_alone(a) {
                    h.a_won += 1;
                } else if r.won_alone(b) {
                    h.b_won += 1;
                }
            }
        }
    }
    let mut out: Vec<HeadToHead> = pairs.into_values().collect();
    out.sort_by(|x, y| y.met.cmp(&x.met).then(x.a.cmp(&y.a)).then(x.b.cmp(&y.b)));
    out
}

/// A match won against the bookie's price.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Upset {
    /// The winner.
    pub winner: String,
    /// The bookie's chance of their winning.
    pub price: f64,
    /// When (as recorded).
    pub at: String,
    /// Where.
    pub tavern: String,
    /// The game.
    pub game: GameKind,
    /// Everyone else at the table.
    pub against: Vec<String>,
    /// The seed.
    pub seed: u64,
}

/// A win at a chance below this is an upset.
pub const UPSET: f64 = 0.4;

/// The matches won by someone the bookie gave less than [`UPSET`], least likely first.
#[must_use]
pub fn upsets(records: &[&Record]) -> Vec<Upset> {
    let mut out: Vec<Upset> = records
        .iter()
        .filter_map(|r| {
            let w = r.winner()?;
            let price = r.entrants[r.entrant(w)?].price?;
            (price < UPSET).then(|| Upset {
                winner: w.to_owned(),
                price,
                at: r.at.clone(),
                tavern: r.tavern.clone(),
                game: r.game,
                against: r
                    .entrants
                    .iter()
                    .filter(|e| e.name != w)
                    .map(|e| e.name.clone())
                    .collect(),
                seed: r.seed,
            })
        })
        .collect();
    out.sort_by(|a, b| a.price.total_cmp(&b.price).then(a.at.cmp(&b.at)));
    out
}

/// A game's champion at a tavern.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Champion {
    /// The tavern.
    pub tavern: String,
    /// The game.
    pub game: GameKind,
    /// The champion.
    pub name: String,
    /// Their matches at that game there.
    #[serde(flatten)]
    pub tally: Tally,
}

/// The champion of `game` at `tavern`: whoever has won the most matches of it there;
/// between equals, the one who lost fewer, then the one whose last win came later. None
/// before anyone has won one.
#[must_use]
pub fn champion(records: &[&Record], tavern: &str, game: GameKind) -> Option<Champion> {
    let mut tallies: BTreeMap<&str, (Tally, usize)> = BTreeMap::new();
    for (i, r) in records
        .iter()
        .enumerate()
        .filter(|(_, r)| r.tavern == tavern && r.game == game)
    {
        for e in &r.entrants {
            let t = tallies.entry(&e.name).or_default();
            let result = r.result(&e.name).expect("an entrant played");
            t.0.count(result);
            if result == Result::Won {
                t.1 = i;
            }
        }
    }
    tallies
        .into_iter()
        .filter(|(_, (t, _))| t.won > 0)
        .max_by(|(_, (x, xi)), (_, (y, yi))| {
            x.won.cmp(&y.won).then(y.lost.cmp(&x.lost)).then(xi.cmp(yi))
        })
        .map(|(name, (tally, _))| Champion {
            tavern: tavern.to_owned(),
            game,
            name: name.to_owned(),
            tally,
        })
}

/// Every game's champion at every tavern in `records`, by tavern then game.
#[must_use]
pub fn champions(records: &[&Record]) -> Vec<Champion> {
    let mut seen: Vec<(&str, GameKind)> = records
        .iter()
        .map(|r| (r.tavern.as_str(), r.game))
        .collect();
    seen.sort();
    seen.dedup();
    seen.into_iter()
        .filter_map(|(t, g)| champion(records, t, g))
        .collect()
}
