//! The intentions told: a hustle that held or turned, a match thrown. The table never sees
//! them (a hustle looks like play at the skill shown, a throw like a game badly played),
//! so every line of them is the GM's alone, gathered with the cheats nobody saw; a person
//! who reads a hustle at `sit` (an Insight check) is told there, not here. They are told
//! after the rest of the story, from a stream of the seed of their own, so a telling with
//! no intention at the table is word for word what it was.

use super::{Moment, Narrator, Scene, person, text};
use crate::roster::VoiceMoment;
use crate::table::{Plan, ThrowWhy, Who};

impl Narrator<'_> {
    /// Adds the intentions' lines, for the GM alone: a hustle in the scene of the game it
    /// held or turned at (the first), a throw in the result's scene.
    pub(super) fn tell_intentions(&mut self, scenes: &mut [Scene]) {
        if self.log.entrants.iter().all(|e| e.plan.is_plain()) {
            return;
        }
        std::mem::swap(&mut self.rng, &mut self.intent_rng);
        self.whisper = true;
        for entrant in self.log.everyone() {
            let plan = self.log.entrant(entrant).plan;
            if plan.throws_to.is_some() {
                self.tell_throw(entrant, &plan, scenes);
            } else if plan.hustle.is_some() {
                self.tell_hustle(entrant, &plan, scenes);
            }
        }
        self.whisper = false;
        std::mem::swap(&mut self.rng, &mut self.intent_rng);
    }

    /// A hustle that held all match, or turned at a game (the first: the stakes are known
    /// before play), with the hustler's word under their breath when it turned.
    fn tell_hustle(&mut self, entrant: Who, plan: &Plan, scenes: &mut [Scene]) {
        let Some(h) = plan.hustle else { return };
        let game = h.turns_at.unwrap_or(1);
        let mut lines = Vec::new();
        match h.turns_at {
            Some(_) => {
                let vars = [
                    ("mover", person(entrant)),
                    ("coins", text(h.stakes.to_string())),
                ];
                lines.extend(self.say(Moment::HustleTurns, &vars));
                lines.extend(self.voice(entrant, VoiceMoment::Hustle));
            }
            None => lines.extend(self.say(Moment::HustleHolds, &[("mover", person(entrant))])),
        }
        let unit = self.unit();
        let at = scenes
            .iter()
            .position(|s| s.heading == format!("{unit} {game}"))
            .unwrap_or(scenes.len().saturating_sub(1));
        if let Some(scene) = scenes.get_mut(at) {
            for line in lines {
                scene.push_gm_only(line, game);
            }
        }
    }

    /// A throw, in the result's scene: thrown (for a bribe, when one bought it), with the
    /// thrower's word under their breath; or meant and failed, when the thrower won.
    fn tell_throw(&mut self, entrant: Who, plan: &Plan, scenes: &mut [Scene]) {
        let Some(favoured) = plan.throws_to else {
            return;
        };
        let won = self.log.winners.contains(&entrant);
        let mut vars = vec![
            ("mover", person(entrant)),
            ("favoured", person(Who::nth(favoured))),
        ];
        let mut lines = Vec::new();
        if won {
            lines.extend(self.say(Moment::ThrowFailed, &vars));
        } else {
            let bribed = match plan.throw_why {
                Some(ThrowWhy::Bribe { paid }) => {
                    vars.push(("coins", text(paid.to_string())));
                    self.say(Moment::ThrownForBribe, &vars)
                }
                _ => None,
            };
            lines.extend(bribed.or_else(|| self.say(Moment::Thrown, &vars[..2])));
            lines.extend(self.voice(entrant, VoiceMoment::Throw));
        }
        if let Some(scene) = scenes.last_mut() {
            for line in lines {
                scene.push_gm_only(line, 0);
            }
        }
    }
}
