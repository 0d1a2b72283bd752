//! Moves in plain words, for the storyteller: each game says what a move of its own
//! does ("steps a stone onto the river at c4", "whelps two stones into {their} eighth and
//! ninth traps"), so no notation is read out at the table and no rule is written twice.
//! The [`Words`] extension of the rules is implemented by each game beside its moves'
//! notation (`<game>/moves.rs`); the helpers here put numbers into words.

use super::told::{GameMoment, Noted};
use super::{Event, GameKind, Played, Rules, Seat};

/// What the storyteller says of a game's moves: the extension of [`Rules`] that the
/// narrator, `replay` and the seats people play read.
pub trait Words: Rules {
    /// The game's rules as taproom plays them, written for players: the Markdown of its
    /// page in `docs/rules/`, built into the binary (`taproom rules` lays it out).
    const RULES_PAGE: &'static str;

    /// The game's name short enough for a column heading ("Tides", "Òicus.").
    const HEADING: &'static str;

    /// The game's cheat as a habit, done once and more than once ("palming a counter",
    /// "palming counters"): what the storyteller's sums of cheats caught say.
    const CHEAT_HABIT: [&'static str; 2] = ["cheating", "cheating"];

    /// The move in plain words for the storyteller: a verb phrase of its mover ("steps a
    /// stone from e1 to f1"), with `{their}` standing for the mover's possessive, and no
    /// notation. The default is the notation itself.
    fn move_words(mv: Self::Move, mover: Seat) -> String {
        let _ = mover;
        mv.to_string()
    }

    /// The game's section of the phrasebook, built into the binary: TOML with one table
    /// named by the game's id (`[pic]`), holding lines by moment as `data/phrases.toml`'s
    /// `[common]` does, which they override for this game. None by default: the common
    /// lines serve.
    const PHRASES: &'static str = "";

    /// The game's own moments (see [`GameMoment`]), in the order its phrasebook section
    /// lists them: none by default.
    const MOMENTS: &'static [GameMoment] = &[];

    /// The moment of the game's own that an event of its first-turn ceremony makes (the
    /// lot and the first turn won are every game's, told by the narrator): none by
    /// default.
    fn ceremony_moment(event: &Event) -> Option<Noted> {
        let _ = event;
        None
    }

    /// The moment of the game's own that an event of play makes (captures, passes and
    /// the end are every game's, told by the narrator): `steps` holds the events of each
    /// step of the game, and the event is one of step `at`'s. None by default.
    fn play_moment(steps: &[&[Event]], at: usize, event: &Event) -> Option<Noted> {
        let _ = (steps, at, event);
        None
    }
}

/// "first" to "tenth"; past ten, the number.
#[must_use]
pub fn ordinal(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    WORDS
        .get(n.wrapping_sub(1))
        .map_or_else(|| format!("{n}th"), |w| (*w).to_owned())
}

/// "one" to "twelve"; past twelve, the number.
#[must_use]
pub fn number(n: usize) -> String {
    const WORDS: [&str; 12] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    WORDS
        .get(n.wrapping_sub(1))
        .map_or_else(|| n.to_string(), |w| (*w).to_owned())
}

/// "a stone", "two stones", "three stones".
#[must_use]
pub fn stones(n: usize) -> String {
    match n {
        1 => "a stone".to_owned(),
        2 => "two stones".to_owned(),
        3 => "three stones".to_owned(),
        n => format!("{n} stones"),
    }
}

/// The rules page of a game ([`Words::RULES_PAGE`]).
#[must_use]
pub fn rules_page(kind: GameKind) -> &'static str {
    with_game!(kind, G => <G as Words>::RULES_PAGE)
}

/// The name of a game for a column heading ([`Words::HEADING`]).
#[must_use]
pub fn heading(kind: GameKind) -> &'static str {
    with_game!(kind, G => <G as Words>::HEADING)
}

/// A game's own moments ([`Words::MOMENTS`]).
#[must_use]
pub fn moments(kind: GameKind) -> &'static [GameMoment] {
    with_game!(kind, G => <G as Words>::MOMENTS)
}

/// The move written `text` in plain words, for the seat that made it; `None` when the
/// text is not a move of the game (a log from elsewhere).
#[must_use]
pub fn move_words(kind: GameKind, text: &str, mover: Seat) -> Option<String> {
    with_game!(kind, G => move_words_of::<G>(&Played::from(text), mover))
}

/// [`move_words`] for a game of type `G`, a game of the registry or not.
#[must_use]
pub fn move_words_of<G: Rules + Words>(mv: &Played, mover: Seat) -> Option<String> {
    mv.parse::<<G as Rules>::Move>()
        .ok()
        .map(|mv| G::move_words(mv, mover))
}

