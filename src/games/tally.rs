//! A figure counted for each player of a game: a handle on its words. Each game declares
//! its own tallies in its folder (the kiusts thrown are Kiust Oyun's); this file holds only
//! what games share: the points and the captures.

use super::keyed::{self, Keyed, before, same};

/// What one tally says about itself. A game writes one for each of its own tallies, and
/// [`Tally::of`] makes the tally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TallyInfo {
    /// The word used in bets and table columns, as JSON and TOML write it (`kiusts`).
    pub word: &'static str,
    /// What a bet on it backs, in prose: "to throw more kiusts".
    pub phrase: &'static str,
}

/// A figure counted for each player of a game: the result tables show it and side bets
/// are settled on it, from the same count. A handle on its [`TallyInfo`]: the tallies
/// games share are constants here (`Tally::Points`, `Tally::Captures`); a game's own are
/// constants in its folder, listed in its [`Facts::tallies`](super::Facts::tallies).
///
/// Two tallies are the same when their words are; they order as [`Tally::ALL`] lists
/// them, a tally outside it after, by word. JSON and TOML write a tally as its word.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Tally(&'static TallyInfo);

impl Tally {
    /// The tally these words describe.
    #[must_use]
    pub const fn of(info: &'static TallyInfo) -> Tally {
        Tally(info)
    }

    /// Its words.
    #[must_use]
    pub fn info(self) -> &'static TallyInfo {
        self.0
    }

    /// The game's own score at the end (points, counters), not an event count.
    #[allow(non_upper_case_globals)]
    pub const Points: Tally = Tally(&TallyInfo {
        word: "points",
        phrase: "to score more points",
    });

    /// Stones or pieces taken, and piç claimed (one each).
    #[allow(non_upper_case_globals)]
    pub const Captures: Tally = Tally(&TallyInfo {
        word: "captures",
        phrase: "to make more captures",
    });

    /// The tallies games share, first in [`Tally::ALL`], in its order.
    pub const SHARED: [Tally; 2] = [Tally::Points, Tally::Captures];

    /// The word used in bets and table columns.
    #[must_use]
    pub fn word(self) -> &'static str {
        self.0.word
    }

    /// The tally of [`Tally::ALL`] that `word` names, as [`Tally::word`] writes it.
    #[must_use]
    pub fn from_word(word: &str) -> Option<Tally> {
        Tally::ALL.into_iter().find(|t| t.word() == word)
    }

    /// What a bet on it backs, in prose: "to score more points".
    #[must_use]
    pub fn phrase(self) -> &'static str {
        self.0.phrase
    }

    /// Where [`Tally::ALL`] lists it, from 0 (a tally outside it: after them all, at
    /// `Tally::ALL.len()`).
    #[must_use]
    pub fn index(self) -> usize {
        Tally::ALL
            .iter()
            .position(|&t| t == self)
            .unwrap_or(Tally::ALL.len())
    }
}

/// Whether `tallies[..n]` holds a tally of `tally`'s word.
const fn holds(tallies: &[Tally], n: usize, tally: Tally) -> bool {
    let mut i = 0;
    while i < n {
        if same(tallies[i].0.word, tally.0.word) {
            return true;
        }
        i += 1;
    }
    false
}

/// The shared tallies, then every tally of `games` (each a game's
/// [`Facts::tallies`](super::Facts::tallies)) not among them, once each, by word, into
/// `out`; and how many there are.
///
/// # Panics
/// At compile time, for more tallies than `out` holds.
const fn walk(games: &[&[Tally]], out: &mut [Tally]) -> usize {
    let mut n = 0;
    while n < Tally::SHARED.len() {
        out[n] = Tally::SHARED[n];
        n += 1;
    }
    let mut g = 0;
    while g < games.len() {
        let mut i = 0;
        while i < games[g].len() {
            let tally = games[g][i];
            if !holds(out, n, tally) {
                assert!(n < out.len(), "more tallies than the list can hold");
                // Into its place by word among the games' own found so far.
                let mut at = n;
                while at > Tally::SHARED.len() && before(tally.0.word, out[at - 1].0.word) {
                    out[at] = out[at - 1];
                    at -= 1;
                }
                out[at] = tally;
                n += 1;
            }
            i += 1;
        }
        g += 1;
    }
    n
}

/// How many tallies [`listed`] lists for `games`.
///
/// # Panics
/// At compile time, for more than 64 tallies.
pub(super) const fn count(games: &[&[Tally]]) -> usize {
    walk(games, &mut [Tally::Points; 64])
}

/// The tallies of `games` and the shared ones, as [`Tally::ALL`] lists them: `N` must be
/// [`count`]'s.
pub(super) const fn listed<const N: usize>(games: &[&[Tally]]) -> [Tally; N] {
    let mut out = [Tally::Points; N];
    walk(games, &mut out);
    out
}

/// The words of `tallies`, in their order.
pub(super) const fn words<const N: usize>(tallies: &[Tally; N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = tallies[i].0.word;
        i += 1;
    }
    out
}

impl Keyed for Tally {
    const NAME: &'static str = "Tally";
    const KEYS: &'static [&'static str] = &Tally::WORDS;

    fn from_key(key: &str) -> Option<Tally> {
        Tally::from_word(key)
    }

    fn nth(index: usize) -> Option<Tally> {
        Tally::ALL.get(index).copied()
    }
}

