//! A character who sits down to play: who they are, how well and how they play, what is in
//! their purse, and the lines they say.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::intent::{Dnd, Intent};
use super::skill::read_skill;
use super::source::{Doc, Field, FileError, Table};
use super::voice::{VOICE_KEYS, Voice, VoiceMoment};
use crate::ai::{Skill, Temperament};
use crate::games::GameKind;
use crate::names::{Pronouns, default_short};
use crate::table::cheat::default_eye;
use crate::wager::Money;

/// How a character plays one game, where it differs from their usual.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameStyle {
    /// Skill at this game.
    pub skill: Option<Skill>,
    /// Temperament at this game.
    pub temperament: Option<Temperament>,
    /// Honesty at this game.
    pub honesty: Option<u8>,
    /// Eye for a cheat at this game.
    pub eye: Option<u8>,
}

/// A validated character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Character {
    /// Their name, as the table calls them.
    pub name: String,
    /// The name a storyteller uses after the first mention.
    pub short: String,
    /// The pronouns a storyteller uses.
    pub pronouns: Pronouns,
    /// A line of description.
    pub description: String,
    /// Skill, 1 (knows the rules) to 10 (a master).
    pub skill: Skill,
    /// Their manner at the board.
    pub temperament: Temperament,
    /// 0 (cheats whenever it pays) to 10 (never cheats; the default).
    pub honesty: u8,
    /// 0 to 10: how well they spot a cheat; `None` takes it from skill and temperament.
    pub eye: Option<u8>,
    /// What they carry.
    pub purse: Money,
    /// What they owe the house, from bets taken on credit.
    pub debt: Money,
    /// Per-game overrides.
    pub games: BTreeMap<GameKind, GameStyle>,
    /// Their lines.
    pub voice: Voice,
    /// What they mean to do beyond winning: a hustle, a thrown match.
    pub intent: Intent,
    /// The party's figures from their own game (`[dnd]`), where given.
    pub dnd: Option<Dnd>,
    /// The file they came from (`None` for the characters built into taproom).
    #[serde(skip)]
    pub file: Option<PathBuf>,
}

impl Character {
    /// Their skill at `game`.
    #[must_use]
    pub fn skill_at(&self, game: GameKind) -> Skill {
        self.games
            .get(&game)
            .and_then(|s| s.skill)
            .unwrap_or(self.skill)
    }

    /// Their temperament at `game`.
    #[must_use]
    pub fn temperament_at(&self, game: GameKind) -> Temperament {
        self.games
            .get(&game)
            .and_then(|s| s.temperament)
            .unwrap_or(self.temperament)
    }

    /// Their honesty at `game`, 0 (cheats whenever it pays) to 10 (never).
    #[must_use]
    pub fn honesty_at(&self, game: GameKind) -> u8 {
        self.games
            .get(&game)
            .and_then(|s| s.honesty)
            .unwrap_or(self.honesty)
    }

    /// Their eye for a cheat at `game`, 0 to 10: as the file says, else from their skill
    /// there and their temperament (see [`default_eye`]).
    #[must_use]
    pub fn eye_at(&self, game: GameKind) -> u8 {
        self.games
            .get(&game)
            .and_then(|s| s.eye)
            .or(self.eye)
            .unwrap_or_else(|| default_eye(self.skill_at(game), self.temperament_at(game)))
    }

