//! `taproom init`: a campaign file (`taproom.toml`) in the current folder, naming the
//! roster, the tavern, the ledger and the history, so that no command needs them typed.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use crate::ops::campaign::{FILE_NAME, Outline, init};

#[derive(Debug, Args)]
#[command(
    after_help = "Every taproom command run in this folder, or in a folder below it, \
then reads taproom.toml: its roster, tavern and ledger stand in for --roster, --tavern and \
--ledger (a flag given still wins). TAPROOM_CAMPAIGN names a campaign file, or its folder, \
from anywhere else. The roster folder is made if it is not there, and a starter tavern \
written where the tavern file is not (called by --name when it is given).

Examples:
  taproom init
  taproom init --name \"The Drowned Rat\" --roster npcs --tavern rat.toml
  taproom init --roster examples/characters --tavern examples/tavern.toml --ledger ledger.txt
  taproom init --force --history notes/history.jsonl"
)]
pub struct InitArgs {
    /// The campaign's name (default: the folder's); a starter tavern written takes it too.
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// The folder of character files, relative to this folder.
    #[arg(long, value_name = "DIR", default_value = "characters")]
    roster: PathBuf,
    /// The tavern file.
    #[arg(long, value_name = "FILE", default_value = "tavern.toml")]
    tavern: PathBuf,
    /// The ledger `--apply` records settlements in.
    #[arg(long, value_name = "FILE", default_value = "ledger.txt")]
    ledger: PathBuf,
    /// The file the campaign's matches are remembered in.
    #[arg(long, value_name = "FILE", default_value = "history.jsonl")]
    history: PathBuf,
    /// Write over a taproom.toml that is there already.
    #[arg(long)]
    force: bool,
}

/// A path given to a flag, as text for the campaign file.
fn text(flag: &'static str, path: &Path) -> Result<String, CliError> {
    path.to_str().map(str::to_owned).ok_or_else(|| {
        crate::ops::Error::Argument {
            flag,
            message: format!(
                "{flag}: {} is not UTF-8 text, which a campaign file cannot hold",
                path.display()
            ),
        }
        .into()
    })
}

/// The campaign's name when none is given: the folder's, or "A campaign".
fn folder_name() -> String {
    std::env::current_dir()
        .ok()
        .and_then(|d| d.file_name().and_then(|n| n.to_str()).map(str::to_owned))
        .filter(|n| !n.trim().is_empty() && !n.contains(['/', '\\']) && n.chars().count() <= 60)
        .filter(|n| crate::roster::source::check_line(n).is_ok())
        .unwrap_or_else(|| Outline::default().name)
}

/// Writes the campaign file, and says what was written and made.
///
/// # Errors
/// A name or path a campaign file cannot hold, a campaign file there already (without
/// `--force`), a file or folder that cannot be written.
pub fn run(args: &InitArgs, out: &mut impl Write) -> Result<(), CliError> {
    let outline = Outline {
        name: args.name.clone().unwrap_or_else(folder_name),
        roster: text("--roster", &args.roster)?,
        tavern: text("--tavern", &args.tavern)?,
        ledger: text("--ledger", &args.ledger)?,
        history: text("--history", &args.history)?,
        // A campaign named on the command line names the starter tavern too; a tavern
        // file that is there already keeps its own name.
        tavern_name: args.name.clone(),
    };
    let made = init(Path::new(""), &outline, args.force)?;
    writeln!(
        out,
        "Written: {FILE_NAME}, the campaign \u{201c}{}\u{201d} (roster {}, tavern {}, ledger {}, history {}).",
        made.campaign.name, outline.roster, outline.tavern, outline.ledger, outline.history
    )?;
    let mut made_here = Vec::new();
    if let Some(dir) = &made.roster {
        made_here.push(format!("the roster folder {}", dir.display()));
    }
    if let Some(t) = &made.tavern {
        made_here.push(format!(
            "a starter tavern, {} (the built-in one, to make your own)",
            t.display()
        ));
    }
    if made_here.is_empty() {
        writeln!(out, "Check it with: taproom check")?;
    } else {
        writeln!(
            out,
            "Made {}; check it all with: taproom check",
            made_here.join(" and ")
        )?;
    }
    Ok(())
}
