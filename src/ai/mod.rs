//! Players: who chooses a seat's moves. The rules stay in the game; a player only asks the
//! [`Game`] trait for legal moves, outcomes and a heuristic.
//!
//! A player gets the table's one seeded generator for every decision, so a seed replays
//! every choice; players never keep a generator of their own.

mod greedy;
pub mod levels;
mod random;
pub mod search;
mod skill;
mod skilled;
pub mod style;
#[cfg(test)]
mod tests;

pub use greedy::{Greedy, best_by_value, one_ply_value};
pub use levels::Profile;
pub use random::RandomPlayer;
pub use skill::{BadSkill, Skill, Temperament, UnknownTemperament};
pub use skilled::{BaselinePlayer, SkilledPlayer};

// The seeded generator and the chance sampler live below the players (in `seed` and
// `games`); they are named here too, where the table and the tools have always found them.
pub use crate::games::sample_chance;
pub use crate::seed::{TableRng, table_rng};

use crate::games::Game;

/// Chooses moves for whichever seat it is asked about.
pub trait Player<G: Game>: Send {
    /// Picks one of the legal moves of the seat to move in `pos` (which is not over and
    /// not a chance node).
    fn choose(&mut self, pos: &G, rng: &mut TableRng) -> G::Move;

    /// Told that a new game (or round) begins, before its first move: a player that
    /// plays its openings its own way counts its moves from here.
    fn new_game(&mut self) {}

    /// Told, after [`Player::new_game`], which entrant sits at each seat of the game (a
    /// player with a plan finds the one it throws to here).
    fn seated(&mut self, _who: &[usize]) {}

    /// Whether the player's own temptation may try a cheat now (a thrower never does).
    fn cheats(&self) -> bool {
        true
    }
}

/// The player a character of this skill and temperament gets: the search, with the
/// level's budget and errors and the temperament's style; the plain baseline for
/// [`Skill::Baseline`] (which has no temperament).
#[must_use]
pub fn player_for<G: Game>(skill: Skill, temperament: Temperament) -> Box<dyn Player<G>> {
    match skill {
        Skill::Baseline => Box::new(BaselinePlayer::<G>::default()),
        Skill::Level(_) => Box::new(SkilledPlayer::<G>::new(skill, temperament)),
    }
}

/// How hard a player thinks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Effort {
    /// In earnest: the level's whole budget (every match that is played).
    #[default]
    Full,
    /// As a bookie imagines the match: the same level and errors with a sixteenth of the
    /// search budget, no two-ply foresight and a steady temperament, so hundreds of
    /// matches price a bet in seconds. Levels keep their order; the gaps between them
    /// narrow.
    Quick,
}

/// [`player_for`], thinking as hard as `effort` says.
#[must_use]
pub fn player_for_effort<G: Game>(
    skill: Skill,
    temperament: Temperament,
    effort: Effort,
) -> Box<dyn Player<G>> {
    match effort {
        Effort::Full => player_for(skill, temperament),
        Effort::Quick => {
            let mut profile = skill.profile_for::<G>();
            profile.search.iterations = (profile.search.iterations / 16).max(2);
            profile.foresight = 0;
            // Temperament changes style rather than strength, and reading every move for
            // it costs more than the whole quick search: the bookie imagines them steady.
            let _ = temperament;
            Box::new(SkilledPlayer::<G>::with_profile(
                profile,
                Temperament::Steady.leaning(),
            ))
        }
    }
}
