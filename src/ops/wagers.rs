//! What `play --bet` and `night` share: who has money at stake, the bets matched to the
//! table, the bookie's prices, placing, settling, and writing purses and the ledger back.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{Error, Progress};
use super::{MatchSpec, Sight};
use crate::games::Game;
use crate::names::NameError;
use crate::roster::{Character, Roster, Tavern};
use crate::table::MatchLog;
use crate::wager::place::{How, Placed, Proposal, Table, place, resolve};
use crate::wager::simulate::{MarketEstimate, Observed, simulate};
use crate::wager::syntax::BetText;
use crate::wager::{HouseRules, Market, Money, Purse, Selection, Settlement, settle};

/// Everyone a GM may name in a bet at a table: the roster and the characters seated
/// (some given by their files), each once, by full name.
#[derive(Clone, Debug, Default)]
pub struct People {
    by_name: BTreeMap<String, Character>,
}

impl People {
    /// The roster's characters and those at the table; a seated character's own record
    /// (from the file given) takes the place of a roster character of the same name.
    #[must_use]
    pub fn new(roster: &Roster, seated: &[&Character]) -> People {
        let mut by_name: BTreeMap<String, Character> = roster
            .characters()
            .iter()
            .map(|c| (c.name.clone(), c.clone()))
            .collect();
        for c in seated {
            by_name.insert(c.name.clone(), (*c).clone());
        }
        People { by_name }
    }

    /// The full name a name picks out.
    ///
    /// # Errors
    /// When it picks out nobody, or several.
    pub fn full_name(&self, name: &str) -> Result<String, NameError> {
        let names = self.by_name.keys().map(|n| (n.as_str(), n.clone()));
        let shorts = self
            .by_name
            .values()
            .map(|c| (c.short.as_str(), c.name.clone()));
        crate::names::Matcher::new("character", names)
            .aliases(shorts)
            .find(name)
    }

    /// The character of a full name.
    #[must_use]
    pub fn get(&self, full_name: &str) -> Option<&Character> {
        self.by_name.get(full_name)
    }
}

/// A character's purse, with their debt set against it.
#[must_use]
pub fn purse_of(c: &Character) -> Purse {
    Purse::with_debt(c.purse, c.debt)
}

/// The most bets one table takes (so that every sum of stakes and payouts fits).
pub const MAX_BETS: u64 = 200;

/// Matches written bets to the table of `spec`.
///
/// # Errors
/// Too many bets, or the first bet whose names or market do not fit, with the bet as
/// written.
pub fn resolve_all(
    bets: &[(BetText, String)],
    spec: &MatchSpec,
    people: &People,
) -> Result<Vec<Proposal>, Error> {
    if bets.len() as u64 > MAX_BETS {
        return Err(Error::Argument {
            flag: "--bet",
            message: format!(
                "--bet: a table takes at most {MAX_BETS} bets, and {} were given",
                bets.len()
            ),
        });
    }
    let names = spec.names();
    let shorts: Vec<String> = spec
        .seats
        .iter()
        .map(|s| s.character.short.clone())
        .collect();
    let table = Table {
        game: spec.game,
        entrants: &names,
        shorts: &shorts,
    };
    let lookup = |n: &str| people.full_name(n);
    bets.iter()
        .map(|(bet, text)| {
            resolve(bet, &table, &lookup).map_err(|source| Error::Bet {
                text: text.clone(),
                source,
            })
        })
        .collect()
}

/// Everyone with a stake in these proposals, money or a thing (and, with an ante, the
/// players).
#[must_use]
pub fn at_stake(proposals: &[Proposal], ante_players: &[String]) -> Vec<String> {
    staking(proposals, ante_players, false)
}

/// Everyone with money at stake in these proposals (and, with an ante, the players):
/// whose purse may change, and so needs a file with `--apply`. Who stakes only things (or
/// nothing against a thing) keeps their purse as it is.
#[must_use]
pub fn money_at_stake(proposals: &[Proposal], ante_players: &[String]) -> Vec<String> {
    staking(proposals, ante_players, true)
}

