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
//! [`Words`] beside the moves' notation in `<game>/moves.rs`.
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

/// Runs `$body` with `$g` bound to the game type of `$kind`: how code that holds a
/// [`GameKind`] reaches the generic code of that game.
macro_rules! with_game {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::TidesOfWar => {
                type $g = $crate::games::tides::Tides;
                $body
            }
            $crate::games::GameKind::KiustOyun => {
                type $g = $crate::games::kiust::Kiust;
                $body
            }
            $crate::games::GameKind::Oicustiytac => {
                type $g = $crate::games::oicus::Oicus;
                $body
            }
            $crate::games::GameKind::Pic => {
                type $g = $crate::games::pic::Pic;
                $body
            }
        }
    };
}
pub(crate) use with_game;

mod chance;
mod evaluate;
pub mod event;
pub mod facts;
pub mod kind;
pub mod kiust;
pub mod oicus;
mod perft;
pub mod pic;
mod rules;
#[cfg(test)]
mod state_tests;
mod tableside;
pub mod tides;
pub mod words;

pub use chance::{Chance, Throws, sample_chance};
pub use evaluate::Evaluate;
pub use event::{CheatKind, End, Event, EventSink, Place};
pub use facts::{Facts, OnCheat, RuleOption, Tally, Unit};
pub use kind::GameKind;
pub use perft::perft;
pub use rules::Rules;
pub use tableside::{CheatMove, Tableside};
pub use words::Words;

use std::fmt;
use std::str::FromStr;

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

/// A position text that does not follow the spec's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed {what} `{text}`: {reason}")]
pub struct ParseError {
    /// What was being read: "position", "move", "option".
    pub what: &'static str,
    /// The text as given.
    pub text: String,
    /// What is wrong with it, as a clause.
    pub reason: String,
}

impl ParseError {
    /// A position that does not parse.
    pub fn position(text: &str, reason: impl Into<String>) -> ParseError {
        ParseError {
            what: "position",
            text: text.to_owned(),
            reason: reason.into(),
        }
    }

    /// A move that does not parse.
    pub fn mv(text: &str, reason: impl Into<String>) -> ParseError {
        ParseError {
            what: "move",
            text: text.to_owned(),
            reason: reason.into(),
        }
    }
}

/// A table the game cannot be started at.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// Too many or too few players.
    #[error("{} is for {}, not {players}", .game.title(), .game.facts().players_text())]
    Players {
        /// The game.
        game: GameKind,
        /// How many were to sit down.
        players: usize,
    },
    /// A rule option the game cannot be played under.
    #[error("the rule option `{option}` of {}: {message}", .game.title())]
    Option {
        /// The game.
        game: GameKind,
        /// The option's key.
        option: &'static str,
        /// What is wrong with its value, as a clause.
        message: String,
    },
}

impl StartError {
    /// Refuses a cap outside `1..=most` in a match.
    ///
    /// # Errors
    /// When `value` is 0 or past `most`.
    pub fn cap_in_match(
        game: GameKind,
        option: &'static str,
        value: u64,
        most: u64,
    ) -> Result<(), StartError> {
        if (1..=most).contains(&value) {
            Ok(())
        } else {
            Err(StartError::Option {
                game,
                option,
                message: format!(
                    "a match needs every game to end in good time: {option} is from 1 to \
                     {most} at the table, not {value} (0, never, is for `taproom engine`)"
                ),
            })
        }
    }

    /// Refuses a table of `players` that `G` cannot seat.
    ///
    /// # Errors
    /// When `G` is not for that many.
    pub fn check_players<G: Rules>(players: usize) -> Result<(), StartError> {
        if G::FACTS.seats(players) {
            Ok(())
        } else {
            Err(StartError::Players {
                game: G::KIND,
                players,
            })
        }
    }
}

/// The `key=value` pairs of a position's state part.
pub type StatePairs<'a> = Vec<(&'a str, &'a str)>;

/// The state a position's notation in the spec leaves out (Tides of War's plies since the
/// last capture, the turns counted towards a cap), written after the spec's notation as
/// ` | key=value ...`: `{pos:#}` writes it, and reading a position accepts it, so a
/// position's text can carry its whole state. Splits `text` into the spec's part and the
/// pairs of the state part.
///
/// # Errors
/// A state part that is not `key=value` words.
pub fn split_state(text: &str) -> Result<(&str, StatePairs<'_>), ParseError> {
    let Some((spec, state)) = text.split_once('|') else {
        return Ok((text, Vec::new()));
    };
    let pairs = state
        .split_whitespace()
        .map(|word| {
            word.split_once('=').ok_or_else(|| {
                ParseError::position(text, format!("`{word}` after `|` is not key=value"))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((spec.trim_end(), pairs))
}

/// Reads one number of a position's state part.
///
/// # Errors
/// A value that is not a number of the type.
pub fn state_number<T: FromStr>(text: &str, key: &str, value: &str) -> Result<T, ParseError> {
    value.parse().map_err(|_| {
        ParseError::position(text, format!("`{key}={value}`: the value is not a count"))
    })
}

/// A key of a position's state part that the game does not keep.
#[must_use]
pub fn unknown_state(text: &str, key: &str, known: &str) -> ParseError {
    ParseError::position(
        text,
        format!("`{key}` is not part of this game's state (it keeps {known})"),
    )
}

/// A well-formed move that the rules do not allow in this position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move `{mv}` in position `{position}`: {reason}")]
pub struct IllegalMove {
    /// The move, in notation.
    pub mv: String,
    /// The position, in notation.
    pub position: String,
    /// Why not.
    pub reason: String,
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
