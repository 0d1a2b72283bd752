//! The bookie's model: how `play`'s own players fare at each game, fitted from tens of
//! thousands of real matches (`examples/tools/fit_bookie.rs` plays them and writes
//! `data/bookie.json`), and the chance of every market of a match that follows from it,
//! worked out by imagining the match many times over, game by game, as `play` plays it.
//! It prices every table: any skill, temperament, honesty and eye, every format and draw
//! cap, Piç at two to five seats, house rules and a tavern's own rule for a cheat seen,
//! and what an evening or a campaign's history remembers of cheats.
//!
//! One game is imagined in three steps:
//!
//! 1. **The cheats.** Each seat that may cheat (honesty below 10, with willingness left)
//!    tries some number of cheats: whether it tries any is a logistic law, how many more
//!    a Poisson law, both on the seat's honesty, the chance a typical try of its would be
//!    seen now, how far it is behind, and how many it tried earlier in the match
//!    ([`Tries`]); for the forfeit rule these are fitted with a forfeited game's tries
//!    read as "at least". Each try is seen by each other seat at the table's own chance
//!    ([`crate::table::cheat`]), for a try of the boldness the fit measured (a card-sharp's
//!    practised hand included), with every suspicion the table keeps: earlier tries by the
//!    same hand and sightings earlier in the match and the evening. Where a cheat seen
//!    forfeits the game, the first seen ends it.
//! 2. **Who wins.** Each player has a strength at the game, one number for each skill
//!    level and temperament ([`Strengths`]), on the log-odds scale; a cheat that stood
//!    adds to it and one seen (where that does not forfeit the game) takes from it
//!    ([`Effect`]). At a table of two, with `d` the first seat's strength less the
//!    second's, plus the first seat's edge and a term on the gap between the levels
//!    (`Δ × |Δ| / 10`: a wide gap decides more than its steps add up to), the first seat
//!    wins with chance `σ(s·d − c)`, the second `σ(−s·d − c)`, and the rest is a drawn
//!    game; `c` grows with the players' mean level and the gap, and the house rules
//!    move both `c` and the scale `s` ([`RuleTerm`]). A Piç table of three to five is a
//!    multinomial logit over the seats and nobody, with edges for each seat, and a win
//!    shared at the rate measured at that size.
//! 3. **How it went.** The way it ended and every tally come from a real game of the fit
//!    of the same kind (won, drawn, shared or forfeit), as lopsided (by the winner's chance,
//!    in [`band`]s), cheated in or not as this one was and under the same house rule, its
//!    seats matched by role: the winners, then the others from the strongest down
//!    ([`Bank`]).
//!
//! The match around the games is run as `play` runs it ([`crate::table::Flow`]), and every
//! market is settled on each imagined match by the very code that settles bets
//! ([`super::market::Played`]). Imagining is seeded from the table itself, so a table has
//! one price on every machine.
//!
//! The 95% range of a chance comes from the model's own measured error: after the fit,
//! real matches at new tables are set against the model's chances there
//! ([`fit::calibrate()`]); what strays beyond sampling noise, in log-odds
//! ([`GameModel::spread`]), widens the imagining's own range either side.

pub mod fit;
pub mod record;
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

    /// Their rough level (the baseline is priced as a level 5).
    #[must_use]
    pub fn level(&self) -> f64 {
        f64::from(self.skill.rough_level())
    }

    /// Their level as an index, 0 for level 1 to 9 for level 10.
    #[must_use]
    pub fn level_index(&self) -> usize {
        usize::from(self.skill.rough_level().clamp(1, 10) - 1)
    }

    /// Their temperament as an index into [`Temperament::ALL`].
    #[must_use]
    pub fn temperament_index(&self) -> usize {
        Temperament::ALL
            .iter()
            .position(|&t| t == self.temperament)
            .unwrap_or(1)
    }

    /// Whether they have a card-sharp's hand and habit ([`crate::table::cheat::SHARP`]).
    #[must_use]
    pub fn sharp(&self) -> bool {
        self.honesty <= crate::table::cheat::SHARP
    }

    /// How they cheat, as the model tells them apart: 0 a hardened card-sharp (honesty 0,
    /// who cheats whenever it pays), 1 any other card-sharp, 2 anyone else who may cheat.
    #[must_use]
    pub fn cheat_class(&self) -> usize {
        match self.honesty {
            0 => 0,
            h if h <= crate::table::cheat::SHARP => 1,
            _ => 2,
        }
    }
}

