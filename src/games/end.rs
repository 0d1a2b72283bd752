//! How a game or round ended: a handle on the words of one way of ending. Each game
//! declares its own ends in its folder (a conquest is Tides of War's); this file holds
//! only what every game shares: the cap, a resignation, a forfeit.

use super::keyed::{self, Keyed, same};

/// What one way of ending says about itself: its key, its words and what a line may tell
/// of it. A game writes one for each of its own ends, and [`End::of`] makes the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndInfo {
    /// Its name as one kebab-case word, as JSON writes it: what bets on the way a game
    /// ends say (`all-captured`) and what the phrasebook's finish lines are filed under.
    pub key: &'static str,
    /// A word for it, for tables ("no moves left").
    pub word: &'static str,
    /// A few words on how a game ended this way, for the one-line match ("by conquest").
    pub how: &'static str,
    /// The same, for a game whose facts name the points that end it, with `{target}`
    /// standing for them ("at {target} points"); `None` says `how` whatever the target.
    pub how_at_target: Option<&'static str>,
    /// Whether a game that ends this way is always drawn (a truce: nobody wins).
    pub always_drawn: bool,
    /// Whether it must come by a capture or a crossing, whose place a finish line may
    /// name (a conquest, a massacre, every piece taken).
    pub made_at_a_place: bool,
    /// The key of the end every game shares ([`End::SHARED`]) that it is listed before in
    /// [`End::ALL`]: where bets' words and the phrasebook's finish lines list it.
    pub listed_before: &'static str,
}

/// How a game or round ended: a handle on its [`EndInfo`]. The ends every game shares are
/// constants here (`End::Cap`, `End::Resigned`, `End::Forfeit`); a game's own are
/// constants in its folder, listed in its [`Facts::ends`](super::Facts::ends).
///
/// Two ends are the same when their words are; they order as [`End::ALL`] lists them, an
/// end outside it after, by key. JSON writes an end as its key.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct End(&'static EndInfo);

impl End {
    /// The end these words describe.
    #[must_use]
    pub const fn of(info: &'static EndInfo) -> End {
        End(info)
    }

    /// Its words.
    #[must_use]
    pub fn info(self) -> &'static EndInfo {
        self.0
    }

    /// A cap on moves or turns ended it; the standing decides.
    #[allow(non_upper_case_globals)]
    pub const Cap: End = End(&EndInfo {
        key: "cap",
        word: "cap",
        how: "at the cap",
        how_at_target: None,
        always_drawn: false,
        made_at_a_place: false,
        listed_before: "",
    });

    /// Any game: a person at the table resigned (or their input ran out); the others'
    /// standing decides among them.
    #[allow(non_upper_case_globals)]
    pub const Resigned: End = End(&EndInfo {
        key: "resigned",
        word: "resigned",
        how: "by resignation",
        how_at_target: None,
        always_drawn: false,
        made_at_a_place: false,
        listed_before: "",
    });

    /// Any game: a cheat was seen and the tavern's rule made the game forfeit; the
    /// others' standing decides among them.
    #[allow(non_upper_case_globals)]
    pub const Forfeit: End = End(&EndInfo {
        key: "forfeit",
        word: "forfeit",
        how: "by forfeit",
        how_at_target: None,
        always_drawn: false,
        made_at_a_place: false,
        listed_before: "",
    });

    /// The ends every game shares, in the order [`End::ALL`] lists them; each game's own
    /// go before the one their [`EndInfo::listed_before`] names.
    pub const SHARED: [End; 3] = [End::Cap, End::Resigned, End::Forfeit];

    /// Whether a game that ends this way is always drawn (a truce: nobody wins), so that
    /// its own lines tell a draw and name no winner.
    #[must_use]
    pub fn always_drawn(self) -> bool {
        self.0.always_drawn
    }

    /// A word for the way it ended, for tables.
    #[must_use]
    pub fn word(self) -> &'static str {
        self.0.word
    }

    /// A few words on how a game ended this way, for the one-line match: "by conquest",
    /// "at 21 points" (`target`: the points that end the game, from its facts).
    #[must_use]
    pub fn how(self, target: Option<u8>) -> String {
        match (self.0.how_at_target, target) {
            (Some(said), Some(target)) => said.replace("{target}", &target.to_string()),
            _ => self.0.how.to_owned(),
        }
    }

    /// Whether a game ending this way must end by a capture or a crossing, whose place a
    /// finish line may name: a conquest, a massacre, every piece taken.
    #[must_use]
    pub fn made_at_a_place(self) -> bool {
        self.0.made_at_a_place
    }

    /// Its name as one kebab-case word, as JSON writes it: what bets on the way a game
    /// ends say (`all-captured`) and what the phrasebook's finish lines are filed under.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.0.key
    }

    /// Where [`End::ALL`] lists it, from 0 (an end outside it: after them all, at
    /// `End::ALL.len()`).
    #[must_use]
    pub fn index(self) -> usize {
        End::ALL
            .iter()
            .position(|&e| e == self)
            .unwrap_or(End::ALL.len())
    }

    /// The end of [`End::ALL`] whose key is `key`, as [`End::key`] writes it.
    #[must_use]
    pub fn from_key(key: &str) -> Option<End> {
        End::ALL.into_iter().find(|e| e.key() == key)
    }
}

