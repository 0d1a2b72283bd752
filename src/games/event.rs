//! What a move causes, as the games report it: the one record that narration, the match
//! tables and wager settlement all read.
//!
//! Events are small `Copy` values so that a game can emit them from its hot path into a
//! sink that ignores them (`()`) at no cost.
//!
//! [`Event`] holds what every game shares (a lot, the first turn, a capture, a pass, an
//! entry, the end); what one game alone does (a throw of the sticks, a stone whelped, a
//! piç claimed) is that game's own `Copy` enum in its folder, an [`OwnEvent`] named by
//! its [`Rules::Own`](super::Rules::Own), held in [`Event::Own`]. Each says what it is to
//! its readers ([`Roles`]: who did it, what it took, what it counts towards a tally), so
//! nothing here names a game's event.

use std::fmt;

use serde::Serialize;

use super::{Outcome, OwnEvents, Seat, Tally};

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

/// Something that happened at the table: what every game shares, or one game's own.
///
/// In first-turn events `player` is the named player (`0` is the first named); in play
/// events `by`, `victim` and `owner` are seats of the game.
///
/// `Debug` prints a game's own event as that event prints, without the [`Event::Own`]
/// around it, and the JSON log writes it as its game writes it (`{"event": "throw", ..}`).
#[derive(Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A lot (a coin, a straw) gave the first turn to `winner`.
    Lot { winner: Seat },
    /// The first turn was won (the last event of every first-turn ceremony).
    FirstTurn { winner: Seat },
    /// Stones or pieces taken: a jump in Tides of War, a capture with a 2 in Kiust Oyun.
    Capture {
        by: Seat,
        victim: Seat,
        at: Place,
        count: u8,
    },
    /// A seat had no legal move and passed.
    Pass { by: Seat },
    /// A stone entered enemy ground: the enemy town (Tides of War), the opponent's inner
    /// row (Kiust Oyun).
    Enter { by: Seat, at: Place },
    /// The game (or round) is over.
    Over { outcome: Outcome },
    /// An event of one game's own (a throw of the sticks, a stone whelped, a piç claimed):
    /// its game's [`OwnEvent`], made with `.into()` and read back with [`Event::own`].
    #[serde(untagged)]
    Own(OwnEvents),
}

impl fmt::Debug for Event {
    /// As `#[derive(Debug)]` prints the shared events, and a game's own as it prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Lot { winner } => f.debug_struct("Lot").field("winner", winner).finish(),
            Event::FirstTurn { winner } => {
                f.debug_struct("FirstTurn").field("winner", winner).finish()
            }
            Event::Capture {
                by,
                victim,
                at,
                count,
            } => f
                .debug_struct("Capture")
                .field("by", by)
                .field("victim", victim)
                .field("at", at)
                .field("count", count)
                .finish(),
            Event::Pass { by } => f.debug_struct("Pass").field("by", by).finish(),
            Event::Enter { by, at } => f
                .debug_struct("Enter")
                .field("by", by)
                .field("at", at)
                .finish(),
            Event::Over { outcome } => f.debug_struct("Over").field("outcome", outcome).finish(),
            Event::Own(own) => fmt::Debug::fmt(own, f),
        }
    }
}

/// The events of one game's own, as a `Copy` enum in its folder: what each is to the code
/// that reads it ([`Roles`]). A game names it as its [`Rules::Own`](super::Rules::Own)
/// (one that has none names [`NoOwn`]); the registry then keeps it in [`OwnEvents`], so
/// that `KiustEvent::Throw { .. }.into()` is an [`Event`] and `event.own::<KiustEvent>()`
/// reads it back.
///
/// It serializes as the shared events do, tagged by `event` in kebab case
/// (`#[serde(tag = "event", rename_all = "kebab-case")]`), so that the log reads the same
/// whichever enum holds an event.
pub trait OwnEvent: Copy + fmt::Debug + PartialEq + Serialize + 'static {
    /// The game whose events these are, whose [`Rules::Own`](super::Rules::Own) names
    /// this type back: the registry keeps them in that game's arm of [`OwnEvents`].
    type Game: OwnSlot<Own = Self>;

    /// What the event is to the code that reads it: the one match over the game's own
    /// events, its tallies' credits included.
    fn roles(&self) -> Roles;
}

/// Where [`OwnEvents`] keeps one game's own events: the registry (`games/mod.rs`) writes
/// it for each of its games, from the game's [`Rules::Own`](super::Rules::Own).
pub trait OwnSlot {
    /// The game's own events.
    type Own: OwnEvent;

    /// The event in its game's arm.
    fn wrap(own: Self::Own) -> OwnEvents;

    /// The event, when `own` is one of this game's.
    fn unwrap(own: &OwnEvents) -> Option<&Self::Own>;
}

/// The own events of a game that has none of its own: it can hold no value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum NoOwn {}

