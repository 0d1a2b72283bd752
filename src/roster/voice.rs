//! What a character says, at the moments a character's own voice has lines for (the
//! narrator reads them; a character file's `[voice]` writes them, and `[voice.GAME]` the
//! lines said at that game alone).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::games::GameKind;

/// The moments a character has lines for, by their keys in `[voice]`.
pub const VOICE_KEYS: [&str; 8] = [
    VoiceMoment::Greeting.key_const(),
    VoiceMoment::Boast.key_const(),
    VoiceMoment::Win.key_const(),
    VoiceMoment::Loss.key_const(),
    VoiceMoment::Caught.key_const(),
    VoiceMoment::RefuseBribe.key_const(),
    VoiceMoment::Hustle.key_const(),
    VoiceMoment::Throw.key_const(),
];

/// What a character says at each moment (any list may be empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Voice {
    /// On sitting down.
    pub greeting: Vec<String>,
    /// When things go their way.
    pub boast: Vec<String>,
    /// On winning.
    pub win: Vec<String>,
    /// On losing.
    pub loss: Vec<String>,
    /// On being caught cheating, and caught again.
    pub caught: Vec<String>,
    /// On refusing a bribe (too little, or when they take none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refuse_bribe: Vec<String>,
    /// Under their breath, when their hustle turns (the GM's alone).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hustle: Vec<String>,
    /// Under their breath, having thrown a match (the GM's alone).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub throw: Vec<String>,
    /// Lines said at one game alone (`[voice.GAME]`), besides the lines above: those that
    /// name its things (a river, a heap, the sticks, a trap).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub games: BTreeMap<GameKind, Voice>,
}

impl Voice {
    /// The lines for a moment.
    #[must_use]
    pub fn lines(&self, moment: VoiceMoment) -> &[String] {
        match moment {
            VoiceMoment::Greeting => &self.greeting,
            VoiceMoment::Boast => &self.boast,
            VoiceMoment::Win => &self.win,
            VoiceMoment::Loss => &self.loss,
            VoiceMoment::Caught => &self.caught,
            VoiceMoment::RefuseBribe => &self.refuse_bribe,
            VoiceMoment::Hustle => &self.hustle,
            VoiceMoment::Throw => &self.throw,
        }
    }

    /// The lines for a moment, to fill.
    pub fn lines_mut(&mut self, moment: VoiceMoment) -> &mut Vec<String> {
        match moment {
            VoiceMoment::Greeting => &mut self.greeting,
            VoiceMoment::Boast => &mut self.boast,
            VoiceMoment::Win => &mut self.win,
            VoiceMoment::Loss => &mut self.loss,
            VoiceMoment::Caught => &mut self.caught,
            VoiceMoment::RefuseBribe => &mut self.refuse_bribe,
            VoiceMoment::Hustle => &mut self.hustle,
            VoiceMoment::Throw => &mut self.throw,
        }
    }

    /// What they say at a match of `game`: their lines for every game, then that game's
    /// own (each line once); and where no money moved in the match (`wagered` false), none
    /// that speaks of money (see [`speaks_of_money`]).
    #[must_use]
    pub fn at(&self, game: GameKind, wagered: bool) -> Voice {
        let mut out = Voice::default();
        for moment in VoiceMoment::ALL {
            let own = self.games.get(&game).map_or(&[][..], |v| v.lines(moment));
            let lines = out.lines_mut(moment);
            for line in self.lines(moment).iter().chain(own) {
                if (wagered || !speaks_of_money(line)) && !lines.contains(line) {
                    lines.push(line.clone());
                }
            }
        }
        out
    }
}

