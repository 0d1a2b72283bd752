//! From the event log to sentences a GM can read aloud.
//!
//! The narrator never decides a rule: it reads what the games reported (each
//! [`Event`](crate::games::Event)) and picks the moments that matter: the first turn, the
//! opening, the telling captures or claims, the finish. Lines come from a [`Phrasebook`]; characters' own voice lines are
//! quoted where they fit. A seed chooses among the lines, and no line repeats in a match.

mod asides;
mod budget;
mod end;
#[cfg(test)]
pub(crate) use asides::tests as aside_tests;
mod intent;
mod lead;
mod moment;
mod moments;
mod phrasebook;
pub mod recall;
mod scene;
mod story;
mod variety;

use std::collections::HashSet;

use crate::roster::Pronouns;

pub use budget::{AIM, words, words_aloud};
pub use moment::{Moment, Result3};
pub use phrasebook::{Phrasebook, fill, fill_with};
pub use scene::Scene;

use phrasebook::placeholders;

use crate::ai::{TableRng, table_rng};
use crate::games::words::Spoken;
use crate::games::{Game, Place, Seat};
use crate::roster::{Voice, VoiceMoment};
use crate::table::{GameLog, MatchLog, Who};

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

/// Tells a match: the greetings, a scene per game, the result.
#[derive(Clone)]
pub struct Narrator<'a> {
    book: &'a Phrasebook,
    log: &'a MatchLog,
    /// What the match's game says: its moves and its own moments in words.
    words: Spoken,
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
    quoted: HashSet<(Who, VoiceMoment, usize)>,
    /// Every line said so far, filled in.
    said: HashSet<String>,
    /// The entrants named so far in the telling, in lines everyone hears (by their full
    /// names; after that, their short ones).
    mentioned: HashSet<Who>,
    /// The entrants named so far in the telling, in any line, the GM's own included: a
    /// GM-only line names in full whoever no line has named yet, and does not count as
    /// the first mention for the lines the players hear.
    mentioned_gm: HashSet<Who>,
    /// How the line being said names everyone in it, so that one line never mixes full
    /// and short names: in full (`Some(true)`) when it names anyone for the first time,
    /// else short.
    line_full: Option<bool>,
    /// Whether the line being said is for the GM alone.
    whisper: bool,
    /// Whether a cheat nobody saw has been told in this match (brief tells one).
    unseen_told: bool,
    /// The entrants whose stakes were told forfeit in this match.
    stakes_told: HashSet<Who>,
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
    pub people: Vec<(String, Vec<Who>)>,
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
    People(Vec<Who>),
    /// Words, as they are.
    Text(String),
    /// Each entrant with a figure ("Brannoc 2, Mirela 1"), named as the scene names them.
    Scores(Vec<(Who, i64)>),
    /// Something of an entrant's ("Pip's trap 3"), named as the scene names them.
    Owned(Who, String),
}

/// The entrants a value names.
fn people_in(v: &Val) -> Vec<Who> {
    match v {
        Val::People(p) => p.clone(),
        Val::Scores(s) => s.iter().map(|&(e, _)| e).collect(),
        Val::Owned(e, _) => vec![*e],
        Val::Text(_) => Vec::new(),
    }
}

fn person(entrant: Who) -> Val {
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
        Narrator::with_words(book, log, voices, Spoken::of_kind(log.game))
    }

    /// [`Narrator::new`] for a match of `G`, a game of the registry or not.
    #[must_use]
    pub fn of<G: Game>(
        book: &'a Phrasebook,
        log: &'a MatchLog,
        voices: &'a [&'a Voice],
    ) -> Narrator<'a> {
        Narrator::with_words(book, log, voices, Spoken::of::<G>())
    }

    fn with_words(
        book: &'a Phrasebook,
        log: &'a MatchLog,
        voices: &'a [&'a Voice],
        words: Spoken,
    ) -> Narrator<'a> {
        Narrator {
            book,
            log,
            words,
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

    /// "Game" or "Round", as the game calls its parts.
    fn unit(&self) -> &'static str {
        self.log.game.facts().unit.title()
    }

    /// An entrant as the telling names them: the full name the first time, then the
    /// short, and everyone in a line in one form (see `line_full`). A line for
    /// the GM alone names in full whoever no line has named yet, and leaves the first
    /// mention to the lines everyone hears.
    fn name(&mut self, entrant: Who) -> String {
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
    fn first_mention(&self, entrant: Who) -> bool {
        if self.whisper {
            !self.mentioned_gm.contains(&entrant)
        } else {
            !self.mentioned.contains(&entrant)
        }
    }

    /// Fixes the form of every name in the line about to be said, which names `people`:
    /// in full when it names anyone for the first time (so that they are met by their full
    /// name, and nobody else in the line by a shorter one), else short.
    fn one_form(&mut self, people: &[Who]) {
        self.line_full = Some(people.iter().any(|&e| self.first_mention(e)));
    }

    /// An entrant's short name.
    fn short(&self, entrant: Who) -> &str {
        &self.log.entrants[entrant].short
    }

    fn pronouns(&self, entrant: Who) -> Pronouns {
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
        let named: Vec<Who> = placeholders(&template)
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
    fn voice(&mut self, entrant: Who, moment: VoiceMoment) -> Option<String> {
        let pool = self.voice_pool(entrant, moment);
        if pool.is_empty() {
            return None;
        }
        let pick = pool[rand::RngExt::random_range(&mut self.rng, 0..pool.len())];
        self.voice_at(entrant, moment, pick)
    }

    /// The lines of an entrant's voice for the moment that may be quoted now, by index:
    /// not yet quoted in this match, and fit for the game and the table.
    fn voice_pool(&self, entrant: Who, moment: VoiceMoment) -> Vec<usize> {
        let Some(voice) = self.voices.get(entrant.index()) else {
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
    fn voice_at(&mut self, entrant: Who, moment: VoiceMoment, pick: usize) -> Option<String> {
        let line = self
            .voices
            .get(entrant.index())?
            .lines(moment)
            .get(pick)?
            .clone();
        self.quoted.insert((entrant, moment, pick));
        Some(self.quote(entrant, moment, &line))
    }

    /// A voice's line as the scene quotes it: after the speaker's name, or to another at
    /// the table, or with a gesture (the way it is put picked by the seed).
    fn quote(&mut self, entrant: Who, moment: VoiceMoment, line: &str) -> String {
        let tags = quote_tags(moment);
        let others: Vec<Who> = self.log.everyone().filter(|&e| e != entrant).collect();
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

    fn verb(&mut self, entrant: Who) -> String {
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

    fn rng_bool(&mut self) -> bool {
        rand::RngExt::random_bool(&mut self.rng, 0.5)
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

pub use crate::names::possessive;
