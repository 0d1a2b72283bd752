//! How a round of Òicustiỳtac ends, besides the ends every game shares.

use crate::games::{End, EndInfo};

/// A player reached 21 points.
pub const POINTS: End = End::of(&EndInfo {
    key: "points",
    word: "21 points",
    how: "on points",
    how_at_target: Some("at {target} points"),
    always_drawn: false,
    made_at_a_place: false,
    listed_before: "resigned",
});

/// Both passed in turn; the score decides.
pub const STALLED: End = End::of(&EndInfo {
    key: "stalled",
    word: "stalled",
    how: "when play stalled",
    how_at_target: None,
    always_drawn: false,
    made_at_a_place: false,
    listed_before: "resigned",
});
