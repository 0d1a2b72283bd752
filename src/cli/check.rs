//! `taproom check`: validate character, tavern and evening files without playing. The
//! kind of each file is told by the key that names it (see `roster::kind`); an evening is
//! checked whole: its tavern, its roster, every name and bet in it.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use crate::roster::{Character, FileKind, Tavern, detect, read_text};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom check npcs/brannoc.toml
  taproom check npcs/*.toml
  taproom check examples/tavern.toml examples/evening.toml")]
pub struct CheckArgs {
    /// Character, tavern or evening files to validate.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// What one file holds, in a line.
fn check_one(file: &Path) -> Result<String, CliError> {
    let text = read_text(file)?;
    Ok(match detect(&text) {
        FileKind::Character => {
            let c = Character::from_toml(file, &text)?;
            format!(
                "{} ({}, skill {}, {})",
                file.display(),
                c.name,
                c.skill,
                c.temperament
            )
        }
        FileKind::Tavern => {
            let t = Tavern::from_toml(file, &text)?;
            format!(
                "{} (tavern {}, bookie's margin {}%, pool take {}%)",
                file.display(),
                t.name,
                f64::from(t.margin_bp) / 100.0,
                f64::from(t.take_bp) / 100.0
            )
        }
        FileKind::Phrasebook => {
            let mut book = crate::narrate::Phrasebook::default();
            book.merge_toml(file, &text)?;
            format!("{} (phrasebook)", file.display())
        }
        FileKind::Evening => {
            let p = super::night::prepare(file)?;
            let bets: usize = p.matches.iter().map(|(_, b)| b.len()).sum();
            format!(
                "{} (evening \"{}\" at {}: {} matches, {bets} bets)",
                file.display(),
                p.evening.title,
                p.tavern.name,
                p.matches.len()
            )
        }
    })
}

/// Validates every file, reporting each one; the first bad file is the error.
///
/// # Errors
/// The first file that does not validate.
pub fn run(args: &CheckArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut first_error = None;
    for file in &args.files {
        match check_one(file) {
            Ok(line) => writeln!(out, "ok: {line}")?,
            Err(e) => {
                if first_error.is_none() {
                    first_error = Some(e);
                } else {
                    eprintln!("error: {e}");
                }
            }
        }
    }
    match first_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
