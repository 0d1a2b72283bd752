//! Pools and pots: how the stakes of several bets on one question are shared among the
//! winning ones. A house pool keeps its take and the odd coppers; a pot between characters
//! is paid out to the last copper.

use super::bet::{Bet, Book};
use super::market::{Market, Share, Verdict};
use super::money::Money;
use super::settle::SettleError;

/// Dead-heat weights are stakes times `share`, in 60ths (every `1/k` for `k` ≤ 5 is whole).
pub(super) const WEIGHT_UNIT: u128 = 60;

/// The pools (one per market) and pots (one per group), as lists of bet indices.
pub(super) fn groups(bets: &[Bet]) -> Vec<Vec<usize>> {
    let mut out: Vec<(Book, Market, Vec<usize>)> = Vec::new();
    for (i, bet) in bets.iter().enumerate() {
        let key_market = match bet.book {
            Book::Bookie(_) => continue,
            Book::Pool => Some(bet.market),
            Book::Stakes(_) => None,
        };
        match out
            .iter_mut()
            .find(|(b, m, _)| *b == bet.book && (key_market.is_none() || Some(*m) == key_market))
        {
            Some((_, _, members)) => members.push(i),
            None => out.push((bet.book, bet.market, vec![i])),
        }
    }
    out.into_iter().map(|(_, _, members)| members).collect()
}

/// What a pool or pot pays.
pub(super) struct Pooled {
    /// The stakes together.
    pub pot: Money,
    /// What each bet of the group brings back, in the group's order.
    pub payouts: Vec<Money>,
    /// What the pot paid per coin of winning weight.
    pub per_coin: f64,
    /// Whether nobody backed the winner, so every stake came back.
    pub refunded: bool,
}

/// Shares one pool or pot among its winning bets. `take_bp` is the house's take (0 for a
/// pot between characters, whose leftover coppers go to the largest remainders).
pub(super) fn share_pot(
    bets: &[Bet],
    shares: &[(Share, Verdict)],
    group: &[usize],
    take_bp: u32,
) -> Result<Pooled, SettleError> {
    let pot =
        Money::checked_sum(group.iter().map(|&i| bets[i].stake)).ok_or(SettleError::Overflow)?;
    let weights: Vec<u128> = group
        .iter()
        .map(|&i| match shares[i].0 {
            Share::Returned => Some(0),
            Share::Part { num, den } => u128::from(bets[i].stake.0)
                .checked_mul(u128::from(num))
                .and_then(|w| w.checked_mul(WEIGHT_UNIT))
                .map(|w| w / u128::from(den.max(1))),
        })
        .collect::<Option<_>>()
        .ok_or(SettleError::Overflow)?;
    let total: u128 = weights
        .iter()
        .try_fold(0u128, |a, &w| a.checked_add(w))
        .ok_or(SettleError::Overflow)?;
    let returned = group.iter().any(|&i| shares[i].0 == Share::Returned);
    if total == 0 || returned {
        return Ok(Pooled {
            pot,
            payouts: group.iter().map(|&i| bets[i].stake).collect(),
            per_coin: 1.0,
            refunded: total == 0 && !returned,
        });
    }
    let take = pot
        .mul_div_floor(u64::from(take_bp), 10_000)
        .ok_or(SettleError::Overflow)?;
    let net = u128::from(pot.0 - take.0);
    // Each winner's exact share of the net pot, as a whole part and a remainder.
    let exact: Vec<(u128, u128)> = weights
        .iter()
        .map(|w| net.checked_mul(*w).map(|x| (x / total, x % total)))
        .collect::<Option<_>>()
        .ok_or(SettleError::Overflow)?;
    let mut payouts: Vec<u128> = exact.iter().map(|&(q, _)| q).collect();
    if take_bp == 0 {
        let mut left = net - payouts.iter().sum::<u128>();
        let mut order: Vec<usize> = (0..group.len()).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(exact[k].1));
        for k in order {
            if left == 0 {
                break;
            }
            if weights[k] > 0 {
                payouts[k] += 1;
                left -= 1;
            }
        }
    }
    let payouts = payouts
        .into_iter()
        .map(|p| {
            u64::try_from(p)
                .map(Money)
                .map_err(|_| SettleError::Overflow)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Pooled {
        pot,
        payouts,
        per_coin: net as f64 * WEIGHT_UNIT as f64 / total as f64,
        refunded: false,
    })
}