    /// Reads and validates a character from `text`, naming `file` in errors.
    ///
    /// # Errors
    /// The first problem found, with its line, column and field.
    pub fn from_toml(file: &Path, text: &str) -> Result<Character, FileError> {
        let doc = Doc::new(file, text);
        let parsed = doc.parse()?;
        super::kind::expect(file, text, super::FileKind::Character)?;
        let root = doc.root(&parsed);
        root.only(&[
            "name",
            "short",
            "pronouns",
            "description",
            "skill",
            "temperament",
            "honesty",
            "eye",
            "purse",
            "debt",
            "games",
            "voice",
            "hustle",
            "throw",
            "dnd",
        ])?;

        let name = root.need("name")?.name("name")?;
        let short = match root.get("short") {
            Some(f) => f.name("short name")?,
            None => default_short(&name),
        };
        let pronouns = read_pronouns(&root)?;
        let description = match root.get("description") {
            Some(f) => f.line()?,
            None => String::new(),
        };
        let skill = read_skill(&root.need("skill")?)?;
        let temperament = root
            .get("temperament")
            .map(|f| read_temperament(&f))
            .transpose()?
            .unwrap_or(Temperament::Steady);
        let purse = read_money(&root, "purse")?;
        let debt = read_money(&root, "debt")?;
        let honesty = match root.get("honesty") {
            Some(f) => read_scale(&f, "honesty")?,
            None => 10,
        };
        let eye = root.get("eye").map(|f| read_scale(&f, "eye")).transpose()?;
        let games = read_games(&root)?;
        let voice = read_voice(&root)?;
        let intent = super::intent::read_intent(&root)?;
        let dnd = super::intent::read_dnd(&root)?;

        Ok(Character {
            name,
            short,
            pronouns,
            description,
            skill,
            temperament,
            honesty,
            eye,
            purse,
            debt,
            games,
            voice,
            intent,
            dnd,
            file: Some(file.to_owned()),
        })
    }
}

/// `pronouns`: he, she or they (the default).
fn read_pronouns(root: &Table<'_, '_>) -> Result<Pronouns, FileError> {
    let Some(f) = root.get("pronouns") else {
        return Ok(Pronouns::They);
    };
    match f.str()?.trim().to_lowercase().as_str() {
        "he" | "he/him" => Ok(Pronouns::He),
        "she" | "she/her" => Ok(Pronouns::She),
        "they" | "they/them" => Ok(Pronouns::They),
        other => Err(f.error(format!(
            "pronouns are \"he\", \"she\" or \"they\", not `{other}`"
        ))),
    }
}

/// A temperament by its word.
fn read_temperament(f: &Field<'_, '_>) -> Result<Temperament, FileError> {
    f.str()?
        .parse::<Temperament>()
        .map_err(|e| f.error(e.to_string()))
}

/// An amount of money (`purse`, `debt`): none when absent, at most the most a purse keeps.
fn read_money(root: &Table<'_, '_>, key: &str) -> Result<Money, FileError> {
    let Some(f) = root.get(key) else {
        return Ok(Money::ZERO);
    };
    let m: Money = f
        .str()?
        .parse()
        .map_err(|e: crate::wager::money::MoneyError| f.error(e.to_string()))?;
    if m > crate::wager::money::MAX_PURSE {
        return Err(f.error(format!(
            "{m} is more than the most taproom keeps in a purse, {}",
            crate::wager::money::MAX_PURSE
        )));
    }
    Ok(m)
}

/// `[games.GAME]`: how they play each game where it differs from their usual.
fn read_games(root: &Table<'_, '_>) -> Result<BTreeMap<GameKind, GameStyle>, FileError> {
    let mut games = BTreeMap::new();
    let Some(games_field) = root.get("games") else {
        return Ok(games);
    };
    let table = games_field.table()?;
    for (key, field) in table.fields() {
        let game: GameKind =
            GameKind::from_key(key).map_err(|e| table.key_error(key, e.to_string()))?;
        games.insert(game, read_game_style(&field.table()?)?);
    }
    Ok(games)
}

/// One game's `skill`, `temperament`, `honesty` and `eye`, each optional.
fn read_game_style(style: &Table<'_, '_>) -> Result<GameStyle, FileError> {
    style.only(&["skill", "temperament", "honesty", "eye"])?;
    Ok(GameStyle {
        skill: style.get("skill").map(|f| read_skill(&f)).transpose()?,
        temperament: style
            .get("temperament")
            .map(|f| read_temperament(&f))
            .transpose()?,
        honesty: style
            .get("honesty")
            .map(|f| read_scale(&f, "honesty"))
            .transpose()?,
        eye: style
            .get("eye")
            .map(|f| read_scale(&f, "eye"))
            .transpose()?,
    })
}

