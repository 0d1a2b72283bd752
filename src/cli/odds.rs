//! `taproom odds`: many simulated matches between the same characters, the chance of
//! every outcome with its 95% range, and the prices the tavern's bookie would offer.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::rules::{options, with_game};
use super::wagers::{entrants, estimates, format_from, load_tavern};
use crate::games::{Game, GameKind};
use crate::report::wagers::odds_table;
use crate::roster::{Character, Roster};
use crate::table::{Format, MatchSettings};
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
    /// A match of at most N games, won by a majority (default 3, or the game's own rule).
    #[arg(long, value_name = "N", conflicts_with = "first_to")]
    best_of: Option<u32>,
    /// A match won by the first to win N games.
    #[arg(long, value_name = "N")]
    first_to: Option<u32>,
    /// How many drawn games are replayed before a match stops as it stands.
    #[arg(long, value_name = "N", default_value_t = 5)]
    draw_cap: u32,
    /// A rule option, `key=value` (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// A folder of character files (they stand in for built-in characters of the same
    /// name).
    #[arg(long, value_name = "DIR")]
    roster: Option<PathBuf>,
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
    let options = options::<G>(&args.rules)?;
    let default = G::MATCH_WINS.map_or(Format::BestOf(3), Format::FirstTo);
    let format = format_from(args.best_of, args.first_to, default)?;
    let tavern = load_tavern(args.tavern.as_deref())?;
    let roster = match &args.roster {
        Some(dir) => Roster::own_then_built_in(dir)?,
        None => Roster::built_in(),
    };
    let mut characters: Vec<Character> = Vec::new();
    for name in &args.characters {
        let c = roster.get(name)?;
        if characters.iter().any(|o| o.name == c.name) {
            return Err(CliError::Usage(format!(
                "{} cannot sit at the {} table twice",
                c.name,
                G::KIND.title()
            )));
        }
        characters.push(c);
    }
    G::start(characters.len(), &options).map_err(CliError::Usage)?;
    let entrants = entrants::<G>(&characters);
    let settings = MatchSettings::<G> {
        format,
        draw_cap: args.draw_cap,
        options,
        seed: args.seed,
    };
    let markets = default_markets(G::KIND);
    let board = estimates::<G>(
        &entrants,
        &settings,
        &markets,
        args.sims,
        false,
        "simulating",
    )?;
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
