//! What goes wrong when a game is read, started or played: a text that does not follow
//! the notation ([`ParseError`]), a position the rules refuse ([`PositionError::Illegal`]),
//! a table the game cannot start at ([`StartError`]), a move the rules do not allow
//! ([`IllegalMove`]).

use super::GameKind;

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
        /// What the rules refuse, as a clause: the game's own [`Rules::Invalid`](super::Rules::Invalid) in words.
        reason: String,
    },
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
