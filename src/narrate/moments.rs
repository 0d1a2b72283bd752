//! Finding the moments of a game worth telling, from its events alone.

use std::collections::HashSet;

use super::{Moment, Narrator, Result3, Spotted, Val, person, text};
use crate::games::event::Throw;
use crate::games::{End, Event, Seat};
use crate::table::GameLog;

/// A moment found in an event: its key, the seat it is told of, its weight and its
/// placeholders.
type Found = (Moment, Seat, u32, Vec<(&'static str, Val)>);

impl Narrator<'_> {
    /// The moments of one game, most telling first within each kind.
    pub(super) fn moments(&mut self, game: &GameLog) -> Vec<Spotted> {
        let mut out = Vec::new();
        self.ceremony_moments(game, &mut out);
        self.opening(game, &mut out);
        self.captures(game, &mut out);
        self.event_moments(game, &mut out);
        out
    }

    /// The first-turn ceremony before the game: each lot, throw and draw, and who won.
    fn ceremony_moments(&self, game: &GameLog, out: &mut Vec<Spotted>) {
        for e in &game.ceremony {
            let (key, vars) = match *e {
                Event::Lot { winner } => (Moment::Lot, vec![("winner", person(winner.index()))]),
                Event::FirstThrow { player, flats } => (
                    Moment::FirstThrow,
                    vec![
                        ("mover", person(player.index())),
                        ("count", text(flats.to_string())),
                    ],
                ),
                Event::BagDraw {
                    player,
                    whites,
                    blacks,
                } => (
                    Moment::BagDraw,
                    vec![
                        ("mover", person(player.index())),
                        ("count", text(whites.to_string())),
                        ("stones", text(stones(u32::from(whites + blacks)))),
                    ],
                ),
                Event::FirstTurn { winner } => {
                    (Moment::FirstTurn, vec![("winner", person(winner.index()))])
                }
                // Only the ceremony's own events come before a game.
                _ => {
                    debug_assert!(!e.is_ceremony(), "a ceremony's event untold: {e:?}");
                    continue;
                }
            };
            let weight = if key.decides_first_turn() { 90 } else { 20 };
            out.push(Spotted {
                key,
                weight,
                step: 0,
                seat: None,
                vars,
            });
        }
    }

    /// The game's first move, in words.
    fn opening(&mut self, game: &GameLog, out: &mut Vec<Spotted>) {
        let who = |s: Seat| person(game.entrant_at(s));
        if let Some((i, step)) = game
            .steps
            .iter()
            .enumerate()
            .find(|(_, s)| s.seat.is_some())
        {
            let seat = step.seat.expect("found a seat's step");
            let mover = game.entrant_at(seat);
            let verb = self.verb(mover);
            // The move in words, never its notation.
            let words = (self.words)(&step.mv, seat)
                .unwrap_or_else(|| step.mv.clone())
                .replace("{their}", self.pronouns(mover).their());
            out.push(Spotted {
                key: Moment::Opening,
                weight: 40,
                step: i,
                seat: Some(seat),
                vars: vec![
                    ("mover", who(seat)),
                    ("move", text(words)),
                    ("verb", text(verb)),
                ],
            });
        }
    }

    /// Captures: the first, and the largest chain.
    fn captures(&mut self, game: &GameLog, out: &mut Vec<Spotted>) {
        let who = |s: Seat| person(game.entrant_at(s));
        let mut first_capture = true;
        let mut biggest: Option<(u32, Spotted)> = None;
        for (i, step) in game.steps.iter().enumerate() {
            let mut taken = 0u32;
            let mut victim = None;
            let mut at = None;
            for e in &step.events {
                if let Event::Capture {
                    victim: v,
                    at: p,
                    count,
                    ..
                } = *e
                {
                    taken += u32::from(count);
                    victim = Some(v);
                    at.get_or_insert(p);
                }
            }
            let (Some(seat), Some(victim), Some(at)) = (step.seat, victim, at) else {
                continue;
            };
            let verb = self.verb(game.entrant_at(seat));
            let vars = vec![
                ("mover", who(seat)),
                ("victim", who(victim)),
                ("count", text(taken.to_string())),
                ("stones", text(stones(taken))),
                ("place", self.place(game, at, Some(seat))),
                ("verb", text(verb)),
            ];
            if first_capture {
                first_capture = false;
                out.push(Spotted {
                    key: Moment::FirstBlood,
                    weight: 50,
                    step: i,
                    seat: Some(seat),
                    vars: vars.clone(),
                });
            }
            if taken >= 2 && biggest.as_ref().is_none_or(|(n, _)| taken > *n) {
                let weight = 60 + taken * 5;
                biggest = Some((
                    taken,
                    Spotted {
                        key: Moment::BigCapture,
                        weight,
                        step: i,
                        seat: Some(seat),
                        vars,
                    },
                ));
            }
        }
        out.extend(biggest.map(|(_, m)| m));
    }

    /// Other kinds of event: the first of each kind per seat, and a weight by size.
    fn event_moments(&mut self, game: &GameLog, out: &mut Vec<Spotted>) {
        let mut seen = HashSet::new();
        for (i, e) in game.events() {
            let Some((key, seat, weight, vars)) = self.event_moment(game, i, e) else {
                continue;
            };
            if key == Moment::KiustEnter {
                // The crossing is told with the kiust that allowed it.
                seen.insert((Moment::Enter, seat));
            }
            // A pass is told once a game: the first player starved of moves.
            let once = if key == Moment::Pass { Seat(0) } else { seat };
            if seen.insert((key, once)) {
                let verb = self.verb(game.entrant_at(seat));
                let mut vars = vars;
                vars.push(("verb", text(verb)));
                out.push(Spotted {
                    key,
                    weight,
                    step: i,
                    seat: Some(seat),
                    vars,
                });
            }
        }
    }

    /// The moment an event of play makes, with its seat, weight and placeholders; `None`
    /// for what is told elsewhere: captures (above), the ceremony (before the game), an
    /// ordinary throw, a lost one, the end (at the finish or not at all).
    fn event_moment(&self, game: &GameLog, i: usize, e: &Event) -> Option<Found> {
        let who = |s: Seat| person(game.entrant_at(s));
        // The mover and the place a stone of theirs came to.
        let moved = |by: Seat, at| {
            vec![
                ("mover", who(by)),
                ("place", self.place(game, at, Some(by))),
            ]
        };
        Some(match *e {
            Event::Claim {
                by,
                owner,
                at,
                counters,
            } => (
                Moment::Claim,
                by,
                55 + u32::from(counters),
                vec![
                    ("mover", who(by)),
                    ("owner", who(owner)),
                    ("place", self.place(game, at, Some(by))),
                    ("count", text(counters.to_string())),
                ],
            ),
            Event::Pass { by } => (Moment::Pass, by, 35, vec![("mover", who(by))]),
            Event::Throw {
                by,
                throw: Throw::Kiust,
            } => match right_used(game, i, by) {
                Some(at) => (Moment::KiustEnter, by, 58, moved(by, at)),
                None => (Moment::Kiust, by, 45, vec![("mover", who(by))]),
            },
            Event::Enter { by, at }
                if game.steps.len() > i + 1 || !matches!(game.outcome.end, End::Conquest) =>
            {
                (Moment::Enter, by, 50, moved(by, at))
            }
            Event::Whelp { by, at } => (Moment::Whelp, by, 25, moved(by, at)),
            Event::BringDown {
                by,
                victim,
                at,
                count,
                ..
            } => (
                Moment::BringDown,
                by,
                50 + u32::from(count) * 5,
                vec![
                    ("mover", who(by)),
                    ("victim", who(victim)),
                    ("place", self.place(game, at, None)),
                    ("count", text(count.to_string())),
                    ("stones", text(stones(u32::from(count)))),
                ],
            ),
            Event::BringHome { by, at } => (Moment::BringHome, by, 40, moved(by, at)),
            Event::Capture { .. }
            | Event::Lot { .. }
            | Event::FirstThrow { .. }
            | Event::BagDraw { .. }
            | Event::FirstTurn { .. }
            | Event::Throw { .. }
            | Event::ThrowLost { .. }
            | Event::Enter { .. }
            | Event::Over { .. } => return None,
        })
    }

    /// The finish of a game: how it ended.
    pub(super) fn finish(&mut self, game: &GameLog) -> Option<String> {
        let end = game.outcome.end;
        let winner = game.winners.first().copied();
        // The one who comes nearest: the best final score among the others (the first
        // seat of those level on it).
        // After a resignation, the one who resigned.
        let loser = game.resigned.or_else(|| {
            (0..game.seats.len())
                .filter(|&s| !game.winners.contains(&game.seats[s]))
                .max_by_key(|&s| (game.scores[s], std::cmp::Reverse(s)))
                .map(|s| game.seats[s])
        });
        let mut vars = vec![("number", text(game.number.to_string()))];
        if let Some(w) = winner {
            vars.push(("winner", Val::People(game.winners.clone())));
            let verb = self.verb(w);
            vars.push(("verb", text(verb)));
        }
        if let Some(l) = loser.filter(|_| winner.is_some()) {
            vars.push(("loser", person(l)));
        }
        let last_place = game
            .steps
            .iter()
            .rev()
            .flat_map(|s| s.events.iter().rev())
            .find_map(Event::entered_or_took_at);
        if let Some(p) = last_place {
            vars.push(("place", self.place(game, p, None)));
        }
        vars.push(("scores", game_scores(game)));
        vars.push((
            "score",
            text(game.scores.iter().max().copied().unwrap_or(0).to_string()),
        ));
        // "cap-drawn", "no-moves-shared": a variant for a draw or a shared win, if the
        // book has one.
        let variant = match game.winners.len() {
            0 => Some(Result3::Drawn),
            1 => None,
            _ => Some(Result3::Shared),
        };
        let told = variant.and_then(|v| self.say(Moment::Finish(end, v), &vars));
        // A drawn game is never told with a line for a win (it would name a winner and a
        // loser it has not); an ending that is always a draw (a truce) has its own lines
        // for one.
        let own = winner.is_some() || end.always_drawn();
        told.or_else(|| {
            own.then(|| self.say(Moment::Finish(end, Result3::Won), &vars))
                .flatten()
        })
        .or_else(|| {
            let fallback = if winner.is_some() {
                Moment::GameWon
            } else {
                Moment::GameDrawn
            };
            self.say(fallback, &vars)
        })
    }
}

/// Where the kiust thrown at step `at` was used to cross into the enemy row: the first
/// `Enter` by `by` before the other seat throws.
fn right_used(game: &GameLog, at: usize, by: Seat) -> Option<crate::games::Place> {
    for step in &game.steps[at + 1..] {
        for e in &step.events {
            if let Event::Enter { by: b, at } = *e
                && b == by
            {
                return Some(at);
            }
            if e.thrower().is_some_and(|b| b != by) {
                return None;
            }
        }
    }
    None
}

/// "1 stone", "3 stones": the {stones} placeholder.
fn stones(n: u32) -> String {
    if n == 1 {
        "1 stone".to_owned()
    } else {
        format!("{n} stones")
    }
}

/// Each seat's final score, highest first (seat order on ties): "Brannoc 22, Pip 16".
pub(super) fn game_scores(game: &GameLog) -> Val {
    let mut order: Vec<usize> = (0..game.seats.len()).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(game.scores[s]));
    Val::Scores(
        order
            .iter()
            .map(|&s| (game.seats[s], i64::from(game.scores[s])))
            .collect(),
    )
}
