//! Money as whole copper pieces, read from and written as coins.
//!
//! 1 pp = 10 gp, 1 gp = 2 ep = 10 sp, 1 sp = 10 cp. Arithmetic is checked: an overflow is
//! an error, never a wrap.

use std::fmt;
use std::str::FromStr;

/// The coins, largest first, with their worth in copper.
pub const COINS: [(&str, u64); 5] = [("pp", 1000), ("gp", 100), ("ep", 50), ("sp", 10), ("cp", 1)];

/// The largest stake taproom takes in one bet or ante: 1,000,000,000 gp.
pub const MAX_STAKE: Money = Money(100_000_000_000);

/// The most a purse (or a debt) may hold: 10,000,000,000,000 gp. A bet that could take
/// a purse past it is refused before play, so every sum taproom makes fits.
pub const MAX_PURSE: Money = Money(1_000_000_000_000_000);

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

    /// The amount `times` over, or `None` on overflow.
    #[must_use]
    pub fn checked_mul(self, times: u64) -> Option<Money> {
        self.0.checked_mul(times).map(Money)
    }

    /// `self × num / den`, rounded down to the copper, or `None` when `den` is zero or the
    /// result does not fit. The product is taken in 128 bits, so only the result can
    /// overflow.
    #[must_use]
    pub fn mul_div_floor(self, num: u64, den: u64) -> Option<Money> {
        if den == 0 {
            return None;
        }
        let exact = u128::from(self.0) * u128::from(num) / u128::from(den);
        u64::try_from(exact).ok().map(Money)
    }

    /// The sum of many amounts, or `None` on overflow.
    pub fn checked_sum(amounts: impl IntoIterator<Item = Money>) -> Option<Money> {
        amounts
            .into_iter()
            .try_fold(Money::ZERO, |acc, m| acc.checked_add(m))
    }

    /// The amount as a signed number of coppers, for sums that may go either way.
    #[must_use]
    pub fn signed(self) -> i128 {
        i128::from(self.0)
    }

    /// The amount written in `currency`.
    #[must_use]
    pub fn show(self, currency: Currency) -> Shown {
        Shown {
            copper: i128::from(self.0),
            currency,
            sign: false,
        }
    }
}

/// A signed amount of coppers written in a currency, with an explicit `+` or `−` sign:
/// what a purse or the house gained or lost.
#[must_use]
pub fn show_change(copper: i128, currency: Currency) -> Shown {
    Shown {
        copper,
        currency,
        sign: true,
    }
}

/// How a tavern writes money: in the fewest coins, or counting up to one coin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Currency {
    /// The fewest coins of all five: `1 pp 1 ep 3 cp`.
    Fewest,
    /// Counted in this coin (an index into [`COINS`]) and the smaller coins for change,
    /// electrum left out unless it is the coin chosen: `gp` writes `23 gp 4 sp`, `sp`
    /// writes `234 sp`.
    Upto(usize),
}

impl Default for Currency {
    fn default() -> Self {
        Currency::GOLD
    }
}

impl Currency {
    /// Gold, silver and copper, as most tables count: the default.
    pub const GOLD: Currency = Currency::Upto(1);

    /// The coins used, largest first, with their worth.
    fn coins(self) -> impl Iterator<Item = (&'static str, u64)> {
        let top = match self {
            Currency::Fewest => 0,
            Currency::Upto(i) => i.min(COINS.len() - 1),
        };
        COINS
            .iter()
            .enumerate()
            .filter(move |&(i, (name, _))| {
                i >= top && (*name != "ep" || self == Currency::Fewest || i == top)
            })
            .map(|(_, &c)| c)
    }
}

/// A currency that is neither `fewest` nor a coin.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the currency is `fewest` or a coin (pp, gp, ep, sp, cp), not `{0}`")]
pub struct UnknownCurrency(pub String);

impl FromStr for Currency {
    type Err = UnknownCurrency;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "fewest" => Ok(Currency::Fewest),
            other => COINS
                .iter()
                .position(|(name, _)| *name == other)
                .map(Currency::Upto)
                .ok_or_else(|| UnknownCurrency(s.to_owned())),
        }
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Currency::Fewest => f.write_str("fewest"),
            Currency::Upto(i) => f.write_str(COINS[(*i).min(COINS.len() - 1)].0),
        }
    }
}

