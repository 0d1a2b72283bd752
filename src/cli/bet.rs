//! `taproom play ... --bet "..."`: the wager flags, and how the settled wagers of one
//! match are printed.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::narrate::Phrasebook;
use crate::ops::{self, play::SettledTable};
use crate::report::Page;
use crate::report::wagers::{SettledRow, placed_lines, settled_lines_at, settlement_for};
use crate::table::MatchLog;
use crate::wager::syntax::BetText;

/// The wager flags of `taproom play`.
#[derive(Debug, Args)]
pub struct BetArgs {
    /// A wager at the table (repeatable): "BETTOR AMOUNT on [MARKET] PICK [in the pool |
    /// at 3 to 1 | against RIVAL [AMOUNT]]". Markets: match (default), game N, round N,
    /// first-turn, points, down, home, captures, kiusts (add "in game N" for one game),
    /// end WAY. E.g. "Pip 5 gp on Brannoc", "Pip 2 gp on first-turn Mirela in the pool".
    #[arg(long = "bet", value_name = "BET")]
    bets: Vec<String>,
    /// The tavern file: its bookie's margin, the pool's take, credit, currency.
    #[arg(long, value_name = "FILE")]
    tavern: Option<PathBuf>,
    /// Write the new purses into the characters' files and the settlement into the ledger
    /// (without it nothing is written).
    #[arg(long)]
    apply: bool,
    /// The ledger file (default: the tavern's ledger, or ledger.txt here); never a .toml
    /// file, nor any file the run reads.
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    /// With --apply, how many seconds to wait while another taproom run writes the same
    /// folders, before giving up (0 to 3600).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=3600))]
    wait: u64,
}

impl BetArgs {
    /// The bets, read, each with its text as written.
    ///
    /// # Errors
    /// A bet that cannot be read, `--apply` or `--ledger` without a bet.
    pub fn bets(&self) -> Result<Vec<(BetText, String)>, CliError> {
        if self.bets.is_empty() && (self.apply || self.ledger.is_some()) {
            return Err(ops::Error::Conflict(
                "--apply and --ledger go with --bet, and no bet was given",
            )
            .into());
        }
        self.bets
            .iter()
            .map(|text| Ok((text.parse::<BetText>()?, text.clone())))
            .collect()
    }

    /// The tavern file given.
    #[must_use]
    pub fn tavern(&self) -> Option<PathBuf> {
        self.tavern.clone()
    }

    /// The `--apply` settings, when asked for.
    #[must_use]
    pub fn apply(&self) -> Option<ops::apply::Apply> {
        self.apply
            .then(|| super::args::apply_with(self.ledger.clone(), self.wait))
    }
}

/// Prints the wagers placed and how they settled, and the files written.
///
/// # Errors
/// When writing the output fails.
pub fn print(
    settled: &SettledTable,
    log: &MatchLog,
    book: &Phrasebook,
    page: Page,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let view = page.view;
    let t = &settled.tavern;
    let names: Vec<String> = log.entrants.iter().map(|e| e.name.clone()).collect();
    writeln!(out)?;
    writeln!(out, "Wagers at {}, placed before the match", t.name)?;
    for line in placed_lines(
        &settled.placed,
        &settled.texts,
        &names,
        log.game,
        t,
        view,
        Some(book),
    ) {
        writeln!(out, "{}", page.prose("  ", &line))?;
    }
    writeln!(out)?;
    writeln!(out, "Settled from the match")?;
    let s = &settled.settlement;
    for line in settled_lines_at(
        s,
        t.currency,
        book,
        log.game,
        &names,
        log.seed,
        Some(&t.bookie),
    ) {
        writeln!(out, "{}", page.prose("  ", &line))?;
    }
    let rows: Vec<SettledRow<'_>> = s
        .lines
        .iter()
        .zip(s.purse_steps())
        .map(|(line, purses)| SettledRow {
            match_no: None,
            line: Some(line),
            refused: None,
            purses,
        })
        .collect();
    writeln!(
        out,
        "{}",
        settlement_for(&rows, t.currency, view, page.layout)
    )?;
    if settled.written.is_empty() {
        let note = "Nothing written: --apply writes the purses into the characters' files and the settlement into the ledger.";
        writeln!(out, "{}", page.prose("", note))?;
    }
    for file in &settled.written {
        writeln!(out, "Written: {}", file.display())?;
    }
    Ok(())
}
