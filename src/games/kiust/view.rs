//! Read-only views of a position for readers outside the rules (board diagrams).

use super::{Kiust, Point};
use crate::games::Seat;

impl Kiust {
    /// Whose piece stands on `point`, if any.
    #[must_use]
    pub fn piece_at(&self, point: Point) -> Option<Seat> {
        (0..2u8)
            .find(|&s| self.pieces[usize::from(s)] & point.bit() != 0)
            .map(Seat)
    }

    /// The player whose turn it is (to throw or to move), or, once the game is over, the
    /// one who would have been next.
    #[must_use]
    pub fn side_to_move(&self) -> Seat {
        Seat(self.side)
    }
}
