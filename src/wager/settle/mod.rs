//! Settlement: a pure function from the bets, the match's event log, the purses and the
//! house's rules to what every bet pays, who pays whom, and the purses after.
//!
//! The rules, where a wager could go more than one way:
//! * **Push and void.** A drawn match or game, every entrant level, a game never played,
//!   a match with no first-turn ceremony: every stake on that market comes back whole,
//!   and the house takes nothing from its pool.
//! * **Dead heat.** When `k` selections share the top (a shared Piç win, two players level
//!   on captures at a table of three), a bet on one of them is a winning bet on
//!   `stake / k` and a losing bet on the rest. In a pool or a pot that makes its weight
//!   `stake / k`.
//! * **Bookie.** A winning stake `s` at `n to d` brings back `s × (n + d) / d`, rounded down
//!   to the copper; the copper rounded away stays with the house.
//! * **Pool.** The stakes on one market make one pool; the house keeps its take (rounded
//!   down), and the rest is shared by the winning bets in proportion to their weights,
//!   each payout rounded down, the leftover coppers to the house. When nobody backed the
//!   winner, every stake comes back and the house takes nothing.
//! * **Stakes between characters.** The bets of one group put their stakes in one pot,
//!   and the winning sides share it in proportion to their weights, rounded down, the
//!   leftover coppers going one each to the largest remainders (the earlier bet first on
//!   equal remainders); the pot is always paid out whole. When no side wins, every stake
//!   comes back.
//! * **Things.** A stake between characters may be a thing (an item, a favour, an answer)
//!   instead of coins, on either side, or nothing against a thing. A thing cannot be cut:
//!   a pot with a thing in it that ends in a push, a void or a dead heat gives every side
//!   its own stake back (a dead heat is then a push). Otherwise the losing side's thing
//!   passes whole to the winning side (to the first winning bet, should a side have
//!   several), and the losing side's coins go to the winning side (shared by their coins,
//!   or evenly when the winners staked only things), so a side that staked coins against
//!   a thing pays them only when it loses. A thing counts in no sum of money and changes
//!   no purse.
//! * **Cheats caught** ([`super::cheats`]). When the house bars cheats, a caught cheat's
//!   bets with the bookie and in the pool are void, and each pool is shared as if they had
//!   never been in it. When a cheat's stakes are ruled forfeit, every stake between
//!   characters they are a party to is lost by them and won by the other sides, whatever
//!   the match's result (when every side of it is such a cheat, every stake comes back).
//! * **Purses.** Each bettor pays all their stakes first and then receives what their bets
//!   bring back; a purse that cannot pay, even with the house's credit, is an error (the
//!   table refuses such bets before play). A debt is paid off before coins are kept.

use std::collections::BTreeMap;

pub use super::cheats::{CheatRule, CheatRuling};
pub use super::house::HouseRules;
pub use super::transfer::{Party, Transfer};
pub use settlement::{BetResult, Line, Passed, Settlement};

use super::bet::{Bet, Book};
use super::market::{Market, Selection, Share, Verdict};
use super::money::Money;
use super::purse::{Credit, Purse, PurseError};
use crate::table::MatchLog;
use books::Books;
use flows::transfers;
use pool::groups;

mod books;
mod flows;
mod pool;
mod settlement;

/// Wagers that cannot be settled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettleError {
    /// A bettor with no purse.
    #[error("{0} has no purse at this table")]
    UnknownBettor(String),
    /// A stake of nothing (outside a stake against a thing).
    #[error("{0} has staked nothing")]
    EmptyStake(String),
    /// A thing staked with the bookie or in the pool, which deal only in coin.
    #[error("{0} has staked a thing with the house, which deals only in coin")]
    ThingWithHouse(String),
    /// A selection that is not at this table.
    #[error("a bet of {0} backs someone who is not at the table")]
    BadSelection(String),
    /// The purse cannot cover the stakes.
    #[error("{bettor} cannot cover {stakes} in stakes: {reason}")]
    Short {
        /// Who.
        bettor: String,
        /// Their stakes together.
        stakes: Money,
        /// Why not.
        reason: PurseError,
    },
    /// One pot on two questions.
    #[error("the stakes of group {0} are on different questions")]
    MixedGroup(u32),
    /// Sums past what copper pieces can count.
    #[error("the sums are too large to count in copper pieces")]
    Overflow,
}

