//! The moments of the lead, read from the scores the log keeps after every step.

use super::moments::game_scores;
use super::{Moment, Narrator, Spotted, person, text};
use crate::games::Seat;
use crate::table::GameLog;

/// The winner's lead over the best of the others in `scores`, and that other.
fn lead(scores: &[i32], winner: Seat) -> (i32, Seat) {
    let (best, other) = (0..scores.len())
        .filter(|&s| s != winner.index())
        .map(|s| (scores[s], s))
        .max()
        .unwrap_or((0, 0));
    (scores[winner.index()] - best, Seat(other as u8))
}

/// The largest lead `seat` held over the best of the rest of the table, at the start or
/// after any step (at most 0 when they never led).
fn largest_lead(game: &GameLog, seat: Seat) -> i32 {
    std::iter::once(&game.start_scores)
        .chain(game.steps.iter().map(|s| &s.scores))
        .map(|scores| lead(scores, seat).0)
        .max()
        .unwrap_or(0)
}

/// What the scores after every step say of the winner's lead.
struct Course {
    /// The largest score of the game, either way (at least 1): what a lead is measured
    /// against.
    scale: i32,
    /// The winner's lowest lead (most behind), the step, and who led them then.
    worst: (i32, usize, Seat),
    /// The step where the winner went ahead for good, and who led before it (the one
    /// overtaken: at a table of three or more, whoever was ahead of the rest then).
    turning: Option<(usize, Seat)>,
    /// The step that moved its mover's standing most: by how much, the step, the mover
    /// and the one who lost most by it.
    swing: Option<(i32, usize, Seat, Seat)>,
    /// The winner's lead at the end, and the runner-up.
    last: (i32, Seat),
}

/// Follows the winner's lead through the game.
fn course(game: &GameLog, winner: Seat) -> Course {
    let (first_lead, first_rival) = lead(&game.start_scores, winner);
    let scale = game
        .start_scores
        .iter()
        .chain(game.steps.iter().flat_map(|s| s.scores.iter()))
        .map(|v| v.abs())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut worst = (first_lead, 0usize, first_rival);
    let mut turning = None;
    let mut swing: Option<(i32, usize, Seat, Seat)> = None;
    let mut prev = game.start_scores.clone();
    let mut prev_lead = first_lead;
    for (i, step) in game.steps.iter().enumerate() {
        let (now, other) = lead(&step.scores, winner);
        if now < worst.0 {
            worst = (now, i, other);
        }
        if prev_lead <= 0 && now > 0 {
            turning = Some((i, lead(&prev, winner).1));
        }
        if let Some(mover) = step.seat {
            let (delta, victim) = step_swing(&prev, &step.scores, mover, other);
            if delta > swing.map_or(0, |s| s.0) {
                swing = Some((delta, i, mover, victim));
            }
        }
        prev.clone_from(&step.scores);
        prev_lead = now;
    }
    // The margin is the final count's, penalty points and all (rule 2 at Òicustiỳtac),
    // as the line's {scores} give it.
    let last = lead(&game.scores, winner);
    Course {
        scale,
        worst,
        turning,
        swing,
        last,
    }
}

/// How far a step moved its mover's own standing against the best other (from `before`
/// to `after`), and the one who lost most by it (`other` when nobody lost anything).
fn step_swing(before: &[i32], after: &[i32], mover: Seat, other: Seat) -> (i32, Seat) {
    let gap = |sc: &[i32]| {
        let best = (0..sc.len())
            .filter(|&s| s != mover.index())
            .map(|s| sc[s])
            .max()
            .unwrap_or(0);
        sc[mover.index()] - best
    };
    let delta = gap(after) - gap(before);
    let victim = (0..after.len())
        .filter(|&s| s != mover.index())
        .max_by_key(|&s| before[s] - after[s])
        .map_or(other, |s| Seat(s as u8));
    (delta, victim)
}

impl Narrator<'_> {
    /// The moments of the lead, read from the scores the log keeps after every step: the
    /// turning point, the biggest swing, a comeback, a close finish or a rout.
    pub(super) fn lead_moments(&mut self, game: &GameLog) -> Vec<Spotted> {
        let mut out = Vec::new();
        let [w] = game.winners.as_slice() else {
            return out;
        };
        let w_seat = game.seat_of(*w);
        let who = |s: Seat| person(game.entrant_at(s));
        let c = course(game, w_seat);
        if let Some((i, other)) = c.turning.filter(|_| c.worst.0 < 0) {
            out.push(Spotted {
                key: Moment::TurningPoint,
                weight: 66,
                step: i,
                seat: Some(w_seat),
                vars: vec![
                    ("mover", who(w_seat)),
                    ("loser", who(other)),
                    ("number", text(game.number.to_string())),
                ],
            });
        }
        // A comeback is from behind to ahead: the winner went in front after their lowest
        // point (a game won by a resignation, or by a town taken, while still behind on
        // the count is no comeback).
        let overtook = c.turning.is_some_and(|(i, _)| i > c.worst.1);
        if c.worst.0 < 0 && -c.worst.0 * 5 >= c.scale && overtook {
            // The rival is whoever led the winner at their lowest point.
            let mut vars = vec![
                ("winner", who(w_seat)),
                ("loser", who(c.worst.2)),
                ("count", text((-c.worst.0).to_string())),
            ];
            // The rival's own lead is over the best of the rest of the table, the winner
            // or not: at its largest, when they had one.
            let best = largest_lead(game, c.worst.2);
            if best > 0 {
                vars.push(("lead", text(best.to_string())));
            }
            out.push(Spotted {
                key: Moment::Comeback,
                weight: 72,
                step: c.worst.1,
                seat: Some(w_seat),
                vars,
            });
        }
        if let Some((delta, i, mover, victim)) = c.swing.filter(|s| s.0 >= 2 && s.0 * 6 >= c.scale)
        {
            out.push(Spotted {
                key: Moment::Swing,
                weight: 58 + delta.unsigned_abs().min(20),
                step: i,
                seat: Some(mover),
                vars: vec![
                    ("mover", who(mover)),
                    ("victim", who(victim)),
                    ("count", text(delta.to_string())),
                ],
            });
        }
        out.extend(margin(game, w_seat, &c));
        out
    }
}

/// The margin at the end: a close finish, or a rout by one who never trailed.
fn margin(game: &GameLog, w_seat: Seat, c: &Course) -> Option<Spotted> {
    let (final_lead, runner_up) = c.last;
    let winner_score = game.scores[w_seat.index()];
    let key = if final_lead > 0 && final_lead * 6 <= winner_score.max(1) {
        Moment::CloseFinish
    } else if final_lead >= 3 && final_lead * 2 >= winner_score && c.worst.0 >= 0 {
        Moment::Rout
    } else {
        return None;
    };
    let who = |s: Seat| person(game.entrant_at(s));
    Some(Spotted {
        key,
        weight: 57,
        step: game.steps.len(),
        seat: Some(w_seat),
        vars: vec![
            ("winner", who(w_seat)),
            ("loser", who(runner_up)),
            ("count", text(final_lead.to_string())),
            ("scores", game_scores(game)),
        ],
    })
}
