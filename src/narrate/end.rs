//! The end of a match told: who won, the words of the table and the onlookers, and a
//! hook to end on (an upset, a grudge against a cheat caught, a cheat that got away).

use super::{Detail, Moment, Narrator, Scene, Val, asides, person};
use crate::roster::VoiceMoment;
use crate::table::Who;

impl Narrator<'_> {
    /// The match's end, briefly: who won, and a hook from the log to end on (the
    /// onlookers at an upset, a grudge against a cheat the table caught, the onlookers at
    /// a close match, else a word from the table). The GM alone hears of the match's
    /// first cheat that got away.
    pub(super) fn match_end_briefly(&mut self, scene: &mut Scene) {
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

    pub(super) fn match_end(&mut self) -> Vec<String> {
        let mut vars = vec![("scores", self.match_scores())];
        let mut lines = Vec::new();
        match self.log.winners.as_slice() {
            [] => lines.extend(self.say(Moment::MatchDrawn, &vars)),
            [one] => {
                vars.push(("winner", person(*one)));
                lines.extend(self.say(Moment::MatchWon, &vars));
                // Two shapes (the seed picks): the onlookers, the winner and then the
                // others; or the others first, the winner, and the onlookers last.
                let losers: Vec<Who> = self.log.everyone().filter(|&i| i != *one).collect();
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

    /// The onlookers at the end of a match won by `winner` when it makes a story: an upset
    /// (the groan) or a match decided in its last game (the held breath); not a plain
    /// cheer.
    fn hook_at_the_end(&mut self, winner: Who) -> Option<String> {
        let (key, vars) = self.crowd_reaction(winner)?;
        if key == Moment::Cheer {
            return None;
        }
        self.say(key, &vars)
    }

    /// The onlookers at the end of a match won by `winner`: a groan when the winner was
    /// outclassed by two levels or more (by the most skilled of the losers, the one the
    /// groan names), the held breath of a match won by one game, else a cheer.
    fn crowd_at_the_end(&mut self, winner: Who) -> Option<String> {
        let (key, vars) = self.crowd_reaction(winner)?;
        self.say(key, &vars)
    }

    /// Each entrant's games won, most first (entrant order among equals): "Brannoc 2,
    /// Tamsin 1, Mirela 0".
    fn match_scores(&self) -> Val {
        let mut scores: Vec<(Who, i64)> = self
            .log
            .everyone()
            .map(|e| (e, i64::from(self.log.wins_of(e))))
            .collect();
        scores.sort_by_key(|&(e, w)| (std::cmp::Reverse(w), e));
        Val::Scores(scores)
    }

    /// A grudge to end on: the cheat the table caught most in the match (counting each
    /// who saw each cheat; the first entrant of those level), and everyone who caught them.
    fn grudge(&self) -> Option<Vec<(&'static str, Val)>> {
        let mut caught: Vec<(Who, Vec<Who>)> = Vec::new();
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
    fn runner_up(&self, winner: Who) -> Option<Who> {
        self.log
            .everyone()
            .filter(|&e| e != winner)
            .max_by_key(|&e| (self.log.wins_of(e), std::cmp::Reverse(e)))
    }

    /// Which of the onlookers' reactions a match won by `winner` draws, and of whom.
    fn crowd_reaction(&self, winner: Who) -> Option<(Moment, Vec<(&'static str, Val)>)> {
        let log = self.log;
        // The onlookers judge by what they see: a hustler that held, by the skill shown.
        let skill = |e: Who| {
            let entrant = log.entrant(e);
            let last = log.games.len() as u32;
            i32::from(
                entrant
                    .plan
                    .skill_in_game(entrant.skill, last)
                    .rough_level(),
            )
        };
        let favourite = log
            .everyone()
            .filter(|&e| e != winner)
            .max_by_key(|&e| (skill(e), std::cmp::Reverse(e)))?;
        if skill(favourite) >= skill(winner) + 2 {
            return Some((
                Moment::Groan,
                vec![("winner", person(winner)), ("loser", person(favourite))],
            ));
        }
        let mut wins: Vec<(u32, Who)> = log
            .everyone()
            .filter(|&e| e != winner)
            .map(|e| (log.wins_of(e), e))
            .collect();
        wins.sort_by_key(|&(w, e)| (std::cmp::Reverse(w), e));
        let close = log.games.len() > 1
            && wins
                .first()
                .is_some_and(|&(w, _)| w + 1 == log.wins_of(winner));
        if close && let Some(&(_, runner_up)) = wins.first() {
            return Some((
                Moment::Tension,
                vec![("winner", person(winner)), ("loser", person(runner_up))],
            ));
        }
        Some((Moment::Cheer, vec![("winner", person(winner))]))
    }
}
