//! What an entrant means to do at this match beyond winning, as the table plays it: a
//! hustle (the skill shown until the stakes are worth it) and a throw (the entrant they
//! lose to on purpose). The character file says what they would do (`roster::Intent`);
//! the match's plan ([`Plan`], on each [`super::Entrant`]) says what they do here, with
//! the stakes known and the table seated. The player who plays it is [`player_for_entrant`].
//!
//! Readings:
//! - **When a hustle turns.** The stakes on a match (every bet, ante and stake on it, by
//!   anyone, at any seat of a Piç table) are placed before its first game, so a hustle
//!   turns at the start of a match or not at all: [`HustlePlan::turns_at`] is game 1 or
//!   none. An evening's matches each count their own stakes. The field is a game number,
//!   so a table whose stakes grew during a match could turn it later.
//! - **A throw** is played by the game's own evaluation, one move ahead, keeping the
//!   favoured one ahead of the thrower by as little as it can (see [`throw_move`]); it
//!   never resigns, and never ends the game (or lets it be ended) at once when a quieter
//!   move is left. At a Piç table of three or more the
//!   thrower helps the favoured one finish ahead of them. A thrower never cheats while
//!   throwing.

use crate::ai::{Effort, Player, Skill, TableRng, one_ply_value, player_for_effort};
use crate::games::{Game, Seat, Turn};

pub use super::entrant::{HustlePlan, Plan, ThrowWhy};

/// The player for `entrant` (index `index` in the match's entrants), thinking as hard as
/// `effort` says: the plain player of their skill and temperament when their plan is
/// plain, else one that plays the plan.
#[must_use]
pub fn player_for_entrant<G: Game>(entrant: &super::Entrant, effort: Effort) -> Box<dyn Player<G>> {
    let plain = player_for_effort::<G>(entrant.skill, entrant.temperament, effort);
    if entrant.plan.is_plain() {
        return plain;
    }
    let shown = entrant
        .plan
        .hustle
        .map(|h| player_for_effort::<G>(h.shows, entrant.temperament, effort));
    Box::new(Intending {
        own: plain,
        shown,
        plan: entrant.plan,
        skill: entrant.skill,
        game: 0,
        target: None,
        moves: Vec::new(),
    })
}

/// How many of the quietest losing moves a thrower draws among.
pub const QUIET: usize = 3;

/// A player with a plan: the hustle's shown player until it turns, the throw's choice
/// while the favoured one sits at the game, else their own player.
struct Intending<G: Game> {
    own: Box<dyn Player<G>>,
    shown: Option<Box<dyn Player<G>>>,
    plan: Plan,
    skill: Skill,
    /// The game of the match being played (1 for the first).
    game: u32,
    /// The favoured one's seat in this game, when they sit at it.
    target: Option<Seat>,
    moves: Vec<G::Move>,
}

impl<G: Game> Player<G> for Intending<G> {
    fn choose(&mut self, pos: &G, rng: &mut TableRng) -> G::Move {
        if let Some(target) = self.target {
            return throw_move(pos, target, rng, &mut self.moves);
        }
        match &mut self.shown {
            Some(shown) if self.plan.skill_in_game(self.skill, self.game) != self.skill => {
                shown.choose(pos, rng)
            }
            _ => self.own.choose(pos, rng),
        }
    }

    fn new_game(&mut self) {
        self.game += 1;
        self.target = None;
        self.own.new_game();
        if let Some(shown) = &mut self.shown {
            shown.new_game();
        }
    }

    fn seated(&mut self, who: &[usize]) {
        self.target = self
            .plan
            .throws_to
            .and_then(|t| who.iter().position(|&e| e == t))
            .map(|i| Seat(i as u8));
    }

    fn cheats(&self) -> bool {
        self.target.is_none()
    }
}

/// A thrower's move in `pos` (the thrower to move), losing to `target`. Each legal move is
/// weighed one move ahead by the game's own evaluation: how far it puts `target` ahead of
/// the thrower. Moves that end the game at once, or let the next to move end it at once,
/// are set aside while a quieter one is left. Of the moves that leave `target` ahead, one of
/// the [`QUIET`] that leave them least ahead is drawn with `rng` (the game stays close,
/// and is lost); when none does, one of the third that help `target` most. It never
/// resigns: the game runs on, badly played, to its own end.
///
/// # Panics
/// At a chance node or with no legal move (the loop never asks then).
pub fn throw_move<G: Game>(
    pos: &G,
    target: Seat,
    rng: &mut TableRng,
    moves: &mut Vec<G::Move>,
) -> G::Move {
    let Turn::Seat(me) = pos.turn() else {
        unreachable!("asked to move at a chance node")
    };
    moves.clear();
    pos.legal_moves(moves);
    if moves.len() == 1 {
        return moves[0];
    }
    let mut ranked: Vec<(f32, bool, G::Move)> = moves
        .iter()
        .map(|&mv| {
            let mut next = pos.clone();
            next.play_unchecked(mv, &mut ());
            let ends = next.turn() == Turn::Over || ends_next(&next);
            let help = one_ply_value(&next, target) - one_ply_value(&next, me);
            (help, ends, mv)
        })
        .collect();
    if ranked.iter().any(|r| !r.1) {
        ranked.retain(|r| !r.1);
    }
    // The quietest throw: of the moves after which the favoured one stands ahead, one of
    // the three that put them least ahead, so the game stays close and is lost.
    ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
    if let Some(first) = ranked.iter().position(|r| r.0 > 0.0) {
        let n = (ranked.len() - first).min(QUIET);
        return ranked[first + rand::RngExt::random_range(rng, 0..n)].2;
    }
    // The most helpful first; a stable sort keeps the game's own order among equals.
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let third = ranked.len().div_ceil(3);
    ranked[rand::RngExt::random_range(rng, 0..third)].2
}

/// Whether the seat to move in `pos` can end the game at once (a chance node: no).
fn ends_next<G: Game>(pos: &G) -> bool {
    if !matches!(pos.turn(), Turn::Seat(_)) {
        return false;
    }
    let mut replies = Vec::new();
    pos.legal_moves(&mut replies);
    replies.into_iter().any(|mv| {
        let mut after = pos.clone();
        after.play_unchecked(mv, &mut ());
        after.turn() == Turn::Over
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Money;

    fn hustle(stakes: u64) -> Plan {
        Plan {
            hustle: Some(HustlePlan::at_stakes(
                Skill::Level(3),
                Money(500),
                Money(stakes),
            )),
            ..Plan::default()
        }
    }

    #[test]
    fn a_hustle_holds_below_its_stakes_and_turns_at_the_start_at_them() {
        let low = hustle(499);
        assert_eq!(low.skill_in_game(Skill::Level(9), 1), Skill::Level(3));
        assert_eq!(low.skill_in_game(Skill::Level(9), 7), Skill::Level(3));
        assert!(!low.hustle_turns());
        let high = hustle(500);
        assert_eq!(high.skill_in_game(Skill::Level(9), 1), Skill::Level(9));
        assert!(high.hustle_turns());
        assert!(Plan::default().is_plain());
        assert_eq!(
            Plan::default().skill_in_game(Skill::Level(4), 1),
            Skill::Level(4)
        );
    }
}
