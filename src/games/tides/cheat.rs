//! The cheat Tides of War allows: a stone nudged one point while nobody looks.

use crate::games::{CheatInfo, CheatKind};

/// A stone nudged one point while nobody looks.
pub const NUDGE: CheatKind = CheatKind::of(&CheatInfo {
    key: "nudge",
    words: "nudges a stone one point",
    offer: "nudge a stone one point",
    told_at,
});

/// "nudges a stone one point, from f3 to e3" at f3; a nudge logged at one point, at it.
fn told_at(
    nudge: CheatKind,
    at: &str,
    _: &mut dyn FnMut(&str) -> Option<String>,
) -> (String, Option<String>) {
    match at.split_once(" to ") {
        Some((from, _)) => (
            format!("{}, from {at}", nudge.words()),
            Some(from.to_owned()),
        ),
        None => nudge.at_place(at),
    }
}
