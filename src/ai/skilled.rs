//! The player every character gets: the search, then a choice among the weighed moves
//! that shows the character's skill (how freely it errs) and temperament (what it likes).

use super::levels::Profile;
use super::search::{RootMove, Search};
use super::style::{Leaning, Traits, read_traits};
use super::{Player, Skill, TableRng, Temperament};
use crate::games::Game;

/// How much a move's value is doubted per `1/sqrt(visits + 1)`: a move the search barely
/// tried is not taken on the strength of one lucky playout.
const DOUBT: f32 = 0.1;

/// A player's own moves of each game that its opening book widens.
const OPENING_MOVES: u32 = 3;

/// The temperature of the opening book's draw among its near-equal moves, over each
/// move's taste (shares of the result): a temperament's bonus of 0.06 makes a move
/// about four times as likely as one without it.
const BOOK_TEMPERATURE: f32 = 0.04;

/// Searches, then picks by skill and temperament.
pub struct SkilledPlayer<G: Game> {
    search: Search<G>,
    temperature: f32,
    foresight: u32,
    slip: f32,
    opening: f32,
    leaning: Leaning,
    /// The player's decisions so far in this game.
    made: u32,
    moves: Vec<G::Move>,
    traits: Vec<Traits>,
    bonuses: Vec<f32>,
    scores: Vec<f32>,
    priors: Vec<f32>,
    book: Book,
}

impl<G: Game> SkilledPlayer<G> {
    /// A player of this skill and temperament.
    #[must_use]
    pub fn new(skill: Skill, temperament: Temperament) -> Self {
        let leaning = if skill == Skill::Baseline {
            Temperament::Steady.leaning()
        } else {
            temperament.leaning()
        };
        Self::with_profile(skill.profile_for::<G>(), leaning)
    }

    /// A player with a profile and leaning of its own (for tuning and tests).
    #[must_use]
    pub fn with_profile(profile: Profile, leaning: Leaning) -> Self {
        let mut config = profile.search;
        config.contempt += leaning.contempt;
        SkilledPlayer {
            search: Search::new(config),
            temperature: profile.temperature * leaning.whim,
            foresight: profile.foresight,
            slip: profile.slip,
            opening: profile.opening,
            leaning,
            made: 0,
            moves: Vec::new(),
            traits: Vec::new(),
            bonuses: Vec::new(),
            scores: Vec::new(),
            priors: Vec::new(),
            book: Book::default(),
        }
    }
}

impl<G: Game> Player<G> for SkilledPlayer<G> {
    fn new_game(&mut self) {
        self.made = 0;
    }

    fn choose(&mut self, pos: &G, rng: &mut TableRng) -> G::Move {
        let made = self.made;
        self.made = made.saturating_add(1);
        self.moves.clear();
        pos.legal_moves(&mut self.moves);
        if self.moves.len() == 1 {
            return self.moves[0];
        }
        // Only a level that slips draws for it, so the others' choices stay as they were.
        if self.slip > 0.0 && rand::RngExt::random::<f32>(rng) < self.slip {
            return self.moves[rand::RngExt::random_range(rng, 0..self.moves.len())];
        }
        // The book's margin narrows over the opening's moves and then closes.
        let margin =
            self.opening * OPENING_MOVES.saturating_sub(made) as f32 / OPENING_MOVES as f32;
        self.traits.clear();
        self.priors.clear();
        // The book reads how far each move advances only for a temperament with a taste
        // for it (reading the moves costs more than a quick player's whole search).
        let book_reads = margin > 0.0 && self.leaning.advance != 0.0;
        if self.foresight > 0 || self.leaning.reads_moves() || book_reads {
            let judge = self.search.config().judge();
            read_traits(pos, &self.moves, judge, &mut self.traits);
            if self.foresight > 0 {
                self.priors.extend(self.traits.iter().map(|t| t.outlook));
            }
        }
        let root = self
            .search
            .run_guided(pos, rng, &self.priors, self.foresight);
        self.leaning.bonuses(root, &self.traits, &mut self.bonuses);
        scores(root, &self.bonuses, &mut self.scores);
        let pick = if margin > 0.0 {
            self.book.choose(
                &self.scores,
                margin,
                &self.leaning,
                &self.traits,
                &self.bonuses,
                rng,
            )
        } else {
            pick(&self.scores, self.temperature, rng)
        };
        root[pick].mv
    }
}