/// Strengths by skill level and temperament: `levels[level − 1][temperament]`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Strengths {
    /// By level (1 to 10), then by temperament in [`Temperament::ALL`]'s order.
    pub levels: Vec<[f64; 5]>,
}

impl Strengths {
    /// A player's strength.
    #[must_use]
    pub fn strength(&self, p: &Profile) -> f64 {
        self.levels
            .get(p.level_index())
            .map_or(0.0, |row| row[p.temperament_index()])
    }
}

/// A table of two: the first seat's edge, the gap term and the draw threshold.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Two {
    /// The strengths.
    pub strengths: Strengths,
    /// The first seat's edge: `edge[0] + edge[1] × (mean level − 5.5) / 4.5`.
    pub edge: [f64; 2],
    /// The weight of `Δ × |Δ| / 10`, `Δ` the first seat's level less the second's.
    pub gap: f64,
    /// The draw threshold `c = softplus(draw[0] + draw[1] × (mean level − 5.5) / 4.5 +
    /// draw[2] × |Δ| / 9 + each player's drawishness)`.
    pub draw: [f64; 3],
    /// The draw threshold's shift in a game somebody cheated in (a palmed counter or a
    /// shifted stone breaks the symmetry of a game heading for a tie).
    #[serde(default)]
    pub cheated_draw: f64,
    /// How much each player leans to a drawn game, by level and temperament (two careful
    /// masters shuffle into a truce; two beginners seldom do).
    pub drawish: Strengths,
}

/// Tables of three to five (Piç): strengths, each seat's edge, the chance nobody wins, and
/// of a shared win.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct More {
    /// The strengths.
    pub strengths: Strengths,
    /// Each seat's edge, by table size from three.
    pub edges: Vec<Vec<f64>>,
    /// The weight of nobody winning (a utility beside the seats'), by table size from
    /// three.
    pub none: Vec<f64>,
    /// How far the strengths count, by table size from three (1 at three): the more at
    /// the table, the more the game is anyone's.
    pub scale: Vec<f64>,
    /// What the strength of the seat one, two, ... places before adds to a seat's (by
    /// table size from three): around Piç's ring a strong player sowing just before you
    /// takes your chances.
    pub ring: Vec<Vec<f64>>,
    /// The chance a game's win is shared, by table size from three.
    pub shared: Vec<f64>,
    /// Of the games a seat forfeited, by table size from three, how often each set of the
    /// others won it, by where they sit: the set's bit `k − 1` is the seat `k` places after
    /// the one who forfeited (the game goes to the best score among the others then, and
    /// early on the seat just after has it, or several share it).
    pub forfeit_winners: Vec<Vec<f64>>,
}

/// What one house rule does to a game: the rule's value `x` (see [`rule_value`]) moves the
/// scale of the strengths by `exp(scale[0] x + scale[1] x²)` and the draw threshold (or
/// the weight of nobody winning) by `draw[0] x + draw[1] x²`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RuleTerm {
    /// The option's key.
    pub key: String,
    /// On the scale of the strengths.
    pub scale: [f64; 2],
    /// On the draw.
    pub draw: [f64; 2],
}

