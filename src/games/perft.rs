//! Perft: counting move sequences, the engines' check against independent implementations.

use super::{Rules, Turn};

/// Counts the move sequences of exactly `depth` plies (moves and chance outcomes alike).
pub fn perft<G: Rules>(pos: &G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    perft_inner(pos, depth, &mut buffers)
}

fn perft_inner<G: Rules>(pos: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    match pos.turn() {
        Turn::Over => return 0,
        Turn::Chance => {
            let mut outs = Vec::new();
            pos.chance_outcomes(&mut outs);
            moves.extend(outs.into_iter().map(|(m, _)| m));
        }
        Turn::Seat(_) => pos.legal_moves(moves),
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let mut next = pos.clone();
        next.play_unchecked(mv, &mut ());
        total += perft_inner(&next, depth - 1, rest);
    }
    total
}
