//! The record of a match: every move, throw and ceremony, with the events each caused.
//! The narrator, the tables and the wagers all read this one log.

use serde::Serialize;

use super::Format;
pub use crate::games::CheatKind;
use crate::games::Played;
use crate::games::{Event, GameKind, Outcome, Seat};

pub use super::entrant::{Entrant, Who};

/// What came of a cheat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CheatResult {
    /// Nobody saw it: it stands.
    Stood,
    /// Seen: undone, and the cheat's turn passes (the tavern's `on_cheat = "lose-turn"`,
    /// the default).
    TurnLost,
    /// Seen: taken back (the tavern's `on_cheat = "take-back"`).
    TakenBack,
    /// Seen: the game is forfeit (`on_cheat = "forfeit-game"`).
    GameForfeit,
    /// Seen: taken back, and the cheat's stakes against the other players are forfeit
    /// (`on_cheat = "forfeit-stakes"`).
    StakesForfeit,
    /// Seen in Òicustiỳtac: undone, and the opponent brings down a stone of their choice
    /// before their turn (rule 2).
    RuleTwo,
}

/// Something that happened at the table around the game, never a move of it: a cheat
/// tried, a stone brought down for one (rule 2), an accusation. Entrants are named as
/// [`Who`]: by their place in [`MatchLog::entrants`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "aside", rename_all = "kebab-case")]
pub enum Aside {
    /// `by` tried a cheat; `seen_by` saw it (none: it stood).
    Cheat {
        by: Who,
        kind: CheatKind,
        /// Where: the game's own place for it (the points a stone slid between, the heap,
        /// the throws, the move slipped in), written as the table says it, which the JSON
        /// gives; none in a log that did not say.
        at: Option<Played>,
        seen_by: Vec<Who>,
        result: CheatResult,
        /// The chance that somebody would see it, as closely as the table watched.
        risk: f64,
        /// What the cheat reckoned it worth, as a share of the game: its gain if unseen,
        /// less what being seen would cost, each by its chance (0 for a person's).
        worth: f32,
        /// How many cheats the same hand had tried earlier in the match.
        earlier: u32,
        /// The d20 that decided it, at a table that plays by the party's checks.
        #[serde(skip_serializing_if = "Option::is_none")]
        roll: Option<super::checks::CheatRoll>,
    },
    /// A person's Insight check (`sit`'s `insight`, once a match) against `of`: what it
    /// read of a hustle, if it met the other's Deception.
    Insight {
        by: Who,
        of: Who,
        roll: super::checks::InsightRoll,
    },
    /// Òicustiỳtac, rule 2: `by` brought down a stone of `victim`'s, who was caught
    /// moving more stones than permitted.
    Penalty {
        by: Who,
        victim: Who,
        /// The trap the stone was brought down from (the game's own place), written as
        /// the table says it ("Black's trap 5").
        at: Played,
    },
    /// A person at the table accused `against` of cheating: rightly when `against`'s last
    /// cheat stood unseen.
    Accused { by: Who, against: Who, right: bool },
}

/// An aside and when it happened: before step `before` of the game (the number of steps
/// played by then), with the position the table left when it changed one (full
/// notation), so a replay sets it before playing on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AsideAt {
    /// Steps of the game played before it.
    pub before: usize,
    /// What happened.
    pub aside: Aside,
    /// The position after it, when it changed the position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<Played>,
}

/// One step of a game: a seat's move or a chance outcome, and what it caused.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The seat that moved; `None` for a chance outcome.
    pub seat: Option<Seat>,
    /// The move or outcome (the game's own, written in its notation).
    pub mv: Played,
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
    pub seats: Vec<Who>,
    /// The first-turn ceremony, when this game had one (named players, not seats).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ceremony: Vec<Event>,
    /// The position it started from.
    pub start: Played,
    /// Each seat's score at the start.
    pub start_scores: Vec<i32>,
    /// Every step in order.
    pub steps: Vec<Step>,
    /// How far it went, in the game's turns (`Facts::turns`: moves, sowings or turns).
    pub turns: u32,
    /// How it ended.
    pub outcome: Outcome,
    /// The winning entrants (none for a draw).
    pub winners: Vec<Who>,
    /// Each seat's final score.
    pub scores: Vec<i32>,
    /// Each seat's standing figures at the end.
    pub standing: Vec<Vec<(String, i32)>>,
    /// The position it ended in.
    pub end: Played,
    /// The entrant who resigned it (`taproom sit`), when it ended so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Who>,
    /// What happened at the table around the moves: cheats, rule 2, accusations.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub asides: Vec<AsideAt>,
}

