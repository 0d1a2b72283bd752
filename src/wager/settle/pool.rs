//! Pools and pots: how the stakes of several bets on one question are shared among the
//! winning ones. A house pool keeps its take and the odd coppers; a pot between characters
//! is paid out to the last copper, and one with a thing in it passes the thing whole.

use super::SettleError;
use crate::wager::bet::{Bet, Book};
use crate::wager::market::{Market, Share, Verdict};
use crate::wager::money::Money;

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

/// How a pot with a thing in it comes out.
pub(super) struct ThingsShared {
    /// The coins in it.
    pub pot: Money,
    /// What each bet of the group brings back in coin, in the group's order.
    pub payouts: Vec<Money>,
    /// Whether a dead heat gave every stake back (a thing cannot be cut).
    pub dead_heat: bool,
    /// Whether nobody won, so every stake came back.
    pub refunded: bool,
    /// Each thing that passes: the index of the bet that lost it and of the bet that won
    /// it (into the bets).
    pub passes: Vec<(usize, usize)>,
}

/// Settles a pot with a thing in it. A push, a void or a dead heat gives every stake
/// back, as does a pot with no winning bet or no losing one. Otherwise each losing bet's
/// thing passes to the first winning bet, and the losing bets' coins are shared among the
/// winning bets by their coins (evenly when they staked none), to the last copper, the
/// odd ones to the largest remainders (the earlier bet first); a winning bet keeps its
/// own coins.
pub(super) fn share_things(
    bets: &[Bet],
    shares: &[(Share, Verdict)],
    group: &[usize],
) -> Result<ThingsShared, SettleError> {
    let pot =
        Money::checked_sum(group.iter().map(|&i| bets[i].stake)).ok_or(SettleError::Overflow)?;
    let dead_heat = group
        .iter()
        .any(|&i| matches!(shares[i].0, Share::Part { num, den } if num > 0 && num < den));
    let returned = group.iter().any(|&i| shares[i].0 == Share::Returned);
    let winners: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&i| shares[i].0 == Share::WON)
        .collect();
    let losers: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&i| shares[i].0 == Share::LOST)
        .collect();
    let back = |refunded| ThingsShared {
        pot,
        payouts: group.iter().map(|&i| bets[i].stake).collect(),
        dead_heat,
        refunded,
        passes: Vec::new(),
    };
    if returned || dead_heat || losers.is_empty() {
        return Ok(back(false));
    }
    let Some(&first) = winners.first() else {
        return Ok(back(true));
    };
    let gains = share_coins_lost(bets, &winners, &losers)?;
    let mut payouts = Vec::with_capacity(group.len());
    for &i in group {
        let payout = match winners.iter().position(|&w| w == i) {
            Some(k) => u128::from(bets[i].stake.0) + gains[k],
            None => 0,
        };
        payouts.push(
            u64::try_from(payout)
                .map(Money)
                .map_err(|_| SettleError::Overflow)?,
        );
    }
    let passes = losers
        .iter()
        .filter(|&&i| bets[i].thing.is_some())
        .map(|&i| (i, first))
        .collect();
    Ok(ThingsShared {
        pot,
        payouts,
        dead_heat: false,
        refunded: false,
        passes,
    })
}

/// What each of the `winners` gains of the coins the `losers` staked: shared by the
/// winners' coins (evenly when they staked none), to the last copper, the odd ones to the
/// largest remainders (the earlier bet first).
fn share_coins_lost(
    bets: &[Bet],
    winners: &[usize],
    losers: &[usize],
) -> Result<Vec<u128>, SettleError> {
    let lost: u128 = losers.iter().map(|&i| u128::from(bets[i].stake.0)).sum();
    let mut weights: Vec<u128> = winners
        .iter()
        .map(|&i| u128::from(bets[i].stake.0))
        .collect();
    if weights.iter().all(|&w| w == 0) {
        weights = vec![1; winners.len()];
    }
    let total: u128 = weights.iter().sum();
    // Each winner's exact share of the coins lost, as a whole part and a remainder; the
    // sums fit, as every stake is at most a u64 and there are few.
    let exact: Vec<(u128, u128)> = weights
        .iter()
        .map(|w| {
            lost.checked_mul(*w)
                .map(|x| (x / total, x % total))
                .ok_or(SettleError::Overflow)
        })
        .collect::<Result<_, _>>()?;
    let mut gains: Vec<u128> = exact.iter().map(|&(q, _)| q).collect();
    let mut left = lost - gains.iter().sum::<u128>();
    let mut order: Vec<usize> = (0..winners.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(exact[k].1));
    for k in order {
        if left == 0 {
            break;
        }
        gains[k] += 1;
        left -= 1;
    }
    Ok(gains)
}
