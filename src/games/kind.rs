//! The games taproom knows, by the names a GM types.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the four games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// Tides of War: 6×6, corner towns, a river, jump chains.
    TidesOfWar,
    /// Piç: the boardless mancala for two to five.
    Pic,
    /// Kiust Oyun: stick dice, a race and capture.
    KiustOyun,
    /// Òicustiỳtac: whelping, bringing down and bringing home.
    Oicustiytac,
}

impl GameKind {
    /// Every game, in the order the menu lists them.
    pub const ALL: [GameKind; 4] = [
        GameKind::TidesOfWar,
        GameKind::Pic,
        GameKind::KiustOyun,
        GameKind::Oicustiytac,
    ];

    /// The command-line name.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            GameKind::TidesOfWar => "tides-of-war",
            GameKind::Pic => "pic",
            GameKind::KiustOyun => "kiust-oyun",
            GameKind::Oicustiytac => "oicustiytac",
        }
    }

    /// Other names accepted on the command line and in files.
    #[must_use]
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            GameKind::TidesOfWar => &["tides"],
            GameKind::Pic => &["piç"],
            GameKind::KiustOyun => &["kiust"],
            GameKind::Oicustiytac => &["joicustijytac", "dogfight", "òicustiỳtac"],
        }
    }

    /// The game's proper name, for prose.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            GameKind::TidesOfWar => "Tides of War",
            GameKind::Pic => "Piç",
            GameKind::KiustOyun => "Kiust Oyun",
            GameKind::Oicustiytac => "Òicustiỳtac",
        }
    }
}

impl GameKind {
    /// A game by its exact name or alias, as a file must write it (no abbreviations).
    ///
    /// # Errors
    /// Any other name, with the closest game name when one is close.
    pub fn from_key(key: &str) -> Result<GameKind, UnknownGame> {
        let folded = key.trim().to_lowercase();
        match GameKind::ALL
            .into_iter()
            .find(|k| k.id() == folded || k.aliases().contains(&folded.as_str()))
        {
            Some(k) => Ok(k),
            None => match key.parse::<GameKind>() {
                // An abbreviation is not enough in a file: name the game it stands for.
                Ok(k) => Err(UnknownGame {
                    name: key.trim().to_owned(),
                    suggestion: Some(k.id().to_owned()),
                }),
                Err(e) => Err(e),
            },
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A game name that is none of the four.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", match .suggestion {
    Some(s) => format!("unknown game `{}`; did you mean `{s}`?", .name),
    None => format!("unknown game `{}`; the games are tides-of-war, pic, kiust-oyun and oicustiytac", .name),
})]
pub struct UnknownGame {
    /// The name as given.
    pub name: String,
    /// The closest game name, when one is close.
    pub suggestion: Option<String>,
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// A game by its name or an alias, or the start of one (`tide`, `kiu`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let names = GameKind::ALL.into_iter().flat_map(|k| {
            std::iter::once(k.id())
                .chain(k.aliases().iter().copied())
                .map(move |n| (n, k))
        });
        crate::names::Matcher::new("game", names)
            .find(s)
            .map_err(|e| UnknownGame {
                name: s.trim().to_owned(),
                suggestion: match e {
                    crate::names::NameError::Unknown { suggestion, .. } => suggestion,
                    crate::names::NameError::Ambiguous { .. } => None,
                },
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_parse() {
        assert_eq!("tides".parse::<GameKind>().unwrap(), GameKind::TidesOfWar);
        assert_eq!("Piç".parse::<GameKind>().unwrap(), GameKind::Pic);
        assert_eq!(
            "dogfight".parse::<GameKind>().unwrap(),
            GameKind::Oicustiytac
        );
        assert_eq!(
            "joicustijytac".parse::<GameKind>().unwrap(),
            GameKind::Oicustiytac
        );
        assert!("chess".parse::<GameKind>().is_err());
        assert_eq!(GameKind::from_key("Piç"), Ok(GameKind::Pic));
        assert_eq!(
            GameKind::from_key("tide").unwrap_err().to_string(),
            "unknown game `tide`; did you mean `tides-of-war`?"
        );
        assert_eq!("tide".parse::<GameKind>().unwrap(), GameKind::TidesOfWar);
        let err = "pick".parse::<GameKind>().unwrap_err();
        assert_eq!(err.to_string(), "unknown game `pick`; did you mean `pic`?");
        let err = "chess".parse::<GameKind>().unwrap_err();
        assert!(err.to_string().contains("the games are"), "{err}");
        for k in GameKind::ALL {
            assert_eq!(k.id().parse::<GameKind>().unwrap(), k);
        }
    }
}
