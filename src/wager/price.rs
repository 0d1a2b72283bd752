//! Odds: the bookie's prices, as fractions a tavern says aloud ("3 to 1", "evens",
//! "2 to 1 on") and as decimal odds; and how a bookie turns chances into a price.
//!
//! A price is a fraction `num to den`: a winning stake `s` comes back with `s × num / den`
//! of winnings on top, so the decimal odds are `1 + num / den`. Payouts are worked out on
//! the fraction in whole coppers, rounded down; the decimal figure is only for show.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::market::Share;
use super::money::Money;

/// Fractional odds: `num` to `den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Odds {
    /// Winnings per `den` staked.
    pub num: u32,
    /// Stake units.
    pub den: u32,
}

/// The prices a tavern bookie quotes, shortest first (the traditional ladder).
const LADDER: [(u32, u32); 52] = [
    (1, 100),
    (1, 50),
    (1, 33),
    (1, 20),
    (1, 10),
    (1, 8),
    (1, 6),
    (1, 5),
    (1, 4),
    (2, 7),
    (1, 3),
    (2, 5),
    (4, 9),
    (1, 2),
    (4, 7),
    (8, 13),
    (4, 6),
    (8, 11),
    (4, 5),
    (5, 6),
    (10, 11),
    (1, 1),
    (11, 10),
    (6, 5),
    (5, 4),
    (11, 8),
    (6, 4),
    (13, 8),
    (7, 4),
    (15, 8),
    (2, 1),
    (9, 4),
    (5, 2),
    (11, 4),
    (3, 1),
    (10, 3),
    (7, 2),
    (4, 1),
    (9, 2),
    (5, 1),
    (11, 2),
    (6, 1),
    (7, 1),
    (8, 1),
    (9, 1),
    (10, 1),
    (12, 1),
    (16, 1),
    (20, 1),
    (33, 1),
    (50, 1),
    (100, 1),
];

impl Odds {
    /// `num` to `den`.
    #[must_use]
    pub const fn new(num: u32, den: u32) -> Odds {
        Odds { num, den }
    }

    /// The decimal odds: what one coin staked brings back, stake included.
    #[must_use]
    pub fn decimal(self) -> f64 {
        1.0 + f64::from(self.num) / f64::from(self.den)
    }

    /// The chance these odds stand for, before any margin.
    #[must_use]
    pub fn implied(self) -> f64 {
        1.0 / self.decimal()
    }

    /// The longest price on the bookie's ladder whose decimal odds do not exceed
    /// `decimal`; `None` below the shortest price the bookie quotes.
    #[must_use]
    pub fn ladder_below(decimal: f64) -> Option<Odds> {
        LADDER
            .iter()
            .rev()
            .map(|&(n, d)| Odds::new(n, d))
            .find(|o| o.decimal() <= decimal + 1e-12)
    }

    /// What a stake brings back (stake included) for the share of it that won, rounded
    /// down to the copper: `stake × share × (num + den) / den`; the stake itself when it
    /// is returned.
    #[must_use]
    pub fn payout(self, stake: Money, share: Share) -> Option<Money> {
        match share {
            Share::Returned => Some(stake),
            Share::Part { num, den } => stake.mul_div_floor(
                num.checked_mul(u64::from(self.num) + u64::from(self.den))?,
                den.checked_mul(u64::from(self.den))?,
            ),
        }
    }

    /// The decimal odds written with two decimals: `4.00`.
    #[must_use]
    pub fn decimal_text(self) -> String {
        format!("{:.2}", self.decimal())
    }
}

impl fmt::Display for Odds {
    /// The tavern's way: `3 to 1`, `evens`, `2 to 1 on` (for 1 to 2), `11 to 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = gcd(self.num, self.den).max(1);
        let (n, d) = (self.num / g, self.den / g);
        if n == d {
            f.write_str("evens")
        } else if n > d {
            write!(f, "{n} to {d}")
        } else {
            write!(f, "{d} to {n} on")
        }
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Odds text that is not odds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a price; write it like \"3 to 1\", \"evens\", \"2 to 1 on\" or \"5/2\"")]
pub struct OddsError(pub String);

