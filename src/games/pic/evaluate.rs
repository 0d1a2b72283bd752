//! What a Piç player reads off a position: counters kept for good against counters still
//! on the move.

use super::Pic;
use crate::games::{Evaluate, Levels, Rules, Seat};

/// What a counter in a player's own heap is worth to the heuristic, against one kept.
const HEAP_WEIGHT: f32 = 0.15;
/// What owning a piç is worth to the heuristic, in kept counters, beyond what it holds.
const PIC_WORTH: f32 = 8.0;

/// Piç's levels slip less as they climb: with the shared budgets alone, levels 1 and 2,
/// and 9 and 10, played alike. Its top levels search less than the shared table's, and
/// level 10 stops sooner (a stop share of 0.3): two level-10 players give nothing away,
/// most of their games are drawn and replayed and run long, and a default match must
/// still end within 2 s (with 4,096 playouts a move it took 3 to 6 s). Level 10 with
/// 2,000 still beat the baseline four games in five. Its opening book keeps moves within
/// 0.15 of the best.
const LEVELS: Levels = {
    let mut table = Levels::with_slips(
        Levels::SHARED,
        [0.95, 0.62, 0.4, 0.3, 0.2, 0.15, 0.09, 0.05, 0.02, 0.0],
    );
    table[8].iterations = 1_000;
    table[9].iterations = 2_000;
    Levels {
        table,
        stop_share: 0.3,
        opening_margin: 0.15,
    }
};

impl Evaluate for Pic {
    const LEVELS: Levels = LEVELS;

    fn heuristic(&self, seat: Seat) -> f32 {
        if let Some(outcome) = self.result {
            return (2.0 * outcome.reward(seat, self.players()) - 1.0) as f32;
        }
        // Counters in a player's own heaps are still on the move (the next sowing carries
        // most of them away), so they count for little; counters in a piç or a store are
        // kept for good, and a piç goes on earning from every sowing that passes it, worth
        // about eight counters. (Tuned against the plain baseline with `examples/tools/tune.rs`:
        // counting heaps in full, the levels lost to it two games in three.)
        let total = self.total().max(1) as f32;
        let value = |s: u8| {
            HEAP_WEIGHT * self.in_heaps(Seat(s)) as f32
                + self.in_pics(Seat(s)) as f32
                + f32::from(self.store(Seat(s)))
                + PIC_WORTH * self.pics_of(s).count_ones() as f32
        };
        let mine = value(seat.0);
        let best = (0..self.players)
            .filter(|&s| s != seat.0)
            .map(value)
            .fold(f32::NEG_INFINITY, f32::max);
        ((mine - best) / total * 3.0).clamp(-1.0, 1.0)
    }

    /// A ring of heaps has no front: counters sown leave the sower's hands.
    fn advance(&self, _seat: Seat) -> f32 {
        0.0
    }

    /// Piç's cap scores the game as it stands; no rule draws it for want of progress.
    fn moves_to_draw(&self) -> Option<u32> {
        None
    }
}
