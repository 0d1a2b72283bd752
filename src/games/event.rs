//! What a move causes, as the games report it: the one record that narration, the match
//! tables and wager settlement all read.
//!
//! Events are small `Copy` values so that a game can emit them from its hot path into a
//! sink that ignores them (`()`) at no cost.

use std::fmt;

use serde::Serialize;

use super::{Outcome, Seat};

/// Receives the events a move causes.
pub trait EventSink {
    /// Takes one event.
    fn emit(&mut self, event: Event);
}

/// The sink that ignores everything: search and perft use it.
impl EventSink for () {
    #[inline(always)]
    fn emit(&mut self, _: Event) {}
}

impl EventSink for Vec<Event> {
    fn emit(&mut self, event: Event) {
        self.push(event);
    }
}

/// A place on a board, named the way its game names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A square or point: a file or column letter (`0` is `a`) and a rank or row from 1.
    Square { file: u8, rank: u8 },
    /// A heap of a ring, numbered from 1.
    Heap(u8),
    /// A trap of a seat's Land, numbered from 1 by that seat.
    Trap { land: Seat, trap: u8 },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Square { file, rank } => write!(f, "{}{}", char::from(b'a' + file), rank),
            Place::Heap(n) => write!(f, "heap {n}"),
            Place::Trap { trap, .. } => write!(f, "trap {trap}"),
        }
    }
}

impl Serialize for Place {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A throw of Kiust Oyun's four stick dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Throw {
    /// Four flat sides up: no move, the right to enter the opponent's inner row, throw again.
    Kiust,
    /// Three flat sides: move 6.
    Six,
    /// Two flat sides: move 3.
    Three,
    /// One flat side: move 2 (the capturing throw).
    Two,
    /// No flat side: up to four moves of 6 (the source's summary).
    FourSixes,
    /// No flat side, under the rule option `all_round = "four"`: move 4.
    Four,
}

impl Throw {
    /// How far a piece moves for one move of this throw (0 for kiust).
    #[must_use]
    pub fn distance(self) -> u8 {
        match self {
            Throw::Kiust => 0,
            Throw::Six | Throw::FourSixes => 6,
            Throw::Three => 3,
            Throw::Two => 2,
            Throw::Four => 4,
        }
    }
}

impl Throw {
    /// A throw as the notation writes it (`kiust`, `6`, `3`, `2`, `6x4`, `4`), in any case.
    #[must_use]
    pub fn from_notation(text: &str) -> Option<Throw> {
        match text.trim().to_ascii_lowercase().as_str() {
            "kiust" => Some(Throw::Kiust),
            "6" => Some(Throw::Six),
            "3" => Some(Throw::Three),
            "2" => Some(Throw::Two),
            "6x4" => Some(Throw::FourSixes),
            "4" => Some(Throw::Four),
            _ => None,
        }
    }

    /// The throw as a GM says it: "a kiust", "four sixes", "a 6".
    #[must_use]
    pub fn said(self) -> &'static str {
        match self {
            Throw::Kiust => "a kiust",
            Throw::Six => "a 6",
            Throw::Three => "a 3",
            Throw::Two => "a 2",
            Throw::FourSixes => "four sixes",
            Throw::Four => "a 4",
        }
    }

    /// A throw written `text` in the notation, as a GM says it: "a 2", "a kiust", "four
    /// sixes"; a text that is no throw, as "a" and the text.
    #[must_use]
    pub fn said_of(text: &str) -> String {
        Throw::from_notation(text).map_or_else(|| format!("a {text}"), |t| t.said().to_owned())
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Throw::Kiust => "kiust",
            Throw::Six => "6",
            Throw::Three => "3",
            Throw::Two => "2",
            Throw::FourSixes => "6x4",
            Throw::Four => "4",
        })
    }
}

