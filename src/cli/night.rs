//! `taproom night EVENING.toml`: a scripted evening in a tavern, told match by match with
//! its wagers, then the settlement; `--apply` writes the purses and the ledger.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{Audience, Narrate, Quiet, apply_with, layout};
use super::bet::{coloured, money_changes, with_things};
use crate::ops::evening::{Night, Prepared, night};
use crate::report::wagers::{
    SettledRow, placed_lines, purse_table, settled_lines_at, settlement_for,
};
use crate::report::{self, Layout, Page, View, fitted};
use crate::wager::Credit;
use crate::wager::thing::show_stake;

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom night examples/evening.toml
  taproom night examples/evening.toml --narrate none
  taproom night examples/evening.toml --short
  taproom night examples/evening.toml --format json --quiet
  taproom night examples/evening.toml --apply")]
pub struct NightArgs {
    /// The evening file: its tavern, roster and matches, each with its wagers.
    evening: PathBuf,
    /// Write the new purses into the characters' files and the settlements into the ledger
    /// (without it nothing is written).
    #[arg(long)]
    apply: bool,
    /// The ledger file (default: the tavern's ledger, or ledger.txt beside the evening);
    /// never a .toml file, nor any file the evening reads.
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    /// With --apply, how many seconds to wait while another taproom run writes the same
    /// folders, before giving up (0 to 3600).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=3600))]
    wait: u64,
    /// How much of each match to tell.
    #[arg(long, value_enum, default_value_t = Narrate::Brief)]
    narrate: Narrate,
    /// Who the text is for: `gm` shows everything; `players` leaves out skills, odds and
    /// seeds.
    #[arg(long, value_enum, default_value_t = Audience::Gm)]
    view: Audience,
    /// Text, Markdown for campaign notes and chat, or JSON for tools (schema in
    /// docs/json.md).
    #[arg(long, value_enum, default_value_t = NightFormat::Text)]
    format: NightFormat,
    /// One line a match (who won, the score, how it ended, the seed) and one for the
    /// money.
    #[arg(long, conflicts_with_all = ["format", "narrate", "view"])]
    short: bool,
    #[command(flatten)]
    quiet: Quiet,
    /// Tables as wide as they need, whatever the terminal.
    #[arg(long)]
    wide: bool,
}

/// What `night` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum NightFormat {
    /// Text for the terminal.
    Text,
    /// Markdown for campaign notes and chat.
    Markdown,
    /// The whole evening as JSON, for tools.
    Json,
}

/// Plays the evening.
///
/// # Errors
/// A bad file, name or rule (before anything is played), or a failed write.
pub fn run(args: &NightArgs, out: &mut impl Write) -> Result<(), CliError> {
    if args.ledger.is_some() && !args.apply {
        return Err(crate::ops::Error::Conflict("--ledger goes with --apply").into());
    }
    let apply = args
        .apply
        .then(|| apply_with(args.ledger.clone(), args.wait));
    let quiet = args.quiet;
    let done = night(
        &args.evening,
        args.narrate.into(),
        apply.as_ref(),
        &quiet.bar(),
        &mut |f| quiet.waiting(f),
    )?;
    quiet.recovered(&done.recovered);
    if args.short {
        for m in &done.night.matches {
            writeln!(out, "{}", report::short::match_line(&m.log))?;
        }
        let n = &done.night;
        let line = money_changes(
            &n.first,
            &n.last,
            n.house,
            done.prepared.tavern.currency,
            &done.written,
        );
        let settled = n.matches.iter().map(|m| &m.settlement);
        writeln!(out, "{}", with_things(line, settled))?;
        return Ok(());
    }
    if args.format == NightFormat::Json {
        report::json::write_night(out, &done.prepared, &done.night, &done.written)?;
        return Ok(());
    }
    let page = Page {
        view: args.view.into(),
        layout: layout(args.wide, args.format == NightFormat::Markdown),
    };
    print(&done.prepared, &done.night, page, out)?;
    if !args.apply && !quiet.quiet {
        let note = "Nothing written: --apply writes the purses into the characters' files and the settlements into the ledger.";
        writeln!(out, "{}", page.prose("", note))?;
    }
    for file in &done.written {
        writeln!(out, "Written: {}", file.display())?;
    }
    Ok(())
}

