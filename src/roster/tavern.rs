//! A tavern: its name, its bookie and the bookie's margin, the house's take from pools,
//! whether it gives credit, how it counts money, and the lines the narrator reads for its
//! ambience. Read from TOML and validated like a character.
//!
//! ```toml
//! tavern = "The Drowned Rat"      # its name: the key that makes this a tavern file
//! bookie = "Fat Olek"             # who takes the bets (default "the bookie")
//! margin = 8                      # the bookie's margin over fair odds, in percent
//! take = 10                       # the house's take from every pool, in percent
//! credit = "5 gp"                 # false (the default), true (no limit), or a limit each
//! currency = "gp"                 # how money is written: fewest, pp, gp, ep, sp or cp
//! sims = 20000                    # matches the bookie imagines before pricing one
//! ledger = "ledger.txt"           # where settlements are recorded (beside this file)
//! history = "history.jsonl"       # the matches remembered (default: beside the ledger)
//! ambience = ["Rain drums on the shutters."]
//! ```

use std::path::{Path, PathBuf};

use super::source::{Doc, Field, FileError, Table};
use crate::wager::{Credit, Currency, Money};

/// The keys of a tavern file.
pub const TAVERN_KEYS: [&str; 13] = [
    "tavern",
    "bookie",
    "margin",
    "take",
    "credit",
    "currency",
    "sims",
    "ledger",
    "history",
    "ambience",
    "on_cheat",
    "bar_cheats",
    "on_false_accusation",
];

pub use crate::table::cheat::{OnCheat, OnFalseAccusation};

/// A validated tavern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tavern {
    /// Its name.
    pub name: String,
    /// Who takes the bets.
    pub bookie: String,
    /// The bookie's margin over fair odds, in hundredths of a percent.
    pub margin_bp: u32,
    /// The house's take from each pool, in hundredths of a percent.
    pub take_bp: u32,
    /// How far into debt a character may bet.
    pub credit: Credit,
    /// How money is written.
    pub currency: Currency,
    /// How many matches the bookie simulates before pricing one.
    pub sims: u64,
    /// Where settlements are recorded, when the tavern names a file (resolved against the
    /// tavern file's folder).
    pub ledger: Option<PathBuf>,
    /// Where the campaign's matches are remembered, when the tavern names a file (resolved
    /// against the tavern file's folder); else `history.jsonl` beside the ledger.
    pub history: Option<PathBuf>,
    /// Lines for the narrator, one read before each match.
    pub ambience: Vec<String>,
    /// What happens to a cheat who is seen, when the tavern keeps a rule of its own (else
    /// each game's custom: the game forfeit at Tides of War and Piç, the throw lost at
    /// Kiust Oyun; Òicustiỳtac's rule 2 always).
    pub on_cheat: Option<OnCheat>,
    /// Whether a cheat who is caught is barred from the house's bets on that match: their
    /// bets with the bookie and in the pool are void, their stakes returned.
    pub bar_cheats: bool,
    /// What happens to a person who accuses wrongly.
    pub on_false_accusation: OnFalseAccusation,
    /// The file it came from (`None` for the tavern built into taproom).
    pub file: Option<PathBuf>,
}

const BUILT_IN: &str = include_str!("../../data/tavern.toml");

/// Reads a percentage from 0 to `max` into hundredths of a percent.
fn percent(field: &Field<'_, '_>, max: f64) -> Result<u32, FileError> {
    let p = field.number()?;
    if !(0.0..=max).contains(&p) {
        return Err(field.error(format!("a percentage from 0 to {max} is expected, not {p}")));
    }
    Ok((p * 100.0).round() as u32)
}

