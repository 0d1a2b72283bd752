//! The asides of a game told among its moves: a cheat seen or unseen, what a caught cheat
//! cost, rule 2's penalty, an accusation. A cheat nobody saw is told to the GM alone: its
//! line is marked so, and the players' view leaves it out.

use std::collections::{BTreeMap, HashMap};

use super::{Detail, Moment, Narrator, Scene, Val, person, text};
use crate::games::Played;
use crate::roster::VoiceMoment;
use crate::table::{Aside, AsideAt, CheatKind, CheatResult, GameLog, Who};

/// How often each cheat has been caught, or got away, for cheats told as a story: the
/// first catch of a game in its place (told as "again" when the match has seen one), the
/// second as the moment the whole table starts watching, and the rest summed at the
/// game's end; the first cheat of a game nobody saw in its place for the GM, the rest
/// summed. Entrants are the keys.
#[derive(Clone, Default)]
pub(super) struct CheatCounts {
    /// Catches in the games told before this one.
    caught_before: HashMap<Who, u32>,
    /// Catches in this game so far.
    caught: HashMap<Who, u32>,
    /// Cheats nobody saw in this game so far.
    unseen: HashMap<Who, u32>,
    /// Catches of this game not told in their place, to sum at its end.
    caught_untold: BTreeMap<Who, u32>,
    /// Cheats nobody saw in this game not told in their place, to sum at its end.
    unseen_untold: BTreeMap<Who, u32>,
}

impl CheatCounts {
    /// Starts a game: this game's counts go into the match's.
    pub(super) fn next_game(&mut self) {
        for (by, n) in self.caught.drain() {
            *self.caught_before.entry(by).or_default() += n;
        }
        self.unseen.clear();
        self.caught_untold.clear();
        self.unseen_untold.clear();
    }
}

