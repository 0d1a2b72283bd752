//! What each game says about itself, once: what it calls the parts of a match, how many
//! sit at it, what its seats are called, how it can end and what it counts per player (who
//! scores what, each event says: [`Event::credit`](super::Event::credit)). The table, the
//! bets, the narrator and the players read these facts from here and decide none of them
//! on their own.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{End, Seating, Tally};

/// What a game calls one part of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// A game (Tides of War, Piç, Kiust Oyun).
    Game,
    /// A round (Òicustiỳtac).
    Round,
}

impl Unit {
    /// "game" or "round".
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Unit::Game => "game",
            Unit::Round => "round",
        }
    }

    /// "Game" or "Round", for headings.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Unit::Game => "Game",
            Unit::Round => "Round",
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// What a table does to a cheat it sees: a game's custom, unless the tavern keeps a rule
/// of its own (Òicustiỳtac's rule 2 comes first there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OnCheat {
    /// The cheat is undone and the cheat loses the turn (Kiust Oyun's custom: a throw
    /// tampered with is lost).
    LoseTurn,
    /// The cheat is undone and play goes on: a forgiving tavern's house rule.
    TakeBack,
    /// The cheat loses the game (the custom of the board games, where a stone or counter
    /// moved is plain theft).
    ForfeitGame,
    /// The cheat is undone, and their stakes against the other players are forfeit.
    ForfeitStakes,
}

impl OnCheat {
    /// Every rule, in the order a tavern file's help lists them.
    pub const ALL: [OnCheat; 4] = [
        OnCheat::LoseTurn,
        OnCheat::TakeBack,
        OnCheat::ForfeitGame,
        OnCheat::ForfeitStakes,
    ];

    /// Its word in a tavern file.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            OnCheat::LoseTurn => "lose-turn",
            OnCheat::TakeBack => "take-back",
            OnCheat::ForfeitGame => "forfeit-game",
            OnCheat::ForfeitStakes => "forfeit-stakes",
        }
    }
}

/// A game's facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The game's name on the command line and in files (`tides-of-war`).
    pub id: &'static str,
    /// Other names a GM may type for it (`tides`, `piç`).
    pub aliases: &'static [&'static str],
    /// Its proper name, for prose (`Tides of War`).
    pub title: &'static str,
    /// What a part of a match is called.
    pub unit: Unit,
    /// The fewest players.
    pub min_players: usize,
    /// The most players.
    pub max_players: usize,
    /// What each seat is called at the table (a colour, or "player 1").
    pub seat_names: &'static [&'static str],
    /// How the seats change between the games of a match.
    pub seating: Seating,
    /// The wins that decide a match when the game's own rules say so (Òicustiỳtac: the
    /// first to win 3 rounds); `None` leaves the format to the table (best of 3).
    pub match_wins: Option<u32>,
    /// Whether the game's own rules punish a cheat that is caught (Òicustiỳtac's rule 2:
    /// the opponent brings down a stone of their choice, see [`super::Tableside::penalties`]);
    /// elsewhere the tavern's `on_cheat` decides.
    pub rule_two: bool,
    /// What a table of this game does to a cheat it sees, unless the tavern keeps a rule
    /// of its own (`on_cheat`).
    pub on_cheat: OnCheat,
    /// Every way a game can end.
    pub ends: &'static [End],
    /// What it counts per player, in table order.
    pub tallies: &'static [Tally],
    /// What the result table counts for a game, and the telling calls it: "moves",
    /// "sowings", "turns" (as [`super::Rules::turns_played`] counts them).
    pub turns: &'static str,
    /// What decides its chance outcomes, as the table names it when one is shown ("the
    /// sticks"); a game with none in play names its first-turn draw.
    pub chance: &'static str,
    /// The deepest perft `engine perft` runs: from the start, within a few minutes on one
    /// core.
    pub perft_depth: u32,
    /// The rule options it takes, by key.
    pub rules: &'static [RuleOption],
    /// Whether a line may speak of its board: Piç's counters lie in heaps on the table,
    /// with no board under them.
    pub board: bool,
    /// The points that end a round, where points do (Òicustiỳtac's 21).
    pub target: Option<u8>,
    /// The figure of the standing ([`super::Rules::standing`]) that counts what a player
    /// keeps off the board, Piç's store, when the game keeps one: the score counts it even
    /// where the standing leaves it out (Piç's store shows only under even captures), and
    /// a counter palmed into it unseen is in it.
    pub store: Option<&'static str>,
}

