//! What Òicustiỳtac counts for each player, besides the points every game may keep.

use crate::games::{Tally, TallyInfo};

/// Stones brought down, counted for the player who scores them (rule 8).
pub const DOWN: Tally = Tally::of(&TallyInfo {
    word: "down",
    phrase: "to bring down more stones",
});

/// Own stones brought home.
pub const HOME: Tally = Tally::of(&TallyInfo {
    word: "home",
    phrase: "to bring home more stones",
});
