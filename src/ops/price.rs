//! Pricing a match: many simulated matches between the same players, the chance of every
//! outcome with its 95% range, and the prices the tavern's bookie offers.

use super::{Error, Progress, bounded};
use crate::table::MatchSpec;
use crate::wager::simulate::{MarketEstimate, default_markets};

/// The fewest and most matches `odds` simulates.
pub const SIMS: (u64, u64) = (10, 100_000);

/// The bookie's board for a match.
#[derive(Clone, Debug)]
pub struct Board {
    /// How many matches were simulated.
    pub sims: u64,
    /// Every market the game has, with its chances.
    pub estimates: Vec<MarketEstimate>,
}

/// Simulates `sims` matches of `spec` (from its seed) and estimates every market.
///
/// # Errors
/// A number of simulations out of bounds, or a match that cannot be played.
pub fn odds(spec: &MatchSpec, sims: u64, progress: &dyn Progress) -> Result<Board, Error> {
    let sims = bounded("--sims", sims, SIMS.0, SIMS.1)?;
    let markets = default_markets(spec.game);
    let estimates = crate::games::with_game!(spec.game, G => super::wagers::estimates::<G>(
        spec, &markets, sims, progress, "simulating"
    ))?;
    Ok(Board { sims, estimates })
}
