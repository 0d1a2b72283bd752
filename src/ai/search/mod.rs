//! One Monte Carlo tree search for every game, through the [`Game`] trait alone.
//!
//! * **Seats** choose by UCT, each maximising its own share of the result (max^n), so the
//!   same code serves two to five players. Every move of a node is tried once (in a random
//!   order) before any is tried again.
//! * **Chance nodes** are not chosen but followed in proportion to their exact
//!   probabilities: the outcome furthest behind its share of the visits is taken, which
//!   samples the throws without adding noise of its own.
//! * **Leaves** are judged by a random playout to the end, or by a few random plies and
//!   then the game's heuristic (see [`Leaf`]).
//! * **Proven values** travel up: a node whose mover has a move to a certain sole win, or
//!   whose children are all finished or proven, is itself proven (MCTS-Solver, generalised
//!   to max^n with chance), so a short win is never missed and a sure loss never chosen
//!   when something else exists.
//!
//! The search is single-threaded and draws all its randomness from the generator it is
//! handed, so a seed replays it; the tree lives in arenas that are cleared, not freed,
//! between decisions.

#[cfg(test)]
mod tests;
mod tree;

use crate::ai::{TableRng, sample_chance};
use crate::games::{Chance, Game, Turn};

pub use tree::{MAX_SEATS, Rewards};
use tree::{NONE, Tree, heuristic_rewards, outcome_rewards};

/// How a new leaf is judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Leaf {
    /// Random moves to the end of the game.
    Rollout,
    /// Up to `plies` random moves (chance sampled by its odds), then the heuristic, made
    /// into shares of the result by a softmax of `sharpness` times each seat's heuristic.
    Evaluate {
        /// Random plies before judging.
        plies: u16,
        /// How strongly a heuristic lead counts as a likely win.
        sharpness: f32,
    },
}

/// What one search may spend and how it explores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Iterations (playouts) per decision.
    pub iterations: u32,
    /// The UCT exploration constant.
    pub exploration: f32,
    /// How leaves are judged.
    pub leaf: Leaf,
    /// Stop early once no other root move could overtake the most visited one with this
    /// share of the iterations left: 1 stops only when that is certain (which changes
    /// nothing for a player who takes the most visited move); less stops sooner, since
    /// UCT seldom gives the runner-up every iteration left. `None` never stops early.
    pub stop_early: Option<f32>,
    /// Prove wins and losses and pass them up the tree (off for the plain baseline).
    pub solver: bool,
    /// How much less than its fair share a draw is worth to every seat: a player with
    /// contempt for draws plays on for a result.
    pub contempt: f32,
    /// Where a rule draws a game after so many plies without progress
    /// ([`crate::games::Evaluate::moves_to_draw`]), how soon the prospect of that draw weighs on a judged
    /// position, in plies (see [`Judge::draw_horizon`]); 0 never.
    pub draw_horizon: f32,
}

impl Config {
    /// How strongly a heuristic lead counts as a likely win in this search's judgements.
    #[must_use]
    pub fn sharpness(&self) -> f32 {
        match self.leaf {
            Leaf::Rollout => ROLLOUT_SHARPNESS,
            Leaf::Evaluate { sharpness, .. } => sharpness,
        }
    }

    /// How this search judges a position it does not search further.
    #[must_use]
    pub fn judge(&self) -> Judge {
        Judge {
            sharpness: self.sharpness(),
            contempt: self.contempt,
            draw_horizon: self.draw_horizon,
        }
    }
}

/// How a position is judged without search: the game's heuristic made into shares of the
/// result, a draw worth less than a fair share, and the draw for want of progress
/// weighing as it nears.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judge {
    /// How strongly a heuristic lead counts as a likely win.
    pub sharpness: f32,
    /// How much less than a fair share a draw is worth to every seat.
    pub contempt: f32,
    /// Plies: where a rule will draw the game after so many plies without progress
    /// ([`crate::games::Evaluate::moves_to_draw`]), a position `left` plies from that draw is judged as
    /// that draw with weight `exp(-left / draw_horizon)` (the chance that a quiet game
    /// stays quiet that long, were progress made every `draw_horizon` plies on average)
    /// and as the heuristic has it with the rest. 0: the draw weighs nothing until it
    /// comes.
    pub draw_horizon: f32,
}

/// The sharpness a rollout uses when a game outlasts it (never, with the games' caps).
const ROLLOUT_SHARPNESS: f32 = 4.0;

/// Visit counts whose logarithm [`ln_visits`] looks up rather than computes.
const LN_TABLE: usize = 8192;

/// The natural logarithm of every visit count below [`LN_TABLE`]: UCT takes one at every
/// node it passes, and `ln` was a fifth of a search's time.
static LN: std::sync::LazyLock<Box<[f32]>> =
    std::sync::LazyLock::new(|| (0..LN_TABLE).map(|n| (n as f32).ln()).collect());

