//! Matching a written bet to a table: the names to the characters and the entrants, the
//! market to the game, and a rival's stake when left out.

use serde::Serialize;

use crate::games::GameKind;
use crate::names::{Matcher, NameError};
use crate::wager::market::{Market, MarketError, Selection};
use crate::wager::money::Money;
use crate::wager::price::Odds;
use crate::wager::syntax::{BetText, HowText, PickText, respelled};
use crate::wager::thing::{Stake, Thing};

/// The table a bet is placed at.
#[derive(Clone, Copy, Debug)]
pub struct Table<'a> {
    /// The game played.
    pub game: GameKind,
    /// The entrants' names, in the match's order.
    pub entrants: &'a [String],
    /// Their short names, in the same order (each also picks its entrant out, before the
    /// start of another's name does); empty when there are none.
    pub shorts: &'a [String],
}

/// A bet with its names matched, not yet placed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Proposal {
    /// The bettor, by their full name.
    pub bettor: String,
    /// The coins they offer to stake (none when they stake a thing).
    pub stake: Money,
    /// The thing they offer to stake instead, against a rival.
    pub thing: Option<Thing>,
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
    /// A stake against a rival, who puts up `stake` and `thing` on the other side (both
    /// none: the rival stakes nothing against the bettor's thing).
    Against {
        /// The rival's full name.
        rival: String,
        /// The rival's coins.
        stake: Money,
        /// The rival's thing.
        thing: Option<Thing>,
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
    /// A name that picks out nobody, whose first words pick out someone: the bet as it
    /// would be taken with those words (`Pip gambles 3 sp on Brannoc`).
    #[error("{source}; did you mean `{nearest}`?")]
    Nearest {
        /// What is wrong with the name as written (boxed, to keep errors small).
        source: Box<NameError>,
        /// The bet with the name cut short, in its plain form.
        nearest: String,
    },
    /// A rival who is the bettor.
    #[error("{0} cannot bet against themselves")]
    OwnRival(String),
    /// A thing staked with the bookie or in the pool.
    #[error("{0} stakes a thing, which only a stake against another character takes")]
    ThingWithHouse(String),
}

/// The entrant a name at the table picks out.
fn find_entrant(name: &str, table: &Table<'_>) -> Result<usize, NameError> {
    let names = table
        .entrants
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i));
    let shorts = table
        .shorts
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i));
    Matcher::new("player at the table", names)
        .aliases(shorts)
        .find(name)
}

/// The bets near `text` that name someone where it names nobody: a word of the syntax
/// respelled (`frist-turn`), then a name cut short to its first words (`Pip gambles`),
/// the most words first.
fn neighbours(text: &BetText) -> Vec<BetText> {
    let mut out = respelled(text);
    let shorter = |name: &str| -> Vec<String> {
        let words: Vec<&str> = name.split_whitespace().collect();
        (1..words.len())
            .rev()
            .map(|n| words[..n].join(" "))
            .collect()
    };
    let mut with = |mend: &dyn Fn(&mut BetText)| {
        let mut b = text.clone();
        b.said = None;
        mend(&mut b);
        out.push(b);
    };
    for words in shorter(&text.bettor) {
        with(&|b| b.bettor.clone_from(&words));
    }
    if let PickText::Name(name) = &text.pick {
        for words in shorter(name) {
            with(&|b| b.pick = PickText::Name(words.clone()));
        }
    }
    if let HowText::Against { rival, .. } = &text.how {
        for words in shorter(rival) {
            with(&|b| {
                if let HowText::Against { rival, .. } = &mut b.how {
                    rival.clone_from(&words);
                }
            });
        }
    }
    out
}

/// Matches a written bet to the table. `character` finds a character's full name by any
/// name the GM may use. A name that picks out nobody is told with the nearest bet that
/// would be taken, when a small change makes one.
///
/// # Errors
/// A name that matches nobody, a market the game has not, a rival who is the bettor.
pub fn resolve(
    text: &BetText,
    table: &Table<'_>,
    character: &dyn Fn(&str) -> Result<String, NameError>,
) -> Result<Proposal, BetError> {
    match resolve_as_written(text, table, character) {
        Err(BetError::Name(e @ NameError::Unknown { .. })) => {
            let near = neighbours(text)
                .into_iter()
                .find(|b| resolve_as_written(b, table, character).is_ok());
            Err(match (near, e) {
                // The bet offered stands for the name's own suggestion and list.
                (Some(bet), NameError::Unknown { what, name, .. }) => BetError::Nearest {
                    source: Box::new(NameError::Unknown {
                        what,
                        name,
                        suggestion: None,
                        known: Vec::new(),
                    }),
                    nearest: bet.to_string(),
                },
                (_, e) => BetError::Name(e),
            })
        }
        other => other,
    }
}

/// Matches a written bet to the table, every name as written.
fn resolve_as_written(
    text: &BetText,
    table: &Table<'_>,
    character: &dyn Fn(&str) -> Result<String, NameError>,
) -> Result<Proposal, BetError> {
    text.market.check_game(table.game)?;
    // `Tom Lays 3 sp on ...`: Tom Lays when there is one, else Tom, who lays.
    let bettor = match &text.said {
        Some(whole) => character(whole).or_else(|_| character(&text.bettor)),
        None => character(&text.bettor),
    }?;
    let pick = match &text.pick {
        PickText::Name(name) => Selection::Entrant(find_entrant(name, table)?),
        PickText::End(end) => {
            if !table.game.facts().bet_ends().any(|e| e == *end) {
                return Err(MarketError::NoSuchEnd {
                    game: table.game,
                    end: *end,
                }
                .into());
            }
            Selection::End(*end)
        }
        PickText::Anyone => Selection::Anyone,
    };
    let (stake, thing) = text.stake.clone().split();
    let how = match &text.how {
        HowText::Bookie(_) | HowText::Pool if thing.is_some() => {
            return Err(BetError::ThingWithHouse(bettor));
        }
        HowText::Bookie(odds) => How::Bookie(*odds),
        HowText::Pool => How::Pool,
        HowText::Against { rival, stake } => {
            let rival = character(rival)?;
            if rival == bettor {
                return Err(BetError::OwnRival(bettor));
            }
            // Left out, the rival matches the bettor's coins; against a thing, which is
            // the bettor's own, the rival puts up nothing.
            let (stake, thing) = match (stake, &text.stake) {
                (Some(s), _) => s.clone().split(),
                (None, Stake::Coins(m)) => (*m, None),
                (None, Stake::Thing(_)) => (Money::ZERO, None),
            };
            How::Against {
                rival,
                stake,
                thing,
            }
        }
    };
    Ok(Proposal {
        bettor,
        stake,
        thing,
        market: text.market,
        pick,
        how,
    })
}
