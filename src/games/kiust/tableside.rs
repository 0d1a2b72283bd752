//! Kiust Oyun at a tavern's table: the stick a cheat turns over, the throw lost to a cheat
//! seen, and the odds of the first-turn throws.

use super::{AllRound, Kiust, Throw, first};
use crate::games::{CheatMove, Played, Seat, Tableside};

impl Tableside for Kiust {
    fn first_turn_odds(players: usize) -> Vec<f64> {
        first::odds(players)
    }

    /// A stick turned over before the throw is played: the throw of one flat side more or
    /// fewer (6 is three flat sides, 3 two, 2 one, 6x4 or 4 none), when the new throw has
    /// a move (a kiust, four flat sides, would be no move at all: not worth the risk).
    fn cheats(&self, _seat: Seat, out: &mut Vec<CheatMove<Self>>) {
        let Some(t) = self.throw else {
            return;
        };
        let full = if t == Throw::FourSixes { 4 } else { 1 };
        if self.left != full || self.result.is_some() {
            return;
        }
        let none = match self.options.all_round {
            AllRound::Four => Throw::Four,
            AllRound::FourSixes => Throw::FourSixes,
        };
        let ladder = [none, Throw::Two, Throw::Three, Throw::Six];
        let Some(at) = ladder.iter().position(|&x| x == t) else {
            return;
        };
        for other in [at.checked_sub(1), Some(at + 1)].into_iter().flatten() {
            let Some(&n) = ladder.get(other) else {
                continue;
            };
            let mut after = *self;
            after.throw = Some(n);
            after.left = if n == Throw::FourSixes { 4 } else { 1 };
            if after.can_move() {
                out.push(CheatMove {
                    after,
                    kind: super::TURN_STICK,
                    // The throw as it was and as the stick made it.
                    at: Played::new((t, n), format!("{t} to {n}")),
                    boldness: 0.4,
                });
            }
        }
    }

    /// The throw in play is lost, the right with it, and the other player throws.
    fn lose_turn(&self) -> Option<Self> {
        let mut after = *self;
        after.end_turn(&mut ());
        Some(after)
    }
}
