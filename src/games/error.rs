//! What goes wrong when a game is read, started or played: a text that does not follow
//! the notation ([`ParseError`]), a position the rules refuse ([`PositionError::Illegal`]),
//! a table the game cannot start at ([`StartError`]), a move the rules do not allow
//! ([`IllegalMove`]).

use super::{GameKind, Seat};

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
}

/// Why a position's text was refused, in two kinds (as shakmaty's `ParseFenError` and
/// `PositionError`): the text does not follow the notation, or it reads as a position the
/// rules refuse. See [`Rules::from_text`](super::Rules::from_text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text does not follow the notation: it cannot be read.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The text reads, but as no position of the game (more stones than a side has, a
    /// stone in its own town). The specs call such a position malformed too, and the
    /// message keeps their word.
    #[error("malformed position `{text}`: {reason}")]
    Illegal {
        /// The game.
        game: GameKind,
        /// The text as given.
        text: String,
        /// What the rules refuse: the game's own [`Rules::Invalid`](super::Rules::Invalid), kept as it is and
        /// said as a clause where the error is printed.
        #[source]
        reason: Invalid,
    },
}

/// A game's own [`Rules::Invalid`](super::Rules::Invalid), whatever the game: shared, so that the error that
/// holds it stays cheap to clone; two are equal when they say the same.
#[derive(Clone, Debug)]
pub struct Invalid(std::sync::Arc<dyn std::error::Error + Send + Sync>);

impl Invalid {
    /// The game's own refusal.
    pub fn new(why: impl std::error::Error + Send + Sync + 'static) -> Invalid {
        Invalid(std::sync::Arc::new(why))
    }

    /// The game's own refusal, as its type, if it is `E`.
    #[must_use]
    pub fn of<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.downcast_ref()
    }
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Invalid {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for Invalid {
    fn eq(&self, other: &Invalid) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Invalid {}

/// A well-formed move that the rules do not allow in this position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move `{mv}` in position `{position}`: {reason}")]
pub struct IllegalMove {
    /// The move, in notation.
    pub mv: String,
    /// The position, in notation.
    pub position: String,
    /// Why not.
    pub reason: Refused,
}

/// Why a well-formed move is not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// At a chance node, a move that is no outcome of it.
    #[error("it is not a possible outcome of the chance event due")]
    NoOutcome,
    /// Not among the legal moves of the seat to move.
    #[error("it is not among player {0}'s legal moves")]
    NotLegal(Seat),
}
