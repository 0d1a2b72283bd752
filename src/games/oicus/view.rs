//! Read-only views of a position for readers outside the rules (board diagrams).

use super::Oicus;
use crate::games::Seat;

impl Oicus {
    /// The side to move, or, once the round is over, the side that would have moved next.
    #[must_use]
    pub fn side_to_move(&self) -> Seat {
        Seat(self.side)
    }

    /// Turns after which the round ends and the score decides (0 for no cap), as the rule
    /// options say.
    #[must_use]
    pub fn turn_cap(&self) -> u16 {
        self.options.turn_cap
    }
}
