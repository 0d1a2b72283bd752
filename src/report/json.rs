//! The JSON documents of `play --bet`, `night` and `check`, for tools: each with a
//! `version` field, their schemas in `docs/json.md`. Money is given twice, in copper
//! pieces (`*_cp`, exact) and as the tavern writes it.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use crate::ops::check::{Checked, LookAlike};
use crate::ops::evening::{Night, Prepared};
use crate::wager::money::show_change;
use crate::wager::settle::BetResult;
use crate::wager::{Book, Currency, Purse, Settlement};

/// One bet as settled.
#[derive(Serialize)]
struct JsonBet {
    bettor: String,
    what: String,
    with: &'static str,
    price: Option<String>,
    stake_cp: u64,
    stake: String,
    thing: Option<String>,
    result: &'static str,
    tied: Option<u64>,
    payout_cp: u64,
    payout: String,
    cheat: Option<JsonCheat>,
}

/// Why a cheat caught settled a bet otherwise than by the match.
#[derive(Serialize)]
struct JsonCheat {
    rule: crate::wager::settle::CheatRule,
    by: Vec<String>,
    why: String,
}

/// A bet the table would not take.
#[derive(Serialize)]
struct JsonRefused {
    bettor: String,
    bet: String,
    stake_cp: u64,
    thing: Option<String>,
    why: String,
}

/// A thing that passed between characters.
#[derive(Serialize)]
struct JsonThing {
    from: String,
    to: String,
    thing: String,
    why: String,
}

/// A purse before and after.
#[derive(Serialize)]
struct JsonPurse {
    name: String,
    before_cp: u64,
    after_cp: u64,
    debt_before_cp: u64,
    debt_after_cp: u64,
    change_cp: i128,
    change: String,
}

/// The wagers of one match.
#[derive(Serialize)]
pub struct JsonWagers {
    bets: Vec<JsonBet>,
    refused: Vec<JsonRefused>,
    things: Vec<JsonThing>,
    purses: Vec<JsonPurse>,
    house_cp: i128,
    house: String,
}

fn result_word(r: BetResult) -> (&'static str, Option<u64>) {
    match r {
        BetResult::Won => ("won", None),
        BetResult::Lost => ("lost", None),
        BetResult::DeadHeat(k) => ("dead-heat", Some(k)),
        BetResult::Push => ("push", None),
        BetResult::Void => ("void", None),
        BetResult::Refunded => ("refunded", None),
    }
}

/// What a purse gained (negative: lost), in copper, debt counted against it.
#[must_use]
pub fn net(before: Purse, after: Purse) -> i128 {
    let worth = |p: Purse| i128::from(p.coins.0) - i128::from(p.debt.0);
    worth(after) - worth(before)
}

fn purses(
    before: &BTreeMap<String, Purse>,
    after: &BTreeMap<String, Purse>,
    currency: Currency,
) -> Vec<JsonPurse> {
    before
        .iter()
        .map(|(name, b)| {
            let a = after.get(name).copied().unwrap_or(*b);
            JsonPurse {
                name: name.clone(),
                before_cp: b.coins.0,
                after_cp: a.coins.0,
                debt_before_cp: b.debt.0,
                debt_after_cp: a.debt.0,
                change_cp: net(*b, a),
                change: show_change(net(*b, a), currency).to_string(),
            }
        })
        .collect()
}

