//! Temperament as style: what each candidate move *causes*, read from the events the game
//! reports when the move is tried, and how much each temperament likes that.
//!
//! Nothing here knows a rule. A move is tried on a copy of the position with a
//! `Vec<Event>` sink, and so are the replies of the next seat to move (after every chance
//! outcome in between, weighted by its odds). From the events:
//!
//! * **attack**: what the move takes from others (captures, piç claimed, stones brought
//!   down, entering enemy ground, bringing a stone home);
//! * **exposure**: the most the next opponent can take back in one reply (the same
//!   events with the roles swapped; a reply that ends the game against us counts most);
//! * **restriction**: how much fewer replies the opponent has than after the average
//!   candidate (positive when the move hems them in).
//!
//! Together with the search's own figures for each move (its value and the spread of its
//! results), a temperament turns these into a small bonus or malus on the move's value:
//! small enough that style changes which of the near-equal moves is played, not how well.
//!
//! | temperament | attack | exposure | restriction | risk (spread) | whim | contempt | advance (opening) |
//! | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
//! | cautious | −0.08 (avoids trades) | 0.01 | | −0.10 (prefers the sure thing) | | −0.05 (a draw is fine) | −0.06 (keeps its line) |
//! | steady | | | | | | | |
//! | bold | +0.08 (takes what it can) | | | | | +0.05 | +0.06 (comes forward) |
//! | reckless | +0.06 | | | +0.05 (likes a gamble) | ×1.1 | +0.10 (never settles) | +0.04 |
//! | cunning | | | +0.06 (hems the opponent in) | | | | |
//!
//! In a game's first moves, a player draws among the moves the search judges about as
//! good as the best (the opening book, [`super::levels::Profile::opening`]) by these
//! tastes, the advance column among them: how much further forward a move brings its
//! forces ([`crate::games::Evaluate::advance`]).
//!
//! Measured on Tides of War (`taproom ladder tides --levels 5 --temperaments all`), the
//! five stay within about 30 rating points of each other, while a bold level-5 player
//! answers about two thirds of seeded capture chances with a capture and a cautious one
//! under half (see the tests in `ai/tests.rs`).

use super::Temperament;
use super::search::{Judge, RootMove, static_rewards};
use crate::games::{Chance, Event, Game, Seat, Turn};

/// Losses that weigh as much as a lost game in an exposure count.
const GAME_LOSS: f32 = 3.0;
/// Counts (of stones, claims) beyond which more makes no difference to style.
const SATURATION: f32 = 3.0;
/// Trial moves a scan may make: in wide games the replies are sampled evenly (every k-th
/// in the game's order) so that candidates × replies stays within it.
const SCAN_LIMIT: usize = 4_000;

/// What a candidate move causes, as far as style is concerned.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Traits {
    /// What the move takes from others, in stones or claims (0 for a quiet move).
    pub attack: f32,
    /// The most the next opponent can take back at once, averaged over chance.
    pub exposure: f32,
    /// How many replies the next opponent has, averaged over chance (0 when we move
    /// again).
    pub replies: f32,
    /// Our share of the result after the reply the next opponent likes best, averaged
    /// over chance: a two-ply look, which the search takes as its prior opinion.
    pub outlook: f32,
    /// How much further forward the move brings our forces ([`crate::games::Evaluate::advance`]).
    pub advance: f32,
}

/// The style weights of a temperament, in units of the mover's share of the result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Leaning {
    /// Bonus per unit of attack (saturating at three).
    pub attack: f32,
    /// Malus per unit of exposure (saturating at three).
    pub exposure: f32,
    /// Bonus for hemming the opponent in, per unit of relative restriction.
    pub restriction: f32,
    /// Bonus (positive) or malus (negative) per unit of the spread of results.
    pub risk: f32,
    /// Multiplies the skill's temperature: how much more freely moves are picked.
    pub whim: f32,
    /// How much less than a fair share a draw is worth: a player with contempt for draws
    /// plays on for a result.
    pub contempt: f32,
    /// In the opening, the taste for moves that bring its forces forward (negative: for
    /// keeping its line), per unit of relative advance among the opening's moves.
    pub advance: f32,
}

