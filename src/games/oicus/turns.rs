//! What a turn does: the actions, then the bring-downs (rule 8). Which turns are legal is
//! `generate.rs`'s business.

use super::actions::{NOWHERE, SUPPLY, board_places};
use super::{EventSink, Move, Oicus, OicusEvent, STONES, TRAP_LIMIT};
use crate::games::Seat;

impl Oicus {
    /// Plays the actions of a turn (not a pass) and the bring-downs after it.
    pub(super) fn apply(&mut self, mv: Move, events: &mut impl EventSink) {
        let side = self.side;
        let me = usize::from(side);
        let by = Seat(side);
        let (acts, n) = mv.actions();
        let mut into = 0u32;
        for &(a, count) in &acts[..n] {
            let (source, dest) = board_places(a, side);
            if source == SUPPLY {
                self.supply[me] -= count;
            } else {
                self.stones[me][source] -= count;
            }
            if dest == NOWHERE {
                self.points[me] += 2 * count;
                let at = Oicus::place(source);
                events.emit(OicusEvent::BringHome { by, at }.into());
            } else {
                self.stones[me][dest] += count;
                into |= 1 << dest;
                if source == SUPPLY {
                    let at = Oicus::place(dest);
                    events.emit(OicusEvent::Whelp { by, at }.into());
                }
            }
        }
        for_each_bit(into, |d| self.bring_down(d, events));
    }

    /// Cuts the trap `d` back to five stones (rule 8): the opponent's stones first, 3
    /// points each to the mover; then the mover's own, 3 points each to the opponent.
    fn bring_down(&mut self, d: usize, events: &mut impl EventSink) {
        let me = usize::from(self.side);
        let them = 1 - me;
        let mut excess = (self.stones[0][d] + self.stones[1][d]).saturating_sub(TRAP_LIMIT);
        if excess == 0 {
            return;
        }
        for victim in [them, me] {
            let count = excess.min(self.stones[victim][d]);
            if count == 0 {
                continue;
            }
            self.stones[victim][d] -= count;
            self.points[1 - victim] += 3 * count;
            excess -= count;
            events.emit(
                OicusEvent::BringDown {
                    by: Seat(self.side),
                    victim: Seat(victim as u8),
                    scorer: Seat(1 - victim as u8),
                    at: Oicus::place(d),
                    count,
                }
                .into(),
            );
        }
        debug_assert!(self.stones[me][d] + self.stones[them][d] <= TRAP_LIMIT);
        debug_assert!(self.supply[me] <= STONES);
    }
}

/// Calls `f` with the index of every set bit of `mask`, lowest first.
fn for_each_bit(mut mask: u32, mut f: impl FnMut(usize)) {
    while mask != 0 {
        f(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
}