/// The wagers of a settlement, with the bets refused.
fn wagers(s: &Settlement, refused: Vec<JsonRefused>, currency: Currency) -> JsonWagers {
    JsonWagers {
        bets: s
            .lines
            .iter()
            .map(|l| {
                let (result, tied) = result_word(l.result);
                let (with, price) = match l.bet.book {
                    Book::Bookie(odds) => ("bookie", Some(odds.to_string())),
                    Book::Pool => ("pool", None),
                    Book::Stakes(_) => ("rival", None),
                };
                JsonBet {
                    bettor: l.bet.bettor.clone(),
                    what: l.what.clone(),
                    with,
                    price,
                    stake_cp: l.bet.stake.0,
                    stake: l.bet.stake.show(currency).to_string(),
                    thing: l.bet.thing.as_ref().map(ToString::to_string),
                    result,
                    tied,
                    payout_cp: l.payout.0,
                    payout: l.payout.show(currency).to_string(),
                    cheat: l.cheat.as_ref().map(|r| JsonCheat {
                        rule: r.rule,
                        by: r.by.clone(),
                        why: l.outcome(),
                    }),
                }
            })
            .collect(),
        refused,
        things: s
            .things()
            .map(|p| JsonThing {
                from: p.from.clone(),
                to: p.to.clone(),
                thing: p.thing.to_string(),
                why: p.why.clone(),
            })
            .collect(),
        purses: purses(&s.before, &s.after, currency),
        house_cp: s.house,
        house: show_change(s.house, currency).to_string(),
    }
}

/// The match as `play --format json` writes it: the seed, the winners, the summary, the
/// whole log and the scenes (see [`super::write_json`]), and the wagers when there were any.
#[derive(Serialize)]
struct JsonPlay<'a> {
    #[serde(flatten)]
    play: super::JsonMatch<'a>,
    /// The command line that replays it.
    replay: &'a str,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    recalled: &'a [crate::history::rematch::Recall],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    written: &'a [std::path::PathBuf],
    #[serde(skip_serializing_if = "Option::is_none")]
    wagers: Option<JsonTable>,
}

/// The wagers of `play --bet`, with the tavern and the files written.
#[derive(Serialize)]
struct JsonTable {
    tavern: String,
    #[serde(flatten)]
    wagers: JsonWagers,
    written: Vec<PathBuf>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    bribes: Vec<JsonBribe>,
}

/// A bribe offered before the match (`--bribe`): taken and paid, or refused.
#[derive(Serialize)]
struct JsonBribe {
    /// As written.
    text: String,
    payer: String,
    taker: String,
    /// Whom the taker is to lose to.
    to: String,
    amount_cp: u64,
    amount: String,
    taken: bool,
    /// Why it was refused: `takes-none` or `too-little`.
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<&'static str>,
    /// The taker's price, when below it.
    #[serde(skip_serializing_if = "Option::is_none")]
    price_cp: Option<u64>,
    /// What the taker said, refusing.
    #[serde(skip_serializing_if = "Option::is_none")]
    said: Option<String>,
}

/// The bribes of a table, for JSON.
fn bribes(offers: &[crate::ops::bribes::Offer], currency: Currency) -> Vec<JsonBribe> {
    use crate::wager::bribe::Refusal;
    offers
        .iter()
        .map(|o| JsonBribe {
            text: o.text.clone(),
            payer: o.bribe.payer.clone(),
            taker: o.bribe.taker.clone(),
            to: o.bribe.to.clone(),
            amount_cp: o.bribe.amount.0,
            amount: o.bribe.amount.show(currency).to_string(),
            taken: o.taken(),
            refused: o.refused.map(|r| match r {
                Refusal::TakesNone => "takes-none",
                Refusal::TooLittle { .. } => "too-little",
            }),
            price_cp: match o.refused {
                Some(Refusal::TooLittle { price }) => Some(price.0),
                _ => None,
            },
            said: o.said.clone(),
        })
        .collect()
}

/// Writes a match played with `play`, and its wagers, as one JSON document.
///
/// # Errors
/// When writing fails.
pub fn write_play(
    out: &mut impl Write,
    played: &crate::ops::play::Played,
    replay: &str,
) -> io::Result<()> {
    let (log, scenes, settled) = (&played.log, &played.scenes, played.wagers.as_ref());
    let doc = JsonPlay {
        play: super::JsonMatch::new(log, scenes),
        replay,
        recalled: &played.recalled,
        written: &played.written,
        wagers: settled.map(|t| JsonTable {
            tavern: t.tavern.name.clone(),
            wagers: wagers(&t.settlement, Vec::new(), t.tavern.currency),
            written: t.written.clone(),
            bribes: bribes(&t.offers, t.tavern.currency),
        }),
    };
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}

