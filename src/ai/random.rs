//! The player who knows the rules and nothing else: every legal move equally likely.

use super::{Player, TableRng};
use crate::games::Game;

/// Picks uniformly among the legal moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayer;

impl<G: Game> Player<G> for RandomPlayer {
    fn choose(&mut self, pos: &G, rng: &mut TableRng) -> G::Move {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves[rand::RngExt::random_range(rng, 0..moves.len())]
    }
}
