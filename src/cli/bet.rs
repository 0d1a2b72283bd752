//! `taproom play ... --bet "..."`: the wager flags, and how the settled wagers of one
//! match are printed.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::Quiet;
use crate::narrate::Phrasebook;
use crate::ops::{self, play::SettledTable};
use crate::report::wagers::{SettledRow, coloured, placed_lines, settled_lines_at, settlement_for};
use crate::report::{Layout, Page, View};
use crate::table::MatchLog;
use crate::wager::Settlement;
use crate::wager::syntax::{BetText, BribeText, split_bets};

/// The wager flags of `taproom play`.
#[derive(Debug, Args)]
pub struct BetArgs {
    /// A wager at the table (repeatable; several in one, split by ";"): "BETTOR AMOUNT on
    /// [MARKET] PICK [in the pool | at 3 to 1 | against RIVAL [AMOUNT]]". Markets: match
    /// (default), game N, round N, first-turn, points, down, home, captures, kiusts (add
    /// "in game N" for one game), end WAY, caught NAME, anyone caught (caught cheating).
    /// A verb may follow the bettor (bets, puts, wagers, stakes, lays), coins may be
    /// named (3 silver pieces) and joined by "and", and "to win" may follow the pick.
    /// Against a rival, either side may stake a thing in double quotes where an amount
    /// goes. E.g. "Pip 5 gp on Brannoc", "Pip puts 3 silver and 2 copper on Brannoc to
    /// win", "Pip 2 gp on first-turn Mirela in the pool; Tamsin 1 gp on Mirela", 'Brannoc
    /// "where the caravan went" on Brannoc against Ysolde'.
    #[arg(long = "bet", value_name = "BET")]
    bets: Vec<String>,
    /// A bribe offered before the match (repeatable): "PAYER AMOUNT to TAKER to lose [to
    /// NAME]". Taken when the one paid has a [throw] whose `bribe` is no more than the
    /// amount (they then throw the match to the payer, or to NAME); refused, in their own
    /// words, otherwise, and a refused bribe moves no money. Paid from purse to purse as a
    /// stake is (with --apply, written, in the ledger and the history); shown in the GM's
    /// view alone. E.g. "Plain Jory 10 gp to Brother Tobin to lose", "Pip offers 5 gp to
    /// Brannoc to lose to Mirela".
    #[arg(long = "bribe", value_name = "BRIBE")]
    bribes: Vec<String>,
    /// The tavern file: its bookie's margin, the pool's take, credit, currency (default:
    /// the campaign's, else the one built in).
    #[arg(long, value_name = "FILE")]
    tavern: Option<PathBuf>,
    /// Write the new purses into the characters' files, the settlement into the ledger and
    /// the match into the campaign's history (without it nothing is written; without a
    /// bet, only the history).
    #[arg(long)]
    apply: bool,
    /// The ledger file (default: the campaign's, else the tavern's ledger, else ledger.txt
    /// here); never a .toml file, nor any file the run reads.
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    /// With --apply, how many seconds to wait while another taproom run writes the same
    /// folders, before giving up (0 to 3600).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=3600))]
    wait: u64,
    /// The evening the match belongs to, as the history records it (a session's name or a
    /// date): reputations fade by evenings, and the history counts them (default: the
    /// campaign file's `evening`, else today's date).
    #[arg(long, value_name = "NAME")]
    evening: Option<String>,
}

impl BetArgs {
    /// The bets, read, each with its text as written (a `--bet` may hold several, split
    /// at `;`).
    ///
    /// # Errors
    /// A bet that cannot be read, `--ledger` without `--apply`.
    pub fn bets(&self) -> Result<Vec<(BetText, String)>, CliError> {
        if self.ledger.is_some() && !self.apply {
            return Err(ops::Error::Conflict("--ledger goes with --apply").into());
        }
        self.bets
            .iter()
            .flat_map(|line| split_bets(line))
            .map(|text| Ok((text.parse::<BetText>()?, text.to_owned())))
            .collect()
    }

    /// The bribes, read, each with its text as written.
    ///
    /// # Errors
    /// A bribe that cannot be read.
    pub fn bribes(&self) -> Result<Vec<(BribeText, String)>, CliError> {
        read_bribes(&self.bribes)
    }

