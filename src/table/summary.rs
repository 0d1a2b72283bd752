//! The quantities a table bets on, per game (or round) and per player, derived from the
//! log: score, stones down and home, captures, and who won the first turn with what draw.

use serde::Serialize;

use std::collections::BTreeMap;

use super::{GameLog, MatchLog, Who};
use crate::games::{Event, Tally};

/// What one entrant did in one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EntrantGame {
    /// The entrant's name.
    pub name: String,
    /// Their score at the end (points, counters, stones or pieces left).
    pub score: i32,
    /// Each tally the game keeps (its points, captures, stones down and home, kiusts),
    /// counted as the bets count them.
    #[serde(flatten)]
    pub tallies: BTreeMap<Tally, i64>,
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
    /// What the draws count: "flats" (sides of the sticks), "whites" (stones from the
    /// bag), or "" when there were none.
    #[serde(skip)]
    pub counted: &'static str,
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
        let mut counted = "";
        for e in &self.ceremony {
            if let Some((player, count, what)) = e.ceremony_draw() {
                counted = what;
                draws.push((name(player.index()), count));
                continue;
            }
            match *e {
                Event::Lot { winner: w } => {
                    by_lot = true;
                    winner = Some(name(w.index()));
                }
                Event::FirstTurn { winner: w } => winner = Some(name(w.index())),
                // Only the ceremony's own events come before a game.
                _ => debug_assert!(!e.is_ceremony(), "a ceremony's event unread: {e:?}"),
            }
        }
        winner.map(|winner| FirstTurnRecord {
            winner,
            draws,
            by_lot,
            counted,
        })
    }
}

impl MatchLog {
    /// Who won the right to the first turn at the match's opening ceremony (by the order
    /// the match named them), if it had one.
    #[must_use]
    pub fn first_turn_winner(&self) -> Option<Who> {
        // The ceremony names players in the order they were named, not seats.
        self.first_ceremony()
            .iter()
            .rev()
            .find_map(|e| e.first_turn_to().map(|s| Who::nth(s.index())))
    }

    /// Every game summed up, in order.
    #[must_use]
    pub fn summary(&self) -> Vec<GameSummary> {
        self.games
            .iter()
            .map(|g| GameSummary {
                number: g.number,
                entrants: self
                    .everyone()
                    .map(|i| {
                        let seat = g.seat_of(i);
                        EntrantGame {
                            name: self.entrant(i).name.clone(),
                            score: g.scores[seat.index()],
                            tallies: self
                                .game
                                .facts()
                                .tallies
                                .iter()
                                .map(|&t| (t, g.tally(seat, t)))
                                .collect(),
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