/// A tavern file to start from (`taproom init`): the tavern built into taproom, with a
/// note on what the file is, called `name` when one is given (the campaign's).
#[must_use]
pub fn starter(name: Option<&str>) -> String {
    let body = BUILT_IN.split_once('\n').map_or(BUILT_IN, |(_, rest)| rest);
    let body = match name {
        Some(name) => {
            body.lines()
                .map(|line| {
                    if line.starts_with("tavern = ") {
                        format!("tavern = {}", toml::Value::String(name.to_owned()))
                    } else {
                        line.to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join("\n")
                + "\n"
        }
        None => body.to_owned(),
    };
    format!(
        "# A tavern file, a copy of the one built into taproom for `taproom init`: make it\n\
         # your own. The key `tavern` (its name) is what makes this a tavern file; ledger,\n\
         # history, on_cheat, bar_cheats and on_false_accusation may be added too.\n{body}"
    )
}

impl Tavern {
    /// The tavern built into taproom.
    #[must_use]
    pub fn built_in() -> Tavern {
        let mut t = Tavern::from_toml(Path::new("data/tavern.toml"), BUILT_IN)
            .unwrap_or_else(|e| panic!("the built-in tavern is broken: {e}"));
        t.file = None;
        t.ledger = None;
        t.history = None;
        t
    }

    /// The tavern in a file, or the one built in.
    ///
    /// # Errors
    /// When the file cannot be read or is not a valid tavern.
    pub fn load(file: Option<&Path>) -> Result<Tavern, FileError> {
        match file {
            Some(p) => Tavern::from_toml(p, &super::read_text(p)?),
            None => Ok(Tavern::built_in()),
        }
    }

    /// Its rules for cheats and accusations, as the table runs them.
    #[must_use]
    pub fn table_rules(&self) -> crate::table::TableRules {
        crate::table::TableRules {
            on_cheat: self.on_cheat,
            on_false_accusation: self.on_false_accusation,
        }
    }

    /// The bookie's margin as a fraction (0.08 for 8%).
    #[must_use]
    pub fn margin(&self) -> f64 {
        f64::from(self.margin_bp) / 10_000.0
    }

    /// Reads and validates a tavern from `text`, naming `file` in errors.
    ///
    /// # Errors
    /// The first problem found, with its line, column and field.
    pub fn from_toml(file: &Path, text: &str) -> Result<Tavern, FileError> {
        let doc = Doc::new(file, text);
        let parsed = doc.parse()?;
        super::kind::expect(file, text, super::FileKind::Tavern)?;
        let root = doc.root(&parsed);
        root.only(&TAVERN_KEYS)?;
        let name = root.need("tavern")?.name("tavern's name")?;
        let bookie = match root.get("bookie") {
            Some(f) => f.name("bookie's name")?,
            None => "the bookie".to_owned(),
        };
        let margin_bp = root
            .get("margin")
            .map(|f| percent(&f, 100.0))
            .transpose()?
            .unwrap_or(1000);
        let take_bp = root
            .get("take")
            .map(|f| percent(&f, 100.0))
            .transpose()?
            .unwrap_or(1000);
        let credit = root
            .get("credit")
            .map(|f| read_credit(&f))
            .transpose()?
            .unwrap_or(Credit::None);
        let currency = match root.get("currency") {
            Some(f) => f
                .str()?
                .parse::<Currency>()
                .map_err(|e| f.error(e.to_string()))?,
            None => Currency::GOLD,
        };
        let sims = root
            .get("sims")
            .map(|f| read_sims(&f))
            .transpose()?
            .unwrap_or(crate::wager::model::IMAGINED);
        let folder = file.parent().unwrap_or(Path::new(""));
        let ledger = Some(match root.get("ledger") {
            Some(f) => read_file_name(&f, folder, "the ledger")?,
            None => folder.join("ledger.txt"),
        });
        let history = root
            .get("history")
            .map(|f| read_file_name(&f, folder, "the history"))
            .transpose()?;
        let ambience = match root.get("ambience") {
            Some(f) => f.strings()?,
            None => Vec::new(),
        };
        let (on_cheat, bar_cheats, on_false_accusation) = read_cheat_rules(&root)?;
        Ok(Tavern {
            on_cheat,
            bar_cheats,
            on_false_accusation,
            name,
            bookie,
            margin_bp,
            take_bp,
            credit,
            currency,
            sims,
            ledger,
            history,
            ambience,
            file: Some(file.to_owned()),
        })
    }
}

/// The house's rules for cheats, read in this order: what a cheat seen costs (`on_cheat`;
/// none: each game's custom), whether a cheat caught is barred from the house's bets on
/// the match (`bar_cheats`, default false), and what a false accusation costs
/// (`on_false_accusation`, default nothing).
fn read_cheat_rules(
    root: &Table<'_, '_>,
) -> Result<(Option<OnCheat>, bool, OnFalseAccusation), FileError> {
    let on_cheat = root
        .get("on_cheat")
        .map(|f| read_on_cheat(&f))
        .transpose()?;
    let bar_cheats = match root.get("bar_cheats") {
        Some(f) => read_bool(&f, "bar_cheats")?,
        None => false,
    };
    let on_false_accusation = root
        .get("on_false_accusation")
        .map(|f| read_on_false_accusation(&f))
        .transpose()?
        .unwrap_or(OnFalseAccusation::Nothing);
    Ok((on_cheat, bar_cheats, on_false_accusation))
}

/// `ledger` or `history`: a file name, beside the tavern file.
fn read_file_name(f: &Field<'_, '_>, folder: &Path, what: &str) -> Result<PathBuf, FileError> {
    let path = f.str()?.trim();
    if path.is_empty() {
        return Err(f.error(format!("{what}'s file name is empty")));
    }
    if !crate::store::file::names_a_file(Path::new(path)) {
        return Err(f.error(format!(
            "`{path}` ends in a slash (or `.`), so it names a folder; {what} is a file"
        )));
    }
    Ok(folder.join(path))
}

/// A key that is true or false.
fn read_bool(f: &Field<'_, '_>, key: &str) -> Result<bool, FileError> {
    f.value
        .as_bool()
        .ok_or_else(|| f.error(format!("{key} is true or false, not {}", f.kind())))
}

/// `credit`: true (no limit), false (none) or a limit in money.
fn read_credit(f: &Field<'_, '_>) -> Result<Credit, FileError> {
    match f.value.as_bool() {
        Some(true) => Ok(Credit::Unlimited),
        Some(false) => Ok(Credit::None),
        None => {
            let text = f.str().map_err(|_| {
                f.error(format!(
                    "credit is true, false or a limit such as \"5 gp\", not {}",
                    f.kind()
                ))
            })?;
            let limit: Money = text
                .parse()
                .map_err(|e: crate::wager::money::MoneyError| f.error(e.to_string()))?;
            Ok(Credit::UpTo(limit))
        }
    }
}

/// `sims`: the matches the bookie imagines, 10 to 1,000,000.
fn read_sims(f: &Field<'_, '_>) -> Result<u64, FileError> {
    let n = f.int()?;
    u64::try_from(n)
        .ok()
        .filter(|n| (10..=1_000_000).contains(n))
        .ok_or_else(|| f.error(format!("sims is from 10 to 1000000, not {n}")))
}

/// `on_cheat`: what a cheat seen costs, by its word.
fn read_on_cheat(f: &Field<'_, '_>) -> Result<OnCheat, FileError> {
    let word = f.str()?.trim().to_lowercase();
    OnCheat::ALL
        .into_iter()
        .find(|o| o.key() == word)
        .ok_or_else(|| {
            f.error(format!(
                "on_cheat is \"lose-turn\", \"take-back\", \"forfeit-game\" or \"forfeit-stakes\", not `{word}`"
            ))
        })
}

/// `on_false_accusation`: nothing, or the accuser forfeits the game.
fn read_on_false_accusation(f: &Field<'_, '_>) -> Result<OnFalseAccusation, FileError> {
    match f.str()?.trim().to_lowercase().as_str() {
        "nothing" => Ok(OnFalseAccusation::Nothing),
        "forfeit-game" => Ok(OnFalseAccusation::ForfeitGame),
        other => Err(f.error(format!(
            "on_false_accusation is \"nothing\" or \"forfeit-game\", not `{other}`"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RAT: &str = r#"tavern = "The Drowned Rat"
bookie = "Fat Olek"
margin = 7.5
take = 10
credit = "5 gp"
currency = "sp"
ambience = ["Rain drums on the shutters."]
"#;

    fn load(text: &str) -> Result<Tavern, FileError> {
        Tavern::from_toml(Path::new("camp/rat.toml"), text)
    }

    #[test]
    fn a_tavern_file_loads() {
        let t = load(RAT).unwrap();
        assert_eq!(t.name, "The Drowned Rat");
        assert_eq!(t.bookie, "Fat Olek");
        assert_eq!((t.margin_bp, t.take_bp), (750, 1000));
        assert_eq!(t.credit, Credit::UpTo(Money(500)));
        assert_eq!(t.currency, "sp".parse().unwrap());
        assert_eq!(t.ledger, Some(PathBuf::from("camp/ledger.txt")));
        assert_eq!(
            t.sims,
            crate::wager::model::IMAGINED,
            "the model's own count"
        );
        assert_eq!(
            load("tavern = \"X\"\ncredit = true\n").unwrap().credit,
            Credit::Unlimited
        );
        assert_eq!(
            load("tavern = \"X\"\ncredit = false\n").unwrap().credit,
            Credit::None
        );
    }

    #[test]
    fn the_built_in_tavern_loads() {
        let t = Tavern::built_in();
        assert!(!t.name.is_empty());
        assert!(!t.ambience.is_empty());
        assert_eq!(t.ledger, None);
    }

    #[test]
    fn bad_values_name_their_place() {
        let cases = [
            (
                RAT.replace("margin = 7.5", "margn = 7.5"),
                "margn",
                3,
                "did you mean `margin`?",
            ),
            (
                RAT.replace("take = 10", "take = 120"),
                "take",
                4,
                "from 0 to 100",
            ),
            (
                RAT.replace("\"5 gp\"", "\"lots\""),
                "credit",
                5,
                "not an amount of coins",
            ),
            (
                RAT.replace("\"5 gp\"", "5"),
                "credit",
                5,
                "credit is true, false or a limit",
            ),
            (
                RAT.replace("\"sp\"", "\"groats\""),
                "currency",
                6,
                "the currency is",
            ),
            (
                RAT.replace("margin = 7.5", "margin = \"lots\""),
                "margin",
                3,
                "expected a number",
            ),
            (
                RAT.replace("tavern = \"The Drowned Rat\"", "tavern = \"\""),
                "tavern",
                1,
                "empty",
            ),
        ];
        for (text, field, line, needle) in cases {
            let err = load(&text).unwrap_err();
            assert_eq!(err.field.as_deref(), Some(field), "{err}");
            assert_eq!(err.line, line, "{err}");
            assert!(err.to_string().contains(needle), "{err}");
        }
    }
}
