//! Piç at a tavern's table: the counter a cheat palms, a turn lost to a cheat seen, and
//! the sowings a match allows.

use super::{Options, Pic};
use crate::games::{CheatMove, GameKind, Place, Played, Seat, StartError, Tableside};

impl Tableside for Pic {
    fn check_for_match(options: &Options) -> Result<(), StartError> {
        StartError::cap_in_match(
            GameKind::Pic,
            "move_cap",
            u64::from(options.move_cap),
            10_000,
        )
    }

    /// A palm: one counter lifted from a heap that is nobody's piç into the mover's store.
    /// Bolder from a small heap, where one counter is missed.
    fn cheats(&self, seat: Seat, out: &mut Vec<CheatMove<Self>>) {
        for h in 0..self.ring() {
            let n = self.heaps[h];
            if n == 0 || self.pics & (1 << h) != 0 {
                continue;
            }
            let mut after = *self;
            after.heaps[h] -= 1;
            after.stores[seat.index()] += 1;
            after.recount();
            out.push(CheatMove {
                after,
                kind: super::PALM,
                // Written "heap 12", as the heap's place is.
                at: Played::step(Place::Heap(h as u8 + 1)),
                boldness: if n <= 3 { 0.6 } else { 0.3 },
            });
        }
    }

    /// The next seat sows; nothing is sown, so the cap's count stands.
    fn lose_turn(&self) -> Option<Self> {
        let mut after = *self;
        after.side = if after.side + 1 == after.players {
            0
        } else {
            after.side + 1
        };
        after.settle(&mut ());
        Some(after)
    }
}
