//! The quantities a table bets on, per game (or round) and per player, derived from the
//! log: score, stones down and home, captures, and who won the first turn with what draw.

use serde::Serialize;

use super::{GameLog, MatchLog, Tally};
use crate::games::Event;

/// What one entrant did in one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EntrantGame {
    /// The entrant's name.
    pub name: String,
    /// Their score at the end (points, counters, stones or pieces left).
    pub score: i32,
    /// What they did, counted from the events.
    #[serde(flatten)]
    pub tally: Tally,
}

/// The first-turn ceremony of a game, as the bets see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstTurnRecord {
    /// Who won the right.
    pub winner: String,
    /// Each draw or throw in order: who, and what they showed (whites drawn, flat sides).
    pub draws: Vec<(String, u8)>,
    /// Whether a lot (a coin) decided it.
    pub by_lot: bool,
}

/// One game (or round) summed up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    /// 1 for the first.
    pub number: u32,
    /// Each entrant's figures, in entrant order.
    pub entrants: Vec<EntrantGame>,
    /// The winners' names.
    pub winners: Vec<String>,
    /// The ceremony that opened it, if it had one.
    pub first_turn: Option<FirstTurnRecord>,
}

impl GameLog {
    /// The first-turn ceremony of this game, if it had one.
    #[must_use]
    pub fn first_turn_record(&self, log: &MatchLog) -> Option<FirstTurnRecord> {
        let name = |i: usize| log.entrants[i].name.clone();
        let mut draws = Vec::new();
        let mut winner = None;
        let mut by_lot = false;
        for e in &self.ceremony {
            match *e {
                Event::FirstThrow { player, flats } => draws.push((name(player.index()), flats)),
                Event::BagDraw { player, whites, .. } => draws.push((name(player.index()), whites)),
                Event::Lot { winner: w } => {
                    by_lot = true;
                    winner = Some(name(w.index()));
                }
                Event::FirstTurn { winner: w } => winner = Some(name(w.index())),
                _ => {}
            }
        }
        winner.map(|winner| FirstTurnRecord {
            winner,
            draws,
            by_lot,
        })
    }
}

impl MatchLog {
    /// Every game summed up, in order.
    #[must_use]
    pub fn summary(&self) -> Vec<GameSummary> {
        self.games
            .iter()
            .map(|g| GameSummary {
                number: g.number,
                entrants: (0..self.entrants.len())
                    .map(|i| {
                        let seat = g.seat_of(i);
                        EntrantGame {
                            name: self.entrants[i].name.clone(),
                            score: g.scores[seat.index()],
                            tally: g.tally(seat),
                        }
                    })
                    .collect(),
                winners: g
                    .winners
                    .iter()
                    .map(|&w| self.entrants[w].name.clone())
                    .collect(),
                first_turn: g.first_turn_record(self),
            })
            .collect()
    }
}
