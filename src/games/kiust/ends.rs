//! How a game of Kiust Oyun ends, besides the ends every game shares.

use crate::games::{End, EndInfo};

/// Every piece of the loser was captured.
pub const ALL_CAPTURED: End = End::of(&EndInfo {
    key: "all-captured",
    word: "all captured",
    how: "with every piece taken",
    how_at_target: None,
    always_drawn: false,
    made_at_a_place: true,
    listed_before: "cap",
});
