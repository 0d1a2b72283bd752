//! `taproom rules GAME`: the rules as taproom plays them, for reading out at the table.

use std::io::Write;

use clap::{Args, ValueEnum};

use super::CliError;
use super::args::{game, page_width};
use crate::report::rules::{markdown, render};

/// What `rules` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// Laid out for the terminal, wrapped to its width.
    Text,
    /// The Markdown source, as in the repository's docs/rules.
    Markdown,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom rules tides
  taproom rules pic --format markdown")]
pub struct RulesArgs {
    /// The game: tides-of-war (tides), pic, kiust-oyun (kiust), oicustiytac (dogfight).
    game: String,
    /// Text for the terminal (wrapped to its width, `COLUMNS`, or 80 columns), or the
    /// Markdown source.
    #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
    format: RulesFormat,
}

/// Prints the rules of the game named.
///
/// # Errors
/// A name that is none of the games.
pub fn run(args: &RulesArgs, out: &mut impl Write) -> Result<(), CliError> {
    let kind = game(&args.game)?;
    match args.format {
        RulesFormat::Text => writeln!(out, "{}", render(markdown(kind), page_width(), true))?,
        RulesFormat::Markdown => write!(out, "{}", markdown(kind))?,
    }
    Ok(())
}
