//! Òicustiỳtac at a tavern's table: the stone too many a cheat slips in, rule 2's stone
//! brought down for a cheat seen, the turns a match allows, and the odds of the draw from
//! the bag for the first turn.

use super::{Oicus, Options, POINTS, TRAPS, first};
use crate::games::{
    CheatMove, GameKind, Outcome, Played, Rules, Seat, StartError, Tableside, Turn,
};

impl Tableside for Oicus {
    fn check_for_match(options: &Options) -> Result<(), StartError> {
        StartError::cap_in_match(
            GameKind::Oicustiytac,
            "turn_cap",
            u64::from(options.turn_cap),
            3000,
        )
    }

    fn first_turn_odds(players: usize) -> Vec<f64> {
        first::odds(players)
    }

    /// More stones than permitted (rule 2): one action more, by a stone of the mover's,
    /// slipped in before the turn's lawful ones (a whelp, a stone moved: anything a turn of
    /// one action could do, bring-downs and all), the mover still to move.
    fn cheats(&self, seat: Seat, out: &mut Vec<CheatMove<Self>>) {
        if self.turn() != Turn::Seat(seat) {
            return;
        }
        let mut turns = Vec::new();
        self.legal_moves(&mut turns);
        for mv in turns {
            let text = mv.to_string();
            if mv.is_pass() || text.contains('+') || text.starts_with('3') {
                continue;
            }
            let mut after = *self;
            after.play_unchecked(mv, &mut ());
            if after.result.is_some() {
                continue;
            }
            after.side = self.side;
            after.turns = self.turns;
            after.passed = self.passed;
            out.push(CheatMove {
                after,
                kind: super::EXTRA_STONE,
                // The move slipped in, written in the game's notation.
                at: Played::new(mv, text),
                // One stone more among the turn's busy hands: easy to miss, a whelp
                // easiest.
                boldness: if mv.to_string().starts_with('W') {
                    0.1
                } else {
                    0.15
                },
            });
        }
    }

    /// Rule 2: `by` brings down one of `victim`'s stones from any trap, 3 points to `by`
    /// as rule 8 scores a stone brought down; 21 points end the round there.
    fn penalties(&self, by: Seat, victim: Seat, out: &mut Vec<(Self, Played)>) {
        let (b, v) = (by.index(), victim.index());
        for i in 0..TRAPS {
            if self.stones[v][i] == 0 {
                continue;
            }
            let mut after = *self;
            after.stones[v][i] -= 1;
            after.points[b] = after.points[b].saturating_add(3);
            if after.points[b] >= 21 {
                after.result = Some(Outcome::win(by, POINTS));
            }
            let land = if i < 10 { "Black's" } else { "White's" };
            let text = format!("{land} trap {}", i % 10 + 1);
            out.push((after, Played::new(Oicus::place(i), text)));
        }
    }
}
