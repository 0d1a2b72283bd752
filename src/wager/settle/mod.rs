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
use std::fmt;

use serde::Serialize;

use super::bet::{Bet, Book};
pub use super::cheats::{CheatRule, CheatRuling};
use super::market::{Market, Selection, Share, Verdict, describe};
use super::money::Money;
use super::pool::{groups, share_pot, share_things};
use super::purse::{Credit, Purse, PurseError};
use super::thing::Thing;
use super::transfer::transfers;
pub use super::transfer::{Party, Transfer};
use crate::table::MatchLog;

/// What the house allows and takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HouseRules {
    /// The house's take from each pool, in hundredths of a percent (1000 = 10%).
    pub take_bp: u32,
    /// How far into debt a bettor may go.
    pub credit: Credit,
    /// Whether a caught cheat's bets with the bookie and in the pool are void (the
    /// tavern's `bar_cheats`).
    pub bar_cheats: bool,
    /// Whether a cheat rightly accused has their stakes against others ruled forfeit (the
    /// tavern's `on_cheat = "forfeit-stakes"`; a cheat seen is ruled so in the log itself).
    pub forfeit_stakes: bool,
}

/// How one bet came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BetResult {
    /// The side won outright.
    Won,
    /// The side lost.
    Lost,
    /// The side shared the top with others: `k` tied.
    DeadHeat(u64),
    /// A draw, or everyone level: the stake came back.
    Push,
    /// The question was never put: the stake came back.
    Void,
    /// A pool or pot in which nobody backed the winner: the stake came back.
    Refunded,
}

impl fmt::Display for BetResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BetResult::Won => f.write_str("won"),
            BetResult::Lost => f.write_str("lost"),
            BetResult::DeadHeat(k) => write!(f, "dead heat of {k}"),
            BetResult::Push => f.write_str("push"),
            BetResult::Void => f.write_str("void"),
            BetResult::Refunded => f.write_str("refunded: no winner backed"),
        }
    }
}

/// One bet, settled.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// The bet.
    pub bet: Bet,
    /// The bet in words.
    pub what: String,
    /// How it came out.
    pub result: BetResult,
    /// What it brought back, stake included (zero for a loss).
    pub payout: Money,
    /// For pools and pots: the whole pot, and what it paid per coin of winning weight.
    pub pot: Option<(Money, f64)>,
    /// The things this bet won, each from the losing bet's bettor.
    pub won: Vec<Passed>,
    /// When a cheat caught changed how it settled: the rule and the cheats.
    pub cheat: Option<CheatRuling>,
}

impl Line {
    /// How it came out, in words, with why when a cheat caught decided it: "won", "void:
    /// Mirela Quickfingers was caught cheating and the house bars cheats", "lost by
    /// forfeit: Mirela Quickfingers was caught cheating".
    #[must_use]
    pub fn outcome(&self) -> String {
        match (&self.cheat, self.result) {
            (None, result) => result.to_string(),
            (Some(r), result) if r.rule == CheatRule::BarCheats => format!("{result}: {r}"),
            (Some(r), BetResult::Won) => format!("won by forfeit: {r}"),
            (Some(r), BetResult::Lost) => format!("lost by forfeit: {r}"),
            (Some(r), _) => format!("stake back: {r}, so no side wins"),
        }
    }
}

/// A thing that passed from the losing side of a stake to the winning side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Passed {
    /// Who staked it, and lost it.
    pub from: String,
    /// Who won it.
    pub to: String,
    /// The thing.
    pub thing: Thing,
    /// Why, as a clause: the winning bet in words, "in a stake between them".
    pub why: String,
}

/// A whole match's wagers, settled.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Settlement {
    /// One line per bet, in the order given.
    pub lines: Vec<Line>,
    /// Who paid whom, net of each bet's stake.
    pub transfers: Vec<Transfer>,
    /// Every bettor's purse before.
    pub before: BTreeMap<String, Purse>,
    /// Every bettor's purse after.
    pub after: BTreeMap<String, Purse>,
    /// What the house gained (negative: lost), in copper.
    pub house: i128,
}

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

