//! From the event log to sentences a GM can read aloud.
//!
//! The narrator never decides a rule: it reads what the games reported (each
//! [`Event`](crate::games::Event)) and picks the moments that matter: the first turn, the
//! opening, the telling captures or claims, the finish. Lines come from a [`Phrasebook`]; characters' own voice lines are
//! quoted where they fit. A seed chooses among the lines, and no line repeats in a match.

mod asides;
mod budget;
#[cfg(test)]
pub(crate) use asides::tests as aside_tests;
mod intent;
mod lead;
mod moment;
mod moments;
mod phrasebook;
pub mod recall;
mod variety;

use std::collections::HashSet;

use crate::roster::Pronouns;

pub use budget::{AIM, words, words_aloud};
pub use moment::{Moment, Result3};
pub use phrasebook::{Phrasebook, fill, fill_with};

use phrasebook::placeholders;

use crate::ai::{TableRng, table_rng};
use crate::games::{Place, Seat};
use crate::roster::{Voice, VoiceMoment};
use crate::table::{GameLog, MatchLog};

/// The part of the narration's seed that picks the asides' lines.
const ASIDE_STREAM: u64 = 1;

/// The part of the narration's seed that picks the intentions' lines.
const INTENT_STREAM: u64 = 2;

/// How much to tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Detail {
    /// What a GM reads aloud in about half a minute: at most two lines a game (the line
    /// that matters most, and the end) and five for the match (two greetings, the result,
    /// the winner's word, and a hook to end on), at every table size, within [`AIM`]
    /// words where it can be (shorter lines, then fewer moments, for a long match or a
    /// full table).
    #[default]
    Brief,
    /// Every moment the narrator finds.
    Full,
    /// No story, only the tables.
    None,
}

/// A told game: a heading and its lines.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Scene {
    /// "Game 1", "Round 2".
    pub heading: String,
    /// The lines, in order.
    pub lines: Vec<String>,
    /// The lines for the GM alone, by their index in `lines`, in order: what the players
    /// did not see (a cheat nobody caught). The players' view leaves them out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gm_only: Vec<usize>,
    /// For each of `gm_only`, the game (or round) it is about, 0 for the match: a brief
    /// telling's cheat that got away is told with the result, of the game it was in.
    #[serde(skip)]
    pub gm_games: Vec<u32>,
}

impl Scene {
    /// A scene with no lines yet.
    #[must_use]
    pub fn new(heading: impl Into<String>) -> Scene {
        Scene {
            heading: heading.into(),
            lines: Vec::new(),
            gm_only: Vec::new(),
            gm_games: Vec::new(),
        }
    }

    /// Whether line `i` is for the GM alone.
    #[must_use]
    pub fn is_gm_only(&self, i: usize) -> bool {
        self.gm_only.binary_search(&i).is_ok()
    }

    /// The lines the players may hear: every line but the GM's own.
    pub fn players_lines(&self) -> impl Iterator<Item = &String> {
        self.lines
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.is_gm_only(*i))
            .map(|(_, l)| l)
    }

    /// Adds a line for everyone.
    fn push(&mut self, line: String) {
        self.lines.push(line);
    }

    /// Adds a line for the GM alone, about `game` (0 for the match).
    fn push_gm_only(&mut self, line: String, game: u32) {
        self.gm_only.push(self.lines.len());
        self.gm_games.push(game);
        self.lines.push(line);
    }

    /// The lines for the GM alone, each with the game (or round) it is about, 0 for the
    /// match.
    pub fn gm_lines(&self) -> impl Iterator<Item = (u32, &String)> {
        self.gm_only
            .iter()
            .enumerate()
            .map(|(k, &i)| (self.gm_games.get(k).copied().unwrap_or(0), &self.lines[i]))
    }
}

/// Tells a match: the greetings, a scene per game, the result.
#[derive(Clone)]
pub struct Narrator<'a> {
    book: &'a Phrasebook,
    log: &'a MatchLog,
    voices: &'a [&'a Voice],
    rng: TableRng,
    /// The choice of lines for the asides (cheats, accusations), a stream of its own: the
    /// rest of the story is picked as it would be without them.
    aside_rng: TableRng,
    /// The choice of the intentions' lines (a hustle, a throw), a stream of its own, used
    /// after the rest of the story is told.
    intent_rng: TableRng,
    /// Lines of the book (moment and index) already used in this match.
    used: HashSet<(Moment, usize)>,
    /// Lines of voices (entrant, moment, index) already quoted in this match.
    quoted: HashSet<(usize, VoiceMoment, usize)>,
    /// Every line said so far, filled in.
    said: HashSet<String>,
    /// The entrants named so far in the telling, in lines everyone hears (by their full
    /// names; after that, their short ones).
    mentioned: HashSet<usize>,
    /// The entrants named so far in the telling, in any line, the GM's own included: a
    /// GM-only line names in full whoever no line has named yet, and does not count as
    /// the first mention for the lines the players hear.
    mentioned_gm: HashSet<usize>,
    /// How the line being said names everyone in it, so that one line never mixes full
    /// and short names: in full (`Some(true)`) when it names anyone for the first time,
    /// else short.
    line_full: Option<bool>,
    /// Whether the line being said is for the GM alone.
    whisper: bool,
    /// Whether a cheat nobody saw has been told in this match (brief tells one).
    unseen_told: bool,
    /// The entrants whose stakes were told forfeit in this match.
    stakes_told: HashSet<usize>,
    /// What each line said, for checking against the log.
    facts: Vec<Fact>,
    /// The game being told (0 before and after the games).
    game_number: u32,
    /// The tavern's own lines of atmosphere, if a tavern file gave some.
    ambience: Vec<String>,
    /// How often each cheat has been caught or got away, so far.
    cheats: asides::CheatCounts,
    /// How much the brief telling may tell, to fit its length.
    plan: budget::Plan,
}