/// How far a house rule's value lies from the game's own, as one number: for a number
/// whose default is a number, `ln(value / default)`; for a number where the default sets
/// none (Piç's `max_pic`), `1 / value`; for anything else, 1 when it differs from the
/// default. `None` for a key the game has no option for or a value that does not read.
#[must_use]
pub fn rule_value(kind: GameKind, key: &str, value: &str) -> Option<f64> {
    let option = kind.facts().rules.iter().find(|o| o.key == key)?;
    let value = value.trim().trim_matches('"');
    match (value.parse::<f64>(), option.default.parse::<f64>()) {
        (Ok(v), Ok(d)) if v > 0.0 && d > 0.0 => Some((v / d).ln()),
        (Ok(v), Err(_)) if v > 0.0 => Some(1.0 / v),
        (Ok(_), _) => None,
        (Err(_), _) => Some(f64::from(u8::from(value != option.default))),
    }
}

/// The house rules of `words` (`key=value`) as values, one per rule term of `model`.
#[must_use]
pub fn rule_values(kind: GameKind, terms: &[RuleTerm], words: &[String]) -> Vec<f64> {
    terms
        .iter()
        .map(|t| {
            words
                .iter()
                .filter_map(|w| w.split_once('='))
                .find(|(k, _)| k.trim() == t.key)
                .and_then(|(k, v)| rule_value(kind, k.trim(), v))
                .unwrap_or(0.0)
        })
        .collect()
}

/// The scale and the draw shift that rules of `values` give.
#[must_use]
pub fn rule_shift(terms: &[RuleTerm], values: &[f64]) -> (f64, f64) {
    let (mut scale, mut draw) = (0.0, 0.0);
    for (t, &x) in terms.iter().zip(values) {
        scale += t.scale[0] * x + t.scale[1] * x * x;
        draw += t.draw[0] * x + t.draw[1] * x * x;
    }
    (scale.clamp(-5.0, 5.0).exp(), draw)
}

/// Whether a seat tries any cheat in a game, and how many more: how many features both
/// laws read ([`GameModel::try_features`]).
pub const TRY_FEATURES: usize = 20;

/// The knots of the pieces of a chance of being seen, on the log-odds scale (about 2%,
/// 5%, 12%, 27% and 50%): how often a hand tries falls off a cliff as the eyes sharpen.
const RISK_KNOTS: [f64; 5] = [-4.0, -3.0, -2.0, -1.0, 0.0];

/// A chance of being seen as features: its log-odds, and the log-odds past each knot.
fn risk_pieces(risk: f64) -> [f64; 6] {
    let z = (risk.clamp(1e-4, 1.0 - 1e-4) / (1.0 - risk.clamp(1e-4, 1.0 - 1e-4))).ln();
    let mut out = [z; 6];
    for (o, k) in out[1..].iter_mut().zip(RISK_KNOTS) {
        *o = (z - k).max(0.0);
    }
    out
}

/// How many cheats a seat of one kind (a card-sharp, or not) tries in a game under one
/// rule: whether any (`σ(any · x)`), and how many beyond the first (Poisson of mean
/// `exp(more · x)`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tries {
    /// Whether it tries any.
    pub any: Vec<f64>,
    /// How many more.
    pub more: Vec<f64>,
}

impl Tries {
    /// The chance of any try, and the mean of the tries beyond the first, at `x`.
    #[must_use]
    pub fn at(&self, x: &[f64; TRY_FEATURES]) -> (f64, f64) {
        let dot = |w: &[f64]| w.iter().zip(x).map(|(a, b)| a * b).sum::<f64>();
        (
            sigmoid(dot(&self.any)),
            dot(&self.more).clamp(-30.0, 3.0).exp(),
        )
    }
}

