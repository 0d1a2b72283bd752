//! Cheats at the table: when a character tries one, whether anyone sees it, and what the
//! tavern does about it. The rules engines stay pure: a cheat is a position the table
//! leaves (a valid one), never a move the rules are asked to accept.
//!
//! The chances here are the project's own reading (the sources say nothing): a watcher
//! sees a cheat with chance `boldness × (0.15 + 0.85 × eye/10) × (1.15 − 0.9 × level/10)`,
//! at most 0.95, each watcher on their own; a cheat of skill 10 is four times harder to
//! see than one of skill 1, a watcher of eye 10 nearly seven times sharper than one of 0.
//! A character cheats when the gain it expects outweighs the risk: the gain is how much
//! better its best move looks after the cheat (one ply, the game's heuristic); the risk
//! is the chance of being seen times what being seen costs under the tavern's rule.
//! Honesty 0 cheats whenever it pays; honesty `h` from 1 to 9 does so on a paying turn
//! with chance `(10 − h) / 10`; honesty 10 never considers it, and draws nothing from the
//! table's generator, so an honest table replays exactly as it did before cheats existed.

use super::TableRules;
use crate::ai::TableRng;
use crate::games::{CheatMove, Game, Seat};
use crate::roster::tavern::OnCheat;

/// How a seat's occupant behaves at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Manners {
    /// 0 (cheats whenever it pays) to 10 (never).
    pub honesty: u8,
    /// 0 to 10: how well they spot a cheat.
    pub eye: u8,
    /// Their skill as a rough level, 1 to 10: a skilled hand is harder to see.
    pub level: u8,
}

/// The table's watch over one game: each seat's manners and the tavern's rules.
#[derive(Clone, Debug)]
pub struct Watch {
    /// By seat.
    pub manners: Vec<Manners>,
    /// The entrant at each seat.
    pub who: Vec<usize>,
    /// The tavern's rules.
    pub rules: TableRules,
}

/// The chance that a watcher of `eye` sees a cheat of `boldness` by a cheat of `level`.
#[must_use]
pub fn seen_chance(boldness: f32, eye: u8, level: u8) -> f64 {
    let b = f64::from(boldness);
    let e = f64::from(eye.min(10)) / 10.0;
    let l = f64::from(level.clamp(1, 10)) / 10.0;
    (b * (0.15 + 0.85 * e) * (1.15 - 0.9 * l)).clamp(0.0, 0.95)
}

/// How good `pos` looks to `seat`, a ply ahead when `seat` is to move: the best of its
/// moves by the game's heuristic (the position's own heuristic otherwise).
fn outlook<G: Game>(pos: &G, seat: Seat, buf: &mut Vec<G::Move>) -> f32 {
    if pos.outcome().is_some() {
        return pos
            .outcome()
            .map_or(0.0, |o| o.reward(seat, pos.players()) as f32);
    }
    buf.clear();
    pos.legal_moves(buf);
    let mut best = f32::NEG_INFINITY;
    for &mv in buf.iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv, &mut ());
        let v = match child.outcome() {
            Some(o) => o.reward(seat, pos.players()) as f32,
            None => child.heuristic(seat),
        };
        best = best.max(v);
    }
    if best == f32::NEG_INFINITY {
        pos.heuristic(seat)
    } else {
        best
    }
}

impl Watch {
    /// A table of `players` honest people of middling eye and skill, under the default
    /// rules: what a person's own cheat meets when nobody set the table's manners.
    #[must_use]
    pub fn plain(players: usize) -> Watch {
        Watch {
            manners: vec![
                Manners {
                    honesty: 10,
                    eye: 5,
                    level: 5,
                };
                players
            ],
            who: (0..players).collect(),
            rules: TableRules::default(),
        }
    }

    /// The chance each other seat sees a cheat of `boldness` by `seat`, by seat.
    #[must_use]
    pub fn chances(&self, seat: Seat, boldness: f32) -> Vec<(Seat, f64)> {
        let level = self.manners[seat.index()].level;
        (0..self.manners.len())
            .filter(|&i| i != seat.index())
            .map(|i| {
                (
                    Seat(i as u8),
                    seen_chance(boldness, self.manners[i].eye, level),
                )
            })
            .collect()
    }

