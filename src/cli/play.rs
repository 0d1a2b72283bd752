//! `taproom play`: one match, narrated, with a result table.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use super::bet::{self, BetArgs};
use super::rules::{options, with_game};
use crate::games::{Game, GameKind};
use crate::narrate::{Detail, Narrator, Phrasebook};
use crate::report::{self, View};
use crate::roster::{Character, Roster};
use crate::table::{Entrant, Format, MatchSettings, play_match};

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
    /// A match of at most N games, won by a majority (default 3).
    #[arg(long, value_name = "N", conflicts_with = "first_to")]
    best_of: Option<u32>,
    /// A match won by the first to win N games.
    #[arg(long, value_name = "N")]
    first_to: Option<u32>,
    /// How many drawn games are replayed before the match stops as it stands.
    #[arg(long, value_name = "N", default_value_t = 5)]
    draw_cap: u32,
    /// A rule option, `key=value` (repeatable), e.g. `truce_after=40`.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// A folder of character files to add to the built-in characters.
    #[arg(long, value_name = "DIR")]
    roster: Option<PathBuf>,
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

fn format_of<G: Game>(args: &PlayArgs) -> Result<Format, CliError> {
    let default = G::MATCH_WINS.map_or(Format::BestOf(3), Format::FirstTo);
    super::wagers::format_from(args.best_of, args.first_to, default)
}

fn cast(args: &PlayArgs, kind: GameKind) -> Result<(Roster, Vec<Character>), CliError> {
    let roster = match &args.roster {
        Some(dir) => Roster::own_then_built_in(dir)?,
        None => Roster::built_in(),
    };
    if args.characters.is_empty() {
        let first_two = roster.characters().iter().take(2).cloned().collect();
        return Ok((roster, first_two));
    }
    let mut chosen: Vec<Character> = Vec::new();
    for name in &args.characters {
        let c = roster.get(name)?;
        if chosen.iter().any(|o| o.name == c.name) {
            return Err(CliError::Usage(format!(
                "{} cannot sit at the {} table twice",
                c.name,
                kind.title()
            )));
        }
        chosen.push(c);
    }
    Ok((roster, chosen))
}

fn play<G: Game>(args: &PlayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let options = options::<G>(&args.rules)?;
    let format = format_of::<G>(args)?;
    let (roster, characters) = cast(args, G::KIND)?;
    G::start(characters.len(), &options).map_err(CliError::Usage)?;
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..100_000_000));
    let entrants: Vec<Entrant> = characters
        .iter()
        .map(|c| Entrant {
            name: c.name.clone(),
            skill: c.skill_at(G::KIND),
            temperament: c.temperament_at(G::KIND),
        })
        .collect();
    let settings = MatchSettings::<G> {
        format,
        draw_cap: args.draw_cap,
        options,
        seed,
    };
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
            report::write_text(out, &log, &scenes, G::SEAT_NAMES, args.view, &replay)?;
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
    if let Some(dir) = &args.roster {
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
    if let Some(dir) = &args.roster {
        words.push(format!("--roster {}", dir.display()));
    }
    words.push(format!("--seed {seed}"));
    words.push(match format {
        Format::BestOf(n) => format!("--best-of {n}"),
        Format::FirstTo(n) => format!("--first-to {n}"),
    });
    for rule in &args.rules {
        words.push(format!("--rule {rule}"));
    }
    words.join(" ")
}
