//! `taproom roster`: the characters at hand, built-in and the GM's, with their skill at
//! each game, temperament, honesty, eye and purse.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use super::args::{Quiet, layout};
use crate::ops::cast::open_roster;
use crate::report::roster::{write_json, write_text};

/// What `roster` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RosterFormat {
    /// A table: each character's skill at every game, temperament, purse and file.
    Text,
    /// The same as JSON, for tools (schema in docs/json.md).
    Json,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom roster
  taproom roster --roster examples/characters
  taproom roster --roster examples/characters --format json")]
pub struct RosterArgs {
    /// A folder of character files; they come first, and stand in for built-in characters
    /// of the same name (default: the campaign's roster, if any).
    #[arg(long, value_name = "DIR")]
    roster: Option<PathBuf>,
    /// A table for reading, or JSON for tools.
    #[arg(long, value_enum, default_value_t = RosterFormat::Text)]
    format: RosterFormat,
    /// The table as wide as it needs, whatever the terminal.
    #[arg(long)]
    wide: bool,
    #[command(flatten)]
    quiet: Quiet,
}

/// Lists the roster.
///
/// # Errors
/// A folder or character file that cannot be read or is invalid.
pub fn run(
    args: &RosterArgs,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let dir = here.roster(args.roster.as_deref())?;
    let (roster, recovered) = open_roster(dir.as_deref())?;
    args.quiet.recovered(&recovered);
    match args.format {
        RosterFormat::Json => write_json(out, dir.as_deref(), roster.characters())?,
        RosterFormat::Text => {
            let page = crate::report::Page {
                view: crate::report::View::Gm,
                layout: layout(args.wide, false),
            };
            write_text(out, roster.characters(), page)?;
            if !args.quiet.quiet {
                let note = "Skill 1 (knows the rules) to 10 (a master) at each game, with the \
                            temperament where it differs from the usual. Honesty 0 (cheats \
                            whenever it pays) to 10 (never); eye 0 to 10 for a cheat at the \
                            table (either may differ per game).";
                writeln!(out, "{}", page.prose("", note))?;
            }
        }
    }
    Ok(())
}