/// What a seat's cheats do to its strength in a game: one that stood adds `stood[0]`,
/// two `stood[1]`, three or four `stood[2]`, five or more `stood[3]` ([`stood_bin`]),
/// each with `catch_up` times how far the seat
/// was behind the best other (the further behind, the more a stolen stone is worth: with
/// two cheats stood, a hardened card-sharp wins most games whatever the gap); each seen
/// (where that does not forfeit the game) takes `caught`. A seat that could have cheated
/// and tried nothing has `none` times the chance it had of trying added: a hand tries
/// when the game calls for it (at Kiust Oyun, a stick turned mostly wins the game there
/// and then), so a game it let pass was one that did not.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// Cheats that stood: one, two, three or four, five or more.
    pub stood: [f64; 4],
    /// The same, per strength the seat was behind.
    pub catch_up: [f64; 4],
    /// A cheat seen.
    pub caught: f64,
    /// No cheat tried, by the chance of one.
    pub none: f64,
}

impl Effect {
    /// The strength `stood` cheats that stood and `caught` seen add to a seat `behind` the
    /// best other; `untried` the chance a seat that could cheat and tried nothing had of
    /// trying (0 for anyone else).
    #[must_use]
    pub fn of(&self, stood: u32, caught: u32, untried: f64, behind: f64) -> f64 {
        let s = if stood == 0 {
            0.0
        } else {
            let k = stood_bin(stood);
            self.stood[k] + self.catch_up[k] * behind.max(0.0)
        };
        s - self.caught * f64::from(caught) + self.none * untried
    }
}

/// Which of [`Effect::stood`] a count of cheats that stood (at least one) reads.
#[must_use]
pub fn stood_bin(stood: u32) -> usize {
    match stood {
        0 | 1 => 0,
        2 => 1,
        3 | 4 => 2,
        _ => 3,
    }
}

/// Cheats at one game under one rule for a cheat seen: the tries and what they do, by
/// [`Profile::cheat_class`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cheating {
    /// The rule.
    pub rule: OnCheat,
    /// The tries, by kind of cheat.
    pub tries: [Tries; 3],
    /// What they do, by kind of cheat.
    pub effect: [Effect; 3],
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

/// The real games of one table size under one house rule, by kind, by whether anyone
/// tried a cheat in them, and by how lopsided (the [`band`] of the winner's chance).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Bank {
    /// How many sat at them.
    pub players: usize,
    /// The house rule they were played under (`key=value`; empty: the game's own).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rule: String,
    /// The shelves.
    pub shelves: Vec<Shelf>,
}

/// The real games of one kind, cheated in or not, of one band, between players of one
/// band of level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shelf {
    /// What kind of game.
    pub kind: Kind,
    /// Whether anyone tried a cheat (a cheat changes the tallies as well as the winner).
    pub cheats: bool,
    /// The band of the winner's chance.
    pub band: u8,
    /// The band of the players' mean level ([`level_band`]): masters' games end otherwise
    /// than beginners'.
    #[serde(default)]
    pub level: u8,
    /// The games.
    pub games: Vec<Banked>,
}

impl Bank {
    /// The games of `kind` and `cheats` nearest `band` between players of `level` (that
    /// band, else the nearest with any; the other band of level, else the other
    /// `cheats`, only where there are none).
    #[must_use]
    pub fn shelf(&self, kind: Kind, cheats: bool, band: u8, level: u8) -> Option<&[Banked]> {
        self.shelves
            .iter()
            .filter(|s| s.kind == kind && !s.games.is_empty())
            .min_by_key(|s| {
                (
                    s.cheats != cheats,
                    s.level.abs_diff(level),
                    s.band.abs_diff(band),
                )
            })
            .map(|s| s.games.as_slice())
    }
}

/// The band of a table's mean level: 0 below 5, 1 to below 7.5, 2 above.
#[must_use]
pub fn level_band(mean: f64) -> u8 {
    if mean < 5.0 {
        0
    } else if mean < 7.5 {
        1
    } else {
        2
    }
}

