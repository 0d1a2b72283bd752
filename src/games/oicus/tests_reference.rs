//! The listed turns checked against a slow reference that follows the spec word for word:
//! every stone by name, every action of each, every pair of two different stones, every
//! three stones of one trap; the end-of-turn position judged from scratch; equal multisets
//! of actions merged. The reference knows nothing of the fast generator's tables and masks;
//! it is checked on positions of random rounds and on thousands of random positions, and
//! the order of the list (singles, pairs, triples, each by their actions' canonical order)
//! is checked with it, since seeded players depend on that order.

use std::collections::HashSet;

use rand::RngExt;

use super::tests::moves;
use super::*;
use crate::games::perft;
use crate::seed::table_rng;

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

/// Where a turn stands in the canonical order of the list: single actions, then pairs,
/// then triple moves, each by their actions in the order of [`Action`].
fn canonical(mv: Move) -> (u8, Action, Action) {
    let (acts, n) = mv.actions();
    let rank = match (n, acts[0].1) {
        (2, _) => 1,
        (1, 3) => 2,
        (1, _) => 0,
        _ => 3,
    };
    (rank, acts[0].0, acts[1].0)
}

/// Every distinct legal turn (the pass when there is none), in the canonical order.
fn reference(p: &Oicus) -> Vec<String> {
    let me = usize::from(p.side);
    let mut stones = vec![Spot::Supply; usize::from(p.supply[me])];
    for i in 0..TRAPS {
        stones.extend(std::iter::repeat_n(
            Spot::Trap(i),
            usize::from(p.stones[me][i]),
        ));
    }
    // `Move::two` writes the two actions of a pair in one order, so a set merges equal turns.
    let mut turns = HashSet::new();
    for (x, &sx) in stones.iter().enumerate() {
        for (ax, tx) in actions_of(p.side, sx) {
            if legal_end(p, &[(sx, tx)]) {
                turns.insert(Move::one(ax));
            }
            for &sy in &stones[x + 1..] {
                for (ay, ty) in actions_of(p.side, sy) {
                    if legal_end(p, &[(sx, tx), (sy, ty)]) {
                        turns.insert(Move::two(ax, ay));
                    }
                }
            }
            let trio = stones.iter().filter(|&&s| s == sx).count() >= 3;
            let moves_a_trio = trio && ax.kind() != ActionKind::Home && sx != Spot::Supply;
            if moves_a_trio && legal_end(p, &[(sx, tx); 3]) {
                turns.insert(Move::triple(ax));
            }
        }
    }
    if turns.is_empty() {
        turns.insert(Move::PASS);
    }
    let mut list: Vec<Move> = turns.into_iter().collect();
    list.sort_by_key(|&mv| canonical(mv));
    list.iter().map(ToString::to_string).collect()
}

/// A random position with at most 5 stones a trap and 15 of a colour, sometimes crowded
/// into a few traps so that crowding, bring-downs and triples all come up.
pub(super) fn random_position(rng: &mut impl RngExt) -> Oicus {
    let mut stones = [[0u8; TRAPS]; 2];
    let mut supply = [0u8; 2];
    let few: Vec<usize> = (0..5).map(|_| rng.random_range(0..TRAPS)).collect();
    let crowded = rng.random_bool(0.5);
    for colour in 0..2 {
        let total = rng.random_range(0..=STONES);
        supply[colour] = rng.random_range(0..=total);
        for _ in supply[colour]..total {
            let i = if crowded {
                few[rng.random_range(0..few.len())]
            } else {
                rng.random_range(0..TRAPS)
            };
            if stones[0][i] + stones[1][i] < TRAP_LIMIT {
                stones[colour][i] += 1;
            }
        }
    }
    let pos = Oicus {
        stones,
        supply,
        points: [rng.random_range(0..TARGET), rng.random_range(0..TARGET)],
        side: rng.random_range(0..2),
        passed: false,
        turns: 0,
        options: Options::default(),
        result: None,
    };
    // Through the notation, so that only a well-formed position is checked.
    pos.to_string().parse().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_turn_the_listed_turns_match_a_word_for_word_reference() {
    let mut rng = table_rng(99);
    let mut buf = Vec::new();
    let mut checked = 0;
    for _ in 0..12 {
        let mut p = Oicus::start(2, &Options::default()).unwrap();
        while p.outcome().is_none() {
            assert_eq!(moves(&p), reference(&p), "in {p}");
            checked += 1;
            buf.clear();
            p.legal_moves(&mut buf);
            p.play_unchecked(buf[rng.random_range(0..buf.len())], &mut ());
        }
    }
    assert!(checked > 100);
}

#[test]
fn a_turn_the_listed_turns_of_random_positions_match_the_reference_in_order() {
    let mut rng = table_rng(2024);
    let (mut triples, mut most) = (0, 0);
    for _ in 0..4000 {
        let p = random_position(&mut rng);
        let listed = moves(&p);
        assert_eq!(listed, reference(&p), "in {p}");
        triples += listed.iter().filter(|m| m.starts_with('3')).count();
        most = most.max(listed.len());
    }
    assert!(triples > 1000, "triple moves come up ({triples})");
    // The fast generator gathers turns 256 at a time: longer lists come up too.
    assert!(most > 300, "the longest list has {most} turns");
}

/// Positions of random rounds (whelps left and not) and their perft counts, as the engine
/// counted them when it checked every listed turn against the reference one by one.
const MID_ROUND: [(&str, u32, u64); 8] = [
    (
        "b . b . bbbbb b b . . wwww / w ww . . . wwwww w b . b ; 0 0 ; 8 9 ; w",
        3,
        2121,
    ),
    (
        ". . bbbw b w bbbbb . . . bb / bb . . . wwwww w w www . b ; 0 0 ; 6 5 ; w",
        3,
        22885,
    ),
    (
        ". . . ww bbb bbw bbbbb bbw . . / . bw . wwwww . www . . . b ; 0 0 ; 6 3 ; w",
        3,
        32176,
    ),
    (
        ". . . bbb bwww bbbbb . . . . / ww b . . www bw www b b ww ; 0 0 ; 3 6 ; w",
        3,
        77034,
    ),
    (
        ". w b . bb bbww bb . . bb / w b w . . www www www w . ; 3 0 ; 0 6 ; b",
        2,
        6983,
    ),
    (
        ". . . . bbb . b b bb b / b . . b ww www w . bw w ; 4 7 ; 0 0 ; w",
        2,
        10007,
    ),
    (
        ". w . . b b b b b b / b . b w w wwww bw w w . ; 6 4 ; 3 0 ; w",
        2,
        25895,
    ),
    (
        ". w . bw w bbbb bbbb b . . / bb b . . . . ww wwww . ww ; 2 4 ; 0 0 ; w",
        2,
        24600,
    ),
];

#[test]
fn perft_positions_of_random_rounds_keep_their_counts() {
    for (text, depth, count) in MID_ROUND {
        let p: Oicus = text.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(perft(&p, depth), count, "perft({text}, {depth})");
    }
}
