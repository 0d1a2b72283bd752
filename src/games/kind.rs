//! The games taproom knows, by the names a GM types.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::Facts;

/// A game: a handle on its [`Facts`], which name it (`id`, `aliases`, `title`) and say
/// what it is. The games taproom plays are the registry's (`super::registry!`), each a
/// constant here (`GameKind::Pic`); a game made elsewhere (a test's) has a kind too, its
/// [`Rules::KIND`](super::Rules::KIND), and is played through the generic functions,
/// though no name on the command line or in a file reaches it.
///
/// Two kinds are the same game when their facts are the same; they order as the registry
/// lists them, a game outside it after, by name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct GameKind(&'static Facts);

impl GameKind {
    /// The kind of the game whose facts these are.
    #[must_use]
    pub const fn of(facts: &'static Facts) -> GameKind {
        GameKind(facts)
    }

    /// The game's facts.
    #[must_use]
    pub fn facts(self) -> &'static Facts {
        self.0
    }

    /// The command-line name.
    #[must_use]
    pub fn id(self) -> &'static str {
        self.0.id
    }

    /// Other names accepted on the command line and in files.
    #[must_use]
    pub fn aliases(self) -> &'static [&'static str] {
        self.0.aliases
    }

    /// The game's proper name, for prose.
    #[must_use]
    pub fn title(self) -> &'static str {
        self.0.title
    }

    /// Where the registry lists the game, from 0 (a game outside it: after them all, at
    /// `GameKind::ALL.len()`).
    #[must_use]
    pub fn index(self) -> usize {
        GameKind::ALL
            .iter()
            .position(|&k| k == self)
            .unwrap_or(GameKind::ALL.len())
    }

    /// What [`with_game!`](super::with_game) does with a game outside the registry: it
    /// cannot name its type, so the caller should have called the generic function itself.
    ///
    /// # Panics
    /// Always: a game outside the registry reached code that dispatches on the registry.
    /// No name a GM types and no file reaches one ([`GameKind::from_key`] and
    /// [`FromStr`] know only the registry); only code that made a game of its own can.
    #[track_caller]
    pub fn outside_registry(self) -> ! {
        panic!(
            "{} is not in the registry of games: call the generic function with its type",
            self.id()
        )
    }
}

impl std::hash::Hash for GameKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id().hash(state);
    }
}

impl PartialOrd for GameKind {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for GameKind {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.index(), self.id()).cmp(&(other.index(), other.id()))
    }
}

/// The registry's constant's name (`TidesOfWar`), as the enum this once was printed: the
/// bookie's model seeds its imagined matches from a table's debug text, so this text must
/// not change. A game outside the registry prints its id.
impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            GameKind::NAMES
                .get(self.index())
                .copied()
                .unwrap_or(self.id()),
        )
    }
}

impl Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for GameKind {
    /// A game of the registry by its name, as [`GameKind::from_key`] reads a file's.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        GameKind::from_key(&name).map_err(serde::de::Error::custom)
    }
}

/// The registry's games by name, as a sentence lists them: "a, b and c".
fn listed() -> String {
    let ids: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
    match ids.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => ids.concat(),
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

/// A game name that is none of the registry's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", match .suggestion {
    Some(s) => format!("unknown game `{}`; did you mean `{s}`?", .name),
    None => format!("unknown game `{}`; the games are {}", .name, listed()),
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
    fn a_kind_prints_for_debugging_as_the_enum_did() {
        // The bookie seeds its imagined matches from this text (wager/model/sim.rs).
        let printed: Vec<String> = GameKind::ALL.iter().map(|k| format!("{k:?}")).collect();
        assert_eq!(printed, ["TidesOfWar", "Pic", "KiustOyun", "Oicustiytac"]);
    }

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
