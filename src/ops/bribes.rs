//! Bribes at a table (`--bribe`, an evening file's `bribe`): the names matched to the
//! table, each offer answered by the one offered it (taken at their `[throw]`'s price,
//! else refused in their own voice), and the bribes taken paid before the match.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Error;
use super::MatchSpec;
use super::wagers::{People, purse_of};
use crate::narrate::{Moment, Phrasebook, fill};
use crate::roster::{Character, VoiceMoment};
use crate::wager::bribe::{self, Paid, Refusal};
use crate::wager::syntax::BribeText;
use crate::wager::{Currency, Purse};

/// A bribe offered at a table, its names matched, and the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Offer {
    /// The bribe as written.
    pub text: String,
    /// The bribe, by full names.
    pub bribe: Paid,
    /// The seat of the one paid to lose, and of the one they are to lose to.
    #[serde(skip)]
    pub seats: (usize, usize),
    /// `None` when taken; else why it was refused.
    pub refused: Option<Refusal>,
    /// What the one offered said, refusing it (in their voice, else the phrasebook's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub said: Option<String>,
}

impl Offer {
    /// Whether it was taken.
    #[must_use]
    pub fn taken(&self) -> bool {
        self.refused.is_none()
    }

    /// The offer in one line, for the GM: "Plain Jory offers Brother Tobin 10 gp to lose
    /// the match to Plain Jory: taken." or "...: refused (below the price of 15 gp).
    /// Brother Tobin: “...”".
    #[must_use]
    pub fn line(&self, currency: Currency) -> String {
        let b = &self.bribe;
        let offer = format!(
            "{} offers {} {} to lose the match to {}",
            b.payer,
            b.taker,
            b.amount.show(currency),
            b.to
        );
        match (&self.refused, &self.said) {
            (None, _) => format!("{offer}: taken, and paid before the match."),
            (Some(r), said) => {
                let why = match r {
                    Refusal::TakesNone => format!("{} takes no bribe", b.taker),
                    Refusal::TooLittle { price } => {
                        format!("below {}'s price of {}", b.taker, price.show(currency))
                    }
                };
                let said = said.as_deref().map_or(String::new(), |s| format!(" {s}"));
                format!("{offer}: refused ({why}); no money moves.{said}")
            }
        }
    }
}

/// Matches written bribes to the table of `spec`, and has each answered by the one
/// offered it. The refusals are told from `book` (a line of the taker's own voice first),
/// the line picked by `seed`.
///
/// # Errors
/// A name that picks out nobody (naming the nearest), a taker or beneficiary not at the
/// table, a bribe to oneself, or one at a table of more than two whose beneficiary is not
/// clear.
pub fn offer_all(
    bribes: &[(BribeText, String)],
    spec: &MatchSpec,
    people: &People,
    book: &Phrasebook,
    currency: Currency,
) -> Result<Vec<Offer>, Error> {
    bribes
        .iter()
        .enumerate()
        .map(|(i, (b, text))| {
            let mut offer = resolve(b, text, spec, people)?;
            let taker = &spec.seats[offer.seats.0].character;
            let price = taker.intent.throw.as_ref().and_then(|t| t.bribe);
            offer.refused = bribe::answer(price, offer.bribe.amount).err();
            if offer.refused.is_some() {
                let pick = spec.seed as usize ^ i;
                offer.said = Some(refusal(taker, &offer.bribe, spec, book, currency, pick));
            }
            Ok(offer)
        })
        .collect()
}

/// One bribe's names matched: the payer anyone the GM may name, the taker and the one
/// they lose to at the table.
fn resolve(b: &BribeText, text: &str, spec: &MatchSpec, people: &People) -> Result<Offer, Error> {
    let wrong = |message: String| Error::Argument {
        flag: "--bribe",
        message: format!("the bribe `{text}`: {message}"),
    };
    let payer = people.full_name(&b.payer)?;
    let taker_name = people.full_name(&b.taker)?;
    let names = spec.names();
    let seat = |name: &str| names.iter().position(|n| n == name);
    let taker = seat(&taker_name).ok_or_else(|| {
        wrong(format!(
            "{taker_name} does not play at this table ({})",
            names.join(", ")
        ))
    })?;
    if payer == taker_name {
        return Err(wrong(format!("{payer} cannot bribe themselves")));
    }
    let to_name = match &b.to {
        Some(to) => people.full_name(to)?,
        None if seat(&payer).is_some() => payer.clone(),
        None if names.len() == 2 => names[1 - taker].clone(),
        None => {
            return Err(wrong(format!(
                "{payer} does not play here, so say whom {taker_name} is to lose to: `{} {} to {} to lose to NAME`",
                b.payer, b.amount, b.taker
            )));
        }
    };
    let to = seat(&to_name).ok_or_else(|| {
        wrong(format!(
            "{to_name} does not play at this table, so {taker_name} cannot lose to them"
        ))
    })?;
    if to == taker {
        return Err(wrong(format!("{taker_name} cannot lose to themselves")));
    }
    Ok(Offer {
        text: text.to_owned(),
        bribe: Paid {
            payer,
            taker: taker_name,
            to: to_name,
            amount: b.amount,
        },
        seats: (taker, to),
        refused: None,
        said: None,
    })
}

