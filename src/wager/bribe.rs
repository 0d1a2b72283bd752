//! Bribes: money from one character to another, paid before the match, for a match thrown.
//!
//! The rules:
//! * **The price.** A bribe is taken when the one paid has a `[throw]` with a `bribe`
//!   and the amount is at least it; below the price, or to one who takes no bribe, it is
//!   refused, and a refused bribe moves no money.
//! * **Paid before the match**, from the payer's purse into the taker's, as a bet's
//!   stake is paid: the payer may go into debt as far as the house's credit allows, and a
//!   payer who cannot pay even so is refused before play (as a bet is). The bets of the
//!   table are then placed and settled from the purses the bribes left.
//! * **Between characters**: the house takes no part, so the bribes add nothing to the
//!   house's gain and the purses moved sum to zero.

use std::collections::BTreeMap;

use serde::Serialize;

use super::money::Money;
use super::purse::{Credit, Purse};
use super::settle::{Party, SettleError, Settlement, Transfer};
pub use super::transfer::Paid;

/// Why a bribe is refused by the one offered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "why")]
pub enum Refusal {
    /// They take no bribe (no `[throw]`, or one without a `bribe`).
    TakesNone,
    /// Below their price.
    TooLittle {
        /// Their price.
        price: Money,
    },
}

/// Whether a bribe of `amount` is taken by one whose price is `price` (`None`: they take
/// no bribe).
///
/// # Errors
/// The refusal, and why.
pub fn answer(price: Option<Money>, amount: Money) -> Result<(), Refusal> {
    match price {
        None => Err(Refusal::TakesNone),
        Some(price) if amount < price => Err(Refusal::TooLittle { price }),
        Some(_) => Ok(()),
    }
}

/// The purses after the bribes are paid, in order: each payer pays under `credit`, each
/// taker receives.
///
/// # Errors
/// A payer or taker with no purse here, a payer who cannot pay ([`SettleError::Short`]),
/// or an overflow.
pub fn pay(
    paid: &[Paid],
    purses: &BTreeMap<String, Purse>,
    credit: Credit,
) -> Result<BTreeMap<String, Purse>, SettleError> {
    let mut now = purses.clone();
    for b in paid {
        let payer = *now
            .get(&b.payer)
            .ok_or_else(|| SettleError::UnknownBettor(b.payer.clone()))?;
        let after = payer
            .pay(b.amount, credit)
            .map_err(|reason| SettleError::Short {
                bettor: b.payer.clone(),
                stakes: b.amount,
                reason,
            })?;
        now.insert(b.payer.clone(), after);
        let taker = *now
            .get(&b.taker)
            .ok_or_else(|| SettleError::UnknownBettor(b.taker.clone()))?;
        let after = taker.receive(b.amount).map_err(|_| SettleError::Overflow)?;
        now.insert(b.taker.clone(), after);
    }
    Ok(now)
}

impl Settlement {
    /// This settlement (of the bets, from the purses the bribes left) with the bribes
    /// paid before it: each party's purse before is the one before the bribes
    /// (`before_bribes`), one who placed no bet ends with the purse the bribes left them,
    /// and the bribes come first among who paid whom.
    #[must_use]
    pub fn with_bribes(
        mut self,
        paid: Vec<Paid>,
        before_bribes: &BTreeMap<String, Purse>,
        after_bribes: &BTreeMap<String, Purse>,
    ) -> Settlement {
        for b in &paid {
            for name in [&b.payer, &b.taker] {
                if let Some(p) = before_bribes.get(name) {
                    self.before.insert(name.clone(), *p);
                }
                if !self.after.contains_key(name)
                    && let Some(p) = after_bribes.get(name)
                {
                    self.after.insert(name.clone(), *p);
                }
            }
        }
        let mut transfers: Vec<Transfer> = paid
            .iter()
            .map(|b| Transfer {
                from: Party::Character(b.payer.clone()),
                to: Party::Character(b.taker.clone()),
                amount: b.amount,
                why: b.why(),
            })
            .collect();
        transfers.append(&mut self.transfers);
        self.transfers = transfers;
        self.bribes = paid;
        self
    }