/// `[voice]`: the lines they say at each moment, none of them empty; and under
/// `[voice.GAME]`, the lines they say at that game alone.
fn read_voice(root: &Table<'_, '_>) -> Result<Voice, FileError> {
    let Some(voice_field) = root.get("voice") else {
        return Ok(Voice::default());
    };
    let table = voice_field.table()?;
    let mut voice = read_moments(&table, true)?;
    for (key, field) in table.fields() {
        if VOICE_KEYS.contains(&key) {
            continue;
        }
        let game = GameKind::from_key(key).map_err(|e| table.key_error(key, e.to_string()))?;
        if voice.games.contains_key(&game) {
            return Err(table.key_error(
                key,
                format!("`{key}` is a second name for {game}, whose lines are given already"),
            ));
        }
        voice
            .games
            .insert(game, read_moments(&field.table()?, false)?);
    }
    Ok(voice)
}

/// The lines of each moment in a voice's table; with `games`, it may also hold a table of
/// lines for each game (read by the caller).
fn read_moments(table: &Table<'_, '_>, games: bool) -> Result<Voice, FileError> {
    let mut allowed: Vec<&str> = VOICE_KEYS.to_vec();
    if games {
        allowed.extend(GameKind::ALL.iter().map(|k| k.id()));
        // A game's other names (`tides`, `piç`) serve as they do under `[games]`.
        let keys: Vec<&str> = table.fields().map(|(k, _)| k).collect();
        allowed.extend(keys.into_iter().filter(|k| GameKind::from_key(k).is_ok()));
    }
    table.only(&allowed)?;
    let mut voice = Voice::default();
    for (key, field) in table.fields() {
        let Some(moment) = VoiceMoment::ALL.into_iter().find(|m| m.key() == key) else {
            continue;
        };
        let lines = field.strings()?;
        if let Some(blank) = lines.iter().position(|l| l.trim().is_empty()) {
            return Err(field.error(format!("line {} of the list is empty", blank + 1)));
        }
        *voice.lines_mut(moment) = lines;
    }
    Ok(voice)
}

