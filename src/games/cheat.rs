//! What a cheat does: a handle on the words of one game's cheat. Each game that allows one
//! declares it in its folder (`<game>/cheat.rs`); this file holds what every cheat says
//! about itself, and no cheat of its own.

use super::keyed;

/// How a cheat says what it did at a place: `(the cheat, its place as the table logged it,
/// a move of the game in words)` to the words for the storyteller and the place alone when
/// a line may name one (see [`CheatKind::told_at`]).
pub type ToldAt =
    fn(CheatKind, &str, &mut dyn FnMut(&str) -> Option<String>) -> (String, Option<String>);

/// What one cheat says about itself. A game that allows a cheat writes one, and
/// [`CheatKind::of`] makes the cheat.
#[derive(Clone, Copy)]
pub struct CheatInfo {
    /// Its name as one kebab-case word, as JSON writes it (`turn-stick`).
    pub key: &'static str,
    /// A few words for it: "nudges a stone one point".
    pub words: &'static str,
    /// The cheat offered to a person who asks to cheat: "nudge a stone one point".
    pub offer: &'static str,
    /// The cheat done at a place, in words, and the place alone when a line may name one.
    pub told_at: ToldAt,
}

/// What a cheat does, in a game that allows one: a handle on its [`CheatInfo`], a constant
/// in the game's folder.
///
/// Two cheats are the same when their keys are. JSON writes a cheat as its key; it prints
/// for debugging as the enum's variant did (`TurnStick`).
#[derive(Clone, Copy)]
pub struct CheatKind(&'static CheatInfo);

impl CheatKind {
    /// The cheat these words describe.
    #[must_use]
    pub const fn of(info: &'static CheatInfo) -> CheatKind {
        CheatKind(info)
    }

    /// Its words.
    #[must_use]
    pub fn info(self) -> &'static CheatInfo {
        self.0
    }

    /// Its name as one kebab-case word, as JSON writes it.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.0.key
    }

    /// A few words for it: "nudges a stone", "palms a counter".
    #[must_use]
    pub fn words(self) -> &'static str {
        self.0.words
    }

    /// The cheat offered to a person who asks to cheat: "nudge a stone one point".
    #[must_use]
    pub fn offer(self) -> &'static str {
        self.0.offer
    }

    /// The cheat done at `at` (its place as the table logged it) in words for the
    /// storyteller, and the place alone when a line may name one: "palms a counter from
    /// heap 12" at "heap 12"; "nudges a stone one point, from f3 to e3" at "f3"; "turns a
    /// stick over, making the throw a 3 instead of a 2" at no place. `move_words` gives a
    /// move of the game in words, with the cheat's pronouns (an extra stone's place is the
    /// move it was slipped into).
    #[must_use]
    pub fn told_at(
        self,
        at: &str,
        move_words: impl FnOnce(&str) -> Option<String>,
    ) -> (String, Option<String>) {
        let mut once = Some(move_words);
        let mut move_words = |mv: &str| once.take().and_then(|f| f(mv));
        (self.0.told_at)(self, at, &mut move_words)
    }

    /// The words "`words` at `at`", at `at`: how a cheat made at one place is told.
    #[must_use]
    pub fn at_place(self, at: &str) -> (String, Option<String>) {
        (format!("{} at {at}", self.words()), Some(at.to_owned()))
    }
}

impl PartialEq for CheatKind {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for CheatKind {}

// Hashed by its key, printed for debugging as the variant's name (`TurnStick`), written as
// its key.
keyed::keyed_impls!(CheatKind, key);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{kiust, oicus, pic, tides};

    /// By hand, from the words each cheat is offered in and the throws' notation.
    #[test]
    fn each_cheat_tells_what_it_did_and_where() {
        let told = |kind: CheatKind, at: &str| kind.told_at(at, |_| None);
        let pair = |what: &str, at: Option<&str>| (what.to_owned(), at.map(str::to_owned));
        assert_eq!(
            told(pic::PALM, "heap 12"),
            pair("palms a counter from heap 12", Some("heap 12"))
        );
        assert_eq!(
            told(tides::NUDGE, "f3 to e3"),
            pair("nudges a stone one point, from f3 to e3", Some("f3"))
        );
        assert_eq!(
            told(tides::NUDGE, "c4"),
            pair("nudges a stone one point at c4", Some("c4"))
        );
        assert_eq!(
            told(kiust::TURN_STICK, "2 to 3"),
            pair(
                "turns a stick over, making the throw a 3 instead of a 2",
                None
            )
        );
        assert_eq!(
            told(kiust::TURN_STICK, "KIUST to 6x4"),
            pair(
                "turns a stick over, making the throw four sixes instead of a kiust",
                None
            )
        );
        assert_eq!(
            told(kiust::TURN_STICK, "9 to 3").0.matches("a 9").count(),
            1
        );
        assert_eq!(
            oicus::EXTRA_STONE.told_at("W5", |mv| (mv == "W5")
                .then(|| "whelps a stone into her fifth trap".to_owned())),
            pair(
                "sneaks an extra action into the turn and whelps a stone into her fifth trap",
                None
            )
        );
        assert_eq!(
            told(oicus::EXTRA_STONE, "trap 3"),
            pair(
                "slips an extra stone onto the board at trap 3",
                Some("trap 3")
            )
        );
    }

    #[test]
    fn json_writes_each_cheat_as_its_old_word_and_debug_its_old_variant() {
        // What `#[serde(rename_all = "kebab-case")]` and the derived `Debug` wrote for the
        // enum's variants, by hand.
        let by_hand = [
            (tides::NUDGE, "\"nudge\"", "Nudge"),
            (pic::PALM, "\"palm\"", "Palm"),
            (kiust::TURN_STICK, "\"turn-stick\"", "TurnStick"),
            (oicus::EXTRA_STONE, "\"extra-stone\"", "ExtraStone"),
        ];
        for (cheat, json, debug) in by_hand {
            assert_eq!(serde_json::to_string(&cheat).unwrap(), json);
            assert_eq!(format!("{cheat:?}"), debug);
        }
        // The words each is offered in, by hand; each cheat is itself and no other.
        let offers = by_hand.map(|(c, _, _)| c.offer());
        assert_eq!(
            offers,
            [
                "nudge a stone one point",
                "palm a counter from a heap",
                "turn a stick over",
                "slip an extra stone onto the board"
            ]
        );
        for (i, (a, _, _)) in by_hand.iter().enumerate() {
            for (j, (b, _, _)) in by_hand.iter().enumerate() {
                assert_eq!(a == b, i == j, "{a:?} {b:?}");
            }
        }
    }
}
