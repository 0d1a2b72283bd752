//! A scripted evening in a tavern: its matches and the wagers on each, in one file.
//!
//! ```toml
//! evening = "A wet night at the Drowned Rat"   # its title: the key that makes this an evening
//! tavern = "tavern.toml"          # the tavern file (beside this one); default: built in
//! roster = "characters"           # a folder of character files (beside this one)
//! seed = 7                        # match i (from 0) is played with seed 7 + i unless it says
//!
//! [[match]]
//! game = "tides-of-war"
//! players = ["Old Brannoc", "Mirela"]
//! best_of = 3                     # or first_to = 5; default: best of 3, or the game's own
//!                                 # rule (Òicustiỳtac: first to 3 rounds)
//! draw_cap = 5                    # drawn games replayed before the match stops (default 5)
//! seed = 11                       # this match's own seed
//! rules = { truce_after = 40 }    # rule options of the game
//! ante = "1 gp"                   # every player stakes this on themselves; winner takes the pot
//! intro = "Brannoc sets out the stones without a word."
//! bets = ["Pip 5 sp on Brannoc", "Ysolde 1 gp on first-turn Mirela in the pool"]
//! bribes = ["Pip 10 gp to Mirela to lose"]   # offered before the match (the GM's secret)
//! ```
//! Bets follow the bet syntax of [`crate::wager::syntax`], bribes its bribe syntax. Errors name the file, line,
//! column and field (`match[2].bets[1]`, counted from 1).

use std::path::{Path, PathBuf};

use super::source::{Doc, Field, FileError, Table};
use crate::games::GameKind;
use crate::table::Format;
use crate::wager::Money;
use crate::wager::syntax::{BetText, BribeText};

/// The keys of an evening file.
pub const EVENING_KEYS: [&str; 5] = ["evening", "tavern", "roster", "seed", "match"];

/// The keys of a match of an evening.
pub const MATCH_KEYS: [&str; 11] = [
    "game", "players", "best_of", "first_to", "draw_cap", "seed", "rules", "ante", "intro", "bets",
    "bribes",
];

/// Where a value stands in the evening file, for errors found after reading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    /// The file.
    pub file: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The dotted key.
    pub field: String,
}

impl Spot {
    pub(super) fn of(field: &Field<'_, '_>) -> Spot {
        let e = field.error("");
        Spot {
            file: e.file,
            line: e.line,
            column: e.column,
            field: field.path.clone(),
        }
    }

    /// An error at this spot.
    #[must_use]
    pub fn error(&self, message: impl Into<String>) -> FileError {
        FileError {
            file: self.file.clone(),
            line: self.line,
            column: self.column,
            field: Some(self.field.clone()),
            message: message.into(),
        }
    }
}

/// A value with the spot it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub spot: Spot,
}

/// One match of the evening.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchPlan {
    /// The game.
    pub game: GameKind,
    /// Who plays, as written.
    pub players: Vec<Located<String>>,
    /// Where the players are written.
    pub players_spot: Spot,
    /// How long the match lasts; `None` leaves it to the game (best of 3, or the game's
    /// own rule, as Òicustiỳtac's first to 3 rounds). Checked with the rest of the match.
    pub format: Option<Located<Format>>,
    /// Drawn games replayed before the match stops as it stands; `None` for the default.
    pub draw_cap: Option<Located<u32>>,
    /// The seed.
    pub seed: u64,
    /// Rule options, as written; checked against the game when it is played.
    pub rules: Option<Located<toml::Table>>,
    /// What every player stakes on themselves.
    pub ante: Option<Money>,
    /// A line the narrator reads before the match.
    pub intro: Option<String>,
    /// The wagers, read.
    pub bets: Vec<Located<BetText>>,
    /// The wagers as written, one for each of `bets`.
    pub bet_texts: Vec<String>,
    /// The bribes offered before the match, read, each with its words as written.
    pub bribes: Vec<Located<(BribeText, String)>>,
}

