//! The command line: clap types, one file per subcommand, errors mapped to exit codes in
//! one place. Nothing below this layer sees clap.

mod args;
mod bet;
mod check;
mod completions;
mod discord;
mod engine;
mod error;
mod foundry;
mod here;
mod history;
mod init;
mod ladder;
mod new;
mod night;
mod notes;
mod odds;
mod page;
mod play;
mod replay;
mod roster;
mod rules;
mod sit;
mod undo;
mod usage;

use std::io::Write;

use clap::{CommandFactory, Parser, Subcommand};

pub use error::CliError;

/// taproom: traditional tavern games played out between characters, narrated, with the
/// result at once.
#[derive(Debug, Parser)]
#[command(name = "taproom", version, about, long_about = None, after_help = EXAMPLES)]
pub struct Cli {
    /// Colour on a terminal (winners, money won and lost): `auto` (never under NO_COLOR
    /// or when piped), `always` or `never`.
    #[arg(long, value_enum, global = true, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
    /// Tell on stderr which campaign file (taproom.toml) is in use, or that none was
    /// found.
    #[arg(long, short, global = true)]
    verbose: bool,
    #[command(subcommand)]
    command: Command,
}

/// When to colour the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always, even when piped.
    Always,
    /// Never.
    Never,
}

const EXAMPLES: &str = "Examples:
  taproom play tides-of-war                      two built-in characters, best of 3
  taproom play tides \"Old Brannoc\" Mirela --seed 7 --first-to 5
  taproom play tides --roster examples/characters Gorm Vessa --short
  taproom play tides Brannoc Mirela --bet \"Pip 3 sp on Brannoc\" --bet \"Tamsin 2 sp on first-turn Mirela\"
  taproom sit tides Brannoc --as Ysolde           a person plays Brannoc, turn by turn
  taproom replay tides Brannoc Mirela --seed 42 --best-of 1   move by move, boards and all
  taproom odds tides \"Old Brannoc\" Mirela --sims 2000
  taproom night examples/evening.toml              the evening, settled; --apply writes the purses
  taproom check examples/characters/*.toml examples/tavern.toml examples/evening.toml
  taproom roster --roster examples/characters      who is at hand: skills, temperaments, purses
  taproom rules kiust                              the rules, to read out at the table
  taproom init                                     a campaign file here: no more --roster, --tavern
  taproom undo                                     take back the last match applied, after asking
  taproom ladder tides --levels 1,5,10,baseline --games 100
  taproom history examples/chronicle               the campaign's record: standings, champions
  taproom engine perft tides-of-war --depth 4";

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a match between characters and tell how it went.
    Play(play::PlayArgs),
    /// Take a seat: people play some seats against the characters, turn by turn, and the
    /// match is told and settled as `play` does.
    Sit(sit::SitArgs),
    /// Show a match again move by move, with the board after each move.
    Replay(replay::ReplayArgs),
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
    /// The campaign's record: standings, each game's, head-to-heads, upsets, champions,
    /// and who watches a character for cheating.
    History(history::HistoryArgs),
    /// List the characters at hand, built-in and the GM's: skill at each game,
    /// temperament, purse.
    Roster(roster::RosterArgs),
    /// Write a campaign file (taproom.toml) here, naming the roster, tavern, ledger and
    /// history every command in this folder or below then uses.
    Init(init::InitArgs),
    /// Take back the last match applied (purses, debts, history), after saying what it
    /// was and asking; the ledger keeps a line saying so.
    Undo(undo::UndoArgs),
    /// Start a new file to fill in: `taproom new character NAME`.
    #[command(subcommand)]
    New(new::NewCommand),
    /// Print a game's rules as taproom plays them, to read out at the table.
    Rules(rules::RulesArgs),
    /// Print a shell's completion script (bash, zsh, fish, powershell, elvish).
    Completions(completions::CompletionsArgs),
    /// Write the manual pages (roff), one per command.
    Man(completions::ManArgs),
}

/// Runs the command line and returns the process's exit code.
#[must_use]
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // The subcommand typed, for the pointer to its help.
            let typed: Vec<String> = std::env::args().skip(1).collect();
            let command = typed.iter().find(|w| {
                Cli::command()
                    .get_subcommands()
                    .any(|c| c.get_name() == w.as_str())
            });
            note(&usage::short(&e, command.map(String::as_str)));
            return 2;
        }
        // --help and --version: output like any other.
        Err(e) => return ended(e.print().map_err(CliError::Io)),
    };
    match cli.color {
        ColorWhen::Auto => {}
        ColorWhen::Always => anstream::ColorChoice::Always.write_global(),
        ColorWhen::Never => anstream::ColorChoice::Never.write_global(),
    }
    // Styles written to it are kept on a terminal and dropped when piped or under NO_COLOR.
    let mut out = anstream::stdout().lock();
    // The campaign (taproom.toml) is looked up when a command first asks for it.
    let here = here::Here::new(cli.verbose);
    let result = match cli.command {
        Command::Play(args) => play::run(&args, &here, &mut out),
        Command::Sit(args) => sit::run(&args, &here, &mut out),
        Command::Replay(args) => replay::run(&args, &here, &mut out),
        Command::Engine(cmd) => engine::run(&cmd, &mut out),
        Command::Odds(args) => odds::run(&args, &here, &mut out),
        Command::Night(args) => night::run(&args, &here, &mut out),
        Command::Check(args) => check::run(&args, &here, &mut out),
        Command::Ladder(args) => ladder::run(&args, &here, &mut out),
        Command::History(args) => history::run(&args, &here, &mut out),
        Command::Roster(args) => roster::run(&args, &here, &mut out),
        Command::Init(args) => init::run(&args, &mut out),
        Command::Undo(args) => undo::run(&args, &here, &mut out),
        Command::New(cmd) => new::run(&cmd, &here, &mut out),
        Command::Rules(args) => rules::run(&args, &mut out),
        Command::Completions(args) => completions::completions(&args, &mut out),
        Command::Man(args) => completions::man(&args, &mut out),
    };
    let flushed = out.flush();
    drop(out);
    ended(result.and_then(|()| flushed.map_err(CliError::Io)))
}

/// The exit code of a command that ended so. A reader that stopped early (`| head`)
/// ends the output quietly, as it ends other Unix tools: by the signal of a closed pipe
/// (the shell's 141), once everything the command holds is let go; any other failure
/// is one line on standard error.
fn ended(result: Result<(), CliError>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(e) if e.is_closed_pipe() => closed_pipe(),
        Err(e) => {
            // An error may quote what it was given: whatever that held is shown escaped,
            // never acted on by the terminal.
            let text = e.to_string();
            let safe: Vec<String> = text.lines().map(crate::names::escaped).collect();
            note(&format!("error: {}", safe.join("\n")));
            e.exit_code()
        }
    }
}

/// Ends the process as a write to a closed pipe ends other Unix tools (Rust ignores the
/// signal, so taproom sees the error, lets go of its files and locks, and only then
/// takes the signal's default).
fn closed_pipe() -> i32 {
    #[cfg(unix)]
    // SAFETY: resetting a signal to its default and raising it touch no memory of ours;
    // the process ends at the raise.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::raise(libc::SIGPIPE);
    }
    // Where there is no such signal (or it did not end the process): quietly.
    0
}

/// Writes a line to standard error, if it can: a note or an error that cannot be
/// written (standard error closed or full) is lost, never a panic.
pub fn note(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}");
    let _ = err.flush();
}
