//! What a character means to do at the board beyond winning (a hustle, a thrown match), and
//! the party's own figures from their game system (`[dnd]`).
//!
//! These are read and checked here; what they do at the table is the table's and the
//! bookie's business.

use serde::Serialize;

use super::source::{Field, FileError, Table};
use crate::ai::Skill;
use crate::wager::Money;

/// `[hustle]`: plays below their skill until the stakes are worth it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Hustle {
    /// The skill shown (and what the bookie believes) until the stakes reach `until`.
    pub shows: Skill,
    /// Full skill once the stakes on the match (bets, antes and stakes) reach this.
    pub until: Money,
}

/// `[throw]`: loses on purpose, to some players always, or for a bribe.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Throw {
    /// The names of those they always lose to (checked against the table when seated).
    pub to: Vec<String>,
    /// The least bribe that buys a thrown match; `None` when they take no bribe.
    pub bribe: Option<Money>,
}

/// What a character intends at the board, beyond winning.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Intent {
    /// A hustle, if they run one.
    pub hustle: Option<Hustle>,
    /// A throw, if they will throw a match.
    pub throw: Option<Throw>,
}

impl Intent {
    /// True when they mean nothing but to win.
    #[must_use]
    pub fn is_plain(&self) -> bool {
        self.hustle.is_none() && self.throw.is_none()
    }
}

/// `[dnd]`: the party's figures, kept where the table that rolls them can name them.
pub use crate::table::checks::Dnd;

/// The keys `[dnd]` takes.
pub const DND_KEYS: [&str; 4] = [
    "sleight_of_hand",
    "passive_perception",
    "insight",
    "deception",
];

/// Reads `[hustle]` and `[throw]` from a character's root table.
pub(super) fn read_intent(root: &Table<'_, '_>) -> Result<Intent, FileError> {
    let hustle = root
        .get("hustle")
        .map(|f| read_hustle(&f.table()?))
        .transpose()?;
    let throw = root
        .get("throw")
        .map(|f| read_throw(&f.table()?))
        .transpose()?;
    if throw
        .as_ref()
        .is_some_and(|t| t.to.is_empty() && t.bribe.is_none())
    {
        return Err(root.key_error(
            "throw",
            "a [throw] needs `to` (whom they lose to) or `bribe` (their price), or both",
        ));
    }
    Ok(Intent { hustle, throw })
}

fn read_hustle(t: &Table<'_, '_>) -> Result<Hustle, FileError> {
    t.only(&["shows", "until"])?;
    let shows = super::skill::read_skill(&t.need("shows")?)?;
    let until = read_amount(&t.need("until")?)?;
    Ok(Hustle { shows, until })
}

fn read_throw(t: &Table<'_, '_>) -> Result<Throw, FileError> {
    t.only(&["to", "bribe"])?;
    let to = match t.get("to") {
        Some(f) => {
            let names = f.strings()?;
            if let Some(blank) = names.iter().position(|n| n.trim().is_empty()) {
                return Err(f.error(format!("name {} of the list is empty", blank + 1)));
            }
            names.into_iter().map(|n| n.trim().to_owned()).collect()
        }
        None => Vec::new(),
    };
    let bribe = t.get("bribe").map(|f| read_amount(&f)).transpose()?;
    Ok(Throw { to, bribe })
}

/// An amount like `"5 gp"`, more than nothing.
fn read_amount(f: &Field<'_, '_>) -> Result<Money, FileError> {
    let m: Money = f
        .str()?
        .parse()
        .map_err(|e: crate::wager::money::MoneyError| f.error(e.to_string()))?;
    if m == Money::ZERO {
        return Err(f.error("the amount is nothing; give one more than 0"));
    }
    if m > crate::wager::money::MAX_PURSE {
        return Err(f.error(format!(
            "{m} is more than the most taproom keeps in a purse, {}",
            crate::wager::money::MAX_PURSE
        )));
    }
    Ok(m)
}

/// Other systems' names for the same checks, taken in `[dnd]` (the alias, the key, the
/// system): Pathfinder 2e's Thievery and Perception DC, Pathfinder 1e's and D&D 3.5's
/// Sense Motive and Bluff.
pub const DND_ALIASES: [(&str, &str, &str); 4] = [
    ("thievery", "sleight_of_hand", "Pathfinder 2e"),
    ("perception_dc", "passive_perception", "Pathfinder 2e"),
    ("sense_motive", "insight", "Pathfinder 1e and D&D 3.5"),
    ("bluff", "deception", "Pathfinder 1e and D&D 3.5"),
];

/// The field giving `key` in `t`: under its own name or its alias; both is an error
/// placed at the alias.
fn dnd_field<'d, 'a>(t: &Table<'d, 'a>, key: &str) -> Result<Option<Field<'d, 'a>>, FileError> {
    let alias = DND_ALIASES.iter().find(|(_, k, _)| *k == key);
    let by_alias = alias.and_then(|(a, _, _)| t.get(a).map(|f| (a, f)));
    match (t.get(key), by_alias) {
        (Some(_), Some((a, _))) => Err(t.key_error(
            a,
            format!("`{a}` is another system's name for `{key}`, which is given too; keep one"),
        )),
        (own, None) => Ok(own),
        (None, Some((_, f))) => Ok(Some(f)),
    }
}

