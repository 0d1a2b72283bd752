//! One match, described once: the game, who sits down, the format, the draw cap, the rule
//! options, the roster the characters came from and the seed. Every command that plays
//! or prices a match builds its [`MatchSpec`] here, under one set of limits (the table's,
//! in `table::spec`), and a spec writes itself back as the `taproom play` command line
//! that replays it exactly. It lives in `ops`, above the roster, because a seat holds the
//! character who sits down; the table below sees only its [`Entrant`]s and settings.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde::Serialize;

use crate::ai::Effort;
use crate::games::{Game, GameKind};
use crate::money::Money;
use crate::roster::Character;
use crate::table::cheat::Wary;
use crate::table::{
    DEFAULT_DRAW_CAP, Entrant, Format, MAX_DRAW_CAP, MAX_GAMES, MatchSettings, RuleError,
    RuleOptions, SpecError, TableRules,
};

/// Someone sitting down, and how the GM named them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    /// The character.
    pub character: Character,
    /// The file given in place of a name, when the GM gave one.
    pub given_file: Option<PathBuf>,
}

impl Seated {
    /// The word that names them on a command line: the file given, else the full name.
    #[must_use]
    pub fn word(&self) -> String {
        match &self.given_file {
            Some(file) => file.display().to_string(),
            None => self.character.name.clone(),
        }
    }
}

/// A match, described once and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSpec {
    /// The game.
    pub game: GameKind,
    /// Who sits down, in the order named (two to five, as the game allows).
    pub seats: Vec<Seated>,
    /// How long the match lasts.
    pub format: Format,
    /// Drawn games replayed before the match stops as it stands.
    pub draw_cap: u32,
    /// The rule options.
    pub rules: RuleOptions,
    /// The roster folder the characters were looked up in, if not the built-in one.
    pub roster: Option<PathBuf>,
    /// The seed of the table's generator.
    pub seed: u64,
    /// The tavern's rules for cheats and accusations.
    pub table: TableRules,
    /// Who has seen whom cheat before this match (earlier in the evening), by full name.
    pub wary: Wary,
    /// Hustlers the bookie is wise to (by full name): he prices them at their true skill,
    /// not the skill they show (`--wise-to`, or a hustle the history saw turn).
    pub wise_to: BTreeSet<String>,
    /// Whether the match stands on its own, told and played with no campaign's history
    /// read (`--no-history`; also set once the history's reputations are in `wary`, so
    /// that the replay line replays it exactly).
    pub no_history: bool,
    /// Throws bought for this match by a bribe: set with [`MatchSpec::buy_throw`], played
    /// by [`MatchSpec::entrants_at`] (see `ops::intent`).
    pub bought: Vec<BoughtThrow>,
    /// The bribes taken at this match, in their plain form (`--bribe`): the replay line
    /// carries them, as they change the play.
    pub bribes: Vec<String>,
    /// Money staked on the match outside taproom's wagers (`--staked`): counted with the
    /// bets' stakes by a hustle. After a match with a hustler seated it holds the whole
    /// stakes the match was played at, so that its replay line (which leaves the bets
    /// out) plays the hustle as it was played.
    pub staked: crate::wager::Money,
}

/// What a match is to be, before it is checked.
#[derive(Clone, Debug, Default)]
pub struct Draft {
    /// Who sits down.
    pub seats: Vec<Seated>,
    /// The format; `None` for the game's own.
    pub format: Option<Format>,
    /// The draw cap; `None` for the default.
    pub draw_cap: Option<u32>,
    /// The rule options.
    pub rules: RuleOptions,
    /// The roster folder.
    pub roster: Option<PathBuf>,
    /// The seed.
    pub seed: u64,
    /// The tavern's rules for cheats and accusations (unset: the tavern's, else each
    /// game's custom).
    pub table: TableRules,
    /// Who has seen whom cheat before, by the names given (a full or short name of
    /// someone seated).
    pub wary: Wary,
    /// Hustlers the bookie is wise to, by the names given (`--wise-to`).
    pub wise_to: Vec<String>,
    /// Whether to read no campaign's history for it (`--no-history`).
    pub no_history: bool,
    /// Money staked on the match outside taproom's wagers (`--staked`), counted with the
    /// bets when a hustle decides whether to turn.
    pub staked: crate::wager::Money,
}

impl MatchSpec {
    /// Checks a draft of a match of `game`: the table, the format, the draw cap and the
    /// rule options, each against the one set of limits.
    ///
    /// # Errors
    /// The first part that is out of bounds or not the game's.
    pub fn new(game: GameKind, draft: Draft) -> Result<MatchSpec, SpecError> {
        crate::games::with_game!(game, G => MatchSpec::of::<G>(draft))
    }