impl Temperament {
    /// How this temperament leans.
    #[must_use]
    pub fn leaning(self) -> Leaning {
        let none = Leaning {
            attack: 0.0,
            exposure: 0.0,
            restriction: 0.0,
            risk: 0.0,
            whim: 1.0,
            contempt: 0.0,
            advance: 0.0,
        };
        match self {
            Temperament::Steady => none,
            Temperament::Cautious => Leaning {
                attack: -0.08,
                exposure: 0.01,
                risk: -0.1,
                contempt: -0.05,
                advance: -0.06,
                ..none
            },
            Temperament::Bold => Leaning {
                attack: 0.08,
                contempt: 0.05,
                advance: 0.06,
                ..none
            },
            Temperament::Reckless => Leaning {
                attack: 0.06,
                risk: 0.05,
                whim: 1.1,
                contempt: 0.1,
                advance: 0.04,
                ..none
            },
            Temperament::Cunning => Leaning {
                restriction: 0.06,
                ..none
            },
        }
    }
}

impl Leaning {
    /// Whether this leaning needs the traits of the moves at all.
    #[must_use]
    pub fn reads_moves(&self) -> bool {
        self.attack != 0.0 || self.exposure != 0.0 || self.restriction != 0.0
    }

    /// The bonus for each root move, given their traits (same order), into `out`.
    pub fn bonuses<M>(&self, root: &[RootMove<M>], traits: &[Traits], out: &mut Vec<f32>) {
        out.clear();
        let (sum, known) = traits
            .iter()
            .filter(|t| t.replies > 0.0)
            .fold((0.0, 0u32), |(s, n), t| (s + t.replies, n + 1));
        let mean_replies = if known == 0 { 0.0 } else { sum / known as f32 };
        for (i, rm) in root.iter().enumerate() {
            let t = traits.get(i).copied().unwrap_or_default();
            let restriction = if mean_replies > 0.0 && t.replies > 0.0 {
                (1.0 - t.replies / mean_replies).clamp(-1.0, 1.0)
            } else {
                0.0
            };
            out.push(
                self.attack * t.attack.min(SATURATION) / SATURATION
                    - self.exposure * t.exposure.min(SATURATION) / SATURATION
                    + self.restriction * restriction
                    + self.risk * rm.spread,
            );
        }
    }
}

impl Leaning {
    /// How much this temperament likes each of an opening's near-equal moves (indices
    /// into `traits` and `bonuses`, which are in legal-move order), into `out`: the move's
    /// bonus, plus the taste for advancing times how far the move advances compared with
    /// the others (scaled to `-1..=1` among them).
    pub fn opening_tastes(
        &self,
        candidates: &[usize],
        traits: &[Traits],
        bonuses: &[f32],
        out: &mut Vec<f32>,
    ) {
        out.clear();
        let advance = |i: usize| traits.get(i).map_or(0.0, |t| t.advance);
        let mean =
            candidates.iter().map(|&i| advance(i)).sum::<f32>() / candidates.len().max(1) as f32;
        let reach = candidates
            .iter()
            .map(|&i| (advance(i) - mean).abs())
            .fold(0.0, f32::max);
        for &i in candidates {
            let relative = if reach > 1e-6 {
                (advance(i) - mean) / reach
            } else {
                0.0
            };
            out.push(bonuses.get(i).copied().unwrap_or(0.0) + self.advance * relative);
        }
    }
}

/// Reads the traits of each move in `moves` (legal moves of the seat to move in `pos`).
pub fn read_traits<G: Game>(pos: &G, moves: &[G::Move], judge: Judge, out: &mut Vec<Traits>) {
    out.clear();
    let Turn::Seat(me) = pos.turn() else { return };
    let mut scan = Scan::<G> {
        me,
        judge,
        events: Vec::new(),
        moves: Vec::new(),
        replies_allowed: SCAN_LIMIT / moves.len().max(1),
    };
    let advance = pos.advance(me);
    for &mv in moves {
        let mut next = pos.clone();
        scan.events.clear();
        next.play_unchecked(mv, &mut scan.events);
        let attack = scan.events.iter().map(|e| gain_of(e, me)).sum();
        let look = scan.replies(&next, 2);
        out.push(Traits {
            attack,
            exposure: look.exposure,
            replies: look.replies,
            outlook: look.outlook,
            advance: next.advance(me) - advance,
        });
    }
}

