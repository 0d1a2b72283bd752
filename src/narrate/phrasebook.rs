//! Phrasebooks: the English the narrator reads aloud lives in TOML files, not in Rust.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::Moment;
use crate::ai::Temperament;
use crate::games::words::Spoken;
use crate::games::{Game, GameKind};
use crate::roster::source::{Doc, FileError};
use crate::roster::speaks_of_money;

/// The phrasebook built into taproom.
const BUILT_IN: &str = include_str!("../../data/phrases.toml");
const CROWD: &str = include_str!("../../data/crowd.toml");

/// Lines by section (`common` or a game's id) and moment, and verbs by temperament.
#[derive(Clone, Debug, Default)]
pub struct Phrasebook {
    sections: BTreeMap<String, BTreeMap<Moment, Vec<String>>>,
    verbs: BTreeMap<Temperament, Vec<String>>,
}

impl Phrasebook {
    /// The phrasebook built into taproom: `data/phrases.toml`, the crowd's and the
    /// bookie's lines, and each game's own section from its folder
    /// ([`Words::PHRASES`](crate::games::Words::PHRASES)).
    #[must_use]
    pub fn built_in() -> Phrasebook {
        let mut book = Phrasebook::default();
        let mut merged = book
            .merge_toml(Path::new("data/phrases.toml"), BUILT_IN)
            .and_then(|()| book.merge_toml(Path::new("data/crowd.toml"), CROWD));
        for kind in GameKind::ALL {
            let file = PathBuf::from(format!("the phrases of {}", kind.id()));
            let phrases = Spoken::of_kind(kind).phrases;
            merged = merged.and_then(|()| book.merge_sections(&file, phrases, &[kind.id()]));
        }
        merged.unwrap_or_else(|e| panic!("the built-in phrasebook is broken: {e}"));
        book
    }

    /// Adds the phrasebook section of `G`, a game of the registry or not
    /// ([`Words::PHRASES`](crate::games::Words::PHRASES)), as [`Phrasebook::built_in`] does
    /// for the registry's games.
    ///
    /// # Errors
    /// When its section is not a phrasebook's, as [`Phrasebook::merge_toml`] says, or
    /// holds another game's section.
    pub fn merge_game<G: Game>(&mut self) -> Result<(), FileError> {
        let file = PathBuf::from(format!("the phrases of {}", G::FACTS.id));
        self.merge_sections(&file, G::PHRASES, &[G::FACTS.id])
    }

    /// Adds (or, for a moment already present, replaces) the lines of a phrasebook file.
    ///
    /// # Errors
    /// When the file is not a phrasebook: an unknown section or placeholder, a value that
    /// is not a list of lines.
    pub fn merge_toml(&mut self, file: &Path, text: &str) -> Result<(), FileError> {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        self.merge_sections(file, text, &games)
    }

    /// [`Phrasebook::merge_toml`], with the games whose sections the file may hold.
    fn merge_sections(&mut self, file: &Path, text: &str, games: &[&str]) -> Result<(), FileError> {
        let doc = Doc::new(file, text);
        let parsed = doc.parse()?;
        let root = doc.root(&parsed);
        // `[crowd]` and `[bookie]` hold lines for every game, as `[common]` does.
        let mut sections: Vec<&str> = vec!["common", "temperament", "crowd", "bookie"];
        sections.extend(games);
        root.only(&sections)?;
        for (section, field) in root.fields() {
            let table = field.table()?;
            if section == "temperament" {
                let words: Vec<&str> = Temperament::ALL.iter().map(|t| t.word()).collect();
                table.only(&words)?;
                for (word, lines_field) in table.fields() {
                    let temperament: Temperament =
                        word.parse().map_err(|e: crate::ai::UnknownTemperament| {
                            table.key_error(word, e.to_string())
                        })?;
                    let verbs = checked_lines(&lines_field, word, None)?;
                    self.verbs.insert(temperament, verbs);
                }
                continue;
            }
            let keys: Vec<String> = Moment::all().iter().map(|m| m.key()).collect();
            let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
            table.only(&keys)?;
            for (key, lines_field) in table.fields() {
                let Some(moment) = Moment::from_key(key) else {
                    return Err(table.key_error(key, format!("unknown moment `{key}`")));
                };
                let lines = checked_lines(&lines_field, key, Some(&moment.placeholders()))?;
                let section = match section {
                    "crowd" | "bookie" => "common",
                    other => other,
                };
                self.sections
                    .entry(section.to_owned())
                    .or_default()
                    .insert(moment, lines);
            }
        }
        Ok(())
    }

