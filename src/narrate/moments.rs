//! Finding the moments of a game worth telling, from its events alone.

use std::collections::HashSet;

use super::{Moment, Narrator, Result3, Spotted, Val, person, text};
use crate::games::{Event, Filler, GameMoment, Seat};
use crate::table::{GameLog, Who};

/// A moment found in an event: its key, the seat it is told of, its weight, its
/// placeholders, and a game's moment it tells as well.
type Found = (
    Moment,
    Seat,
    u32,
    Vec<(&'static str, Val)>,
    Option<GameMoment>,
);

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
                // The ceremony names players in the order they were named, not seats.
                Event::Lot { winner } => (
                    Moment::Lot,
                    vec![("winner", person(Who::nth(winner.index())))],
                ),
                Event::FirstTurn { winner } => (
                    Moment::FirstTurn,
                    vec![("winner", person(Who::nth(winner.index())))],
                ),
                // The game's own (a throw of the sticks, a draw from the bag), with each
                // seat a named player.
                _ => match (self.words.ceremony_moment)(e) {
                    Some(noted) => {
                        let vars = self.filled(game, &noted.fields, true);
                        (Moment::Game(noted.moment), vars)
                    }
                    // Only the ceremony's own events come before a game.
                    None => {
                        debug_assert!(!e.is_ceremony(), "a ceremony's event untold: {e:?}");
                        continue;
                    }
                },
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
            let words = (self.words.move_words)(&step.mv, seat)
                .unwrap_or_else(|| step.mv.to_string())
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
        let steps: Vec<&[Event]> = game.steps.iter().map(|s| s.events.as_slice()).collect();
        let mut seen = HashSet::new();
        for (i, e) in game.events() {
            let Some((key, seat, weight, vars, covers)) = self.event_moment(game, &steps, i, e)
            else {
                continue;
            };
            if let Some(covered) = covers {
                // Told with this one (a crossing with the kiust that allowed it).
                seen.insert((Moment::Game(covered), seat));
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

    /// The moment an event of play makes, with its seat, weight, placeholders and the
    /// moment it tells as well; `None` for what is told elsewhere: captures (above), the
    /// ceremony (before the game), the end (at the finish or not at all), and what the
    /// game does not count a moment of its own. A pass is every game's; the rest the game
    /// says (`steps`: the events of each of its steps).
    fn event_moment(
        &self,
        game: &GameLog,
        steps: &[&[Event]],
        i: usize,
        e: &Event,
    ) -> Option<Found> {
        if let Event::Pass { by } = *e {
            let vars = vec![("mover", person(game.entrant_at(by)))];
            return Some((Moment::Pass, by, 35, vars, None));
        }
        let noted = (self.words.play_moment)(steps, i, e)?;
        let vars = self.filled(game, &noted.fields, false);
        Some((
            Moment::Game(noted.moment),
            noted.by,
            noted.weight,
            vars,
            noted.covers,
        ))
    }

    /// A game's moment's placeholders, said: each seat's player (in a `ceremony`, each
    /// seat is a named player), each place as the table says it, each figure.
    fn filled(
        &self,
        game: &GameLog,
        fields: &[(&'static str, Filler)],
        ceremony: bool,
    ) -> Vec<(&'static str, Val)> {
        fields
            .iter()
            .map(|&(name, filler)| {
                let val = match filler {
                    Filler::Seat(s) if ceremony => person(Who::nth(s.index())),
                    Filler::Seat(s) => person(game.entrant_at(s)),
                    Filler::Place(at, actor) => self.place(game, at, actor),
                    Filler::Number(n) => text(n.to_string()),
                    Filler::Stones(n) => text(stones(n)),
                };
                (name, val)
            })
            .collect()
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
