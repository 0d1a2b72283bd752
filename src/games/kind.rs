//! The games taproom knows, by the names a GM types.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// One of the four games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
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

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A game name that is none of the four.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{0}`; the games are tides-of-war, pic, kiust-oyun and oicustiytac")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|k| k.id() == lower || k.aliases().contains(&lower.as_str()))
            .ok_or_else(|| UnknownGame(s.to_owned()))
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
        for k in GameKind::ALL {
            assert_eq!(k.id().parse::<GameKind>().unwrap(), k);
        }
    }
}