impl GameLog {
    /// The seat an entrant sat at.
    #[must_use]
    pub fn seat_of(&self, entrant: Who) -> Seat {
        Seat(self.seats.iter().position(|&e| e == entrant).unwrap_or(0) as u8)
    }

    /// The entrant at a seat.
    #[must_use]
    pub fn entrant_at(&self, seat: Seat) -> Who {
        self.seats[seat.index()]
    }

    /// The moves made by seats (chance outcomes left out).
    #[must_use]
    pub fn moves(&self) -> usize {
        self.steps.iter().filter(|s| s.seat.is_some()).count()
    }

    /// Whether `entrant` was caught cheating in this game: seen at it, or rightly accused.
    #[must_use]
    pub fn caught(&self, entrant: Who) -> bool {
        self.asides.iter().any(|a| match &a.aside {
            Aside::Cheat { by, seen_by, .. } => *by == entrant && !seen_by.is_empty(),
            Aside::Accused { against, right, .. } => *against == entrant && *right,
            Aside::Penalty { .. } | Aside::Insight { .. } => false,
        })
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
    /// Games won by each entrant, in the order they were named (a shared win counts for
    /// each sharer): read by [`MatchLog::wins_of`].
    pub wins: Vec<u32>,
    /// The match's winners: one, several for a shared match, none for a drawn one.
    pub winners: Vec<Who>,
}

impl MatchLog {
    /// Every entrant, in the order they were named.
    pub fn everyone(&self) -> impl DoubleEndedIterator<Item = Who> + ExactSizeIterator + Clone {
        Who::all(self.entrants.len())
    }

    /// The entrant `who`.
    #[must_use]
    pub fn entrant(&self, who: Who) -> &Entrant {
        &self.entrants[who.index()]
    }

    /// The entrant `who`, when the match had one (a log made elsewhere may name another).
    #[must_use]
    pub fn get(&self, who: Who) -> Option<&Entrant> {
        self.entrants.get(who.index())
    }

    /// The games `who` won (a shared win counted).
    #[must_use]
    pub fn wins_of(&self, who: Who) -> u32 {
        self.wins[who.index()]
    }

    /// Every aside of the match, in order, with its game's number.
    pub fn asides(&self) -> impl Iterator<Item = (u32, &Aside)> {
        self.games
            .iter()
            .flat_map(|g| g.asides.iter().map(move |a| (g.number, &a.aside)))
    }

    /// Whether `entrant` was caught cheating: seen at it, or rightly accused.
    #[must_use]
    pub fn caught(&self, entrant: Who) -> bool {
        self.games.iter().any(|g| g.caught(entrant))
    }

    /// Whether anybody was caught cheating.
    #[must_use]
    pub fn anyone_caught(&self) -> bool {
        self.everyone().any(|e| self.caught(e))
    }

    /// How many cheats `entrant` tried, seen or not.
    #[must_use]
    pub fn attempts(&self, entrant: Who) -> usize {
        self.asides()
            .filter(|(_, a)| matches!(a, Aside::Cheat { by, .. } if *by == entrant))
            .count()
    }

    /// The first-turn ceremony that opened the match.
    #[must_use]
    pub fn first_ceremony(&self) -> &[Event] {
        self.games.first().map_or(&[], |g| g.ceremony.as_slice())
    }

    /// The sole winner's name, if one entrant won.
    #[must_use]
    pub fn winner_name(&self) -> Option<&str> {
        match self.winners.as_slice() {
            [one] => Some(self.entrant(*one).name.as_str()),
            _ => None,
        }
    }
}
