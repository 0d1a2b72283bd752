//! What the games' notations share: the state part after ` | ` that carries what the
//! spec's notation leaves out, so that a position's full text is its whole state.

use std::str::FromStr;

use super::ParseError;

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
