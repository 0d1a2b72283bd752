//! `taproom check`: validate character, tavern, phrasebook and evening files without
//! playing. An evening is checked whole, exactly as `night` checks it before it plays.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use crate::ops::check::{Checked, check};

/// What `check` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// A line for each file.
    Text,
    /// Every file's verdict as JSON, for tools (schema in docs/json.md).
    Json,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom check examples/characters/gorm.toml
  taproom check examples/characters/*.toml
  taproom check examples/tavern.toml examples/evening.toml --format json")]
pub struct CheckArgs {
    /// Character, tavern, phrasebook or evening files to validate.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// A line for each file, or JSON for tools.
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    format: CheckFormat,
}

/// What a file turned out to be, in a few words.
fn described(checked: &Checked) -> String {
    match checked {
        Checked::Character(c) => format!("{}, skill {}, {}", c.name, c.skill, c.temperament),
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
    }
}

/// Validates every file, reporting each one; the first bad file is the error.
///
/// # Errors
/// The first file that does not validate.
pub fn run(args: &CheckArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut first_error = None;
    let mut results = Vec::new();
    for file in &args.files {
        match check(file) {
            Ok((checked, recovered)) => {
                super::args::say_recovered(&recovered);
                if args.format == CheckFormat::Text {
                    writeln!(out, "ok: {} ({})", file.display(), described(&checked))?;
                }
                results.push((file.clone(), Ok(checked)));
            }
            Err(e) => {
                results.push((file.clone(), Err(e.to_string())));
                if first_error.is_none() {
                    first_error = Some(e);
                } else if args.format == CheckFormat::Text {
                    super::note(&format!("error: {e}"));
                }
            }
        }
    }
    if args.format == CheckFormat::Json {
        crate::report::json::write_check(out, &results)?;
    }
    match first_error {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}