/// Whether `ends[..n]` holds an end of `end`'s key.
const fn holds(ends: &[End], n: usize, end: End) -> bool {
    let mut i = 0;
    while i < n {
        if same(ends[i].0.key, end.0.key) {
            return true;
        }
        i += 1;
    }
    false
}

/// Every end of `games` (each a game's [`Facts::ends`](super::Facts::ends)) and every
/// shared one, once each, in [`End::ALL`]'s order, into `out` (which may be too short: it
/// takes what fits), and how many there are.
///
/// # Panics
/// At compile time, for [`End::ALL`]: a game's own end listed before no shared end.
const fn walk(games: &[&[End]], out: &mut [End]) -> usize {
    let mut n = 0;
    let mut s = 0;
    while s < End::SHARED.len() {
        let shared = End::SHARED[s];
        let mut g = 0;
        while g < games.len() {
            let mut i = 0;
            while i < games[g].len() {
                let end = games[g][i];
                let listed = same(end.0.listed_before, shared.0.key);
                if listed && !holds(&End::SHARED, End::SHARED.len(), end) && !holds(out, n, end) {
                    if n < out.len() {
                        out[n] = end;
                    }
                    n += 1;
                }
                i += 1;
            }
            g += 1;
        }
        if n < out.len() {
            out[n] = shared;
        }
        n += 1;
        s += 1;
    }
    n
}

/// How many ends [`listed`] lists for `games`.
///
/// # Panics
/// At compile time, for more than 64 ends.
pub(super) const fn count(games: &[&[End]]) -> usize {
    let mut scratch = [End::Cap; 64];
    let n = walk(games, &mut scratch);
    assert!(n <= scratch.len(), "more ends than the count can hold");
    n
}

/// The ends of `games` and the shared ones, as [`End::ALL`] lists them: `N` must be
/// [`count`]'s.
///
/// # Panics
/// At compile time: a game's own end listed before no end every game shares (it would be
/// listed nowhere).
pub(super) const fn listed<const N: usize>(games: &[&[End]]) -> [End; N] {
    let mut out = [End::Cap; N];
    walk(games, &mut out);
    let mut g = 0;
    while g < games.len() {
        let mut i = 0;
        while i < games[g].len() {
            assert!(
                holds(&out, N, games[g][i]),
                "a game's end is listed before no end every game shares"
            );
            i += 1;
        }
        g += 1;
    }
    out
}

/// The keys of `ends`, in their order.
pub(super) const fn keys<const N: usize>(ends: &[End; N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = ends[i].0.key;
        i += 1;
    }
    out
}

// Hashed by its key, printed for debugging as the variant's name (`AllCaptured`), ordered
// as `End::ALL` lists it, written and read as its key.
keyed::keyed_impls!(End, key, listed);

