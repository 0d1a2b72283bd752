//! What every bet brought, as the table hears it: a line a bet, plain or in the
//! phrasebook's words (the bookie paying out and collecting, a winner's backers paid, a
//! thing staked passing hands), chosen with the match's seed.

use std::collections::HashMap;

use super::payout;
use crate::games::GameKind;
use crate::narrate::{Moment, Phrasebook, fill};
use crate::seed::{Purpose, TableRng, derive, table_rng};
use crate::wager::market::{Market, Selection, Side};
use crate::wager::settle::{BetResult, Line, Settlement};
use crate::wager::{Currency, Money};

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
/// Brannoc: ..."), followed by a line of the phrasebook's `stake-passes`.
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

/// Who tells a settlement, in which words, and the lines of each moment not yet said.
struct Teller<'a> {
    book: &'a Phrasebook,
    kind: GameKind,
    currency: Currency,
    /// The entrants' names, by entrant.
    names: &'a [String],
    /// The bookie who pays and collects the bets made with them, when one is named.
    bookie: Option<&'a str>,
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

    /// The line of one settled bet: a cheat caught decided it, things passed hands, only
    /// things were staked, or coins were won and lost.
    fn line(&mut self, l: &Line) -> String {
        if l.cheat.is_some() {
            return decided_by_a_cheat(l, self.currency);
        }
        if !l.won.is_empty() {
            return self.things_won(l);
        }
        if let Some(line) = things_only(l, self.currency) {
            return line;
        }
        self.coins(l)
    }

    /// A bet that won things: who won what from whom, each with a line of the
    /// phrasebook's `stake-passes`, and the coins it collected besides its stake.
    fn things_won(&mut self, l: &Line) -> String {
        let mut said = Vec::new();
        for p in &l.won {
            let mut line = format!(
                "{} wins {} from {}: {}.",
                p.to,
                p.thing.quoted(),
                p.from,
                l.what
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
        if l.payout > l.bet.stake {
            said.push(format!(
                "{} collects {} as well.",
                l.bet.bettor,
                l.payout.show(self.currency)
            ));
        }
        said.join(" ")
    }

    /// A bet on coins: the bookie's words when they paid or collected it, a `wager-paid`
    /// line when it won on a winner, else said plainly.
    fn coins(&mut self, l: &Line) -> String {
        let (who, what) = (&l.bet.bettor, &l.what);
        let stake = l.bet.stake.show(self.currency);
        let coins = l.payout.show(self.currency);
        let on_winner = match (l.bet.market, l.bet.side) {
            (Market::Match | Market::Game { .. }, Side::For(Selection::Entrant(e))) => {
                self.names.get(e)
            }
            _ => None,
        };
        let with_bookie =
            self.bookie.is_some() && matches!(l.bet.book, crate::wager::Book::Bookie(_));
        match l.result {
            BetResult::Won if with_bookie && on_winner.is_none() => self
                .bookie_says(Moment::PaysOut, "winner", coins.to_string(), l)
                .unwrap_or_else(|| format!("{who} collects {coins}: {what}.")),
            BetResult::Lost if with_bookie => self
                .bookie_says(Moment::Collects, "loser", stake.to_string(), l)
                .unwrap_or_else(|| format!("{who} loses {stake}: {what}.")),
            BetResult::Won => {
                if let Some(winner) = on_winner
                    && let Some(template) = self.deal(Moment::WagerPaid)
                {
                    let vars = [
                        ("mover", who.clone()),
                        ("winner", winner.clone()),
                        ("coins", coins.to_string()),
                    ];
                    fill(&template, &vars)
                } else {
                    format!("{who} collects {coins}: {what}.")
                }
            }
            BetResult::Lost => format!("{who} loses {stake}: {what}."),
            BetResult::DeadHeat(k) => {
                format!("{who} collects {coins}, a dead heat of {k}: {what}.")
            }
            BetResult::Push | BetResult::Void | BetResult::Refunded => {
                format!("{who} has the {stake} back ({}): {what}.", l.result)
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
        Some(format!("{line}: {}.", l.what))
    }
}

/// A bet that a cheat caught decided, said plainly with why.
fn decided_by_a_cheat(l: &Line, currency: Currency) -> String {
    let (who, what, why) = (&l.bet.bettor, &l.what, l.outcome());
    match l.result {
        BetResult::Won => format!("{who} collects {} ({why}): {what}.", payout(l, currency)),
        BetResult::Lost => format!("{who} loses {} ({why}): {what}.", l.bet.staked(currency)),
        _ => format!(
            "{who} has the {} back ({why}): {what}.",
            l.bet.staked(currency)
        ),
    }
}

/// A bet that staked no coin and won none: who keeps their thing, loses it, or staked
/// nothing at all; `None` for any other bet.
fn things_only(l: &Line, currency: Currency) -> Option<String> {
    if l.bet.stake != Money::ZERO {
        return None;
    }
    let (who, what, staked) = (&l.bet.bettor, &l.what, l.bet.staked(currency));
    let staked_a_thing = l.bet.thing.is_some();
    Some(match l.result {
        BetResult::Won if l.payout == Money::ZERO => format!("{who} keeps {staked}: {what}."),
        BetResult::Lost if staked_a_thing => format!("{who} loses {staked}: {what}."),
        BetResult::Lost => format!("{who} staked nothing, and loses nothing: {what}."),
        BetResult::Push | BetResult::Void | BetResult::Refunded if staked_a_thing => {
            format!("{who} keeps {staked} ({}): {what}.", l.result)
        }
        BetResult::Push | BetResult::Void | BetResult::Refunded => {
            format!("{who} staked nothing ({}): {what}.", l.result)
        }
        BetResult::Won | BetResult::DeadHeat(_) => return None,
    })
}