/// Scratch space for an opening's choice.
#[derive(Default)]
struct Book {
    moves: Vec<usize>,
    tastes: Vec<f32>,
}

impl Book {
    /// An opening move: any move whose score is within `margin` of the best (the book of
    /// near-equal moves), drawn by the temperament's taste for each, so that the same
    /// players open differently from one game to the next, each in its own manner, at no
    /// cost that the search can see.
    fn choose(
        &mut self,
        scores: &[f32],
        margin: f32,
        leaning: &Leaning,
        traits: &[Traits],
        bonuses: &[f32],
        rng: &mut TableRng,
    ) -> usize {
        let best = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        self.moves.clear();
        self.moves.extend(
            scores
                .iter()
                .enumerate()
                .filter(|&(_, &s)| s >= best - margin)
                .map(|(i, _)| i),
        );
        leaning.opening_tastes(&self.moves, traits, bonuses, &mut self.tastes);
        self.moves[pick(&self.tastes, BOOK_TEMPERATURE, rng)]
    }
}

/// Each move's score: its value (the root's mean for an untried move), doubted by how
/// little it was tried, plus the temperament's bonus.
fn scores<M>(root: &[RootMove<M>], bonuses: &[f32], out: &mut Vec<f32>) {
    let (sum, visits) = root
        .iter()
        .filter(|r| !r.exact)
        .fold((0.0, 0u32), |(s, n), r| {
            (s + r.value * r.visits as f32, n + r.visits)
        });
    let mean = if visits > 0 { sum / visits as f32 } else { 0.5 };
    out.clear();
    for (r, bonus) in root.iter().zip(bonuses) {
        let value = if r.exact {
            r.value
        } else if r.visits == 0 {
            mean - DOUBT
        } else {
            r.value - DOUBT / (r.visits as f32 + 1.0).sqrt()
        };
        out.push(value + bonus);
    }
}

/// The best score at temperature 0 (the first of equals), else a softmax draw.
fn pick(scores: &[f32], temperature: f32, rng: &mut TableRng) -> usize {
    let best = scores
        .iter()
        .enumerate()
        .fold((0, f32::NEG_INFINITY), |(bi, bs), (i, &s)| {
            if s > bs { (i, s) } else { (bi, bs) }
        });
    if temperature <= 0.0 {
        return best.0;
    }
    let weights: f32 = scores
        .iter()
        .map(|&s| ((s - best.1) / temperature).exp())
        .sum();
    let mut roll = rand::RngExt::random_range(rng, 0.0..weights);
    for (i, &s) in scores.iter().enumerate() {
        roll -= ((s - best.1) / temperature).exp();
        if roll < 0.0 {
            return i;
        }
    }
    best.0
}

/// The plain baseline: the most visited move of its search.
pub struct BaselinePlayer<G: Game> {
    search: Search<G>,
}

impl<G: Game> Default for BaselinePlayer<G> {
    fn default() -> Self {
        BaselinePlayer {
            search: Search::new(Skill::Baseline.profile_for::<G>().search),
        }
    }
}

impl<G: Game> Player<G> for BaselinePlayer<G> {
    fn choose(&mut self, pos: &G, rng: &mut TableRng) -> G::Move {
        let root = self.search.run(pos, rng);
        root.iter()
            .enumerate()
            .max_by_key(|&(i, r)| (r.visits, std::cmp::Reverse(i)))
            .map(|(_, r)| r.mv)
            .expect("a seat to move has a legal move")
    }
}
