//! What each skill level means: the search budget, how far ahead the player looks before
//! it searches, how often and how badly it errs when it picks among the moves it has
//! weighed, and how often it slips and plays without thinking.
//!
//! The shared table (Tides of War uses it as it stands; the other games start from it):
//!
//! | level | iterations | temperature | foresight | plays like |
//! | ---: | ---: | ---: | ---: | --- |
//! | 1 | 4 | 0.30 | 0 | a beginner: glances at a few moves, often picks a poor one |
//! | 2 | 8 | 0.18 | 0 | knows what a good move looks like, not what comes back |
//! | 3 | 16 | 0.10 | 2 | looks at the replies (the two-ply look) |
//! | 4 | 40 | 0.06 | 3 | |
//! | 5 | 100 | 0.04 | 4 | a fair club player |
//! | 6 | 200 | 0.03 | 5 | |
//! | 7 | 450 | 0.02 | 6 | |
//! | 8 | 1,000 | 0.012 | 8 | strong |
//! | 9 | 2,000 | 0.006 | 10 | |
//! | 10 | 4,096 | 0 | 12 | as strong as a default match in 2 s allows |
//!
//! Each game keeps its own table in its folder (`games/<game>/evaluate.rs`,
//! [`crate::games::Evaluate::LEVELS`]), with why it differs from the shared one.
//!
//! Where a bigger search stops making a stronger player (Òicustiỳtac's many turns, Piç's
//! and Kiust Oyun's dice and long games), a game's own table adds **slips**: the chance
//! that on a move the player does not think at all and plays any legal move. Slips are
//! what a beginner does most and a master never does, and unlike a budget they weaken a
//! player by the same measure in every position, so the levels stay apart. Each game's
//! table was set with `examples/tools/tune.rs` and checked with `taproom ladder` (the README
//! gives the commands and the results).
//!
//! * **Iterations** are the search's playouts per decision: counts, never time, so a seed
//!   replays every decision on any machine. Level 10's budget was set by measurement: a
//!   move well under 100 ms on one core, and a default match of two level-10 players
//!   within 2 s (see `benches/ai.rs`), which is the tighter bound.
//! * **Temperature** is that of a softmax over the values the search gave the moves: a
//!   beginner often takes a move that is a little worse and now and then one that is much
//!   worse; level 10 takes the best.
//! * **Foresight** is how many playouts' worth of trust the search gives a two-ply look at
//!   each move (our share after the reply the opponent likes best) before it starts.
//!   Without it a small search walks into one-move tactics; the weight stays low so that a
//!   stronger level still sees more than a weaker one.
//!
//! Every level has a little contempt for draws ([`CONTEMPT`]): it plays on for a result,
//! which is what makes the stronger of two players show it (Tides of War between two
//! careful players is otherwise a truce nearly every time), and feels a draw for want of
//! progress coming before its search can see it ([`DRAW_HORIZON`]): Tides of War's truce
//! after 60 plies without a capture weighs on its judgement from afar, so that two careful
//! players trade rather than shuffle into a truce without a single capture.
//!
//! In its first three moves of a game a player opens from a book of near-equal moves
//! ([`Profile::opening`]): any move within the game's margin of the best, drawn on the
//! table's generator by the temperament's taste, so that the same two players open
//! differently from seed to seed (a seed still replays every choice).

use super::Skill;
use super::search::{Config, Leaf};
use crate::games::{Game, GameKind, Levels};

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
    /// The chance that the player does not think at all and plays any legal move (a
    /// slip of attention): the beginner's blunder.
    pub slip: f32,
    /// The opening book's margin at a game's first move: how far below the best score a
    /// move may be and still be played (narrowing over the opening's first moves); 0
    /// plays no book.
    pub opening: f32,
}

/// The exploration constant of the levels (their leaf values are heuristic, not 0/1).
const EXPLORATION: f32 = 0.4;
/// Random plies before the heuristic judges a leaf.
const LEAF_PLIES: u16 = 0;
/// How strongly a heuristic lead counts as a likely win.
const SHARPNESS: f32 = 6.0;
/// How much less than a fair share a draw is worth to the levels: they play on for a
/// result rather than settle for a truce (a temperament moves this either way).
pub const CONTEMPT: f32 = 0.1;
/// How soon a draw for want of progress weighs on the levels' judgement, in plies (see
/// [`super::search::Judge::draw_horizon`]; only Tides of War's truce is such a draw).
pub const DRAW_HORIZON: f32 = 25.0;

