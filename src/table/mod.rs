//! Running a match: formats, first-turn ceremonies, seats, and the event log every
//! consumer reads.

pub mod cheat;
pub mod checks;
mod entrant;
mod format;
pub mod intent;
pub mod ladder;
mod log;
mod runner;
mod spec;
mod summary;
mod tally;

pub use cheat::TableRules;
pub use format::{Flow, Format};
pub use intent::{HustlePlan, Plan, ThrowWhy, player_for_entrant, throw_move};
pub use log::{Aside, AsideAt, CheatKind, CheatResult, Entrant, GameLog, MatchLog, Step, Who};
pub use runner::{
    CheatOffer, Decision, Hands, Kept, MatchSettings, NoCheat, Npcs, StepFn, TableError, Told,
    play_match, play_match_with, run_game, run_with,
};
pub use spec::{
    DEFAULT_DRAW_CAP, MAX_DRAW_CAP, MAX_GAMES, Part, RuleError, RuleOptions, SpecError,
};
pub use summary::{EntrantGame, FirstTurnRecord, GameSummary};