    /// The evening named with `--evening`, as typed.
    #[must_use]
    pub fn evening(&self) -> Option<&str> {
        self.evening.as_deref()
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

/// The bribes given with `--bribe`, read, each with its text as written.
///
/// # Errors
/// A bribe that cannot be read.
pub fn read_bribes(texts: &[String]) -> Result<Vec<(BribeText, String)>, CliError> {
    texts
        .iter()
        .map(|text| {
            let bribe = text
                .parse::<BribeText>()
                .map_err(|e| ops::Error::Argument {
                    flag: "--bribe",
                    message: format!("--bribe: {e}"),
                })?;
            Ok((bribe, text.clone()))
        })
        .collect()
}

/// Prints the bribes offered (the GM's view alone), the wagers placed and how they
/// settled, and the files written.
///
/// # Errors
/// When writing the output fails.
pub fn print(
    settled: &SettledTable,
    log: &MatchLog,
    book: &Phrasebook,
    page: Page,
    quiet: Quiet,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let markdown = page.layout.is_markdown();
    if page.view == View::Gm && !settled.offers.is_empty() {
        print_bribes(settled, page, out)?;
    }
    if !settled.texts.is_empty() {
        print_bets(settled, log, book, page, out)?;
    }
    if matches!(page.layout, Layout::Chat(_)) {
        // A channel's messages: the files written are the GM's business, told on stderr.
        return Ok(());
    }
    let bribes_only = settled.texts.is_empty();
    if settled.written.is_empty() && !quiet.quiet && !(bribes_only && page.view != View::Gm) {
        let note = "Nothing written: --apply writes the purses into the characters' files, the settlement into the ledger and the match into the history.";
        writeln!(out, "{}", page.prose("", note))?;
    }
    for file in &settled.written {
        writeln!(out, "Written: {}", file.display())?;
    }
    if markdown && bribes_only {
        writeln!(out)?;
    }
    Ok(())
}

/// The bribes offered before the match, each taken or refused (in the one offered's
/// words), and the purses the bribes taken moved.
fn print_bribes(settled: &SettledTable, page: Page, out: &mut impl Write) -> Result<(), CliError> {
    let currency = settled.tavern.currency;
    let markdown = page.layout.is_markdown();
    if !markdown {
        writeln!(out)?;
    }
    let lines: Vec<String> = settled.offers.iter().map(|o| o.line(currency)).collect();
    page.block(
        out,
        "Bribes, offered before the match (the GM's alone)",
        &lines,
        &lines,
    )?;
    let s = &settled.settlement;
    if !s.bribes.is_empty() {
        let paid = s.after_bribes();
        let parties = |m: &std::collections::BTreeMap<String, crate::wager::Purse>| {
            m.iter()
                .filter(|(n, _)| s.bribes.iter().any(|b| b.payer == **n || b.taker == **n))
                .map(|(n, p)| (n.clone(), *p))
                .collect()
        };
        let moved = money_changes(
            &parties(&s.before),
            &parties(&paid),
            0,
            currency,
            &settled.written,
        );
        let moved = moved.replacen("Money:", "Bribes paid:", 1);
        writeln!(out, "{}", page.prose("", &moved))?;
    }
    Ok(())
}

/// The wagers placed and how they settled, with the settlement table.
fn print_bets(
    settled: &SettledTable,
    log: &MatchLog,
    book: &Phrasebook,
    page: Page,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let view = page.view;
    let t = &settled.tavern;
    let names: Vec<String> = log.entrants.iter().map(|e| e.name.clone()).collect();
    let placed = placed_lines(
        &settled.placed,
        &settled.texts,
        &log.entrants,
        log.game,
        t,
        view,
        Some(book),
    );
    let markdown = page.layout.is_markdown();
    if !markdown {
        // A Markdown block has its own blank lines round it.
        writeln!(out)?;
    }
    let heading = format!("Wagers at {}, placed before the match", t.name);
    page.block(out, &heading, &placed, &placed)?;
    if !markdown {
        writeln!(out)?;
    }
    let s = &settled.settlement;
    let lines = settled_lines_at(
        s,
        t.currency,
        book,
        log.game,
        &names,
        log.seed,
        Some(&t.bookie),
    );
    page.block(out, "Settled from the match", &lines, &coloured(&lines, s))?;
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
    if markdown {
        // A paragraph of its own after the table, not a row of it.
        writeln!(out)?;
    }
    Ok(())
}

/// The money in one line: each purse's change, the house's, and the files written; then
/// each thing that changed hands.
#[must_use]
pub fn money_line(
    settlement: &Settlement,
    currency: crate::wager::Currency,
    written: &[PathBuf],
) -> String {
    let money = money_changes(
        &settlement.before,
        &settlement.after,
        settlement.house,
        currency,
        written,
    );
    with_things(money, [settlement])
}

/// A line with, after it, each thing the settlements passed: "... Sister Ysolde wins
/// “where the caravan went” from Old Brannoc."
#[must_use]
pub fn with_things<'a>(
    mut line: String,
    settlements: impl IntoIterator<Item = &'a Settlement>,
) -> String {
    for p in settlements.into_iter().flat_map(Settlement::things) {
        line.push_str(&format!(
            " {} wins {} from {}.",
            p.to,
            p.thing.quoted(),
            p.from
        ));
    }
    line
}

/// "Money: Pip Underbough −3 sp, Tamsin the Tinker +2 sp; the house +3 sp." with gains
/// green and losses red, and "(written)" when `--apply` wrote them.
#[must_use]
pub fn money_changes(
    before: &std::collections::BTreeMap<String, crate::wager::Purse>,
    after: &std::collections::BTreeMap<String, crate::wager::Purse>,
    house: i128,
    currency: crate::wager::Currency,
    written: &[PathBuf],
) -> String {
    use crate::report::json::net;
    use crate::report::short::{LOST, WON, styled};
    use crate::wager::money::show_change;
    let shown = |change: i128| {
        let text = show_change(change, currency).to_string();
        match change.signum() {
            1 => styled(&text, WON),
            -1 => styled(&text, LOST),
            _ => text,
        }
    };
    let people: Vec<String> = before
        .iter()
        .map(|(name, b)| {
            let a = after.get(name).copied().unwrap_or(*b);
            format!("{name} {}", shown(net(*b, a)))
        })
        .collect();
    let mut line = if people.is_empty() {
        "Money: no bets".to_owned()
    } else {
        format!("Money: {}", people.join(", "))
    };
    line.push_str(&format!("; the house {}", shown(house)));
    line.push_str(if written.is_empty() {
        " (nothing written)."
    } else {
        " (written)."
    });
    line
}
