//! What every bench shares: timing the best of several runs.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Runs `f` `runs` times and returns the fastest run's time and the last result.
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let out = black_box(f());
        best = best.min(t.elapsed());
        last = Some(out);
    }
    (best, last.expect("at least one run"))
}
