//! `taproom history`: the campaign's record: standings, each game's, head-to-heads,
//! upsets, champions, and who watches a character; as text, Markdown, JSON or a chart of
//! the purses.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use super::args::{game, layout};
use crate::ops::history::{Query, open, summary};
use crate::ops::picture::{ImageKind, ImageTarget};
use crate::report::history as report;

/// What `history` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HistoryFormat {
    /// Tables within the page's width.
    Text,
    /// The matches counted, as recorded, and what they add up to, for tools (schema in
    /// docs/json.md).
    Json,
    /// The same tables in Markdown, for campaign notes or a chat window.
    Markdown,
    /// Discord's Markdown: tables as monospaced blocks 40 columns wide, cut into messages
    /// of at most 2,000 characters.
    Discord,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom history examples/chronicle                    the history.jsonl in that folder
  taproom history examples/chronicle/history.jsonl --game tides
  taproom history examples/chronicle --character Pip    Pip's matches, and who watches him
  taproom history examples/chronicle --since 2026-11-20 --tavern examples/tavern.toml
  taproom history examples/chronicle --format markdown --image purses.png
  taproom history examples/chronicle --format json
  taproom history examples/chronicle --format discord         messages to paste into Discord
  taproom history examples/chronicle --post https://discord.com/api/webhooks/ID/TOKEN
  taproom history examples/chronicle --notes vault")]
pub struct HistoryArgs {
    /// The history: a file, or a folder that holds `history.jsonl` (default: this folder).
    /// Matches played with --apply are recorded in it.
    #[arg(value_name = "PATH")]
    path: Option<PathBuf>,
    /// Only the matches of this character (as the history names them: the full name, or
    /// a part such as a first name), and who watches them for cheating now.
    #[arg(long, value_name = "NAME")]
    character: Option<String>,
    /// Only this game's matches: tides-of-war (tides), pic, kiust-oyun (kiust),
    /// oicustiytac (dogfight).
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// Only the matches played on or after this date (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    since: Option<String>,
    /// The tavern file whose currency money is written in (default: gold, silver and
    /// copper).
    #[arg(long, value_name = "FILE")]
    tavern: Option<PathBuf>,
    /// Tables for reading, Markdown for notes, or JSON for tools.
    #[arg(long, value_enum, default_value_t = HistoryFormat::Text)]
    format: HistoryFormat,
    /// Tables as wide as they need, whatever the terminal.
    #[arg(long)]
    wide: bool,
    /// Also draw each character's purse across the matches as a chart in FILE: `.png` or
    /// `.svg`. With `--format markdown` the text links it.
    #[arg(long, value_name = "FILE")]
    image: Option<PathBuf>,
    #[command(flatten)]
    channel: super::discord::PostArgs,
    /// Write the matches (those --character, --game and --since pick) as notes for a
    /// notes vault into the folder DIR, one Markdown file a match with YAML front matter
    /// and links to the characters' notes, instead of the tables. Safe to run again: the
    /// same matches give the same files, byte for byte.
    #[arg(long, value_name = "DIR")]
    notes: Option<PathBuf>,
}

/// Reads the history the arguments name and writes what it adds up to.
///
/// # Errors
/// A picture of the wrong kind; a history that is not there or cannot be read; a game,
/// date or character that does not read.
pub fn run(
    args: &HistoryArgs,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let image = args.image.as_deref().map(chart_target).transpose()?;
    let hook = args.channel.webhook()?;
    let query = Query {
        // No path: the campaign's history, else this folder's.
        path: match &args.path {
            Some(p) => Some(p.clone()),
            None => here.history()?,
        },
        tavern: here.tavern(args.tavern.as_deref())?,
        character: args.character.clone(),
        game: args.game.as_deref().map(game).transpose()?,
        since: args.since.clone(),
    };
    let read = open(&query)?;
    for warning in read.warnings() {
        super::note(&warning);
    }
    let now = crate::history::now();
    // A reputation is reckoned on the campaign's evening, else today's.
    let evening = here
        .evening(None)?
        .unwrap_or_else(|| crate::ops::memory::today(&now));
    let summary = summary(&read, &evening);
    if let Some(target) = &image {
        write_chart(target, &summary)?;
    }
    if let Some(dir) = &args.notes {
        let done = super::notes::write_notes(dir, &read)?;
        writeln!(
            out,
            "Notes in {}: {} of {} written (the others were already so).",
            dir.display(),
            done.written,
            done.files.len()
        )?;
        return Ok(());
    }
    let since = read.filter.since.as_deref();
    write_tables(args, out, &summary, &read.file, since, image.as_ref())?;
    if let Some(hook) = &hook {
        post(hook, &summary, &read.file, since)?;
    }
    Ok(())
}

