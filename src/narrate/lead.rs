//! The moments of the lead, read from the scores the log keeps after every step.

use super::moments::game_scores;
use super::{Moment, Narrator, Spotted, person, text};
use crate::games::Seat;
use crate::table::GameLog;

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
        // The winner's lead over the best of the others, and that other, at each moment.
        let lead = |scores: &[i32]| {
            let (best, other) = (0..scores.len())
                .filter(|&s| s != w_seat.index())
                .map(|s| (scores[s], s))
                .max()
                .unwrap_or((0, 0));
            (scores[w_seat.index()] - best, Seat(other as u8))
        };
        let (first_lead, _) = lead(&game.start_scores);
        let scale = game
            .start_scores
            .iter()
            .chain(game.steps.iter().flat_map(|s| s.scores.iter()))
            .map(|v| v.abs())
            .max()
            .unwrap_or(0)
            .max(1);
        // The winner's lowest lead (most behind), the step, and who led them then.
        let (_, first_rival) = lead(&game.start_scores);
        let mut worst = (first_lead, 0usize, first_rival);
        let mut turning = None;
        let mut swing: Option<(i32, usize, Seat, Seat)> = None;
        let mut prev = game.start_scores.clone();
        let mut prev_lead = first_lead;
        for (i, step) in game.steps.iter().enumerate() {
            let (now, other) = lead(&step.scores);
            if now < worst.0 {
                worst = (now, i, other);
            }
            if prev_lead <= 0 && now > 0 {
                turning = Some((i, other));
            }
            if let Some(mover) = step.seat {
                // How far this step moved its mover's own standing against the best other.
                let gap = |sc: &[i32]| {
                    let best = (0..sc.len())
                        .filter(|&s| s != mover.index())
                        .map(|s| sc[s])
                        .max()
                        .unwrap_or(0);
                    sc[mover.index()] - best
                };
                let delta = gap(&step.scores) - gap(&prev);
                let victim = (0..step.scores.len())
                    .filter(|&s| s != mover.index())
                    .max_by_key(|&s| prev[s] - step.scores[s])
                    .map_or(other, |s| Seat(s as u8));
                if delta > swing.map_or(0, |s| s.0) {
                    swing = Some((delta, i, mover, victim));
                }
            }
            prev.clone_from(&step.scores);
            prev_lead = now;
        }
        let (final_lead, runner_up) =
            lead(game.steps.last().map_or(&game.start_scores, |s| &s.scores));
        if let Some((i, other)) = turning.filter(|_| worst.0 < 0) {
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
        if worst.0 < 0 && -worst.0 * 5 >= scale {
            out.push(Spotted {
                key: Moment::Comeback,
                weight: 72,
                step: worst.1,
                seat: Some(w_seat),
                // The rival is whoever led the winner at their lowest point.
                vars: vec![
                    ("winner", who(w_seat)),
                    ("loser", who(worst.2)),
                    ("count", text((-worst.0).to_string())),
                ],
            });
        }
        if let Some((delta, i, mover, victim)) = swing.filter(|s| s.0 >= 2 && s.0 * 6 >= scale) {
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
        let end = game.steps.len();
        let scores = game_scores(game);
        let winner_score = game.steps.last().map_or(0, |s| s.scores[w_seat.index()]);
        // The margin at the end: a close finish, or a rout by one who never trailed.
        let margin = if final_lead > 0 && final_lead * 6 <= winner_score.max(1) {
            Some(Moment::CloseFinish)
        } else if final_lead >= 3 && final_lead * 2 >= winner_score && worst.0 >= 0 {
            Some(Moment::Rout)
        } else {
            None
        };
        if let Some(key) = margin {
            out.push(Spotted {
                key,
                weight: 57,
                step: end,
                seat: Some(w_seat),
                vars: vec![
                    ("winner", who(w_seat)),
                    ("loser", who(runner_up)),
                    ("count", text(final_lead.to_string())),
                    ("scores", scores),
                ],
            });
        }
        out
    }
}
