//! What every bet brought, as the table hears it: a line a bet, plain or in the
//! phrasebook's words (the bookie paying out and collecting, a winner's backers paid, a
//! thing staked passing hands), chosen with the match's seed. Every sum of coins said is
//! what the bettor's purse gained or lost by the bet (the stake is not taken before the
//! match), and a bet on oneself is said so ("on himself to win the match").

use std::collections::HashMap;

use crate::games::GameKind;
use crate::names::and_list;
use crate::narrate::{Moment, Phrasebook, fill};
use crate::seed::{Purpose, TableRng, derive, table_rng};
use crate::wager::market::{Market, Selection, Side, backing};
use crate::wager::settle::{BetResult, Line, Settlement};
use crate::wager::{Book, Currency, Money};

/// What every bet brought, as the table hears it. A bet won on the winner of the match or
/// of a game gets a line from the phrasebook's `wager-paid` moment, chosen with `seed`
/// (no line twice while others are unused); the rest are plain.
#[must_use]
pub fn settled_lines(
    settlement: &Settlement,
    currency: Currency,
    book: &Phrasebook,
    kind: GameKind,
    names: &[String],
    seed: u64,
) -> Vec<String> {
    settled_lines_at(settlement, currency, book, kind, names, seed, None)
}

/// [`settled_lines`], with the bookie who paid and collected the bets made with them,
/// in the phrasebook's `pays-out` and `collects` words (followed by what the bet was).
/// A bet that won a thing says so ("Sister Ysolde wins “where the caravan went” from Old
/// Brannoc, ..."), followed by a line of the phrasebook's `stake-passes`.
#[must_use]
pub fn settled_lines_at(
    settlement: &Settlement,
    currency: Currency,
    book: &Phrasebook,
    kind: GameKind,
    names: &[String],
    seed: u64,
    bookie: Option<&str>,
) -> Vec<String> {
    let mut teller = Teller {
        book,
        kind,
        currency,
        names,
        bookie,
        lines: &settlement.lines,
        rng: table_rng(derive(seed, Purpose::Wagers, &[])),
        left: HashMap::new(),
    };
    settlement.lines.iter().map(|l| teller.line(l)).collect()
}

/// The settled lines, each in the colour of how its bet came out: won green, lost red
/// (the output stream drops colour where it is off).
#[must_use]
pub fn coloured(lines: &[String], settlement: &Settlement) -> Vec<String> {
    use crate::report::short::{LOST, WON, styled};
    lines
        .iter()
        .zip(&settlement.lines)
        .map(|(text, line)| match line.result {
            BetResult::Won | BetResult::DeadHeat(_) => styled(text, WON),
            BetResult::Lost => styled(text, LOST),
            _ => text.clone(),
        })
        .collect()
}

/// What a bet did to its bettor's purse, in copper: what came back less the stake.
#[must_use]
pub fn gain(l: &Line) -> i128 {
    l.payout.signed() - l.bet.stake.signed()
}

/// Who tells a settlement, in which words, and the lines of each moment not yet said.
struct Teller<'a> {
    book: &'a Phrasebook,
    kind: GameKind,
    currency: Currency,
    /// The entrants' names, by entrant.
    names: &'a [String],
    /// The bookie who pays and collects the bets made with them, when one is named.
    bookie: Option<&'a str>,
    /// Every bet settled, for the other sides of a stake between characters.
    lines: &'a [Line],
    rng: TableRng,
    /// For each moment dealt from, the phrasebook's lines not yet said (all of them again
    /// once every one has been).
    left: HashMap<Moment, Vec<usize>>,
}

