//! `taproom ladder`: skill levels (or characters) play each other in many single games;
//! the standings and every pairing's score, with intervals and ratings.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use super::args::{Quiet, game};
use crate::ops::ladder::{Entry, contenders, ladder, parse_levels, parse_temperaments};
use crate::report::ladder as report;
use crate::table::RuleOptions;
use crate::table::ladder::Schedule;

/// What `ladder` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LadderFormat {
    /// The standings (ratings) and every pairing's score with its 95% range, as tables.
    Text,
    /// The same figures as JSON, for tools (schema in docs/json.md).
    Json,
}

/// Who plays whom, on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Pairs {
    /// Every contender against every other.
    All,
    /// Each contender against the next one listed.
    Neighbours,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom ladder tides                                   the roster's first two, as play takes
  taproom ladder tides --levels 1-10                     levels 1 to 10, every pairing
  taproom ladder tides --levels 1,10,baseline --games 400 --seed 1
  taproom ladder tides --levels 1-10 --pairs neighbours --games 400
  taproom ladder tides \"Old Brannoc\" Mirela Pip --games 50
  taproom ladder kiust --levels 5 --temperaments bold,cautious --games 200 --format json")]
pub struct LadderArgs {
    /// The game: tides-of-war (tides), pic, kiust-oyun (kiust), oicustiytac (dogfight).
    game: String,
    /// Characters to rank (names from the roster, or paths to character files), each with
    /// their own skill and temperament at this game. Without any (and without --levels or
    /// --temperaments), the roster's first two, as `play` takes them.
    characters: Vec<String>,
    /// Skill levels to rank, as a list and ranges: `1-10`, `1,5,10,baseline` (with
    /// --temperaments alone, 1-10).
    #[arg(long, value_name = "LIST", conflicts_with = "characters")]
    levels: Option<String>,
    /// Temperaments the levels play with, one contender per level and temperament:
    /// `steady`, `bold,cautious`, `all`.
    #[arg(long, value_name = "LIST", conflicts_with = "characters")]
    temperaments: Option<String>,
    /// Single games per pairing, seats alternating (1 to 10000, and at most 5000 games
    /// in all).
    #[arg(long, value_name = "N", default_value_t = 20)]
    games: u32,
    /// Who plays whom.
    #[arg(long, value_enum, default_value_t = Pairs::All)]
    pairs: Pairs,
    /// The seed the games' seeds derive from (default: a fresh one, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// A rule option, `key=value` (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// A folder of character files to add to the built-in characters (default: the
    /// campaign's roster, if any).
    #[arg(long, value_name = "DIR")]
    roster: Option<PathBuf>,
    /// What it prints: the standings and every pairing as text tables, or the same
    /// figures as JSON.
    #[arg(long, value_enum, default_value_t = LadderFormat::Text)]
    format: LadderFormat,
    /// Tables as wide as they need, whatever the terminal.
    #[arg(long)]
    wide: bool,
    #[command(flatten)]
    quiet: Quiet,
}

/// Plays the ladder the arguments describe and writes it out.
///
/// # Errors
/// Bad arguments, files or rule options.
pub fn run(
    args: &LadderArgs,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let kind = game(&args.game)?;
    let dir = here.roster(args.roster.as_deref())?;
    let (roster, recovered) = crate::ops::cast::open_roster(dir.as_deref())?;
    args.quiet.recovered(&recovered);
    args.quiet
        .recovered(&crate::ops::cast::open_files(&args.characters)?);
    let entry = if args.levels.is_some() || args.temperaments.is_some() {
        Entry::Levels {
            levels: parse_levels(args.levels.as_deref().unwrap_or("1-10"))?,
            temperaments: parse_temperaments(args.temperaments.as_deref().unwrap_or("steady"))?,
        }
    } else if args.characters.is_empty() {
        Entry::Characters(
            roster
                .characters()
                .iter()
                .take(2)
                .map(|c| c.name.clone())
                .collect(),
        )
    } else {
        Entry::Characters(args.characters.clone())
    };
    let contenders = contenders(kind, &entry, &roster)?;
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..100_000_000));
    let schedule = match args.pairs {
        Pairs::All => Schedule::RoundRobin,
        Pairs::Neighbours => Schedule::Neighbours,
    };
    let rules = RuleOptions::from_pairs(&args.rules)?;
    let ladder = ladder(
        kind,
        &contenders,
        u64::from(args.games),
        schedule,
        &rules,
        seed,
        &args.quiet.bar(),
    )?;
    match args.format {
        LadderFormat::Json => report::write_json(out, &ladder)?,
        LadderFormat::Text => report::write_text(
            out,
            &ladder,
            &replay_command(args, dir.as_deref(), seed),
            super::args::layout(args.wide, false),
        )?,
    }
    Ok(())
}

/// The command line that plays the same ladder again.
fn replay_command(args: &LadderArgs, roster: Option<&std::path::Path>, seed: u64) -> String {
    let mut words = vec!["taproom".to_owned(), "ladder".to_owned(), args.game.clone()];
    words.extend(args.characters.iter().cloned());
    let mut flag = |name: &str, value: String| {
        words.push(name.to_owned());
        words.push(value);
    };
    if let Some(levels) = &args.levels {
        flag("--levels", levels.clone());
    }
    if let Some(t) = &args.temperaments {
        flag("--temperaments", t.clone());
    }
    if let Some(dir) = roster {
        flag("--roster", dir.display().to_string());
    }
    flag("--games", args.games.to_string());
    if args.pairs == Pairs::Neighbours {
        flag("--pairs", "neighbours".to_owned());
    }
    flag("--seed", seed.to_string());
    for rule in &args.rules {
        flag("--rule", rule.clone());
    }
    shell_words::join(words)
}
