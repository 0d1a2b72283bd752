//! `taproom odds`: many simulated matches between the same characters, the chance of
//! every outcome with its 95% range, and the prices the tavern's bookie would offer.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::match_args::{MatchArgs, cast};
use super::rules::with_game;
use super::wagers::{entrants, estimates, load_tavern};
use crate::games::{Game, GameKind};
use crate::report::wagers::odds_table;
use crate::wager::simulate::default_markets;

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
    /// How many matches to simulate (10 to 1000000).
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
}

/// Simulates and prints the board.
///
/// # Errors
/// Bad arguments or files.
pub fn run(args: &OddsArgs, out: &mut impl Write) -> Result<(), CliError> {
    let kind: GameKind = args
        .game
        .parse()
        .map_err(|e: crate::games::kind::UnknownGame| CliError::Usage(e.to_string()))?;
    with_game!(kind, G => odds::<G>(args, out))
}

fn odds<G: Game>(args: &OddsArgs, out: &mut impl Write) -> Result<(), CliError> {
    if !(10..=1_000_000).contains(&args.sims) {
        return Err(CliError::Usage(format!(
            "--sims is from 10 to 1000000, not {}",
            args.sims
        )));
    }
    let tavern = load_tavern(args.tavern.as_deref())?;
    let characters = cast::<G>(&args.table.roster()?, &args.characters)?;
    let settings = args.table.settings::<G>(characters.len(), args.seed)?;
    let format = settings.format;
    let entrants = entrants::<G>(&characters);
    let markets = default_markets(G::KIND);
    let board = estimates::<G>(&entrants, &settings, &markets, args.sims, "simulating")?;
    let names: Vec<String> = characters.iter().map(|c| c.name.clone()).collect();
    writeln!(out, "{}: {}, {format}", G::KIND.title(), names.join(" v "))?;
    writeln!(
        out,
        "{} simulated matches from seed {}; prices of {} at {}, a {}% margin over fair odds.",
        args.sims,
        args.seed,
        tavern.bookie,
        tavern.name,
        f64::from(tavern.margin_bp) / 100.0
    )?;
    writeln!(out)?;
    writeln!(out, "{}", odds_table(&board, &names, tavern.margin()))?;
    writeln!(
        out,
        "Chances count outright wins; a dead heat divides the stake by the number tied, and a \
         push or a game not played gives it back. Bet with: taproom play {} ... --bet \"NAME AMOUNT on ...\"",
        G::KIND.id()
    )?;
    Ok(())
}
