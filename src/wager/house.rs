//! What the house allows and takes: read by the settlement and by the cheats' rulings
//! (a file of its own, below both, so that neither names the other back).

use serde::Serialize;

use super::purse::Credit;

/// What the house allows and takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HouseRules {
    /// The house's take from each pool, in hundredths of a percent (1000 = 10%).
    pub take_bp: u32,
    /// How far into debt a bettor may go.
    pub credit: Credit,
    /// Whether a caught cheat's bets with the bookie and in the pool are void (the
    /// tavern's `bar_cheats`).
    pub bar_cheats: bool,
    /// Whether a cheat rightly accused has their stakes against others ruled forfeit (the
    /// tavern's `on_cheat = "forfeit-stakes"`; a cheat seen is ruled so in the log itself).
    pub forfeit_stakes: bool,
}
