//! What Kiust Oyun counts for each player, besides the captures games share.

use crate::games::{Tally, TallyInfo};

/// Kiusts thrown.
pub const KIUSTS: Tally = Tally::of(&TallyInfo {
    word: "kiusts",
    phrase: "to throw more kiusts",
});
