//! The table around the moves: cheats, Insight checks, accusations and rule-2 penalties.

use super::hands::Hands;
use super::run::{Kept, Run, conceded};
use crate::games::Played;
use crate::games::{End, Game, Outcome, Seat};
use crate::table::cheat::{OnCheat, OnFalseAccusation, Watch, Weighed};
use crate::table::checks::Check;
use crate::table::log::{Aside, AsideAt, CheatResult};

/// What comes of a cheat: it stands unseen (`seen` is empty), else rule 2 where the game
/// keeps it, else the table's rule; a lost turn only where one can be lost (`can_lose`).
fn judged<G: Game>(w: &Watch<'_>, seen: &[Seat], can_lose: bool) -> CheatResult {
    if seen.is_empty() {
        CheatResult::Stood
    } else if G::FACTS.rule_two {
        CheatResult::RuleTwo
    } else {
        match w.rules.on_cheat_at::<G>() {
            OnCheat::LoseTurn if can_lose => CheatResult::TurnLost,
            OnCheat::LoseTurn | OnCheat::TakeBack => CheatResult::TakenBack,
            OnCheat::ForfeitGame => CheatResult::GameForfeit,
            OnCheat::ForfeitStakes => CheatResult::StakesForfeit,
        }
    }
}

/// The table around the moves: cheats, Insight checks, accusations and rule-2
/// penalties. Each is done only where the table watches (never at ladders or the
/// bookie's imagined matches).
impl<G: Game, E: Kept, H: Hands<G> + ?Sized> Run<'_, '_, G, E, H> {
    /// Tries `weighed` for `seat`: who sees it, and what comes of it; the game's end when
    /// the tavern makes it forfeit.
    pub(super) fn attempt(&mut self, seat: Seat, weighed: Weighed<G>) -> Option<Outcome> {
        let w = self.watch.as_deref_mut()?;
        self.table.tried = Some((seat, self.played));
        let cheat = weighed.cheat;
        let earlier = w.marks.tries[w.who[seat.index()].index()];
        let (seen, roll) = if w.d20 {
            let soh = w.manners[seat.index()].figures.sleight_of_hand;
            let d20 = self.hands.d20(seat, Check::SleightOfHand, soh, w.rng());
            let (seen, roll) = w.rolled(seat, d20);
            (seen, Some(roll))
        } else {
            (w.watchers(seat, cheat.boldness, weighed.gain), None)
        };
        // A lost turn that would hand the cheat the game (the other side left without a
        // move) is only a take-back.
        let lost = self
            .pos
            .lose_turn()
            .filter(|after| !after.outcome().is_some_and(|o| o.winners.contains(seat)));
        let result = judged::<G>(w, &seen, lost.is_some());
        let mut position = None;
        match result {
            CheatResult::Stood => {
                *self.pos = cheat.after;
                position = Some(Played::new(self.pos.clone(), format!("{:#}", self.pos)));
                if !self.table.unexposed.contains(&seat) {
                    self.table.unexposed.push(seat);
                }
            }
            CheatResult::TurnLost => {
                if let Some(after) = lost {
                    *self.pos = after;
                    position = Some(Played::new(self.pos.clone(), format!("{:#}", self.pos)));
                }
            }
            CheatResult::RuleTwo => self.table.penalty = Some(seat),
            CheatResult::TakenBack | CheatResult::GameForfeit | CheatResult::StakesForfeit => {}
        }
        let aside = Aside::Cheat {
            by: w.who[seat.index()],
            kind: cheat.kind,
            at: Some(cheat.at),
            seen_by: seen.iter().map(|s| w.who[s.index()]).collect(),
            result,
            risk: weighed.risk,
            worth: weighed.worth,
            earlier,
            roll,
        };
        self.note(AsideAt {
            before: self.played,
            aside,
            position,
        });
        (result == CheatResult::GameForfeit).then(|| conceded(self.pos, seat, End::Forfeit))
    }

    /// `by`'s Insight check against `of`: a d20 from the checks' own stream (or typed),
    /// recorded with what it read.
    pub(super) fn insight(&mut self, by: Seat, of: Seat) {
        let Some(w) = self.watch.as_deref_mut() else {
            return;
        };
        let (reader, read) = (w.who[by.index()], w.who[of.index()]);
        let modifier = w.manners[by.index()].figures.insight;
        let d20 = self
            .hands
            .d20(by, Check::Insight, modifier, w.marks.checks_rng());
        let roll = crate::table::checks::insight_check(&w.entrants[reader], &w.entrants[read], d20);
        self.note(AsideAt {
            before: self.played,
            aside: Aside::Insight {
                by: reader,
                of: read,
                roll,
            },
            position: None,
        });
    }

    /// `by` accuses `against`: right when `against`'s last cheat stood unseen. A right
    /// accusation exposes it (it counts as caught, and `by` watches `against` the closer
    /// for it; a forfeit rule takes the game, rule 2 a stone; a cheat that stood cannot
    /// be taken back so late); a wrong one may cost the accuser the game.
    pub(super) fn accuse(&mut self, by: Seat, against: Seat) -> Option<Outcome> {
        let w = self.watch.as_deref_mut()?;
        let right = self.table.unexposed.contains(&against);
        self.table.unexposed.retain(|&s| s != against);
        if right {
            w.marks.seen[w.who[by.index()].index()][w.who[against.index()].index()] += 1.0;
        }
        let aside = Aside::Accused {
            by: w.who[by.index()],
            against: w.who[against.index()],
            right,
        };
        let rules = w.rules;
        self.note(AsideAt {
            before: self.played,
            aside,
            position: None,
        });
        if right {
            if G::FACTS.rule_two {
                self.bring_down_by(by, against);
                return self.pos.outcome();
            }
            if rules.on_cheat_at::<G>() == OnCheat::ForfeitGame {
                return Some(conceded(self.pos, against, End::Forfeit));
            }
            None
        } else if rules.on_false_accusation == OnFalseAccusation::ForfeitGame {
            Some(conceded(self.pos, by, End::Forfeit))
        } else {
            None
        }
    }

    /// Rule 2 after `victim`'s turn: the next seat brings down a stone of `victim`'s.
    pub(super) fn bring_down(&mut self, victim: Seat) {
        let by = victim.next(self.pos.players());
        self.bring_down_by(by, victim);
    }

    /// `by` brings down the stone of `victim`'s that serves `by` best (their search's
    /// choice, by the game's heuristic).
    pub(super) fn bring_down_by(&mut self, by: Seat, victim: Seat) {
        let Some(w) = self.watch.as_deref() else {
            return;
        };
        let (by_who, victim_who) = (w.who[by.index()], w.who[victim.index()]);
        let mut options = Vec::new();
        self.pos.penalties(by, victim, &mut options);
        let best = options.into_iter().max_by(|a, b| {
            let value = |p: &G| {
                p.outcome()
                    .map_or_else(|| p.heuristic(by), |o| o.reward(by, p.players()) as f32)
            };
            value(&a.0).total_cmp(&value(&b.0))
        });
        let Some((after, at)) = best else {
            return;
        };
        *self.pos = after;
        self.note(AsideAt {
            before: self.played,
            aside: Aside::Penalty {
                by: by_who,
                victim: victim_who,
                at,
            },
            position: Some(Played::new(self.pos.clone(), format!("{:#}", self.pos))),
        });
    }
}