    /// [`MatchSpec::new`] for a match of `G`, a game of the registry or not.
    ///
    /// # Errors
    /// As [`MatchSpec::new`].
    pub fn of<G: Game>(draft: Draft) -> Result<MatchSpec, SpecError> {
        let game = G::KIND;
        check::<G>(&draft)?;
        let format = draft.format.unwrap_or_else(|| Format::default_for(game));
        let wary = seated_names(&draft.seats, &draft.wary)?;
        let wise_to = hustlers_named(&draft.seats, &draft.wise_to)?;
        Ok(MatchSpec {
            game,
            seats: draft.seats,
            format,
            draw_cap: draft.draw_cap.unwrap_or(DEFAULT_DRAW_CAP),
            rules: draft.rules,
            roster: draft.roster,
            seed: draft.seed,
            table: draft.table,
            wary,
            wise_to,
            no_history: draft.no_history,
            bought: Vec::new(),
            bribes: Vec::new(),
            staked: draft.staked,
        })
    }

    /// The same match under another seed.
    #[must_use]
    pub fn with_seed(&self, seed: u64) -> MatchSpec {
        MatchSpec {
            seed,
            ..self.clone()
        }
    }

    /// The names of the players, in the order named.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|s| s.character.name.clone())
            .collect()
    }

    /// The entrants of the match: each character with their skill and temperament at
    /// this game.
    #[must_use]
    pub fn entrants(&self) -> Vec<Entrant> {
        self.seats
            .iter()
            .map(|s| Entrant {
                name: s.character.name.clone(),
                short: s.character.short.clone(),
                pronouns: s.character.pronouns,
                skill: s.character.skill_at(self.game),
                temperament: s.character.temperament_at(self.game),
                honesty: s.character.honesty_at(self.game),
                eye: s.character.eye_at(self.game),
                person: false,
                plan: crate::table::Plan::default(),
                dnd: s.character.dnd,
            })
            .collect()
    }

    /// The entrants as `sight` sees them: the bookie sees a hustler at the skill shown,
    /// unless he is wise to them; the truth is their own skill.
    #[must_use]
    pub fn entrants_seen(&self, sight: Sight) -> Vec<Entrant> {
        let mut entrants = self.entrants();
        if sight == Sight::Bookie {
            for (e, s) in entrants.iter_mut().zip(&self.seats) {
                let c = &s.character;
                if let Some(h) = c.intent.hustle
                    && !self.wise_to.contains(&c.name)
                {
                    // Seen whole as a player of the skill shown: an eye the file does
                    // not give is the one that skill would have.
                    e.skill = h.shows;
                    let given = c.games.get(&self.game).and_then(|g| g.eye).or(c.eye);
                    e.eye = given.unwrap_or_else(|| {
                        crate::table::cheat::default_eye(h.shows, e.temperament)
                    });
                }
            }
        }
        entrants
    }

    /// Makes the bookie wise to every seated hustler in `seen` (whose hustle turned
    /// before, by full name, in any case).
    pub fn see_hustles(&mut self, seen: &BTreeSet<String>) {
        for s in &self.seats {
            let c = &s.character;
            if c.intent.hustle.is_some() && seen.iter().any(|n| crate::names::same(n, &c.name)) {
                self.wise_to.insert(c.name.clone());
            }
        }
    }

    /// Whether any seat means more than to win (a hustle, a throw).
    #[must_use]
    pub fn holds_intention(&self) -> bool {
        self.seats.iter().any(|s| !s.character.intent.is_plain())
    }

    /// The settings the table runs a match of `G` under.
    ///
    /// # Errors
    /// When `G` is not the spec's game, or its options do not read (a spec checked by
    /// [`MatchSpec::new`] always reads).
    pub fn settings<G: Game>(&self, effort: Effort) -> Result<MatchSettings<G>, SpecError> {
        if G::KIND != self.game {
            return Err(RuleError::Refused {
                game: G::KIND,
                message: format!("this is a match of {}", self.game.title()),
            }
            .into());
        }
        Ok(MatchSettings {
            format: self.format,
            draw_cap: self.draw_cap,
            options: self.rules.options::<G>()?,
            seed: self.seed,
            effort,
            table: self.table,
            wary: self.wary.clone(),
        })
    }

    /// The words of the `taproom play` command that replays this match exactly, from the
    /// folder the GM ran it in.
    #[must_use]
    pub fn replay_words(&self) -> Vec<String> {
        self.command_words("play")
    }

    /// The words of a `taproom COMMAND` (`play`, `replay`) that takes this match, exactly,
    /// from the folder the GM ran it in.
    #[must_use]
    pub fn command_words(&self, command: &str) -> Vec<String> {
        let mut words = vec![
            "taproom".to_owned(),
            command.to_owned(),
            self.game.id().to_owned(),
        ];
        words.extend(self.seats.iter().map(Seated::word));
        if let Some(dir) = &self.roster {
            words.push("--roster".to_owned());
            words.push(dir.display().to_string());
        }
        words.push("--seed".to_owned());
        words.push(self.seed.to_string());
        let (flag, n) = match self.format {
            Format::BestOf(n) => ("--best-of", n),
            Format::FirstTo(n) => ("--first-to", n),
        };
        words.push(flag.to_owned());
        words.push(n.to_string());
        if self.draw_cap != DEFAULT_DRAW_CAP {
            words.push("--draw-cap".to_owned());
            words.push(self.draw_cap.to_string());
        }
        for rule in self.rules.words() {
            words.push("--rule".to_owned());
            words.push(rule);
        }
        if let Some(rule) = self.table.on_cheat {
            words.push("--on-cheat".to_owned());
            words.push(rule.key().to_owned());
        }
        for (watcher, cheat, times) in self.wary.iter() {
            words.push("--wary".to_owned());
            words.push(crate::table::cheat::wary_word(watcher, cheat, times));
        }
        for name in &self.wise_to {
            words.push("--wise-to".to_owned());
            words.push(name.clone());
        }
        if self.no_history {
            words.push("--no-history".to_owned());
        }
        for bribe in &self.bribes {
            words.push("--bribe".to_owned());
            words.push(bribe.clone());
        }
        if self.staked > crate::wager::Money::ZERO {
            words.push("--staked".to_owned());
            words.push(self.staked.to_string());
        }
        words
    }

    /// The replay command as one line a shell reads back into the same words, every name
    /// and path quoted as it needs.
    #[must_use]
    pub fn replay_command(&self) -> String {
        shell_words::join(self.replay_words())
    }
}

