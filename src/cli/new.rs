//! `taproom new character NAME`: a character file to fill in, in the roster folder.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::CliError;
use crate::ai::Temperament;
use crate::ops;
use crate::roster::Pronouns;
use crate::roster::template::Sketch;
use crate::wager::Money;

#[derive(Debug, Subcommand)]
pub enum NewCommand {
    /// Write a commented character file to fill in (never over a file that is there).
    #[command(after_help = "Examples:
  taproom new character \"Gorm Halvard\" --roster campaign/npcs
  taproom new character Vessa --skill 7 --temperament cunning --purse \"12 gp\" --roster campaign/npcs")]
    Character(CharacterArgs),
}

/// A temperament on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TemperamentArg {
    /// Guards what they have.
    Cautious,
    /// No leaning either way.
    Steady,
    /// Likes captures and attack.
    Bold,
    /// Takes risks and errs more freely.
    Reckless,
    /// Leaves the opponent few replies.
    Cunning,
}

impl From<TemperamentArg> for Temperament {
    fn from(t: TemperamentArg) -> Temperament {
        match t {
            TemperamentArg::Cautious => Temperament::Cautious,
            TemperamentArg::Steady => Temperament::Steady,
            TemperamentArg::Bold => Temperament::Bold,
            TemperamentArg::Reckless => Temperament::Reckless,
            TemperamentArg::Cunning => Temperament::Cunning,
        }
    }
}

/// Pronouns on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PronounsArg {
    /// he, him, his.
    He,
    /// she, her, her.
    She,
    /// they, them, their.
    They,
}

#[derive(Debug, Args)]
pub struct CharacterArgs {
    /// The character's name, as the table calls them.
    name: String,
    /// Skill, 1 (knows the rules) to 10 (a master).
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=10))]
    skill: u8,
    /// Their manner at the board.
    #[arg(long, value_enum, default_value_t = TemperamentArg::Steady)]
    temperament: TemperamentArg,
    /// What they carry, in coins ("12 gp 5 sp").
    #[arg(long, value_name = "COINS", default_value = "10 gp")]
    purse: String,
    /// The pronouns the storyteller uses.
    #[arg(long, value_enum, default_value_t = PronounsArg::They)]
    pronouns: PronounsArg,
    /// A line saying who they are at the table.
    #[arg(long, value_name = "TEXT", default_value = "")]
    description: String,
    /// The roster folder to write the file into (made when missing). Default: the
    /// campaign's roster, else the current folder.
    #[arg(long, value_name = "DIR")]
    roster: Option<PathBuf>,
}

/// Writes the new file.
///
/// # Errors
/// A bad name or purse, a file that is there already, a folder that cannot be written.
pub fn run(
    cmd: &NewCommand,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let NewCommand::Character(args) = cmd;
    let purse: Money = args
        .purse
        .parse()
        .map_err(|e: crate::wager::money::MoneyError| ops::Error::Argument {
            flag: "--purse",
            message: format!("--purse: {e}"),
        })?;
    let sketch = Sketch {
        name: args.name.trim().to_owned(),
        skill: args.skill,
        temperament: args.temperament.into(),
        purse,
        pronouns: match args.pronouns {
            PronounsArg::He => Pronouns::He,
            PronounsArg::She => Pronouns::She,
            PronounsArg::They => Pronouns::They,
        },
        description: args.description.clone(),
    };
    let roster = here
        .roster(args.roster.as_deref())?
        .unwrap_or_else(|| PathBuf::from("."));
    let (path, recovered) = ops::character::new_character(&roster, &sketch)?;
    super::args::say_recovered(&recovered);
    writeln!(out, "Written: {}", path.display())?;
    writeln!(
        out,
        "Fill in their lines and any per-game skill, then: taproom check {}",
        shell_words::quote(&path.display().to_string())
    )?;
    Ok(())
}
