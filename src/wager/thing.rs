//! Stakes that are not money: an item, a favour, an answer ("where the caravan went"),
//! staked between characters. A thing passes whole to the winning side, is told and
//! written in the ledger, and changes no purse; it never enters a sum of money.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::money::{Currency, Money};

/// The longest thing taproom takes, in characters.
pub const MAX_THING: usize = 80;

/// Something staked that is not money, as the GM wrote it: never empty, at most
/// [`MAX_THING`] characters, no control characters, and never an amount of money.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Thing(String);

/// A thing that cannot be staked: why, as a clause.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThingError {
    /// `""`.
    #[error("a thing staked cannot be empty: write what is staked between the quotes")]
    Empty,
    /// Past [`MAX_THING`].
    #[error("a thing staked is at most {MAX_THING} characters, and this one is {0}")]
    TooLong(usize),
    /// A tab, a newline or another control character.
    #[error("a thing staked is one line of plain text, without tabs or control characters")]
    Control,
    /// Money written in quotes.
    #[error("“{0}” is money, not a thing: write an amount without quotes")]
    Money(String),
}

impl FromStr for Thing {
    type Err = ThingError;

    /// The text between the quotes; spaces at either end are left out.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.chars().any(char::is_control) {
            return Err(ThingError::Control);
        }
        let text = text.trim();
        let length = text.chars().count();
        if length == 0 {
            return Err(ThingError::Empty);
        }
        if length > MAX_THING {
            return Err(ThingError::TooLong(length));
        }
        if text.parse::<Money>().is_ok()
            || text.split_whitespace().all(|w| w.parse::<u64>().is_ok())
        {
            return Err(ThingError::Money(text.to_owned()));
        }
        Ok(Thing(text.to_owned()))
    }
}

impl Thing {
    /// The text, as written.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.0
    }

    /// The text in quotation marks, as the narration and the tables write it:
    /// `“where the caravan went”`.
    #[must_use]
    pub fn quoted(&self) -> String {
        format!("“{}”", self.0)
    }
}

impl fmt::Display for Thing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What one side of a bet puts up, as written: coins, or a thing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stake {
    /// An amount of money.
    Coins(Money),
    /// Something that is not money.
    Thing(Thing),
}

impl Stake {
    /// The coins and the thing of the stake: `(coins, None)` or `(0, Some(thing))`.
    #[must_use]
    pub fn split(self) -> (Money, Option<Thing>) {
        match self {
            Stake::Coins(m) => (m, None),
            Stake::Thing(t) => (Money::ZERO, Some(t)),
        }
    }
}

/// A side's stake in words: `3 gp`, `“her silver locket”`, both joined with `and`, or
/// `nothing` (the side that puts up nothing against a thing).
#[must_use]
pub fn show_stake(coins: Money, thing: Option<&Thing>, currency: Currency) -> String {
    match (coins, thing) {
        (Money::ZERO, None) => "nothing".to_owned(),
        (Money::ZERO, Some(t)) => t.quoted(),
        (m, None) => m.show(currency).to_string(),
        (m, Some(t)) => format!("{} and {}", m.show(currency), t.quoted()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thing_is_the_text_between_the_quotes_trimmed() {
        let t: Thing = " where the caravan went ".parse().unwrap();
        assert_eq!(t.text(), "where the caravan went");
        assert_eq!(t.quoted(), "“where the caravan went”");
        assert_eq!(t.to_string(), "where the caravan went");
    }

    #[test]
    fn an_empty_long_control_or_money_thing_is_refused() {
        assert_eq!("".parse::<Thing>(), Err(ThingError::Empty));
        assert_eq!("   ".parse::<Thing>(), Err(ThingError::Empty));
        let long = "a".repeat(MAX_THING + 1);
        assert_eq!(
            long.parse::<Thing>(),
            Err(ThingError::TooLong(MAX_THING + 1))
        );
        assert!("a".repeat(MAX_THING).parse::<Thing>().is_ok());
        // Counted in characters, not bytes: 80 of "ñ" are 160 bytes.
        assert!("ñ".repeat(MAX_THING).parse::<Thing>().is_ok());
        assert_eq!("her\tlocket".parse::<Thing>(), Err(ThingError::Control));
        assert_eq!("her\nlocket".parse::<Thing>(), Err(ThingError::Control));
        assert_eq!("a\u{7}bell".parse::<Thing>(), Err(ThingError::Control));
        assert_eq!(
            "3 gp".parse::<Thing>(),
            Err(ThingError::Money("3 gp".into()))
        );
        assert_eq!("12".parse::<Thing>(), Err(ThingError::Money("12".into())));
        assert!("3 gold rings".parse::<Thing>().is_ok());
    }

    #[test]
    fn a_stake_is_shown_as_coins_a_thing_or_nothing() {
        let locket: Thing = "her silver locket".parse().unwrap();
        let gold = Currency::GOLD;
        assert_eq!(show_stake(Money(300), None, gold), "3 gp");
        assert_eq!(
            show_stake(Money::ZERO, Some(&locket), gold),
            "“her silver locket”"
        );
        assert_eq!(show_stake(Money::ZERO, None, gold), "nothing");
        assert_eq!(
            show_stake(Money(5), Some(&locket), gold),
            "5 cp and “her silver locket”"
        );
        assert_eq!(
            Stake::Thing(locket.clone()).split(),
            (Money::ZERO, Some(locket))
        );
        assert_eq!(Stake::Coins(Money(7)).split(), (Money(7), None));
    }
}