/// What one narrated line claims: the moment it tells, who it names in which role, and
/// the values it was filled with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// The game (or round) it is about; 0 for the match as a whole.
    pub game: u32,
    /// The phrasebook moment.
    pub key: Moment,
    /// The people the moment is about, by role (`winner`, `loser`, `mover`, `victim`,
    /// `owner`), as entrants (several for a shared win).
    pub people: Vec<(String, Vec<usize>)>,
    /// The placeholders' values, as said.
    pub vars: Vec<(String, String)>,
    /// Whether the line is for the GM alone (the players' view leaves it out).
    pub gm_only: bool,
    /// The phrasebook line before filling.
    pub template: String,
    /// The line as said.
    pub line: String,
}

/// What a placeholder is filled with: people (named as the scene has named them so far),
/// or words.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Val {
    /// One or more entrants ("A and B" for a shared win).
    People(Vec<usize>),
    /// Words, as they are.
    Text(String),
    /// Each entrant with a figure ("Brannoc 2, Mirela 1"), named as the scene names them.
    Scores(Vec<(usize, i64)>),
    /// Something of an entrant's ("Pip's trap 3"), named as the scene names them.
    Owned(usize, String),
}

/// The entrants a value names.
fn people_in(v: &Val) -> Vec<usize> {
    match v {
        Val::People(p) => p.clone(),
        Val::Scores(s) => s.iter().map(|&(e, _)| e).collect(),
        Val::Owned(e, _) => vec![*e],
        Val::Text(_) => Vec::new(),
    }
}

fn person(entrant: usize) -> Val {
    Val::People(vec![entrant])
}

fn text(words: impl Into<String>) -> Val {
    Val::Text(words.into())
}

