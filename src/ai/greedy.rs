//! The one-ply player: tries every move and keeps the one whose resulting position the
//! game's own heuristic likes best (a win outright beats everything).

use super::{Player, TableRng};
use crate::games::{Game, Seat, Turn};

/// Looks one move ahead with the game's heuristic; ties are broken at random.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// The value of a position for `me`: the result when over, else the heuristic.
#[must_use]
pub fn one_ply_value<G: Game>(pos: &G, me: Seat) -> f32 {
    match pos.turn() {
        Turn::Over => pos.outcome().map_or(0.0, |o| {
            // A sole win is worth 2, a loss -2, shares and draws in between.
            (o.reward(me, pos.players()) as f32 * 4.0) - 2.0
        }),
        _ => pos.heuristic(me),
    }
}

/// Plays each legal move of the seat to move in `pos` and keeps the one whose resulting
/// position `value` rates highest for that seat; equal ratings are broken at random.
///
/// # Panics
/// At a chance node, or when the seat to move has no legal move.
pub fn best_by_value<G: Game>(
    pos: &G,
    rng: &mut TableRng,
    mut value: impl FnMut(&G, Seat) -> f32,
) -> G::Move {
    let Turn::Seat(me) = pos.turn() else {
        unreachable!("asked to move at a chance node")
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = Vec::new();
    let mut best_value = f32::NEG_INFINITY;
    for &mv in &moves {
        let mut next = pos.clone();
        next.play_unchecked(mv, &mut ());
        let v = value(&next, me);
        if v > best_value + 1e-6 {
            best_value = v;
            best.clear();
            best.push(mv);
        } else if (v - best_value).abs() <= 1e-6 {
            best.push(mv);
        }
    }
    best[rand::RngExt::random_range(rng, 0..best.len())]
}

impl<G: Game> Player<G> for Greedy {
    fn choose(&mut self, pos: &G, rng: &mut TableRng) -> G::Move {
        best_by_value(pos, rng, one_ply_value)
    }
}
