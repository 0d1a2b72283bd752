//! Variety over an evening of matches: the brief telling's opening turns with the seed
//! through every greeting at the table, and a kind of moment already told in a match
//! weighs less the next time, so one kind (a comeback) does not tell every game.

use super::{Narrator, Spotted};
use crate::roster::VoiceMoment;
use crate::table::Who;

/// How much lighter a moment is for each line of its kind the match has told already: a
/// second comeback (72) falls below a telling line's weight, and a second capture is
/// told only when it is twice as big.
const REPEAT: u32 = 12;

impl Narrator<'_> {
    /// The greeting that opens a brief telling, turning with the seed. The first two at
    /// the table take turns (seed by seed), each through their own lines in a spread-out
    /// order (a Weyl sequence: line `len * frac(t / golden ratio)` at their `t`-th turn),
    /// the same at every table size; at a bigger table the others take some of the turns.
    /// Thirty seeds in a row open with no line more than three times, at one game or
    /// across the games.
    pub(super) fn opening_greeting(&mut self) -> Option<String> {
        let n = self.log.entrants.len() as u64;
        if n == 0 {
            return None;
        }
        let seed = self.log.seed;
        let q = seed / 2;
        let (who, turn) = if n <= 2 || q % n < 2 {
            (seed % 2 % n, q)
        } else {
            (q % n, q / n)
        };
        (0..n).find_map(|k| {
            let who = Who::nth(((who + k) % n) as usize);
            let pool = self.voice_pool(who, VoiceMoment::Greeting);
            (!pool.is_empty())
                .then(|| pool[spread(turn, pool.len())])
                .and_then(|pick| self.voice_at(who, VoiceMoment::Greeting, pick))
        })
    }

    /// A moment weighed down by [`REPEAT`] for each line of its kind told in the match.
    pub(super) fn weighed_down(&self, mut m: Spotted) -> Spotted {
        let told = self.facts.iter().filter(|f| f.key == m.key).count();
        let less = REPEAT.saturating_mul(u32::try_from(told).unwrap_or(u32::MAX));
        m.weight = m.weight.saturating_sub(less);
        m
    }
}

/// The `turn`-th of `len` in a spread-out order: `len * frac(turn / golden ratio)`, so
/// that turns in a row land far apart and no stretch of turns keeps to a few.
fn spread(turn: u64, len: usize) -> usize {
    // 2^64 divided by the golden ratio, Fibonacci hashing's multiplier.
    const PHI: u64 = 0x9E37_79B9_7F4A_7C15;
    let frac = u128::from(turn.wrapping_mul(PHI));
    usize::try_from((frac * len as u128) >> 64).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::spread;

    /// Thirteen turns over eight lines: each line at most twice (a rotation would give
    /// some twice too; a spread never three times in so few), and every line used.
    #[test]
    fn a_spread_visits_every_line_evenly() {
        let mut hits = [0; 8];
        for t in 0..13 {
            hits[spread(t, 8)] += 1;
        }
        assert!(hits.iter().all(|&h| (1..=2).contains(&h)), "{hits:?}");
        assert_eq!(spread(0, 8), 0);
        assert_eq!(spread(1, 8), 4, "0.618 of 8");
    }
}