/// Tells the evening: each match with its wagers, then the settling up.
fn print(
    prepared: &Prepared,
    night: &Night,
    page: Page,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let view = page.view;
    let markdown = page.layout == Layout::Markdown;
    let t = &prepared.tavern;
    if markdown {
        writeln!(out, "# {}", prepared.evening.title)?;
    } else {
        writeln!(out, "{}", prepared.evening.title)?;
    }
    let credit = match t.credit {
        Credit::None => "no credit".to_owned(),
        Credit::UpTo(m) => format!("credit up to {} each", m.show(t.currency)),
        Credit::Unlimited => "credit for anyone".to_owned(),
    };
    // The house's cut is the GM's business: the players hear who takes bets and on what
    // terms, not the bookie's margin.
    let house = match view {
        View::Gm => format!(
            "{}: {} takes bets at a {}% margin, the pools keep {}% for the house, {credit}.",
            t.name,
            t.bookie,
            f64::from(t.margin_bp) / 100.0,
            f64::from(t.take_bp) / 100.0,
        ),
        View::Players => format!("{}: {} takes bets, {credit}.", t.name, t.bookie),
    };
    writeln!(out, "{}", page.prose("", &house))?;
    let total = night.matches.len();
    let mut rows: Vec<SettledRow<'_>> = Vec::new();
    for (i, (m, played)) in prepared.matches.iter().zip(&night.matches).enumerate() {
        writeln!(out)?;
        if markdown {
            writeln!(out, "## Match {} of {total}", i + 1)?;
            writeln!(out)?;
        } else {
            writeln!(out, "━━ Match {} of {total} ━━", i + 1)?;
        }
        if !t.ambience.is_empty() {
            writeln!(out, "{}", page.prose("", &t.ambience[i % t.ambience.len()]))?;
        }
        if let Some(intro) = &m.intro {
            writeln!(out, "{}", page.prose("", intro))?;
        }
        let names = m.spec.names();
        let told = placed_lines(
            &played.placed,
            &m.texts,
            &names,
            m.spec.game,
            t,
            view,
            Some(&prepared.phrasebook),
        );
        if !told.is_empty() {
            writeln!(out, "Wagers:")?;
            for line in told {
                writeln!(out, "{}", page.prose("  ", &line))?;
            }
        }
        writeln!(out)?;
        report::write_text(
            out,
            &played.log,
            &played.scenes,
            page,
            &m.spec.replay_command(),
        )?;
        let s = &played.settlement;
        let lines = settled_lines_at(
            s,
            t.currency,
            &prepared.phrasebook,
            m.spec.game,
            &names,
            played.log.seed,
            Some(&t.bookie),
        );
        if !lines.is_empty() {
            writeln!(out, "Settled:")?;
            for line in coloured(&lines, s) {
                writeln!(out, "{}", page.prose("  ", &line))?;
            }
        }
        for (line, step) in s.lines.iter().zip(s.purse_steps()) {
            rows.push(SettledRow {
                match_no: Some(i + 1),
                line: Some(line),
                refused: None,
                purses: step,
            });
        }
        for (r, purse) in played.refused.iter().zip(&played.refused_purses) {
            rows.push(SettledRow {
                match_no: Some(i + 1),
                line: None,
                refused: Some((
                    r.bettor.clone(),
                    r.text.clone(),
                    show_stake(r.stake, r.thing.as_ref(), t.currency),
                    r.why.clone(),
                )),
                purses: (*purse, *purse),
            });
        }
    }
    writeln!(out)?;
    if markdown {
        writeln!(out, "## Settling up at {}", t.name)?;
        writeln!(out)?;
    } else {
        writeln!(out, "━━ Settling up at {} ━━", t.name)?;
    }
    writeln!(
        out,
        "{}",
        settlement_for(&rows, t.currency, view, page.layout)
    )?;
    let summary: Vec<(String, crate::wager::Purse, crate::wager::Purse)> = night
        .first
        .iter()
        .map(|(n, p)| (n.clone(), *p, night.last.get(n).copied().unwrap_or(*p)))
        .collect();
    if markdown {
        writeln!(out)?;
    }
    writeln!(
        out,
        "{}",
        fitted(purse_table(&summary, night.house, t.currency), page.layout)
    )?;
    Ok(())
}
