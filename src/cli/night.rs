//! `taproom night EVENING.toml`: a scripted evening in a tavern, told match by match with
//! its wagers, then the settlement; `--apply` writes the purses and the ledger.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{Audience, Narrate, Quiet, apply_with, layout};
use super::bet::{money_changes, with_things};
use super::discord;
use super::error::after_write;
use crate::ops::evening::{Played, night};
use crate::report::{self, Page};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom night examples/evening.toml
  taproom night examples/evening.toml --narrate none
  taproom night examples/evening.toml --short
  taproom night examples/evening.toml --format json --quiet
  taproom night examples/evening.toml --format html --view players > evening.html
  taproom night examples/evening.toml --format foundry > evening.json
  taproom night examples/evening.toml --apply
  taproom night examples/evening.toml --apply --evening \"Session 12\"
  taproom night examples/evening.toml --format discord        messages to paste into Discord
  taproom night examples/evening.toml --post https://discord.com/api/webhooks/ID/TOKEN")]
pub struct NightArgs {
    /// The evening file: its tavern, roster and matches, each with its wagers (the
    /// campaign's tavern and roster where it names none).
    evening: PathBuf,
    /// Write the new purses into the characters' files, the settlements into the ledger
    /// and the matches into the campaign's history (without it nothing is written).
    #[arg(long)]
    apply: bool,
    /// Tell and play the evening as if its players had never met: no rematch lines from
    /// the campaign's history, no reputations.
    #[arg(long)]
    no_history: bool,
    /// The ledger file (default: the campaign's, else the tavern's ledger, else ledger.txt
    /// beside the evening); never a .toml file, nor any file the evening reads.
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    /// With --apply, how many seconds to wait while another taproom run writes the same
    /// folders, before giving up (0 to 3600).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=3600))]
    wait: u64,
    /// How much of each match to tell.
    #[arg(long, value_enum, default_value_t = Narrate::Brief)]
    narrate: Narrate,
    /// Who the text is for: `gm` shows everything; `players` leaves out skills, odds and
    /// seeds. Default: gm, but players for Discord (--format discord, --post) and for
    /// --format foundry (the table's journal).
    #[arg(long, value_enum)]
    view: Option<Audience>,
    /// Text, Markdown for campaign notes and chat, JSON for tools (schema in
    /// docs/json.md), or html: one page to open in a browser, every game's board
    /// stepping move by move.
    #[arg(long, value_enum, default_value_t = NightFormat::Text)]
    format: NightFormat,
    /// One line a match (who won, the score, how it ended, the seed) and one for the
    /// money.
    #[arg(long, conflicts_with_all = ["format", "narrate", "view"])]
    short: bool,
    #[command(flatten)]
    quiet: Quiet,
    /// Tables as wide as they need, whatever the terminal.
    #[arg(long)]
    wide: bool,
    /// The evening its matches belong to, as the history records them (a session's name or
    /// a date): reputations fade by evenings, and the history counts them (default: the
    /// campaign file's `evening`, else the evening file's title and the time it began).
    #[arg(long = "evening", value_name = "NAME")]
    evening_name: Option<String>,
    #[command(flatten)]
    channel: super::discord::PostArgs,
}

impl NightArgs {
    /// Who reads the output: `--view`, else the GM, or the players on Discord and in
    /// Foundry (the table's channel and journal).
    fn view(&self) -> crate::report::View {
        let own = if matches!(self.format, NightFormat::Discord | NightFormat::Foundry) {
            Audience::Players
        } else {
            Audience::Gm
        };
        self.view.unwrap_or(own).into()
    }
}

/// What `night` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum NightFormat {
    /// Text for the terminal.
    Text,
    /// Markdown for campaign notes and chat.
    Markdown,
    /// The whole evening as JSON, for tools.
    Json,
    /// One self-contained HTML page: each match told with its wagers and its boards
    /// stepping move by move, then the settling up.
    Html,
    /// Discord's Markdown: tables as monospaced blocks 40 columns wide, cut into messages
    /// of at most 2,000 characters (the players' view unless --view gm).
    Discord,
    /// One JSON document for Foundry VTT: a journal entry of the evening (a board a
    /// match) and each match's chat messages, the GM's own lines whispered to the GM.
    Foundry,
}