/// What `event` takes from others for `me`: what it credits to me (as the game says who
/// scores what), and a stone of mine entering enemy ground.
fn gain_of(event: &Event, me: Seat) -> f32 {
    let credited = match event.credit() {
        // What a throw of the sticks earns (a kiust) is their gift, not something the
        // move took.
        Some((seat, _, n)) if seat == me && event.thrower().is_none() => n as f32,
        Some(_) | None => 0.0,
    };
    let entered = if event.entered_by() == Some(me) {
        1.0
    } else {
        0.0
    };
    credited + entered
}

/// What `event` costs `me` when another seat moves.
fn loss_of(event: &Event, me: Seat) -> f32 {
    if let Some((victim, count)) = event.taken_from() {
        return if victim == me { f32::from(count) } else { 0.0 };
    }
    if let Some(owner) = event.claimed_from() {
        return if owner == me { 1.0 } else { 0.0 };
    }
    if let Some(by) = event.arrived_by() {
        return if by == me { 0.0 } else { 1.0 };
    }
    match event.outcome() {
        Some(outcome) if !outcome.winners.contains(me) => GAME_LOSS,
        Some(_) | None => 0.0,
    }
}

/// What the next opponent can do after a move.
#[derive(Clone, Copy, Debug, Default)]
struct Look {
    exposure: f32,
    replies: f32,
    outlook: f32,
}

/// Scratch space for looking at the replies.
struct Scan<G: Game> {
    me: Seat,
    judge: Judge,
    events: Vec<Event>,
    moves: Vec<G::Move>,
    replies_allowed: usize,
}

impl<G: Game> Scan<G> {
    /// Our share of the result as the position stands.
    fn share(&self, pos: &G, seat: Seat) -> f32 {
        static_rewards(pos, &self.judge)[seat.index()]
    }

    /// The next opponent's worst reply for us, their number of replies and our share after
    /// the reply they like best, averaged over chance (at most `depth` chance events deep).
    /// When we move again, or the game is over, it is the position as it stands.
    fn replies(&mut self, pos: &G, depth: u8) -> Look {
        let standing = Look {
            outlook: self.share(pos, self.me),
            ..Look::default()
        };
        match pos.turn() {
            Turn::Over => standing,
            Turn::Seat(s) if s == self.me => standing,
            Turn::Chance if depth == 0 => standing,
            Turn::Chance => {
                let mut outcomes: Vec<(G::Move, Chance)> = Vec::new();
                pos.chance_outcomes(&mut outcomes);
                let mut sum = Look::default();
                for &(mv, p) in &outcomes {
                    let mut next = pos.clone();
                    next.play_unchecked(mv, &mut ());
                    let look = self.replies(&next, depth - 1);
                    let p = p.as_f64() as f32;
                    sum.exposure += p * look.exposure;
                    sum.replies += p * look.replies;
                    sum.outlook += p * look.outlook;
                }
                sum
            }
            Turn::Seat(them) => {
                let mut moves = std::mem::take(&mut self.moves);
                moves.clear();
                pos.legal_moves(&mut moves);
                let mut look = Look {
                    replies: moves.len() as f32,
                    ..standing
                };
                let mut best = f32::NEG_INFINITY;
                let stride = moves.len().div_ceil(self.replies_allowed.max(1)).max(1);
                for &mv in moves.iter().step_by(stride) {
                    let mut next = pos.clone();
                    self.events.clear();
                    next.play_unchecked(mv, &mut self.events);
                    let loss = self.events.iter().map(|e| loss_of(e, self.me)).sum();
                    look.exposure = look.exposure.max(loss);
                    let shares = static_rewards(&next, &self.judge);
                    if shares[them.index()] > best {
                        best = shares[them.index()];
                        look.outlook = shares[self.me.index()];
                    }
                }
                self.moves = moves;
                look
            }
        }
    }
}
