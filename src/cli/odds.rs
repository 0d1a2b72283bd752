//! `taproom odds`: many simulated matches between the same characters, the chance of
//! every outcome with its 95% range, and the prices the tavern's bookie would offer.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{Bar, MatchArgs, game, say_recovered};
use crate::ops::cast;
use crate::ops::price::odds;
use crate::report::wagers::odds_table;
use crate::roster::Tavern;

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom odds tides-of-war \"Old Brannoc\" Mirela
  taproom odds tides Pip Ysolde --sims 5000 --seed 3 --first-to 5
  taproom odds tides Brannoc Mirela --tavern campaign/tavern.toml")]
pub struct OddsArgs {
    /// The game: tides-of-war (tides), pic, kiust-oyun (kiust), oicustiytac (dogfight).
    game: String,
    /// Who plays: two to five names from the roster, or paths to character files.
    #[arg(required = true, num_args = 2..=5, value_name = "CHARACTER")]
    characters: Vec<String>,
    /// How many matches to simulate (10 to 100000).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    sims: u64,
    /// The seed from which every simulated match's own seed is derived.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    table: MatchArgs,
    /// The tavern whose bookie prices the bets (default: the one built in).
    #[arg(long, value_name = "FILE")]
    tavern: Option<PathBuf>,
    /// Tables as wide as they need, whatever the terminal.
    #[arg(long)]
    wide: bool,
}

/// Simulates and prints the board.
///
/// # Errors
/// Bad arguments or files.
pub fn run(args: &OddsArgs, out: &mut impl Write) -> Result<(), CliError> {
    let kind = game(&args.game)?;
    let tavern = Tavern::load(args.tavern.as_deref())?;
    let (roster, recovered) = cast::open_roster(args.table.roster.as_deref())?;
    say_recovered(&recovered);
    let spec = cast::describe(
        kind,
        &roster,
        &args.characters,
        args.table.draft(args.seed)?,
    )?;
    let board = odds(&spec, args.sims, &Bar::new())?;
    let names = spec.names();
    let layout = super::args::layout(args.wide, false);
    let page = crate::report::Page {
        view: crate::report::View::Gm,
        layout,
    };
    let title = format!("{}: {}, {}", kind.title(), names.join(" v "), spec.format);
    writeln!(out, "{}", page.prose("", &title))?;
    let how = format!(
        "{} simulated matches from seed {}; prices of {} at {}, a {}% margin over fair odds.",
        board.sims,
        args.seed,
        tavern.bookie,
        tavern.name,
        f64::from(tavern.margin_bp) / 100.0
    );
    writeln!(out, "{}", page.prose("", &how))?;
    writeln!(out)?;
    writeln!(
        out,
        "{}",
        crate::report::fitted(
            odds_table(&board.estimates, &names, tavern.margin()),
            layout
        )
    )?;
    let note = format!(
        "Chances count outright wins; a dead heat divides the stake by the number tied, and a \
         push or a game not played gives it back. Bet with: taproom play {} ... --bet \"NAME AMOUNT on ...\"",
        kind.id()
    );
    writeln!(out, "{}", page.prose("", &note))?;
    Ok(())
}
