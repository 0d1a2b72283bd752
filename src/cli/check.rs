//! `taproom check`: validate files without playing.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::roster::{Character, read_text};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom check npcs/brannoc.toml
  taproom check npcs/*.toml")]
pub struct CheckArgs {
    /// Character files to validate.
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
        let result = read_text(file).and_then(|text| Character::from_toml(file, &text));
        match result {
            Ok(c) => writeln!(
                out,
                "ok: {} ({}, skill {}, {})",
                file.display(),
                c.name,
                c.skill,
                c.temperament
            )?,
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
