//! The bookie's measured model: how play's own players fare at each game, fitted from
//! thousands of real games (`examples/tools/fit_bookie.rs` writes `data/bookie.json`), and the
//! chances of every market of a match that follow from it, worked out by imagining the
//! match many times over, game by game, as `play` plays it.
//!
//! One game is imagined in three steps:
//!
//! 1. **The cheats.** Each seat of honesty below 10 tries a number of cheats drawn from a
//!    Poisson law whose rate the fit measured as a function of its honesty and of the
//!    chance it would be seen ([`CheatModel`]), and no more than the willingness drawn for
//!    it at the start of the match (as the table draws it). Each try is seen by each other
//!    seat with the table's own chance ([`crate::table::cheat`]), at a boldness the fit
//!    measured, with every suspicion the table keeps: earlier tries by the same hand,
//!    sightings earlier in the match and the evening. Where the custom is to forfeit the
//!    game, the first try seen ends it.
//! 2. **Who wins.** A player's strength at a game is a term for their skill level plus one
//!    for their temperament, on the log-odds scale, plus what each cheat that stood is
//!    worth and less what each one seen cost (where it does not forfeit the game). A game
//!    between two seats is an ordered logit: with `d` the first seat's strength plus its
//!    edge less the second's, the first seat wins with chance `σ(d − θ)`, the second with
//!    `σ(−d − θ)`, and the rest is a drawn game, `θ` growing with the players' mean level.
//!    Level against level: `d` also holds a term on the gap between their levels,
//!    [`level_gap`], so that a wide gap decides more than the steps between add up to (at
//!    Tides of War a level 3 wins 2 to 4% of games against a level 7, by temperament,
//!    where a strength for each level alone, fitted to the same games, gave 5 to 8%).
//!    A Piç table of three to five is a multinomial logit with seat edges (and terms of
//!    its own: a table of many plays otherwise than a table of two), and a win shared
//!    with the chance measured at that size.
//! 3. **How it went.** The way it ended and every tally come from a real game of the fit
//!    of the same kind (won, drawn, shared or forfeit) and about as lopsided (by the
//!    winner's chance, in [`band`]s) and cheated in or not as this one was, its seats
//!    matched by role: the winners, then the others from the strongest down ([`Bank`]).
//!
//! The match around the games is run as `play` runs it ([`crate::table::Flow`]), and every
//! market is settled on each imagined match by the very code that settles bets
//! ([`super::market::Played`]). Imagining is seeded from the table itself, so a table has
//! one price on every machine.
//!
//! The 95% range of a chance comes from the model's own measured error: the fit measured
//! how far its chances for groups of like pairings stray from what was played, beyond
//! sampling noise, and that spread (in strength units, `spread`) is added to and taken
//! from each entrant's strength in turn to give the ends of the range.

pub mod fit;
mod sim;

#[cfg(test)]
mod exact;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::market::Market;
use super::simulate::MarketEstimate;
use crate::ai::{Skill, Temperament};
use crate::games::{End, GameKind, OnCheat};
use crate::table::{Entrant, Format};

pub use sim::imagine;

const DATA: &str = include_str!("../../../data/bookie.json");

/// What the model knows of a player at a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// Their skill (written 0 for the baseline, else the level).
    #[serde(with = "skill_number")]
    pub skill: Skill,
    /// Their temperament.
    pub temperament: Temperament,
    /// Their honesty, 0 to 10.
    pub honesty: u8,
    /// Their eye for a cheat, 0 to 10.
    pub eye: u8,
}