/// The chart of the purses, written to its file.
fn write_chart(
    target: &ImageTarget,
    summary: &crate::ops::history::Summary,
) -> Result<(), CliError> {
    let only = summary.character.as_deref();
    let bytes = match target.kind {
        ImageKind::Svg => report::chart::svg(&summary.matches, only, summary.currency).into_bytes(),
        _ => report::chart::png(&summary.matches, only, summary.currency)
            .map_err(|e| target.failed(&e))?,
    };
    target.write(&bytes)?;
    Ok(())
}

/// The history in the format asked, the Markdown linking the chart when there is one.
fn write_tables(
    args: &HistoryArgs,
    out: &mut impl Write,
    summary: &crate::ops::history::Summary,
    file: &std::path::Path,
    since: Option<&str>,
    image: Option<&ImageTarget>,
) -> Result<(), CliError> {
    match args.format {
        HistoryFormat::Json => report::write_json(out, summary, file)?,
        HistoryFormat::Discord => {
            super::discord::print(out, &messages(summary, file, since)?, &[])?;
        }
        HistoryFormat::Text | HistoryFormat::Markdown => {
            let markdown = args.format == HistoryFormat::Markdown;
            let page = crate::report::Page {
                view: crate::report::View::Gm,
                layout: layout(args.wide, markdown),
            };
            report::write_text(out, summary, file, since, page)?;
            if let (Some(target), true) = (image, markdown) {
                // Markdown ends a link's target at a space or a parenthesis unless it is
                // in angle brackets.
                let path = target.path.display().to_string();
                let path = if path.contains([' ', '(', ')']) {
                    format!("<{path}>")
                } else {
                    path
                };
                writeln!(out, "\n![Purses across the campaign]({path})")?;
            }
        }
    }
    Ok(())
}

/// The history posted to the webhook, with the chart of the purses.
fn post(
    hook: &crate::ops::post::Webhook,
    summary: &crate::ops::history::Summary,
    file: &std::path::Path,
    since: Option<&str>,
) -> Result<(), CliError> {
    let png = report::chart::png(
        &summary.matches,
        summary.character.as_deref(),
        summary.currency,
    )
    .map_err(|e| super::note(&format!("the chart could not be drawn for Discord: {e}")))
    .ok();
    let card = crate::report::discord::embed::Card {
        title: "The tavern remembers".to_owned(),
        footer: "taproom history".to_owned(),
        ..Default::default()
    };
    let messages = messages(summary, file, since)?;
    super::discord::send(
        hook,
        &messages,
        card,
        png.as_deref(),
        super::args::Quiet { quiet: false },
    )?;
    Ok(())
}

/// The history told for Discord (it holds nothing for the GM alone).
fn messages(
    summary: &crate::ops::history::Summary,
    file: &std::path::Path,
    since: Option<&str>,
) -> Result<Vec<String>, CliError> {
    let page = super::discord::page(crate::report::View::Players);
    super::discord::cut(|out| Ok(report::write_text(out, summary, file, since, page)?))
}

/// The chart's file, checked before anything is read: a `.png` or an `.svg` in a folder
/// that exists.
fn chart_target(path: &std::path::Path) -> Result<ImageTarget, CliError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if !matches!(ext.as_deref(), Some("png" | "svg")) {
        return Err(crate::ops::Error::Image {
            file: path.to_path_buf(),
            message: "the chart's file name must end in .png or .svg (the kind of picture)"
                .to_owned(),
        }
        .into());
    }
    Ok(ImageTarget::new(path)?)
}
