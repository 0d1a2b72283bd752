//! `taproom completions SHELL` and `taproom man`: what a shell and `man` need, made from
//! the command line's own description so they never fall behind it.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, CliError};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom completions bash > taproom.bash     then: source taproom.bash
  taproom completions zsh > _taproom          into a folder on $fpath
  taproom completions fish > taproom.fish     into ~/.config/fish/completions")]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    shell: Shell,
}

/// Writes the completion script for the shell.
///
/// # Errors
/// When writing fails.
pub fn completions(args: &CompletionsArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut cmd = Cli::command();
    // Made whole first: clap_complete panics on a write that fails.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "taproom", &mut script);
    out.write_all(&script)?;
    Ok(())
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom man --out target/man
  taproom man > taproom.1")]
pub struct ManArgs {
    /// Write one page per command (taproom.1, taproom-play.1, ...) into this folder
    /// (made when missing); without it, the main page goes to standard output.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Writes the manual pages.
///
/// # Errors
/// A folder or page that cannot be written; a page's name taken by something that is not
/// a regular file (a FIFO, a device, a folder), refused before anything is written.
pub fn man(args: &ManArgs, out: &mut impl Write) -> Result<(), CliError> {
    let cmd = Cli::command();
    match &args.out {
        None => clap_mangen::Man::new(cmd).render(out)?,
        Some(dir) => {
            let cannot = |e: std::io::Error| crate::ops::Error::Argument {
                flag: "--out",
                message: format!("cannot write the manual pages in {}: {e}", dir.display()),
            };
            let mut pages = Vec::new();
            let mut cmd = cmd.disable_help_subcommand(true);
            cmd.build();
            rendered(&cmd, &mut pages).map_err(cannot)?;
            crate::ops::pages::write_pages(dir, &pages, cannot)?;
            let mut names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
            names.sort_unstable();
            writeln!(out, "Written in {}: {}", dir.display(), names.join(", "))?;
        }
    }
    Ok(())
}

/// The pages of a command and of every subcommand it shows, by file name.
fn rendered(cmd: &clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        rendered(sub, pages)?;
    }
    let man = clap_mangen::Man::new(cmd.clone());
    let mut text = Vec::new();
    man.render(&mut text)?;
    pages.push((man.get_filename(), text));
    Ok(())
}
