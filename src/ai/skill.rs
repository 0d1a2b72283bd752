//! What a character's skill and temperament mean to the players.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How well a character plays: a level from 1 (knows the rules) to 10 (a master), or the
/// plain reference opponent used to calibrate the levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum Skill {
    /// A level, 1 to 10.
    Level(u8),
    /// The plain baseline opponent.
    #[serde(rename = "baseline")]
    Baseline,
}

impl Skill {
    /// A level, if it is within 1 to 10.
    #[must_use]
    pub fn level(n: i64) -> Option<Skill> {
        (1..=10).contains(&n).then_some(Skill::Level(n as u8))
    }

    /// The level it plays about as: its own, or 5 for the baseline (a middling player),
    /// for whatever compares skills (the crowd's favourite, the bookie's draw term).
    #[must_use]
    pub fn rough_level(self) -> u8 {
        match self {
            Skill::Level(n) => n,
            Skill::Baseline => 5,
        }
    }
}

impl fmt::Display for Skill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skill::Level(n) => write!(f, "{n}"),
            Skill::Baseline => f.write_str("baseline"),
        }
    }
}

/// A skill that is not a level from 1 to 10 nor `baseline`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("skill is a level from 1 to 10 or `baseline`, not `{0}`")]
pub struct BadSkill(pub String);

impl FromStr for Skill {
    type Err = BadSkill;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim().eq_ignore_ascii_case("baseline") {
            return Ok(Skill::Baseline);
        }
        s.trim()
            .parse::<i64>()
            .ok()
            .and_then(Skill::level)
            .ok_or_else(|| BadSkill(s.to_owned()))
    }
}

/// A character's manner at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Temperament {
    /// Guards what they have; prefers safety to gain.
    Cautious,
    /// Even-handed: no leaning either way.
    Steady,
    /// Presses the attack; prefers captures.
    Bold,
    /// Takes wild chances.
    Reckless,
    /// Sets traps; values what the opponent cannot do.
    Cunning,
}

impl Temperament {
    /// Every temperament, in the order the help lists them.
    pub const ALL: [Temperament; 5] = [
        Temperament::Cautious,
        Temperament::Steady,
        Temperament::Bold,
        Temperament::Reckless,
        Temperament::Cunning,
    ];

    /// The word used in files.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Temperament::Cautious => "cautious",
            Temperament::Steady => "steady",
            Temperament::Bold => "bold",
            Temperament::Reckless => "reckless",
            Temperament::Cunning => "cunning",
        }
    }
}

impl fmt::Display for Temperament {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A word that is none of the temperaments.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("temperament is one of cautious, steady, bold, reckless or cunning, not `{0}`")]
pub struct UnknownTemperament(pub String);

impl FromStr for Temperament {
    type Err = UnknownTemperament;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let folded = s.trim().to_lowercase();
        Temperament::ALL
            .into_iter()
            .find(|t| t.word() == folded)
            .ok_or_else(|| UnknownTemperament(s.to_owned()))
    }
}
