//! Read-only views of a position for readers outside the rules (board diagrams).

use super::Tides;
use crate::games::Seat;

impl Tides {
    /// Whose stone stands on the square of `file` (0 is `a`) and `rank` (1 to 6), if any.
    #[must_use]
    pub fn stone_at(&self, file: u8, rank: u8) -> Option<Seat> {
        if file >= 6 || !(1..=6).contains(&rank) {
            return None;
        }
        let bit = 1u64 << ((rank - 1) * 6 + file);
        (0..2u8)
            .find(|&s| self.stones[usize::from(s)] & bit != 0)
            .map(Seat)
    }

    /// The side to move, or, once the game is over, the side that would have moved next.
    #[must_use]
    pub fn side_to_move(&self) -> Seat {
        Seat(self.side)
    }

    /// Plies without a capture after which the game is drawn (0 = never), as the rule
    /// options say.
    #[must_use]
    pub fn truce_after(&self) -> u16 {
        self.options.truce_after
    }
}