    /// The lines for a moment of a game: the game's own section first, else `common`.
    #[must_use]
    pub fn lines(&self, game: GameKind, moment: Moment) -> &[String] {
        [game.id(), "common"]
            .iter()
            .filter_map(|s| self.sections.get(*s).and_then(|m| m.get(&moment)))
            .find(|l| !l.is_empty())
            .map_or(&[], Vec::as_slice)
    }

    /// The book without the lines that speak of money, for a match where no money moved
    /// (a game's moment left with none falls back to `common`, as when it has none).
    #[must_use]
    pub fn without_money(&self) -> Phrasebook {
        let mut book = self.clone();
        for lines in book.sections.values_mut().flat_map(BTreeMap::values_mut) {
            lines.retain(|l| !speaks_of_money(l));
        }
        book
    }

    /// Verbs in a temperament's manner.
    #[must_use]
    pub fn verbs(&self, temperament: Temperament) -> &[String] {
        self.verbs.get(&temperament).map_or(&[], Vec::as_slice)
    }
}

/// A moment's lines (or a temperament's verbs), each checked: at least one line, none
/// empty, and (for a moment, whose placeholders are `known`) every brace one of a
/// placeholder the moment fills; a verb has no placeholders. A fault is pinned to the
/// line's place in the file, and to its brace.
fn checked_lines(
    field: &crate::roster::source::Field<'_, '_>,
    key: &str,
    known: Option<&[&str]>,
) -> Result<Vec<String>, FileError> {
    let lines = field.strings()?;
    let what = if known.is_some() { "line" } else { "verb" };
    if lines.is_empty() {
        return Err(field.error(format!(
            "`{key}` has no {what}s; give it at least one, or leave it out to keep taproom's own"
        )));
    }
    let items = if field.value.as_str().is_some() {
        Vec::new()
    } else {
        field.items()?
    };
    for (n, line) in lines.iter().enumerate() {
        let item = items.get(n).unwrap_or(field);
        let at = |offset: usize, message: String| {
            let mut e = item.error_at(offset, message);
            e.field = Some(field.path.clone());
            e
        };
        if line.trim().is_empty() {
            let mut e = item.error(format!("{what} {} is empty", n + 1));
            e.field = Some(field.path.clone());
            return Err(e);
        }
        let fault = match known {
            Some(known) => placeholder_fault(line, key, known),
            None => line.find(['{', '}']).map(|i| {
                (
                    i,
                    format!(
                        "holds `{}`: a verb is said as it stands, with no placeholders",
                        &line[i..=i]
                    ),
                )
            }),
        };
        if let Some((offset, why)) = fault {
            return Err(at(offset, format!("{what} {} {why}", n + 1)));
        }
    }
    Ok(lines)
}