/// A skill as a number: 0 for the baseline, else the level.
mod skill_number {
    use crate::ai::Skill;
    use serde::{Deserialize, Deserializer, Serializer};

    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub fn serialize<S: Serializer>(skill: &Skill, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(match *skill {
            Skill::Baseline => 0,
            Skill::Level(n) => n,
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Skill, D::Error> {
        Ok(match u8::deserialize(d)? {
            0 => Skill::Baseline,
            n => Skill::Level(n.min(10)),
        })
    }
}

impl Profile {
    /// An entrant as the model sees them.
    #[must_use]
    pub fn of(e: &Entrant) -> Profile {
        Profile {
            skill: e.skill,
            temperament: e.temperament,
            honesty: e.honesty,
            eye: e.eye,
        }
    }

    /// Their rough level (the baseline plays about as a level 5).
    #[must_use]
    pub fn level(&self) -> f64 {
        f64::from(self.skill.rough_level())
    }
}

/// Strengths by skill and temperament, and each seat's edge.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Strengths {
    /// By skill: the baseline first, then levels 1 to 10.
    pub levels: [f64; 11],
    /// By temperament, in [`Temperament::ALL`]'s order.
    pub temperaments: [f64; 5],
    /// Each seat's edge, by table size from two (seat 0 moves first).
    pub seats: Vec<Vec<f64>>,
}

impl Strengths {
    /// A player's strength.
    #[must_use]
    pub fn strength(&self, p: &Profile) -> f64 {
        let level = match p.skill {
            Skill::Baseline => self.levels[0],
            Skill::Level(n) => self.levels[usize::from(n.clamp(1, 10))],
        };
        let t = Temperament::ALL
            .iter()
            .position(|&t| t == p.temperament)
            .unwrap_or(1);
        level + self.temperaments[t]
    }

    /// The edge of `seat` at a table of `players`.
    #[must_use]
    pub fn edge(&self, players: usize, seat: usize) -> f64 {
        self.seats
            .get(players.saturating_sub(2))
            .and_then(|s| s.get(seat))
            .copied()
            .unwrap_or(0.0)
    }
}

/// How often a player cheats and what a cheat is worth, at one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CheatModel {
    /// The boldness of a typical try, as the table's chance of being seen reads it.
    pub look: f64,
    /// The log-rate of tries a game: `rate · [1, honesty 0, ln appetite, risk, risk past
    /// nerve, 1 when past nerve]`, with `risk` the chance a typical try would be seen and
    /// the nerve the most risk the honesty takes (the table never takes more: only tries
    /// less plain than the typical one pass it, and the last two terms let the fit say how
    /// few).
    pub rate: [f64; 6],
    /// The strength a cheat that stood adds, for the rest of the game.
    pub stood: f64,
    /// The strength a cheat seen costs where it does not forfeit the game.
    pub caught: f64,
}

impl CheatModel {
    /// The chance that a try by `level` is seen by anyone of `eyes` (each with their
    /// sightings of this hand), after `tries` earlier tries this match.
    #[must_use]
    pub fn risk(&self, level: u8, eyes: &[(u8, f64)], tries: u32) -> f64 {
        1.0 - eyes
            .iter()
            .map(|&(eye, seen)| 1.0 - self.seen_by(level, eye, seen, tries))
            .product::<f64>()
    }

    /// The chance that one watcher of `eye`, who has seen this hand `seen` times, sees a
    /// try by `level` after `tries` earlier tries.
    #[must_use]
    pub fn seen_by(&self, level: u8, eye: u8, seen: f64, tries: u32) -> f64 {
        use crate::table::cheat::{PER_ATTEMPT, PER_SIGHTING, seen_chance, watched};
        let p0 = seen_chance(self.look as f32, eye, level);
        let m = (1.0 + PER_ATTEMPT * f64::from(tries)) * (1.0 + PER_SIGHTING * seen);
        watched(p0, m)
    }

    /// The features of the rate of tries for a player of `honesty` facing `risk`.
    #[must_use]
    pub fn features(honesty: u8, risk: f64) -> [f64; 6] {
        use crate::table::cheat::{NERVE, appetite};
        let nerve = NERVE * (1.0 - f64::from(honesty.min(10)) / 10.0);
        let app = if honesty == 0 {
            0.0
        } else {
            appetite(honesty).ln()
        };
        [
            1.0,
            f64::from(u8::from(honesty == 0)),
            app,
            risk,
            (risk - nerve).max(0.0),
            f64::from(u8::from(risk > nerve)),
        ]
    }

