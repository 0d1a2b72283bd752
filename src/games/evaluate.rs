//! What players read off a position beyond the rules: a quick judgement of it for each
//! seat, how far forward each seat's forces stand, and how near a rule draws the game for
//! want of progress. The players' search and temperaments ask for these; the rules never
//! do. Each game implements it in its folder (`<game>/evaluate.rs`).

use super::{GameKind, Levels, Rules, Seat};

/// A player's view of a position of a game: the extension of [`Rules`] that the search and
/// the temperaments read.
pub trait Evaluate: Rules {
    /// How the ten skill levels play this game (see `ai/levels.rs` for what the numbers
    /// mean): the shared table unless the game tunes its own.
    const LEVELS: Levels = Levels::DEFAULT;

    /// A quick judgement of the position for `seat`, roughly in `-1..=1` (positive is
    /// good): the evaluation players may use. Material, mobility, score difference.
    fn heuristic(&self, seat: Seat) -> f32 {
        let _ = seat;
        0.0
    }

    /// [`Evaluate::heuristic`] of every seat at once, into `out[seat]` for each of the
    /// `players()` seats (`out` holds at least that many): the same values, for a game
    /// whose judgement of one seat works out the others' on the way (a search judges
    /// every seat at each leaf). The default asks [`Evaluate::heuristic`] seat by seat.
    fn heuristics(&self, out: &mut [f32]) {
        for (i, slot) in out.iter_mut().enumerate().take(self.players()) {
            *slot = self.heuristic(Seat(i as u8));
        }
    }

    /// How far forward the seat's forces stand, in `0..=1`: 0 with all of them at home,
    /// 1 with all as deep in enemy ground as they go. A positional feature for style
    /// only (a bold player likes to advance, a cautious one to keep its line); a game
    /// without a front answers 0 everywhere.
    fn advance(&self, seat: Seat) -> f32 {
        let _ = seat;
        0.0
    }

    /// How many more plies without progress end the game as a draw, where a rule says so
    /// (Tides of War's truce: plies left before it, reset by a capture); `None` where no
    /// such rule runs (caps that count every turn are not one).
    fn moves_to_draw(&self) -> Option<u32> {
        None
    }
}

impl Levels {
    /// The table of a game, as the game states it ([`Evaluate::LEVELS`]).
    #[must_use]
    pub fn of(kind: GameKind) -> Levels {
        with_game!(kind, G => <G as Evaluate>::LEVELS)
    }
}
