//! What a settlement says: how each bet came out and what it brought back, the things
//! that passed, who paid whom, and every purse before and after.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::{CheatRule, CheatRuling, Transfer};
use crate::wager::bet::Bet;
use crate::wager::market::{Share, Verdict};
use crate::wager::money::Money;
use crate::wager::purse::{Credit, Purse};
use crate::wager::thing::Thing;

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
            BetResult::Refunded => f.write_str("refunded: nobody backed the winner"),
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
    /// The bribes paid before the match, from payer to taker ([`crate::wager::bribe`]):
    /// among the transfers, and in the purses before and after.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bribes: Vec<crate::wager::transfer::Paid>,
}

/// How a bet came out, from its share of its market's verdict.
pub(super) fn result_of(share: Share, verdict: &Verdict) -> BetResult {
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
    /// line of each bettor ends at their purse after. The bribes are paid first.
    #[must_use]
    pub fn purse_steps(&self) -> Vec<(Purse, Purse)> {
        let mut now = self.after_bribes();
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
