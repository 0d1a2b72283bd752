//! Counting what each seat did in a game: the figures the result tables show and the side
//! bets settle on, from one count. Who is credited with what is the game's own word
//! ([`Event::credit`]); points are the game's score at the end.

use super::GameLog;
use crate::games::{Event, GameKind, Seat, Tally};

impl GameLog {
    /// How much of `tally` `seat` has in this game.
    #[must_use]
    pub fn tally(&self, seat: Seat, tally: Tally) -> i64 {
        if tally == Tally::Points {
            return self.scores.get(seat.index()).copied().map_or(0, i64::from);
        }
        self.events()
            .filter_map(|(_, e): (usize, &Event)| e.credit())
            .filter(|&(s, t, _)| s == seat && t == tally)
            .map(|(_, _, n)| i64::from(n))
            .sum()
    }

    /// The counted tallies of a seat worth a column in this game: the game's tallies other
    /// than its score (which the standing shows), each that anyone at the table scored.
    #[must_use]
    pub fn tally_figures(&self, kind: GameKind, seat: Seat) -> Vec<(&'static str, i64)> {
        let seats = (0..self.seats.len()).map(|s| Seat(s as u8));
        kind.facts()
            .tallies
            .iter()
            .copied()
            .filter(|&t| t != Tally::Points)
            .filter(|&t| seats.clone().any(|s| self.tally(s, t) > 0))
            .map(|t| (t.word(), self.tally(seat, t)))
            .collect()
    }
}