    /// What being seen costs, in the heuristic's units, under the tavern's rule (and
    /// Òicustiỳtac's rule 2, a stone and 3 points): `now` is how the game looks.
    fn cost<G: Game>(&self, now: f32) -> f32 {
        if G::FACTS.rule_two {
            // A stone brought down and 3 points to the opponent: a sizeable blow.
            return 0.15;
        }
        match self.rules.on_cheat {
            OnCheat::TakeBack => 0.02,
            OnCheat::ForfeitStakes => 0.1,
            OnCheat::ForfeitGame => now.max(0.05),
        }
    }

    /// The cheat `seat` would try in `pos` if it tried one: the best by its expected
    /// gain, with that gain (which may be nothing or less).
    pub fn best_cheat<G: Game>(&self, pos: &G, seat: Seat) -> Option<(CheatMove<G>, f32)> {
        let mut cheats = Vec::new();
        pos.cheats(seat, &mut cheats);
        // Only a cheat that leaves the game going with the cheat to move: the table never
        // leaves a position the rules would call over, or one the seat cannot move from.
        let mut moves = Vec::new();
        cheats.retain(|c| {
            moves.clear();
            c.after.legal_moves(&mut moves);
            // ... and one that reads back as the same game going on, so a replay of the
            // log (which sets the position the cheat left) plays on exactly as the table
            // did.
            let reads_back = format!("{:#}", c.after)
                .parse::<G>()
                .is_ok_and(|p| p.turn() == c.after.turn() && p.outcome().is_none());
            c.after.outcome().is_none()
                && c.after.turn() == pos.turn()
                && !moves.is_empty()
                && reads_back
        });
        if cheats.is_empty() {
            return None;
        }
        let mut buf = Vec::new();
        let now = outlook(pos, seat, &mut buf);
        let cost = self.cost::<G>(now);
        cheats
            .into_iter()
            .map(|c| {
                let gain = outlook(&c.after, seat, &mut buf) - now;
                let unseen: f64 = self
                    .chances(seat, c.boldness)
                    .iter()
                    .map(|(_, p)| 1.0 - p)
                    .product();
                let p = (1.0 - unseen) as f32;
                let expected = (1.0 - p) * gain - p * cost;
                (c, expected)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Whether `seat`'s character tries a cheat now, and which: only when it pays, and
    /// for honesty above 0 only sometimes (a draw from `rng`, made only then).
    pub fn tempted<G: Game>(
        &self,
        pos: &G,
        seat: Seat,
        rng: &mut TableRng,
    ) -> Option<CheatMove<G>> {
        let honesty = self.manners[seat.index()].honesty;
        if honesty >= 10 {
            return None;
        }
        let (cheat, expected) = self.best_cheat(pos, seat)?;
        // Worth a try only for a real gain: a hair's breadth is not worth a risk.
        if expected <= 0.005 {
            return None;
        }
        if honesty > 0 {
            let willing = f64::from(10 - honesty) / 10.0;
            if rand::RngExt::random::<f64>(rng) >= willing {
                return None;
            }
        }
        Some(cheat)
    }

    /// Who sees a cheat of `boldness` by `seat`: a draw from `rng` per other seat, in seat
    /// order.
    pub fn watchers(&self, seat: Seat, boldness: f32, rng: &mut TableRng) -> Vec<Seat> {
        self.chances(seat, boldness)
            .into_iter()
            .filter(|&(_, p)| rand::RngExt::random::<f64>(rng) < p)
            .map(|(s, _)| s)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_of_being_seen_falls_with_the_cheat_s_skill_and_rises_with_the_eye() {
        // By hand: 0.5 × (0.15 + 0.85 × 0.8) × (1.15 − 0.9 × 0.2) = 0.5 × 0.83 × 0.97.
        assert!((seen_chance(0.5, 8, 2) - 0.5 * 0.83 * 0.97).abs() < 1e-12);
        for eye in 0..=10 {
            for level in 1..10 {
                assert!(seen_chance(0.5, eye, level + 1) < seen_chance(0.5, eye, level));
            }
        }
        for level in 1..=10 {
            for eye in 0..10 {
                assert!(seen_chance(0.5, eye + 1, level) > seen_chance(0.5, eye, level));
            }
        }
        assert!(seen_chance(1.0, 10, 1) <= 0.95);
        assert!(seen_chance(0.0, 10, 1) == 0.0);
    }
}
