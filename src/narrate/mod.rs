//! From the event log to sentences a GM can read aloud.
//!
//! The narrator never decides a rule: it reads what the games reported ([`Event`]s) and
//! picks the moments that matter: the first turn, the opening, the telling captures or
//! claims, the finish. Lines come from a [`Phrasebook`]; characters' own voice lines are
//! quoted where they fit. A seed chooses among the lines, and no line repeats in a match.

mod lead;
mod moment;
mod moments;
mod phrasebook;

use std::collections::HashSet;

pub use moment::{Moment, Result3, VoiceMoment};
pub use phrasebook::{Phrasebook, fill};

use crate::ai::{TableRng, table_rng};
use crate::games::{Place, Seat};
use crate::roster::Voice;
use crate::table::{GameLog, MatchLog};

/// How much to tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Detail {
    /// Two to four lines a game.
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
}

/// Tells a match: the greetings, a scene per game, the result.
pub struct Narrator<'a> {
    book: &'a Phrasebook,
    log: &'a MatchLog,
    voices: &'a [&'a Voice],
    rng: TableRng,
    /// Lines of the book (moment and index) already used in this match.
    used: HashSet<(Moment, usize)>,
    /// Lines of voices (entrant, moment, index) already quoted in this match.
    quoted: HashSet<(usize, VoiceMoment, usize)>,
    /// Every line said so far, filled in.
    said: HashSet<String>,
    /// What each line said, for checking against the log.
    facts: Vec<Fact>,
    /// The game being told (0 before and after the games).
    game_number: u32,
    /// The tavern's own lines of atmosphere, if a tavern file gave some.
    ambience: Vec<String>,
}

/// What one narrated line claims: the moment it tells and the values it was filled with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// The game (or round) it is about; 0 for the match as a whole.
    pub game: u32,
    /// The phrasebook moment.
    pub key: Moment,
    /// The placeholders' values.
    pub vars: Vec<(String, String)>,
    /// The phrasebook line before filling.
    pub template: String,
    /// The line as said.
    pub line: String,
}

/// A moment found worth a line: which, how much it matters, the step it happened at and
/// the placeholders' values.
struct Spotted {
    key: Moment,
    weight: u32,
    step: usize,
    seat: Option<Seat>,
    vars: Vec<(&'static str, String)>,
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
            used: HashSet::new(),
            quoted: HashSet::new(),
            said: HashSet::new(),
            facts: Vec::new(),
            game_number: 0,
            ambience: Vec::new(),
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

    /// The whole match, told at the given detail.
    pub fn tell(&mut self, detail: Detail) -> Vec<Scene> {
        if detail == Detail::None {
            return Vec::new();
        }
        let mut scenes = Vec::new();
        let mut greet = Vec::new();
        if self.ambience.is_empty() {
            greet.extend(self.say(Moment::Ambience, &[]));
        } else {
            let pick = rand::RngExt::random_range(&mut self.rng, 0..self.ambience.len());
            greet.push(self.ambience[pick].clone());
        }
        for i in 0..self.log.entrants.len() {
            if let Some(line) = self.voice(i, VoiceMoment::Greeting) {
                greet.push(line);
            }
        }
        if !greet.is_empty() {
            scenes.push(Scene {
                heading: "At the table".to_owned(),
                lines: greet,
            });
        }
        for game in &self.log.games {
            self.game_number = game.number;
            let lines = self.tell_game(game, detail);
            scenes.push(Scene {
                heading: format!("{} {}", self.unit(), game.number),
                lines,
            });
        }
        self.game_number = 0;
        let end = self.match_end();
        scenes.push(Scene {
            heading: "The result".to_owned(),
            lines: end,
        });
        scenes
    }

    /// "Game" or "Round", as the game calls its parts.
    fn unit(&self) -> &'static str {
        self.log.game.facts().unit.title()
    }

    fn name(&self, entrant: usize) -> String {
        self.log.entrants[entrant].name.clone()
    }

    /// Picks a line of `key` not yet used in this match and fills it; `None` when the book
    /// has no line for it that would not repeat something already said.
    fn say(&mut self, key: Moment, vars: &[(&str, String)]) -> Option<String> {
        // A place is also a {town}, a {trap} or a {heap}, as the game's lines call it.
        let mut vars = vars.to_vec();
        if let Some((_, place)) = vars.iter().find(|(k, _)| *k == "place").cloned() {
            vars.extend(["town", "trap", "heap"].map(|k| (k, place.clone())));
        }
        vars.push(("game", self.log.game.title().to_owned()));
        let vars = vars.as_slice();
        let lines = self.book.lines(self.log.game, key);
        let fresh: Vec<usize> = (0..lines.len())
            .filter(|&i| !self.used.contains(&(key, i)))
            .collect();
        // Once every line of a moment is used, a line may serve again only if what it says
        // this time (names, numbers, places) differs from everything said so far.
        let pool: Vec<usize> = if fresh.is_empty() {
            (0..lines.len())
                .filter(|&i| !self.said.contains(&fill(&lines[i], vars)))
                .collect()
        } else {
            fresh
        };
        if pool.is_empty() {
            return None;
        }
        let pick = pool[rand::RngExt::random_range(&mut self.rng, 0..pool.len())];
        self.used.insert((key, pick));
        let line = fill(&lines[pick], vars);
        self.said.insert(line.clone());
        self.facts.push(Fact {
            game: self.game_number,
            key,
            vars: vars
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
            template: lines[pick].clone(),
            line: line.clone(),
        });
        Some(line)
    }