/// Reads `[dnd]` from a character's root table.
pub(super) fn read_dnd(root: &Table<'_, '_>) -> Result<Option<Dnd>, FileError> {
    let Some(field) = root.get("dnd") else {
        return Ok(None);
    };
    let t = field.table()?;
    let allowed: Vec<&str> = DND_KEYS
        .iter()
        .copied()
        .chain(DND_ALIASES.iter().map(|(a, _, _)| *a))
        .collect();
    t.only(&allowed)?;
    let modifier = |key: &str| -> Result<Option<i8>, FileError> {
        let Some(f) = dnd_field(&t, key)? else {
            return Ok(None);
        };
        let n = f.int()?;
        i8::try_from(n)
            .ok()
            .filter(|n| (-10..=20).contains(n))
            .map(Some)
            .ok_or_else(|| f.error(format!("a modifier is from -10 to +20, not {n}")))
    };
    let passive_perception = match dnd_field(&t, "passive_perception")? {
        Some(f) => {
            let n = f.int()?;
            Some(
                u8::try_from(n)
                    .ok()
                    .filter(|n| (1..=40).contains(n))
                    .ok_or_else(|| {
                        f.error(format!("passive Perception is from 1 to 40, not {n}"))
                    })?,
            )
        }
        None => None,
    };
    Ok(Some(Dnd {
        sleight_of_hand: modifier("sleight_of_hand")?,
        passive_perception,
        insight: modifier("insight")?,
        deception: modifier("deception")?,
    }))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::ai::Skill;
    use crate::roster::Character;
    use crate::wager::Money;

    const BASE: &str = "name = \"Sly Wil\"\nskill = 9\n";

    fn load(tail: &str) -> Result<Character, crate::roster::FileError> {
        Character::from_toml(Path::new("wil.toml"), &format!("{BASE}{tail}"))
    }

    #[test]
    fn a_hustle_a_throw_and_the_partys_figures_are_read() {
        let c = load(
            "[hustle]\nshows = 3\nuntil = \"5 gp\"\n\
             [throw]\nto = [\"Mild Mara\", \" Brother Tobin \"]\nbribe = \"10 gp 5 sp\"\n\
             [dnd]\nsleight_of_hand = 7\npassive_perception = 14\ninsight = -1\n",
        )
        .unwrap();
        let hustle = c.intent.hustle.unwrap();
        assert_eq!(hustle.shows, Skill::Level(3));
        assert_eq!(hustle.until, "500 cp".parse::<Money>().unwrap());
        let throw = c.intent.throw.clone().unwrap();
        assert_eq!(throw.to, ["Mild Mara", "Brother Tobin"]);
        assert_eq!(throw.bribe, Some("1050 cp".parse().unwrap()));
        let dnd = c.dnd.unwrap();
        assert_eq!(dnd.sleight_of_hand, Some(7));
        assert_eq!(dnd.passive_perception, Some(14));
        assert_eq!(dnd.insight, Some(-1));
        assert_eq!(dnd.deception, None);
        assert!(!c.intent.is_plain());
    }

    #[test]
    fn other_systems_names_give_the_same_figures() {
        let c = load("[dnd]\nthievery = 6\nperception_dc = 17\nsense_motive = 2\nbluff = -1\n")
            .unwrap();
        let dnd = c.dnd.unwrap();
        assert_eq!(dnd.sleight_of_hand, Some(6));
        assert_eq!(dnd.passive_perception, Some(17));
        assert_eq!(dnd.insight, Some(2));
        assert_eq!(dnd.deception, Some(-1));
    }

    #[test]
    fn a_character_without_them_means_only_to_win() {
        let c = load("").unwrap();
        assert!(c.intent.is_plain());
        assert_eq!(c.dnd, None);
    }

    #[test]
    fn bad_intentions_name_their_place() {
        // (tail, field, line, column, words in the message); BASE is two lines.
        let cases: [(&str, &str, usize, usize, &str); 13] = [
            (
                "[dnd]\nthievery = 7\nsleight_of_hand = 7\n",
                "dnd.thievery",
                4,
                1,
                "another system's name for `sleight_of_hand`",
            ),
            (
                "[dnd]\nperception_dc = 0\n",
                "dnd.perception_dc",
                4,
                17,
                "1 to 40",
            ),
            ("[dnd]\nbluff = \"high\"\n", "dnd.bluff", 4, 9, ""),
            (
                "[dnd]\nsleight_of_hand = -11\n",
                "dnd.sleight_of_hand",
                4,
                19,
                "-10 to +20",
            ),
            (
                "[hustle]\nshows = 3\n",
                "hustle.until",
                3,
                1,
                "`until` is missing",
            ),
            (
                "[hustle]\nshows = 11\nuntil = \"1 gp\"\n",
                "hustle.shows",
                4,
                9,
                "1 to 10",
            ),
            (
                "[hustle]\nshows = 3\nuntil = \"0 gp\"\n",
                "hustle.until",
                5,
                9,
                "nothing",
            ),
            (
                "[hustle]\nshows = 3\nuntil = \"5 gq\"\n",
                "hustle.until",
                5,
                9,
                "gq",
            ),
            (
                "[hustle]\nshow = 3\n",
                "hustle.show",
                4,
                1,
                "did you mean `shows`?",
            ),
            ("[throw]\n", "throw", 3, 2, "needs `to`"),
            (
                "[throw]\nto = [\"\"]\n",
                "throw.to",
                4,
                6,
                "name 1 of the list is empty",
            ),
            ("[dnd]\ninsight = 21\n", "dnd.insight", 4, 11, "-10 to +20"),
            (
                "[dnd]\nperception = 12\n",
                "dnd.perception",
                4,
                1,
                "did you mean",
            ),
        ];
        for (tail, field, line, column, why) in cases {
            let err = load(tail).unwrap_err();
            assert_eq!(err.field.as_deref(), Some(field), "{tail}: {err}");
            assert_eq!((err.line, err.column), (line, column), "{tail}: {err}");
            assert!(err.message.contains(why), "{tail}: {err}");
        }
    }
}