impl MatchPlan {
    /// Where in the file a part of the match is written, for an error about it.
    #[must_use]
    pub fn spot_of(&self, part: crate::table::Part) -> &Spot {
        use crate::table::Part;
        let spot = match part {
            Part::Players => None,
            Part::Format => self.format.as_ref().map(|f| &f.spot),
            Part::DrawCap => self.draw_cap.as_ref().map(|d| &d.spot),
            Part::Rules => self.rules.as_ref().map(|r| &r.spot),
        };
        spot.unwrap_or(&self.players_spot)
    }
}

/// A validated evening.
#[derive(Clone, Debug, PartialEq)]
pub struct Evening {
    /// Its title.
    pub title: String,
    /// The tavern file, resolved against the evening's folder.
    pub tavern: Option<PathBuf>,
    /// The roster folder, resolved against the evening's folder.
    pub roster: Option<PathBuf>,
    /// The base seed.
    pub seed: u64,
    /// The matches, in order.
    pub matches: Vec<MatchPlan>,
    /// The file it came from.
    pub file: PathBuf,
}

/// A TOML value as a plain `toml::Value` (rule options are read by the game later).
fn plain(value: &toml::de::DeValue<'_>) -> Option<toml::Value> {
    use toml::de::DeValue;
    Some(match value {
        DeValue::String(s) => toml::Value::String(s.to_string()),
        DeValue::Integer(i) => {
            toml::Value::Integer(i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).ok()?)
        }
        DeValue::Float(f) => toml::Value::Float(f.as_str().replace('_', "").parse().ok()?),
        DeValue::Boolean(b) => toml::Value::Boolean(*b),
        DeValue::Datetime(d) => toml::Value::Datetime(*d),
        DeValue::Array(a) => toml::Value::Array(
            a.iter()
                .map(|v| plain(v.get_ref()))
                .collect::<Option<_>>()?,
        ),
        DeValue::Table(t) => toml::Value::Table(
            t.iter()
                .map(|(k, v)| Some((k.get_ref().to_string(), plain(v.get_ref())?)))
                .collect::<Option<_>>()?,
        ),
    })
}

/// A count of games: a whole number from 0 (the match's limits are checked with the rest
/// of the match).
fn count(field: &Field<'_, '_>) -> Result<u32, FileError> {
    let n = field.int()?;
    u32::try_from(n).map_err(|_| field.error(format!("a count of games is from 0, not {n}")))
}

fn seed(field: &Field<'_, '_>) -> Result<u64, FileError> {
    let n = field.int()?;
    u64::try_from(n).map_err(|_| field.error(format!("a seed is a whole number from 0, not {n}")))
}

/// One `[[match]]` of the evening: its game, players, format and the rest, each where
/// the file says it; the seed, when not given, the evening's base seed plus its index.
fn read_match(field: &Field<'_, '_>, index: u64, base_seed: u64) -> Result<MatchPlan, FileError> {
    let table = field.table()?;
    table.only(&MATCH_KEYS)?;
    let game_field = table.need("game")?;
    let game =
        GameKind::from_key(game_field.str()?).map_err(|e| game_field.error(e.to_string()))?;
    let players_field = table.need("players")?;
    let players = read_players(&players_field)?;
    let format = read_format(&table)?;
    let draw_cap = match table.get("draw_cap") {
        Some(f) => Some(Located {
            value: count(&f)?,
            spot: Spot::of(&f),
        }),
        None => None,
    };
    let seed = match table.get("seed") {
        Some(f) => seed(&f)?,
        None => base_seed.wrapping_add(index),
    };
    let rules = table.get("rules").map(|f| read_rules(&f)).transpose()?;
    let ante = table.get("ante").map(|f| read_ante(&f)).transpose()?;
    let intro = table.get("intro").map(|f| f.line()).transpose()?;
    let (bets, bet_texts) = match table.get("bets") {
        Some(f) => read_bets(&f)?,
        None => (Vec::new(), Vec::new()),
    };
    let bribes = match table.get("bribes") {
        Some(f) => read_bribes(&f)?,
        None => Vec::new(),
    };
    Ok(MatchPlan {
        game,
        players,
        players_spot: Spot::of(&players_field),
        format,
        draw_cap,
        seed,
        rules,
        ante,
        intro,
        bets,
        bet_texts,
        bribes,
    })
}

