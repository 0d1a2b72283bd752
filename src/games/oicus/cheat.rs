//! The cheat Òicustiỳtac's rule 2 names: more stones moved than a turn permits, one more
//! whelped.

use crate::games::{CheatInfo, CheatKind};

/// An extra stone slipped onto the board (rule 2).
pub const EXTRA_STONE: CheatKind = CheatKind::of(&CheatInfo {
    key: "extra-stone",
    words: "slips an extra stone onto the board",
    offer: "slip an extra stone onto the board",
    told_at,
});

/// Logged at a move: "sneaks an extra action into the turn and" the move in words, at no
/// place; logged at a place the move's words do not know, at it.
fn told_at(
    extra: CheatKind,
    at: &str,
    move_words: &mut dyn FnMut(&str) -> Option<String>,
) -> (String, Option<String>) {
    match move_words(at) {
        Some(w) => (
            format!("sneaks an extra action into the turn and {w}"),
            None,
        ),
        None => extra.at_place(at),
    }
}