/// A figure from 0 to 10 (honesty, eye).
fn read_scale(field: &Field<'_, '_>, what: &str) -> Result<u8, FileError> {
    let n = field.int()?;
    u8::try_from(n)
        .ok()
        .filter(|&n| n <= 10)
        .ok_or_else(|| field.error(format!("{what} is a figure from 0 to 10, not {n}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BRANNOC: &str = r#"name = "Old Brannoc"
description = "a one-eyed caravan guard who never bets what he can't lose"
skill = 6                  # 1 (knows the rules) to 10 (a master)
temperament = "cautious"
purse = "23 gp 4 sp"

[games.tides-of-war]       # per-game overrides
skill = 8

[voice]
greeting = ["Sit, sit. Mind the river."]
win = ["The town is mine, friend."]
loss = ["Bah. The stones were cold."]
"#;

    fn load(text: &str) -> Result<Character, FileError> {
        Character::from_toml(Path::new("brannoc.toml"), text)
    }

    #[test]
    fn the_example_character_loads() {
        let c = load(BRANNOC).unwrap();
        assert_eq!(c.name, "Old Brannoc");
        assert_eq!(c.skill, Skill::Level(6));
        assert_eq!(c.skill_at(GameKind::TidesOfWar), Skill::Level(8));
        assert_eq!(c.skill_at(GameKind::Pic), Skill::Level(6));
        assert_eq!(c.temperament, Temperament::Cautious);
        assert_eq!(c.purse, Money(2340));
        assert_eq!(c.debt, Money::ZERO);
        let owing = load(&BRANNOC.replace(
            "purse = \"23 gp 4 sp\"",
            "purse = \"0 cp\"\ndebt = \"2 gp\"",
        ))
        .unwrap();
        assert_eq!((owing.purse, owing.debt), (Money::ZERO, Money(200)));
        assert_eq!(c.voice.win, ["The town is mine, friend."]);
    }

    #[test]
    fn an_unknown_key_names_its_place_and_suggests_the_closest() {
        let err = load(&BRANNOC.replace("skill = 6 ", "skil = 6 ")).unwrap_err();
        assert_eq!((err.line, err.column), (3, 1));
        assert_eq!(err.field.as_deref(), Some("skil"));
        assert!(err.to_string().contains("did you mean `skill`?"), "{err}");
        assert!(
            err.to_string()
                .starts_with("brannoc.toml:3:1: field `skil`"),
            "{err}"
        );
    }

    #[test]
    fn a_skill_out_of_range_is_refused_at_its_value() {
        let err = load(&BRANNOC.replace("skill = 6 ", "skill = 12 ")).unwrap_err();
        assert_eq!(
            (err.line, err.column, err.field.as_deref()),
            (3, 9, Some("skill"))
        );
        assert!(err.message.contains("1 to 10"));
    }

    #[test]
    fn bad_values_name_their_fields() {
        let cases = [
            (
                BRANNOC.replace("\"cautious\"", "\"grumpy\""),
                "temperament",
                4,
            ),
            (
                BRANNOC.replace("\"23 gp 4 sp\"", "\"23 bananas\""),
                "purse",
                5,
            ),
            (
                BRANNOC.replace("[games.tides-of-war]", "[games.chess]"),
                "games.chess",
                7,
            ),
            (
                BRANNOC.replace("skill = 8", "skil = 8"),
                "games.tides-of-war.skil",
                8,
            ),
            (BRANNOC.replace("win = [", "wins = ["), "voice.wins", 12),
            (
                BRANNOC.replace("win = [\"The town is mine, friend.\"]", "win = [3]"),
                "voice.win",
                12,
            ),
            (
                BRANNOC.replace("name = \"Old Brannoc\"", "name = 5"),
                "name",
                1,
            ),
        ];
        for (text, field, line) in cases {
            let err = load(&text).unwrap_err();
            assert_eq!(err.field.as_deref(), Some(field), "{err}");
            assert_eq!(err.line, line, "{err}");
        }
    }

    #[test]
    fn a_games_voice_is_read_under_its_name_or_another_of_its_names() {
        let text = format!(
            "{BRANNOC}\n[voice.tides-of-war]\nboast = [\"Slow and steady keeps the town.\"]\n\n\
             [voice.\"piç\"]\nloss = [\"Heaps and heaps.\"]\n"
        );
        let c = load(&text).unwrap();
        assert_eq!(c.voice.win, ["The town is mine, friend."]);
        assert_eq!(
            c.voice.at(GameKind::TidesOfWar, true).boast,
            ["Slow and steady keeps the town."]
        );
        assert!(c.voice.at(GameKind::KiustOyun, true).boast.is_empty());
        assert_eq!(
            c.voice.at(GameKind::Pic, true).loss,
            ["Bah. The stones were cold.", "Heaps and heaps."]
        );
        let twice = format!("{text}\n[voice.pic]\nwin = [\"Mine.\"]\n");
        let err = load(&twice).unwrap_err();
        assert!(
            err.field
                .as_deref()
                .is_some_and(|f| f.starts_with("voice.pi")),
            "{err}"
        );
        assert!(err.message.contains("second name for pic"), "{err}");
    }

    #[test]
    fn a_bad_key_in_a_games_voice_names_its_place() {
        let cases = [
            (
                "[voice.chess]\nwin = [\"x\"]\n",
                "voice.chess",
                15,
                8,
                "the keys here are",
            ),
            (
                "[voice.tides-of-wat]\nwin = [\"x\"]\n",
                "voice.tides-of-wat",
                15,
                8,
                "did you mean `tides-of-war`?",
            ),
            (
                "[voice.pic]\nwins = [\"x\"]\n",
                "voice.pic.wins",
                16,
                1,
                "did you mean `win`?",
            ),
            (
                "[voice.pic]\nwin = [\"\"]\n",
                "voice.pic.win",
                16,
                7,
                "line 1 of the list is empty",
            ),
        ];
        for (tail, field, line, column, why) in cases {
            let err = load(&format!("{BRANNOC}\n{tail}")).unwrap_err();
            assert_eq!(err.field.as_deref(), Some(field), "{err}");
            assert_eq!((err.line, err.column), (line, column), "{err}");
            assert!(err.message.contains(why), "{err}");
        }
    }

    #[test]
    fn a_missing_name_and_broken_toml_are_refused() {
        let err = load("skill = 3\n").unwrap_err();
        assert_eq!(err.field.as_deref(), Some("name"));
        let err = load("name = \"X\"\nskill = \n").unwrap_err();
        assert_eq!(err.line, 2, "{err}");
        assert!(err.message.contains("not valid TOML"));
    }
}
