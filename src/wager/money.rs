//! Money as whole copper pieces, read from and written as coins.
//!
//! 1 pp = 10 gp, 1 gp = 2 ep = 10 sp, 1 sp = 10 cp. Arithmetic is checked: an overflow is
//! an error, never a wrap.

use std::fmt;
use std::str::FromStr;

/// The coins, largest first, with their worth in copper.
pub const COINS: [(&str, u64); 5] = [("pp", 1000), ("gp", 100), ("ep", 50), ("sp", 10), ("cp", 1)];

/// An amount of money in copper pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Money(pub u64);

impl Money {
    /// No money at all.
    pub const ZERO: Money = Money(0);

    /// The sum, or `None` on overflow.
    #[must_use]
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// The difference, or `None` when it would go below zero.
    #[must_use]
    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).map(Money)
    }
}

/// Money text that is not coins.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not an amount of coins ({reason}); write it like \"23 gp 4 sp\" or \"250cp\"")]
pub struct MoneyError {
    /// The text as given.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

impl FromStr for Money {
    type Err = MoneyError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |reason: &str| MoneyError {
            text: s.to_owned(),
            reason: reason.to_owned(),
        };
        let mut total: u64 = 0;
        let mut rest = s.trim();
        if rest.is_empty() {
            return Err(bad("it is empty"));
        }
        while !rest.is_empty() {
            let digits = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            if digits == 0 {
                return Err(bad("each amount starts with a number"));
            }
            let amount: u64 = rest[..digits]
                .parse()
                .map_err(|_| bad("a number is too large"))?;
            rest = rest[digits..].trim_start();
            let letters = rest
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(rest.len());
            let coin = rest[..letters].to_ascii_lowercase();
            let worth = COINS
                .iter()
                .find(|(name, _)| *name == coin)
                .map(|&(_, w)| w)
                .ok_or_else(|| {
                    if coin.is_empty() {
                        bad("a number has no coin after it (pp, gp, ep, sp or cp)")
                    } else {
                        bad(&format!("`{coin}` is not a coin (pp, gp, ep, sp or cp)"))
                    }
                })?;
            total = amount
                .checked_mul(worth)
                .and_then(|v| total.checked_add(v))
                .ok_or_else(|| bad("the amount is too large"))?;
            rest = rest[letters..]
                .trim_start()
                .trim_start_matches(',')
                .trim_start();
        }
        Ok(Money(total))
    }
}

impl fmt::Display for Money {
    /// The fewest coins, electrum left out (as most tables count): `23 gp 4 sp`, `0 cp`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("0 cp");
        }
        let mut left = self.0;
        let mut first = true;
        for (name, worth) in COINS.iter().filter(|(n, _)| *n != "ep" && *n != "pp") {
            let n = left / worth;
            left %= worth;
            if n > 0 {
                if !first {
                    f.write_str(" ")?;
                }
                write!(f, "{n} {name}")?;
                first = false;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coins_parse_into_copper() {
        assert_eq!("23 gp 4 sp".parse::<Money>().unwrap(), Money(2340));
        assert_eq!("250cp".parse::<Money>().unwrap(), Money(250));
        assert_eq!("1 pp 1 ep".parse::<Money>().unwrap(), Money(1050));
        assert_eq!("3GP, 5 SP".parse::<Money>().unwrap(), Money(350));
    }

    #[test]
    fn bad_coins_are_refused() {
        for bad in [
            "",
            "gp",
            "5",
            "5 xp",
            "-3 gp",
            "99999999999999999999 gp",
            "18446744073709551615 pp",
        ] {
            assert!(bad.parse::<Money>().is_err(), "{bad}");
        }
    }

    #[test]
    fn money_prints_in_gold_silver_and_copper() {
        assert_eq!(Money(2340).to_string(), "23 gp 4 sp");
        assert_eq!(Money(0).to_string(), "0 cp");
        assert_eq!(Money(1005).to_string(), "10 gp 5 cp");
    }

    #[test]
    fn arithmetic_is_checked() {
        assert_eq!(Money(u64::MAX).checked_add(Money(1)), None);
        assert_eq!(Money(1).checked_sub(Money(2)), None);
        assert_eq!(Money(5).checked_sub(Money(2)), Some(Money(3)));
    }
}
