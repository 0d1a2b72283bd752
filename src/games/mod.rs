//! The rules of taproom's games: one core trait, three extensions, one folder per game.
//!
//! # The traits
//!
//! * [`Rules`] (`rules.rs`) is the core, in the manner of shakmaty's `Position`: what the
//!   spec says and nothing more (the start, whose turn, legal moves, chance outcomes,
//!   playing a move, the outcome and the score, the notation, the first-turn ceremony,
//!   and the game's facts).
//! * What players and tables add sits apart, each an extension trait of [`Rules`] in a
//!   file of its own: [`Evaluate`] (`evaluate.rs`: the heuristic judgement, how far
//!   forward a seat stands, how near a draw for want of progress), [`Tableside`]
//!   (`tableside.rs`: the cheats a seat could try, a turn lost and rule 2's penalty for a
//!   cheat seen, the limits a match puts on the options, the first turn's exact odds) and
//!   [`Words`] (`words.rs`: a move in plain words).
//! * [`Game`] is all four at once; every game is one, and the code above `games` asks
//!   for that bound.
//!
//! Each game implements the four in its folder: the rules in `<game>/mod.rs` and the files
//! it names, [`Evaluate`] in `<game>/evaluate.rs`, [`Tableside`] in `<game>/tableside.rs`,
//! [`Words`] beside the moves' notation in `<game>/moves.rs`. Each draws its own board:
//! [`draw::Diagram`] (text) in `<game>/diagram.rs` and [`draw::picture::Picture`] (SVG)
//! in `<game>/picture.rs`, on the shared kit in `draw/` (pens, canvases, the picture's
//! panel and key); the report only lays them out.
//!
//! # The contract
//!
//! A type implementing [`Rules`] is a *position*: a plain value, cheap to clone, that knows
//! everything the rules need (including the rule options it is played under). Everything
//! outside `games/` (the match runner, the players, the narrator, the wagers) talks to a
//! game only through these traits and the [`Event`]s it emits; no rule is written twice.
//!
//! * **Whose turn.** [`Rules::turn`] says who acts next: a seat ([`Turn::Seat`]),
//!   [`Turn::Chance`] when the next step is a chance event (a throw of the stick dice, a draw
//!   from the bag), or [`Turn::Over`] when the game (or round) has ended.
//! * **Seats.** 2 to 5 players sit at seats `0..players()`. Seat 0 is the side the spec
//!   names first (White in Tides of War, player 1 in Piç and Kiust Oyun, Black in
//!   Òicustiỳtac). Which character sits where is the match runner's business.
//! * **Moves.** A move is a small `Copy` value: for a seat, one whole decision (a jump
//!   chain, a sowing, a pass, a whole Òicustiỳtac turn of up to three actions); at a chance
//!   node, one outcome. [`Rules::legal_moves`] lists a seat's moves;
//!   [`Rules::chance_outcomes`] lists a chance node's outcomes with exact probabilities. A
//!   turn made of several separate decisions (Kiust Oyun's "four moves of 6") is several
//!   moves in a row by the same seat: `turn()` simply stays with that seat.
//! * **Passing.** A game where passing is a rule (Piç, Òicustiỳtac) lists the pass as the
//!   only legal move when nothing else is legal. A game where a stuck seat loses (Tides of
//!   War) or loses its throw (Kiust Oyun) decides that itself; `legal_moves` is then empty
//!   only when the game is over.
//! * **Applying.** [`Rules::play`] checks legality and hands back a typed error naming the
//!   move and the position; [`Rules::play_unchecked`] trusts its caller (search, perft) and
//!   allocates nothing. Both report what the move caused to an [`EventSink`]; `()` is the
//!   sink that ignores them, so hot loops pay nothing.
//! * **The end.** [`Rules::outcome`] gives the winners (several for a shared win, none for
//!   a draw) and how the game ended; [`Rules::score`] gives each seat's score where the
//!   game keeps one.
//! * **Notation.** Positions and moves read and write the spec's notation through
//!   `FromStr`/`Display`; a malformed text is a [`ParseError`], different from a move that
//!   parses but is not legal here ([`IllegalMove`]).
//! * **The first turn.** Each game says how a match decides its first turn
//!   ([`Rules::first_turn`]): a chance process with exact probabilities whose steps are
//!   logged as events, so first-turn wagers settle from the log.

/// The registry: every game taproom plays, one line each (the name of its
/// [`GameKind`] constant and its type). A game is its folder and its line here; nothing
/// else in taproom names it.
///
/// `registry!((path to a macro) (its first argument))` calls that macro with the argument
/// and then the list, `Name => Type,` a game.
#[doc(hidden)]
#[macro_export]
macro_rules! registry {
    (($($then:tt)*) $args:tt) => {
        $($then)*! { $args
            TidesOfWar => $crate::games::tides::Tides,
            Pic => $crate::games::pic::Pic,
            KiustOyun => $crate::games::kiust::Kiust,
            Oicustiytac => $crate::games::oicus::Oicus,
        }
    };
}

