//! How a game of Piç ends, besides the ends every game shares.

use crate::games::{End, EndInfo};

/// Nobody can move; the counters decide.
pub const NO_MOVES: End = End::of(&EndInfo {
    key: "no-moves",
    word: "no moves left",
    how: "when the moves ran out",
    how_at_target: None,
    always_drawn: false,
    made_at_a_place: false,
    listed_before: "cap",
});
