//! A match told from its greetings through each game: the moments chosen, the asides
//! among them, and each game's end, briefly or in full.

use super::{Detail, Moment, Narrator, Scene, Spotted, Val, asides};
use crate::roster::VoiceMoment;
use crate::table::{GameLog, Who};

impl Narrator<'_> {
    /// The whole match, told at the given detail (briefly, within [`AIM`](super::AIM)
    /// words where it can be).
    pub fn tell(&mut self, detail: Detail) -> Vec<Scene> {
        match detail {
            Detail::None => Vec::new(),
            Detail::Brief => self.tell_within_budget(),
            Detail::Full => self.tell_as_planned(detail),
        }
    }

    /// The whole match, told at `detail` as the plan allows.
    pub(super) fn tell_as_planned(&mut self, detail: Detail) -> Vec<Scene> {
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
        for i in Who::all(n) {
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