impl Teller<'_> {
    /// A line of `moment` not yet said while any is left, chosen at random; `None` when
    /// the phrasebook has none.
    fn deal(&mut self, moment: Moment) -> Option<String> {
        let lines = self.book.lines(self.kind, moment);
        if lines.is_empty() {
            return None;
        }
        let unused = self.left.entry(moment).or_default();
        if unused.is_empty() {
            *unused = (0..lines.len()).collect();
        }
        let k = unused.remove(rand::RngExt::random_range(&mut self.rng, 0..unused.len()));
        Some(lines[k].clone())
    }

    /// Coins in the tavern's currency.
    fn coins(&self, m: Money) -> String {
        m.show(self.currency).to_string()
    }

    /// The line of one settled bet: a cheat caught decided it, things passed hands, only
    /// things were staked, or coins were won and lost.
    fn line(&mut self, l: &Line) -> String {
        if l.cheat.is_some() {
            return self.decided_by_a_cheat(l);
        }
        if !l.won.is_empty() {
            return self.things_won(l);
        }
        if let Some(line) = things_only(l) {
            return line;
        }
        self.money(l)
    }

    /// The other bettors of a stake between characters who came out the other way: the
    /// losers a winning bet took its coins from, or the winners a losing bet paid.
    fn others(&self, l: &Line, winners: bool) -> Vec<String> {
        let Book::Stakes(id) = l.bet.book else {
            return Vec::new();
        };
        let mut names: Vec<String> = Vec::new();
        for other in self.lines {
            let side = if winners {
                gain(other) > 0
            } else {
                gain(other) < 0
            };
            if other.bet.book == Book::Stakes(id)
                && side
                && other.bet.bettor != l.bet.bettor
                && !names.contains(&other.bet.bettor)
            {
                names.push(other.bet.bettor.clone());
            }
        }
        names
    }

    /// Where the coins of a bet won came from: " from the bookie", " from the pool",
    /// " from Pip and Tam".
    fn from(&self, l: &Line) -> String {
        match l.bet.book {
            Book::Bookie(_) => format!(" from {}", self.bookie.unwrap_or("the bookie")),
            Book::Pool => " from the pool".to_owned(),
            Book::Stakes(_) => match self.others(l, false) {
                losers if losers.is_empty() => String::new(),
                losers => format!(" from {}", and_list(&losers)),
            },
        }
    }

    /// Where the coins of a bet lost went: " to the bookie", " in the pool", " to Pip".
    fn to(&self, l: &Line) -> String {
        match l.bet.book {
            Book::Bookie(_) => format!(" to {}", self.bookie.unwrap_or("the bookie")),
            Book::Pool => " in the pool".to_owned(),
            Book::Stakes(_) => match self.others(l, true) {
                winners if winners.is_empty() => String::new(),
                winners => format!(" to {}", and_list(&winners)),
            },
        }
    }

    /// A bet that won things: who won what from whom, each with a line of the
    /// phrasebook's `stake-passes`, and the coins it won besides.
    fn things_won(&mut self, l: &Line) -> String {
        let mut said = Vec::new();
        for p in &l.won {
            let mut line = format!(
                "{} wins {} from {}, {}.",
                p.to,
                p.thing.quoted(),
                p.from,
                backing(&l.what)
            );
            if let Some(template) = self.deal(Moment::StakePasses) {
                let vars = [
                    ("winner", p.to.clone()),
                    ("loser", p.from.clone()),
                    ("stake", p.thing.quoted()),
                ];
                line = format!("{line} {}", fill(&template, &vars));
            }
            said.push(line);
        }
        if gain(l) > 0 {
            said.push(format!(
                "{} wins {} besides.",
                l.bet.bettor,
                self.coins(Money(l.payout.0 - l.bet.stake.0))
            ));
        }
        said.join(" ")
    }

    /// A bet on coins: the bookie's words when they paid or collected it, a `wager-paid`
    /// line when it won on a winner someone else backed, else said plainly. Every sum is
    /// what the purse gained or lost.
    fn money(&mut self, l: &Line) -> String {
        let (who, bet) = (&l.bet.bettor, backing(&l.what));
        let stake = self.coins(l.bet.stake);
        let won = self.coins(Money(l.payout.0.saturating_sub(l.bet.stake.0)));
        // A bet on a winner, said in the phrasebook's words when the winner is someone
        // else (a bet on oneself is said plainly: nobody backs themselves "courtesy of"
        // themselves).
        let on_winner = match (l.bet.market, l.bet.side) {
            (Market::Match | Market::Game { .. }, Side::For(Selection::Entrant(e))) => self
                .names
                .get(e)
                .filter(|w| !crate::names::same(w, who))
                .cloned(),
            _ => None,
        };
        let with_bookie =
            self.bookie.is_some() && matches!(l.bet.book, crate::wager::Book::Bookie(_));
        let g = gain(l);
        match l.result {
            // A bet won that brings back no more than its stake (a pool of the winners'
            // stakes alone, less the house's take): never "0 cp into the purse".
            BetResult::Won if g == 0 => format!("{who} wins nothing beyond the stake, {bet}."),
            BetResult::Won if g < 0 => format!(
                "{who} ends {} down though the bet won, {bet}: the house's take is more than \
                 the pool's winnings.",
                self.coins(Money(g.unsigned_abs() as u64))
            ),
            BetResult::Won if with_bookie && on_winner.is_none() => self
                .bookie_says(Moment::PaysOut, "winner", won.clone(), l)
                .unwrap_or_else(|| format!("{who} wins {won}{}, {bet}.", self.from(l))),
            BetResult::Lost if with_bookie => self
                .bookie_says(Moment::Collects, "loser", stake.clone(), l)
                .unwrap_or_else(|| format!("{who} loses {stake}{}, {bet}.", self.to(l))),
            BetResult::Won => {
                if let Some(winner) = on_winner
                    && let Some(template) = self.deal(Moment::WagerPaid)
                {
                    let vars = [("mover", who.clone()), ("winner", winner), ("coins", won)];
                    fill(&template, &vars)
                } else {
                    format!("{who} wins {won}{}, {bet}.", self.from(l))
                }
            }
            BetResult::Lost => format!("{who} loses {stake}{}, {bet}.", self.to(l)),
            BetResult::DeadHeat(k) => {
                let how = if g > 0 {
                    format!("wins {}", self.coins(Money(g.unsigned_abs() as u64)))
                } else if g < 0 {
                    format!("loses {}", self.coins(Money(g.unsigned_abs() as u64)))
                } else {
                    "comes out even".to_owned()
                };
                format!("{who} {how} in a dead heat of {k}, {bet}.")
            }
            BetResult::Push | BetResult::Void | BetResult::Refunded => {
                format!("{who} has the {stake} back, {bet} ({}).", l.result)
            }
        }
    }

    /// The bookie's own words of `moment` for the bet's bettor in `role`, followed by what
    /// the bet was; `None` without a bookie or words.
    fn bookie_says(
        &mut self,
        moment: Moment,
        role: &str,
        coins: String,
        l: &Line,
    ) -> Option<String> {
        let bookie = self.bookie?;
        let template = self.deal(moment)?;
        let vars = [
            ("bookie", bookie.to_owned()),
            (role, l.bet.bettor.clone()),
            ("coins", coins),
        ];
        let line = fill(&template, &vars);
        let line = line.trim_end_matches(['.', '!']);
        Some(format!("{line}: the bet {}.", backing(&l.what)))
    }

    /// A bet that a cheat caught decided, said plainly with why.
    fn decided_by_a_cheat(&self, l: &Line) -> String {
        let (who, bet, why) = (&l.bet.bettor, backing(&l.what), l.outcome());
        match l.result {
            BetResult::Won => format!("{who} wins {} ({why}), {bet}.", self.won(l)),
            BetResult::Lost => format!(
                "{who} loses {} ({why}), {bet}.",
                l.bet.staked(self.currency)
            ),
            _ => format!(
                "{who} has the {} back ({why}), {bet}.",
                l.bet.staked(self.currency)
            ),
        }
    }

    /// What a bet won: the coins its purse gained and the things it won.
    fn won(&self, l: &Line) -> String {
        let mut parts = Vec::new();
        if gain(l) > 0 {
            parts.push(self.coins(Money(l.payout.0 - l.bet.stake.0)));
        }
        parts.extend(l.won.iter().map(|p| p.thing.quoted()));
        if parts.is_empty() {
            "nothing".to_owned()
        } else {
            and_list(&parts)
        }
    }
}