impl FromStr for Odds {
    type Err = OddsError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || OddsError(s.to_owned());
        let text = s.trim().to_ascii_lowercase();
        if text == "evens" || text == "even" {
            return Ok(Odds::new(1, 1));
        }
        let (body, on) = match text.strip_suffix(" on") {
            Some(b) => (b.trim(), true),
            None => (text.as_str(), false),
        };
        let (a, b) = body
            .split_once(" to ")
            .or_else(|| body.split_once('/'))
            .or_else(|| body.split_once('-'))
            .ok_or_else(bad)?;
        let a: u32 = a.trim().parse().map_err(|_| bad())?;
        let b: u32 = b.trim().parse().map_err(|_| bad())?;
        if a == 0 || b == 0 || a > 10_000 || b > 10_000 {
            return Err(bad());
        }
        Ok(if on { Odds::new(b, a) } else { Odds::new(a, b) })
    }
}

/// How a bookie prices a selection: the fair decimal odds from its chances, cut by the
/// margin, then rounded down to a price on the ladder.
///
/// `share` is the selection's expected share of a win (a dead heat of `k` counts `1/k`),
/// and `push` the chance that stakes come back; a push returns the stake, so the fair
/// decimal odds are `(1 − push) / share`. Returns `None` when the bookie will not quote
/// (a certainty, or a market that never resolves).
#[must_use]
pub fn bookie_price(share: f64, push: f64, margin: f64) -> Option<Odds> {
    if share.is_nan() || share <= 0.0 || push >= 1.0 {
        return None;
    }
    let fair = (1.0 - push) / share;
    Odds::ladder_below(fair / (1.0 + margin.max(0.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_read_and_write_the_tavern_way() {
        assert_eq!("3 to 1".parse::<Odds>().unwrap(), Odds::new(3, 1));
        assert_eq!("evens".parse::<Odds>().unwrap(), Odds::new(1, 1));
        assert_eq!("2 to 1 on".parse::<Odds>().unwrap(), Odds::new(1, 2));
        assert_eq!("5/2".parse::<Odds>().unwrap(), Odds::new(5, 2));
        for bad in ["", "3", "three to one", "0 to 1", "3 to 0", "1 to 2 off"] {
            assert!(bad.parse::<Odds>().is_err(), "{bad}");
        }
        assert_eq!(Odds::new(3, 1).to_string(), "3 to 1");
        assert_eq!(Odds::new(2, 2).to_string(), "evens");
        assert_eq!(Odds::new(1, 2).to_string(), "2 to 1 on");
        assert_eq!(Odds::new(4, 6).to_string(), "3 to 2 on");
        assert_eq!(Odds::new(11, 8).decimal_text(), "2.38");
    }

    #[test]
    fn payouts_round_down_and_share_dead_heats() {
        let o = Odds::new(5, 2);
        // 3 cp at 5 to 2 brings back 10.5 cp: 10 cp paid.
        assert_eq!(o.payout(Money(3), Share::WON), Some(Money(10)));
        assert_eq!(o.payout(Money(3), Share::LOST), Some(Money(0)));
        assert_eq!(o.payout(Money(3), Share::Returned), Some(Money(3)));
        // A dead heat of two: half the stake at the price, the other half lost.
        assert_eq!(
            Odds::new(3, 1).payout(Money(100), Share::Part { num: 1, den: 2 }),
            Some(Money(200))
        );
        assert_eq!(Odds::new(100, 1).payout(Money(u64::MAX), Share::WON), None);
    }

    #[test]
    fn the_bookie_rounds_down_to_the_ladder_and_keeps_a_margin() {
        // Fair 50%: 2.00; with a 10% margin 1.818..., the ladder's 4 to 5 (1.80).
        assert_eq!(bookie_price(0.5, 0.0, 0.10), Some(Odds::new(4, 5)));
        // No margin, fair evens.
        assert_eq!(bookie_price(0.5, 0.0, 0.0), Some(Odds::new(1, 1)));
        // A push half the time: fair (1 − 0.5) / 0.25 = 2.00.
        assert_eq!(bookie_price(0.25, 0.5, 0.0), Some(Odds::new(1, 1)));
        assert_eq!(bookie_price(0.0, 0.0, 0.1), None);
        assert_eq!(
            bookie_price(0.999, 0.0, 0.1),
            None,
            "a certainty gets no price"
        );
        assert_eq!(bookie_price(0.001, 0.0, 0.0), Some(Odds::new(100, 1)));
        for p in [0.05, 0.2, 0.35, 0.5, 0.65, 0.8] {
            let o = bookie_price(p, 0.0, 0.08).unwrap();
            assert!(o.implied() >= p * 1.08 - 1e-9, "{p}: {o}");
        }
    }
}