    /// The expected tries in a game by a player of `honesty` facing `risk`.
    #[must_use]
    pub fn tries(&self, honesty: u8, risk: f64) -> f64 {
        if honesty >= 10 {
            return 0.0;
        }
        let x = Self::features(honesty, risk);
        let eta: f64 = self.rate.iter().zip(x).map(|(w, v)| w * v).sum();
        eta.clamp(-30.0, 5.0).exp()
    }
}

/// A real game's result, kept for its shape: how it ended and each seat's tallies, the
/// seats in role order (the winners, the one who forfeited, then the others from the
/// strongest down; a drawn game's from the strongest down).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Banked {
    /// How it ended.
    pub end: End,
    /// Each seat's tallies, in the game's order of tallies.
    pub tallies: Vec<Vec<i64>>,
}

/// What kind of game a banked one was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// One winner.
    Won,
    /// Nobody won.
    Drawn,
    /// Several shared the win.
    Shared,
    /// A cheat seen forfeited it.
    Forfeit,
}

/// The real games of one table size, by kind, by whether anyone tried a cheat in them,
/// and by how lopsided (the [`band`] of the winner's chance).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Bank {
    /// How many sat at them.
    pub players: usize,
    /// The shelves.
    pub shelves: Vec<Shelf>,
}

/// The real games of one kind, cheated in or not, of one band.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shelf {
    /// What kind of game.
    pub kind: Kind,
    /// Whether anyone tried a cheat (a cheat changes the tallies as well as the winner: at
    /// Tides of War, between players three levels or more apart, the winner of an honest
    /// game made more captures in 96% of them, of a game with cheats in 78%).
    pub cheats: bool,
    /// The band of the winner's chance.
    pub band: u8,
    /// The games.
    pub games: Vec<Banked>,
}

impl Bank {
    /// The games of `kind` and `cheats` nearest `band` (that band, else the nearest with
    /// any; else the nearest of the other `cheats`).
    #[must_use]
    pub fn shelf(&self, kind: Kind, cheats: bool, band: u8) -> Option<&[Banked]> {
        self.shelves
            .iter()
            .filter(|s| s.kind == kind && !s.games.is_empty())
            .min_by_key(|s| (s.cheats != cheats, s.band.abs_diff(band)))
            .map(|s| s.games.as_slice())
    }
}

/// Where a banked game is shelved by its winner's chance: in fifths, 0 to 4.
#[must_use]
pub fn band(chance: f64) -> u8 {
    ((chance * 5.0) as u8).min(4)
}

/// One game's fitted model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameModel {
    /// How many real games it was fitted from.
    pub games: u32,
    /// Strengths at a table of two.
    pub two: Strengths,
    /// Strengths at a table of three to five (Piç).
    pub more: Option<Strengths>,
    /// The draw threshold `θ = softplus(draw[0] + draw[1] × (mean level − 5.5) / 4.5)`.
    pub draw: [f64; 2],
    /// Level against level at a table of two: the first seat's edge grows by `gap ×`
    /// [`level_gap`] of the two players' levels.
    #[serde(default)]
    pub gap: f64,
    /// The chance of a shared win, by table size from two.
    pub shared: Vec<f64>,
    /// Cheats, by the rule a cheat seen suffers (the game's own custom first).
    pub cheats: Vec<(OnCheat, CheatModel)>,
    /// The model's measured error, in strength units: half the width of a 95% range.
    pub spread: f64,
    /// Real games' shapes, by table size.
    pub banks: Vec<Bank>,
}

impl GameModel {
    /// The strengths for a table of `players`.
    #[must_use]
    pub fn strengths(&self, players: usize) -> &Strengths {
        match (&self.more, players) {
            (Some(more), n) if n > 2 => more,
            _ => &self.two,
        }
    }

    /// How cheats go under `rule` (the game's custom where the fit measured no other, and
    /// always at a game whose own rules punish a cheat).
    ///
    /// # Panics
    /// Never for a fitted model: it holds at least the custom's.
    #[must_use]
    pub fn cheat_for(&self, kind: GameKind, rule: OnCheat) -> &CheatModel {
        let rule = if kind.facts().rule_two {
            kind.facts().on_cheat
        } else {
            rule
        };
        self.cheats
            .iter()
            .find(|(r, _)| *r == rule)
            .or_else(|| self.cheats.first())
            .map(|(_, c)| c)
            .expect("a fitted model knows its custom's cheats")
    }