/// An amount on its way to the page, in a chosen currency.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    copper: i128,
    currency: Currency,
    sign: bool,
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.sign {
            f.write_str(match self.copper {
                c if c > 0 => "+",
                c if c < 0 => "−",
                _ => "",
            })?;
        } else if self.copper < 0 {
            f.write_str("−")?;
        }
        let mut left = self.copper.unsigned_abs();
        if left == 0 {
            return f.write_str("0 cp");
        }
        let mut first = true;
        for (name, worth) in self.currency.coins() {
            let n = left / u128::from(worth);
            left %= u128::from(worth);
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
    /// Gold, silver and copper, electrum and platinum left out (as most tables count):
    /// `23 gp 4 sp`, `0 cp`. See [`Money::show`] for other currencies.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.show(Currency::GOLD).fmt(f)
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
        assert_eq!(Money(u64::MAX / 2 + 1).checked_mul(2), None);
        assert_eq!(Money(7).checked_mul(3), Some(Money(21)));
        assert_eq!(Money::checked_sum([Money(u64::MAX), Money(1)]), None);
        assert_eq!(Money::checked_sum([Money(4), Money(5)]), Some(Money(9)));
    }

    #[test]
    fn ratios_round_down_to_the_copper_and_overflow_is_refused() {
        // 7 cp at 5 to 2 (decimal 7/2): 24.5 cp, paid as 24.
        assert_eq!(Money(7).mul_div_floor(7, 2), Some(Money(24)));
        assert_eq!(Money(u64::MAX).mul_div_floor(3, 3), Some(Money(u64::MAX)));
        assert_eq!(Money(u64::MAX).mul_div_floor(3, 2), None);
        assert_eq!(Money(5).mul_div_floor(1, 0), None);
    }

    #[test]
    fn a_tavern_chooses_its_currency() {
        let m = Money(2_357);
        assert_eq!(m.show(Currency::GOLD).to_string(), "23 gp 5 sp 7 cp");
        assert_eq!(m.show(Currency::Fewest).to_string(), "2 pp 3 gp 1 ep 7 cp");
        assert_eq!(m.show("sp".parse().unwrap()).to_string(), "235 sp 7 cp");
        assert_eq!(m.show("cp".parse().unwrap()).to_string(), "2357 cp");
        assert_eq!(
            m.show("pp".parse().unwrap()).to_string(),
            "2 pp 3 gp 5 sp 7 cp"
        );
        assert_eq!(m.show("ep".parse().unwrap()).to_string(), "47 ep 7 cp");
        assert_eq!(Money(0).show(Currency::Fewest).to_string(), "0 cp");
        assert!("groats".parse::<Currency>().is_err());
        assert_eq!(show_change(-250, Currency::GOLD).to_string(), "−2 gp 5 sp");
        assert_eq!(show_change(30, Currency::GOLD).to_string(), "+3 sp");
        assert_eq!(show_change(0, Currency::GOLD).to_string(), "0 cp");
    }

    #[test]
    fn the_fewest_coins_are_the_fewest() {
        // Greedy change is optimal for 1000/100/50/10/1: check it against a brute force.
        for copper in 0..2_600u64 {
            let text = Money(copper).show(Currency::Fewest).to_string();
            let coins: u64 = text
                .split(' ')
                .collect::<Vec<_>>()
                .chunks(2)
                .filter(|c| c[1] != "cp" || c[0] != "0")
                .map(|c| c[0].parse::<u64>().unwrap())
                .sum();
            let mut best = vec![u64::MAX; copper as usize + 1];
            best[0] = 0;
            for v in 1..=copper as usize {
                for (_, w) in COINS {
                    if w as usize <= v && best[v - w as usize] != u64::MAX {
                        best[v] = best[v].min(best[v - w as usize] + 1);
                    }
                }
            }
            assert_eq!(coins, best[copper as usize], "{copper} cp as {text}");
            assert_eq!(text.parse::<Money>().unwrap(), Money(copper), "{text}");
        }
    }
}