/// A moment found worth a line: which, how much it matters, the step it happened at, the
/// seat that acted, and the placeholders' values.
struct Spotted {
    key: Moment,
    weight: u32,
    step: usize,
    seat: Option<Seat>,
    vars: Vec<(&'static str, Val)>,
}

impl<'a> Narrator<'a> {
    /// A narrator for `log`, with each entrant's voice in entrant order.
    #[must_use]
    pub fn new(book: &'a Phrasebook, log: &'a MatchLog, voices: &'a [&'a Voice]) -> Narrator<'a> {
        Narrator {
            book,
            log,
            voices,
            // Narration has its own stream and never disturbs the match's.
            rng: table_rng(crate::seed::derive(
                log.seed,
                crate::seed::Purpose::Narration,
                &[],
            )),
            aside_rng: table_rng(crate::seed::derive(
                log.seed,
                crate::seed::Purpose::Narration,
                &[ASIDE_STREAM],
            )),
            intent_rng: table_rng(crate::seed::derive(
                log.seed,
                crate::seed::Purpose::Narration,
                &[INTENT_STREAM],
            )),
            used: HashSet::new(),
            quoted: HashSet::new(),
            said: HashSet::new(),
            mentioned: HashSet::new(),
            mentioned_gm: HashSet::new(),
            line_full: None,
            whisper: false,
            unseen_told: false,
            stakes_told: HashSet::new(),
            facts: Vec::new(),
            game_number: 0,
            ambience: Vec::new(),
            cheats: asides::CheatCounts::default(),
            plan: budget::Plan::default(),
        }
    }

    /// Sets the scene with a tavern's own lines of atmosphere (one opens the match);
    /// without them the phrasebook's `ambience` lines serve, if it has any.
    #[must_use]
    pub fn with_ambience(mut self, lines: &[String]) -> Narrator<'a> {
        self.ambience = lines.to_vec();
        self
    }

    /// What every line told so far claims, in order.
    #[must_use]
    pub fn facts(&self) -> &[Fact] {
        &self.facts
    }

    /// The whole match, told at the given detail (briefly, within [`AIM`] words where it
    /// can be).
    pub fn tell(&mut self, detail: Detail) -> Vec<Scene> {
        match detail {
            Detail::None => Vec::new(),
            Detail::Brief => self.tell_within_budget(),
            Detail::Full => self.tell_as_planned(detail),
        }
    }

    /// The whole match, told at `detail` as the plan allows.
    fn tell_as_planned(&mut self, detail: Detail) -> Vec<Scene> {
        let mut scenes = Vec::new();
        self.cheats = asides::CheatCounts::default();
        self.mentioned.clear();
        self.mentioned_gm.clear();
        let greet = self.greetings(detail);
        if !greet.is_empty() {
            let mut scene = Scene::new("At the table");
            scene.lines = greet;
            scenes.push(scene);
        }
        for game in &self.log.games {
            self.game_number = game.number;
            self.cheats.next_game();
            let mut scene = Scene::new(format!("{} {}", self.unit(), game.number));
            if detail == Detail::Brief {
                self.tell_game_briefly(game, &mut scene);
            } else {
                self.tell_game(game, detail, &mut scene);
            }
            scenes.push(scene);
        }
        self.game_number = 0;
        let mut scene = Scene::new("The result");
        if detail == Detail::Brief {
            self.match_end_briefly(&mut scene);
        } else {
            scene.lines = self.match_end();
        }
        scenes.push(scene);
        self.tell_intentions(&mut scenes);
        scenes
    }

    /// The lines at the table before play: the tavern's atmosphere and every greeting in
    /// full; briefly, the tavern's atmosphere (when a tavern file gives some) and one
    /// greeting, of an entrant the seed picks.
    fn greetings(&mut self, detail: Detail) -> Vec<String> {
        let mut greet = Vec::new();
        let n = self.log.entrants.len();
        if detail == Detail::Brief {
            if !self.ambience.is_empty() {
                let pick = rand::RngExt::random_range(&mut self.rng, 0..self.ambience.len());
                greet.push(self.ambience[pick].clone());
            }
            greet.extend(self.opening_greeting());
            return greet;
        }
        if self.ambience.is_empty() {
            greet.extend(self.say(Moment::Ambience, &[]));
        } else {
            let pick = rand::RngExt::random_range(&mut self.rng, 0..self.ambience.len());
            greet.push(self.ambience[pick].clone());
        }
        for i in 0..n {
            greet.extend(self.voice(i, VoiceMoment::Greeting));
        }
        greet
    }

    /// A game told briefly, in two lines at most: the line that matters most, when one
    /// does (the first cheat the table caught, else the heaviest moment if it weighs as
    /// much as a turning point: a comeback, a big swing or chain, the turn of the game),
    /// and the end (a forfeit for a cheat is its end). Cheats nobody saw wait for the end
    /// of the match.
    fn tell_game_briefly(&mut self, game: &GameLog, scene: &mut Scene) {
        let caught = asides::in_order(game)
            .into_iter()
            .find(|a| asides::seen_by_the_table(&a.aside));
        if let Some(a) = caught {
            self.tell_caught_briefly(game, a, scene);
        } else if let Some(m) = self
            .most_telling(game)
            .filter(|m| m.weight >= self.plan.floor)
        {
            self.plan.told.push(m.weight);
            self.tell_moment(&m, false, scene);
        }
        let forfeit_told = self
            .facts
            .iter()
            .any(|f| f.game == game.number && f.key == Moment::CheatForfeit);
        if !forfeit_told && let Some(line) = self.finish(game) {
            scene.push(line);
        }
    }

    /// The heaviest moment of a game, the ceremony and a forfeit game's margin aside (the
    /// earliest of equals), each weighed down for every time the match has told its kind.
    fn most_telling(&mut self, game: &GameLog) -> Option<Spotted> {
        let mut moments = self.moments(game);
        moments.extend(self.lead_moments(game));
        let forfeit = asides::forfeit(game);
        moments
            .into_iter()
            .filter(|m| !m.key.is_ceremony())
            .filter(|m| !(forfeit && matches!(m.key, Moment::CloseFinish | Moment::Rout)))
            .map(|m| self.weighed_down(m))
            .min_by_key(|m| (std::cmp::Reverse(m.weight), m.step))
    }

    /// The match's end, briefly: who won, and a hook from the log to end on (the
    /// onlookers at an upset, a grudge against a cheat the table caught, the onlookers at
    /// a close match, else a word from the table). The GM alone hears of the match's
    /// first cheat that got away.
    fn match_end_briefly(&mut self, scene: &mut Scene) {
        let mut vars = vec![("scores", self.match_scores())];
        match self.log.winners.as_slice() {
            [] => scene.lines.extend(self.say(Moment::MatchDrawn, &vars)),
            [one] => {
                vars.push(("winner", person(*one)));
                // The hook: the onlookers at an upset or a match that went to the wire,
                // after the result; else a word from the table, in one of three shapes
                // (the seed picks): the result and the winner's word, the winner's word
                // and then the result, or the result and the runner-up's word.
                let crowd = self
                    .crowd_reaction(*one)
                    .is_some_and(|(key, _)| key != Moment::Cheer);
                let upset = self
                    .crowd_reaction(*one)
                    .is_some_and(|(key, _)| key == Moment::Groan);
                // A grudge against a cheat the table caught beats all but an upset.
                let grudge = if upset { None } else { self.grudge() };
                let shape = if grudge.is_some() {
                    3
                } else if crowd {
                    0
                } else {
                    rand::RngExt::random_range(&mut self.rng, 0..3)
                };
                match shape {
                    3 => {
                        scene.lines.extend(self.say(Moment::MatchWon, &vars));
                        let hook = grudge
                            .and_then(|g| self.say(Moment::Grudge, &g))
                            .or_else(|| self.voice(*one, VoiceMoment::Win));
                        scene.lines.extend(hook);
                    }
                    0 => {
                        scene.lines.extend(self.say(Moment::MatchWon, &vars));
                        let hook = self
                            .hook_at_the_end(*one)
                            .or_else(|| self.voice(*one, VoiceMoment::Win));
                        scene.lines.extend(hook);
                    }
                    1 => {
                        scene.lines.extend(self.voice(*one, VoiceMoment::Win));
                        scene.lines.extend(self.say(Moment::MatchWon, &vars));
                    }
                    _ => {
                        scene.lines.extend(self.say(Moment::MatchWon, &vars));
                        let word = self
                            .runner_up(*one)
                            .and_then(|r| self.voice(r, VoiceMoment::Loss))
                            .or_else(|| self.voice(*one, VoiceMoment::Win));
                        scene.lines.extend(word);
                    }
                }
            }
            many => {
                vars.push(("winner", Val::People(many.to_vec())));
                scene.lines.extend(self.say(Moment::MatchShared, &vars));
            }
        }
        self.tell_unseen_hook(scene);
    }

    /// The GM's own hook: the match's first cheat that got away.
    fn tell_unseen_hook(&mut self, scene: &mut Scene) {
        let log = self.log;
        let unseen = log.games.iter().find_map(|g| {
            asides::in_order(g)
                .into_iter()
                .find(|a| asides::got_away(&a.aside))
                .map(|a| (g, a))
        });
        if let Some((game, a)) = unseen {
            let mut outcry = true;
            // The line's facts are of the game the cheat was tried in.
            self.game_number = game.number;
            self.tell_aside(game, a, Detail::Brief, scene, &mut outcry);
            self.game_number = 0;
        }
    }

    /// "Game" or "Round", as the game calls its parts.
    fn unit(&self) -> &'static str {
        self.log.game.facts().unit.title()
    }

    /// An entrant as the telling names them: the full name the first time, then the
    /// short, and everyone in a line in one form (see `line_full`). A line for
    /// the GM alone names in full whoever no line has named yet, and leaves the first
    /// mention to the lines everyone hears.
    fn name(&mut self, entrant: usize) -> String {
        let first = self.first_mention(entrant);
        if !self.whisper {
            self.mentioned.insert(entrant);
        }
        self.mentioned_gm.insert(entrant);
        let e = &self.log.entrants[entrant];
        if self.line_full.unwrap_or(first) {
            e.name.clone()
        } else {
            e.short.clone()
        }
    }

    /// Whether the line being said would name `entrant` for the first time.
    fn first_mention(&self, entrant: usize) -> bool {
        if self.whisper {
            !self.mentioned_gm.contains(&entrant)
        } else {
            !self.mentioned.contains(&entrant)
        }
    }

    /// Fixes the form of every name in the line about to be said, which names `people`:
    /// in full when it names anyone for the first time (so that they are met by their full
    /// name, and nobody else in the line by a shorter one), else short.
    fn one_form(&mut self, people: &[usize]) {
        self.line_full = Some(people.iter().any(|&e| self.first_mention(e)));
    }

    /// An entrant's short name.
    fn short(&self, entrant: usize) -> &str {
        &self.log.entrants[entrant].short
    }

    fn pronouns(&self, entrant: usize) -> Pronouns {
        self.log.entrants[entrant].pronouns
    }

    /// Picks a line of `key` not yet used in this match and fills it, naming people as
    /// the scene has named them so far; `None` when the book has no line for it that
    /// would not repeat something already said.
    fn say(&mut self, key: Moment, vars: &[(&'static str, Val)]) -> Option<String> {
        let vars = self.with_implied(vars);
        let lines = self.book.lines(self.log.game, key);
        let pool = self.pool(key, lines, &vars);
        let pool = self.tersest(pool, lines, &vars);
        if pool.is_empty() {
            return None;
        }
        let rng = if key.is_aside() {
            &mut self.aside_rng
        } else {
            &mut self.rng
        };
        let pick = pool[rand::RngExt::random_range(rng, 0..pool.len())];
        self.used.insert((key, pick));
        let template = lines[pick].clone();
        self.said.insert(self.plain(&vars, &template));
        // People are named in one form within the line: all in full when it names anyone
        // for the first time in the telling, else all short.
        let named: Vec<usize> = placeholders(&template)
            .iter()
            .filter_map(|p| vars.iter().find(|(k, _)| k == p))
            .flat_map(|(_, v)| people_in(v))
            .collect();
        self.one_form(&named);
        let mut words: Vec<(&str, String)> = Vec::new();
        let line = fill_with(&template, &mut |name| {
            let (k, v) = vars.iter().find(|(k, _)| *k == name)?;
            let said = self.render(v);
            if !words.iter().any(|(w, _)| w == k) {
                words.push((k, said.clone()));
            }
            Some(said)
        });
        self.line_full = None;
        let line = agree_with_they(line, &vars);
        self.record(key, &vars, &words, template, line.clone());
        Some(line)
    }

    /// A moment's placeholders with those they imply: a place is also a {town}, a {trap}
    /// or a {heap}, as the game's lines call it; the {game}; and the pronouns of the
    /// moment's subject: the mover (or the accuser), else the winner (winners who share a
    /// win are "they").
    fn with_implied(&self, vars: &[(&'static str, Val)]) -> Vec<(&'static str, Val)> {
        let mut vars = vars.to_vec();
        if let Some((_, place)) = vars.iter().find(|(k, _)| *k == "place").cloned() {
            vars.extend(["town", "trap", "heap"].map(|k| (k, place.clone())));
        }
        vars.push(("game", text(self.log.game.title())));
        let subject = ["mover", "accuser", "winner"].iter().find_map(|role| {
            vars.iter().find_map(|(k, v)| match v {
                Val::People(p) if k == role && !p.is_empty() => Some(p.clone()),
                Val::People(_) | Val::Text(_) | Val::Scores(_) | Val::Owned(..) => None,
            })
        });
        if let Some(people) = subject {
            let p = match people.as_slice() {
                [one] => self.pronouns(*one),
                _ => Pronouns::They,
            };
            vars.extend([
                ("they", text(p.they())),
                ("them", text(p.them())),
                ("their", text(p.their())),
            ]);
        }
        vars
    }

    /// The lines of `key` that may be said now: those not yet used in this match, so no
    /// line of the book serves twice in a match. Once every line is used, a moment the
    /// story cannot leave out ([`Moment::must_be_told`]: a game's result, the sums of
    /// cheats) may use a line again if what it says this time (names, numbers, places)
    /// differs from everything said so far; any other moment goes untold. A line is
    /// picked among those it can fill: a turned stick has no place, a forfeit game may
    /// have no winner, a comeback's rival may never have led the whole table.
    fn pool(&self, key: Moment, lines: &[String], vars: &[(&'static str, Val)]) -> Vec<usize> {
        let fits = |i: &usize| {
            placeholders(&lines[*i])
                .iter()
                .all(|p| vars.iter().any(|(k, _)| k == p))
        };
        let fresh: Vec<usize> = (0..lines.len())
            .filter(|&i| !self.used.contains(&(key, i)))
            .filter(fits)
            .collect();
        if !fresh.is_empty() || !key.must_be_told() {
            return fresh;
        }
        (0..lines.len())
            .filter(fits)
            .filter(|&i| !self.said.contains(&self.plain(vars, &lines[i])))
            .collect()
    }

    /// What a line would say with everyone named short, to judge repeats by.
    fn plain(&self, vars: &[(&'static str, Val)], template: &str) -> String {
        let words: Vec<(&str, String)> = vars
            .iter()
            .map(|(k, v)| (*k, self.render_short(v)))
            .collect();
        fill(template, &words)
    }

    /// Keeps the fact of a line said: its moment, who it names, each placeholder as said.
    fn record(
        &mut self,
        key: Moment,
        vars: &[(&'static str, Val)],
        words: &[(&str, String)],
        template: String,
        line: String,
    ) {
        self.facts.push(Fact {
            game: self.game_number,
            key,
            people: vars
                .iter()
                .filter_map(|(k, v)| match v {
                    Val::People(p) => Some(((*k).to_owned(), p.clone())),
                    Val::Text(_) | Val::Scores(_) | Val::Owned(..) => None,
                })
                .collect(),
            vars: vars
                .iter()
                .map(|(k, v)| {
                    let said = words
                        .iter()
                        .find(|(w, _)| w == k)
                        .map_or_else(|| self.render_short(v), |(_, s)| s.clone());
                    ((*k).to_owned(), said)
                })
                .collect(),
            gm_only: self.whisper,
            template,
            line,
        });
    }

    /// A value as the scene says it: people in full at their first mention, short after.
    fn render(&mut self, v: &Val) -> String {
        match v {
            Val::People(p) => {
                let names: Vec<String> = p.iter().map(|&e| self.name(e)).collect();
                crate::names::and_list(&names)
            }
            Val::Text(t) => t.clone(),
            Val::Scores(s) => {
                let parts: Vec<String> = s
                    .iter()
                    .map(|&(e, n)| format!("{} {n}", self.name(e)))
                    .collect();
                parts.join(", ")
            }
            Val::Owned(e, what) => format!("{} {what}", possessive(&self.name(*e))),
        }
    }

    /// A value with everyone named short.
    fn render_short(&self, v: &Val) -> String {
        match v {
            Val::People(p) => crate::names::and_list(
                &p.iter()
                    .map(|&e| self.short(e).to_owned())
                    .collect::<Vec<_>>(),
            ),
            Val::Text(t) => t.clone(),
            Val::Scores(s) => s
                .iter()
                .map(|&(e, n)| format!("{} {n}", self.short(e)))
                .collect::<Vec<_>>()
                .join(", "),
            Val::Owned(e, what) => format!("{} {what}", possessive(self.short(*e))),
        }
    }

    /// A quoted line of an entrant's own voice for the moment, never one already quoted in
    /// this match.
    fn voice(&mut self, entrant: usize, moment: VoiceMoment) -> Option<String> {
        let pool = self.voice_pool(entrant, moment);
        if pool.is_empty() {
            return None;
        }
        let pick = pool[rand::RngExt::random_range(&mut self.rng, 0..pool.len())];
        self.voice_at(entrant, moment, pick)
    }

    /// The lines of an entrant's voice for the moment that may be quoted now, by index:
    /// not yet quoted in this match, and fit for the game and the table.
    fn voice_pool(&self, entrant: usize, moment: VoiceMoment) -> Vec<usize> {
        let Some(voice) = self.voices.get(entrant) else {
            return Vec::new();
        };
        let lines = voice.lines(moment);
        // A game with no board (Piç): a line that speaks of one is left for another; and a
        // line for two ("let us both", "just the two of us") for a table of two.
        let pair = self.log.entrants.len() == 2;
        let fits = |line: &str| {
            let words = line.to_lowercase();
            let of_two = words
                .split(|c: char| !c.is_alphabetic())
                .any(|w| w == "both")
                || words.contains("two of us");
            (self.log.game.facts().board || !words.contains("board")) && (pair || !of_two)
        };
        (0..lines.len())
            .filter(|&i| !self.quoted.contains(&(entrant, moment, i)) && fits(&lines[i]))
            .collect()
    }

    /// Line `pick` of an entrant's voice for the moment, quoted (and never again in this
    /// match).
    fn voice_at(&mut self, entrant: usize, moment: VoiceMoment, pick: usize) -> Option<String> {
        let line = self.voices.get(entrant)?.lines(moment).get(pick)?.clone();
        self.quoted.insert((entrant, moment, pick));
        Some(self.quote(entrant, moment, &line))
    }

    /// A voice's line as the scene quotes it: after the speaker's name, or to another at
    /// the table, or with a gesture (the way it is put picked by the seed).
    fn quote(&mut self, entrant: usize, moment: VoiceMoment, line: &str) -> String {
        let tags = quote_tags(moment);
        let others: Vec<usize> = (0..self.log.entrants.len())
            .filter(|&e| e != entrant)
            .collect();
        let tag = tags[rand::RngExt::random_range(&mut self.rng, 0..tags.len())];
        let other = if others.is_empty() {
            None
        } else {
            Some(others[rand::RngExt::random_range(&mut self.rng, 0..others.len())])
        };
        let tag = match other {
            Some(_) => tag,
            None if tag.contains("{other}") => "{name}: \"{line}\"",
            None => tag,
        };
        let their = self.pronouns(entrant).their();
        // A quotation before its speaker ends on a comma, not a full stop.
        let line = match line.strip_suffix('.') {
            Some(stem) if tag.starts_with("\"{line}") && !stem.ends_with('.') => {
                format!("{stem},")
            }
            _ => line.to_owned(),
        };
        let mut people = vec![entrant];
        people.extend(other.filter(|_| tag.contains("{other}")));
        self.one_form(&people);
        let quoted = fill_with(tag, &mut |key| match key {
            "name" => Some(self.name(entrant)),
            "other" => other.map(|o| self.name(o)),
            "their" => Some(their.to_owned()),
            "line" => Some(line.clone()),
            _ => None,
        });
        self.line_full = None;
        quoted
    }

    fn verb(&mut self, entrant: usize) -> String {
        let verbs = self.book.verbs(self.log.entrants[entrant].temperament);
        if verbs.is_empty() {
            return "moves".to_owned();
        }
        verbs[rand::RngExt::random_range(&mut self.rng, 0..verbs.len())].clone()
    }

    /// A place as the table would say it; a trap of the actor's own Land is "her own".
    fn place(&self, game: &GameLog, place: Place, actor: Option<Seat>) -> Val {
        match place {
            Place::Trap { land, trap } if Some(land) == actor => {
                let their = self.pronouns(game.entrant_at(land)).their();
                text(format!("{their} own trap {trap}"))
            }
            Place::Trap { land, trap } => Val::Owned(game.entrant_at(land), format!("trap {trap}")),
            other => text(other.to_string()),
        }
    }

    fn tell_game(&mut self, game: &GameLog, detail: Detail, scene: &mut Scene) {
        let moments = self.chosen_moments(game, detail);
        // The asides are told among the moments, each before the step it came before.
        let mut asides = asides::in_order(game).into_iter().peekable();
        let mut outcry = false;
        let mut boasted = false;
        // The crowd gasps once a game, at the heaviest capture or swing told.
        let gasp_at = moments
            .iter()
            .enumerate()
            .filter(|(_, m)| matches!(m.key, Moment::BigCapture | Moment::Swing))
            .max_by_key(|(i, m)| (m.weight, std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
            .filter(|_| detail == Detail::Full);
        for (i, m) in moments.iter().enumerate() {
            if !m.key.is_ceremony() {
                while let Some(a) = asides.next_if(|a| a.before <= m.step) {
                    self.tell_aside(game, a, detail, scene, &mut outcry);
                }
            }
            self.tell_moment(m, gasp_at == Some(i), scene);
            if detail == Detail::Full
                && !boasted
                && m.weight >= 60
                && let Some(seat) = m.seat
                && let Some(b) = self.voice(game.entrant_at(seat), VoiceMoment::Boast)
            {
                scene.push(b);
                boasted = true;
            }
        }
        for a in asides {
            self.tell_aside(game, a, detail, scene, &mut outcry);
        }
        self.tell_tallies(scene);
        self.tell_end(game, detail, scene);
    }

    /// The moments of a game to tell, in the order they happened (the ceremony, in its
    /// own order, first), one line a move: in brief, the ceremony's result, the opening
    /// or the most telling moment, and the end.
    fn chosen_moments(&mut self, game: &GameLog, detail: Detail) -> Vec<Spotted> {
        let mut moments = self.moments(game);
        moments.extend(self.lead_moments(game));
        // A game forfeit for a cheat ends with the forfeit, not with its margin.
        if asides::forfeit(game) {
            moments.retain(|m| !matches!(m.key, Moment::CloseFinish | Moment::Rout));
        }
        if detail == Detail::Full
            && let Some(step) = quiet_spell(game)
        {
            moments.push(Spotted {
                key: Moment::Murmur,
                weight: 10,
                step,
                seat: None,
                vars: Vec::new(),
            });
        }
        if detail == Detail::Brief {
            moments = brief(moments);
        }
        // One line for one move: the biggest chain says more than "first blood" of it.
        let ceremony = |m: &Spotted| m.key.is_ceremony();
        // The ceremony keeps its own order (the throws or draws before who won them).
        moments.sort_by(|a, b| {
            a.step
                .cmp(&b.step)
                .then(ceremony(b).cmp(&ceremony(a)))
                .then(if ceremony(a) && ceremony(b) {
                    std::cmp::Ordering::Equal
                } else {
                    b.weight.cmp(&a.weight)
                })
        });
        moments
            .dedup_by(|later, kept| !ceremony(later) && !ceremony(kept) && later.step == kept.step);
        // Told in the order they happened, the ceremony (in its own order) first.
        moments.sort_by_key(|m| (!ceremony(m), m.step, m.key == Moment::Opening));
        moments
    }

    /// A moment's line, and the crowd's gasp after it when `gasp`.
    fn tell_moment(&mut self, m: &Spotted, gasp: bool, scene: &mut Scene) {
        let Some(line) = self.say(m.key, &m.vars) else {
            return;
        };
        scene.push(line);
        if gasp {
            let roles: Vec<(&'static str, Val)> = m
                .vars
                .iter()
                .filter(|(k, _)| matches!(*k, "mover" | "victim"))
                .cloned()
                .collect();
            if roles.len() == 2
                && let Some(gasp) = self.say(Moment::Gasp, &roles)
            {
                scene.push(gasp);
            }
        }
    }

    /// The game's end: how it finished (unless a forfeit was told, which is its end),
    /// and the winner's word (always in full, else on the toss of a coin).
    fn tell_end(&mut self, game: &GameLog, detail: Detail, scene: &mut Scene) {
        let forfeit_told = self
            .facts
            .iter()
            .any(|f| f.game == game.number && f.key == Moment::CheatForfeit);
        if !forfeit_told && let Some(line) = self.finish(game) {
            scene.push(line);
        }
        if let [w] = game.winners.as_slice() {
            let voice_of = if detail == Detail::Full || self.rng_bool() {
                Some(*w)
            } else {
                None
            };
            if let Some(line) = voice_of.and_then(|w| self.voice(w, VoiceMoment::Win)) {
                scene.push(line);
            }
        }
    }

    fn rng_bool(&mut self) -> bool {
        rand::RngExt::random_bool(&mut self.rng, 0.5)
    }

    fn match_end(&mut self) -> Vec<String> {
        let mut vars = vec![("scores", self.match_scores())];
        let mut lines = Vec::new();
        match self.log.winners.as_slice() {
            [] => lines.extend(self.say(Moment::MatchDrawn, &vars)),
            [one] => {
                vars.push(("winner", person(*one)));
                lines.extend(self.say(Moment::MatchWon, &vars));
                // Two shapes (the seed picks): the onlookers, the winner and then the
                // others; or the others first, the winner, and the onlookers last.
                let losers: Vec<usize> = (0..self.log.entrants.len())
                    .filter(|&i| i != *one)
                    .collect();
                if self.rng_bool() {
                    lines.extend(self.crowd_at_the_end(*one));
                    lines.extend(self.voice(*one, VoiceMoment::Win));
                    for &i in &losers {
                        lines.extend(self.voice(i, VoiceMoment::Loss));
                    }
                } else {
                    for &i in &losers {
                        lines.extend(self.voice(i, VoiceMoment::Loss));
                    }
                    lines.extend(self.voice(*one, VoiceMoment::Win));
                    lines.extend(self.crowd_at_the_end(*one));
                }
            }
            many => {
                vars.push(("winner", Val::People(many.to_vec())));
                lines.extend(self.say(Moment::MatchShared, &vars));
            }
        }
        lines
    }
}

/// The ways a voice's line is quoted at a moment: `{name}` the speaker, `{other}` another
/// at the table, `{their}` the speaker's, `{line}` the words.
fn quote_tags(moment: VoiceMoment) -> &'static [&'static str] {
    match moment {
        VoiceMoment::Greeting => &[
            "{name}: \"{line}\"",
            "{name}, to {other}: \"{line}\"",
            "{name} takes a seat: \"{line}\"",
            "\"{line}\" says {name}, pulling up a stool.",
            "{name} nods to {other}: \"{line}\"",
            "{name} looks {other} over: \"{line}\"",
        ],
        VoiceMoment::Boast => &[
            "{name}: \"{line}\"",
            "\"{line}\" {name} tells {other}.",
            "{name} grins at {other}: \"{line}\"",
            "{name}, half to {other}: \"{line}\"",
        ],
        VoiceMoment::Win => &[
            "{name}: \"{line}\"",
            "{name}, to {other}: \"{line}\"",
            "\"{line}\" says {name}, well pleased.",
            "{name} leans back: \"{line}\"",
            "{name} raises a mug to {other}: \"{line}\"",
        ],
        VoiceMoment::Loss => &[
            "{name}: \"{line}\"",
            "{name}, to {other}: \"{line}\"",
            "\"{line}\" says {name}.",
            "{name} shrugs: \"{line}\"",
            "{name} pushes back {their} stool: \"{line}\"",
        ],
        VoiceMoment::Hustle => &[
            "{name}, under {their} breath: \"{line}\"",
            "{name}, to nobody: \"{line}\"",
        ],
        VoiceMoment::Throw => &[
            "{name}, under {their} breath: \"{line}\"",
            "{name}, not quite hiding a smile: \"{line}\"",
        ],
        VoiceMoment::Caught => &[
            "{name}: \"{line}\"",
            "{name} spreads {their} hands: \"{line}\"",
            "\"{line}\" says {name}, meeting nobody's eye.",
            "{name}, to {other}: \"{line}\"",
        ],
        VoiceMoment::RefuseBribe => &["{name}, to {other}: \"{line}\""],
    }
}

/// How much a moment must weigh to be a brief game's line beside its end: as much as the
/// turning point of a game (a comeback, a big swing or a chain weighs more).
const TELLING: u32 = 72;

impl Narrator<'_> {
    /// The onlookers at the end of a match won by `winner` when it makes a story: an upset
    /// (the groan) or a match decided in its last game (the held breath); not a plain
    /// cheer.
    fn hook_at_the_end(&mut self, winner: usize) -> Option<String> {
        let (key, vars) = self.crowd_reaction(winner)?;
        if key == Moment::Cheer {
            return None;
        }
        self.say(key, &vars)
    }

    /// The onlookers at the end of a match won by `winner`: a groan when the winner was
    /// outclassed by two levels or more (by the most skilled of the losers, the one the
    /// groan names), the held breath of a match won by one game, else a cheer.
    fn crowd_at_the_end(&mut self, winner: usize) -> Option<String> {
        let (key, vars) = self.crowd_reaction(winner)?;
        self.say(key, &vars)
    }

    /// Each entrant's games won, most first (entrant order among equals): "Brannoc 2,
    /// Tamsin 1, Mirela 0".
    fn match_scores(&self) -> Val {
        let mut scores: Vec<(usize, i64)> = (0..self.log.entrants.len())
            .map(|e| (e, i64::from(self.log.wins[e])))
            .collect();
        scores.sort_by_key(|&(e, w)| (std::cmp::Reverse(w), e));
        Val::Scores(scores)
    }

    /// A grudge to end on: the cheat the table caught most in the match (counting each
    /// who saw each cheat; the first entrant of those level), and everyone who caught them.
    fn grudge(&self) -> Option<Vec<(&'static str, Val)>> {
        let mut caught: Vec<(usize, Vec<usize>)> = Vec::new();
        for g in &self.log.games {
            for a in &g.asides {
                if let crate::table::Aside::Cheat { by, seen_by, .. } = &a.aside
                    && !seen_by.is_empty()
                {
                    match caught.iter_mut().find(|(b, _)| b == by) {
                        Some((_, times)) => times.extend(seen_by),
                        None => caught.push((*by, seen_by.clone())),
                    }
                }
            }
        }
        let (by, watchers) = caught
            .into_iter()
            .max_by_key(|(b, seen)| (seen.len(), std::cmp::Reverse(*b)))?;
        let mut watchers = watchers;
        watchers.sort_unstable();
        watchers.dedup();
        Some(vec![
            ("mover", person(by)),
            ("watcher", Val::People(watchers)),
        ])
    }

    /// The one who came nearest `winner` in the match: the most games won among the
    /// others (the first entrant of those level).
    fn runner_up(&self, winner: usize) -> Option<usize> {
        (0..self.log.entrants.len())
            .filter(|&e| e != winner)
            .max_by_key(|&e| (self.log.wins[e], std::cmp::Reverse(e)))
    }

    /// Which of the onlookers' reactions a match won by `winner` draws, and of whom.
    fn crowd_reaction(&self, winner: usize) -> Option<(Moment, Vec<(&'static str, Val)>)> {
        let log = self.log;
        // The onlookers judge by what they see: a hustler that held, by the skill shown.
        let skill = |e: usize| {
            let entrant = &log.entrants[e];
            let last = log.games.len() as u32;
            i32::from(
                entrant
                    .plan
                    .skill_in_game(entrant.skill, last)
                    .rough_level(),
            )
        };
        let favourite = (0..log.entrants.len())
            .filter(|&e| e != winner)
            .max_by_key(|&e| (skill(e), std::cmp::Reverse(e)))?;
        if skill(favourite) >= skill(winner) + 2 {
            return Some((
                Moment::Groan,
                vec![("winner", person(winner)), ("loser", person(favourite))],
            ));
        }
        let mut wins: Vec<(u32, usize)> = log
            .wins
            .iter()
            .enumerate()
            .filter(|&(e, _)| e != winner)
            .map(|(e, &w)| (w, e))
            .collect();
        wins.sort_by_key(|&(w, e)| (std::cmp::Reverse(w), e));
        let close = log.games.len() > 1
            && wins
                .first()
                .is_some_and(|&(w, _)| w + 1 == log.wins[winner]);
        if close && let Some(&(_, runner_up)) = wins.first() {
            return Some((
                Moment::Tension,
                vec![("winner", person(winner)), ("loser", person(runner_up))],
            ));
        }
        Some((Moment::Cheer, vec![("winner", person(winner))]))
    }
}

/// A line whose subject is "they" (a character of those pronouns, or winners who share a
/// win) with the verb after it made to agree: "they step", never "they steps". The moves
/// in words and the temperaments' verbs are written for a named mover ("Pip steps ...").
fn agree_with_they(line: String, vars: &[(&'static str, Val)]) -> String {
    let they = vars
        .iter()
        .any(|(k, v)| *k == "they" && *v == Val::Text("they".to_owned()));
    if !they {
        return line;
    }
    let mut line = line;
    for (k, v) in vars {
        if let ("move" | "verb", Val::Text(phrase)) = (*k, v) {
            let plural = crate::names::plural_verb(phrase);
            for they in ["they", "They"] {
                line = line.replace(&format!("{they} {phrase}"), &format!("{they} {plural}"));
            }
        }
    }
    line
}

/// The brief telling's choice: the ceremony's result, the opening or the most telling
/// moment, and the end.
fn brief(mut moments: Vec<Spotted>) -> Vec<Spotted> {
    let mut keep: Vec<Spotted> = Vec::new();
    if let Some(pos) = moments.iter().position(|m| m.key.decides_first_turn()) {
        keep.push(moments.remove(pos));
    }
    moments.retain(|m| !m.key.is_ceremony());
    moments.sort_by(|a, b| b.weight.cmp(&a.weight).then(a.step.cmp(&b.step)));
    let room = if keep.is_empty() { 2 } else { 1 };
    for m in moments {
        // One line per step: the biggest chain says more than "first blood" of it.
        if keep.len() < room + usize::from(room == 1)
            && !keep
                .iter()
                .any(|k| k.step == m.step && !k.key.decides_first_turn())
        {
            keep.push(m);
        }
    }
    keep.sort_by_key(|m| (m.step, m.key == Moment::Opening));
    keep
}

/// The middle of the longest spell of a game in which nobody's score moved, when it is
/// long enough (24 moves) for the onlookers to notice.
fn quiet_spell(game: &GameLog) -> Option<usize> {
    const LONG: usize = 24;
    let mut best: Option<(usize, usize)> = None;
    let mut start = 0;
    let mut moves = 0;
    let mut before = game.start_scores.as_slice();
    for (i, step) in game.steps.iter().enumerate() {
        if step.scores.as_slice() != before {
            start = i + 1;
            moves = 0;
        } else if step.seat.is_some() {
            moves += 1;
            if moves >= LONG && best.is_none_or(|(_, m)| moves > m) {
                best = Some((start, moves));
            }
        }
        before = &step.scores;
    }
    best.map(|(start, moves)| start + moves / 2)
}

pub use crate::names::possessive;