/// The edges of the bands of a winner's chance: finer towards the ends, where a game won
/// at 99% looks otherwise than one won at 85%.
pub const BANDS: [f64; 8] = [0.02, 0.1, 0.25, 0.4, 0.6, 0.75, 0.9, 0.98];

/// Where a banked game is shelved by its winner's chance: 0 to 8, by [`BANDS`].
#[must_use]
pub fn band(chance: f64) -> u8 {
    BANDS.iter().filter(|&&edge| chance >= edge).count() as u8
}

/// One game's fitted model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameModel {
    /// How many real games it was fitted from.
    pub games: u32,
    /// Tables of two.
    pub two: Two,
    /// Tables of three to five (Piç).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub more: Option<More>,
    /// What the house rules do.
    pub rules: Vec<RuleTerm>,
    /// The boldness of a typical try, as the table's chance of being seen reads it: a
    /// card-sharp's first in a game (the habit's, the least plain to be had) and later
    /// ones, then anyone else's first and later; each as a watcher of eye 0 to 3, 4 to 6
    /// and 7 to 10 meets it (a hand tries bolder before a dull eye).
    pub look: [[f64; 3]; 4],
    /// Cheats, by the rule a cheat seen suffers (the game's own custom first).
    pub cheats: Vec<Cheating>,
    /// The model's measured error at a match-winner chance, in log-odds: how far a 95%
    /// range reaches either side of the imagining's own.
    pub spread: f64,
    /// Whether a tied game at two seats is a win both share (Piç: each is credited, as
    /// the records show), rather than a game nobody won.
    #[serde(default)]
    pub tie_shared: bool,
    /// Real games' shapes, by table size and house rule.
    pub banks: Vec<Bank>,
}

impl GameModel {
    /// How cheats go under `rule` (the game's custom where the fit measured no other, and
    /// always at a game whose own rules punish a cheat).
    ///
    /// # Panics
    /// Never for a fitted model: it holds at least the custom's.
    #[must_use]
    pub fn cheating(&self, kind: GameKind, rule: OnCheat) -> &Cheating {
        let rule = if kind.facts().rule_two {
            kind.facts().on_cheat
        } else {
            rule
        };
        self.cheats
            .iter()
            .find(|c| c.rule == rule)
            .or_else(|| self.cheats.first())
            .expect("a fitted model knows its custom's cheats")
    }

    /// How much a player leans to a drawn game at a table of `players` (two only).
    #[must_use]
    pub fn drawish(&self, p: &Profile, players: usize) -> f64 {
        if players == 2 || self.more.is_none() {
            self.two.drawish.strength(p)
        } else {
            0.0
        }
    }

    /// The draw threshold's shift at a table of `players` in a game somebody cheated in.
    #[must_use]
    pub fn cheated_draw(&self, players: usize) -> f64 {
        if players == 2 || self.more.is_none() {
            self.two.cheated_draw
        } else {
            0.0
        }
    }

    /// A player's strength at a table of `players`.
    #[must_use]
    pub fn strength(&self, p: &Profile, players: usize) -> f64 {
        match (&self.more, players) {
            (Some(more), n) if n > 2 => more.strengths.strength(p),
            _ => self.two.strengths.strength(p),
        }
    }

    /// The boldness of a typical try by a player of `honesty`, its first in the game or
    /// a later one, before a watcher of `eye`.
    #[must_use]
    pub fn look_of(&self, honesty: u8, first: bool, eye: u8) -> f64 {
        self.look[2 * usize::from(honesty > crate::table::cheat::SHARP) + usize::from(!first)]
            [eye_band(eye)]
    }

    /// The chance a try by a player of `level` and `honesty` (its `first` in the game or
    /// not) is seen by one watcher of `eye` who has seen this hand `seen` times, after
    /// `tries` earlier tries this match.
    #[must_use]
    pub fn seen_by(
        &self,
        level: u8,
        honesty: u8,
        first: bool,
        eye: u8,
        seen: f64,
        tries: u32,
    ) -> f64 {
        seen_by(
            self.look_of(honesty, first, eye),
            level,
            honesty,
            eye,
            seen,
            tries,
        )
    }