/// What the one offered says, refusing: a line of their own `refuse_bribe`, else the
/// phrasebook's `refuse-bribe`, `pick` choosing among them.
fn refusal(
    taker: &Character,
    b: &Paid,
    spec: &MatchSpec,
    book: &Phrasebook,
    currency: Currency,
    pick: usize,
) -> String {
    let coins = b.amount.show(currency).to_string();
    let own = taker.voice.at(spec.game, true);
    let own = own.lines(VoiceMoment::RefuseBribe);
    if !own.is_empty() {
        return format!("{}, to {}: “{}”", b.taker, b.payer, own[pick % own.len()]);
    }
    let lines = book.lines(spec.game, Moment::RefuseBribe);
    if lines.is_empty() {
        return format!("{} will not take {} from {}.", b.taker, coins, b.payer);
    }
    fill(
        &lines[pick % lines.len()],
        &[
            ("taker", b.taker.clone()),
            ("payer", b.payer.clone()),
            ("coins", coins),
        ],
    )
}

/// Has each taker of a bribe taken throw the match to the one it is for (a later bribe
/// to the same taker wins over an earlier), and keeps the bribes taken, in their plain
/// form, for the replay line.
pub fn buy_throws(spec: &mut MatchSpec, offers: &[Offer]) {
    for o in offers.iter().filter(|o| o.taken()) {
        spec.buy_throw(o.seats.0, o.seats.1, o.bribe.amount);
        let b = &o.bribe;
        spec.bribes.push(format!(
            "{} {} to {} to lose to {}",
            b.payer, b.amount, b.taker, b.to
        ));
    }
}

/// The bribes taken.
#[must_use]
pub fn taken(offers: &[Offer]) -> Vec<Paid> {
    offers
        .iter()
        .filter(|o| o.taken())
        .map(|o| o.bribe.clone())
        .collect()
}

/// The names whose purses the bribes taken move.
#[must_use]
pub fn parties(offers: &[Offer]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for o in offers.iter().filter(|o| o.taken()) {
        for n in [&o.bribe.payer, &o.bribe.taker] {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
    }
    names
}

/// The purses of the parties to the bribes taken, as their files hold them.
#[must_use]
pub fn purses(offers: &[Offer], people: &People) -> BTreeMap<String, Purse> {
    parties(offers)
        .into_iter()
        .filter_map(|n| people.get(&n).map(|c| (n, purse_of(c))))
        .collect()
}

/// The purses once the bribes taken are paid, under the house's `credit`.
///
/// # Errors
/// A payer who cannot pay, even with the credit ([`Error::BribeUnpaid`], naming the bribe).
pub fn paid_purses(
    offers: &[Offer],
    purses: &BTreeMap<String, Purse>,
    credit: crate::wager::Credit,
    currency: Currency,
) -> Result<BTreeMap<String, Purse>, Error> {
    let mut now = purses.clone();
    for o in offers.iter().filter(|o| o.taken()) {
        now = bribe::pay(std::slice::from_ref(&o.bribe), &now, credit).map_err(|e| {
            let why = match e {
                crate::wager::settle::SettleError::Short { reason, .. } => format!(
                    "{} cannot pay it: {}",
                    o.bribe.payer,
                    reason_in(reason, currency)
                ),
                other => other.to_string(),
            };
            Error::BribeUnpaid {
                text: o.text.clone(),
                why,
            }
        })?;
    }
    Ok(now)
}

/// A purse's shortfall in words, in the tavern's currency.
fn reason_in(reason: crate::wager::purse::PurseError, currency: Currency) -> String {
    match reason {
        crate::wager::purse::PurseError::Short { held, wanted } => format!(
            "the purse holds {} and the house's credit does not cover {}",
            held.show(currency),
            wanted.show(currency)
        ),
        other => other.to_string(),
    }
}

/// The most bribes one table takes.
pub const MAX_BRIBES: usize = 20;

/// Refuses more than [`MAX_BRIBES`].
///
/// # Errors
/// When there are more.
pub fn check_count(n: usize) -> Result<(), Error> {
    if n > MAX_BRIBES {
        return Err(Error::Argument {
            flag: "--bribe",
            message: format!(
                "--bribe: a table takes at most {MAX_BRIBES} bribes, and {n} were given"
            ),
        });
    }
    Ok(())
}
