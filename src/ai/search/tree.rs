//! The search tree's storage: nodes and edges in two arenas that are cleared, not freed,
//! between decisions, and the values a finished or proven node carries.

use super::Judge;
use crate::games::{Chance, Game, Seat, Turn};

/// Marks an edge whose child has not been made yet.
pub(super) const NONE: u32 = u32::MAX;

/// The most seats a game may have.
pub const MAX_SEATS: usize = 5;

/// Each seat's share of a result, in `0..=1` (see [`crate::games::Outcome::reward`]).
pub type Rewards = [f32; MAX_SEATS];

/// A position in the tree.
pub(super) struct Node<G: Game> {
    /// The position itself.
    pub pos: G,
    /// Whose turn it is there (cached).
    pub turn: Turn,
    /// Whether its edges have been made (a leaf gets them when first passed through).
    pub expanded: bool,
    /// The first of this node's edges in the edge arena.
    pub first: u32,
    /// How many edges it has.
    pub len: u32,
    /// Iterations that passed through this node (and so through one of its edges).
    pub visits: u32,
    /// Whether `value` is the node's exact value (the game is over there, or proven).
    pub solved: bool,
    /// The exact value, when `solved`.
    pub value: Rewards,
}

/// A move (or chance outcome) out of a node, with its statistics.
pub(super) struct Edge<M> {
    /// The move.
    pub mv: M,
    /// The chance of the outcome at a chance node; 1 for a seat's move.
    pub prob: f32,
    /// The node it leads to, or [`NONE`].
    pub child: u32,
    /// Iterations that took this edge.
    pub visits: u32,
    /// The sum of the mover's rewards over those iterations.
    pub total: f32,
    /// The sum of their squares (for the spread of results).
    pub total_sq: f32,
    /// `total / visits`, kept up to date so that choosing among many edges divides nothing.
    pub mean: f32,
    /// `1 / sqrt(visits)`, likewise (UCT's exploration term is `c * sqrt(ln N) * this`).
    pub inv_sqrt: f32,
    /// The mover's exact share once the child is finished or proven; NaN before.
    pub proven: f32,
}

impl<M> Edge<M> {
    pub fn new(mv: M, prob: f32) -> Self {
        Edge {
            mv,
            prob,
            child: NONE,
            visits: 0,
            total: 0.0,
            total_sq: 0.0,
            mean: 0.0,
            inv_sqrt: 0.0,
            proven: f32::NAN,
        }
    }

    /// Counts one more iteration through this edge that returned `reward` to its mover.
    pub fn record(&mut self, reward: f32) {
        self.visits += 1;
        self.total += reward;
        self.total_sq += reward * reward;
        self.refresh();
    }

    /// Counts `weight` iterations that all returned `reward` (a prior opinion).
    pub fn assume(&mut self, weight: u32, reward: f32) {
        let w = weight as f32;
        self.visits = weight;
        self.total = w * reward;
        self.total_sq = w * reward * reward;
        self.refresh();
    }

    /// Brings `mean` and `inv_sqrt` up to date with the sums.
    fn refresh(&mut self) {
        let n = self.visits as f32;
        self.mean = self.total / n;
        self.inv_sqrt = n.sqrt().recip();
    }
}

/// The nodes and edges of one decision's tree.
pub(super) struct Tree<G: Game> {
    pub nodes: Vec<Node<G>>,
    pub edges: Vec<Edge<G::Move>>,
    moves: Vec<G::Move>,
    outcomes: Vec<(G::Move, Chance)>,
    /// What every seat loses by a draw (see [`super::Config::contempt`]).
    pub contempt: f32,
}

impl<G: Game> Default for Tree<G> {
    fn default() -> Self {
        Tree {
            nodes: Vec::new(),
            edges: Vec::new(),
            moves: Vec::new(),
            outcomes: Vec::new(),
            contempt: 0.0,
        }
    }
}

