//! The bookie's homework: many simulated matches between the same players, and the
//! chance of every outcome of every market, from which prices are made.
//!
//! Simulated match `i` is played with its own seed derived from the base seed and `i`
//! ([`crate::seed::derive`]), so none replays the match being priced, and
//! the tallies are whole numbers summed in any order, so the estimates depend on the seed
//! and the number of matches only, never on how many threads ran them.

use rayon::prelude::*;
use serde::Serialize;

use super::market::{Market, Scope, Selection, Share, Side, Verdict};
use super::price::{Odds, bookie_price};
use crate::games::{Game, GameKind};
use crate::table::{Entrant, MatchSettings, TableError, play_match};

/// Dead-heat shares are counted in 60ths, so every `1/k` for `k` ≤ 5 is whole.
const UNIT: u64 = 60;

/// What the simulations say about one market.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MarketEstimate {
    /// The question.
    pub market: Market,
    /// Its possible answers.
    pub selections: Vec<Selection>,
    /// How many matches were simulated.
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
    /// Exact chances, where the game knows them (the first turn).
    pub exact: Option<Vec<f64>>,
}

/// The markets worth pricing for a game of `players`: the match, game 1, the first turn,
/// each tally the game keeps, and how the last game ends.
#[must_use]
pub fn default_markets(kind: GameKind) -> Vec<Market> {
    let mut markets = vec![Market::Match, Market::Game { number: 1 }, Market::FirstTurn];
    markets.extend(kind.facts().tallies.iter().map(|&tally| Market::Most {
        tally,
        scope: Scope::Match,
    }));
    markets.push(Market::End {
        scope: Scope::Match,
    });
    markets
}

/// The possible answers of a market at a table of `players`.
#[must_use]
pub fn selections(market: Market, kind: GameKind, players: usize) -> Vec<Selection> {
    match market {
        Market::End { .. } => kind
            .facts()
            .ends
            .iter()
            .map(|&e| Selection::End(e))
            .collect(),
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
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<MarketEstimate>, TableError> {
    let players = entrants.len();
    let empty: Vec<MarketEstimate> = markets
        .iter()
        .map(|&market| {
            let selections = selections(market, G::KIND, players);
            let m = selections.len();
            MarketEstimate {
                market,
                selections,
                sims: 0,
                outright: vec![0; m],
                shares: vec![0; m],
                dead_heats: 0,
                push: 0,
                void: 0,
                exact: (market == Market::FirstTurn).then(|| G::first_turn_odds(players)),
            }
        })
        .collect();
    let one = |i: u64| -> Result<Vec<MarketEstimate>, TableError> {
        let mut s = settings.clone();
        s.seed = crate::seed::derive(settings.seed, crate::seed::Purpose::BookieSim, &[i]);
        s.effort = crate::ai::Effort::Quick;
        let log = play_match::<G>(entrants, &s)?;
        progress();
        let mut tally = empty.clone();
        for est in &mut tally {
            est.sims = 1;
            let verdict = est.market.verdict(&log);
            match &verdict {
                Verdict::Void => est.void += 1,
                Verdict::Push => est.push += 1,
                Verdict::Top(top) => {
                    if top.len() > 1 {
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
        Ok(tally)
    };
    (0..sims)
        .into_par_iter()
        .map(one)
        .try_reduce(|| empty.clone(), |a, b| Ok(add(a, b)))
}

fn add(mut a: Vec<MarketEstimate>, b: Vec<MarketEstimate>) -> Vec<MarketEstimate> {
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

impl MarketEstimate {
    /// The chance stakes come back (push or void).
    #[must_use]
    pub fn returned(&self) -> f64 {
        match self.sims {
            0 => 0.0,
            n => (self.push + self.void) as f64 / n as f64,
        }
    }

    /// The chance the selection wins, given that the market resolves, counting a dead
    /// heat of `k` as `1/k`: exact where known, else from the simulations with half a
    /// match added to every selection, so no selection is priced as impossible.
    #[must_use]
    pub fn win_share(&self, selection: Selection) -> Option<f64> {
        let k = self.selections.iter().position(|&s| s == selection)?;
        if let Some(exact) = &self.exact {
            return exact.get(k).copied();
        }
        let resolved = self.sims - self.push - self.void;
        if resolved == 0 {
            return None;
        }
        let m = self.selections.len() as f64;
        Some((self.shares[k] as f64 / UNIT as f64 + 0.5) / (resolved as f64 + 0.5 * m))
    }

    /// The bookie's price for a selection under `margin` (0.1 for 10%).
    #[must_use]
    pub fn price(&self, selection: Selection, margin: f64) -> Option<Odds> {
        bookie_price(self.win_share(selection)?, 0.0, margin)
    }
}
