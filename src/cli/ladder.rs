//! `taproom ladder`: skill levels (or characters) play each other in many single games;
//! the standings and every pairing's score, with intervals and ratings.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use super::play::OutputFormat;
use super::rules::{options, with_game};
use crate::ai::{Skill, Temperament};
use crate::games::{Game, GameKind};
use crate::report::ladder as report;
use crate::roster::Roster;
use crate::table::ladder::{Contender, LadderSettings, Schedule, run_ladder};

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
  taproom ladder tides                                   levels 1 to 10, every pairing
  taproom ladder tides --levels 1,10,baseline --games 400 --seed 1
  taproom ladder tides --levels 1-10 --pairs neighbours --games 400
  taproom ladder tides \"Old Brannoc\" Mirela Pip --games 50
  taproom ladder kiust --levels 5 --temperaments bold,cautious --games 200 --format json")]
pub struct LadderArgs {
    /// The game: tides-of-war (tides), pic, kiust-oyun (kiust), oicustiytac (dogfight).
    game: String,
    /// Characters to rank (names from the roster, or paths to character files), each with
    /// their own skill and temperament at this game. Without any, skill levels play.
    characters: Vec<String>,
    /// Skill levels to rank, as a list and ranges: `1-10`, `1,5,10,baseline`.
    #[arg(long, value_name = "LIST", conflicts_with = "characters")]
    levels: Option<String>,
    /// Temperaments the levels play with, one contender per level and temperament:
    /// `steady`, `bold,cautious`, `all`.
    #[arg(long, value_name = "LIST", conflicts_with = "characters")]
    temperaments: Option<String>,
    /// Single games per pairing (seats alternate).
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
    /// A folder of character files to add to the built-in characters.
    #[arg(long, value_name = "DIR")]
    roster: Option<PathBuf>,
    /// Text tables, or JSON for tools.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    format: OutputFormat,
}

/// Plays the ladder the arguments describe and writes it out.
///
/// # Errors
/// Bad arguments, files or rule options.
pub fn run(args: &LadderArgs, out: &mut impl Write) -> Result<(), CliError> {
    let kind: GameKind = args
        .game
        .parse()
        .map_err(|e: crate::games::kind::UnknownGame| CliError::Usage(e.to_string()))?;
    with_game!(kind, G => ladder::<G>(args, out))
}

fn ladder<G: Game>(args: &LadderArgs, out: &mut impl Write) -> Result<(), CliError> {
    let options = options::<G>(&args.rules)?;
    let contenders = contenders(args, G::KIND)?;
    if contenders.len() < 2 {
        return Err(CliError::Usage(
            "a ladder needs at least two contenders".to_owned(),
        ));
    }
    if args.games == 0 || args.games > 100_000 {
        return Err(CliError::Usage(format!(
            "--games is the number of games a pairing plays, 1 to 100000, not {}",
            args.games
        )));
    }
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..100_000_000));
    let schedule = match args.pairs {
        Pairs::All => Schedule::RoundRobin,
        Pairs::Neighbours => Schedule::Neighbours,
    };
    let settings = LadderSettings::<G> {
        games: args.games,
        seed,
        schedule,
        options,
    };
    let total = crate::table::ladder::pairings(contenders.len(), schedule).len() as u64
        * u64::from(args.games);
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(total)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {wide_bar} {pos}/{len} games, {elapsed} (about {eta} left)",
        )
        .expect("a valid template"),
    );
    let ladder = run_ladder::<G>(&contenders, &settings, &|| bar.inc(1))?;
    bar.finish_and_clear();
    match args.format {
        OutputFormat::Json => report::write_json(out, &ladder)?,
        OutputFormat::Text => report::write_text(out, &ladder, &replay_command(args, seed))?,
    }
    Ok(())
}