/// `players`: the names, none empty, each where it was written.
fn read_players(field: &Field<'_, '_>) -> Result<Vec<Located<String>>, FileError> {
    let mut players = Vec::new();
    for item in field.items()? {
        let name = item.str()?.trim().to_owned();
        if name.is_empty() {
            return Err(item.error("a player's name is empty"));
        }
        players.push(Located {
            value: name,
            spot: Spot::of(&item),
        });
    }
    Ok(players)
}

/// `best_of` or `first_to` (never both), if either is given.
fn read_format(table: &Table<'_, '_>) -> Result<Option<Located<Format>>, FileError> {
    match (table.get("best_of"), table.get("first_to")) {
        (Some(_), Some(f)) => Err(f.error("a match is best_of or first_to, not both")),
        (Some(f), None) => Ok(Some(Located {
            value: Format::BestOf(count(&f)?),
            spot: Spot::of(&f),
        })),
        (None, Some(f)) => Ok(Some(Located {
            value: Format::FirstTo(count(&f)?),
            spot: Spot::of(&f),
        })),
        (None, None) => Ok(None),
    }
}

/// `rules = { ... }`: the rule options as a table, checked against the game later.
fn read_rules(f: &Field<'_, '_>) -> Result<Located<toml::Table>, FileError> {
    f.table()?;
    match plain(f.value) {
        Some(toml::Value::Table(t)) => Ok(Located {
            value: t,
            spot: Spot::of(f),
        }),
        _ => Err(f.error("the rule options cannot be read")),
    }
}

/// `ante`: more than nothing, at most the largest stake.
fn read_ante(f: &Field<'_, '_>) -> Result<Money, FileError> {
    let m: Money = f
        .str()?
        .parse()
        .map_err(|e: crate::wager::money::MoneyError| f.error(e.to_string()))?;
    if m == Money::ZERO {
        return Err(f.error("an ante of nothing; leave the key out instead"));
    }
    if m > crate::wager::money::MAX_STAKE {
        return Err(f.error(format!(
            "an ante of {m} is more than the largest stake taproom takes, {}",
            crate::wager::money::MAX_STAKE
        )));
    }
    Ok(m)
}

/// `bets`: each bet read, where it was written, and its words as written (a string may
/// hold several bets, split at `;`).
fn read_bets(f: &Field<'_, '_>) -> Result<(Vec<Located<BetText>>, Vec<String>), FileError> {
    let mut bets = Vec::new();
    let mut bet_texts = Vec::new();
    for item in f.items()? {
        let line = item.line()?;
        // One string may hold several bets, split at `;`.
        for written in crate::wager::syntax::split_bets(&line) {
            let text: BetText = written
                .parse()
                .map_err(|e: crate::wager::syntax::BetSyntaxError| item.error(e.to_string()))?;
            bets.push(Located {
                value: text,
                spot: Spot::of(&item),
            });
            bet_texts.push(written.to_owned());
        }
    }
    Ok((bets, bet_texts))
}

/// `bribes`: each bribe read, where it was written, with its words as written.
fn read_bribes(f: &Field<'_, '_>) -> Result<Vec<Located<(BribeText, String)>>, FileError> {
    let mut bribes = Vec::new();
    for item in f.items()? {
        let line = item.line()?;
        let bribe: BribeText = line
            .parse()
            .map_err(|e: crate::wager::syntax::BribeSyntaxError| item.error(e.to_string()))?;
        bribes.push(Located {
            value: (bribe, line.clone()),
            spot: Spot::of(&item),
        });
    }
    Ok(bribes)
}

