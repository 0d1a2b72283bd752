//! A campaign file (`taproom.toml`): the folder a GM keeps a campaign in names, once, the
//! roster folder, the tavern, the ledger and the history, so that no command needs
//! `--roster`, `--tavern` or `--ledger` typed again. Read from TOML and validated like a
//! tavern; every path is resolved against the campaign file's own folder.
//!
//! ```toml
//! campaign = "The Drowned Rat"    # its name: the key that makes this a campaign file
//! roster = "characters"           # the folder of character files
//! tavern = "tavern.toml"          # the tavern file
//! ledger = "ledger.txt"           # where --apply records settlements
//! history = "history.jsonl"       # where the matches are remembered
//! evening = "Session 12"          # the evening matches are recorded under (optional)
//! ```

use std::path::{Path, PathBuf};

use super::evening::Spot;
use super::source::{Doc, Field, FileError};

/// The name a campaign file has in its folder.
pub const FILE_NAME: &str = "taproom.toml";

/// The keys of a campaign file.
pub const CAMPAIGN_KEYS: [&str; 6] = [
    "campaign", "roster", "tavern", "ledger", "history", "evening",
];

/// The keys of a campaign file that name a path.
pub const PATH_KEYS: [&str; 4] = ["roster", "tavern", "ledger", "history"];

/// A validated campaign file: its name and the paths it names, each resolved against the
/// campaign file's folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Campaign {
    /// Its name.
    pub name: String,
    /// The campaign file itself.
    pub file: PathBuf,
    /// The folder of character files, when it names one.
    pub roster: Option<PathBuf>,
    /// The tavern file, when it names one.
    pub tavern: Option<PathBuf>,
    /// The ledger `--apply` records settlements in, when it names one.
    pub ledger: Option<PathBuf>,
    /// The file the campaign's matches are remembered in, when it names one.
    pub history: Option<PathBuf>,
    /// The evening the campaign is at (`evening = "Session 12"`): what `play`, `sit` and
    /// `night` record their matches under when no `--evening` is given.
    pub evening: Option<String>,
    /// Where each path key is written, for errors found after reading (a folder that is
    /// not there).
    spots: Vec<(&'static str, Spot)>,
}

impl Campaign {
    /// Reads and validates a campaign file from `text`, naming `file` in errors.
    ///
    /// # Errors
    /// The first problem found, with its line, column and key.
    pub fn from_toml(file: &Path, text: &str) -> Result<Campaign, FileError> {
        let doc = Doc::new(file, text);
        let parsed = doc.parse()?;
        super::kind::expect(file, text, super::FileKind::Campaign)?;
        let root = doc.root(&parsed);
        root.only(&CAMPAIGN_KEYS)?;
        let name = root.need("campaign")?.name("campaign's name")?;
        let folder = file.parent().unwrap_or(Path::new(""));
        let mut spots = Vec::new();
        let mut path = |key: &'static str| -> Result<Option<PathBuf>, FileError> {
            let Some(f) = root.get(key) else {
                return Ok(None);
            };
            let p = read_path(&f)?;
            if key != "roster" && !crate::store::file::names_a_file(Path::new(&p)) {
                return Err(f.error(format!(
                    "`{p}` ends in a slash (or `.`), so it names a folder; the {key} is a file"
                )));
            }
            spots.push((key, Spot::of(&f)));
            Ok(Some(folder.join(p)))
        };
        let roster = path("roster")?;
        let tavern = path("tavern")?;
        let ledger = path("ledger")?;
        let history = path("history")?;
        let evening = root
            .get("evening")
            .map(|f| f.name("evening's name"))
            .transpose()?;
        Ok(Campaign {
            name,
            file: file.to_owned(),
            roster,
            tavern,
            ledger,
            history,
            evening,
            spots,
        })
    }

    /// The folder the campaign file is in, which its paths are resolved against.
    #[must_use]
    pub fn folder(&self) -> &Path {
        self.file.parent().unwrap_or(Path::new(""))
    }

    /// Where the path key `key` is written in the file, when it is.
    #[must_use]
    pub fn spot(&self, key: &str) -> Option<&Spot> {
        self.spots.iter().find(|(k, _)| *k == key).map(|(_, s)| s)
    }

    /// The path each path key names, in the file's order of keys ([`PATH_KEYS`]).
    #[must_use]
    pub fn paths(&self) -> Vec<(&'static str, &Path)> {
        let all = [
            ("roster", &self.roster),
            ("tavern", &self.tavern),
            ("ledger", &self.ledger),
            ("history", &self.history),
        ];
        all.into_iter()
            .filter_map(|(k, p)| p.as_deref().map(|p| (k, p)))
            .collect()
    }
}

/// Reads `text` as a campaign file when it is meant as one: `None` for TOML without a
/// `campaign` key (a character or tavern file that happens to be called `taproom.toml`),
/// else the campaign, or its first problem (text that is not TOML is taken for a campaign
/// file gone wrong, and its error named).
///
/// # Errors
/// As [`Campaign::from_toml`].
pub fn read_if_campaign(file: &Path, text: &str) -> Result<Option<Campaign>, FileError> {
    let meant = toml::de::DeTable::parse(text).map_or(true, |t| {
        t.get_ref().iter().any(|(k, _)| k.get_ref() == "campaign")
    });
    if meant {
        Campaign::from_toml(file, text).map(Some)
    } else {
        Ok(None)
    }
}

/// A path key's value: a line of text, not empty.
fn read_path(f: &Field<'_, '_>) -> Result<String, FileError> {
    let p = f.path_line()?;
    if p.is_empty() {
        return Err(f.error("the path is empty"));
    }
    Ok(p)
}