/// Settles every bet against the log.
///
/// # Errors
/// A bettor with no purse or who cannot cover their stakes, a bad bet, or an overflow.
pub fn settle(
    bets: &[Bet],
    log: &MatchLog,
    purses: &BTreeMap<String, Purse>,
    rules: &HouseRules,
) -> Result<Settlement, SettleError> {
    let names: Vec<String> = log.entrants.iter().map(|e| e.name.clone()).collect();
    let mut verdicts: Vec<(Market, Verdict)> = Vec::new();
    let mut shares = Vec::with_capacity(bets.len());
    let rulings = super::cheats::rulings(bets, log, rules);
    // The pots between characters with a thing in them.
    let thing_pots: Vec<Book> = bets
        .iter()
        .filter(|b| b.thing.is_some())
        .map(|b| b.book)
        .collect();
    for (i, bet) in bets.iter().enumerate() {
        if !purses.contains_key(&bet.bettor) {
            return Err(SettleError::UnknownBettor(bet.bettor.clone()));
        }
        if bet.thing.is_some() && !matches!(bet.book, Book::Stakes(_)) {
            return Err(SettleError::ThingWithHouse(bet.bettor.clone()));
        }
        if bet.stake == Money::ZERO && !thing_pots.contains(&bet.book) {
            return Err(SettleError::EmptyStake(bet.bettor.clone()));
        }
        if matches!(bet.side.selection(), Selection::Entrant(e) if e >= names.len()) {
            return Err(SettleError::BadSelection(bet.bettor.clone()));
        }
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
    let barred = |i: usize| {
        rulings[i]
            .as_ref()
            .is_some_and(|r| r.rule == CheatRule::BarCheats)
    };

    let mut payouts = vec![Money::ZERO; bets.len()];
    let mut results: Vec<BetResult> = shares.iter().map(|(s, v)| result_of(*s, v)).collect();
    let mut pots: Vec<Option<(Money, f64)>> = vec![None; bets.len()];
    let mut won: Vec<Vec<Passed>> = vec![Vec::new(); bets.len()];
    for (i, bet) in bets.iter().enumerate() {
        if let Book::Bookie(odds) = bet.book {
            payouts[i] = odds
                .payout(bet.stake, shares[i].0)
                .ok_or(SettleError::Overflow)?;
        }
    }
    for group in groups(bets) {
        // A bet barred comes back whole; the pool is shared among the others.
        let (void, group): (Vec<usize>, Vec<usize>) = group.into_iter().partition(|&i| barred(i));
        for i in void {
            payouts[i] = bets[i].stake;
        }
        if group.is_empty() {
            continue;
        }
        let take = match bets[group[0]].book {
            Book::Pool => rules.take_bp.min(10_000),
            _ => 0,
        };
        if let Book::Stakes(id) = bets[group[0]].book
            && group
                .iter()
                .any(|&i| bets[i].market != bets[group[0]].market)
        {
            return Err(SettleError::MixedGroup(id));
        }
        if thing_pots.contains(&bets[group[0]].book) {
            let shared = share_things(bets, &shares, &group)?;
            for (k, &i) in group.iter().enumerate() {
                payouts[i] = shared.payouts[k];
                pots[i] = Some((shared.pot, 1.0));
                if shared.dead_heat {
                    results[i] = BetResult::Push;
                } else if shared.refunded && results[i] == BetResult::Lost {
                    results[i] = BetResult::Refunded;
                }
            }
            for &(lost, winner) in &shared.passes {
                if let Some(thing) = &bets[lost].thing {
                    won[winner].push(Passed {
                        from: bets[lost].bettor.clone(),
                        to: bets[winner].bettor.clone(),
                        thing: thing.clone(),
                        why: format!(
                            "{} in a stake between them{}",
                            describe(bets[winner].market, bets[winner].side, &names, log.game),
                            match &rulings[winner] {
                                Some(r) => format!(", won by forfeit: {r}"),
                                None => String::new(),
                            }
                        ),
                    });
                }
            }
            continue;
        }
        let pooled = share_pot(bets, &shares, &group, take)?;
        for (k, &i) in group.iter().enumerate() {
            payouts[i] = pooled.payouts[k];
            pots[i] = Some((pooled.pot, pooled.per_coin));
            if pooled.refunded && results[i] == BetResult::Lost {
                results[i] = BetResult::Refunded;
            }
        }
    }

    let mut before = BTreeMap::new();
    let mut paid: BTreeMap<&str, (Money, Money)> = BTreeMap::new();
    for (i, bet) in bets.iter().enumerate() {
        let e = paid.entry(bet.bettor.as_str()).or_default();
        e.0 = e.0.checked_add(bet.stake).ok_or(SettleError::Overflow)?;
        e.1 = e.1.checked_add(payouts[i]).ok_or(SettleError::Overflow)?;
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
            .pay(*stakes, rules.credit)
            .map_err(short)?
            .receive(*back)
            .map_err(|_| SettleError::Overflow)?;
        after.insert((*name).to_owned(), settled);
    }

    let mut house: i128 = 0;
    for (i, bet) in bets.iter().enumerate() {
        if !matches!(bet.book, Book::Stakes(_)) {
            house += bet.stake.signed() - payouts[i].signed();
        }
    }
    let lines: Vec<Line> = bets
        .iter()
        .enumerate()
        .map(|(i, bet)| Line {
            bet: bet.clone(),
            what: describe(bet.market, bet.side, &names, log.game),
            result: results[i],
            payout: payouts[i],
            pot: pots[i],
            won: std::mem::take(&mut won[i]),
            cheat: rulings[i].clone(),
        })
        .collect();
    let transfers = transfers(&lines);
    Ok(Settlement {
        lines,
        transfers,
        before,
        after,
        house,
    })
}

fn result_of(share: Share, verdict: &Verdict) -> BetResult {
    match (share, verdict) {
        (Share::Returned, Verdict::Void) => BetResult::Void,
        (Share::Returned, _) => BetResult::Push,
        (Share::Part { num: 0, .. }, _) => BetResult::Lost,
        (Share::Part { num, den }, _) if num == den => BetResult::Won,
        (Share::Part { den, .. }, _) => BetResult::DeadHeat(den),
    }
}

impl Settlement {
    /// Each line's bettor's purse before and after that line, taking the lines in order
    /// (the stake paid, then what came back): how a settlement table shows it. The last
    /// line of each bettor ends at their purse after.
    #[must_use]
    pub fn purse_steps(&self) -> Vec<(Purse, Purse)> {
        let mut now = self.before.clone();
        self.lines
            .iter()
            .map(|line| {
                let before = now[&line.bet.bettor];
                let after = before
                    .pay(line.bet.stake, Credit::Unlimited)
                    .and_then(|p| p.receive(line.payout))
                    .unwrap_or(before);
                now.insert(line.bet.bettor.clone(), after);
                (before, after)
            })
            .collect()
    }

    /// Every thing that passed, in the order of the bets that won them.
    pub fn things(&self) -> impl Iterator<Item = &Passed> {
        self.lines.iter().flat_map(|l| &l.won)
    }

    /// Each bettor's gain (negative: loss) in copper.
    #[must_use]
    pub fn changes(&self) -> BTreeMap<String, i128> {
        self.after
            .iter()
            .map(|(name, after)| (name.clone(), after.balance() - self.before[name].balance()))
            .collect()
    }
}

#[cfg(test)]
mod tests;