/// The plain reference: UCT with exploration √2, random playouts to the end, 1,000
/// iterations, the most visited move.
pub const BASELINE: Config = Config {
    iterations: 1_000,
    exploration: std::f32::consts::SQRT_2,
    leaf: Leaf::Rollout,
    stop_early: None,
    solver: false,
    contempt: 0.0,
    draw_horizon: 0.0,
};

impl Skill {
    /// How a player of this skill plays `G`.
    #[must_use]
    pub fn profile_for<G: Game>(self) -> Profile {
        self.profile_at(&G::LEVELS)
    }

    /// How a player of this skill plays a game of the registry.
    #[must_use]
    pub fn profile(self, kind: GameKind) -> Profile {
        self.profile_at(&Levels::of(kind))
    }

    /// How a player of this skill plays a game whose skill levels are `levels`.
    #[must_use]
    pub fn profile_at(self, levels: &Levels) -> Profile {
        match self {
            Skill::Baseline => Profile {
                search: BASELINE,
                temperature: 0.0,
                foresight: 0,
                slip: 0.0,
                opening: 0.0,
            },
            Skill::Level(n) => {
                let l = levels.table[usize::from(n.clamp(1, 10)) - 1];
                Profile {
                    search: Config {
                        iterations: l.iterations,
                        exploration: EXPLORATION,
                        leaf: Leaf::Evaluate {
                            plies: LEAF_PLIES,
                            sharpness: SHARPNESS,
                        },
                        stop_early: (l.temperature == 0.0).then_some(levels.stop_share),
                        solver: true,
                        contempt: CONTEMPT,
                        draw_horizon: DRAW_HORIZON,
                    },
                    temperature: l.temperature,
                    foresight: l.foresight,
                    slip: l.slip,
                    opening: levels.opening_margin,
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
        for kind in GameKind::ALL {
            for n in 1..10u8 {
                let (low, high) = (
                    Skill::Level(n).profile(kind),
                    Skill::Level(n + 1).profile(kind),
                );
                assert!(
                    low.search.iterations <= high.search.iterations,
                    "{kind:?} level {n}"
                );
                assert!(low.temperature >= high.temperature, "{kind:?} level {n}");
                assert!(low.slip >= high.slip, "{kind:?} level {n}");
                assert!(
                    low.search.iterations < high.search.iterations
                        || low.temperature > high.temperature
                        || low.slip > high.slip,
                    "{kind:?}: level {} is level {n} again",
                    n + 1
                );
            }
            let base = Skill::Baseline.profile(kind);
            assert_eq!(base.search.iterations, 1_000);
            assert_eq!(base.search.leaf, Leaf::Rollout);
        }
    }

    /// The tables the games keep are the ones the module's documentation and the
    /// README's tuning notes give, read by hand from them: the top budgets of Tides of
    /// War, Piç's early stop and wide book, Òicustiỳtac's search of the level above.
    #[test]
    fn each_game_plays_the_table_its_notes_give() {
        let p = |kind, n| Skill::Level(n).profile(kind);
        let tides: Vec<u32> = (8..=10)
            .map(|n| p(GameKind::TidesOfWar, n).search.iterations)
            .collect();
        assert_eq!(tides, [700, 1_200, 2_000]);
        assert_eq!(p(GameKind::TidesOfWar, 5).search.iterations, 100);
        assert_eq!(p(GameKind::TidesOfWar, 1).slip, 0.0);
        assert_eq!(p(GameKind::TidesOfWar, 1).opening, 0.05);
        assert_eq!(p(GameKind::Pic, 10).search.stop_early, Some(0.3));
        assert_eq!(p(GameKind::Pic, 9).search.stop_early, None);
        assert_eq!(p(GameKind::Pic, 1).slip, 0.95);
        assert_eq!(p(GameKind::Pic, 1).opening, 0.15);
        assert_eq!(p(GameKind::KiustOyun, 10).search.iterations, 4_096);
        assert_eq!(p(GameKind::KiustOyun, 10).search.stop_early, Some(1.0));
        assert_eq!(p(GameKind::KiustOyun, 2).slip, 0.6);
        assert_eq!(p(GameKind::Oicustiytac, 2).search.iterations, 16);
        assert_eq!(p(GameKind::Oicustiytac, 9).slip, 0.11);
        assert_eq!(p(GameKind::Oicustiytac, 9).search.iterations, 4_096);
        assert_eq!(p(GameKind::Oicustiytac, 1).opening, 0.03);
    }
}
