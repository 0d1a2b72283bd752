//! What a Kiust Oyun player reads off a position: pieces left, and how far along their
//! tracks they stand.

use super::board::{ENEMY_INNER, INNER, OWN_INNER, Point};
use super::{Kiust, PIECES};
use crate::games::{Evaluate, Levels, Seat};

impl Kiust {
    /// How far along its track each piece of `side` is, summed: up to a half for the
    /// outer column (by row), three quarters in the own inner row, one in the opponent's.
    fn progress(&self, side: usize) -> f32 {
        let bits = self.pieces[side];
        let inner = (bits & OWN_INNER[side]).count_ones() as f32 * 0.75
            + (bits & ENEMY_INNER[side]).count_ones() as f32;
        let mut outer = bits & !INNER;
        let mut sum = 0.0;
        while outer != 0 {
            let point = Point::from_index(outer.trailing_zeros() as u8);
            outer &= outer - 1;
            sum += f32::from(point.row()) / 24.0;
        }
        inner + sum
    }
}

/// Kiust Oyun's sticks leave a player little to choose, and a bigger search barely
/// helps (the README says why): its levels are the shared table with slips that fall as
/// they climb, so that the levels keep their order. Its opening book keeps moves within
/// 0.03 of the best.
const LEVELS: Levels = Levels {
    table: Levels::with_slips(
        Levels::SHARED,
        [0.95, 0.6, 0.45, 0.35, 0.25, 0.18, 0.12, 0.06, 0.02, 0.0],
    ),
    stop_share: 1.0,
    opening_margin: 0.03,
};

impl Evaluate for Kiust {
    const LEVELS: Levels = LEVELS;

    fn heuristic(&self, seat: Seat) -> f32 {
        let me = seat.index() & 1;
        let material =
            self.pieces[me].count_ones() as f32 - self.pieces[1 - me].count_ones() as f32;
        let progress = self.progress(me) - self.progress(1 - me);
        let pieces = PIECES as f32;
        (material / pieces * 0.8 + progress / pieces * 0.2).clamp(-1.0, 1.0)
    }

    /// The seat's pieces' mean progress along their track (see `progress`).
    fn advance(&self, seat: Seat) -> f32 {
        let me = seat.index() & 1;
        let count = self.pieces[me].count_ones();
        if count == 0 {
            return 0.0;
        }
        self.progress(me) / count as f32
    }

    /// Kiust Oyun's cap counts every turn and the pieces left decide; no rule draws a
    /// game for want of progress.
    fn moves_to_draw(&self) -> Option<u32> {
        None
    }
}