/// A bet that staked no coin and won none: who keeps their thing, loses it, or staked
/// nothing at all; `None` for any other bet.
fn things_only(l: &Line) -> Option<String> {
    if l.bet.stake != Money::ZERO {
        return None;
    }
    let (who, bet) = (&l.bet.bettor, backing(&l.what));
    let thing = l.bet.thing.as_ref().map(crate::wager::Thing::quoted);
    Some(match (l.result, thing) {
        (BetResult::Won, Some(t)) if l.payout == Money::ZERO => format!("{who} keeps {t}, {bet}."),
        (BetResult::Won, None) if l.payout == Money::ZERO => {
            format!("{who} staked nothing and wins nothing, {bet}.")
        }
        (BetResult::Lost, Some(t)) => format!("{who} loses {t}, {bet}."),
        (BetResult::Lost, None) => format!("{who} staked nothing and loses nothing, {bet}."),
        (BetResult::Push | BetResult::Void | BetResult::Refunded, Some(t)) => {
            format!("{who} keeps {t}, {bet} ({}).", l.result)
        }
        (BetResult::Push | BetResult::Void | BetResult::Refunded, None) => {
            format!("{who} staked nothing, {bet} ({}).", l.result)
        }
        (BetResult::Won | BetResult::DeadHeat(_), _) => return None,
    })
}
