//! The record of a match: every move, throw and ceremony, with the events each caused.
//! The narrator, the tables and the wagers all read this one log.

use serde::Serialize;

use super::Format;
use crate::ai::{Skill, Temperament};
use crate::games::{Event, GameKind, Outcome, Seat};

/// Someone at the table, as the match knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entrant {
    /// Their name.
    pub name: String,
    /// The name a storyteller uses after the first mention.
    pub short: String,
    /// The pronouns a storyteller uses.
    pub pronouns: crate::roster::Pronouns,
    /// Their skill at this game.
    pub skill: Skill,
    /// Their temperament at this game.
    pub temperament: Temperament,
}

impl Entrant {
    /// Someone of this name, skill and temperament, with the short name a storyteller
    /// would give them and no pronouns but "they".
    #[must_use]
    pub fn new(name: &str, skill: Skill, temperament: Temperament) -> Entrant {
        Entrant {
            name: name.to_owned(),
            short: crate::roster::default_short(name),
            pronouns: crate::roster::Pronouns::They,
            skill,
            temperament,
        }
    }
}

/// One step of a game: a seat's move or a chance outcome, and what it caused.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The seat that moved; `None` for a chance outcome.
    pub seat: Option<Seat>,
    /// The move or outcome in the game's notation.
    pub mv: String,
    /// What it caused.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// Each seat's score after it (stones left, pieces, counters, points): the lead and
    /// its swings read from here.
    pub scores: Vec<i32>,
}

/// One game (or round) of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameLog {
    /// 1 for the first game of the match.
    pub number: u32,
    /// Which entrant sat at each seat.
    pub seats: Vec<usize>,
    /// The first-turn ceremony, when this game had one (named players, not seats).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ceremony: Vec<Event>,
    /// The position it started from.
    pub start: String,
    /// Each seat's score at the start.
    pub start_scores: Vec<i32>,
    /// Every step in order.
    pub steps: Vec<Step>,
    /// How far it went, in the game's turns (`Facts::turns`: moves, sowings or turns).
    pub turns: u32,
    /// How it ended.
    pub outcome: Outcome,
    /// The winning entrants (none for a draw).
    pub winners: Vec<usize>,
    /// Each seat's final score.
    pub scores: Vec<i32>,
    /// Each seat's standing figures at the end.
    pub standing: Vec<Vec<(String, i32)>>,
    /// The position it ended in.
    pub end: String,
    /// The entrant who resigned it (`taproom sit`), when it ended so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resigned: Option<usize>,
}

impl GameLog {
    /// The seat an entrant sat at.
    #[must_use]
    pub fn seat_of(&self, entrant: usize) -> Seat {
        Seat(self.seats.iter().position(|&e| e == entrant).unwrap_or(0) as u8)
    }

    /// The entrant at a seat.
    #[must_use]
    pub fn entrant_at(&self, seat: Seat) -> usize {
        self.seats[seat.index()]
    }

    /// The moves made by seats (chance outcomes left out).
    #[must_use]
    pub fn moves(&self) -> usize {
        self.steps.iter().filter(|s| s.seat.is_some()).count()
    }

    /// Every event of the game in order, with the index of the step that caused it.
    pub fn events(&self) -> impl Iterator<Item = (usize, &Event)> {
        self.steps
            .iter()
            .enumerate()
            .flat_map(|(i, s)| s.events.iter().map(move |e| (i, e)))
    }
}

/// A whole match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchLog {
    /// The game played.
    pub game: GameKind,
    /// The seed that replays it.
    pub seed: u64,
    /// The format.
    pub format: Format,
    /// Who played, in the order they were named.
    pub entrants: Vec<Entrant>,
    /// The games, drawn ones included.
    pub games: Vec<GameLog>,
    /// Games won by each entrant (a shared win counts for each sharer).
    pub wins: Vec<u32>,
    /// The match's winners: one, several for a shared match, none for a drawn one.
    pub winners: Vec<usize>,
}

impl MatchLog {
    /// The first-turn ceremony that opened the match.
    #[must_use]
    pub fn first_ceremony(&self) -> &[Event] {
        self.games.first().map_or(&[], |g| g.ceremony.as_slice())
    }

    /// The sole winner's name, if one entrant won.
    #[must_use]
    pub fn winner_name(&self) -> Option<&str> {
        match self.winners.as_slice() {
            [one] => Some(self.entrants[*one].name.as_str()),
            _ => None,
        }
    }
}
