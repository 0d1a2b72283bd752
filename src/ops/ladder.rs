//! Ranking players by many single games: skill levels (with temperaments), or characters
//! as they are.

use std::path::Path;

use super::{Error, Progress, bounded};
use crate::ai::{Skill, Temperament};
use crate::games::GameKind;
use crate::roster::Roster;
use crate::table::RuleOptions;
use crate::table::ladder::{Contender, Ladder, LadderSettings, Schedule, pairings, run_ladder};

/// The fewest and most games a pairing plays.
pub const GAMES: (u64, u64) = (1, 10_000);

/// The most games a whole ladder plays (a level-10 game takes up to a second or two, so
/// this is about an hour on two cores at most).
pub const TOTAL_GAMES: u64 = 5_000;

/// Who is on the ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Characters, named or by file, each with their skill and temperament at the game.
    Characters(Vec<String>),
    /// Each level with each temperament.
    Levels {
        /// The levels.
        levels: Vec<Skill>,
        /// The temperaments.
        temperaments: Vec<Temperament>,
    },
}

/// Reads `1-10`, `1,5,10,baseline` and mixtures of the two; no level twice.
///
/// # Errors
/// Anything else, as one sentence.
pub fn parse_levels(text: &str) -> Result<Vec<Skill>, Error> {
    let bad = |message: String| Error::Argument {
        flag: "--levels",
        message,
    };
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
                return Err(bad(format!(
                    "--levels takes levels from 1 to 10, ranges like `3-7` and `baseline`, \
                     not `{part}`"
                )));
            }
            None => out.push(
                part.parse::<Skill>()
                    .map_err(|e| bad(format!("--levels: {e}")))?,
            ),
        }
    }
    let mut seen = out.clone();
    seen.sort();
    seen.dedup();
    if seen.len() != out.len() {
        return Err(bad(format!("--levels names a level twice: `{text}`")));
    }
    Ok(out)
}

/// Reads `bold,cautious` or `all`.
///
/// # Errors
/// A word that is no temperament, or one named twice.
pub fn parse_temperaments(text: &str) -> Result<Vec<Temperament>, Error> {
    let bad = |message: String| Error::Argument {
        flag: "--temperaments",
        message,
    };
    if text.trim() == "all" {
        return Ok(Temperament::ALL.to_vec());
    }
    let mut out: Vec<Temperament> = Vec::new();
    for part in text.split(',').map(str::trim) {
        let t: Temperament = part
            .parse()
            .map_err(|e| bad(format!("--temperaments: {e}")))?;
        if out.contains(&t) {
            return Err(bad(format!("--temperaments names {t} twice")));
        }
        out.push(t);
    }
    Ok(out)
}

/// The contenders of an entry at `game`.
///
/// # Errors
/// A character nobody is called, or one named twice.
pub fn contenders(game: GameKind, entry: &Entry, roster: &Roster) -> Result<Vec<Contender>, Error> {
    match entry {
        Entry::Characters(words) => {
            let mut chosen: Vec<Contender> = Vec::new();
            for word in words {
                let c = super::cast::seat(roster, word, Path::new(""))?.character;
                if chosen.iter().any(|o| o.name == c.name) {
                    return Err(Error::Conflict("a character is on the ladder twice"));
                }
                chosen.push(Contender {
                    name: c.name.clone(),
                    skill: c.skill_at(game),
                    temperament: c.temperament_at(game),
                });
            }
            Ok(chosen)
        }
        Entry::Levels {
            levels,
            temperaments,
        } => {
            let mut out: Vec<Contender> = Vec::new();
            for &skill in levels {
                for &temperament in temperaments {
                    let mut name = match skill {
                        Skill::Level(n) => format!("level {n}"),
                        Skill::Baseline => "baseline".to_owned(),
                    };
                    if temperaments.len() > 1 && skill != Skill::Baseline {
                        name = format!("{name} {temperament}");
                    }
                    if skill == Skill::Baseline && out.iter().any(|c| c.name == name) {
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
    }
}

/// Plays the ladder: `games` single games a pairing, seats alternating.
///
/// # Errors
/// Fewer than two contenders, a number of games out of bounds, bad rule options.
pub fn ladder(
    game: GameKind,
    contenders: &[Contender],
    games: u64,
    schedule: Schedule,
    rules: &RuleOptions,
    seed: u64,
    progress: &dyn Progress,
) -> Result<Ladder, Error> {
    if contenders.len() < 2 {
        return Err(Error::Conflict("a ladder needs at least two contenders"));
    }
    let games = bounded("--games", games, GAMES.0, GAMES.1)? as u32;
    let total = pairings(contenders.len(), schedule).len() as u64 * u64::from(games);
    bounded(
        "the number of games in all (pairings times --games)",
        total,
        1,
        TOTAL_GAMES,
    )?;
    progress.start("games", total);
    let out = crate::games::with_game!(game, G => {
        let settings = LadderSettings::<G> {
            games,
            seed,
            schedule,
            options: rules.options::<G>().map_err(crate::table::SpecError::from)?,
        };
        run_ladder::<G>(contenders, &settings, &|| progress.tick())
    });
    progress.finish();
    Ok(out?)
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
        for bad in ["0-3", "5-3", "11", "3,3", "1-3,2"] {
            assert!(parse_levels(bad).is_err(), "{bad}");
        }
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