    /// The chance anyone of `eyes` (each with their sightings of this hand) sees a try by
    /// a player of `level` and `honesty` (its `first` in the game or a later one) after
    /// `tries` earlier tries.
    #[must_use]
    pub fn risk(&self, level: u8, honesty: u8, first: bool, eyes: &[(u8, f64)], tries: u32) -> f64 {
        1.0 - eyes
            .iter()
            .map(|&(eye, seen)| 1.0 - self.seen_by(level, honesty, first, eye, seen, tries))
            .product::<f64>()
    }

    /// The features of the tries of a player `p` in game `number` at a table of
    /// `players`, facing `eyes` (each with their sightings of this hand), after `earlier`
    /// tries this match, `behind` the best of the others by that much strength: `[1,
    /// honesty 0, ln appetite (0 at honesty 0), the chance a first try would be seen in
    /// pieces (its log-odds, and past each of five knots), the same of a later try,
    /// whether a first try's chance is past the hand's nerve, how far behind, ln(1 +
    /// earlier tries), a table of three or more, a game after the first]`.
    #[must_use]
    pub fn try_features(
        &self,
        p: &Profile,
        eyes: &[(u8, f64)],
        earlier: u32,
        behind: f64,
        players: usize,
        number: u32,
    ) -> [f64; TRY_FEATURES] {
        use crate::table::cheat::{NERVE, appetite};
        let level = p.skill.rough_level();
        let first = self.risk(level, p.honesty, true, eyes, earlier);
        let later = self.risk(level, p.honesty, false, eyes, earlier + 1);
        let nerve = NERVE * (1.0 - f64::from(p.honesty.min(10)) / 10.0);
        let app = if p.honesty == 0 {
            0.0
        } else {
            appetite(p.honesty).ln()
        };
        let (f, l) = (risk_pieces(first), risk_pieces(later));
        [
            1.0,
            f64::from(u8::from(p.honesty == 0)),
            app,
            f[0],
            f[1],
            f[2],
            f[3],
            f[4],
            f[5],
            l[0],
            l[1],
            l[2],
            l[3],
            l[4],
            l[5],
            f64::from(u8::from(first > nerve)),
            behind.clamp(-6.0, 6.0),
            f64::from(earlier).ln_1p(),
            f64::from(u8::from(players > 2)),
            f64::from(u8::from(number > 1)),
        ]
    }

    /// The chance of each seat winning a game alone, and of nobody winning, for players
    /// of `strengths` (cheats and any shift included, edges not), `base` strengths (their
    /// own, for their neighbours at a table of three or more) and `levels`, in seat order,
    /// under rules that scale the strengths by `scale` and move the draw by `draw`.
    #[must_use]
    pub fn outcome(
        &self,
        strengths: &[f64],
        base: &[f64],
        levels: &[f64],
        scale: f64,
        draw: f64,
    ) -> (Vec<f64>, f64) {
        let n = strengths.len();
        if n == 2 || self.more.is_none() {
            let t = &self.two;
            let (l0, l1) = (levels[0], levels.get(1).copied().unwrap_or(levels[0]));
            let mean = f64::midpoint(l0, l1);
            let d = strengths[0] - strengths.get(1).copied().unwrap_or(0.0)
                + t.edge[0]
                + t.edge[1] * (mean - 5.5) / 4.5
                + t.gap * level_gap(l0, l1);
            let c = softplus(
                t.draw[0]
                    + t.draw[1] * (mean - 5.5) / 4.5
                    + t.draw[2] * (l0 - l1).abs() / 9.0
                    + draw,
            );
            let a = sigmoid(scale * d - c);
            let b = sigmoid(-scale * d - c);
            return (vec![a, b], (1.0 - a - b).max(0.0));
        }
        let more = self.more.as_ref().expect("checked above");
        let k = n - 3;
        let edge = |i: usize| {
            more.edges
                .get(k)
                .and_then(|e| e.get(i))
                .copied()
                .unwrap_or(0.0)
        };
        let scale = scale * more.scale.get(k).copied().unwrap_or(1.0);
        let ring = more.ring.get(k);
        let before = |i: usize| -> f64 {
            ring.map_or(0.0, |r| {
                r.iter()
                    .enumerate()
                    .map(|(j, a)| a * base[(i + n - (j + 1)) % n])
                    .sum()
            })
        };
        let mut u: Vec<f64> = (0..n)
            .map(|i| scale * (strengths[i] + edge(i) + before(i)))
            .collect();
        u.push(more.none.get(k).copied().unwrap_or(-10.0) + draw);
        let top = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let w: Vec<f64> = u.iter().map(|x| (x - top).exp()).collect();
        let total: f64 = w.iter().sum();
        let none = w[n] / total;
        (w[..n].iter().map(|x| x / total).collect(), none)
    }

