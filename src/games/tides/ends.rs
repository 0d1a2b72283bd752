//! How a game of Tides of War ends, besides the ends every game shares.

use crate::games::{End, EndInfo};

/// A stone entered the enemy town.
pub const CONQUEST: End = End::of(&EndInfo {
    key: "conquest",
    word: "conquest",
    how: "by conquest",
    how_at_target: None,
    always_drawn: false,
    made_at_a_place: true,
    listed_before: "cap",
});

/// The last enemy stone was captured.
pub const MASSACRE: End = End::of(&EndInfo {
    key: "massacre",
    word: "massacre",
    how: "by massacre",
    how_at_target: None,
    always_drawn: false,
    made_at_a_place: true,
    listed_before: "cap",
});

/// The side to move had no legal move and lost.
pub const BLOCKADE: End = End::of(&EndInfo {
    key: "blockade",
    word: "blockade",
    how: "by blockade",
    how_at_target: None,
    always_drawn: false,
    made_at_a_place: false,
    listed_before: "cap",
});

/// Too long without a capture; drawn.
pub const TRUCE: End = End::of(&EndInfo {
    key: "truce",
    word: "truce",
    how: "in a truce",
    how_at_target: None,
    always_drawn: true,
    made_at_a_place: false,
    listed_before: "cap",
});