/// Something that happened at the table.
///
/// In first-turn events `player` is the named player (`0` is the first named); in play
/// events `by`, `victim` and `owner` are seats of the game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A lot (a coin, a straw) gave the first turn to `winner`.
    Lot { winner: Seat },
    /// A player threw the sticks for the first turn and showed `flats` flat sides.
    FirstThrow { player: Seat, flats: u8 },
    /// A player drew stones from the bag for the first turn.
    BagDraw {
        player: Seat,
        whites: u8,
        blacks: u8,
    },
    /// The first turn was won (the last event of every first-turn ceremony).
    FirstTurn { winner: Seat },
    /// Stones or pieces taken: a jump in Tides of War, a capture with a 2 in Kiust Oyun.
    Capture {
        by: Seat,
        victim: Seat,
        at: Place,
        count: u8,
    },
    /// Piç: the last counter made a heap of another player 3, and it became `by`'s piç.
    Claim {
        by: Seat,
        owner: Seat,
        at: Place,
        counters: u16,
    },
    /// A seat had no legal move and passed.
    Pass { by: Seat },
    /// Kiust Oyun: the sticks fell.
    Throw { by: Seat, throw: Throw },
    /// Kiust Oyun: no move of the throw was legal; the rest of it is lost.
    ThrowLost { by: Seat },
    /// A stone entered enemy ground: the enemy town (Tides of War), the opponent's inner
    /// row (Kiust Oyun).
    Enter { by: Seat, at: Place },
    /// Òicustiỳtac: a stone was whelped.
    Whelp { by: Seat, at: Place },
    /// Òicustiỳtac: stones of `victim` were brought down after `by`'s turn, and their
    /// points went to `scorer`, the victim's opponent (rule 8: the mover, or the other
    /// side when the mover's own stones were brought down).
    BringDown {
        by: Seat,
        victim: Seat,
        scorer: Seat,
        at: Place,
        count: u8,
    },
    /// Òicustiỳtac: a stone was brought home.
    BringHome { by: Seat, at: Place },
    /// The game (or round) is over.
    Over { outcome: Outcome },
}

/// What an event is to the code that reads it, whatever its game: who did it, whether it
/// belongs to the first-turn ceremony, what it took, claimed or brought where it counts.
/// [`Event::roles`] says it for every kind of event in one place, and the questions below
/// read from it, so a new kind of event is described once.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Roles {
    /// The seat whose action it was (`None` for the ceremony and the end).
    by: Option<Seat>,
    /// Part of the first-turn ceremony, not of play.
    ceremony: bool,
    /// Who it gave the first turn to.
    first_turn_to: Option<Seat>,
    /// A player's draw at the ceremony: who, how many, and what was counted.
    drew: Option<(Seat, u8, &'static str)>,
    /// A moment worth showing the board for.
    telling: bool,
    /// Where a stone came onto enemy ground or took another.
    entered_or_took_at: Option<Place>,
    /// Whose stones it took, and how many.
    taken_from: Option<(Seat, u8)>,
    /// Whose heap became another's piç.
    claimed_from: Option<Seat>,
    /// Whose stone arrived where it counts (enemy ground, or home).
    arrived_by: Option<Seat>,
    /// Whose stone entered enemy ground.
    entered_by: Option<Seat>,
    /// Who threw the sticks in play.
    thrower: Option<Seat>,
}