    /// The bank of a table size.
    #[must_use]
    pub fn bank(&self, players: usize) -> Option<&Bank> {
        self.banks.iter().find(|b| b.players == players)
    }

    /// The chance of each seat winning a game alone, and of a drawn game, for players of
    /// `strengths` (cheats and any shift included, edges not) and `levels`, in seat order.
    #[must_use]
    pub fn outcome(&self, strengths: &[f64], levels: &[f64]) -> (Vec<f64>, f64) {
        let n = strengths.len();
        let s = self.strengths(n);
        if n == 2 {
            let d = strengths[0] + s.edge(2, 0) - strengths[1] - s.edge(2, 1)
                + self.gap * level_gap(levels[0], levels[1]);
            let mean = (levels[0] + levels[1]) / 2.0;
            let theta = softplus(self.draw[0] + self.draw[1] * (mean - 5.5) / 4.5);
            let a = sigmoid(d - theta);
            let b = sigmoid(-d - theta);
            return (vec![a, b], (1.0 - a - b).max(0.0));
        }
        let top = (0..n)
            .map(|i| strengths[i] + s.edge(n, i))
            .fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = (0..n)
            .map(|i| (strengths[i] + s.edge(n, i) - top).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        (weights.iter().map(|w| w / total).collect(), 0.0)
    }
}

/// The coefficients of every game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Models {
    /// How the file was written.
    pub written_by: String,
    /// By game.
    pub games: BTreeMap<GameKind, GameModel>,
}

impl Models {
    /// The model built into taproom.
    ///
    /// # Panics
    /// Never for a release: a test reads the built-in file.
    #[must_use]
    pub fn built_in() -> &'static Models {
        static MODELS: std::sync::OnceLock<Models> = std::sync::OnceLock::new();
        MODELS.get_or_init(|| {
            serde_json::from_str(DATA)
                .unwrap_or_else(|e| panic!("the built-in data/bookie.json is broken: {e}"))
        })
    }

    /// One game's model, when it has been fitted.
    #[must_use]
    pub fn game(&self, kind: GameKind) -> Option<&GameModel> {
        self.games.get(&kind)
    }
}

/// Level against level: for players of rough levels `first` and `second`, `Δ × |Δ| / 10`
/// with `Δ = first − second`, the term whose weight the fit measures ([`GameModel::gap`]):
/// nothing between equals, little between neighbours, more than the steps between add up
/// to at a wide gap.
#[must_use]
pub fn level_gap(first: f64, second: f64) -> f64 {
    let d = first - second;
    d * d.abs() / 10.0
}

/// `ln(1 + e^x)`, the draw threshold's link, never negative.
#[must_use]
pub fn softplus(x: f64) -> f64 {
    if x > 30.0 { x } else { x.exp().ln_1p() }
}

/// The logistic function.
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// A match the model prices: the game, who sits down (in the order named), the format,
/// the draw cap, what a cheat seen suffers, and who has seen whom cheat before (by
/// entrant: `wary[watcher][cheat]`).
#[derive(Clone, Debug)]
pub struct Table {
    /// The game.
    pub kind: GameKind,
    /// The players, in the order named.
    pub players: Vec<Profile>,
    /// The format.
    pub format: Format,
    /// The draw cap.
    pub draw_cap: u32,
    /// What a cheat seen suffers at this game.
    pub on_cheat: OnCheat,
    /// Earlier sightings, `wary[watcher][cheat]`.
    pub wary: Vec<Vec<f64>>,
}

/// How many matches the model imagines for a price, and for each end of a range.
pub const IMAGINED: (u64, u64) = (20_000, 4_000);

/// The model's estimates of `markets` for `table`, or `None` for a game the model has no
/// coefficients for. Every market is priced.
#[must_use]
pub fn estimates(table: &Table, markets: &[Market]) -> Option<Vec<MarketEstimate>> {
    let model = Models::built_in().game(table.kind)?;
    Some(sim::estimates(model, table, markets, IMAGINED))
}
