//! The ratings a ladder reports on the Elo scale (a Bradley–Terry fit); its score
//! intervals are [`crate::stats::wilson`].

/// One pairing's results for the fit: `a` scored `score` of `games` against `b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    /// One side.
    pub a: usize,
    /// The other.
    pub b: usize,
    /// Games played.
    pub games: u32,
    /// What `a` scored (wins plus half the draws).
    pub score: f64,
}

/// The rating that the average of the ratings is anchored at.
pub const ANCHOR: f64 = 1500.0;

/// Fits Elo-scale ratings to the results of `entrants` players by Bradley–Terry
/// (Hunter's minorisation–maximisation iterations), with one drawn game added to every
/// pairing that played so that a clean sweep gives a large but finite gap. The ratings
/// average [`ANCHOR`]; a difference of 400 means ten to one odds.
#[must_use]
pub fn elo_fit(entrants: usize, results: &[Pairing]) -> Vec<f64> {
    let mut gamma = vec![1.0f64; entrants];
    // Each player's total score, the virtual draws included.
    let mut wins = vec![0.0f64; entrants];
    for r in results.iter().filter(|r| r.games > 0) {
        wins[r.a] += r.score + 0.5;
        wins[r.b] += f64::from(r.games) - r.score + 0.5;
    }
    for _ in 0..10_000 {
        let mut next = vec![0.0f64; entrants];
        let mut denom = vec![0.0f64; entrants];
        for r in results.iter().filter(|r| r.games > 0) {
            let n = f64::from(r.games) + 1.0;
            let d = n / (gamma[r.a] + gamma[r.b]);
            denom[r.a] += d;
            denom[r.b] += d;
        }
        for i in 0..entrants {
            next[i] = if denom[i] > 0.0 {
                wins[i] / denom[i]
            } else {
                1.0
            };
        }
        // Keep the scale fixed: geometric mean 1.
        let log_mean = next.iter().map(|g| g.ln()).sum::<f64>() / entrants as f64;
        let mut change = 0.0f64;
        for i in 0..entrants {
            let g = (next[i].ln() - log_mean).exp();
            change = change.max((g / gamma[i]).ln().abs());
            gamma[i] = g;
        }
        if change < 1e-10 {
            break;
        }
    }
    gamma.iter().map(|g| ANCHOR + 400.0 * g.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_fit_recovers_the_gap_of_a_known_share() {
        // 76% is about 200 Elo; the virtual draw pulls it in a little.
        let r = elo_fit(
            2,
            &[Pairing {
                a: 0,
                b: 1,
                games: 1000,
                score: 760.0,
            }],
        );
        let gap = r[0] - r[1];
        assert!((gap - 200.0).abs() < 5.0, "{gap}");
        assert!((r[0] + r[1] - 2.0 * ANCHOR).abs() < 1e-6);
    }

    #[test]
    fn elo_fit_chains_through_neighbours_and_survives_a_sweep() {
        let results = [
            Pairing {
                a: 1,
                b: 0,
                games: 100,
                score: 64.0,
            },
            Pairing {
                a: 2,
                b: 1,
                games: 100,
                score: 100.0,
            },
        ];
        let r = elo_fit(3, &results);
        assert!(r[0] < r[1] && r[1] < r[2], "{r:?}");
        assert!(r.iter().all(|x| x.is_finite()));
        assert!(r[2] - r[1] > r[1] - r[0], "a sweep is a larger gap");
    }
}