/// The contenders: the characters named, or one per level and temperament.
fn contenders(args: &LadderArgs, kind: GameKind) -> Result<Vec<Contender>, CliError> {
    if !args.characters.is_empty() {
        let mut roster = Roster::built_in();
        if let Some(dir) = &args.roster {
            roster.add_dir(dir)?;
        }
        let mut chosen: Vec<Contender> = Vec::new();
        for name in &args.characters {
            let c = roster.find(name)?;
            if chosen.iter().any(|o| o.name == c.name) {
                return Err(CliError::Usage(format!(
                    "{} is on the ladder twice",
                    c.name
                )));
            }
            chosen.push(Contender {
                name: c.name.clone(),
                skill: c.skill_at(kind),
                temperament: c.temperament_at(kind),
            });
        }
        return Ok(chosen);
    }
    let levels = parse_levels(args.levels.as_deref().unwrap_or("1-10"))?;
    let temperaments = parse_temperaments(args.temperaments.as_deref().unwrap_or("steady"))?;
    let mut out = Vec::new();
    for &skill in &levels {
        for &temperament in &temperaments {
            let mut name = match skill {
                Skill::Level(n) => format!("level {n}"),
                Skill::Baseline => "baseline".to_owned(),
            };
            if temperaments.len() > 1 && skill != Skill::Baseline {
                name = format!("{name} {temperament}");
            }
            if skill == Skill::Baseline && out.iter().any(|c: &Contender| c.name == name) {
                continue;
            }
            out.push(Contender {
                name,
                skill,
                temperament,
            });
        }
    }
    Ok(out)
}

/// Reads `1-10`, `1,5,10,baseline` and mixtures of the two; no level twice.
fn parse_levels(text: &str) -> Result<Vec<Skill>, CliError> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim) {
        let range = part
            .split_once('-')
            .map(|(a, b)| (a.trim().parse::<Skill>(), b.trim().parse::<Skill>()));
        match range {
            Some((Ok(Skill::Level(a)), Ok(Skill::Level(b)))) if a <= b => {
                out.extend((a..=b).map(Skill::Level));
            }
            Some(_) => {
                return Err(CliError::Usage(format!(
                    "--levels takes levels from 1 to 10, ranges like `3-7` and `baseline`, \
                     not `{part}`"
                )));
            }
            None => out.push(
                part.parse::<Skill>()
                    .map_err(|e| CliError::Usage(format!("--levels: {e}")))?,
            ),
        }
    }
    let mut seen = out.clone();
    seen.sort();
    seen.dedup();
    if seen.len() != out.len() {
        return Err(CliError::Usage(format!(
            "--levels names a level twice: `{text}`"
        )));
    }
    Ok(out)
}

/// Reads `bold,cautious` or `all`.
fn parse_temperaments(text: &str) -> Result<Vec<Temperament>, CliError> {
    if text.trim() == "all" {
        return Ok(Temperament::ALL.to_vec());
    }
    let mut out: Vec<Temperament> = Vec::new();
    for part in text.split(',').map(str::trim) {
        let t: Temperament = part
            .parse()
            .map_err(|e| CliError::Usage(format!("--temperaments: {e}")))?;
        if out.contains(&t) {
            return Err(CliError::Usage(format!("--temperaments names {t} twice")));
        }
        out.push(t);
    }
    Ok(out)
}

/// The command line that plays the same ladder again.
fn replay_command(args: &LadderArgs, seed: u64) -> String {
    let mut words = vec!["taproom".to_owned(), "ladder".to_owned(), args.game.clone()];
    for c in &args.characters {
        words.push(if c.contains(' ') {
            format!("\"{c}\"")
        } else {
            c.clone()
        });
    }
    if let Some(levels) = &args.levels {
        words.push(format!("--levels {levels}"));
    }
    if let Some(t) = &args.temperaments {
        words.push(format!("--temperaments {t}"));
    }
    if let Some(dir) = &args.roster {
        words.push(format!("--roster {}", dir.display()));
    }
    words.push(format!("--games {}", args.games));
    if args.pairs == Pairs::Neighbours {
        words.push("--pairs neighbours".to_owned());
    }
    words.push(format!("--seed {seed}"));
    for rule in &args.rules {
        words.push(format!("--rule {rule}"));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_as_lists_and_ranges() {
        assert_eq!(
            parse_levels("1-3,10,baseline").unwrap(),
            [
                Skill::Level(1),
                Skill::Level(2),
                Skill::Level(3),
                Skill::Level(10),
                Skill::Baseline
            ]
        );
        assert!(parse_levels("0-3").is_err());
        assert!(parse_levels("5-3").is_err());
        assert!(parse_levels("11").is_err());
        assert!(parse_levels("3,3").is_err());
        assert!(parse_levels("1-3,2").is_err());
    }

    #[test]
    fn temperaments_read_as_lists_or_all() {
        assert_eq!(parse_temperaments("all").unwrap().len(), 5);
        assert_eq!(
            parse_temperaments("bold, cautious").unwrap(),
            [Temperament::Bold, Temperament::Cautious]
        );
        assert!(parse_temperaments("brave").is_err());
        assert!(parse_temperaments("bold,bold").is_err());
    }
}
