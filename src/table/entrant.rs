//! Someone at the table, as the match knows them ([`Entrant`]), with what a seat carries
//! into the match: their `[dnd]` figures ([`Dnd`], read by [`super::checks`]), their plan
//! ([`Plan`], played by [`super::intent`]) and the eye a character has when the file gives
//! none ([`default_eye`], used by [`super::cheat`]). Here, below the log, the checks, the
//! intentions and the cheats that all read an entrant, so that none of them is named back.

use serde::Serialize;

use crate::ai::{Skill, Temperament};
use crate::money::Money;

/// An entrant of the match, by the order they were named: their place in
/// [`super::MatchLog::entrants`], kept apart from the seat they sat at in a game
/// ([`crate::games::Seat`], which the seating may change from game to game) and from a
/// plain count. Written as the bare index in the JSON.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Who(pub u8);

impl Who {
    /// The entrant named `i`-th, from 0.
    #[must_use]
    pub fn nth(i: usize) -> Who {
        Who(u8::try_from(i).unwrap_or(u8::MAX))
    }

    /// The entrant as an index into per-entrant lists.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Every entrant of a match of `n`, in the order they were named.
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = Who> + ExactSizeIterator + Clone {
        (0..n).map(Who::nth)
    }
}

/// Printed for debugging as the bare index the log writes, so that a message or a seed
/// that shows a log's seats (`[0, 1]`) reads as it did when they were plain numbers.
impl std::fmt::Debug for Who {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

/// The entrants of a match are read by [`Who`].
impl std::ops::Index<Who> for [Entrant] {
    type Output = Entrant;
    fn index(&self, who: Who) -> &Entrant {
        &self[who.index()]
    }
}

impl std::ops::Index<Who> for Vec<Entrant> {
    type Output = Entrant;
    fn index(&self, who: Who) -> &Entrant {
        &self[who.index()]
    }
}

/// Someone at the table, as the match knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entrant {
    /// Their name.
    pub name: String,
    /// The name a storyteller uses after the first mention.
    pub short: String,
    /// The pronouns a storyteller uses.
    pub pronouns: crate::names::Pronouns,
    /// Their skill at this game.
    pub skill: Skill,
    /// Their temperament at this game.
    pub temperament: Temperament,
    /// Their honesty at this game: 0 (cheats whenever it pays) to 10 (never).
    pub honesty: u8,
    /// Their eye for a cheat at this game, 0 to 10.
    pub eye: u8,
    /// Whether a person at the table plays this seat (`taproom sit`) rather than a
    /// character: a person has no skill or temperament of their own to show (the skill
    /// here is what the bookie prices them at).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub person: bool,
    /// What they mean to do at this match beyond winning (a hustle, a throw): plain for
    /// most, and then left out of the JSON.
    #[serde(skip_serializing_if = "Plan::is_plain")]
    pub plan: Plan,
    /// Their `[dnd]` figures, when their file gives them ([`super::checks`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dnd: Option<Dnd>,
}

impl Entrant {
    /// Someone of this name, skill and temperament, with the short name a storyteller
    /// would give them and no pronouns but "they".
    #[must_use]
    pub fn new(name: &str, skill: Skill, temperament: Temperament) -> Entrant {
        Entrant {
            name: name.to_owned(),
            short: crate::names::default_short(name),
            pronouns: crate::names::Pronouns::They,
            skill,
            temperament,
            honesty: 10,
            eye: default_eye(skill, temperament),
            person: false,
            plan: Plan::default(),
            dnd: None,
        }
    }
}

/// `[dnd]`: the party's figures from their own game, each optional. Modifiers are added to
/// a d20; passive Perception is the number a cheat's roll must beat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Dnd {
    /// Sleight of Hand modifier.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sleight_of_hand: Option<i8>,
    /// Passive Perception (10 plus the Perception modifier, in 5th edition).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passive_perception: Option<u8>,
    /// Insight modifier.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub insight: Option<i8>,
    /// Deception modifier.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deception: Option<i8>,
}

/// A hustle as this match plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HustlePlan {
    /// The skill shown (and played at) until the hustle turns.
    pub shows: Skill,
    /// The stakes at which it turns (`[hustle] until`).
    pub until: Money,
    /// The stakes on this match: every bet, ante and stake on it, by anyone.
    pub stakes: Money,
    /// The game of the match from which they play at full skill (1: from the start);
    /// `None`: the hustle holds all match.
    pub turns_at: Option<u32>,
}

impl HustlePlan {
    /// The plan for stakes of `stakes` on the match: it turns at the start when they
    /// reach `until`.
    #[must_use]
    pub fn at_stakes(shows: Skill, until: Money, stakes: Money) -> HustlePlan {
        HustlePlan {
            shows,
            until,
            stakes,
            turns_at: (stakes >= until).then_some(1),
        }
    }
}

/// Why an entrant throws the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "why")]
pub enum ThrowWhy {
    /// The favoured one is named in their `[throw] to`.
    Named,
    /// They took a bribe of this much to lose.
    Bribe {
        /// What was paid.
        paid: Money,
    },
}

/// What an entrant means to do at this match beyond winning. The default is plain: they
/// play to win at their own skill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Plan {
    /// A hustle, when they run one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hustle: Option<HustlePlan>,
    /// The entrant (by index into the match's entrants) they lose to on purpose.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throws_to: Option<usize>,
    /// Why they throw it (set with `throws_to`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throw_why: Option<ThrowWhy>,
}

impl Plan {
    /// True when they mean nothing but to win at their own skill.
    #[must_use]
    pub fn is_plain(&self) -> bool {
        self.hustle.is_none() && self.throws_to.is_none()
    }

    /// The skill they play game `game` (1 for the first) at, their own being `skill`.
    #[must_use]
    pub fn skill_in_game(&self, skill: Skill, game: u32) -> Skill {
        match self.hustle {
            Some(h) if h.turns_at.is_none_or(|at| game < at) => h.shows,
            _ => skill,
        }
    }

    /// Whether a hustle turns in this match.
    #[must_use]
    pub fn hustle_turns(&self) -> bool {
        self.hustle.is_some_and(|h| h.turns_at.is_some())
    }
}

/// The eye a character has when the file gives none: their rough level at the game (1 to
/// 10), sharpened by a wary temperament (cautious +1, cunning +2: it takes one to know
/// one) and dulled by a hasty one (bold -1, reckless -2), kept within 0 to 10.
#[must_use]
pub fn default_eye(skill: Skill, temperament: Temperament) -> u8 {
    let shift: i32 = match temperament {
        Temperament::Cautious => 1,
        Temperament::Cunning => 2,
        Temperament::Steady => 0,
        Temperament::Bold => -1,
        Temperament::Reckless => -2,
    };
    (i32::from(skill.rough_level()) + shift).clamp(0, 10) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entrant_is_written_as_the_bare_index_the_log_always_wrote() {
        let seats = vec![Who(1), Who(0), Who(2)];
        assert_eq!(serde_json::to_string(&seats).unwrap(), "[1,0,2]");
        assert_eq!(format!("{seats:?}"), "[1, 0, 2]");
        assert_eq!(Who::all(3).collect::<Vec<_>>(), [Who(0), Who(1), Who(2)]);
        assert_eq!(Who::nth(4).index(), 4);
    }

    #[test]
    fn the_entrants_are_read_by_who() {
        let names = ["Ada", "Bo"].map(|n| Entrant::new(n, Skill::Level(5), Temperament::Steady));
        assert_eq!(names[Who(1)].name, "Bo");
        assert_eq!(names.to_vec()[Who(0)].name, "Ada");
    }
}
