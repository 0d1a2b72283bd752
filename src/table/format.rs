//! Match formats: how many games, and when a match is decided.

use std::fmt;

use super::entrant::Who;
use crate::games::Seating;

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

/// How a match goes from game to game, as `play` runs it and the bookie imagines it: who
/// sits where for each game (by the game's custom for its seats), the wins so far, and
/// when the match is over (the format decided, or more drawn games or undecided extra
/// games than the cap).
#[derive(Clone, Debug)]
pub struct Flow {
    format: Format,
    draw_cap: u32,
    seating: Seating,
    /// Games won by each entrant (a shared win counts for each sharer).
    wins: Vec<u32>,
    decided: u32,
    draws: u32,
    /// The entrant at each seat of the game being played.
    seats: Vec<Who>,
    /// The winners of the game last played, once one has been.
    last: Option<Vec<Who>>,
}

impl Flow {
    /// A match of `players` under `format`, replaying up to `draw_cap` drawn games, seated
    /// as `seating` says.
    #[must_use]
    pub fn new(players: usize, format: Format, draw_cap: u32, seating: Seating) -> Flow {
        Flow {
            format,
            draw_cap,
            seating,
            wins: vec![0; players],
            decided: 0,
            draws: 0,
            seats: Vec::new(),
            last: None,
        }
    }

    /// Whether the next game opens with the first-turn ceremony.
    #[must_use]
    pub fn needs_ceremony(&self) -> bool {
        self.last.is_none() || self.seating == Seating::CeremonyEachGame
    }

    /// Seats the next game: from the named player who won the ceremony when one was held
    /// (see [`Flow::needs_ceremony`]), else as the game's custom passes the seats on.
    pub fn seat(&mut self, ceremony_winner: Option<Who>) -> &[Who] {
        let n = self.wins.len();
        let rotate = |from: &[Who], at: usize| (0..n).map(|k| from[(at + k) % n]).collect();
        self.seats = match (ceremony_winner, self.seating, self.last.as_deref()) {
            (Some(_), _, _) | (None, _, None) => {
                let w = ceremony_winner.map_or(0, Who::index);
                (0..n).map(|k| Who::nth((w + k) % n)).collect()
            }
            (None, Seating::Rotate, Some(_)) => rotate(&self.seats, 1),
            (None, Seating::WinnerFirst, Some([w])) => {
                let at = self.seats.iter().position(|e| e == w).unwrap_or(0);
                rotate(&self.seats, at)
            }
            (None, Seating::WinnerFirst | Seating::CeremonyEachGame, Some(_)) => self.seats.clone(),
        };
        &self.seats
    }

    /// Counts a game won by `winners` (none: drawn); whether the match is over.
    pub fn record(&mut self, winners: &[Who]) -> bool {
        if winners.is_empty() {
            self.draws += 1;
        } else {
            self.decided += 1;
            for &w in winners {
                self.wins[w.index()] += 1;
            }
        }
        self.last = Some(winners.to_vec());
        let n = self.wins.len();
        let best = self.wins.iter().copied().max().unwrap_or(0);
        let leaders = self.wins.iter().filter(|&&w| w == best).count();
        let extra = self.decided.saturating_sub(self.format.length(n));
        self.format.is_decided(self.decided, best, leaders)
            || self.draws > self.draw_cap
            || extra > self.draw_cap
    }

    /// Games won by each entrant, in the order they were named.
    #[must_use]
    pub fn wins(&self) -> &[u32] {
        &self.wins
    }

    /// The match's winners as it stands: those with the most wins, or nobody when every
    /// entrant has as many.
    #[must_use]
    pub fn winners(&self) -> Vec<Who> {
        let n = self.wins.len();
        let best = self.wins.iter().copied().max().unwrap_or(0);
        let top: Vec<Who> = Who::all(n)
            .filter(|w| self.wins[w.index()] == best)
            .collect();
        if top.len() == n { Vec::new() } else { top }
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
