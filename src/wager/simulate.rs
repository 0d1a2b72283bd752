//! The bookie's homework: many simulated matches between the same players, and the
//! chance of every outcome of every market, from which prices are made.
//!
//! Simulated match `i` is played with its own seed derived from the base seed and `i`
//! ([`crate::seed::derive`]), so none replays the match being priced, and
//! the tallies are whole numbers summed in any order, so the estimates depend on the seed
//! and the number of matches only, never on how many threads ran them.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::market::{Market, Selection, Share, Side, Verdict};
use super::price::{Odds, bookie_price};
use crate::games::{Game, GameKind};
use crate::table::{Entrant, MatchSettings, TableError, play_match};

/// Dead-heat shares are counted in 60ths, so every `1/k` for `k` ≤ 5 is whole.
pub const UNIT: u64 = 60;

/// How often each answer of one market came out over some matches: the raw counts of
/// simulated or audited matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Observed {
    /// The question.
    pub market: Market,
    /// Its possible answers.
    pub selections: Vec<Selection>,
    /// How many matches were played.
    pub sims: u64,
    /// How often each selection came out on top alone.
    pub outright: Vec<u64>,
    /// Each selection's wins counted in 60ths (a dead heat of `k` adds `60 / k`).
    pub shares: Vec<u64>,
    /// How often the top was shared (a dead heat).
    pub dead_heats: u64,
    /// How often stakes came back: a push.
    pub push: u64,
    /// How often the question was never put (void).
    pub void: u64,
}

/// Where a chance comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "basis")]
pub enum Basis {
    /// Worked out from the rules (the first-turn ceremony).
    Exact,
    /// Worked out from the measured model of the game (`wager::model`).
    Model,
    /// Counted over this many matches played by `play`'s own players, just now.
    Played {
        /// How many.
        sims: u64,
    },
}

impl Basis {
    /// How many matches the chance was counted over, when it was counted.
    #[must_use]
    pub fn counted(self) -> Option<u64> {
        match self {
            Basis::Played { sims } => Some(sims),
            Basis::Exact | Basis::Model => None,
        }
    }
}

/// The chance of every answer of one market, with its 95% range: what the bookie prices.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MarketEstimate {
    /// The question.
    pub market: Market,
    /// Its possible answers.
    pub selections: Vec<Selection>,
    /// Where the chances come from.
    pub basis: Basis,
    /// Each selection's chance of coming out on top alone.
    pub outright: Vec<f64>,
    /// Each selection's expected share of a bet on it (a dead heat of `k` counts `1/k`).
    pub shares: Vec<f64>,
    /// The 95% range of each outright chance.
    pub ranges: Vec<(f64, f64)>,
    /// The chance the top is shared (a dead heat).
    pub dead_heat: f64,
    /// The chance stakes come back because nobody (or everybody) won: a push.
    pub push: f64,
    /// The chance the question is never put (void).
    pub void: f64,
}

/// Every market the bookie prices for a match of `kind` whose format runs to `games`
/// games (or rounds) at most without a draw: the match, each game, the first turn, and in
/// each game and over the match every tally the game keeps, how it ends, who is caught
/// cheating and whether anyone is.
#[must_use]
pub fn default_markets(kind: GameKind, games: u32) -> Vec<Market> {
    let mut markets = markets(kind, games);
    let at = 1 + games as usize;
    markets.insert(at.min(markets.len()), Market::FirstTurn);
    markets
}