impl Event {
    /// The event's roles (see [`Roles`]): the one match over every kind of event.
    fn roles(&self) -> Roles {
        let none = Roles::default();
        match *self {
            Event::Lot { winner } | Event::FirstTurn { winner } => Roles {
                ceremony: true,
                first_turn_to: Some(winner),
                ..none
            },
            Event::FirstThrow { player, flats } => Roles {
                ceremony: true,
                drew: Some((player, flats, "flats")),
                ..none
            },
            Event::BagDraw { player, whites, .. } => Roles {
                ceremony: true,
                drew: Some((player, whites, "whites")),
                ..none
            },
            Event::Capture {
                by,
                victim,
                at,
                count,
            } => Roles {
                by: Some(by),
                telling: true,
                entered_or_took_at: Some(at),
                taken_from: Some((victim, count)),
                ..none
            },
            Event::Claim { by, owner, .. } => Roles {
                by: Some(by),
                telling: true,
                claimed_from: Some(owner),
                ..none
            },
            Event::Pass { by } | Event::Whelp { by, .. } => Roles {
                by: Some(by),
                ..none
            },
            Event::Throw { by, .. } | Event::ThrowLost { by } => Roles {
                by: Some(by),
                thrower: Some(by),
                ..none
            },
            Event::Enter { by, at } => Roles {
                by: Some(by),
                telling: true,
                entered_or_took_at: Some(at),
                arrived_by: Some(by),
                entered_by: Some(by),
                ..none
            },
            Event::BringDown {
                by, victim, count, ..
            } => Roles {
                by: Some(by),
                telling: true,
                taken_from: Some((victim, count)),
                ..none
            },
            Event::BringHome { by, .. } => Roles {
                by: Some(by),
                telling: true,
                arrived_by: Some(by),
                ..none
            },
            Event::Over { .. } => none,
        }
    }

    /// The seat whose action it was, for an event of play (`by`): the thrower of a throw
    /// of the sticks, the mover of a capture. `None` for the first-turn ceremony and the
    /// end.
    #[must_use]
    pub fn by(&self) -> Option<Seat> {
        self.roles().by
    }

    /// Whether it belongs to the first-turn ceremony (a lot, a throw or a draw for the
    /// first turn, and who won it), not to play.
    #[must_use]
    pub fn is_ceremony(&self) -> bool {
        self.roles().ceremony
    }

    /// Who it gave the first turn to: the winner of a lot or of a ceremony.
    #[must_use]
    pub fn first_turn_to(&self) -> Option<Seat> {
        self.roles().first_turn_to
    }

    /// A player's draw at a first-turn ceremony: who drew, the count that decides (flat
    /// sides of the sticks, white stones from the bag) and what it counts ("flats",
    /// "whites").
    #[must_use]
    pub fn ceremony_draw(&self) -> Option<(Seat, u8, &'static str)> {
        self.roles().drew
    }

    /// Whether it is a moment worth showing the board for: something taken, claimed,
    /// brought down or home, or a stone on enemy ground.
    #[must_use]
    pub fn is_telling(&self) -> bool {
        self.roles().telling
    }

    /// Where a stone came to stand on enemy ground or took another: the place of an
    /// entry or a capture.
    #[must_use]
    pub fn entered_or_took_at(&self) -> Option<Place> {
        self.roles().entered_or_took_at
    }

    /// Whose stones it took, and how many: a capture, or stones brought down.
    #[must_use]
    pub fn taken_from(&self) -> Option<(Seat, u8)> {
        self.roles().taken_from
    }

    /// Whose heap became another's piç, for a claim.
    #[must_use]
    pub fn claimed_from(&self) -> Option<Seat> {
        self.roles().claimed_from
    }

    /// Whose stone entered enemy ground, for an entry.
    #[must_use]
    pub fn entered_by(&self) -> Option<Seat> {
        self.roles().entered_by
    }

    /// Whose stone arrived where it counts: on enemy ground, or brought home.
    #[must_use]
    pub fn arrived_by(&self) -> Option<Seat> {
        self.roles().arrived_by
    }

