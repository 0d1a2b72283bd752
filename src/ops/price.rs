//! Pricing a match: the chance of every outcome with its 95% range and the prices the
//! tavern's bookie offers; and the audit that checks those chances against real matches.

use serde::Serialize;

use super::{Error, Progress, bounded};
use super::{MatchSpec, Sight};
use crate::seed::Purpose;
use crate::wager::simulate::{MarketEstimate, Observed, default_markets};
use crate::wager::{Market, Selection};

/// The fewest and most matches `odds` plays when it must count (under house rules).
pub const SIMS: (u64, u64) = (10, 1_000_000);

/// The real matches `odds --view gm` counts for the truth of a thrown match, unless
/// `--sims` says otherwise: about two seconds on a loaded 2-core machine.
pub const COUNTED_TRUTH: u64 = 500;

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

/// The board for `spec`, every market the bookie takes, from the bookie's model over
/// `sims` imagined matches (see [`super::wagers::estimates`]).
///
/// # Errors
/// A number of matches out of bounds, or a match that cannot be played.
pub fn odds(spec: &MatchSpec, sims: u64, progress: &dyn Progress) -> Result<Board, Error> {
    odds_seen(spec, sims, progress, Sight::Bookie)
}

/// As [`odds`], as `sight` sees the table (see [`super::wagers::estimates_seen`]): the
/// bookie's board, or the truth of a table that holds an intention.
///
/// # Errors
/// A number of matches out of bounds, or a match that cannot be played.
pub fn odds_seen(
    spec: &MatchSpec,
    sims: u64,
    progress: &dyn Progress,
    sight: Sight,
) -> Result<Board, Error> {
    let sims = bounded("--sims", sims, SIMS.0, SIMS.1)?;
    let markets = default_markets(spec.game, spec.format.length(spec.seats.len()));
    let estimates = crate::games::with_game!(spec.game, G => super::wagers::estimates_seen::<G>(
        spec, &markets, sims, progress, "playing matches to count", sight
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
    /// The chance of a count at least as far from the stated chance as the one played,
    /// were the stated chance true (two-sided; see [`p_value`]).
    pub p_value: f64,
    /// Whether the count played is likely enough under the stated chance: `p_value` at
    /// least the audit's `alpha`.
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
    /// The level each outcome is tested at: 5% spread over the outcomes checked.
    pub alpha: f64,
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

/// The two-sided p-value of `hits` in `n` matches where the chance is stated as `p`: twice
/// the smaller tail of the binomial law, at most 1. When the stated chance was itself
/// counted over `counted` matches, its own counting error is taken in by testing over
/// the matches that carry the variance of both counts, `1 / (1/n + 1/counted)`, with the
/// hits scaled alike (the binomial tails in their continuous form, the regularised
/// incomplete beta function), and the counted chance moved by half a match towards the
/// middle, so a count of none is not read as impossible. A chance stated as certain or
/// impossible from the rules agrees only with a count that never strays from it.
#[must_use]
pub fn p_value(hits: u64, n: u64, p: f64, counted: Option<u64>) -> f64 {
    use statrs::function::beta::beta_reg;
    if n == 0 {
        return 1.0;
    }
    let share = hits as f64 / n as f64;
    // A counted chance of 0 or 1 is a count that never (or always) saw it: half a match
    // either way is what such a count allows.
    let p = match counted {
        Some(c) if c > 0 => (p * c as f64 + 0.5) / (c as f64 + 1.0),
        _ => p,
    };
    if p <= 0.0 || p >= 1.0 {
        return if (share - p).abs() < 1e-12 { 1.0 } else { 0.0 };
    }
    let n = match counted {
        Some(c) if c > 0 => 1.0 / (1.0 / n as f64 + 1.0 / c as f64),
        _ => n as f64,
    };
    let k = share * n;
    // P(X <= k) = I_{1-p}(n - k, k + 1); P(X >= k) = I_p(k, n - k + 1).
    let lower = if k >= n {
        1.0
    } else {
        beta_reg(n - k, k + 1.0, 1.0 - p)
    };
    let upper = if k <= 0.0 {
        1.0
    } else {
        beta_reg(k, n - k + 1.0, p)
    };
    (2.0 * lower.min(upper)).min(1.0)
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
    let alpha = 0.05 / k.max(1) as f64;
    let mut checks = Vec::new();
    for (est, obs) in board.estimates.iter().zip(&observed) {
        for (i, &selection) in est.selections.iter().enumerate() {
            let hits = obs.outright[i];
            let observed_range = crate::stats::wilson_at(hits as f64, obs.sims, z);
            let stated_range = est.ranges[i];
            let p = p_value(hits, obs.sims, est.outright[i], est.basis.counted());
            checks.push(Check {
                market: est.market,
                selection,
                stated: est.outright[i],
                stated_range,
                observed: hits as f64 / obs.sims.max(1) as f64,
                hits,
                observed_range,
                p_value: p,
                agrees: p >= alpha,
            });
        }
    }
    Ok(Audit {
        matches,
        z,
        alpha,
        checks,
    })
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

    /// The binomial tails against hand counts: 6 heads in 10 tosses of a fair coin has
    /// P(X >= 6) = 386/1024, so p = 0.7539; 9 of 10 has P(X >= 9) = 11/1024, p = 0.0215;
    /// 0 of 10 at 0.1 has P(X = 0) = 0.9^10 = 0.3487, p = 0.6974.
    #[test]
    fn p_values_are_the_binomial_tails() {
        assert!((p_value(6, 10, 0.5, None) - 772.0 / 1024.0).abs() < 1e-9);
        assert!((p_value(9, 10, 0.5, None) - 22.0 / 1024.0).abs() < 1e-9);
        assert!((p_value(0, 10, 0.1, None) - 2.0 * 0.9f64.powi(10)).abs() < 1e-9);
        assert!((p_value(5, 10, 0.5, None) - 1.0).abs() < 1e-12);
        assert_eq!(p_value(0, 30, 0.0, None), 1.0);
        assert_eq!(p_value(1, 30, 0.0, None), 0.0);
        assert_eq!(p_value(30, 30, 1.0, None), 1.0);
        // A stated chance counted over as many matches as the audit's is tested over half
        // as many: 60 of 100 at 0.5 is p = 0.0569 alone, 30 of 50 is p = 0.2026 (hand sums).
        let alone = p_value(60, 100, 0.5, None);
        let both = p_value(60, 100, 0.5, Some(100));
        assert!((alone - 0.0569).abs() < 1e-3, "{alone}");
        assert!((both - 0.2026).abs() < 1e-3, "{both}");
    }

    /// A board that states the wrong chances is caught: the weaker player of a wide gap
    /// stated as the near-certain winner disagrees with thirty real matches.
    #[test]
    fn an_audit_catches_a_wrong_board() {
        let roster = crate::roster::Roster::built_in();
        let draft = crate::ops::Draft {
            format: Some(crate::table::Format::BestOf(1)),
            seed: 3,
            ..crate::ops::Draft::default()
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
