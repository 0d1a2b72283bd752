//! `taproom check`: validate character, tavern, phrasebook and evening files without
//! playing. An evening is checked whole, exactly as `night` checks it before it plays.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::ops::check::{Checked, check};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom check npcs/brannoc.toml
  taproom check npcs/*.toml
  taproom check examples/tavern.toml examples/evening.toml")]
pub struct CheckArgs {
    /// Character, tavern, phrasebook or evening files to validate.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Validates every file, reporting each one; the first bad file is the error.
///
/// # Errors
/// The first file that does not validate.
pub fn run(args: &CheckArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut first_error = None;
    for file in &args.files {
        match check(file) {
            Ok(checked) => {
                let what = match checked {
                    Checked::Character(c) => {
                        format!("{}, skill {}, {}", c.name, c.skill, c.temperament)
                    }
                    Checked::Tavern(t) => format!(
                        "tavern {}, bookie's margin {}%, pool take {}%",
                        t.name,
                        f64::from(t.margin_bp) / 100.0,
                        f64::from(t.take_bp) / 100.0
                    ),
                    Checked::Phrasebook => "phrasebook".to_owned(),
                    Checked::Evening(p) => format!(
                        "evening \"{}\" at {}: {} matches, {} bets",
                        p.evening.title,
                        p.tavern.name,
                        p.matches.len(),
                        p.bets()
                    ),
                };
                writeln!(out, "ok: {} ({what})", file.display())?;
            }
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
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}