    /// How the game ended, for its last event.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Event::Over { outcome } => Some(outcome),
            _ => None,
        }
    }

    /// Who threw the sticks, for a throw of play (one that fell, or one lost).
    #[must_use]
    pub fn thrower(&self) -> Option<Seat> {
        self.roles().thrower
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::Event;
    use crate::games::{Game, Turn, kiust::Kiust, oicus::Oicus, pic::Pic, tides::Tides};

    /// Every event of `G`'s first-turn ceremonies at `players` seats is a ceremony's,
    /// the last of each says who won it; every event of random play is not a ceremony's,
    /// and a telling one is some seat's doing.
    fn check<G: Game>(players: usize) {
        for seed in 0..40 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let first = G::first_turn(players, &mut rng);
            assert!(
                first.events.iter().all(Event::is_ceremony),
                "{:?}",
                first.events
            );
            for e in &first.events {
                if let Some((player, _, _)) = e.ceremony_draw() {
                    assert!(player.index() < players, "{e:?}");
                }
            }
            let last = first.events.last().expect("a ceremony says who won");
            assert_eq!(last.first_turn_to().map(|s| s.index()), Some(first.winner));
            let mut pos = G::start(players, &G::Options::default()).unwrap();
            let mut events: Vec<Event> = Vec::new();
            let mut buf = Vec::new();
            let mut chances = Vec::new();
            for _ in 0..300 {
                if pos.outcome().is_some() {
                    break;
                }
                let mv = if pos.turn() == Turn::Chance {
                    chances.clear();
                    pos.chance_outcomes(&mut chances);
                    chances[rand::RngExt::random_range(&mut rng, 0..chances.len())].0
                } else {
                    buf.clear();
                    pos.legal_moves(&mut buf);
                    buf[rand::RngExt::random_range(&mut rng, 0..buf.len())]
                };
                pos.play_unchecked(mv, &mut events);
            }
            let finished = pos.outcome().is_some();
            for (i, e) in events.iter().enumerate() {
                // The game's end is its last event, and only a finished game has one.
                let last = i + 1 == events.len();
                assert_eq!(e.outcome().is_some(), last && finished, "{e:?}");
                if let Some((_, count)) = e.taken_from() {
                    assert!(count >= 1, "{e:?} takes something");
                    assert!(e.by().is_some(), "{e:?} is someone's doing");
                }
                if let Some(owner) = e.claimed_from() {
                    assert_ne!(Some(owner), e.by(), "a piç is made of another's heap");
                }
                if let Some(by) = e.arrived_by() {
                    assert_eq!(
                        Some(by),
                        e.by(),
                        "{e:?}: the stone that arrived is the mover's"
                    );
                }
                if let Some(by) = e.entered_by() {
                    assert_eq!(Some(by), e.arrived_by(), "{e:?}: an entry is an arrival");
                }
                assert!(!e.is_ceremony(), "{e:?} is play");
                assert_eq!(e.first_turn_to(), None);
                assert_eq!(e.ceremony_draw(), None, "{e:?} is play");
                if e.is_telling() || e.entered_or_took_at().is_some() || e.thrower().is_some() {
                    assert!(e.by().is_some(), "{e:?} is someone's doing");
                }
            }
        }
    }

    /// Kiust Oyun's first turn goes by the flat sides of the sticks, Òicustiỳtac's by the
    /// white stones drawn from the bag (their specs); the other two draw nothing.
    #[test]
    fn a_ceremony_s_draws_count_what_its_game_counts() {
        fn counted<G: Game>() -> Vec<&'static str> {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
            let mut seen: Vec<&'static str> = (0..20)
                .flat_map(|_| G::first_turn(2, &mut rng).events)
                .filter_map(|e| e.ceremony_draw().map(|(_, _, what)| what))
                .collect();
            seen.dedup();
            seen
        }
        assert_eq!(counted::<Kiust>(), ["flats"]);
        assert_eq!(counted::<Oicus>(), ["whites"]);
        assert!(counted::<Tides>().is_empty());
        assert!(counted::<Pic>().is_empty());
    }

    #[test]
    fn ceremonies_and_play_are_told_apart_in_every_game() {
        check::<Tides>(2);
        check::<Kiust>(2);
        check::<Oicus>(2);
        for players in 2..=5 {
            check::<Pic>(players);
        }
    }
}
