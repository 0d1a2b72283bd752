//! Pricing a match: the chance of every outcome with its 95% range and the prices the
//! tavern's bookie offers; and the audit that checks those chances against real matches.

use serde::Serialize;

use super::{Error, Progress, bounded};
use crate::seed::Purpose;
use crate::table::MatchSpec;
use crate::wager::simulate::{MarketEstimate, Observed, default_markets};
use crate::wager::{Market, Selection};

/// The fewest and most matches `odds` plays when it must count (under house rules).
pub const SIMS: (u64, u64) = (10, 100_000);

/// The fewest and most matches an audit plays.
pub const AUDIT: (u64, u64) = (10, 100_000);

/// The bookie's board for a match.
#[derive(Clone, Debug, Serialize)]
pub struct Board {
    /// Every market the bookie prices, with its chances.
    pub estimates: Vec<MarketEstimate>,
    /// The markets the bookie leaves to the pool and to bets between players.
    pub unpriced: Vec<Market>,
}

/// The board for `spec`: from the measured model under the game's own rules, else from
/// `sims` matches played for real (see [`super::wagers::estimates`]).
///
/// # Errors
/// A number of matches out of bounds, or a match that cannot be played.
pub fn odds(spec: &MatchSpec, sims: u64, progress: &dyn Progress) -> Result<Board, Error> {
    let sims = bounded("--sims", sims, SIMS.0, SIMS.1)?;
    let markets = default_markets(spec.game);
    let estimates = crate::games::with_game!(spec.game, G => super::wagers::estimates::<G>(
        spec, &markets, sims, progress, "playing matches to count"
    ))?;
    let unpriced = markets
        .iter()
        .copied()
        .filter(|m| !estimates.iter().any(|e| e.market == *m))
        .collect();
    Ok(Board {
        estimates,
        unpriced,
    })
}

/// One outcome of one market in an audit: the chance stated, what was played, and
/// whether they agree.
#[derive(Clone, Debug, Serialize)]
pub struct Check {
    /// The market.
    pub market: Market,
    /// The outcome.
    pub selection: Selection,
    /// The chance the board states, with its 95% range.
    pub stated: f64,
    /// The stated 95% range.
    pub stated_range: (f64, f64),
    /// How often it happened in the matches played.
    pub observed: f64,
    /// How many times, out of how many matches.
    pub hits: u64,
    /// The observed frequency's interval, at the audit's corrected level.
    pub observed_range: (f64, f64),
    /// Whether the stated range and the observed interval meet.
    pub agrees: bool,
}

/// An audit: the board, checked outcome by outcome against real matches.
#[derive(Clone, Debug, Serialize)]
pub struct Audit {
    /// How many matches were played.
    pub matches: u64,
    /// The z of the observed intervals: 1.96 made wider for the number of outcomes
    /// checked (a Bonferroni correction), so that one audit of many outcomes fails by
    /// chance alone about one time in twenty.
    pub z: f64,
    /// Every outcome checked.
    pub checks: Vec<Check>,
}

impl Audit {
    /// Whether every outcome agrees.
    #[must_use]
    pub fn agrees(&self) -> bool {
        self.checks.iter().all(|c| c.agrees)
    }
}

/// The z of a two-sided interval with `alpha` = 5% spread over `k` tests.
fn bonferroni_z(k: usize) -> f64 {
    use statrs::distribution::{ContinuousCDF, Normal};
    let alpha = 0.05 / k.max(1) as f64;
    Normal::standard().inverse_cdf(1.0 - alpha / 2.0)
}

/// Plays `matches` real matches of `spec` with `play`'s own players (each from a seed
/// derived for the audit, so none is a match the board was made from) and checks every
/// outcome the board prices.
///
/// # Errors
/// A number of matches out of bounds, or a match that cannot be played.
pub fn audit(
    spec: &MatchSpec,
    board: &Board,
    matches: u64,
    progress: &dyn Progress,
) -> Result<Audit, Error> {
    let matches = bounded("--audit", matches, AUDIT.0, AUDIT.1)?;
    let markets: Vec<Market> = board.estimates.iter().map(|e| e.market).collect();
    let observed: Vec<Observed> = crate::games::with_game!(spec.game, G => {
        super::wagers::play_many::<G>(
            spec, &markets, matches, Purpose::Audit, progress, "playing the audit's matches",
        )
    })?;
    let k: usize = board.estimates.iter().map(|e| e.selections.len()).sum();
    let z = bonferroni_z(k);
    let mut checks = Vec::new();
    for (est, obs) in board.estimates.iter().zip(&observed) {
        for (i, &selection) in est.selections.iter().enumerate() {
            let hits = obs.outright[i];
            let observed_range = crate::stats::wilson_at(hits as f64, obs.sims, z);
            let stated_range = est.ranges[i];
            let agrees = stated_range.0 <= observed_range.1 + 1e-12
                && observed_range.0 <= stated_range.1 + 1e-12;
            checks.push(Check {
                market: est.market,
                selection,
                stated: est.outright[i],
                stated_range,
                observed: hits as f64 / obs.sims.max(1) as f64,
                hits,
                observed_range,
                agrees,
            });
        }
    }
    Ok(Audit { matches, z, checks })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corrected_z_is_the_normal_quantile() {
        assert!((bonferroni_z(1) - 1.959_964).abs() < 1e-3);
        // 0.05 / 10, two-sided: the 0.9975 quantile of the normal (tables: 2.8070).
        assert!((bonferroni_z(10) - 2.807_034).abs() < 1e-3);
    }

    /// A board that states the wrong chances is caught: the weaker player of a wide gap
    /// stated as the near-certain winner disagrees with thirty real matches.
    #[test]
    fn an_audit_catches_a_wrong_board() {
        let roster = crate::roster::Roster::built_in();
        let draft = crate::table::Draft {
            format: Some(crate::table::Format::BestOf(1)),
            seed: 3,
            ..crate::table::Draft::default()
        };
        let spec = super::super::cast::describe(
            crate::games::GameKind::TidesOfWar,
            &roster,
            &["Pip".to_owned(), "Ysolde".to_owned()],
            draft,
        )
        .unwrap();
        let mut board = odds(&spec, 10, &()).unwrap();
        let truth = board.estimates[0].outright.clone();
        let m = &mut board.estimates[0];
        m.outright = vec![truth[1], truth[0]];
        m.ranges = vec![(truth[1], truth[1]), (truth[0], truth[0])];
        let a = audit(&spec, &board, 30, &()).unwrap();
        assert!(!a.agrees(), "{a:?}");
        assert!(truth[0] < 0.3, "Pip is the outsider: {truth:?}");
    }
}
