//! Tides of War at a tavern's table: the nudge a cheat tries, a turn lost to a cheat seen,
//! and the truce a match insists on.

use super::{Options, Tides, board};
use crate::games::{CheatMove, GameKind, Place, Played, Seat, StartError, Tableside};

impl Tableside for Tides {
    fn check_for_match(options: &Options) -> Result<(), StartError> {
        StartError::cap_in_match(
            GameKind::TidesOfWar,
            "truce_after",
            u64::from(options.truce_after),
            1000,
        )
    }

    /// A nudge: one of the mover's stones slid to an empty point next to it (never into a
    /// town: the table would see a town taken). Bolder the farther forward it goes.
    fn cheats(&self, seat: Seat, out: &mut Vec<CheatMove<Self>>) {
        let me = seat.index();
        let empty = board::ALL & !(self.stones[0] | self.stones[1]);
        let towns = (1u64 << board::WHITE_TOWN) | (1u64 << board::BLACK_TOWN);
        for d in 0..board::DIRS.len() {
            let mut targets = board::shift(self.stones[me], d) & empty & !towns;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let back = (d + 4) % 8;
                let from = board::shift(1u64 << to, back).trailing_zeros() as u8;
                let mut after = *self;
                after.stones[me] &= !(1u64 << from);
                after.stones[me] |= 1u64 << to;
                out.push(CheatMove {
                    after,
                    kind: super::NUDGE,
                    at: Played::new(
                        (square(from), square(to)),
                        format!("{} to {}", board::name(from), board::name(to)),
                    ),
                    // A slide along the line shows less than one towards the enemy.
                    boldness: if d % 2 == 0 { 0.35 } else { 0.45 },
                });
            }
        }
    }

    /// The other side moves next; the ply counts towards the truce, as a quiet one.
    fn lose_turn(&self) -> Option<Self> {
        let mut after = *self;
        let mover = after.side;
        after.side = 1 - mover;
        after.quiet = after.quiet.saturating_add(1);
        after.settle(mover, &mut ());
        Some(after)
    }
}

/// A point of the board as the table's places name it: the cheat's place is the pair of
/// points the stone slid between.
fn square(sq: u8) -> Place {
    Place::Square {
        file: sq % 6,
        rank: sq / 6 + 1,
    }
}
