//! The cheat Kiust Oyun allows: a stick turned over, for a different throw.

use super::Throw;
use crate::games::{CheatInfo, CheatKind};

/// A stick turned over, for a different throw.
pub const TURN_STICK: CheatKind = CheatKind::of(&CheatInfo {
    key: "turn-stick",
    words: "turns a stick over",
    offer: "turn a stick over",
    told_at,
});

/// "turns a stick over, making the throw a 3 instead of a 2", at no place: the sticks lie
/// on the table, not on the board.
fn told_at(
    turn: CheatKind,
    at: &str,
    _: &mut dyn FnMut(&str) -> Option<String>,
) -> (String, Option<String>) {
    match at.split_once(" to ") {
        Some((was, made)) => (
            format!(
                "{}, making the throw {} instead of {}",
                turn.words(),
                Throw::said_of(made),
                Throw::said_of(was)
            ),
            None,
        ),
        None => (turn.words().to_owned(), None),
    }
}
