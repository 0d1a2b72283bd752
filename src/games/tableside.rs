//! What a table adds around the rules: the limits a match puts on the rule options, the
//! cheats a seat could try and what a cheat seen costs (a turn lost, Òicustiỳtac's rule 2),
//! and the exact odds of the first-turn ceremony that the bookie prices. The rules never
//! play a cheat; the table does, around them. Each game implements it in its folder
//! (`<game>/tableside.rs`).

use super::{CheatKind, Played, Rules, Seat, StartError};

/// A cheat a seat could try at its turn: the position it would leave (a valid position of
/// the game, the same seat to move), what kind of cheat, where, and how bold it is (0 to
/// 1: how plainly it shows). The rules never play it; the table does, around them.
#[derive(Clone, Debug)]
pub struct CheatMove<G> {
    /// The position after the cheat.
    pub after: G,
    /// What it is.
    pub kind: CheatKind,
    /// Where: the game's own value (the points a stone slid between, the heap, the throws,
    /// the move slipped in), written as the table says it ("c3 to c4", "heap 3").
    pub at: Played,
    /// How plainly it shows, 0 to 1.
    pub boldness: f32,
}

/// A game as a tavern's table plays it: the extension of [`Rules`] that the match runner,
/// its cheats and the bookie read.
pub trait Tableside: Rules {
    /// Refuses options under which a game of a match might never end, or run for hours
    /// (a cap of 0, "never", serves the engine's checks but not a table with players
    /// waiting). The default accepts all.
    ///
    /// # Errors
    /// The option, and the values a match takes.
    fn check_for_match(options: &Self::Options) -> Result<(), StartError> {
        let _ = options;
        Ok(())
    }

    /// The exact chance of each named player winning the first turn
    /// ([`Rules::first_turn`]).
    fn first_turn_odds(players: usize) -> Vec<f64> {
        vec![1.0 / players as f64; players]
    }

    /// The cheats `seat`, to move in this position, could try before its move (a stone
    /// nudged, a counter palmed, a stone too many): none by default.
    fn cheats(&self, _seat: Seat, _out: &mut Vec<CheatMove<Self>>) {}

    /// The position after the seat to move loses its turn (a cheat seen under the
    /// tavern's `lose-turn` rule): the turn passes on as the game passes one, nothing
    /// moved; `None` where the game has no such thing (the table then only takes the
    /// cheat back). Called only where a seat is to move.
    fn lose_turn(&self) -> Option<Self> {
        None
    }

    /// Òicustiỳtac's rule 2: the positions after `by` brings down one stone of `victim`'s
    /// of their choice, one per place it could be taken from, with the place (the game's
    /// own, written as the table says it); none where the game has no such rule.
    fn penalties(&self, _by: Seat, _victim: Seat, _out: &mut Vec<(Self, Played)>) {}
}
