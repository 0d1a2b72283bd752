//! The first turn (house reading of the spec): every player throws the four sticks, the
//! most flat sides up moves first, and those tied for the most throw again.

use super::KiustEvent;
use crate::games::{Event, FirstTurn, Seat, Throws};

/// The chance of `flats` flat sides up (0 to 4) out of 16: binomial(4, 1/2).
const FLATS: [u32; 5] = [1, 4, 6, 4, 1];

/// Throws for the first turn among `players` named players, logging every throw.
pub fn first_turn(players: usize, throws: &mut dyn Throws) -> FirstTurn {
    let mut contenders: Vec<usize> = (0..players).collect();
    let mut events = Vec::new();
    let mut flats = Vec::with_capacity(players);
    while contenders.len() > 1 {
        flats.clear();
        for &player in &contenders {
            let f = throws.sticks(player).min(4);
            events.push(
                KiustEvent::FirstThrow {
                    player: Seat(player as u8),
                    flats: f,
                }
                .into(),
            );
            flats.push(f);
        }
        let best = flats.iter().copied().max().unwrap_or(0);
        let mut i = 0;
        contenders.retain(|_| {
            i += 1;
            flats[i - 1] == best
        });
    }
    let winner = contenders.first().copied().unwrap_or(0);
    events.push(Event::FirstTurn {
        winner: Seat(winner as u8),
    });
    FirstTurn { winner, events }
}

/// The exact chance of each of `players` named players winning the first turn.
///
/// For `k` contenders, every outcome of one round of throws (`5^k` of them) either leaves
/// a smaller set tied for the most flats, who play on as `m < k` contenders, or leaves all
/// `k` tied, which repeats the round: `w = direct / (1 - all_tied)`.
pub fn odds(players: usize) -> Vec<f64> {
    let mut by_size: Vec<Vec<f64>> = vec![Vec::new(), vec![1.0]];
    for k in 2..=players {
        let mut direct = vec![0.0; k];
        let mut all_tied = 0.0;
        let outcomes = 5usize.pow(k as u32);
        let mut throws = vec![0usize; k];
        for code in 0..outcomes {
            let mut c = code;
            let mut weight = 1.0;
            for t in throws.iter_mut() {
                *t = c % 5;
                c /= 5;
                weight *= f64::from(FLATS[*t]) / 16.0;
            }
            let best = throws.iter().copied().max().unwrap_or(0);
            let tied: Vec<usize> = (0..k).filter(|&i| throws[i] == best).collect();
            if tied.len() == k {
                all_tied += weight;
            } else {
                for (rank, &i) in tied.iter().enumerate() {
                    direct[i] += weight * by_size[tied.len()][rank];
                }
            }
        }
        by_size.push(direct.iter().map(|d| d / (1.0 - all_tied)).collect());
    }
    by_size.get(players).cloned().unwrap_or_default()
}