/// Settles every bet against the log: each bet checked and given its share of its
/// market's verdict, the bookie's bets paid at their odds, each pool and pot shared, and
/// every bettor's stakes paid and winnings received.
///
/// # Errors
/// A bettor with no purse or who cannot cover their stakes, a bad bet, or an overflow.
pub fn settle(
    bets: &[Bet],
    log: &MatchLog,
    purses: &BTreeMap<String, Purse>,
    rules: &HouseRules,
) -> Result<Settlement, SettleError> {
    let rulings = super::cheats::rulings(bets, log, rules);
    // The pots between characters with a thing in them.
    let thing_pots: Vec<Book> = bets
        .iter()
        .filter(|b| b.thing.is_some())
        .map(|b| b.book)
        .collect();
    let shares = shares(bets, log, purses, &rulings, &thing_pots)?;
    let mut books = Books::new(bets, log, &shares, &rulings, &thing_pots);
    books.bookie()?;
    for group in groups(bets) {
        books.group(group, rules.take_bp)?;
    }
    let lines = books.lines();
    let (before, after) = purses_after(&lines, purses, rules.credit)?;
    let house = house_gain(&lines);
    let transfers = transfers(&lines);
    Ok(Settlement {
        lines,
        transfers,
        before,
        after,
        house,
        bribes: Vec::new(),
    })
}

/// Each bet, checked, with its share of its market's verdict and the verdict; a cheat's
/// ruling overrides the share: void when the house bars the cheat, lost by a cheat whose
/// stakes are forfeit and won by the other sides.
fn shares(
    bets: &[Bet],
    log: &MatchLog,
    purses: &BTreeMap<String, Purse>,
    rulings: &[Option<CheatRuling>],
    thing_pots: &[Book],
) -> Result<Vec<(Share, Verdict)>, SettleError> {
    let mut verdicts: Vec<(Market, Verdict)> = Vec::new();
    let mut shares = Vec::with_capacity(bets.len());
    for (i, bet) in bets.iter().enumerate() {
        check(bet, purses, thing_pots, log.entrants.len())?;
        let verdict = match verdicts.iter().find(|(m, _)| *m == bet.market) {
            Some((_, v)) => v.clone(),
            None => {
                let v = bet.market.verdict(log);
                verdicts.push((bet.market, v.clone()));
                v
            }
        };
        shares.push(match &rulings[i] {
            None => (verdict.share(bet.side), verdict),
            Some(r) if r.rule == CheatRule::BarCheats => (Share::Returned, Verdict::Void),
            Some(r) if r.by.contains(&bet.bettor) => (Share::LOST, verdict),
            Some(_) => (Share::WON, verdict),
        });
    }
    Ok(shares)
}

/// Refuses a bet that cannot be settled: a bettor with no purse, a thing staked with the
/// house, a stake of nothing outside a pot with a thing in it, or a selection not among
/// the `entrants`.
fn check(
    bet: &Bet,
    purses: &BTreeMap<String, Purse>,
    thing_pots: &[Book],
    entrants: usize,
) -> Result<(), SettleError> {
    if !purses.contains_key(&bet.bettor) {
        return Err(SettleError::UnknownBettor(bet.bettor.clone()));
    }
    if bet.thing.is_some() && !matches!(bet.book, Book::Stakes(_)) {
        return Err(SettleError::ThingWithHouse(bet.bettor.clone()));
    }
    if bet.stake == Money::ZERO && !thing_pots.contains(&bet.book) {
        return Err(SettleError::EmptyStake(bet.bettor.clone()));
    }
    if matches!(bet.side.selection(), Selection::Entrant(e) if e >= entrants) {
        return Err(SettleError::BadSelection(bet.bettor.clone()));
    }
    Ok(())
}

/// Every bettor's purse, by name.
type Purses = BTreeMap<String, Purse>;

/// Every bettor's purse before, and after paying all their stakes (with the house's
/// `credit`) and then receiving all that their bets bring back.
fn purses_after(
    lines: &[Line],
    purses: &BTreeMap<String, Purse>,
    credit: Credit,
) -> Result<(Purses, Purses), SettleError> {
    let mut before = BTreeMap::new();
    let mut paid: BTreeMap<&str, (Money, Money)> = BTreeMap::new();
    for line in lines {
        let bet = &line.bet;
        let e = paid.entry(bet.bettor.as_str()).or_default();
        e.0 = e.0.checked_add(bet.stake).ok_or(SettleError::Overflow)?;
        e.1 = e.1.checked_add(line.payout).ok_or(SettleError::Overflow)?;
        before.insert(bet.bettor.clone(), purses[&bet.bettor]);
    }
    let mut after = before.clone();
    for (name, (stakes, back)) in &paid {
        let purse = purses[*name];
        let short = |reason| SettleError::Short {
            bettor: (*name).to_owned(),
            stakes: *stakes,
            reason,
        };
        let settled = purse
            .pay(*stakes, credit)
            .map_err(short)?
            .receive(*back)
            .map_err(|_| SettleError::Overflow)?;
        after.insert((*name).to_owned(), settled);
    }
    Ok((before, after))
}

/// What the house gained (negative: lost) on the bookie's bets and the pools, in copper.
fn house_gain(lines: &[Line]) -> i128 {
    lines
        .iter()
        .filter(|line| !matches!(line.bet.book, Book::Stakes(_)))
        .map(|line| line.bet.stake.signed() - line.payout.signed())
        .sum()
}

#[cfg(test)]
mod tests;
