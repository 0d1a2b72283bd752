//! Placing bets at a table: matching the names in a bet to the characters, checking the
//! market suits the game, pricing bookie bets, and refusing what a purse cannot cover.

use std::collections::BTreeMap;

use serde::Serialize;

use super::bet::{Bet, Book};
use super::market::{Market, MarketError, Selection, Side};
use super::money::{Currency, MAX_PURSE, Money};
use super::price::Odds;
use super::purse::{Credit, Purse};
use super::syntax::{BetText, HowText, PickText};
use crate::games::GameKind;
use crate::names::{Matcher, NameError};

/// The table a bet is placed at.
#[derive(Clone, Copy, Debug)]
pub struct Table<'a> {
    /// The game played.
    pub game: GameKind,
    /// The entrants' names, in the match's order.
    pub entrants: &'a [String],
}

/// A bet with its names matched, not yet placed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Proposal {
    /// The bettor, by their full name.
    pub bettor: String,
    /// What they offer to stake.
    pub stake: Money,
    /// The question.
    pub market: Market,
    /// What they back.
    pub pick: Selection,
    /// With whom.
    pub how: How,
}

/// With whom a proposal is made, names matched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum How {
    /// The bookie, at a price agreed or (when `None`) at the bookie's own.
    Bookie(Option<Odds>),
    /// The house pool.
    Pool,
    /// A stake against a rival, who puts up `stake` on the other side.
    Against {
        /// The rival's full name.
        rival: String,
        /// The rival's stake.
        stake: Money,
    },
}

/// A bet whose names or market do not fit the table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BetError {
    /// The market or the pick is not the game's.
    #[error(transparent)]
    Market(#[from] MarketError),
    /// A name that picks out nobody, or several.
    #[error(transparent)]
    Name(#[from] NameError),
    /// A rival who is the bettor.
    #[error("{0} cannot bet against themselves")]
    OwnRival(String),
}

/// The entrant a name at the table picks out.
fn find_entrant(name: &str, table: &Table<'_>) -> Result<usize, NameError> {
    let names = table
        .entrants
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i));
    Matcher::new("player at the table", names).find(name)
}

/// Matches a written bet to the table. `character` finds a character's full name by any
/// name the GM may use.
///
/// # Errors
/// A name that matches nobody, a market the game has not, a rival who is the bettor.
pub fn resolve(
    text: &BetText,
    table: &Table<'_>,
    character: &dyn Fn(&str) -> Result<String, NameError>,
) -> Result<Proposal, BetError> {
    text.market.check_game(table.game)?;
    let bettor = character(&text.bettor)?;
    let pick = match &text.pick {
        PickText::Name(name) => Selection::Entrant(find_entrant(name, table)?),
        PickText::End(end) => {
            if !table.game.facts().ends.contains(end) {
                return Err(MarketError::NoSuchEnd {
                    game: table.game,
                    end: *end,
                }
                .into());
            }
            Selection::End(*end)
        }
    };
    let how = match &text.how {
        HowText::Bookie(odds) => How::Bookie(*odds),
        HowText::Pool => How::Pool,
        HowText::Against { rival, stake } => {
            let rival = character(rival)?;
            if rival == bettor {
                return Err(BetError::OwnRival(bettor));
            }
            How::Against {
                rival,
                stake: stake.unwrap_or(text.stake),
            }
        }
    };
    Ok(Proposal {
        bettor,
        stake: text.stake,
        market: text.market,
        pick,
        how,
    })
}

/// Why a bet was not taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refusal {
    /// The bookie quotes no price on it: a near-certainty.
    NoPrice,
    /// The bookie prices no side bets (tallies, endings) under the game's own rules.
    SideBet,
    /// Someone's purse (with the house's credit) does not cover the stake.
    Short {
        /// Whose.
        who: String,
        /// Their purse.
        purse: Purse,
        /// What they would have staked at this table by then.
        stakes: Money,
    },
    /// What the bet could bring back would take a purse past the most taproom keeps.
    TooLarge {
        /// Whose.
        who: String,
    },
}

impl Refusal {
    /// The refusal in a word or two, for tables.
    #[must_use]
    pub fn short(&self) -> &'static str {
        match self {
            Refusal::NoPrice => "no price",
            Refusal::SideBet => "side bet: pool only",
            Refusal::Short { .. } => "purse too light",
            Refusal::TooLarge { .. } => "sums too large",
        }
    }

    /// The refusal as a clause, money in `currency`.
    #[must_use]
    pub fn describe(&self, currency: Currency, credit: Credit) -> String {
        match self {
            Refusal::NoPrice => "the bookie quotes no price on so near a certainty".to_owned(),
            Refusal::SideBet => {
                "the bookie prices no side bets on tallies and endings: bet it in the pool \
                 or against another player"
                    .to_owned()
            }
            Refusal::TooLarge { who } => format!(
                "what it could bring back would take {who}'s purse past the most taproom \
                 keeps ({})",
                MAX_PURSE.show(currency)
            ),
            Refusal::Short { who, purse, stakes } => format!(
                "{who}'s purse ({}) does not cover {} in stakes{}",
                purse.show(currency),
                stakes.show(currency),
                match credit {
                    Credit::None => ", and the house gives no credit".to_owned(),
                    Credit::UpTo(limit) =>
                        format!(", even with credit up to {}", limit.show(currency)),
                    Credit::Unlimited => String::new(),
                }
            ),
        }
    }
}

