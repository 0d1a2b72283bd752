//! How the skill levels play a game, as numbers the game keeps in its own folder: each
//! game states its table (`Evaluate::LEVELS`, read by `Levels::of`) beside its judgement of a
//! position, and the players (`ai::levels`) turn a level into a search from it. What
//! each number means, and the shared table, are told in `ai/levels.rs`.

/// One level of one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// The search's playouts per decision.
    pub iterations: u32,
    /// The softmax temperature over move values; 0 takes the best move.
    pub temperature: f32,
    /// How many playouts' worth of trust the search gives a two-ply look at each move.
    pub foresight: u32,
    /// The chance that the player plays any legal move without thinking.
    pub slip: f32,
}

/// A level, in the order the tables list them.
#[must_use]
pub const fn level(iterations: u32, temperature: f32, foresight: u32, slip: f32) -> Level {
    Level {
        iterations,
        temperature,
        foresight,
        slip,
    }
}

/// How the ten levels play one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Levels {
    /// Levels 1 to 10.
    pub table: [Level; 10],
    /// For a level that takes the best move: the share of the iterations left that the
    /// search grants the runner-up before it stops because the choice is made (1: it
    /// stops only when the choice is certain).
    pub stop_share: f32,
    /// How far below the best a move may score and still be in the game's opening book:
    /// within the noise of the search's own estimates at the start.
    pub opening_margin: f32,
}

impl Levels {
    /// The shared table: iterations, temperature, foresight and no slips, by level.
    pub const SHARED: [Level; 10] = [
        level(4, 0.3, 0, 0.0),
        level(8, 0.18, 0, 0.0),
        level(16, 0.1, 2, 0.0),
        level(40, 0.06, 3, 0.0),
        level(100, 0.04, 4, 0.0),
        level(200, 0.03, 5, 0.0),
        level(450, 0.02, 6, 0.0),
        level(1_000, 0.012, 8, 0.0),
        level(2_000, 0.006, 10, 0.0),
        level(4_096, 0.0, 12, 0.0),
    ];

    /// The shared table as it stands, stopping only when a choice is certain, with an
    /// opening margin of 0.05: what a game that states nothing of its own plays.
    pub const DEFAULT: Levels = Levels {
        table: Levels::SHARED,
        stop_share: 1.0,
        opening_margin: 0.05,
    };

    /// A table with other slips, level by level.
    #[must_use]
    pub const fn with_slips(mut table: [Level; 10], slips: [f32; 10]) -> [Level; 10] {
        let mut i = 0;
        while i < 10 {
            table[i].slip = slips[i];
            i += 1;
        }
        table
    }
}