/// The registry's games as [`GameKind`] constants, and all of them in its order.
macro_rules! registered_kinds {
    (() $($name:ident => $ty:path,)+) => {
        impl GameKind {
            $(
                #[doc = concat!("The game `", stringify!($ty), "`.")]
                #[allow(non_upper_case_globals)]
                pub const $name: GameKind = <$ty as Rules>::KIND;
            )+

            /// Every game of the registry, in the order the menu lists them.
            pub const ALL: [GameKind; [$(stringify!($name)),+].len()] = [$(GameKind::$name),+];

            /// The names of the registry's constants, in its order (`"TidesOfWar"`): how
            /// a kind prints for debugging, as the enum it once was did.
            pub(crate) const NAMES: [&'static str; [$(stringify!($name)),+].len()] =
                [$(stringify!($name)),+];
        }
    };
}
registry!((registered_kinds)());

/// Every way a game of the registry can end, as [`End`] lists them.
macro_rules! registered_ends {
    (() $($name:ident => $ty:path,)+) => {
        impl End {
            /// Every way a game can end: the ends the registry's games declare (their
            /// [`Facts::ends`]) and the ones every game shares ([`End::SHARED`]), once
            /// each, each game's own before the shared end it names
            /// ([`EndInfo::listed_before`]), the games in the registry's order.
            pub const ALL: [End; end::count(&[$(<$ty as Rules>::FACTS.ends),+])] =
                end::listed(&[$(<$ty as Rules>::FACTS.ends),+]);

            /// The keys of [`End::ALL`], in its order.
            pub const KEYS: [&'static str; End::ALL.len()] = end::keys(&End::ALL);
        }
    };
}
registry!((registered_ends)());

/// Every game's own events ([`Rules::Own`]) as one enum, [`OwnEvents`], an arm a game,
/// and the [`OwnSlot`] of each game that says which arm is its.
macro_rules! registered_own_events {
    (() $($name:ident => $ty:path,)+) => {
        /// An event of one game's own, in its game's arm: what [`Event::Own`] holds. It
        /// prints and serializes as the game's event does.
        #[derive(Clone, Copy, PartialEq)]
        pub enum OwnEvents {
            $(
                #[doc = concat!("An event of `", stringify!($ty), "`'s own.")]
                $name(<$ty as Rules>::Own),
            )+
        }

        impl OwnEvents {
            /// The event's roles, as its game says them.
            #[must_use]
            pub fn roles(&self) -> event::Roles {
                match self {
                    $(OwnEvents::$name(own) => event::OwnEvent::roles(own),)+
                }
            }
        }

        impl fmt::Debug for OwnEvents {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(OwnEvents::$name(own) => fmt::Debug::fmt(own, f),)+
                }
            }
        }

        impl Serialize for OwnEvents {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self {
                    $(OwnEvents::$name(own) => own.serialize(s),)+
                }
            }
        }

        $(
            impl OwnSlot for $ty {
                type Own = <$ty as Rules>::Own;

                fn wrap(own: Self::Own) -> OwnEvents {
                    OwnEvents::$name(own)
                }

                fn unwrap(own: &OwnEvents) -> Option<&Self::Own> {
                    #[allow(unreachable_patterns)]
                    match own {
                        OwnEvents::$name(own) => Some(own),
                        _ => None,
                    }
                }
            }
        )+
    };
}
registry!((registered_own_events)());

/// Every tally a game of the registry counts, as [`Tally`] lists them.
macro_rules! registered_tallies {
    (() $($name:ident => $ty:path,)+) => {
        impl Tally {
            /// Every tally: the ones games share ([`Tally::SHARED`]), then the registry's
            /// games' own (their [`Facts::tallies`]) by word, once each. By word, not by
            /// the registry's order: the order tables, bets and JSON's maps list them in
            /// (points, captures, down, home, kiusts), which a game added leaves as it was.
            pub const ALL: [Tally; tally::count(&[$(<$ty as Rules>::FACTS.tallies),+])] =
                tally::listed(&[$(<$ty as Rules>::FACTS.tallies),+]);

            /// The words of [`Tally::ALL`], in its order.
            pub const WORDS: [&'static str; Tally::ALL.len()] = tally::words(&Tally::ALL);
        }
    };
}
registry!((registered_tallies)());

/// The arm of [`with_game!`] for each game of the registry.
#[doc(hidden)]
#[macro_export]
macro_rules! dispatch_game {
    ((($kind:expr) $g:ident ($body:expr)) $($name:ident => $ty:path,)+) => {{
        let kind: $crate::games::GameKind = $kind;
        $(
            if kind == $crate::games::GameKind::$name {
                type $g = $ty;
                $body
            } else
        )+
        {
            kind.outside_registry()
        }
    }};
}

/// Runs `$body` with `$g` bound to the game type of `$kind`: how code that holds a
/// [`GameKind`] of the registry reaches the generic code of that game.
///
/// # Panics
/// On a game outside the registry ([`GameKind::outside_registry`]).
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $g:ident => $body:expr) => {
        $crate::registry!(($crate::dispatch_game) (($kind) $g ($body)))
    };
}
pub use crate::with_game;