    /// The seats that win a game the seat `forfeit` forfeited at a table of `players`
    /// (three or more), drawn from `x` in `0..1` ([`More::forfeit_winners`]); the strongest
    /// other by `wins` where the fit saw no such game.
    #[must_use]
    pub fn forfeit_winners(
        &self,
        players: usize,
        forfeit: usize,
        wins: &[f64],
        x: f64,
    ) -> Vec<usize> {
        let sets = self
            .more
            .as_ref()
            .and_then(|m| m.forfeit_winners.get(players.saturating_sub(3)))
            .filter(|sets| sets.iter().sum::<f64>() > 0.0);
        let Some(sets) = sets else {
            let best = (0..players)
                .filter(|&s| s != forfeit)
                .max_by(|&a, &b| wins[a].total_cmp(&wins[b]))
                .unwrap_or(0);
            return vec![best];
        };
        let total: f64 = sets.iter().sum();
        let mut left = x * total;
        let mut mask = sets.len() - 1;
        for (m, &p) in sets.iter().enumerate() {
            if left < p {
                mask = m;
                break;
            }
            left -= p;
        }
        let mut out: Vec<usize> = (1..players)
            .filter(|k| mask & (1 << (k - 1)) != 0)
            .map(|k| (forfeit + k) % players)
            .collect();
        out.sort_unstable();
        out
    }

    /// The chance a win at a table of `players` is shared.
    #[must_use]
    pub fn shared(&self, players: usize) -> f64 {
        match (&self.more, players) {
            (Some(m), n) if n > 2 => m.shared.get(n - 3).copied().unwrap_or(0.0),
            _ => 0.0,
        }
    }

    /// The bank of a table size under the house rule nearest `words`: the rule whose
    /// value is nearest that of the first of `words` the model knows, else the game's own.
    #[must_use]
    pub fn bank(&self, kind: GameKind, players: usize, words: &[String]) -> Option<&Bank> {
        let wanted: Option<(&str, f64)> = words.iter().find_map(|w| {
            let (k, v) = w.split_once('=')?;
            let x = rule_value(kind, k.trim(), v)?;
            (x != 0.0).then_some((k.trim(), x))
        });
        let sized = || self.banks.iter().filter(|b| b.players == players);
        if let Some((key, x)) = wanted {
            let near = sized()
                .filter_map(|b| {
                    let (k, v) = b.rule.split_once('=')?;
                    (k == key).then(|| (b, (rule_value(kind, k, v).unwrap_or(0.0) - x).abs()))
                })
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(b, _)| b);
            if near.is_some() {
                return near;
            }
        }
        sized()
            .find(|b| b.rule.is_empty())
            .or_else(|| sized().next())
    }
}

