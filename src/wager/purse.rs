//! Purses: what each character carries, what they owe, and how far the house trusts them.

use std::fmt;

use serde::Serialize;

use super::money::{Currency, Money};

/// How much credit the house extends: how deep in debt a character may go to cover a stake.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Credit {
    /// None: no one bets more than their purse holds.
    #[default]
    None,
    /// Up to this much debt each.
    UpTo(Money),
    /// As much as anyone likes.
    Unlimited,
}

impl Credit {
    /// Whether a purse may end with this much debt.
    #[must_use]
    pub fn allows(self, debt: Money) -> bool {
        match self {
            Credit::None => debt == Money::ZERO,
            Credit::UpTo(limit) => debt <= limit,
            Credit::Unlimited => true,
        }
    }
}

/// A character's money: coins in hand, or a debt on the house's slate (never both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Purse {
    /// Coins in hand.
    pub coins: Money,
    /// What they owe the house.
    pub debt: Money,
}

/// A purse that cannot pay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PurseError {
    /// Paying would leave more debt than the house allows.
    #[error("the purse holds {held} and the house's credit does not cover {wanted}")]
    Short {
        /// What the purse held.
        held: Money,
        /// What was to be paid.
        wanted: Money,
    },
    /// An amount too large to count.
    #[error("the amount is too large to count in copper pieces")]
    Overflow,
}

impl Purse {
    /// A purse of coins and no debt.
    #[must_use]
    pub fn of(coins: Money) -> Purse {
        Purse {
            coins,
            debt: Money::ZERO,
        }
    }

    /// A purse from coins and a debt, the one set against the other.
    #[must_use]
    pub fn with_debt(coins: Money, debt: Money) -> Purse {
        match coins.checked_sub(debt) {
            Some(left) => Purse::of(left),
            None => Purse {
                coins: Money::ZERO,
                debt: Money(debt.0 - coins.0),
            },
        }
    }

    /// Coins less debt, in copper: negative when in debt.
    #[must_use]
    pub fn balance(self) -> i128 {
        self.coins.signed() - self.debt.signed()
    }

    /// Pays `amount`, going into debt as far as `credit` allows. A debt already owed
    /// stays owed: only coins received ([`Purse::receive`]) pay it off, so paying
    /// nothing (a stake of a thing, or of nothing) leaves the purse as it was.
    ///
    /// # Errors
    /// When the purse and the credit together fall short, or on overflow.
    pub fn pay(self, amount: Money, credit: Credit) -> Result<Purse, PurseError> {
        if let Some(left) = self.coins.checked_sub(amount) {
            return Ok(Purse {
                coins: left,
                debt: self.debt,
            });
        }
        let short = Money(amount.0 - self.coins.0);
        let debt = self.debt.checked_add(short).ok_or(PurseError::Overflow)?;
        if credit.allows(debt) {
            Ok(Purse {
                coins: Money::ZERO,
                debt,
            })
        } else {
            Err(PurseError::Short {
                held: self.coins,
                wanted: amount,
            })
        }
    }

    /// Receives `amount`: the debt is paid off first, the rest goes into the purse.
    ///
    /// # Errors
    /// On overflow.
    pub fn receive(self, amount: Money) -> Result<Purse, PurseError> {
        match self.debt.checked_sub(amount) {
            Some(debt) => Ok(Purse {
                coins: self.coins,
                debt,
            }),
            None => {
                let rest = Money(amount.0 - self.debt.0);
                Ok(Purse::of(
                    self.coins.checked_add(rest).ok_or(PurseError::Overflow)?,
                ))
            }
        }
    }

    /// Whether the purse could pay `amount` under `credit`.
    #[must_use]
    pub fn covers(self, amount: Money, credit: Credit) -> bool {
        self.pay(amount, credit).is_ok()
    }

    /// The purse written in `currency`: `3 gp 4 sp`, or `owes 2 gp`.
    #[must_use]
    pub fn show(self, currency: Currency) -> ShownPurse {
        ShownPurse {
            purse: self,
            currency,
        }
    }
}

/// A purse on its way to the page.
#[derive(Clone, Copy, Debug)]
pub struct ShownPurse {
    purse: Purse,
    currency: Currency,
}

impl fmt::Display for ShownPurse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.purse.debt > Money::ZERO {
            write!(f, "owes {}", self.purse.debt.show(self.currency))
        } else {
            write!(f, "{}", self.purse.coins.show(self.currency))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_credit_a_purse_cannot_pay_more_than_it_holds() {
        let p = Purse::of(Money(38));
        assert_eq!(p.pay(Money(30), Credit::None), Ok(Purse::of(Money(8))));
        assert!(matches!(
            p.pay(Money(39), Credit::None),
            Err(PurseError::Short { .. })
        ));
    }

    #[test]
    fn credit_records_a_debt_up_to_its_limit() {
        let p = Purse::of(Money(38));
        let credit = Credit::UpTo(Money(500));
        let owing = p.pay(Money(538), credit).unwrap();
        assert_eq!(owing.debt, Money(500));
        assert_eq!(owing.coins, Money::ZERO);
        assert_eq!(owing.balance(), -500);
        assert!(owing.pay(Money(1), credit).is_err());
        assert!(owing.pay(Money(1), Credit::Unlimited).is_ok());
    }

    #[test]
    fn paying_nothing_leaves_a_debt_owed() {
        // The red team's case: Pip owes 6 sp 2 cp and stakes a thing (no coins).
        let owing = Purse::with_debt(Money(38), Money(100));
        assert_eq!(owing.balance(), 38 - 100);
        let paid = owing.pay(Money::ZERO, Credit::None).unwrap();
        assert_eq!(paid, owing);
        assert_eq!(paid.debt, Money(62));
        // And a purse of coins with a debt beside it (not set against each other) keeps
        // the debt when it pays from its coins.
        let both = Purse {
            coins: Money(50),
            debt: Money(20),
        };
        assert_eq!(
            both.pay(Money(30), Credit::None).unwrap().balance(),
            50 - 20 - 30
        );
    }

    #[test]
    fn winnings_pay_the_debt_first() {
        let owing = Purse::with_debt(Money::ZERO, Money(300));
        assert_eq!(owing.receive(Money(100)).unwrap().debt, Money(200));
        assert_eq!(owing.receive(Money(450)).unwrap(), Purse::of(Money(150)));
        assert_eq!(Purse::with_debt(Money(50), Money(80)).balance(), -30);
        assert_eq!(
            Purse::with_debt(Money(50), Money(80))
                .show(Currency::GOLD)
                .to_string(),
            "owes 3 sp"
        );
    }
}