/// What `taproom init` writes into a new campaign file: its name and the paths, as the GM
/// will read them (relative to the campaign file's folder, or absolute).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    /// The campaign's name.
    pub name: String,
    /// The roster folder.
    pub roster: String,
    /// The tavern file.
    pub tavern: String,
    /// The ledger.
    pub ledger: String,
    /// The history.
    pub history: String,
    /// The name of the starter tavern `init` writes where no tavern file is (the
    /// built-in one's, The Wayside Inn, when `None`).
    pub tavern_name: Option<String>,
}

/// A TOML string, quoted and escaped.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

impl Outline {
    /// The campaign file, commented for the GM who will keep it.
    #[must_use]
    pub fn to_toml(&self) -> String {
        let lines = [
            "# A taproom campaign file. Every taproom command run in this folder, or in any"
                .to_owned(),
            "# folder below it, reads it: the roster, tavern and ledger named here stand in for"
                .to_owned(),
            "# --roster, --tavern and --ledger (a flag given still wins). TAPROOM_CAMPAIGN names"
                .to_owned(),
            "# a campaign file (or its folder) from elsewhere. `taproom check` checks it, and"
                .to_owned(),
            "# the tavern and characters it names. Paths are relative to this file's folder."
                .to_owned(),
            String::new(),
            "# The campaign's name: the key that makes this a campaign file.".to_owned(),
            format!("campaign = {}", quoted(&self.name)),
            String::new(),
            "# The folder of character files (`taproom new character NAME` writes there);"
                .to_owned(),
            "# they stand in for built-in characters of the same name.".to_owned(),
            format!("roster = {}", quoted(&self.roster)),
            String::new(),
            "# The tavern: its bookie's margin, the pool's take, credit, currency.".to_owned(),
            format!("tavern = {}", quoted(&self.tavern)),
            String::new(),
            "# Where --apply records each settlement (the tavern's own ledger otherwise)."
                .to_owned(),
            format!("ledger = {}", quoted(&self.ledger)),
            String::new(),
            "# Where the campaign's matches are remembered, one line a match.".to_owned(),
            format!("history = {}", quoted(&self.history)),
        ];
        let mut text = lines.join("\n");
        text.push('\n');
        text
    }
}

impl Default for Outline {
    fn default() -> Outline {
        Outline {
            name: "A campaign".to_owned(),
            roster: "characters".to_owned(),
            tavern: "tavern.toml".to_owned(),
            ledger: "ledger.txt".to_owned(),
            history: "history.jsonl".to_owned(),
            tavern_name: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outline_reads_back_as_the_campaign_it_describes() {
        let outline = Outline {
            name: "The \"Rat\" Years".to_owned(),
            roster: "npcs".to_owned(),
            ..Outline::default()
        };
        let c = Campaign::from_toml(Path::new("camp/taproom.toml"), &outline.to_toml()).unwrap();
        assert_eq!(c.name, "The \"Rat\" Years");
        assert_eq!(c.roster, Some(PathBuf::from("camp/npcs")));
        assert_eq!(c.tavern, Some(PathBuf::from("camp/tavern.toml")));
        assert_eq!(c.ledger, Some(PathBuf::from("camp/ledger.txt")));
        assert_eq!(c.history, Some(PathBuf::from("camp/history.jsonl")));
        assert_eq!(c.spot("roster").unwrap().field, "roster");
    }

    #[test]
    fn every_key_but_the_name_may_be_left_out() {
        let c = Campaign::from_toml(Path::new("taproom.toml"), "campaign = \"Rat\"\n").unwrap();
        assert_eq!(
            (c.roster, c.tavern, c.ledger, c.history),
            (None, None, None, None)
        );
    }

    #[test]
    fn the_current_evening_is_a_checked_name() {
        let c = Campaign::from_toml(
            Path::new("taproom.toml"),
            "campaign = \"Rat\"\nevening = \"  Session 12 \"\n",
        )
        .unwrap();
        assert_eq!(c.evening.as_deref(), Some("Session 12"));
        let err = Campaign::from_toml(
            Path::new("taproom.toml"),
            "campaign = \"Rat\"\nevening = \"Session\u{202e}12\"\n",
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("taproom.toml:2:"), "{err}");
        assert!(err.to_string().contains("field `evening`"), "{err}");
    }

    #[test]
    fn a_wrong_key_or_type_is_named_at_its_place() {
        let err = Campaign::from_toml(
            Path::new("taproom.toml"),
            "campaign = \"Rat\"\nrooster = \"npcs\"\n",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "taproom.toml:2:1: field `rooster`: unknown key `rooster`; did you mean `roster`?"
        );
        let err = Campaign::from_toml(
            Path::new("taproom.toml"),
            "campaign = \"Rat\"\ntavern = 3\n",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "taproom.toml:2:10: field `tavern`: expected a string, found a whole number"
        );
    }

    #[test]
    fn only_a_file_with_a_campaign_key_is_meant_as_one() {
        let file = Path::new("taproom.toml");
        assert_eq!(read_if_campaign(file, "name = \"Pip\"\n").unwrap(), None);
        assert_eq!(read_if_campaign(file, "tavern = \"Rat\"\n").unwrap(), None);
        assert!(
            read_if_campaign(file, "campaign = \"Rat\"\n")
                .unwrap()
                .is_some()
        );
        let err = read_if_campaign(file, "campaign = \"Rat\n").unwrap_err();
        assert!(err.to_string().contains("not valid TOML"), "{err}");
    }

    #[test]
    fn a_file_of_another_kind_is_not_a_campaign() {
        let err = Campaign::from_toml(Path::new("taproom.toml"), "name = \"Pip\"\nskill = 3\n")
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("that is a character file, not a campaign"),
            "{err}"
        );
    }
}
