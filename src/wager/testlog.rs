//! Match logs built by hand, for the tests of markets and settlement: each game's events
//! exactly as the engines report them, and what happened around them at the table (cheats,
//! accusations), with no engine involved.

use crate::ai::{Skill, Temperament};
use crate::games::{End, Event, GameKind, Outcome, Seat, Seats};
use crate::table::{Aside, AsideAt, CheatResult, Entrant, Format, GameLog, MatchLog, Step, Who};

/// A game (or round) of the log.
#[derive(Clone, Debug)]
pub struct G {
    /// Which entrant sat at each seat.
    pub seats: Vec<usize>,
    /// The first-turn ceremony, if the game had one.
    pub ceremony: Vec<Event>,
    /// The events, one step each.
    pub events: Vec<Event>,
    /// The winning seats (empty for a draw).
    pub winners: Vec<u8>,
    /// How it ended.
    pub end: End,
    /// Each seat's score.
    pub scores: Vec<i32>,
    /// Cheats and accusations, by entrant, in order (all before the first step).
    pub asides: Vec<Aside>,
}

impl G {
    /// A game at these seats won by `winners` (seats), ending `end`.
    pub fn new(seats: &[usize], winners: &[u8], end: End) -> G {
        G {
            seats: seats.to_vec(),
            ceremony: Vec::new(),
            events: Vec::new(),
            winners: winners.to_vec(),
            end,
            scores: vec![0; seats.len()],
            asides: Vec::new(),
        }
    }

    /// With these asides.
    pub fn asides(mut self, asides: Vec<Aside>) -> G {
        self.asides = asides;
        self
    }

    /// With a ceremony.
    pub fn ceremony(mut self, events: Vec<Event>) -> G {
        self.ceremony = events;
        self
    }

    /// With these events.
    pub fn events(mut self, events: Vec<Event>) -> G {
        self.events = events;
        self
    }

    /// With these scores by seat.
    pub fn scores(mut self, scores: &[i32]) -> G {
        self.scores = scores.to_vec();
        self
    }
}

/// A match of `kind` between `names`, of `games`, won by the entrants `winners`.
pub fn log(kind: GameKind, names: &[&str], games: Vec<G>, winners: &[usize]) -> MatchLog {
    let entrants: Vec<Entrant> = names
        .iter()
        .map(|n| Entrant::new(n, Skill::Level(5), Temperament::Steady))
        .collect();
    let mut wins = vec![0u32; names.len()];
    let games: Vec<GameLog> = games
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let seats = g.winners.iter().fold(Seats::NONE, |s, &w| s.with(Seat(w)));
            let outcome = Outcome {
                winners: seats,
                end: g.end,
            };
            let winners: Vec<Who> = g
                .winners
                .iter()
                .map(|&w| Who::nth(g.seats[usize::from(w)]))
                .collect();
            for &w in &winners {
                wins[w.index()] += 1;
            }
            let mut events = g.events;
            events.push(Event::Over { outcome });
            GameLog {
                number: i as u32 + 1,
                seats: g.seats.iter().map(|&e| Who::nth(e)).collect(),
                ceremony: g.ceremony,
                start: "".into(),
                start_scores: vec![0; g.seats.len()],
                steps: events
                    .into_iter()
                    .map(|e| Step {
                        seat: None,
                        mv: "".into(),
                        events: vec![e],
                        scores: Vec::new(),
                    })
                    .collect(),
                turns: 0,
                outcome,
                winners,
                scores: g.scores,
                standing: vec![Vec::new(); g.seats.len()],
                end: "".into(),
                resigned: None,
                asides: g
                    .asides
                    .into_iter()
                    .map(|aside| AsideAt {
                        before: 0,
                        aside,
                        position: None,
                    })
                    .collect(),
            }
        })
        .collect();
    MatchLog {
        game: kind,
        seed: 0,
        format: Format::BestOf(3),
        entrants,
        games,
        wins,
        winners: winners.iter().map(|&e| Who::nth(e)).collect(),
    }
}

/// A cheat by entrant `by`, seen by `seen_by` (none: it stood), ending in `result`.
pub fn cheat(by: usize, seen_by: &[usize], result: CheatResult) -> Aside {
    Aside::Cheat {
        by: Who::nth(by),
        kind: crate::games::pic::PALM,
        at: None,
        seen_by: seen_by.iter().map(|&e| Who::nth(e)).collect(),
        result,
        risk: 0.2,
        worth: 0.1,
        earlier: 0,
        roll: None,
    }
}

/// An accusation of `against` by `by`, right or wrong.
pub fn accused(by: usize, against: usize, right: bool) -> Aside {
    Aside::Accused {
        by: Who::nth(by),
        against: Who::nth(against),
        right,
    }
}

/// Purses of the named amounts in copper.
pub fn purses(list: &[(&str, u64)]) -> std::collections::BTreeMap<String, super::Purse> {
    list.iter()
        .map(|&(n, c)| (n.to_owned(), super::Purse::of(super::Money(c))))
        .collect()
}

/// A bet of `stake` copper, no thing in it.
pub fn bet(
    bettor: &str,
    market: super::Market,
    side: super::market::Side,
    stake: u64,
    book: super::Book,
) -> super::Bet {
    super::Bet {
        bettor: bettor.to_owned(),
        market,
        side,
        stake: super::Money(stake),
        thing: None,
        book,
    }
}

/// The side backing entrant `e`.
pub fn on(e: usize) -> super::market::Side {
    super::market::Side::For(super::Selection::Entrant(e))
}

/// The side against entrant `e`.
pub fn against(e: usize) -> super::market::Side {
    super::market::Side::Against(super::Selection::Entrant(e))
}