/// The coefficients of every game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Models {
    /// How the file was written.
    pub written_by: String,
    /// The fingerprint of the players the records were played by (see
    /// [`record::fingerprint`]): a test plays it again and fails when play has changed
    /// since the refit.
    #[serde(default)]
    pub fingerprint: String,
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

/// A watcher's eye as a band: 0 to 3, 4 to 6, 7 to 10.
#[must_use]
pub fn eye_band(eye: u8) -> usize {
    match eye {
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    }
}

/// The table's chance that one watcher of `eye`, who has seen this hand `seen` times,
/// sees a try of boldness `look` by a player of `level` and `honesty` after `tries`
/// earlier tries this match ([`crate::table::cheat`]).
#[must_use]
pub fn seen_by(look: f64, level: u8, honesty: u8, eye: u8, seen: f64, tries: u32) -> f64 {
    use crate::table::cheat::{PER_ATTEMPT, PER_SIGHTING, hand, seen_chance, watched};
    let p0 = seen_chance(look as f32 * hand(honesty, eye), eye, level);
    let m = (1.0 + PER_ATTEMPT * f64::from(tries)) * (1.0 + PER_SIGHTING * seen);
    watched(p0, m)
}

/// Level against level: for players of rough levels `first` and `second`, `Δ × |Δ| / 10`
/// with `Δ = first − second`: nothing between equals, little between neighbours, more
/// than the steps between add up to at a wide gap.
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
/// the draw cap, the house rules, what a cheat seen suffers, and who has seen whom cheat
/// before (by entrant: `wary[watcher][cheat]`).
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
    /// The house rules, as `key=value` words.
    pub rules: Vec<String>,
    /// What a cheat seen suffers at this game.
    pub on_cheat: OnCheat,
    /// Earlier sightings, `wary[watcher][cheat]`.
    pub wary: Vec<Vec<f64>>,
}

/// How many matches the model imagines for a price unless told otherwise (a tavern's
/// `sims`, `odds --sims`).
pub const IMAGINED: u64 = 20_000;

/// The model's estimates of `markets` for `table` over `imagined` matches, or `None` for
/// a game the model has no coefficients for. Every market is priced.
#[must_use]
pub fn estimates(table: &Table, markets: &[Market], imagined: u64) -> Option<Vec<MarketEstimate>> {
    let model = Models::built_in().game(table.kind)?;
    Some(sim::estimates(model, table, markets, imagined))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A house rule's value: a cap's log-ratio to the game's own, Piç's `max_pic` as
    /// its reciprocal, a word 1 when it is not the game's own (hand counts).
    #[test]
    fn rule_values_measure_the_distance_from_the_game_s_own() {
        let t = rule_value(GameKind::TidesOfWar, "truce_after", "30").unwrap();
        assert!((t - 0.5f64.ln()).abs() < 1e-12);
        assert_eq!(
            rule_value(GameKind::TidesOfWar, "truce_after", "60"),
            Some(0.0)
        );
        assert_eq!(rule_value(GameKind::Pic, "max_pic", "2"), Some(0.5));
        assert_eq!(rule_value(GameKind::Pic, "even_capture", "true"), Some(1.0));
        assert_eq!(
            rule_value(GameKind::Pic, "even_capture", "false"),
            Some(0.0)
        );
        assert_eq!(
            rule_value(GameKind::KiustOyun, "all_round", "four"),
            Some(1.0)
        );
        assert_eq!(rule_value(GameKind::TidesOfWar, "no_such", "1"), None);
    }

    /// The bands of a winner's chance are finer at the ends.
    #[test]
    fn bands_split_the_chances_at_their_edges() {
        assert_eq!(band(0.0), 0);
        assert_eq!(band(0.019), 0);
        assert_eq!(band(0.02), 1);
        assert_eq!(band(0.5), 4);
        assert_eq!(band(0.979), 7);
        assert_eq!(band(0.99), 8);
        assert_eq!(band(1.0), 8);
    }
}