impl Keyed for End {
    const NAME: &'static str = "End";
    const KEYS: &'static [&'static str] = &End::KEYS;

    fn from_key(key: &str) -> Option<End> {
        End::from_key(key)
    }

    fn nth(index: usize) -> Option<End> {
        End::ALL.get(index).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, kiust, oicus, pic, tides};

    /// The keys and words of every end, by hand, in the order the enum that held them all
    /// listed them (and its derived `Ord` sorted them): the order bets' words and the
    /// phrasebook's finish lines keep.
    const BY_HAND: [(&str, &str, &str); 11] = [
        ("conquest", "conquest", "by conquest"),
        ("massacre", "massacre", "by massacre"),
        ("blockade", "blockade", "by blockade"),
        ("truce", "truce", "in a truce"),
        ("no-moves", "no moves left", "when the moves ran out"),
        ("all-captured", "all captured", "with every piece taken"),
        ("cap", "cap", "at the cap"),
        ("points", "21 points", "on points"),
        ("stalled", "stalled", "when play stalled"),
        ("resigned", "resigned", "by resignation"),
        ("forfeit", "forfeit", "by forfeit"),
    ];

    #[test]
    fn every_end_is_listed_in_the_old_order_with_its_old_words() {
        let said: Vec<(&str, &str, String)> = End::ALL
            .iter()
            .map(|e| (e.key(), e.word(), e.how(None)))
            .collect();
        let by_hand: Vec<(&str, &str, String)> = BY_HAND
            .iter()
            .map(|&(k, w, h)| (k, w, h.to_owned()))
            .collect();
        assert_eq!(said, by_hand);
        assert_eq!(End::KEYS.to_vec(), BY_HAND.map(|(k, _, _)| k).to_vec());
        // Only the points say the target, when the game has one.
        assert_eq!(oicus::POINTS.how(Some(21)), "at 21 points");
        assert_eq!(tides::CONQUEST.how(Some(21)), "by conquest");
        // A truce alone is always drawn; a conquest, a massacre and every piece taken
        // come at a place.
        let drawn: Vec<End> = End::ALL.into_iter().filter(|e| e.always_drawn()).collect();
        assert_eq!(drawn, [tides::TRUCE]);
        let placed: Vec<End> = End::ALL
            .into_iter()
            .filter(|e| e.made_at_a_place())
            .collect();
        assert_eq!(
            placed,
            [tides::CONQUEST, tides::MASSACRE, kiust::ALL_CAPTURED]
        );
    }

    #[test]
    fn each_game_declares_its_own_ends_and_the_rest_are_shared() {
        // By the rule books: the ends each game's folder declares, and the cap.
        let by_hand: [(GameKind, &[End]); 4] = [
            (
                GameKind::TidesOfWar,
                &[
                    tides::CONQUEST,
                    tides::MASSACRE,
                    tides::BLOCKADE,
                    tides::TRUCE,
                ],
            ),
            (GameKind::Pic, &[pic::NO_MOVES, End::Cap]),
            (GameKind::KiustOyun, &[kiust::ALL_CAPTURED, End::Cap]),
            (
                GameKind::Oicustiytac,
                &[oicus::POINTS, oicus::STALLED, End::Cap],
            ),
        ];
        assert_eq!(by_hand.map(|(k, _)| k), GameKind::ALL);
        for (kind, ends) in by_hand {
            assert_eq!(kind.facts().ends, ends, "{kind}");
        }
        // Every end of the list is some game's or shared, and each is listed once.
        for end in End::ALL {
            let games = GameKind::ALL
                .iter()
                .filter(|k| k.facts().ends.contains(&end))
                .count();
            assert!(games >= 1 || End::SHARED.contains(&end), "{end:?}");
            assert_eq!(End::ALL.iter().filter(|&&e| e == end).count(), 1, "{end:?}");
        }
        // A game's own end names the shared end it is listed before.
        for kind in GameKind::ALL {
            for end in kind.facts().ends {
                let before = end.info().listed_before;
                assert!(
                    End::SHARED.contains(end) || End::SHARED.iter().any(|s| s.key() == before),
                    "{end:?} before `{before}`"
                );
            }
        }
    }

    #[test]
    fn json_writes_an_end_as_its_old_word_and_reads_it_back() {
        // What `#[serde(rename_all = "kebab-case")]` wrote for the variants, by hand.
        let by_hand = [
            (kiust::ALL_CAPTURED, "\"all-captured\""),
            (pic::NO_MOVES, "\"no-moves\""),
            (tides::TRUCE, "\"truce\""),
            (oicus::POINTS, "\"points\""),
            (End::Forfeit, "\"forfeit\""),
        ];
        for (end, json) in by_hand {
            assert_eq!(serde_json::to_string(&end).unwrap(), json);
            assert_eq!(serde_json::from_str::<End>(json).unwrap(), end, "{json}");
        }
        let err = serde_json::from_str::<End>("\"sunrise\"").unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown variant `sunrise`, expected one of `conquest`, `massacre`, `blockade`, \
             `truce`, `no-moves`, `all-captured`, `cap`, `points`, `stalled`, `resigned`, \
             `forfeit` at line 1 column 9"
        );
        // What the derived enum said of other JSON, and read, by hand.
        let err = |json: &str| serde_json::from_str::<End>(json).unwrap_err().to_string();
        assert_eq!(err("3"), "expected value at line 1 column 1");
        assert_eq!(
            err("{\"cap\": 3}"),
            "invalid type: integer `3`, expected unit at line 1 column 9"
        );
        assert_eq!(
            serde_json::from_str::<End>("{\"no-moves\": null}").unwrap(),
            pic::NO_MOVES
        );
    }

    #[test]
    fn an_end_is_debugged_as_its_old_variant_and_matched_as_a_constant() {
        let names: Vec<String> = End::ALL.iter().map(|e| format!("{e:?}")).collect();
        assert_eq!(
            names,
            [
                "Conquest",
                "Massacre",
                "Blockade",
                "Truce",
                "NoMoves",
                "AllCaptured",
                "Cap",
                "Points",
                "Stalled",
                "Resigned",
                "Forfeit"
            ]
        );
        let drawn = |e: End| match e {
            tides::TRUCE => "truce",
            End::Cap | End::Resigned => "table",
            _ => "other",
        };
        let said: Vec<&str> = [tides::TRUCE, End::Cap, End::Resigned, pic::NO_MOVES]
            .into_iter()
            .map(drawn)
            .collect();
        assert_eq!(said, ["truce", "table", "table", "other"]);
    }

    /// An end made up here: a game outside the registry could declare it.
    const HOME: End = End::of(&HOME_INFO);

    /// Its words.
    const HOME_INFO: EndInfo = EndInfo {
        key: "home",
        word: "home",
        how: "at home",
        how_at_target: None,
        always_drawn: false,
        made_at_a_place: false,
        listed_before: "resigned",
    };

    #[test]
    fn ends_sort_as_the_list_gives_them_and_a_made_up_one_after() {
        let mut shuffled: Vec<End> = End::ALL.into_iter().rev().collect();
        shuffled.swap(2, 7);
        shuffled.push(HOME);
        shuffled.sort();
        let mut expected = End::ALL.to_vec();
        expected.push(HOME);
        assert_eq!(shuffled, expected);
        // Two made up after the list, by key; the same words are the same end.
        const AWAY: End = End::of(&EndInfo {
            key: "away",
            ..HOME_INFO
        });
        const AGAIN: End = End::of(&HOME_INFO);
        let (away, again) = (AWAY, AGAIN);
        assert!(away < HOME && End::Forfeit < away);
        assert_eq!(again, HOME);
        assert_eq!(HOME.index(), End::ALL.len());
        assert_eq!(End::from_key("home"), None);
        assert!(serde_json::from_str::<End>("\"home\"").is_err());
        assert_eq!(serde_json::to_string(&HOME).unwrap(), "\"home\"");
    }
}