/// What code that reads a log, not knowing its game's type (the narrator), asks the
/// game for: its [`Words`], as plain values and functions, made for a game of the
/// registry or not ([`Spoken::of`]).
#[derive(Clone, Copy)]
pub struct Spoken {
    /// A move written as text, in plain words ([`move_words_of`]).
    pub move_words: fn(&Played, Seat) -> Option<String>,
    /// The moment of the game's own an event of its ceremony makes
    /// ([`Words::ceremony_moment`]).
    pub ceremony_moment: fn(&Event) -> Option<Noted>,
    /// The moment of the game's own an event of play makes ([`Words::play_moment`]).
    pub play_moment: fn(&[&[Event]], usize, &Event) -> Option<Noted>,
    /// Its cheat as a habit, once and again ([`Words::CHEAT_HABIT`]).
    pub cheat_habit: [&'static str; 2],
    /// Its section of the phrasebook ([`Words::PHRASES`]).
    pub phrases: &'static str,
}

impl Spoken {
    /// The words of `G`.
    #[must_use]
    pub fn of<G: Rules + Words>() -> Spoken {
        Spoken {
            move_words: move_words_of::<G>,
            ceremony_moment: G::ceremony_moment,
            play_moment: G::play_moment,
            cheat_habit: G::CHEAT_HABIT,
            phrases: G::PHRASES,
        }
    }

    /// The words of a game of the registry.
    #[must_use]
    pub fn of_kind(kind: GameKind) -> Spoken {
        with_game!(kind, G => Spoken::of::<G>())
    }

    /// The game's cheat as a habit, done `count` times.
    #[must_use]
    pub fn habit(&self, count: u32) -> &'static str {
        let [one, many] = self.cheat_habit;
        if count == 1 { one } else { many }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// By hand, from the rule books' cheats: one of each game's, then several.
    #[test]
    fn every_game_names_its_cheat_as_a_habit() {
        let cases = [
            (GameKind::TidesOfWar, "nudging a stone", "nudging stones"),
            (GameKind::Pic, "palming a counter", "palming counters"),
            (GameKind::KiustOyun, "turning a stick", "turning sticks"),
            (
                GameKind::Oicustiytac,
                "sneaking in an extra stone",
                "sneaking in extra stones",
            ),
        ];
        for (kind, one, many) in cases {
            assert_eq!(Spoken::of_kind(kind).habit(1), one, "{kind}");
            assert_eq!(Spoken::of_kind(kind).habit(2), many, "{kind}");
            assert_eq!(Spoken::of_kind(kind).habit(7), many, "{kind}");
        }
    }

    #[test]
    fn every_game_tells_its_moves_without_notation() {
        let cases = [
            (
                GameKind::TidesOfWar,
                "e1-f1",
                0,
                "steps a stone onto the river at f1",
            ),
            (
                GameKind::TidesOfWar,
                "d1-e1",
                0,
                "steps a stone from d1 to e1",
            ),
            (
                GameKind::TidesOfWar,
                "b4-c4",
                0,
                "steps a stone onto the river at c4",
            ),
            (GameKind::TidesOfWar, "c4-d4", 0, "crosses the river to d4"),
            (
                GameKind::TidesOfWar,
                "c3xe5",
                0,
                "jumps from c3 over d4 to e5",
            ),
            (
                GameKind::TidesOfWar,
                "c3xe5xe3",
                0,
                "leaps from c3 in a chain of two jumps to e3",
            ),
            (GameKind::Pic, "4", 1, "sows {their} first heap"),
            (GameKind::Pic, "3", 0, "sows {their} third heap"),
            (GameKind::Pic, "-", 2, "passes"),
            (
                GameKind::KiustOyun,
                "a10-b12",
                0,
                "moves a man from a10 to b12",
            ),
            (
                GameKind::KiustOyun,
                "b2-c1",
                0,
                "crosses into the enemy row at c1",
            ),
            (
                GameKind::KiustOyun,
                "c2-b1",
                1,
                "crosses into the enemy row at b1",
            ),
            (
                GameKind::Oicustiytac,
                "W8+W9",
                0,
                "whelps two stones into {their} eighth and ninth traps",
            ),
            (
                GameKind::Oicustiytac,
                "W5",
                1,
                "whelps a stone into {their} fifth trap",
            ),
            (
                GameKind::Oicustiytac,
                "V6+D4-2",
                0,
                "sends a stone across from {their} sixth trap and brings one back from the other Land's fourth trap",
            ),
            (
                GameKind::Oicustiytac,
                "3V6",
                0,
                "sends three stones across from {their} sixth trap",
            ),
            (
                GameKind::Oicustiytac,
                "H1",
                0,
                "brings a stone home from {their} first trap",
            ),
            (GameKind::Oicustiytac, "-", 0, "passes"),
        ];
        for (kind, text, seat, words) in cases {
            assert_eq!(
                move_words(kind, text, Seat(seat)).as_deref(),
                Some(words),
                "{kind} {text}"
            );
        }
        assert_eq!(move_words(GameKind::Pic, "nonsense", Seat(0)), None);
    }
}
