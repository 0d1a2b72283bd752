//! Who paid whom: a settlement's money movements, net of each bet's stake, for the ledger
//! (worked out from a settlement's lines by `settle`), and the bribes paid before a match.

use std::fmt;

use serde::Serialize;

use super::money::Money;

/// Someone money moves between.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Party {
    /// The tavern: its bookie and its pools.
    House,
    /// A character, by name.
    Character(String),
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Party::House => f.write_str("the house"),
            Party::Character(name) => f.write_str(name),
        }
    }
}

/// Money that changed hands, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Transfer {
    /// Who paid.
    pub from: Party,
    /// Who was paid.
    pub to: Party,
    /// How much.
    pub amount: Money,
    /// Why, as a clause: the payer's bet (or, from the house, the payee's) and how it came
    /// out: "on Old Brannoc to win the match with the bookie at 2 to 1, lost".
    pub why: String,
}

/// A bribe taken and paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Paid {
    /// Who paid, by full name.
    pub payer: String,
    /// Who was paid to lose, by full name.
    pub taker: String,
    /// Whom they are to lose to, by full name.
    pub to: String,
    /// How much.
    pub amount: Money,
}

impl Paid {
    /// Why the money moved, as a clause: "a bribe for Brother Tobin to lose the match to
    /// Plain Jory".
    #[must_use]
    pub fn why(&self) -> String {
        format!(
            "a bribe for {} to lose the match to {}",
            self.taker, self.to
        )
    }
}