impl<G: Game> Tree<G> {
    /// Empties the tree, keeping its storage.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
    }

    /// Adds a node for `pos`, without edges yet.
    pub fn push(&mut self, pos: G) -> u32 {
        let turn = pos.turn();
        let (solved, value) = match turn {
            Turn::Over => (true, outcome_rewards(&pos, self.contempt)),
            _ => (false, [0.0; MAX_SEATS]),
        };
        self.nodes.push(Node {
            pos,
            turn,
            expanded: false,
            first: 0,
            len: 0,
            visits: 0,
            solved,
            value,
        });
        self.nodes.len() as u32 - 1
    }

    /// Gives node `n` one edge per legal move or chance outcome.
    pub fn expand(&mut self, n: u32) {
        let node = &self.nodes[n as usize];
        let first = self.edges.len() as u32;
        match node.turn {
            Turn::Seat(_) => {
                self.moves.clear();
                node.pos.legal_moves(&mut self.moves);
                self.edges
                    .extend(self.moves.iter().map(|&mv| Edge::new(mv, 1.0)));
            }
            Turn::Chance => {
                self.outcomes.clear();
                node.pos.chance_outcomes(&mut self.outcomes);
                self.edges.extend(
                    self.outcomes
                        .iter()
                        .map(|&(mv, c)| Edge::new(mv, c.as_f64() as f32)),
                );
            }
            Turn::Over => {}
        }
        let node = &mut self.nodes[n as usize];
        node.expanded = true;
        node.first = first;
        node.len = self.edges.len() as u32 - first;
    }

    /// The edges of node `n`, as a range of the edge arena.
    pub fn range(&self, n: u32) -> std::ops::Range<usize> {
        let node = &self.nodes[n as usize];
        node.first as usize..(node.first + node.len) as usize
    }

    /// The exact value of the edge's child, when it is known.
    pub fn exact(&self, e: usize) -> Option<&Rewards> {
        let child = self.edges[e].child;
        (child != NONE && self.nodes[child as usize].solved)
            .then(|| &self.nodes[child as usize].value)
    }

    /// Marks `n` solved when its children decide it: a seat node with a child that gives
    /// the mover the best result there is, or any node whose children are all solved (the
    /// mover's best of them; the expectation at a chance node). Returns whether it is.
    pub fn try_solve(&mut self, n: u32) -> bool {
        let node = &self.nodes[n as usize];
        if node.solved {
            return true;
        }
        let range = self.range(n);
        if range.is_empty() {
            return false;
        }
        let value = match node.turn {
            Turn::Over => return true,
            Turn::Seat(s) => {
                let mut best: Option<&Rewards> = None;
                let mut all = true;
                for e in range {
                    if self.edges[e].proven.is_nan() {
                        all = false;
                        continue;
                    }
                    let Some(v) = self.exact(e) else {
                        all = false;
                        continue;
                    };
                    if v[s.index()] >= 1.0 - 1e-6 {
                        best = Some(v);
                        all = true;
                        break;
                    }
                    if best.is_none_or(|b| v[s.index()] > b[s.index()]) {
                        best = Some(v);
                    }
                }
                match best {
                    Some(v) if all => *v,
                    _ => return false,
                }
            }
            Turn::Chance => {
                let mut sum = [0.0; MAX_SEATS];
                for e in range {
                    let Some(v) = self.exact(e) else {
                        return false;
                    };
                    let p = self.edges[e].prob;
                    for (s, r) in sum.iter_mut().zip(v) {
                        *s += p * r;
                    }
                }
                sum
            }
        };
        let node = &mut self.nodes[n as usize];
        node.solved = true;
        node.value = value;
        true
    }
}

/// The rewards of a finished game; a draw is worth `contempt` less to every seat.
pub(super) fn outcome_rewards<G: Game>(pos: &G, contempt: f32) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    if let Some(outcome) = pos.outcome() {
        let players = pos.players();
        let malus = if outcome.is_draw() { contempt } else { 0.0 };
        for (i, slot) in r.iter_mut().enumerate().take(players) {
            *slot = outcome.reward(Seat(i as u8), players) as f32 - malus;
        }
    }
    r
}

/// The game's heuristic turned into shares of the result: a softmax of `sharpness` times
/// each seat's heuristic, so that a position judged level gives every seat an equal share.
///
/// Where a rule will draw the game after so many plies without progress
/// ([`crate::games::Evaluate::moves_to_draw`]), the judgement leans towards that draw (worth `contempt` less
/// than a fair share to each seat) as it nears (see [`Judge::draw_horizon`]). A player with
/// contempt for draws then sees progress (a capture, which puts the draw far off again) as
/// worth something in itself, before the draw is within reach of its search.
pub(super) fn heuristic_rewards<G: Game>(pos: &G, judge: &Judge) -> Rewards {
    let players = pos.players().min(MAX_SEATS);
    let mut r = [0.0; MAX_SEATS];
    pos.heuristics(&mut r[..players]);
    let mut sum = 0.0;
    for slot in r.iter_mut().take(players) {
        *slot = (judge.sharpness * slot.clamp(-1.0, 1.0)).exp();
        sum += *slot;
    }
    let pressure = match pos.moves_to_draw() {
        Some(left) if judge.draw_horizon > 0.0 => (-(left as f32) / judge.draw_horizon).exp(),
        _ => 0.0,
    };
    let draw = 1.0 / players as f32 - judge.contempt;
    for slot in r.iter_mut().take(players) {
        *slot = *slot / sum * (1.0 - pressure) + draw * pressure;
    }
    r
}