/// The words that make a line speak of money: said only at a match where money moved (a
/// bet, a stake or an ante was taken), whether a character's or the phrasebook's.
pub const MONEY_WORDS: &[&str] = &[
    "ante",
    "bet",
    "bets",
    "betting",
    "business",
    "coin",
    "coins",
    "copper",
    "coppers",
    "cp",
    "credit",
    "debt",
    "debts",
    "expensive",
    "fare",
    "gold",
    "gp",
    "interest",
    "money",
    "owe",
    "owed",
    "owes",
    "paid",
    "pay",
    "payout",
    "pays",
    "price",
    "purse",
    "purses",
    "silver",
    "slate",
    "sp",
    "spend",
    "spent",
    "stake",
    "staked",
    "stakes",
    "strongbox",
    "wager",
    "wagered",
    "wagers",
    "winnings",
];

/// Whether a line speaks of money: holds one of [`MONEY_WORDS`] as a word of its own
/// (in any case; a placeholder such as `{coins}` counts).
#[must_use]
pub fn speaks_of_money(line: &str) -> bool {
    line.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| MONEY_WORDS.contains(&w))
}

/// The moments a character's own voice has lines for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoiceMoment {
    /// On sitting down.
    Greeting,
    /// When things go their way.
    Boast,
    /// On winning.
    Win,
    /// On losing.
    Loss,
    /// On being caught cheating, and caught again.
    Caught,
    /// On refusing a bribe.
    RefuseBribe,
    /// When their hustle turns: said under their breath, heard by the GM alone.
    Hustle,
    /// Having thrown a match: said under their breath, heard by the GM alone.
    Throw,
}

impl VoiceMoment {
    /// Every one, in file order.
    pub const ALL: [VoiceMoment; 8] = [
        VoiceMoment::Greeting,
        VoiceMoment::Boast,
        VoiceMoment::Win,
        VoiceMoment::Loss,
        VoiceMoment::Caught,
        VoiceMoment::RefuseBribe,
        VoiceMoment::Hustle,
        VoiceMoment::Throw,
    ];

    /// Its key in a character file's `[voice]`.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.key_const()
    }

    /// [`VoiceMoment::key`], usable in constants.
    #[must_use]
    pub const fn key_const(self) -> &'static str {
        match self {
            VoiceMoment::Greeting => "greeting",
            VoiceMoment::Boast => "boast",
            VoiceMoment::Win => "win",
            VoiceMoment::Loss => "loss",
            VoiceMoment::Caught => "caught",
            VoiceMoment::RefuseBribe => "refuse_bribe",
            VoiceMoment::Hustle => "hustle",
            VoiceMoment::Throw => "throw",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn voice(win: &[&str]) -> Voice {
        Voice {
            win: win.iter().map(|l| (*l).to_owned()).collect(),
            ..Voice::default()
        }
    }

    #[test]
    fn a_games_lines_are_said_there_alone_after_the_lines_for_every_game() {
        let mut v = voice(&["Steady wins.", "Into the strongbox with it."]);
        v.games.insert(
            GameKind::TidesOfWar,
            voice(&["The town is mine, friend.", "Steady wins."]),
        );
        assert_eq!(
            v.at(GameKind::TidesOfWar, true).win,
            [
                "Steady wins.",
                "Into the strongbox with it.",
                "The town is mine, friend."
            ]
        );
        assert_eq!(
            v.at(GameKind::Pic, true).win,
            ["Steady wins.", "Into the strongbox with it."]
        );
        // No money moved: the strongbox stays shut.
        assert_eq!(v.at(GameKind::Pic, false).win, ["Steady wins."]);
        assert!(v.at(GameKind::Pic, false).games.is_empty());
    }

    #[test]
    fn money_is_found_as_a_word_of_its_own() {
        for line in [
            "Don't look so glum. It's only coin.",
            "Coin's round; it rolls away.",
            "Pay up!",
            "{coins} to {winner}.",
            "A PURSE!",
        ] {
            assert!(speaks_of_money(line), "{line}");
        }
        for line in [
            "Bah. The stones were cold.",
            "Better luck next time.",
            "A spot of bother, spelled out.",
            "Shall we make it interesting?",
        ] {
            assert!(!speaks_of_money(line), "{line}");
        }
    }
}