mod chance;
mod cheat;
pub mod draw;
mod end;
mod error;
mod evaluate;
pub mod event;
pub mod facts;
mod keyed;
pub mod kind;
pub mod kiust;
mod levels;
mod notation;
pub mod oicus;
mod perft;
pub mod pic;
mod played;
mod rules;
#[cfg(test)]
mod state_tests;
mod tableside;
mod tally;
pub mod tides;
pub mod told;
pub mod words;

pub use chance::{Chance, Throws};
pub use cheat::{CheatInfo, CheatKind, ToldAt};
pub use end::{End, EndInfo};
pub use error::{IllegalMove, Invalid, ParseError, PositionError, Refused, StartError};
pub use evaluate::Evaluate;
pub use event::{Event, EventSink, NoOwn, OwnEvent, OwnSlot, Place};
pub use facts::{Facts, OnCheat, RuleOption, Unit};
pub use kind::GameKind;
pub use levels::{Level, Levels, level};
pub use notation::{StatePairs, split_state, state_number, unknown_state};
pub use perft::perft;
pub use played::Played;
pub use rules::{Rules, sample_chance};
pub use tableside::{CheatMove, Tableside};
pub use tally::{Tally, TallyInfo};
pub use told::{Filler, GameMoment, Noted};
pub use words::Words;

use std::fmt;

use serde::Serialize;

/// A seat at the table, `0..players()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into per-seat arrays.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The next seat clockwise at a table of `players`.
    #[must_use]
    pub fn next(self, players: usize) -> Seat {
        Seat(((self.index() + 1) % players) as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Seats are written from 1, as the specs number their players.
        write!(f, "{}", self.0 + 1)
    }
}

/// A set of seats (at most 8), used for winners.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seats(u8);

impl Seats {
    /// No seat at all.
    pub const NONE: Seats = Seats(0);

    /// Just one seat.
    #[must_use]
    pub fn only(seat: Seat) -> Seats {
        Seats(1 << seat.0)
    }

    /// This set with `seat` added.
    #[must_use]
    pub fn with(self, seat: Seat) -> Seats {
        Seats(self.0 | 1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[must_use]
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// How many seats are in the set.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |&i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl Serialize for Seats {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A player chooses a move.
    Seat(Seat),
    /// Chance chooses an outcome (a throw, a draw).
    Chance,
    /// Nothing more happens: see [`Rules::outcome`].
    Over,
}

/// How a finished game (or round) came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Outcome {
    /// The winning seats: one for a win, several for a shared win, none for a draw.
    pub winners: Seats,
    /// How it ended.
    pub end: End,
}

impl Outcome {
    /// A win for one seat.
    #[must_use]
    pub fn win(seat: Seat, end: End) -> Outcome {
        Outcome {
            winners: Seats::only(seat),
            end,
        }
    }

    /// A draw: nobody wins.
    #[must_use]
    pub fn draw(end: End) -> Outcome {
        Outcome {
            winners: Seats::NONE,
            end,
        }
    }

    /// Whether nobody won.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }

    /// The seat's share of the result, in `0..=1`: 1 for a sole win, `1/k` for a win
    /// shared by `k`, `1/players` for a draw, 0 for a loss. Searches maximise this.
    #[must_use]
    pub fn reward(&self, seat: Seat, players: usize) -> f64 {
        if self.winners.is_empty() {
            1.0 / players as f64
        } else if self.winners.contains(seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

/// How the seats change from one game of a match to the next, as the game's custom says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// The first-turn ceremony seats the first game; after it the seats rotate by one
    /// each game, so the colours alternate.
    Rotate,
    /// The winner of a game takes seat 0 in the next; after a draw or a shared win the
    /// seats stay (Òicustiỳtac, rule 10).
    WinnerFirst,
    /// Every game begins with the first-turn ceremony.
    CeremonyEachGame,
}

/// How a match decides who takes the first turn, and what the draw was.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstTurn {
    /// The player (by the order the match named them, `0..players`) who wins the right.
    pub winner: usize,
    /// What happened, in order, for the log.
    pub events: Vec<Event>,
}

/// A game as the rest of taproom plays it: its [`Rules`], and what players
/// ([`Evaluate`]), tables ([`Tableside`]) and the storyteller ([`Words`]) add to them. Every
/// game implements all four, and every one of them is a `Game`; code above `games` asks
/// for this one bound, code that needs only the rules (perft, the chance sampler) for
/// [`Rules`].
pub trait Game: Rules + Evaluate + Tableside + Words {}

impl<G: Rules + Evaluate + Tableside + Words> Game for G {}
