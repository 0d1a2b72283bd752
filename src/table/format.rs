//! Match formats: how many games, and when a match is decided.

use std::fmt;

use serde::Serialize;

/// How long a match lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// At most `n` decided games; a majority wins early.
    BestOf(u32),
    /// The first to win `n` games.
    FirstTo(u32),
}

impl Format {
    /// The wins that decide the match outright.
    #[must_use]
    pub fn target(self) -> u32 {
        match self {
            Format::BestOf(n) => n / 2 + 1,
            Format::FirstTo(n) => n,
        }
    }

    /// Whether the match is over after `decided` decided games, with `best` the most wins
    /// anyone has.
    #[must_use]
    pub fn is_decided(self, decided: u32, best: u32) -> bool {
        best >= self.target()
            || match self {
                Format::BestOf(n) => decided >= n,
                Format::FirstTo(_) => false,
            }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Format::BestOf(n) => write!(f, "best of {n}"),
            Format::FirstTo(n) => write!(f, "first to {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_of_three_is_won_by_two_wins() {
        assert_eq!(Format::BestOf(3).target(), 2);
        assert!(!Format::BestOf(3).is_decided(2, 1));
        assert!(Format::BestOf(3).is_decided(2, 2));
        assert!(
            Format::BestOf(3).is_decided(3, 1),
            "three decided games end a best of three"
        );
    }

    #[test]
    fn first_to_n_waits_for_n_wins() {
        assert!(!Format::FirstTo(5).is_decided(40, 4));
        assert!(Format::FirstTo(5).is_decided(5, 5));
    }
}