impl OwnEvent for NoOwn {
    type Game = NoOwn;

    fn roles(&self) -> Roles {
        match *self {}
    }
}

impl OwnSlot for NoOwn {
    type Own = NoOwn;

    fn wrap(own: NoOwn) -> OwnEvents {
        match own {}
    }

    fn unwrap(_: &OwnEvents) -> Option<&NoOwn> {
        None
    }
}

impl<E: OwnEvent> From<E> for Event {
    #[inline]
    fn from(own: E) -> Event {
        Event::Own(E::Game::wrap(own))
    }
}

/// What an event is to the code that reads it, whatever its game: who did it, whether it
/// belongs to the first-turn ceremony, what it took, claimed or brought where it counts,
/// and what it adds to a tally. [`Event::roles`] says it for the shared events and each
/// game's [`OwnEvent::roles`] for its own, and the questions below read from it, so a new
/// kind of event is described once.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Roles {
    /// The seat whose action it was (`None` for the ceremony and the end).
    pub by: Option<Seat>,
    /// Part of the first-turn ceremony, not of play.
    pub ceremony: bool,
    /// Who it gave the first turn to.
    pub first_turn_to: Option<Seat>,
    /// A player's draw at the ceremony: who, how many, and what was counted.
    pub drew: Option<(Seat, u8, &'static str)>,
    /// A moment worth showing the board for.
    pub telling: bool,
    /// Where a stone came onto enemy ground or took another.
    pub entered_or_took_at: Option<Place>,
    /// Whose stones it took, and how many.
    pub taken_from: Option<(Seat, u8)>,
    /// Whose heap became another's piç.
    pub claimed_from: Option<Seat>,
    /// Whose stone arrived where it counts (enemy ground, or home).
    pub arrived_by: Option<Seat>,
    /// Whose stone entered enemy ground.
    pub entered_by: Option<Seat>,
    /// Who threw the sticks in play.
    pub thrower: Option<Seat>,
    /// What it adds to a tally: the seat credited, the tally and how much.
    pub credit: Option<(Seat, Tally, u32)>,
}

impl Event {
    /// The event's roles (see [`Roles`]): the one match over the shared events; a game's
    /// own says its own.
    #[must_use]
    pub fn roles(&self) -> Roles {
        let none = Roles::default();
        match *self {
            Event::Lot { winner } | Event::FirstTurn { winner } => Roles {
                ceremony: true,
                first_turn_to: Some(winner),
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
                credit: Some((by, Tally::Captures, u32::from(count))),
                ..none
            },
            Event::Pass { by } => Roles {
                by: Some(by),
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
            Event::Over { .. } => none,
            Event::Own(own) => own.roles(),
        }
    }

    /// The event as one of `E`'s, a game's own events: `None` for a shared event or
    /// another game's.
    #[must_use]
    pub fn own<E: OwnEvent>(&self) -> Option<&E> {
        match self {
            Event::Own(own) => E::Game::unwrap(own),
            _ => None,
        }
    }

    /// What this event adds to a tally: the seat credited, the tally and how much. This is
    /// the one place that asks who scores what (the event's roles say it).
    #[must_use]
    pub fn credit(&self) -> Option<(Seat, Tally, u32)> {
        self.roles().credit
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

    /// By hand, from a match's JSON log and `Debug` text as they were before a game's own
    /// events left this enum: the shared events read the same, and a capture counts its
    /// stones to the captor.
    #[test]
    fn the_shared_events_are_written_and_printed_as_before() {
        use crate::games::{Place, Seat, Tally};
        let at = Place::Square { file: 2, rank: 2 };
        let capture = Event::Capture {
            by: Seat(0),
            victim: Seat(1),
            at,
            count: 2,
        };
        let json = |e: &Event| serde_json::to_string(e).unwrap();
        assert_eq!(
            json(&capture),
            r#"{"event":"capture","by":0,"victim":1,"at":"c2","count":2}"#
        );
        assert_eq!(
            json(&Event::Enter { by: Seat(0), at }),
            r#"{"event":"enter","by":0,"at":"c2"}"#
        );
        assert_eq!(
            json(&Event::FirstTurn { winner: Seat(1) }),
            r#"{"event":"first-turn","winner":1}"#
        );
        assert_eq!(
            format!("{capture:?}"),
            "Capture { by: Seat(0), victim: Seat(1), at: Square { file: 2, rank: 2 }, count: 2 }"
        );
        assert_eq!(
            format!(
                "{:?}",
                [Event::Lot { winner: Seat(1) }, Event::Pass { by: Seat(0) }]
            ),
            "[Lot { winner: Seat(1) }, Pass { by: Seat(0) }]"
        );
        assert_eq!(capture.credit(), Some((Seat(0), Tally::Captures, 2)));
        assert_eq!(Event::Enter { by: Seat(0), at }.credit(), None);
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