/// One match of an evening.
#[derive(Serialize)]
struct JsonNightMatch<'a> {
    number: usize,
    intro: Option<&'a str>,
    replay: String,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    recalled: &'a [crate::history::rematch::Recall],
    #[serde(flatten)]
    play: super::JsonMatch<'a>,
    wagers: JsonWagers,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    bribes: Vec<JsonBribe>,
}

/// A whole evening.
#[derive(Serialize)]
struct JsonNight<'a> {
    version: u32,
    evening: &'a str,
    tavern: &'a str,
    bookie: &'a str,
    matches: Vec<JsonNightMatch<'a>>,
    purses: Vec<JsonPurse>,
    house_cp: i128,
    house: String,
    written: &'a [PathBuf],
}

/// Writes an evening as one JSON document.
///
/// # Errors
/// When writing fails.
pub fn write_night(
    out: &mut impl Write,
    prepared: &Prepared,
    night: &Night,
    written: &[PathBuf],
) -> io::Result<()> {
    let currency = prepared.tavern.currency;
    let doc = JsonNight {
        version: super::JSON_VERSION,
        evening: &prepared.evening.title,
        tavern: &prepared.tavern.name,
        bookie: &prepared.tavern.bookie,
        matches: prepared
            .matches
            .iter()
            .zip(&night.matches)
            .enumerate()
            .map(|(i, (m, played))| {
                let refused = played
                    .refused
                    .iter()
                    .map(|r| JsonRefused {
                        bettor: r.bettor.clone(),
                        bet: r.text.clone(),
                        stake_cp: r.stake.0,
                        thing: r.thing.as_ref().map(ToString::to_string),
                        why: r.why.clone(),
                    })
                    .collect();
                let mut play = super::JsonMatch::new(&played.log, &played.scenes);
                play.version = None;
                JsonNightMatch {
                    number: i + 1,
                    intro: m.intro.as_deref(),
                    replay: crate::ops::MatchSpec {
                        staked: played.spec.staked,
                        ..m.spec.clone()
                    }
                    .replay_command(),
                    recalled: &played.recalled,
                    play,
                    wagers: wagers(&played.settlement, refused, currency),
                    bribes: bribes(&m.offers, currency),
                }
            })
            .collect(),
        purses: purses(&night.first, &night.last, currency),
        house_cp: night.house,
        house: show_change(night.house, currency).to_string(),
        written,
    };
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}

/// One file checked.
#[derive(Serialize)]
struct JsonChecked {
    file: PathBuf,
    ok: bool,
    kind: Option<&'static str>,
    name: Option<String>,
    error: Option<String>,
}

/// Every file checked.
#[derive(Serialize)]
struct JsonCheck<'a> {
    version: u32,
    ok: bool,
    files: Vec<JsonChecked>,
    look_alikes: &'a [Vec<LookAlike>],
}

/// Writes what `check` found, file by file, and the characters whose names look alike,
/// as one JSON document.
///
/// # Errors
/// When writing fails.
pub fn write_check(
    out: &mut impl Write,
    results: &[(PathBuf, Result<Checked, String>)],
    look_alikes: &[Vec<LookAlike>],
) -> io::Result<()> {
    let doc = JsonCheck {
        look_alikes,
        version: super::JSON_VERSION,
        ok: results.iter().all(|(_, r)| r.is_ok()),
        files: results
            .iter()
            .map(|(file, r)| match r {
                Ok(c) => {
                    let (kind, name) = match c {
                        Checked::Character(c) => ("character", Some(c.name.clone())),
                        Checked::Tavern(t) => ("tavern", Some(t.name.clone())),
                        Checked::Phrasebook => ("phrasebook", None),
                        Checked::Evening(p) => ("evening", Some(p.evening.title.clone())),
                        Checked::Campaign(c) => ("campaign", Some(c.name.clone())),
                    };
                    JsonChecked {
                        file: file.clone(),
                        ok: true,
                        kind: Some(kind),
                        name,
                        error: None,
                    }
                }
                Err(e) => JsonChecked {
                    file: file.clone(),
                    ok: false,
                    kind: None,
                    name: None,
                    error: Some(e.clone()),
                },
            })
            .collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}