/// A rule option a game takes (`--rule key=value`, an evening's `rules`): its key and, in
/// words, the values it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOption {
    /// The key, as written.
    pub key: &'static str,
    /// What it takes: "true or false".
    pub takes: &'static str,
    /// Its value when no rule sets it, as `--rule` writes it ("" when unset means none).
    pub default: &'static str,
    /// Other values a tavern might keep, as `--rule` writes them: what the bookie's fit
    /// plays, so that his prices know what the option does (`wager::model`).
    pub samples: &'static [&'static str],
}

impl Facts {
    /// Every way a game can end that a bet may back: its own ends and the game forfeit by
    /// a cheat seen (under the game's custom or a tavern's rule). A resignation, a
    /// person's alone at `sit`, is no outcome to bet on.
    pub fn bet_ends(&self) -> impl Iterator<Item = End> + '_ {
        self.ends
            .iter()
            .copied()
            .chain(std::iter::once(End::Forfeit))
    }

    /// Whether `players` can sit at it.
    #[must_use]
    pub fn seats(&self, players: usize) -> bool {
        (self.min_players..=self.max_players).contains(&players)
    }

    /// "2 players", "2 to 5 players".
    #[must_use]
    pub fn players_text(&self) -> String {
        if self.min_players == self.max_players {
            format!("{} players", self.min_players)
        } else {
            format!("{} to {} players", self.min_players, self.max_players)
        }
    }
}

/// Player names for seats, from 1.
pub const NUMBERED: &[&str] = &["player 1", "player 2", "player 3", "player 4", "player 5"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn each_game_answers_for_its_board_its_target_and_its_store() {
        use crate::games::{Rules, Seat};
        // By the rule books: Piç is sown on the table with no board and keeps a store;
        // Òicustiỳtac's round goes to 21 points; no other game has either.
        for kind in GameKind::ALL {
            let facts = kind.facts();
            assert_eq!(facts.board, kind != GameKind::Pic, "{kind}");
            let target = (kind == GameKind::Oicustiytac).then_some(21);
            assert_eq!(facts.target, target, "{kind}");
            assert_eq!(facts.store.is_some(), kind == GameKind::Pic, "{kind}");
        }
        // The store the facts name is the figure Piç's standing shows under even captures.
        let options = crate::games::pic::Options {
            even_capture: true,
            ..Default::default()
        };
        let pic = crate::games::pic::Pic::start(2, &options).unwrap();
        let names: Vec<&str> = pic.standing(Seat(0)).iter().map(|(k, _)| *k).collect();
        assert_eq!(names, ["in heaps", "in piç", "in store"]);
        assert_eq!(GameKind::Pic.facts().store, Some("in store"));
    }

    #[test]
    fn a_tally_is_read_back_from_its_word() {
        let words = ["points", "captures", "down", "home", "kiusts"];
        for (tally, word) in Tally::ALL.into_iter().zip(words) {
            assert_eq!(Tally::from_word(word), Some(tally), "{word}");
        }
        for word in ["kiust", "Points", "", "point"] {
            assert_eq!(Tally::from_word(word), None, "{word}");
        }
    }

    #[test]
    fn every_game_states_its_facts() {
        for kind in GameKind::ALL {
            let f = kind.facts();
            assert!(f.min_players >= 2 && f.max_players <= 5 && f.min_players <= f.max_players);
            assert!(f.seat_names.len() >= f.max_players, "{kind}");
            assert!(!f.ends.is_empty() && !f.tallies.is_empty(), "{kind}");
            assert!(!f.rules.is_empty(), "{kind}");
        }
        assert_eq!(GameKind::Oicustiytac.facts().unit, Unit::Round);
        assert_eq!(GameKind::Pic.facts().players_text(), "2 to 5 players");
        assert_eq!(GameKind::TidesOfWar.facts().players_text(), "2 players");
    }

    #[test]
    fn every_end_belongs_to_some_game() {
        // A resignation and a forfeit are the table's ends, not a rule's: any game can end
        // so.
        for end in End::ALL
            .into_iter()
            .filter(|&e| !matches!(e, End::Resigned | End::Forfeit))
        {
            assert!(
                GameKind::ALL.iter().any(|k| k.facts().ends.contains(&end)),
                "{end:?}"
            );
        }
    }
}