/// The first fault in a line's braces, with its byte offset: a `{` never closed, a `}`
/// that closes nothing, or a placeholder the moment `key` does not fill (its placeholders
/// are `known`).
#[must_use]
pub fn placeholder_fault(line: &str, key: &str, known: &[&str]) -> Option<(usize, String)> {
    let unclosed = "has a `{` that opens a placeholder and never closes it (a placeholder is \
                    written like `{winner}`)";
    let mut open: Option<usize> = None;
    for (i, c) in line.char_indices() {
        match (c, open) {
            ('{', Some(o)) => return Some((o, unclosed.to_owned())),
            ('{', None) => open = Some(i),
            ('}', None) => {
                return Some((
                    i,
                    "has a `}` that closes no placeholder (a placeholder is written like \
                     `{winner}`)"
                        .to_owned(),
                ));
            }
            ('}', Some(o)) => {
                open = None;
                let name = &line[o + 1..i];
                if !known.contains(&name) {
                    let list: Vec<String> = known.iter().map(|p| format!("{{{p}}}")).collect();
                    return Some((
                        o,
                        format!(
                            "uses `{{{name}}}`, which the moment `{key}` cannot fill; its \
                             placeholders are {}",
                            list.join(" ")
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
    open.map(|o| (o, unclosed.to_owned()))
}

/// The placeholders of a line, in the order they stand.
#[must_use]
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            break;
        };
        out.push(&after[..close]);
        rest = &after[close + 1..];
    }
    out
}

/// Fills `{name}` placeholders from `vars`; a placeholder with no value stays as it is.
/// A possessive after a placeholder reads right: `{mover}'s` of "Quickfingers" is
/// "Quickfingers'".
#[must_use]
pub fn fill(template: &str, vars: &[(&str, String)]) -> String {
    fill_with(template, &mut |name| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    })
}

/// Fills each placeholder, in the order it stands, with what `value` gives for its name
/// (asked again at every occurrence); one it gives nothing for stays as it is.
pub fn fill_with(template: &str, value: &mut dyn FnMut(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                rest = &after[close + 1..];
                match value(name) {
                    Some(v) => {
                        out.push_str(&v);
                        // "Quickfingers's" is written "Quickfingers'".
                        if v.ends_with(['s', 'S'])
                            && let Some(more) = rest.strip_prefix("'s")
                            && !more.starts_with(char::is_alphabetic)
                        {
                            out.push('\'');
                            rest = more;
                        }
                    }
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each game's file holds its own section and no other (read as plain TOML), and a
    /// file merged for one game may not hold another's: the named section is refused.
    #[test]
    fn a_game_s_phrases_hold_its_own_section_only() {
        for kind in GameKind::ALL {
            let text = Spoken::of_kind(kind).phrases;
            let table: toml::Table = toml::from_str(text).unwrap();
            let keys: Vec<&String> = table.keys().collect();
            assert_eq!(keys, [kind.id()], "{kind}");
        }
        let pic = Spoken::of_kind(GameKind::ALL[1]).phrases;
        let mut book = Phrasebook::default();
        let err = book
            .merge_sections(Path::new("pic.toml"), pic, &[GameKind::ALL[0].id()])
            .unwrap_err()
            .to_string();
        assert!(err.contains(GameKind::ALL[1].id()), "{err}");
        assert!(book.sections.is_empty());
    }

    #[test]
    fn the_built_in_phrasebook_loads_and_has_lines_for_tides() {
        let book = Phrasebook::built_in();
        for moment in [
            Moment::Opening,
            Moment::FirstBlood,
            Moment::BigCapture,
            Moment::Finish(crate::games::tides::CONQUEST, super::super::Result3::Won),
            Moment::Finish(crate::games::tides::MASSACRE, super::super::Result3::Won),
            Moment::Finish(crate::games::tides::BLOCKADE, super::super::Result3::Won),
            Moment::Finish(crate::games::tides::TRUCE, super::super::Result3::Won),
        ] {
            assert!(
                book.lines(GameKind::TidesOfWar, moment).len() >= 2,
                "{moment}"
            );
        }
        assert!(
            !book.lines(GameKind::TidesOfWar, Moment::Lot).is_empty(),
            "common lines serve every game"
        );
        assert!(!book.verbs(Temperament::Reckless).is_empty());
    }

    /// Each game's own moments have lines in its own section of the built-in book (by
    /// hand: none for Tides of War, a claim for Piç, four each for Kiust Oyun and
    /// Òicustiỳtac).
    #[test]
    fn every_game_s_own_moments_have_lines_in_its_own_section() {
        let book = Phrasebook::built_in();
        for kind in GameKind::ALL {
            let section = book.sections.get(kind.id());
            for &m in crate::games::words::moments(kind) {
                let lines = section.and_then(|s| s.get(&Moment::Game(m)));
                assert!(lines.is_some_and(|l| !l.is_empty()), "{kind}: {}", m.key);
            }
        }
        let count = |k| crate::games::words::moments(k).len();
        assert_eq!(GameKind::ALL.map(count), [0, 1, 4, 4]);
    }

    #[test]
    fn without_money_keeps_every_line_but_those_of_money() {
        let book = Phrasebook::built_in();
        let quiet = book.without_money();
        let crowd = |b: &Phrasebook| b.lines(GameKind::Pic, Moment::Murmur).to_vec();
        let murmurs = crowd(&book);
        // By hand: one murmur of the built-in crowd is of side bets.
        let bets = "Low voices at the back lay side bets on who will blink first.";
        assert!(murmurs.iter().any(|l| l == bets));
        let kept: Vec<String> = murmurs.into_iter().filter(|l| l != bets).collect();
        assert_eq!(crowd(&quiet), kept);
        // The moments of money have nothing left, and a game's own lines stay its own.
        assert!(quiet.lines(GameKind::Pic, Moment::WagerPaid).is_empty());
        let throw = Moment::from_key("first-throw").expect("Kiust Oyun's throw");
        assert_eq!(
            quiet.lines(GameKind::KiustOyun, throw),
            book.lines(GameKind::KiustOyun, throw)
        );
    }

    #[test]
    fn placeholders_are_filled() {
        let line = fill(
            "{winner} beats {loser} at {place}.",
            &[("winner", "A".into()), ("loser", "B".into())],
        );
        assert_eq!(line, "A beats B at {place}.");
    }

    #[test]
    fn an_unknown_placeholder_or_section_is_an_error_naming_the_line() {
        let mut book = Phrasebook::built_in();
        let err = book
            .merge_toml(
                Path::new("mine.toml"),
                "[common]\nlot = [\"{wizard} wins\"]\n",
            )
            .unwrap_err();
        assert_eq!((err.line, err.field.as_deref()), (2, Some("common.lot")));
        assert!(err.message.contains("{wizard}"));
        let err = book
            .merge_toml(Path::new("mine.toml"), "[chess]\nlot = [\"x\"]\n")
            .unwrap_err();
        assert!(err.message.contains("unknown key `chess`"), "{err}");
    }

    #[test]
    fn an_unknown_moment_is_an_error_with_a_suggestion() {
        let mut book = Phrasebook::built_in();
        let err = book
            .merge_toml(
                Path::new("mine.toml"),
                "[tides-of-war]\nconquets = [\"x\"]\n",
            )
            .unwrap_err();
        assert_eq!(
            (err.line, err.field.as_deref()),
            (2, Some("tides-of-war.conquets"))
        );
        assert!(err.message.contains("did you mean `conquest`?"), "{err}");
    }

    #[test]
    fn a_gm_phrasebook_replaces_a_moment() {
        let mut book = Phrasebook::built_in();
        book.merge_toml(
            Path::new("mine.toml"),
            "[tides-of-war]\ntruce = [\"They shake hands.\"]\n",
        )
        .unwrap();
        assert_eq!(
            book.lines(
                GameKind::TidesOfWar,
                Moment::Finish(crate::games::tides::TRUCE, super::super::Result3::Won)
            ),
            ["They shake hands."]
        );
    }

    #[test]
    fn a_stake_passing_is_told_with_the_winner_the_loser_and_the_thing_only() {
        let book = Phrasebook::built_in();
        let lines = book.lines(GameKind::Pic, Moment::StakePasses);
        assert!(lines.len() >= 5, "several lines to choose from");
        for line in lines {
            let used = placeholders(line);
            assert!(used.contains(&"stake"), "{line} names the thing");
            assert!(
                used.iter()
                    .all(|p| ["winner", "loser", "stake"].contains(p)),
                "{line}"
            );
        }
        let mut mine = Phrasebook::built_in();
        mine.merge_toml(
            Path::new("mine.toml"),
            "[crowd]\nstake-passes = [\"{loser} hands over {stake}.\"]\n",
        )
        .unwrap();
        assert_eq!(
            mine.lines(GameKind::TidesOfWar, Moment::StakePasses),
            ["{loser} hands over {stake}."]
        );
        // A thing is not money, and a bettor has no pronouns on file.
        for bad in ["{coins}", "{their}"] {
            let err = mine
                .merge_toml(
                    Path::new("mine.toml"),
                    &format!("[crowd]\nstake-passes = [\"{{winner}} takes {bad}.\"]\n"),
                )
                .unwrap_err();
            assert_eq!(err.field.as_deref(), Some("crowd.stake-passes"), "{err}");
            assert!(err.message.contains(bad), "{err}");
            assert!(err.message.contains("{winner} {loser} {stake}"), "{err}");
        }
    }
}
