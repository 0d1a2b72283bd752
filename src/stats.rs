//! The statistics every report shares: one 95% interval for a proportion, so the ladder,
//! the bookie's board and the audit state their ranges the same way.

/// The z of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval (95%) for `hits` out of `n`: `(low, high)`. `hits` may be a
/// half-integer (a draw counted half a win). With no trials at all it is `(0, 1)`.
#[must_use]
pub fn wilson(hits: f64, n: u64) -> (f64, f64) {
    wilson_at(hits, n, Z95)
}

/// The Wilson score interval at another `z` (an audit of many outcomes widens it).
#[must_use]
pub fn wilson_at(hits: f64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = (hits / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At z = 1.96 the general interval is the 95% one; a larger z is wider both ways
    /// (a hand count: 7 of 20 at z = 1.96 is 18.1%-56.7%).
    #[test]
    fn the_interval_at_another_z() {
        let (a, b) = wilson_at(7.0, 20, 1.959_964);
        assert!(
            (a - 0.1812).abs() < 1e-3 && (b - 0.5671).abs() < 1e-3,
            "{a} {b}"
        );
        let (c, d) = wilson_at(7.0, 20, 2.807);
        assert!(c < a && d > b);
    }

    #[test]
    fn the_interval_holds_the_share_and_narrows_with_trials() {
        let (lo, hi) = wilson(60.0, 100);
        assert!(lo < 0.6 && 0.6 < hi);
        // Worked by hand from the formula: 0.5020 to 0.6906.
        assert!(
            (lo - 0.5020).abs() < 0.0005 && (hi - 0.6906).abs() < 0.0005,
            "{lo} {hi}"
        );
        let (lo4, hi4) = wilson(240.0, 400);
        assert!(hi4 - lo4 < hi - lo);
        assert_eq!(wilson(0.0, 0), (0.0, 1.0));
        assert_eq!(wilson(0.0, 10).0, 0.0);
        assert!(wilson(10.0, 10).1 > 0.999_999);
    }

    #[test]
    fn the_interval_covers_the_truth_about_95_percent_of_the_time() {
        // An exact check of coverage, no sampling: for n = 200 and p = 0.3, sum the
        // binomial probabilities of every count whose interval holds p.
        let (n, p) = (200u64, 0.3f64);
        let mut coverage = 0.0;
        let mut log_choose = 0.0f64;
        for k in 0..=n {
            if k > 0 {
                log_choose += ((n - k + 1) as f64).ln() - (k as f64).ln();
            }
            let prob = (log_choose + k as f64 * p.ln() + (n - k) as f64 * (1.0 - p).ln()).exp();
            let (lo, hi) = wilson(k as f64, n);
            if lo <= p && p <= hi {
                coverage += prob;
            }
        }
        assert!((0.93..0.97).contains(&coverage), "{coverage}");
    }
}