/// `ln(visits)`, from the table where it can.
fn ln_visits(visits: usize) -> f32 {
    LN.get(visits)
        .copied()
        .unwrap_or_else(|| (visits as f32).ln())
}

/// What the search found out about one move at the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Iterations that tried it.
    pub visits: u32,
    /// The mover's mean share of the result after it (the exact one when `exact`).
    pub value: f32,
    /// The spread (standard deviation) of those results: how much it is a gamble.
    pub spread: f32,
    /// Whether `value` is proven rather than estimated.
    pub exact: bool,
}

/// A position's value without search: the result when it is over, else as `judge` has it.
#[must_use]
pub fn static_rewards<G: Game>(pos: &G, judge: &Judge) -> Rewards {
    match pos.turn() {
        Turn::Over => outcome_rewards(pos, judge.contempt),
        _ => heuristic_rewards(pos, judge),
    }
}

/// A reusable search: keep one per player and call [`Search::run`] for each decision.
pub struct Search<G: Game> {
    config: Config,
    tree: Tree<G>,
    path: Vec<(u32, usize)>,
    moves: Vec<G::Move>,
    outcomes: Vec<(G::Move, Chance)>,
    root: Vec<RootMove<G::Move>>,
    iterations_run: u32,
}

impl<G: Game> Search<G> {
    /// A search with these settings.
    #[must_use]
    pub fn new(config: Config) -> Self {
        Search {
            config,
            tree: Tree::default(),
            path: Vec::new(),
            moves: Vec::new(),
            outcomes: Vec::new(),
            root: Vec::new(),
            iterations_run: 0,
        }
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// How many iterations the last [`Search::run`] made.
    #[must_use]
    pub fn iterations_run(&self) -> u32 {
        self.iterations_run
    }

    /// Searches `pos` (a seat to move) and returns what it learned of each legal move, in
    /// the order of [`crate::games::Rules::legal_moves`].
    pub fn run(&mut self, pos: &G, rng: &mut TableRng) -> &[RootMove<G::Move>] {
        self.run_guided(pos, rng, &[], 0)
    }

    /// Like [`Search::run`], with a prior opinion of each root move (the mover's expected
    /// share, in legal-move order) counted as `weight` playouts that already returned it:
    /// the search starts from those moves that look best and overrules the opinion as its
    /// own evidence grows.
    pub fn run_guided(
        &mut self,
        pos: &G,
        rng: &mut TableRng,
        priors: &[f32],
        weight: u32,
    ) -> &[RootMove<G::Move>] {
        debug_assert!(
            matches!(pos.turn(), Turn::Seat(_)),
            "search from a seat's turn"
        );
        self.tree.clear();
        self.tree.contempt = self.config.contempt;
        self.tree.push(pos.clone());
        self.tree.expand(0);
        let range = self.tree.range(0);
        if weight > 0 && priors.len() == range.len() {
            for (edge, &p) in self.tree.edges[range.clone()].iter_mut().zip(priors) {
                edge.assume(weight, p);
            }
            self.tree.nodes[0].visits = weight * range.len() as u32;
        }
        self.iterations_run = 0;
        let budget = self.config.iterations;
        let single = self.tree.nodes[0].len <= 1;
        while self.iterations_run < budget && !single {
            self.iterate(rng);
            self.iterations_run += 1;
            if self.config.solver && self.tree.nodes[0].solved {
                break;
            }
            if let Some(share) = self.config.stop_early
                && self.iterations_run.is_multiple_of(32)
                && self.decided(((budget - self.iterations_run) as f32 * share) as u32)
            {
                break;
            }
        }
        self.collect_root(pos);
        &self.root
    }

    /// Whether the most visited root move can no longer be overtaken in `left` iterations.
    fn decided(&self, left: u32) -> bool {
        let (mut first, mut second) = (0, 0);
        for e in self.tree.range(0) {
            let v = self.tree.edges[e].visits;
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        first - second > left
    }

    /// The root's statistics in legal-move order (the tree shuffles its edges).
    fn collect_root(&mut self, pos: &G) {
        let Turn::Seat(me) = pos.turn() else {
            self.root.clear();
            return;
        };
        let me = me.index();
        self.moves.clear();
        pos.legal_moves(&mut self.moves);
        self.root.clear();
        let range = self.tree.range(0);
        for &mv in &self.moves {
            let e = range
                .clone()
                .find(|&e| self.tree.edges[e].mv == mv)
                .expect("every legal move has an edge");
            let edge = &self.tree.edges[e];
            let stats = match self.tree.exact(e) {
                Some(v) => (v[me], 0.0, true),
                None if edge.visits == 0 => (0.0, 0.0, false),
                None => {
                    let n = edge.visits as f32;
                    let mean = edge.total / n;
                    let var = (edge.total_sq / n - mean * mean).max(0.0);
                    (mean, var.sqrt(), false)
                }
            };
            self.root.push(RootMove {
                mv,
                visits: edge.visits,
                value: stats.0,
                spread: stats.1,
                exact: stats.2,
            });
        }
    }

    /// One iteration: down the tree, make one leaf, judge it, and back the result up.
    fn iterate(&mut self, rng: &mut TableRng) {
        self.path.clear();
        let mut n = 0u32;
        let mut proven = false;
        let value = loop {
            let node = &self.tree.nodes[n as usize];
            if node.solved {
                proven = true;
                break node.value;
            }
            if !node.expanded {
                self.tree.expand(n);
            }
            let node = &self.tree.nodes[n as usize];
            let e = match node.turn {
                Turn::Seat(_) if node.len > 0 => self.select_seat(n, rng),
                Turn::Chance if node.len > 0 => self.select_chance(n),
                // A seat with no move in an unfinished game breaks the contract; judge it.
                _ => break self.judge(n, rng),
            };
            self.path.push((n, e));
            let child = self.tree.edges[e].child;
            if child == NONE {
                let mut next = self.tree.nodes[n as usize].pos.clone();
                next.play_unchecked(self.tree.edges[e].mv, &mut ());
                let c = self.tree.push(next);
                self.tree.edges[e].child = c;
                if self.tree.nodes[c as usize].solved {
                    proven = true;
                    break self.tree.nodes[c as usize].value;
                }
                break self.judge(c, rng);
            }
            n = child;
        };
        for &(n, e) in self.path.iter().rev() {
            let node = &mut self.tree.nodes[n as usize];
            node.visits += 1;
            let edge = &mut self.tree.edges[e];
            match node.turn {
                Turn::Seat(s) => edge.record(value[s.index()]),
                Turn::Chance | Turn::Over => edge.visits += 1,
            }
        }
        if proven && self.config.solver {
            for &(n, e) in self.path.iter().rev() {
                let child = &self.tree.nodes[self.tree.edges[e].child as usize];
                if !child.solved {
                    break;
                }
                if let Turn::Seat(s) = self.tree.nodes[n as usize].turn {
                    self.tree.edges[e].proven = child.value[s.index()];
                }
                if !self.tree.try_solve(n) {
                    break;
                }
            }
        }
    }

    /// UCT at a seat's node, untried moves first (in a random order).
    fn select_seat(&mut self, n: u32, rng: &mut TableRng) -> usize {
        let node = &self.tree.nodes[n as usize];
        let (first, len, visits) = (node.first as usize, node.len as usize, node.visits as usize);
        if visits < len {
            // Edges `first..first + visits` are the tried ones; swap a random untried one
            // into the next place.
            let pick = rand::RngExt::random_range(rng, first + visits..first + len);
            self.tree.edges.swap(first + visits, pick);
            return first + visits;
        }
        let explore = self.config.exploration * ln_visits(visits).sqrt();
        let solver = self.config.solver;
        let mut best = first;
        let mut best_score = f32::NEG_INFINITY;
        for e in first..first + len {
            let edge = &self.tree.edges[e];
            let score = if solver && !edge.proven.is_nan() {
                edge.proven
            } else {
                edge.mean + explore * edge.inv_sqrt
            };
            if score > best_score {
                best_score = score;
                best = e;
            }
        }
        best
    }

    /// At a chance node: the outcome furthest behind its share of the visits.
    fn select_chance(&self, n: u32) -> usize {
        let visits = self.tree.nodes[n as usize].visits as f32 + 1.0;
        let mut best = 0;
        let mut best_gap = f32::NEG_INFINITY;
        for e in self.tree.range(n) {
            let edge = &self.tree.edges[e];
            let gap = edge.prob * visits - edge.visits as f32;
            if gap > best_gap {
                best_gap = gap;
                best = e;
            }
        }
        best
    }

    /// Judges a new leaf as the configuration says.
    fn judge(&mut self, n: u32, rng: &mut TableRng) -> Rewards {
        let judge = self.config.judge();
        let max_plies = match self.config.leaf {
            Leaf::Rollout => u32::MAX,
            Leaf::Evaluate { plies, .. } => u32::from(plies),
        };
        let start = &self.tree.nodes[n as usize].pos;
        if max_plies == 0 {
            return heuristic_rewards(start, &judge);
        }
        let mut pos = start.clone();
        let mut plies = 0;
        loop {
            let mv = match pos.turn() {
                Turn::Over => return outcome_rewards(&pos, self.tree.contempt),
                _ if plies >= max_plies => {
                    return heuristic_rewards(&pos, &judge);
                }
                Turn::Chance => sample_chance(&pos, rng, &mut self.outcomes),
                Turn::Seat(_) => {
                    self.moves.clear();
                    pos.legal_moves(&mut self.moves);
                    if self.moves.is_empty() {
                        return heuristic_rewards(&pos, &judge);
                    }
                    self.moves[rand::RngExt::random_range(rng, 0..self.moves.len())]
                }
            };
            pos.play_unchecked(mv, &mut ());
            plies += 1;
        }
    }
}
