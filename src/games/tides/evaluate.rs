//! What a Tides of War player reads off a position: material and the race to the towns.

use super::{STONES, Tides};
use crate::games::{Evaluate, Levels, Seat};

/// Tides of War plays the shared table with smaller budgets at the top (700, 1,200 and
/// 2,000 playouts for levels 8 to 10, not 1,000, 2,000 and 4,096): two level-10 players
/// often agree a truce, the drawn games are replayed, and with 4,096 playouts one match
/// in ten took over 2 s. Its opening book keeps moves within 0.05 of the best.
const LEVELS: Levels = {
    let mut table = Levels::SHARED;
    table[7].iterations = 700;
    table[8].iterations = 1_200;
    table[9].iterations = 2_000;
    Levels {
        table,
        stop_share: 1.0,
        opening_margin: 0.05,
    }
};

impl Evaluate for Tides {
    const LEVELS: Levels = LEVELS;

    fn heuristic(&self, seat: Seat) -> f32 {
        let me = seat.index();
        let material =
            self.stones[me].count_ones() as f32 - self.stones[1 - me].count_ones() as f32;
        // How near each side's nearest stone stands to the enemy town (king distance).
        let reach = |side: usize| {
            let town = Self::town(1 - side as u8);
            let mut bb = self.stones[side];
            let mut best = 6;
            while bb != 0 {
                let sq = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                let dist = (sq % 6).abs_diff(town % 6).max((sq / 6).abs_diff(town / 6));
                best = best.min(dist);
            }
            f32::from(best)
        };
        let threat = reach(1 - me) - reach(me);
        (material / STONES as f32 * 0.8 + threat / 5.0 * 0.2).clamp(-1.0, 1.0)
    }

    /// The seat's stones' mean nearness to the enemy town: 1 − (king distance) / 5.
    fn advance(&self, seat: Seat) -> f32 {
        let side = seat.index();
        let town = Self::town(1 - side as u8);
        let mut bb = self.stones[side];
        if bb == 0 {
            return 0.0;
        }
        let count = bb.count_ones() as f32;
        let mut sum = 0u32;
        while bb != 0 {
            let sq = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            sum += u32::from((sq % 6).abs_diff(town % 6).max((sq / 6).abs_diff(town / 6)));
        }
        (1.0 - sum as f32 / count / 5.0).clamp(0.0, 1.0)
    }

    fn moves_to_draw(&self) -> Option<u32> {
        let after = self.options.truce_after;
        (after > 0).then(|| u32::from(after.saturating_sub(self.quiet)))
    }
}