/// A cheat caught in a game, how many times it has been (by this one), and how many
/// before this game: their catches of the game and of the match so far.
fn catches(game: &GameLog, by: Who) -> u32 {
    let n = game
        .asides
        .iter()
        .filter(|a| matches!(&a.aside, Aside::Cheat { by: b, seen_by, .. } if *b == by && !unseen(seen_by)))
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A game's asides in the order they happened: by the step they came before, in the log's
/// order among those of one step.
pub(super) fn in_order(game: &GameLog) -> Vec<&AsideAt> {
    let mut out: Vec<&AsideAt> = game.asides.iter().collect();
    out.sort_by_key(|a| a.before);
    out
}

/// Whether the game was forfeit for a cheat caught.
pub(super) fn forfeit(game: &GameLog) -> bool {
    game.asides.iter().any(|a| {
        matches!(
            a.aside,
            Aside::Cheat {
                result: CheatResult::GameForfeit,
                ..
            }
        )
    })
}

/// Whether the table saw it: a cheat someone saw, rule 2's penalty, an accusation.
pub(super) fn seen_by_the_table(aside: &Aside) -> bool {
    match aside {
        Aside::Cheat { seen_by, .. } => !unseen(seen_by),
        Aside::Penalty { .. } | Aside::Accused { .. } => true,
        // A person's own check: theirs, not the table's.
        Aside::Insight { .. } => false,
    }
}

/// Whether it is a cheat that nobody saw.
pub(super) fn got_away(aside: &Aside) -> bool {
    matches!(aside, Aside::Cheat { seen_by, .. } if unseen(seen_by))
}

/// Whether a cheat stood unseen: nobody saw it.
fn unseen(seen_by: &[Who]) -> bool {
    seen_by.is_empty()
}

impl Narrator<'_> {
    /// Tells one aside of `game` into `scene`. Full detail tells every one; brief tells
    /// every one the table saw and the first cheat of the match nobody saw (the GM must
    /// know what got away). `outcry` is whether the crowd has cried out at a cheat in this
    /// game yet (once a game, at full detail).
    pub(super) fn tell_aside(
        &mut self,
        game: &GameLog,
        at: &AsideAt,
        detail: Detail,
        scene: &mut Scene,
        outcry: &mut bool,
    ) {
        match &at.aside {
            Aside::Cheat {
                by,
                kind,
                at: place,
                seen_by,
                ..
            } => {
                if unseen(seen_by) {
                    self.tell_unseen(game, *by, *kind, place.as_ref(), detail, scene);
                } else {
                    self.tell_seen(game, at, detail, scene, outcry);
                }
            }
            Aside::Penalty { by, victim, at } => {
                let vars = [
                    ("mover", person(*by)),
                    ("victim", person(*victim)),
                    ("place", text(at.to_string())),
                ];
                self.told(Moment::RuleTwo, &vars, scene);
            }
            Aside::Accused { by, against, right } => {
                let key = if *right {
                    Moment::AccusedRight
                } else {
                    Moment::AccusedWrong
                };
                let vars = [("accuser", person(*by)), ("accused", person(*against))];
                self.told(key, &vars, scene);
            }
            // The check is shown where it was rolled (`sit`) and in the replay's asides.
            Aside::Insight { .. } => {}
        }
    }

    /// A cheat nobody saw, told to the GM alone: at brief detail the first of the match,
    /// at full detail each cheat's first in a game (the rest summed at its end).
    fn tell_unseen(
        &mut self,
        game: &GameLog,
        by: Who,
        kind: CheatKind,
        place: Option<&Played>,
        detail: Detail,
        scene: &mut Scene,
    ) {
        if detail == Detail::Brief && self.unseen_told {
            return;
        }
        if detail == Detail::Full {
            let n = self.cheats.unseen.entry(by).or_default();
            *n += 1;
            if *n > 1 {
                *self.cheats.unseen_untold.entry(by).or_default() += 1;
                return;
            }
        }
        let vars = self.cheat_vars(game, by, kind, place);
        if let Some(line) = self.whispered(Moment::CheatUnseen, &vars) {
            scene.push_gm_only(line, self.game_number);
            self.unseen_told = true;
        } else if detail == Detail::Full {
            // The book's lines are spent: the GM hears of it in the sum.
            *self.cheats.unseen_untold.entry(by).or_default() += 1;
        }
    }

    /// A cheat the table saw (`at`): the first catch of a game in its place (told as
    /// "again" when the match has seen one), the second as the moment the whole table
    /// starts watching, the rest summed; then what it cost, and at full detail the
    /// crowd's outcry (once a game: `outcry`) and the cheat's own word.
    fn tell_seen(
        &mut self,
        game: &GameLog,
        at: &AsideAt,
        detail: Detail,
        scene: &mut Scene,
        outcry: &mut bool,
    ) {
        let Aside::Cheat {
            by,
            kind,
            at: place,
            seen_by,
            result,
            ..
        } = &at.aside
        else {
            return;
        };
        let in_game = {
            let n = self.cheats.caught.entry(*by).or_default();
            *n += 1;
            *n
        };
        let before = self.cheats.caught_before.get(by).copied().unwrap_or(0);
        let told = match in_game {
            1 if before == 0 => self.tell_caught(game, *by, *kind, place.as_ref(), seen_by, scene),
            1 => self.tell_again(game, at, before + 1, scene),
            2 => self.tell_watched(*by, 2, scene),
            _ => false,
        };
        // A catch the book has no fresh line for is summed with the rest.
        let in_game = if told || in_game > 2 { in_game } else { 3 };
        match in_game {
            1 => self.tell_cost(game, *by, *result, scene),
            2 => {
                if let Some(line) = self.voice(*by, VoiceMoment::Caught) {
                    scene.push(line);
                }
                self.tell_grave_cost(game, *by, *result, scene);
            }
            _ => {
                *self.cheats.caught_untold.entry(*by).or_default() += 1;
                // A forfeit ends the game: the catches before it are summed first.
                if *result == CheatResult::GameForfeit {
                    self.tell_tallies(scene);
                }
                self.tell_grave_cost(game, *by, *result, scene);
            }
        }
        if detail == Detail::Full && !*outcry {
            *outcry = true;
            let roles = [
                ("mover", person(*by)),
                ("watcher", Val::People(seen_by.clone())),
            ];
            self.told(Moment::CheatOutcry, &roles, scene);
        }
        // The cheat's own word, at the first catch of a game (the second has its
        // own, with the table's eyes on them).
        if detail == Detail::Full
            && in_game == 1
            && let Some(line) = self.voice(*by, VoiceMoment::Caught)
        {
            scene.push(line);
        }
    }

    /// A cheat's placeholders: who, what they did with where in words ({cheat}: "palms a
    /// counter from heap 12", "nudges a stone one point, from f3 to e3", "turns a stick
    /// over, making the throw a 3 instead of a 2", "sneaks an extra action into the turn
    /// and whelps a stone into her fifth trap"), and where alone ({place}: "f3", "heap
    /// 12"), when the cheat has a place a line can name.
    fn cheat_vars(
        &self,
        game: &GameLog,
        by: Who,
        kind: CheatKind,
        place: Option<&Played>,
    ) -> Vec<(&'static str, Val)> {
        let mut vars = vec![("mover", person(by))];
        let Some(at) = place else {
            vars.push(("cheat", text(kind.words())));
            return vars;
        };
        // The game's cheat says itself; an extra stone's place is a move, in words.
        // The move is the one kept in the log (read back from its notation in a log
        // made by hand), never re-read from the words.
        let (cheat, where_) = kind.told_at(at, |_| {
            (self.words.move_words)(at, game.seat_of(by))
                .map(|w| w.replace("{their}", self.pronouns(by).their()))
        });
        vars.push(("cheat", text(cheat)));
        if let Some(p) = where_ {
            vars.push(("place", text(p)));
        }
        vars
    }

    /// The line of a cheat the table caught: who, what and where, and who saw it.
    fn tell_caught(
        &mut self,
        game: &GameLog,
        by: Who,
        kind: CheatKind,
        place: Option<&Played>,
        seen_by: &[Who],
        scene: &mut Scene,
    ) -> bool {
        let mut vars = self.cheat_vars(game, by, kind, place);
        vars.push(("watcher", Val::People(seen_by.to_vec())));
        self.told(Moment::CheatCaught, &vars, scene)
    }

    /// An aside the table saw, told briefly as a game's one telling line: a cheat caught
    /// (and, when it forfeits the game, the forfeit that ends it), or an accusation.
    pub(super) fn tell_caught_briefly(&mut self, game: &GameLog, at: &AsideAt, scene: &mut Scene) {
        match &at.aside {
            Aside::Cheat {
                by,
                kind,
                at: place,
                seen_by,
                ..
            } => {
                // Caught again and again in this game: one line for them all; caught once
                // here after a catch in an earlier game: "again".
                let here = catches(game, *by);
                let before = self.caught_in_earlier_games(game, *by);
                if here > 1 {
                    self.tell_watched(*by, here, scene);
                } else if before > 0 {
                    self.tell_again(game, at, before + 1, scene);
                } else {
                    self.tell_caught(game, *by, *kind, place.as_ref(), seen_by, scene);
                }
                // A forfeit is the game's end, whichever catch brought it.
                let forfeit = game.asides.iter().find_map(|a| match &a.aside {
                    Aside::Cheat {
                        by,
                        result: CheatResult::GameForfeit,
                        ..
                    } => Some(*by),
                    _ => None,
                });
                if let Some(loser) = forfeit {
                    self.tell_cost(game, loser, CheatResult::GameForfeit, scene);
                }
            }
            Aside::Penalty { .. } | Aside::Accused { .. } => {
                let mut outcry = true;
                self.tell_aside(game, at, Detail::Brief, scene, &mut outcry);
            }
            Aside::Insight { .. } => {}
        }
    }

    /// What a cheat seen by the table costs `by`, by the house's rule: the game forfeit,
    /// the turn lost, or the stakes (told the first time only).
    fn tell_cost(&mut self, game: &GameLog, by: Who, result: CheatResult, scene: &mut Scene) {
        match result {
            CheatResult::GameForfeit => {
                let mut vars = vec![
                    ("mover", person(by)),
                    ("number", text(game.number.to_string())),
                ];
                if !game.winners.is_empty() {
                    vars.push(("winner", Val::People(game.winners.clone())));
                }
                self.told(Moment::CheatForfeit, &vars, scene);
            }
            CheatResult::TurnLost => {
                self.told(Moment::CheatTurnLost, &[("mover", person(by))], scene);
            }
            // The stakes go once: told the first time.
            CheatResult::StakesForfeit if self.stakes_told.insert(by) => {
                self.told(Moment::CheatStakes, &[("mover", person(by))], scene);
            }
            CheatResult::StakesForfeit
            | CheatResult::Stood
            | CheatResult::TakenBack
            | CheatResult::RuleTwo => {}
        }
    }

    /// A cheat caught again, the `nth` time in the match: who, what and where, who saw it.
    fn tell_again(&mut self, game: &GameLog, at: &AsideAt, nth: u32, scene: &mut Scene) -> bool {
        let Aside::Cheat {
            by,
            kind,
            at: place,
            seen_by,
            ..
        } = &at.aside
        else {
            return false;
        };
        let mut vars = self.cheat_vars(game, *by, *kind, place.as_ref());
        vars.push(("watcher", Val::People(seen_by.clone())));
        vars.push(("nth", text(crate::names::ordinal(nth))));
        self.told(Moment::CheatAgain, &vars, scene)
    }

    /// A cheat caught `count` times in this game: now the whole table watches them.
    fn tell_watched(&mut self, by: Who, count: u32, scene: &mut Scene) -> bool {
        let vars = self.tally_vars(by, count, crate::names::times(count));
        self.told(Moment::CheatWatched, &vars, scene)
    }

    /// A tally's placeholders: the cheat, their habit, how many times in words and figures.
    fn tally_vars(&self, by: Who, count: u32, times: String) -> Vec<(&'static str, Val)> {
        vec![
            ("mover", person(by)),
            ("habit", text(self.words.habit(count))),
            ("times", text(times)),
            ("count", text(count.to_string())),
        ]
    }

    /// The cheats of this game not told in their place, summed: those caught for
    /// everyone, those nobody saw for the GM alone.
    pub(super) fn tell_tallies(&mut self, scene: &mut Scene) {
        let caught = std::mem::take(&mut self.cheats.caught_untold);
        for (by, n) in caught {
            let vars = self.tally_vars(by, n, crate::names::more_times(n));
            self.told(Moment::CheatTally, &vars, scene);
        }
        let unseen = std::mem::take(&mut self.cheats.unseen_untold);
        for (by, n) in unseen {
            let vars = self.tally_vars(by, n, crate::names::more_times(n));
            if let Some(line) = self.whispered(Moment::CheatUnseenTally, &vars) {
                scene.push_gm_only(line, self.game_number);
            }
        }
    }

    /// What a catch after the first of a game costs, when it is more than the turn (told
    /// with the tally): the game forfeit, or the stakes the first time.
    fn tell_grave_cost(&mut self, game: &GameLog, by: Who, result: CheatResult, scene: &mut Scene) {
        if matches!(
            result,
            CheatResult::GameForfeit | CheatResult::StakesForfeit
        ) {
            self.tell_cost(game, by, result, scene);
        }
    }

    /// How often `by` was caught in the games of the match before `game`.
    fn caught_in_earlier_games(&self, game: &GameLog, by: Who) -> u32 {
        self.log
            .games
            .iter()
            .take_while(|g| g.number != game.number)
            .map(|g| catches(g, by))
            .sum()
    }

    /// Says a line of `key` for everyone, if the book has one left (and says whether).
    fn told(&mut self, key: Moment, vars: &[(&'static str, Val)], scene: &mut Scene) -> bool {
        let line = self.say(key, vars);
        let said = line.is_some();
        if let Some(line) = line {
            scene.push(line);
        }
        said
    }

    /// Says a line of `key` for the GM alone.
    fn whispered(&mut self, key: Moment, vars: &[(&'static str, Val)]) -> Option<String> {
        self.whisper = true;
        let line = self.say(key, vars);
        self.whisper = false;
        line
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::Path;

    use super::super::{Detail, Fact, Moment, Narrator, Phrasebook, Scene, phrasebook};
    use crate::ai::{Skill, Temperament};
    use crate::games::{Event, GameKind, Outcome, Place, Played, Seat, Seats, tides};
    use crate::roster::Pronouns;
    use crate::table::{
        Aside, AsideAt, CheatKind, CheatResult, Entrant, Format, GameLog, MatchLog, Step, Who,
    };

    fn entrant(name: &str, short: &str, pronouns: Pronouns) -> Entrant {
        Entrant {
            short: short.to_owned(),
            pronouns,
            ..Entrant::new(name, Skill::Level(5), Temperament::Steady)
        }
    }

    /// An aside before step `before`, changing no position.
    pub(crate) fn aside(before: usize, aside: Aside) -> AsideAt {
        AsideAt {
            before,
            aside,
            position: None,
        }
    }

    pub(crate) fn cheat(
        by: usize,
        kind: CheatKind,
        at: Option<&str>,
        seen_by: &[usize],
        r: CheatResult,
    ) -> Aside {
        Aside::Cheat {
            by: Who::nth(by),
            kind,
            at: at.map(Played::from),
            seen_by: seen_by.iter().map(|&e| Who::nth(e)).collect(),
            result: r,
            risk: 0.2,
            worth: 0.1,
            earlier: 0,
            roll: None,
        }
    }

    /// Six moves between entrants 0 (seat 0) and 1 (seat 1), won by entrant 0: in the
    /// third, entrant 0 takes two stones at c4; the sixth ends it.
    fn game(number: u32, asides: Vec<AsideAt>) -> GameLog {
        let outcome = Outcome {
            winners: Seats::NONE.with(Seat(0)),
            end: tides::MASSACRE,
        };
        let steps: Vec<Step> = (0..6u8)
            .map(|i| {
                let seat = Seat(i % 2);
                let mut events = Vec::new();
                let mut scores = vec![12, 12];
                if i >= 2 {
                    scores[1] = 10;
                }
                if i == 2 {
                    events.push(Event::Capture {
                        by: seat,
                        victim: Seat(1),
                        at: Place::Square { file: 2, rank: 4 },
                        count: 2,
                    });
                }
                if i == 5 {
                    events.push(Event::Over { outcome });
                }
                Step {
                    seat: Some(seat),
                    mv: format!("m{i}").into(),
                    events,
                    scores,
                }
            })
            .collect();
        GameLog {
            number,
            seats: vec![Who(0), Who(1)],
            ceremony: Vec::new(),
            start: "".into(),
            start_scores: vec![12, 12],
            steps,
            turns: 6,
            outcome,
            winners: vec![Who(0)],
            scores: vec![12, 10],
            standing: vec![Vec::new(); 2],
            end: "".into(),
            resigned: None,
            asides,
        }
    }

    /// A match of `kind` between Old Brannoc (he) and Mirela Vance (she), of a game per
    /// list of asides, all won by Brannoc.
    fn log(kind: GameKind, games: Vec<Vec<AsideAt>>) -> MatchLog {
        let n = games.len() as u32;
        MatchLog {
            game: kind,
            seed: 11,
            format: Format::BestOf(2 * n - 1),
            entrants: vec![
                entrant("Old Brannoc", "Brannoc", Pronouns::He),
                entrant("Mirela Vance", "Mirela", Pronouns::She),
            ],
            games: games
                .into_iter()
                .enumerate()
                .map(|(i, a)| game(i as u32 + 1, a))
                .collect(),
            wins: vec![n, 0],
            winners: vec![Who(0)],
        }
    }

    pub(crate) fn tell(log: &MatchLog, detail: Detail) -> (Vec<Scene>, Vec<Fact>) {
        let book = Phrasebook::built_in();
        let mut narrator = Narrator::new(&book, log, &[]);
        let scenes = narrator.tell(detail);
        (scenes, narrator.facts().to_vec())
    }

    /// People by role, as a fact gives them.
    type Roles = Vec<(String, Vec<Who>)>;

    /// The facts of asides' lines, as (game, moment, people by role, sorted).
    fn aside_facts(facts: &[Fact]) -> Vec<(u32, Moment, Roles)> {
        facts
            .iter()
            .filter(|f| f.key.is_aside())
            .map(|f| {
                let mut people = f.people.clone();
                people.sort();
                (f.game, f.key, people)
            })
            .collect()
    }

    fn roles(r: &[(&str, &[usize])]) -> Roles {
        let mut out: Roles = r
            .iter()
            .map(|(k, p)| ((*k).to_owned(), p.iter().map(|&e| Who::nth(e)).collect()))
            .collect();
        out.sort();
        out
    }

    fn var<'a>(fact: &'a Fact, name: &str) -> Option<&'a str> {
        fact.vars
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// A match with every kind of aside of Tides of War.
    pub(crate) fn tides_with_asides() -> MatchLog {
        use CheatResult::{StakesForfeit, Stood, TakenBack};
        let nudge = crate::games::tides::NUDGE;
        log(
            GameKind::TidesOfWar,
            vec![
                vec![
                    aside(1, cheat(1, nudge, Some("f3"), &[], Stood)),
                    aside(3, cheat(0, nudge, Some("d5"), &[1], TakenBack)),
                    aside(
                        4,
                        Aside::Accused {
                            by: Who(0),
                            against: Who(1),
                            right: true,
                        },
                    ),
                ],
                vec![
                    aside(
                        2,
                        Aside::Accused {
                            by: Who(1),
                            against: Who(0),
                            right: false,
                        },
                    ),
                    aside(4, cheat(1, nudge, Some("b2"), &[0], StakesForfeit)),
                    aside(5, cheat(1, nudge, Some("e1"), &[0], StakesForfeit)),
                ],
            ],
        )
    }

    #[test]
    fn each_aside_is_told_with_the_people_the_log_gives_it() {
        let log = tides_with_asides();
        let (_, facts) = tell(&log, Detail::Full);
        // The people of each aside, read from the log's asides by hand.
        let expected = vec![
            (1, Moment::CheatUnseen, roles(&[("mover", &[1])])),
            (
                1,
                Moment::CheatCaught,
                roles(&[("mover", &[0]), ("watcher", &[1])]),
            ),
            (
                1,
                Moment::CheatOutcry,
                roles(&[("mover", &[0]), ("watcher", &[1])]),
            ),
            (
                1,
                Moment::AccusedRight,
                roles(&[("accuser", &[0]), ("accused", &[1])]),
            ),
            (
                2,
                Moment::AccusedWrong,
                roles(&[("accuser", &[1]), ("accused", &[0])]),
            ),
            (
                2,
                Moment::CheatCaught,
                roles(&[("mover", &[1]), ("watcher", &[0])]),
            ),
            // The stakes go once, and the crowd cries out once a game.
            (2, Moment::CheatStakes, roles(&[("mover", &[1])])),
            (
                2,
                Moment::CheatOutcry,
                roles(&[("mover", &[1]), ("watcher", &[0])]),
            ),
            // Caught a second time in the game: now the table watches (no stakes left to
            // lose, no second outcry).
            (2, Moment::CheatWatched, roles(&[("mover", &[1])])),
        ];
        assert_eq!(aside_facts(&facts), expected);
        let watched = facts
            .iter()
            .find(|f| f.key == Moment::CheatWatched)
            .unwrap();
        assert_eq!(var(watched, "count"), Some("2"), "{}", watched.line);
        assert_eq!(var(watched, "times"), Some("twice"), "{}", watched.line);
        let places = ["f3", "d5", "b2"];
        let mut cheats = facts
            .iter()
            .filter(|f| matches!(f.key, Moment::CheatUnseen | Moment::CheatCaught));
        for place in places {
            let f = cheats.next().expect("a line for every cheat");
            // What was done, and where, in words (never "near" a square).
            assert_eq!(
                var(f, "cheat"),
                Some(format!("nudges a stone one point at {place}").as_str()),
                "{}",
                f.line
            );
            assert_eq!(var(f, "place"), Some(place), "{}", f.line);
            assert!(!f.line.contains(" near "), "{}", f.line);
        }
        for f in facts.iter().filter(|f| f.key.is_aside()) {
            assert!(!f.line.contains('{'), "{}", f.line);
            // Everyone the line's template names is in it, by full or short name.
            for (role, people) in &f.people {
                if f.template.contains(&format!("{{{role}}}")) {
                    for &e in people {
                        let e = &log.entrants[e];
                        assert!(f.line.contains(&e.short), "{} names its {role}", f.line);
                    }
                }
            }
            assert_eq!(
                f.gm_only,
                matches!(f.key, Moment::CheatUnseen | Moment::CheatUnseenTally),
                "{}",
                f.line
            );
        }
    }

    #[test]
    fn asides_are_told_at_their_place_among_the_moves() {
        let mut log = tides_with_asides();
        // Before the first move, and after the last.
        log.games[0].asides.insert(
            0,
            aside(
                0,
                Aside::Accused {
                    by: Who(1),
                    against: Who(0),
                    right: false,
                },
            ),
        );
        log.games[0].asides.push(aside(
            6,
            cheat(
                1,
                crate::games::tides::NUDGE,
                Some("f6"),
                &[0],
                CheatResult::TakenBack,
            ),
        ));
        let (_, facts) = tell(&log, Detail::Full);
        let game1: Vec<&Fact> = facts.iter().filter(|f| f.game == 1).collect();
        let at = |key: Moment| game1.iter().position(|f| f.key == key).unwrap();
        let keys: Vec<Moment> = game1.iter().map(|f| f.key).collect();
        assert_eq!(keys[0], Moment::AccusedWrong, "{keys:?}");
        assert_eq!(keys[1], Moment::Opening, "{keys:?}");
        // Before step 1: after the opening (step 0), before the capture (step 2).
        let capture = game1
            .iter()
            .position(|f| matches!(f.key, Moment::FirstBlood | Moment::BigCapture))
            .unwrap();
        assert!(at(Moment::CheatUnseen) < capture, "{keys:?}");
        assert!(capture < at(Moment::CheatCaught), "before step 3: {keys:?}");
        // The last aside comes after every move's line and before the finish.
        let last_caught = game1
            .iter()
            .rposition(|f| f.key == Moment::CheatCaught)
            .unwrap();
        assert_eq!(
            game1[last_caught]
                .vars
                .iter()
                .find(|(k, _)| k == "place")
                .map(|(_, v)| v.as_str()),
            Some("f6")
        );
        // Then only the margin at the end and the finish.
        let after: Vec<Moment> = keys[last_caught + 1..].to_vec();
        assert!(
            after.iter().all(|k| matches!(
                k,
                Moment::CloseFinish | Moment::Rout | Moment::Finish(..) | Moment::GameWon
            )),
            "{keys:?}"
        );
        assert!(matches!(
            after.last(),
            Some(Moment::Finish(..) | Moment::GameWon)
        ));
    }

    #[test]
    fn brief_tells_the_first_cheat_caught_in_each_game_and_one_unseen_a_match() {
        use CheatResult::{Stood, TakenBack};
        let nudge = crate::games::tides::NUDGE;
        let log = log(
            GameKind::TidesOfWar,
            vec![
                vec![
                    aside(1, cheat(1, nudge, Some("c4"), &[], Stood)),
                    aside(2, cheat(0, nudge, Some("c5"), &[1], TakenBack)),
                    aside(3, cheat(1, nudge, Some("d4"), &[], Stood)),
                    aside(5, cheat(0, nudge, Some("b3"), &[1], TakenBack)),
                ],
                vec![
                    aside(1, cheat(0, nudge, Some("e4"), &[], Stood)),
                    aside(4, cheat(1, nudge, Some("a2"), &[0], TakenBack)),
                ],
            ],
        );
        let count = |facts: &[Fact], key: Moment| facts.iter().filter(|f| f.key == key).count();
        let (scenes, brief) = tell(&log, Detail::Brief);
        assert_eq!(count(&brief, Moment::CheatUnseen), 1);
        // Game 1: Brannoc caught twice, told as one line; game 2: Mirela caught once.
        let caught: Vec<(u32, Moment, Option<&str>)> = brief
            .iter()
            .filter(|f| {
                matches!(
                    f.key,
                    Moment::CheatCaught | Moment::CheatAgain | Moment::CheatWatched
                )
            })
            .map(|f| (f.game, f.key, var(f, "place").or(var(f, "count"))))
            .collect();
        assert_eq!(
            caught,
            [
                (1, Moment::CheatWatched, Some("2")),
                (2, Moment::CheatCaught, Some("a2"))
            ],
            "one line a game for its cheats caught"
        );
        let first = brief.iter().find(|f| f.key == Moment::CheatUnseen).unwrap();
        assert_eq!(
            (first.game, var(first, "place")),
            (1, Some("c4")),
            "the first"
        );
        // It is the GM's hook at the end of the match, never read aloud.
        let result = scenes.last().expect("the result");
        assert_eq!(result.heading, "The result");
        assert!(result.lines.contains(&first.line) && first.gm_only);
        for scene in &scenes {
            assert!(scene.players_lines().count() <= 4, "{scene:?}");
        }
        let (_, full) = tell(&log, Detail::Full);
        // Mirela's second cheat of game 1 nobody saw is summed for the GM; Brannoc's
        // second catch of game 1 is the table's eyes on him.
        assert_eq!(count(&full, Moment::CheatUnseen), 2);
        assert_eq!(count(&full, Moment::CheatUnseenTally), 1);
        assert_eq!(count(&full, Moment::CheatCaught), 2);
        assert_eq!(count(&full, Moment::CheatWatched), 1);
        assert_eq!(count(&full, Moment::CheatOutcry), 2, "once a game");
    }

    #[test]
    fn a_forfeit_for_a_cheat_is_the_end_of_its_game() {
        let log = log(
            GameKind::TidesOfWar,
            vec![vec![aside(
                6,
                cheat(
                    1,
                    crate::games::tides::NUDGE,
                    Some("c4"),
                    &[0],
                    CheatResult::GameForfeit,
                ),
            )]],
        );
        for detail in [Detail::Brief, Detail::Full] {
            let (_, facts) = tell(&log, detail);
            let forfeit: Vec<&Fact> = facts
                .iter()
                .filter(|f| f.key == Moment::CheatForfeit)
                .collect();
            let [f] = forfeit.as_slice() else {
                panic!("one forfeit: {facts:?}")
            };
            let mut people = f.people.clone();
            people.sort();
            let winners: Vec<usize> = log.games[0].winners.iter().map(|w| w.index()).collect();
            assert_eq!(people, roles(&[("mover", &[1]), ("winner", &winners)]));
            assert_eq!(var(f, "number"), Some("1"));
            assert!(
                !facts.iter().any(|f| f.game == 1
                    && matches!(
                        f.key,
                        Moment::Finish(..) | Moment::GameWon | Moment::CloseFinish | Moment::Rout
                    )),
                "the forfeit ends it: {facts:?}"
            );
        }
    }

    #[test]
    fn rule_two_names_who_brings_down_whose_stone_and_where() {
        let log = log(
            GameKind::Oicustiytac,
            vec![vec![
                aside(
                    3,
                    cheat(
                        0,
                        crate::games::oicus::EXTRA_STONE,
                        Some("trap 3"),
                        &[1],
                        CheatResult::RuleTwo,
                    ),
                ),
                aside(
                    3,
                    Aside::Penalty {
                        by: Who(1),
                        victim: Who(0),
                        at: "trap 5".into(),
                    },
                ),
            ]],
        );
        let (_, facts) = tell(&log, Detail::Full);
        let asides: Vec<_> = aside_facts(&facts)
            .into_iter()
            .filter(|(_, key, _)| *key != Moment::CheatOutcry)
            .collect();
        assert_eq!(
            asides,
            vec![
                (
                    1,
                    Moment::CheatCaught,
                    roles(&[("mover", &[0]), ("watcher", &[1])])
                ),
                (
                    1,
                    Moment::RuleTwo,
                    roles(&[("mover", &[1]), ("victim", &[0])])
                ),
            ]
        );
        let f = facts.iter().find(|f| f.key == Moment::RuleTwo).unwrap();
        assert_eq!(var(f, "place"), Some("trap 5"));
        assert_eq!(var(f, "they"), Some("she"), "Mirela's pronouns: {}", f.line);
    }

    #[test]
    fn a_cheat_with_no_place_is_told_without_one() {
        // A turned stick has no place: every line picked for it fills all it names.
        for seed in 0..40 {
            let mut log = log(
                GameKind::KiustOyun,
                vec![vec![
                    aside(
                        1,
                        cheat(
                            0,
                            crate::games::kiust::TURN_STICK,
                            None,
                            &[],
                            CheatResult::Stood,
                        ),
                    ),
                    aside(
                        3,
                        cheat(
                            1,
                            crate::games::kiust::TURN_STICK,
                            None,
                            &[0],
                            CheatResult::TakenBack,
                        ),
                    ),
                    aside(
                        5,
                        cheat(
                            1,
                            crate::games::kiust::TURN_STICK,
                            None,
                            &[0],
                            CheatResult::GameForfeit,
                        ),
                    ),
                ]],
            );
            log.seed = seed;
            log.games[0].winners.clear();
            let (_, facts) = tell(&log, Detail::Full);
            let told = facts.iter().filter(|f| f.key.is_aside()).count();
            assert_eq!(told, 5, "seed {seed}: {facts:?}");
            for f in facts.iter().filter(|f| f.key.is_aside()) {
                assert!(!f.line.contains('{'), "seed {seed}: {}", f.line);
            }
        }
    }

    #[test]
    fn cheats_nobody_saw_leave_the_players_story_exactly_as_it_was() {
        use CheatResult::Stood;
        let nudge = crate::games::tides::NUDGE;
        let with = log(
            GameKind::TidesOfWar,
            vec![
                vec![
                    aside(0, cheat(1, nudge, Some("c4"), &[], Stood)),
                    aside(3, cheat(0, nudge, Some("d4"), &[], Stood)),
                ],
                vec![aside(6, cheat(1, nudge, Some("e4"), &[], Stood))],
            ],
        );
        let mut without = with.clone();
        for g in &mut without.games {
            g.asides.clear();
        }
        for seed in 0..20 {
            let (mut with, mut without) = (with.clone(), without.clone());
            with.seed = seed;
            without.seed = seed;
            for detail in [Detail::Brief, Detail::Full] {
                let (told, told_facts) = tell(&with, detail);
                let (plain, plain_facts) = tell(&without, detail);
                assert!(plain.iter().all(|s| s.gm_only.is_empty()));
                let heard: Vec<Vec<&String>> =
                    told.iter().map(|s| s.players_lines().collect()).collect();
                let before: Vec<Vec<&String>> =
                    plain.iter().map(|s| s.lines.iter().collect()).collect();
                assert_eq!(heard, before, "seed {seed}, {detail:?}");
                let public: Vec<&Fact> = told_facts.iter().filter(|f| !f.gm_only).collect();
                let before: Vec<&Fact> = plain_facts.iter().collect();
                assert_eq!(public, before, "seed {seed}, {detail:?}");
            }
        }
    }

    #[test]
    fn every_aside_moment_has_lines_and_only_its_own_placeholders() {
        let book = Phrasebook::built_in();
        for key in Moment::all().into_iter().filter(|m| m.is_aside()) {
            let lines = book.lines(GameKind::Pic, key);
            assert!(lines.len() >= 6, "{key}: several lines");
            if !matches!(
                key,
                Moment::CheatUnseen | Moment::CheatCaught | Moment::CheatForfeit
            ) {
                continue;
            }
            // Lines that serve when a cheat has no place, or a forfeit no winner.
            let bare = lines
                .iter()
                .filter(|l| {
                    !phrasebook::placeholders(l)
                        .iter()
                        .any(|p| ["place", "town", "trap", "heap", "winner"].contains(p))
                })
                .count();
            assert!(bare >= 2, "{key}: lines without a place or a winner");
        }
        let mut mine = Phrasebook::built_in();
        for (key, line) in [
            (
                "cheat-unseen",
                "{mover} {cheat} while {watcher} looks away.",
            ),
            ("accused-wrong", "{mover} is wrong about {accused}."),
            (
                "rule-two",
                "{mover} brings down {count} of {victim}'s stones.",
            ),
        ] {
            let err = mine
                .merge_toml(
                    Path::new("mine.toml"),
                    &format!("[common]\n{key} = [\"{line}\"]\n"),
                )
                .unwrap_err();
            assert_eq!(
                err.field.as_deref(),
                Some(format!("common.{key}").as_str()),
                "{err}"
            );
        }
        mine.merge_toml(
            Path::new("mine.toml"),
            "[tides-of-war]\ncheat-caught = [\"{watcher} saw {mover} at {place}: {cheat}.\"]\n",
        )
        .unwrap();
    }
}