// Hashed by its word, printed for debugging as the variant's name (`Kiusts`), ordered as
// `Tally::ALL` lists it, written and read as its word.
keyed::keyed_impls!(Tally, word, listed);

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::games::{GameKind, kiust, oicus};

    /// The words and phrases of every tally, by hand, in the order the enum that held them
    /// all listed them (and its derived `Ord` sorted them).
    const BY_HAND: [(&str, &str, &str); 5] = [
        ("points", "Points", "to score more points"),
        ("captures", "Captures", "to make more captures"),
        ("down", "Down", "to bring down more stones"),
        ("home", "Home", "to bring home more stones"),
        ("kiusts", "Kiusts", "to throw more kiusts"),
    ];

    #[test]
    fn every_tally_is_listed_in_the_old_order_with_its_old_words() {
        let said: Vec<(&str, String, &str)> = Tally::ALL
            .iter()
            .map(|t| (t.word(), format!("{t:?}"), t.phrase()))
            .collect();
        let by_hand: Vec<(&str, String, &str)> = BY_HAND
            .iter()
            .map(|&(w, d, p)| (w, d.to_owned(), p))
            .collect();
        assert_eq!(said, by_hand);
        assert_eq!(Tally::WORDS.to_vec(), BY_HAND.map(|(w, _, _)| w).to_vec());
        assert_eq!(
            [oicus::DOWN, oicus::HOME, kiust::KIUSTS].map(Tally::index),
            [2, 3, 4]
        );
    }

    #[test]
    fn each_game_declares_its_own_tallies_and_shares_the_rest() {
        // By the rule books: what each game counts per player, in its table's order.
        let by_hand: [(GameKind, &[Tally]); 4] = [
            (GameKind::TidesOfWar, &[Tally::Captures]),
            (GameKind::Pic, &[Tally::Points, Tally::Captures]),
            (GameKind::KiustOyun, &[Tally::Captures, kiust::KIUSTS]),
            (
                GameKind::Oicustiytac,
                &[Tally::Points, oicus::DOWN, oicus::HOME],
            ),
        ];
        assert_eq!(by_hand.map(|(k, _)| k), GameKind::ALL);
        for (kind, tallies) in by_hand {
            assert_eq!(kind.facts().tallies, tallies, "{kind}");
        }
        // Every tally of the list is some game's, and listed once.
        for tally in Tally::ALL {
            assert!(
                GameKind::ALL
                    .iter()
                    .any(|k| k.facts().tallies.contains(&tally)),
                "{tally:?}"
            );
            assert_eq!(Tally::ALL.iter().filter(|&&t| t == tally).count(), 1);
        }
    }

    /// A tally made up here: a game outside the registry could declare it.
    const CROWNS: Tally = Tally::of(&TallyInfo {
        word: "crowns",
        phrase: "to crown more kings",
    });

    #[test]
    fn tallies_sort_as_the_list_gives_them_and_a_made_up_one_after() {
        let mut shuffled: Vec<Tally> = Tally::ALL.into_iter().rev().collect();
        shuffled.swap(0, 3);
        shuffled.push(CROWNS);
        shuffled.sort();
        let mut expected = Tally::ALL.to_vec();
        expected.push(CROWNS);
        assert_eq!(shuffled, expected);
        // The list: the shared first, then the games' own by word, whatever the order of
        // the games given.
        let games: [&[Tally]; 3] = [&[CROWNS, Tally::Captures], &[kiust::KIUSTS], &[oicus::DOWN]];
        let n = count(&games);
        assert_eq!(n, 5);
        let made: [Tally; 5] = listed(&games);
        assert_eq!(
            made.map(Tally::word),
            ["points", "captures", "crowns", "down", "kiusts"]
        );
        assert_eq!(Tally::from_word("crowns"), None);
        assert_eq!(CROWNS.index(), Tally::ALL.len());
        assert_eq!(serde_json::to_string(&CROWNS).unwrap(), "\"crowns\"");
    }

    #[test]
    fn json_and_toml_write_a_tally_as_its_old_word_and_read_it_back() {
        for (tally, word) in Tally::ALL.into_iter().zip(BY_HAND.map(|(w, _, _)| w)) {
            let json = format!("\"{word}\"");
            assert_eq!(serde_json::to_string(&tally).unwrap(), json);
            assert_eq!(serde_json::from_str::<Tally>(&json).unwrap(), tally);
        }
        // As the keys of a map, in the list's order, as a result table writes them.
        let counted = BTreeMap::from([(kiust::KIUSTS, 2), (Tally::Captures, 5)]);
        let json = serde_json::to_string(&counted).unwrap();
        assert_eq!(json, r#"{"captures":5,"kiusts":2}"#);
        let back: BTreeMap<Tally, i64> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, counted);
        let toml_text = toml::to_string(&counted).unwrap();
        assert_eq!(toml_text, "captures = 5\nkiusts = 2\n");
        assert_eq!(
            toml::from_str::<BTreeMap<Tally, i64>>(&toml_text).unwrap(),
            counted
        );
        // What the derived enum said of other JSON, by hand.
        let err = |json: &str| serde_json::from_str::<Tally>(json).unwrap_err().to_string();
        assert_eq!(
            err("\"kiust\""),
            "unknown variant `kiust`, expected one of `points`, `captures`, `down`, `home`, \
             `kiusts` at line 1 column 7"
        );
        assert_eq!(err("3"), "expected value at line 1 column 1");
        assert_eq!(
            serde_json::from_str::<Tally>("{\"home\": null}").unwrap(),
            oicus::HOME
        );
    }
}
