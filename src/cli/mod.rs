//! The command line: clap types, one file per subcommand, errors mapped to exit codes in
//! one place. Nothing below this layer sees clap.

mod args;
mod bet;
mod check;
mod engine;
mod error;
mod ladder;
mod night;
mod odds;
mod play;

use std::io::Write;

use clap::{Parser, Subcommand};

pub use error::CliError;

/// taproom: traditional tavern games played out between characters, narrated, with the
/// result at once.
#[derive(Debug, Parser)]
#[command(name = "taproom", version, about, long_about = None, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "Examples:
  taproom play tides-of-war                      two built-in characters, best of 3
  taproom play tides \"Old Brannoc\" Mirela --seed 7 --first-to 5
  taproom play tides --roster campaign/npcs Gorm Vessa --format json
  taproom play tides Brannoc Mirela --bet \"Pip 5 sp on Brannoc\" --bet \"Tamsin 2 sp on first-turn Mirela\"
  taproom odds tides \"Old Brannoc\" Mirela --sims 2000
  taproom night examples/evening.toml              the evening, settled; --apply writes the purses
  taproom check campaign/npcs/*.toml examples/tavern.toml examples/evening.toml
  taproom ladder tides --levels 1,5,10,baseline --games 100
  taproom engine perft tides-of-war --depth 4";

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a match between characters and tell how it went.
    Play(play::PlayArgs),
    /// The rules engine, checkable from outside: perft, legal moves, applying moves.
    #[command(subcommand)]
    Engine(engine::EngineCommand),
    /// Simulate many matches: the chance of every outcome and the bookie's prices.
    Odds(odds::OddsArgs),
    /// Play a scripted evening of matches and wagers from a file, and settle up.
    Night(night::NightArgs),
    /// Validate character, tavern and evening files without playing.
    Check(check::CheckArgs),
    /// Rank skill levels or characters by many single games: scores, intervals, ratings.
    Ladder(ladder::LadderArgs),
}

/// Runs the command line and returns the process's exit code.
#[must_use]
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = match cli.command {
        Command::Play(args) => play::run(&args, &mut out),
        Command::Engine(cmd) => engine::run(&cmd, &mut out),
        Command::Odds(args) => odds::run(&args, &mut out),
        Command::Night(args) => night::run(&args, &mut out),
        Command::Check(args) => check::run(&args, &mut out),
        Command::Ladder(args) => ladder::run(&args, &mut out),
    };
    let _ = out.flush();
    match result {
        Ok(()) => 0,
        // A reader that stopped early (`| head`) is not an error worth a word.
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    }
}
