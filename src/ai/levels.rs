//! What each skill level means: the search budget, and how often and how badly the player
//! errs when it picks among the moves it has weighed.
//!
//! Budgets are iteration counts, never time, so a seed replays every decision on any
//! machine; level 10's budget was chosen by measurement to fit 100 ms a move on one core
//! (see `benches/ai.rs`). A player errs through a softmax over the values the search gave
//! its moves: the temperature falls with skill, so a beginner often takes a move that is a
//! little worse and now and then one that is much worse, and a master almost never does.

use super::Skill;
use super::search::{Config, Leaf};

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    /// The search each decision gets.
    pub search: Config,
    /// The softmax temperature over move values (shares of the result, `0..=1`); 0 takes
    /// the best move.
    pub temperature: f32,
    /// How many playouts' worth of trust the search gives a two-ply look at each move
    /// before it starts (0: none; the player does not look at the replies at all).
    pub foresight: u32,
}

/// Iterations, temperature and foresight by level (index 0 is level 1).
const LEVELS: [(u32, f32, u32); 10] = [
    (4, 0.3, 0),
    (8, 0.18, 0),
    (16, 0.1, 2),
    (40, 0.06, 3),
    (100, 0.04, 4),
    (200, 0.03, 5),
    (450, 0.02, 6),
    (1_000, 0.012, 8),
    (2_000, 0.006, 10),
    (4_096, 0.0, 12),
];

/// The exploration constant of the levels (their leaf values are heuristic, not 0/1).
const EXPLORATION: f32 = 0.4;
/// Random plies before the heuristic judges a leaf.
const LEAF_PLIES: u16 = 0;
/// How strongly a heuristic lead counts as a likely win.
const SHARPNESS: f32 = 6.0;
/// How much less than a fair share a draw is worth to the levels: they play on for a
/// result rather than settle for a truce (a temperament moves this either way).
const CONTEMPT: f32 = 0.1;

/// The plain reference: UCT with exploration √2, random playouts to the end, 1,000
/// iterations, the most visited move.
pub const BASELINE: Config = Config {
    iterations: 1_000,
    exploration: std::f32::consts::SQRT_2,
    leaf: Leaf::Rollout,
    stop_early: false,
    solver: false,
    contempt: 0.0,
};

impl Skill {
    /// How a player of this skill plays.
    #[must_use]
    pub fn profile(self) -> Profile {
        match self {
            Skill::Baseline => Profile {
                search: BASELINE,
                temperature: 0.0,
                foresight: 0,
            },
            Skill::Level(n) => {
                let (iterations, temperature, foresight) = LEVELS[usize::from(n.clamp(1, 10)) - 1];
                Profile {
                    search: Config {
                        iterations,
                        exploration: EXPLORATION,
                        leaf: Leaf::Evaluate {
                            plies: LEAF_PLIES,
                            sharpness: SHARPNESS,
                        },
                        stop_early: temperature == 0.0,
                        solver: true,
                        contempt: CONTEMPT,
                    },
                    temperature,
                    foresight,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_grow_and_temperatures_fall_with_skill() {
        for n in 1..10u8 {
            let (low, high) = (Skill::Level(n).profile(), Skill::Level(n + 1).profile());
            assert!(low.search.iterations < high.search.iterations, "level {n}");
            assert!(low.temperature > high.temperature, "level {n}");
        }
        assert_eq!(Skill::Baseline.profile().search.iterations, 1_000);
        assert_eq!(Skill::Baseline.profile().search.leaf, Leaf::Rollout);
    }
}
