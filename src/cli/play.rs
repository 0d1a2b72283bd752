//! `taproom play`: one match, narrated, with a result table, and its wagers.

use std::io::Write;

use clap::Args;

use super::CliError;
pub use super::args::OutputFormat;
use super::args::{Audience, Drawn, ImageArgs, MatchArgs, Quiet, TellArgs, game};
use super::bet::{self, BetArgs};
use super::discord;
use super::error::after_write;
use crate::ops::play::{Played, Request, play_then};
use crate::report;

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom play tides-of-war
  taproom play tides \"Old Brannoc\" Mirela --seed 42
  taproom play tides Pip Ysolde --first-to 5 --rule truce_after=40
  taproom play tides examples/characters/gorm.toml Hrodgar --format json
  taproom play kiust Pip Ysolde --short
  taproom play pic Pip Ysolde Hrodgar --seed 7 --image table.png --format markdown
  taproom play tides Brannoc Mirela --seed 42 --image match.gif --game 1
  taproom play pic Pip Ysolde Hrodgar --format html > match.html
  taproom play pic Pip Ysolde Hrodgar --format discord      messages to paste into Discord
  taproom play tides Brannoc Mirela --post https://discord.com/api/webhooks/ID/TOKEN
  taproom play tides Brannoc Mirela --seed 42 --format foundry > match.json
  taproom play tides Brannoc Mirela --seed 42 --format note > \"Brannoc v Mirela.md\"
  taproom play tides Brannoc Mirela --bet \"Pip 3 sp on Brannoc\" --bet \"Tamsin 2 sp on first-turn Mirela in the pool\"
  taproom play tides Brannoc Mirela --bet \"Pip puts 3 silver on Brannoc to win; Tamsin bets 2 sp and 5 cp on Mirela in the pool\"
  taproom play tides Gorm Vessa --roster examples/characters --bet \"Hrodgar 1 gp on Vessa against Tamsin\" --apply
  taproom play tides Gorm Vessa --roster examples/characters --apply --evening \"Session 12\"
  taproom play tides Brannoc Mirela --bribe \"Pip 5 gp to Brannoc to lose to Mirela\"")]
pub struct PlayArgs {
    /// The game: tides-of-war (tides), pic, kiust-oyun (kiust), oicustiytac (dogfight).
    game: String,
    /// Who plays: names from the roster, or paths to character files. Default: the first
    /// two characters of the roster.
    characters: Vec<String>,
    /// The seed that replays a match exactly (default: a fresh one, printed).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    table: MatchArgs,
    #[command(flatten)]
    tell: TellArgs,
    /// One line for a GM mid-scene: who won, the score, how the deciding game ended and
    /// the seed (and, with bets, a second line for the money).
    #[arg(long, conflicts_with_all = ["format", "narrate", "view"])]
    short: bool,
    #[command(flatten)]
    quiet: Quiet,
    #[command(flatten)]
    wager: BetArgs,
    #[command(flatten)]
    picture: ImageArgs,
    #[command(flatten)]
    channel: super::discord::PostArgs,
}

/// Plays the match the arguments describe and writes it out.
///
/// # Errors
/// Bad arguments, files or rule options, or a picture that cannot be drawn (before
/// anything is written); a failure after `--apply` wrote its files says so
/// ([`CliError::AfterWrite`]).
pub fn run(
    args: &PlayArgs,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let kind = game(&args.game)?;
    let hook = args.channel.webhook()?;
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..100_000_000));
    let bets = args.wager.bets()?;
    let image = args.picture.target()?;
    let request = Request {
        game: kind,
        words: args.characters.clone(),
        draft: args.table.draft_in(seed, here)?,
        detail: args.tell.narrate.into(),
        phrasebooks: args.tell.phrasebook.clone(),
        tavern: here.tavern(args.wager.tavern().as_deref())?,
        bets,
        bribes: args.wager.bribes()?,
        apply: here.apply(args.wager.apply())?,
        history: here.history()?,
        evening: here.evening(args.wager.evening())?,
    };
    let quiet = args.quiet;
    let page = args.tell.page(Audience::Gm);
    let players = page.view == crate::report::View::Players;
    // The picture is drawn before anything is written (with --apply, one that cannot be
    // stops the run there), and written after.
    let applying = request.apply.is_some();
    let mut drawn = Drawn::default();
    let played = play_then(
        &request,
        &quiet.bar(),
        &mut |f| quiet.waiting(f),
        &mut |log, spec| {
            drawn = args.picture.draw(image.as_ref(), log, &spec.rules, players);
            drawn.before_write(applying)
        },
    )?;
    quiet.recovered(&played.recovered);
    super::args::warn(&played.warnings);
    drawn.write();
    tell(args, &played, drawn, out)
        .and_then(|()| match &hook {
            Some(hook) => post(args, &played, hook),
            None => Ok(()),
        })
        .map_err(|e| after_write(e, &played.written))
}

