//! The cheat Piç allows: a counter palmed from a heap into the cheat's store.

use crate::games::{CheatInfo, CheatKind};

/// A counter palmed from a heap into the cheat's store.
pub const PALM: CheatKind = CheatKind::of(&CheatInfo {
    key: "palm",
    words: "palms a counter from a heap",
    offer: "palm a counter from a heap",
    told_at,
});

/// "palms a counter from heap 12" at heap 12.
fn told_at(
    _: CheatKind,
    at: &str,
    _: &mut dyn FnMut(&str) -> Option<String>,
) -> (String, Option<String>) {
    (format!("palms a counter from {at}"), Some(at.to_owned()))
}