    /// A quoted line of an entrant's own voice for the moment, never one already quoted in
    /// this match.
    fn voice(&mut self, entrant: usize, moment: VoiceMoment) -> Option<String> {
        let lines = self.voices.get(entrant)?.lines(moment);
        let pool: Vec<usize> = (0..lines.len())
            .filter(|&i| !self.quoted.contains(&(entrant, moment, i)))
            .collect();
        if pool.is_empty() {
            return None;
        }
        let pick = pool[rand::RngExt::random_range(&mut self.rng, 0..pool.len())];
        self.quoted.insert((entrant, moment, pick));
        Some(format!("{}: \"{}\"", self.name(entrant), lines[pick]))
    }

    fn verb(&mut self, entrant: usize) -> String {
        let verbs = self.book.verbs(self.log.entrants[entrant].temperament);
        if verbs.is_empty() {
            return "moves".to_owned();
        }
        verbs[rand::RngExt::random_range(&mut self.rng, 0..verbs.len())].clone()
    }

    /// A place as the table would say it; a trap of the actor's own Land is "their own".
    fn place(&self, game: &GameLog, place: Place, actor: Option<Seat>) -> String {
        match place {
            Place::Trap { land, trap } if Some(land) == actor => format!("their own trap {trap}"),
            Place::Trap { land, trap } => {
                format!("{}'s trap {trap}", self.name(game.entrant_at(land)))
            }
            other => other.to_string(),
        }
    }

    fn tell_game(&mut self, game: &GameLog, detail: Detail) -> Vec<String> {
        let mut moments = self.moments(game);
        moments.extend(self.lead_moments(game));
        if detail == Detail::Brief {
            // The ceremony's result, the opening or the most telling moment, and the end.
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
            moments = keep;
        }
        // One line for one move: the biggest chain says more than "first blood" of it.
        let ceremony = |m: &Spotted| m.key.is_ceremony();
        moments.sort_by(|a, b| a.step.cmp(&b.step).then(b.weight.cmp(&a.weight)));
        moments
            .dedup_by(|later, kept| !ceremony(later) && !ceremony(kept) && later.step == kept.step);
        // Told in the order they happened, the ceremony (in its own order) first.
        moments.sort_by_key(|m| (!ceremony(m), m.step, m.key == Moment::Opening));
        let mut lines = Vec::new();
        let mut boasted = false;
        for m in &moments {
            if let Some(line) = self.say(m.key, &m.vars) {
                lines.push(line);
            }
            if detail == Detail::Full
                && !boasted
                && m.weight >= 60
                && let Some(seat) = m.seat
                && let Some(b) = self.voice(game.entrant_at(seat), VoiceMoment::Boast)
            {
                lines.push(b);
                boasted = true;
            }
        }
        if let Some(line) = self.finish(game) {
            lines.push(line);
        }
        if let [w] = game.winners.as_slice() {
            let voice_of = if detail == Detail::Full || self.rng_bool() {
                Some(*w)
            } else {
                None
            };
            if let Some(line) = voice_of.and_then(|w| self.voice(w, VoiceMoment::Win)) {
                lines.push(line);
            }
        }
        lines
    }

    fn rng_bool(&mut self) -> bool {
        rand::RngExt::random_bool(&mut self.rng, 0.5)
    }

    fn match_end(&mut self) -> Vec<String> {
        let scores: Vec<String> = self
            .log
            .entrants
            .iter()
            .zip(&self.log.wins)
            .map(|(e, w)| format!("{} {w}", e.name))
            .collect();
        let mut vars = vec![("scores", scores.join(", "))];
        let mut lines = Vec::new();
        match self.log.winners.as_slice() {
            [] => lines.extend(self.say(Moment::MatchDrawn, &vars)),
            [one] => {
                vars.push(("winner", self.name(*one)));
                lines.extend(self.say(Moment::MatchWon, &vars));
                lines.extend(self.voice(*one, VoiceMoment::Win));
                for i in 0..self.log.entrants.len() {
                    if i != *one {
                        lines.extend(self.voice(i, VoiceMoment::Loss));
                    }
                }
            }
            many => {
                let names: Vec<String> = many.iter().map(|&e| self.name(e)).collect();
                vars.push(("winner", names.join(" and ")));
                lines.extend(self.say(Moment::MatchShared, &vars));
            }
        }
        lines
    }
}
