//! A new character file for the GM to fill in: every key a character file takes, the ones
//! given filled, the others shown in comments that say what they take.

use crate::ai::Temperament;
use crate::games::GameKind;
use crate::roster::Pronouns;
use crate::wager::Money;

/// What the GM said of a new character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sketch {
    /// Their name.
    pub name: String,
    /// Their skill, 1 to 10.
    pub skill: u8,
    /// Their manner at the board.
    pub temperament: Temperament,
    /// What they carry.
    pub purse: Money,
    /// The pronouns a storyteller uses.
    pub pronouns: Pronouns,
    /// A line of description (may be empty).
    pub description: String,
}

/// A TOML string, quoted and escaped.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

/// The file name a character's file gets: their name in lower case, words joined by `-`,
/// letters and digits only (`Old Brannoc` is `old-brannoc.toml`); `character.toml` for a
/// name with none.
#[must_use]
pub fn file_name(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        "character.toml".to_owned()
    } else {
        format!("{}.toml", words.join("-"))
    }
}

impl Sketch {
    /// The character file, commented for the GM to fill in.
    #[must_use]
    pub fn to_toml(&self) -> String {
        let pronouns = self.pronouns.they();
        // The menu's first two games show the form.
        let [example, other] = [GameKind::ALL[0].id(), GameKind::ALL[1].id()];
        let lines = [
            "# A character for taproom. Fill in what is left, then check the file with".to_owned(),
            "# `taproom check FILE`; `taproom rules GAME` tells each game's rules.".to_owned(),
            String::new(),
            format!("name = {}", quoted(&self.name)),
            format!(
                "short = {}   # the name the storyteller uses after the first mention",
                quoted(&super::default_short(&self.name))
            ),
            format!("pronouns = \"{pronouns}\"   # he, she or they"),
            format!(
                "description = {}   # one line: who they are at the table",
                quoted(&self.description)
            ),
            format!(
                "skill = {}   # 1 (knows the rules) to 10 (a master)",
                self.skill
            ),
            format!(
                "temperament = \"{}\"   # cautious, steady, bold, reckless or cunning",
                self.temperament
            ),
            format!("purse = \"{}\"   # coins: pp, gp, ep, sp, cp", self.purse),
            String::new(),
            "# Skill and temperament at one game, where they differ from the above:".to_owned(),
            format!("# [games.{example}]"),
            format!("# skill = {}", self.skill.saturating_add(2).min(10)),
            format!("# [games.{other}]"),
            "# temperament = \"bold\"".to_owned(),
            String::new(),
            "# Lines the narrator quotes, as many as you like for each moment:".to_owned(),
            "[voice]".to_owned(),
            "greeting = []   # on sitting down, e.g. [\"Another fool for the board. Sit.\"]"
                .to_owned(),
            "boast = []      # when things go their way".to_owned(),
            "win = []        # on winning".to_owned(),
            "loss = []       # on losing".to_owned(),
            "caught = []     # on being caught cheating".to_owned(),
            String::new(),
            "# Lines said at one game alone, the same keys: those that name its things".to_owned(),
            format!("# [voice.{example}]"),
            "# greeting = [\"Sit, sit. Mind the river.\"]".to_owned(),
        ];
        let mut text = lines.join("\n");
        text.push('\n');
        text
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::ai::Skill;
    use crate::roster::Character;

    fn sketch() -> Sketch {
        Sketch {
            name: "Gorm \"the Quiet\" Halvard".to_owned(),
            skill: 4,
            temperament: Temperament::Bold,
            purse: Money(1_250),
            pronouns: Pronouns::He,
            description: String::new(),
        }
    }

    #[test]
    fn the_file_loads_back_as_the_character_sketched() {
        let s = sketch();
        let c = Character::from_toml(Path::new("gorm.toml"), &s.to_toml()).unwrap();
        assert_eq!(c.name, "Gorm \"the Quiet\" Halvard", "quotes escaped");
        assert_eq!(c.short, "Gorm");
        assert_eq!(c.skill, Skill::Level(4));
        assert_eq!(c.temperament, Temperament::Bold);
        assert_eq!(c.purse, Money(1_250), "12 gp 5 sp");
        assert_eq!(c.pronouns, Pronouns::He);
        assert!(c.games.is_empty(), "the per-game lines are comments");
        assert!(c.voice.greeting.is_empty() && c.voice.win.is_empty());
    }

    #[test]
    fn the_commented_game_lines_load_when_uncommented() {
        let text = sketch()
            .to_toml()
            .replace("# [games.", "[games.")
            .replace("# skill = 6", "skill = 6")
            .replace("# temperament = \"bold\"", "temperament = \"cautious\"");
        let c = Character::from_toml(Path::new("gorm.toml"), &text).unwrap();
        assert_eq!(c.skill_at(GameKind::TidesOfWar), Skill::Level(6));
        assert_eq!(c.temperament_at(GameKind::Pic), Temperament::Cautious);
        let text = sketch()
            .to_toml()
            .replace("# [voice.", "[voice.")
            .replace("# greeting = [", "greeting = [");
        let c = Character::from_toml(Path::new("gorm.toml"), &text).unwrap();
        assert_eq!(
            c.voice.at(GameKind::TidesOfWar, false).greeting,
            ["Sit, sit. Mind the river."]
        );
        assert!(c.voice.at(GameKind::KiustOyun, false).greeting.is_empty());
    }

    #[test]
    fn file_names_are_the_name_in_lower_case_words() {
        assert_eq!(file_name("Old Brannoc"), "old-brannoc.toml");
        assert_eq!(file_name("Gorm \"the Quiet\""), "gorm-the-quiet.toml");
        assert_eq!(file_name("Sœur Ysolde"), "sœur-ysolde.toml");
        assert_eq!(file_name("!!!"), "character.toml");
    }
}
