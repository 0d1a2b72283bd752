//! `taproom check`: validate character, tavern, phrasebook, evening and campaign files
//! without playing. An evening is checked whole, exactly as `night` checks it before it
//! plays; with no files, the campaign's are checked.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use crate::ops::check::{Checked, check};
use crate::ops::check::{LookAlike, look_alikes};

/// What `check` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// A line for each file.
    Text,
    /// Every file's verdict as JSON, for tools (schema in docs/json.md).
    Json,
}

#[derive(Debug, Args)]
#[command(
    after_help = "With no FILE, inside a campaign (a taproom.toml here or in a folder above, or TAPROOM_CAMPAIGN): the campaign file, its tavern and every file of its roster.

Examples:
  taproom check examples/characters/gorm.toml
  taproom check examples/characters/*.toml
  taproom check examples/tavern.toml examples/evening.toml --format json"
)]
pub struct CheckArgs {
    /// Character, tavern, phrasebook, evening or campaign files to validate (default: the
    /// campaign's).
    #[arg(value_name = "FILE")]
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
        Checked::Campaign(c) => {
            let paths: Vec<String> = c
                .paths()
                .iter()
                .map(|(k, p)| format!("{k} {}", p.display()))
                .collect();
            if paths.is_empty() {
                format!("campaign \u{201c}{}\u{201d}", c.name)
            } else {
                format!("campaign \u{201c}{}\u{201d}: {}", c.name, paths.join(", "))
            }
        }
        Checked::Evening(p) => format!(
            "evening \"{}\" at {}: {} matches, {} bets",
            p.evening.title,
            p.tavern.name,
            p.matches.len(),
            p.bets()
        ),
    }
}

/// The warning for a group of look-alike names, in one sentence.
fn look_alike_warning(group: &[LookAlike]) -> String {
    let each: Vec<String> = group
        .iter()
        .map(|l| match &l.file {
            Some(f) => format!(
                "{} ({})",
                l.name,
                crate::names::escaped(&f.display().to_string())
            ),
            None => format!("{} (built in)", l.name),
        })
        .collect();
    format!(
        "warning: {} look alike (the same once case, Unicode's compatibility forms and \
         confusable letters are set aside): taproom tells them apart, a reader may not, so \
         rename one",
        crate::names::and_list(&each)
    )
}

/// Validates every file, reporting each one; the first bad file is the error.
///
/// # Errors
/// The first file that does not validate.
pub fn run(
    args: &CheckArgs,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let (files, campaign) = if args.files.is_empty() {
        let Some(campaign) = here.campaign()? else {
            let why = "no files to check, and no campaign file (taproom.toml) here or in a \
                       folder above; name the files, or write one with `taproom init`";
            return Err(crate::ops::Error::Conflict(why).into());
        };
        (
            crate::ops::campaign::files_to_check(campaign)?,
            Some(campaign),
        )
    } else {
        // A campaign file that is not valid is left out here, never in the way of
        // checking it (it is most likely among the files).
        (args.files.clone(), here.campaign().ok().flatten())
    };
    let mut first_error = None;
    let mut results = Vec::new();
    let mut opened = std::collections::HashSet::new();
    for file in &files {
        match check(file, campaign, &mut opened) {
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
                    let text = e.to_string();
                    let safe: Vec<String> = text.lines().map(crate::names::escaped).collect();
                    super::note(&format!("error: {}", safe.join("\n")));
                }
            }
        }
    }
    let alike = look_alikes(&results);
    if args.format == CheckFormat::Json {
        crate::report::json::write_check(out, &results, &alike)?;
    } else {
        for group in &alike {
            super::note(&look_alike_warning(group));
        }
    }
    match first_error {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}