    /// The purses once the bribes are paid, before any bet: where the bets' own steps
    /// start ([`Settlement::purse_steps`]).
    #[must_use]
    pub fn after_bribes(&self) -> BTreeMap<String, Purse> {
        pay(&self.bribes, &self.before, Credit::Unlimited).unwrap_or_else(|_| self.before.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paid(payer: &str, taker: &str, gp: u64) -> Paid {
        Paid {
            payer: payer.into(),
            taker: taker.into(),
            to: payer.into(),
            amount: Money(gp * 100),
        }
    }

    #[test]
    fn a_bribe_at_the_price_is_taken_and_below_it_refused() {
        let price = Some(Money(1000));
        assert_eq!(answer(price, Money(1000)), Ok(()));
        assert_eq!(answer(price, Money(1500)), Ok(()));
        assert_eq!(
            answer(price, Money(999)),
            Err(Refusal::TooLittle { price: Money(1000) })
        );
        assert_eq!(answer(None, Money(100_000)), Err(Refusal::TakesNone));
    }

    #[test]
    fn a_bribe_moves_the_amount_from_payer_to_taker_and_sums_to_zero() {
        let purses: BTreeMap<String, Purse> = [
            ("Jory".to_owned(), Purse::of(Money(1500))),
            ("Tobin".to_owned(), Purse::of(Money(200))),
        ]
        .into();
        let after = pay(&[paid("Jory", "Tobin", 10)], &purses, Credit::None).unwrap();
        // By hand: 15 gp - 10 gp = 5 gp; 2 gp + 10 gp = 12 gp.
        assert_eq!(after["Jory"], Purse::of(Money(500)));
        assert_eq!(after["Tobin"], Purse::of(Money(1200)));
        let sum = |m: &BTreeMap<String, Purse>| m.values().map(|p| p.balance()).sum::<i128>();
        assert_eq!(sum(&after), sum(&purses));
    }

    #[test]
    fn a_settlement_with_bribes_starts_its_purses_before_them_and_its_steps_after() {
        let empty = Settlement {
            lines: Vec::new(),
            transfers: Vec::new(),
            before: BTreeMap::new(),
            after: BTreeMap::new(),
            house: 0,
            bribes: Vec::new(),
        };
        let before: BTreeMap<String, Purse> = [
            ("Jory".to_owned(), Purse::of(Money(1500))),
            ("Tobin".to_owned(), Purse::of(Money(200))),
        ]
        .into();
        let bribe = vec![paid("Jory", "Tobin", 10)];
        let after = pay(&bribe, &before, Credit::None).unwrap();
        let s = empty.with_bribes(bribe, &before, &after);
        assert_eq!(s.before, before);
        assert_eq!(s.after, after);
        assert_eq!(s.after_bribes(), after);
        // One transfer, character to character: the house is no party to it.
        assert_eq!(s.transfers.len(), 1);
        assert_eq!(s.transfers[0].from, Party::Character("Jory".into()));
        assert_eq!(s.transfers[0].to, Party::Character("Tobin".into()));
        assert_eq!(s.house, 0);
        let net: i128 = s.changes().values().sum();
        assert_eq!(net, 0);
    }

    #[test]
    fn a_payer_who_cannot_pay_is_refused_unless_the_house_gives_credit() {
        let purses: BTreeMap<String, Purse> = [
            ("Jory".to_owned(), Purse::of(Money(300))),
            ("Tobin".to_owned(), Purse::default()),
        ]
        .into();
        let bribe = [paid("Jory", "Tobin", 10)];
        assert!(matches!(
            pay(&bribe, &purses, Credit::None),
            Err(SettleError::Short { .. })
        ));
        let after = pay(&bribe, &purses, Credit::Unlimited).unwrap();
        assert_eq!(after["Jory"].debt, Money(700));
    }
}