fn staking(proposals: &[Proposal], ante_players: &[String], coins_only: bool) -> Vec<String> {
    let mut names: Vec<String> = ante_players.to_vec();
    let counts = |coins: Money| !coins_only || coins > Money::ZERO;
    for p in proposals {
        if let How::Against { rival, stake, .. } = &p.how {
            // A pot with coins on either side can move either side's purse.
            let coins = p.stake.checked_add(*stake).unwrap_or(Money(u64::MAX));
            if counts(coins) {
                names.push(p.bettor.clone());
                names.push(rival.clone());
            }
        } else if counts(p.stake) {
            names.push(p.bettor.clone());
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    names.retain(|n| seen.insert(n.clone()));
    names
}

/// Refuses to write a purse back for someone built into taproom (they have no file).
///
/// # Errors
/// The first such character, saying where their file should go.
pub fn require_files(people: &People, names: &[String], folder: &'static str) -> Result<(), Error> {
    match names
        .iter()
        .find(|n| people.get(n).is_some_and(|c| c.file.is_none()))
    {
        Some(name) => Err(Error::NoPurseFile {
            name: name.clone(),
            folder,
        }),
        None => Ok(()),
    }
}

/// The bookie's view of a match: the chance of every market a bet takes at the bookie's
/// own price. The first turn is worked out exactly from the rules; every other market,
/// at any table (the built-in characters or the GM's own, under any house rule and any
/// tavern's rule for a cheat seen), comes from the bookie's model, fitted from real
/// matches of `play`'s players and imagining `sims` matches as `play` plays them
/// ([`crate::wager::model`]); a game the model has no coefficients for would be counted
/// from `sims` matches played for real.
///
/// # Errors
/// When the matches cannot be played.
pub fn estimates<G: Game>(
    spec: &MatchSpec,
    markets: &[Market],
    sims: u64,
    progress: &dyn Progress,
    what: &str,
) -> Result<Vec<MarketEstimate>, Error> {
    estimates_seen::<G>(spec, markets, sims, progress, what, Sight::Bookie)
}

/// As [`estimates`], as `sight` sees the table: the bookie prices a hustler at the skill
/// shown (unless he is wise to them) and knows nothing of a throw; the truth prices a
/// hustler at their own skill (the hustle turned) and, where a throw is set at the
/// table, counts `sims` real matches, since only play knows how a thrown game goes.
///
/// # Errors
/// When the matches cannot be played.
pub fn estimates_seen<G: Game>(
    spec: &MatchSpec,
    markets: &[Market],
    sims: u64,
    progress: &dyn Progress,
    what: &str,
    sight: Sight,
) -> Result<Vec<MarketEstimate>, Error> {
    let n = spec.seats.len();
    let first = || {
        MarketEstimate::exact(
            Market::FirstTurn,
            crate::wager::simulate::selections(Market::FirstTurn, G::KIND, n),
            &G::first_turn_odds(n),
        )
    };
    let rest: Vec<Market> = markets
        .iter()
        .copied()
        .filter(|&m| m != Market::FirstTurn)
        .collect();
    let modelled = if sight == Sight::Truth && spec.throws_at_table() {
        None
    } else {
        crate::wager::model::estimates(&model_table::<G>(spec, sight), &rest, sims)
    };
    let priced: Vec<MarketEstimate> = if let Some(out) = modelled {
        out
    } else {
        let observed = play_many::<G>(
            spec,
            &rest,
            sims,
            crate::seed::Purpose::BookieSim,
            progress,
            what,
        )?;
        observed.iter().map(Observed::estimate).collect()
    };
    let mut priced = priced.into_iter();
    Ok(markets
        .iter()
        .map(|&m| {
            if m == Market::FirstTurn {
                first()
            } else {
                priced.next().unwrap_or_else(first)
            }
        })
        .collect())
}

/// The table of `spec` as the bookie's model reads it.
fn model_table<G: Game>(spec: &MatchSpec, sight: Sight) -> crate::wager::model::Table {
    let entrants = spec.entrants_seen(sight);
    let names = spec.names();
    crate::wager::model::Table {
        kind: G::KIND,
        players: entrants
            .iter()
            .map(crate::wager::model::Profile::of)
            .collect(),
        format: spec.format,
        draw_cap: spec.draw_cap,
        rules: spec.rules.words(),
        on_cheat: spec.table.on_cheat_at::<G>(),
        wary: names
            .iter()
            .map(|w| names.iter().map(|c| spec.wary.seen(w, c)).collect())
            .collect(),
    }
}

/// Plays `sims` matches of `spec` for real (each from its own seed, derived from the
/// spec's seed for `purpose`) and counts the answer of every market.
///
/// # Errors
/// When the matches cannot be played.
pub fn play_many<G: Game>(
    spec: &MatchSpec,
    markets: &[Market],
    sims: u64,
    purpose: crate::seed::Purpose,
    progress: &dyn Progress,
    what: &str,
) -> Result<Vec<Observed>, Error> {
    let settings = spec.settings::<G>(crate::ai::Effort::Full)?;
    progress.start(what, sims);
    // Counted as the odds read a table: any hustle turned (see `MatchSpec::stakes_for_odds`).
    let entrants = spec.entrants_at(&spec.stakes_for_odds());
    let out = simulate::<G>(&entrants, &settings, markets, sims, purpose, &|| {
        progress.tick()
    });
    progress.finish();
    Ok(out?)
}

/// Prices the bookie's bets (simulating the table when any bet takes the bookie's own
/// price) and places every proposal and the ante against the purses.
///
/// # Errors
/// When the simulated matches cannot be played.
pub fn place_bets<G: Game>(
    spec: &MatchSpec,
    proposals: &[Proposal],
    ante: Option<Money>,
    purses: &BTreeMap<String, Purse>,
    tavern: &Tavern,
    progress: &dyn Progress,
) -> Result<Placed, Error> {
    let mut markets: Vec<Market> = Vec::new();
    for p in proposals {
        if matches!(p.how, How::Bookie(None)) && !markets.contains(&p.market) {
            markets.push(p.market);
        }
    }
    let board = if markets.is_empty() {
        Vec::new()
    } else {
        let what = format!("{} reckons the odds", tavern.bookie);
        estimates::<G>(spec, &markets, tavern.sims, progress, &what)?
    };
    let margin = tavern.margin();
    let price = |m: Market, s: Selection| {
        board
            .iter()
            .find(|e| e.market == m)
            .and_then(|e| e.price(s, margin))
            .ok_or(crate::wager::place::Refusal::NoPrice)
    };
    Ok(place(
        proposals,
        ante,
        &spec.names(),
        purses,
        tavern.credit,
        &price,
    ))
}

/// Settles the placed bets from the match's log.
///
/// # Errors
/// A settlement that cannot be made (a purse that cannot pay, an overflow).
pub fn settle_placed(
    placed: &Placed,
    log: &MatchLog,
    purses: &BTreeMap<String, Purse>,
    tavern: &Tavern,
) -> Result<Settlement, Error> {
    let rules = HouseRules {
        take_bp: tavern.take_bp,
        credit: tavern.credit,
        bar_cheats: tavern.bar_cheats,
        forfeit_stakes: tavern.on_cheat == Some(crate::roster::tavern::OnCheat::ForfeitStakes),
    };
    Ok(settle(&placed.bets(), log, purses, &rules)?)
}

/// Where the ledger is: the one given, else the tavern's, else `ledger.txt` in `folder`.
#[must_use]
pub fn ledger_path(given: Option<&Path>, tavern: &Tavern, folder: &Path) -> PathBuf {
    given
        .map(Path::to_owned)
        .or_else(|| tavern.ledger.clone())
        .unwrap_or_else(|| folder.join("ledger.txt"))
}
