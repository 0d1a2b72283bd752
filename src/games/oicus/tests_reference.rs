//! The listed turns checked against a slow reference that follows the spec word for word:
//! every stone by name, every action of each, every pair of two different stones, every
//! three stones of one trap; the end-of-turn position judged from scratch; equal multisets
//! of actions merged.

use std::collections::BTreeSet;

use rand::RngExt;

use super::tests::moves;
use super::*;
use crate::ai::table_rng;

/// Where one of the mover's stones is: the supply, or a trap index.
#[derive(Clone, Copy, PartialEq)]
enum Spot {
    Supply,
    Trap(usize),
}

/// Every action the stone at `spot` could make, with where it goes (`None`: home).
fn actions_of(side: u8, spot: Spot) -> Vec<(Action, Option<usize>)> {
    let own = if side == 0 { 0 } else { 10 };
    let opp = 10 - own;
    let mut out = Vec::new();
    match spot {
        Spot::Supply => {
            for t in 5..=10u8 {
                out.push((Action::whelp(t), Some(own + usize::from(t) - 1)));
            }
        }
        Spot::Trap(i) if (own..own + 10).contains(&i) => {
            let t = (i - own + 1) as u8;
            out.push((Action::vertical(t), Some(opp + usize::from(11 - t) - 1)));
            if t <= 2 {
                out.push((Action::home(t), None));
            }
        }
        Spot::Trap(i) => {
            let j = (i - opp + 1) as u8;
            for k in 1..=3u8 {
                if 11 > j + k {
                    let dest = usize::from(11 - j - k);
                    out.push((Action::diagonal(j, k), Some(own + dest - 1)));
                }
            }
        }
    }
    out
}

/// Whether moving the stones (from, to) ends the turn legally.
fn legal_end(p: &Oicus, stones: &[(Spot, Option<usize>)]) -> bool {
    let me = usize::from(p.side);
    let mut board = p.stones;
    for &(from, to) in stones {
        if let Spot::Trap(i) = from {
            board[me][i] -= 1;
        }
        if let Some(d) = to {
            board[me][d] += 1;
        }
    }
    stones.iter().all(|&(from, to)| match (from, to) {
        (_, Some(d)) => board[1 - me][d] < board[me][d] + 2,
        (Spot::Trap(i), None) => board[0][i] + board[1][i] > 0,
        (Spot::Supply, None) => false,
    })
}

fn reference(p: &Oicus) -> Vec<String> {
    let me = usize::from(p.side);
    let mut stones = vec![Spot::Supply; usize::from(p.supply[me])];
    for i in 0..TRAPS {
        stones.extend(std::iter::repeat_n(
            Spot::Trap(i),
            usize::from(p.stones[me][i]),
        ));
    }
    let mut turns = BTreeSet::new();
    for (x, &sx) in stones.iter().enumerate() {
        for (ax, tx) in actions_of(p.side, sx) {
            if legal_end(p, &[(sx, tx)]) {
                turns.insert(Move::one(ax).to_string());
            }
            for &sy in &stones[x + 1..] {
                for (ay, ty) in actions_of(p.side, sy) {
                    if legal_end(p, &[(sx, tx), (sy, ty)]) {
                        turns.insert(Move::two(ax, ay).to_string());
                    }
                }
            }
            let trio = stones.iter().filter(|&&s| s == sx).count() >= 3;
            let moves_a_trio = trio && ax.kind() != ActionKind::Home && sx != Spot::Supply;
            if moves_a_trio && legal_end(p, &[(sx, tx); 3]) {
                turns.insert(Move::triple(ax).to_string());
            }
        }
    }
    if turns.is_empty() {
        turns.insert("-".to_owned());
    }
    turns.into_iter().collect()
}

#[test]
fn a_turn_the_listed_turns_match_a_word_for_word_reference() {
    let mut rng = table_rng(99);
    let mut buf = Vec::new();
    let mut checked = 0;
    for _ in 0..12 {
        let mut p = Oicus::start(2, &Options::default()).unwrap();
        while p.outcome().is_none() {
            let mut listed = moves(&p);
            let count = listed.len();
            listed.sort();
            listed.dedup();
            assert_eq!(listed.len(), count, "a turn listed twice in {p}");
            assert_eq!(listed, reference(&p), "in {p}");
            checked += 1;
            buf.clear();
            p.legal_moves(&mut buf);
            p.play_unchecked(buf[rng.random_range(0..buf.len())], &mut ());
        }
    }
    assert!(checked > 100);
}