/// Every market but the first turn, in the board's order: the match, each game, then over
/// the match and in each game every tally the game keeps, how it ends, who is caught
/// cheating and whether anyone is.
#[must_use]
pub fn markets(kind: GameKind, games: u32) -> Vec<Market> {
    use super::market::Scope;
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

/// The possible answers of a market at a table of `players`.
#[must_use]
pub fn selections(market: Market, kind: GameKind, players: usize) -> Vec<Selection> {
    match market {
        Market::End { .. } => kind.facts().bet_ends().map(Selection::End).collect(),
        Market::AnyoneCaught { .. } => vec![Selection::Anyone],
        _ => (0..players).map(Selection::Entrant).collect(),
    }
}

/// Simulates `sims` matches and tallies every market. `progress` is called once per match.
///
/// # Errors
/// When a match cannot be played.
pub fn simulate<G: Game>(
    entrants: &[Entrant],
    settings: &MatchSettings<G>,
    markets: &[Market],
    sims: u64,
    purpose: crate::seed::Purpose,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<Observed>, TableError> {
    let empty = empty(markets, G::KIND, entrants.len());
    let one = |i: u64| -> Result<Vec<Observed>, TableError> {
        let mut s = settings.clone();
        s.seed = crate::seed::derive(settings.seed, purpose, &[i]);
        let log = play_match::<G>(entrants, &s)?;
        progress();
        let mut tally = empty.clone();
        count(&mut tally, &log);
        Ok(tally)
    };
    (0..sims)
        .into_par_iter()
        .map(one)
        .try_reduce(|| empty.clone(), |a, b| Ok(add(a, b)))
}

/// No match counted yet of `markets` at a table of `players` of `kind`.
#[must_use]
pub fn empty(markets: &[Market], kind: GameKind, players: usize) -> Vec<Observed> {
    markets
        .iter()
        .map(|&market| Observed::never(market, kind, players, 0))
        .collect()
}

/// Counts one match, played or imagined, in every market of `tally`.
pub fn count(tally: &mut [Observed], played: &impl super::market::Played) {
    for est in tally {
        est.sims += 1;
        let verdict = est.market.verdict(played);
        match &verdict {
            Verdict::Void => est.void += 1,
            Verdict::Push => est.push += 1,
            Verdict::Top(top) | Verdict::Each(top) => {
                if top.len() > 1 && matches!(verdict, Verdict::Top(_)) {
                    est.dead_heats += 1;
                }
                for (k, sel) in est.selections.iter().enumerate() {
                    if let Share::Part { num, den } = verdict.share(Side::For(*sel)) {
                        est.shares[k] += num * UNIT / den;
                        if num == den {
                            est.outright[k] += 1;
                        }
                    }
                }
            }
        }
    }
}

fn add(mut a: Vec<Observed>, b: Vec<Observed>) -> Vec<Observed> {
    for (x, y) in a.iter_mut().zip(b) {
        for k in 0..x.shares.len() {
            x.outright[k] += y.outright[k];
            x.shares[k] += y.shares[k];
        }
        x.sims += y.sims;
        x.dead_heats += y.dead_heats;
        x.push += y.push;
        x.void += y.void;
    }
    a
}

impl Observed {
    /// A market never put in `sims` matches at a table of `players`: void in every one.
    #[must_use]
    pub fn never(market: Market, kind: GameKind, players: usize, sims: u64) -> Observed {
        let selections = selections(market, kind, players);
        let m = selections.len();
        Observed {
            market,
            selections,
            sims,
            outright: vec![0; m],
            shares: vec![0; m],
            dead_heats: 0,
            push: 0,
            void: sims,
        }
    }

    /// The chances these counts give, each with its Wilson 95% range.
    #[must_use]
    pub fn estimate(&self) -> MarketEstimate {
        let n = self.sims.max(1) as f64;
        MarketEstimate {
            market: self.market,
            selections: self.selections.clone(),
            basis: Basis::Played { sims: self.sims },
            outright: self.outright.iter().map(|&c| c as f64 / n).collect(),
            shares: self
                .shares
                .iter()
                .map(|&c| c as f64 / UNIT as f64 / n)
                .collect(),
            ranges: self
                .outright
                .iter()
                .map(|&c| crate::stats::wilson(c as f64, self.sims))
                .collect(),
            dead_heat: self.dead_heats as f64 / n,
            push: self.push as f64 / n,
            void: self.void as f64 / n,
        }
    }
}

impl MarketEstimate {
    /// Chances worked out from the rules: no range but the point.
    #[must_use]
    pub fn exact(market: Market, selections: Vec<Selection>, chances: &[f64]) -> MarketEstimate {
        MarketEstimate {
            market,
            selections,
            basis: Basis::Exact,
            outright: chances.to_vec(),
            shares: chances.to_vec(),
            ranges: chances.iter().map(|&p| (p, p)).collect(),
            dead_heat: 0.0,
            push: 0.0,
            void: 0.0,
        }
    }

    /// The chance stakes come back (push or void).
    #[must_use]
    pub fn returned(&self) -> f64 {
        self.push + self.void
    }

    /// The chance the selection wins, given that the market resolves, counting a dead
    /// heat of `k` as `1/k`. Counted chances have half a match added to every selection,
    /// so none is priced as impossible from a few matches.
    #[must_use]
    pub fn win_share(&self, selection: Selection) -> Option<f64> {
        let k = self.selections.iter().position(|&s| s == selection)?;
        let resolved = 1.0 - self.returned();
        if resolved <= 1e-12 {
            return None;
        }
        match self.basis {
            Basis::Exact | Basis::Model => Some((self.shares[k] / resolved).clamp(0.0, 1.0)),
            Basis::Played { sims } => {
                let m = self.selections.len() as f64;
                let n = sims as f64;
                Some((self.shares[k] * n + 0.5) / (resolved * n + 0.5 * m))
            }
        }
    }

    /// The bookie's price for a selection under `margin` (0.1 for 10%).
    #[must_use]
    pub fn price(&self, selection: Selection, margin: f64) -> Option<Odds> {
        bookie_price(self.win_share(selection)?, 0.0, margin)
    }
}
