//! `taproom undo`: says what the last `--apply` wrote, asks, and takes it back.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use super::args::{Quiet, apply_with};
use crate::ops::undo::{Plan, Request, match_words, plan, undo};

#[derive(Debug, Args)]
#[command(
    after_help = "Every character file the match changed gets back the very text it had \
(comments and all), and the match leaves the history; the ledger keeps a line saying what \
was taken back. A character file changed since the match was applied is refused, naming it. \
A second undo takes back the match applied before it. A `night` is taken back whole.

Examples:
  taproom undo                      says what it will take back, and asks
  taproom undo --yes                for scripts: no question
  taproom undo --tavern examples/tavern.toml --ledger ledger.txt"
)]
pub struct UndoArgs {
    /// Take it back without asking (for scripts; without a terminal to ask at, undo
    /// needs it).
    #[arg(long, short)]
    yes: bool,
    /// The tavern file whose ledger and history the match was written to (default: the
    /// campaign's, else the one built in).
    #[arg(long, value_name = "FILE")]
    tavern: Option<PathBuf>,
    /// The ledger the match was written to (default: the campaign's, else the tavern's
    /// ledger, else ledger.txt here).
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    /// The history the match was recorded in (default: the campaign's, else the tavern's,
    /// else history.jsonl beside the ledger).
    #[arg(long, value_name = "FILE")]
    history: Option<PathBuf>,
    /// How many seconds to wait while another taproom run writes the same folders,
    /// before giving up (0 to 3600).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=3600))]
    wait: u64,
    #[command(flatten)]
    quiet: Quiet,
}

/// Says what the last write was, asks (unless `--yes`), and takes it back.
///
/// # Errors
/// No terminal to ask at and no `--yes`; nothing to take back; a file changed since; a
/// failed write.
pub fn run(
    args: &UndoArgs,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let asking = !args.yes;
    if asking && !std::io::stdin().is_terminal() {
        let why = "undo asks before it takes a match back and there is no terminal to ask \
                   at; give --yes to take it back without asking";
        return Err(crate::ops::Error::Conflict(why).into());
    }
    let apply = here
        .apply(Some(apply_with(args.ledger.clone(), args.wait)))?
        .unwrap_or_else(|| apply_with(None, args.wait));
    let given = match &args.history {
        Some(h) => Some(h.clone()),
        None => here.history()?,
    };
    let tavern = here.tavern(args.tavern.as_deref())?;
    // A write a killed run left half done is made whole before the history is read.
    let (req, done) = Request::locate(tavern.as_deref(), given.as_deref(), apply)?;
    args.quiet.recovered(&done);
    let shown = plan(&req.history)?;
    tell(&shown, &req.ledger, req.currency, out)?;
    if asking && !confirmed(out)? {
        writeln!(out, "Nothing was taken back.")?;
        return Ok(());
    }
    let quiet = args.quiet;
    let done = undo(&req, shown.from, &crate::history::now(), &mut |f| {
        quiet.waiting(f)
    })?;
    quiet.recovered(&done.recovered);
    writeln!(out, "Taken back.")?;
    for file in &done.written {
        writeln!(out, "Written: {}", file.display())?;
    }
    Ok(())
}

/// Says what the write was and what taking it back does.
fn tell(
    plan: &Plan,
    ledger: &Path,
    currency: crate::wager::Currency,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let at = plan.records.first().map_or("", |r| r.at.as_str());
    let n = plan.records.len();
    let what = if n == 1 {
        "1 match".to_owned()
    } else {
        format!("{n} matches")
    };
    writeln!(
        out,
        "The last write to {}, applied {at}: {what}.",
        plan.history.display()
    )?;
    for r in &plan.records {
        writeln!(out, "- {}", match_words(r))?;
    }
    if plan.files.is_empty() {
        writeln!(out, "It moved no purse.")?;
    } else {
        writeln!(out, "Taking it back puts every purse back as it was:")?;
        for f in &plan.files {
            writeln!(
                out,
                "- {} ({}): {} -> {}",
                f.name,
                f.file.display(),
                f.now.show(currency),
                f.back.show(currency)
            )?;
        }
    }
    writeln!(
        out,
        "Its lines leave the history, and the ledger ({}) gains a line saying what was taken back.",
        ledger.display()
    )?;
    Ok(())
}

/// Asks on the terminal; whether the answer is yes.
fn confirmed(out: &mut impl Write) -> Result<bool, CliError> {
    out.flush()?;
    eprint!("Take it back? [y/N] ");
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    let answer = answer.trim().to_lowercase();
    Ok(answer == "y" || answer == "yes")
}