impl Evening {
    /// Reads and validates an evening from `text`, naming `file` in errors. Names are
    /// matched to characters later, against the roster.
    ///
    /// # Errors
    /// The first problem found, with its line, column and field.
    pub fn from_toml(file: &Path, text: &str) -> Result<Evening, FileError> {
        let doc = Doc::new(file, text);
        let parsed = doc.parse()?;
        super::kind::expect(file, text, super::FileKind::Evening)?;
        let root = doc.root(&parsed);
        root.only(&EVENING_KEYS)?;
        let title_field = root.need("evening")?;
        let title = title_field.line()?;
        if title.is_empty() {
            return Err(title_field.error("the evening's title is empty"));
        }
        let folder = file.parent().unwrap_or(Path::new(""));
        let path = |key: &str| -> Result<Option<PathBuf>, FileError> {
            match root.get(key) {
                Some(f) => {
                    let p = f.str()?.trim();
                    if p.is_empty() {
                        return Err(f.error("the path is empty"));
                    }
                    Ok(Some(folder.join(p)))
                }
                None => Ok(None),
            }
        };
        let tavern = path("tavern")?;
        let roster = path("roster")?;
        let base_seed = match root.get("seed") {
            Some(f) => seed(&f)?,
            None => 0,
        };
        let matches_field = root.need("match")?;
        let items = matches_field.items()?;
        if items.is_empty() {
            return Err(matches_field.error("the evening has no matches"));
        }
        let matches = items
            .iter()
            .enumerate()
            .map(|(i, f)| read_match(f, i as u64, base_seed))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Evening {
            title,
            tavern,
            roster,
            seed: base_seed,
            matches,
            file: file.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wager::Market;

    const NIGHT: &str = r#"evening = "A wet night"
tavern = "tavern.toml"
roster = "characters"
seed = 7

[[match]]
game = "tides"
players = ["Brannoc", "Mirela"]
rules = { truce_after = 40 }
ante = "1 gp"
bets = [
  "Pip 5 sp on Brannoc",
  "Ysolde 1 gp on first-turn Mirela in the pool",
]

[[match]]
game = "pic"
players = ["Pip", "Ysolde", "Hrodgar"]
first_to = 2
seed = 99
"#;

    fn load(text: &str) -> Result<Evening, FileError> {
        Evening::from_toml(Path::new("camp/night.toml"), text)
    }

    #[test]
    fn an_evening_file_loads() {
        let e = load(NIGHT).unwrap();
        assert_eq!(e.title, "A wet night");
        assert_eq!(e.tavern, Some(PathBuf::from("camp/tavern.toml")));
        assert_eq!(e.roster, Some(PathBuf::from("camp/characters")));
        assert_eq!(e.matches.len(), 2);
        let m = &e.matches[0];
        assert_eq!(
            (m.game, &m.format, m.seed),
            (GameKind::TidesOfWar, &None, 7)
        );
        assert_eq!(m.ante, Some(Money(100)));
        assert_eq!(m.bets[1].value.market, Market::FirstTurn);
        assert_eq!(
            (m.bets[1].spot.line, m.bets[1].spot.field.as_str()),
            (13, "match[1].bets[2]")
        );
        let rules = &m.rules.as_ref().unwrap().value;
        assert_eq!(rules["truce_after"].as_integer(), Some(40));
        let m2 = &e.matches[1];
        assert_eq!(
            (
                m2.format.as_ref().map(|f| f.value),
                m2.seed,
                m2.players.len()
            ),
            (Some(Format::FirstTo(2)), 99, 3)
        );
        assert_eq!(m2.format.as_ref().unwrap().spot.field, "match[2].first_to");
    }

    #[test]
    fn bad_values_name_their_place() {
        let cases = [
            (
                NIGHT.replace("ante = ", "antes = "),
                "match[1].antes",
                10,
                "did you mean `ante`?",
            ),
            (
                NIGHT.replace("\"Pip 5 sp on Brannoc\"", "\"Pip 5 sp Brannoc\""),
                "match[1].bets[1]",
                12,
                "cannot read the bet",
            ),
            (
                NIGHT.replace("game = \"pic\"", "game = \"chess\""),
                "match[2].game",
                17,
                "unknown game",
            ),
            (
                NIGHT.replace("first_to = 2", "first_to = -2"),
                "match[2].first_to",
                19,
                "from 0",
            ),
            (
                NIGHT.replace("seed = 99", "seed = -1"),
                "match[2].seed",
                20,
                "from 0",
            ),
            (
                NIGHT.replace("evening = \"A wet night\"", "evening = 3"),
                "evening",
                1,
                "expected a string",
            ),
        ];
        for (text, field, line, needle) in cases {
            let err = load(&text).unwrap_err();
            assert_eq!(err.field.as_deref(), Some(field), "{err}");
            assert_eq!(err.line, line, "{err}");
            assert!(err.to_string().contains(needle), "{err}");
        }
    }
}