/// Plays the evening.
///
/// # Errors
/// A bad file, name or rule (before anything is played), or a failed write.
pub fn run(
    args: &NightArgs,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if args.ledger.is_some() && !args.apply {
        return Err(crate::ops::Error::Conflict("--ledger goes with --apply").into());
    }
    let hook = args.channel.webhook()?;
    let apply = here.apply(
        args.apply
            .then(|| apply_with(args.ledger.clone(), args.wait)),
    )?;
    let quiet = args.quiet;
    let done = night(
        &args.evening,
        here.campaign()?,
        args.narrate.into(),
        apply.as_ref(),
        &crate::ops::evening::Remember {
            history: None,
            forget: args.no_history,
            evening: here.evening(args.evening_name.as_deref())?,
        },
        &quiet.bar(),
        &mut |f| quiet.waiting(f),
    )?;
    quiet.recovered(&done.recovered);
    super::args::warn(&done.warnings);
    tell(args, &done, out)
        .and_then(|()| match &hook {
            Some(hook) => post(args, &done, hook),
            None => Ok(()),
        })
        .map_err(|e| after_write(e, &done.written))
}

/// The evening told for Discord, in `view`.
fn messages(done: &Played, view: crate::report::View) -> Result<Vec<String>, CliError> {
    let page = discord::page(view);
    discord::cut(|out| {
        Ok(report::night::write_text(
            out,
            &done.prepared,
            &done.night,
            page,
        )?)
    })
}

/// Posts the evening to the webhook, in the channel's view: each match's result a field,
/// and in the GM's view each match's replay line in the footer.
fn post(args: &NightArgs, done: &Played, hook: &crate::ops::post::Webhook) -> Result<(), CliError> {
    let view = args.view.map_or(crate::report::View::Players, Into::into);
    let matches = &done.night.matches;
    let fields = matches
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let log = &m.log;
            let wins: Vec<String> = log.wins.iter().map(u32::to_string).collect();
            let winner = log.winner_name().unwrap_or("nobody outright");
            let name = format!("Match {}: {}", i + 1, log.game.title());
            (name, format!("{winner}, {}", wins.join("–")))
        })
        .collect();
    let footer = if view == crate::report::View::Gm {
        let lines: Vec<String> = matches.iter().map(|m| m.spec.replay_command()).collect();
        format!("Replays: {}", lines.join(" ; "))
    } else {
        "taproom · an evening at the tavern".to_owned()
    };
    let card = crate::report::discord::embed::Card {
        title: done.prepared.evening.title.clone(),
        footer,
        fields,
        picture: false,
    };
    // The board of the evening's last match.
    let png = matches
        .last()
        .and_then(|m| discord::board_png(&m.log, &m.spec.rules, view));
    discord::send(
        hook,
        &messages(done, view)?,
        card,
        png.as_deref(),
        args.quiet,
    )
}

/// Writes out the evening played.
fn tell(args: &NightArgs, done: &Played, out: &mut impl Write) -> Result<(), CliError> {
    let quiet = args.quiet;
    if args.short {
        for m in &done.night.matches {
            writeln!(out, "{}", report::short::match_line(&m.log))?;
        }
        let n = &done.night;
        let line = money_changes(
            &n.first,
            &n.last,
            n.house,
            done.prepared.tavern.currency,
            &done.written,
        );
        let settled = n.matches.iter().map(|m| &m.settlement);
        writeln!(out, "{}", with_things(line, settled))?;
        return Ok(());
    }
    if args.format == NightFormat::Discord {
        return discord::print(out, &messages(done, args.view())?, &done.written);
    }
    if args.format == NightFormat::Html {
        let page =
            super::page::night_page(&done.prepared, &done.night, &done.written, args.view())?;
        out.write_all(page.as_bytes())?;
        return Ok(());
    }
    if args.format == NightFormat::Foundry {
        // The players' view unless the GM asks (`--view gm`): the journal is the table's.
        let view = args.view.unwrap_or(Audience::Players).into();
        return super::foundry::write_night(out, &done.prepared, &done.night, view);
    }
    if args.format == NightFormat::Json {
        report::json::write_night(out, &done.prepared, &done.night, &done.written)?;
        return Ok(());
    }
    let page = Page {
        view: args.view(),
        layout: layout(args.wide, args.format == NightFormat::Markdown),
    };
    report::night::write_text(out, &done.prepared, &done.night, page)?;
    if !args.apply && !quiet.quiet {
        let note = "Nothing written: --apply writes the purses into the characters' files, the settlements into the ledger and the matches into the history.";
        writeln!(out, "{}", page.prose("", note))?;
    }
    for file in &done.written {
        writeln!(out, "Written: {}", file.display())?;
    }
    Ok(())
}
