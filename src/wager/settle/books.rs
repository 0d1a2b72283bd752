//! What each bet brings back, book by book: the bookie's at its odds, then each pool and
//! each pot between characters shared among its winning bets (a bet barred for a cheat
//! coming back whole), the things in a pot passing from the losing side to the winning.

use super::pool::{share_pot, share_things};
use super::settlement::{BetResult, Line, Passed, result_of};
use super::{CheatRule, CheatRuling, SettleError};
use crate::table::MatchLog;
use crate::wager::bet::{Bet, Book};
use crate::wager::market::{Share, Verdict, backing, describe_for};
use crate::wager::money::Money;

/// The bets being settled, and what each has come to so far, one entry a bet.
pub(super) struct Books<'a> {
    /// The bets, in the order given.
    bets: &'a [Bet],
    /// The log they are settled on.
    log: &'a MatchLog,
    /// Each bet's share of its market's verdict (or of a cheat's ruling), and the verdict.
    shares: &'a [(Share, Verdict)],
    /// Each bet's cheat ruling, when a cheat caught changes how it settles.
    rulings: &'a [Option<CheatRuling>],
    /// The pots between characters with a thing in them.
    thing_pots: &'a [Book],
    /// What each bet brings back, stake included.
    payouts: Vec<Money>,
    /// How each bet came out.
    results: Vec<BetResult>,
    /// For pools and pots: the whole pot, and what it paid per coin of winning weight.
    pots: Vec<Option<(Money, f64)>>,
    /// The things each bet won.
    won: Vec<Vec<Passed>>,
}

impl<'a> Books<'a> {
    /// The bets with nothing paid yet, each come out as its share says.
    pub(super) fn new(
        bets: &'a [Bet],
        log: &'a MatchLog,
        shares: &'a [(Share, Verdict)],
        rulings: &'a [Option<CheatRuling>],
        thing_pots: &'a [Book],
    ) -> Self {
        Books {
            bets,
            log,
            shares,
            rulings,
            thing_pots,
            payouts: vec![Money::ZERO; bets.len()],
            results: shares.iter().map(|(s, v)| result_of(*s, v)).collect(),
            pots: vec![None; bets.len()],
            won: vec![Vec::new(); bets.len()],
        }
    }

    /// Pays each bet with the bookie at its odds.
    pub(super) fn bookie(&mut self) -> Result<(), SettleError> {
        for (i, bet) in self.bets.iter().enumerate() {
            if let Book::Bookie(odds) = bet.book {
                self.payouts[i] = odds
                    .payout(bet.stake, self.shares[i].0)
                    .ok_or(SettleError::Overflow)?;
            }
        }
        Ok(())
    }

    /// Whether bet `i` is void because the house bars a cheat it concerns.
    fn barred(&self, i: usize) -> bool {
        self.rulings[i]
            .as_ref()
            .is_some_and(|r| r.rule == CheatRule::BarCheats)
    }

    /// Settles one pool or pot (`group`, indices into the bets): a bet barred comes back
    /// whole, and the others share it, the house keeping `take_bp` of a pool.
    pub(super) fn group(&mut self, group: Vec<usize>, take_bp: u32) -> Result<(), SettleError> {
        let bets = self.bets;
        let (void, group): (Vec<usize>, Vec<usize>) =
            group.into_iter().partition(|&i| self.barred(i));
        for i in void {
            self.payouts[i] = bets[i].stake;
        }
        if group.is_empty() {
            return Ok(());
        }
        let take = match bets[group[0]].book {
            Book::Pool => take_bp.min(10_000),
            _ => 0,
        };
        if let Book::Stakes(id) = bets[group[0]].book
            && group
                .iter()
                .any(|&i| bets[i].market != bets[group[0]].market)
        {
            return Err(SettleError::MixedGroup(id));
        }
        if self.thing_pots.contains(&bets[group[0]].book) {
            return self.pot_with_things(&group);
        }
        self.pool(&group, take)
    }

    /// Shares a pool, or a pot of coins only, among its winning bets.
    fn pool(&mut self, group: &[usize], take: u32) -> Result<(), SettleError> {
        let pooled = share_pot(self.bets, self.shares, group, take)?;
        for (k, &i) in group.iter().enumerate() {
            self.payouts[i] = pooled.payouts[k];
            self.pots[i] = Some((pooled.pot, pooled.per_coin));
            if pooled.refunded && self.results[i] == BetResult::Lost {
                self.results[i] = BetResult::Refunded;
            }
        }
        Ok(())
    }

    /// Settles a pot with a thing in it: its coins shared, a dead heat made a push, and
    /// each thing lost passed to the bet that won it.
    fn pot_with_things(&mut self, group: &[usize]) -> Result<(), SettleError> {
        let shared = share_things(self.bets, self.shares, group)?;
        for (k, &i) in group.iter().enumerate() {
            self.payouts[i] = shared.payouts[k];
            self.pots[i] = Some((shared.pot, 1.0));
            if shared.dead_heat {
                self.results[i] = BetResult::Push;
            } else if shared.refunded && self.results[i] == BetResult::Lost {
                self.results[i] = BetResult::Refunded;
            }
        }
        for &(lost, winner) in &shared.passes {
            if let Some(passed) = self.passed(lost, winner) {
                self.won[winner].push(passed);
            }
        }
        Ok(())
    }

    /// The thing of bet `lost` passing to the bettor of bet `winner`, with why (none when
    /// the losing bet staked no thing).
    fn passed(&self, lost: usize, winner: usize) -> Option<Passed> {
        let bets = self.bets;
        let thing = bets[lost].thing.as_ref()?;
        Some(Passed {
            from: bets[lost].bettor.clone(),
            to: bets[winner].bettor.clone(),
            thing: thing.clone(),
            why: format!(
                "{} in a stake between them{}",
                backing(&describe_for(
                    &bets[winner].bettor,
                    bets[winner].market,
                    bets[winner].side,
                    &self.log.entrants,
                    self.log.game
                )),
                match &self.rulings[winner] {
                    Some(r) => format!(", won by forfeit: {r}"),
                    None => String::new(),
                }
            ),
        })
    }

    /// One line a bet, in the order given: the bet in words, how it came out, what it
    /// brought back, and the things it won.
    pub(super) fn lines(mut self) -> Vec<Line> {
        self.bets
            .iter()
            .enumerate()
            .map(|(i, bet)| Line {
                bet: bet.clone(),
                what: describe_for(
                    &bet.bettor,
                    bet.market,
                    bet.side,
                    &self.log.entrants,
                    self.log.game,
                ),
                result: self.results[i],
                payout: self.payouts[i],
                pot: self.pots[i],
                won: std::mem::take(&mut self.won[i]),
                cheat: self.rulings[i].clone(),
            })
            .collect()
    }
}
