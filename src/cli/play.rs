//! `taproom play`: one match, narrated, with a result table.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use super::bet::{self, BetArgs};
use super::match_args::{MatchArgs, cast};
use super::rules::with_game;
use super::wagers::entrants;
use crate::games::{Game, GameKind};
use crate::narrate::{Detail, Narrator, Phrasebook};
use crate::report::{self, View};
use crate::roster::Character;
use crate::table::{Format, play_match};

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Narrated scenes and a table.
    Text,
    /// The whole match as JSON.
    Json,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom play tides-of-war
  taproom play tides \"Old Brannoc\" Mirela --seed 42
  taproom play tides Pip Ysolde --first-to 5 --rule truce_after=40
  taproom play tides ./npcs/gorm.toml Hrodgar --format json
  taproom play tides Brannoc Mirela --bet \"Pip 5 sp on Brannoc\" --bet \"Tamsin 2 sp on first-turn Mirela in the pool\"
  taproom play tides Brannoc Mirela --roster npcs --bet \"Hrodgar 1 gp on Mirela against Tamsin\" --apply")]
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
    /// How much of the story to tell.
    #[arg(long, value_enum, default_value_t = Detail::Brief)]
    narrate: Detail,
    /// Who the text is for: `gm` shows everything; `players` only what can be read aloud.
    #[arg(long, value_enum, default_value_t = View::Gm)]
    view: View,
    /// A phrasebook of the GM's own lines, added to (or replacing) the built-in ones. A
    /// `phrasebook.toml` in the --roster folder is read too.
    #[arg(long, value_name = "FILE")]
    phrasebook: Vec<PathBuf>,
    /// Text for the table, or JSON for tools.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    format: OutputFormat,
    #[command(flatten)]
    wager: BetArgs,
}

/// Plays the match the arguments describe and writes it out.
///
/// # Errors
/// Bad arguments, files or rule options.
pub fn run(args: &PlayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let kind: GameKind = args
        .game
        .parse()
        .map_err(|e: crate::games::kind::UnknownGame| CliError::Usage(e.to_string()))?;
    with_game!(kind, G => play::<G>(args, out))
}

fn play<G: Game>(args: &PlayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let roster = args.table.roster()?;
    let characters = if args.characters.is_empty() {
        roster.characters().iter().take(2).cloned().collect()
    } else {
        cast::<G>(&roster, &args.characters)?
    };
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..100_000_000));
    let settings = args.table.settings::<G>(characters.len(), seed)?;
    let format = settings.format;
    let entrants = entrants::<G>(&characters);
    let json = args.format == OutputFormat::Json;
    let bets = bet::prepare::<G>(
        &args.wager,
        &roster,
        &characters,
        &entrants,
        &settings,
        json,
    )?;
    let log = play_match::<G>(&entrants, &settings)?;
    let book = phrasebook(args)?;
    let voices: Vec<&crate::roster::Voice> = characters.iter().map(|c| &c.voice).collect();
    let ambience = bet::ambience(&args.wager)?;
    let scenes = Narrator::new(&book, &log, &voices)
        .with_ambience(&ambience)
        .tell(args.narrate);
    match args.format {
        OutputFormat::Json => report::write_json(out, &log, &scenes)?,
        OutputFormat::Text => {
            let replay = replay_command(args, &characters, seed, format);
            report::write_text(out, &log, &scenes, args.view, &replay)?;
        }
    }
    if let Some(bets) = bets {
        bet::finish(&args.wager, bets, &log, &book, args.view, out)?;
    }
    Ok(())
}

/// The built-in phrasebook with the GM's own on top: the roster folder's `phrasebook.toml`,
/// then each `--phrasebook` in order.
fn phrasebook(args: &PlayArgs) -> Result<Phrasebook, CliError> {
    let mut book = Phrasebook::built_in();
    let mut files: Vec<PathBuf> = Vec::new();
    if let Some(dir) = &args.table.roster {
        let own = dir.join("phrasebook.toml");
        if own.is_file() {
            files.push(own);
        }
    }
    files.extend(args.phrasebook.iter().cloned());
    for file in files {
        let text = crate::roster::read_text(&file)?;
        book.merge_toml(&file, &text)?;
    }
    Ok(book)
}

/// The command line that plays the same match again.
fn replay_command(args: &PlayArgs, characters: &[Character], seed: u64, format: Format) -> String {
    let mut words = vec!["taproom".to_owned(), "play".to_owned(), args.game.clone()];
    for (c, given) in characters.iter().zip(
        args.characters
            .iter()
            .map(Some)
            .chain(std::iter::repeat(None)),
    ) {
        let word = given.cloned().unwrap_or_else(|| c.name.clone());
        words.push(if word.contains(' ') {
            format!("\"{word}\"")
        } else {
            word
        });
    }
    if let Some(dir) = &args.table.roster {
        words.push(format!("--roster {}", dir.display()));
    }
    words.push(format!("--seed {seed}"));
    words.push(match format {
        Format::BestOf(n) => format!("--best-of {n}"),
        Format::FirstTo(n) => format!("--first-to {n}"),
    });
    for rule in &args.table.rules {
        words.push(format!("--rule {rule}"));
    }
    words.join(" ")
}