/// `wary` with every name made the full name of the one seated it picks out.
fn seated_names(seats: &[Seated], wary: &Wary) -> Result<Wary, SpecError> {
    let names = seats.iter().flat_map(|s| {
        let full = s.character.name.clone();
        [
            (s.character.name.as_str(), full.clone()),
            (s.character.short.as_str(), full),
        ]
    });
    let matcher = crate::names::Matcher::new("character", names);
    let mut out = Wary::default();
    for (watcher, cheat, times) in wary.iter() {
        out.add(&matcher.find(watcher)?, &matcher.find(cheat)?, times);
    }
    Ok(out)
}

/// `--wise-to` names made the full names of the seated hustlers they pick out.
fn hustlers_named(seats: &[Seated], named: &[String]) -> Result<BTreeSet<String>, SpecError> {
    let names = seats.iter().flat_map(|s| {
        let full = s.character.name.clone();
        [
            (s.character.name.as_str(), full.clone()),
            (s.character.short.as_str(), full),
        ]
    });
    let matcher = crate::names::Matcher::new("character", names);
    let mut out = BTreeSet::new();
    for word in named {
        let name = matcher.find(word).map_err(SpecError::WiseTo)?;
        let hustles = seats
            .iter()
            .any(|s| s.character.name == name && s.character.intent.hustle.is_some());
        if !hustles {
            return Err(SpecError::NoHustle(name));
        }
        out.insert(name);
    }
    Ok(out)
}

/// Who sees a table: the bookie (a hustler at the skill shown, unless he is wise to them)
/// or the GM (the truth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sight {
    /// What the bookie sees.
    #[default]
    Bookie,
    /// The truth, as the GM knows it.
    Truth,
}

fn check<G: Game>(draft: &Draft) -> Result<(), SpecError> {
    let options = draft.rules.options::<G>()?;
    G::start(draft.seats.len(), &options)?;
    G::check_for_match(&options)?;
    for (i, s) in draft.seats.iter().enumerate() {
        if let Some(o) = draft.seats[..i]
            .iter()
            .find(|o| crate::names::same(&o.character.name, &s.character.name))
        {
            return Err(SpecError::Twice {
                name: s.character.name.clone(),
                first: o.character.name.clone(),
                game: G::KIND,
            });
        }
    }
    match draft.format {
        Some(Format::BestOf(n)) if n == 0 || n > MAX_GAMES => {
            return Err(SpecError::Format { first_to: false, n });
        }
        Some(Format::FirstTo(n)) if n == 0 || n > MAX_GAMES => {
            return Err(SpecError::Format { first_to: true, n });
        }
        Some(_) | None => {}
    }
    match draft.draw_cap {
        Some(n) if n > MAX_DRAW_CAP => Err(SpecError::DrawCap(n)),
        Some(_) | None => Ok(()),
    }
}

/// A throw bought for one match by a bribe: seat `thrower` (index into the spec's seats,
/// the match's entrants) loses on purpose to seat `to`, for `paid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BoughtThrow {
    /// The one who throws, by index into the seats.
    pub thrower: usize,
    /// The one they lose to, by index into the seats.
    pub to: usize,
    /// What was paid.
    pub paid: Money,
}
