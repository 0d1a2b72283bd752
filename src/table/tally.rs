//! Counting what each seat did in a game, from its events alone: the figures the result
//! tables show and the side bets settle on.

use serde::Serialize;

use super::GameLog;
use crate::games::event::Throw;
use crate::games::{Event, Seat};

/// Reads one figure of a tally.
type Figure = fn(&Tally) -> u32;

/// What one seat did in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Stones or pieces of others it captured (Tides of War jumps, Kiust Oyun captures,
    /// Piç even captures).
    pub captured: u32,
    /// Heaps it claimed as piç.
    pub claims: u32,
    /// Opposing stones brought down for it (Òicustiỳtac), its own overflow given to it by
    /// the opponent included.
    pub brought_down: u32,
    /// Its stones brought home.
    pub brought_home: u32,
    /// Kiusts it threw.
    pub kiusts: u32,
    /// Times it passed.
    pub passes: u32,
}

impl GameLog {
    /// What `seat` did in this game.
    #[must_use]
    pub fn tally(&self, seat: Seat) -> Tally {
        let mut t = Tally::default();
        for (_, e) in self.events() {
            match *e {
                Event::Capture { by, count, .. } if by == seat => t.captured += u32::from(count),
                Event::Claim { by, .. } if by == seat => t.claims += 1,
                // Stones of the victim brought down score for the victim's opponent.
                Event::BringDown { victim, count, .. } if victim != seat => {
                    t.brought_down += u32::from(count)
                }
                Event::BringHome { by, .. } if by == seat => t.brought_home += 1,
                Event::Throw {
                    by,
                    throw: Throw::Kiust,
                } if by == seat => t.kiusts += 1,
                Event::Pass { by } if by == seat => t.passes += 1,
                _ => {}
            }
        }
        t
    }

    /// The figures of a seat's tally worth a column in this game (those anyone scored).
    #[must_use]
    pub fn tally_figures(&self, seat: Seat) -> Vec<(&'static str, u32)> {
        let all: Vec<Tally> = (0..self.seats.len())
            .map(|s| self.tally(Seat(s as u8)))
            .collect();
        let mine = all[seat.index()];
        let any = |f: fn(&Tally) -> u32| all.iter().any(|t| f(t) > 0);
        let mut out = Vec::new();
        let fields: [(&'static str, Figure); 4] = [
            ("took", |t| t.captured),
            ("down", |t| t.brought_down),
            ("home", |t| t.brought_home),
            ("kiusts", |t| t.kiusts),
        ];
        for (name, f) in fields {
            if any(f) {
                out.push((name, f(&mine)));
            }
        }
        out
    }
}
