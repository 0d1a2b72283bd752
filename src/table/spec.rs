//! The limits and options a match is checked against: how many games, how many draws
//! replayed, the rule options (`--rule key=value`, an evening's `rules = { ... }`) as the
//! game accepts them, and why a described match cannot be played ([`SpecError`], with the
//! [`Part`] of the description at fault). The description itself, with the characters who
//! sit down, is `ops::spec::MatchSpec`, above the roster.

use crate::games::{Game, GameKind, StartError};

/// The most games a match may be set to, and the most drawn games replayed.
pub const MAX_GAMES: u32 = 99;

/// The most drawn games (or extra games of a shared lead) replayed before a match stops
/// as it stands.
pub const MAX_DRAW_CAP: u32 = 99;

/// The drawn games replayed unless the GM says otherwise.
pub const DEFAULT_DRAW_CAP: u32 = 5;

/// A match that cannot be played as described.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The table or the rules are not the game's.
    #[error(transparent)]
    Start(#[from] StartError),
    /// A format of no games or too many.
    #[error("a match is best of or first to 1 to {MAX_GAMES} games, not {} {n}", if *.first_to { "first to" } else { "best of" })]
    Format {
        /// Whether it was `first_to` (else `best_of`).
        first_to: bool,
        /// The number given.
        n: u32,
    },
    /// A draw cap past the limit.
    #[error("the draw cap is from 0 to {MAX_DRAW_CAP} drawn games, not {0}")]
    DrawCap(u32),
    /// A rule option the game does not have, or a value it cannot take.
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// The same character twice (or two names that differ only in case).
    #[error("{name} cannot sit at the {} table twice{}", .game.title(), spelt(.first, .name))]
    Twice {
        /// Who, as named the second time.
        name: String,
        /// As named the first time.
        first: String,
        /// The game.
        game: GameKind,
    },
    /// A `--wary` word that does not read.
    #[error(transparent)]
    WaryWord(#[from] crate::table::cheat::WaryError),
    /// A watcher or cheat of `--wary` who is not at the table.
    #[error("--wary names {0}, who is not at this table")]
    Wary(#[from] crate::names::NameError),
    /// A `--wise-to` name that picks out no one seated (the name matcher's words).
    #[error("--wise-to: {0}")]
    WiseTo(crate::names::NameError),
    /// A `--wise-to` name of someone seated who runs no hustle.
    #[error("--wise-to names {0}, who runs no hustle (no [hustle] in their character file)")]
    NoHustle(String),
}

/// The words for a name seated twice under two spellings.
fn spelt(first: &str, second: &str) -> String {
    if first == second {
        String::new()
    } else {
        format!(" ({first} is seated already, and names that differ only in case are one name)")
    }
}

/// Which part of a match's description a [`SpecError`] is about, so a file can point at
/// the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Who sits down.
    Players,
    /// The format.
    Format,
    /// The draw cap.
    DrawCap,
    /// The rule options.
    Rules,
}

impl SpecError {
    /// The part of the description at fault.
    #[must_use]
    pub fn part(&self) -> Part {
        match self {
            SpecError::Start(StartError::Players { .. })
            | SpecError::Twice { .. }
            | SpecError::Wary(_)
            | SpecError::WiseTo(_)
            | SpecError::NoHustle(_)
            | SpecError::WaryWord(_) => Part::Players,
            SpecError::Start(StartError::Option { .. }) | SpecError::Rule(_) => Part::Rules,
            SpecError::Format { .. } => Part::Format,
            SpecError::DrawCap(_) => Part::DrawCap,
        }
    }
}

/// A rule option that cannot be read or is not the game's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Not `key=value`.
    #[error("a rule is written key=value, not `{0}`")]
    NotKeyValue(String),
    /// A key the game has no option for.
    #[error("{} has no rule option `{key}`; {}", .game.title(), match .suggestion {
        Some(s) => format!("did you mean `{s}`?"),
        None => format!("its options are {}", .known.join(", ")),
    })]
    Unknown {
        /// The game.
        game: GameKind,
        /// The key as given.
        key: String,
        /// The closest key, when one is close.
        suggestion: Option<&'static str>,
        /// Every key the game has.
        known: Vec<&'static str>,
    },
    /// A value the option cannot take.
    #[error("the {} rule option `{key}` takes {takes}, not `{value}`", .game.title())]
    Value {
        /// The game.
        game: GameKind,
        /// The key.
        key: String,
        /// The value as given.
        value: String,
        /// What it takes, in words.
        takes: &'static str,
    },
    /// The game refuses it.
    #[error("bad rule option for {}: {message}", .game.title())]
    Refused {
        /// The game.
        game: GameKind,
        /// Why, as the reader of options says it.
        message: String,
    },
}

/// The rule options of a match, as `key = value` pairs that the game has accepted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleOptions {
    table: toml::Table,
}

impl RuleOptions {
    /// Options from `key=value` words (`--rule truce_after=40`): values as in TOML (a
    /// number, `true`, `false`, a quoted string), and bare words as strings.
    ///
    /// # Errors
    /// A word that is not `key=value`.
    pub fn from_pairs(pairs: &[String]) -> Result<RuleOptions, RuleError> {
        let mut table = toml::Table::new();
        for pair in pairs {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| RuleError::NotKeyValue(pair.clone()))?;
            let (key, value) = (key.trim(), value.trim());
            let literal = format!("v = {value}");
            let parsed = toml::from_str::<toml::Table>(&literal)
                .ok()
                .and_then(|mut t| t.remove("v"))
                .unwrap_or_else(|| toml::Value::String(value.to_owned()));
            table.insert(key.to_owned(), parsed);
        }
        Ok(RuleOptions { table })
    }

    /// Options from a TOML table (an evening's `rules = { ... }`).
    #[must_use]
    pub fn from_table(table: toml::Table) -> RuleOptions {
        RuleOptions { table }
    }

    /// The game's options these pairs set.
    ///
    /// # Errors
    /// A key the game does not have, or a value it cannot take.
    pub fn options<G: Game>(&self) -> Result<G::Options, RuleError> {
        let known = G::FACTS.rules;
        for (key, value) in &self.table {
            let Some(option) = known.iter().find(|r| r.key == key) else {
                let best = crate::names::closest(key, known.iter().map(|r| r.key));
                return Err(RuleError::Unknown {
                    game: G::KIND,
                    key: key.clone(),
                    suggestion: best,
                    known: known.iter().map(|r| r.key).collect(),
                });
            };
            let mut alone = toml::Table::new();
            alone.insert(key.clone(), value.clone());
            if toml::Value::Table(alone).try_into::<G::Options>().is_err() {
                return Err(RuleError::Value {
                    game: G::KIND,
                    key: key.clone(),
                    value: match value {
                        toml::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    },
                    takes: option.takes,
                });
            }
        }
        toml::Value::Table(self.table.clone())
            .try_into::<G::Options>()
            .map_err(|e| RuleError::Refused {
                game: G::KIND,
                message: e.message().trim().trim_end_matches('.').to_owned(),
            })
    }

    /// The pairs as `key=value` words, as `--rule` takes them.
    #[must_use]
    pub fn words(&self) -> Vec<String> {
        self.table
            .iter()
            .map(|(k, v)| match v {
                toml::Value::String(s) => format!("{k}={s}"),
                other => format!("{k}={other}"),
            })
            .collect()
    }

    /// Whether no option is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}
