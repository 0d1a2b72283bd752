//! A bet placed at the table: who backs what, for how much, and with whom.

use serde::Serialize;

use super::market::{Market, Side};
use super::money::{Currency, Money};
use super::price::Odds;
use super::thing::{Thing, show_stake};

/// With whom a bet is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Book {
    /// The house bookie, at a fixed price struck when the bet was placed.
    Bookie(Odds),
    /// The house pool of the bet's market: everyone who backed the winner shares it, less
    /// the house's take.
    Pool,
    /// A private wager between characters: the bets of one group put their stakes in one
    /// pot, and those whose side wins take it.
    Stakes(u32),
}

/// One character's bet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bet {
    /// The bettor's name (a character's).
    pub bettor: String,
    /// The question.
    pub market: Market,
    /// The side backed.
    pub side: Side,
    /// The coins they put up (none when they stake only a thing).
    pub stake: Money,
    /// The thing they put up, in a stake between characters: it passes whole to the
    /// winning side and counts in no sum of money.
    pub thing: Option<Thing>,
    /// With whom.
    pub book: Book,
}

impl Bet {
    /// What the bet puts up, in words: `3 gp`, `“her silver locket”` or `nothing`.
    #[must_use]
    pub fn staked(&self, currency: Currency) -> String {
        show_stake(self.stake, self.thing.as_ref(), currency)
    }
}
