//! A ladder: contenders (skill levels, or characters) play each other in single games,
//! seats swapped in turn, and the results become scores with intervals and ratings.
//!
//! Every game gets its own generator, seeded from the ladder's seed and the game's place
//! in the schedule, and fresh players, so games run on all cores at once (rayon) and the
//! result does not depend on how many there are. Ladder games are single games, not
//! matches: a draw is a draw and counts half to each side.

mod stats;

use rayon::prelude::*;
use serde::Serialize;

pub use stats::{ANCHOR, Pairing, elo_fit};

use super::runner::run_game;
use super::{TableError, Who};
use crate::ai::{Player, Skill, Temperament, player_for, table_rng};
use crate::games::{Game, GameKind, Seat};

/// Someone on the ladder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Contender {
    /// How the tables name them: `level 5`, `baseline`, or a character's name.
    pub name: String,
    /// Their skill at this game.
    pub skill: Skill,
    /// Their temperament at this game.
    pub temperament: Temperament,
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Schedule {
    /// Every contender against every other.
    RoundRobin,
    /// Each contender against the next one in the list only.
    Neighbours,
}

/// What a ladder is played under.
#[derive(Clone, Debug)]
pub struct LadderSettings<G: Game> {
    /// Games per pairing (seats alternate: the first-named sits first in even games).
    pub games: u32,
    /// The seed every game's seed derives from.
    pub seed: u64,
    /// Who plays whom.
    pub schedule: Schedule,
    /// The rule options.
    pub options: G::Options,
}

/// How one pairing went, from `a`'s side.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PairResult {
    /// One contender (index into the contenders).
    pub a: usize,
    /// The other.
    pub b: usize,
    /// Games played.
    pub games: u32,
    /// Games `a` won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games `b` won.
    pub losses: u32,
    /// Seat moves made in all the games (chance outcomes not counted).
    pub moves: u64,
}

impl PairResult {
    /// `a`'s score: wins plus half the draws.
    #[must_use]
    pub fn score(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// `a`'s share of the points, with its 95% Wilson interval.
    #[must_use]
    pub fn share(&self) -> (f64, f64, f64) {
        let (lo, hi) = crate::stats::wilson(self.score(), u64::from(self.games));
        (self.score() / f64::from(self.games.max(1)), lo, hi)
    }
}

/// A finished ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ladder {
    /// The game played.
    pub game: GameKind,
    /// The seed that replays it.
    pub seed: u64,
    /// Games per pairing.
    pub games_per_pairing: u32,
    /// Who played whom.
    pub schedule: Schedule,
    /// Who played.
    pub contenders: Vec<Contender>,
    /// Each pairing's results.
    pub pairs: Vec<PairResult>,
    /// Each contender's rating on the Elo scale (averaging [`ANCHOR`]).
    pub ratings: Vec<f64>,
}

impl Ladder {
    /// The result of `a` against `b`, from `a`'s side, if they played.
    #[must_use]
    pub fn result(&self, a: usize, b: usize) -> Option<PairResult> {
        self.pairs.iter().find_map(|p| {
            if (p.a, p.b) == (a, b) {
                Some(*p)
            } else if (p.a, p.b) == (b, a) {
                Some(PairResult {
                    a,
                    b,
                    wins: p.losses,
                    losses: p.wins,
                    ..*p
                })
            } else {
                None
            }
        })
    }
}

/// The pairings of a schedule over `n` contenders.
#[must_use]
pub fn pairings(n: usize, schedule: Schedule) -> Vec<(usize, usize)> {
    match schedule {
        Schedule::RoundRobin => (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect(),
        Schedule::Neighbours => (1..n).map(|b| (b - 1, b)).collect(),
    }
}

/// The seed of game `game` between contenders `a` and `b`.
#[must_use]
pub fn game_seed(seed: u64, a: usize, b: usize, game: u32) -> u64 {
    crate::seed::derive(
        seed,
        crate::seed::Purpose::LadderGame,
        &[a as u64, b as u64, u64::from(game)],
    )
}

/// Plays the ladder, calling `progress` after every game (from any thread).
///
/// # Errors
/// When the game cannot seat two, or an engine never ends a game.
pub fn run_ladder<G: Game>(
    contenders: &[Contender],
    settings: &LadderSettings<G>,
    progress: &(dyn Fn() + Sync),
) -> Result<Ladder, TableError> {
    G::start(2, &settings.options)?;
    let pairs = pairings(contenders.len(), settings.schedule);
    let jobs: Vec<(usize, u32)> = (0..pairs.len())
        .flat_map(|p| (0..settings.games).map(move |g| (p, g)))
        .collect();
    let outcomes: Vec<(usize, [f32; 2], u64)> = jobs
        .par_iter()
        .map(|&(p, g)| {
            let (a, b) = pairs[p];
            let seed = game_seed(settings.seed, a, b, g);
            let first = if g % 2 == 0 { [a, b] } else { [b, a] };
            let result = play_single::<G>(
                [&contenders[first[0]], &contenders[first[1]]],
                &settings.options,
                seed,
            );
            progress();
            result.map(|(r, moves)| {
                let ra = if g % 2 == 0 {
                    [r[0], r[1]]
                } else {
                    [r[1], r[0]]
                };
                (p, ra, moves)
            })
        })
        .collect::<Result<_, _>>()?;
    let mut results: Vec<PairResult> = pairs
        .iter()
        .map(|&(a, b)| PairResult {
            a,
            b,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            moves: 0,
        })
        .collect();
    for (p, [ra, rb], moves) in outcomes {
        let r = &mut results[p];
        r.games += 1;
        r.moves += moves;
        if ra > rb {
            r.wins += 1;
        } else if rb > ra {
            r.losses += 1;
        } else {
            r.draws += 1;
        }
    }
    let fit: Vec<Pairing> = results
        .iter()
        .map(|r| Pairing {
            a: r.a,
            b: r.b,
            games: r.games,
            score: r.score(),
        })
        .collect();
    Ok(Ladder {
        game: G::KIND,
        seed: settings.seed,
        games_per_pairing: settings.games,
        schedule: settings.schedule,
        ratings: elo_fit(contenders.len(), &fit),
        contenders: contenders.to_vec(),
        pairs: results,
    })
}

/// Plays one game between two contenders (seat 0 first) from a fresh table with its own
/// seed; returns each seat's share of the result and the seat moves made.
///
/// # Errors
/// When the game cannot seat two, or the engine never ends it.
pub fn play_single<G: Game>(
    seats: [&Contender; 2],
    options: &G::Options,
    seed: u64,
) -> Result<([f32; 2], u64), TableError> {
    let mut players: Vec<Box<dyn Player<G>>> = seats
        .iter()
        .map(|c| player_for::<G>(c.skill, c.temperament))
        .collect();
    let mut pos = G::start(2, options)?;
    let mut rng = table_rng(seed);
    let mut moves = 0u64;
    let outcome = run_game(
        &mut pos,
        &mut players,
        &[Who(0), Who(1)],
        &mut rng,
        1,
        &mut |seat, _, (), _: &G| moves += u64::from(seat.is_some()),
    )?;
    let share = |s: u8| outcome.reward(Seat(s), 2) as f32;
    Ok(([share(0), share(1)], moves))
}

#[cfg(test)]
mod tests;