/// Posts the match to the webhook, in the channel's view, with its board.
fn post(
    args: &PlayArgs,
    played: &Played,
    hook: &crate::ops::post::Webhook,
) -> Result<(), CliError> {
    let view = args.tell.channel_view();
    let replay = played.spec.replay_command();
    let messages = discord::match_messages(played, view, &replay, false)?;
    let card = discord::match_card(played, &replay, view == report::View::Gm);
    let png = discord::board_png(&played.log, &played.spec.rules, view);
    discord::send(hook, &messages, card, png.as_deref(), args.quiet)
}

/// Writes out the match played, then tells the picture's failure, if any.
fn tell(
    args: &PlayArgs,
    played: &Played,
    drawn: Drawn,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let quiet = args.quiet;
    let page = args.tell.page(Audience::Gm);
    if args.short {
        writeln!(out, "{}", report::short::match_line(&played.log))?;
        // A refused bribe alone moves no money: no money line.
        if let Some(settled) = &played.wagers
            && !(settled.texts.is_empty() && settled.settlement.bribes.is_empty())
        {
            writeln!(
                out,
                "{}",
                bet::money_line(
                    &settled.settlement,
                    settled.tavern.currency,
                    &settled.written
                )
            )?;
        }
        return drawn.result();
    }
    let replay = played.spec.replay_command();
    let told = Told {
        format: args.tell.format,
        page,
        replay: &replay,
        sat: false,
        // The players' view unless the GM asks: the journal and the chat are the table's.
        foundry: args.tell.view(Audience::Players),
        kept: None,
    };
    write_played(out, played, &drawn, &told, quiet)?;
    drawn.result()
}

/// How a match played is written out: what `play` and `sit` tell apart.
pub(super) struct Told<'a> {
    /// The format asked for.
    pub format: OutputFormat,
    /// Who reads it and how its tables are laid out.
    pub page: report::Page,
    /// The command that plays the match again.
    pub replay: &'a str,
    /// Played turn by turn at `sit` (Discord's messages say so).
    pub sat: bool,
    /// Who reads a Foundry journal.
    pub foundry: report::View,
    /// The replay the players keep, written after the telling (`sit`, the players' view).
    pub kept: Option<String>,
}

/// Writes out the match played in the format asked: the one dispatch of `play` and `sit`.
pub(super) fn write_played(
    out: &mut impl Write,
    played: &Played,
    drawn: &Drawn,
    told: &Told<'_>,
    quiet: Quiet,
) -> Result<(), CliError> {
    let page = told.page;
    match told.format {
        OutputFormat::Html => {
            let shown = super::page::MatchPage {
                view: page.view,
                only: None,
                replay: told.replay,
            };
            out.write_all(super::page::match_page(played, &shown)?.as_bytes())?;
        }
        OutputFormat::Json => report::json::write_play(out, played, told.replay)?,
        OutputFormat::Discord => {
            let messages = discord::match_messages(played, page.view, told.replay, told.sat)?;
            discord::print(out, &messages, &played.written)?;
        }
        OutputFormat::Foundry => {
            super::foundry::write_match(out, played, told.foundry, told.replay)?;
        }
        OutputFormat::Note => super::foundry::write_note(out, played, page.view)?,
        OutputFormat::Text | OutputFormat::Markdown => {
            report::write_text(out, &played.log, &played.scenes, page, told.replay)?;
            if let Some(kept) = &told.kept {
                report::write_replay(out, &played.log, page, kept)?;
            }
            drawn.write_link(out, told.format)?;
            if let Some(settled) = &played.wagers {
                bet::print(settled, &played.log, &played.phrasebook, page, quiet, out)?;
            } else {
                for file in &played.written {
                    writeln!(out, "Written: {}", file.display())?;
                }
            }
        }
    }
    Ok(())
}