/// The bets a table took, and the ones it refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Placed {
    /// The ante: one bet for each player who could cover it, all in one pot.
    pub ante: Vec<Bet>,
    /// Players at the table who could not cover the ante.
    pub ante_refused: Vec<Refusal>,
    /// The proposals taken, by index into the proposals, each with its bets (an
    /// `against` proposal is two bets of one group, the rival's second).
    pub taken: Vec<(usize, Vec<Bet>)>,
    /// The proposals refused, by index into the proposals, with why.
    pub refused: Vec<(usize, Refusal)>,
}

impl Placed {
    /// Every bet taken, the ante first.
    #[must_use]
    pub fn bets(&self) -> Vec<Bet> {
        self.ante
            .iter()
            .chain(self.taken.iter().flat_map(|(_, bets)| bets))
            .cloned()
            .collect()
    }
}

/// Places proposals in order against the purses: each bettor's stakes at this table
/// together must be covered by their purse and the house's credit. `price` gives the
/// bookie's price for a market and a selection. `ante` is a stake every entrant puts up
/// on themselves to win the match, the winner taking the pot (the entrants are matched to
/// purses by name).
#[must_use]
pub fn place(
    proposals: &[Proposal],
    ante: Option<Money>,
    entrants: &[String],
    purses: &BTreeMap<String, Purse>,
    credit: Credit,
    price: &dyn Fn(Market, Selection) -> Result<Odds, Refusal>,
) -> Placed {
    let mut placed = Placed::default();
    // What each bettor has staked at this table, and the most their bets could bring back.
    let mut committed: BTreeMap<String, (Money, Money)> = BTreeMap::new();
    let mut group = 0u32;
    // No pool or pot can pay out more than every stake at the table together.
    let table_total = Money::checked_sum(
        proposals
            .iter()
            .flat_map(|p| {
                let rival = match &p.how {
                    How::Against { stake, .. } => *stake,
                    How::Bookie(_) | How::Pool => Money::ZERO,
                };
                [p.stake, rival]
            })
            .chain(std::iter::repeat_n(
                ante.unwrap_or_default(),
                entrants.len(),
            )),
    );
    let afford = |bet: &Bet,
                  committed: &BTreeMap<String, (Money, Money)>|
     -> Result<(Money, Money), Refusal> {
        let who = bet.bettor.as_str();
        let purse = purses.get(who).copied().unwrap_or_default();
        let (so_far, back_so_far) = committed.get(who).copied().unwrap_or_default();
        let too_large = || Refusal::TooLarge {
            who: who.to_owned(),
        };
        let total = so_far.checked_add(bet.stake).ok_or_else(too_large)?;
        let most_back = match bet.book {
            Book::Bookie(odds) => odds.payout(bet.stake, super::market::Share::WON),
            Book::Pool | Book::Stakes(_) => table_total,
        };
        let back = most_back
            .and_then(|m| back_so_far.checked_add(m))
            .filter(|&b| purse.coins.checked_add(b).is_some_and(|p| p <= MAX_PURSE))
            .ok_or_else(too_large)?;
        if purse.covers(total, credit) {
            Ok((total, back))
        } else {
            Err(Refusal::Short {
                who: who.to_owned(),
                purse,
                stakes: total,
            })
        }
    };
    if let Some(ante) = ante {
        group += 1;
        for (i, name) in entrants.iter().enumerate() {
            let bet = Bet {
                bettor: name.clone(),
                market: Market::Match,
                side: Side::For(Selection::Entrant(i)),
                stake: ante,
                book: Book::Stakes(group),
            };
            match afford(&bet, &committed) {
                Ok(total) => {
                    committed.insert(name.clone(), total);
                    placed.ante.push(Bet {
                        bettor: name.clone(),
                        market: Market::Match,
                        side: Side::For(Selection::Entrant(i)),
                        stake: ante,
                        book: Book::Stakes(group),
                    });
                }
                Err(r) => placed.ante_refused.push(r),
            }
        }
    }
    for (index, p) in proposals.iter().enumerate() {
        let mut bets = vec![Bet {
            bettor: p.bettor.clone(),
            market: p.market,
            side: Side::For(p.pick),
            stake: p.stake,
            book: Book::Pool,
        }];
        match &p.how {
            How::Pool => {}
            How::Bookie(agreed) => match agreed.map_or_else(|| price(p.market, p.pick), Ok) {
                Ok(odds) => bets[0].book = Book::Bookie(odds),
                Err(why) => {
                    placed.refused.push((index, why));
                    continue;
                }
            },
            How::Against { rival, stake } => {
                group += 1;
                bets[0].book = Book::Stakes(group);
                bets.push(Bet {
                    bettor: rival.clone(),
                    market: p.market,
                    side: Side::Against(p.pick),
                    stake: *stake,
                    book: Book::Stakes(group),
                });
            }
        }
        let mut trial = committed.clone();
        let mut refusal = None;
        for bet in &bets {
            match afford(bet, &trial) {
                Ok(total) => {
                    trial.insert(bet.bettor.clone(), total);
                }
                Err(r) => {
                    refusal = Some(r);
                    break;
                }
            }
        }
        match refusal {
            Some(r) => placed.refused.push((index, r)),
            None => {
                committed = trial;
                placed.taken.push((index, bets));
            }
        }
    }
    placed
}
