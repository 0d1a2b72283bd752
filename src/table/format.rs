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
    /// The format a game's match has unless the GM says otherwise: the game's own rule
    /// (Òicustiỳtac: first to 3 rounds), else best of 3.
    #[must_use]
    pub fn default_for(kind: crate::games::GameKind) -> Format {
        kind.facts()
            .match_wins
            .map_or(Format::BestOf(3), Format::FirstTo)
    }

    /// The wins that decide the match outright.
    #[must_use]
    pub fn target(self) -> u32 {
        match self {
            Format::BestOf(n) => n / 2 + 1,
            Format::FirstTo(n) => n,
        }
    }

    /// The most decided games the format means to play at a table of `players`: past it
    /// (only shared wins can take a match there) the match is near its end.
    #[must_use]
    pub fn length(self, players: usize) -> u32 {
        match self {
            Format::BestOf(n) => n,
            // By then someone has n wins, unless wins were shared.
            Format::FirstTo(n) => players as u32 * (n - 1) + 1,
        }
    }

    /// Whether the match is over after `decided` decided games, with `best` the most wins
    /// anyone has and `leaders` how many have that many. A best-of that has run its games
    /// with the lead shared (a table of three or more) plays on until one leads.
    #[must_use]
    pub fn is_decided(self, decided: u32, best: u32, leaders: usize) -> bool {
        (best >= self.target() && leaders == 1)
            || match self {
                Format::BestOf(n) => decided >= n && leaders == 1,
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
        assert!(!Format::BestOf(3).is_decided(2, 1, 2));
        assert!(Format::BestOf(3).is_decided(2, 2, 1));
        assert!(
            Format::BestOf(3).is_decided(3, 1, 1),
            "three decided games end a best of three"
        );
    }

    #[test]
    fn first_to_n_waits_for_n_wins() {
        assert!(!Format::FirstTo(5).is_decided(40, 4, 1));
        assert!(Format::FirstTo(5).is_decided(5, 5, 1));
    }

    #[test]
    fn a_shared_lead_plays_on() {
        assert!(
            !Format::BestOf(3).is_decided(3, 1, 3),
            "three tables of one win each"
        );
        assert!(
            !Format::FirstTo(2).is_decided(3, 2, 2),
            "two reach the target together"
        );
    }
}
