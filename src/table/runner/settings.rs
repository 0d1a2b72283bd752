//! What a match is played under, and what stops it.

use crate::ai::Effort;
use crate::games::Game;
use crate::table::Format;
use crate::table::cheat::{TableRules, Wary};

/// No game may run longer than this many steps; every game's own cap ends it far sooner,
/// so reaching it means an engine fault, reported rather than looped on.
pub(super) const STEP_GUARD: usize = 1_000_000;

/// What a match is played under.
#[derive(Clone, Debug)]
pub struct MatchSettings<G: Game> {
    /// How long the match lasts.
    pub format: Format,
    /// How many drawn games are replayed before the match stops where it stands.
    pub draw_cap: u32,
    /// The rule options.
    pub options: G::Options,
    /// The seed of the table's generator.
    pub seed: u64,
    /// How hard the players think: in earnest, or as the bookie imagines them.
    pub effort: Effort,
    /// The tavern's rules for cheats and accusations.
    pub table: TableRules,
    /// Who has seen whom cheat earlier in the evening (by name): they watch those hands
    /// the more closely.
    pub wary: Wary,
}

impl<G: Game> MatchSettings<G> {
    /// One game (a best of 1, no drawn game replayed) under the game's own rules and
    /// customs, played in earnest from `seed`, with nobody wary of anyone: the table that
    /// tests and measuring programs play.
    #[must_use]
    pub fn single_game(seed: u64) -> MatchSettings<G> {
        MatchSettings {
            format: Format::BestOf(1),
            draw_cap: 0,
            options: G::Options::default(),
            seed,
            effort: Effort::Full,
            table: TableRules::default(),
            wary: Wary::default(),
        }
    }
}

/// A match that could not be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The game cannot be started with this table or these rules.
    #[error(transparent)]
    Start(#[from] crate::games::StartError),
    /// An engine ran past every cap: a bug, reported instead of looping.
    #[error("game {game} ran past {STEP_GUARD} steps without ending; this is a bug in taproom")]
    Runaway {
        /// Which game of the match.
        game: u32,
    },
}
