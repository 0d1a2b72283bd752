//! `taproom play ... --bet "..."`: quick wagers at the table, priced before the match,
//! settled from its log after, and written back with `--apply`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::wagers::{load_tavern, place_bets, purse_of, write_back};
use crate::games::Game;
use crate::narrate::Phrasebook;
use crate::report::View;
use crate::report::wagers::{SettledRow, placed_lines, settled_lines, settlement_table};
use crate::roster::{Character, Roster, Tavern};
use crate::table::{Entrant, MatchLog, MatchSettings};
use crate::wager::ledger;
use crate::wager::place::{Placed, Table, resolve};
use crate::wager::syntax::BetText;
use crate::wager::{HouseRules, Purse, settle};

/// The wager flags of `taproom play`.
#[derive(Debug, Args)]
pub struct BetArgs {
    /// A wager at the table (repeatable): "BETTOR AMOUNT on [MARKET] PICK [in the pool |
    /// at 3 to 1 | against RIVAL [AMOUNT]]". Markets: match (default), game N, round N,
    /// first-turn, points, down, home, captures (add "in game N" for one game), end WAY.
    /// E.g. "Pip 5 gp on Brannoc", "Pip 2 gp on first-turn Mirela in the pool".
    #[arg(long = "bet", value_name = "BET")]
    bets: Vec<String>,
    /// The tavern file: its bookie's margin, the pool's take, credit, currency.
    #[arg(long, value_name = "FILE")]
    tavern: Option<PathBuf>,
    /// Write the new purses into the characters' files and the settlement into the ledger
    /// (without it nothing is written).
    #[arg(long)]
    apply: bool,
    /// The ledger file (default: the tavern's ledger, or ledger.txt here).
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
}

/// The bets placed before a match, waiting for its log.
pub struct TableBets {
    tavern: Tavern,
    texts: Vec<String>,
    placed: Placed,
    purses: BTreeMap<String, Purse>,
    roster: Roster,
}

/// Reads, matches, prices and places the `--bet`s; `None` when there are none.
///
/// # Errors
/// A bet that cannot be read or matched to the table, or one the table refuses (a purse
/// too light, no price), as one sentence.
pub fn prepare<G: Game>(
    args: &BetArgs,
    roster: &Roster,
    characters: &[Character],
    entrants: &[Entrant],
    settings: &MatchSettings<G>,
    json: bool,
) -> Result<Option<TableBets>, CliError> {
    if args.bets.is_empty() {
        if args.apply || args.ledger.is_some() {
            return Err(CliError::Usage(
                "--apply and --ledger go with --bet, and no bet was given".to_owned(),
            ));
        }
        return Ok(None);
    }
    if json {
        return Err(CliError::Usage(
            "wagers are settled in the text output; leave out --format json with --bet".to_owned(),
        ));
    }
    let tavern = load_tavern(args.tavern.as_deref())?;
    let mut all = roster.clone();
    for c in characters {
        let _ = all.add(c.clone());
    }
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let table = Table {
        game: G::KIND,
        entrants: &names,
    };
    let lookup = |n: &str| super::wagers::full_name(&all, n);
    let mut proposals = Vec::new();
    for text in &args.bets {
        let parsed: BetText = text
            .parse()
            .map_err(|e: crate::wager::syntax::BetSyntaxError| CliError::Usage(e.to_string()))?;
        let p = resolve(&parsed, &table, &lookup)
            .map_err(|e| CliError::Usage(format!("the bet `{text}`: {e}")))?;
        proposals.push(p);
    }
    let mut purses = BTreeMap::new();
    for p in &proposals {
        let mut who = vec![p.bettor.clone()];
        if let crate::wager::place::How::Against { rival, .. } = &p.how {
            who.push(rival.clone());
        }
        for name in who {
            purses.insert(name.clone(), purse_of(&all.get(&name)?));
        }
    }
    if args.apply
        && let Some(name) = purses
            .keys()
            .find(|n| all.get(n).is_ok_and(|c| c.file.is_none()))
    {
        return Err(CliError::Usage(format!(
            "{name} is built into taproom and has no file to keep a purse in; copy their file \
             from taproom's data/characters into a folder given with --roster, or leave out --apply"
        )));
    }
    let placed = place_bets::<G>(&proposals, None, entrants, settings, &purses, &tavern)?;
    if let Some((i, why)) = placed.refused.first() {
        return Err(CliError::Usage(format!(
            "the bet `{}` is refused: {}",
            args.bets[*i],
            why.describe(tavern.currency, tavern.credit)
        )));
    }
    Ok(Some(TableBets {
        tavern,
        texts: args.bets.clone(),
        placed,
        purses,
        roster: all,
    }))
}

/// The lines of atmosphere of the tavern given with `--tavern` (none without one).
///
/// # Errors
/// When the tavern file is unreadable or invalid.
pub fn ambience(args: &BetArgs) -> Result<Vec<String>, CliError> {
    match &args.tavern {
        Some(path) => Ok(load_tavern(Some(path))?.ambience),
        None => Ok(Vec::new()),
    }
}

/// Settles the bets from the match's log, prints them (winnings on a winner in the
/// phrasebook's words), and writes them back with `--apply`.
///
/// # Errors
/// A settlement or a write that fails.
pub fn finish(
    args: &BetArgs,
    bets: TableBets,
    log: &MatchLog,
    book: &Phrasebook,
    view: View,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let t = &bets.tavern;
    let rules = HouseRules {
        take_bp: t.take_bp,
        credit: t.credit,
    };
    let settlement = settle(&bets.placed.bets(), log, &bets.purses, &rules)?;
    let names: Vec<String> = log.entrants.iter().map(|e| e.name.clone()).collect();
    writeln!(out)?;
    writeln!(out, "Wagers at {}, placed before the match", t.name)?;
    let placed = placed_lines(&bets.placed, &bets.texts, &names, log.game, t, view);
    for line in placed {
        writeln!(out, "  {line}")?;
    }
    writeln!(out)?;
    writeln!(out, "Settled from the match")?;
    for line in settled_lines(&settlement, t.currency, book, log.game, &names, log.seed) {
        writeln!(out, "  {line}")?;
    }
    let steps = settlement.purse_steps();
    let rows: Vec<SettledRow<'_>> = settlement
        .lines
        .iter()
        .zip(steps)
        .map(|(line, purses)| SettledRow {
            match_no: None,
            line: Some(line),
            refused: None,
            purses,
        })
        .collect();
    writeln!(out, "{}", settlement_table(&rows, t.currency, view))?;
    if !args.apply {
        writeln!(
            out,
            "Nothing written: --apply writes the purses into the characters' files and the settlement into the ledger."
        )?;
        return Ok(());
    }
    let changed: BTreeMap<String, Purse> = settlement
        .after
        .iter()
        .filter(|(n, p)| settlement.before[*n] != **p)
        .map(|(n, p)| (n.clone(), *p))
        .collect();
    let ledger_path = args
        .ledger
        .clone()
        .or_else(|| t.ledger.clone())
        .unwrap_or_else(|| PathBuf::from("ledger.txt"));
    let heading = format!(
        "{}: {}: {} (seed {})",
        t.name,
        log.game.title(),
        names.join(" v "),
        log.seed
    );
    let entry = ledger::entry(&heading, &settlement, t.currency);
    let written = write_back(&changed, &bets.roster, t.currency, &ledger_path, &entry)?;
    for file in written {
        writeln!(out, "Written: {}", file.display())?;
    }
    Ok(())
}
