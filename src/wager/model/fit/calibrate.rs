//! The 95% ranges: how far the fitted model strays from real play at tables it was not
//! fitted on.
//!
//! The records hold one match of each table, so they cannot tell a model's error at a
//! table from the luck of its match. The calibration plays [`MATCHES`] real matches at
//! each of [`TABLES`] new tables of every game (Piç's shared out over two to five seats),
//! drawn as the records' tables are but from their own seeds, and sets each match-winner
//! chance the model states against the share played. What strays beyond the sampling
//! noise, pooled over every game (a game alone has too few tables to measure it), is the
//! model's error in log-odds: 1.96 of it either side of a chance is its 95% range
//! ([`super::super::GameModel::spread`]).

use rayon::prelude::*;

use super::super::record::{self, RecordError};
use super::super::{Models, sim};
use crate::games::GameKind;
use crate::seed::{Purpose, derive};
use crate::table::TableError;
use crate::wager::market::Market;

/// The calibration's tables of each game.
pub const TABLES: u64 = 32;

/// The real matches played at each calibration table.
pub const MATCHES: u64 = 150;

/// The matches the model imagines to price a calibration table.
const IMAGINED: u64 = 20_000;

/// One calibration table: the chance the model states for each entrant to win the match
/// alone, and how many of the played matches each won alone.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The game.
    pub kind: GameKind,
    /// Stated chances, by entrant.
    pub stated: Vec<f64>,
    /// Matches won alone, by entrant.
    pub won: Vec<u64>,
    /// Matches played.
    pub played: u64,
}

/// The table sizes the calibration draws at `kind`: every size the game seats, as its
/// facts give them.
fn sizes(kind: GameKind) -> Vec<usize> {
    let facts = kind.facts();
    (facts.min_players..=facts.max_players).collect()
}

/// Plays the calibration tables of every game `models` holds and states the model's
/// chances at each. A table whose house rule its game refuses is passed over.
///
/// # Errors
/// A match that cannot be played.
pub fn check(
    models: &Models,
    tables: u64,
    matches: u64,
    regulars: record::Regulars,
) -> Result<Vec<Checked>, TableError> {
    let mut drawn = Vec::new();
    for kind in GameKind::ALL {
        if models.game(kind).is_none() {
            continue;
        }
        let sizes = sizes(kind);
        let regulars = regulars(kind);
        for i in 0..tables {
            let size = sizes[i as usize % sizes.len()];
            let seed = derive(0xCA_11B, Purpose::ModelFit, &[kind.index() as u64, i]);
            drawn.push(record::draw_sized(kind, seed, size, &regulars));
        }
    }
    let plays: Vec<(usize, u64)> = (0..drawn.len())
        .flat_map(|t| (0..matches).map(move |m| (t, m)))
        .collect();
    let winners: Vec<Option<Vec<crate::table::Who>>> = plays
        .par_iter()
        .map(|&(t, m)| {
            let seed = derive(0xCA_11B, Purpose::ModelFit, &[1000 + t as u64, m]);
            match record::match_winners(&drawn[t], seed) {
                Ok(w) => Ok(Some(w)),
                Err(RecordError::Rules(_)) => Ok(None),
                Err(RecordError::Table(e)) => Err(e),
            }
        })
        .collect::<Result<_, _>>()?;
    let checked = drawn
        .par_iter()
        .enumerate()
        .filter_map(|(t, d)| {
            let model = models.game(d.kind)?;
            let mut won = vec![0; d.players.len()];
            for w in &winners[t * matches as usize..(t + 1) * matches as usize] {
                match w.as_deref() {
                    None => return None,
                    Some(&[e]) => won[e.index()] += 1,
                    Some(_) => {}
                }
            }
            let est = sim::estimates(model, &record::model_table(d), &[Market::Match], IMAGINED);
            Some(Checked {
                kind: d.kind,
                stated: est[0].outright.clone(),
                won,
                played: matches,
            })
        })
        .collect();
    Ok(checked)
}

/// The model's error in log-odds beyond sampling noise, from the checked tables: the
/// mean over every entrant's chance of its squared miss less the sampling variance,
/// each put in log-odds by the slope of the logistic there (a chance within 5% of
/// certain counted as 5% away, so that near-certain chances do not swamp the rest).
#[must_use]
pub fn error(checked: &[Checked]) -> f64 {
    let (mut sum, mut count) = (0.0, 0.0);
    for c in checked {
        let n = c.played as f64;
        for (e, &p) in c.stated.iter().enumerate() {
            let o = c.won[e] as f64 / n;
            let slope = (p * (1.0 - p)).max(0.05 * 0.95);
            sum += ((o - p).powi(2) - p * (1.0 - p) / n) / (slope * slope);
            count += 1.0;
        }
    }
    if count == 0.0 {
        return 0.0;
    }
    (sum / count).max(0.0).sqrt()
}

/// The half-width of the 95% ranges, in log-odds, from the model's error.
#[must_use]
pub fn half_width(error: f64) -> f64 {
    1.96 * error
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(stated: Vec<f64>, won: Vec<u64>, played: u64) -> Checked {
        Checked {
            kind: GameKind::TidesOfWar,
            stated,
            won,
            played,
        }
    }

    /// A model exactly right except for luck measures no error; one a known distance off
    /// measures that distance (hand count: a miss of 0.1 at even, less the sampling
    /// variance of 0.25/n, over the slope 0.25, squared).
    #[test]
    fn the_error_is_the_miss_beyond_luck() {
        // Won exactly as stated at 400 matches: the miss is 0, less the variance.
        assert_eq!(error(&[table(vec![0.5, 0.5], vec![200, 200], 400)]), 0.0);
        let got = error(&[table(vec![0.5, 0.5], vec![240, 160], 400)]);
        let want = ((0.01 - 0.25 / 400.0) / 0.0625f64).sqrt();
        assert!((got - want).abs() < 1e-12, "{got} {want}");
        assert_eq!(error(&[]), 0.0);
    }
}
